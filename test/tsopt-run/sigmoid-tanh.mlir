// sigmoid and tanh compiled for the CPU agree with the evaluator: as
// pre-defined kernels, and fused by rules into a thread graph. Large
// arguments check that the lowering saturates (tanh = ±1, sigmoid = 0 or 1)
// rather than overflowing.
// RUN: tsopt-run %s --backend=cpu --fn=gate --reference=gate_ref | FileCheck %s
// RUN: tsopt-opt %s --tsopt-fuse-blocks | tsopt-run --backend=cpu --fn=gate --reference=gate_ref | FileCheck %s
// RUN: tsopt-opt %s --tsopt-fuse-blocks | FileCheck %s --check-prefix=FUSED

// CHECK: @gate vs @gate_ref: agree
// FUSED-LABEL: func.func @gate(
// FUSED: tgraph.sigmoid
// FUSED: tgraph.tanh

func.func @gate(%x: tensor<8x16xf32>, %w: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %m = kgraph.matmul %x, %w : tensor<8x16xf32>, tensor<16x32xf32> -> tensor<8x32xf32>
  %b = kgraph.mul_scalar %m, 4.000000e+01 : tensor<8x32xf32>
  %s = kgraph.sigmoid %b : tensor<8x32xf32>
  %t = kgraph.tanh %b : tensor<8x32xf32>
  %p = kgraph.mul %s, %t : tensor<8x32xf32>, tensor<8x32xf32> -> tensor<8x32xf32>
  return %p : tensor<8x32xf32>
}

func.func @gate_ref(%x: tensor<8x16xf32>, %w: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %m = kgraph.matmul %x, %w : tensor<8x16xf32>, tensor<16x32xf32> -> tensor<8x32xf32>
  %b = kgraph.mul_scalar %m, 4.000000e+01 : tensor<8x32xf32>
  %s = kgraph.sigmoid %b : tensor<8x32xf32>
  %t = kgraph.tanh %b : tensor<8x32xf32>
  %p = kgraph.mul %s, %t : tensor<8x32xf32>, tensor<8x32xf32> -> tensor<8x32xf32>
  return %p : tensor<8x32xf32>
}
