// RUN: tsopt-opt %s --tsopt-partition-lax='max-ops=2' | FileCheck %s
// RUN: not tsopt-opt %s --tsopt-partition-lax='max-ops=0' 2>&1 | FileCheck %s --check-prefix=ZERO

// Inside LAX but over the size bound: parts of two ops; a value used by a
// later part is returned by its part.
// CHECK-LABEL: func.func private @chain_part0(%arg0: tensor<4x8xf32>, %arg1: tensor<8x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>)
// CHECK: kgraph.matmul
// CHECK: kgraph.exp
// CHECK-LABEL: func.func private @chain_part1(
// CHECK: kgraph.matmul
// CHECK: kgraph.add
// CHECK-LABEL: func.func @chain(
// CHECK: %[[P0:.*]]:2 = call @chain_part0(%arg0, %arg1)
// CHECK: %[[P1:.*]] = call @chain_part1(%[[P0]]#1, %arg1, %[[P0]]#0)
// CHECK: return %[[P1]]
// ZERO: error: tsopt-partition-lax: max-ops must be at least 1
func.func @chain(%a: tensor<4x8xf32>, %b: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %p = kgraph.matmul %a, %b : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
  %e = kgraph.exp %p : tensor<4x8xf32>
  %q = kgraph.matmul %e, %b : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
  %o = kgraph.add %q, %p : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  return %o : tensor<4x8xf32>
}
