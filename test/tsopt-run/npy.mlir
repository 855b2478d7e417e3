// Inputs from .npy files and outputs to .npy files; mismatches are errors.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tsopt-run %s --fn=twice --seed=3 --output-dir=%t/a | FileCheck %s --check-prefix=WRITE
// RUN: tsopt-run %s --fn=twice --inputs=%t/a/output0.npy --output-dir=%t/b | FileCheck %s --check-prefix=READ
// RUN: tsopt-run %s --fn=half --inputs=%t/b/output0.npy,%t/b/output0.npy --reference=halfref | FileCheck %s --check-prefix=AGREE
// RUN: not tsopt-run %s --fn=twice --inputs=%t/a/output0.npy,%t/a/output0.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// RUN: not tsopt-run %s --fn=other --inputs=%t/a/output0.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not tsopt-run %s --fn=f16 --inputs=%t/a/output0.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: not tsopt-run %s --fn=twice --inputs=%s 2>&1 | FileCheck %s --check-prefix=NOTNPY
// RUN: not tsopt-run %s --fn=twice --inputs=%t/missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// A header whose shape needs 2^64 bytes (an empty payload once wrapped) is
// refused; it used to abort tsopt-run allocating the array.
// RUN: not tsopt-run %s --fn=twice --inputs=%S/Inputs/wrapping-shape.npy 2>&1 | FileCheck %s --check-prefix=WRAP
// A directory made the stream throw out of the reader (an abort).
// RUN: not tsopt-run %s --fn=twice --inputs=%S/Inputs 2>&1 | FileCheck %s --check-prefix=DIR

// WRITE: inputs: 1 (uniform [-1, 1), seed 3)
// WRITE: output #0: tensor<4x8xf32>
// READ: inputs: 1 (.npy files)
// The second run doubles the first run's output again: |x| < 4 after two
// doublings of values in [-1, 1).
// READ: output #0: tensor<4x8xf32> mean {{.*}} absmax {{[0-3]\.}}
// AGREE: @half vs @halfref: agree
// COUNT: error: @twice takes 1 inputs but --inputs names 2 files
// SHAPE: error: input #0 ('{{.*}}output0.npy') has shape 4x8 but @other expects tensor<8x4xf32>
// DTYPE: error: input #0 ('{{.*}}output0.npy') has dtype <f4 but @f16 expects tensor<4x8xf16> (numpy dtype <f2)
// NOTNPY: error: '{{.*}}npy.mlir' is not a .npy file
// MISSING: error: cannot read '{{.*}}missing.npy'
// WRAP: error: '{{.*}}wrapping-shape.npy' has a shape too large
// WRAP-NOT: Stack dump
// DIR: error: cannot read '{{.*}}Inputs': it is a directory
// DIR-NOT: Stack dump

func.func @twice(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %b = kgraph.add %a, %a : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}

func.func @half(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = kgraph.sub %a, %b : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}

func.func @halfref(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c = kgraph.mul_scalar %a, 0.0 : tensor<4x8xf32>
  return %c : tensor<4x8xf32>
}

func.func @other(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {
  return %a : tensor<8x4xf32>
}

func.func @f16(%a: tensor<4x8xf16>) -> tensor<4x8xf16> {
  return %a : tensor<4x8xf16>
}
