// Batch norm's inverse deviation as torch-mlir writes it in an f16 model
// (the variance here the square of an f16 input, so that random inputs
// give a positive one): computed into f32, plus epsilon, its rsqrt, and the
// f16 activations scaled by it into f32. The fused kernel keeps the
// program's f32 result. Retiling a fused kernel (its grid and loop
// extents) used to re-infer its types from the f16 input and store the
// f32 values in f16, and the fusion failed its own check.
// RUN: tsopt-opt %s --tsopt-fuse-blocks 2>/dev/null > %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: tsopt-run %t.mlir --backend=cpu --fn=inverse_deviation --reference=inverse_deviation_ref | FileCheck %s --check-prefix=CPU

// CHECK-LABEL: func.func @inverse_deviation(
// CHECK-SAME: tsopt.verification = "equivalent
// CHECK: kgraph.kernel grid = {{.*}} ins(%arg1 : tensor<8xf16>) -> (tensor<8xf32>)
// CHECK: kgraph.reshape {{.*}} : tensor<8xf32> -> tensor<1x8x1x1xf32>
// CPU: @inverse_deviation vs @inverse_deviation_ref: agree

func.func @inverse_deviation(%x: tensor<1x8x4x4xf16>, %v: tensor<8xf16>) -> tensor<1x8x4x4xf32> attributes {tsopt.reference = @inverse_deviation_ref} {
  %0 = kgraph.square %v : tensor<8xf16> -> tensor<8xf32>
  %1 = kgraph.add_scalar %0, 1.000000e-05 : tensor<8xf32>
  %2 = kgraph.rsqrt %1 : tensor<8xf32>
  %5 = kgraph.reshape %2 : tensor<8xf32> -> tensor<1x8x1x1xf32>
  %6 = kgraph.mul %x, %5 : tensor<1x8x4x4xf16>, tensor<1x8x1x1xf32> -> tensor<1x8x4x4xf32>
  return %6 : tensor<1x8x4x4xf32>
}

func.func @inverse_deviation_ref(%x: tensor<1x8x4x4xf16>, %v: tensor<8xf16>) -> tensor<1x8x4x4xf32> {
  %0 = kgraph.square %v : tensor<8xf16> -> tensor<8xf32>
  %1 = kgraph.add_scalar %0, 1.000000e-05 : tensor<8xf32>
  %2 = kgraph.rsqrt %1 : tensor<8xf32>
  %5 = kgraph.reshape %2 : tensor<8xf32> -> tensor<1x8x1x1xf32>
  %6 = kgraph.mul %x, %5 : tensor<1x8x4x4xf16>, tensor<1x8x1x1xf32> -> tensor<1x8x4x4xf32>
  return %6 : tensor<1x8x4x4xf32>
}
