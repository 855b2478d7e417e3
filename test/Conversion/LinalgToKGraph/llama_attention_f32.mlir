// transformers' LlamaAttention (hidden 64, 4 heads, intermediate 176, 8 tokens, f32), exported by torch-mlir's
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
// ORACLE: @attention output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree
// SUPER: @attention output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @attention(%arg0: tensor<1x8x64xf32>, %arg1: tensor<1x8x16xf32>, %arg2: tensor<1x8x16xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64x64xf32>) -> tensor<1x8x64xf32> {
    %c0_i64 = arith.constant 0 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 2.500000e-01 : f32
    %0 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg3 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %arg0 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %1 = tensor.empty() : tensor<8x64xf32>
    %2 = linalg.fill ins(%cst : f32) outs(%1 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %3 = linalg.matmul ins(%collapsed, %transposed : tensor<8x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded = tensor.expand_shape %3 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %4 = tensor.empty() : tensor<1x4x8x16xf32>
    %transposed_2 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf32>) outs(%4 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_3 = linalg.transpose ins(%arg4 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %5 = linalg.matmul ins(%collapsed, %transposed_3 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded_4 = tensor.expand_shape %5 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %transposed_5 = linalg.transpose ins(%expanded_4 : tensor<1x8x4x16xf32>) outs(%4 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_6 = linalg.transpose ins(%arg5 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %6 = linalg.matmul ins(%collapsed, %transposed_6 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded_7 = tensor.expand_shape %6 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %transposed_8 = linalg.transpose ins(%expanded_7 : tensor<1x8x4x16xf32>) outs(%4 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_9 = tensor.expand_shape %arg1 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf32> into tensor<1x1x8x16xf32>
    %expanded_10 = tensor.expand_shape %arg2 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf32> into tensor<1x1x8x16xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_2, %expanded_9 : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%4 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %37 = arith.mulf %in, %in_27 : f32
      linalg.yield %37 : f32
    } -> tensor<1x4x8x16xf32>
    %extracted_slice = tensor.extract_slice %transposed_2[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %extracted_slice_11 = tensor.extract_slice %transposed_2[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %8 = tensor.empty() : tensor<1x4x8x8xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_11 : tensor<1x4x8x8xf32>) outs(%8 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %37 = arith.negf %in : f32
      linalg.yield %37 : f32
    } -> tensor<1x4x8x8xf32>
    %concat = tensor.concat dim(3) %9, %extracted_slice : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %expanded_10 : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%4 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %37 = arith.mulf %in, %in_27 : f32
      linalg.yield %37 : f32
    } -> tensor<1x4x8x16xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %10 : tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) outs(%4 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %37 = arith.addf %in, %in_27 : f32
      linalg.yield %37 : f32
    } -> tensor<1x4x8x16xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_5, %expanded_9 : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%4 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %37 = arith.mulf %in, %in_27 : f32
      linalg.yield %37 : f32
    } -> tensor<1x4x8x16xf32>
    %extracted_slice_12 = tensor.extract_slice %transposed_5[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %extracted_slice_13 = tensor.extract_slice %transposed_5[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_13 : tensor<1x4x8x8xf32>) outs(%8 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %37 = arith.negf %in : f32
      linalg.yield %37 : f32
    } -> tensor<1x4x8x8xf32>
    %concat_14 = tensor.concat dim(3) %13, %extracted_slice_12 : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_14, %expanded_10 : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%4 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %37 = arith.mulf %in, %in_27 : f32
      linalg.yield %37 : f32
    } -> tensor<1x4x8x16xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %14 : tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) outs(%4 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %37 = arith.addf %in, %in_27 : f32
      linalg.yield %37 : f32
    } -> tensor<1x4x8x16xf32>
    %16 = tensor.empty() : tensor<1x4x16x8xf32>
    %transposed_15 = linalg.transpose ins(%15 : tensor<1x4x8x16xf32>) outs(%16 : tensor<1x4x16x8xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_16 = tensor.collapse_shape %11 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %collapsed_17 = tensor.collapse_shape %transposed_15 [[0, 1], [2], [3]] : tensor<1x4x16x8xf32> into tensor<4x16x8xf32>
    %17 = tensor.empty() : tensor<4x8x8xf32>
    %18 = linalg.fill ins(%cst : f32) outs(%17 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %19 = linalg.batch_matmul ins(%collapsed_16, %collapsed_17 : tensor<4x8x16xf32>, tensor<4x16x8xf32>) outs(%18 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %expanded_18 = tensor.expand_shape %19 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_18 : tensor<1x4x8x8xf32>) outs(%8 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %37 = arith.mulf %in, %cst_1 : f32
      linalg.yield %37 : f32
    } -> tensor<1x4x8x8xf32>
    %21 = tensor.empty() : tensor<1x4x8xi64>
    %22 = linalg.fill ins(%c0_i64 : i64) outs(%21 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %23 = tensor.empty() : tensor<1x4x8xf32>
    %24 = linalg.fill ins(%cst_0 : f32) outs(%23 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %25:2 = linalg.generic {indexing_maps = [#map, #map2, #map2], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%20 : tensor<1x4x8x8xf32>) outs(%24, %22 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_27: i64):
      %37 = linalg.index 3 : index
      %38 = arith.index_cast %37 : index to i64
      %39 = arith.maximumf %in, %out : f32
      %40 = arith.cmpf ogt, %in, %out : f32
      %41 = arith.select %40, %38, %out_27 : i64
      linalg.yield %39, %41 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_19 = tensor.expand_shape %25#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%20, %expanded_19 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%8 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %37 = arith.subf %in, %in_27 : f32
      linalg.yield %37 : f32
    } -> tensor<1x4x8x8xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26 : tensor<1x4x8x8xf32>) outs(%8 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %37 = math.exp %in : f32
      linalg.yield %37 : f32
    } -> tensor<1x4x8x8xf32>
    %28 = tensor.empty() : tensor<1x4x8x1xf32>
    %29 = linalg.fill ins(%cst : f32) outs(%28 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %30 = linalg.generic {indexing_maps = [#map, #map3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%27 : tensor<1x4x8x8xf32>) outs(%29 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %37 = arith.addf %in, %out : f32
      linalg.yield %37 : f32
    } -> tensor<1x4x8x1xf32>
    %31 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %30 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%8 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_27: f32, %out: f32):
      %37 = arith.divf %in, %in_27 : f32
      linalg.yield %37 : f32
    } -> tensor<1x4x8x8xf32>
    %collapsed_20 = tensor.collapse_shape %31 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %collapsed_21 = tensor.collapse_shape %transposed_8 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %32 = tensor.empty() : tensor<4x8x16xf32>
    %33 = linalg.fill ins(%cst : f32) outs(%32 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %34 = linalg.batch_matmul ins(%collapsed_20, %collapsed_21 : tensor<4x8x8xf32>, tensor<4x8x16xf32>) outs(%33 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %expanded_22 = tensor.expand_shape %34 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf32> into tensor<1x4x8x16xf32>
    %35 = tensor.empty() : tensor<1x8x4x16xf32>
    %transposed_23 = linalg.transpose ins(%expanded_22 : tensor<1x4x8x16xf32>) outs(%35 : tensor<1x8x4x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_24 = linalg.transpose ins(%arg6 : tensor<64x64xf32>) outs(%0 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_25 = tensor.collapse_shape %transposed_23 [[0, 1], [2, 3]] : tensor<1x8x4x16xf32> into tensor<8x64xf32>
    %36 = linalg.matmul ins(%collapsed_25, %transposed_24 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%2 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded_26 = tensor.expand_shape %36 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    return %expanded_26 : tensor<1x8x64xf32>
  }
}
