// One Qwen2DecoderLayer of transformers (hidden 64, 4 heads, 8 tokens, an additive attention mask, f32; a small config, random weights),
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) with
// its weights, and the rotary embedding's cos and sin, lifted to arguments: written by
// utils/export_models.py; do not edit. It imports, compiled for the CPU it
// agrees with upstream MLIR's execution of the linalg, and superoptimized
// with default options it still does.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// CHECK-LABEL: func.func @qwen2(
// CHECK: kgraph.rms_norm
// CHECK: kgraph.matmul
// CHECK: kgraph.add
// CHECK: kgraph.silu
// ORACLE: @qwen2 output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d1)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map7 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
#map8 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map10 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @qwen2(%arg0: tensor<1x8x64xf32>, %arg1: tensor<1x8x16xf32>, %arg2: tensor<1x8x16xf32>, %arg3: tensor<1x1x8x8xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<64xf32>, %arg6: tensor<32x64xf32>, %arg7: tensor<32xf32>, %arg8: tensor<32x64xf32>, %arg9: tensor<32xf32>, %arg10: tensor<64x64xf32>, %arg11: tensor<128x64xf32>, %arg12: tensor<128x64xf32>, %arg13: tensor<64x128xf32>, %arg14: tensor<64xf32>, %arg15: tensor<64xf32>) -> tensor<1x8x64xf32> {
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 9.9999999999999995E-7 : f64
    %cst_3 = arith.constant 6.400000e+01 : f32
    %cst_4 = arith.constant 2.500000e-01 : f32
    %0 = tensor.empty() : tensor<1x8x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %82 : f32
    } -> tensor<1x8x64xf32>
    %2 = tensor.empty() : tensor<1x8x1xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x8x64xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.addf %in, %out : f32
      linalg.yield %82 : f32
    } -> tensor<1x8x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.divf %in, %cst_3 : f32
      linalg.yield %82 : f32
    } -> tensor<1x8x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.truncf %cst_2 : f64 to f32
      %83 = arith.addf %in, %82 : f32
      linalg.yield %83 : f32
    } -> tensor<1x8x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = math.rsqrt %in : f32
      linalg.yield %82 : f32
    } -> tensor<1x8x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %7 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.mulf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x8x64xf32>
    %9 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg14, %8 : tensor<64xf32>, tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.mulf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x8x64xf32>
    %collapsed = tensor.collapse_shape %9 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %10 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg4 : tensor<64x64xf32>) outs(%10 : tensor<64x64xf32>) permutation = [1, 0] 
    %11 = tensor.empty() : tensor<8x64xf32>
    %12 = linalg.fill ins(%cst : f32) outs(%11 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %13 = linalg.matmul ins(%collapsed, %transposed : tensor<8x64xf32>, tensor<64x64xf32>) outs(%12 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %14 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<64xf32>) outs(%11 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %15 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%13, %14 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%11 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.addf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<8x64xf32>
    %expanded = tensor.expand_shape %15 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %16 = tensor.empty() : tensor<1x4x8x16xf32>
    %transposed_5 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf32>) outs(%16 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %17 = tensor.empty() : tensor<64x32xf32>
    %transposed_6 = linalg.transpose ins(%arg6 : tensor<32x64xf32>) outs(%17 : tensor<64x32xf32>) permutation = [1, 0] 
    %18 = tensor.empty() : tensor<8x32xf32>
    %19 = linalg.fill ins(%cst : f32) outs(%18 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %20 = linalg.matmul ins(%collapsed, %transposed_6 : tensor<8x64xf32>, tensor<64x32xf32>) outs(%19 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %21 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg7 : tensor<32xf32>) outs(%18 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x32xf32>
    %22 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%20, %21 : tensor<8x32xf32>, tensor<8x32xf32>) outs(%18 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.addf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<8x32xf32>
    %expanded_7 = tensor.expand_shape %22 [[0, 1], [2, 3]] output_shape [1, 8, 2, 16] : tensor<8x32xf32> into tensor<1x8x2x16xf32>
    %23 = tensor.empty() : tensor<1x2x8x16xf32>
    %transposed_8 = linalg.transpose ins(%expanded_7 : tensor<1x8x2x16xf32>) outs(%23 : tensor<1x2x8x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_9 = linalg.transpose ins(%arg8 : tensor<32x64xf32>) outs(%17 : tensor<64x32xf32>) permutation = [1, 0] 
    %24 = linalg.matmul ins(%collapsed, %transposed_9 : tensor<8x64xf32>, tensor<64x32xf32>) outs(%19 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %25 = linalg.generic {indexing_maps = [#map3, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg9 : tensor<32xf32>) outs(%18 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x32xf32>
    %26 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%24, %25 : tensor<8x32xf32>, tensor<8x32xf32>) outs(%18 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.addf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<8x32xf32>
    %expanded_10 = tensor.expand_shape %26 [[0, 1], [2, 3]] output_shape [1, 8, 2, 16] : tensor<8x32xf32> into tensor<1x8x2x16xf32>
    %transposed_11 = linalg.transpose ins(%expanded_10 : tensor<1x8x2x16xf32>) outs(%23 : tensor<1x2x8x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_12 = tensor.expand_shape %arg1 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf32> into tensor<1x1x8x16xf32>
    %expanded_13 = tensor.expand_shape %arg2 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf32> into tensor<1x1x8x16xf32>
    %27 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_5, %expanded_12 : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%16 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.mulf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x8x16xf32>
    %extracted_slice = tensor.extract_slice %transposed_5[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %extracted_slice_14 = tensor.extract_slice %transposed_5[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %28 = tensor.empty() : tensor<1x4x8x8xf32>
    %29 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_14 : tensor<1x4x8x8xf32>) outs(%28 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.negf %in : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x8x8xf32>
    %concat = tensor.concat dim(3) %29, %extracted_slice : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
    %30 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %expanded_13 : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%16 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.mulf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x8x16xf32>
    %31 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %30 : tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) outs(%16 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.addf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x8x16xf32>
    %32 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_8, %expanded_12 : tensor<1x2x8x16xf32>, tensor<1x1x8x16xf32>) outs(%23 : tensor<1x2x8x16xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.mulf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x2x8x16xf32>
    %extracted_slice_15 = tensor.extract_slice %transposed_8[0, 0, 0, 0] [1, 2, 8, 8] [1, 1, 1, 1] : tensor<1x2x8x16xf32> to tensor<1x2x8x8xf32>
    %extracted_slice_16 = tensor.extract_slice %transposed_8[0, 0, 0, 8] [1, 2, 8, 8] [1, 1, 1, 1] : tensor<1x2x8x16xf32> to tensor<1x2x8x8xf32>
    %33 = tensor.empty() : tensor<1x2x8x8xf32>
    %34 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_16 : tensor<1x2x8x8xf32>) outs(%33 : tensor<1x2x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.negf %in : f32
      linalg.yield %82 : f32
    } -> tensor<1x2x8x8xf32>
    %concat_17 = tensor.concat dim(3) %34, %extracted_slice_15 : (tensor<1x2x8x8xf32>, tensor<1x2x8x8xf32>) -> tensor<1x2x8x16xf32>
    %35 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_17, %expanded_13 : tensor<1x2x8x16xf32>, tensor<1x1x8x16xf32>) outs(%23 : tensor<1x2x8x16xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.mulf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x2x8x16xf32>
    %36 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32, %35 : tensor<1x2x8x16xf32>, tensor<1x2x8x16xf32>) outs(%23 : tensor<1x2x8x16xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.addf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x2x8x16xf32>
    %37 = tensor.empty() : tensor<1x2x2x8x16xf32>
    %38 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%36 : tensor<1x2x8x16xf32>) outs(%37 : tensor<1x2x2x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x2x2x8x16xf32>
    %collapsed_18 = tensor.collapse_shape %38 [[0], [1, 2], [3], [4]] : tensor<1x2x2x8x16xf32> into tensor<1x4x8x16xf32>
    %39 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%transposed_11 : tensor<1x2x8x16xf32>) outs(%37 : tensor<1x2x2x8x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x2x2x8x16xf32>
    %40 = tensor.empty() : tensor<1x4x16x8xf32>
    %transposed_19 = linalg.transpose ins(%collapsed_18 : tensor<1x4x8x16xf32>) outs(%40 : tensor<1x4x16x8xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_20 = tensor.collapse_shape %31 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %collapsed_21 = tensor.collapse_shape %transposed_19 [[0, 1], [2], [3]] : tensor<1x4x16x8xf32> into tensor<4x16x8xf32>
    %41 = tensor.empty() : tensor<4x8x8xf32>
    %42 = linalg.fill ins(%cst : f32) outs(%41 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %43 = linalg.batch_matmul ins(%collapsed_20, %collapsed_21 : tensor<4x8x16xf32>, tensor<4x16x8xf32>) outs(%42 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %expanded_22 = tensor.expand_shape %43 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %44 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_22 : tensor<1x4x8x8xf32>) outs(%28 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.mulf %in, %cst_4 : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x8x8xf32>
    %45 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%44, %arg3 : tensor<1x4x8x8xf32>, tensor<1x1x8x8xf32>) outs(%28 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.addf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x8x8xf32>
    %46 = tensor.empty() : tensor<1x4x8xi64>
    %47 = linalg.fill ins(%c0_i64 : i64) outs(%46 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %48 = tensor.empty() : tensor<1x4x8xf32>
    %49 = linalg.fill ins(%cst_0 : f32) outs(%48 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %50:2 = linalg.generic {indexing_maps = [#map5, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%45 : tensor<1x4x8x8xf32>) outs(%49, %47 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_39: i64):
      %82 = linalg.index 3 : index
      %83 = arith.index_cast %82 : index to i64
      %84 = arith.maximumf %in, %out : f32
      %85 = arith.cmpf ogt, %in, %out : f32
      %86 = arith.select %85, %83, %out_39 : i64
      linalg.yield %84, %86 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_23 = tensor.expand_shape %50#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %51 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%45, %expanded_23 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%28 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.subf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x8x8xf32>
    %52 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51 : tensor<1x4x8x8xf32>) outs(%28 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = math.exp %in : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x8x8xf32>
    %53 = tensor.empty() : tensor<1x4x8x1xf32>
    %54 = linalg.fill ins(%cst : f32) outs(%53 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %55 = linalg.generic {indexing_maps = [#map5, #map10], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%52 : tensor<1x4x8x8xf32>) outs(%54 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.addf %in, %out : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x8x1xf32>
    %56 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52, %55 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%28 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.divf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x4x8x8xf32>
    %collapsed_24 = tensor.collapse_shape %56 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %collapsed_25 = tensor.collapse_shape %39 [[0, 1, 2], [3], [4]] : tensor<1x2x2x8x16xf32> into tensor<4x8x16xf32>
    %57 = tensor.empty() : tensor<4x8x16xf32>
    %58 = linalg.fill ins(%cst : f32) outs(%57 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %59 = linalg.batch_matmul ins(%collapsed_24, %collapsed_25 : tensor<4x8x8xf32>, tensor<4x8x16xf32>) outs(%58 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %expanded_26 = tensor.expand_shape %59 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf32> into tensor<1x4x8x16xf32>
    %60 = tensor.empty() : tensor<1x8x4x16xf32>
    %transposed_27 = linalg.transpose ins(%expanded_26 : tensor<1x4x8x16xf32>) outs(%60 : tensor<1x8x4x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_28 = linalg.transpose ins(%arg10 : tensor<64x64xf32>) outs(%10 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_29 = tensor.collapse_shape %transposed_27 [[0, 1], [2, 3]] : tensor<1x8x4x16xf32> into tensor<8x64xf32>
    %61 = linalg.matmul ins(%collapsed_29, %transposed_28 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%12 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded_30 = tensor.expand_shape %61 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %62 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_30 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.addf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x8x64xf32>
    %63 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %82 : f32
    } -> tensor<1x8x64xf32>
    %64 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%63 : tensor<1x8x64xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.addf %in, %out : f32
      linalg.yield %82 : f32
    } -> tensor<1x8x1xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%64 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.divf %in, %cst_3 : f32
      linalg.yield %82 : f32
    } -> tensor<1x8x1xf32>
    %66 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.truncf %cst_2 : f64 to f32
      %83 = arith.addf %in, %82 : f32
      linalg.yield %83 : f32
    } -> tensor<1x8x1xf32>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = math.rsqrt %in : f32
      linalg.yield %82 : f32
    } -> tensor<1x8x1xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62, %67 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.mulf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x8x64xf32>
    %69 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg15, %68 : tensor<64xf32>, tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.mulf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x8x64xf32>
    %70 = tensor.empty() : tensor<64x128xf32>
    %transposed_31 = linalg.transpose ins(%arg11 : tensor<128x64xf32>) outs(%70 : tensor<64x128xf32>) permutation = [1, 0] 
    %collapsed_32 = tensor.collapse_shape %69 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %71 = tensor.empty() : tensor<8x128xf32>
    %72 = linalg.fill ins(%cst : f32) outs(%71 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %73 = linalg.matmul ins(%collapsed_32, %transposed_31 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%72 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %expanded_33 = tensor.expand_shape %73 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf32> into tensor<1x8x128xf32>
    %74 = tensor.empty() : tensor<1x8x128xf32>
    %75 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<1x8x128xf32>) outs(%74 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %82 = arith.negf %in : f32
      %83 = math.exp %82 : f32
      %84 = arith.addf %83, %cst_1 : f32
      %85 = arith.divf %cst_1, %84 : f32
      linalg.yield %85 : f32
    } -> tensor<1x8x128xf32>
    %76 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33, %75 : tensor<1x8x128xf32>, tensor<1x8x128xf32>) outs(%74 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.mulf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x8x128xf32>
    %transposed_34 = linalg.transpose ins(%arg12 : tensor<128x64xf32>) outs(%70 : tensor<64x128xf32>) permutation = [1, 0] 
    %77 = linalg.matmul ins(%collapsed_32, %transposed_34 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%72 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %expanded_35 = tensor.expand_shape %77 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf32> into tensor<1x8x128xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76, %expanded_35 : tensor<1x8x128xf32>, tensor<1x8x128xf32>) outs(%74 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.mulf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x8x128xf32>
    %79 = tensor.empty() : tensor<128x64xf32>
    %transposed_36 = linalg.transpose ins(%arg13 : tensor<64x128xf32>) outs(%79 : tensor<128x64xf32>) permutation = [1, 0] 
    %collapsed_37 = tensor.collapse_shape %78 [[0, 1], [2]] : tensor<1x8x128xf32> into tensor<8x128xf32>
    %80 = linalg.matmul ins(%collapsed_37, %transposed_36 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%12 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded_38 = tensor.expand_shape %80 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %81 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62, %expanded_38 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %82 = arith.addf %in, %in_39 : f32
      linalg.yield %82 : f32
    } -> tensor<1x8x64xf32>
    return %81 : tensor<1x8x64xf32>
  }
}
