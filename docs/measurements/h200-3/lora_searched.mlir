module attributes {tsopt.target = "sm_90"} {
  func.func @lora_searched(%arg0: tensor<16x256xf16>, %arg1: tensor<256x4096xf16>, %arg2: tensor<256x16xf16>, %arg3: tensor<16x4096xf16>) -> tensor<16x4096xf16> attributes {tsopt.cost_us = 3.9959595959595959 : f64, tsopt.verification = "equivalent: p = 4070420552081196959, q = 2035210276040598479, t = 1, delta = 9.09e-13, per-trial bound = 2.95e-18, prime bound = 1.37e-14, degrees 6/0; float check: error 0.000515 (tolerance 0.01) on activations at scale 2 with outliers"} {
    %0 = kgraph.kernel grid = [64] forloop = 1 ins(%arg0, %arg1, %arg2, %arg3 : tensor<16x256xf16>, tensor<256x4096xf16>, tensor<256x16xf16>, tensor<16x4096xf16>) -> (tensor<16x4096xf16>) attributes {bgraph.stages = 1 : i64} {
    ^bb0(%arg4: tensor<16x256xf16>, %arg5: tensor<256x4096xf16>, %arg6: tensor<256x16xf16>, %arg7: tensor<16x4096xf16>):
      %1 = bgraph.input %arg4 imap = {x = replica} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,5>", bgraph.offset = 32768 : i64} : tensor<16x256xf16> -> !bgraph.tile<16x256xf16>
      %2 = bgraph.input %arg5 imap = {x = 1} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = 0 : i64} : tensor<256x4096xf16> -> !bgraph.tile<256x64xf16>
      %3 = bgraph.matmul %1, %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major_swizzle<3,4,4>", bgraph.mma = "m16n8k16", bgraph.offset = 49152 : i64} : !bgraph.tile<16x256xf16>, !bgraph.tile<256x64xf16> -> !bgraph.tile<16x64xf32>
      %4 = bgraph.input %arg6 imap = {x = replica} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<1,4,3>", bgraph.offset = 40960 : i64} : tensor<256x16xf16> -> !bgraph.tile<256x16xf16>
      %5 = bgraph.matmul %1, %4 {bgraph.depth = 1 : i64, bgraph.layout = "row_major_swizzle<1,4,3>", bgraph.mma = "m16n8k16", bgraph.offset = 55296 : i64} : !bgraph.tile<16x256xf16>, !bgraph.tile<256x16xf16> -> !bgraph.tile<16x16xf16>
      %6 = bgraph.input %arg7 imap = {x = 1} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = 53248 : i64} : tensor<16x4096xf16> -> !bgraph.tile<16x64xf16>
      %7 = bgraph.matmul %5, %6 {bgraph.depth = 2 : i64, bgraph.layout = "row_major_swizzle<3,4,4>", bgraph.mma = "m16n8k16", bgraph.offset = 0 : i64} : !bgraph.tile<16x16xf16>, !bgraph.tile<16x64xf16> -> !bgraph.tile<16x64xf32>
      %8 = bgraph.add %3, %7 {bgraph.depth = 3 : i64, bgraph.layout = "row_major"} : !bgraph.tile<16x64xf32>, !bgraph.tile<16x64xf32> -> !bgraph.tile<16x64xf16>
      %9 = bgraph.accum sum %8 {bgraph.depth = 4 : i64} : !bgraph.tile<16x64xf16> -> !bgraph.tile<16x64xf16>
      %10 = bgraph.output %9 omap = {x = 1} {bgraph.depth = 0 : i64} : !bgraph.tile<16x64xf16> -> tensor<16x4096xf16>
      bgraph.yield %10 : tensor<16x4096xf16>
    }
    return %0 : tensor<16x4096xf16>
  }
}

