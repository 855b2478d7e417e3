// A small CNN (3x16x16 images, strided and depthwise convolutions, a linear classifier), f32:
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) in
// inference mode, its weights and batch norm's running statistics lifted
// to arguments: written by utils/export_models.py; do not edit. It imports,
// runs as upstream MLIR runs the linalg, superoptimized with no options
// still agrees with upstream's execution, and lowers to PTX.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize | FileCheck %s --check-prefix=ORACLE %}
// RUN: tsopt-opt %s --convert-linalg-to-kgraph --tsopt-superoptimize 2>/dev/null | tsopt-translate --tsopt-to-ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// CHECK-LABEL: func.func @small_cnn(
// CHECK: kgraph.conv2d {{.*}} stride = [1, 1]
// CHECK: kgraph.conv2d {{.*}} stride = [2, 2]
// CHECK: kgraph.conv2d {{.*}} groups = 16
// CHECK: kgraph.matmul
// ORACLE: @small_cnn output 0 tensor<2x10xf32>: relative error {{.*}}: agree
// PTX: .entry small_cnn_kernel

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1) -> (d1)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @small_cnn(%arg0: tensor<2x3x16x16xf32>, %arg1: tensor<8x3x3x3xf32>, %arg2: tensor<8xf32>, %arg3: tensor<16x8x3x3xf32>, %arg4: tensor<16xf32>, %arg5: tensor<16x1x3x3xf32>, %arg6: tensor<16xf32>, %arg7: tensor<10x1024xf32>, %arg8: tensor<10xf32>) -> tensor<2x10xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg9: index, %arg10: index, %arg11: index, %arg12: index):
      tensor.yield %cst : f32
    } : tensor<2x3x16x16xf32> to tensor<2x3x18x18xf32>
    %0 = tensor.empty() : tensor<2x8x16x16xf32>
    %broadcasted = linalg.broadcast ins(%arg2 : tensor<8xf32>) outs(%0 : tensor<2x8x16x16xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg1 : tensor<2x3x18x18xf32>, tensor<8x3x3x3xf32>) outs(%broadcasted : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%1 : tensor<2x8x16x16xf32>) outs(%0 : tensor<2x8x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %14 = arith.cmpf ugt, %in, %cst : f32
      %15 = arith.select %14, %in, %cst : f32
      linalg.yield %15 : f32
    } -> tensor<2x8x16x16xf32>
    %padded_0 = tensor.pad %2 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg9: index, %arg10: index, %arg11: index, %arg12: index):
      tensor.yield %cst : f32
    } : tensor<2x8x16x16xf32> to tensor<2x8x18x18xf32>
    %3 = tensor.empty() : tensor<2x16x8x8xf32>
    %broadcasted_1 = linalg.broadcast ins(%arg4 : tensor<16xf32>) outs(%3 : tensor<2x16x8x8xf32>) dimensions = [0, 2, 3] 
    %4 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_0, %arg3 : tensor<2x8x18x18xf32>, tensor<16x8x3x3xf32>) outs(%broadcasted_1 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %14 = arith.cmpf ugt, %in, %cst : f32
      %15 = arith.select %14, %in, %cst : f32
      linalg.yield %15 : f32
    } -> tensor<2x16x8x8xf32>
    %padded_2 = tensor.pad %5 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg9: index, %arg10: index, %arg11: index, %arg12: index):
      tensor.yield %cst : f32
    } : tensor<2x16x8x8xf32> to tensor<2x16x10x10xf32>
    %broadcasted_3 = linalg.broadcast ins(%arg6 : tensor<16xf32>) outs(%3 : tensor<2x16x8x8xf32>) dimensions = [0, 2, 3] 
    %collapsed = tensor.collapse_shape %arg5 [[0, 1], [2], [3]] : tensor<16x1x3x3xf32> into tensor<16x3x3xf32>
    %6 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_2, %collapsed : tensor<2x16x10x10xf32>, tensor<16x3x3xf32>) outs(%broadcasted_3 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : tensor<2x16x8x8xf32>) outs(%3 : tensor<2x16x8x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %14 = arith.cmpf ugt, %in, %cst : f32
      %15 = arith.select %14, %in, %cst : f32
      linalg.yield %15 : f32
    } -> tensor<2x16x8x8xf32>
    %collapsed_4 = tensor.collapse_shape %7 [[0], [1, 2, 3]] : tensor<2x16x8x8xf32> into tensor<2x1024xf32>
    %8 = tensor.empty() : tensor<1024x10xf32>
    %transposed = linalg.transpose ins(%arg7 : tensor<10x1024xf32>) outs(%8 : tensor<1024x10xf32>) permutation = [1, 0] 
    %9 = tensor.empty() : tensor<2x10xf32>
    %10 = linalg.fill ins(%cst : f32) outs(%9 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %11 = linalg.matmul ins(%collapsed_4, %transposed : tensor<2x1024xf32>, tensor<1024x10xf32>) outs(%10 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map2], iterator_types = ["parallel", "parallel"]} ins(%arg8 : tensor<10xf32>) outs(%9 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x10xf32>
    %13 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%11, %12 : tensor<2x10xf32>, tensor<2x10xf32>) outs(%9 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %in_5: f32, %out: f32):
      %14 = arith.addf %in, %in_5 : f32
      linalg.yield %14 : f32
    } -> tensor<2x10xf32>
    return %13 : tensor<2x10xf32>
  }
}
