// A program wider than the states limit (max-states=2 here; a real layer's
// weight transposes and rotary-table reshapes, each free to run at any
// point, multiply the states past the default 2^18): the candidates are
// grown from each op instead, the same set, and the result still verifies.
// RUN: tsopt-opt %s --tsopt-orchestrate=max-states=2 -o %t.mlir 2>&1 | FileCheck %s
// RUN: tsopt-run %t.mlir --fn=f | FileCheck %s --check-prefix=EVAL

// CHECK: remark: orchestrated: {{.*}}; more states than the limit (candidates grown from each op), 3 candidates
// EVAL: @f vs @f_ref: agree
func.func @f(%x: tensor<64x128xf32>) -> tensor<64x128xf32> attributes {tsopt.reference = @f_ref} {
  %e = kgraph.exp %x : tensor<64x128xf32>
  %n = kgraph.mul_scalar %e, 5.000000e-01 : tensor<64x128xf32>
  return %n : tensor<64x128xf32>
}

func.func @f_ref(%x: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %e = kgraph.exp %x : tensor<64x128xf32>
  %n = kgraph.mul_scalar %e, 5.000000e-01 : tensor<64x128xf32>
  return %n : tensor<64x128xf32>
}
