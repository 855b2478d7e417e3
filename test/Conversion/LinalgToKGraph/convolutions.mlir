// The 2-d convolutions exporters write, into kgraph.conv2d (NCHW images,
// FCHW filters): torch's NCHW with a bias as the init, a depthwise
// convolution, JAX's NHWC/HWCF with "SAME" padding of a stride-2 window,
// torch-mlir's grouped form (images split into groups around
// linalg.conv_2d_ngchw_gfchw), a dilated convolution, and a zero pad read
// by something else than a convolution (data movement: a 1x1 im2col). A
// zero tensor.pad of the images becomes the window's padding. The oracle
// runs each as upstream does, before and after tsopt-superoptimize.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=patch_embed | FileCheck %s --check-prefix=PATCH_EMBED %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=patch_embed --passes=--tsopt-superoptimize=time-limit=2 | FileCheck %s --check-prefix=PATCH_EMBED %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=depthwise | FileCheck %s --check-prefix=DEPTHWISE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=depthwise --passes=--tsopt-superoptimize=time-limit=2 | FileCheck %s --check-prefix=DEPTHWISE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=nhwc | FileCheck %s --check-prefix=NHWC %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=nhwc --passes=--tsopt-superoptimize=time-limit=2 | FileCheck %s --check-prefix=NHWC %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=grouped | FileCheck %s --check-prefix=GROUPED %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=grouped --passes=--tsopt-superoptimize=time-limit=2 | FileCheck %s --check-prefix=GROUPED %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=dilated | FileCheck %s --check-prefix=DILATED %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=dilated --passes=--tsopt-superoptimize=time-limit=2 | FileCheck %s --check-prefix=DILATED %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=pad_alone | FileCheck %s --check-prefix=PAD_ALONE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=strided | FileCheck %s --check-prefix=STRIDED %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=avg_pool --passes=--tsopt-superoptimize | FileCheck %s --check-prefix=AVG_POOL %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=max_pool --passes=--tsopt-superoptimize | FileCheck %s --check-prefix=MAX_POOL %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=max_pool_nhwc | FileCheck %s --check-prefix=MAX_POOL_NHWC %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=pad_alone --passes=--tsopt-superoptimize=time-limit=2 | FileCheck %s --check-prefix=PAD_ALONE %}

// CHECK-LABEL: func.func @patch_embed(
// CHECK: %[[B:.*]] = kgraph.reshape %arg2 : tensor<8xf32> -> tensor<1x8x1x1xf32>
// CHECK: %[[Y:.*]] = kgraph.conv2d %arg0, %arg1 stride = [4, 4] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1
// CHECK: kgraph.add %[[Y]], %[[B]]
// CHECK-LABEL: func.func @depthwise(
// CHECK: %[[W:.*]] = kgraph.reshape %arg1 : tensor<6x3x3xf32> -> tensor<6x1x3x3xf32>
// CHECK: kgraph.conv2d %arg0, %[[W]] stride = [2, 2] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 6
// CHECK-LABEL: func.func @nhwc(
// CHECK: kgraph.transpose %arg0 permutation = [0, 3, 1, 2]
// CHECK: kgraph.transpose %arg1 permutation = [3, 2, 0, 1]
// CHECK: kgraph.conv2d {{.*}} stride = [2, 2] padding = [0, 0, 1, 1] dilation = [1, 1] groups = 1
// CHECK: kgraph.transpose {{.*}} permutation = [0, 2, 3, 1]
// CHECK-NOT: im2col
// CHECK-LABEL: func.func @grouped(
// CHECK-NEXT: kgraph.conv2d %arg0, %arg1 stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 2 : tensor<1x8x6x6xf32>, tensor<4x4x3x3xf32> -> tensor<1x4x4x4xf32>
// CHECK-LABEL: func.func @dilated(
// CHECK: dilation = [2, 2]
// CHECK-LABEL: func.func @pad_alone(
// CHECK: kgraph.im2col {{.*}} kernel = [1, 1] stride = [1, 1] padding = [2, 0, 1, 0] dilation = [1, 1]
// CHECK: kgraph.add
// PATCH_EMBED: @patch_embed output 0 tensor<2x8x4x4xf32>: relative error {{.*}}: agree
// DEPTHWISE: @depthwise output 0 tensor<1x6x5x5xf32>: relative error {{.*}}: agree
// NHWC: @nhwc output 0 tensor<1x4x4x6xf32>: relative error {{.*}}: agree
// GROUPED: @grouped output 0 tensor<1x4x4x4xf32>: relative error {{.*}}: agree
// DILATED: @dilated output 0 tensor<1x4x6x6xf32>: relative error {{.*}}: agree
// PAD_ALONE: @pad_alone output 0 tensor<2x6x5xf32>: relative error {{.*}}: agree
// CHECK-LABEL: func.func @strided(
// CHECK: kgraph.slice %arg0 offsets = [0, 0, 1, 1] : tensor<1x3x9x8xf32> -> tensor<1x3x7x7xf32>
// CHECK: kgraph.im2col {{.*}} kernel = [1, 1] stride = [2, 3] padding = [0, 0, 0, 0] dilation = [1, 1] : tensor<1x3x7x7xf32> -> tensor<1x3x12xf32>
// STRIDED: @strided output 0 tensor<1x3x4x3xf32>: relative error {{.*}}: agree
// Pooling: the window's elements (im2col) as a dim, summed or maxed; a
// zero pad folds into a sum's window.
// CHECK-LABEL: func.func @avg_pool(
// CHECK: kgraph.im2col %arg0 kernel = [3, 3] stride = [2, 2] padding = [1, 1, 1, 1] dilation = [1, 1]
// CHECK: kgraph.reduce_sum {{.*}} dim = 2 : tensor<1x4x9x16xf32> -> tensor<1x4x1x16xf32>
// CHECK-LABEL: func.func @max_pool(
// CHECK: kgraph.reduce_max {{.*}} dim = 2 : tensor<2x3x4x12xf32> -> tensor<2x3x1x12xf32>
// AVG_POOL: @avg_pool output 0 tensor<1x4x4x4xf32>: relative error {{.*}}: agree
// MAX_POOL: @max_pool output 0 tensor<2x3x4x3xf32>: relative error {{.*}}: agree
// MAX_POOL_NHWC: @max_pool_nhwc output 0 tensor<1x3x3x4xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
// ViT patch embedding: 4x4 patches (stride = kernel) with a bias.
func.func @patch_embed(%x: tensor<2x3x16x16xf32>, %w: tensor<8x3x4x4xf32>, %b: tensor<8xf32>) -> tensor<2x8x4x4xf32> {
  %e = tensor.empty() : tensor<2x8x4x4xf32>
  %bias = linalg.generic {indexing_maps = [#ch, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%b : tensor<8xf32>) outs(%e : tensor<2x8x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x8x4x4xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<4> : vector<2xi64>} ins(%x, %w : tensor<2x3x16x16xf32>, tensor<8x3x4x4xf32>) outs(%bias : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  return %y : tensor<2x8x4x4xf32>
}
// A depthwise 3x3 convolution, stride 2, padded.
func.func @depthwise(%x: tensor<1x6x9x9xf32>, %w: tensor<6x3x3xf32>) -> tensor<1x6x5x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cst : f32
  } : tensor<1x6x9x9xf32> to tensor<1x6x11x11xf32>
  %e = tensor.empty() : tensor<1x6x5x5xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x6x5x5xf32>) -> tensor<1x6x5x5xf32>
  %y = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %w : tensor<1x6x11x11xf32>, tensor<6x3x3xf32>) outs(%z : tensor<1x6x5x5xf32>) -> tensor<1x6x5x5xf32>
  return %y : tensor<1x6x5x5xf32>
}
// JAX's layout: NHWC images, HWCF filters, "SAME" padding of a stride-2
// window (asymmetric: 0 before, 1 after).
func.func @nhwc(%x: tensor<1x8x8x4xf32>, %w: tensor<3x3x4x6xf32>) -> tensor<1x4x4x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %x low[0, 0, 0, 0] high[0, 1, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cst : f32
  } : tensor<1x8x8x4xf32> to tensor<1x9x9x4xf32>
  %e = tensor.empty() : tensor<1x4x4x6xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x4x4x6xf32>) -> tensor<1x4x4x6xf32>
  %y = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%p, %w : tensor<1x9x9x4xf32>, tensor<3x3x4x6xf32>) outs(%z : tensor<1x4x4x6xf32>) -> tensor<1x4x4x6xf32>
  return %y : tensor<1x4x4x6xf32>
}
// A grouped convolution as torch-mlir writes it: images and result split
// into (groups, channels per group) around linalg's grouped op.
func.func @grouped(%x: tensor<1x8x6x6xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x4x4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %xg = tensor.expand_shape %x [[0], [1, 2], [3], [4]] output_shape [1, 2, 4, 6, 6] : tensor<1x8x6x6xf32> into tensor<1x2x4x6x6xf32>
  %wg = tensor.expand_shape %w [[0, 1], [2], [3], [4]] output_shape [2, 2, 4, 3, 3] : tensor<4x4x3x3xf32> into tensor<2x2x4x3x3xf32>
  %e = tensor.empty() : tensor<1x2x2x4x4xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x2x2x4x4xf32>) -> tensor<1x2x2x4x4xf32>
  %yg = linalg.conv_2d_ngchw_gfchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%xg, %wg : tensor<1x2x4x6x6xf32>, tensor<2x2x4x3x3xf32>) outs(%z : tensor<1x2x2x4x4xf32>) -> tensor<1x2x2x4x4xf32>
  %y = tensor.collapse_shape %yg [[0], [1, 2], [3], [4]] : tensor<1x2x2x4x4xf32> into tensor<1x4x4x4xf32>
  return %y : tensor<1x4x4x4xf32>
}
// A dilated convolution (PET's second example's input program).
func.func @dilated(%x: tensor<1x4x10x10xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x6x6xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x4x6x6xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  %y = linalg.conv_2d_nchw_fchw {dilations = dense<2> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%x, %w : tensor<1x4x10x10xf32>, tensor<4x4x3x3xf32>) outs(%z : tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
  return %y : tensor<1x4x6x6xf32>
}
// A zero pad read by something other than a convolution: data movement.
func.func @pad_alone(%x: tensor<2x3x5xf32>, %y: tensor<2x6x5xf32>) -> tensor<2x6x5xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %p = tensor.pad %x low[0, 2, 0] high[0, 1, 0] {
  ^bb0(%a: index, %b: index, %c: index):
    tensor.yield %cst : f32
  } : tensor<2x3x5xf32> to tensor<2x6x5xf32>
  %e = tensor.empty() : tensor<2x6x5xf32>
  %s = linalg.add ins(%p, %y : tensor<2x6x5xf32>, tensor<2x6x5xf32>) outs(%e : tensor<2x6x5xf32>) -> tensor<2x6x5xf32>
  return %s : tensor<2x6x5xf32>
}
// Every second row and third column from (1, 1): a strided slice.
func.func @strided(%x: tensor<1x3x9x8xf32>, %y: tensor<1x3x4x3xf32>) -> tensor<1x3x4x3xf32> {
  %s = tensor.extract_slice %x[0, 0, 1, 1] [1, 3, 4, 3] [1, 1, 2, 3] : tensor<1x3x9x8xf32> to tensor<1x3x4x3xf32>
  %e = tensor.empty() : tensor<1x3x4x3xf32>
  %r = linalg.add ins(%s, %y : tensor<1x3x4x3xf32>, tensor<1x3x4x3xf32>) outs(%e : tensor<1x3x4x3xf32>) -> tensor<1x3x4x3xf32>
  return %r : tensor<1x3x4x3xf32>
}
// Pooling as torch-mlir (NCHW; an average as a sum divided by the window)
// and JAX (NHWC) write it.
func.func @avg_pool(%x: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %nine = arith.constant 9.000000e+00 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cst : f32
  } : tensor<1x4x8x8xf32> to tensor<1x4x10x10xf32>
  %k = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x4x4x4xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %s = linalg.pooling_nchw_sum {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%p, %k : tensor<1x4x10x10xf32>, tensor<3x3xf32>) outs(%z : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%s : tensor<1x4x4x4xf32>) outs(%e : tensor<1x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %d = arith.divf %in, %nine : f32
    linalg.yield %d : f32
  } -> tensor<1x4x4x4xf32>
  return %r : tensor<1x4x4x4xf32>
}
func.func @max_pool(%x: tensor<2x3x8x6xf32>) -> tensor<2x3x4x3xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %k = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x3x4x3xf32>
  %z = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x3x4x3xf32>) -> tensor<2x3x4x3xf32>
  %m = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %k : tensor<2x3x8x6xf32>, tensor<2x2xf32>) outs(%z : tensor<2x3x4x3xf32>) -> tensor<2x3x4x3xf32>
  return %m : tensor<2x3x4x3xf32>
}
func.func @max_pool_nhwc(%x: tensor<1x7x7x4xf32>) -> tensor<1x3x3x4xf32> {
  %ninf = arith.constant -3.40282347E+38 : f32
  %k = tensor.empty() : tensor<3x3xf32>
  %e = tensor.empty() : tensor<1x3x3x4xf32>
  %z = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  %m = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%x, %k : tensor<1x7x7x4xf32>, tensor<3x3xf32>) outs(%z : tensor<1x3x3x4xf32>) -> tensor<1x3x3x4xf32>
  return %m : tensor<1x3x3x4xf32>
}
