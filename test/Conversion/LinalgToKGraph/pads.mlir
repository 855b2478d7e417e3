// Padding with a constant other than zero is data movement: a 1x1 im2col
// whose pad_value fills the border (f32 and f16), and the -inf padding of
// torch's MaxPool2d(3, 2, padding=1) folds into the pooling's window, whose
// columns pad with the dtype's lowest finite value, which no max takes since
// every window holds an element of the image. The oracle (upstream MLIR's
// own execution) agrees, also after tsopt-superoptimize.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | tsopt-opt | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn pad_constant | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn pad_constant --passes=--tsopt-superoptimize | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn pad_f16 | FileCheck %s --check-prefix=ORACLE16 %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn max_pool | FileCheck %s --check-prefix=POOL %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn max_pool --passes=--tsopt-superoptimize | FileCheck %s --check-prefix=POOL %}
// And to PTX, the pad value selected in the padding's lanes:
// RUN: tsopt-opt %s --convert-linalg-to-kgraph --tsopt-superoptimize 2>/dev/null | tsopt-translate --tsopt-to-ptx -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// CHECK-LABEL: func.func @pad_constant(
// CHECK: kgraph.im2col {{.*}} padding = [1, 0, 2, 0] dilation = [1, 1] pad_value = 1.500000e+00
// CHECK: kgraph.add
// ORACLE: @pad_constant output 0 tensor<7x8xf32>: relative error {{.*}}: agree
func.func @pad_constant(%x: tensor<4x8xf32>, %y: tensor<7x8xf32>) -> tensor<7x8xf32> {
  %c = arith.constant 1.500000e+00 : f32
  %p = tensor.pad %x low[1, 0] high[2, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<4x8xf32> to tensor<7x8xf32>
  %e = tensor.empty() : tensor<7x8xf32>
  %r = linalg.add ins(%p, %y : tensor<7x8xf32>, tensor<7x8xf32>) outs(%e : tensor<7x8xf32>) -> tensor<7x8xf32>
  return %r : tensor<7x8xf32>
}

// CHECK-LABEL: func.func @pad_f16(
// CHECK: kgraph.im2col {{.*}} pad_value = -2.500000e-01 : tensor<1x1x4x8xf16> -> tensor<1x1x60xf16>
// ORACLE16: @pad_f16 output 0 tensor<6x10xf16>: relative error {{.*}}: agree
func.func @pad_f16(%x: tensor<4x8xf16>) -> tensor<6x10xf16> {
  %c = arith.constant -2.500000e-01 : f16
  %p = tensor.pad %x low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f16
  } : tensor<4x8xf16> to tensor<6x10xf16>
  return %p : tensor<6x10xf16>
}

// CHECK-LABEL: func.func @max_pool(
// CHECK: kgraph.im2col %arg0 kernel = [3, 3] stride = [2, 2] padding = [1, 1, 1, 1] dilation = [1, 1] pad_value = -3.4028234663852886E+38
// CHECK: kgraph.reduce_max
// POOL: @max_pool output 0 tensor<1x4x4x4xf32>: relative error {{.*}}: agree
func.func @max_pool(%arg0: tensor<1x4x8x8xf32>) -> tensor<1x4x4x4xf32> {
  %cst = arith.constant 0xFF800000 : f32
  %padded = tensor.pad %arg0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index):
    tensor.yield %cst : f32
  } : tensor<1x4x8x8xf32> to tensor<1x4x10x10xf32>
  %0 = tensor.empty() : tensor<1x4x4x4xf32>
  %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %2 = tensor.empty() : tensor<3x3xf32>
  %3 = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%padded, %2 : tensor<1x4x10x10xf32>, tensor<3x3xf32>) outs(%1 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %3 : tensor<1x4x4x4xf32>
}
