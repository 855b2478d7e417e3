// Data movement larger than one tile, compiled for the CPU, agrees with the
// evaluator: each op runs in a grid of tiles cut along the dims it keeps one
// to one (transpose: all; reshape: shared leading dims, then a common
// divisor of the first that differs; concat: all but its dim; slice and
// repeat: those they leave whole). The GPU launches are checked in
// test/Conversion/KGraphToGPU/data-movement.mlir.
// RUN: tsopt-run %s --backend=cpu --fn=moves --reference=moves_ref | FileCheck %s
// RUN: tsopt-run %s --backend=cpu --fn=moves16 --reference=moves16_ref | FileCheck %s --check-prefix=F16
// RUN: tsopt-run %s --backend=cpu --fn=views --reference=views_ref | FileCheck %s --check-prefix=VIEWS

// CHECK: @moves vs @moves_ref: agree
// F16: @moves16 vs @moves16_ref: agree
// VIEWS: @views vs @views_ref: agree

func.func @moves(%x: tensor<8x64x96xf32>, %y: tensor<8x64x48xf32>, %z: tensor<4x16x96xf32>)
    -> (tensor<96x8x64xf32>, tensor<512x96xf32>, tensor<8x6144xf32>, tensor<8x64x144xf32>, tensor<4x32x96xf32>, tensor<8x32x80xf32>) {
  %t = kgraph.transpose %x permutation = [2, 0, 1] : tensor<8x64x96xf32> -> tensor<96x8x64xf32>
  %r = kgraph.reshape %x : tensor<8x64x96xf32> -> tensor<512x96xf32>
  %q = kgraph.reshape %x : tensor<8x64x96xf32> -> tensor<8x6144xf32>
  %c = kgraph.concat %x, %y dim = 2 : tensor<8x64x96xf32>, tensor<8x64x48xf32> -> tensor<8x64x144xf32>
  %p = kgraph.repeat %z : tensor<4x16x96xf32> -> tensor<4x32x96xf32>
  %s = kgraph.slice %x offsets = [0, 16, 8] : tensor<8x64x96xf32> -> tensor<8x32x80xf32>
  return %t, %r, %q, %c, %p, %s : tensor<96x8x64xf32>, tensor<512x96xf32>, tensor<8x6144xf32>, tensor<8x64x144xf32>, tensor<4x32x96xf32>, tensor<8x32x80xf32>
}

func.func @moves_ref(%x: tensor<8x64x96xf32>, %y: tensor<8x64x48xf32>, %z: tensor<4x16x96xf32>)
    -> (tensor<96x8x64xf32>, tensor<512x96xf32>, tensor<8x6144xf32>, tensor<8x64x144xf32>, tensor<4x32x96xf32>, tensor<8x32x80xf32>) {
  %t = kgraph.transpose %x permutation = [2, 0, 1] : tensor<8x64x96xf32> -> tensor<96x8x64xf32>
  %r = kgraph.reshape %x : tensor<8x64x96xf32> -> tensor<512x96xf32>
  %q = kgraph.reshape %x : tensor<8x64x96xf32> -> tensor<8x6144xf32>
  %c = kgraph.concat %x, %y dim = 2 : tensor<8x64x96xf32>, tensor<8x64x48xf32> -> tensor<8x64x144xf32>
  %p = kgraph.repeat %z : tensor<4x16x96xf32> -> tensor<4x32x96xf32>
  %s = kgraph.slice %x offsets = [0, 16, 8] : tensor<8x64x96xf32> -> tensor<8x32x80xf32>
  return %t, %r, %q, %c, %p, %s : tensor<96x8x64xf32>, tensor<512x96xf32>, tensor<8x6144xf32>, tensor<8x64x144xf32>, tensor<4x32x96xf32>, tensor<8x32x80xf32>
}

// A reshape that splits the leading dim and a transpose of the last two.
func.func @moves16(%x: tensor<16384x8xf16>) -> (tensor<64x256x8xf16>, tensor<8x16384xf16>) {
  %r = kgraph.reshape %x : tensor<16384x8xf16> -> tensor<64x256x8xf16>
  %t = kgraph.transpose %x permutation = [1, 0] : tensor<16384x8xf16> -> tensor<8x16384xf16>
  return %r, %t : tensor<64x256x8xf16>, tensor<8x16384xf16>
}

func.func @moves16_ref(%x: tensor<16384x8xf16>) -> (tensor<64x256x8xf16>, tensor<8x16384xf16>) {
  %r = kgraph.reshape %x : tensor<16384x8xf16> -> tensor<64x256x8xf16>
  %t = kgraph.transpose %x permutation = [1, 0] : tensor<16384x8xf16> -> tensor<8x16384xf16>
  return %r, %t : tensor<64x256x8xf16>, tensor<8x16384xf16>
}

// Reshapes that are not results are views of their operands' buffers (no
// kernel): of an argument, of a kernel's result, and a view of a view.
func.func @views(%x: tensor<8x64x96xf32>) -> (tensor<96x512xf32>, tensor<8x6144xf32>) {
  %r = kgraph.reshape %x : tensor<8x64x96xf32> -> tensor<512x96xf32>
  %t = kgraph.transpose %r permutation = [1, 0] : tensor<512x96xf32> -> tensor<96x512xf32>
  %e = kgraph.exp %x : tensor<8x64x96xf32>
  %a = kgraph.reshape %e : tensor<8x64x96xf32> -> tensor<8x64x8x12xf32>
  %b = kgraph.reshape %a : tensor<8x64x8x12xf32> -> tensor<8x6144xf32>
  %n = kgraph.neg %b : tensor<8x6144xf32>
  return %t, %n : tensor<96x512xf32>, tensor<8x6144xf32>
}

func.func @views_ref(%x: tensor<8x64x96xf32>) -> (tensor<96x512xf32>, tensor<8x6144xf32>) {
  %r = kgraph.reshape %x : tensor<8x64x96xf32> -> tensor<512x96xf32>
  %t = kgraph.transpose %r permutation = [1, 0] : tensor<512x96xf32> -> tensor<96x512xf32>
  %e = kgraph.exp %x : tensor<8x64x96xf32>
  %a = kgraph.reshape %e : tensor<8x64x96xf32> -> tensor<8x64x8x12xf32>
  %b = kgraph.reshape %a : tensor<8x64x8x12xf32> -> tensor<8x6144xf32>
  %n = kgraph.neg %b : tensor<8x6144xf32>
  return %t, %n : tensor<96x512xf32>, tensor<8x6144xf32>
}
