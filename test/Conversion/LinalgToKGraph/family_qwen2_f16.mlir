// One Qwen2DecoderLayer of transformers (hidden 64, 4 heads, 8 tokens, an additive attention mask, f16; a small config, random weights),
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
// ORACLE: @qwen2 output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
#map5 = affine_map<(d0, d1) -> (d1)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map8 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3, d4)>
#map9 = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2, d3, d4)>
#map10 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map11 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @qwen2(%arg0: tensor<1x8x64xf16>, %arg1: tensor<1x8x16xf16>, %arg2: tensor<1x8x16xf16>, %arg3: tensor<1x1x8x8xf16>, %arg4: tensor<64x64xf16>, %arg5: tensor<64xf16>, %arg6: tensor<32x64xf16>, %arg7: tensor<32xf16>, %arg8: tensor<32x64xf16>, %arg9: tensor<32xf16>, %arg10: tensor<64x64xf16>, %arg11: tensor<128x64xf16>, %arg12: tensor<128x64xf16>, %arg13: tensor<64x128xf16>, %arg14: tensor<64xf16>, %arg15: tensor<64xf16>) -> tensor<1x8x64xf16> {
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
      %118 = arith.extf %in : f16 to f32
      linalg.yield %118 : f32
    } -> tensor<1x8x64xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %118 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %118 : f32
    } -> tensor<1x8x64xf32>
    %3 = tensor.empty() : tensor<1x8x1xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<1x8x64xf32>) outs(%4 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %118 = arith.addf %in, %out : f32
      linalg.yield %118 : f32
    } -> tensor<1x8x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %118 = arith.divf %in, %cst_3 : f32
      linalg.yield %118 : f32
    } -> tensor<1x8x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %118 = arith.truncf %cst_2 : f64 to f32
      %119 = arith.addf %in, %118 : f32
      linalg.yield %119 : f32
    } -> tensor<1x8x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %118 = math.rsqrt %in : f32
      linalg.yield %118 : f32
    } -> tensor<1x8x1xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %8 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %118 = arith.mulf %in, %in_39 : f32
      linalg.yield %118 : f32
    } -> tensor<1x8x64xf32>
    %10 = tensor.empty() : tensor<1x8x64xf16>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<1x8x64xf32>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %118 = arith.truncf %in : f32 to f16
      linalg.yield %118 : f16
    } -> tensor<1x8x64xf16>
    %12 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg14, %11 : tensor<64xf16>, tensor<1x8x64xf16>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %118 = arith.mulf %in, %in_39 : f16
      linalg.yield %118 : f16
    } -> tensor<1x8x64xf16>
    %collapsed = tensor.collapse_shape %12 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %13 = tensor.empty() : tensor<64x64xf16>
    %transposed = linalg.transpose ins(%arg4 : tensor<64x64xf16>) outs(%13 : tensor<64x64xf16>) permutation = [1, 0] 
    %14 = tensor.empty() : tensor<64xf32>
    %15 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg5 : tensor<64xf16>) outs(%14 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %118 = arith.extf %in : f16 to f32
      linalg.yield %118 : f32
    } -> tensor<64xf32>
    %16 = tensor.empty() : tensor<8x64xf32>
    %17 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<8x64xf16>) outs(%16 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %118 = arith.extf %in : f16 to f32
      linalg.yield %118 : f32
    } -> tensor<8x64xf32>
    %18 = tensor.empty() : tensor<64x64xf32>
    %19 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<64x64xf16>) outs(%18 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %118 = arith.extf %in : f16 to f32
      linalg.yield %118 : f32
    } -> tensor<64x64xf32>
    %20 = linalg.fill ins(%cst : f32) outs(%16 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %21 = linalg.matmul ins(%17, %19 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%20 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %22 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%15 : tensor<64xf32>) outs(%16 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %23 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%21, %22 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%16 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %118 = arith.addf %in, %in_39 : f32
      linalg.yield %118 : f32
    } -> tensor<8x64xf32>
    %24 = tensor.empty() : tensor<8x64xf16>
    %25 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%23 : tensor<8x64xf32>) outs(%24 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %118 = arith.truncf %in : f32 to f16
      linalg.yield %118 : f16
    } -> tensor<8x64xf16>
    %expanded = tensor.expand_shape %25 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %26 = tensor.empty() : tensor<1x4x8x16xf16>
    %transposed_5 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf16>) outs(%26 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %27 = tensor.empty() : tensor<64x32xf16>
    %transposed_6 = linalg.transpose ins(%arg6 : tensor<32x64xf16>) outs(%27 : tensor<64x32xf16>) permutation = [1, 0] 
    %28 = tensor.empty() : tensor<32xf32>
    %29 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg7 : tensor<32xf16>) outs(%28 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %118 = arith.extf %in : f16 to f32
      linalg.yield %118 : f32
    } -> tensor<32xf32>
    %30 = tensor.empty() : tensor<64x32xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_6 : tensor<64x32xf16>) outs(%30 : tensor<64x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %118 = arith.extf %in : f16 to f32
      linalg.yield %118 : f32
    } -> tensor<64x32xf32>
    %32 = tensor.empty() : tensor<8x32xf32>
    %33 = linalg.fill ins(%cst : f32) outs(%32 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %34 = linalg.matmul ins(%17, %31 : tensor<8x64xf32>, tensor<64x32xf32>) outs(%33 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %35 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%29 : tensor<32xf32>) outs(%32 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x32xf32>
    %36 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%34, %35 : tensor<8x32xf32>, tensor<8x32xf32>) outs(%32 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %118 = arith.addf %in, %in_39 : f32
      linalg.yield %118 : f32
    } -> tensor<8x32xf32>
    %37 = tensor.empty() : tensor<8x32xf16>
    %38 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%36 : tensor<8x32xf32>) outs(%37 : tensor<8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %118 = arith.truncf %in : f32 to f16
      linalg.yield %118 : f16
    } -> tensor<8x32xf16>
    %expanded_7 = tensor.expand_shape %38 [[0, 1], [2, 3]] output_shape [1, 8, 2, 16] : tensor<8x32xf16> into tensor<1x8x2x16xf16>
    %39 = tensor.empty() : tensor<1x2x8x16xf16>
    %transposed_8 = linalg.transpose ins(%expanded_7 : tensor<1x8x2x16xf16>) outs(%39 : tensor<1x2x8x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_9 = linalg.transpose ins(%arg8 : tensor<32x64xf16>) outs(%27 : tensor<64x32xf16>) permutation = [1, 0] 
    %40 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg9 : tensor<32xf16>) outs(%28 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %118 = arith.extf %in : f16 to f32
      linalg.yield %118 : f32
    } -> tensor<32xf32>
    %41 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%transposed_9 : tensor<64x32xf16>) outs(%30 : tensor<64x32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %118 = arith.extf %in : f16 to f32
      linalg.yield %118 : f32
    } -> tensor<64x32xf32>
    %42 = linalg.matmul ins(%17, %41 : tensor<8x64xf32>, tensor<64x32xf32>) outs(%33 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %43 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%40 : tensor<32xf32>) outs(%32 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x32xf32>
    %44 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%42, %43 : tensor<8x32xf32>, tensor<8x32xf32>) outs(%32 : tensor<8x32xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %118 = arith.addf %in, %in_39 : f32
      linalg.yield %118 : f32
    } -> tensor<8x32xf32>
    %45 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%44 : tensor<8x32xf32>) outs(%37 : tensor<8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %118 = arith.truncf %in : f32 to f16
      linalg.yield %118 : f16
    } -> tensor<8x32xf16>
    %expanded_10 = tensor.expand_shape %45 [[0, 1], [2, 3]] output_shape [1, 8, 2, 16] : tensor<8x32xf16> into tensor<1x8x2x16xf16>
    %transposed_11 = linalg.transpose ins(%expanded_10 : tensor<1x8x2x16xf16>) outs(%39 : tensor<1x2x8x16xf16>) permutation = [0, 2, 1, 3] 
    %expanded_12 = tensor.expand_shape %arg1 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf16> into tensor<1x1x8x16xf16>
    %expanded_13 = tensor.expand_shape %arg2 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf16> into tensor<1x1x8x16xf16>
    %46 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_5, %expanded_12 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%26 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %118 = arith.mulf %in, %in_39 : f16
      linalg.yield %118 : f16
    } -> tensor<1x4x8x16xf16>
    %extracted_slice = tensor.extract_slice %transposed_5[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %extracted_slice_14 = tensor.extract_slice %transposed_5[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %47 = tensor.empty() : tensor<1x4x8x8xf16>
    %48 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_14 : tensor<1x4x8x8xf16>) outs(%47 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %118 = arith.negf %in : f16
      linalg.yield %118 : f16
    } -> tensor<1x4x8x8xf16>
    %concat = tensor.concat dim(3) %48, %extracted_slice : (tensor<1x4x8x8xf16>, tensor<1x4x8x8xf16>) -> tensor<1x4x8x16xf16>
    %49 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %expanded_13 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%26 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %118 = arith.mulf %in, %in_39 : f16
      linalg.yield %118 : f16
    } -> tensor<1x4x8x16xf16>
    %50 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46, %49 : tensor<1x4x8x16xf16>, tensor<1x4x8x16xf16>) outs(%26 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %118 = arith.addf %in, %in_39 : f16
      linalg.yield %118 : f16
    } -> tensor<1x4x8x16xf16>
    %51 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_8, %expanded_12 : tensor<1x2x8x16xf16>, tensor<1x1x8x16xf16>) outs(%39 : tensor<1x2x8x16xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %118 = arith.mulf %in, %in_39 : f16
      linalg.yield %118 : f16
    } -> tensor<1x2x8x16xf16>
    %extracted_slice_15 = tensor.extract_slice %transposed_8[0, 0, 0, 0] [1, 2, 8, 8] [1, 1, 1, 1] : tensor<1x2x8x16xf16> to tensor<1x2x8x8xf16>
    %extracted_slice_16 = tensor.extract_slice %transposed_8[0, 0, 0, 8] [1, 2, 8, 8] [1, 1, 1, 1] : tensor<1x2x8x16xf16> to tensor<1x2x8x8xf16>
    %52 = tensor.empty() : tensor<1x2x8x8xf16>
    %53 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_16 : tensor<1x2x8x8xf16>) outs(%52 : tensor<1x2x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %118 = arith.negf %in : f16
      linalg.yield %118 : f16
    } -> tensor<1x2x8x8xf16>
    %concat_17 = tensor.concat dim(3) %53, %extracted_slice_15 : (tensor<1x2x8x8xf16>, tensor<1x2x8x8xf16>) -> tensor<1x2x8x16xf16>
    %54 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_17, %expanded_13 : tensor<1x2x8x16xf16>, tensor<1x1x8x16xf16>) outs(%39 : tensor<1x2x8x16xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %118 = arith.mulf %in, %in_39 : f16
      linalg.yield %118 : f16
    } -> tensor<1x2x8x16xf16>
    %55 = linalg.generic {indexing_maps = [#map6, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51, %54 : tensor<1x2x8x16xf16>, tensor<1x2x8x16xf16>) outs(%39 : tensor<1x2x8x16xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %118 = arith.addf %in, %in_39 : f16
      linalg.yield %118 : f16
    } -> tensor<1x2x8x16xf16>
    %56 = tensor.empty() : tensor<1x2x2x8x16xf16>
    %57 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%55 : tensor<1x2x8x16xf16>) outs(%56 : tensor<1x2x2x8x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<1x2x2x8x16xf16>
    %collapsed_18 = tensor.collapse_shape %57 [[0], [1, 2], [3], [4]] : tensor<1x2x2x8x16xf16> into tensor<1x4x8x16xf16>
    %58 = linalg.generic {indexing_maps = [#map8, #map9], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%transposed_11 : tensor<1x2x8x16xf16>) outs(%56 : tensor<1x2x2x8x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<1x2x2x8x16xf16>
    %59 = tensor.empty() : tensor<1x4x16x8xf16>
    %transposed_19 = linalg.transpose ins(%collapsed_18 : tensor<1x4x8x16xf16>) outs(%59 : tensor<1x4x16x8xf16>) permutation = [0, 1, 3, 2] 
    %collapsed_20 = tensor.collapse_shape %50 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %collapsed_21 = tensor.collapse_shape %transposed_19 [[0, 1], [2], [3]] : tensor<1x4x16x8xf16> into tensor<4x16x8xf16>
    %60 = tensor.empty() : tensor<4x8x8xf32>
    %61 = linalg.fill ins(%cst : f32) outs(%60 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %62 = linalg.batch_matmul ins(%collapsed_20, %collapsed_21 : tensor<4x8x16xf16>, tensor<4x16x8xf16>) outs(%61 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %63 = tensor.empty() : tensor<4x8x8xf16>
    %64 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62 : tensor<4x8x8xf32>) outs(%63 : tensor<4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %118 = arith.truncf %in : f32 to f16
      linalg.yield %118 : f16
    } -> tensor<4x8x8xf16>
    %expanded_22 = tensor.expand_shape %64 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf16> into tensor<1x4x8x8xf16>
    %65 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_22 : tensor<1x4x8x8xf16>) outs(%47 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %118 = arith.mulf %in, %cst_4 : f16
      linalg.yield %118 : f16
    } -> tensor<1x4x8x8xf16>
    %66 = linalg.generic {indexing_maps = [#map6, #map7, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%65, %arg3 : tensor<1x4x8x8xf16>, tensor<1x1x8x8xf16>) outs(%47 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %118 = arith.addf %in, %in_39 : f16
      linalg.yield %118 : f16
    } -> tensor<1x4x8x8xf16>
    %67 = tensor.empty() : tensor<1x4x8x8xf32>
    %68 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%66 : tensor<1x4x8x8xf16>) outs(%67 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %118 = arith.extf %in : f16 to f32
      linalg.yield %118 : f32
    } -> tensor<1x4x8x8xf32>
    %69 = tensor.empty() : tensor<1x4x8xi64>
    %70 = linalg.fill ins(%c0_i64 : i64) outs(%69 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %71 = tensor.empty() : tensor<1x4x8xf32>
    %72 = linalg.fill ins(%cst_0 : f32) outs(%71 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %73:2 = linalg.generic {indexing_maps = [#map6, #map10, #map10], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%68 : tensor<1x4x8x8xf32>) outs(%72, %70 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_39: i64):
      %118 = linalg.index 3 : index
      %119 = arith.index_cast %118 : index to i64
      %120 = arith.maximumf %in, %out : f32
      %121 = arith.cmpf ogt, %in, %out : f32
      %122 = arith.select %121, %119, %out_39 : i64
      linalg.yield %120, %122 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_23 = tensor.expand_shape %73#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %74 = linalg.generic {indexing_maps = [#map6, #map11, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%68, %expanded_23 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%67 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %118 = arith.subf %in, %in_39 : f32
      linalg.yield %118 : f32
    } -> tensor<1x4x8x8xf32>
    %75 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%74 : tensor<1x4x8x8xf32>) outs(%67 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %118 = math.exp %in : f32
      linalg.yield %118 : f32
    } -> tensor<1x4x8x8xf32>
    %76 = tensor.empty() : tensor<1x4x8x1xf32>
    %77 = linalg.fill ins(%cst : f32) outs(%76 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %78 = linalg.generic {indexing_maps = [#map6, #map11], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%75 : tensor<1x4x8x8xf32>) outs(%77 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %118 = arith.addf %in, %out : f32
      linalg.yield %118 : f32
    } -> tensor<1x4x8x1xf32>
    %79 = linalg.generic {indexing_maps = [#map6, #map11, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%75, %78 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%67 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %118 = arith.divf %in, %in_39 : f32
      linalg.yield %118 : f32
    } -> tensor<1x4x8x8xf32>
    %80 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%79 : tensor<1x4x8x8xf32>) outs(%47 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %118 = arith.truncf %in : f32 to f16
      linalg.yield %118 : f16
    } -> tensor<1x4x8x8xf16>
    %collapsed_24 = tensor.collapse_shape %80 [[0, 1], [2], [3]] : tensor<1x4x8x8xf16> into tensor<4x8x8xf16>
    %collapsed_25 = tensor.collapse_shape %58 [[0, 1, 2], [3], [4]] : tensor<1x2x2x8x16xf16> into tensor<4x8x16xf16>
    %81 = tensor.empty() : tensor<4x8x16xf32>
    %82 = linalg.fill ins(%cst : f32) outs(%81 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %83 = linalg.batch_matmul ins(%collapsed_24, %collapsed_25 : tensor<4x8x8xf16>, tensor<4x8x16xf16>) outs(%82 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %84 = tensor.empty() : tensor<4x8x16xf16>
    %85 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83 : tensor<4x8x16xf32>) outs(%84 : tensor<4x8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %118 = arith.truncf %in : f32 to f16
      linalg.yield %118 : f16
    } -> tensor<4x8x16xf16>
    %expanded_26 = tensor.expand_shape %85 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf16> into tensor<1x4x8x16xf16>
    %86 = tensor.empty() : tensor<1x8x4x16xf16>
    %transposed_27 = linalg.transpose ins(%expanded_26 : tensor<1x4x8x16xf16>) outs(%86 : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_28 = linalg.transpose ins(%arg10 : tensor<64x64xf16>) outs(%13 : tensor<64x64xf16>) permutation = [1, 0] 
    %collapsed_29 = tensor.collapse_shape %transposed_27 [[0, 1], [2, 3]] : tensor<1x8x4x16xf16> into tensor<8x64xf16>
    %87 = linalg.matmul ins(%collapsed_29, %transposed_28 : tensor<8x64xf16>, tensor<64x64xf16>) outs(%20 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %88 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%87 : tensor<8x64xf32>) outs(%24 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %118 = arith.truncf %in : f32 to f16
      linalg.yield %118 : f16
    } -> tensor<8x64xf16>
    %expanded_30 = tensor.expand_shape %88 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %89 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_30 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %118 = arith.addf %in, %in_39 : f16
      linalg.yield %118 : f16
    } -> tensor<1x8x64xf16>
    %90 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %118 = arith.extf %in : f16 to f32
      linalg.yield %118 : f32
    } -> tensor<1x8x64xf32>
    %91 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %118 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %118 : f32
    } -> tensor<1x8x64xf32>
    %92 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%91 : tensor<1x8x64xf32>) outs(%4 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %118 = arith.addf %in, %out : f32
      linalg.yield %118 : f32
    } -> tensor<1x8x1xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %118 = arith.divf %in, %cst_3 : f32
      linalg.yield %118 : f32
    } -> tensor<1x8x1xf32>
    %94 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %118 = arith.truncf %cst_2 : f64 to f32
      %119 = arith.addf %in, %118 : f32
      linalg.yield %119 : f32
    } -> tensor<1x8x1xf32>
    %95 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %118 = math.rsqrt %in : f32
      linalg.yield %118 : f32
    } -> tensor<1x8x1xf32>
    %96 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90, %95 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %118 = arith.mulf %in, %in_39 : f32
      linalg.yield %118 : f32
    } -> tensor<1x8x64xf32>
    %97 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%96 : tensor<1x8x64xf32>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %118 = arith.truncf %in : f32 to f16
      linalg.yield %118 : f16
    } -> tensor<1x8x64xf16>
    %98 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg15, %97 : tensor<64xf16>, tensor<1x8x64xf16>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %118 = arith.mulf %in, %in_39 : f16
      linalg.yield %118 : f16
    } -> tensor<1x8x64xf16>
    %99 = tensor.empty() : tensor<64x128xf16>
    %transposed_31 = linalg.transpose ins(%arg11 : tensor<128x64xf16>) outs(%99 : tensor<64x128xf16>) permutation = [1, 0] 
    %collapsed_32 = tensor.collapse_shape %98 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %100 = tensor.empty() : tensor<8x128xf32>
    %101 = linalg.fill ins(%cst : f32) outs(%100 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %102 = linalg.matmul ins(%collapsed_32, %transposed_31 : tensor<8x64xf16>, tensor<64x128xf16>) outs(%101 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %103 = tensor.empty() : tensor<8x128xf16>
    %104 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%102 : tensor<8x128xf32>) outs(%103 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %118 = arith.truncf %in : f32 to f16
      linalg.yield %118 : f16
    } -> tensor<8x128xf16>
    %expanded_33 = tensor.expand_shape %104 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf16> into tensor<1x8x128xf16>
    %105 = tensor.empty() : tensor<1x8x128xf32>
    %106 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_33 : tensor<1x8x128xf16>) outs(%105 : tensor<1x8x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %118 = arith.extf %in : f16 to f32
      linalg.yield %118 : f32
    } -> tensor<1x8x128xf32>
    %107 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106 : tensor<1x8x128xf32>) outs(%105 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %118 = arith.negf %in : f32
      %119 = math.exp %118 : f32
      %120 = arith.addf %119, %cst_1 : f32
      %121 = arith.divf %cst_1, %120 : f32
      linalg.yield %121 : f32
    } -> tensor<1x8x128xf32>
    %108 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%106, %107 : tensor<1x8x128xf32>, tensor<1x8x128xf32>) outs(%105 : tensor<1x8x128xf32>) {
    ^bb0(%in: f32, %in_39: f32, %out: f32):
      %118 = arith.mulf %in, %in_39 : f32
      linalg.yield %118 : f32
    } -> tensor<1x8x128xf32>
    %109 = tensor.empty() : tensor<1x8x128xf16>
    %110 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%108 : tensor<1x8x128xf32>) outs(%109 : tensor<1x8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %118 = arith.truncf %in : f32 to f16
      linalg.yield %118 : f16
    } -> tensor<1x8x128xf16>
    %transposed_34 = linalg.transpose ins(%arg12 : tensor<128x64xf16>) outs(%99 : tensor<64x128xf16>) permutation = [1, 0] 
    %111 = linalg.matmul ins(%collapsed_32, %transposed_34 : tensor<8x64xf16>, tensor<64x128xf16>) outs(%101 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %112 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%111 : tensor<8x128xf32>) outs(%103 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %118 = arith.truncf %in : f32 to f16
      linalg.yield %118 : f16
    } -> tensor<8x128xf16>
    %expanded_35 = tensor.expand_shape %112 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf16> into tensor<1x8x128xf16>
    %113 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%110, %expanded_35 : tensor<1x8x128xf16>, tensor<1x8x128xf16>) outs(%109 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %118 = arith.mulf %in, %in_39 : f16
      linalg.yield %118 : f16
    } -> tensor<1x8x128xf16>
    %114 = tensor.empty() : tensor<128x64xf16>
    %transposed_36 = linalg.transpose ins(%arg13 : tensor<64x128xf16>) outs(%114 : tensor<128x64xf16>) permutation = [1, 0] 
    %collapsed_37 = tensor.collapse_shape %113 [[0, 1], [2]] : tensor<1x8x128xf16> into tensor<8x128xf16>
    %115 = linalg.matmul ins(%collapsed_37, %transposed_36 : tensor<8x128xf16>, tensor<128x64xf16>) outs(%20 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %116 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%115 : tensor<8x64xf32>) outs(%24 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %118 = arith.truncf %in : f32 to f16
      linalg.yield %118 : f16
    } -> tensor<8x64xf16>
    %expanded_38 = tensor.expand_shape %116 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %117 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%89, %expanded_38 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_39: f16, %out: f16):
      %118 = arith.addf %in, %in_39 : f16
      linalg.yield %118 : f16
    } -> tensor<1x8x64xf16>
    return %117 : tensor<1x8x64xf16>
  }
}
