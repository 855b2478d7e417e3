// One WhisperEncoderLayer of transformers (hidden 64, 4 heads, 8 tokens, f32; a small config, random weights),
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
// ORACLE: @whisper output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @whisper(%arg0: tensor<1x8x64xf32>, %arg1: tensor<64x64xf32>, %arg2: tensor<64x64xf32>, %arg3: tensor<64xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<64xf32>, %arg6: tensor<64x64xf32>, %arg7: tensor<64xf32>, %arg8: tensor<64xf32>, %arg9: tensor<64xf32>, %arg10: tensor<128x64xf32>, %arg11: tensor<128xf32>, %arg12: tensor<64x128xf32>, %arg13: tensor<64xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>) -> tensor<1x8x64xf32> {
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %c0_i64 = arith.constant 0 : i64
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 1.000000e+00 : f32
    %cst_3 = arith.constant 5.000000e-01 : f32
    %cst_4 = arith.constant 1.000000e-05 : f64
    %cst_5 = arith.constant 6.400000e+01 : f64
    %cst_6 = arith.constant 6.400000e+01 : f32
    %cst_7 = arith.constant 2.500000e-01 : f32
    %cst_8 = arith.constant 1.41421354 : f32
    %0 = tensor.empty() : tensor<1x8x64xf64>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %87 = arith.extf %in : f32 to f64
      linalg.yield %87 : f64
    } -> tensor<1x8x64xf64>
    %2 = tensor.empty() : tensor<1x8x1xf64>
    %3 = linalg.fill ins(%cst : f64) outs(%2 : tensor<1x8x1xf64>) -> tensor<1x8x1xf64>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x8x64xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %87 = arith.addf %in, %out : f64
      linalg.yield %87 : f64
    } -> tensor<1x8x1xf64>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %87 = arith.divf %in, %cst_5 : f64
      linalg.yield %87 : f64
    } -> tensor<1x8x1xf64>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %5 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %87 = arith.subf %in, %in_34 : f64
      linalg.yield %87 : f64
    } -> tensor<1x8x64xf64>
    %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6, %6 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %87 = arith.mulf %in, %in_34 : f64
      linalg.yield %87 : f64
    } -> tensor<1x8x64xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<1x8x64xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %87 = arith.addf %in, %out : f64
      linalg.yield %87 : f64
    } -> tensor<1x8x1xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %87 = arith.divf %in, %cst_5 : f64
      linalg.yield %87 : f64
    } -> tensor<1x8x1xf64>
    %10 = tensor.empty() : tensor<1x8x1xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<1x8x1xf64>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %87 = arith.truncf %in : f64 to f32
      linalg.yield %87 : f32
    } -> tensor<1x8x1xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%10 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0 : tensor<1x8x64xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %87 = arith.addf %in, %out : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %87 = arith.divf %in, %cst_6 : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x1xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%11 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %87 = arith.truncf %cst_4 : f64 to f32
      %88 = arith.addf %in, %87 : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %87 = math.rsqrt %in : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x1xf32>
    %17 = tensor.empty() : tensor<1x8x64xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %14 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.subf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x64xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%18, %16 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.mulf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %arg8 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.mulf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x64xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg9 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.addf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x64xf32>
    %collapsed = tensor.collapse_shape %21 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %22 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg4 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %23 = tensor.empty() : tensor<8x64xf32>
    %24 = linalg.fill ins(%cst_0 : f32) outs(%23 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %25 = linalg.matmul ins(%collapsed, %transposed : tensor<8x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %26 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %27 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%25, %26 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.addf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<8x64xf32>
    %expanded = tensor.expand_shape %27 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded : tensor<1x8x64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %87 = arith.mulf %in, %cst_7 : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x64xf32>
    %expanded_9 = tensor.expand_shape %28 [[0], [1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<1x8x64xf32> into tensor<1x8x4x16xf32>
    %29 = tensor.empty() : tensor<1x4x8x16xf32>
    %transposed_10 = linalg.transpose ins(%expanded_9 : tensor<1x8x4x16xf32>) outs(%29 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_11 = linalg.transpose ins(%arg1 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %30 = linalg.matmul ins(%collapsed, %transposed_11 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded_12 = tensor.expand_shape %30 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %transposed_13 = linalg.transpose ins(%arg2 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %31 = linalg.matmul ins(%collapsed, %transposed_13 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %32 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %33 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%31, %32 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.addf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<8x64xf32>
    %expanded_14 = tensor.expand_shape %33 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %transposed_15 = linalg.transpose ins(%expanded_14 : tensor<1x8x4x16xf32>) outs(%29 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %34 = tensor.empty() : tensor<1x4x16x8xf32>
    %transposed_16 = linalg.transpose ins(%expanded_12 : tensor<1x8x4x16xf32>) outs(%34 : tensor<1x4x16x8xf32>) permutation = [0, 2, 3, 1] 
    %collapsed_17 = tensor.collapse_shape %transposed_10 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %collapsed_18 = tensor.collapse_shape %transposed_16 [[0, 1], [2], [3]] : tensor<1x4x16x8xf32> into tensor<4x16x8xf32>
    %35 = tensor.empty() : tensor<4x8x8xf32>
    %36 = linalg.fill ins(%cst_0 : f32) outs(%35 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %37 = linalg.batch_matmul ins(%collapsed_17, %collapsed_18 : tensor<4x8x16xf32>, tensor<4x16x8xf32>) outs(%36 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %expanded_19 = tensor.expand_shape %37 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %38 = tensor.empty() : tensor<1x4x8xi64>
    %39 = linalg.fill ins(%c0_i64 : i64) outs(%38 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %40 = tensor.empty() : tensor<1x4x8xf32>
    %41 = linalg.fill ins(%cst_1 : f32) outs(%40 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %42:2 = linalg.generic {indexing_maps = [#map5, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%expanded_19 : tensor<1x4x8x8xf32>) outs(%41, %39 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_34: i64):
      %87 = linalg.index 3 : index
      %88 = arith.index_cast %87 : index to i64
      %89 = arith.maximumf %in, %out : f32
      %90 = arith.cmpf ogt, %in, %out : f32
      %91 = arith.select %90, %88, %out_34 : i64
      linalg.yield %89, %91 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_20 = tensor.expand_shape %42#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %43 = tensor.empty() : tensor<1x4x8x8xf32>
    %44 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_19, %expanded_20 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%43 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.subf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<1x4x8x8xf32>
    %45 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44 : tensor<1x4x8x8xf32>) outs(%43 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %87 = math.exp %in : f32
      linalg.yield %87 : f32
    } -> tensor<1x4x8x8xf32>
    %46 = tensor.empty() : tensor<1x4x8x1xf32>
    %47 = linalg.fill ins(%cst_0 : f32) outs(%46 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %48 = linalg.generic {indexing_maps = [#map5, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%45 : tensor<1x4x8x8xf32>) outs(%47 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %87 = arith.addf %in, %out : f32
      linalg.yield %87 : f32
    } -> tensor<1x4x8x1xf32>
    %49 = linalg.generic {indexing_maps = [#map5, #map7, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45, %48 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%43 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.divf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<1x4x8x8xf32>
    %collapsed_21 = tensor.collapse_shape %49 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %collapsed_22 = tensor.collapse_shape %transposed_15 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %50 = tensor.empty() : tensor<4x8x16xf32>
    %51 = linalg.fill ins(%cst_0 : f32) outs(%50 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %52 = linalg.batch_matmul ins(%collapsed_21, %collapsed_22 : tensor<4x8x8xf32>, tensor<4x8x16xf32>) outs(%51 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %expanded_23 = tensor.expand_shape %52 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf32> into tensor<1x4x8x16xf32>
    %53 = tensor.empty() : tensor<1x8x4x16xf32>
    %transposed_24 = linalg.transpose ins(%expanded_23 : tensor<1x4x8x16xf32>) outs(%53 : tensor<1x8x4x16xf32>) permutation = [0, 2, 1, 3] 
    %collapsed_25 = tensor.collapse_shape %transposed_24 [[0, 1], [2, 3]] : tensor<1x8x4x16xf32> into tensor<8x64xf32>
    %transposed_26 = linalg.transpose ins(%arg6 : tensor<64x64xf32>) outs(%22 : tensor<64x64xf32>) permutation = [1, 0] 
    %54 = linalg.matmul ins(%collapsed_25, %transposed_26 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %55 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg7 : tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %56 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%54, %55 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.addf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<8x64xf32>
    %expanded_27 = tensor.expand_shape %56 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %57 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_27 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.addf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x64xf32>
    %58 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %87 = arith.extf %in : f32 to f64
      linalg.yield %87 : f64
    } -> tensor<1x8x64xf64>
    %59 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%58 : tensor<1x8x64xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %87 = arith.addf %in, %out : f64
      linalg.yield %87 : f64
    } -> tensor<1x8x1xf64>
    %60 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %87 = arith.divf %in, %cst_5 : f64
      linalg.yield %87 : f64
    } -> tensor<1x8x1xf64>
    %61 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%58, %60 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %87 = arith.subf %in, %in_34 : f64
      linalg.yield %87 : f64
    } -> tensor<1x8x64xf64>
    %62 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61, %61 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%0 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_34: f64, %out: f64):
      %87 = arith.mulf %in, %in_34 : f64
      linalg.yield %87 : f64
    } -> tensor<1x8x64xf64>
    %63 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%62 : tensor<1x8x64xf64>) outs(%3 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %87 = arith.addf %in, %out : f64
      linalg.yield %87 : f64
    } -> tensor<1x8x1xf64>
    %64 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<1x8x1xf64>) outs(%2 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %87 = arith.divf %in, %cst_5 : f64
      linalg.yield %87 : f64
    } -> tensor<1x8x1xf64>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<1x8x1xf64>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %87 = arith.truncf %in : f64 to f32
      linalg.yield %87 : f32
    } -> tensor<1x8x1xf32>
    %66 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%57 : tensor<1x8x64xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %87 = arith.addf %in, %out : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x1xf32>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %87 = arith.divf %in, %cst_6 : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x1xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %87 = arith.truncf %cst_4 : f64 to f32
      %88 = arith.addf %in, %87 : f32
      linalg.yield %88 : f32
    } -> tensor<1x8x1xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<1x8x1xf32>) outs(%10 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %87 = math.rsqrt %in : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x1xf32>
    %70 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57, %67 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.subf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x64xf32>
    %71 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%70, %69 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.mulf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x64xf32>
    %72 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71, %arg14 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.mulf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x64xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72, %arg15 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.addf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x64xf32>
    %collapsed_28 = tensor.collapse_shape %73 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %74 = tensor.empty() : tensor<64x128xf32>
    %transposed_29 = linalg.transpose ins(%arg10 : tensor<128x64xf32>) outs(%74 : tensor<64x128xf32>) permutation = [1, 0] 
    %75 = tensor.empty() : tensor<8x128xf32>
    %76 = linalg.fill ins(%cst_0 : f32) outs(%75 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %77 = linalg.matmul ins(%collapsed_28, %transposed_29 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%76 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %78 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg11 : tensor<128xf32>) outs(%75 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %79 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%77, %78 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%75 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.addf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<8x128xf32>
    %expanded_30 = tensor.expand_shape %79 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf32> into tensor<1x8x128xf32>
    %80 = tensor.empty() : tensor<1x8x128xf32>
    %81 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_30 : tensor<1x8x128xf32>) outs(%80 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %87 = arith.divf %in, %cst_8 : f32
      %88 = math.erf %87 : f32
      %89 = arith.addf %88, %cst_2 : f32
      %90 = arith.mulf %89, %cst_3 : f32
      %91 = arith.mulf %in, %90 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x128xf32>
    %collapsed_31 = tensor.collapse_shape %81 [[0, 1], [2]] : tensor<1x8x128xf32> into tensor<8x128xf32>
    %82 = tensor.empty() : tensor<128x64xf32>
    %transposed_32 = linalg.transpose ins(%arg12 : tensor<64x128xf32>) outs(%82 : tensor<128x64xf32>) permutation = [1, 0] 
    %83 = linalg.matmul ins(%collapsed_31, %transposed_32 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%24 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %84 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg13 : tensor<64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %85 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%83, %84 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.addf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<8x64xf32>
    %expanded_33 = tensor.expand_shape %85 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %86 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57, %expanded_33 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%17 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_34: f32, %out: f32):
      %87 = arith.addf %in, %in_34 : f32
      linalg.yield %87 : f32
    } -> tensor<1x8x64xf32>
    return %86 : tensor<1x8x64xf32>
  }
}
