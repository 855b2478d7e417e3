// transformers' LlamaMLP (hidden 64, 4 heads, intermediate 176, 8 tokens, f32), exported by torch-mlir's
// fx.export_and_import (linalg-on-tensors) with its weights lifted to
// arguments: written by utils/export_models.py; do not edit.
// It imports, runs as upstream MLIR runs the linalg, and superoptimized
// with default options still agrees with upstream's execution of the
// original.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=SUPER %}
// CHECK-LABEL: func.func @mlp(
// CHECK: kgraph.matmul
// CHECK: kgraph.silu
// CHECK: kgraph.mul
// ORACLE: @mlp output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree
// SUPER: @mlp output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @mlp(%arg0: tensor<1x8x64xf32>, %arg1: tensor<176x64xf32>, %arg2: tensor<176x64xf32>, %arg3: tensor<64x176xf32>) -> tensor<1x8x64xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<64x176xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<176x64xf32>) outs(%0 : tensor<64x176xf32>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %1 = tensor.empty() : tensor<8x176xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<8x176xf32>) -> tensor<8x176xf32>
    %3 = linalg.matmul ins(%collapsed, %transposed : tensor<8x64xf32>, tensor<64x176xf32>) outs(%2 : tensor<8x176xf32>) -> tensor<8x176xf32>
    %expanded = tensor.expand_shape %3 [[0, 1], [2]] output_shape [1, 8, 176] : tensor<8x176xf32> into tensor<1x8x176xf32>
    %4 = tensor.empty() : tensor<1x8x176xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<1x8x176xf32>) outs(%4 : tensor<1x8x176xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.negf %in : f32
      %14 = math.exp %13 : f32
      %15 = arith.addf %14, %cst_0 : f32
      %16 = arith.divf %cst_0, %15 : f32
      linalg.yield %16 : f32
    } -> tensor<1x8x176xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded, %5 : tensor<1x8x176xf32>, tensor<1x8x176xf32>) outs(%4 : tensor<1x8x176xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %13 = arith.mulf %in, %in_6 : f32
      linalg.yield %13 : f32
    } -> tensor<1x8x176xf32>
    %transposed_1 = linalg.transpose ins(%arg2 : tensor<176x64xf32>) outs(%0 : tensor<64x176xf32>) permutation = [1, 0] 
    %7 = linalg.matmul ins(%collapsed, %transposed_1 : tensor<8x64xf32>, tensor<64x176xf32>) outs(%2 : tensor<8x176xf32>) -> tensor<8x176xf32>
    %expanded_2 = tensor.expand_shape %7 [[0, 1], [2]] output_shape [1, 8, 176] : tensor<8x176xf32> into tensor<1x8x176xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %expanded_2 : tensor<1x8x176xf32>, tensor<1x8x176xf32>) outs(%4 : tensor<1x8x176xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %13 = arith.mulf %in, %in_6 : f32
      linalg.yield %13 : f32
    } -> tensor<1x8x176xf32>
    %9 = tensor.empty() : tensor<176x64xf32>
    %transposed_3 = linalg.transpose ins(%arg3 : tensor<64x176xf32>) outs(%9 : tensor<176x64xf32>) permutation = [1, 0] 
    %collapsed_4 = tensor.collapse_shape %8 [[0, 1], [2]] : tensor<1x8x176xf32> into tensor<8x176xf32>
    %10 = tensor.empty() : tensor<8x64xf32>
    %11 = linalg.fill ins(%cst : f32) outs(%10 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %12 = linalg.matmul ins(%collapsed_4, %transposed_3 : tensor<8x176xf32>, tensor<176x64xf32>) outs(%11 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded_5 = tensor.expand_shape %12 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    return %expanded_5 : tensor<1x8x64xf32>
  }
}
