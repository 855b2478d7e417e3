module attributes {tsopt.target = "sm_90"} {
  func.func @rmsnorm_swiglu_searched(%arg0: tensor<8x1024xf16>, %arg1: tensor<1024xf16>, %arg2: tensor<1024x4096xf16>, %arg3: tensor<1024x4096xf16>, %arg4: tensor<4096x1024xf16>) -> tensor<8x1024xf16> attributes {tsopt.cost_us = 39.829108974069051 : f64, tsopt.verification = "equivalent: p = 4551795495074293603, q = 758632582512382267, t = 2, delta = 9.09e-13, per-trial bound = 1.11e-11, prime bound = 4.53e-08, degrees 8396808/0; float check: error 0.5 (tolerance 1.31) on standard normal inputs scaled by 2^-8"} {
    %0 = kgraph.kernel grid = [2, 128] forloop = 16 ins(%arg0, %arg1, %arg2, %arg3 : tensor<8x1024xf16>, tensor<1024xf16>, tensor<1024x4096xf16>, tensor<1024x4096xf16>) -> (tensor<8x4096xf16>) attributes {bgraph.stages = 3 : i64} {
    ^bb0(%arg5: tensor<8x1024xf16>, %arg6: tensor<1024xf16>, %arg7: tensor<1024x4096xf16>, %arg8: tensor<1024x4096xf16>):
      %2 = bgraph.input %arg5 imap = {x = 0, y = replica} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 25600, 26112, 26624>} : tensor<8x1024xf16> -> !bgraph.tile<4x64xf16>
      %3 = bgraph.input %arg6 imap = {x = replica, y = replica} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 29696, 29824, 29952>} : tensor<1024xf16> -> !bgraph.tile<64xf16>
      %4 = bgraph.mul %2, %3 {bgraph.depth = 1 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = 28160 : i64} : !bgraph.tile<4x64xf16>, !bgraph.tile<64xf16> -> !bgraph.tile<4x64xf16>
      %5 = bgraph.input %arg7 imap = {x = replica, y = 1} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<2,4,3>", bgraph.offset = array<i64: 0, 4096, 8192>} : tensor<1024x4096xf16> -> !bgraph.tile<64x32xf16>
      %6 = bgraph.matmul %4, %5 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 28672 : i64} : !bgraph.tile<4x64xf16>, !bgraph.tile<64x32xf16> -> !bgraph.tile<4x32xf32>
      %7 = bgraph.square %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 24576 : i64} : !bgraph.tile<4x64xf16> -> !bgraph.tile<4x64xf32>
      %8 = bgraph.reduce_sum %7 dim = 1 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 30096 : i64} : !bgraph.tile<4x64xf32> -> !bgraph.tile<4x1xf32>
      %9 = bgraph.accum sum %8 {bgraph.depth = 3 : i64, bgraph.layout = "row_major", bgraph.offset = 30080 : i64} : !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
      %10 = bgraph.accum sum %6 {bgraph.depth = 3 : i64, bgraph.layout = "row_major", bgraph.offset = 27136 : i64} : !bgraph.tile<4x32xf32> -> !bgraph.tile<4x32xf32>
      %11 = bgraph.input %arg8 imap = {x = replica, y = 1} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<2,4,3>", bgraph.offset = array<i64: 12288, 16384, 20480>} : tensor<1024x4096xf16> -> !bgraph.tile<64x32xf16>
      %12 = bgraph.matmul %4, %11 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 29184 : i64} : !bgraph.tile<4x64xf16>, !bgraph.tile<64x32xf16> -> !bgraph.tile<4x32xf32>
      %13 = bgraph.accum sum %12 {bgraph.depth = 3 : i64, bgraph.layout = "row_major", bgraph.offset = 27648 : i64} : !bgraph.tile<4x32xf32> -> !bgraph.tile<4x32xf32>
      %14 = tgraph.graph %9, %10, %13 {bgraph.depth = 0 : i64, bgraph.layout = "row_major"} : !bgraph.tile<4x1xf32>, !bgraph.tile<4x32xf32>, !bgraph.tile<4x32xf32> -> !bgraph.tile<4x32xf16> {
      ^bb0(%arg9: f32, %arg10: f32, %arg11: f32):
        %16 = tgraph.mul_scalar %arg9, 9.765625E-4 : f32
        %17 = tgraph.sqrt %16 : f32
        %18 = tgraph.div %arg10, %17 : f32
        %19 = tgraph.silu %18 : f32
        %20 = tgraph.div %arg11, %17 : f32
        %21 = tgraph.mul %19, %20 : f32
        tgraph.yield %21 : f32
      }
      %15 = bgraph.output %14 omap = {x = 0, y = 1} {bgraph.depth = 1 : i64} : !bgraph.tile<4x32xf16> -> tensor<8x4096xf16>
      bgraph.yield %15 : tensor<8x4096xf16>
    }
    %1 = kgraph.matmul %0, %arg4 : tensor<8x4096xf16>, tensor<4096x1024xf16> -> tensor<8x1024xf16>
    return %1 : tensor<8x1024xf16>
  }
}

