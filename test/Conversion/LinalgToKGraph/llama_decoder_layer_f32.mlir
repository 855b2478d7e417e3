// transformers' LlamaDecoderLayer (hidden 64, 4 heads, intermediate 176, 8 tokens, f32), exported by torch-mlir's
// fx.export_and_import (linalg-on-tensors) with its weights lifted to
// arguments: written by utils/export_models.py; do not edit.
// It imports, runs as upstream MLIR runs the linalg, and superoptimized
// with default options still agrees with upstream's execution of the
// original.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=SUPER %}
// And to PTX for sm_90, every kernel assembled by ptxas where it is present:
// RUN: tsopt-opt %s --convert-linalg-to-kgraph --tsopt-orchestrate -o %t.mlir
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --function=decoder_layer %t.mlir -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
// CHECK-LABEL: func.func @decoder_layer(
// CHECK-COUNT-2: kgraph.slice
// CHECK: kgraph.concat
// CHECK: kgraph.reduce_max
// CHECK: kgraph.rms_norm
// CHECK: kgraph.silu
// ORACLE: @decoder_layer output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree
// SUPER: remark: superoptimized by orchestration:
// SUPER: @decoder_layer output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree
// PTX: .version
// PTX: .entry

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @decoder_layer(%arg0: tensor<1x8x64xf32>, %arg1: tensor<1x8x16xf32>, %arg2: tensor<1x8x16xf32>, %arg3: tensor<64x64xf32>, %arg4: tensor<64x64xf32>, %arg5: tensor<64x64xf32>, %arg6: tensor<64x64xf32>, %arg7: tensor<176x64xf32>, %arg8: tensor<176x64xf32>, %arg9: tensor<64x176xf32>, %arg10: tensor<64xf32>, %arg11: tensor<64xf32>) -> tensor<1x8x64xf32> {
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
      %67 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %67 : f32
    } -> tensor<1x8x64xf32>
    %2 = tensor.empty() : tensor<1x8x1xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x8x64xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = arith.addf %in, %out : f32
      linalg.yield %67 : f32
    } -> tensor<1x8x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = arith.divf %in, %cst_3 : f32
      linalg.yield %67 : f32
    } -> tensor<1x8x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = arith.truncf %cst_2 : f64 to f32
      %68 = arith.addf %in, %67 : f32
      linalg.yield %68 : f32
    } -> tensor<1x8x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = math.rsqrt %in : f32
      linalg.yield %67 : f32
    } -> tensor<1x8x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %7 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.mulf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x8x64xf32>
    %9 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg10, %8 : tensor<64xf32>, tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.mulf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x8x64xf32>
    %10 = tensor.empty() : tensor<64x64xf32>
    %transposed = linalg.transpose ins(%arg3 : tensor<64x64xf32>) outs(%10 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed = tensor.collapse_shape %9 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %11 = tensor.empty() : tensor<8x64xf32>
    %12 = linalg.fill ins(%cst : f32) outs(%11 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %13 = linalg.matmul ins(%collapsed, %transposed : tensor<8x64xf32>, tensor<64x64xf32>) outs(%12 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded = tensor.expand_shape %13 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %14 = tensor.empty() : tensor<1x4x8x16xf32>
    %transposed_5 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf32>) outs(%14 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_6 = linalg.transpose ins(%arg4 : tensor<64x64xf32>) outs(%10 : tensor<64x64xf32>) permutation = [1, 0] 
    %15 = linalg.matmul ins(%collapsed, %transposed_6 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%12 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded_7 = tensor.expand_shape %15 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %transposed_8 = linalg.transpose ins(%expanded_7 : tensor<1x8x4x16xf32>) outs(%14 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_9 = linalg.transpose ins(%arg5 : tensor<64x64xf32>) outs(%10 : tensor<64x64xf32>) permutation = [1, 0] 
    %16 = linalg.matmul ins(%collapsed, %transposed_9 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%12 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded_10 = tensor.expand_shape %16 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf32> into tensor<1x8x4x16xf32>
    %transposed_11 = linalg.transpose ins(%expanded_10 : tensor<1x8x4x16xf32>) outs(%14 : tensor<1x4x8x16xf32>) permutation = [0, 2, 1, 3] 
    %expanded_12 = tensor.expand_shape %arg1 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf32> into tensor<1x1x8x16xf32>
    %expanded_13 = tensor.expand_shape %arg2 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf32> into tensor<1x1x8x16xf32>
    %17 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_5, %expanded_12 : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%14 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.mulf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x4x8x16xf32>
    %extracted_slice = tensor.extract_slice %transposed_5[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %extracted_slice_14 = tensor.extract_slice %transposed_5[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %18 = tensor.empty() : tensor<1x4x8x8xf32>
    %19 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_14 : tensor<1x4x8x8xf32>) outs(%18 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = arith.negf %in : f32
      linalg.yield %67 : f32
    } -> tensor<1x4x8x8xf32>
    %concat = tensor.concat dim(3) %19, %extracted_slice : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
    %20 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %expanded_13 : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%14 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.mulf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x4x8x16xf32>
    %21 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17, %20 : tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) outs(%14 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.addf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x4x8x16xf32>
    %22 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_8, %expanded_12 : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%14 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.mulf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x4x8x16xf32>
    %extracted_slice_15 = tensor.extract_slice %transposed_8[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %extracted_slice_16 = tensor.extract_slice %transposed_8[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf32> to tensor<1x4x8x8xf32>
    %23 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_16 : tensor<1x4x8x8xf32>) outs(%18 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = arith.negf %in : f32
      linalg.yield %67 : f32
    } -> tensor<1x4x8x8xf32>
    %concat_17 = tensor.concat dim(3) %23, %extracted_slice_15 : (tensor<1x4x8x8xf32>, tensor<1x4x8x8xf32>) -> tensor<1x4x8x16xf32>
    %24 = linalg.generic {indexing_maps = [#map3, #map4, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_17, %expanded_13 : tensor<1x4x8x16xf32>, tensor<1x1x8x16xf32>) outs(%14 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.mulf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x4x8x16xf32>
    %25 = linalg.generic {indexing_maps = [#map3, #map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22, %24 : tensor<1x4x8x16xf32>, tensor<1x4x8x16xf32>) outs(%14 : tensor<1x4x8x16xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.addf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x4x8x16xf32>
    %26 = tensor.empty() : tensor<1x4x16x8xf32>
    %transposed_18 = linalg.transpose ins(%25 : tensor<1x4x8x16xf32>) outs(%26 : tensor<1x4x16x8xf32>) permutation = [0, 1, 3, 2] 
    %collapsed_19 = tensor.collapse_shape %21 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %collapsed_20 = tensor.collapse_shape %transposed_18 [[0, 1], [2], [3]] : tensor<1x4x16x8xf32> into tensor<4x16x8xf32>
    %27 = tensor.empty() : tensor<4x8x8xf32>
    %28 = linalg.fill ins(%cst : f32) outs(%27 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %29 = linalg.batch_matmul ins(%collapsed_19, %collapsed_20 : tensor<4x8x16xf32>, tensor<4x16x8xf32>) outs(%28 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %expanded_21 = tensor.expand_shape %29 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf32> into tensor<1x4x8x8xf32>
    %30 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_21 : tensor<1x4x8x8xf32>) outs(%18 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = arith.mulf %in, %cst_4 : f32
      linalg.yield %67 : f32
    } -> tensor<1x4x8x8xf32>
    %31 = tensor.empty() : tensor<1x4x8xi64>
    %32 = linalg.fill ins(%c0_i64 : i64) outs(%31 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %33 = tensor.empty() : tensor<1x4x8xf32>
    %34 = linalg.fill ins(%cst_0 : f32) outs(%33 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %35:2 = linalg.generic {indexing_maps = [#map3, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%30 : tensor<1x4x8x8xf32>) outs(%34, %32 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_38: i64):
      %67 = linalg.index 3 : index
      %68 = arith.index_cast %67 : index to i64
      %69 = arith.maximumf %in, %out : f32
      %70 = arith.cmpf ogt, %in, %out : f32
      %71 = arith.select %70, %68, %out_38 : i64
      linalg.yield %69, %71 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_22 = tensor.expand_shape %35#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %36 = linalg.generic {indexing_maps = [#map3, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%30, %expanded_22 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%18 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.subf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x4x8x8xf32>
    %37 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%36 : tensor<1x4x8x8xf32>) outs(%18 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = math.exp %in : f32
      linalg.yield %67 : f32
    } -> tensor<1x4x8x8xf32>
    %38 = tensor.empty() : tensor<1x4x8x1xf32>
    %39 = linalg.fill ins(%cst : f32) outs(%38 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %40 = linalg.generic {indexing_maps = [#map3, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%37 : tensor<1x4x8x8xf32>) outs(%39 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = arith.addf %in, %out : f32
      linalg.yield %67 : f32
    } -> tensor<1x4x8x1xf32>
    %41 = linalg.generic {indexing_maps = [#map3, #map6, #map3], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%37, %40 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%18 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.divf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x4x8x8xf32>
    %collapsed_23 = tensor.collapse_shape %41 [[0, 1], [2], [3]] : tensor<1x4x8x8xf32> into tensor<4x8x8xf32>
    %collapsed_24 = tensor.collapse_shape %transposed_11 [[0, 1], [2], [3]] : tensor<1x4x8x16xf32> into tensor<4x8x16xf32>
    %42 = tensor.empty() : tensor<4x8x16xf32>
    %43 = linalg.fill ins(%cst : f32) outs(%42 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %44 = linalg.batch_matmul ins(%collapsed_23, %collapsed_24 : tensor<4x8x8xf32>, tensor<4x8x16xf32>) outs(%43 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %expanded_25 = tensor.expand_shape %44 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf32> into tensor<1x4x8x16xf32>
    %45 = tensor.empty() : tensor<1x8x4x16xf32>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<1x4x8x16xf32>) outs(%45 : tensor<1x8x4x16xf32>) permutation = [0, 2, 1, 3] 
    %transposed_27 = linalg.transpose ins(%arg6 : tensor<64x64xf32>) outs(%10 : tensor<64x64xf32>) permutation = [1, 0] 
    %collapsed_28 = tensor.collapse_shape %transposed_26 [[0, 1], [2, 3]] : tensor<1x8x4x16xf32> into tensor<8x64xf32>
    %46 = linalg.matmul ins(%collapsed_28, %transposed_27 : tensor<8x64xf32>, tensor<64x64xf32>) outs(%12 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded_29 = tensor.expand_shape %46 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %47 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_29 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.addf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x8x64xf32>
    %48 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %67 : f32
    } -> tensor<1x8x64xf32>
    %49 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%48 : tensor<1x8x64xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = arith.addf %in, %out : f32
      linalg.yield %67 : f32
    } -> tensor<1x8x1xf32>
    %50 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%49 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = arith.divf %in, %cst_3 : f32
      linalg.yield %67 : f32
    } -> tensor<1x8x1xf32>
    %51 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%50 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = arith.truncf %cst_2 : f64 to f32
      %68 = arith.addf %in, %67 : f32
      linalg.yield %68 : f32
    } -> tensor<1x8x1xf32>
    %52 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%51 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = math.rsqrt %in : f32
      linalg.yield %67 : f32
    } -> tensor<1x8x1xf32>
    %53 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47, %52 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.mulf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x8x64xf32>
    %54 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg11, %53 : tensor<64xf32>, tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.mulf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x8x64xf32>
    %55 = tensor.empty() : tensor<64x176xf32>
    %transposed_30 = linalg.transpose ins(%arg7 : tensor<176x64xf32>) outs(%55 : tensor<64x176xf32>) permutation = [1, 0] 
    %collapsed_31 = tensor.collapse_shape %54 [[0, 1], [2]] : tensor<1x8x64xf32> into tensor<8x64xf32>
    %56 = tensor.empty() : tensor<8x176xf32>
    %57 = linalg.fill ins(%cst : f32) outs(%56 : tensor<8x176xf32>) -> tensor<8x176xf32>
    %58 = linalg.matmul ins(%collapsed_31, %transposed_30 : tensor<8x64xf32>, tensor<64x176xf32>) outs(%57 : tensor<8x176xf32>) -> tensor<8x176xf32>
    %expanded_32 = tensor.expand_shape %58 [[0, 1], [2]] output_shape [1, 8, 176] : tensor<8x176xf32> into tensor<1x8x176xf32>
    %59 = tensor.empty() : tensor<1x8x176xf32>
    %60 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32 : tensor<1x8x176xf32>) outs(%59 : tensor<1x8x176xf32>) {
    ^bb0(%in: f32, %out: f32):
      %67 = arith.negf %in : f32
      %68 = math.exp %67 : f32
      %69 = arith.addf %68, %cst_1 : f32
      %70 = arith.divf %cst_1, %69 : f32
      linalg.yield %70 : f32
    } -> tensor<1x8x176xf32>
    %61 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32, %60 : tensor<1x8x176xf32>, tensor<1x8x176xf32>) outs(%59 : tensor<1x8x176xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.mulf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x8x176xf32>
    %transposed_33 = linalg.transpose ins(%arg8 : tensor<176x64xf32>) outs(%55 : tensor<64x176xf32>) permutation = [1, 0] 
    %62 = linalg.matmul ins(%collapsed_31, %transposed_33 : tensor<8x64xf32>, tensor<64x176xf32>) outs(%57 : tensor<8x176xf32>) -> tensor<8x176xf32>
    %expanded_34 = tensor.expand_shape %62 [[0, 1], [2]] output_shape [1, 8, 176] : tensor<8x176xf32> into tensor<1x8x176xf32>
    %63 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%61, %expanded_34 : tensor<1x8x176xf32>, tensor<1x8x176xf32>) outs(%59 : tensor<1x8x176xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.mulf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x8x176xf32>
    %64 = tensor.empty() : tensor<176x64xf32>
    %transposed_35 = linalg.transpose ins(%arg9 : tensor<64x176xf32>) outs(%64 : tensor<176x64xf32>) permutation = [1, 0] 
    %collapsed_36 = tensor.collapse_shape %63 [[0, 1], [2]] : tensor<1x8x176xf32> into tensor<8x176xf32>
    %65 = linalg.matmul ins(%collapsed_36, %transposed_35 : tensor<8x176xf32>, tensor<176x64xf32>) outs(%12 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %expanded_37 = tensor.expand_shape %65 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %66 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%47, %expanded_37 : tensor<1x8x64xf32>, tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %67 = arith.addf %in, %in_38 : f32
      linalg.yield %67 : f32
    } -> tensor<1x8x64xf32>
    return %66 : tensor<1x8x64xf32>
  }
}
