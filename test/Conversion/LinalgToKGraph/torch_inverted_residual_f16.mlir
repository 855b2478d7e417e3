// MobileNetV2's inverted residual (8 channels, expansion 4, 8x8, relu6), f16:
// exported by torch-mlir's fx.export_and_import (linalg-on-tensors) in
// inference mode, its weights and batch norm's running statistics lifted
// to arguments: written by utils/export_models.py; do not edit. It imports,
// runs as upstream MLIR runs the linalg, superoptimized with no options
// still agrees with upstream's execution, and lowers to PTX.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s --positive=11,13,15 | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --positive=11,13,15 --passes=--tsopt-superoptimize | FileCheck %s --check-prefix=ORACLE %}
// RUN: tsopt-opt %s --convert-linalg-to-kgraph --tsopt-superoptimize 2>/dev/null | tsopt-translate --tsopt-to-ptx -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// CHECK-LABEL: func.func @inverted_residual(
// CHECK: kgraph.conv2d
// CHECK: kgraph.min_scalar {{.*}}, 6.000000e+00
// CHECK: kgraph.conv2d {{.*}} groups = 32
// CHECK: kgraph.min_scalar {{.*}}, 6.000000e+00
// ORACLE: @inverted_residual output 0 tensor<1x8x8x8xf16>: relative error {{.*}}: agree
// PTX: .entry inverted_residual_kernel

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0) -> (d0)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d1, 0, 0)>
#map3 = affine_map<(d0, d1, d2, d3) -> ()>
module {
  func.func @inverted_residual(%arg0: tensor<1x8x8x8xf16>, %arg1: tensor<32x8x1x1xf16>, %arg2: tensor<32xf16>, %arg3: tensor<32xf16>, %arg4: tensor<32x1x3x3xf16>, %arg5: tensor<32xf16>, %arg6: tensor<32xf16>, %arg7: tensor<8x32x1x1xf16>, %arg8: tensor<8xf16>, %arg9: tensor<8xf16>, %arg10: tensor<32xf16>, %arg11: tensor<32xf16>, %arg12: tensor<32xf16>, %arg13: tensor<32xf16>, %arg14: tensor<8xf16>, %arg15: tensor<8xf16>) -> tensor<1x8x8x8xf16> {
    %cst = arith.constant 0.000000e+00 : f16
    %cst_0 = arith.constant 0.000000e+00 : f32
    %cst_1 = arith.constant dense<6.000000e+00> : tensor<f16>
    %cst_2 = arith.constant dense<0.000000e+00> : tensor<f16>
    %cst_3 = arith.constant 1.000000e-05 : f64
    %0 = tensor.empty() : tensor<1x32x8x8xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
    %2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%arg0, %arg1 : tensor<1x8x8x8xf16>, tensor<32x8x1x1xf16>) outs(%1 : tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
    %3 = tensor.empty() : tensor<1x32x8x8xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%2 : tensor<1x32x8x8xf32>) outs(%3 : tensor<1x32x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %46 = arith.truncf %in : f32 to f16
      linalg.yield %46 : f16
    } -> tensor<1x32x8x8xf16>
    %5 = tensor.empty() : tensor<32xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%arg10 : tensor<32xf16>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %46 = arith.extf %in : f16 to f32
      linalg.yield %46 : f32
    } -> tensor<32xf32>
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%arg11 : tensor<32xf16>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %46 = arith.extf %in : f16 to f32
      linalg.yield %46 : f32
    } -> tensor<32xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%7 : tensor<32xf32>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %46 = arith.truncf %cst_3 : f64 to f32
      %47 = arith.addf %in, %46 : f32
      linalg.yield %47 : f32
    } -> tensor<32xf32>
    %9 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%8 : tensor<32xf32>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %46 = math.rsqrt %in : f32
      linalg.yield %46 : f32
    } -> tensor<32xf32>
    %expanded = tensor.expand_shape %6 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %expanded_4 = tensor.expand_shape %9 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%4, %expanded : tensor<1x32x8x8xf16>, tensor<32x1x1xf32>) outs(%0 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f16, %in_15: f32, %out: f32):
      %46 = arith.extf %in : f16 to f32
      %47 = arith.subf %46, %in_15 : f32
      linalg.yield %47 : f32
    } -> tensor<1x32x8x8xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%10, %expanded_4 : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>) outs(%0 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %46 = arith.mulf %in, %in_15 : f32
      linalg.yield %46 : f32
    } -> tensor<1x32x8x8xf32>
    %expanded_5 = tensor.expand_shape %arg2 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf16> into tensor<32x1x1xf16>
    %12 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%11, %expanded_5 : tensor<1x32x8x8xf32>, tensor<32x1x1xf16>) outs(%0 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_15: f16, %out: f32):
      %46 = arith.extf %in_15 : f16 to f32
      %47 = arith.mulf %in, %46 : f32
      linalg.yield %47 : f32
    } -> tensor<1x32x8x8xf32>
    %expanded_6 = tensor.expand_shape %arg3 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf16> into tensor<32x1x1xf16>
    %13 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%12, %expanded_6 : tensor<1x32x8x8xf32>, tensor<32x1x1xf16>) outs(%0 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_15: f16, %out: f32):
      %46 = arith.extf %in_15 : f16 to f32
      %47 = arith.addf %in, %46 : f32
      linalg.yield %47 : f32
    } -> tensor<1x32x8x8xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%13 : tensor<1x32x8x8xf32>) outs(%3 : tensor<1x32x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %46 = arith.truncf %in : f32 to f16
      linalg.yield %46 : f16
    } -> tensor<1x32x8x8xf16>
    %15 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%14, %cst_2 : tensor<1x32x8x8xf16>, tensor<f16>) outs(%3 : tensor<1x32x8x8xf16>) {
    ^bb0(%in: f16, %in_15: f16, %out: f16):
      %46 = arith.cmpf ogt, %in, %in_15 : f16
      %47 = arith.select %46, %in, %in_15 : f16
      linalg.yield %47 : f16
    } -> tensor<1x32x8x8xf16>
    %16 = linalg.generic {indexing_maps = [#map3, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1, %15 : tensor<f16>, tensor<1x32x8x8xf16>) outs(%3 : tensor<1x32x8x8xf16>) {
    ^bb0(%in: f16, %in_15: f16, %out: f16):
      %46 = arith.cmpf olt, %in, %in_15 : f16
      %47 = arith.select %46, %in, %in_15 : f16
      linalg.yield %47 : f16
    } -> tensor<1x32x8x8xf16>
    %padded = tensor.pad %16 low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%arg16: index, %arg17: index, %arg18: index, %arg19: index):
      tensor.yield %cst : f16
    } : tensor<1x32x8x8xf16> to tensor<1x32x10x10xf16>
    %collapsed = tensor.collapse_shape %arg4 [[0, 1], [2], [3]] : tensor<32x1x3x3xf16> into tensor<32x3x3xf16>
    %17 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%padded, %collapsed : tensor<1x32x10x10xf16>, tensor<32x3x3xf16>) outs(%1 : tensor<1x32x8x8xf32>) -> tensor<1x32x8x8xf32>
    %18 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%17 : tensor<1x32x8x8xf32>) outs(%3 : tensor<1x32x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %46 = arith.truncf %in : f32 to f16
      linalg.yield %46 : f16
    } -> tensor<1x32x8x8xf16>
    %19 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%arg12 : tensor<32xf16>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %46 = arith.extf %in : f16 to f32
      linalg.yield %46 : f32
    } -> tensor<32xf32>
    %20 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%arg13 : tensor<32xf16>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %46 = arith.extf %in : f16 to f32
      linalg.yield %46 : f32
    } -> tensor<32xf32>
    %21 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%20 : tensor<32xf32>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %46 = arith.truncf %cst_3 : f64 to f32
      %47 = arith.addf %in, %46 : f32
      linalg.yield %47 : f32
    } -> tensor<32xf32>
    %22 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%21 : tensor<32xf32>) outs(%5 : tensor<32xf32>) {
    ^bb0(%in: f32, %out: f32):
      %46 = math.rsqrt %in : f32
      linalg.yield %46 : f32
    } -> tensor<32xf32>
    %expanded_7 = tensor.expand_shape %19 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %expanded_8 = tensor.expand_shape %22 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf32> into tensor<32x1x1xf32>
    %23 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%18, %expanded_7 : tensor<1x32x8x8xf16>, tensor<32x1x1xf32>) outs(%0 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f16, %in_15: f32, %out: f32):
      %46 = arith.extf %in : f16 to f32
      %47 = arith.subf %46, %in_15 : f32
      linalg.yield %47 : f32
    } -> tensor<1x32x8x8xf32>
    %24 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%23, %expanded_8 : tensor<1x32x8x8xf32>, tensor<32x1x1xf32>) outs(%0 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %46 = arith.mulf %in, %in_15 : f32
      linalg.yield %46 : f32
    } -> tensor<1x32x8x8xf32>
    %expanded_9 = tensor.expand_shape %arg5 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf16> into tensor<32x1x1xf16>
    %25 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%24, %expanded_9 : tensor<1x32x8x8xf32>, tensor<32x1x1xf16>) outs(%0 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_15: f16, %out: f32):
      %46 = arith.extf %in_15 : f16 to f32
      %47 = arith.mulf %in, %46 : f32
      linalg.yield %47 : f32
    } -> tensor<1x32x8x8xf32>
    %expanded_10 = tensor.expand_shape %arg6 [[0, 1, 2]] output_shape [32, 1, 1] : tensor<32xf16> into tensor<32x1x1xf16>
    %26 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%25, %expanded_10 : tensor<1x32x8x8xf32>, tensor<32x1x1xf16>) outs(%0 : tensor<1x32x8x8xf32>) {
    ^bb0(%in: f32, %in_15: f16, %out: f32):
      %46 = arith.extf %in_15 : f16 to f32
      %47 = arith.addf %in, %46 : f32
      linalg.yield %47 : f32
    } -> tensor<1x32x8x8xf32>
    %27 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%26 : tensor<1x32x8x8xf32>) outs(%3 : tensor<1x32x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %46 = arith.truncf %in : f32 to f16
      linalg.yield %46 : f16
    } -> tensor<1x32x8x8xf16>
    %28 = linalg.generic {indexing_maps = [#map, #map3, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%27, %cst_2 : tensor<1x32x8x8xf16>, tensor<f16>) outs(%3 : tensor<1x32x8x8xf16>) {
    ^bb0(%in: f16, %in_15: f16, %out: f16):
      %46 = arith.cmpf ogt, %in, %in_15 : f16
      %47 = arith.select %46, %in, %in_15 : f16
      linalg.yield %47 : f16
    } -> tensor<1x32x8x8xf16>
    %29 = linalg.generic {indexing_maps = [#map3, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%cst_1, %28 : tensor<f16>, tensor<1x32x8x8xf16>) outs(%3 : tensor<1x32x8x8xf16>) {
    ^bb0(%in: f16, %in_15: f16, %out: f16):
      %46 = arith.cmpf olt, %in, %in_15 : f16
      %47 = arith.select %46, %in, %in_15 : f16
      linalg.yield %47 : f16
    } -> tensor<1x32x8x8xf16>
    %30 = tensor.empty() : tensor<1x8x8x8xf32>
    %31 = linalg.fill ins(%cst_0 : f32) outs(%30 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %32 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%29, %arg7 : tensor<1x32x8x8xf16>, tensor<8x32x1x1xf16>) outs(%31 : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
    %33 = tensor.empty() : tensor<1x8x8x8xf16>
    %34 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%32 : tensor<1x8x8x8xf32>) outs(%33 : tensor<1x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %46 = arith.truncf %in : f32 to f16
      linalg.yield %46 : f16
    } -> tensor<1x8x8x8xf16>
    %35 = tensor.empty() : tensor<8xf32>
    %36 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%arg14 : tensor<8xf16>) outs(%35 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %46 = arith.extf %in : f16 to f32
      linalg.yield %46 : f32
    } -> tensor<8xf32>
    %37 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%arg15 : tensor<8xf16>) outs(%35 : tensor<8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %46 = arith.extf %in : f16 to f32
      linalg.yield %46 : f32
    } -> tensor<8xf32>
    %38 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%37 : tensor<8xf32>) outs(%35 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %46 = arith.truncf %cst_3 : f64 to f32
      %47 = arith.addf %in, %46 : f32
      linalg.yield %47 : f32
    } -> tensor<8xf32>
    %39 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel"]} ins(%38 : tensor<8xf32>) outs(%35 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %46 = math.rsqrt %in : f32
      linalg.yield %46 : f32
    } -> tensor<8xf32>
    %expanded_11 = tensor.expand_shape %36 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %expanded_12 = tensor.expand_shape %39 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf32> into tensor<8x1x1xf32>
    %40 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%34, %expanded_11 : tensor<1x8x8x8xf16>, tensor<8x1x1xf32>) outs(%30 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f16, %in_15: f32, %out: f32):
      %46 = arith.extf %in : f16 to f32
      %47 = arith.subf %46, %in_15 : f32
      linalg.yield %47 : f32
    } -> tensor<1x8x8x8xf32>
    %41 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%40, %expanded_12 : tensor<1x8x8x8xf32>, tensor<8x1x1xf32>) outs(%30 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_15: f32, %out: f32):
      %46 = arith.mulf %in, %in_15 : f32
      linalg.yield %46 : f32
    } -> tensor<1x8x8x8xf32>
    %expanded_13 = tensor.expand_shape %arg8 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %42 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%41, %expanded_13 : tensor<1x8x8x8xf32>, tensor<8x1x1xf16>) outs(%30 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_15: f16, %out: f32):
      %46 = arith.extf %in_15 : f16 to f32
      %47 = arith.mulf %in, %46 : f32
      linalg.yield %47 : f32
    } -> tensor<1x8x8x8xf32>
    %expanded_14 = tensor.expand_shape %arg9 [[0, 1, 2]] output_shape [8, 1, 1] : tensor<8xf16> into tensor<8x1x1xf16>
    %43 = linalg.generic {indexing_maps = [#map, #map2, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%42, %expanded_14 : tensor<1x8x8x8xf32>, tensor<8x1x1xf16>) outs(%30 : tensor<1x8x8x8xf32>) {
    ^bb0(%in: f32, %in_15: f16, %out: f32):
      %46 = arith.extf %in_15 : f16 to f32
      %47 = arith.addf %in, %46 : f32
      linalg.yield %47 : f32
    } -> tensor<1x8x8x8xf32>
    %44 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%43 : tensor<1x8x8x8xf32>) outs(%33 : tensor<1x8x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %46 = arith.truncf %in : f32 to f16
      linalg.yield %46 : f16
    } -> tensor<1x8x8x8xf16>
    %45 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg0, %44 : tensor<1x8x8x8xf16>, tensor<1x8x8x8xf16>) outs(%33 : tensor<1x8x8x8xf16>) {
    ^bb0(%in: f16, %in_15: f16, %out: f16):
      %46 = arith.addf %in, %in_15 : f16
      linalg.yield %46 : f16
    } -> tensor<1x8x8x8xf16>
    return %45 : tensor<1x8x8x8xf16>
  }
}
