// Softmax as upstream's decomposition of linalg.softmax writes it (mlir-opt
// with transform.structured.decompose_interface): a max reduction with
// maxnumf into a NaN fill, exp(x - max), the sum, the division; all kept.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}

// CHECK-LABEL: func.func @softmax(
// CHECK-NEXT: %[[M:.*]] = kgraph.reduce_max %arg0 dim = 1
// CHECK-NEXT: %[[C:.*]] = kgraph.sub %arg0, %[[M]]
// CHECK-NEXT: %[[E:.*]] = kgraph.exp %[[C]]
// CHECK-NEXT: %[[S:.*]] = kgraph.reduce_sum %[[E]] dim = 1
// CHECK-NEXT: %[[P:.*]] = kgraph.div %[[E]], %[[S]]
// CHECK-NEXT: return %[[P]]
// ORACLE: @softmax output 0 tensor<2x8xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
module {
  func.func @softmax(%arg0: tensor<2x8xf32>) -> tensor<2x8xf32> {
    %0 = tensor.empty() : tensor<2x8xf32>
    %1 = tensor.empty() : tensor<2xf32>
    %cst = arith.constant 0xFFC00000 : f32
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<2xf32>) -> tensor<2xf32>
    %3 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%arg0 : tensor<2x8xf32>) outs(%2 : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.maxnumf %in, %out : f32
      linalg.yield %8 : f32
    } -> tensor<2xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %3 : tensor<2x8xf32>, tensor<2xf32>) outs(%0 : tensor<2x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %8 = arith.subf %in, %in_1 : f32
      %9 = math.exp %8 : f32
      linalg.yield %9 : f32
    } -> tensor<2x8xf32>
    %cst_0 = arith.constant 0.000000e+00 : f32
    %5 = linalg.fill ins(%cst_0 : f32) outs(%1 : tensor<2xf32>) -> tensor<2xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%4 : tensor<2x8xf32>) outs(%5 : tensor<2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %8 = arith.addf %in, %out : f32
      linalg.yield %8 : f32
    } -> tensor<2xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%4, %6 : tensor<2x8xf32>, tensor<2xf32>) outs(%0 : tensor<2x8xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %8 = arith.divf %in, %in_1 : f32
      linalg.yield %8 : f32
    } -> tensor<2x8xf32>
    return %7 : tensor<2x8xf32>
  }
}

