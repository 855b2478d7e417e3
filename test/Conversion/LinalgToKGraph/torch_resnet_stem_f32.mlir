// ResNet's stem (3x32x32 images, a 7x7 stride-2 convolution, a 3x3 stride-2 max pooling padded with -inf), f32:
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) in
// inference mode, its weights and batch norm's running statistics lifted
// to arguments: written by utils/export_models.py; do not edit. It imports,
// runs as upstream MLIR runs the linalg, superoptimized with no options
// still agrees with upstream's execution, and lowers to PTX.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s --positive=5 | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --positive=5 --passes=--tsopt-superoptimize | FileCheck %s --check-prefix=ORACLE %}
// RUN: tsopt-opt %s --convert-linalg-to-kgraph --tsopt-superoptimize 2>/dev/null | tsopt-translate --tsopt-to-ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// CHECK-LABEL: func.func @resnet_stem(
// CHECK: kgraph.conv2d {{.*}} stride = [2, 2] padding = [3, 3, 3, 3]
// CHECK: kgraph.im2col {{.*}} kernel = [3, 3] stride = [2, 2] padding = [1, 1, 1, 1] dilation = [1, 1] pad_value = -
// CHECK: kgraph.reduce_max
// ORACLE: @resnet_stem output 0 tensor<1x8x8x8xf32>: relative error {{.*}}: agree
// PTX: .entry resnet_stem_kernel

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
module {
  func.func @resnet_stem(%arg0: tensor<1x3x32x32xf32>, %arg1: tensor<8x3x7x7xf32>, %arg2: tensor<8xf32>, %arg3: tensor<8xf32>, %arg4: tensor<8xf32>, %arg5: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant 1.000000e-05 : f64
    %padded = tensor.pad %arg0 low[0, 0, 3, 3] high[0, 0, 3, 3] {
    ^bb0(%arg6: index, %arg7: index, %arg8: index, %arg9: index):
      tensor.yield %cst : f32
    } : tensor<1x3x32x32xf32> to tensor<1x3x38x38xf32>
    %0 = tensor.empty() : tensor<1x8x16x16xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %arg1 : tensor<1x3x38x38xf32>, tensor<8x3x7x7xf32>) outs(%1 : tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
    %3 = tensor.empty() : tensor<8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg5 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.truncf %cst_1 : f64 to f32
      %16 = arith.addf %in, %15 : f32
      linalg.yield %16 : f32
    } -> tensor<8xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%4 : tensor<8xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = math.rsqrt %in : f32
      linalg.yield %15 : f32
    } -> tensor<8xf32>
    %expanded = tensor.expand_shape %arg4 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_2 = tensor.expand_shape %5 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2, %expanded : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %15 = arith.subf %in, %in_6 : f32
      linalg.yield %15 : f32
    } -> tensor<1x8x16x16xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6, %expanded_2 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %15 = arith.mulf %in, %in_6 : f32
      linalg.yield %15 : f32
    } -> tensor<1x8x16x16xf32>
    %expanded_3 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%7, %expanded_3 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %15 = arith.mulf %in, %in_6 : f32
      linalg.yield %15 : f32
    } -> tensor<1x8x16x16xf32>
    %expanded_4 = tensor.expand_shape %arg3 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map2, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%8, %expanded_4 : tensor<1x8x16x16xf32>, tensor<8x1x1xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %in_6: f32, %out: f32):
      %15 = arith.addf %in, %in_6 : f32
      linalg.yield %15 : f32
    } -> tensor<1x8x16x16xf32>
    %10 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%9 : tensor<1x8x16x16xf32>) outs(%0 : tensor<1x8x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %15 = arith.cmpf ugt, %in, %cst : f32
      %16 = arith.select %15, %in, %cst : f32
      linalg.yield %16 : f32
    } -> tensor<1x8x16x16xf32>
    %padded_5 = tensor.pad %10 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg6: index, %arg7: index, %arg8: index, %arg9: index):
      tensor.yield %cst_0 : f32
    } : tensor<1x8x16x16xf32> to tensor<1x8x18x18xf32>
    %11 = tensor.empty() : tensor<1x8x8x8xf32>
    %12 = linalg.fill ins(%cst_0 : f32) outs(%11 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %13 = tensor.empty() : tensor<3x3xf32>
    %14 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded_5, %13 : tensor<1x8x18x18xf32>, tensor<3x3xf32>) outs(%12 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    return %14 : tensor<1x8x8x8xf32>
  }
}
