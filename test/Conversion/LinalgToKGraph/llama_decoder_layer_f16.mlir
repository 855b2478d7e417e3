// transformers' LlamaDecoderLayer (hidden 64, 4 heads, intermediate 176, 8 tokens, f16), exported by torch-mlir's
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
// ORACLE: @decoder_layer output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree
// SUPER: remark: superoptimized by orchestration:
// SUPER: @decoder_layer output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree
// PTX: .version
// PTX: .entry

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
#map3 = affine_map<(d0, d1) -> (d0, d1)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map5 = affine_map<(d0, d1, d2, d3) -> (d0, 0, d2, d3)>
#map6 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map7 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0)>
module {
  func.func @decoder_layer(%arg0: tensor<1x8x64xf16>, %arg1: tensor<1x8x16xf16>, %arg2: tensor<1x8x16xf16>, %arg3: tensor<64x64xf16>, %arg4: tensor<64x64xf16>, %arg5: tensor<64x64xf16>, %arg6: tensor<64x64xf16>, %arg7: tensor<176x64xf16>, %arg8: tensor<176x64xf16>, %arg9: tensor<64x176xf16>, %arg10: tensor<64xf16>, %arg11: tensor<64xf16>) -> tensor<1x8x64xf16> {
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
      %91 = arith.extf %in : f16 to f32
      linalg.yield %91 : f32
    } -> tensor<1x8x64xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %91 : f32
    } -> tensor<1x8x64xf32>
    %3 = tensor.empty() : tensor<1x8x1xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<1x8x64xf32>) outs(%4 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.addf %in, %out : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.divf %in, %cst_3 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.truncf %cst_2 : f64 to f32
      %92 = arith.addf %in, %91 : f32
      linalg.yield %92 : f32
    } -> tensor<1x8x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = math.rsqrt %in : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %8 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %91 = arith.mulf %in, %in_38 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x64xf32>
    %10 = tensor.empty() : tensor<1x8x64xf16>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<1x8x64xf32>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %91 = arith.truncf %in : f32 to f16
      linalg.yield %91 : f16
    } -> tensor<1x8x64xf16>
    %12 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg10, %11 : tensor<64xf16>, tensor<1x8x64xf16>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_38: f16, %out: f16):
      %91 = arith.mulf %in, %in_38 : f16
      linalg.yield %91 : f16
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
      %91 = arith.truncf %in : f32 to f16
      linalg.yield %91 : f16
    } -> tensor<8x64xf16>
    %expanded = tensor.expand_shape %18 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %19 = tensor.empty() : tensor<1x4x8x16xf16>
    %transposed_5 = linalg.transpose ins(%expanded : tensor<1x8x4x16xf16>) outs(%19 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_6 = linalg.transpose ins(%arg4 : tensor<64x64xf16>) outs(%13 : tensor<64x64xf16>) permutation = [1, 0] 
    %20 = linalg.matmul ins(%collapsed, %transposed_6 : tensor<8x64xf16>, tensor<64x64xf16>) outs(%15 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %21 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<8x64xf32>) outs(%17 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %91 = arith.truncf %in : f32 to f16
      linalg.yield %91 : f16
    } -> tensor<8x64xf16>
    %expanded_7 = tensor.expand_shape %21 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %transposed_8 = linalg.transpose ins(%expanded_7 : tensor<1x8x4x16xf16>) outs(%19 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_9 = linalg.transpose ins(%arg5 : tensor<64x64xf16>) outs(%13 : tensor<64x64xf16>) permutation = [1, 0] 
    %22 = linalg.matmul ins(%collapsed, %transposed_9 : tensor<8x64xf16>, tensor<64x64xf16>) outs(%15 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %23 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%22 : tensor<8x64xf32>) outs(%17 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %91 = arith.truncf %in : f32 to f16
      linalg.yield %91 : f16
    } -> tensor<8x64xf16>
    %expanded_10 = tensor.expand_shape %23 [[0, 1], [2, 3]] output_shape [1, 8, 4, 16] : tensor<8x64xf16> into tensor<1x8x4x16xf16>
    %transposed_11 = linalg.transpose ins(%expanded_10 : tensor<1x8x4x16xf16>) outs(%19 : tensor<1x4x8x16xf16>) permutation = [0, 2, 1, 3] 
    %expanded_12 = tensor.expand_shape %arg1 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf16> into tensor<1x1x8x16xf16>
    %expanded_13 = tensor.expand_shape %arg2 [[0], [1, 2], [3]] output_shape [1, 1, 8, 16] : tensor<1x8x16xf16> into tensor<1x1x8x16xf16>
    %24 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_5, %expanded_12 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%19 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_38: f16, %out: f16):
      %91 = arith.mulf %in, %in_38 : f16
      linalg.yield %91 : f16
    } -> tensor<1x4x8x16xf16>
    %extracted_slice = tensor.extract_slice %transposed_5[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %extracted_slice_14 = tensor.extract_slice %transposed_5[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %25 = tensor.empty() : tensor<1x4x8x8xf16>
    %26 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_14 : tensor<1x4x8x8xf16>) outs(%25 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %91 = arith.negf %in : f16
      linalg.yield %91 : f16
    } -> tensor<1x4x8x8xf16>
    %concat = tensor.concat dim(3) %26, %extracted_slice : (tensor<1x4x8x8xf16>, tensor<1x4x8x8xf16>) -> tensor<1x4x8x16xf16>
    %27 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat, %expanded_13 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%19 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_38: f16, %out: f16):
      %91 = arith.mulf %in, %in_38 : f16
      linalg.yield %91 : f16
    } -> tensor<1x4x8x16xf16>
    %28 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %27 : tensor<1x4x8x16xf16>, tensor<1x4x8x16xf16>) outs(%19 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_38: f16, %out: f16):
      %91 = arith.addf %in, %in_38 : f16
      linalg.yield %91 : f16
    } -> tensor<1x4x8x16xf16>
    %29 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%transposed_8, %expanded_12 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%19 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_38: f16, %out: f16):
      %91 = arith.mulf %in, %in_38 : f16
      linalg.yield %91 : f16
    } -> tensor<1x4x8x16xf16>
    %extracted_slice_15 = tensor.extract_slice %transposed_8[0, 0, 0, 0] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %extracted_slice_16 = tensor.extract_slice %transposed_8[0, 0, 0, 8] [1, 4, 8, 8] [1, 1, 1, 1] : tensor<1x4x8x16xf16> to tensor<1x4x8x8xf16>
    %30 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%extracted_slice_16 : tensor<1x4x8x8xf16>) outs(%25 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %91 = arith.negf %in : f16
      linalg.yield %91 : f16
    } -> tensor<1x4x8x8xf16>
    %concat_17 = tensor.concat dim(3) %30, %extracted_slice_15 : (tensor<1x4x8x8xf16>, tensor<1x4x8x8xf16>) -> tensor<1x4x8x16xf16>
    %31 = linalg.generic {indexing_maps = [#map4, #map5, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%concat_17, %expanded_13 : tensor<1x4x8x16xf16>, tensor<1x1x8x16xf16>) outs(%19 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_38: f16, %out: f16):
      %91 = arith.mulf %in, %in_38 : f16
      linalg.yield %91 : f16
    } -> tensor<1x4x8x16xf16>
    %32 = linalg.generic {indexing_maps = [#map4, #map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%29, %31 : tensor<1x4x8x16xf16>, tensor<1x4x8x16xf16>) outs(%19 : tensor<1x4x8x16xf16>) {
    ^bb0(%in: f16, %in_38: f16, %out: f16):
      %91 = arith.addf %in, %in_38 : f16
      linalg.yield %91 : f16
    } -> tensor<1x4x8x16xf16>
    %33 = tensor.empty() : tensor<1x4x16x8xf16>
    %transposed_18 = linalg.transpose ins(%32 : tensor<1x4x8x16xf16>) outs(%33 : tensor<1x4x16x8xf16>) permutation = [0, 1, 3, 2] 
    %collapsed_19 = tensor.collapse_shape %28 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %collapsed_20 = tensor.collapse_shape %transposed_18 [[0, 1], [2], [3]] : tensor<1x4x16x8xf16> into tensor<4x16x8xf16>
    %34 = tensor.empty() : tensor<4x8x8xf32>
    %35 = linalg.fill ins(%cst : f32) outs(%34 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %36 = linalg.batch_matmul ins(%collapsed_19, %collapsed_20 : tensor<4x8x16xf16>, tensor<4x16x8xf16>) outs(%35 : tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %37 = tensor.empty() : tensor<4x8x8xf16>
    %38 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%36 : tensor<4x8x8xf32>) outs(%37 : tensor<4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %91 = arith.truncf %in : f32 to f16
      linalg.yield %91 : f16
    } -> tensor<4x8x8xf16>
    %expanded_21 = tensor.expand_shape %38 [[0, 1], [2], [3]] output_shape [1, 4, 8, 8] : tensor<4x8x8xf16> into tensor<1x4x8x8xf16>
    %39 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%expanded_21 : tensor<1x4x8x8xf16>) outs(%25 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %91 = arith.mulf %in, %cst_4 : f16
      linalg.yield %91 : f16
    } -> tensor<1x4x8x8xf16>
    %40 = tensor.empty() : tensor<1x4x8x8xf32>
    %41 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%39 : tensor<1x4x8x8xf16>) outs(%40 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %91 = arith.extf %in : f16 to f32
      linalg.yield %91 : f32
    } -> tensor<1x4x8x8xf32>
    %42 = tensor.empty() : tensor<1x4x8xi64>
    %43 = linalg.fill ins(%c0_i64 : i64) outs(%42 : tensor<1x4x8xi64>) -> tensor<1x4x8xi64>
    %44 = tensor.empty() : tensor<1x4x8xf32>
    %45 = linalg.fill ins(%cst_0 : f32) outs(%44 : tensor<1x4x8xf32>) -> tensor<1x4x8xf32>
    %46:2 = linalg.generic {indexing_maps = [#map4, #map6, #map6], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%41 : tensor<1x4x8x8xf32>) outs(%45, %43 : tensor<1x4x8xf32>, tensor<1x4x8xi64>) {
    ^bb0(%in: f32, %out: f32, %out_38: i64):
      %91 = linalg.index 3 : index
      %92 = arith.index_cast %91 : index to i64
      %93 = arith.maximumf %in, %out : f32
      %94 = arith.cmpf ogt, %in, %out : f32
      %95 = arith.select %94, %92, %out_38 : i64
      linalg.yield %93, %95 : f32, i64
    } -> (tensor<1x4x8xf32>, tensor<1x4x8xi64>)
    %expanded_22 = tensor.expand_shape %46#0 [[0], [1], [2, 3]] output_shape [1, 4, 8, 1] : tensor<1x4x8xf32> into tensor<1x4x8x1xf32>
    %47 = linalg.generic {indexing_maps = [#map4, #map7, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %expanded_22 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%40 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %91 = arith.subf %in, %in_38 : f32
      linalg.yield %91 : f32
    } -> tensor<1x4x8x8xf32>
    %48 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%47 : tensor<1x4x8x8xf32>) outs(%40 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = math.exp %in : f32
      linalg.yield %91 : f32
    } -> tensor<1x4x8x8xf32>
    %49 = tensor.empty() : tensor<1x4x8x1xf32>
    %50 = linalg.fill ins(%cst : f32) outs(%49 : tensor<1x4x8x1xf32>) -> tensor<1x4x8x1xf32>
    %51 = linalg.generic {indexing_maps = [#map4, #map7], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%48 : tensor<1x4x8x8xf32>) outs(%50 : tensor<1x4x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.addf %in, %out : f32
      linalg.yield %91 : f32
    } -> tensor<1x4x8x1xf32>
    %52 = linalg.generic {indexing_maps = [#map4, #map7, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%48, %51 : tensor<1x4x8x8xf32>, tensor<1x4x8x1xf32>) outs(%40 : tensor<1x4x8x8xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %91 = arith.divf %in, %in_38 : f32
      linalg.yield %91 : f32
    } -> tensor<1x4x8x8xf32>
    %53 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%52 : tensor<1x4x8x8xf32>) outs(%25 : tensor<1x4x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %91 = arith.truncf %in : f32 to f16
      linalg.yield %91 : f16
    } -> tensor<1x4x8x8xf16>
    %collapsed_23 = tensor.collapse_shape %53 [[0, 1], [2], [3]] : tensor<1x4x8x8xf16> into tensor<4x8x8xf16>
    %collapsed_24 = tensor.collapse_shape %transposed_11 [[0, 1], [2], [3]] : tensor<1x4x8x16xf16> into tensor<4x8x16xf16>
    %54 = tensor.empty() : tensor<4x8x16xf32>
    %55 = linalg.fill ins(%cst : f32) outs(%54 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %56 = linalg.batch_matmul ins(%collapsed_23, %collapsed_24 : tensor<4x8x8xf16>, tensor<4x8x16xf16>) outs(%55 : tensor<4x8x16xf32>) -> tensor<4x8x16xf32>
    %57 = tensor.empty() : tensor<4x8x16xf16>
    %58 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%56 : tensor<4x8x16xf32>) outs(%57 : tensor<4x8x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %91 = arith.truncf %in : f32 to f16
      linalg.yield %91 : f16
    } -> tensor<4x8x16xf16>
    %expanded_25 = tensor.expand_shape %58 [[0, 1], [2], [3]] output_shape [1, 4, 8, 16] : tensor<4x8x16xf16> into tensor<1x4x8x16xf16>
    %59 = tensor.empty() : tensor<1x8x4x16xf16>
    %transposed_26 = linalg.transpose ins(%expanded_25 : tensor<1x4x8x16xf16>) outs(%59 : tensor<1x8x4x16xf16>) permutation = [0, 2, 1, 3] 
    %transposed_27 = linalg.transpose ins(%arg6 : tensor<64x64xf16>) outs(%13 : tensor<64x64xf16>) permutation = [1, 0] 
    %collapsed_28 = tensor.collapse_shape %transposed_26 [[0, 1], [2, 3]] : tensor<1x8x4x16xf16> into tensor<8x64xf16>
    %60 = linalg.matmul ins(%collapsed_28, %transposed_27 : tensor<8x64xf16>, tensor<64x64xf16>) outs(%15 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %61 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%60 : tensor<8x64xf32>) outs(%17 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %91 = arith.truncf %in : f32 to f16
      linalg.yield %91 : f16
    } -> tensor<8x64xf16>
    %expanded_29 = tensor.expand_shape %61 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %62 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %expanded_29 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_38: f16, %out: f16):
      %91 = arith.addf %in, %in_38 : f16
      linalg.yield %91 : f16
    } -> tensor<1x8x64xf16>
    %63 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %91 = arith.extf %in : f16 to f32
      linalg.yield %91 : f32
    } -> tensor<1x8x64xf32>
    %64 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %91 : f32
    } -> tensor<1x8x64xf32>
    %65 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%64 : tensor<1x8x64xf32>) outs(%4 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.addf %in, %out : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %66 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%65 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.divf %in, %cst_3 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %67 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%66 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.truncf %cst_2 : f64 to f32
      %92 = arith.addf %in, %91 : f32
      linalg.yield %92 : f32
    } -> tensor<1x8x1xf32>
    %68 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%67 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = math.rsqrt %in : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x1xf32>
    %69 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%63, %68 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %91 = arith.mulf %in, %in_38 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x64xf32>
    %70 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%69 : tensor<1x8x64xf32>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %91 = arith.truncf %in : f32 to f16
      linalg.yield %91 : f16
    } -> tensor<1x8x64xf16>
    %71 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg11, %70 : tensor<64xf16>, tensor<1x8x64xf16>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_38: f16, %out: f16):
      %91 = arith.mulf %in, %in_38 : f16
      linalg.yield %91 : f16
    } -> tensor<1x8x64xf16>
    %72 = tensor.empty() : tensor<64x176xf16>
    %transposed_30 = linalg.transpose ins(%arg7 : tensor<176x64xf16>) outs(%72 : tensor<64x176xf16>) permutation = [1, 0] 
    %collapsed_31 = tensor.collapse_shape %71 [[0, 1], [2]] : tensor<1x8x64xf16> into tensor<8x64xf16>
    %73 = tensor.empty() : tensor<8x176xf32>
    %74 = linalg.fill ins(%cst : f32) outs(%73 : tensor<8x176xf32>) -> tensor<8x176xf32>
    %75 = linalg.matmul ins(%collapsed_31, %transposed_30 : tensor<8x64xf16>, tensor<64x176xf16>) outs(%74 : tensor<8x176xf32>) -> tensor<8x176xf32>
    %76 = tensor.empty() : tensor<8x176xf16>
    %77 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%75 : tensor<8x176xf32>) outs(%76 : tensor<8x176xf16>) {
    ^bb0(%in: f32, %out: f16):
      %91 = arith.truncf %in : f32 to f16
      linalg.yield %91 : f16
    } -> tensor<8x176xf16>
    %expanded_32 = tensor.expand_shape %77 [[0, 1], [2]] output_shape [1, 8, 176] : tensor<8x176xf16> into tensor<1x8x176xf16>
    %78 = tensor.empty() : tensor<1x8x176xf32>
    %79 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%expanded_32 : tensor<1x8x176xf16>) outs(%78 : tensor<1x8x176xf32>) {
    ^bb0(%in: f16, %out: f32):
      %91 = arith.extf %in : f16 to f32
      linalg.yield %91 : f32
    } -> tensor<1x8x176xf32>
    %80 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79 : tensor<1x8x176xf32>) outs(%78 : tensor<1x8x176xf32>) {
    ^bb0(%in: f32, %out: f32):
      %91 = arith.negf %in : f32
      %92 = math.exp %91 : f32
      %93 = arith.addf %92, %cst_1 : f32
      %94 = arith.divf %cst_1, %93 : f32
      linalg.yield %94 : f32
    } -> tensor<1x8x176xf32>
    %81 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%79, %80 : tensor<1x8x176xf32>, tensor<1x8x176xf32>) outs(%78 : tensor<1x8x176xf32>) {
    ^bb0(%in: f32, %in_38: f32, %out: f32):
      %91 = arith.mulf %in, %in_38 : f32
      linalg.yield %91 : f32
    } -> tensor<1x8x176xf32>
    %82 = tensor.empty() : tensor<1x8x176xf16>
    %83 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%81 : tensor<1x8x176xf32>) outs(%82 : tensor<1x8x176xf16>) {
    ^bb0(%in: f32, %out: f16):
      %91 = arith.truncf %in : f32 to f16
      linalg.yield %91 : f16
    } -> tensor<1x8x176xf16>
    %transposed_33 = linalg.transpose ins(%arg8 : tensor<176x64xf16>) outs(%72 : tensor<64x176xf16>) permutation = [1, 0] 
    %84 = linalg.matmul ins(%collapsed_31, %transposed_33 : tensor<8x64xf16>, tensor<64x176xf16>) outs(%74 : tensor<8x176xf32>) -> tensor<8x176xf32>
    %85 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%84 : tensor<8x176xf32>) outs(%76 : tensor<8x176xf16>) {
    ^bb0(%in: f32, %out: f16):
      %91 = arith.truncf %in : f32 to f16
      linalg.yield %91 : f16
    } -> tensor<8x176xf16>
    %expanded_34 = tensor.expand_shape %85 [[0, 1], [2]] output_shape [1, 8, 176] : tensor<8x176xf16> into tensor<1x8x176xf16>
    %86 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%83, %expanded_34 : tensor<1x8x176xf16>, tensor<1x8x176xf16>) outs(%82 : tensor<1x8x176xf16>) {
    ^bb0(%in: f16, %in_38: f16, %out: f16):
      %91 = arith.mulf %in, %in_38 : f16
      linalg.yield %91 : f16
    } -> tensor<1x8x176xf16>
    %87 = tensor.empty() : tensor<176x64xf16>
    %transposed_35 = linalg.transpose ins(%arg9 : tensor<64x176xf16>) outs(%87 : tensor<176x64xf16>) permutation = [1, 0] 
    %collapsed_36 = tensor.collapse_shape %86 [[0, 1], [2]] : tensor<1x8x176xf16> into tensor<8x176xf16>
    %88 = linalg.matmul ins(%collapsed_36, %transposed_35 : tensor<8x176xf16>, tensor<176x64xf16>) outs(%15 : tensor<8x64xf32>) -> tensor<8x64xf32>
    %89 = linalg.generic {indexing_maps = [#map3, #map3], iterator_types = ["parallel", "parallel"]} ins(%88 : tensor<8x64xf32>) outs(%17 : tensor<8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %91 = arith.truncf %in : f32 to f16
      linalg.yield %91 : f16
    } -> tensor<8x64xf16>
    %expanded_37 = tensor.expand_shape %89 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf16> into tensor<1x8x64xf16>
    %90 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%62, %expanded_37 : tensor<1x8x64xf16>, tensor<1x8x64xf16>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_38: f16, %out: f16):
      %91 = arith.addf %in, %in_38 : f16
      linalg.yield %91 : f16
    } -> tensor<1x8x64xf16>
    return %90 : tensor<1x8x64xf16>
  }
}
