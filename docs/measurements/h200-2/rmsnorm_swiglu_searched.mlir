module attributes {tsopt.target = "sm_90"} {
  func.func @rmsnorm_swiglu_searched(%arg0: tensor<8x1024xf16>, %arg1: tensor<1024xf16>, %arg2: tensor<1024x4096xf16>, %arg3: tensor<1024x4096xf16>, %arg4: tensor<4096x1024xf16>) -> tensor<8x1024xf16> attributes {tsopt.cost_us = 31.721768792401626 : f64, tsopt.verification = "equivalent: p = 3656724026194725659, q = 1828362013097362829, t = 2, delta = 9.09e-13, per-trial bound = 9.18e-12, prime bound = 9.04e-08, degrees 16777224/0; float check: error 0.5 (tolerance 1.31) on standard normal inputs scaled by 2^-8"} {
    %0 = kgraph.kernel grid = [2, 128] forloop = 2 ins(%arg0, %arg1, %arg2, %arg3 : tensor<8x1024xf16>, tensor<1024xf16>, tensor<1024x4096xf16>, tensor<1024x4096xf16>) -> (tensor<8x4096xf16>) attributes {bgraph.stages = 1 : i64} {
    ^bb0(%arg5: tensor<8x1024xf16>, %arg6: tensor<1024xf16>, %arg7: tensor<1024x4096xf16>, %arg8: tensor<1024x4096xf16>):
      %2 = bgraph.input %arg5 imap = {x = 0, y = replica} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 81920 : i64} : tensor<8x1024xf16> -> !bgraph.tile<4x1024xf16>
      %3 = bgraph.input %arg6 imap = {x = replica, y = replica} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 98304 : i64} : tensor<1024xf16> -> !bgraph.tile<1024xf16>
      %4 = bgraph.input %arg7 imap = {x = replica, y = 1} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<1,4,3>", bgraph.offset = 0 : i64} : tensor<1024x4096xf16> -> !bgraph.tile<1024x16xf16>
      %5 = bgraph.input %arg8 imap = {x = replica, y = 1} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<1,4,3>", bgraph.offset = 32768 : i64} : tensor<1024x4096xf16> -> !bgraph.tile<1024x16xf16>
      %6 = bgraph.square %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 65536 : i64} : !bgraph.tile<4x1024xf16> -> !bgraph.tile<4x1024xf32>
      %7 = bgraph.reduce_sum %6 dim = 1 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 101376 : i64} : !bgraph.tile<4x1024xf32> -> !bgraph.tile<4x1xf32>
      %8 = tgraph.graph %7, %2, %3 {bgraph.depth = 3 : i64, bgraph.layout = "row_major", bgraph.offset = 90112 : i64} : !bgraph.tile<4x1xf32>, !bgraph.tile<4x1024xf16>, !bgraph.tile<1024xf16> -> !bgraph.tile<4x1024xf16> {
      ^bb0(%arg9: f32, %arg10: f32, %arg11: f32):
        %14 = tgraph.mul_scalar %arg9, 9.765625E-4 : f32
        %15 = tgraph.sqrt %14 : f32
        %16 = tgraph.mul %arg10, %arg11 : f32
        %17 = tgraph.div %16, %15 : f32
        tgraph.yield %17 : f32
      }
      %9 = bgraph.matmul %8, %4 {bgraph.depth = 4 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 100864 : i64} : !bgraph.tile<4x1024xf16>, !bgraph.tile<1024x16xf16> -> !bgraph.tile<4x16xf32>
      %10 = bgraph.matmul %8, %5 {bgraph.depth = 4 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 101120 : i64} : !bgraph.tile<4x1024xf16>, !bgraph.tile<1024x16xf16> -> !bgraph.tile<4x16xf32>
      %11 = tgraph.graph %9, %10 {bgraph.depth = 5 : i64, bgraph.layout = "row_major", bgraph.offset = 0 : i64} : !bgraph.tile<4x16xf32>, !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32> {
      ^bb0(%arg9: f32, %arg10: f32):
        %14 = tgraph.silu %arg9 : f32
        %15 = tgraph.mul %14, %arg10 : f32
        tgraph.yield %15 : f32
      }
      %12 = bgraph.accum concat %11 fmap = 1 {bgraph.depth = 6 : i64, bgraph.layout = "row_major", bgraph.offset = 100352 : i64} : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x32xf32>
      %13 = bgraph.output %12 omap = {x = 0, y = 1} {bgraph.depth = 0 : i64} : !bgraph.tile<4x32xf32> -> tensor<8x4096xf16>
      bgraph.yield %13 : tensor<8x4096xf16>
    }
    %1 = kgraph.kernel grid = [64] forloop = 2 ins(%arg4, %0 : tensor<4096x1024xf16>, tensor<8x4096xf16>) -> (tensor<8x1024xf16>) attributes {bgraph.stages = 1 : i64} {
    ^bb0(%arg5: tensor<4096x1024xf16>, %arg6: tensor<8x4096xf16>):
      %2 = bgraph.input %arg5 imap = {x = 1} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<1,4,3>", bgraph.offset = 0 : i64} : tensor<4096x1024xf16> -> !bgraph.tile<2048x16xf16>
      %3 = bgraph.input %arg6 imap = {x = replica} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 65536 : i64} : tensor<8x4096xf16> -> !bgraph.tile<8x2048xf16>
      %4 = bgraph.matmul %3, %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 98816 : i64} : !bgraph.tile<8x2048xf16>, !bgraph.tile<2048x16xf16> -> !bgraph.tile<8x16xf32>
      %5 = bgraph.accum sum %4 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 98304 : i64} : !bgraph.tile<8x16xf32> -> !bgraph.tile<8x16xf32>
      %6 = bgraph.output %5 omap = {x = 1} {bgraph.depth = 0 : i64} : !bgraph.tile<8x16xf32> -> tensor<8x1024xf16>
      bgraph.yield %6 : tensor<8x1024xf16>
    }
    return %1 : tensor<8x1024xf16>
  }
}

