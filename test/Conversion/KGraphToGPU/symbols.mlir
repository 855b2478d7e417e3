// RUN: tsopt-opt %s -verify-diagnostics --tsopt-plan-kernels --convert-kgraph-to-gpu

// A kernel name already taken in the kernels' gpu.module is an error.
module {
  // expected-error @+1 {{symbol 'f_kernel0' exists already in @tsopt_kernels}}
  func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %e = kgraph.exp %x : tensor<4x8xf32>
    return %e : tensor<4x8xf32>
  }
  gpu.module @tsopt_kernels {
    gpu.func @f_kernel0() kernel {
      gpu.return
    }
  }
}
