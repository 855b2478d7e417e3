module attributes {tsopt.target = "sm_90"} {
  func.func @rmsnorm_searched(%arg0: tensor<2x4096xf16>, %arg1: tensor<4096xf16>, %arg2: tensor<4096x6144xf16>) -> tensor<2x6144xf16> attributes {tsopt.cost_us = 27.945328282828282 : f64, tsopt.verification = "equivalent: p = 3804767039504185319, q = 1902383519752092659, t = 1, delta = 9.09e-13, per-trial bound = 4.31e-15, prime bound = 4.47e-11, degrees 8198/0; float check: error 0.000529 (tolerance 0.01) on standard normal inputs"} {
    %0 = kgraph.kernel grid = [64] forloop = 4 ins(%arg0, %arg1, %arg2 : tensor<2x4096xf16>, tensor<4096xf16>, tensor<4096x6144xf16>) -> (tensor<2x6144xf16>) attributes {bgraph.stages = 1 : i64} {
    ^bb0(%arg3: tensor<2x4096xf16>, %arg4: tensor<4096xf16>, %arg5: tensor<4096x6144xf16>):
      %1 = bgraph.input %arg3 imap = {x = replica} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 204800 : i64} : tensor<2x4096xf16> -> !bgraph.tile<2x1024xf16>
      %2 = bgraph.input %arg4 imap = {x = replica} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 212992 : i64} : tensor<4096xf16> -> !bgraph.tile<1024xf16>
      %3 = bgraph.mul %1, %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 208896 : i64} : !bgraph.tile<2x1024xf16>, !bgraph.tile<1024xf16> -> !bgraph.tile<2x1024xf16>
      %4 = bgraph.input %arg5 imap = {x = 1} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 0 : i64} : tensor<4096x6144xf16> -> !bgraph.tile<1024x96xf16>
      %5 = bgraph.matmul %3, %4 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 204800 : i64} : !bgraph.tile<2x1024xf16>, !bgraph.tile<1024x96xf16> -> !bgraph.tile<2x96xf32>
      %6 = bgraph.square %1 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 196608 : i64} : !bgraph.tile<2x1024xf16> -> !bgraph.tile<2x1024xf32>
      %7 = bgraph.reduce_sum %6 dim = 1 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 205568 : i64} : !bgraph.tile<2x1024xf32> -> !bgraph.tile<2x1xf32>
      %8 = bgraph.accum sum %7 {bgraph.depth = 3 : i64, bgraph.layout = "row_major", bgraph.offset = 215808 : i64} : !bgraph.tile<2x1xf32> -> !bgraph.tile<2x1xf32>
      %9 = bgraph.accum sum %5 {bgraph.depth = 3 : i64, bgraph.layout = "row_major", bgraph.offset = 215040 : i64} : !bgraph.tile<2x96xf32> -> !bgraph.tile<2x96xf32>
      %10 = tgraph.graph %8, %9 {bgraph.depth = 0 : i64, bgraph.layout = "row_major"} : !bgraph.tile<2x1xf32>, !bgraph.tile<2x96xf32> -> !bgraph.tile<2x96xf16> {
      ^bb0(%arg6: f32, %arg7: f32):
        %12 = tgraph.mul_scalar %arg6, 2.44140625E-4 : f32
        %13 = tgraph.sqrt %12 : f32
        %14 = tgraph.div %arg7, %13 : f32
        tgraph.yield %14 : f32
      }
      %11 = bgraph.output %10 omap = {x = 1} {bgraph.depth = 1 : i64} : !bgraph.tile<2x96xf16> -> tensor<2x6144xf16>
      bgraph.yield %11 : tensor<2x6144xf16>
    }
    return %0 : tensor<2x6144xf16>
  }
}

