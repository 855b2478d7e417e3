// One BertLayer of transformers (hidden 64, 4 heads, 8 tokens, an additive attention mask, f32; a small config, random weights),
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) with
// its weights lifted to arguments: written by
// utils/export_models.py; do not edit. It imports, compiled for the CPU it
// agrees with upstream MLIR's execution of the linalg, and superoptimized
// with default options it still does.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// CHECK-LABEL: func.func @bert(
// CHECK: kgraph.matmul
// CHECK: kgraph.reduce_max
// CHECK: kgraph.gelu
// CHECK: kgraph.rsqrt
// ORACLE: @bert output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map7 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map8 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @bert(%arg0: tensor<1x8x64xf32>, %arg1: tensor<1x1x8x8xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<64xf32>, %arg6: tensor<64x64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64x64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<64xf32>, %arg12: tensor<128x64xf32>, %arg13: tensor<128xf32>, %arg14: tensor<64x128xf32>, %arg15: tensor<64xf32>, %arg16: tensor<64xf32>, %arg17: tensor<64xf32>) -> tensor<1x8x64xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 0.000000e+00 : f64
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant 9.9999999999999998E-13 : f64
    %cst_5 = arith.constant 2.500000e-01 : f32
    %cst_6 = arith.constant 6.400000e+01 : f64
    %cst_7 = arith.constant 6.400000e+01 : f32
    %cst_8 = arith.constant 1.41421354 : f32
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %0 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg2 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<8x64xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %3 = linalg.matmul ins(%collapsed, %transposed : tensor<8x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<64xf32>) outs(%1 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %5 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%1 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.addf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<8x64xf32>
    %expanded = tensor.expand_shape %5 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %6 = tensor.empty() : tensor<1x4x8x16xf32>
    %transposed_9 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf32>) outs(%6 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_10 = linalg.transpose ins(%arg4 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %7 = linalg.matmul ins(%collapsed, %transposed_10 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<64xf32>) outs(%1 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%7, %8 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%1 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.addf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<8x64xf32>
    %expanded_11 = tensor.expand_shape %9 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %transposed_12 = linalg.transpose ins(%arg6 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %10 = linalg.matmul ins(%collapsed, %transposed_12 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg7 : tensor<64xf32>) outs(%1 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10, %11 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%1 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.addf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<8x64xf32>
    %expanded_13 = tensor.expand_shape %12 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %transposed_14 = linalg.transpose ins(%expanded_13 : tensor<1x8x4x16xf32>) outs(%6 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %13 = tensor.empty() : tensor<1x4x16x8xf32>
    %transposed_15 = linalg.transpose ins(%expanded_11 : tensor<1x8x4x16xf32>) outs(%13 : tensor<1x4x16x8xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_16 = tensor.collapse_shape %transposed_9 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %collapsed_17 = tensor.collapse_shape %transposed_15 [[0, 1], [2], [3]] : tensor<1x4x16x8xf32> into tensor<4x16x8xf32>
    %14 = tensor.empty() : tensor<4x8x8xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%14 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %16 = linalg.batch_matmul ins(%collapsed_16, %collapsed_17 : tensor<4x8x16xf32>, tensor<4x16x8xf32>) outs(%15 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %expanded_18 = tensor.expand_shape %16 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %17 = tensor.empty() : tensor<1x4x8x8xf32>
    %18 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_18 : tensor<1x4x8x8xf32>) outs(%17 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.mulf %in, %cst_5 : f32
      linalg.yield %90 : f32
    } -> tensor<1x4x8x8xf32>
    %19 = linalg.generic {indexing_maps = [#map2, #map3, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %arg1 : tensor<1x4x8x8xf32>, tensor<1x1x8x8xf32>) outs(%17 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.addf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<1x4x8x8xf32>
    %20 = tensor.empty() : tensor<1x4x8xi64>
    %21 = linalg.fill ins(%c0_i64 : i64) outs(%20 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %22 = tensor.empty() : tensor<1x4x8xf32>
    %23 = linalg.fill ins(%cst_0 : f32) outs(%22 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %24:2 = linalg.generic {indexing_maps = [#map2, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%19 : tensor<1x4x8x8xf32>) outs(%23, %21 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_33: i64):
      %90 = linalg.index 3 : index
      %91 = arith.index_cast %90 : index to i64
      %92 = arith.maximumf %in, %out : f32
      %93 = arith.cmpf ogt, %in, %out : f32
      %94 = arith.select %93, %91, %out_33 : i64
      linalg.yield %92, %94 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_19 = tensor.expand_shape %24#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %25 = linalg.generic {indexing_maps = [#map2, #map5, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%19, %expanded_19 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%17 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.subf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<1x4x8x8xf32>
    %26 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25 : tensor<1x4x8x8xf32>) outs(%17 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = math.exp %in : f32
      linalg.yield %90 : f32
    } -> tensor<1x4x8x8xf32>
    %27 = tensor.empty() : tensor<1x4x8x1xf32>
    %28 = linalg.fill ins(%cst : f32) outs(%27 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %29 = linalg.generic {indexing_maps = [#map2, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%26 : tensor<1x4x8x8xf32>) outs(%28 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.addf %in, %out : f32
      linalg.yield %90 : f32
    } -> tensor<1x4x8x1xf32>
    %30 = linalg.generic {indexing_maps = [#map2, #map5, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %29 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%17 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.divf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<1x4x8x8xf32>
    %collapsed_20 = tensor.collapse_shape %30 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %collapsed_21 = tensor.collapse_shape %transposed_14 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %31 = tensor.empty() : tensor<4x8x16xf32>
    %32 = linalg.fill ins(%cst : f32) outs(%31 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %33 = linalg.batch_matmul ins(%collapsed_20, %collapsed_21 : tensor<4x8x8xf32>, tensor<4x8x16xf32>) outs(%32 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %expanded_22 = tensor.expand_shape %33 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf32> into tensor<1x4x8x16xf32>
    %34 = tensor.empty() : tensor<1x8x4x16xf32>
    %transposed_23 = linalg.transpose ins(%expanded_22 : tensor<1x4x8x16xf32>) outs(%34 : tensor<1x8x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_24 = tensor.collapse_shape %transposed_23 [[0, 1], [2, 3]] : tensor<1x8x4x16xf32> into tensor<8x64xf32>
    %transposed_25 = linalg.transpose ins(%arg8 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %35 = linalg.matmul ins(%collapsed_24, %transposed_25 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %36 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg9 : tensor<64xf32>) outs(%1 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %37 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%35, %36 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%1 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.addf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<8x64xf32>
    %expanded_26 = tensor.expand_shape %37 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %38 = tensor.empty() : tensor<1x8x64xf32>
    %39 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_26, %arg0 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%38 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.addf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x64xf32>
    %40 = tensor.empty() : tensor<1x8x64xf64>
    %41 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%39 : tensor<1x8x64xf32>) outs(%40 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %90 = arith.extf %in : f32 to f64
      linalg.yield %90 : f64
    } -> tensor<1x8x64xf64>
    %42 = tensor.empty() : tensor<1x8x1xf64>
    %43 = linalg.fill ins(%cst_1 : f64) outs(%42 : tensor<1x8x1xf64>) -> tensor<1x8x1xf64>
    %44 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%41 : tensor<1x8x64xf64>) outs(%43 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.addf %in, %out : f64
      linalg.yield %90 : f64
    } -> tensor<1x8x1xf64>
    %45 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%44 : tensor<1x8x1xf64>) outs(%42 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.divf %in, %cst_6 : f64
      linalg.yield %90 : f64
    } -> tensor<1x8x1xf64>
    %46 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%41, %45 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%40 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %90 = arith.subf %in, %in_33 : f64
      linalg.yield %90 : f64
    } -> tensor<1x8x64xf64>
    %47 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%46, %46 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%40 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %90 = arith.mulf %in, %in_33 : f64
      linalg.yield %90 : f64
    } -> tensor<1x8x64xf64>
    %48 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%47 : tensor<1x8x64xf64>) outs(%43 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.addf %in, %out : f64
      linalg.yield %90 : f64
    } -> tensor<1x8x1xf64>
    %49 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%48 : tensor<1x8x1xf64>) outs(%42 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.divf %in, %cst_6 : f64
      linalg.yield %90 : f64
    } -> tensor<1x8x1xf64>
    %50 = tensor.empty() : tensor<1x8x1xf32>
    %51 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%49 : tensor<1x8x1xf64>) outs(%50 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %90 = arith.truncf %in : f64 to f32
      linalg.yield %90 : f32
    } -> tensor<1x8x1xf32>
    %52 = linalg.fill ins(%cst : f32) outs(%50 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %53 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%39 : tensor<1x8x64xf32>) outs(%52 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.addf %in, %out : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x1xf32>
    %54 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%53 : tensor<1x8x1xf32>) outs(%50 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.divf %in, %cst_7 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x1xf32>
    %55 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51 : tensor<1x8x1xf32>) outs(%50 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.truncf %cst_4 : f64 to f32
      %91 = arith.addf %in, %90 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %56 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%55 : tensor<1x8x1xf32>) outs(%50 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = math.rsqrt %in : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x1xf32>
    %57 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%39, %54 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%38 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.subf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x64xf32>
    %58 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57, %56 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%38 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.mulf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x64xf32>
    %59 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58, %arg10 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%38 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.mulf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x64xf32>
    %60 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59, %arg11 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%38 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.addf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x64xf32>
    %collapsed_27 = tensor.collapse_shape %60 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %61 = tensor.empty() : tensor<64x128xf32>
    %transposed_28 = linalg.transpose ins(%arg12 : tensor<128x64xf32>) outs(%61 : tensor<64x128xf32>) permutation = [1, 0] 
    %62 = tensor.empty() : tensor<8x128xf32>
    %63 = linalg.fill ins(%cst : f32) outs(%62 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %64 = linalg.matmul ins(%collapsed_27, %transposed_28 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%63 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg13 : tensor<128xf32>) outs(%62 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %66 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%64, %65 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%62 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.addf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<8x128xf32>
    %expanded_29 = tensor.expand_shape %66 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf32> into tensor<1x8x128xf32>
    %67 = tensor.empty() : tensor<1x8x128xf32>
    %68 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_29 : tensor<1x8x128xf32>) outs(%67 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.divf %in, %cst_8 : f32
      %91 = math.erf %90 : f32
      %92 = arith.addf %91, %cst_2 : f32
      %93 = arith.mulf %92, %cst_3 : f32
      %94 = arith.mulf %in, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x8x128xf32>
    %collapsed_30 = tensor.collapse_shape %68 [[0, 1], [2]] : tensor<1x8x128xf32> into tensor<8x128xf32>
    %69 = tensor.empty() : tensor<128x64xf32>
    %transposed_31 = linalg.transpose ins(%arg14 : tensor<64x128xf32>) outs(%69 : tensor<128x64xf32>) permutation = [1, 0] 
    %70 = linalg.matmul ins(%collapsed_30, %transposed_31 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %71 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel"]} ins(%arg15 : tensor<64xf32>) outs(%1 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %72 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%70, %71 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%1 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.addf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<8x64xf32>
    %expanded_32 = tensor.expand_shape %72 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %73 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32, %60 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%38 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.addf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x64xf32>
    %74 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73 : tensor<1x8x64xf32>) outs(%40 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %90 = arith.extf %in : f32 to f64
      linalg.yield %90 : f64
    } -> tensor<1x8x64xf64>
    %75 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%74 : tensor<1x8x64xf64>) outs(%43 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.addf %in, %out : f64
      linalg.yield %90 : f64
    } -> tensor<1x8x1xf64>
    %76 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<1x8x1xf64>) outs(%42 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.divf %in, %cst_6 : f64
      linalg.yield %90 : f64
    } -> tensor<1x8x1xf64>
    %77 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74, %76 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%40 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %90 = arith.subf %in, %in_33 : f64
      linalg.yield %90 : f64
    } -> tensor<1x8x64xf64>
    %78 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %77 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%40 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %90 = arith.mulf %in, %in_33 : f64
      linalg.yield %90 : f64
    } -> tensor<1x8x64xf64>
    %79 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%78 : tensor<1x8x64xf64>) outs(%43 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.addf %in, %out : f64
      linalg.yield %90 : f64
    } -> tensor<1x8x1xf64>
    %80 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<1x8x1xf64>) outs(%42 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %90 = arith.divf %in, %cst_6 : f64
      linalg.yield %90 : f64
    } -> tensor<1x8x1xf64>
    %81 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80 : tensor<1x8x1xf64>) outs(%50 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %90 = arith.truncf %in : f64 to f32
      linalg.yield %90 : f32
    } -> tensor<1x8x1xf32>
    %82 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "reduction"]} ins(%73 : tensor<1x8x64xf32>) outs(%52 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.addf %in, %out : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x1xf32>
    %83 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82 : tensor<1x8x1xf32>) outs(%50 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.divf %in, %cst_7 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x1xf32>
    %84 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81 : tensor<1x8x1xf32>) outs(%50 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = arith.truncf %cst_4 : f64 to f32
      %91 = arith.addf %in, %90 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %85 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<1x8x1xf32>) outs(%50 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %90 = math.rsqrt %in : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x1xf32>
    %86 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%73, %83 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%38 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.subf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x64xf32>
    %87 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86, %85 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%38 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.mulf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x64xf32>
    %88 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87, %arg16 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%38 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.mulf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x64xf32>
    %89 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88, %arg17 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%38 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %90 = arith.addf %in, %in_33 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x64xf32>
    return %89 : tensor<1x8x64xf32>
  }
}
