// A ResNet basic block as torch-mlir exports it in inference: two 3x3
// convolutions on zero-padded images (tensor.pad, then
// linalg.conv_2d_nchw_fchw into a zero fill), batch norm folded to a
// per-channel scale and shift (element-wise generics reading the channel
// vectors through (d1)), relu as select(x > 0, x, 0), and the residual
// add; in f32 and f16. It imports (the pads into the windows), and the
// oracle runs it as upstream does, before and after tsopt-superoptimize
// with no options; the superoptimized program lowers to PTX.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=basic_block | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=basic_block --passes=--tsopt-superoptimize | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=basic_block_f16 --passes=--tsopt-superoptimize | FileCheck %s --check-prefix=ORACLE16 %}
// RUN: tsopt-opt %s --convert-linalg-to-kgraph --tsopt-superoptimize 2>/dev/null | tsopt-translate --tsopt-to-ptx -o %t.ptx --manifest=%t.json
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx

// CHECK-LABEL: func.func @basic_block(
// CHECK-NOT: im2col
// CHECK: kgraph.conv2d %arg0, %arg1 stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1
// CHECK: kgraph.relu
// CHECK: kgraph.conv2d {{.*}} padding = [1, 1, 1, 1]
// CHECK: kgraph.add {{.*}}, %arg0
// CHECK: kgraph.relu
// ORACLE: @basic_block output 0 tensor<1x8x8x8xf32>: relative error {{.*}}: agree
// ORACLE16: @basic_block_f16 output 0 tensor<1x8x8x8xf16>: relative error {{.*}}: agree
// PTX: .entry basic_block_kernel
// PTX: .entry basic_block_f16_kernel

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#ch = affine_map<(d0, d1, d2, d3) -> (d1)>
func.func @basic_block(%x: tensor<1x8x8x8xf32>, %w1: tensor<8x8x3x3xf32>, %s1: tensor<8xf32>, %b1: tensor<8xf32>, %w2: tensor<8x8x3x3xf32>, %s2: tensor<8xf32>, %b2: tensor<8xf32>) -> tensor<1x8x8x8xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %p1 = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cst : f32
  } : tensor<1x8x8x8xf32> to tensor<1x8x10x10xf32>
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %z = linalg.fill ins(%cst : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p1, %w1 : tensor<1x8x10x10xf32>, tensor<8x8x3x3xf32>) outs(%z : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %n1 = linalg.generic {indexing_maps = [#map, #ch, #ch, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c1, %s1, %b1 : tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<1x8x8x8xf32>) {
  ^bb0(%in: f32, %s: f32, %b: f32, %out: f32):
    %m = arith.mulf %in, %s : f32
    %a = arith.addf %m, %b : f32
    %g = arith.cmpf ugt, %a, %cst : f32
    %r = arith.select %g, %a, %cst : f32
    linalg.yield %r : f32
  } -> tensor<1x8x8x8xf32>
  %p2 = tensor.pad %n1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cst : f32
  } : tensor<1x8x8x8xf32> to tensor<1x8x10x10xf32>
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p2, %w2 : tensor<1x8x10x10xf32>, tensor<8x8x3x3xf32>) outs(%z : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %n2 = linalg.generic {indexing_maps = [#map, #ch, #ch, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c2, %s2, %b2, %x : tensor<1x8x8x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<1x8x8x8xf32>) outs(%e : tensor<1x8x8x8xf32>) {
  ^bb0(%in: f32, %s: f32, %b: f32, %res: f32, %out: f32):
    %m = arith.mulf %in, %s : f32
    %a = arith.addf %m, %b : f32
    %sum = arith.addf %a, %res : f32
    %g = arith.cmpf ugt, %sum, %cst : f32
    %r = arith.select %g, %sum, %cst : f32
    linalg.yield %r : f32
  } -> tensor<1x8x8x8xf32>
  return %n2 : tensor<1x8x8x8xf32>
}
func.func @basic_block_f16(%x: tensor<1x8x8x8xf16>, %w1: tensor<8x8x3x3xf16>, %s1: tensor<8xf16>, %b1: tensor<8xf16>, %w2: tensor<8x8x3x3xf16>, %s2: tensor<8xf16>, %b2: tensor<8xf16>) -> tensor<1x8x8x8xf16> {
  %cst = arith.constant 0.000000e+00 : f16
  %p1 = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cst : f16
  } : tensor<1x8x8x8xf16> to tensor<1x8x10x10xf16>
  %e = tensor.empty() : tensor<1x8x8x8xf16>
  %z = linalg.fill ins(%cst : f16) outs(%e : tensor<1x8x8x8xf16>) -> tensor<1x8x8x8xf16>
  %c1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p1, %w1 : tensor<1x8x10x10xf16>, tensor<8x8x3x3xf16>) outs(%z : tensor<1x8x8x8xf16>) -> tensor<1x8x8x8xf16>
  %n1 = linalg.generic {indexing_maps = [#map, #ch, #ch, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c1, %s1, %b1 : tensor<1x8x8x8xf16>, tensor<8xf16>, tensor<8xf16>) outs(%e : tensor<1x8x8x8xf16>) {
  ^bb0(%in: f16, %s: f16, %b: f16, %out: f16):
    %m = arith.mulf %in, %s : f16
    %a = arith.addf %m, %b : f16
    %g = arith.cmpf ugt, %a, %cst : f16
    %r = arith.select %g, %a, %cst : f16
    linalg.yield %r : f16
  } -> tensor<1x8x8x8xf16>
  %p2 = tensor.pad %n1 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %cst : f16
  } : tensor<1x8x8x8xf16> to tensor<1x8x10x10xf16>
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : vector<2xi64>, strides = dense<1> : vector<2xi64>} ins(%p2, %w2 : tensor<1x8x10x10xf16>, tensor<8x8x3x3xf16>) outs(%z : tensor<1x8x8x8xf16>) -> tensor<1x8x8x8xf16>
  %n2 = linalg.generic {indexing_maps = [#map, #ch, #ch, #map, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c2, %s2, %b2, %x : tensor<1x8x8x8xf16>, tensor<8xf16>, tensor<8xf16>, tensor<1x8x8x8xf16>) outs(%e : tensor<1x8x8x8xf16>) {
  ^bb0(%in: f16, %s: f16, %b: f16, %res: f16, %out: f16):
    %m = arith.mulf %in, %s : f16
    %a = arith.addf %m, %b : f16
    %sum = arith.addf %a, %res : f16
    %g = arith.cmpf ugt, %sum, %cst : f16
    %r = arith.select %g, %sum, %cst : f16
    linalg.yield %r : f16
  } -> tensor<1x8x8x8xf16>
  return %n2 : tensor<1x8x8x8xf16>
}
