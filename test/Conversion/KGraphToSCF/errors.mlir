// RUN: tsopt-opt %s -split-input-file -verify-diagnostics --tsopt-plan-kernels --convert-kgraph-to-scf
// The threads the CPU emulates must be a block the GPU could run.
// RUN: not tsopt-opt %s -split-input-file --tsopt-plan-kernels=threads-per-block=48 --convert-kgraph-to-scf 2>&1 | FileCheck %s --check-prefix=THREADS
// THREADS: error: threads-per-block must be a multiple of 32 between 32 and 1024, got 48{{$}}

// A symbol with the name of a kernel to be made is an error, not a clash.
// expected-error @+1 {{symbol 'f_kernel0' is in the way of this function's kernels}}
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = kgraph.exp %x : tensor<4x8xf32>
  return %e : tensor<4x8xf32>
}
func.func private @f_kernel0()

// -----

// Names that only start like a kernel's are fine.
func.func @g(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = kgraph.exp %x : tensor<4x8xf32>
  return %e : tensor<4x8xf32>
}
func.func private @g_kernels_info(f32) -> f32
