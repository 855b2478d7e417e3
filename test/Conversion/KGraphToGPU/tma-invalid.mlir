// A plan that copies by the TMA is lowered only where it can be emitted: on
// a target with the TMA, for tiles the TMA can write as planned.
// RUN: tsopt-opt %s -split-input-file -verify-diagnostics --convert-kgraph-to-gpu=target=sm_80 -o /dev/null

// expected-error @+1 {{mm_kernel0 has an input copied by the TMA, which sm_80 does not have (sm_90 and later)}}
func.func @mm(%arg0: tensor<128x128xf16>, %arg1: tensor<128x64xf16>) -> tensor<128x64xf16> {
    %0 = kgraph.kernel grid = [2] forloop = 2 ins(%arg0, %arg1 : tensor<128x128xf16>, tensor<128x64xf16>) -> (tensor<128x64xf16>) attributes {bgraph.block_threads = 128 : i64, bgraph.stages = 3 : i64} {
    ^bb0(%arg2: tensor<128x128xf16>, %arg3: tensor<128x64xf16>):
      %1 = bgraph.input %arg2 imap = {x = 0} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = array<i64: 32768, 40960, 49152>, bgraph.tma} : tensor<128x128xf16> -> !bgraph.tile<64x64xf16>
      %2 = bgraph.input %arg3 imap = {x = replica} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = array<i64: 57344, 65536, 73728>} : tensor<128x64xf16> -> !bgraph.tile<64x64xf16>
      %3 = bgraph.matmul %1, %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 16384 : i64} : !bgraph.tile<64x64xf16>, !bgraph.tile<64x64xf16> -> !bgraph.tile<64x64xf32>
      %4 = bgraph.accum sum %3 {bgraph.depth = 2 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = 0 : i64} : !bgraph.tile<64x64xf32> -> !bgraph.tile<64x64xf32>
      %5 = bgraph.output %4 omap = {x = 0} {bgraph.depth = 0 : i64} : !bgraph.tile<64x64xf32> -> tensor<128x64xf16>
      bgraph.yield %5 : tensor<128x64xf16>
    }
    return %0 : tensor<128x64xf16>
}
