module attributes {tsopt.target = "sm_90"} {
  func.func @rmsnorm_swiglu_searched(%arg0: tensor<8x1024xf16>, %arg1: tensor<1024xf16>, %arg2: tensor<1024x4096xf16>, %arg3: tensor<1024x4096xf16>, %arg4: tensor<4096x1024xf16>) -> tensor<8x1024xf16> attributes {tsopt.cost_us = 39.762473782602143 : f64, tsopt.verification = "equivalent: p = 2111011815903306203, q = 1055505907951653101, t = 2, delta = 9.09e-13, per-trial bound = 7.96e-12, prime bound = 4.53e-08, degrees 8396808/0; float check: error 0.5 (tolerance 1.31) on standard normal inputs scaled by 2^-8"} {
    %0:2 = kgraph.kernel grid = [128] forloop = 1 ins(%arg0, %arg1, %arg2, %arg3 : tensor<8x1024xf16>, tensor<1024xf16>, tensor<1024x4096xf16>, tensor<1024x4096xf16>) -> (tensor<8x4096xf32>, tensor<8x4096xf32>) attributes {bgraph.stages = 1 : i64} {
    ^bb0(%arg5: tensor<8x1024xf16>, %arg6: tensor<1024xf16>, %arg7: tensor<1024x4096xf16>, %arg8: tensor<1024x4096xf16>):
      %3 = bgraph.input %arg5 imap = {x = replica} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 131072 : i64} : tensor<8x1024xf16> -> !bgraph.tile<8x1024xf16>
      %4 = bgraph.input %arg6 imap = {x = replica} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 163840 : i64} : tensor<1024xf16> -> !bgraph.tile<1024xf16>
      %5 = bgraph.mul %3, %4 {bgraph.depth = 1 : i64, bgraph.layout = "col_major", bgraph.offset = 147456 : i64} : !bgraph.tile<8x1024xf16>, !bgraph.tile<1024xf16> -> !bgraph.tile<8x1024xf16>
      %6 = bgraph.input %arg7 imap = {x = 1} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<2,4,3>", bgraph.offset = 0 : i64} : tensor<1024x4096xf16> -> !bgraph.tile<1024x32xf16>
      %7 = bgraph.matmul %5, %6 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 131072 : i64} : !bgraph.tile<8x1024xf16>, !bgraph.tile<1024x32xf16> -> !bgraph.tile<8x32xf32>
      %8 = bgraph.input %arg8 imap = {x = 1} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<2,4,3>", bgraph.offset = 65536 : i64} : tensor<1024x4096xf16> -> !bgraph.tile<1024x32xf16>
      %9 = bgraph.matmul %5, %8 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 132096 : i64} : !bgraph.tile<8x1024xf16>, !bgraph.tile<1024x32xf16> -> !bgraph.tile<8x32xf32>
      %10 = bgraph.accum sum %7 {bgraph.depth = 3 : i64} : !bgraph.tile<8x32xf32> -> !bgraph.tile<8x32xf32>
      %11 = bgraph.output %10 omap = {x = 1} {bgraph.depth = 0 : i64} : !bgraph.tile<8x32xf32> -> tensor<8x4096xf32>
      %12 = bgraph.accum sum %9 {bgraph.depth = 3 : i64} : !bgraph.tile<8x32xf32> -> !bgraph.tile<8x32xf32>
      %13 = bgraph.output %12 omap = {x = 1} {bgraph.depth = 0 : i64} : !bgraph.tile<8x32xf32> -> tensor<8x4096xf32>
      bgraph.yield %11, %13 : tensor<8x4096xf32>, tensor<8x4096xf32>
    }
    %1 = kgraph.kernel grid = [8, 16] forloop = 4 ins(%arg0, %0#0, %0#1, %arg4 : tensor<8x1024xf16>, tensor<8x4096xf32>, tensor<8x4096xf32>, tensor<4096x1024xf16>) -> (tensor<8x16384xf32>) attributes {bgraph.stages = 1 : i64} {
    ^bb0(%arg5: tensor<8x1024xf16>, %arg6: tensor<8x4096xf32>, %arg7: tensor<8x4096xf32>, %arg8: tensor<4096x1024xf16>):
      %3 = bgraph.input %arg5 imap = {x = 0, y = replica} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 143360 : i64} : tensor<8x1024xf16> -> !bgraph.tile<1x1024xf16>
      %4 = bgraph.square %3 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 131072 : i64} : !bgraph.tile<1x1024xf16> -> !bgraph.tile<1x1024xf32>
      %5 = bgraph.reduce_sum %4 dim = 1 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 145536 : i64} : !bgraph.tile<1x1024xf32> -> !bgraph.tile<1x1xf32>
      %6 = bgraph.input %arg6 imap = {x = 0, y = 1} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 139264 : i64} : tensor<8x4096xf32> -> !bgraph.tile<1x64xf32>
      %7 = bgraph.input %arg7 imap = {x = 0, y = 1} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 139520 : i64} : tensor<8x4096xf32> -> !bgraph.tile<1x64xf32>
      %8 = tgraph.graph %5, %6, %7 {bgraph.depth = 3 : i64, bgraph.layout = "row_major", bgraph.offset = 145408 : i64} : !bgraph.tile<1x1xf32>, !bgraph.tile<1x64xf32>, !bgraph.tile<1x64xf32> -> !bgraph.tile<1x64xf16> {
      ^bb0(%arg9: f32, %arg10: f32, %arg11: f32):
        %13 = tgraph.mul_scalar %arg9, 9.765625E-4 : f32
        %14 = tgraph.sqrt %13 : f32
        %15 = tgraph.div %arg10, %14 : f32
        %16 = tgraph.silu %15 : f32
        %17 = tgraph.div %arg11, %14 : f32
        %18 = tgraph.mul %16, %17 : f32
        tgraph.yield %18 : f32
      }
      %9 = bgraph.input %arg8 imap = {x = replica, y = 0} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 0 : i64} : tensor<4096x1024xf16> -> !bgraph.tile<64x1024xf16>
      %10 = bgraph.matmul %8, %9 {bgraph.depth = 4 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 139264 : i64} : !bgraph.tile<1x64xf16>, !bgraph.tile<64x1024xf16> -> !bgraph.tile<1x1024xf32>
      %11 = bgraph.accum sum %10 {bgraph.depth = 5 : i64, bgraph.layout = "row_major", bgraph.offset = 135168 : i64} : !bgraph.tile<1x1024xf32> -> !bgraph.tile<1x1024xf32>
      %12 = bgraph.output %11 omap = {x = 0, y = 1} {bgraph.depth = 0 : i64} : !bgraph.tile<1x1024xf32> -> tensor<8x16384xf32>
      bgraph.yield %12 : tensor<8x16384xf32>
    }
    %2 = kgraph.kernel grid = [8] forloop = 16 ins(%1 : tensor<8x16384xf32>) -> (tensor<8x1024xf16>) attributes {bgraph.stages = 3 : i64} {
    ^bb0(%arg5: tensor<8x16384xf32>):
      %3 = bgraph.input %arg5 imap = {x = 0} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 0, 4096, 8192>} : tensor<8x16384xf32> -> !bgraph.tile<1x1024xf32>
      %4 = bgraph.accum sum %3 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 12288 : i64} : !bgraph.tile<1x1024xf32> -> !bgraph.tile<1x1024xf32>
      %5 = bgraph.output %4 omap = {x = 0} {bgraph.depth = 0 : i64} : !bgraph.tile<1x1024xf32> -> tensor<8x1024xf16>
      bgraph.yield %5 : tensor<8x1024xf16>
    }
    return %2 : tensor<8x1024xf16>
  }
}

