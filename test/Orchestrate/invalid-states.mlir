// tsopt-orchestrate refuses with a diagnostic: max-states=2.
// RUN: tsopt-opt %s --tsopt-orchestrate=max-states=2 -verify-diagnostics -o /dev/null

// expected-error @+1 {{cannot orchestrate: more than 2 execution states (the program is too wide; raise the states limit)}}
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = kgraph.exp %x : tensor<4x8xf32>
  %n = kgraph.neg %e : tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}
