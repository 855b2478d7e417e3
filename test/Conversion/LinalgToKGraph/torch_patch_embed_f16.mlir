// ViT's patch embedding (3x32x32 images, 4x4 patches, 32 features), f16:
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
// CHECK-LABEL: func.func @patch_embed(
// CHECK: kgraph.conv2d {{.*}} stride = [4, 4]
// ORACLE: @patch_embed output 0 tensor<2x64x32xf16>: relative error {{.*}}: agree
// PTX: .entry patch_embed_kernel

#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
module {
  func.func @patch_embed(%arg0: tensor<2x3x32x32xf16>, %arg1: tensor<32x3x4x4xf16>, %arg2: tensor<32xf16>) -> tensor<2x64x32xf16> {
    %0 = tensor.empty() : tensor<2x32x8x8xf32>
    %1 = tensor.empty() : tensor<32xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%arg2 : tensor<32xf16>) outs(%1 : tensor<32xf32>) {
    ^bb0(%in: f16, %out: f32):
      %7 = arith.extf %in : f16 to f32
      linalg.yield %7 : f32
    } -> tensor<32xf32>
    %broadcasted = linalg.broadcast ins(%2 : tensor<32xf32>) outs(%0 : tensor<2x32x8x8xf32>) dimensions = [0, 2, 3] 
    %3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<4> : vector<2xi64>} ins(%arg0, %arg1 : tensor<2x3x32x32xf16>, tensor<32x3x4x4xf16>) outs(%broadcasted : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
    %4 = tensor.empty() : tensor<2x32x8x8xf16>
    %5 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%3 : tensor<2x32x8x8xf32>) outs(%4 : tensor<2x32x8x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %7 = arith.truncf %in : f32 to f16
      linalg.yield %7 : f16
    } -> tensor<2x32x8x8xf16>
    %collapsed = tensor.collapse_shape %5 [[0], [1], [2, 3]] : tensor<2x32x8x8xf16> into tensor<2x32x64xf16>
    %6 = tensor.empty() : tensor<2x64x32xf16>
    %transposed = linalg.transpose ins(%collapsed : tensor<2x32x64xf16>) outs(%6 : tensor<2x64x32xf16>) permutation = [0, 2, 1] 
    return %transposed : tensor<2x64x32xf16>
  }
}
