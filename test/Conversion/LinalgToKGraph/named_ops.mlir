// Named element-wise linalg ops and tensor.concat.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}

// CHECK-LABEL: func.func @named(
// CHECK-NEXT: kgraph.add %arg0, %arg1
// CHECK-NEXT: kgraph.exp
// CHECK-NEXT: kgraph.mul
// CHECK-NEXT: kgraph.concat {{.*}} dim = 1
// ORACLE: @named output 0 tensor<4x16xf32>: relative error {{.*}}: agree

func.func @named(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %a = linalg.add ins(%x, %y : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %b = linalg.exp ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %c = linalg.mul ins(%b, %x : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %d = tensor.concat dim(1) %c, %y : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x16xf32>
  return %d : tensor<4x16xf32>
}
