// Casts of arguments: torch's .to(f16) of an f32 input rounds it before
// anything reads it, and a function result cast from an argument (or
// reshaped from one) is stored in the result's type. An argument keeps its
// dtype, so the rounding is an exact ×1 stored in the narrower type; the
// oracle (upstream MLIR's own execution) agrees.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}

#map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @casts(
// CHECK-NEXT: %[[T:.*]] = kgraph.mul_scalar %arg0, 1.000000e+00 : tensor<4x8xf32> -> tensor<4x8xf16>
// CHECK-NEXT: %[[M:.*]] = kgraph.mul %[[T]], %arg1 : tensor<4x8xf16>, tensor<4x8xf16> -> tensor<4x8xf16>
// CHECK-NEXT: %[[R:.*]] = kgraph.reshape %[[T]] : tensor<4x8xf16> -> tensor<1x4x8xf16>
// CHECK-NEXT: %[[E:.*]] = kgraph.mul_scalar %arg1, 1.000000e+00 : tensor<4x8xf16> -> tensor<4x8xf32>
// CHECK-NEXT: return %[[T]], %[[E]], %[[M]], %[[R]]
// ORACLE: @casts output 0 tensor<4x8xf16>: {{.*}}: agree
// ORACLE: @casts output 1 tensor<4x8xf32>: {{.*}}: agree
// ORACLE: @casts output 2 tensor<4x8xf16>: {{.*}}: agree
// ORACLE: @casts output 3 tensor<1x4x8xf16>: {{.*}}: agree
func.func @casts(%a: tensor<4x8xf32>, %b: tensor<4x8xf16>)
    -> (tensor<4x8xf16>, tensor<4x8xf32>, tensor<4x8xf16>, tensor<1x4x8xf16>) {
  %e16 = tensor.empty() : tensor<4x8xf16>
  %e32 = tensor.empty() : tensor<4x8xf32>
  %t = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%a : tensor<4x8xf32>) outs(%e16 : tensor<4x8xf16>) {
  ^bb0(%in: f32, %out: f16):
    %0 = arith.truncf %in : f32 to f16
    linalg.yield %0 : f16
  } -> tensor<4x8xf16>
  %x = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%b : tensor<4x8xf16>) outs(%e32 : tensor<4x8xf32>) {
  ^bb0(%in: f16, %out: f32):
    %0 = arith.extf %in : f16 to f32
    linalg.yield %0 : f32
  } -> tensor<4x8xf32>
  %m = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]}
      ins(%t, %b : tensor<4x8xf16>, tensor<4x8xf16>) outs(%e16 : tensor<4x8xf16>) {
  ^bb0(%in: f16, %in_1: f16, %out: f16):
    %0 = arith.mulf %in, %in_1 : f16
    linalg.yield %0 : f16
  } -> tensor<4x8xf16>
  %r = tensor.expand_shape %t [[0, 1], [2]] output_shape [1, 4, 8] : tensor<4x8xf16> into tensor<1x4x8xf16>
  return %t, %x, %m, %r : tensor<4x8xf16>, tensor<4x8xf32>, tensor<4x8xf16>, tensor<1x4x8xf16>
}
