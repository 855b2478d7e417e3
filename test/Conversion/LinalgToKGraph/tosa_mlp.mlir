// A tosa program (batched matmul with its zero points, a broadcast bias
// add, x·sigmoid(x)) through --tsopt-import-tosa: upstream's tosa-to-linalg
// pipeline, then the importer, which raises the sigmoid product to silu.
// The oracle runs upstream's own tosa-to-linalg and execution.
// RUN: tsopt-opt %s --tsopt-import-tosa | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}

// CHECK-LABEL: func.func @mlp(
// CHECK-NEXT: %[[M:.*]] = kgraph.matmul %arg0, %arg1 : tensor<1x8x64xf32>, tensor<1x64x32xf32> -> tensor<1x8x32xf32>
// CHECK-NEXT: %[[A:.*]] = kgraph.add %[[M]], %arg2 : tensor<1x8x32xf32>, tensor<1x1x32xf32> -> tensor<1x8x32xf32>
// CHECK-NEXT: %[[S:.*]] = kgraph.silu %[[A]] : tensor<1x8x32xf32>
// CHECK-NEXT: return %[[S]]
// ORACLE: @mlp output 0 tensor<1x8x32xf32>: relative error {{.*}}: agree

func.func @mlp(%x: tensor<1x8x64xf32>, %w: tensor<1x64x32xf32>, %b: tensor<1x1x32xf32>) -> tensor<1x8x32xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %m = tosa.matmul %x, %w, %zp, %zp : (tensor<1x8x64xf32>, tensor<1x64x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x32xf32>
  %a = tosa.add %m, %b : (tensor<1x8x32xf32>, tensor<1x1x32xf32>) -> tensor<1x8x32xf32>
  %s = tosa.sigmoid %a : (tensor<1x8x32xf32>) -> tensor<1x8x32xf32>
  %shift = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
  %y = tosa.mul %a, %s, %shift : (tensor<1x8x32xf32>, tensor<1x8x32xf32>, tensor<1xi8>) -> tensor<1x8x32xf32>
  return %y : tensor<1x8x32xf32>
}
