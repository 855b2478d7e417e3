// One GemmaDecoderLayer of transformers (hidden 64, 4 heads, 8 tokens, f32; a small config, random weights),
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) with
// its weights, and the rotary embedding's cos and sin, lifted to arguments: written by
// utils/export_models.py; do not edit. It imports, compiled for the CPU it
// agrees with upstream MLIR's execution of the linalg, and superoptimized
// with default options it still does.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// CHECK-LABEL: func.func @gemma(
// CHECK: kgraph.add_scalar {{.*}}1.000000e+00
// CHECK: kgraph.rms_norm
// CHECK: kgraph.tanh
// ORACLE: @gemma output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0) -> (d0)>
#map3 = affine_map<(d0, d1, d2) -> (d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
#map7 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @gemma(%arg0: tensor<1x8x64xf32>, %arg1: tensor<1x8x16xf32>, %arg2: tensor<1x8x16xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<32x64xf32>, %arg5: tensor<32x64xf32>, %arg6: tensor<64x64xf32>, %arg7: tensor<128x64xf32>, %arg8: tensor<128x64xf32>, %arg9: tensor<64x128xf32>, %arg10: tensor<64xf32>, %arg11: tensor<64xf32>) -> tensor<1x8x64xf32> {
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %c3_i64 = arith.constant 3 : i64
    %cst_1 = arith.constant 4.471500e-02 : f32
    %cst_2 = arith.constant 7.977240e-01 : f32
    %cst_3 = arith.constant 1.000000e+00 : f32
    %cst_4 = arith.constant 5.000000e-01 : f32
    %cst_5 = arith.constant 9.9999999999999995E-7 : f64
    %cst_6 = arith.constant 6.400000e+01 : f32
    %cst_7 = arith.constant 2.500000e-01 : f32
    %0 = tensor.empty() : tensor<1x8x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %77 : f32
    } -> tensor<1x8x64xf32>
    %2 = tensor.empty() : tensor<1x8x1xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x8x64xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.addf %in, %out : f32
      linalg.yield %77 : f32
    } -> tensor<1x8x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.divf %in, %cst_6 : f32
      linalg.yield %77 : f32
    } -> tensor<1x8x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.truncf %cst_5 : f64 to f32
      %78 = arith.addf %in, %77 : f32
      linalg.yield %78 : f32
    } -> tensor<1x8x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = math.rsqrt %in : f32
      linalg.yield %77 : f32
    } -> tensor<1x8x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %7 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.mulf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x8x64xf32>
    %9 = tensor.empty() : tensor<64xf32>
    %10 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%arg10 : tensor<64xf32>) outs(%9 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.addf %in, %cst_3 : f32
      linalg.yield %77 : f32
    } -> tensor<64xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %10 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.mulf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x8x64xf32>
    %12 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg3 : tensor<64x64xf32>) outs(%12 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %11 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %13 = tensor.empty() : tensor<8x64xf32>
    %14 = linalg.fill ins(%cst : f32) outs(%13 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %15 = linalg.matmul ins(%collapsed, %transposed : tensor<8x64xf32>, tensor<64x64xf32>) outs(%14 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded = tensor.expand_shape %15 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %16 = tensor.empty() : tensor<1x4x8x16xf32>
    %transposed_8 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf32>) outs(%16 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %17 = tensor.empty() : tensor<64x32xf32>
    %transposed_9 = linalg.transpose ins(%arg4 : tensor<32x64xf32>) outs(%17 : tensor<64x32xf32>) permutation = [1, 0] 
    %18 = tensor.empty() : tensor<8x32xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%18 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %20 = linalg.matmul ins(%collapsed, %transposed_9 : tensor<8x64xf32>, tensor<64x32xf32>) outs(%19 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %expanded_10 = tensor.expand_shape %20 [[0, 1], [2, 3]] output_shape [1, 8, 2, 16] : tensor<8x32xf32> into tensor<1x8x2x16xf32>
    %21 = tensor.empty() : tensor<1x2x8x16xf32>
    %transposed_11 = linalg.transpose ins(%expanded_10 : tensor<1x8x2x16xf32>) outs(%21 : tensor<1x2x8x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_12 = linalg.transpose ins(%arg5 : tensor<32x64xf32>) outs(%17 : tensor<64x32xf32>) permutation = [1, 0] 
    %22 = linalg.matmul ins(%collapsed, %transposed_12 : tensor<8x64xf32>, tensor<64x32xf32>) outs(%19 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %expanded_13 = tensor.expand_shape %22 [[0, 1], [2, 3]] output_shape [1, 8, 2, 16] : tensor<8x32xf32> into tensor<1x8x2x16xf32>
    %transposed_14 = linalg.transpose ins(%expanded_13 : tensor<1x8x2x16xf32>) outs(%21 : tensor<1x2x8x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_15 = tensor.expand_shape %arg1 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf32> into tensor<1x1x8x16xf32>
    %expanded_16 = tensor.expand_shape %arg2 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf32> into tensor<1x1x8x16xf32>
    %23 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_8, %expanded_15 : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%16 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.mulf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x4x8x16xf32>
    %extracted_slice = tensor.extract_slice %transposed_8[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %extracted_slice_17 = tensor.extract_slice %transposed_8[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %24 = tensor.empty() : tensor<1x4x8x8xf32>
    %25 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_17 : tensor<1x4x8x8xf32>) outs(%24 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.negf %in : f32
      linalg.yield %77 : f32
    } -> tensor<1x4x8x8xf32>
    %concat = tensor.concat dim(3) %25, %extracted_slice : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
    %26 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %expanded_16 : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%16 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.mulf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x4x8x16xf32>
    %27 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %26 : tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) outs(%16 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.addf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x4x8x16xf32>
    %28 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_11, %expanded_15 : tensor<1x2x8x16xf32>, tensor<1x1x8x16xf32>) outs(%21 : tensor<1x2x8x16xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.mulf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x2x8x16xf32>
    %extracted_slice_18 = tensor.extract_slice %transposed_11[0, 0, 0, 0] [1, 2, 8, 8] [1, 1, 1, 1] : tensor<1x2x8x16xf32> to tensor<1x2x8x8xf32>
    %extracted_slice_19 = tensor.extract_slice %transposed_11[0, 0, 0, 8] [1, 2, 8, 8] [1, 1, 1, 1] : tensor<1x2x8x16xf32> to tensor<1x2x8x8xf32>
    %29 = tensor.empty() : tensor<1x2x8x8xf32>
    %30 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_19 : tensor<1x2x8x8xf32>) outs(%29 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.negf %in : f32
      linalg.yield %77 : f32
    } -> tensor<1x2x8x8xf32>
    %concat_20 = tensor.concat dim(3) %30, %extracted_slice_18 : (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x2x8x16xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_20, %expanded_16 : tensor<1x2x8x16xf32>, tensor<1x1x8x16xf32>) outs(%21 : tensor<1x2x8x16xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.mulf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x2x8x16xf32>
    %32 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28, %31 : tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) outs(%21 : tensor<1x2x8x16xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.addf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x2x8x16xf32>
    %33 = tensor.empty() : tensor<1x2x2x8x16xf32>
    %34 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%32 : tensor<1x2x8x16xf32>) outs(%33 : tensor<1x2x2x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x2x2x8x16xf32>
    %collapsed_21 = tensor.collapse_shape %34 [[0], [1, 2], [3], [4]] : tensor<1x2x2x8x16xf32> into tensor<1x4x8x16xf32>
    %35 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%transposed_14 : tensor<1x2x8x16xf32>) outs(%33 : tensor<1x2x2x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x2x2x8x16xf32>
    %36 = tensor.empty() : tensor<1x4x16x8xf32>
    %transposed_22 = linalg.transpose ins(%collapsed_21 : tensor<1x4x8x16xf32>) outs(%36 : tensor<1x4x16x8xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_23 = tensor.collapse_shape %27 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %collapsed_24 = tensor.collapse_shape %transposed_22 [[0, 1], [2], [3]] : tensor<1x4x16x8xf32> into tensor<4x16x8xf32>
    %37 = tensor.empty() : tensor<4x8x8xf32>
    %38 = linalg.fill ins(%cst : f32) outs(%37 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %39 = linalg.batch_matmul ins(%collapsed_23, %collapsed_24 : tensor<4x8x16xf32>, tensor<4x16x8xf32>) outs(%38 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %expanded_25 = tensor.expand_shape %39 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %40 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_25 : tensor<1x4x8x8xf32>) outs(%24 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.mulf %in, %cst_7 : f32
      linalg.yield %77 : f32
    } -> tensor<1x4x8x8xf32>
    %41 = tensor.empty() : tensor<1x4x8xi64>
    %42 = linalg.fill ins(%c0_i64 : i64) outs(%41 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %43 = tensor.empty() : tensor<1x4x8xf32>
    %44 = linalg.fill ins(%cst_0 : f32) outs(%43 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %45:2 = linalg.generic {indexing_maps = [#map4, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%40 : tensor<1x4x8x8xf32>) outs(%44, %42 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_42: i64):
      %77 = linalg.index 3 : index
      %78 = arith.index_cast %77 : index to i64
      %79 = arith.maximumf %in, %out : f32
      %80 = arith.cmpf ogt, %in, %out : f32
      %81 = arith.select %80, %78, %out_42 : i64
      linalg.yield %79, %81 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_26 = tensor.expand_shape %45#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %46 = linalg.generic {indexing_maps = [#map4, #map9, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %expanded_26 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%24 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.subf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x4x8x8xf32>
    %47 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46 : tensor<1x4x8x8xf32>) outs(%24 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = math.exp %in : f32
      linalg.yield %77 : f32
    } -> tensor<1x4x8x8xf32>
    %48 = tensor.empty() : tensor<1x4x8x1xf32>
    %49 = linalg.fill ins(%cst : f32) outs(%48 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %50 = linalg.generic {indexing_maps = [#map4, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%47 : tensor<1x4x8x8xf32>) outs(%49 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.addf %in, %out : f32
      linalg.yield %77 : f32
    } -> tensor<1x4x8x1xf32>
    %51 = linalg.generic {indexing_maps = [#map4, #map9, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47, %50 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%24 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.divf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x4x8x8xf32>
    %collapsed_27 = tensor.collapse_shape %51 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %collapsed_28 = tensor.collapse_shape %35 [[0, 1, 2], [3], [4]] : tensor<1x2x2x8x16xf32> into tensor<4x8x16xf32>
    %52 = tensor.empty() : tensor<4x8x16xf32>
    %53 = linalg.fill ins(%cst : f32) outs(%52 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %54 = linalg.batch_matmul ins(%collapsed_27, %collapsed_28 : tensor<4x8x8xf32>, tensor<4x8x16xf32>) outs(%53 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %expanded_29 = tensor.expand_shape %54 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf32> into tensor<1x4x8x16xf32>
    %55 = tensor.empty() : tensor<1x8x4x16xf32>
    %transposed_30 = linalg.transpose ins(%expanded_29 : tensor<1x4x8x16xf32>) outs(%55 : tensor<1x8x4x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_31 = linalg.transpose ins(%arg6 : tensor<64x64xf32>) outs(%12 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_32 = tensor.collapse_shape %transposed_30 [[0, 1], [2, 3]] : tensor<1x8x4x16xf32> into tensor<8x64xf32>
    %56 = linalg.matmul ins(%collapsed_32, %transposed_31 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%14 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded_33 = tensor.expand_shape %56 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %57 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_33 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.addf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x8x64xf32>
    %58 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %77 : f32
    } -> tensor<1x8x64xf32>
    %59 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%58 : tensor<1x8x64xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.addf %in, %out : f32
      linalg.yield %77 : f32
    } -> tensor<1x8x1xf32>
    %60 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%59 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.divf %in, %cst_6 : f32
      linalg.yield %77 : f32
    } -> tensor<1x8x1xf32>
    %61 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%60 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.truncf %cst_5 : f64 to f32
      %78 = arith.addf %in, %77 : f32
      linalg.yield %78 : f32
    } -> tensor<1x8x1xf32>
    %62 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = math.rsqrt %in : f32
      linalg.yield %77 : f32
    } -> tensor<1x8x1xf32>
    %63 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57, %62 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.mulf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x8x64xf32>
    %64 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%arg11 : tensor<64xf32>) outs(%9 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = arith.addf %in, %cst_3 : f32
      linalg.yield %77 : f32
    } -> tensor<64xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %64 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.mulf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x8x64xf32>
    %66 = tensor.empty() : tensor<64x128xf32>
    %transposed_34 = linalg.transpose ins(%arg7 : tensor<128x64xf32>) outs(%66 : tensor<64x128xf32>) permutation = [1, 0] 
    %collapsed_35 = tensor.collapse_shape %65 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %67 = tensor.empty() : tensor<8x128xf32>
    %68 = linalg.fill ins(%cst : f32) outs(%67 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %69 = linalg.matmul ins(%collapsed_35, %transposed_34 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%68 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %expanded_36 = tensor.expand_shape %69 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf32> into tensor<1x8x128xf32>
    %70 = tensor.empty() : tensor<1x8x128xf32>
    %71 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_36 : tensor<1x8x128xf32>) outs(%70 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %77 = math.fpowi %in, %c3_i64 : f32, i64
      %78 = arith.mulf %77, %cst_1 : f32
      %79 = arith.addf %in, %78 : f32
      %80 = arith.mulf %79, %cst_2 : f32
      %81 = math.tanh %80 : f32
      %82 = arith.addf %81, %cst_3 : f32
      %83 = arith.mulf %82, %cst_4 : f32
      %84 = arith.mulf %in, %83 : f32
      linalg.yield %84 : f32
    } -> tensor<1x8x128xf32>
    %transposed_37 = linalg.transpose ins(%arg8 : tensor<128x64xf32>) outs(%66 : tensor<64x128xf32>) permutation = [1, 0] 
    %72 = linalg.matmul ins(%collapsed_35, %transposed_37 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%68 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %expanded_38 = tensor.expand_shape %72 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf32> into tensor<1x8x128xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71, %expanded_38 : tensor<1x8x128xf32>, tensor<1x8x128xf32>) outs(%70 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.mulf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x8x128xf32>
    %74 = tensor.empty() : tensor<128x64xf32>
    %transposed_39 = linalg.transpose ins(%arg9 : tensor<64x128xf32>) outs(%74 : tensor<128x64xf32>) permutation = [1, 0] 
    %collapsed_40 = tensor.collapse_shape %73 [[0, 1], [2]] : tensor<1x8x128xf32> into tensor<8x128xf32>
    %75 = linalg.matmul ins(%collapsed_40, %transposed_39 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%14 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded_41 = tensor.expand_shape %75 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %76 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%57, %expanded_41 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_42: f32, %out: f32):
      %77 = arith.addf %in, %in_42 : f32
      linalg.yield %77 : f32
    } -> tensor<1x8x64xf32>
    return %76 : tensor<1x8x64xf32>
  }
}
