// One MistralDecoderLayer of transformers (hidden 64, 4 heads, 8 tokens, f16; a small config, random weights),
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) with
// its weights, and the rotary embedding's cos and sin, lifted to arguments: written by
// utils/export_models.py; do not edit. It imports, compiled for the CPU it
// agrees with upstream MLIR's execution of the linalg, and superoptimized
// with default options it still does.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// CHECK-LABEL: func.func @mistral(
// CHECK: kgraph.rms_norm
// CHECK: kgraph.repeat
// CHECK: kgraph.silu
// ORACLE: @mistral output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
#map7 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map8 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @mistral(%arg0: tensor<1x8x64xf16>, %arg1: tensor<1x8x16xf16>, %arg2: tensor<1x8x16xf16>, %arg3: tensor<64x64xf16>, %arg4: tensor<32x64xf16>, %arg5: tensor<32x64xf16>, %arg6: tensor<64x64xf16>, %arg7: tensor<128x64xf16>, %arg8: tensor<128x64xf16>, %arg9: tensor<64x128xf16>, %arg10: tensor<64xf16>, %arg11: tensor<64xf16>) -> tensor<1x8x64xf16> {
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e+00 : f32
    %cst_2 = arith.constant 9.9999999999999995E-7 : f64
    %cst_3 = arith.constant 6.400000e+01 : f32
    %cst_4 = arith.constant 2.500000e-01 : f16
    %0 = tensor.empty() : tensor<1x8x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %100 = arith.extf %in : f16 to f32
      linalg.yield %100 : f32
    } -> tensor<1x8x64xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %100 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %100 : f32
    } -> tensor<1x8x64xf32>
    %3 = tensor.empty() : tensor<1x8x1xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<1x8x64xf32>) outs(%4 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %100 = arith.addf %in, %out : f32
      linalg.yield %100 : f32
    } -> tensor<1x8x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %100 = arith.divf %in, %cst_3 : f32
      linalg.yield %100 : f32
    } -> tensor<1x8x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %100 = arith.truncf %cst_2 : f64 to f32
      %101 = arith.addf %in, %100 : f32
      linalg.yield %101 : f32
    } -> tensor<1x8x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %100 = math.rsqrt %in : f32
      linalg.yield %100 : f32
    } -> tensor<1x8x1xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %8 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %100 = arith.mulf %in, %in_39 : f32
      linalg.yield %100 : f32
    } -> tensor<1x8x64xf32>
    %10 = tensor.empty() : tensor<1x8x64xf16>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<1x8x64xf32>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %100 = arith.truncf %in : f32 to f16
      linalg.yield %100 : f16
    } -> tensor<1x8x64xf16>
    %12 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg10, %11 : tensor<64xf16>, tensor<1x8x64xf16>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %100 = arith.mulf %in, %in_39 : f16
      linalg.yield %100 : f16
    } -> tensor<1x8x64xf16>
    %13 = tensor.empty() : tensor<64x64xf16>
    %transposed = linalg.transpose ins(%arg3 : tensor<64x64xf16>) outs(%13 : tensor<64x64xf16>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %12 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %14 = tensor.empty() : tensor<8x64xf32>
    %15 = linalg.fill ins(%cst : f32) outs(%14 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %16 = linalg.matmul ins(%collapsed, %transposed : tensor<8x64xf16>, tensor<64x64xf16>) outs(%15 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %17 = tensor.empty() : tensor<8x64xf16>
    %18 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<8x64xf32>) outs(%17 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %100 = arith.truncf %in : f32 to f16
      linalg.yield %100 : f16
    } -> tensor<8x64xf16>
    %expanded = tensor.expand_shape %18 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %19 = tensor.empty() : tensor<1x4x8x16xf16>
    %transposed_5 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf16>) outs(%19 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %20 = tensor.empty() : tensor<64x32xf16>
    %transposed_6 = linalg.transpose ins(%arg4 : tensor<32x64xf16>) outs(%20 : tensor<64x32xf16>) permutation = [1, 0] 
    %21 = tensor.empty() : tensor<8x32xf32>
    %22 = linalg.fill ins(%cst : f32) outs(%21 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %23 = linalg.matmul ins(%collapsed, %transposed_6 : tensor<8x64xf16>, tensor<64x32xf16>) outs(%22 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %24 = tensor.empty() : tensor<8x32xf16>
    %25 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<8x32xf32>) outs(%24 : tensor<8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %100 = arith.truncf %in : f32 to f16
      linalg.yield %100 : f16
    } -> tensor<8x32xf16>
    %expanded_7 = tensor.expand_shape %25 [[0, 1], [2, 3]] output_shape [1, 8, 2, 16] : tensor<8x32xf16> into tensor<1x8x2x16xf16>
    %26 = tensor.empty() : tensor<1x2x8x16xf16>
    %transposed_8 = linalg.transpose ins(%expanded_7 : tensor<1x8x2x16xf16>) outs(%26 : tensor<1x2x8x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_9 = linalg.transpose ins(%arg5 : tensor<32x64xf16>) outs(%20 : tensor<64x32xf16>) permutation = [1, 0] 
    %27 = linalg.matmul ins(%collapsed, %transposed_9 : tensor<8x64xf16>, tensor<64x32xf16>) outs(%22 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %28 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%27 : tensor<8x32xf32>) outs(%24 : tensor<8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %100 = arith.truncf %in : f32 to f16
      linalg.yield %100 : f16
    } -> tensor<8x32xf16>
    %expanded_10 = tensor.expand_shape %28 [[0, 1], [2, 3]] output_shape [1, 8, 2, 16] : tensor<8x32xf16> into tensor<1x8x2x16xf16>
    %transposed_11 = linalg.transpose ins(%expanded_10 : tensor<1x8x2x16xf16>) outs(%26 : tensor<1x2x8x16xf16>) permutation = [0, 2, 1, 3] 
    %expanded_12 = tensor.expand_shape %arg1 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf16> into tensor<1x1x8x16xf16>
    %expanded_13 = tensor.expand_shape %arg2 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf16> into tensor<1x1x8x16xf16>
    %29 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_5, %expanded_12 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%19 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %100 = arith.mulf %in, %in_39 : f16
      linalg.yield %100 : f16
    } -> tensor<1x4x8x16xf16>
    %extracted_slice = tensor.extract_slice %transposed_5[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %extracted_slice_14 = tensor.extract_slice %transposed_5[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %30 = tensor.empty() : tensor<1x4x8x8xf16>
    %31 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_14 : tensor<1x4x8x8xf16>) outs(%30 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %100 = arith.negf %in : f16
      linalg.yield %100 : f16
    } -> tensor<1x4x8x8xf16>
    %concat = tensor.concat dim(3) %31, %extracted_slice : (tensor<1x4x8x8xf16>, tensor<1x4x8x8xf16>) -> tensor<1x4x8x16xf16>
    %32 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %expanded_13 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%19 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %100 = arith.mulf %in, %in_39 : f16
      linalg.yield %100 : f16
    } -> tensor<1x4x8x16xf16>
    %33 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %32 : tensor<1x4x8x16xf16>, tensor<1x4x8x16xf16>) outs(%19 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %100 = arith.addf %in, %in_39 : f16
      linalg.yield %100 : f16
    } -> tensor<1x4x8x16xf16>
    %34 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_8, %expanded_12 : tensor<1x2x8x16xf16>, tensor<1x1x8x16xf16>) outs(%26 : tensor<1x2x8x16xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %100 = arith.mulf %in, %in_39 : f16
      linalg.yield %100 : f16
    } -> tensor<1x2x8x16xf16>
    %extracted_slice_15 = tensor.extract_slice %transposed_8[0, 0, 0, 0] [1, 2, 8, 8] [1, 1, 1, 1] : tensor<1x2x8x16xf16> to tensor<1x2x8x8xf16>
    %extracted_slice_16 = tensor.extract_slice %transposed_8[0, 0, 0, 8] [1, 2, 8, 8] [1, 1, 1, 1] : tensor<1x2x8x16xf16> to tensor<1x2x8x8xf16>
    %35 = tensor.empty() : tensor<1x2x8x8xf16>
    %36 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_16 : tensor<1x2x8x8xf16>) outs(%35 : tensor<1x2x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %100 = arith.negf %in : f16
      linalg.yield %100 : f16
    } -> tensor<1x2x8x8xf16>
    %concat_17 = tensor.concat dim(3) %36, %extracted_slice_15 : (tensor<1x2x8x8xf16>, tensor<1x2x8x8xf16>) -> tensor<1x2x8x16xf16>
    %37 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_17, %expanded_13 : tensor<1x2x8x16xf16>, tensor<1x1x8x16xf16>) outs(%26 : tensor<1x2x8x16xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %100 = arith.mulf %in, %in_39 : f16
      linalg.yield %100 : f16
    } -> tensor<1x2x8x16xf16>
    %38 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34, %37 : tensor<1x2x8x16xf16>, tensor<1x2x8x16xf16>) outs(%26 : tensor<1x2x8x16xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %100 = arith.addf %in, %in_39 : f16
      linalg.yield %100 : f16
    } -> tensor<1x2x8x16xf16>
    %39 = tensor.empty() : tensor<1x2x2x8x16xf16>
    %40 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%38 : tensor<1x2x8x16xf16>) outs(%39 : tensor<1x2x2x8x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<1x2x2x8x16xf16>
    %collapsed_18 = tensor.collapse_shape %40 [[0], [1, 2], [3], [4]] : tensor<1x2x2x8x16xf16> into tensor<1x4x8x16xf16>
    %41 = linalg.generic {indexing_maps = [#map6, #map7], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%transposed_11 : tensor<1x2x8x16xf16>) outs(%39 : tensor<1x2x2x8x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<1x2x2x8x16xf16>
    %42 = tensor.empty() : tensor<1x4x16x8xf16>
    %transposed_19 = linalg.transpose ins(%collapsed_18 : tensor<1x4x8x16xf16>) outs(%42 : tensor<1x4x16x8xf16>) permutation = [0, 1, 3, 2] 
    %collapsed_20 = tensor.collapse_shape %33 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %collapsed_21 = tensor.collapse_shape %transposed_19 [[0, 1], [2], [3]] : tensor<1x4x16x8xf16> into tensor<4x16x8xf16>
    %43 = tensor.empty() : tensor<4x8x8xf32>
    %44 = linalg.fill ins(%cst : f32) outs(%43 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %45 = linalg.batch_matmul ins(%collapsed_20, %collapsed_21 : tensor<4x8x16xf16>, tensor<4x16x8xf16>) outs(%44 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %46 = tensor.empty() : tensor<4x8x8xf16>
    %47 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%45 : tensor<4x8x8xf32>) outs(%46 : tensor<4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %100 = arith.truncf %in : f32 to f16
      linalg.yield %100 : f16
    } -> tensor<4x8x8xf16>
    %expanded_22 = tensor.expand_shape %47 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf16> into tensor<1x4x8x8xf16>
    %48 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_22 : tensor<1x4x8x8xf16>) outs(%30 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %100 = arith.mulf %in, %cst_4 : f16
      linalg.yield %100 : f16
    } -> tensor<1x4x8x8xf16>
    %49 = tensor.empty() : tensor<1x4x8x8xf32>
    %50 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48 : tensor<1x4x8x8xf16>) outs(%49 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %100 = arith.extf %in : f16 to f32
      linalg.yield %100 : f32
    } -> tensor<1x4x8x8xf32>
    %51 = tensor.empty() : tensor<1x4x8xi64>
    %52 = linalg.fill ins(%c0_i64 : i64) outs(%51 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %53 = tensor.empty() : tensor<1x4x8xf32>
    %54 = linalg.fill ins(%cst_0 : f32) outs(%53 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %55:2 = linalg.generic {indexing_maps = [#map4, #map8, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%50 : tensor<1x4x8x8xf32>) outs(%54, %52 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_39: i64):
      %100 = linalg.index 3 : index
      %101 = arith.index_cast %100 : index to i64
      %102 = arith.maximumf %in, %out : f32
      %103 = arith.cmpf ogt, %in, %out : f32
      %104 = arith.select %103, %101, %out_39 : i64
      linalg.yield %102, %104 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_23 = tensor.expand_shape %55#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %56 = linalg.generic {indexing_maps = [#map4, #map9, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%50, %expanded_23 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%49 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %100 = arith.subf %in, %in_39 : f32
      linalg.yield %100 : f32
    } -> tensor<1x4x8x8xf32>
    %57 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%56 : tensor<1x4x8x8xf32>) outs(%49 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %100 = math.exp %in : f32
      linalg.yield %100 : f32
    } -> tensor<1x4x8x8xf32>
    %58 = tensor.empty() : tensor<1x4x8x1xf32>
    %59 = linalg.fill ins(%cst : f32) outs(%58 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %60 = linalg.generic {indexing_maps = [#map4, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%57 : tensor<1x4x8x8xf32>) outs(%59 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %100 = arith.addf %in, %out : f32
      linalg.yield %100 : f32
    } -> tensor<1x4x8x1xf32>
    %61 = linalg.generic {indexing_maps = [#map4, #map9, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%57, %60 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%49 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %100 = arith.divf %in, %in_39 : f32
      linalg.yield %100 : f32
    } -> tensor<1x4x8x8xf32>
    %62 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%61 : tensor<1x4x8x8xf32>) outs(%30 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %100 = arith.truncf %in : f32 to f16
      linalg.yield %100 : f16
    } -> tensor<1x4x8x8xf16>
    %collapsed_24 = tensor.collapse_shape %62 [[0, 1], [2], [3]] : tensor<1x4x8x8xf16> into tensor<4x8x8xf16>
    %collapsed_25 = tensor.collapse_shape %41 [[0, 1, 2], [3], [4]] : tensor<1x2x2x8x16xf16> into tensor<4x8x16xf16>
    %63 = tensor.empty() : tensor<4x8x16xf32>
    %64 = linalg.fill ins(%cst : f32) outs(%63 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %65 = linalg.batch_matmul ins(%collapsed_24, %collapsed_25 : tensor<4x8x8xf16>, tensor<4x8x16xf16>) outs(%64 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %66 = tensor.empty() : tensor<4x8x16xf16>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<4x8x16xf32>) outs(%66 : tensor<4x8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %100 = arith.truncf %in : f32 to f16
      linalg.yield %100 : f16
    } -> tensor<4x8x16xf16>
    %expanded_26 = tensor.expand_shape %67 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf16> into tensor<1x4x8x16xf16>
    %68 = tensor.empty() : tensor<1x8x4x16xf16>
    %transposed_27 = linalg.transpose ins(%expanded_26 : tensor<1x4x8x16xf16>) outs(%68 : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_28 = linalg.transpose ins(%arg6 : tensor<64x64xf16>) outs(%13 : tensor<64x64xf16>) permutation = [1, 0] 
    %collapsed_29 = tensor.collapse_shape %transposed_27 [[0, 1], [2, 3]] : tensor<1x8x4x16xf16> into tensor<8x64xf16>
    %69 = linalg.matmul ins(%collapsed_29, %transposed_28 : tensor<8x64xf16>, tensor<64x64xf16>) outs(%15 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %70 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%69 : tensor<8x64xf32>) outs(%17 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %100 = arith.truncf %in : f32 to f16
      linalg.yield %100 : f16
    } -> tensor<8x64xf16>
    %expanded_30 = tensor.expand_shape %70 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %71 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_30 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %100 = arith.addf %in, %in_39 : f16
      linalg.yield %100 : f16
    } -> tensor<1x8x64xf16>
    %72 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %100 = arith.extf %in : f16 to f32
      linalg.yield %100 : f32
    } -> tensor<1x8x64xf32>
    %73 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %100 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %100 : f32
    } -> tensor<1x8x64xf32>
    %74 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%73 : tensor<1x8x64xf32>) outs(%4 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %100 = arith.addf %in, %out : f32
      linalg.yield %100 : f32
    } -> tensor<1x8x1xf32>
    %75 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %100 = arith.divf %in, %cst_3 : f32
      linalg.yield %100 : f32
    } -> tensor<1x8x1xf32>
    %76 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %100 = arith.truncf %cst_2 : f64 to f32
      %101 = arith.addf %in, %100 : f32
      linalg.yield %101 : f32
    } -> tensor<1x8x1xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%76 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %100 = math.rsqrt %in : f32
      linalg.yield %100 : f32
    } -> tensor<1x8x1xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%72, %77 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %100 = arith.mulf %in, %in_39 : f32
      linalg.yield %100 : f32
    } -> tensor<1x8x64xf32>
    %79 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78 : tensor<1x8x64xf32>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %100 = arith.truncf %in : f32 to f16
      linalg.yield %100 : f16
    } -> tensor<1x8x64xf16>
    %80 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg11, %79 : tensor<64xf16>, tensor<1x8x64xf16>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %100 = arith.mulf %in, %in_39 : f16
      linalg.yield %100 : f16
    } -> tensor<1x8x64xf16>
    %81 = tensor.empty() : tensor<64x128xf16>
    %transposed_31 = linalg.transpose ins(%arg7 : tensor<128x64xf16>) outs(%81 : tensor<64x128xf16>) permutation = [1, 0] 
    %collapsed_32 = tensor.collapse_shape %80 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %82 = tensor.empty() : tensor<8x128xf32>
    %83 = linalg.fill ins(%cst : f32) outs(%82 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %84 = linalg.matmul ins(%collapsed_32, %transposed_31 : tensor<8x64xf16>, tensor<64x128xf16>) outs(%83 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %85 = tensor.empty() : tensor<8x128xf16>
    %86 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%84 : tensor<8x128xf32>) outs(%85 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %100 = arith.truncf %in : f32 to f16
      linalg.yield %100 : f16
    } -> tensor<8x128xf16>
    %expanded_33 = tensor.expand_shape %86 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf16> into tensor<1x8x128xf16>
    %87 = tensor.empty() : tensor<1x8x128xf32>
    %88 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<1x8x128xf16>) outs(%87 : tensor<1x8x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %100 = arith.extf %in : f16 to f32
      linalg.yield %100 : f32
    } -> tensor<1x8x128xf32>
    %89 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88 : tensor<1x8x128xf32>) outs(%87 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %100 = arith.negf %in : f32
      %101 = math.exp %100 : f32
      %102 = arith.addf %101, %cst_1 : f32
      %103 = arith.divf %cst_1, %102 : f32
      linalg.yield %103 : f32
    } -> tensor<1x8x128xf32>
    %90 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88, %89 : tensor<1x8x128xf32>, tensor<1x8x128xf32>) outs(%87 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %100 = arith.mulf %in, %in_39 : f32
      linalg.yield %100 : f32
    } -> tensor<1x8x128xf32>
    %91 = tensor.empty() : tensor<1x8x128xf16>
    %92 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<1x8x128xf32>) outs(%91 : tensor<1x8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %100 = arith.truncf %in : f32 to f16
      linalg.yield %100 : f16
    } -> tensor<1x8x128xf16>
    %transposed_34 = linalg.transpose ins(%arg8 : tensor<128x64xf16>) outs(%81 : tensor<64x128xf16>) permutation = [1, 0] 
    %93 = linalg.matmul ins(%collapsed_32, %transposed_34 : tensor<8x64xf16>, tensor<64x128xf16>) outs(%83 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %94 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%93 : tensor<8x128xf32>) outs(%85 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %100 = arith.truncf %in : f32 to f16
      linalg.yield %100 : f16
    } -> tensor<8x128xf16>
    %expanded_35 = tensor.expand_shape %94 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf16> into tensor<1x8x128xf16>
    %95 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92, %expanded_35 : tensor<1x8x128xf16>, tensor<1x8x128xf16>) outs(%91 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %100 = arith.mulf %in, %in_39 : f16
      linalg.yield %100 : f16
    } -> tensor<1x8x128xf16>
    %96 = tensor.empty() : tensor<128x64xf16>
    %transposed_36 = linalg.transpose ins(%arg9 : tensor<64x128xf16>) outs(%96 : tensor<128x64xf16>) permutation = [1, 0] 
    %collapsed_37 = tensor.collapse_shape %95 [[0, 1], [2]] : tensor<1x8x128xf16> into tensor<8x128xf16>
    %97 = linalg.matmul ins(%collapsed_37, %transposed_36 : tensor<8x128xf16>, tensor<128x64xf16>) outs(%15 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %98 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%97 : tensor<8x64xf32>) outs(%17 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %100 = arith.truncf %in : f32 to f16
      linalg.yield %100 : f16
    } -> tensor<8x64xf16>
    %expanded_38 = tensor.expand_shape %98 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %99 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71, %expanded_38 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %100 = arith.addf %in, %in_39 : f16
      linalg.yield %100 : f16
    } -> tensor<1x8x64xf16>
    return %99 : tensor<1x8x64xf16>
  }
}
