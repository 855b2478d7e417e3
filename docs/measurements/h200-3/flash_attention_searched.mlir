module attributes {tsopt.target = "sm_90"} {
  func.func @flash_attention_searched(%arg0: tensor<1024x64xf16>, %arg1: tensor<4096x64xf16>, %arg2: tensor<4096x64xf16>) -> tensor<1024x64xf16> attributes {tsopt.cost_us = 28.610768822553894 : f64, tsopt.verification = "equivalent: p = 4409202282248378779, q = 734867047041396463, t = 1, delta = 9.09e-13, per-trial bound = 1.12e-14, prime bound = 4.24e-11, degrees 8196/4; float check: error 0.000489 (tolerance 0.01) on standard normal inputs"} {
    %0 = kgraph.kernel grid = [8, 32] forloop = 1 ins(%arg1, %arg0 : tensor<4096x64xf16>, tensor<1024x64xf16>) -> (tensor<1024x4096xf16>) attributes {bgraph.stages = 1 : i64} {
    ^bb0(%arg3: tensor<4096x64xf16>, %arg4: tensor<1024x64xf16>):
      %3 = bgraph.input %arg3 imap = {x = replica, y = 0} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 0 : i64} : tensor<4096x64xf16> -> !bgraph.tile<128x64xf16>
      %4 = bgraph.transpose %3 permutation = [1, 0] {bgraph.depth = 1 : i64, bgraph.layout = "col_major_swizzle<3,4,3>", bgraph.offset = 49152 : i64} : !bgraph.tile<128x64xf16> -> !bgraph.tile<64x128xf16>
      %5 = bgraph.input %arg4 imap = {x = 0, y = replica} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = 32768 : i64} : tensor<1024x64xf16> -> !bgraph.tile<128x64xf16>
      %6 = bgraph.matmul %5, %4 {bgraph.depth = 2 : i64, bgraph.layout = "row_major_swizzle<3,4,4>", bgraph.mma = "m16n8k16", bgraph.offset = 0 : i64} : !bgraph.tile<128x64xf16>, !bgraph.tile<64x128xf16> -> !bgraph.tile<128x128xf16>
      %7 = bgraph.accum sum %6 {bgraph.depth = 3 : i64} : !bgraph.tile<128x128xf16> -> !bgraph.tile<128x128xf16>
      %8 = bgraph.output %7 omap = {x = 0, y = 1} {bgraph.depth = 0 : i64} : !bgraph.tile<128x128xf16> -> tensor<1024x4096xf16>
      bgraph.yield %8 : tensor<1024x4096xf16>
    }
    %1:2 = kgraph.kernel grid = [64, 16] forloop = 1 ins(%0, %arg2 : tensor<1024x4096xf16>, tensor<4096x64xf16>) -> (tensor<1024x16xf32>, tensor<1024x1024xf32>) attributes {bgraph.stages = 1 : i64} {
    ^bb0(%arg3: tensor<1024x4096xf16>, %arg4: tensor<4096x64xf16>):
      %3 = bgraph.input %arg3 imap = {x = 0, y = 1} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 49152 : i64} : tensor<1024x4096xf16> -> !bgraph.tile<16x256xf16>
      %4 = tgraph.graph %3 {bgraph.depth = 1 : i64, bgraph.layout = "row_major_swizzle<3,4,6>", bgraph.offset = 32768 : i64} : !bgraph.tile<16x256xf16> -> !bgraph.tile<16x256xf32> {
      ^bb0(%arg5: f32):
        %12 = tgraph.mul_scalar %arg5, 1.250000e-01 : f32
        %13 = tgraph.exp %12 : f32
        tgraph.yield %13 : f32
      }
      %5 = bgraph.reduce_sum %4 dim = 1 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 53248 : i64} : !bgraph.tile<16x256xf32> -> !bgraph.tile<16x1xf32>
      %6 = bgraph.input %arg4 imap = {x = replica, y = 0} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = 0 : i64} : tensor<4096x64xf16> -> !bgraph.tile<256x64xf16>
      %7 = bgraph.matmul %4, %6 {bgraph.depth = 2 : i64, bgraph.layout = "row_major_swizzle<3,4,4>", bgraph.mma = "m16n8k16", bgraph.offset = 49152 : i64} : !bgraph.tile<16x256xf32>, !bgraph.tile<256x64xf16> -> !bgraph.tile<16x64xf32>
      %8 = bgraph.accum sum %5 {bgraph.depth = 3 : i64} : !bgraph.tile<16x1xf32> -> !bgraph.tile<16x1xf32>
      %9 = bgraph.output %8 omap = {x = 0, y = 1} {bgraph.depth = 0 : i64} : !bgraph.tile<16x1xf32> -> tensor<1024x16xf32>
      %10 = bgraph.accum sum %7 {bgraph.depth = 3 : i64} : !bgraph.tile<16x64xf32> -> !bgraph.tile<16x64xf32>
      %11 = bgraph.output %10 omap = {x = 0, y = 1} {bgraph.depth = 0 : i64} : !bgraph.tile<16x64xf32> -> tensor<1024x1024xf32>
      bgraph.yield %9, %11 : tensor<1024x16xf32>, tensor<1024x1024xf32>
    }
    %2 = kgraph.kernel grid = [512] forloop = 16 ins(%1#0, %1#1 : tensor<1024x16xf32>, tensor<1024x1024xf32>) -> (tensor<1024x64xf16>) attributes {bgraph.stages = 3 : i64} {
    ^bb0(%arg3: tensor<1024x16xf32>, %arg4: tensor<1024x1024xf32>):
      %3 = bgraph.input %arg3 imap = {x = 0} fmap = 1 {bgraph.copy_bytes = 4 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 2048, 2064, 2080>} : tensor<1024x16xf32> -> !bgraph.tile<2x1xf32>
      %4 = bgraph.accum sum %3 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 2096 : i64} : !bgraph.tile<2x1xf32> -> !bgraph.tile<2x1xf32>
      %5 = bgraph.input %arg4 imap = {x = 0} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 0, 512, 1024>} : tensor<1024x1024xf32> -> !bgraph.tile<2x64xf32>
      %6 = bgraph.accum sum %5 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 1536 : i64} : !bgraph.tile<2x64xf32> -> !bgraph.tile<2x64xf32>
      %7 = bgraph.div %6, %4 {bgraph.depth = 0 : i64, bgraph.layout = "row_major"} : !bgraph.tile<2x64xf32>, !bgraph.tile<2x1xf32> -> !bgraph.tile<2x64xf16>
      %8 = bgraph.output %7 omap = {x = 0} {bgraph.depth = 1 : i64} : !bgraph.tile<2x64xf16> -> tensor<1024x64xf16>
      bgraph.yield %8 : tensor<1024x64xf16>
    }
    return %2 : tensor<1024x64xf16>
  }
}

