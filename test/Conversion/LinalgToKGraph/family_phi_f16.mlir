// One PhiDecoderLayer of transformers (hidden 64, 4 heads, 8 tokens, f16; a small config, random weights),
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
// ORACLE: @phi output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree

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
  func.func @phi(%arg0: tensor<1x8x64xf16>, %arg1: tensor<1x8x8xf16>, %arg2: tensor<1x8x8xf16>, %arg3: tensor<64x64xf16>, %arg4: tensor<64xf16>, %arg5: tensor<64x64xf16>, %arg6: tensor<64xf16>, %arg7: tensor<64x64xf16>, %arg8: tensor<64xf16>, %arg9: tensor<64x64xf16>, %arg10: tensor<64xf16>, %arg11: tensor<128x64xf16>, %arg12: tensor<128xf16>, %arg13: tensor<64x128xf16>, %arg14: tensor<64xf16>, %arg15: tensor<64xf16>, %arg16: tensor<64xf16>) -> tensor<1x8x64xf16> {
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
    %cst_7 = arith.constant 2.500000e-01 : f16
    %cst_8 = arith.constant 5.000000e-01 : f16
    %cst_9 = arith.constant 1.000000e+00 : f16
    %0 = tensor.empty() : tensor<1x8x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<1x8x64xf32>
    %2 = tensor.empty() : tensor<1x8x64xf64>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<1x8x64xf32>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %127 = arith.extf %in : f32 to f64
      linalg.yield %127 : f64
    } -> tensor<1x8x64xf64>
    %4 = tensor.empty() : tensor<1x8x1xf64>
    %5 = linalg.fill ins(%cst : f64) outs(%4 : tensor<1x8x1xf64>) -> tensor<1x8x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%3 : tensor<1x8x64xf64>) outs(%5 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.addf %in, %out : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x8x1xf64>) outs(%4 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.divf %in, %cst_5 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %7 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_46: f64, %out: f64):
      %127 = arith.subf %in, %in_46 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x64xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_46: f64, %out: f64):
      %127 = arith.mulf %in, %in_46 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x64xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<1x8x64xf64>) outs(%5 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.addf %in, %out : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<1x8x1xf64>) outs(%4 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.divf %in, %cst_5 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %12 = tensor.empty() : tensor<1x8x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x8x1xf64>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %127 = arith.truncf %in : f64 to f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %14 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x8x64xf32>) outs(%14 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.addf %in, %out : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.divf %in, %cst_6 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.truncf %cst_4 : f64 to f32
      %128 = arith.addf %in, %127 : f32
      linalg.yield %128 : f32
    } -> tensor<1x8x1xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = math.rsqrt %in : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %16 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %127 = arith.subf %in, %in_46 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %18 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %127 = arith.mulf %in, %in_46 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x64xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg15 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_46: f16, %out: f32):
      %127 = arith.extf %in_46 : f16 to f32
      %128 = arith.mulf %in, %127 : f32
      linalg.yield %128 : f32
    } -> tensor<1x8x64xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %arg16 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_46: f16, %out: f32):
      %127 = arith.extf %in_46 : f16 to f32
      %128 = arith.addf %in, %127 : f32
      linalg.yield %128 : f32
    } -> tensor<1x8x64xf32>
    %23 = tensor.empty() : tensor<1x8x64xf16>
    %24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<1x8x64xf32>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<1x8x64xf16>
    %collapsed = tensor.collapse_shape %24 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %25 = tensor.empty() : tensor<64x64xf16>
    %transposed = linalg.transpose ins(%arg3 : tensor<64x64xf16>) outs(%25 : tensor<64x64xf16>) permutation = [1, 0] 
    %26 = tensor.empty() : tensor<64xf32>
    %27 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg4 : tensor<64xf16>) outs(%26 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64xf32>
    %28 = tensor.empty() : tensor<8x64xf32>
    %29 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<8x64xf16>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %30 = tensor.empty() : tensor<64x64xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<64x64xf16>) outs(%30 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64x64xf32>
    %32 = linalg.fill ins(%cst_0 : f32) outs(%28 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %33 = linalg.matmul ins(%29, %31 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%32 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %34 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%27 : tensor<64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %35 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%33, %34 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %127 = arith.addf %in, %in_46 : f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %36 = tensor.empty() : tensor<8x64xf16>
    %37 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%35 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x64xf16>
    %expanded = tensor.expand_shape %37 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %38 = tensor.empty() : tensor<1x4x8x16xf16>
    %transposed_10 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf16>) outs(%38 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_11 = linalg.transpose ins(%arg5 : tensor<64x64xf16>) outs(%25 : tensor<64x64xf16>) permutation = [1, 0] 
    %39 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg6 : tensor<64xf16>) outs(%26 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64xf32>
    %40 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_11 : tensor<64x64xf16>) outs(%30 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64x64xf32>
    %41 = linalg.matmul ins(%29, %40 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%32 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %42 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%39 : tensor<64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %43 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%41, %42 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %127 = arith.addf %in, %in_46 : f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %44 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%43 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x64xf16>
    %expanded_12 = tensor.expand_shape %44 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %transposed_13 = linalg.transpose ins(%expanded_12 : tensor<1x8x4x16xf16>) outs(%38 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_14 = linalg.transpose ins(%arg7 : tensor<64x64xf16>) outs(%25 : tensor<64x64xf16>) permutation = [1, 0] 
    %45 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg8 : tensor<64xf16>) outs(%26 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64xf32>
    %46 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_14 : tensor<64x64xf16>) outs(%30 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64x64xf32>
    %47 = linalg.matmul ins(%29, %46 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%32 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %48 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%45 : tensor<64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %49 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%47, %48 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %127 = arith.addf %in, %in_46 : f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %50 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%49 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x64xf16>
    %expanded_15 = tensor.expand_shape %50 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %transposed_16 = linalg.transpose ins(%expanded_15 : tensor<1x8x4x16xf16>) outs(%38 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %extracted_slice = tensor.extract_slice %transposed_10[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %extracted_slice_17 = tensor.extract_slice %transposed_10[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %extracted_slice_18 = tensor.extract_slice %transposed_13[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %extracted_slice_19 = tensor.extract_slice %transposed_13[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %expanded_20 = tensor.expand_shape %arg1 [[0], [1, 2], [3]] output_shape [1, 1, 8, 8] : tensor<1x8x8xf16> into tensor<1x1x8x8xf16>
    %expanded_21 = tensor.expand_shape %arg2 [[0], [1, 2], [3]] output_shape [1, 1, 8, 8] : tensor<1x8x8xf16> into tensor<1x1x8x8xf16>
    %51 = tensor.empty() : tensor<1x4x8x8xf16>
    %52 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice, %expanded_20 : tensor<1x4x8x8xf16>, tensor<1x1x8x8xf16>) outs(%51 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %in_46: f16, %out: f16):
      %127 = arith.mulf %in, %in_46 : f16
      linalg.yield %127 : f16
    } -> tensor<1x4x8x8xf16>
    %extracted_slice_22 = tensor.extract_slice %extracted_slice[0, 0, 0, 0] [1, 4, 8, 4] [1, 1, 1, 1] : tensor<1x4x8x8xf16> to tensor<1x4x8x4xf16>
    %extracted_slice_23 = tensor.extract_slice %extracted_slice[0, 0, 0, 4] [1, 4, 8, 4] [1, 1, 1, 1] : tensor<1x4x8x8xf16> to tensor<1x4x8x4xf16>
    %53 = tensor.empty() : tensor<1x4x8x4xf16>
    %54 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_23 : tensor<1x4x8x4xf16>) outs(%53 : tensor<1x4x8x4xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = arith.negf %in : f16
      linalg.yield %127 : f16
    } -> tensor<1x4x8x4xf16>
    %concat = tensor.concat dim(3) %54, %extracted_slice_22 : (tensor<1x4x8x4xf16>, tensor<1x4x8x4xf16>) -> tensor<1x4x8x8xf16>
    %55 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %expanded_21 : tensor<1x4x8x8xf16>, tensor<1x1x8x8xf16>) outs(%51 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %in_46: f16, %out: f16):
      %127 = arith.mulf %in, %in_46 : f16
      linalg.yield %127 : f16
    } -> tensor<1x4x8x8xf16>
    %56 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52, %55 : tensor<1x4x8x8xf16>, tensor<1x4x8x8xf16>) outs(%51 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %in_46: f16, %out: f16):
      %127 = arith.addf %in, %in_46 : f16
      linalg.yield %127 : f16
    } -> tensor<1x4x8x8xf16>
    %57 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_18, %expanded_20 : tensor<1x4x8x8xf16>, tensor<1x1x8x8xf16>) outs(%51 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %in_46: f16, %out: f16):
      %127 = arith.mulf %in, %in_46 : f16
      linalg.yield %127 : f16
    } -> tensor<1x4x8x8xf16>
    %extracted_slice_24 = tensor.extract_slice %extracted_slice_18[0, 0, 0, 0] [1, 4, 8, 4] [1, 1, 1, 1] : tensor<1x4x8x8xf16> to tensor<1x4x8x4xf16>
    %extracted_slice_25 = tensor.extract_slice %extracted_slice_18[0, 0, 0, 4] [1, 4, 8, 4] [1, 1, 1, 1] : tensor<1x4x8x8xf16> to tensor<1x4x8x4xf16>
    %58 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_25 : tensor<1x4x8x4xf16>) outs(%53 : tensor<1x4x8x4xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = arith.negf %in : f16
      linalg.yield %127 : f16
    } -> tensor<1x4x8x4xf16>
    %concat_26 = tensor.concat dim(3) %58, %extracted_slice_24 : (tensor<1x4x8x4xf16>, tensor<1x4x8x4xf16>) -> tensor<1x4x8x8xf16>
    %59 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_26, %expanded_21 : tensor<1x4x8x8xf16>, tensor<1x1x8x8xf16>) outs(%51 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %in_46: f16, %out: f16):
      %127 = arith.mulf %in, %in_46 : f16
      linalg.yield %127 : f16
    } -> tensor<1x4x8x8xf16>
    %60 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57, %59 : tensor<1x4x8x8xf16>, tensor<1x4x8x8xf16>) outs(%51 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %in_46: f16, %out: f16):
      %127 = arith.addf %in, %in_46 : f16
      linalg.yield %127 : f16
    } -> tensor<1x4x8x8xf16>
    %concat_27 = tensor.concat dim(3) %56, %extracted_slice_17 : (tensor<1x4x8x8xf16>, tensor<1x4x8x8xf16>) -> tensor<1x4x8x16xf16>
    %concat_28 = tensor.concat dim(3) %60, %extracted_slice_19 : (tensor<1x4x8x8xf16>, tensor<1x4x8x8xf16>) -> tensor<1x4x8x16xf16>
    %61 = tensor.empty() : tensor<1x4x16x8xf16>
    %transposed_29 = linalg.transpose ins(%concat_28 : tensor<1x4x8x16xf16>) outs(%61 : tensor<1x4x16x8xf16>) permutation = [0, 1, 3, 2] 
    %collapsed_30 = tensor.collapse_shape %concat_27 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %collapsed_31 = tensor.collapse_shape %transposed_29 [[0, 1], [2], [3]] : tensor<1x4x16x8xf16> into tensor<4x16x8xf16>
    %62 = tensor.empty() : tensor<4x8x8xf32>
    %63 = linalg.fill ins(%cst_0 : f32) outs(%62 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %64 = linalg.batch_matmul ins(%collapsed_30, %collapsed_31 : tensor<4x8x16xf16>, tensor<4x16x8xf16>) outs(%63 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %65 = tensor.empty() : tensor<4x8x8xf16>
    %66 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<4x8x8xf32>) outs(%65 : tensor<4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<4x8x8xf16>
    %expanded_32 = tensor.expand_shape %66 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf16> into tensor<1x4x8x8xf16>
    %67 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_32 : tensor<1x4x8x8xf16>) outs(%51 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = arith.mulf %in, %cst_7 : f16
      linalg.yield %127 : f16
    } -> tensor<1x4x8x8xf16>
    %68 = tensor.empty() : tensor<1x4x8x8xf32>
    %69 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%67 : tensor<1x4x8x8xf16>) outs(%68 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x8xf32>
    %70 = tensor.empty() : tensor<1x4x8xi64>
    %71 = linalg.fill ins(%c0_i64 : i64) outs(%70 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %72 = tensor.empty() : tensor<1x4x8xf32>
    %73 = linalg.fill ins(%cst_1 : f32) outs(%72 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %74:2 = linalg.generic {indexing_maps = [#map6, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%69 : tensor<1x4x8x8xf32>) outs(%73, %71 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_46: i64):
      %127 = linalg.index 3 : index
      %128 = arith.index_cast %127 : index to i64
      %129 = arith.maximumf %in, %out : f32
      %130 = arith.cmpf ogt, %in, %out : f32
      %131 = arith.select %130, %128, %out_46 : i64
      linalg.yield %129, %131 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_33 = tensor.expand_shape %74#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %75 = linalg.generic {indexing_maps = [#map6, #map9, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%69, %expanded_33 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%68 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %127 = arith.subf %in, %in_46 : f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x8xf32>
    %76 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%75 : tensor<1x4x8x8xf32>) outs(%68 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = math.exp %in : f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x8xf32>
    %77 = tensor.empty() : tensor<1x4x8x1xf32>
    %78 = linalg.fill ins(%cst_0 : f32) outs(%77 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %79 = linalg.generic {indexing_maps = [#map6, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%76 : tensor<1x4x8x8xf32>) outs(%78 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.addf %in, %out : f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x1xf32>
    %80 = linalg.generic {indexing_maps = [#map6, #map9, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%76, %79 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%68 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %127 = arith.divf %in, %in_46 : f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x8xf32>
    %81 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%80 : tensor<1x4x8x8xf32>) outs(%51 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<1x4x8x8xf16>
    %collapsed_34 = tensor.collapse_shape %81 [[0, 1], [2], [3]] : tensor<1x4x8x8xf16> into tensor<4x8x8xf16>
    %collapsed_35 = tensor.collapse_shape %transposed_16 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %82 = tensor.empty() : tensor<4x8x16xf32>
    %83 = linalg.fill ins(%cst_0 : f32) outs(%82 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %84 = linalg.batch_matmul ins(%collapsed_34, %collapsed_35 : tensor<4x8x8xf16>, tensor<4x8x16xf16>) outs(%83 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %85 = tensor.empty() : tensor<4x8x16xf16>
    %86 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<4x8x16xf32>) outs(%85 : tensor<4x8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<4x8x16xf16>
    %expanded_36 = tensor.expand_shape %86 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf16> into tensor<1x4x8x16xf16>
    %87 = tensor.empty() : tensor<1x8x4x16xf16>
    %transposed_37 = linalg.transpose ins(%expanded_36 : tensor<1x4x8x16xf16>) outs(%87 : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3] 
    %collapsed_38 = tensor.collapse_shape %transposed_37 [[0, 1], [2, 3]] : tensor<1x8x4x16xf16> into tensor<8x64xf16>
    %transposed_39 = linalg.transpose ins(%arg9 : tensor<64x64xf16>) outs(%25 : tensor<64x64xf16>) permutation = [1, 0] 
    %88 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg10 : tensor<64xf16>) outs(%26 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64xf32>
    %89 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_38 : tensor<8x64xf16>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %90 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_39 : tensor<64x64xf16>) outs(%30 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64x64xf32>
    %91 = linalg.matmul ins(%89, %90 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%32 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %92 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%88 : tensor<64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %93 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%91, %92 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %127 = arith.addf %in, %in_46 : f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %94 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%93 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x64xf16>
    %expanded_40 = tensor.expand_shape %94 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %95 = tensor.empty() : tensor<64x128xf16>
    %transposed_41 = linalg.transpose ins(%arg11 : tensor<128x64xf16>) outs(%95 : tensor<64x128xf16>) permutation = [1, 0] 
    %96 = tensor.empty() : tensor<128xf32>
    %97 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg12 : tensor<128xf16>) outs(%96 : tensor<128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<128xf32>
    %98 = tensor.empty() : tensor<64x128xf32>
    %99 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_41 : tensor<64x128xf16>) outs(%98 : tensor<64x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64x128xf32>
    %100 = tensor.empty() : tensor<8x128xf32>
    %101 = linalg.fill ins(%cst_0 : f32) outs(%100 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %102 = linalg.matmul ins(%29, %99 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%101 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %103 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%97 : tensor<128xf32>) outs(%100 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %104 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%102, %103 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%100 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %127 = arith.addf %in, %in_46 : f32
      linalg.yield %127 : f32
    } -> tensor<8x128xf32>
    %105 = tensor.empty() : tensor<8x128xf16>
    %106 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%104 : tensor<8x128xf32>) outs(%105 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x128xf16>
    %expanded_42 = tensor.expand_shape %106 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf16> into tensor<1x8x128xf16>
    %107 = tensor.empty() : tensor<1x8x128xf16>
    %108 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_42 : tensor<1x8x128xf16>) outs(%107 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = arith.mulf %in, %cst_8 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x128xf16>
    %109 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_42 : tensor<1x8x128xf16>) outs(%107 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = math.fpowi %in, %c3_i64 : f16, i64
      linalg.yield %127 : f16
    } -> tensor<1x8x128xf16>
    %110 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%109 : tensor<1x8x128xf16>) outs(%107 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = arith.truncf %cst_3 : f64 to f16
      %128 = arith.mulf %in, %127 : f16
      linalg.yield %128 : f16
    } -> tensor<1x8x128xf16>
    %111 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_42, %110 : tensor<1x8x128xf16>, tensor<1x8x128xf16>) outs(%107 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %in_46: f16, %out: f16):
      %127 = arith.addf %in, %in_46 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x128xf16>
    %112 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%111 : tensor<1x8x128xf16>) outs(%107 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = arith.truncf %cst_2 : f64 to f16
      %128 = arith.mulf %in, %127 : f16
      linalg.yield %128 : f16
    } -> tensor<1x8x128xf16>
    %113 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112 : tensor<1x8x128xf16>) outs(%107 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = math.tanh %in : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x128xf16>
    %114 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%113 : tensor<1x8x128xf16>) outs(%107 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = arith.addf %in, %cst_9 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x128xf16>
    %115 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%108, %114 : tensor<1x8x128xf16>, tensor<1x8x128xf16>) outs(%107 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %in_46: f16, %out: f16):
      %127 = arith.mulf %in, %in_46 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x128xf16>
    %collapsed_43 = tensor.collapse_shape %115 [[0, 1], [2]] : tensor<1x8x128xf16> into tensor<8x128xf16>
    %116 = tensor.empty() : tensor<128x64xf16>
    %transposed_44 = linalg.transpose ins(%arg13 : tensor<64x128xf16>) outs(%116 : tensor<128x64xf16>) permutation = [1, 0] 
    %117 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg14 : tensor<64xf16>) outs(%26 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64xf32>
    %118 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_43 : tensor<8x128xf16>) outs(%100 : tensor<8x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<8x128xf32>
    %119 = tensor.empty() : tensor<128x64xf32>
    %120 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_44 : tensor<128x64xf16>) outs(%119 : tensor<128x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<128x64xf32>
    %121 = linalg.matmul ins(%118, %120 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%32 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %122 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%117 : tensor<64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %123 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%121, %122 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_46: f32, %out: f32):
      %127 = arith.addf %in, %in_46 : f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %124 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%123 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x64xf16>
    %expanded_45 = tensor.expand_shape %124 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %125 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_40, %expanded_45 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_46: f16, %out: f16):
      %127 = arith.addf %in, %in_46 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x64xf16>
    %126 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%125, %arg0 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_46: f16, %out: f16):
      %127 = arith.addf %in, %in_46 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x64xf16>
    return %126 : tensor<1x8x64xf16>
  }
}
