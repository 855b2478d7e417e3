// One Gemma2DecoderLayer of transformers (hidden 64, 4 heads, 8 tokens, f16; a small config, random weights),
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) with
// its weights, and the rotary embedding's cos and sin, lifted to arguments: written by
// utils/export_models.py; do not edit. It imports, compiled for the CPU it
// agrees with upstream MLIR's execution of the linalg, and superoptimized
// with default options it still does.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// CHECK-LABEL: func.func @gemma2(
// CHECK: kgraph.rms_norm
// CHECK: kgraph.tanh
// CHECK: kgraph.reduce_max
// CHECK: kgraph.tanh
// ORACLE: @gemma2 output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0) -> (d0)>
#map3 = affine_map<(d0, d1, d2) -> (d2)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map7 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
#map8 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map9 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map10 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @gemma2(%arg0: tensor<1x8x64xf16>, %arg1: tensor<1x8x16xf16>, %arg2: tensor<1x8x16xf16>, %arg3: tensor<64x64xf16>, %arg4: tensor<32x64xf16>, %arg5: tensor<32x64xf16>, %arg6: tensor<64x64xf16>, %arg7: tensor<128x64xf16>, %arg8: tensor<128x64xf16>, %arg9: tensor<64x128xf16>, %arg10: tensor<64xf16>, %arg11: tensor<64xf16>, %arg12: tensor<64xf16>, %arg13: tensor<64xf16>) -> tensor<1x8x64xf16> {
    %c2_i64 = arith.constant 2 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %c3_i64 = arith.constant 3 : i64
    %cst_1 = arith.constant 4.470830e-02 : f16
    %cst_2 = arith.constant 7.978520e-01 : f16
    %cst_3 = arith.constant 1.000000e+00 : f16
    %cst_4 = arith.constant 5.000000e-01 : f16
    %cst_5 = arith.constant 9.9999999999999995E-7 : f64
    %cst_6 = arith.constant 6.400000e+01 : f32
    %cst_7 = arith.constant 1.000000e+00 : f32
    %cst_8 = arith.constant 6.250000e-02 : f16
    %cst_9 = arith.constant 5.000000e+01 : f16
    %0 = tensor.empty() : tensor<1x8x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %126 = arith.extf %in : f16 to f32
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %3 = tensor.empty() : tensor<1x8x1xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<1x8x64xf32>) outs(%4 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.addf %in, %out : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.divf %in, %cst_6 : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.truncf %cst_5 : f64 to f32
      %127 = arith.addf %in, %126 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = math.rsqrt %in : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x1xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %8 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_44: f32, %out: f32):
      %126 = arith.mulf %in, %in_44 : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %10 = tensor.empty() : tensor<64xf32>
    %11 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%arg10 : tensor<64xf16>) outs(%10 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %126 = arith.extf %in : f16 to f32
      linalg.yield %126 : f32
    } -> tensor<64xf32>
    %12 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%11 : tensor<64xf32>) outs(%10 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.addf %in, %cst_7 : f32
      linalg.yield %126 : f32
    } -> tensor<64xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9, %12 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_44: f32, %out: f32):
      %126 = arith.mulf %in, %in_44 : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %14 = tensor.empty() : tensor<1x8x64xf16>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x8x64xf32>) outs(%14 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %126 = arith.truncf %in : f32 to f16
      linalg.yield %126 : f16
    } -> tensor<1x8x64xf16>
    %16 = tensor.empty() : tensor<64x64xf16>
    %transposed = linalg.transpose ins(%arg3 : tensor<64x64xf16>) outs(%16 : tensor<64x64xf16>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %15 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %17 = tensor.empty() : tensor<8x64xf32>
    %18 = linalg.fill ins(%cst : f32) outs(%17 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %19 = linalg.matmul ins(%collapsed, %transposed : tensor<8x64xf16>, tensor<64x64xf16>) outs(%18 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %20 = tensor.empty() : tensor<8x64xf16>
    %21 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%19 : tensor<8x64xf32>) outs(%20 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %126 = arith.truncf %in : f32 to f16
      linalg.yield %126 : f16
    } -> tensor<8x64xf16>
    %expanded = tensor.expand_shape %21 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %22 = tensor.empty() : tensor<1x4x8x16xf16>
    %transposed_10 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf16>) outs(%22 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %23 = tensor.empty() : tensor<64x32xf16>
    %transposed_11 = linalg.transpose ins(%arg4 : tensor<32x64xf16>) outs(%23 : tensor<64x32xf16>) permutation = [1, 0] 
    %24 = tensor.empty() : tensor<8x32xf32>
    %25 = linalg.fill ins(%cst : f32) outs(%24 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %26 = linalg.matmul ins(%collapsed, %transposed_11 : tensor<8x64xf16>, tensor<64x32xf16>) outs(%25 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %27 = tensor.empty() : tensor<8x32xf16>
    %28 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%26 : tensor<8x32xf32>) outs(%27 : tensor<8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %126 = arith.truncf %in : f32 to f16
      linalg.yield %126 : f16
    } -> tensor<8x32xf16>
    %expanded_12 = tensor.expand_shape %28 [[0, 1], [2, 3]] output_shape [1, 8, 2, 16] : tensor<8x32xf16> into tensor<1x8x2x16xf16>
    %29 = tensor.empty() : tensor<1x2x8x16xf16>
    %transposed_13 = linalg.transpose ins(%expanded_12 : tensor<1x8x2x16xf16>) outs(%29 : tensor<1x2x8x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_14 = linalg.transpose ins(%arg5 : tensor<32x64xf16>) outs(%23 : tensor<64x32xf16>) permutation = [1, 0] 
    %30 = linalg.matmul ins(%collapsed, %transposed_14 : tensor<8x64xf16>, tensor<64x32xf16>) outs(%25 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%30 : tensor<8x32xf32>) outs(%27 : tensor<8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %126 = arith.truncf %in : f32 to f16
      linalg.yield %126 : f16
    } -> tensor<8x32xf16>
    %expanded_15 = tensor.expand_shape %31 [[0, 1], [2, 3]] output_shape [1, 8, 2, 16] : tensor<8x32xf16> into tensor<1x8x2x16xf16>
    %transposed_16 = linalg.transpose ins(%expanded_15 : tensor<1x8x2x16xf16>) outs(%29 : tensor<1x2x8x16xf16>) permutation = [0, 2, 1, 3] 
    %expanded_17 = tensor.expand_shape %arg1 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf16> into tensor<1x1x8x16xf16>
    %expanded_18 = tensor.expand_shape %arg2 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf16> into tensor<1x1x8x16xf16>
    %32 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_10, %expanded_17 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%22 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_44: f16, %out: f16):
      %126 = arith.mulf %in, %in_44 : f16
      linalg.yield %126 : f16
    } -> tensor<1x4x8x16xf16>
    %extracted_slice = tensor.extract_slice %transposed_10[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %extracted_slice_19 = tensor.extract_slice %transposed_10[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %33 = tensor.empty() : tensor<1x4x8x8xf16>
    %34 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_19 : tensor<1x4x8x8xf16>) outs(%33 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %126 = arith.negf %in : f16
      linalg.yield %126 : f16
    } -> tensor<1x4x8x8xf16>
    %concat = tensor.concat dim(3) %34, %extracted_slice : (tensor<1x4x8x8xf16>, tensor<1x4x8x8xf16>) -> tensor<1x4x8x16xf16>
    %35 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %expanded_18 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%22 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_44: f16, %out: f16):
      %126 = arith.mulf %in, %in_44 : f16
      linalg.yield %126 : f16
    } -> tensor<1x4x8x16xf16>
    %36 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32, %35 : tensor<1x4x8x16xf16>, tensor<1x4x8x16xf16>) outs(%22 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_44: f16, %out: f16):
      %126 = arith.addf %in, %in_44 : f16
      linalg.yield %126 : f16
    } -> tensor<1x4x8x16xf16>
    %37 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_13, %expanded_17 : tensor<1x2x8x16xf16>, tensor<1x1x8x16xf16>) outs(%29 : tensor<1x2x8x16xf16>) {
    ^bb0(%in: f16, %in_44: f16, %out: f16):
      %126 = arith.mulf %in, %in_44 : f16
      linalg.yield %126 : f16
    } -> tensor<1x2x8x16xf16>
    %extracted_slice_20 = tensor.extract_slice %transposed_13[0, 0, 0, 0] [1, 2, 8, 8] [1, 1, 1, 1] : tensor<1x2x8x16xf16> to tensor<1x2x8x8xf16>
    %extracted_slice_21 = tensor.extract_slice %transposed_13[0, 0, 0, 8] [1, 2, 8, 8] [1, 1, 1, 1] : tensor<1x2x8x16xf16> to tensor<1x2x8x8xf16>
    %38 = tensor.empty() : tensor<1x2x8x8xf16>
    %39 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_21 : tensor<1x2x8x8xf16>) outs(%38 : tensor<1x2x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %126 = arith.negf %in : f16
      linalg.yield %126 : f16
    } -> tensor<1x2x8x8xf16>
    %concat_22 = tensor.concat dim(3) %39, %extracted_slice_20 : (tensor<1x2x8x8xf16>, tensor<1x2x8x8xf16>) -> tensor<1x2x8x16xf16>
    %40 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_22, %expanded_18 : tensor<1x2x8x16xf16>, tensor<1x1x8x16xf16>) outs(%29 : tensor<1x2x8x16xf16>) {
    ^bb0(%in: f16, %in_44: f16, %out: f16):
      %126 = arith.mulf %in, %in_44 : f16
      linalg.yield %126 : f16
    } -> tensor<1x2x8x16xf16>
    %41 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %40 : tensor<1x2x8x16xf16>, tensor<1x2x8x16xf16>) outs(%29 : tensor<1x2x8x16xf16>) {
    ^bb0(%in: f16, %in_44: f16, %out: f16):
      %126 = arith.addf %in, %in_44 : f16
      linalg.yield %126 : f16
    } -> tensor<1x2x8x16xf16>
    %42 = tensor.empty() : tensor<1x2x2x8x16xf16>
    %43 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%41 : tensor<1x2x8x16xf16>) outs(%42 : tensor<1x2x2x8x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<1x2x2x8x16xf16>
    %collapsed_23 = tensor.collapse_shape %43 [[0], [1, 2], [3], [4]] : tensor<1x2x2x8x16xf16> into tensor<1x4x8x16xf16>
    %44 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%transposed_16 : tensor<1x2x8x16xf16>) outs(%42 : tensor<1x2x2x8x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<1x2x2x8x16xf16>
    %45 = tensor.empty() : tensor<1x4x16x8xf16>
    %transposed_24 = linalg.transpose ins(%collapsed_23 : tensor<1x4x8x16xf16>) outs(%45 : tensor<1x4x16x8xf16>) permutation = [0, 1, 3, 2] 
    %collapsed_25 = tensor.collapse_shape %36 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %collapsed_26 = tensor.collapse_shape %transposed_24 [[0, 1], [2], [3]] : tensor<1x4x16x8xf16> into tensor<4x16x8xf16>
    %46 = tensor.empty() : tensor<4x8x8xf32>
    %47 = linalg.fill ins(%cst : f32) outs(%46 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %48 = linalg.batch_matmul ins(%collapsed_25, %collapsed_26 : tensor<4x8x16xf16>, tensor<4x16x8xf16>) outs(%47 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %49 = tensor.empty() : tensor<4x8x8xf16>
    %50 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%48 : tensor<4x8x8xf32>) outs(%49 : tensor<4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %126 = arith.truncf %in : f32 to f16
      linalg.yield %126 : f16
    } -> tensor<4x8x8xf16>
    %expanded_27 = tensor.expand_shape %50 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf16> into tensor<1x4x8x8xf16>
    %51 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_27 : tensor<1x4x8x8xf16>) outs(%33 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %126 = arith.mulf %in, %cst_8 : f16
      linalg.yield %126 : f16
    } -> tensor<1x4x8x8xf16>
    %52 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51 : tensor<1x4x8x8xf16>) outs(%33 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %126 = arith.divf %in, %cst_9 : f16
      linalg.yield %126 : f16
    } -> tensor<1x4x8x8xf16>
    %53 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52 : tensor<1x4x8x8xf16>) outs(%33 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %126 = math.tanh %in : f16
      linalg.yield %126 : f16
    } -> tensor<1x4x8x8xf16>
    %54 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%53 : tensor<1x4x8x8xf16>) outs(%33 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %126 = arith.mulf %in, %cst_9 : f16
      linalg.yield %126 : f16
    } -> tensor<1x4x8x8xf16>
    %55 = tensor.empty() : tensor<1x4x8x8xf32>
    %56 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%54 : tensor<1x4x8x8xf16>) outs(%55 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %126 = arith.extf %in : f16 to f32
      linalg.yield %126 : f32
    } -> tensor<1x4x8x8xf32>
    %57 = tensor.empty() : tensor<1x4x8xi64>
    %58 = linalg.fill ins(%c0_i64 : i64) outs(%57 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %59 = tensor.empty() : tensor<1x4x8xf32>
    %60 = linalg.fill ins(%cst_0 : f32) outs(%59 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %61:2 = linalg.generic {indexing_maps = [#map5, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%56 : tensor<1x4x8x8xf32>) outs(%60, %58 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_44: i64):
      %126 = linalg.index 3 : index
      %127 = arith.index_cast %126 : index to i64
      %128 = arith.maximumf %in, %out : f32
      %129 = arith.cmpf ogt, %in, %out : f32
      %130 = arith.select %129, %127, %out_44 : i64
      linalg.yield %128, %130 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_28 = tensor.expand_shape %61#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %62 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%56, %expanded_28 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%55 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_44: f32, %out: f32):
      %126 = arith.subf %in, %in_44 : f32
      linalg.yield %126 : f32
    } -> tensor<1x4x8x8xf32>
    %63 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%62 : tensor<1x4x8x8xf32>) outs(%55 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = math.exp %in : f32
      linalg.yield %126 : f32
    } -> tensor<1x4x8x8xf32>
    %64 = tensor.empty() : tensor<1x4x8x1xf32>
    %65 = linalg.fill ins(%cst : f32) outs(%64 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %66 = linalg.generic {indexing_maps = [#map5, #map10], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%63 : tensor<1x4x8x8xf32>) outs(%65 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.addf %in, %out : f32
      linalg.yield %126 : f32
    } -> tensor<1x4x8x1xf32>
    %67 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%63, %66 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%55 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_44: f32, %out: f32):
      %126 = arith.divf %in, %in_44 : f32
      linalg.yield %126 : f32
    } -> tensor<1x4x8x8xf32>
    %68 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%67 : tensor<1x4x8x8xf32>) outs(%33 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %126 = arith.truncf %in : f32 to f16
      linalg.yield %126 : f16
    } -> tensor<1x4x8x8xf16>
    %collapsed_29 = tensor.collapse_shape %68 [[0, 1], [2], [3]] : tensor<1x4x8x8xf16> into tensor<4x8x8xf16>
    %collapsed_30 = tensor.collapse_shape %44 [[0, 1, 2], [3], [4]] : tensor<1x2x2x8x16xf16> into tensor<4x8x16xf16>
    %69 = tensor.empty() : tensor<4x8x16xf32>
    %70 = linalg.fill ins(%cst : f32) outs(%69 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %71 = linalg.batch_matmul ins(%collapsed_29, %collapsed_30 : tensor<4x8x8xf16>, tensor<4x8x16xf16>) outs(%70 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %72 = tensor.empty() : tensor<4x8x16xf16>
    %73 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%71 : tensor<4x8x16xf32>) outs(%72 : tensor<4x8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %126 = arith.truncf %in : f32 to f16
      linalg.yield %126 : f16
    } -> tensor<4x8x16xf16>
    %expanded_31 = tensor.expand_shape %73 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf16> into tensor<1x4x8x16xf16>
    %74 = tensor.empty() : tensor<1x8x4x16xf16>
    %transposed_32 = linalg.transpose ins(%expanded_31 : tensor<1x4x8x16xf16>) outs(%74 : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_33 = linalg.transpose ins(%arg6 : tensor<64x64xf16>) outs(%16 : tensor<64x64xf16>) permutation = [1, 0] 
    %collapsed_34 = tensor.collapse_shape %transposed_32 [[0, 1], [2, 3]] : tensor<1x8x4x16xf16> into tensor<8x64xf16>
    %75 = linalg.matmul ins(%collapsed_34, %transposed_33 : tensor<8x64xf16>, tensor<64x64xf16>) outs(%18 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %76 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%75 : tensor<8x64xf32>) outs(%20 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %126 = arith.truncf %in : f32 to f16
      linalg.yield %126 : f16
    } -> tensor<8x64xf16>
    %expanded_35 = tensor.expand_shape %76 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %77 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_35 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %126 = arith.extf %in : f16 to f32
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %79 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%78 : tensor<1x8x64xf32>) outs(%4 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.addf %in, %out : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x1xf32>
    %80 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.divf %in, %cst_6 : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x1xf32>
    %81 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.truncf %cst_5 : f64 to f32
      %127 = arith.addf %in, %126 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %82 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = math.rsqrt %in : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x1xf32>
    %83 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77, %82 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_44: f32, %out: f32):
      %126 = arith.mulf %in, %in_44 : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %84 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%arg11 : tensor<64xf16>) outs(%10 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %126 = arith.extf %in : f16 to f32
      linalg.yield %126 : f32
    } -> tensor<64xf32>
    %85 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%84 : tensor<64xf32>) outs(%10 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.addf %in, %cst_7 : f32
      linalg.yield %126 : f32
    } -> tensor<64xf32>
    %86 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %85 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_44: f32, %out: f32):
      %126 = arith.mulf %in, %in_44 : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %87 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<1x8x64xf32>) outs(%14 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %126 = arith.truncf %in : f32 to f16
      linalg.yield %126 : f16
    } -> tensor<1x8x64xf16>
    %88 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %87 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%14 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_44: f16, %out: f16):
      %126 = arith.addf %in, %in_44 : f16
      linalg.yield %126 : f16
    } -> tensor<1x8x64xf16>
    %89 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %126 = arith.extf %in : f16 to f32
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %90 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %91 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%90 : tensor<1x8x64xf32>) outs(%4 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.addf %in, %out : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x1xf32>
    %92 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%91 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.divf %in, %cst_6 : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x1xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.truncf %cst_5 : f64 to f32
      %127 = arith.addf %in, %126 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %94 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = math.rsqrt %in : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x1xf32>
    %95 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %94 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_44: f32, %out: f32):
      %126 = arith.mulf %in, %in_44 : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %96 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%arg12 : tensor<64xf16>) outs(%10 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %126 = arith.extf %in : f16 to f32
      linalg.yield %126 : f32
    } -> tensor<64xf32>
    %97 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%96 : tensor<64xf32>) outs(%10 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.addf %in, %cst_7 : f32
      linalg.yield %126 : f32
    } -> tensor<64xf32>
    %98 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95, %97 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_44: f32, %out: f32):
      %126 = arith.mulf %in, %in_44 : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %99 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%98 : tensor<1x8x64xf32>) outs(%14 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %126 = arith.truncf %in : f32 to f16
      linalg.yield %126 : f16
    } -> tensor<1x8x64xf16>
    %100 = tensor.empty() : tensor<64x128xf16>
    %transposed_36 = linalg.transpose ins(%arg7 : tensor<128x64xf16>) outs(%100 : tensor<64x128xf16>) permutation = [1, 0] 
    %collapsed_37 = tensor.collapse_shape %99 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %101 = tensor.empty() : tensor<8x128xf32>
    %102 = linalg.fill ins(%cst : f32) outs(%101 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %103 = linalg.matmul ins(%collapsed_37, %transposed_36 : tensor<8x64xf16>, tensor<64x128xf16>) outs(%102 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %104 = tensor.empty() : tensor<8x128xf16>
    %105 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%103 : tensor<8x128xf32>) outs(%104 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %126 = arith.truncf %in : f32 to f16
      linalg.yield %126 : f16
    } -> tensor<8x128xf16>
    %expanded_38 = tensor.expand_shape %105 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf16> into tensor<1x8x128xf16>
    %106 = tensor.empty() : tensor<1x8x128xf16>
    %107 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_38 : tensor<1x8x128xf16>) outs(%106 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %126 = math.fpowi %in, %c3_i64 : f16, i64
      %127 = arith.mulf %126, %cst_1 : f16
      %128 = arith.addf %in, %127 : f16
      %129 = arith.mulf %128, %cst_2 : f16
      %130 = math.tanh %129 : f16
      %131 = arith.addf %130, %cst_3 : f16
      %132 = arith.mulf %131, %cst_4 : f16
      %133 = arith.mulf %in, %132 : f16
      linalg.yield %133 : f16
    } -> tensor<1x8x128xf16>
    %transposed_39 = linalg.transpose ins(%arg8 : tensor<128x64xf16>) outs(%100 : tensor<64x128xf16>) permutation = [1, 0] 
    %108 = linalg.matmul ins(%collapsed_37, %transposed_39 : tensor<8x64xf16>, tensor<64x128xf16>) outs(%102 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %109 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%108 : tensor<8x128xf32>) outs(%104 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %126 = arith.truncf %in : f32 to f16
      linalg.yield %126 : f16
    } -> tensor<8x128xf16>
    %expanded_40 = tensor.expand_shape %109 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf16> into tensor<1x8x128xf16>
    %110 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%107, %expanded_40 : tensor<1x8x128xf16>, tensor<1x8x128xf16>) outs(%106 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %in_44: f16, %out: f16):
      %126 = arith.mulf %in, %in_44 : f16
      linalg.yield %126 : f16
    } -> tensor<1x8x128xf16>
    %111 = tensor.empty() : tensor<128x64xf16>
    %transposed_41 = linalg.transpose ins(%arg9 : tensor<64x128xf16>) outs(%111 : tensor<128x64xf16>) permutation = [1, 0] 
    %collapsed_42 = tensor.collapse_shape %110 [[0, 1], [2]] : tensor<1x8x128xf16> into tensor<8x128xf16>
    %112 = linalg.matmul ins(%collapsed_42, %transposed_41 : tensor<8x128xf16>, tensor<128x64xf16>) outs(%18 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %113 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%112 : tensor<8x64xf32>) outs(%20 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %126 = arith.truncf %in : f32 to f16
      linalg.yield %126 : f16
    } -> tensor<8x64xf16>
    %expanded_43 = tensor.expand_shape %113 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %114 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_43 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %126 = arith.extf %in : f16 to f32
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %115 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%114 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %116 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%115 : tensor<1x8x64xf32>) outs(%4 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.addf %in, %out : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x1xf32>
    %117 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%116 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.divf %in, %cst_6 : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x1xf32>
    %118 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%117 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.truncf %cst_5 : f64 to f32
      %127 = arith.addf %in, %126 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %119 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%118 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = math.rsqrt %in : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x1xf32>
    %120 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%114, %119 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_44: f32, %out: f32):
      %126 = arith.mulf %in, %in_44 : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %121 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%arg13 : tensor<64xf16>) outs(%10 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %126 = arith.extf %in : f16 to f32
      linalg.yield %126 : f32
    } -> tensor<64xf32>
    %122 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%121 : tensor<64xf32>) outs(%10 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %126 = arith.addf %in, %cst_7 : f32
      linalg.yield %126 : f32
    } -> tensor<64xf32>
    %123 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%120, %122 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_44: f32, %out: f32):
      %126 = arith.mulf %in, %in_44 : f32
      linalg.yield %126 : f32
    } -> tensor<1x8x64xf32>
    %124 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%123 : tensor<1x8x64xf32>) outs(%14 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %126 = arith.truncf %in : f32 to f16
      linalg.yield %126 : f16
    } -> tensor<1x8x64xf16>
    %125 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88, %124 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%14 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_44: f16, %out: f16):
      %126 = arith.addf %in, %in_44 : f16
      linalg.yield %126 : f16
    } -> tensor<1x8x64xf16>
    return %125 : tensor<1x8x64xf16>
  }
}
