// transformers' LlamaMLP (hidden 64, 4 heads, intermediate 176, 8 tokens, f16), exported by torch-mlir's
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
// ORACLE: @mlp output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree
// SUPER: @mlp output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
module {
  func.func @mlp(%arg0: tensor<1x8x64xf16>, %arg1: tensor<176x64xf16>, %arg2: tensor<176x64xf16>, %arg3: tensor<64x176xf16>) -> tensor<1x8x64xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<64x176xf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<176x64xf16>) outs(%0 : tensor<64x176xf16>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %1 = tensor.empty() : tensor<8x176xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<8x176xf32>) -> tensor<8x176xf32>
    %3 = linalg.matmul ins(%collapsed, %transposed : tensor<8x64xf16>, tensor<64x176xf16>) outs(%2 : tensor<8x176xf32>) -> tensor<8x176xf32>
    %4 = tensor.empty() : tensor<8x176xf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<8x176xf32>) outs(%4 : tensor<8x176xf16>) {
    ^bb0(%in: f32, %out: f16):
      %21 = arith.truncf %in : f32 to f16
      linalg.yield %21 : f16
    } -> tensor<8x176xf16>
    %expanded = tensor.expand_shape %5 [[0, 1], [2]] output_shape [1, 8, 176] : tensor<8x176xf16> into tensor<1x8x176xf16>
    %6 = tensor.empty() : tensor<1x8x176xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<1x8x176xf16>) outs(%6 : tensor<1x8x176xf32>) {
    ^bb0(%in: f16, %out: f32):
      %21 = arith.extf %in : f16 to f32
      linalg.yield %21 : f32
    } -> tensor<1x8x176xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<1x8x176xf32>) outs(%6 : tensor<1x8x176xf32>) {
    ^bb0(%in: f32, %out: f32):
      %21 = arith.negf %in : f32
      %22 = math.exp %21 : f32
      %23 = arith.addf %22, %cst_0 : f32
      %24 = arith.divf %cst_0, %23 : f32
      linalg.yield %24 : f32
    } -> tensor<1x8x176xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7, %8 : tensor<1x8x176xf32>, tensor<1x8x176xf32>) outs(%6 : tensor<1x8x176xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %21 = arith.mulf %in, %in_6 : f32
      linalg.yield %21 : f32
    } -> tensor<1x8x176xf32>
    %10 = tensor.empty() : tensor<1x8x176xf16>
    %11 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<1x8x176xf32>) outs(%10 : tensor<1x8x176xf16>) {
    ^bb0(%in: f32, %out: f16):
      %21 = arith.truncf %in : f32 to f16
      linalg.yield %21 : f16
    } -> tensor<1x8x176xf16>
    %transposed_1 = linalg.transpose ins(%arg2 : tensor<176x64xf16>) outs(%0 : tensor<64x176xf16>) permutation = [1, 0] 
    %12 = linalg.matmul ins(%collapsed, %transposed_1 : tensor<8x64xf16>, tensor<64x176xf16>) outs(%2 : tensor<8x176xf32>) -> tensor<8x176xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<8x176xf32>) outs(%4 : tensor<8x176xf16>) {
    ^bb0(%in: f32, %out: f16):
      %21 = arith.truncf %in : f32 to f16
      linalg.yield %21 : f16
    } -> tensor<8x176xf16>
    %expanded_2 = tensor.expand_shape %13 [[0, 1], [2]] output_shape [1, 8, 176] : tensor<8x176xf16> into tensor<1x8x176xf16>
    %14 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11, %expanded_2 : tensor<1x8x176xf16>, tensor<1x8x176xf16>) outs(%10 : tensor<1x8x176xf16>) {
    ^bb0(%in: f16, %in_6: f16, %out: f16):
      %21 = arith.mulf %in, %in_6 : f16
      linalg.yield %21 : f16
    } -> tensor<1x8x176xf16>
    %15 = tensor.empty() : tensor<176x64xf16>
    %transposed_3 = linalg.transpose ins(%arg3 : tensor<64x176xf16>) outs(%15 : tensor<176x64xf16>) permutation = [1, 0] 
    %collapsed_4 = tensor.collapse_shape %14 [[0, 1], [2]] : tensor<1x8x176xf16> into tensor<8x176xf16>
    %16 = tensor.empty() : tensor<8x64xf32>
    %17 = linalg.fill ins(%cst : f32) outs(%16 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %18 = linalg.matmul ins(%collapsed_4, %transposed_3 : tensor<8x176xf16>, tensor<176x64xf16>) outs(%17 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %19 = tensor.empty() : tensor<8x64xf16>
    %20 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%18 : tensor<8x64xf32>) outs(%19 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %21 = arith.truncf %in : f32 to f16
      linalg.yield %21 : f16
    } -> tensor<8x64xf16>
    %expanded_5 = tensor.expand_shape %20 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    return %expanded_5 : tensor<1x8x64xf16>
  }
}
