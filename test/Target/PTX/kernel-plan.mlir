// The PTX follows the kernel plan carried in the IR, edited or not: each
// edited value below is one the planner would not choose (it plans three
// stages, tensor cores, 16-byte copies and swizzled operand tiles read by
// ldmatrix for this kernel on sm_80, as the first run shows), so the PTX of
// an edit proves that tsopt-translate emits the plan it reads and plans
// nothing it finds planned. On sm_90 the planner chooses wgmma for this
// product (its tiles' 64-byte rows are canonical for it); written so, the
// plan gives wgmma.mma_async reading both tiles through descriptors.
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %s | FileCheck %s --check-prefix=PLANNED
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %s | FileCheck %s --check-prefix=SWIZZLED
// RUN: sed -e 's/bgraph.stages = 3/bgraph.stages = 2/' %s | tsopt-translate --tsopt-to-ptx --target=sm_80 | FileCheck %s --check-prefix=STAGES2
// RUN: sed -e 's/bgraph.stages = 3/bgraph.stages = 1/' %s | tsopt-translate --tsopt-to-ptx --target=sm_80 | FileCheck %s --check-prefix=STAGES1
// RUN: sed -e 's/"m16n8k16"/"cuda_cores"/' %s | tsopt-translate --tsopt-to-ptx --target=sm_80 | FileCheck %s --check-prefix=CUDA
// RUN: sed -e 's/copy_bytes = 16/copy_bytes = 8/g' %s | tsopt-translate --tsopt-to-ptx --target=sm_80 | FileCheck %s --check-prefix=COPY8
// RUN: sed -e 's/row_major_swizzle<[123],4,3>/row_major/g' %s | tsopt-translate --tsopt-to-ptx --target=sm_80 | FileCheck %s --check-prefix=UNSWIZZLED
// RUN: sed -e 's/"m16n8k16"/"wgmma"/' %s | tsopt-translate --tsopt-to-ptx --target=sm_90 | FileCheck %s --check-prefix=WGMMA
// Without the plan attributes, the lowering pipeline plans the same.
// RUN: sed -e 's/ {bgraph.copy_bytes = 16 : i64, bgraph.layout = "[^"]*"}//; s/ {bgraph.layout = "[^"]*", bgraph.mma = "m16n8k16"}//; s/ {bgraph.layout = "[^"]*"}//; s/ attributes {bgraph.stages = 3 : i64}//' %s | tsopt-translate --tsopt-to-ptx --target=sm_80 | FileCheck %s --check-prefix=PLANNED

// Three stages: two iterations' copies committed before the loop, and in
// every iteration one more group before waiting for all but the last two.
// PLANNED: .entry gemm_kernel0(
// PLANNED-COUNT-2: cp.async.commit_group;
// PLANNED: cp.async.commit_group;
// PLANNED-NEXT: cp.async.wait_group 2;
// PLANNED-NEXT: bar.sync 0;
// The swizzled tiles' addresses XOR the row into the 16-byte chunk, and
// the fragments come from ldmatrix (A's rows along k, B's .trans).
// SWIZZLED: xor.b{{32|64}}
// PLANNED-DAG: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// PLANNED-DAG: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// PLANNED: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PLANNED-NOT: cp.async.wait_group 0;
// PLANNED: ret;
// STAGES2: cp.async.wait_group 1;
// STAGES2-NOT: cp.async.wait_group 2;
// STAGES1-NOT: cp.async.wait_group {{[12]}};
// STAGES1: cp.async.wait_group 0;
// CUDA-NOT: mma.sync
// CUDA: cp.async.wait_group 2;
// CUDA-NOT: mma.sync
// COPY8-NOT: cp.async.cg
// COPY8: cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 8;
// COPY8-NOT: cp.async.cg
// UNSWIZZLED-NOT: xor.b{{32|64}}
// UNSWIZZLED: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// UNSWIZZLED-NOT: xor.b{{32|64}}
// WGMMA-NOT: ldmatrix
// WGMMA: wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16
// WGMMA-NOT: mma.sync.aligned

func.func @gemm(%a: tensor<64x256xf16>, %b: tensor<256x64xf16>) -> tensor<64x64xf16> {
  %c = kgraph.kernel grid = [2] forloop = 8 ins(%a, %b : tensor<64x256xf16>, tensor<256x64xf16>) -> (tensor<64x64xf16>) attributes {bgraph.stages = 3 : i64} {
  ^bb0(%ab: tensor<64x256xf16>, %bb: tensor<256x64xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.layout = "row_major_swizzle<2,4,3>"} : tensor<64x256xf16> -> !bgraph.tile<64x32xf16>
    %bt = bgraph.input %bb imap = {x = 1} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.layout = "row_major_swizzle<2,4,3>"} : tensor<256x64xf16> -> !bgraph.tile<32x32xf16>
    %p = bgraph.matmul %at, %bt {bgraph.layout = "row_major", bgraph.mma = "m16n8k16"} : !bgraph.tile<64x32xf16>, !bgraph.tile<32x32xf16> -> !bgraph.tile<64x32xf32>
    %s = bgraph.accum sum %p {bgraph.layout = "row_major_swizzle<3,4,3>"} : !bgraph.tile<64x32xf32> -> !bgraph.tile<64x32xf32>
    %o = bgraph.output %s omap = {x = 1} : !bgraph.tile<64x32xf32> -> tensor<64x64xf16>
    bgraph.yield %o : tensor<64x64xf16>
  }
  return %c : tensor<64x64xf16>
}
