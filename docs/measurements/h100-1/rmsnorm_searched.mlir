module attributes {tsopt.target = "sm_90"} {
  func.func @rmsnorm_searched(%arg0: tensor<2x4096xf16>, %arg1: tensor<4096xf16>, %arg2: tensor<4096x6144xf16>) -> tensor<2x6144xf16> attributes {tsopt.cost_us = 36.425125885722899 : f64, tsopt.verification = "equivalent: p = 3490540173185838533, q = 872635043296459633, t = 1, delta = 9.09e-13, per-trial bound = 9.39e-15, prime bound = 4.47e-11, degrees 8198/0; float check: error 0.000529 (tolerance 0.01) on standard normal inputs"} {
    %0 = kgraph.kernel grid = [384] forloop = 8 ins(%arg0, %arg1, %arg2 : tensor<2x4096xf16>, tensor<4096xf16>, tensor<4096x6144xf16>) -> (tensor<2x6144xf16>) attributes {bgraph.stages = 3 : i64} {
    ^bb0(%arg3: tensor<2x4096xf16>, %arg4: tensor<4096xf16>, %arg5: tensor<4096x6144xf16>):
      %1 = bgraph.input %arg3 imap = {x = replica} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 53248, 55296, 57344>} : tensor<2x4096xf16> -> !bgraph.tile<2x512xf16>
      %2 = bgraph.input %arg4 imap = {x = replica} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 61440, 62464, 63488>} : tensor<4096xf16> -> !bgraph.tile<512xf16>
      %3 = bgraph.mul %1, %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major_swizzle<3,4,6>", bgraph.offset = 59392 : i64} : !bgraph.tile<2x512xf16>, !bgraph.tile<512xf16> -> !bgraph.tile<2x512xf16>
      %4 = bgraph.input %arg5 imap = {x = 1} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<1,4,3>", bgraph.offset = array<i64: 0, 16384, 32768>} : tensor<4096x6144xf16> -> !bgraph.tile<512x16xf16>
      %5 = bgraph.matmul %3, %4 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 64640 : i64} : !bgraph.tile<2x512xf16>, !bgraph.tile<512x16xf16> -> !bgraph.tile<2x16xf32>
      %6 = bgraph.square %1 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.offset = 49152 : i64} : !bgraph.tile<2x512xf16> -> !bgraph.tile<2x512xf32>
      %7 = bgraph.reduce_sum %6 dim = 1 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 64784 : i64} : !bgraph.tile<2x512xf32> -> !bgraph.tile<2x1xf32>
      %8 = bgraph.accum sum %7 {bgraph.depth = 3 : i64, bgraph.layout = "row_major", bgraph.offset = 64768 : i64} : !bgraph.tile<2x1xf32> -> !bgraph.tile<2x1xf32>
      %9 = bgraph.accum sum %5 {bgraph.depth = 3 : i64, bgraph.layout = "row_major", bgraph.offset = 64512 : i64} : !bgraph.tile<2x16xf32> -> !bgraph.tile<2x16xf32>
      %10 = tgraph.graph %8, %9 {bgraph.depth = 0 : i64, bgraph.layout = "row_major"} : !bgraph.tile<2x1xf32>, !bgraph.tile<2x16xf32> -> !bgraph.tile<2x16xf16> {
      ^bb0(%arg6: f32, %arg7: f32):
        %12 = tgraph.mul_scalar %arg6, 2.44140625E-4 : f32
        %13 = tgraph.sqrt %12 : f32
        %14 = tgraph.div %arg7, %13 : f32
        tgraph.yield %14 : f32
      }
      %11 = bgraph.output %10 omap = {x = 1} {bgraph.depth = 1 : i64} : !bgraph.tile<2x16xf16> -> tensor<2x6144xf16>
      bgraph.yield %11 : tensor<2x6144xf16>
    }
    return %0 : tensor<2x6144xf16>
  }
}

