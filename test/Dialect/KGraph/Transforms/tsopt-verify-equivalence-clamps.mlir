// Clamps: max_scalar and min_scalar are the field's max of the operand and
// the constant (min through negations), so the verifier tells bounds apart
// and reads relu as max(x, 0); the float check runs them as written.
// RUN: not tsopt-opt %s -split-input-file --tsopt-verify-equivalence --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s

// CHECK: remark: equivalent to @clamp_ref: equivalent
func.func @clamp_ref(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %a = kgraph.max_scalar %x, -1.000000e+00 : tensor<4x8xf32>
  %b = kgraph.min_scalar %a, 1.000000e+00 : tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}
func.func @clamp_same(%x: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {tsopt.reference = @clamp_ref} {
  %s = kgraph.mul_scalar %x, 1.000000e+00 : tensor<4x8xf32>
  %a = kgraph.max_scalar %s, -1.000000e+00 : tensor<4x8xf32>
  %b = kgraph.min_scalar %a, 1.000000e+00 : tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}

// -----

// CHECK: error: differs from @bound_ref at output #0: not equivalent
func.func @bound_ref(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %b = kgraph.min_scalar %x, 1.000000e+00 : tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}
func.func @bound_other(%x: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {tsopt.reference = @bound_ref} {
  %b = kgraph.min_scalar %x, 2.000000e+00 : tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}

// -----

// A lower bound is not an upper bound.
// CHECK: error: differs from @side_ref at output #0: not equivalent
func.func @side_ref(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %b = kgraph.max_scalar %x, 5.000000e-01 : tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}
func.func @side_other(%x: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {tsopt.reference = @side_ref} {
  %b = kgraph.min_scalar %x, 5.000000e-01 : tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}

// -----

// CHECK: remark: equivalent to @relu_ref: equivalent
func.func @relu_ref(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %r = kgraph.relu %x : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
func.func @relu_as_max(%x: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {tsopt.reference = @relu_ref} {
  %r = kgraph.max_scalar %x, 0.000000e+00 : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
