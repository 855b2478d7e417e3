// transformers' LlamaAttention (hidden 64, 4 heads, intermediate 176, 8 tokens, f16), exported by torch-mlir's
// fx.export_and_import (linalg-on-tensors) with its weights lifted to
// arguments: written by utils/export_models.py; do not edit.
// It imports, runs as upstream MLIR runs the linalg, and superoptimized
// with default options still agrees with upstream's execution of the
// original.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=SUPER %}
// CHECK-LABEL: func.func @attention(
// CHECK-COUNT-2: kgraph.slice
// CHECK: kgraph.concat
// CHECK: kgraph.matmul
// CHECK: kgraph.reduce_max
// CHECK: kgraph.exp
// ORACLE: @attention output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree
// SUPER: @attention output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map3 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @attention(%arg0: tensor<1x8x64xf16>, %arg1: tensor<1x8x16xf16>, %arg2: tensor<1x8x16xf16>, %arg3: tensor<64x64xf16>, %arg4: tensor<64x64xf16>, %arg5: tensor<64x64xf16>, %arg6: tensor<64x64xf16>) -> tensor<1x8x64xf16> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 2.500000e-01 : f16
    %0 = tensor.empty() : tensor<64x64xf16>
    %transposed = linalg.transpose ins(%arg3 : tensor<64x64xf16>) outs(%0 : tensor<64x64xf16>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %1 = tensor.empty() : tensor<8x64xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %3 = linalg.matmul ins(%collapsed, %transposed : tensor<8x64xf16>, tensor<64x64xf16>) outs(%2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %4 = tensor.empty() : tensor<8x64xf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%3 : tensor<8x64xf32>) outs(%4 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %49 = arith.truncf %in : f32 to f16
      linalg.yield %49 : f16
    } -> tensor<8x64xf16>
    %expanded = tensor.expand_shape %5 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %6 = tensor.empty() : tensor<1x4x8x16xf16>
    %transposed_2 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf16>) outs(%6 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_3 = linalg.transpose ins(%arg4 : tensor<64x64xf16>) outs(%0 : tensor<64x64xf16>) permutation = [1, 0] 
    %7 = linalg.matmul ins(%collapsed, %transposed_3 : tensor<8x64xf16>, tensor<64x64xf16>) outs(%2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%7 : tensor<8x64xf32>) outs(%4 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %49 = arith.truncf %in : f32 to f16
      linalg.yield %49 : f16
    } -> tensor<8x64xf16>
    %expanded_4 = tensor.expand_shape %8 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %transposed_5 = linalg.transpose ins(%expanded_4 : tensor<1x8x4x16xf16>) outs(%6 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_6 = linalg.transpose ins(%arg5 : tensor<64x64xf16>) outs(%0 : tensor<64x64xf16>) permutation = [1, 0] 
    %9 = linalg.matmul ins(%collapsed, %transposed_6 : tensor<8x64xf16>, tensor<64x64xf16>) outs(%2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<8x64xf32>) outs(%4 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %49 = arith.truncf %in : f32 to f16
      linalg.yield %49 : f16
    } -> tensor<8x64xf16>
    %expanded_7 = tensor.expand_shape %10 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %transposed_8 = linalg.transpose ins(%expanded_7 : tensor<1x8x4x16xf16>) outs(%6 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %expanded_9 = tensor.expand_shape %arg1 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf16> into tensor<1x1x8x16xf16>
    %expanded_10 = tensor.expand_shape %arg2 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf16> into tensor<1x1x8x16xf16>
    %11 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_2, %expanded_9 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%6 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_27: f16, %out: f16):
      %49 = arith.mulf %in, %in_27 : f16
      linalg.yield %49 : f16
    } -> tensor<1x4x8x16xf16>
    %extracted_slice = tensor.extract_slice %transposed_2[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %extracted_slice_11 = tensor.extract_slice %transposed_2[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %12 = tensor.empty() : tensor<1x4x8x8xf16>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_11 : tensor<1x4x8x8xf16>) outs(%12 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %49 = arith.negf %in : f16
      linalg.yield %49 : f16
    } -> tensor<1x4x8x8xf16>
    %concat = tensor.concat dim(3) %13, %extracted_slice : (tensor<1x4x8x8xf16>, tensor<1x4x8x8xf16>) -> tensor<1x4x8x16xf16>
    %14 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %expanded_10 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%6 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_27: f16, %out: f16):
      %49 = arith.mulf %in, %in_27 : f16
      linalg.yield %49 : f16
    } -> tensor<1x4x8x16xf16>
    %15 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %14 : tensor<1x4x8x16xf16>, tensor<1x4x8x16xf16>) outs(%6 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_27: f16, %out: f16):
      %49 = arith.addf %in, %in_27 : f16
      linalg.yield %49 : f16
    } -> tensor<1x4x8x16xf16>
    %16 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_5, %expanded_9 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%6 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_27: f16, %out: f16):
      %49 = arith.mulf %in, %in_27 : f16
      linalg.yield %49 : f16
    } -> tensor<1x4x8x16xf16>
    %extracted_slice_12 = tensor.extract_slice %transposed_5[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %extracted_slice_13 = tensor.extract_slice %transposed_5[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_13 : tensor<1x4x8x8xf16>) outs(%12 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %49 = arith.negf %in : f16
      linalg.yield %49 : f16
    } -> tensor<1x4x8x8xf16>
    %concat_14 = tensor.concat dim(3) %17, %extracted_slice_12 : (tensor<1x4x8x8xf16>, tensor<1x4x8x8xf16>) -> tensor<1x4x8x16xf16>
    %18 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_14, %expanded_10 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%6 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_27: f16, %out: f16):
      %49 = arith.mulf %in, %in_27 : f16
      linalg.yield %49 : f16
    } -> tensor<1x4x8x16xf16>
    %19 = linalg.generic {indexing_maps = [#map1, #map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16, %18 : tensor<1x4x8x16xf16>, tensor<1x4x8x16xf16>) outs(%6 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_27: f16, %out: f16):
      %49 = arith.addf %in, %in_27 : f16
      linalg.yield %49 : f16
    } -> tensor<1x4x8x16xf16>
    %20 = tensor.empty() : tensor<1x4x16x8xf16>
    %transposed_15 = linalg.transpose ins(%19 : tensor<1x4x8x16xf16>) outs(%20 : tensor<1x4x16x8xf16>) permutation = [0, 1, 3, 2] 
    %collapsed_16 = tensor.collapse_shape %15 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %collapsed_17 = tensor.collapse_shape %transposed_15 [[0, 1], [2], [3]] : tensor<1x4x16x8xf16> into tensor<4x16x8xf16>
    %21 = tensor.empty() : tensor<4x8x8xf32>
    %22 = linalg.fill ins(%cst : f32) outs(%21 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %23 = linalg.batch_matmul ins(%collapsed_16, %collapsed_17 : tensor<4x8x16xf16>, tensor<4x16x8xf16>) outs(%22 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %24 = tensor.empty() : tensor<4x8x8xf16>
    %25 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23 : tensor<4x8x8xf32>) outs(%24 : tensor<4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %49 = arith.truncf %in : f32 to f16
      linalg.yield %49 : f16
    } -> tensor<4x8x8xf16>
    %expanded_18 = tensor.expand_shape %25 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf16> into tensor<1x4x8x8xf16>
    %26 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_18 : tensor<1x4x8x8xf16>) outs(%12 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %49 = arith.mulf %in, %cst_1 : f16
      linalg.yield %49 : f16
    } -> tensor<1x4x8x8xf16>
    %27 = tensor.empty() : tensor<1x4x8x8xf32>
    %28 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26 : tensor<1x4x8x8xf16>) outs(%27 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %49 = arith.extf %in : f16 to f32
      linalg.yield %49 : f32
    } -> tensor<1x4x8x8xf32>
    %29 = tensor.empty() : tensor<1x4x8xi64>
    %30 = linalg.fill ins(%c0_i64 : i64) outs(%29 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %31 = tensor.empty() : tensor<1x4x8xf32>
    %32 = linalg.fill ins(%cst_0 : f32) outs(%31 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %33:2 = linalg.generic {indexing_maps = [#map1, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%28 : tensor<1x4x8x8xf32>) outs(%32, %30 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_27: i64):
      %49 = linalg.index 3 : index
      %50 = arith.index_cast %49 : index to i64
      %51 = arith.maximumf %in, %out : f32
      %52 = arith.cmpf ogt, %in, %out : f32
      %53 = arith.select %52, %50, %out_27 : i64
      linalg.yield %51, %53 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_19 = tensor.expand_shape %33#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %34 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%28, %expanded_19 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%27 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %49 = arith.subf %in, %in_27 : f32
      linalg.yield %49 : f32
    } -> tensor<1x4x8x8xf32>
    %35 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34 : tensor<1x4x8x8xf32>) outs(%27 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %49 = math.exp %in : f32
      linalg.yield %49 : f32
    } -> tensor<1x4x8x8xf32>
    %36 = tensor.empty() : tensor<1x4x8x1xf32>
    %37 = linalg.fill ins(%cst : f32) outs(%36 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%35 : tensor<1x4x8x8xf32>) outs(%37 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %49 = arith.addf %in, %out : f32
      linalg.yield %49 : f32
    } -> tensor<1x4x8x1xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map5, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%35, %38 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%27 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %49 = arith.divf %in, %in_27 : f32
      linalg.yield %49 : f32
    } -> tensor<1x4x8x8xf32>
    %40 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39 : tensor<1x4x8x8xf32>) outs(%12 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %49 = arith.truncf %in : f32 to f16
      linalg.yield %49 : f16
    } -> tensor<1x4x8x8xf16>
    %collapsed_20 = tensor.collapse_shape %40 [[0, 1], [2], [3]] : tensor<1x4x8x8xf16> into tensor<4x8x8xf16>
    %collapsed_21 = tensor.collapse_shape %transposed_8 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %41 = tensor.empty() : tensor<4x8x16xf32>
    %42 = linalg.fill ins(%cst : f32) outs(%41 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %43 = linalg.batch_matmul ins(%collapsed_20, %collapsed_21 : tensor<4x8x8xf16>, tensor<4x8x16xf16>) outs(%42 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %44 = tensor.empty() : tensor<4x8x16xf16>
    %45 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel"]} ins(%43 : tensor<4x8x16xf32>) outs(%44 : tensor<4x8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %49 = arith.truncf %in : f32 to f16
      linalg.yield %49 : f16
    } -> tensor<4x8x16xf16>
    %expanded_22 = tensor.expand_shape %45 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf16> into tensor<1x4x8x16xf16>
    %46 = tensor.empty() : tensor<1x8x4x16xf16>
    %transposed_23 = linalg.transpose ins(%expanded_22 : tensor<1x4x8x16xf16>) outs(%46 : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_24 = linalg.transpose ins(%arg6 : tensor<64x64xf16>) outs(%0 : tensor<64x64xf16>) permutation = [1, 0] 
    %collapsed_25 = tensor.collapse_shape %transposed_23 [[0, 1], [2, 3]] : tensor<1x8x4x16xf16> into tensor<8x64xf16>
    %47 = linalg.matmul ins(%collapsed_25, %transposed_24 : tensor<8x64xf16>, tensor<64x64xf16>) outs(%2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %48 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%47 : tensor<8x64xf32>) outs(%4 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %49 = arith.truncf %in : f32 to f16
      linalg.yield %49 : f16
    } -> tensor<8x64xf16>
    %expanded_26 = tensor.expand_shape %48 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    return %expanded_26 : tensor<1x8x64xf16>
  }
}
