// tsopt-translate --bank-conflicts runs each kernel's index arithmetic lane
// by lane and counts the wavefronts of every shared-memory warp access.
// The same GEMM twice: its operand tiles (rows of 128 bytes) row-major,
// then with the 128-byte swizzle the layout plan would choose. Row-major,
// the 8 rows of every ldmatrix phase start 128 bytes apart, on the same 4
// banks: 8 wavefronts where 1 would do. Swizzled, ldmatrix is
// conflict-free, and so is the f32 product tile (rows of 256 bytes; the
// accumulator of a one-iteration loop is that tile), which the fragments'
// lanes store in 8-byte pairs, 4 rows per half-warp: the plan swizzles it
// by the 128-byte line (swizzle<3,4,3>), which puts those 4 rows' pairs in
// 8 different bank groups (in both GEMMs). The saver reads it in 16-byte
// vectors.
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --bank-conflicts %s -o %t.ptx 2>&1 | FileCheck %s
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 --convert-kgraph-to-gpu=target=sm_80 --tsopt-report-bank-conflicts -o /dev/null 2>&1 | FileCheck %s

// CHECK-DAG: remark: bank conflicts of @gemm_row_major_kernel0: 108 shared-memory warp accesses, 1680 wavefronts for 336 conflict-free, degree 5.00; worst: nvgpu.ldmatrix of 'memref<16x64xf16, #gpu.address_space<workgroup>>' (degree 8.00, 896 wavefronts past conflict-free)
// CHECK-DAG: remark: bank conflicts of @gemm_swizzled_kernel0: 108 shared-memory warp accesses, 336 wavefronts for 336 conflict-free, degree 1.00{{$}}

func.func @gemm_row_major(%a: tensor<16x64xf16>, %b: tensor<64x64xf16>) -> tensor<16x64xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<16x64xf16>, tensor<64x64xf16>) -> (tensor<16x64xf16>) {
  ^bb0(%ab: tensor<16x64xf16>, %bb: tensor<64x64xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica {bgraph.layout = "row_major"} : tensor<16x64xf16> -> !bgraph.tile<16x64xf16>
    %bt = bgraph.input %bb imap = {x = replica} fmap = replica {bgraph.layout = "row_major"} : tensor<64x64xf16> -> !bgraph.tile<64x64xf16>
    %p = bgraph.matmul %at, %bt : !bgraph.tile<16x64xf16>, !bgraph.tile<64x64xf16> -> !bgraph.tile<16x64xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<16x64xf32> -> !bgraph.tile<16x64xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<16x64xf32> -> tensor<16x64xf16>
    bgraph.yield %o : tensor<16x64xf16>
  }
  return %c : tensor<16x64xf16>
}

func.func @gemm_swizzled(%a: tensor<16x64xf16>, %b: tensor<64x64xf16>) -> tensor<16x64xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<16x64xf16>, tensor<64x64xf16>) -> (tensor<16x64xf16>) {
  ^bb0(%ab: tensor<16x64xf16>, %bb: tensor<64x64xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica {bgraph.layout = "row_major_swizzle<3,4,3>"} : tensor<16x64xf16> -> !bgraph.tile<16x64xf16>
    %bt = bgraph.input %bb imap = {x = replica} fmap = replica {bgraph.layout = "row_major_swizzle<3,4,3>"} : tensor<64x64xf16> -> !bgraph.tile<64x64xf16>
    %p = bgraph.matmul %at, %bt : !bgraph.tile<16x64xf16>, !bgraph.tile<64x64xf16> -> !bgraph.tile<16x64xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<16x64xf32> -> !bgraph.tile<16x64xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<16x64xf32> -> tensor<16x64xf16>
    bgraph.yield %o : tensor<16x64xf16>
  }
  return %c : tensor<16x64xf16>
}
