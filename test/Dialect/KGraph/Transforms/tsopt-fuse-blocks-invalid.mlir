// An unknown target is an error naming the known ones.
// RUN: tsopt-opt %s --tsopt-fuse-blocks=target=sm_1 -verify-diagnostics -o /dev/null

// expected-error @+1 {{cannot fuse: unknown target 'sm_1' (known:}}
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = kgraph.exp %x : tensor<4x8xf32>
  return %e : tensor<4x8xf32>
}
