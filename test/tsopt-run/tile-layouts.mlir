// Tile layouts (bgraph.layout), compiled for the CPU and run against the
// reference: every access to a tile goes through its layout's formula
// (layoutByteOffset), and the tensor-core fragments come from an emulated
// ldmatrix that reads 8-element rows at their place in the tile's storage.
// Here A's operand is column-major with the 64-byte swizzle (ldmatrix.trans),
// B's column-major (plain ldmatrix), the product row-major with the 128-byte
// swizzle and the accumulator column-major; the second run lays everything
// out row-major.
// RUN: tsopt-run %s --backend=cpu --fn=gemm_laid_out | FileCheck %s --check-prefix=LAID
// RUN: sed -e 's/"col_major[^"]*"/"row_major"/g; s/"row_major_swizzle[^"]*"/"row_major"/g' %s | tsopt-run --backend=cpu --fn=gemm_laid_out | FileCheck %s --check-prefix=LAID
// The same layouts in the emitted code: ldmatrix.trans for A, ldmatrix for
// B, XORs.
// RUN: tsopt-translate --tsopt-to-ptx --function=gemm_laid_out %s | FileCheck %s --check-prefix=PTX
// LAID: @gemm_laid_out vs @gemm_ref: agree
// PTX-DAG: ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16
// PTX-DAG: ldmatrix.sync.aligned.m8n8.x2.shared.b16
// PTX-DAG: xor.b{{32|64}}

func.func @gemm_ref(%a: tensor<32x64xf16>, %b: tensor<64x32xf16>) -> tensor<32x32xf16> {
  %na = kgraph.neg %a : tensor<32x64xf16>
  %nb = kgraph.neg %b : tensor<64x32xf16>
  %c = kgraph.matmul %na, %nb : tensor<32x64xf16>, tensor<64x32xf16> -> tensor<32x32xf16>
  return %c : tensor<32x32xf16>
}

func.func @gemm_laid_out(%a: tensor<32x64xf16>, %b: tensor<64x32xf16>) -> tensor<32x32xf16> attributes {tsopt.reference = @gemm_ref} {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a, %b : tensor<32x64xf16>, tensor<64x32xf16>) -> (tensor<32x32xf16>) {
  ^bb0(%ab: tensor<32x64xf16>, %bb: tensor<64x32xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = 1 {bgraph.layout = "row_major"} : tensor<32x64xf16> -> !bgraph.tile<32x32xf16>
    %bt = bgraph.input %bb imap = {x = replica} fmap = 0 {bgraph.layout = "row_major"} : tensor<64x32xf16> -> !bgraph.tile<32x32xf16>
    %na = bgraph.neg %at {bgraph.layout = "col_major_swizzle<2,4,3>"} : !bgraph.tile<32x32xf16>
    %nb = bgraph.neg %bt {bgraph.layout = "col_major"} : !bgraph.tile<32x32xf16>
    %p = bgraph.matmul %na, %nb {bgraph.layout = "row_major_swizzle<3,4,3>"} : !bgraph.tile<32x32xf16>, !bgraph.tile<32x32xf16> -> !bgraph.tile<32x32xf32>
    %s = bgraph.accum sum %p {bgraph.layout = "col_major"} : !bgraph.tile<32x32xf32> -> !bgraph.tile<32x32xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<32x32xf32> -> tensor<32x32xf16>
    bgraph.yield %o : tensor<32x32xf16>
  }
  return %c : tensor<32x32xf16>
}

// Rows of 256 bytes (f32, 64 columns) take the swizzle whose XOR comes from
// the row index (S = 4): the accumulator (stored once from the mma
// registers) and the negation after the loop laid out so, B's tile with the
// 128-byte swizzle; compiled for the CPU against the reference. The bank
// conflicts of the emitted kernel: the fragment stores into the
// accumulator and the negation's reads are conflict-free with S = 4 (what
// remains is A's unswizzled 64-byte rows under ldmatrix); row-major, the
// rows the negation's lanes read, and those of each fragment store, fall
// on the same banks (degree 2.58 against 2.37).
// RUN: tsopt-run %s --backend=cpu --fn=gemm_wide_rows --reference=gemm_wide_ref | FileCheck %s --check-prefix=WIDE
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --bank-conflicts --function=gemm_wide_rows %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=WIDEBANKS
// RUN: sed -e 's/"row_major_swizzle<3,4,4>"/"row_major"/g' %s | tsopt-translate --tsopt-to-ptx --target=sm_80 --bank-conflicts --function=gemm_wide_rows -o %t.ptx 2>&1 | FileCheck %s --check-prefix=ROWBANKS
// WIDE: @gemm_wide_rows vs @gemm_wide_ref: agree
// WIDEBANKS: remark: bank conflicts of @gemm_wide_rows_kernel0: 200 shared-memory warp accesses, 1440 wavefronts for 608 conflict-free, degree 2.37; worst: nvgpu.ldmatrix of 'memref<32x32xf16
// ROWBANKS: remark: bank conflicts of @gemm_wide_rows_kernel0: 200 shared-memory warp accesses, 1568 wavefronts for 608 conflict-free, degree 2.58; worst: nvgpu.ldmatrix of 'memref<32x32xf16
func.func @gemm_wide_ref(%a: tensor<32x64xf16>, %b: tensor<64x64xf16>) -> tensor<32x64xf16> {
  %c = kgraph.matmul %a, %b : tensor<32x64xf16>, tensor<64x64xf16> -> tensor<32x64xf16>
  %n = kgraph.neg %c : tensor<32x64xf16>
  return %n : tensor<32x64xf16>
}

func.func @gemm_wide_rows(%a: tensor<32x64xf16>, %b: tensor<64x64xf16>) -> tensor<32x64xf16> {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a, %b : tensor<32x64xf16>, tensor<64x64xf16>) -> (tensor<32x64xf16>) {
  ^bb0(%ab: tensor<32x64xf16>, %bb: tensor<64x64xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = 1 {bgraph.layout = "row_major"} : tensor<32x64xf16> -> !bgraph.tile<32x32xf16>
    %bt = bgraph.input %bb imap = {x = replica} fmap = 0 {bgraph.layout = "row_major_swizzle<3,4,3>"} : tensor<64x64xf16> -> !bgraph.tile<32x64xf16>
    %p = bgraph.matmul %at, %bt {bgraph.layout = "row_major_swizzle<3,4,4>"} : !bgraph.tile<32x32xf16>, !bgraph.tile<32x64xf16> -> !bgraph.tile<32x64xf32>
    %s = bgraph.accum sum %p {bgraph.layout = "row_major_swizzle<3,4,4>"} : !bgraph.tile<32x64xf32> -> !bgraph.tile<32x64xf32>
    %n = bgraph.neg %s {bgraph.layout = "row_major_swizzle<3,4,4>"} : !bgraph.tile<32x64xf32>
    %o = bgraph.output %n omap = {x = replica} : !bgraph.tile<32x64xf32> -> tensor<32x64xf16>
    bgraph.yield %o : tensor<32x64xf16>
  }
  return %c : tensor<32x64xf16>
}
