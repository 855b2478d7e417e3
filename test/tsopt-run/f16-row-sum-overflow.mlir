// An f16 RMSNorm + matmul over 4096 channels with inputs uniform in
// [-8, 8): the row sum of squares (about 87,000) passes f16's 65504. The
// superoptimized µGraph, compiled for the CPU, must hold it in f32 and agree
// with the program evaluated in its own precision; an f16 accumulator made
// every row zero.
// RUN: tsopt-opt %s --tsopt-superoptimize=time-limit=10 -o %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: tsopt-run %t.mlir --backend=cpu --input-scale=8 | FileCheck %s
// RUN: not tsopt-run %t.mlir --input-scale=0 2>&1 | FileCheck %s --check-prefix=SCALE

// IR-LABEL: func.func @rmsnorm_matmul
// IR: kgraph.kernel
// IR: bgraph.reduce_sum {{.*}} -> !bgraph.tile<{{[0-9x]+}}xf32>
// CHECK: inputs: 3 (uniform [-1, 1) x 8, seed 0)
// CHECK: @rmsnorm_matmul vs @ref: agree
// SCALE: --input-scale must be a positive finite number, got 0

func.func @ref(%x: tensor<8x4096xf16>, %g: tensor<4096xf16>, %w: tensor<4096x64xf16>) -> tensor<8x64xf16> {
  %n = kgraph.rms_norm %x, %g : tensor<8x4096xf16>, tensor<4096xf16> -> tensor<8x4096xf16>
  %y = kgraph.matmul %n, %w : tensor<8x4096xf16>, tensor<4096x64xf16> -> tensor<8x64xf16>
  return %y : tensor<8x64xf16>
}

func.func @rmsnorm_matmul(%x: tensor<8x4096xf16>, %g: tensor<4096xf16>, %w: tensor<4096x64xf16>) -> tensor<8x64xf16> attributes {tsopt.reference = @ref} {
  %n = kgraph.rms_norm %x, %g : tensor<8x4096xf16>, tensor<4096xf16> -> tensor<8x4096xf16>
  %y = kgraph.matmul %n, %w : tensor<8x4096xf16>, tensor<4096x64xf16> -> tensor<8x64xf16>
  return %y : tensor<8x64xf16>
}
