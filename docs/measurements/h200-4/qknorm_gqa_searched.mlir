module attributes {tsopt.target = "sm_90"} {
  func.func @qknorm_gqa_searched(%arg0: tensor<2x256x64xf16>, %arg1: tensor<2x64x4096xf16>, %arg2: tensor<2x4096x64xf16>) -> tensor<2x256x64xf16> attributes {tsopt.cost_us = 42.109381857756667 : f64, tsopt.verification = "equivalent: p = 4402129437070144639, q = 733688239511690773, t = 1, delta = 9.09e-13, per-trial bound = 1.15e-14, prime bound = 4.32e-11, degrees 8196/260; float check: error 0.0039 (tolerance 0.0149) on activations at scale 2 with outliers"} {
    %0:2 = kgraph.kernel grid = [2, 16, 16] forloop = 8 ins(%arg0, %arg1, %arg2 : tensor<2x256x64xf16>, tensor<2x64x4096xf16>, tensor<2x4096x64xf16>) -> (tensor<2x256x16xf32>, tensor<2x256x1024xf32>) attributes {bgraph.stages = 3 : i64} {
    ^bb0(%arg3: tensor<2x256x64xf16>, %arg4: tensor<2x64x4096xf16>, %arg5: tensor<2x4096x64xf16>):
      %2 = bgraph.input %arg3 imap = {x = 0, y = 1, z = replica} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = 40960 : i64} : tensor<2x256x64xf16> -> !bgraph.tile<1x16x64xf16>
      %3 = bgraph.square %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 8192 : i64} : !bgraph.tile<1x16x64xf16> -> !bgraph.tile<1x16x64xf32>
      %4 = bgraph.reduce_sum %3 dim = 2 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 45184 : i64} : !bgraph.tile<1x16x64xf32> -> !bgraph.tile<1x16x1xf32>
      %5 = bgraph.input %arg4 imap = {x = 0, y = replica, z = 2} fmap = 2 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<2,4,3>", bgraph.offset = array<i64: 12288, 16384, 20480>} : tensor<2x64x4096xf16> -> !bgraph.tile<1x64x32xf16>
      %6 = bgraph.square %5 {bgraph.depth = 1 : i64, bgraph.layout = "col_major", bgraph.offset = 0 : i64} : !bgraph.tile<1x64x32xf16> -> !bgraph.tile<1x64x32xf32>
      %7 = bgraph.reduce_sum %6 dim = 1 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 45056 : i64} : !bgraph.tile<1x64x32xf32> -> !bgraph.tile<1x1x32xf32>
      %8 = bgraph.matmul %2, %5 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 43008 : i64} : !bgraph.tile<1x16x64xf16>, !bgraph.tile<1x64x32xf16> -> !bgraph.tile<1x16x32xf32>
      %9 = tgraph.graph %4, %7, %8 {bgraph.depth = 3 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = 4096 : i64} : !bgraph.tile<1x16x1xf32>, !bgraph.tile<1x1x32xf32>, !bgraph.tile<1x16x32xf32> -> !bgraph.tile<1x16x32xf32> {
      ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
        %17 = tgraph.mul_scalar %arg6, 1.562500e-02 : f32
        %18 = tgraph.sqrt %17 : f32
        %19 = tgraph.mul_scalar %arg7, 1.562500e-02 : f32
        %20 = tgraph.sqrt %19 : f32
        %21 = tgraph.div %arg8, %20 : f32
        %22 = tgraph.div %21, %18 : f32
        %23 = tgraph.mul_scalar %22, 1.250000e-01 : f32
        %24 = tgraph.exp %23 : f32
        tgraph.yield %24 : f32
      }
      %10 = bgraph.reduce_sum %9 dim = 2 {bgraph.depth = 4 : i64, bgraph.layout = "row_major", bgraph.offset = 6144 : i64} : !bgraph.tile<1x16x32xf32> -> !bgraph.tile<1x16x1xf32>
      %11 = bgraph.input %arg5 imap = {x = 0, y = replica, z = 1} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = array<i64: 24576, 28672, 32768>} : tensor<2x4096x64xf16> -> !bgraph.tile<1x32x64xf16>
      %12 = bgraph.matmul %9, %11 {bgraph.depth = 4 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 0 : i64} : !bgraph.tile<1x16x32xf32>, !bgraph.tile<1x32x64xf16> -> !bgraph.tile<1x16x64xf32>
      %13 = bgraph.accum sum %10 {bgraph.depth = 5 : i64, bgraph.layout = "row_major", bgraph.offset = 45248 : i64} : !bgraph.tile<1x16x1xf32> -> !bgraph.tile<1x16x1xf32>
      %14 = bgraph.output %13 omap = {x = 0, y = 1, z = 2} {bgraph.depth = 0 : i64} : !bgraph.tile<1x16x1xf32> -> tensor<2x256x16xf32>
      %15 = bgraph.accum sum %12 {bgraph.depth = 5 : i64, bgraph.layout = "row_major_swizzle<3,4,4>", bgraph.offset = 36864 : i64} : !bgraph.tile<1x16x64xf32> -> !bgraph.tile<1x16x64xf32>
      %16 = bgraph.output %15 omap = {x = 0, y = 1, z = 2} {bgraph.depth = 0 : i64} : !bgraph.tile<1x16x64xf32> -> tensor<2x256x1024xf32>
      bgraph.yield %14, %16 : tensor<2x256x16xf32>, tensor<2x256x1024xf32>
    }
    %1 = kgraph.kernel grid = [2, 256] forloop = 16 ins(%0#0, %0#1 : tensor<2x256x16xf32>, tensor<2x256x1024xf32>) -> (tensor<2x256x64xf16>) attributes {bgraph.stages = 3 : i64} {
    ^bb0(%arg3: tensor<2x256x16xf32>, %arg4: tensor<2x256x1024xf32>):
      %2 = bgraph.input %arg3 imap = {x = 0, y = 1} fmap = 2 {bgraph.copy_bytes = 4 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 1024, 1040, 1056>} : tensor<2x256x16xf32> -> !bgraph.tile<1x1x1xf32>
      %3 = bgraph.accum sum %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 1072 : i64} : !bgraph.tile<1x1x1xf32> -> !bgraph.tile<1x1x1xf32>
      %4 = bgraph.input %arg4 imap = {x = 0, y = 1} fmap = 2 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 0, 256, 512>} : tensor<2x256x1024xf32> -> !bgraph.tile<1x1x64xf32>
      %5 = bgraph.accum sum %4 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 768 : i64} : !bgraph.tile<1x1x64xf32> -> !bgraph.tile<1x1x64xf32>
      %6 = bgraph.div %5, %3 {bgraph.depth = 0 : i64, bgraph.layout = "row_major"} : !bgraph.tile<1x1x64xf32>, !bgraph.tile<1x1x1xf32> -> !bgraph.tile<1x1x64xf16>
      %7 = bgraph.output %6 omap = {x = 0, y = 1} {bgraph.depth = 1 : i64} : !bgraph.tile<1x1x64xf16> -> tensor<2x256x64xf16>
      bgraph.yield %7 : tensor<2x256x64xf16>
    }
    return %1 : tensor<2x256x64xf16>
  }
}

