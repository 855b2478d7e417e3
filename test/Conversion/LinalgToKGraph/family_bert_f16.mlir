// One BertLayer of transformers (hidden 64, 4 heads, 8 tokens, an additive attention mask, f16; a small config, random weights),
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
// ORACLE: @bert output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1) -> (d0, d1)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
#map8 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map9 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @bert(%arg0: tensor<1x8x64xf16>, %arg1: tensor<1x1x8x8xf16>, %arg2: tensor<64x64xf16>, %arg3: tensor<64xf16>, %arg4: tensor<64x64xf16>, %arg5: tensor<64xf16>, %arg6: tensor<64x64xf16>, %arg7: tensor<64xf16>, %arg8: tensor<64x64xf16>, %arg9: tensor<64xf16>, %arg10: tensor<64xf16>, %arg11: tensor<64xf16>, %arg12: tensor<128x64xf16>, %arg13: tensor<128xf16>, %arg14: tensor<64x128xf16>, %arg15: tensor<64xf16>, %arg16: tensor<64xf16>, %arg17: tensor<64xf16>) -> tensor<1x8x64xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 0.000000e+00 : f64
    %cst_2 = arith.constant 1.000000e+00 : f16
    %cst_3 = arith.constant 2.000000e+00 : f16
    %cst_4 = arith.constant 5.000000e-01 : f16
    %cst_5 = arith.constant 9.9999999999999998E-13 : f64
    %cst_6 = arith.constant 2.500000e-01 : f16
    %cst_7 = arith.constant 6.400000e+01 : f64
    %cst_8 = arith.constant 6.400000e+01 : f32
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %0 = tensor.empty() : tensor<64x64xf16>
    %transposed = linalg.transpose ins(%arg2 : tensor<64x64xf16>) outs(%0 : tensor<64x64xf16>) permutation = [1, 0] 
    %1 = tensor.empty() : tensor<64xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg3 : tensor<64xf16>) outs(%1 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<64xf32>
    %3 = tensor.empty() : tensor<8x64xf32>
    %4 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<8x64xf16>) outs(%3 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<8x64xf32>
    %5 = tensor.empty() : tensor<64x64xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<64x64xf16>) outs(%5 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<64x64xf32>
    %7 = linalg.fill ins(%cst : f32) outs(%3 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %8 = linalg.matmul ins(%4, %6 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%7 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %9 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<64xf32>) outs(%3 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%8, %9 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%3 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %131 = arith.addf %in, %in_33 : f32
      linalg.yield %131 : f32
    } -> tensor<8x64xf32>
    %11 = tensor.empty() : tensor<8x64xf16>
    %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<8x64xf32>) outs(%11 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<8x64xf16>
    %expanded = tensor.expand_shape %12 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %13 = tensor.empty() : tensor<1x4x8x16xf16>
    %transposed_9 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf16>) outs(%13 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_10 = linalg.transpose ins(%arg4 : tensor<64x64xf16>) outs(%0 : tensor<64x64xf16>) permutation = [1, 0] 
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg5 : tensor<64xf16>) outs(%1 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<64xf32>
    %15 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_10 : tensor<64x64xf16>) outs(%5 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<64x64xf32>
    %16 = linalg.matmul ins(%4, %15 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%7 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %17 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<64xf32>) outs(%3 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %18 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%16, %17 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%3 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %131 = arith.addf %in, %in_33 : f32
      linalg.yield %131 : f32
    } -> tensor<8x64xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%18 : tensor<8x64xf32>) outs(%11 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<8x64xf16>
    %expanded_11 = tensor.expand_shape %19 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %transposed_12 = linalg.transpose ins(%arg6 : tensor<64x64xf16>) outs(%0 : tensor<64x64xf16>) permutation = [1, 0] 
    %20 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg7 : tensor<64xf16>) outs(%1 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<64xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_12 : tensor<64x64xf16>) outs(%5 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<64x64xf32>
    %22 = linalg.matmul ins(%4, %21 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%7 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %23 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<64xf32>) outs(%3 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %24 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%22, %23 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%3 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %131 = arith.addf %in, %in_33 : f32
      linalg.yield %131 : f32
    } -> tensor<8x64xf32>
    %25 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%24 : tensor<8x64xf32>) outs(%11 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<8x64xf16>
    %expanded_13 = tensor.expand_shape %25 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %transposed_14 = linalg.transpose ins(%expanded_13 : tensor<1x8x4x16xf16>) outs(%13 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %26 = tensor.empty() : tensor<1x4x16x8xf16>
    %transposed_15 = linalg.transpose ins(%expanded_11 : tensor<1x8x4x16xf16>) outs(%26 : tensor<1x4x16x8xf16>) permutation = [0, 2, 3, 1] 
    %collapsed_16 = tensor.collapse_shape %transposed_9 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %collapsed_17 = tensor.collapse_shape %transposed_15 [[0, 1], [2], [3]] : tensor<1x4x16x8xf16> into tensor<4x16x8xf16>
    %27 = tensor.empty() : tensor<4x8x8xf32>
    %28 = linalg.fill ins(%cst : f32) outs(%27 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %29 = linalg.batch_matmul ins(%collapsed_16, %collapsed_17 : tensor<4x8x16xf16>, tensor<4x16x8xf16>) outs(%28 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %30 = tensor.empty() : tensor<4x8x8xf16>
    %31 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%29 : tensor<4x8x8xf32>) outs(%30 : tensor<4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<4x8x8xf16>
    %expanded_18 = tensor.expand_shape %31 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf16> into tensor<1x4x8x8xf16>
    %32 = tensor.empty() : tensor<1x4x8x8xf16>
    %33 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_18 : tensor<1x4x8x8xf16>) outs(%32 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %131 = arith.mulf %in, %cst_6 : f16
      linalg.yield %131 : f16
    } -> tensor<1x4x8x8xf16>
    %34 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%33, %arg1 : tensor<1x4x8x8xf16>, tensor<1x1x8x8xf16>) outs(%32 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %in_33: f16, %out: f16):
      %131 = arith.addf %in, %in_33 : f16
      linalg.yield %131 : f16
    } -> tensor<1x4x8x8xf16>
    %35 = tensor.empty() : tensor<1x4x8x8xf32>
    %36 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34 : tensor<1x4x8x8xf16>) outs(%35 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<1x4x8x8xf32>
    %37 = tensor.empty() : tensor<1x4x8xi64>
    %38 = linalg.fill ins(%c0_i64 : i64) outs(%37 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %39 = tensor.empty() : tensor<1x4x8xf32>
    %40 = linalg.fill ins(%cst_0 : f32) outs(%39 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %41:2 = linalg.generic {indexing_maps = [#map4, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%36 : tensor<1x4x8x8xf32>) outs(%40, %38 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_33: i64):
      %131 = linalg.index 3 : index
      %132 = arith.index_cast %131 : index to i64
      %133 = arith.maximumf %in, %out : f32
      %134 = arith.cmpf ogt, %in, %out : f32
      %135 = arith.select %134, %132, %out_33 : i64
      linalg.yield %133, %135 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_19 = tensor.expand_shape %41#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %42 = linalg.generic {indexing_maps = [#map4, #map7, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%36, %expanded_19 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%35 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %131 = arith.subf %in, %in_33 : f32
      linalg.yield %131 : f32
    } -> tensor<1x4x8x8xf32>
    %43 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42 : tensor<1x4x8x8xf32>) outs(%35 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = math.exp %in : f32
      linalg.yield %131 : f32
    } -> tensor<1x4x8x8xf32>
    %44 = tensor.empty() : tensor<1x4x8x1xf32>
    %45 = linalg.fill ins(%cst : f32) outs(%44 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %46 = linalg.generic {indexing_maps = [#map4, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%43 : tensor<1x4x8x8xf32>) outs(%45 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.addf %in, %out : f32
      linalg.yield %131 : f32
    } -> tensor<1x4x8x1xf32>
    %47 = linalg.generic {indexing_maps = [#map4, #map7, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43, %46 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%35 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %131 = arith.divf %in, %in_33 : f32
      linalg.yield %131 : f32
    } -> tensor<1x4x8x8xf32>
    %48 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47 : tensor<1x4x8x8xf32>) outs(%32 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<1x4x8x8xf16>
    %collapsed_20 = tensor.collapse_shape %48 [[0, 1], [2], [3]] : tensor<1x4x8x8xf16> into tensor<4x8x8xf16>
    %collapsed_21 = tensor.collapse_shape %transposed_14 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %49 = tensor.empty() : tensor<4x8x16xf32>
    %50 = linalg.fill ins(%cst : f32) outs(%49 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %51 = linalg.batch_matmul ins(%collapsed_20, %collapsed_21 : tensor<4x8x8xf16>, tensor<4x8x16xf16>) outs(%50 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %52 = tensor.empty() : tensor<4x8x16xf16>
    %53 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51 : tensor<4x8x16xf32>) outs(%52 : tensor<4x8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<4x8x16xf16>
    %expanded_22 = tensor.expand_shape %53 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf16> into tensor<1x4x8x16xf16>
    %54 = tensor.empty() : tensor<1x8x4x16xf16>
    %transposed_23 = linalg.transpose ins(%expanded_22 : tensor<1x4x8x16xf16>) outs(%54 : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3] 
    %collapsed_24 = tensor.collapse_shape %transposed_23 [[0, 1], [2, 3]] : tensor<1x8x4x16xf16> into tensor<8x64xf16>
    %transposed_25 = linalg.transpose ins(%arg8 : tensor<64x64xf16>) outs(%0 : tensor<64x64xf16>) permutation = [1, 0] 
    %55 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg9 : tensor<64xf16>) outs(%1 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<64xf32>
    %56 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%collapsed_24 : tensor<8x64xf16>) outs(%3 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<8x64xf32>
    %57 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_25 : tensor<64x64xf16>) outs(%5 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<64x64xf32>
    %58 = linalg.matmul ins(%56, %57 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%7 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %59 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%55 : tensor<64xf32>) outs(%3 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %60 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%58, %59 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%3 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %131 = arith.addf %in, %in_33 : f32
      linalg.yield %131 : f32
    } -> tensor<8x64xf32>
    %61 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%60 : tensor<8x64xf32>) outs(%11 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<8x64xf16>
    %expanded_26 = tensor.expand_shape %61 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %62 = tensor.empty() : tensor<1x8x64xf16>
    %63 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_26, %arg0 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%62 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_33: f16, %out: f16):
      %131 = arith.addf %in, %in_33 : f16
      linalg.yield %131 : f16
    } -> tensor<1x8x64xf16>
    %64 = tensor.empty() : tensor<1x8x64xf32>
    %65 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<1x8x64xf16>) outs(%64 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<1x8x64xf32>
    %66 = tensor.empty() : tensor<1x8x64xf64>
    %67 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x8x64xf32>) outs(%66 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %131 = arith.extf %in : f32 to f64
      linalg.yield %131 : f64
    } -> tensor<1x8x64xf64>
    %68 = tensor.empty() : tensor<1x8x1xf64>
    %69 = linalg.fill ins(%cst_1 : f64) outs(%68 : tensor<1x8x1xf64>) -> tensor<1x8x1xf64>
    %70 = linalg.generic {indexing_maps = [#map3, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%67 : tensor<1x8x64xf64>) outs(%69 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.addf %in, %out : f64
      linalg.yield %131 : f64
    } -> tensor<1x8x1xf64>
    %71 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70 : tensor<1x8x1xf64>) outs(%68 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.divf %in, %cst_7 : f64
      linalg.yield %131 : f64
    } -> tensor<1x8x1xf64>
    %72 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67, %71 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%66 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %131 = arith.subf %in, %in_33 : f64
      linalg.yield %131 : f64
    } -> tensor<1x8x64xf64>
    %73 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72, %72 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%66 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %131 = arith.mulf %in, %in_33 : f64
      linalg.yield %131 : f64
    } -> tensor<1x8x64xf64>
    %74 = linalg.generic {indexing_maps = [#map3, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%73 : tensor<1x8x64xf64>) outs(%69 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.addf %in, %out : f64
      linalg.yield %131 : f64
    } -> tensor<1x8x1xf64>
    %75 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<1x8x1xf64>) outs(%68 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.divf %in, %cst_7 : f64
      linalg.yield %131 : f64
    } -> tensor<1x8x1xf64>
    %76 = tensor.empty() : tensor<1x8x1xf32>
    %77 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<1x8x1xf64>) outs(%76 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %131 = arith.truncf %in : f64 to f32
      linalg.yield %131 : f32
    } -> tensor<1x8x1xf32>
    %78 = linalg.fill ins(%cst : f32) outs(%76 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %79 = linalg.generic {indexing_maps = [#map3, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%65 : tensor<1x8x64xf32>) outs(%78 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.addf %in, %out : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x1xf32>
    %80 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<1x8x1xf32>) outs(%76 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.divf %in, %cst_8 : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x1xf32>
    %81 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77 : tensor<1x8x1xf32>) outs(%76 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.truncf %cst_5 : f64 to f32
      %132 = arith.addf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x8x1xf32>
    %82 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81 : tensor<1x8x1xf32>) outs(%76 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = math.rsqrt %in : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x1xf32>
    %83 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65, %80 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%64 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %131 = arith.subf %in, %in_33 : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x64xf32>
    %84 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %82 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%64 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %131 = arith.mulf %in, %in_33 : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x64xf32>
    %85 = linalg.generic {indexing_maps = [#map3, #map9, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84, %arg10 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%64 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f16, %out: f32):
      %131 = arith.extf %in_33 : f16 to f32
      %132 = arith.mulf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x8x64xf32>
    %86 = linalg.generic {indexing_maps = [#map3, #map9, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85, %arg11 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%64 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f16, %out: f32):
      %131 = arith.extf %in_33 : f16 to f32
      %132 = arith.addf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x8x64xf32>
    %87 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<1x8x64xf32>) outs(%62 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<1x8x64xf16>
    %collapsed_27 = tensor.collapse_shape %87 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %88 = tensor.empty() : tensor<64x128xf16>
    %transposed_28 = linalg.transpose ins(%arg12 : tensor<128x64xf16>) outs(%88 : tensor<64x128xf16>) permutation = [1, 0] 
    %89 = tensor.empty() : tensor<128xf32>
    %90 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg13 : tensor<128xf16>) outs(%89 : tensor<128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<128xf32>
    %91 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%collapsed_27 : tensor<8x64xf16>) outs(%3 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<8x64xf32>
    %92 = tensor.empty() : tensor<64x128xf32>
    %93 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_28 : tensor<64x128xf16>) outs(%92 : tensor<64x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<64x128xf32>
    %94 = tensor.empty() : tensor<8x128xf32>
    %95 = linalg.fill ins(%cst : f32) outs(%94 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %96 = linalg.matmul ins(%91, %93 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%95 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %97 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%90 : tensor<128xf32>) outs(%94 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %98 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%96, %97 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%94 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %131 = arith.addf %in, %in_33 : f32
      linalg.yield %131 : f32
    } -> tensor<8x128xf32>
    %99 = tensor.empty() : tensor<8x128xf16>
    %100 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%98 : tensor<8x128xf32>) outs(%99 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<8x128xf16>
    %expanded_29 = tensor.expand_shape %100 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf16> into tensor<1x8x128xf16>
    %101 = tensor.empty() : tensor<1x8x128xf16>
    %102 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_29 : tensor<1x8x128xf16>) outs(%101 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %131 = math.sqrt %cst_3 : f16
      %132 = arith.divf %in, %131 : f16
      %133 = math.erf %132 : f16
      %134 = arith.addf %133, %cst_2 : f16
      %135 = arith.mulf %134, %cst_4 : f16
      %136 = arith.mulf %in, %135 : f16
      linalg.yield %136 : f16
    } -> tensor<1x8x128xf16>
    %collapsed_30 = tensor.collapse_shape %102 [[0, 1], [2]] : tensor<1x8x128xf16> into tensor<8x128xf16>
    %103 = tensor.empty() : tensor<128x64xf16>
    %transposed_31 = linalg.transpose ins(%arg14 : tensor<64x128xf16>) outs(%103 : tensor<128x64xf16>) permutation = [1, 0] 
    %104 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg15 : tensor<64xf16>) outs(%1 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<64xf32>
    %105 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%collapsed_30 : tensor<8x128xf16>) outs(%94 : tensor<8x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<8x128xf32>
    %106 = tensor.empty() : tensor<128x64xf32>
    %107 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%transposed_31 : tensor<128x64xf16>) outs(%106 : tensor<128x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<128x64xf32>
    %108 = linalg.matmul ins(%105, %107 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%7 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %109 = linalg.generic {indexing_maps = [#map2, #map1], iterator_types = ["parallel", "parallel"]} ins(%104 : tensor<64xf32>) outs(%3 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %110 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%108, %109 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%3 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %131 = arith.addf %in, %in_33 : f32
      linalg.yield %131 : f32
    } -> tensor<8x64xf32>
    %111 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel"]} ins(%110 : tensor<8x64xf32>) outs(%11 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<8x64xf16>
    %expanded_32 = tensor.expand_shape %111 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %112 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32, %87 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%62 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_33: f16, %out: f16):
      %131 = arith.addf %in, %in_33 : f16
      linalg.yield %131 : f16
    } -> tensor<1x8x64xf16>
    %113 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%112 : tensor<1x8x64xf16>) outs(%64 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %131 = arith.extf %in : f16 to f32
      linalg.yield %131 : f32
    } -> tensor<1x8x64xf32>
    %114 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%113 : tensor<1x8x64xf32>) outs(%66 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %131 = arith.extf %in : f32 to f64
      linalg.yield %131 : f64
    } -> tensor<1x8x64xf64>
    %115 = linalg.generic {indexing_maps = [#map3, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%114 : tensor<1x8x64xf64>) outs(%69 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.addf %in, %out : f64
      linalg.yield %131 : f64
    } -> tensor<1x8x1xf64>
    %116 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%115 : tensor<1x8x1xf64>) outs(%68 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.divf %in, %cst_7 : f64
      linalg.yield %131 : f64
    } -> tensor<1x8x1xf64>
    %117 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%114, %116 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%66 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %131 = arith.subf %in, %in_33 : f64
      linalg.yield %131 : f64
    } -> tensor<1x8x64xf64>
    %118 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%117, %117 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%66 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_33: f64, %out: f64):
      %131 = arith.mulf %in, %in_33 : f64
      linalg.yield %131 : f64
    } -> tensor<1x8x64xf64>
    %119 = linalg.generic {indexing_maps = [#map3, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%118 : tensor<1x8x64xf64>) outs(%69 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.addf %in, %out : f64
      linalg.yield %131 : f64
    } -> tensor<1x8x1xf64>
    %120 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%119 : tensor<1x8x1xf64>) outs(%68 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %131 = arith.divf %in, %cst_7 : f64
      linalg.yield %131 : f64
    } -> tensor<1x8x1xf64>
    %121 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120 : tensor<1x8x1xf64>) outs(%76 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %131 = arith.truncf %in : f64 to f32
      linalg.yield %131 : f32
    } -> tensor<1x8x1xf32>
    %122 = linalg.generic {indexing_maps = [#map3, #map8], iterator_types = ["parallel", "parallel", "reduction"]} ins(%113 : tensor<1x8x64xf32>) outs(%78 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.addf %in, %out : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x1xf32>
    %123 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%122 : tensor<1x8x1xf32>) outs(%76 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.divf %in, %cst_8 : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x1xf32>
    %124 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%121 : tensor<1x8x1xf32>) outs(%76 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = arith.truncf %cst_5 : f64 to f32
      %132 = arith.addf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x8x1xf32>
    %125 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%124 : tensor<1x8x1xf32>) outs(%76 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %131 = math.rsqrt %in : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x1xf32>
    %126 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%113, %123 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%64 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %131 = arith.subf %in, %in_33 : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x64xf32>
    %127 = linalg.generic {indexing_maps = [#map3, #map8, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%126, %125 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%64 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f32, %out: f32):
      %131 = arith.mulf %in, %in_33 : f32
      linalg.yield %131 : f32
    } -> tensor<1x8x64xf32>
    %128 = linalg.generic {indexing_maps = [#map3, #map9, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%127, %arg16 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%64 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f16, %out: f32):
      %131 = arith.extf %in_33 : f16 to f32
      %132 = arith.mulf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x8x64xf32>
    %129 = linalg.generic {indexing_maps = [#map3, #map9, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%128, %arg17 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%64 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_33: f16, %out: f32):
      %131 = arith.extf %in_33 : f16 to f32
      %132 = arith.addf %in, %131 : f32
      linalg.yield %132 : f32
    } -> tensor<1x8x64xf32>
    %130 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%129 : tensor<1x8x64xf32>) outs(%62 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %131 = arith.truncf %in : f32 to f16
      linalg.yield %131 : f16
    } -> tensor<1x8x64xf16>
    return %130 : tensor<1x8x64xf16>
  }
}
