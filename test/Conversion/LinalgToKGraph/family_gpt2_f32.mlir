// One GPT2Block of transformers (hidden 64, 4 heads, 8 tokens, f32; a small config, random weights),
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) with
// its weights lifted to arguments: written by
// utils/export_models.py; do not edit. It imports, compiled for the CPU it
// agrees with upstream MLIR's execution of the linalg, and superoptimized
// with default options it still does.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// CHECK-LABEL: func.func @gpt2(
// CHECK: kgraph.rsqrt
// CHECK: kgraph.matmul
// CHECK: kgraph.tanh
// ORACLE: @gpt2 output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @gpt2(%arg0: tensor<1x8x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64xf32>, %arg3: tensor<64x192xf32>, %arg4: tensor<192xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64x128xf32>, %arg10: tensor<128xf32>, %arg11: tensor<128x64xf32>, %arg12: tensor<64xf32>) -> tensor<1x8x64xf32> {
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
    ^bb0(%in: f64, %in_31: f64, %out: f64):
      %89 = arith.subf %in, %in_31 : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x64xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_31: f64, %out: f64):
      %89 = arith.mulf %in, %in_31 : f64
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
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.subf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %16 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.mulf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %arg1 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.mulf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg2 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.addf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %collapsed = tensor.collapse_shape %21 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %22 = tensor.empty() : tensor<8x192xf32>
    %23 = linalg.fill ins(%cst_0 : f32) outs(%22 : tensor<8x192xf32>) -> tensor<8x192xf32>
    %24 = linalg.matmul ins(%collapsed, %arg3 : tensor<8x64xf32>, tensor<64x192xf32>) outs(%23 : tensor<8x192xf32>) -> tensor<8x192xf32>
    %25 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg4 : tensor<192xf32>) outs(%22 : tensor<8x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x192xf32>
    %26 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%24, %25 : tensor<8x192xf32>, tensor<8x192xf32>) outs(%22 : tensor<8x192xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.addf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<8x192xf32>
    %expanded = tensor.expand_shape %26 [[0, 1], [2]] output_shape [1, 8, 192] : tensor<8x192xf32> into tensor<1x8x192xf32>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [1, 8, 64] [1, 1, 1] : tensor<1x8x192xf32> to tensor<1x8x64xf32>
    %extracted_slice_10 = tensor.extract_slice %expanded[0, 0, 64] [1, 8, 64] [1, 1, 1] : tensor<1x8x192xf32> to tensor<1x8x64xf32>
    %extracted_slice_11 = tensor.extract_slice %expanded[0, 0, 128] [1, 8, 64] [1, 1, 1] : tensor<1x8x192xf32> to tensor<1x8x64xf32>
    %expanded_12 = tensor.expand_shape %extracted_slice_10 [[0], [1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<1x8x64xf32> into tensor<1x8x4x16xf32>
    %expanded_13 = tensor.expand_shape %extracted_slice_11 [[0], [1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<1x8x64xf32> into tensor<1x8x4x16xf32>
    %27 = tensor.empty() : tensor<1x4x8x16xf32>
    %transposed = linalg.transpose ins(%expanded_13 : tensor<1x8x4x16xf32>) outs(%27 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_14 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<1x8x64xf32> into tensor<1x8x4x16xf32>
    %transposed_15 = linalg.transpose ins(%expanded_14 : tensor<1x8x4x16xf32>) outs(%27 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %28 = tensor.empty() : tensor<1x4x16x8xf32>
    %transposed_16 = linalg.transpose ins(%expanded_12 : tensor<1x8x4x16xf32>) outs(%28 : tensor<1x4x16x8xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_17 = tensor.collapse_shape %transposed_15 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %collapsed_18 = tensor.collapse_shape %transposed_16 [[0, 1], [2], [3]] : tensor<1x4x16x8xf32> into tensor<4x16x8xf32>
    %29 = tensor.empty() : tensor<4x8x8xf32>
    %30 = linalg.fill ins(%cst_0 : f32) outs(%29 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %31 = linalg.batch_matmul ins(%collapsed_17, %collapsed_18 : tensor<4x8x16xf32>, tensor<4x16x8xf32>) outs(%30 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %expanded_19 = tensor.expand_shape %31 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %32 = tensor.empty() : tensor<1x4x8x8xf32>
    %33 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_19 : tensor<1x4x8x8xf32>) outs(%32 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.mulf %in, %cst_7 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %34 = tensor.empty() : tensor<1x4x8xi64>
    %35 = linalg.fill ins(%c0_i64 : i64) outs(%34 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %36 = tensor.empty() : tensor<1x4x8xf32>
    %37 = linalg.fill ins(%cst_1 : f32) outs(%36 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %38:2 = linalg.generic {indexing_maps = [#map5, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%33 : tensor<1x4x8x8xf32>) outs(%37, %35 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_31: i64):
      %89 = linalg.index 3 : index
      %90 = arith.index_cast %89 : index to i64
      %91 = arith.maximumf %in, %out : f32
      %92 = arith.cmpf ogt, %in, %out : f32
      %93 = arith.select %92, %90, %out_31 : i64
      linalg.yield %91, %93 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_20 = tensor.expand_shape %38#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %39 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33, %expanded_20 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%32 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.subf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %40 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39 : tensor<1x4x8x8xf32>) outs(%32 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.exp %in : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %41 = tensor.empty() : tensor<1x4x8x1xf32>
    %42 = linalg.fill ins(%cst_0 : f32) outs(%41 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %43 = linalg.generic {indexing_maps = [#map5, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%40 : tensor<1x4x8x8xf32>) outs(%42 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.addf %in, %out : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x1xf32>
    %44 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %43 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%32 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.divf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<1x4x8x8xf32>
    %collapsed_21 = tensor.collapse_shape %44 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %collapsed_22 = tensor.collapse_shape %transposed [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %45 = tensor.empty() : tensor<4x8x16xf32>
    %46 = linalg.fill ins(%cst_0 : f32) outs(%45 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %47 = linalg.batch_matmul ins(%collapsed_21, %collapsed_22 : tensor<4x8x8xf32>, tensor<4x8x16xf32>) outs(%46 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %expanded_23 = tensor.expand_shape %47 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf32> into tensor<1x4x8x16xf32>
    %48 = tensor.empty() : tensor<1x8x4x16xf32>
    %transposed_24 = linalg.transpose ins(%expanded_23 : tensor<1x4x8x16xf32>) outs(%48 : tensor<1x8x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_25 = tensor.collapse_shape %transposed_24 [[0, 1], [2, 3]] : tensor<1x8x4x16xf32> into tensor<8x64xf32>
    %49 = tensor.empty() : tensor<8x64xf32>
    %50 = linalg.fill ins(%cst_0 : f32) outs(%49 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %51 = linalg.matmul ins(%collapsed_25, %arg5 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%50 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %52 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg6 : tensor<64xf32>) outs(%49 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %53 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%51, %52 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%49 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.addf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<8x64xf32>
    %expanded_26 = tensor.expand_shape %53 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %54 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_26, %arg0 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.addf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %55 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%54 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %89 = arith.extf %in : f32 to f64
      linalg.yield %89 : f64
    } -> tensor<1x8x64xf64>
    %56 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%55 : tensor<1x8x64xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.addf %in, %out : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x1xf64>
    %57 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.divf %in, %cst_5 : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x1xf64>
    %58 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%55, %57 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_31: f64, %out: f64):
      %89 = arith.subf %in, %in_31 : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x64xf64>
    %59 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58, %58 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_31: f64, %out: f64):
      %89 = arith.mulf %in, %in_31 : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x64xf64>
    %60 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%59 : tensor<1x8x64xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.addf %in, %out : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x1xf64>
    %61 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %89 = arith.divf %in, %cst_5 : f64
      linalg.yield %89 : f64
    } -> tensor<1x8x1xf64>
    %62 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61 : tensor<1x8x1xf64>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %89 = arith.truncf %in : f64 to f32
      linalg.yield %89 : f32
    } -> tensor<1x8x1xf32>
    %63 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%54 : tensor<1x8x64xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.addf %in, %out : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x1xf32>
    %64 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.divf %in, %cst_6 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x1xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.truncf %cst_4 : f64 to f32
      %90 = arith.addf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x1xf32>
    %66 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.rsqrt %in : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x1xf32>
    %67 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%54, %64 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.subf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67, %66 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.mulf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68, %arg7 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.mulf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %70 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69, %arg8 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.addf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    %collapsed_27 = tensor.collapse_shape %70 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %71 = tensor.empty() : tensor<8x128xf32>
    %72 = linalg.fill ins(%cst_0 : f32) outs(%71 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %73 = linalg.matmul ins(%collapsed_27, %arg9 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%72 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %74 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg10 : tensor<128xf32>) outs(%71 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %75 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%73, %74 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%71 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.addf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<8x128xf32>
    %expanded_28 = tensor.expand_shape %75 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf32> into tensor<1x8x128xf32>
    %76 = tensor.empty() : tensor<1x8x128xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_28 : tensor<1x8x128xf32>) outs(%76 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.mulf %in, %cst_8 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x128xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_28 : tensor<1x8x128xf32>) outs(%76 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.fpowi %in, %c3_i64 : f32, i64
      linalg.yield %89 : f32
    } -> tensor<1x8x128xf32>
    %79 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78 : tensor<1x8x128xf32>) outs(%76 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.truncf %cst_3 : f64 to f32
      %90 = arith.mulf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x128xf32>
    %80 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_28, %79 : tensor<1x8x128xf32>, tensor<1x8x128xf32>) outs(%76 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.addf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x128xf32>
    %81 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80 : tensor<1x8x128xf32>) outs(%76 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.truncf %cst_2 : f64 to f32
      %90 = arith.mulf %in, %89 : f32
      linalg.yield %90 : f32
    } -> tensor<1x8x128xf32>
    %82 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81 : tensor<1x8x128xf32>) outs(%76 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = math.tanh %in : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x128xf32>
    %83 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82 : tensor<1x8x128xf32>) outs(%76 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %89 = arith.addf %in, %cst_9 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x128xf32>
    %84 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %83 : tensor<1x8x128xf32>, tensor<1x8x128xf32>) outs(%76 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.mulf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x128xf32>
    %collapsed_29 = tensor.collapse_shape %84 [[0, 1], [2]] : tensor<1x8x128xf32> into tensor<8x128xf32>
    %85 = linalg.matmul ins(%collapsed_29, %arg11 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%50 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %86 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg12 : tensor<64xf32>) outs(%49 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %87 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%85, %86 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%49 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.addf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<8x64xf32>
    %expanded_30 = tensor.expand_shape %87 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %88 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%54, %expanded_30 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %89 = arith.addf %in, %in_31 : f32
      linalg.yield %89 : f32
    } -> tensor<1x8x64xf32>
    return %88 : tensor<1x8x64xf32>
  }
}
