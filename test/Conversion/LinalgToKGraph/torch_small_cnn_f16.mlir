// A small CNN (3x16x16 images, strided and depthwise convolutions, a linear classifier), f16:
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
// ORACLE: @small_cnn output 0 tensor<2x10xf16>: relative error {{.*}}: agree
// PTX: .entry small_cnn_kernel

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1) -> (d0, d1)>
#map3 = affine_map<(d0, d1) -> (d1)>
module {
  func.func @small_cnn(%arg0: tensor<2x3x16x16xf16>, %arg1: tensor<8x3x3x3xf16>, %arg2: tensor<8xf16>, %arg3: tensor<16x8x3x3xf16>, %arg4: tensor<16xf16>, %arg5: tensor<16x1x3x3xf16>, %arg6: tensor<16xf16>, %arg7: tensor<10x1024xf16>, %arg8: tensor<10xf16>) -> tensor<2x10xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg9: index, %arg10: index, %arg11: index, %arg12: index):
      tensor.yield %cst : f16
    } : tensor<2x3x16x16xf16> to tensor<2x3x18x18xf16>
    %0 = tensor.empty() : tensor<2x8x16x16xf32>
    %1 = tensor.empty() : tensor<8xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg2 : tensor<8xf16>) outs(%1 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %32 = arith.extf %in : f16 to f32
      linalg.yield %32 : f32
    } -> tensor<8xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<8xf32>) outs(%0 : tensor<2x8x16x16xf32>) dimensions = [0, 2, 3] 
    %3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %arg1 : tensor<2x3x18x18xf16>, tensor<8x3x3x3xf16>) outs(%broadcasted : tensor<2x8x16x16xf32>) -> tensor<2x8x16x16xf32>
    %4 = tensor.empty() : tensor<2x8x16x16xf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x8x16x16xf32>) outs(%4 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f32, %out: f16):
      %32 = arith.truncf %in : f32 to f16
      linalg.yield %32 : f16
    } -> tensor<2x8x16x16xf16>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%5 : tensor<2x8x16x16xf16>) outs(%4 : tensor<2x8x16x16xf16>) {
    ^bb0(%in: f16, %out: f16):
      %32 = arith.cmpf ugt, %in, %cst : f16
      %33 = arith.select %32, %in, %cst : f16
      linalg.yield %33 : f16
    } -> tensor<2x8x16x16xf16>
    %padded_1 = tensor.pad %6 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg9: index, %arg10: index, %arg11: index, %arg12: index):
      tensor.yield %cst : f16
    } : tensor<2x8x16x16xf16> to tensor<2x8x18x18xf16>
    %7 = tensor.empty() : tensor<2x16x8x8xf32>
    %8 = tensor.empty() : tensor<16xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg4 : tensor<16xf16>) outs(%8 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %32 = arith.extf %in : f16 to f32
      linalg.yield %32 : f32
    } -> tensor<16xf32>
    %broadcasted_2 = linalg.broadcast ins(%9 : tensor<16xf32>) outs(%7 : tensor<2x16x8x8xf32>) dimensions = [0, 2, 3] 
    %10 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_1, %arg3 : tensor<2x8x18x18xf16>, tensor<16x8x3x3xf16>) outs(%broadcasted_2 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %11 = tensor.empty() : tensor<2x16x8x8xf16>
    %12 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10 : tensor<2x16x8x8xf32>) outs(%11 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %32 = arith.truncf %in : f32 to f16
      linalg.yield %32 : f16
    } -> tensor<2x16x8x8xf16>
    %13 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12 : tensor<2x16x8x8xf16>) outs(%11 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %32 = arith.cmpf ugt, %in, %cst : f16
      %33 = arith.select %32, %in, %cst : f16
      linalg.yield %33 : f16
    } -> tensor<2x16x8x8xf16>
    %padded_3 = tensor.pad %13 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg9: index, %arg10: index, %arg11: index, %arg12: index):
      tensor.yield %cst : f16
    } : tensor<2x16x8x8xf16> to tensor<2x16x10x10xf16>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg6 : tensor<16xf16>) outs(%8 : tensor<16xf32>) {
    ^bb0(%in: f16, %out: f32):
      %32 = arith.extf %in : f16 to f32
      linalg.yield %32 : f32
    } -> tensor<16xf32>
    %broadcasted_4 = linalg.broadcast ins(%14 : tensor<16xf32>) outs(%7 : tensor<2x16x8x8xf32>) dimensions = [0, 2, 3] 
    %collapsed = tensor.collapse_shape %arg5 [[0, 1], [2], [3]] : tensor<16x1x3x3xf16> into tensor<16x3x3xf16>
    %15 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded_3, %collapsed : tensor<2x16x10x10xf16>, tensor<16x3x3xf16>) outs(%broadcasted_4 : tensor<2x16x8x8xf32>) -> tensor<2x16x8x8xf32>
    %16 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%15 : tensor<2x16x8x8xf32>) outs(%11 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %32 = arith.truncf %in : f32 to f16
      linalg.yield %32 : f16
    } -> tensor<2x16x8x8xf16>
    %17 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%16 : tensor<2x16x8x8xf16>) outs(%11 : tensor<2x16x8x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %32 = arith.cmpf ugt, %in, %cst : f16
      %33 = arith.select %32, %in, %cst : f16
      linalg.yield %33 : f16
    } -> tensor<2x16x8x8xf16>
    %collapsed_5 = tensor.collapse_shape %17 [[0], [1, 2, 3]] : tensor<2x16x8x8xf16> into tensor<2x1024xf16>
    %18 = tensor.empty() : tensor<1024x10xf16>
    %transposed = linalg.transpose ins(%arg7 : tensor<10x1024xf16>) outs(%18 : tensor<1024x10xf16>) permutation = [1, 0] 
    %19 = tensor.empty() : tensor<10xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg8 : tensor<10xf16>) outs(%19 : tensor<10xf32>) {
    ^bb0(%in: f16, %out: f32):
      %32 = arith.extf %in : f16 to f32
      linalg.yield %32 : f32
    } -> tensor<10xf32>
    %21 = tensor.empty() : tensor<2x1024xf32>
    %22 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%collapsed_5 : tensor<2x1024xf16>) outs(%21 : tensor<2x1024xf32>) {
    ^bb0(%in: f16, %out: f32):
      %32 = arith.extf %in : f16 to f32
      linalg.yield %32 : f32
    } -> tensor<2x1024xf32>
    %23 = tensor.empty() : tensor<1024x10xf32>
    %24 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%transposed : tensor<1024x10xf16>) outs(%23 : tensor<1024x10xf32>) {
    ^bb0(%in: f16, %out: f32):
      %32 = arith.extf %in : f16 to f32
      linalg.yield %32 : f32
    } -> tensor<1024x10xf32>
    %25 = tensor.empty() : tensor<2x10xf32>
    %26 = linalg.fill ins(%cst_0 : f32) outs(%25 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %27 = linalg.matmul ins(%22, %24 : tensor<2x1024xf32>, tensor<1024x10xf32>) outs(%26 : tensor<2x10xf32>) -> tensor<2x10xf32>
    %28 = linalg.generic {indexing_maps = [#map3, #map2], iterator_types = ["parallel", "parallel"]} ins(%20 : tensor<10xf32>) outs(%25 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x10xf32>
    %29 = linalg.generic {indexing_maps = [#map2, #map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%27, %28 : tensor<2x10xf32>, tensor<2x10xf32>) outs(%25 : tensor<2x10xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %32 = arith.addf %in, %in_6 : f32
      linalg.yield %32 : f32
    } -> tensor<2x10xf32>
    %30 = tensor.empty() : tensor<2x10xf16>
    %31 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = ["parallel", "parallel"]} ins(%29 : tensor<2x10xf32>) outs(%30 : tensor<2x10xf16>) {
    ^bb0(%in: f32, %out: f16):
      %32 = arith.truncf %in : f32 to f16
      linalg.yield %32 : f16
    } -> tensor<2x10xf16>
    return %31 : tensor<2x10xf16>
  }
}
