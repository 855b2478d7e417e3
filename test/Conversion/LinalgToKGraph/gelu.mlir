// gelu as torch's nn.GELU() exports it (the exact erf form), after a matmul.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}

// CHECK-LABEL: func.func @gelu_mlp(
// CHECK-NEXT: %[[M:.*]] = kgraph.matmul %arg0, %arg1
// CHECK-NEXT: %[[G:.*]] = kgraph.gelu %[[M]]
// CHECK-NEXT: return %[[G]]
// ORACLE: @gelu_mlp output 0 tensor<4x32xf32>: relative error {{.*}}: agree

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @gelu_mlp(%x: tensor<4x16xf32>, %w: tensor<16x32xf32>) -> tensor<4x32xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %half = arith.constant 5.000000e-01 : f32
  %rs2 = arith.constant 0.707106769 : f32
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<4x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x32xf32>) -> tensor<4x32xf32>
  %m = linalg.matmul ins(%x, %w : tensor<4x16xf32>, tensor<16x32xf32>) outs(%z : tensor<4x32xf32>) -> tensor<4x32xf32>
  %g = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<4x32xf32>) outs(%e : tensor<4x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.mulf %in, %half : f32
    %b = arith.mulf %in, %rs2 : f32
    %c = math.erf %b : f32
    %d = arith.addf %c, %one : f32
    %y = arith.mulf %a, %d : f32
    linalg.yield %y : f32
  } -> tensor<4x32xf32>
  return %g : tensor<4x32xf32>
}
