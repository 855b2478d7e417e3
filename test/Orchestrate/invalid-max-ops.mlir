// tsopt-orchestrate refuses with a diagnostic: max-ops=0.
// RUN: tsopt-opt %s --tsopt-orchestrate=max-ops=0 -verify-diagnostics -o /dev/null

// expected-error @+1 {{tsopt-orchestrate: max-ops and max-linear must be at least 1}}
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = kgraph.exp %x : tensor<4x8xf32>
  %n = kgraph.neg %e : tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
