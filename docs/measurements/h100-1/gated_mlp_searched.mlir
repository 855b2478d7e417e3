module attributes {tsopt.target = "sm_90"} {
  func.func @gated_mlp_searched(%arg0: tensor<8x4096xf16>, %arg1: tensor<4096x4096xf16>, %arg2: tensor<4096x4096xf16>) -> tensor<8x4096xf16> attributes {tsopt.cost_us = 43.804162098597928 : f64, tsopt.verification = "equivalent: p = 3958617782894738759, q = 1979308891447369379, t = 1, delta = 9.09e-13, per-trial bound = 3.03e-18, prime bound = 1.37e-14, degrees 6/0; float check: error 0.00051 (tolerance 0.01) on standard normal inputs"} {
    %0 = kgraph.kernel grid = [256] forloop = 8 ins(%arg0, %arg1, %arg2 : tensor<8x4096xf16>, tensor<4096x4096xf16>, tensor<4096x4096xf16>) -> (tensor<8x4096xf16>) attributes {bgraph.stages = 2 : i64} {
    ^bb0(%arg3: tensor<8x4096xf16>, %arg4: tensor<4096x4096xf16>, %arg5: tensor<4096x4096xf16>):
      %1 = bgraph.input %arg3 imap = {x = replica} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,6>", bgraph.offset = array<i64: 65536, 73728>} : tensor<8x4096xf16> -> !bgraph.tile<8x512xf16>
      %2 = bgraph.input %arg4 imap = {x = 1} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<1,4,3>", bgraph.offset = array<i64: 0, 16384>} : tensor<4096x4096xf16> -> !bgraph.tile<512x16xf16>
      %3 = bgraph.matmul %1, %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 82944 : i64} : !bgraph.tile<8x512xf16>, !bgraph.tile<512x16xf16> -> !bgraph.tile<8x16xf32>
      %4 = bgraph.accum sum %3 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 81920 : i64} : !bgraph.tile<8x16xf32> -> !bgraph.tile<8x16xf32>
      %5 = bgraph.input %arg5 imap = {x = 1} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<1,4,3>", bgraph.offset = array<i64: 32768, 49152>} : tensor<4096x4096xf16> -> !bgraph.tile<512x16xf16>
      %6 = bgraph.matmul %1, %5 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 83456 : i64} : !bgraph.tile<8x512xf16>, !bgraph.tile<512x16xf16> -> !bgraph.tile<8x16xf32>
      %7 = bgraph.accum sum %6 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 82432 : i64} : !bgraph.tile<8x16xf32> -> !bgraph.tile<8x16xf32>
      %8 = tgraph.graph %4, %7 {bgraph.depth = 0 : i64, bgraph.layout = "row_major"} : !bgraph.tile<8x16xf32>, !bgraph.tile<8x16xf32> -> !bgraph.tile<8x16xf16> {
      ^bb0(%arg6: f32, %arg7: f32):
        %10 = tgraph.silu %arg6 : f32
        %11 = tgraph.mul %10, %arg7 : f32
        tgraph.yield %11 : f32
      }
      %9 = bgraph.output %8 omap = {x = 1} {bgraph.depth = 1 : i64} : !bgraph.tile<8x16xf16> -> tensor<8x4096xf16>
      bgraph.yield %9 : tensor<8x4096xf16>
    }
    return %0 : tensor<8x4096xf16>
  }
}

