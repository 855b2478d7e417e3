// The exact gelu in the associations exports write, raised to kgraph.gelu
// whatever the association: torch-mlir's x · ((erf(x/√2) + 1) · 0.5) with x
// reaching the activation through a tensor.expand_shape (as every Linear
// feeding an activation does), and a form whose 1/√2 is computed in the
// payload from constants (math.sqrt of 2, as f16 exports write it), folded
// as the payload is imported. The oracle runs the linalg as upstream does.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=gelu_torch_mlir | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=gelu_folded_constant | FileCheck %s --check-prefix=ORACLE2 %}

// CHECK-LABEL: func.func @gelu_torch_mlir(
// CHECK: kgraph.matmul
// CHECK: %[[R:.+]] = kgraph.reshape
// CHECK-NEXT: %[[G:.+]] = kgraph.gelu %[[R]]
// CHECK-NOT: kgraph.mul
// CHECK: return
// CHECK-LABEL: func.func @gelu_folded_constant(
// CHECK: kgraph.gelu
// CHECK-NOT: kgraph.mul
// CHECK: return
// ORACLE: @gelu_torch_mlir output 0 tensor<1x4x32xf32>: relative error {{.*}}: agree
// ORACLE2: @gelu_folded_constant output 0 tensor<4x32xf32>: relative error {{.*}}: agree

#id3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
func.func @gelu_torch_mlir(%x: tensor<4x16xf32>, %w: tensor<16x32xf32>) -> tensor<1x4x32xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %half = arith.constant 5.000000e-01 : f32
  %rs2 = arith.constant 0.707106769 : f32
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<4x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x32xf32>) -> tensor<4x32xf32>
  %m = linalg.matmul ins(%x, %w : tensor<4x16xf32>, tensor<16x32xf32>) outs(%z : tensor<4x32xf32>) -> tensor<4x32xf32>
  %m3 = tensor.expand_shape %m [[0, 1], [2]] output_shape [1, 4, 32] : tensor<4x32xf32> into tensor<1x4x32xf32>
  %e3 = tensor.empty() : tensor<1x4x32xf32>
  %g = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%m3 : tensor<1x4x32xf32>) outs(%e3 : tensor<1x4x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %b = arith.mulf %in, %rs2 : f32
    %c = math.erf %b : f32
    %d = arith.addf %c, %one : f32
    %h = arith.mulf %d, %half : f32
    %y = arith.mulf %in, %h : f32
    linalg.yield %y : f32
  } -> tensor<1x4x32xf32>
  return %g : tensor<1x4x32xf32>
}

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @gelu_folded_constant(%x: tensor<4x32xf32>) -> tensor<4x32xf32> {
  %half = arith.constant 5.000000e-01 : f32
  %two = arith.constant 2.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<4x32xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x32xf32>) outs(%e : tensor<4x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %s2 = math.sqrt %two : f32
    %b = arith.divf %in, %s2 : f32
    %c = math.erf %b : f32
    %d = arith.addf %one, %c : f32
    %y0 = arith.mulf %d, %in : f32
    %y = arith.mulf %half, %y0 : f32
    linalg.yield %y : f32
  } -> tensor<4x32xf32>
  return %g : tensor<4x32xf32>
}
