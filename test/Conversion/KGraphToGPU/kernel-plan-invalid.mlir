// The lowering emits the kernel plan it is given and refuses one it cannot
// emit, planned or not (here written by hand, past tsopt-plan-kernels):
// tensor cores for an f32 matmul.
// RUN: tsopt-opt %s -split-input-file -verify-diagnostics --convert-kgraph-to-gpu=target=sm_90 -o /dev/null
// RUN: tsopt-opt %s -split-input-file -verify-diagnostics --convert-kgraph-to-scf -o /dev/null

// expected-error @+1 {{cannot plan f32_mma_kernel0: op #2 (matmul) is planned on tensor cores, but its input type is not a half type}}
func.func @f32_mma(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>) attributes {bgraph.stages = 1 : i64} {
  ^bb0(%ab: tensor<16x16xf32>, %bb: tensor<16x16xf32>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica {bgraph.copy_bytes = 16 : i64} : tensor<16x16xf32> -> !bgraph.tile<16x16xf32>
    %bt = bgraph.input %bb imap = {x = replica} fmap = replica {bgraph.copy_bytes = 16 : i64} : tensor<16x16xf32> -> !bgraph.tile<16x16xf32>
    %p = bgraph.matmul %at, %bt {bgraph.mma = "m16n8k16"} : !bgraph.tile<16x16xf32>, !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<16x16xf32> -> tensor<16x16xf32>
    bgraph.yield %o : tensor<16x16xf32>
  }
  return %c : tensor<16x16xf32>
}

// -----

// The same plan without its stage count: the lowering plans what is
// missing and refuses what cannot be emitted.
// expected-error @+1 {{cannot plan f32_mma_kernel0: op #2 (matmul) is planned on tensor cores, but its input type is not a half type}}
func.func @f32_mma(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>) {
  ^bb0(%ab: tensor<16x16xf32>, %bb: tensor<16x16xf32>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<16x16xf32> -> !bgraph.tile<16x16xf32>
    %bt = bgraph.input %bb imap = {x = replica} fmap = replica : tensor<16x16xf32> -> !bgraph.tile<16x16xf32>
    %p = bgraph.matmul %at, %bt {bgraph.mma = "m16n8k16"} : !bgraph.tile<16x16xf32>, !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<16x16xf32> -> tensor<16x16xf32>
    bgraph.yield %o : tensor<16x16xf32>
  }
  return %c : tensor<16x16xf32>
}
