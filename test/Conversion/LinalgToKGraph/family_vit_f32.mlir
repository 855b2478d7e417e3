// One ViTLayer of transformers (hidden 64, 4 heads, 8 tokens, f32; a small config, random weights),
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) with
// its weights lifted to arguments: written by
// utils/export_models.py; do not edit. It imports, compiled for the CPU it
// agrees with upstream MLIR's execution of the linalg, and superoptimized
// with default options it still does.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// CHECK-LABEL: func.func @vit(
// CHECK: kgraph.rsqrt
// CHECK: kgraph.reduce_max
// CHECK: kgraph.gelu
// ORACLE: @vit output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @vit(%arg0: tensor<1x8x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64x64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<64xf32>, %arg12: tensor<64xf32>, %arg13: tensor<128x64xf32>, %arg14: tensor<128xf32>, %arg15: tensor<64x128xf32>, %arg16: tensor<64xf32>) -> tensor<1x8x64xf32> {
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant 9.9999999999999998E-13 : f64
    %cst_5 = arith.constant 6.400000e+01 : f64
    %cst_6 = arith.constant 6.400000e+01 : f32
    %cst_7 = arith.constant 2.500000e-01 : f32
    %cst_8 = arith.constant 1.41421354 : f32
    %0 = tensor.empty() : tensor<1x8x64xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %89 = arith.extf %in : f32 to f64
      linalg.yield %89 : f64
    } -> tensor<1x8x64xf64>
    %2 = tensor.empty() : tensor<1x8x1xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<1x8x1xf64>) -> tensor<1x8x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x8x64xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.addf %in, %out : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.divf %in, %cst_5 : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %89 = arith.subf %in, %in_33 : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x64xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %89 = arith.mulf %in, %in_33 : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x64xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<1x8x64xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.addf %in, %out : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.divf %in, %cst_5 : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x1xf64>
    %10 = tensor.empty() : tensor<1x8x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<1x8x1xf64>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %89 = arith.truncf %in : f64 to f32
      linalg.yield %89 : f32
    } -> tensor<1x8x1xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<1x8x64xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.addf %in, %out : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.divf %in, %cst_6 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.truncf %cst_4 : f64 to f32
      %90 = arith.addf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.rsqrt %in : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x1xf32>
    %17 = tensor.empty() : tensor<1x8x64xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %14 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.subf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %16 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.mulf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %arg9 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.mulf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg10 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.addf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %collapsed = tensor.collapse_shape %21 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %22 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg1 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %23 = tensor.empty() : tensor<8x64xf32>
    %24 = linalg.fill ins(%cst_0 : f32) outs(%23 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %25 = linalg.matmul ins(%collapsed, %transposed : tensor<8x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %26 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg2 : tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %27 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%25, %26 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.addf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<8x64xf32>
    %expanded = tensor.expand_shape %27 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %28 = tensor.empty() : tensor<1x4x8x16xf32>
    %transposed_9 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf32>) outs(%28 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_10 = linalg.transpose ins(%arg3 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %29 = linalg.matmul ins(%collapsed, %transposed_10 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %30 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%29, %30 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.addf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<8x64xf32>
    %expanded_11 = tensor.expand_shape %31 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %transposed_12 = linalg.transpose ins(%arg5 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %32 = linalg.matmul ins(%collapsed, %transposed_12 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %33 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %34 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%32, %33 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.addf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<8x64xf32>
    %expanded_13 = tensor.expand_shape %34 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %transposed_14 = linalg.transpose ins(%expanded_13 : tensor<1x8x4x16xf32>) outs(%28 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %35 = tensor.empty() : tensor<1x4x16x8xf32>
    %transposed_15 = linalg.transpose ins(%expanded_11 : tensor<1x8x4x16xf32>) outs(%35 : tensor<1x4x16x8xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_16 = tensor.collapse_shape %transposed_9 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %collapsed_17 = tensor.collapse_shape %transposed_15 [[0, 1], [2], [3]] : tensor<1x4x16x8xf32> into tensor<4x16x8xf32>
    %36 = tensor.empty() : tensor<4x8x8xf32>
    %37 = linalg.fill ins(%cst_0 : f32) outs(%36 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %38 = linalg.batch_matmul ins(%collapsed_16, %collapsed_17 : tensor<4x8x16xf32>, tensor<4x16x8xf32>) outs(%37 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %expanded_18 = tensor.expand_shape %38 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %39 = tensor.empty() : tensor<1x4x8x8xf32>
    %40 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_18 : tensor<1x4x8x8xf32>) outs(%39 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.mulf %in, %cst_7 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %41 = tensor.empty() : tensor<1x4x8xi64>
    %42 = linalg.fill ins(%c0_i64 : i64) outs(%41 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %43 = tensor.empty() : tensor<1x4x8xf32>
    %44 = linalg.fill ins(%cst_1 : f32) outs(%43 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %45:2 = linalg.generic {indexing_maps = [#map5, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%40 : tensor<1x4x8x8xf32>) outs(%44, %42 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_33: i64):
      %89 = linalg.index 3 : index
      %90 = arith.index_cast %89 : index to i64
      %91 = arith.maximumf %in, %out : f32
      %92 = arith.cmpf ogt, %in, %out : f32
      %93 = arith.select %92, %90, %out_33 : i64
      linalg.yield %91, %93 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_19 = tensor.expand_shape %45#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %46 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %expanded_19 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%39 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.subf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %47 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46 : tensor<1x4x8x8xf32>) outs(%39 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.exp %in : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %48 = tensor.empty() : tensor<1x4x8x1xf32>
    %49 = linalg.fill ins(%cst_0 : f32) outs(%48 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %50 = linalg.generic {indexing_maps = [#map5, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%47 : tensor<1x4x8x8xf32>) outs(%49 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.addf %in, %out : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x1xf32>
    %51 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47, %50 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%39 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.divf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %collapsed_20 = tensor.collapse_shape %51 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %collapsed_21 = tensor.collapse_shape %transposed_14 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %52 = tensor.empty() : tensor<4x8x16xf32>
    %53 = linalg.fill ins(%cst_0 : f32) outs(%52 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %54 = linalg.batch_matmul ins(%collapsed_20, %collapsed_21 : tensor<4x8x8xf32>, tensor<4x8x16xf32>) outs(%53 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %expanded_22 = tensor.expand_shape %54 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf32> into tensor<1x4x8x16xf32>
    %55 = tensor.empty() : tensor<1x8x4x16xf32>
    %transposed_23 = linalg.transpose ins(%expanded_22 : tensor<1x4x8x16xf32>) outs(%55 : tensor<1x8x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_24 = tensor.collapse_shape %transposed_23 [[0, 1], [2, 3]] : tensor<1x8x4x16xf32> into tensor<8x64xf32>
    %transposed_25 = linalg.transpose ins(%arg7 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %56 = linalg.matmul ins(%collapsed_24, %transposed_25 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %57 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg8 : tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %58 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%56, %57 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.addf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<8x64xf32>
    %expanded_26 = tensor.expand_shape %58 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %59 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_26, %arg0 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.addf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %60 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %89 = arith.extf %in : f32 to f64
      linalg.yield %89 : f64
    } -> tensor<1x8x64xf64>
    %61 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%60 : tensor<1x8x64xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.addf %in, %out : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x1xf64>
    %62 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.divf %in, %cst_5 : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x1xf64>
    %63 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60, %62 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %89 = arith.subf %in, %in_33 : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x64xf64>
    %64 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %63 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %89 = arith.mulf %in, %in_33 : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x64xf64>
    %65 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%64 : tensor<1x8x64xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.addf %in, %out : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x1xf64>
    %66 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.divf %in, %cst_5 : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x1xf64>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<1x8x1xf64>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %89 = arith.truncf %in : f64 to f32
      linalg.yield %89 : f32
    } -> tensor<1x8x1xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%59 : tensor<1x8x64xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.addf %in, %out : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x1xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.divf %in, %cst_6 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x1xf32>
    %70 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.truncf %cst_4 : f64 to f32
      %90 = arith.addf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x1xf32>
    %71 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.rsqrt %in : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x1xf32>
    %72 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59, %69 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.subf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72, %71 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.mulf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %74 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73, %arg11 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.mulf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %75 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74, %arg12 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.addf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %collapsed_27 = tensor.collapse_shape %75 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %76 = tensor.empty() : tensor<64x128xf32>
    %transposed_28 = linalg.transpose ins(%arg13 : tensor<128x64xf32>) outs(%76 : tensor<64x128xf32>) permutation = [1, 0] 
    %77 = tensor.empty() : tensor<8x128xf32>
    %78 = linalg.fill ins(%cst_0 : f32) outs(%77 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %79 = linalg.matmul ins(%collapsed_27, %transposed_28 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%78 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %80 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg14 : tensor<128xf32>) outs(%77 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %81 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%79, %80 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%77 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.addf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<8x128xf32>
    %expanded_29 = tensor.expand_shape %81 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf32> into tensor<1x8x128xf32>
    %82 = tensor.empty() : tensor<1x8x128xf32>
    %83 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_29 : tensor<1x8x128xf32>) outs(%82 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.divf %in, %cst_8 : f32
      %90 = math.erf %89 : f32
      %91 = arith.addf %90, %cst_2 : f32
      %92 = arith.mulf %91, %cst_3 : f32
      %93 = arith.mulf %in, %92 : f32
      linalg.yield %93 : f32
    } -> tensor<1x8x128xf32>
    %collapsed_30 = tensor.collapse_shape %83 [[0, 1], [2]] : tensor<1x8x128xf32> into tensor<8x128xf32>
    %84 = tensor.empty() : tensor<128x64xf32>
    %transposed_31 = linalg.transpose ins(%arg15 : tensor<64x128xf32>) outs(%84 : tensor<128x64xf32>) permutation = [1, 0] 
    %85 = linalg.matmul ins(%collapsed_30, %transposed_31 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %86 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg16 : tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %87 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%85, %86 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.addf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<8x64xf32>
    %expanded_32 = tensor.expand_shape %87 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %88 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32, %59 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %89 = arith.addf %in, %in_33 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    return %88 : tensor<1x8x64xf32>
  }
}
