// slice and add_scalar compiled for the CPU agree with the evaluator: the
// rotate-half of a rotary embedding (two slices, a neg, a concat) and a
// shift by a constant, in f32 and f16.
// RUN: tsopt-run %s --backend=cpu --fn=rotate --reference=rotate_ref | FileCheck %s
// RUN: tsopt-run %s --backend=cpu --fn=rotate16 --reference=rotate16_ref | FileCheck %s --check-prefix=F16

// CHECK: @rotate vs @rotate_ref: agree
// F16: @rotate16 vs @rotate16_ref: agree

func.func @rotate(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %a = kgraph.slice %x offsets = [0, 0] : tensor<4x16xf32> -> tensor<4x8xf32>
  %b = kgraph.slice %x offsets = [0, 8] : tensor<4x16xf32> -> tensor<4x8xf32>
  %n = kgraph.neg %b : tensor<4x8xf32>
  %r = kgraph.concat %n, %a dim = 1 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x16xf32>
  %s = kgraph.add_scalar %r, 5.000000e-01 : tensor<4x16xf32>
  return %s : tensor<4x16xf32>
}

func.func @rotate_ref(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %a = kgraph.slice %x offsets = [0, 0] : tensor<4x16xf32> -> tensor<4x8xf32>
  %b = kgraph.slice %x offsets = [0, 8] : tensor<4x16xf32> -> tensor<4x8xf32>
  %n = kgraph.neg %b : tensor<4x8xf32>
  %r = kgraph.concat %n, %a dim = 1 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x16xf32>
  %s = kgraph.add_scalar %r, 5.000000e-01 : tensor<4x16xf32>
  return %s : tensor<4x16xf32>
}

func.func @rotate16(%x: tensor<2x3x16xf16>) -> tensor<2x2x8xf16> {
  %a = kgraph.slice %x offsets = [0, 1, 8] : tensor<2x3x16xf16> -> tensor<2x2x8xf16>
  %s = kgraph.add_scalar %a, -1.000000e+00 : tensor<2x2x8xf16>
  return %s : tensor<2x2x8xf16>
}

func.func @rotate16_ref(%x: tensor<2x3x16xf16>) -> tensor<2x2x8xf16> {
  %a = kgraph.slice %x offsets = [0, 1, 8] : tensor<2x3x16xf16> -> tensor<2x2x8xf16>
  %s = kgraph.add_scalar %a, -1.000000e+00 : tensor<2x2x8xf16>
  return %s : tensor<2x2x8xf16>
}
