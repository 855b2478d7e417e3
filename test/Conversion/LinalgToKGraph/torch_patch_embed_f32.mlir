// ViT's patch embedding (3x32x32 images, 4x4 patches, 32 features), f32:
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
// ORACLE: @patch_embed output 0 tensor<2x64x32xf32>: relative error {{.*}}: agree
// PTX: .entry patch_embed_kernel

module {
  func.func @patch_embed(%arg0: tensor<2x3x32x32xf32>, %arg1: tensor<32x3x4x4xf32>, %arg2: tensor<32xf32>) -> tensor<2x64x32xf32> {
    %0 = tensor.empty() : tensor<2x32x8x8xf32>
    %broadcasted = linalg.broadcast ins(%arg2 : tensor<32xf32>) outs(%0 : tensor<2x32x8x8xf32>) dimensions = [0, 2, 3] 
    %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<4> : vector<2xi64>} ins(%arg0, %arg1 : tensor<2x3x32x32xf32>, tensor<32x3x4x4xf32>) outs(%broadcasted : tensor<2x32x8x8xf32>) -> tensor<2x32x8x8xf32>
    %collapsed = tensor.collapse_shape %1 [[0], [1], [2, 3]] : tensor<2x32x8x8xf32> into tensor<2x32x64xf32>
    %2 = tensor.empty() : tensor<2x64x32xf32>
    %transposed = linalg.transpose ins(%collapsed : tensor<2x32x64xf32>) outs(%2 : tensor<2x64x32xf32>) permutation = [0, 2, 1] 
    return %transposed : tensor<2x64x32xf32>
  }
}
