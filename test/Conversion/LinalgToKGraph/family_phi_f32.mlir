// One PhiDecoderLayer of transformers (hidden 64, 4 heads, 8 tokens, f32; a small config, random weights),
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) with
// its weights, and the rotary embedding's cos and sin, lifted to arguments: written by
// utils/export_models.py; do not edit. It imports, compiled for the CPU it
// agrees with upstream MLIR's execution of the linalg, and superoptimized
// with default options it still does.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// CHECK-LABEL: func.func @phi(
// CHECK: kgraph.rsqrt
// CHECK: kgraph.concat
// CHECK: kgraph.tanh
// ORACLE: @phi output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @phi(%arg0: tensor<1x8x64xf32>, %arg1: tensor<1x8x8xf32>, %arg2: tensor<1x8x8xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64x64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64x64xf32>, %arg10: tensor<64xf32>, %arg11: tensor<128x64xf32>, %arg12: tensor<128xf32>, %arg13: tensor<64x128xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>, %arg16: tensor<64xf32>) -> tensor<1x8x64xf32> {
    %c3_i64 = arith.constant 3 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 0.79788456080286541 : f64
    %cst_3 = arith.constant 4.471500e-02 : f64
    %cst_4 = arith.constant 1.000000e-05 : f64
    %cst_5 = arith.constant 6.400000e+01 : f64
    %cst_6 = arith.constant 6.400000e+01 : f32
    %cst_7 = arith.constant 2.500000e-01 : f32
    %cst_8 = arith.constant 5.000000e-01 : f32
    %cst_9 = arith.constant 1.000000e+00 : f32
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
    ^bb0(%in: f64, %in_46: f64, %out: f64):
      %89 = arith.subf %in, %in_46 : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x64xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_46: f64, %out: f64):
      %89 = arith.mulf %in, %in_46 : f64
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
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.subf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %16 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.mulf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %arg15 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.mulf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg16 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.addf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %collapsed = tensor.collapse_shape %21 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %22 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg3 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %23 = tensor.empty() : tensor<8x64xf32>
    %24 = linalg.fill ins(%cst_0 : f32) outs(%23 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %25 = linalg.matmul ins(%collapsed, %transposed : tensor<8x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %26 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %27 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%25, %26 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.addf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<8x64xf32>
    %expanded = tensor.expand_shape %27 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %28 = tensor.empty() : tensor<1x4x8x16xf32>
    %transposed_10 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf32>) outs(%28 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_11 = linalg.transpose ins(%arg5 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %29 = linalg.matmul ins(%collapsed, %transposed_11 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %30 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%29, %30 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.addf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<8x64xf32>
    %expanded_12 = tensor.expand_shape %31 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %transposed_13 = linalg.transpose ins(%expanded_12 : tensor<1x8x4x16xf32>) outs(%28 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_14 = linalg.transpose ins(%arg7 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %32 = linalg.matmul ins(%collapsed, %transposed_14 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %33 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg8 : tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %34 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%32, %33 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.addf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<8x64xf32>
    %expanded_15 = tensor.expand_shape %34 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %transposed_16 = linalg.transpose ins(%expanded_15 : tensor<1x8x4x16xf32>) outs(%28 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %extracted_slice = tensor.extract_slice %transposed_10[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %extracted_slice_17 = tensor.extract_slice %transposed_10[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %extracted_slice_18 = tensor.extract_slice %transposed_13[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %extracted_slice_19 = tensor.extract_slice %transposed_13[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %expanded_20 = tensor.expand_shape %arg1 [[0], [1, 2], [3]] output_shape [1, 1, 8, 8] : tensor<1x8x8xf32> into tensor<1x1x8x8xf32>
    %expanded_21 = tensor.expand_shape %arg2 [[0], [1, 2], [3]] output_shape [1, 1, 8, 8] : tensor<1x8x8xf32> into tensor<1x1x8x8xf32>
    %35 = tensor.empty() : tensor<1x4x8x8xf32>
    %36 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice, %expanded_20 : tensor<1x4x8x8xf32>, tensor<1x1x8x8xf32>) outs(%35 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.mulf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %extracted_slice_22 = tensor.extract_slice %extracted_slice[0, 0, 0, 0] [1, 4, 8, 4] [1, 1, 1, 1] : tensor<1x4x8x8xf32> to tensor<1x4x8x4xf32>
    %extracted_slice_23 = tensor.extract_slice %extracted_slice[0, 0, 0, 4] [1, 4, 8, 4] [1, 1, 1, 1] : tensor<1x4x8x8xf32> to tensor<1x4x8x4xf32>
    %37 = tensor.empty() : tensor<1x4x8x4xf32>
    %38 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_23 : tensor<1x4x8x4xf32>) outs(%37 : tensor<1x4x8x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.negf %in : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x4xf32>
    %concat = tensor.concat dim(3) %38, %extracted_slice_22 : (tensor<1x4x8x4xf32>, tensor<1x4x8x4xf32>) -> tensor<1x4x8x8xf32>
    %39 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %expanded_21 : tensor<1x4x8x8xf32>, tensor<1x1x8x8xf32>) outs(%35 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.mulf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %40 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%36, %39 : tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) outs(%35 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.addf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %41 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_18, %expanded_20 : tensor<1x4x8x8xf32>, tensor<1x1x8x8xf32>) outs(%35 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.mulf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %extracted_slice_24 = tensor.extract_slice %extracted_slice_18[0, 0, 0, 0] [1, 4, 8, 4] [1, 1, 1, 1] : tensor<1x4x8x8xf32> to tensor<1x4x8x4xf32>
    %extracted_slice_25 = tensor.extract_slice %extracted_slice_18[0, 0, 0, 4] [1, 4, 8, 4] [1, 1, 1, 1] : tensor<1x4x8x8xf32> to tensor<1x4x8x4xf32>
    %42 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_25 : tensor<1x4x8x4xf32>) outs(%37 : tensor<1x4x8x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.negf %in : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x4xf32>
    %concat_26 = tensor.concat dim(3) %42, %extracted_slice_24 : (tensor<1x4x8x4xf32>, tensor<1x4x8x4xf32>) -> tensor<1x4x8x8xf32>
    %43 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_26, %expanded_21 : tensor<1x4x8x8xf32>, tensor<1x1x8x8xf32>) outs(%35 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.mulf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %44 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %43 : tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) outs(%35 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.addf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %concat_27 = tensor.concat dim(3) %40, %extracted_slice_17 : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
    %concat_28 = tensor.concat dim(3) %44, %extracted_slice_19 : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
    %45 = tensor.empty() : tensor<1x4x16x8xf32>
    %transposed_29 = linalg.transpose ins(%concat_28 : tensor<1x4x8x16xf32>) outs(%45 : tensor<1x4x16x8xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_30 = tensor.collapse_shape %concat_27 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %collapsed_31 = tensor.collapse_shape %transposed_29 [[0, 1], [2], [3]] : tensor<1x4x16x8xf32> into tensor<4x16x8xf32>
    %46 = tensor.empty() : tensor<4x8x8xf32>
    %47 = linalg.fill ins(%cst_0 : f32) outs(%46 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %48 = linalg.batch_matmul ins(%collapsed_30, %collapsed_31 : tensor<4x8x16xf32>, tensor<4x16x8xf32>) outs(%47 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %expanded_32 = tensor.expand_shape %48 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %49 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_32 : tensor<1x4x8x8xf32>) outs(%35 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.mulf %in, %cst_7 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %50 = tensor.empty() : tensor<1x4x8xi64>
    %51 = linalg.fill ins(%c0_i64 : i64) outs(%50 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %52 = tensor.empty() : tensor<1x4x8xf32>
    %53 = linalg.fill ins(%cst_1 : f32) outs(%52 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %54:2 = linalg.generic {indexing_maps = [#map5, #map7, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%49 : tensor<1x4x8x8xf32>) outs(%53, %51 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_46: i64):
      %89 = linalg.index 3 : index
      %90 = arith.index_cast %89 : index to i64
      %91 = arith.maximumf %in, %out : f32
      %92 = arith.cmpf ogt, %in, %out : f32
      %93 = arith.select %92, %90, %out_46 : i64
      linalg.yield %91, %93 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_33 = tensor.expand_shape %54#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %55 = linalg.generic {indexing_maps = [#map5, #map8, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%49, %expanded_33 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%35 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.subf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %56 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%55 : tensor<1x4x8x8xf32>) outs(%35 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.exp %in : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %57 = tensor.empty() : tensor<1x4x8x1xf32>
    %58 = linalg.fill ins(%cst_0 : f32) outs(%57 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %59 = linalg.generic {indexing_maps = [#map5, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%56 : tensor<1x4x8x8xf32>) outs(%58 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.addf %in, %out : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x1xf32>
    %60 = linalg.generic {indexing_maps = [#map5, #map8, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%56, %59 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%35 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.divf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %collapsed_34 = tensor.collapse_shape %60 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %collapsed_35 = tensor.collapse_shape %transposed_16 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %61 = tensor.empty() : tensor<4x8x16xf32>
    %62 = linalg.fill ins(%cst_0 : f32) outs(%61 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %63 = linalg.batch_matmul ins(%collapsed_34, %collapsed_35 : tensor<4x8x8xf32>, tensor<4x8x16xf32>) outs(%62 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %expanded_36 = tensor.expand_shape %63 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf32> into tensor<1x4x8x16xf32>
    %64 = tensor.empty() : tensor<1x8x4x16xf32>
    %transposed_37 = linalg.transpose ins(%expanded_36 : tensor<1x4x8x16xf32>) outs(%64 : tensor<1x8x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_38 = tensor.collapse_shape %transposed_37 [[0, 1], [2, 3]] : tensor<1x8x4x16xf32> into tensor<8x64xf32>
    %transposed_39 = linalg.transpose ins(%arg9 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %65 = linalg.matmul ins(%collapsed_38, %transposed_39 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %66 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg10 : tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %67 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%65, %66 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.addf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<8x64xf32>
    %expanded_40 = tensor.expand_shape %67 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %68 = tensor.empty() : tensor<64x128xf32>
    %transposed_41 = linalg.transpose ins(%arg11 : tensor<128x64xf32>) outs(%68 : tensor<64x128xf32>) permutation = [1, 0] 
    %69 = tensor.empty() : tensor<8x128xf32>
    %70 = linalg.fill ins(%cst_0 : f32) outs(%69 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %71 = linalg.matmul ins(%collapsed, %transposed_41 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%70 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %72 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg12 : tensor<128xf32>) outs(%69 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %73 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%71, %72 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%69 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.addf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<8x128xf32>
    %expanded_42 = tensor.expand_shape %73 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf32> into tensor<1x8x128xf32>
    %74 = tensor.empty() : tensor<1x8x128xf32>
    %75 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_42 : tensor<1x8x128xf32>) outs(%74 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.mulf %in, %cst_8 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x128xf32>
    %76 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_42 : tensor<1x8x128xf32>) outs(%74 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %89 : f32
    } -> tensor<1x8x128xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<1x8x128xf32>) outs(%74 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.truncf %cst_3 : f64 to f32
      %90 = arith.mulf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x128xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_42, %77 : tensor<1x8x128xf32>, tensor<1x8x128xf32>) outs(%74 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.addf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x128xf32>
    %79 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78 : tensor<1x8x128xf32>) outs(%74 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.truncf %cst_2 : f64 to f32
      %90 = arith.mulf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x128xf32>
    %80 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<1x8x128xf32>) outs(%74 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.tanh %in : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x128xf32>
    %81 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80 : tensor<1x8x128xf32>) outs(%74 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.addf %in, %cst_9 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x128xf32>
    %82 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75, %81 : tensor<1x8x128xf32>, tensor<1x8x128xf32>) outs(%74 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.mulf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x128xf32>
    %collapsed_43 = tensor.collapse_shape %82 [[0, 1], [2]] : tensor<1x8x128xf32> into tensor<8x128xf32>
    %83 = tensor.empty() : tensor<128x64xf32>
    %transposed_44 = linalg.transpose ins(%arg13 : tensor<64x128xf32>) outs(%83 : tensor<128x64xf32>) permutation = [1, 0] 
    %84 = linalg.matmul ins(%collapsed_43, %transposed_44 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %85 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg14 : tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %86 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%84, %85 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.addf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<8x64xf32>
    %expanded_45 = tensor.expand_shape %86 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %87 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_40, %expanded_45 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.addf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %88 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87, %arg0 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %89 = arith.addf %in, %in_46 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    return %88 : tensor<1x8x64xf32>
  }
}
