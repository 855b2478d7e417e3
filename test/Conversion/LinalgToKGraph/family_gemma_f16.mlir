// One GemmaDecoderLayer of transformers (hidden 64, 4 heads, 8 tokens, f16; a small config, random weights),
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
// ORACLE: @gemma output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree

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
  func.func @gemma(%arg0: tensor<1x8x64xf16>, %arg1: tensor<1x8x16xf16>, %arg2: tensor<1x8x16xf16>, %arg3: tensor<64x64xf16>, %arg4: tensor<32x64xf16>, %arg5: tensor<32x64xf16>, %arg6: tensor<64x64xf16>, %arg7: tensor<128x64xf16>, %arg8: tensor<128x64xf16>, %arg9: tensor<64x128xf16>, %arg10: tensor<64xf16>, %arg11: tensor<64xf16>) -> tensor<1x8x64xf16> {
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
    %cst_8 = arith.constant 2.500000e-01 : f16
    %0 = tensor.empty() : tensor<1x8x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %101 = arith.extf %in : f16 to f32
      linalg.yield %101 : f32
    } -> tensor<1x8x64xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %101 : f32
    } -> tensor<1x8x64xf32>
    %3 = tensor.empty() : tensor<1x8x1xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<1x8x64xf32>) outs(%4 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.addf %in, %out : f32
      linalg.yield %101 : f32
    } -> tensor<1x8x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.divf %in, %cst_6 : f32
      linalg.yield %101 : f32
    } -> tensor<1x8x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.truncf %cst_5 : f64 to f32
      %102 = arith.addf %in, %101 : f32
      linalg.yield %102 : f32
    } -> tensor<1x8x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = math.rsqrt %in : f32
      linalg.yield %101 : f32
    } -> tensor<1x8x1xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %8 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_43: f32, %out: f32):
      %101 = arith.mulf %in, %in_43 : f32
      linalg.yield %101 : f32
    } -> tensor<1x8x64xf32>
    %10 = tensor.empty() : tensor<64xf32>
    %11 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%arg10 : tensor<64xf16>) outs(%10 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %101 = arith.extf %in : f16 to f32
      linalg.yield %101 : f32
    } -> tensor<64xf32>
    %12 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%11 : tensor<64xf32>) outs(%10 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.addf %in, %cst_7 : f32
      linalg.yield %101 : f32
    } -> tensor<64xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9, %12 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_43: f32, %out: f32):
      %101 = arith.mulf %in, %in_43 : f32
      linalg.yield %101 : f32
    } -> tensor<1x8x64xf32>
    %14 = tensor.empty() : tensor<1x8x64xf16>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x8x64xf32>) outs(%14 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %101 = arith.truncf %in : f32 to f16
      linalg.yield %101 : f16
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
      %101 = arith.truncf %in : f32 to f16
      linalg.yield %101 : f16
    } -> tensor<8x64xf16>
    %expanded = tensor.expand_shape %21 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %22 = tensor.empty() : tensor<1x4x8x16xf16>
    %transposed_9 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf16>) outs(%22 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %23 = tensor.empty() : tensor<64x32xf16>
    %transposed_10 = linalg.transpose ins(%arg4 : tensor<32x64xf16>) outs(%23 : tensor<64x32xf16>) permutation = [1, 0] 
    %24 = tensor.empty() : tensor<8x32xf32>
    %25 = linalg.fill ins(%cst : f32) outs(%24 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %26 = linalg.matmul ins(%collapsed, %transposed_10 : tensor<8x64xf16>, tensor<64x32xf16>) outs(%25 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %27 = tensor.empty() : tensor<8x32xf16>
    %28 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%26 : tensor<8x32xf32>) outs(%27 : tensor<8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %101 = arith.truncf %in : f32 to f16
      linalg.yield %101 : f16
    } -> tensor<8x32xf16>
    %expanded_11 = tensor.expand_shape %28 [[0, 1], [2, 3]] output_shape [1, 8, 2, 16] : tensor<8x32xf16> into tensor<1x8x2x16xf16>
    %29 = tensor.empty() : tensor<1x2x8x16xf16>
    %transposed_12 = linalg.transpose ins(%expanded_11 : tensor<1x8x2x16xf16>) outs(%29 : tensor<1x2x8x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_13 = linalg.transpose ins(%arg5 : tensor<32x64xf16>) outs(%23 : tensor<64x32xf16>) permutation = [1, 0] 
    %30 = linalg.matmul ins(%collapsed, %transposed_13 : tensor<8x64xf16>, tensor<64x32xf16>) outs(%25 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %31 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%30 : tensor<8x32xf32>) outs(%27 : tensor<8x32xf16>) {
    ^bb0(%in: f32, %out: f16):
      %101 = arith.truncf %in : f32 to f16
      linalg.yield %101 : f16
    } -> tensor<8x32xf16>
    %expanded_14 = tensor.expand_shape %31 [[0, 1], [2, 3]] output_shape [1, 8, 2, 16] : tensor<8x32xf16> into tensor<1x8x2x16xf16>
    %transposed_15 = linalg.transpose ins(%expanded_14 : tensor<1x8x2x16xf16>) outs(%29 : tensor<1x2x8x16xf16>) permutation = [0, 2, 1, 3] 
    %expanded_16 = tensor.expand_shape %arg1 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf16> into tensor<1x1x8x16xf16>
    %expanded_17 = tensor.expand_shape %arg2 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf16> into tensor<1x1x8x16xf16>
    %32 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_9, %expanded_16 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%22 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %101 = arith.mulf %in, %in_43 : f16
      linalg.yield %101 : f16
    } -> tensor<1x4x8x16xf16>
    %extracted_slice = tensor.extract_slice %transposed_9[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %extracted_slice_18 = tensor.extract_slice %transposed_9[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %33 = tensor.empty() : tensor<1x4x8x8xf16>
    %34 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_18 : tensor<1x4x8x8xf16>) outs(%33 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %101 = arith.negf %in : f16
      linalg.yield %101 : f16
    } -> tensor<1x4x8x8xf16>
    %concat = tensor.concat dim(3) %34, %extracted_slice : (tensor<1x4x8x8xf16>, tensor<1x4x8x8xf16>) -> tensor<1x4x8x16xf16>
    %35 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %expanded_17 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%22 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %101 = arith.mulf %in, %in_43 : f16
      linalg.yield %101 : f16
    } -> tensor<1x4x8x16xf16>
    %36 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32, %35 : tensor<1x4x8x16xf16>, tensor<1x4x8x16xf16>) outs(%22 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %101 = arith.addf %in, %in_43 : f16
      linalg.yield %101 : f16
    } -> tensor<1x4x8x16xf16>
    %37 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_12, %expanded_16 : tensor<1x2x8x16xf16>, tensor<1x1x8x16xf16>) outs(%29 : tensor<1x2x8x16xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %101 = arith.mulf %in, %in_43 : f16
      linalg.yield %101 : f16
    } -> tensor<1x2x8x16xf16>
    %extracted_slice_19 = tensor.extract_slice %transposed_12[0, 0, 0, 0] [1, 2, 8, 8] [1, 1, 1, 1] : tensor<1x2x8x16xf16> to tensor<1x2x8x8xf16>
    %extracted_slice_20 = tensor.extract_slice %transposed_12[0, 0, 0, 8] [1, 2, 8, 8] [1, 1, 1, 1] : tensor<1x2x8x16xf16> to tensor<1x2x8x8xf16>
    %38 = tensor.empty() : tensor<1x2x8x8xf16>
    %39 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_20 : tensor<1x2x8x8xf16>) outs(%38 : tensor<1x2x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %101 = arith.negf %in : f16
      linalg.yield %101 : f16
    } -> tensor<1x2x8x8xf16>
    %concat_21 = tensor.concat dim(3) %39, %extracted_slice_19 : (tensor<1x2x8x8xf16>, tensor<1x2x8x8xf16>) -> tensor<1x2x8x16xf16>
    %40 = linalg.generic {indexing_maps = [#map5, #map6, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_21, %expanded_17 : tensor<1x2x8x16xf16>, tensor<1x1x8x16xf16>) outs(%29 : tensor<1x2x8x16xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %101 = arith.mulf %in, %in_43 : f16
      linalg.yield %101 : f16
    } -> tensor<1x2x8x16xf16>
    %41 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %40 : tensor<1x2x8x16xf16>, tensor<1x2x8x16xf16>) outs(%29 : tensor<1x2x8x16xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %101 = arith.addf %in, %in_43 : f16
      linalg.yield %101 : f16
    } -> tensor<1x2x8x16xf16>
    %42 = tensor.empty() : tensor<1x2x2x8x16xf16>
    %43 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%41 : tensor<1x2x8x16xf16>) outs(%42 : tensor<1x2x2x8x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<1x2x2x8x16xf16>
    %collapsed_22 = tensor.collapse_shape %43 [[0], [1, 2], [3], [4]] : tensor<1x2x2x8x16xf16> into tensor<1x4x8x16xf16>
    %44 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%transposed_15 : tensor<1x2x8x16xf16>) outs(%42 : tensor<1x2x2x8x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      linalg.yield %in : f16
    } -> tensor<1x2x2x8x16xf16>
    %45 = tensor.empty() : tensor<1x4x16x8xf16>
    %transposed_23 = linalg.transpose ins(%collapsed_22 : tensor<1x4x8x16xf16>) outs(%45 : tensor<1x4x16x8xf16>) permutation = [0, 1, 3, 2] 
    %collapsed_24 = tensor.collapse_shape %36 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %collapsed_25 = tensor.collapse_shape %transposed_23 [[0, 1], [2], [3]] : tensor<1x4x16x8xf16> into tensor<4x16x8xf16>
    %46 = tensor.empty() : tensor<4x8x8xf32>
    %47 = linalg.fill ins(%cst : f32) outs(%46 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %48 = linalg.batch_matmul ins(%collapsed_24, %collapsed_25 : tensor<4x8x16xf16>, tensor<4x16x8xf16>) outs(%47 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %49 = tensor.empty() : tensor<4x8x8xf16>
    %50 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%48 : tensor<4x8x8xf32>) outs(%49 : tensor<4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %101 = arith.truncf %in : f32 to f16
      linalg.yield %101 : f16
    } -> tensor<4x8x8xf16>
    %expanded_26 = tensor.expand_shape %50 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf16> into tensor<1x4x8x8xf16>
    %51 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_26 : tensor<1x4x8x8xf16>) outs(%33 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %101 = arith.mulf %in, %cst_8 : f16
      linalg.yield %101 : f16
    } -> tensor<1x4x8x8xf16>
    %52 = tensor.empty() : tensor<1x4x8x8xf32>
    %53 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%51 : tensor<1x4x8x8xf16>) outs(%52 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %101 = arith.extf %in : f16 to f32
      linalg.yield %101 : f32
    } -> tensor<1x4x8x8xf32>
    %54 = tensor.empty() : tensor<1x4x8xi64>
    %55 = linalg.fill ins(%c0_i64 : i64) outs(%54 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %56 = tensor.empty() : tensor<1x4x8xf32>
    %57 = linalg.fill ins(%cst_0 : f32) outs(%56 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %58:2 = linalg.generic {indexing_maps = [#map5, #map9, #map9], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%53 : tensor<1x4x8x8xf32>) outs(%57, %55 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_43: i64):
      %101 = linalg.index 3 : index
      %102 = arith.index_cast %101 : index to i64
      %103 = arith.maximumf %in, %out : f32
      %104 = arith.cmpf ogt, %in, %out : f32
      %105 = arith.select %104, %102, %out_43 : i64
      linalg.yield %103, %105 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_27 = tensor.expand_shape %58#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %59 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%53, %expanded_27 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%52 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_43: f32, %out: f32):
      %101 = arith.subf %in, %in_43 : f32
      linalg.yield %101 : f32
    } -> tensor<1x4x8x8xf32>
    %60 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%59 : tensor<1x4x8x8xf32>) outs(%52 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = math.exp %in : f32
      linalg.yield %101 : f32
    } -> tensor<1x4x8x8xf32>
    %61 = tensor.empty() : tensor<1x4x8x1xf32>
    %62 = linalg.fill ins(%cst : f32) outs(%61 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %63 = linalg.generic {indexing_maps = [#map5, #map10], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%60 : tensor<1x4x8x8xf32>) outs(%62 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.addf %in, %out : f32
      linalg.yield %101 : f32
    } -> tensor<1x4x8x1xf32>
    %64 = linalg.generic {indexing_maps = [#map5, #map10, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%60, %63 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%52 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_43: f32, %out: f32):
      %101 = arith.divf %in, %in_43 : f32
      linalg.yield %101 : f32
    } -> tensor<1x4x8x8xf32>
    %65 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%64 : tensor<1x4x8x8xf32>) outs(%33 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %101 = arith.truncf %in : f32 to f16
      linalg.yield %101 : f16
    } -> tensor<1x4x8x8xf16>
    %collapsed_28 = tensor.collapse_shape %65 [[0, 1], [2], [3]] : tensor<1x4x8x8xf16> into tensor<4x8x8xf16>
    %collapsed_29 = tensor.collapse_shape %44 [[0, 1, 2], [3], [4]] : tensor<1x2x2x8x16xf16> into tensor<4x8x16xf16>
    %66 = tensor.empty() : tensor<4x8x16xf32>
    %67 = linalg.fill ins(%cst : f32) outs(%66 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %68 = linalg.batch_matmul ins(%collapsed_28, %collapsed_29 : tensor<4x8x8xf16>, tensor<4x8x16xf16>) outs(%67 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %69 = tensor.empty() : tensor<4x8x16xf16>
    %70 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%68 : tensor<4x8x16xf32>) outs(%69 : tensor<4x8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %101 = arith.truncf %in : f32 to f16
      linalg.yield %101 : f16
    } -> tensor<4x8x16xf16>
    %expanded_30 = tensor.expand_shape %70 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf16> into tensor<1x4x8x16xf16>
    %71 = tensor.empty() : tensor<1x8x4x16xf16>
    %transposed_31 = linalg.transpose ins(%expanded_30 : tensor<1x4x8x16xf16>) outs(%71 : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_32 = linalg.transpose ins(%arg6 : tensor<64x64xf16>) outs(%16 : tensor<64x64xf16>) permutation = [1, 0] 
    %collapsed_33 = tensor.collapse_shape %transposed_31 [[0, 1], [2, 3]] : tensor<1x8x4x16xf16> into tensor<8x64xf16>
    %72 = linalg.matmul ins(%collapsed_33, %transposed_32 : tensor<8x64xf16>, tensor<64x64xf16>) outs(%18 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %73 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%72 : tensor<8x64xf32>) outs(%20 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %101 = arith.truncf %in : f32 to f16
      linalg.yield %101 : f16
    } -> tensor<8x64xf16>
    %expanded_34 = tensor.expand_shape %73 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %74 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_34 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%14 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %101 = arith.addf %in, %in_43 : f16
      linalg.yield %101 : f16
    } -> tensor<1x8x64xf16>
    %75 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %101 = arith.extf %in : f16 to f32
      linalg.yield %101 : f32
    } -> tensor<1x8x64xf32>
    %76 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %101 : f32
    } -> tensor<1x8x64xf32>
    %77 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%76 : tensor<1x8x64xf32>) outs(%4 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.addf %in, %out : f32
      linalg.yield %101 : f32
    } -> tensor<1x8x1xf32>
    %78 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%77 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.divf %in, %cst_6 : f32
      linalg.yield %101 : f32
    } -> tensor<1x8x1xf32>
    %79 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.truncf %cst_5 : f64 to f32
      %102 = arith.addf %in, %101 : f32
      linalg.yield %102 : f32
    } -> tensor<1x8x1xf32>
    %80 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = math.rsqrt %in : f32
      linalg.yield %101 : f32
    } -> tensor<1x8x1xf32>
    %81 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%75, %80 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_43: f32, %out: f32):
      %101 = arith.mulf %in, %in_43 : f32
      linalg.yield %101 : f32
    } -> tensor<1x8x64xf32>
    %82 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%arg11 : tensor<64xf16>) outs(%10 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %101 = arith.extf %in : f16 to f32
      linalg.yield %101 : f32
    } -> tensor<64xf32>
    %83 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel"]} ins(%82 : tensor<64xf32>) outs(%10 : tensor<64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %101 = arith.addf %in, %cst_7 : f32
      linalg.yield %101 : f32
    } -> tensor<64xf32>
    %84 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81, %83 : tensor<1x8x64xf32>, tensor<64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_43: f32, %out: f32):
      %101 = arith.mulf %in, %in_43 : f32
      linalg.yield %101 : f32
    } -> tensor<1x8x64xf32>
    %85 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%84 : tensor<1x8x64xf32>) outs(%14 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %101 = arith.truncf %in : f32 to f16
      linalg.yield %101 : f16
    } -> tensor<1x8x64xf16>
    %86 = tensor.empty() : tensor<64x128xf16>
    %transposed_35 = linalg.transpose ins(%arg7 : tensor<128x64xf16>) outs(%86 : tensor<64x128xf16>) permutation = [1, 0] 
    %collapsed_36 = tensor.collapse_shape %85 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %87 = tensor.empty() : tensor<8x128xf32>
    %88 = linalg.fill ins(%cst : f32) outs(%87 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %89 = linalg.matmul ins(%collapsed_36, %transposed_35 : tensor<8x64xf16>, tensor<64x128xf16>) outs(%88 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %90 = tensor.empty() : tensor<8x128xf16>
    %91 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%89 : tensor<8x128xf32>) outs(%90 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %101 = arith.truncf %in : f32 to f16
      linalg.yield %101 : f16
    } -> tensor<8x128xf16>
    %expanded_37 = tensor.expand_shape %91 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf16> into tensor<1x8x128xf16>
    %92 = tensor.empty() : tensor<1x8x128xf16>
    %93 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_37 : tensor<1x8x128xf16>) outs(%92 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %101 = math.fpowi %in, %c3_i64 : f16, i64
      %102 = arith.mulf %101, %cst_1 : f16
      %103 = arith.addf %in, %102 : f16
      %104 = arith.mulf %103, %cst_2 : f16
      %105 = math.tanh %104 : f16
      %106 = arith.addf %105, %cst_3 : f16
      %107 = arith.mulf %106, %cst_4 : f16
      %108 = arith.mulf %in, %107 : f16
      linalg.yield %108 : f16
    } -> tensor<1x8x128xf16>
    %transposed_38 = linalg.transpose ins(%arg8 : tensor<128x64xf16>) outs(%86 : tensor<64x128xf16>) permutation = [1, 0] 
    %94 = linalg.matmul ins(%collapsed_36, %transposed_38 : tensor<8x64xf16>, tensor<64x128xf16>) outs(%88 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %95 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%94 : tensor<8x128xf32>) outs(%90 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %101 = arith.truncf %in : f32 to f16
      linalg.yield %101 : f16
    } -> tensor<8x128xf16>
    %expanded_39 = tensor.expand_shape %95 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf16> into tensor<1x8x128xf16>
    %96 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93, %expanded_39 : tensor<1x8x128xf16>, tensor<1x8x128xf16>) outs(%92 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %101 = arith.mulf %in, %in_43 : f16
      linalg.yield %101 : f16
    } -> tensor<1x8x128xf16>
    %97 = tensor.empty() : tensor<128x64xf16>
    %transposed_40 = linalg.transpose ins(%arg9 : tensor<64x128xf16>) outs(%97 : tensor<128x64xf16>) permutation = [1, 0] 
    %collapsed_41 = tensor.collapse_shape %96 [[0, 1], [2]] : tensor<1x8x128xf16> into tensor<8x128xf16>
    %98 = linalg.matmul ins(%collapsed_41, %transposed_40 : tensor<8x128xf16>, tensor<128x64xf16>) outs(%18 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %99 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%98 : tensor<8x64xf32>) outs(%20 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %101 = arith.truncf %in : f32 to f16
      linalg.yield %101 : f16
    } -> tensor<8x64xf16>
    %expanded_42 = tensor.expand_shape %99 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %100 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%74, %expanded_42 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%14 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_43: f16, %out: f16):
      %101 = arith.addf %in, %in_43 : f16
      linalg.yield %101 : f16
    } -> tensor<1x8x64xf16>
    return %100 : tensor<1x8x64xf16>
  }
}
