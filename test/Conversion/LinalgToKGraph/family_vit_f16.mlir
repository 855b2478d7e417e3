// One ViTLayer of transformers (hidden 64, 4 heads, 8 tokens, f16; a small config, random weights),
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
// ORACLE: @vit output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree

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
  func.func @vit(%arg0: tensor<1x8x64xf16>, %arg1: tensor<64x64xf16>, %arg2: tensor<64xf16>, %arg3: tensor<64x64xf16>, %arg4: tensor<64xf16>, %arg5: tensor<64x64xf16>, %arg6: tensor<64xf16>, %arg7: tensor<64x64xf16>, %arg8: tensor<64xf16>, %arg9: tensor<64xf16>, %arg10: tensor<64xf16>, %arg11: tensor<64xf16>, %arg12: tensor<64xf16>, %arg13: tensor<128x64xf16>, %arg14: tensor<128xf16>, %arg15: tensor<64x128xf16>, %arg16: tensor<64xf16>) -> tensor<1x8x64xf16> {
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 1.000000e+00 : f16
    %cst_3 = arith.constant 2.000000e+00 : f16
    %cst_4 = arith.constant 5.000000e-01 : f16
    %cst_5 = arith.constant 9.9999999999999998E-13 : f64
    %cst_6 = arith.constant 6.400000e+01 : f64
    %cst_7 = arith.constant 6.400000e+01 : f32
    %cst_8 = arith.constant 2.500000e-01 : f16
    %0 = tensor.empty() : tensor<1x8x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<1x8x64xf32>
    %2 = tensor.empty() : tensor<1x8x64xf64>
    %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<1x8x64xf32>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %130 = arith.extf %in : f32 to f64
      linalg.yield %130 : f64
    } -> tensor<1x8x64xf64>
    %4 = tensor.empty() : tensor<1x8x1xf64>
    %5 = linalg.fill ins(%cst : f64) outs(%4 : tensor<1x8x1xf64>) -> tensor<1x8x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%3 : tensor<1x8x64xf64>) outs(%5 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.addf %in, %out : f64
      linalg.yield %130 : f64
    } -> tensor<1x8x1xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x8x1xf64>) outs(%4 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.divf %in, %cst_6 : f64
      linalg.yield %130 : f64
    } -> tensor<1x8x1xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %7 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %130 = arith.subf %in, %in_33 : f64
      linalg.yield %130 : f64
    } -> tensor<1x8x64xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %130 = arith.mulf %in, %in_33 : f64
      linalg.yield %130 : f64
    } -> tensor<1x8x64xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<1x8x64xf64>) outs(%5 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.addf %in, %out : f64
      linalg.yield %130 : f64
    } -> tensor<1x8x1xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<1x8x1xf64>) outs(%4 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.divf %in, %cst_6 : f64
      linalg.yield %130 : f64
    } -> tensor<1x8x1xf64>
    %12 = tensor.empty() : tensor<1x8x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x8x1xf64>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %130 = arith.truncf %in : f64 to f32
      linalg.yield %130 : f32
    } -> tensor<1x8x1xf32>
    %14 = linalg.fill ins(%cst_0 : f32) outs(%12 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x8x64xf32>) outs(%14 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %out : f32
      linalg.yield %130 : f32
    } -> tensor<1x8x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.divf %in, %cst_7 : f32
      linalg.yield %130 : f32
    } -> tensor<1x8x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.truncf %cst_5 : f64 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x1xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.rsqrt %in : f32
      linalg.yield %130 : f32
    } -> tensor<1x8x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %16 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.subf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<1x8x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %18 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.mulf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<1x8x64xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg9 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f16, %out: f32):
      %130 = arith.extf %in_33 : f16 to f32
      %131 = arith.mulf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x64xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %arg10 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f16, %out: f32):
      %130 = arith.extf %in_33 : f16 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x64xf32>
    %23 = tensor.empty() : tensor<1x8x64xf16>
    %24 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%22 : tensor<1x8x64xf32>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<1x8x64xf16>
    %collapsed = tensor.collapse_shape %24 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %25 = tensor.empty() : tensor<64x64xf16>
    %transposed = linalg.transpose ins(%arg1 : tensor<64x64xf16>) outs(%25 : tensor<64x64xf16>) permutation = [1, 0] 
    %26 = tensor.empty() : tensor<64xf32>
    %27 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg2 : tensor<64xf16>) outs(%26 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64xf32>
    %28 = tensor.empty() : tensor<8x64xf32>
    %29 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<8x64xf16>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<8x64xf32>
    %30 = tensor.empty() : tensor<64x64xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<64x64xf16>) outs(%30 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64x64xf32>
    %32 = linalg.fill ins(%cst_0 : f32) outs(%28 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %33 = linalg.matmul ins(%29, %31 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%32 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %34 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%27 : tensor<64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %35 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%33, %34 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.addf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<8x64xf32>
    %36 = tensor.empty() : tensor<8x64xf16>
    %37 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%35 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<8x64xf16>
    %expanded = tensor.expand_shape %37 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %38 = tensor.empty() : tensor<1x4x8x16xf16>
    %transposed_9 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf16>) outs(%38 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_10 = linalg.transpose ins(%arg3 : tensor<64x64xf16>) outs(%25 : tensor<64x64xf16>) permutation = [1, 0] 
    %39 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg4 : tensor<64xf16>) outs(%26 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64xf32>
    %40 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_10 : tensor<64x64xf16>) outs(%30 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64x64xf32>
    %41 = linalg.matmul ins(%29, %40 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%32 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %42 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%39 : tensor<64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %43 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%41, %42 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.addf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<8x64xf32>
    %44 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%43 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<8x64xf16>
    %expanded_11 = tensor.expand_shape %44 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %transposed_12 = linalg.transpose ins(%arg5 : tensor<64x64xf16>) outs(%25 : tensor<64x64xf16>) permutation = [1, 0] 
    %45 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg6 : tensor<64xf16>) outs(%26 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64xf32>
    %46 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_12 : tensor<64x64xf16>) outs(%30 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64x64xf32>
    %47 = linalg.matmul ins(%29, %46 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%32 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %48 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%45 : tensor<64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %49 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%47, %48 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.addf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<8x64xf32>
    %50 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%49 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<8x64xf16>
    %expanded_13 = tensor.expand_shape %50 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %transposed_14 = linalg.transpose ins(%expanded_13 : tensor<1x8x4x16xf16>) outs(%38 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %51 = tensor.empty() : tensor<1x4x16x8xf16>
    %transposed_15 = linalg.transpose ins(%expanded_11 : tensor<1x8x4x16xf16>) outs(%51 : tensor<1x4x16x8xf16>) permutation = [0, 2, 3, 1] 
    %collapsed_16 = tensor.collapse_shape %transposed_9 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %collapsed_17 = tensor.collapse_shape %transposed_15 [[0, 1], [2], [3]] : tensor<1x4x16x8xf16> into tensor<4x16x8xf16>
    %52 = tensor.empty() : tensor<4x8x8xf32>
    %53 = linalg.fill ins(%cst_0 : f32) outs(%52 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %54 = linalg.batch_matmul ins(%collapsed_16, %collapsed_17 : tensor<4x8x16xf16>, tensor<4x16x8xf16>) outs(%53 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %55 = tensor.empty() : tensor<4x8x8xf16>
    %56 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%54 : tensor<4x8x8xf32>) outs(%55 : tensor<4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<4x8x8xf16>
    %expanded_18 = tensor.expand_shape %56 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf16> into tensor<1x4x8x8xf16>
    %57 = tensor.empty() : tensor<1x4x8x8xf16>
    %58 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_18 : tensor<1x4x8x8xf16>) outs(%57 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = arith.mulf %in, %cst_8 : f16
      linalg.yield %130 : f16
    } -> tensor<1x4x8x8xf16>
    %59 = tensor.empty() : tensor<1x4x8x8xf32>
    %60 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%58 : tensor<1x4x8x8xf16>) outs(%59 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<1x4x8x8xf32>
    %61 = tensor.empty() : tensor<1x4x8xi64>
    %62 = linalg.fill ins(%c0_i64 : i64) outs(%61 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %63 = tensor.empty() : tensor<1x4x8xf32>
    %64 = linalg.fill ins(%cst_1 : f32) outs(%63 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %65:2 = linalg.generic {indexing_maps = [#map6, #map7, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%60 : tensor<1x4x8x8xf32>) outs(%64, %62 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_33: i64):
      %130 = linalg.index 3 : index
      %131 = arith.index_cast %130 : index to i64
      %132 = arith.maximumf %in, %out : f32
      %133 = arith.cmpf ogt, %in, %out : f32
      %134 = arith.select %133, %131, %out_33 : i64
      linalg.yield %132, %134 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_19 = tensor.expand_shape %65#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %66 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%60, %expanded_19 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%59 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.subf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<1x4x8x8xf32>
    %67 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66 : tensor<1x4x8x8xf32>) outs(%59 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.exp %in : f32
      linalg.yield %130 : f32
    } -> tensor<1x4x8x8xf32>
    %68 = tensor.empty() : tensor<1x4x8x1xf32>
    %69 = linalg.fill ins(%cst_0 : f32) outs(%68 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %70 = linalg.generic {indexing_maps = [#map6, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%67 : tensor<1x4x8x8xf32>) outs(%69 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %out : f32
      linalg.yield %130 : f32
    } -> tensor<1x4x8x1xf32>
    %71 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%67, %70 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%59 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.divf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<1x4x8x8xf32>
    %72 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%71 : tensor<1x4x8x8xf32>) outs(%57 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<1x4x8x8xf16>
    %collapsed_20 = tensor.collapse_shape %72 [[0, 1], [2], [3]] : tensor<1x4x8x8xf16> into tensor<4x8x8xf16>
    %collapsed_21 = tensor.collapse_shape %transposed_14 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %73 = tensor.empty() : tensor<4x8x16xf32>
    %74 = linalg.fill ins(%cst_0 : f32) outs(%73 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %75 = linalg.batch_matmul ins(%collapsed_20, %collapsed_21 : tensor<4x8x8xf16>, tensor<4x8x16xf16>) outs(%74 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %76 = tensor.empty() : tensor<4x8x16xf16>
    %77 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<4x8x16xf32>) outs(%76 : tensor<4x8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<4x8x16xf16>
    %expanded_22 = tensor.expand_shape %77 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf16> into tensor<1x4x8x16xf16>
    %78 = tensor.empty() : tensor<1x8x4x16xf16>
    %transposed_23 = linalg.transpose ins(%expanded_22 : tensor<1x4x8x16xf16>) outs(%78 : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3] 
    %collapsed_24 = tensor.collapse_shape %transposed_23 [[0, 1], [2, 3]] : tensor<1x8x4x16xf16> into tensor<8x64xf16>
    %transposed_25 = linalg.transpose ins(%arg7 : tensor<64x64xf16>) outs(%25 : tensor<64x64xf16>) permutation = [1, 0] 
    %79 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg8 : tensor<64xf16>) outs(%26 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64xf32>
    %80 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_24 : tensor<8x64xf16>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<8x64xf32>
    %81 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_25 : tensor<64x64xf16>) outs(%30 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64x64xf32>
    %82 = linalg.matmul ins(%80, %81 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%32 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %83 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%79 : tensor<64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %84 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%82, %83 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.addf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<8x64xf32>
    %85 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%84 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<8x64xf16>
    %expanded_26 = tensor.expand_shape %85 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %86 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_26, %arg0 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_33: f16, %out: f16):
      %130 = arith.addf %in, %in_33 : f16
      linalg.yield %130 : f16
    } -> tensor<1x8x64xf16>
    %87 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<1x8x64xf32>
    %88 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87 : tensor<1x8x64xf32>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %130 = arith.extf %in : f32 to f64
      linalg.yield %130 : f64
    } -> tensor<1x8x64xf64>
    %89 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%88 : tensor<1x8x64xf64>) outs(%5 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.addf %in, %out : f64
      linalg.yield %130 : f64
    } -> tensor<1x8x1xf64>
    %90 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<1x8x1xf64>) outs(%4 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.divf %in, %cst_6 : f64
      linalg.yield %130 : f64
    } -> tensor<1x8x1xf64>
    %91 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88, %90 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %130 = arith.subf %in, %in_33 : f64
      linalg.yield %130 : f64
    } -> tensor<1x8x64xf64>
    %92 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91, %91 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %130 = arith.mulf %in, %in_33 : f64
      linalg.yield %130 : f64
    } -> tensor<1x8x64xf64>
    %93 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%92 : tensor<1x8x64xf64>) outs(%5 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.addf %in, %out : f64
      linalg.yield %130 : f64
    } -> tensor<1x8x1xf64>
    %94 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<1x8x1xf64>) outs(%4 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %130 = arith.divf %in, %cst_6 : f64
      linalg.yield %130 : f64
    } -> tensor<1x8x1xf64>
    %95 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94 : tensor<1x8x1xf64>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %130 = arith.truncf %in : f64 to f32
      linalg.yield %130 : f32
    } -> tensor<1x8x1xf32>
    %96 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%87 : tensor<1x8x64xf32>) outs(%14 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.addf %in, %out : f32
      linalg.yield %130 : f32
    } -> tensor<1x8x1xf32>
    %97 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%96 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.divf %in, %cst_7 : f32
      linalg.yield %130 : f32
    } -> tensor<1x8x1xf32>
    %98 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = arith.truncf %cst_5 : f64 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x1xf32>
    %99 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %130 = math.rsqrt %in : f32
      linalg.yield %130 : f32
    } -> tensor<1x8x1xf32>
    %100 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87, %97 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.subf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<1x8x64xf32>
    %101 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%100, %99 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.mulf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<1x8x64xf32>
    %102 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%101, %arg11 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f16, %out: f32):
      %130 = arith.extf %in_33 : f16 to f32
      %131 = arith.mulf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x64xf32>
    %103 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%102, %arg12 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f16, %out: f32):
      %130 = arith.extf %in_33 : f16 to f32
      %131 = arith.addf %in, %130 : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x64xf32>
    %104 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%103 : tensor<1x8x64xf32>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<1x8x64xf16>
    %collapsed_27 = tensor.collapse_shape %104 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %105 = tensor.empty() : tensor<64x128xf16>
    %transposed_28 = linalg.transpose ins(%arg13 : tensor<128x64xf16>) outs(%105 : tensor<64x128xf16>) permutation = [1, 0] 
    %106 = tensor.empty() : tensor<128xf32>
    %107 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg14 : tensor<128xf16>) outs(%106 : tensor<128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<128xf32>
    %108 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_27 : tensor<8x64xf16>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<8x64xf32>
    %109 = tensor.empty() : tensor<64x128xf32>
    %110 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_28 : tensor<64x128xf16>) outs(%109 : tensor<64x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64x128xf32>
    %111 = tensor.empty() : tensor<8x128xf32>
    %112 = linalg.fill ins(%cst_0 : f32) outs(%111 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %113 = linalg.matmul ins(%108, %110 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%112 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %114 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%107 : tensor<128xf32>) outs(%111 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %115 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%113, %114 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%111 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.addf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<8x128xf32>
    %116 = tensor.empty() : tensor<8x128xf16>
    %117 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%115 : tensor<8x128xf32>) outs(%116 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<8x128xf16>
    %expanded_29 = tensor.expand_shape %117 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf16> into tensor<1x8x128xf16>
    %118 = tensor.empty() : tensor<1x8x128xf16>
    %119 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_29 : tensor<1x8x128xf16>) outs(%118 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %130 = math.sqrt %cst_3 : f16
      %131 = arith.divf %in, %130 : f16
      %132 = math.erf %131 : f16
      %133 = arith.addf %132, %cst_2 : f16
      %134 = arith.mulf %133, %cst_4 : f16
      %135 = arith.mulf %in, %134 : f16
      linalg.yield %135 : f16
    } -> tensor<1x8x128xf16>
    %collapsed_30 = tensor.collapse_shape %119 [[0, 1], [2]] : tensor<1x8x128xf16> into tensor<8x128xf16>
    %120 = tensor.empty() : tensor<128x64xf16>
    %transposed_31 = linalg.transpose ins(%arg15 : tensor<64x128xf16>) outs(%120 : tensor<128x64xf16>) permutation = [1, 0] 
    %121 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg16 : tensor<64xf16>) outs(%26 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<64xf32>
    %122 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_30 : tensor<8x128xf16>) outs(%111 : tensor<8x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<8x128xf32>
    %123 = tensor.empty() : tensor<128x64xf32>
    %124 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_31 : tensor<128x64xf16>) outs(%123 : tensor<128x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %130 = arith.extf %in : f16 to f32
      linalg.yield %130 : f32
    } -> tensor<128x64xf32>
    %125 = linalg.matmul ins(%122, %124 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%32 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %126 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%121 : tensor<64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %127 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%125, %126 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%28 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %130 = arith.addf %in, %in_33 : f32
      linalg.yield %130 : f32
    } -> tensor<8x64xf32>
    %128 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%127 : tensor<8x64xf32>) outs(%36 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %130 = arith.truncf %in : f32 to f16
      linalg.yield %130 : f16
    } -> tensor<8x64xf16>
    %expanded_32 = tensor.expand_shape %128 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %129 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32, %86 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_33: f16, %out: f16):
      %130 = arith.addf %in, %in_33 : f16
      linalg.yield %130 : f16
    } -> tensor<1x8x64xf16>
    return %129 : tensor<1x8x64xf16>
  }
}
