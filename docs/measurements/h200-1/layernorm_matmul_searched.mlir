module attributes {tsopt.target = "sm_90"} {
  func.func @layernorm_matmul_searched(%arg0: tensor<16x4096xf16>, %arg1: tensor<4096x4096xf16>) -> tensor<16x4096xf16> attributes {tsopt.cost_us = 19.992180632192571 : f64, tsopt.verification = "equivalent: p = 4341460623445414739, q = 2170730311722707369, t = 1, delta = 9.09e-13, per-trial bound = 3.78e-15, prime bound = 4.47e-11, degrees 8196/0; float check: error 0.000881 (tolerance 0.01) on activations at scale 2 with outliers"} {
    %0 = kgraph.kernel grid = [32] forloop = 64 ins(%arg0, %arg1 : tensor<16x4096xf16>, tensor<4096x4096xf16>) -> (tensor<16x4096xf16>) attributes {bgraph.stages = 3 : i64} {
    ^bb0(%arg2: tensor<16x4096xf16>, %arg3: tensor<4096x4096xf16>):
      %1 = bgraph.input %arg2 imap = {x = replica} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = array<i64: 69632, 71680, 73728>} : tensor<16x4096xf16> -> !bgraph.tile<16x64xf16>
      %2 = bgraph.reduce_sum %1 dim = 1 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 76928 : i64} : !bgraph.tile<16x64xf16> -> !bgraph.tile<16x1xf32>
      %3 = bgraph.accum sum %2 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 76800 : i64} : !bgraph.tile<16x1xf32> -> !bgraph.tile<16x1xf32>
      %4 = bgraph.square %1 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 65536 : i64} : !bgraph.tile<16x64xf16> -> !bgraph.tile<16x64xf32>
      %5 = bgraph.reduce_sum %4 dim = 1 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 76992 : i64} : !bgraph.tile<16x64xf32> -> !bgraph.tile<16x1xf32>
      %6 = bgraph.accum sum %5 {bgraph.depth = 3 : i64, bgraph.layout = "row_major", bgraph.offset = 76864 : i64} : !bgraph.tile<16x1xf32> -> !bgraph.tile<16x1xf32>
      %7 = bgraph.input %arg3 imap = {x = 1} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,4>", bgraph.offset = array<i64: 0, 16384, 32768>} : tensor<4096x4096xf16> -> !bgraph.tile<64x128xf16>
      %8 = bgraph.matmul %1, %7 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 57344 : i64} : !bgraph.tile<16x64xf16>, !bgraph.tile<64x128xf16> -> !bgraph.tile<16x128xf32>
      %9 = bgraph.reduce_sum %7 dim = 0 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 76288 : i64} : !bgraph.tile<64x128xf16> -> !bgraph.tile<1x128xf32>
      %10 = bgraph.accum sum %9 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 75776 : i64} : !bgraph.tile<1x128xf32> -> !bgraph.tile<1x128xf32>
      %11 = bgraph.accum sum %8 {bgraph.depth = 2 : i64, bgraph.layout = "row_major_swizzle<3,4,5>", bgraph.offset = 49152 : i64} : !bgraph.tile<16x128xf32> -> !bgraph.tile<16x128xf32>
      %12 = tgraph.graph %3, %6, %10, %11 {bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 0 : i64} : !bgraph.tile<16x1xf32>, !bgraph.tile<16x1xf32>, !bgraph.tile<1x128xf32>, !bgraph.tile<16x128xf32> -> !bgraph.tile<16x128xf16> {
      ^bb0(%arg4: f32, %arg5: f32, %arg6: f32, %arg7: f32):
        %14 = tgraph.mul_scalar %arg4, 2.44140625E-4 : f32
        %15 = tgraph.mul_scalar %arg5, 2.44140625E-4 : f32
        %16 = tgraph.square %14 : f32
        %17 = tgraph.sub %15, %16 : f32
        %18 = tgraph.sqrt %17 : f32
        %19 = tgraph.mul %14, %arg6 : f32
        %20 = tgraph.sub %arg7, %19 : f32
        %21 = tgraph.div %20, %18 : f32
        tgraph.yield %21 : f32
      }
      %13 = bgraph.output %12 omap = {x = 1} {bgraph.depth = 1 : i64} : !bgraph.tile<16x128xf16> -> tensor<16x4096xf16>
      bgraph.yield %13 : tensor<16x4096xf16>
    }
    return %0 : tensor<16x4096xf16>
  }
}

