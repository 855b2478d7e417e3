// tsopt-orchestrate refuses with a diagnostic: target=sm_1.
// RUN: tsopt-opt %s --tsopt-orchestrate=target=sm_1 -verify-diagnostics -o /dev/null

// expected-error @+1 {{cannot orchestrate: unknown target 'sm_1' (known:}}
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = kgraph.exp %x : tensor<4x8xf32>
  %n = kgraph.neg %e : tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
