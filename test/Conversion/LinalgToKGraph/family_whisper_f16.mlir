// One WhisperEncoderLayer of transformers (hidden 64, 4 heads, 8 tokens, f16; a small config, random weights),
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) with
// its weights lifted to arguments: written by
// utils/export_models.py; do not edit. It imports, compiled for the CPU it
// agrees with upstream MLIR's execution of the linalg, and superoptimized
// with default options it still does.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// CHECK-LABEL: func.func @whisper(
// CHECK: kgraph.rsqrt
// CHECK: kgraph.reduce_max
// CHECK: kgraph.gelu
// ORACLE: @whisper output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @whisper(%arg0: tensor<1x8x64xf16>, %arg1: tensor<64x64xf16>, %arg2: tensor<64x64xf16>, %arg3: tensor<64xf16>, %arg4: tensor<64x64xf16>, %arg5: tensor<64xf16>, %arg6: tensor<64x64xf16>, %arg7: tensor<64xf16>, %arg8: tensor<64xf16>, %arg9: tensor<64xf16>, %arg10: tensor<128x64xf16>, %arg11: tensor<128xf16>, %arg12: tensor<64x128xf16>, %arg13: tensor<64xf16>, %arg14: tensor<64xf16>, %arg15: tensor<64xf16>) -> tensor<1x8x64xf16> {
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 1.000000e+00 : f16
    %cst_3 = arith.constant 2.000000e+00 : f16
    %cst_4 = arith.constant 5.000000e-01 : f16
    %cst_5 = arith.constant 6.450400e+04 : f64
    %cst_6 = arith.constant -6.450400e+04 : f64
    %cst_7 = arith.constant 1.000000e-05 : f64
    %cst_8 = arith.constant 6.400000e+01 : f64
    %cst_9 = arith.constant 6.400000e+01 : f32
    %cst_10 = arith.constant 2.500000e-01 : f16
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
      %127 = arith.divf %in, %cst_8 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %7 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %127 = arith.subf %in, %in_36 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x64xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %127 = arith.mulf %in, %in_36 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x64xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<1x8x64xf64>) outs(%5 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.addf %in, %out : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<1x8x1xf64>) outs(%4 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.divf %in, %cst_8 : f64
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
      %127 = arith.divf %in, %cst_9 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.truncf %cst_7 : f64 to f32
      %128 = arith.addf %in, %127 : f32
      linalg.yield %128 : f32
    } -> tensor<1x8x1xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = math.rsqrt %in : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %16 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.subf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %18 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.mulf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x64xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg8 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_36: f16, %out: f32):
      %127 = arith.extf %in_36 : f16 to f32
      %128 = arith.mulf %in, %127 : f32
      linalg.yield %128 : f32
    } -> tensor<1x8x64xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %arg9 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_36: f16, %out: f32):
      %127 = arith.extf %in_36 : f16 to f32
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
    %transposed = linalg.transpose ins(%arg4 : tensor<64x64xf16>) outs(%25 : tensor<64x64xf16>) permutation = [1, 0] 
    %26 = tensor.empty() : tensor<64xf32>
    %27 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg5 : tensor<64xf16>) outs(%26 : tensor<64xf32>) {
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
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.addf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %36 = tensor.empty() : tensor<8x64xf16>
    %37 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%35 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x64xf16>
    %expanded = tensor.expand_shape %37 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %38 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<1x8x64xf16>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = arith.mulf %in, %cst_10 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x64xf16>
    %expanded_11 = tensor.expand_shape %38 [[0], [1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<1x8x64xf16> into tensor<1x8x4x16xf16>
    %39 = tensor.empty() : tensor<1x4x8x16xf16>
    %transposed_12 = linalg.transpose ins(%expanded_11 : tensor<1x8x4x16xf16>) outs(%39 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_13 = linalg.transpose ins(%arg1 : tensor<64x64xf16>) outs(%25 : tensor<64x64xf16>) permutation = [1, 0] 
    %40 = linalg.matmul ins(%collapsed, %transposed_13 : tensor<8x64xf16>, tensor<64x64xf16>) outs(%32 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %41 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%40 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x64xf16>
    %expanded_14 = tensor.expand_shape %41 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %transposed_15 = linalg.transpose ins(%arg2 : tensor<64x64xf16>) outs(%25 : tensor<64x64xf16>) permutation = [1, 0] 
    %42 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg3 : tensor<64xf16>) outs(%26 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64xf32>
    %43 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_15 : tensor<64x64xf16>) outs(%30 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64x64xf32>
    %44 = linalg.matmul ins(%29, %43 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%32 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %45 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%42 : tensor<64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %46 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%44, %45 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.addf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %47 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%46 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x64xf16>
    %expanded_16 = tensor.expand_shape %47 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %transposed_17 = linalg.transpose ins(%expanded_16 : tensor<1x8x4x16xf16>) outs(%39 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %48 = tensor.empty() : tensor<1x4x16x8xf16>
    %transposed_18 = linalg.transpose ins(%expanded_14 : tensor<1x8x4x16xf16>) outs(%48 : tensor<1x4x16x8xf16>) permutation = [0, 2, 3, 1] 
    %collapsed_19 = tensor.collapse_shape %transposed_12 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %collapsed_20 = tensor.collapse_shape %transposed_18 [[0, 1], [2], [3]] : tensor<1x4x16x8xf16> into tensor<4x16x8xf16>
    %49 = tensor.empty() : tensor<4x8x8xf32>
    %50 = linalg.fill ins(%cst_0 : f32) outs(%49 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %51 = linalg.batch_matmul ins(%collapsed_19, %collapsed_20 : tensor<4x8x16xf16>, tensor<4x16x8xf16>) outs(%50 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %52 = tensor.empty() : tensor<4x8x8xf16>
    %53 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51 : tensor<4x8x8xf32>) outs(%52 : tensor<4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<4x8x8xf16>
    %expanded_21 = tensor.expand_shape %53 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf16> into tensor<1x4x8x8xf16>
    %54 = tensor.empty() : tensor<1x4x8x8xf32>
    %55 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_21 : tensor<1x4x8x8xf16>) outs(%54 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x8xf32>
    %56 = tensor.empty() : tensor<1x4x8xi64>
    %57 = linalg.fill ins(%c0_i64 : i64) outs(%56 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %58 = tensor.empty() : tensor<1x4x8xf32>
    %59 = linalg.fill ins(%cst_1 : f32) outs(%58 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %60:2 = linalg.generic {indexing_maps = [#map6, #map7, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%55 : tensor<1x4x8x8xf32>) outs(%59, %57 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_36: i64):
      %127 = linalg.index 3 : index
      %128 = arith.index_cast %127 : index to i64
      %129 = arith.maximumf %in, %out : f32
      %130 = arith.cmpf ogt, %in, %out : f32
      %131 = arith.select %130, %128, %out_36 : i64
      linalg.yield %129, %131 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_22 = tensor.expand_shape %60#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %61 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%55, %expanded_22 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%54 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.subf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x8xf32>
    %62 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%61 : tensor<1x4x8x8xf32>) outs(%54 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = math.exp %in : f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x8xf32>
    %63 = tensor.empty() : tensor<1x4x8x1xf32>
    %64 = linalg.fill ins(%cst_0 : f32) outs(%63 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %65 = linalg.generic {indexing_maps = [#map6, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%62 : tensor<1x4x8x8xf32>) outs(%64 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.addf %in, %out : f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x1xf32>
    %66 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62, %65 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%54 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.divf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x8xf32>
    %67 = tensor.empty() : tensor<1x4x8x8xf16>
    %68 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66 : tensor<1x4x8x8xf32>) outs(%67 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<1x4x8x8xf16>
    %collapsed_23 = tensor.collapse_shape %68 [[0, 1], [2], [3]] : tensor<1x4x8x8xf16> into tensor<4x8x8xf16>
    %collapsed_24 = tensor.collapse_shape %transposed_17 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %69 = tensor.empty() : tensor<4x8x16xf32>
    %70 = linalg.fill ins(%cst_0 : f32) outs(%69 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %71 = linalg.batch_matmul ins(%collapsed_23, %collapsed_24 : tensor<4x8x8xf16>, tensor<4x8x16xf16>) outs(%70 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %72 = tensor.empty() : tensor<4x8x16xf16>
    %73 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<4x8x16xf32>) outs(%72 : tensor<4x8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<4x8x16xf16>
    %expanded_25 = tensor.expand_shape %73 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf16> into tensor<1x4x8x16xf16>
    %74 = tensor.empty() : tensor<1x8x4x16xf16>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<1x4x8x16xf16>) outs(%74 : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3] 
    %collapsed_27 = tensor.collapse_shape %transposed_26 [[0, 1], [2, 3]] : tensor<1x8x4x16xf16> into tensor<8x64xf16>
    %transposed_28 = linalg.transpose ins(%arg6 : tensor<64x64xf16>) outs(%25 : tensor<64x64xf16>) permutation = [1, 0] 
    %75 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg7 : tensor<64xf16>) outs(%26 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64xf32>
    %76 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_27 : tensor<8x64xf16>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %77 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_28 : tensor<64x64xf16>) outs(%30 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64x64xf32>
    %78 = linalg.matmul ins(%76, %77 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%32 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %79 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%75 : tensor<64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %80 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%78, %79 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.addf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %81 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%80 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x64xf16>
    %expanded_29 = tensor.expand_shape %81 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %82 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_29 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_36: f16, %out: f16):
      %127 = arith.addf %in, %in_36 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x64xf16>
    %83 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<1x8x64xf32>
    %84 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83 : tensor<1x8x64xf32>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %127 = arith.extf %in : f32 to f64
      linalg.yield %127 : f64
    } -> tensor<1x8x64xf64>
    %85 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%84 : tensor<1x8x64xf64>) outs(%5 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.addf %in, %out : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %86 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85 : tensor<1x8x1xf64>) outs(%4 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.divf %in, %cst_8 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %87 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84, %86 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %127 = arith.subf %in, %in_36 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x64xf64>
    %88 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87, %87 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_36: f64, %out: f64):
      %127 = arith.mulf %in, %in_36 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x64xf64>
    %89 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%88 : tensor<1x8x64xf64>) outs(%5 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.addf %in, %out : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %90 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<1x8x1xf64>) outs(%4 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.divf %in, %cst_8 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %91 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<1x8x1xf64>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %127 = arith.truncf %in : f64 to f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %92 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%83 : tensor<1x8x64xf32>) outs(%14 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.addf %in, %out : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.divf %in, %cst_9 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %94 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.truncf %cst_7 : f64 to f32
      %128 = arith.addf %in, %127 : f32
      linalg.yield %128 : f32
    } -> tensor<1x8x1xf32>
    %95 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = math.rsqrt %in : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %96 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %93 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.subf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x64xf32>
    %97 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%96, %95 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.mulf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x64xf32>
    %98 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%97, %arg14 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_36: f16, %out: f32):
      %127 = arith.extf %in_36 : f16 to f32
      %128 = arith.mulf %in, %127 : f32
      linalg.yield %128 : f32
    } -> tensor<1x8x64xf32>
    %99 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98, %arg15 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_36: f16, %out: f32):
      %127 = arith.extf %in_36 : f16 to f32
      %128 = arith.addf %in, %127 : f32
      linalg.yield %128 : f32
    } -> tensor<1x8x64xf32>
    %100 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%99 : tensor<1x8x64xf32>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<1x8x64xf16>
    %collapsed_30 = tensor.collapse_shape %100 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %101 = tensor.empty() : tensor<64x128xf16>
    %transposed_31 = linalg.transpose ins(%arg10 : tensor<128x64xf16>) outs(%101 : tensor<64x128xf16>) permutation = [1, 0] 
    %102 = tensor.empty() : tensor<128xf32>
    %103 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg11 : tensor<128xf16>) outs(%102 : tensor<128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<128xf32>
    %104 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_30 : tensor<8x64xf16>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %105 = tensor.empty() : tensor<64x128xf32>
    %106 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_31 : tensor<64x128xf16>) outs(%105 : tensor<64x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64x128xf32>
    %107 = tensor.empty() : tensor<8x128xf32>
    %108 = linalg.fill ins(%cst_0 : f32) outs(%107 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %109 = linalg.matmul ins(%104, %106 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%108 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %110 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%103 : tensor<128xf32>) outs(%107 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %111 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%109, %110 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%107 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.addf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<8x128xf32>
    %112 = tensor.empty() : tensor<8x128xf16>
    %113 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%111 : tensor<8x128xf32>) outs(%112 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x128xf16>
    %expanded_32 = tensor.expand_shape %113 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf16> into tensor<1x8x128xf16>
    %114 = tensor.empty() : tensor<1x8x128xf16>
    %115 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32 : tensor<1x8x128xf16>) outs(%114 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = math.sqrt %cst_3 : f16
      %128 = arith.divf %in, %127 : f16
      %129 = math.erf %128 : f16
      %130 = arith.addf %129, %cst_2 : f16
      %131 = arith.mulf %130, %cst_4 : f16
      %132 = arith.mulf %in, %131 : f16
      linalg.yield %132 : f16
    } -> tensor<1x8x128xf16>
    %collapsed_33 = tensor.collapse_shape %115 [[0, 1], [2]] : tensor<1x8x128xf16> into tensor<8x128xf16>
    %116 = tensor.empty() : tensor<128x64xf16>
    %transposed_34 = linalg.transpose ins(%arg12 : tensor<64x128xf16>) outs(%116 : tensor<128x64xf16>) permutation = [1, 0] 
    %117 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg13 : tensor<64xf16>) outs(%26 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64xf32>
    %118 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_33 : tensor<8x128xf16>) outs(%107 : tensor<8x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<8x128xf32>
    %119 = tensor.empty() : tensor<128x64xf32>
    %120 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_34 : tensor<128x64xf16>) outs(%119 : tensor<128x64xf32>) {
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
    ^bb0(%in: f32, %in_36: f32, %out: f32):
      %127 = arith.addf %in, %in_36 : f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %124 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%123 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x64xf16>
    %expanded_35 = tensor.expand_shape %124 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %125 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%82, %expanded_35 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_36: f16, %out: f16):
      %127 = arith.addf %in, %in_36 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x64xf16>
    %126 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%125 : tensor<1x8x64xf16>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = arith.truncf %cst_6 : f64 to f16
      %128 = arith.cmpf ult, %in, %127 : f16
      %129 = arith.select %128, %127, %in : f16
      %130 = arith.truncf %cst_5 : f64 to f16
      %131 = arith.cmpf ugt, %129, %130 : f16
      %132 = arith.select %131, %130, %129 : f16
      linalg.yield %132 : f16
    } -> tensor<1x8x64xf16>
    return %126 : tensor<1x8x64xf16>
  }
}
