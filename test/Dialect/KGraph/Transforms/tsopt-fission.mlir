// Operator fission: rms_norm becomes its primitives, its epsilon an
// add_scalar (each checked equivalent to the original by
// tsopt-verify-equivalence on the copy that names it as its reference);
// other ops are primitives already.
// RUN: tsopt-opt %s --tsopt-fission -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: tsopt-opt %t.mlir --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY

// CHECK-LABEL: func.func @split(
// CHECK-NEXT: %[[SQ:.*]] = kgraph.square %arg0 : tensor<8x64xf32>
// CHECK-NEXT: %[[SS:.*]] = kgraph.reduce_sum %[[SQ]] dim = 1 : tensor<8x64xf32> -> tensor<8x1xf32>
// CHECK-NEXT: %[[MS:.*]] = kgraph.mul_scalar %[[SS]], 1.562500e-02 : tensor<8x1xf32>
// CHECK-NEXT: %[[RT:.*]] = kgraph.sqrt %[[MS]] : tensor<8x1xf32>
// CHECK-NEXT: %[[N:.*]] = kgraph.div %arg0, %[[RT]] : tensor<8x64xf32>, tensor<8x1xf32> -> tensor<8x64xf32>
// CHECK-NEXT: %[[Y:.*]] = kgraph.mul %[[N]], %arg1 : tensor<8x64xf32>, tensor<64xf32> -> tensor<8x64xf32>
// CHECK-NEXT: kgraph.matmul %[[Y]], %arg2
// CHECK-NOT: rms_norm
// VERIFY: remark: equivalent to @split_ref: equivalent
// VERIFY: remark: equivalent to @with_epsilon_ref: equivalent
func.func @split(%x: tensor<8x64xf32>, %g: tensor<64xf32>, %w: tensor<64x32xf32>) -> tensor<8x32xf32> attributes {tsopt.reference = @split_ref} {
  %y = kgraph.rms_norm %x, %g : tensor<8x64xf32>, tensor<64xf32> -> tensor<8x64xf32>
  %o = kgraph.matmul %y, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  return %o : tensor<8x32xf32>
}

// The reference is left as written.
// CHECK-LABEL: func.func @split_ref(
// CHECK-NEXT: kgraph.rms_norm
func.func @split_ref(%x: tensor<8x64xf32>, %g: tensor<64xf32>, %w: tensor<64x32xf32>) -> tensor<8x32xf32> {
  %y = kgraph.rms_norm %x, %g : tensor<8x64xf32>, tensor<64xf32> -> tensor<8x64xf32>
  %o = kgraph.matmul %y, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  return %o : tensor<8x32xf32>
}

// CHECK-LABEL: func.func @with_epsilon(
// CHECK-NEXT: kgraph.square
// CHECK-NEXT: kgraph.reduce_sum
// CHECK-NEXT: kgraph.mul_scalar %{{.*}}, 1.562500e-02
// CHECK-NEXT: kgraph.add_scalar %{{.*}}, 9.9999999999999995E-7 : tensor<8x1xf32>
// CHECK-NEXT: kgraph.sqrt
func.func @with_epsilon(%x: tensor<8x64xf32>, %g: tensor<64xf32>) -> tensor<8x64xf32> attributes {tsopt.reference = @with_epsilon_ref} {
  %y = kgraph.rms_norm %x, %g epsilon = 1.000000e-06 : tensor<8x64xf32>, tensor<64xf32> -> tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

func.func @with_epsilon_ref(%x: tensor<8x64xf32>, %g: tensor<64xf32>) -> tensor<8x64xf32> {
  %y = kgraph.rms_norm %x, %g epsilon = 1.000000e-06 : tensor<8x64xf32>, tensor<64xf32> -> tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}
