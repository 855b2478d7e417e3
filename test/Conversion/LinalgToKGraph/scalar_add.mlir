// A scalar added outside an rms_norm's epsilon (x + 1, 2 - x) is
// kgraph.add_scalar; the oracle (upstream MLIR's own execution) agrees.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}

// CHECK-LABEL: func.func @shifts(
// CHECK-NEXT: %[[A:.*]] = kgraph.add_scalar %arg0, 1.000000e+00 : tensor<4x8xf32>
// CHECK-NEXT: %[[N:.*]] = kgraph.neg %[[A]] : tensor<4x8xf32>
// CHECK-NEXT: %[[B:.*]] = kgraph.add_scalar %[[N]], 2.000000e+00 : tensor<4x8xf32>
// CHECK-NEXT: return %[[B]]
// ORACLE: @shifts output 0 tensor<4x8xf32>: relative error {{.*}}: agree

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @shifts(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %one = arith.constant 1.000000e+00 : f32
  %two = arith.constant 2.000000e+00 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %one : f32
    %b = arith.subf %two, %a : f32
    linalg.yield %b : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
