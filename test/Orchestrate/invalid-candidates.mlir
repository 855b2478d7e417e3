// tsopt-orchestrate refuses with a diagnostic past the candidates limit
// (max-candidates=1: the two ops alone and together are three).
// RUN: tsopt-opt %s --tsopt-orchestrate=max-candidates=1 -verify-diagnostics -o /dev/null

// expected-error @+1 {{cannot orchestrate: more than 1 candidate kernels (lower the ops per kernel or raise the candidates limit)}}
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = kgraph.exp %x : tensor<4x8xf32>
  %n = kgraph.neg %e : tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
