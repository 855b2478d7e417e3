// One GPTNeoXLayer of transformers (hidden 64, 4 heads, 8 tokens, f16; a small config, random weights),
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) with
// its weights, and the rotary embedding's cos and sin, lifted to arguments: written by
// utils/export_models.py; do not edit. It imports, compiled for the CPU it
// agrees with upstream MLIR's execution of the linalg, and superoptimized
// with default options it still does.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// CHECK-LABEL: func.func @gpt_neox(
// CHECK: kgraph.rsqrt
// CHECK: kgraph.concat
// CHECK: kgraph.gelu
// ORACLE: @gpt_neox output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @gpt_neox(%arg0: tensor<1x8x64xf16>, %arg1: tensor<1x8x4xf16>, %arg2: tensor<1x8x4xf16>, %arg3: tensor<64xf16>, %arg4: tensor<64xf16>, %arg5: tensor<64xf16>, %arg6: tensor<64xf16>, %arg7: tensor<192x64xf16>, %arg8: tensor<192xf16>, %arg9: tensor<64x64xf16>, %arg10: tensor<64xf16>, %arg11: tensor<128x64xf16>, %arg12: tensor<128xf16>, %arg13: tensor<64x128xf16>, %arg14: tensor<64xf16>) -> tensor<1x8x64xf16> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 1.000000e+00 : f16
    %cst_3 = arith.constant 2.000000e+00 : f16
    %cst_4 = arith.constant 5.000000e-01 : f16
    %cst_5 = arith.constant 1.000000e-05 : f64
    %cst_6 = arith.constant 6.400000e+01 : f64
    %cst_7 = arith.constant 6.400000e+01 : f32
    %cst_8 = arith.constant 2.500000e-01 : f16
    %0 = tensor.empty() : tensor<1x8x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %119 = arith.extf %in : f16 to f32
      linalg.yield %119 : f32
    } -> tensor<1x8x64xf32>
    %2 = tensor.empty() : tensor<1x8x64xf64>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<1x8x64xf32>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %119 = arith.extf %in : f32 to f64
      linalg.yield %119 : f64
    } -> tensor<1x8x64xf64>
    %4 = tensor.empty() : tensor<1x8x1xf64>
    %5 = linalg.fill ins(%cst : f64) outs(%4 : tensor<1x8x1xf64>) -> tensor<1x8x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%3 : tensor<1x8x64xf64>) outs(%5 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %119 = arith.addf %in, %out : f64
      linalg.yield %119 : f64
    } -> tensor<1x8x1xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x8x1xf64>) outs(%4 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %119 = arith.divf %in, %cst_6 : f64
      linalg.yield %119 : f64
    } -> tensor<1x8x1xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %7 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_43: f64, %out: f64):
      %119 = arith.subf %in, %in_43 : f64
      linalg.yield %119 : f64
    } -> tensor<1x8x64xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_43: f64, %out: f64):
      %119 = arith.mulf %in, %in_43 : f64
      linalg.yield %119 : f64
    } -> tensor<1x8x64xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<1x8x64xf64>) outs(%5 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %119 = arith.addf %in, %out : f64
      linalg.yield %119 : f64
    } -> tensor<1x8x1xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<1x8x1xf64>) outs(%4 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %119 = arith.divf %in, %cst_6 : f64
      linalg.yield %119 : f64
    } -> tensor<1x8x1xf64>
    %12 = tensor.empty() : tensor<1x8x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x8x1xf64>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %119 = arith.truncf %in : f64 to f32
      linalg.yield %119 : f32
    } -> tensor<1x8x1xf32>
    %14 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x8x64xf32>) outs(%14 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %119 = arith.addf %in, %out : f32
      linalg.yield %119 : f32
    } -> tensor<1x8x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %119 = arith.divf %in, %cst_7 : f32
      linalg.yield %119 : f32
    } -> tensor<1x8x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %119 = arith.truncf %cst_5 : f64 to f32
      %120 = arith.addf %in, %119 : f32
      linalg.yield %120 : f32
    } -> tensor<1x8x1xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %119 = math.rsqrt %in : f32
      linalg.yield %119 : f32
    } -> tensor<1x8x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %16 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_43: f32, %out: f32):
      %119 = arith.subf %in, %in_43 : f32
      linalg.yield %119 : f32
    } -> tensor<1x8x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %18 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_43: f32, %out: f32):
      %119 = arith.mulf %in, %in_43 : f32
      linalg.yield %119 : f32
    } -> tensor<1x8x64xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg3 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_43: f16, %out: f32):
      %119 = arith.extf %in_43 : f16 to f32
      %120 = arith.mulf %in, %119 : f32
      linalg.yield %120 : f32
    } -> tensor<1x8x64xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %arg4 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_43: f16, %out: f32):
      %119 = arith.extf %in_43 : f16 to f32
      %120 = arith.addf %in, %119 : f32
      linalg.yield %120 : f32
    } -> tensor<1x8x64xf32>
    %23 = tensor.empty() : tensor<1x8x64xf16>
    %24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<1x8x64xf32>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %119 = arith.truncf %in : f32 to f16
      linalg.yield %119 : f16
    } -> tensor<1x8x64xf16>
    %collapsed = tensor.collapse_shape %24 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %25 = tensor.empty() : tensor<64x192xf16>
    %transposed = linalg.transpose ins(%arg7 : tensor<192x64xf16>) outs(%25 : tensor<64x192xf16>) permutation = [1, 0] 
    %26 = tensor.empty() : tensor<192xf32>
    %27 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg8 : tensor<192xf16>) outs(%26 : tensor<192xf32>) {
    ^bb0(%in: f16, %out: f32):
      %119 = arith.extf %in : f16 to f32
      linalg.yield %119 : f32
    } -> tensor<192xf32>
    %28 = tensor.empty() : tensor<8x64xf32>
    %29 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<8x64xf16>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %119 = arith.extf %in : f16 to f32
      linalg.yield %119 : f32
    } -> tensor<8x64xf32>
    %30 = tensor.empty() : tensor<64x192xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<64x192xf16>) outs(%30 : tensor<64x192xf32>) {
    ^bb0(%in: f16, %out: f32):
      %119 = arith.extf %in : f16 to f32
      linalg.yield %119 : f32
    } -> tensor<64x192xf32>
    %32 = tensor.empty() : tensor<8x192xf32>
    %33 = linalg.fill ins(%cst_0 : f32) outs(%32 : tensor<8x192xf32>) -> tensor<8x192xf32>
    %34 = linalg.matmul ins(%29, %31 : tensor<8x64xf32>, tensor<64x192xf32>) outs(%33 : tensor<8x192xf32>) -> tensor<8x192xf32>
    %35 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%27 : tensor<192xf32>) outs(%32 : tensor<8x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x192xf32>
    %36 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%34, %35 : tensor<8x192xf32>, tensor<8x192xf32>) outs(%32 : tensor<8x192xf32>) {
    ^bb0(%in: f32, %in_43: f32, %out: f32):
      %119 = arith.addf %in, %in_43 : f32
      linalg.yield %119 : f32
    } -> tensor<8x192xf32>
    %37 = tensor.empty() : tensor<8x192xf16>
    %38 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%36 : tensor<8x192xf32>) outs(%37 : tensor<8x192xf16>) {
    ^bb0(%in: f32, %out: f16):
      %119 = arith.truncf %in : f32 to f16
      linalg.yield %119 : f16
    } -> tensor<8x192xf16>
    %expanded = tensor.expand_shape %38 [[0, 1], [2, 3]] output_shape [1, 8, 4, 48] : tensor<8x192xf16> into tensor<1x8x4x48xf16>
    %39 = tensor.empty() : tensor<1x4x8x48xf16>
    %transposed_9 = linalg.transpose ins(%expanded : tensor<1x8x4x48xf16>) outs(%39 : tensor<1x4x8x48xf16>) permutation = [0, 2, 1, 3] 
    %extracted_slice = tensor.extract_slice %transposed_9[0, 0, 0, 0] [1, 4, 8, 16] [1, 1, 1, 1] : tensor<1x4x8x48xf16> to tensor<1x4x8x16xf16>
    %extracted_slice_10 = tensor.extract_slice %transposed_9[0, 0, 0, 16] [1, 4, 8, 16] [1, 1, 1, 1] : tensor<1x4x8x48xf16> to tensor<1x4x8x16xf16>
    %extracted_slice_11 = tensor.extract_slice %transposed_9[0, 0, 0, 32] [1, 4, 8, 16] [1, 1, 1, 1] : tensor<1x4x8x48xf16> to tensor<1x4x8x16xf16>
    %expanded_12 = tensor.expand_shape %arg1 [[0], [1, 2], [3]] output_shape [1, 1, 8, 4] : tensor<1x8x4xf16> into tensor<1x1x8x4xf16>
    %expanded_13 = tensor.expand_shape %arg2 [[0], [1, 2], [3]] output_shape [1, 1, 8, 4] : tensor<1x8x4xf16> into tensor<1x1x8x4xf16>
    %extracted_slice_14 = tensor.extract_slice %extracted_slice[0, 0, 0, 0] [1, 4, 8, 4] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x4xf16>
    %extracted_slice_15 = tensor.extract_slice %extracted_slice[0, 0, 0, 4] [1, 4, 8, 12] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x12xf16>
    %extracted_slice_16 = tensor.extract_slice %extracted_slice_10[0, 0, 0, 0] [1, 4, 8, 4] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x4xf16>
    %extracted_slice_17 = tensor.extract_slice %extracted_slice_10[0, 0, 0, 4] [1, 4, 8, 12] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x12xf16>
    %40 = tensor.empty() : tensor<1x4x8x4xf16>
    %41 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_14, %expanded_12 : tensor<1x4x8x4xf16>, tensor<1x1x8x4xf16>) outs(%40 : tensor<1x4x8x4xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %119 = arith.mulf %in, %in_43 : f16
      linalg.yield %119 : f16
    } -> tensor<1x4x8x4xf16>
    %extracted_slice_18 = tensor.extract_slice %extracted_slice_14[0, 0, 0, 0] [1, 4, 8, 2] [1, 1, 1, 1] : tensor<1x4x8x4xf16> to tensor<1x4x8x2xf16>
    %extracted_slice_19 = tensor.extract_slice %extracted_slice_14[0, 0, 0, 2] [1, 4, 8, 2] [1, 1, 1, 1] : tensor<1x4x8x4xf16> to tensor<1x4x8x2xf16>
    %42 = tensor.empty() : tensor<1x4x8x2xf16>
    %43 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_19 : tensor<1x4x8x2xf16>) outs(%42 : tensor<1x4x8x2xf16>) {
    ^bb0(%in: f16, %out: f16):
      %119 = arith.negf %in : f16
      linalg.yield %119 : f16
    } -> tensor<1x4x8x2xf16>
    %concat = tensor.concat dim(3) %43, %extracted_slice_18 : (tensor<1x4x8x2xf16>, tensor<1x4x8x2xf16>) -> tensor<1x4x8x4xf16>
    %44 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %expanded_13 : tensor<1x4x8x4xf16>, tensor<1x1x8x4xf16>) outs(%40 : tensor<1x4x8x4xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %119 = arith.mulf %in, %in_43 : f16
      linalg.yield %119 : f16
    } -> tensor<1x4x8x4xf16>
    %45 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %44 : tensor<1x4x8x4xf16>, tensor<1x4x8x4xf16>) outs(%40 : tensor<1x4x8x4xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %119 = arith.addf %in, %in_43 : f16
      linalg.yield %119 : f16
    } -> tensor<1x4x8x4xf16>
    %46 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_16, %expanded_12 : tensor<1x4x8x4xf16>, tensor<1x1x8x4xf16>) outs(%40 : tensor<1x4x8x4xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %119 = arith.mulf %in, %in_43 : f16
      linalg.yield %119 : f16
    } -> tensor<1x4x8x4xf16>
    %extracted_slice_20 = tensor.extract_slice %extracted_slice_16[0, 0, 0, 0] [1, 4, 8, 2] [1, 1, 1, 1] : tensor<1x4x8x4xf16> to tensor<1x4x8x2xf16>
    %extracted_slice_21 = tensor.extract_slice %extracted_slice_16[0, 0, 0, 2] [1, 4, 8, 2] [1, 1, 1, 1] : tensor<1x4x8x4xf16> to tensor<1x4x8x2xf16>
    %47 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_21 : tensor<1x4x8x2xf16>) outs(%42 : tensor<1x4x8x2xf16>) {
    ^bb0(%in: f16, %out: f16):
      %119 = arith.negf %in : f16
      linalg.yield %119 : f16
    } -> tensor<1x4x8x2xf16>
    %concat_22 = tensor.concat dim(3) %47, %extracted_slice_20 : (tensor<1x4x8x2xf16>, tensor<1x4x8x2xf16>) -> tensor<1x4x8x4xf16>
    %48 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_22, %expanded_13 : tensor<1x4x8x4xf16>, tensor<1x1x8x4xf16>) outs(%40 : tensor<1x4x8x4xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %119 = arith.mulf %in, %in_43 : f16
      linalg.yield %119 : f16
    } -> tensor<1x4x8x4xf16>
    %49 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46, %48 : tensor<1x4x8x4xf16>, tensor<1x4x8x4xf16>) outs(%40 : tensor<1x4x8x4xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %119 = arith.addf %in, %in_43 : f16
      linalg.yield %119 : f16
    } -> tensor<1x4x8x4xf16>
    %concat_23 = tensor.concat dim(3) %45, %extracted_slice_15 : (tensor<1x4x8x4xf16>, tensor<1x4x8x12xf16>) -> tensor<1x4x8x16xf16>
    %concat_24 = tensor.concat dim(3) %49, %extracted_slice_17 : (tensor<1x4x8x4xf16>, tensor<1x4x8x12xf16>) -> tensor<1x4x8x16xf16>
    %50 = tensor.empty() : tensor<1x4x16x8xf16>
    %transposed_25 = linalg.transpose ins(%concat_24 : tensor<1x4x8x16xf16>) outs(%50 : tensor<1x4x16x8xf16>) permutation = [0, 1, 3, 2] 
    %collapsed_26 = tensor.collapse_shape %concat_23 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %collapsed_27 = tensor.collapse_shape %transposed_25 [[0, 1], [2], [3]] : tensor<1x4x16x8xf16> into tensor<4x16x8xf16>
    %51 = tensor.empty() : tensor<4x8x8xf32>
    %52 = linalg.fill ins(%cst_0 : f32) outs(%51 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %53 = linalg.batch_matmul ins(%collapsed_26, %collapsed_27 : tensor<4x8x16xf16>, tensor<4x16x8xf16>) outs(%52 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %54 = tensor.empty() : tensor<4x8x8xf16>
    %55 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%53 : tensor<4x8x8xf32>) outs(%54 : tensor<4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %119 = arith.truncf %in : f32 to f16
      linalg.yield %119 : f16
    } -> tensor<4x8x8xf16>
    %expanded_28 = tensor.expand_shape %55 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf16> into tensor<1x4x8x8xf16>
    %56 = tensor.empty() : tensor<1x4x8x8xf16>
    %57 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_28 : tensor<1x4x8x8xf16>) outs(%56 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %119 = arith.mulf %in, %cst_8 : f16
      linalg.yield %119 : f16
    } -> tensor<1x4x8x8xf16>
    %58 = tensor.empty() : tensor<1x4x8x8xf32>
    %59 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57 : tensor<1x4x8x8xf16>) outs(%58 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %119 = arith.extf %in : f16 to f32
      linalg.yield %119 : f32
    } -> tensor<1x4x8x8xf32>
    %60 = tensor.empty() : tensor<1x4x8xi64>
    %61 = linalg.fill ins(%c0_i64 : i64) outs(%60 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %62 = tensor.empty() : tensor<1x4x8xf32>
    %63 = linalg.fill ins(%cst_1 : f32) outs(%62 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %64:2 = linalg.generic {indexing_maps = [#map6, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%59 : tensor<1x4x8x8xf32>) outs(%63, %61 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_43: i64):
      %119 = linalg.index 3 : index
      %120 = arith.index_cast %119 : index to i64
      %121 = arith.maximumf %in, %out : f32
      %122 = arith.cmpf ogt, %in, %out : f32
      %123 = arith.select %122, %120, %out_43 : i64
      linalg.yield %121, %123 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_29 = tensor.expand_shape %64#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %65 = linalg.generic {indexing_maps = [#map6, #map9, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%59, %expanded_29 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%58 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_43: f32, %out: f32):
      %119 = arith.subf %in, %in_43 : f32
      linalg.yield %119 : f32
    } -> tensor<1x4x8x8xf32>
    %66 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%65 : tensor<1x4x8x8xf32>) outs(%58 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %119 = math.exp %in : f32
      linalg.yield %119 : f32
    } -> tensor<1x4x8x8xf32>
    %67 = tensor.empty() : tensor<1x4x8x1xf32>
    %68 = linalg.fill ins(%cst_0 : f32) outs(%67 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %69 = linalg.generic {indexing_maps = [#map6, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%66 : tensor<1x4x8x8xf32>) outs(%68 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %119 = arith.addf %in, %out : f32
      linalg.yield %119 : f32
    } -> tensor<1x4x8x1xf32>
    %70 = linalg.generic {indexing_maps = [#map6, #map9, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66, %69 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%58 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_43: f32, %out: f32):
      %119 = arith.divf %in, %in_43 : f32
      linalg.yield %119 : f32
    } -> tensor<1x4x8x8xf32>
    %71 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%70 : tensor<1x4x8x8xf32>) outs(%56 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %119 = arith.truncf %in : f32 to f16
      linalg.yield %119 : f16
    } -> tensor<1x4x8x8xf16>
    %collapsed_30 = tensor.collapse_shape %71 [[0, 1], [2], [3]] : tensor<1x4x8x8xf16> into tensor<4x8x8xf16>
    %collapsed_31 = tensor.collapse_shape %extracted_slice_11 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %72 = tensor.empty() : tensor<4x8x16xf32>
    %73 = linalg.fill ins(%cst_0 : f32) outs(%72 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %74 = linalg.batch_matmul ins(%collapsed_30, %collapsed_31 : tensor<4x8x8xf16>, tensor<4x8x16xf16>) outs(%73 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %75 = tensor.empty() : tensor<4x8x16xf16>
    %76 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<4x8x16xf32>) outs(%75 : tensor<4x8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %119 = arith.truncf %in : f32 to f16
      linalg.yield %119 : f16
    } -> tensor<4x8x16xf16>
    %expanded_32 = tensor.expand_shape %76 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf16> into tensor<1x4x8x16xf16>
    %77 = tensor.empty() : tensor<1x8x4x16xf16>
    %transposed_33 = linalg.transpose ins(%expanded_32 : tensor<1x4x8x16xf16>) outs(%77 : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3] 
    %collapsed_34 = tensor.collapse_shape %transposed_33 [[0, 1], [2, 3]] : tensor<1x8x4x16xf16> into tensor<8x64xf16>
    %78 = tensor.empty() : tensor<64x64xf16>
    %transposed_35 = linalg.transpose ins(%arg9 : tensor<64x64xf16>) outs(%78 : tensor<64x64xf16>) permutation = [1, 0] 
    %79 = tensor.empty() : tensor<64xf32>
    %80 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg10 : tensor<64xf16>) outs(%79 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %119 = arith.extf %in : f16 to f32
      linalg.yield %119 : f32
    } -> tensor<64xf32>
    %81 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_34 : tensor<8x64xf16>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %119 = arith.extf %in : f16 to f32
      linalg.yield %119 : f32
    } -> tensor<8x64xf32>
    %82 = tensor.empty() : tensor<64x64xf32>
    %83 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_35 : tensor<64x64xf16>) outs(%82 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %119 = arith.extf %in : f16 to f32
      linalg.yield %119 : f32
    } -> tensor<64x64xf32>
    %84 = linalg.fill ins(%cst_0 : f32) outs(%28 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %85 = linalg.matmul ins(%81, %83 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%84 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %86 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%80 : tensor<64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %87 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%85, %86 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_43: f32, %out: f32):
      %119 = arith.addf %in, %in_43 : f32
      linalg.yield %119 : f32
    } -> tensor<8x64xf32>
    %88 = tensor.empty() : tensor<8x64xf16>
    %89 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%87 : tensor<8x64xf32>) outs(%88 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %119 = arith.truncf %in : f32 to f16
      linalg.yield %119 : f16
    } -> tensor<8x64xf16>
    %expanded_36 = tensor.expand_shape %89 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %90 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg5 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_43: f16, %out: f32):
      %119 = arith.extf %in_43 : f16 to f32
      %120 = arith.mulf %in, %119 : f32
      linalg.yield %120 : f32
    } -> tensor<1x8x64xf32>
    %91 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90, %arg6 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_43: f16, %out: f32):
      %119 = arith.extf %in_43 : f16 to f32
      %120 = arith.addf %in, %119 : f32
      linalg.yield %120 : f32
    } -> tensor<1x8x64xf32>
    %92 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<1x8x64xf32>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %119 = arith.truncf %in : f32 to f16
      linalg.yield %119 : f16
    } -> tensor<1x8x64xf16>
    %collapsed_37 = tensor.collapse_shape %92 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %93 = tensor.empty() : tensor<64x128xf16>
    %transposed_38 = linalg.transpose ins(%arg11 : tensor<128x64xf16>) outs(%93 : tensor<64x128xf16>) permutation = [1, 0] 
    %94 = tensor.empty() : tensor<128xf32>
    %95 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg12 : tensor<128xf16>) outs(%94 : tensor<128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %119 = arith.extf %in : f16 to f32
      linalg.yield %119 : f32
    } -> tensor<128xf32>
    %96 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_37 : tensor<8x64xf16>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %119 = arith.extf %in : f16 to f32
      linalg.yield %119 : f32
    } -> tensor<8x64xf32>
    %97 = tensor.empty() : tensor<64x128xf32>
    %98 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_38 : tensor<64x128xf16>) outs(%97 : tensor<64x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %119 = arith.extf %in : f16 to f32
      linalg.yield %119 : f32
    } -> tensor<64x128xf32>
    %99 = tensor.empty() : tensor<8x128xf32>
    %100 = linalg.fill ins(%cst_0 : f32) outs(%99 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %101 = linalg.matmul ins(%96, %98 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%100 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %102 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%95 : tensor<128xf32>) outs(%99 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %103 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%101, %102 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%99 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_43: f32, %out: f32):
      %119 = arith.addf %in, %in_43 : f32
      linalg.yield %119 : f32
    } -> tensor<8x128xf32>
    %104 = tensor.empty() : tensor<8x128xf16>
    %105 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%103 : tensor<8x128xf32>) outs(%104 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %119 = arith.truncf %in : f32 to f16
      linalg.yield %119 : f16
    } -> tensor<8x128xf16>
    %expanded_39 = tensor.expand_shape %105 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf16> into tensor<1x8x128xf16>
    %106 = tensor.empty() : tensor<1x8x128xf16>
    %107 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_39 : tensor<1x8x128xf16>) outs(%106 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %119 = math.sqrt %cst_3 : f16
      %120 = arith.divf %in, %119 : f16
      %121 = math.erf %120 : f16
      %122 = arith.addf %121, %cst_2 : f16
      %123 = arith.mulf %122, %cst_4 : f16
      %124 = arith.mulf %in, %123 : f16
      linalg.yield %124 : f16
    } -> tensor<1x8x128xf16>
    %collapsed_40 = tensor.collapse_shape %107 [[0, 1], [2]] : tensor<1x8x128xf16> into tensor<8x128xf16>
    %108 = tensor.empty() : tensor<128x64xf16>
    %transposed_41 = linalg.transpose ins(%arg13 : tensor<64x128xf16>) outs(%108 : tensor<128x64xf16>) permutation = [1, 0] 
    %109 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg14 : tensor<64xf16>) outs(%79 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %119 = arith.extf %in : f16 to f32
      linalg.yield %119 : f32
    } -> tensor<64xf32>
    %110 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_40 : tensor<8x128xf16>) outs(%99 : tensor<8x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %119 = arith.extf %in : f16 to f32
      linalg.yield %119 : f32
    } -> tensor<8x128xf32>
    %111 = tensor.empty() : tensor<128x64xf32>
    %112 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_41 : tensor<128x64xf16>) outs(%111 : tensor<128x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %119 = arith.extf %in : f16 to f32
      linalg.yield %119 : f32
    } -> tensor<128x64xf32>
    %113 = linalg.matmul ins(%110, %112 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%84 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %114 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%109 : tensor<64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %115 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%113, %114 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_43: f32, %out: f32):
      %119 = arith.addf %in, %in_43 : f32
      linalg.yield %119 : f32
    } -> tensor<8x64xf32>
    %116 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%115 : tensor<8x64xf32>) outs(%88 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %119 = arith.truncf %in : f32 to f16
      linalg.yield %119 : f16
    } -> tensor<8x64xf16>
    %expanded_42 = tensor.expand_shape %116 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %117 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_42, %expanded_36 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %119 = arith.addf %in, %in_43 : f16
      linalg.yield %119 : f16
    } -> tensor<1x8x64xf16>
    %118 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%117, %arg0 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %119 = arith.addf %in, %in_43 : f16
      linalg.yield %119 : f16
    } -> tensor<1x8x64xf16>
    return %118 : tensor<1x8x64xf16>
  }
}
