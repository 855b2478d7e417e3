// A ResNet basic block (8 channels, 8x8), f16:
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) in
// inference mode, its weights and batch norm's running statistics lifted
// to arguments: written by utils/export_models.py; do not edit. It imports,
// runs as upstream MLIR runs the linalg, superoptimized with no options
// still agrees with upstream's execution, and lowers to PTX.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s --positive=8,10 | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --positive=8,10 --passes=--tsopt-superoptimize | FileCheck %s --check-prefix=ORACLE %}
// RUN: tsopt-opt %s --convert-linalg-to-kgraph --tsopt-superoptimize 2>/dev/null | tsopt-translate --tsopt-to-ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// CHECK-LABEL: func.func @resnet_basic_block(
// CHECK-COUNT-2: kgraph.conv2d {{.*}} padding = [1, 1, 1, 1]
// ORACLE: @resnet_basic_block output 0 tensor<1x8x8x8xf16>: relative error {{.*}}: agree
// PTX: .entry resnet_basic_block_kernel

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @resnet_basic_block(%arg0: tensor<1x8x8x8xf16>, %arg1: tensor<8x8x3x3xf16>, %arg2: tensor<8xf16>, %arg3: tensor<8xf16>, %arg4: tensor<8x8x3x3xf16>, %arg5: tensor<8xf16>, %arg6: tensor<8xf16>, %arg7: tensor<8xf16>, %arg8: tensor<8xf16>, %arg9: tensor<8xf16>, %arg10: tensor<8xf16>) -> tensor<1x8x8x8xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant 1.000000e-05 : f64
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg11: index, %arg12: index, %arg13: index, %arg14: index):
      tensor.yield %cst : f16
    } : tensor<1x8x8x8xf16> to tensor<1x8x10x10xf16>
    %0 = tensor.empty() : tensor<1x8x8x8xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg1 : tensor<1x8x10x10xf16>, tensor<8x8x3x3xf16>) outs(%1 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %3 = tensor.empty() : tensor<1x8x8x8xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<1x8x8x8xf32>) outs(%3 : tensor<1x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %29 = arith.truncf %in : f32 to f16
      linalg.yield %29 : f16
    } -> tensor<1x8x8x8xf16>
    %5 = tensor.empty() : tensor<8xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%arg7 : tensor<8xf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %29 = arith.extf %in : f16 to f32
      linalg.yield %29 : f32
    } -> tensor<8xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%arg8 : tensor<8xf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %29 = arith.extf %in : f16 to f32
      linalg.yield %29 : f32
    } -> tensor<8xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%7 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = arith.truncf %cst_1 : f64 to f32
      %30 = arith.addf %in, %29 : f32
      linalg.yield %30 : f32
    } -> tensor<8xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%8 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = math.rsqrt %in : f32
      linalg.yield %29 : f32
    } -> tensor<8xf32>
    %expanded = tensor.expand_shape %6 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_2 = tensor.expand_shape %9 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<1x8x8x8xf16>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f16, %in_10: f32, %out: f32):
      %29 = arith.extf %in : f16 to f32
      %30 = arith.subf %29, %in_10 : f32
      linalg.yield %30 : f32
    } -> tensor<1x8x8x8xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10, %expanded_2 : tensor<1x8x8x8xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %29 = arith.mulf %in, %in_10 : f32
      linalg.yield %29 : f32
    } -> tensor<1x8x8x8xf32>
    %expanded_3 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_3 : tensor<1x8x8x8xf32>, tensor<8x1x1xf16>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_10: f16, %out: f32):
      %29 = arith.extf %in_10 : f16 to f32
      %30 = arith.mulf %in, %29 : f32
      linalg.yield %30 : f32
    } -> tensor<1x8x8x8xf32>
    %expanded_4 = tensor.expand_shape %arg3 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_4 : tensor<1x8x8x8xf32>, tensor<8x1x1xf16>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_10: f16, %out: f32):
      %29 = arith.extf %in_10 : f16 to f32
      %30 = arith.addf %in, %29 : f32
      linalg.yield %30 : f32
    } -> tensor<1x8x8x8xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13 : tensor<1x8x8x8xf32>) outs(%3 : tensor<1x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %29 = arith.truncf %in : f32 to f16
      linalg.yield %29 : f16
    } -> tensor<1x8x8x8xf16>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14 : tensor<1x8x8x8xf16>) outs(%3 : tensor<1x8x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %29 = arith.cmpf ugt, %in, %cst : f16
      %30 = arith.select %29, %in, %cst : f16
      linalg.yield %30 : f16
    } -> tensor<1x8x8x8xf16>
    %padded_5 = tensor.pad %15 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg11: index, %arg12: index, %arg13: index, %arg14: index):
      tensor.yield %cst : f16
    } : tensor<1x8x8x8xf16> to tensor<1x8x10x10xf16>
    %16 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_5, %arg4 : tensor<1x8x10x10xf16>, tensor<8x8x3x3xf16>) outs(%1 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16 : tensor<1x8x8x8xf32>) outs(%3 : tensor<1x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %29 = arith.truncf %in : f32 to f16
      linalg.yield %29 : f16
    } -> tensor<1x8x8x8xf16>
    %18 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%arg9 : tensor<8xf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %29 = arith.extf %in : f16 to f32
      linalg.yield %29 : f32
    } -> tensor<8xf32>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%arg10 : tensor<8xf16>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %29 = arith.extf %in : f16 to f32
      linalg.yield %29 : f32
    } -> tensor<8xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%19 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = arith.truncf %cst_1 : f64 to f32
      %30 = arith.addf %in, %29 : f32
      linalg.yield %30 : f32
    } -> tensor<8xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%20 : tensor<8xf32>) outs(%5 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %29 = math.rsqrt %in : f32
      linalg.yield %29 : f32
    } -> tensor<8xf32>
    %expanded_6 = tensor.expand_shape %18 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_7 = tensor.expand_shape %21 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %22 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17, %expanded_6 : tensor<1x8x8x8xf16>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f16, %in_10: f32, %out: f32):
      %29 = arith.extf %in : f16 to f32
      %30 = arith.subf %29, %in_10 : f32
      linalg.yield %30 : f32
    } -> tensor<1x8x8x8xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%22, %expanded_7 : tensor<1x8x8x8xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_10: f32, %out: f32):
      %29 = arith.mulf %in, %in_10 : f32
      linalg.yield %29 : f32
    } -> tensor<1x8x8x8xf32>
    %expanded_8 = tensor.expand_shape %arg5 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %24 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %expanded_8 : tensor<1x8x8x8xf32>, tensor<8x1x1xf16>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_10: f16, %out: f32):
      %29 = arith.extf %in_10 : f16 to f32
      %30 = arith.mulf %in, %29 : f32
      linalg.yield %30 : f32
    } -> tensor<1x8x8x8xf32>
    %expanded_9 = tensor.expand_shape %arg6 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %expanded_9 : tensor<1x8x8x8xf32>, tensor<8x1x1xf16>) outs(%0 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_10: f16, %out: f32):
      %29 = arith.extf %in_10 : f16 to f32
      %30 = arith.addf %in, %29 : f32
      linalg.yield %30 : f32
    } -> tensor<1x8x8x8xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25 : tensor<1x8x8x8xf32>) outs(%3 : tensor<1x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %29 = arith.truncf %in : f32 to f16
      linalg.yield %29 : f16
    } -> tensor<1x8x8x8xf16>
    %27 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26, %arg0 : tensor<1x8x8x8xf16>, tensor<1x8x8x8xf16>) outs(%3 : tensor<1x8x8x8xf16>) {
    ^bb0(%in: f16, %in_10: f16, %out: f16):
      %29 = arith.addf %in, %in_10 : f16
      linalg.yield %29 : f16
    } -> tensor<1x8x8x8xf16>
    %28 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27 : tensor<1x8x8x8xf16>) outs(%3 : tensor<1x8x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %29 = arith.cmpf ugt, %in, %cst : f16
      %30 = arith.select %29, %in, %cst : f16
      linalg.yield %30 : f16
    } -> tensor<1x8x8x8xf16>
    return %28 : tensor<1x8x8x8xf16>
  }
}
