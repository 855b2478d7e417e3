module attributes {tsopt.target = "sm_90"} {
  func.func @flash_attention_searched(%arg0: tensor<1024x64xf16>, %arg1: tensor<4096x64xf16>, %arg2: tensor<4096x64xf16>) -> tensor<1024x64xf16> attributes {tsopt.cost_us = 42.028311352329261 : f64, tsopt.verification = "equivalent: p = 3672985720349960879, q = 1836492860174980439, t = 1, delta = 9.09e-13, per-trial bound = 4.47e-15, prime bound = 4.24e-11, degrees 8196/4; float check: error 0.00147 (tolerance 0.01) on standard normal inputs"} {
    %0 = kgraph.transpose %arg1 permutation = [1, 0] : tensor<4096x64xf16> -> tensor<64x4096xf16>
    %1:2 = kgraph.kernel grid = [32, 32] forloop = 1 ins(%arg0, %0, %arg2 : tensor<1024x64xf16>, tensor<64x4096xf16>, tensor<4096x64xf16>) -> (tensor<1024x32xf32>, tensor<1024x2048xf32>) attributes {bgraph.stages = 1 : i64} {
    ^bb0(%arg3: tensor<1024x64xf16>, %arg4: tensor<64x4096xf16>, %arg5: tensor<4096x64xf16>):
      %3 = bgraph.input %arg3 imap = {x = 0, y = replica} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = 49152 : i64} : tensor<1024x64xf16> -> !bgraph.tile<32x64xf16>
      %4 = bgraph.input %arg4 imap = {x = replica, y = 1} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,4>", bgraph.offset = 0 : i64} : tensor<64x4096xf16> -> !bgraph.tile<64x128xf16>
      %5 = bgraph.matmul %3, %4 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 32768 : i64} : !bgraph.tile<32x64xf16>, !bgraph.tile<64x128xf16> -> !bgraph.tile<32x128xf32>
      %6 = tgraph.graph %5 {bgraph.depth = 2 : i64, bgraph.layout = "row_major_swizzle<3,4,5>", bgraph.offset = 0 : i64} : !bgraph.tile<32x128xf32> -> !bgraph.tile<32x128xf32> {
      ^bb0(%arg6: f32):
        %14 = tgraph.mul_scalar %arg6, 1.250000e-01 : f32
        %15 = tgraph.exp %14 : f32
        tgraph.yield %15 : f32
      }
      %7 = bgraph.reduce_sum %6 dim = 1 {bgraph.depth = 3 : i64, bgraph.layout = "row_major", bgraph.offset = 40960 : i64} : !bgraph.tile<32x128xf32> -> !bgraph.tile<32x1xf32>
      %8 = bgraph.input %arg5 imap = {x = replica, y = 0} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = 16384 : i64} : tensor<4096x64xf16> -> !bgraph.tile<128x64xf16>
      %9 = bgraph.matmul %6, %8 {bgraph.depth = 3 : i64, bgraph.layout = "row_major_swizzle<3,4,4>", bgraph.mma = "m16n8k16", bgraph.offset = 32768 : i64} : !bgraph.tile<32x128xf32>, !bgraph.tile<128x64xf16> -> !bgraph.tile<32x64xf32>
      %10 = bgraph.accum sum %7 {bgraph.depth = 4 : i64} : !bgraph.tile<32x1xf32> -> !bgraph.tile<32x1xf32>
      %11 = bgraph.output %10 omap = {x = 0, y = 1} {bgraph.depth = 0 : i64} : !bgraph.tile<32x1xf32> -> tensor<1024x32xf32>
      %12 = bgraph.accum sum %9 {bgraph.depth = 4 : i64} : !bgraph.tile<32x64xf32> -> !bgraph.tile<32x64xf32>
      %13 = bgraph.output %12 omap = {x = 0, y = 1} {bgraph.depth = 0 : i64} : !bgraph.tile<32x64xf32> -> tensor<1024x2048xf32>
      bgraph.yield %11, %13 : tensor<1024x32xf32>, tensor<1024x2048xf32>
    }
    %2 = kgraph.kernel grid = [512] forloop = 32 ins(%1#0, %1#1 : tensor<1024x32xf32>, tensor<1024x2048xf32>) -> (tensor<1024x64xf16>) attributes {bgraph.stages = 3 : i64} {
    ^bb0(%arg3: tensor<1024x32xf32>, %arg4: tensor<1024x2048xf32>):
      %3 = bgraph.input %arg3 imap = {x = 0} fmap = 1 {bgraph.copy_bytes = 4 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 2048, 2064, 2080>} : tensor<1024x32xf32> -> !bgraph.tile<2x1xf32>
      %4 = bgraph.accum sum %3 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 2096 : i64} : !bgraph.tile<2x1xf32> -> !bgraph.tile<2x1xf32>
      %5 = bgraph.input %arg4 imap = {x = 0} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 0, 512, 1024>} : tensor<1024x2048xf32> -> !bgraph.tile<2x64xf32>
      %6 = bgraph.accum sum %5 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 1536 : i64} : !bgraph.tile<2x64xf32> -> !bgraph.tile<2x64xf32>
      %7 = bgraph.div %6, %4 {bgraph.depth = 0 : i64, bgraph.layout = "row_major"} : !bgraph.tile<2x64xf32>, !bgraph.tile<2x1xf32> -> !bgraph.tile<2x64xf16>
      %8 = bgraph.output %7 omap = {x = 0} {bgraph.depth = 1 : i64} : !bgraph.tile<2x64xf16> -> tensor<1024x64xf16>
      bgraph.yield %8 : tensor<1024x64xf16>
    }
    return %2 : tensor<1024x64xf16>
  }
}

