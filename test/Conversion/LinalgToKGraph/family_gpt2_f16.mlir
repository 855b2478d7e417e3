// One GPT2Block of transformers (hidden 64, 4 heads, 8 tokens, f16; a small config, random weights),
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) with
// its weights lifted to arguments: written by
// utils/export_models.py; do not edit. It imports, compiled for the CPU it
// agrees with upstream MLIR's execution of the linalg, and superoptimized
// with default options it still does.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// CHECK-LABEL: func.func @gpt2(
// CHECK: kgraph.rsqrt
// CHECK: kgraph.matmul
// CHECK: kgraph.tanh
// ORACLE: @gpt2 output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree

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
  func.func @gpt2(%arg0: tensor<1x8x64xf16>, %arg1: tensor<64xf16>, %arg2: tensor<64xf16>, %arg3: tensor<64x192xf16>, %arg4: tensor<192xf16>, %arg5: tensor<64x64xf16>, %arg6: tensor<64xf16>, %arg7: tensor<64xf16>, %arg8: tensor<64xf16>, %arg9: tensor<64x128xf16>, %arg10: tensor<128xf16>, %arg11: tensor<128x64xf16>, %arg12: tensor<64xf16>) -> tensor<1x8x64xf16> {
    %c3_i64 = arith.constant 3 : i64
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f64
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 0xFF800000 : f32
    %cst_2 = arith.constant 0.79788456080286541 : f64
    %cst_3 = arith.constant 4.471500e-02 : f64
    %cst_4 = arith.constant 1.000000e-05 : f64
    %cst_5 = arith.constant 6.400000e+01 : f64
    %cst_6 = arith.constant 6.400000e+01 : f32
    %cst_7 = arith.constant 2.500000e-01 : f16
    %cst_8 = arith.constant 5.000000e-01 : f16
    %cst_9 = arith.constant 1.000000e+00 : f16
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
      %127 = arith.divf %in, %cst_5 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%3, %7 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_31: f64, %out: f64):
      %127 = arith.subf %in, %in_31 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x64xf64>
    %9 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %8 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_31: f64, %out: f64):
      %127 = arith.mulf %in, %in_31 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x64xf64>
    %10 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<1x8x64xf64>) outs(%5 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.addf %in, %out : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%10 : tensor<1x8x1xf64>) outs(%4 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.divf %in, %cst_5 : f64
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
      %127 = arith.divf %in, %cst_6 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%13 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.truncf %cst_4 : f64 to f32
      %128 = arith.addf %in, %127 : f32
      linalg.yield %128 : f32
    } -> tensor<1x8x1xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = math.rsqrt %in : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %19 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %16 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %127 = arith.subf %in, %in_31 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%19, %18 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %127 = arith.mulf %in, %in_31 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x64xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%20, %arg1 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f16, %out: f32):
      %127 = arith.extf %in_31 : f16 to f32
      %128 = arith.mulf %in, %127 : f32
      linalg.yield %128 : f32
    } -> tensor<1x8x64xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21, %arg2 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f16, %out: f32):
      %127 = arith.extf %in_31 : f16 to f32
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
    %25 = tensor.empty() : tensor<192xf32>
    %26 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg4 : tensor<192xf16>) outs(%25 : tensor<192xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<192xf32>
    %27 = tensor.empty() : tensor<8x64xf32>
    %28 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed : tensor<8x64xf16>) outs(%27 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %29 = tensor.empty() : tensor<64x192xf32>
    %30 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg3 : tensor<64x192xf16>) outs(%29 : tensor<64x192xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64x192xf32>
    %31 = tensor.empty() : tensor<8x192xf32>
    %32 = linalg.fill ins(%cst_0 : f32) outs(%31 : tensor<8x192xf32>) -> tensor<8x192xf32>
    %33 = linalg.matmul ins(%28, %30 : tensor<8x64xf32>, tensor<64x192xf32>) outs(%32 : tensor<8x192xf32>) -> tensor<8x192xf32>
    %34 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%26 : tensor<192xf32>) outs(%31 : tensor<8x192xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x192xf32>
    %35 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%33, %34 : tensor<8x192xf32>, tensor<8x192xf32>) outs(%31 : tensor<8x192xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %127 = arith.addf %in, %in_31 : f32
      linalg.yield %127 : f32
    } -> tensor<8x192xf32>
    %36 = tensor.empty() : tensor<8x192xf16>
    %37 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%35 : tensor<8x192xf32>) outs(%36 : tensor<8x192xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x192xf16>
    %expanded = tensor.expand_shape %37 [[0, 1], [2]] output_shape [1, 8, 192] : tensor<8x192xf16> into tensor<1x8x192xf16>
    %extracted_slice = tensor.extract_slice %expanded[0, 0, 0] [1, 8, 64] [1, 1, 1] : tensor<1x8x192xf16> to tensor<1x8x64xf16>
    %extracted_slice_10 = tensor.extract_slice %expanded[0, 0, 64] [1, 8, 64] [1, 1, 1] : tensor<1x8x192xf16> to tensor<1x8x64xf16>
    %extracted_slice_11 = tensor.extract_slice %expanded[0, 0, 128] [1, 8, 64] [1, 1, 1] : tensor<1x8x192xf16> to tensor<1x8x64xf16>
    %expanded_12 = tensor.expand_shape %extracted_slice_10 [[0], [1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<1x8x64xf16> into tensor<1x8x4x16xf16>
    %expanded_13 = tensor.expand_shape %extracted_slice_11 [[0], [1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<1x8x64xf16> into tensor<1x8x4x16xf16>
    %38 = tensor.empty() : tensor<1x4x8x16xf16>
    %transposed = linalg.transpose ins(%expanded_13 : tensor<1x8x4x16xf16>) outs(%38 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %expanded_14 = tensor.expand_shape %extracted_slice [[0], [1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<1x8x64xf16> into tensor<1x8x4x16xf16>
    %transposed_15 = linalg.transpose ins(%expanded_14 : tensor<1x8x4x16xf16>) outs(%38 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %39 = tensor.empty() : tensor<1x4x16x8xf16>
    %transposed_16 = linalg.transpose ins(%expanded_12 : tensor<1x8x4x16xf16>) outs(%39 : tensor<1x4x16x8xf16>) permutation = [0, 2, 3, 1] 
    %collapsed_17 = tensor.collapse_shape %transposed_15 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %collapsed_18 = tensor.collapse_shape %transposed_16 [[0, 1], [2], [3]] : tensor<1x4x16x8xf16> into tensor<4x16x8xf16>
    %40 = tensor.empty() : tensor<4x8x8xf32>
    %41 = linalg.fill ins(%cst_0 : f32) outs(%40 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %42 = linalg.batch_matmul ins(%collapsed_17, %collapsed_18 : tensor<4x8x16xf16>, tensor<4x16x8xf16>) outs(%41 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %43 = tensor.empty() : tensor<4x8x8xf16>
    %44 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%42 : tensor<4x8x8xf32>) outs(%43 : tensor<4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<4x8x8xf16>
    %expanded_19 = tensor.expand_shape %44 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf16> into tensor<1x4x8x8xf16>
    %45 = tensor.empty() : tensor<1x4x8x8xf16>
    %46 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_19 : tensor<1x4x8x8xf16>) outs(%45 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = arith.mulf %in, %cst_7 : f16
      linalg.yield %127 : f16
    } -> tensor<1x4x8x8xf16>
    %47 = tensor.empty() : tensor<1x4x8x8xf32>
    %48 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%46 : tensor<1x4x8x8xf16>) outs(%47 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x8xf32>
    %49 = tensor.empty() : tensor<1x4x8xi64>
    %50 = linalg.fill ins(%c0_i64 : i64) outs(%49 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %51 = tensor.empty() : tensor<1x4x8xf32>
    %52 = linalg.fill ins(%cst_1 : f32) outs(%51 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %53:2 = linalg.generic {indexing_maps = [#map6, #map7, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%48 : tensor<1x4x8x8xf32>) outs(%52, %50 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_31: i64):
      %127 = linalg.index 3 : index
      %128 = arith.index_cast %127 : index to i64
      %129 = arith.maximumf %in, %out : f32
      %130 = arith.cmpf ogt, %in, %out : f32
      %131 = arith.select %130, %128, %out_31 : i64
      linalg.yield %129, %131 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_20 = tensor.expand_shape %53#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %54 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48, %expanded_20 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%47 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %127 = arith.subf %in, %in_31 : f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x8xf32>
    %55 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%54 : tensor<1x4x8x8xf32>) outs(%47 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = math.exp %in : f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x8xf32>
    %56 = tensor.empty() : tensor<1x4x8x1xf32>
    %57 = linalg.fill ins(%cst_0 : f32) outs(%56 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %58 = linalg.generic {indexing_maps = [#map6, #map8], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%55 : tensor<1x4x8x8xf32>) outs(%57 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.addf %in, %out : f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x1xf32>
    %59 = linalg.generic {indexing_maps = [#map6, #map8, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%55, %58 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%47 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %127 = arith.divf %in, %in_31 : f32
      linalg.yield %127 : f32
    } -> tensor<1x4x8x8xf32>
    %60 = linalg.generic {indexing_maps = [#map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%59 : tensor<1x4x8x8xf32>) outs(%45 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<1x4x8x8xf16>
    %collapsed_21 = tensor.collapse_shape %60 [[0, 1], [2], [3]] : tensor<1x4x8x8xf16> into tensor<4x8x8xf16>
    %collapsed_22 = tensor.collapse_shape %transposed [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %61 = tensor.empty() : tensor<4x8x16xf32>
    %62 = linalg.fill ins(%cst_0 : f32) outs(%61 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %63 = linalg.batch_matmul ins(%collapsed_21, %collapsed_22 : tensor<4x8x8xf16>, tensor<4x8x16xf16>) outs(%62 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %64 = tensor.empty() : tensor<4x8x16xf16>
    %65 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<4x8x16xf32>) outs(%64 : tensor<4x8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<4x8x16xf16>
    %expanded_23 = tensor.expand_shape %65 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf16> into tensor<1x4x8x16xf16>
    %66 = tensor.empty() : tensor<1x8x4x16xf16>
    %transposed_24 = linalg.transpose ins(%expanded_23 : tensor<1x4x8x16xf16>) outs(%66 : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3] 
    %collapsed_25 = tensor.collapse_shape %transposed_24 [[0, 1], [2, 3]] : tensor<1x8x4x16xf16> into tensor<8x64xf16>
    %67 = tensor.empty() : tensor<64xf32>
    %68 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg6 : tensor<64xf16>) outs(%67 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64xf32>
    %69 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_25 : tensor<8x64xf16>) outs(%27 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %70 = tensor.empty() : tensor<64x64xf32>
    %71 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg5 : tensor<64x64xf16>) outs(%70 : tensor<64x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64x64xf32>
    %72 = linalg.fill ins(%cst_0 : f32) outs(%27 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %73 = linalg.matmul ins(%69, %71 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%72 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %74 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%68 : tensor<64xf32>) outs(%27 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %75 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%73, %74 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%27 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %127 = arith.addf %in, %in_31 : f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %76 = tensor.empty() : tensor<8x64xf16>
    %77 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%75 : tensor<8x64xf32>) outs(%76 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x64xf16>
    %expanded_26 = tensor.expand_shape %77 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %78 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_26, %arg0 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_31: f16, %out: f16):
      %127 = arith.addf %in, %in_31 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x64xf16>
    %79 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<1x8x64xf32>
    %80 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<1x8x64xf32>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f32, %out: f64):
      %127 = arith.extf %in : f32 to f64
      linalg.yield %127 : f64
    } -> tensor<1x8x64xf64>
    %81 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%80 : tensor<1x8x64xf64>) outs(%5 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.addf %in, %out : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %82 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81 : tensor<1x8x1xf64>) outs(%4 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.divf %in, %cst_5 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %83 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%80, %82 : tensor<1x8x64xf64>, tensor<1x8x1xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_31: f64, %out: f64):
      %127 = arith.subf %in, %in_31 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x64xf64>
    %84 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %83 : tensor<1x8x64xf64>, tensor<1x8x64xf64>) outs(%2 : tensor<1x8x64xf64>) {
    ^bb0(%in: f64, %in_31: f64, %out: f64):
      %127 = arith.mulf %in, %in_31 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x64xf64>
    %85 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%84 : tensor<1x8x64xf64>) outs(%5 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.addf %in, %out : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %86 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%85 : tensor<1x8x1xf64>) outs(%4 : tensor<1x8x1xf64>) {
    ^bb0(%in: f64, %out: f64):
      %127 = arith.divf %in, %cst_5 : f64
      linalg.yield %127 : f64
    } -> tensor<1x8x1xf64>
    %87 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%86 : tensor<1x8x1xf64>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f64, %out: f32):
      %127 = arith.truncf %in : f64 to f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %88 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%79 : tensor<1x8x64xf32>) outs(%14 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.addf %in, %out : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %89 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%88 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.divf %in, %cst_6 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %90 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%87 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = arith.truncf %cst_4 : f64 to f32
      %128 = arith.addf %in, %127 : f32
      linalg.yield %128 : f32
    } -> tensor<1x8x1xf32>
    %91 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%90 : tensor<1x8x1xf32>) outs(%12 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %127 = math.rsqrt %in : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x1xf32>
    %92 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %89 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %127 = arith.subf %in, %in_31 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x64xf32>
    %93 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%92, %91 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %127 = arith.mulf %in, %in_31 : f32
      linalg.yield %127 : f32
    } -> tensor<1x8x64xf32>
    %94 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%93, %arg7 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f16, %out: f32):
      %127 = arith.extf %in_31 : f16 to f32
      %128 = arith.mulf %in, %127 : f32
      linalg.yield %128 : f32
    } -> tensor<1x8x64xf32>
    %95 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%94, %arg8 : tensor<1x8x64xf32>, tensor<64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_31: f16, %out: f32):
      %127 = arith.extf %in_31 : f16 to f32
      %128 = arith.addf %in, %127 : f32
      linalg.yield %128 : f32
    } -> tensor<1x8x64xf32>
    %96 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%95 : tensor<1x8x64xf32>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<1x8x64xf16>
    %collapsed_27 = tensor.collapse_shape %96 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %97 = tensor.empty() : tensor<128xf32>
    %98 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg10 : tensor<128xf16>) outs(%97 : tensor<128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<128xf32>
    %99 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_27 : tensor<8x64xf16>) outs(%27 : tensor<8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %100 = tensor.empty() : tensor<64x128xf32>
    %101 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg9 : tensor<64x128xf16>) outs(%100 : tensor<64x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64x128xf32>
    %102 = tensor.empty() : tensor<8x128xf32>
    %103 = linalg.fill ins(%cst_0 : f32) outs(%102 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %104 = linalg.matmul ins(%99, %101 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%103 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %105 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%98 : tensor<128xf32>) outs(%102 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %106 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%104, %105 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%102 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %127 = arith.addf %in, %in_31 : f32
      linalg.yield %127 : f32
    } -> tensor<8x128xf32>
    %107 = tensor.empty() : tensor<8x128xf16>
    %108 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%106 : tensor<8x128xf32>) outs(%107 : tensor<8x128xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x128xf16>
    %expanded_28 = tensor.expand_shape %108 [[0, 1], [2]] output_shape [1, 8, 128] : tensor<8x128xf16> into tensor<1x8x128xf16>
    %109 = tensor.empty() : tensor<1x8x128xf16>
    %110 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_28 : tensor<1x8x128xf16>) outs(%109 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = arith.mulf %in, %cst_8 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x128xf16>
    %111 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_28 : tensor<1x8x128xf16>) outs(%109 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = math.fpowi %in, %c3_i64 : f16, i64
      linalg.yield %127 : f16
    } -> tensor<1x8x128xf16>
    %112 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%111 : tensor<1x8x128xf16>) outs(%109 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = arith.truncf %cst_3 : f64 to f16
      %128 = arith.mulf %in, %127 : f16
      linalg.yield %128 : f16
    } -> tensor<1x8x128xf16>
    %113 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_28, %112 : tensor<1x8x128xf16>, tensor<1x8x128xf16>) outs(%109 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %in_31: f16, %out: f16):
      %127 = arith.addf %in, %in_31 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x128xf16>
    %114 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%113 : tensor<1x8x128xf16>) outs(%109 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = arith.truncf %cst_2 : f64 to f16
      %128 = arith.mulf %in, %127 : f16
      linalg.yield %128 : f16
    } -> tensor<1x8x128xf16>
    %115 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%114 : tensor<1x8x128xf16>) outs(%109 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = math.tanh %in : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x128xf16>
    %116 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%115 : tensor<1x8x128xf16>) outs(%109 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %out: f16):
      %127 = arith.addf %in, %cst_9 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x128xf16>
    %117 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%110, %116 : tensor<1x8x128xf16>, tensor<1x8x128xf16>) outs(%109 : tensor<1x8x128xf16>) {
    ^bb0(%in: f16, %in_31: f16, %out: f16):
      %127 = arith.mulf %in, %in_31 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x128xf16>
    %collapsed_29 = tensor.collapse_shape %117 [[0, 1], [2]] : tensor<1x8x128xf16> into tensor<8x128xf16>
    %118 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel"]} ins(%arg12 : tensor<64xf16>) outs(%67 : tensor<64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<64xf32>
    %119 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%collapsed_29 : tensor<8x128xf16>) outs(%102 : tensor<8x128xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<8x128xf32>
    %120 = tensor.empty() : tensor<128x64xf32>
    %121 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%arg11 : tensor<128x64xf16>) outs(%120 : tensor<128x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %127 = arith.extf %in : f16 to f32
      linalg.yield %127 : f32
    } -> tensor<128x64xf32>
    %122 = linalg.matmul ins(%119, %121 : tensor<8x128xf32>, tensor<128x64xf32>) outs(%72 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %123 = linalg.generic {indexing_maps = [#map5, #map4], iterator_types = ["parallel", "parallel"]} ins(%118 : tensor<64xf32>) outs(%27 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %124 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%122, %123 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%27 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_31: f32, %out: f32):
      %127 = arith.addf %in, %in_31 : f32
      linalg.yield %127 : f32
    } -> tensor<8x64xf32>
    %125 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"]} ins(%124 : tensor<8x64xf32>) outs(%76 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %127 = arith.truncf %in : f32 to f16
      linalg.yield %127 : f16
    } -> tensor<8x64xf16>
    %expanded_30 = tensor.expand_shape %125 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %126 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%78, %expanded_30 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%23 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_31: f16, %out: f16):
      %127 = arith.addf %in, %in_31 : f16
      linalg.yield %127 : f16
    } -> tensor<1x8x64xf16>
    return %126 : tensor<1x8x64xf16>
  }
}
