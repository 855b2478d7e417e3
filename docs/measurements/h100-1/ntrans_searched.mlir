module attributes {tsopt.target = "sm_90"} {
  func.func @ntrans_searched(%arg0: tensor<8x4096xf16>, %arg1: tensor<8x4096xf16>, %arg2: tensor<8x4096xf16>) -> tensor<8x4096xf16> attributes {tsopt.cost_us = 16.347622972395275 : f64, tsopt.verification = "equivalent: p = 3953408788047652607, q = 1976704394023826303, t = 1, delta = 9.09e-13, per-trial bound = 1.66e-14, prime bound = 6.41e-11, degrees 32776/0; float check: error 0.000932 (tolerance 0.01) on standard normal inputs"} {
    %0 = kgraph.kernel grid = [8] forloop = 2 ins(%arg1 : tensor<8x4096xf16>) -> (tensor<8x1xf16>) attributes {bgraph.stages = 3 : i64} {
    ^bb0(%arg3: tensor<8x4096xf16>):
      %4 = bgraph.input %arg3 imap = {x = 0} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 8192, 12288, 16384>} : tensor<8x4096xf16> -> !bgraph.tile<1x2048xf16>
      %5 = bgraph.square %4 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 0 : i64} : !bgraph.tile<1x2048xf16> -> !bgraph.tile<1x2048xf32>
      %6 = bgraph.reduce_sum %5 dim = 1 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 20496 : i64} : !bgraph.tile<1x2048xf32> -> !bgraph.tile<1x1xf32>
      %7 = bgraph.accum sum %6 {bgraph.depth = 3 : i64, bgraph.layout = "row_major", bgraph.offset = 20480 : i64} : !bgraph.tile<1x1xf32> -> !bgraph.tile<1x1xf32>
      %8 = bgraph.sqrt %7 {bgraph.depth = 0 : i64, bgraph.layout = "row_major"} : !bgraph.tile<1x1xf32> -> !bgraph.tile<1x1xf16>
      %9 = bgraph.output %8 omap = {x = 0} {bgraph.depth = 1 : i64} : !bgraph.tile<1x1xf16> -> tensor<8x1xf16>
      bgraph.yield %9 : tensor<8x1xf16>
    }
    %1:2 = kgraph.kernel grid = [4, 128] forloop = 1 ins(%arg1, %0, %arg0, %arg2 : tensor<8x4096xf16>, tensor<8x1xf16>, tensor<8x4096xf16>, tensor<8x4096xf16>) -> (tensor<8x4096xf16>, tensor<8x4096xf16>) attributes {bgraph.stages = 1 : i64} {
    ^bb0(%arg3: tensor<8x4096xf16>, %arg4: tensor<8x1xf16>, %arg5: tensor<8x4096xf16>, %arg6: tensor<8x4096xf16>):
      %4 = bgraph.input %arg3 imap = {x = 0, y = 1} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 0 : i64} : tensor<8x4096xf16> -> !bgraph.tile<2x32xf16>
      %5 = bgraph.input %arg4 imap = {x = 0, y = replica} fmap = replica {bgraph.copy_bytes = 2 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 640 : i64} : tensor<8x1xf16> -> !bgraph.tile<2x1xf16>
      %6 = bgraph.input %arg5 imap = {x = 0, y = 1} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 128 : i64} : tensor<8x4096xf16> -> !bgraph.tile<2x32xf16>
      %7 = bgraph.input %arg6 imap = {x = 0, y = 1} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 256 : i64} : tensor<8x4096xf16> -> !bgraph.tile<2x32xf16>
      %8:2 = tgraph.graph %4, %5, %6, %7 {bgraph.depth = 1 : i64, bgraph.layout = ["row_major", "row_major"], bgraph.offset = array<i64: 384, 512>} : !bgraph.tile<2x32xf16>, !bgraph.tile<2x1xf16>, !bgraph.tile<2x32xf16>, !bgraph.tile<2x32xf16> -> !bgraph.tile<2x32xf16>, !bgraph.tile<2x32xf16> {
      ^bb0(%arg7: f32, %arg8: f32, %arg9: f32, %arg10: f32):
        %13 = tgraph.div %arg7, %arg8 : f32
        %14 = tgraph.sub %13, %arg9 : f32
        %15 = tgraph.mul %arg10, %14 : f32
        %16 = tgraph.add %arg9, %15 : f32
        %17 = tgraph.square %16 : f32
        tgraph.yield %16, %17 : f32, f32
      }
      %9 = bgraph.accum sum %8#0 {bgraph.depth = 2 : i64} : !bgraph.tile<2x32xf16> -> !bgraph.tile<2x32xf16>
      %10 = bgraph.output %9 omap = {x = 0, y = 1} {bgraph.depth = 0 : i64} : !bgraph.tile<2x32xf16> -> tensor<8x4096xf16>
      %11 = bgraph.accum sum %8#1 {bgraph.depth = 2 : i64} : !bgraph.tile<2x32xf16> -> !bgraph.tile<2x32xf16>
      %12 = bgraph.output %11 omap = {x = 0, y = 1} {bgraph.depth = 0 : i64} : !bgraph.tile<2x32xf16> -> tensor<8x4096xf16>
      bgraph.yield %10, %12 : tensor<8x4096xf16>, tensor<8x4096xf16>
    }
    %2 = kgraph.kernel grid = [8] forloop = 2 ins(%1#1 : tensor<8x4096xf16>) -> (tensor<8x1xf16>) attributes {bgraph.stages = 3 : i64} {
    ^bb0(%arg3: tensor<8x4096xf16>):
      %4 = bgraph.input %arg3 imap = {x = 0} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 0, 4096, 8192>} : tensor<8x4096xf16> -> !bgraph.tile<1x2048xf16>
      %5 = bgraph.reduce_sum %4 dim = 1 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 12304 : i64} : !bgraph.tile<1x2048xf16> -> !bgraph.tile<1x1xf32>
      %6 = bgraph.accum sum %5 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 12288 : i64} : !bgraph.tile<1x1xf32> -> !bgraph.tile<1x1xf32>
      %7 = bgraph.sqrt %6 {bgraph.depth = 0 : i64, bgraph.layout = "row_major"} : !bgraph.tile<1x1xf32> -> !bgraph.tile<1x1xf16>
      %8 = bgraph.output %7 omap = {x = 0} {bgraph.depth = 1 : i64} : !bgraph.tile<1x1xf16> -> tensor<8x1xf16>
      bgraph.yield %8 : tensor<8x1xf16>
    }
    %3 = kgraph.div %1#0, %2 : tensor<8x4096xf16>, tensor<8x1xf16> -> tensor<8x4096xf16>
    return %3 : tensor<8x4096xf16>
  }
}

