// The element walk (planElementWalk): an element-wise op, or data movement,
// whose operand is stored across the result's order rotates its walk so
// that a warp's lanes read different banks. Each kernel is compiled for the
// CPU and run against the reference, and its bank conflicts counted.
//
// A transpose of 128-byte rows (kgraph.transpose, planned with its default
// expansion): in the plain walk the 32 lanes of a warp read one column of
// the source, 32 rows in one bank (32-way); rotated, none.
// RUN: tsopt-translate --tsopt-to-ptx --bank-conflicts --target=sm_80 --function=transpose %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRANSPOSE
// RUN: tsopt-run %s --backend=cpu --fn=transpose | FileCheck %s --check-prefix=AGREE-T
// TRANSPOSE: remark: bank conflicts of @transpose_kernel0: {{.*}} degree 1.00
// AGREE-T: @transpose vs @transpose_ref: agree
//
// A column norm of a tile stored row-major with the 128-byte swizzle (a
// wgmma operand), squared into a column-major tile: in the plain walk the
// lanes read 32 rows at one column, 8 bank groups for 32 lanes (4-way);
// rotated, the square is conflict-free, and what remains is the reduction
// tree's scratch.
// RUN: tsopt-translate --tsopt-to-ptx --bank-conflicts --target=sm_80 --function=norms %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NORMS
// RUN: tsopt-run %s --backend=cpu --fn=norms | FileCheck %s --check-prefix=AGREE-N
// NORMS: remark: bank conflicts of @norms_kernel0: {{.*}} degree 1.02; worst: memref.load of 'memref<128xf32
// AGREE-N: @norms vs @norms_ref: agree

func.func @transpose_ref(%x: tensor<2x32x64xf16>) -> tensor<2x64x32xf16> {
  %t = kgraph.transpose %x permutation = [0, 2, 1] : tensor<2x32x64xf16> -> tensor<2x64x32xf16>
  return %t : tensor<2x64x32xf16>
}
func.func @transpose(%x: tensor<2x32x64xf16>) -> tensor<2x64x32xf16> attributes {tsopt.reference = @transpose_ref} {
  %t = kgraph.transpose %x permutation = [0, 2, 1] : tensor<2x32x64xf16> -> tensor<2x64x32xf16>
  %n = kgraph.neg %t : tensor<2x64x32xf16>
  %m = kgraph.neg %n : tensor<2x64x32xf16>
  return %m : tensor<2x64x32xf16>
}

func.func @norms_ref(%k: tensor<64x64xf16>) -> tensor<1x64xf16> {
  %s = kgraph.square %k : tensor<64x64xf16>
  %r = kgraph.reduce_sum %s dim = 0 : tensor<64x64xf16> -> tensor<1x64xf16>
  return %r : tensor<1x64xf16>
}
func.func @norms(%k: tensor<64x64xf16>) -> tensor<1x64xf16> attributes {tsopt.reference = @norms_ref} {
  %o = kgraph.kernel grid = [1] forloop = 1 ins(%k : tensor<64x64xf16>) -> (tensor<1x64xf16>) {
  ^bb0(%kb: tensor<64x64xf16>):
    %kt = bgraph.input %kb imap = {x = replica} fmap = replica {bgraph.layout = "row_major_swizzle<3,4,3>"} : tensor<64x64xf16> -> !bgraph.tile<64x64xf16>
    %sq = bgraph.square %kt {bgraph.layout = "col_major"} : !bgraph.tile<64x64xf16> -> !bgraph.tile<64x64xf32>
    %r = bgraph.reduce_sum %sq dim = 0 {bgraph.layout = "row_major"} : !bgraph.tile<64x64xf32> -> !bgraph.tile<1x64xf32>
    %a = bgraph.accum sum %r {bgraph.layout = "row_major"} : !bgraph.tile<1x64xf32> -> !bgraph.tile<1x64xf32>
    %oo = bgraph.output %a omap = {x = replica} : !bgraph.tile<1x64xf32> -> tensor<1x64xf16>
    bgraph.yield %oo : tensor<1x64xf16>
  }
  return %o : tensor<1x64xf16>
}
