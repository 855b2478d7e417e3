// RUN: tsopt-opt %s -split-input-file -verify-diagnostics \
// RUN:   --tsopt-check-resources='target=sm_80 report=true'
// RUN: not tsopt-opt %s -split-input-file --tsopt-check-resources='target=h200' \
// RUN:   --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=H200
// RUN: not tsopt-opt %s --tsopt-check-resources='target=sm_70' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TARGET

// TARGET: error: unknown target 'sm_70'; known: sm_80 (a100, a100-40gb), sm_90 (h100, h200)
// H200-NOT: 2304 bytes
// H200: error: block graph needs 262144 bytes of shared memory; sm_90 (H200) allows 232448 per block

// Tiles: 8x16 (x) + 16x32 (w) + 8x32 (product) + 8x32 (sum) in f16 =
// (128 + 512 + 256 + 256) * 2 = 2304 bytes.
func.func @fits(%a: tensor<8x64xf16>, %b: tensor<64x128xf16>) -> tensor<8x128xf16> {
  // expected-remark @+1 {{block graph needs 2304 bytes of shared memory; sm_80 (A100) allows 166912 per block}}
  %c = kgraph.kernel grid = [4] forloop = 4 ins(%a, %b : tensor<8x64xf16>, tensor<64x128xf16>) -> (tensor<8x128xf16>) {
  ^bb0(%x: tensor<8x64xf16>, %w: tensor<64x128xf16>):
    %xt = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<8x64xf16> -> !bgraph.tile<8x16xf16>
    %wt = bgraph.input %w imap = {x = 1} fmap = 0 : tensor<64x128xf16> -> !bgraph.tile<16x32xf16>
    %p = bgraph.matmul %xt, %wt : !bgraph.tile<8x16xf16>, !bgraph.tile<16x32xf16> -> !bgraph.tile<8x32xf16>
    %s = bgraph.accum sum %p : !bgraph.tile<8x32xf16> -> !bgraph.tile<8x32xf16>
    %o = bgraph.output %s omap = {x = 1} : !bgraph.tile<8x32xf16> -> tensor<8x128xf16>
    bgraph.yield %o : tensor<8x128xf16>
  }
  return %c : tensor<8x128xf16>
}

// -----

// Two 512x64 f32 tiles, the input's and the exponentials' (the accumulator
// of a loop of one is the latter's tile, and the saver computes the
// negation itself): 2 * 131072 = 262144 bytes, over both targets.
func.func @too_big(%a: tensor<512x64xf32>) -> tensor<512x64xf32> {
  // expected-error @+1 {{block graph needs 262144 bytes of shared memory; sm_80 (A100) allows 166912 per block}}
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<512x64xf32>) -> (tensor<512x64xf32>) {
  ^bb0(%x: tensor<512x64xf32>):
    %xt = bgraph.input %x imap = {x = replica} fmap = replica : tensor<512x64xf32> -> !bgraph.tile<512x64xf32>
    %e = bgraph.exp %xt : !bgraph.tile<512x64xf32>
    %s = bgraph.accum sum %e : !bgraph.tile<512x64xf32> -> !bgraph.tile<512x64xf32>
    %n = bgraph.neg %s : !bgraph.tile<512x64xf32>
    %o = bgraph.output %n omap = {x = replica} : !bgraph.tile<512x64xf32> -> tensor<512x64xf32>
    bgraph.yield %o : tensor<512x64xf32>
  }
  return %c : tensor<512x64xf32>
}
