// RUN: tsopt-opt %s -split-input-file -verify-diagnostics --tsopt-plan-kernels=target=sm_80 --convert-kgraph-to-gpu=target=sm_80
// RUN: not tsopt-opt %s -split-input-file --tsopt-plan-kernels=target=sm_90 --convert-kgraph-to-gpu=target=sm_90 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not tsopt-opt %s -split-input-file --tsopt-plan-kernels=target=sm_70 --convert-kgraph-to-gpu=target=sm_70 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tsopt-opt %s -split-input-file --tsopt-plan-kernels='target=sm_80 threads-per-block=100' --convert-kgraph-to-gpu=target=sm_80 2>&1 | FileCheck %s --check-prefix=THREADS -DN=100
// RUN: not tsopt-opt %s -split-input-file --tsopt-plan-kernels='target=sm_80 threads-per-block=2048' --convert-kgraph-to-gpu=target=sm_80 2>&1 | FileCheck %s --check-prefix=THREADS -DN=2048
// RUN: not tsopt-opt %s -split-input-file --tsopt-lower-to-nvvm='target=sm_70' 2>&1 | FileCheck %s --check-prefix=TARGET

// Bad options fail every input before anything is planned (each of the four
// inputs below gets this error instead of its own).
// TARGET-COUNT-4: error: unknown target 'sm_70'; known: sm_80 (a100, a100-40gb), sm_90 (h100, h200)
// THREADS-COUNT-4: error: threads-per-block must be a multiple of 32 between 32 and 1024, got [[N]]{{$}}

// A kernel whose tiles need 1 MiB of shared memory (a 1 MiB input tile,
// which the accumulator of a loop of one passes through): valid IR, but
// more than any target has per block.
// SM90: error: big_kernel0 needs 1048576 bytes of shared memory; sm_90 (H100) allows 232448 per block

// expected-error @+1 {{big_kernel0 needs 1048576 bytes of shared memory; sm_80 (A100) allows 166912 per block}}
func.func @big(%x: tensor<1x262144xf32>) -> tensor<1x262144xf32> {
  %o = kgraph.kernel grid = [1] forloop = 1 ins(%x : tensor<1x262144xf32>) -> (tensor<1x262144xf32>) {
  ^bb0(%xb: tensor<1x262144xf32>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica : tensor<1x262144xf32> -> !bgraph.tile<1x262144xf32>
    %a = bgraph.accum sum %xt : !bgraph.tile<1x262144xf32> -> !bgraph.tile<1x262144xf32>
    %e = bgraph.exp %a : !bgraph.tile<1x262144xf32>
    %oo = bgraph.output %e omap = {x = replica} : !bgraph.tile<1x262144xf32> -> tensor<1x262144xf32>
    bgraph.yield %oo : tensor<1x262144xf32>
  }
  return %o : tensor<1x262144xf32>
}

// -----

// The same for the default expansion of a pre-defined op: the sum of a
// single row of 65536 f32 is one block (the reduced dim is not cut) with a
// 256 KiB input tile.
// SM90: error: wide_kernel0 needs 262148 bytes of shared memory; sm_90 (H100) allows 232448 per block

// expected-error @+1 {{wide_kernel0 needs 262148 bytes of shared memory; sm_80 (A100) allows 166912 per block}}
func.func @wide(%x: tensor<1x65536xf32>) -> tensor<1x1xf32> {
  %e = kgraph.reduce_sum %x dim = 1 : tensor<1x65536xf32> -> tensor<1x1xf32>
  return %e : tensor<1x1xf32>
}

// -----

// The GPU path makes no copies: a result that is an argument ...
// SM90: error: a result that is an argument or repeats another result needs a copy, which this lowering does not provide

// expected-error @+1 {{a result that is an argument or repeats another result needs a copy, which this lowering does not provide}}
func.func @identity(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  return %x : tensor<4x8xf32>
}

// -----

// ... or repeats another result.
// SM90: error: a result that is an argument or repeats another result needs a copy, which this lowering does not provide

// expected-error @+1 {{a result that is an argument or repeats another result needs a copy, which this lowering does not provide}}
func.func @twice(%x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = kgraph.exp %x : tensor<4x8xf32>
  return %e, %e : tensor<4x8xf32>, tensor<4x8xf32>
}
