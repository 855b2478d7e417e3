// sm_90's warpgroup matmul (bgraph.mma = "wgmma"): a 64-row product whose
// operand tiles lie in the canonical layouts of wgmma's matrix descriptors
// (rows of exactly the span of a TMA swizzle, along k or along A's m / B's
// n) is planned as wgmma on sm_90 (fitsWgmma) and as mma.sync on sm_80.
// The layout ILP offers those layouts (A's tile stores k in 128-byte rows,
// B's stores n), the memory plan puts the tiles at multiples of 1024 bytes
// (the swizzle's repeat), and the lowering issues one wgmma.mma_async per
// step of k from descriptors, fenced and waited for, with a proxy fence
// before each barrier. Editing the plan to "m16n8k16" emits mma.sync.
//
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_90 | FileCheck %s --check-prefix=PLAN
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 | FileCheck %s --check-prefix=PLAN80
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %s | FileCheck %s --check-prefix=PTX
// RUN: %if ptxas %{ tsopt-translate --tsopt-to-ptx --target=sm_90 %s -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_90 | sed -e 's/"wgmma"/"m16n8k16"/' | tsopt-translate --tsopt-to-ptx --target=sm_90 | FileCheck %s --check-prefix=EDITED
//
// The CPU path emulates each wgmma from the descriptors it is given (the
// address of every operand value decoded from them, the swizzle applied)
// and agrees with the reference; so do the variants whose tiles are
// MN-major A (m contiguous) and K-major B (k contiguous), and a 128-row
// product of two 64-row blocks for one warpgroup.
// RUN: tsopt-run %s --backend=cpu --fn=wg --reference=ref | FileCheck %s --check-prefix=CPU
// RUN: sed -e 's/LAYOUT_A/col_major_swizzle<3,4,3>/;s/LAYOUT_B/col_major_swizzle<3,4,3>/' %S/Inputs/wgmma-layouts.mlir > %t.cm.mlir
// RUN: tsopt-opt %t.cm.mlir --tsopt-plan-kernels=target=sm_90 | FileCheck %s --check-prefix=PLAN-CM
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %t.cm.mlir | FileCheck %s --check-prefix=PTX-CM
// RUN: tsopt-run %t.cm.mlir --backend=cpu --fn=wg --reference=ref | FileCheck %s --check-prefix=CPU
// RUN: sed -e 's/LAYOUT_A/row_major_swizzle<3,4,3>/;s/LAYOUT_B/col_major_swizzle<3,4,3>/' %S/Inputs/wgmma-layouts.mlir > %t.rc.mlir
// RUN: tsopt-run %t.rc.mlir --backend=cpu --fn=wg --reference=ref | FileCheck %s --check-prefix=CPU
// RUN: tsopt-run %s --backend=cpu --fn=wg128 --reference=ref128 | FileCheck %s --check-prefix=CPU
// bf16 takes the same descriptors (the instruction's bf16 form).
// RUN: sed -e 's/f16/bf16/g' %s > %t.bf16.mlir
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %t.bf16.mlir | FileCheck %s --check-prefix=BF16
// RUN: tsopt-run %t.bf16.mlir --backend=cpu --fn=wg --reference=ref | FileCheck %s --check-prefix=CPU
// A searched µGraph at its published shape: gqa's attention kernel, whose
// wgmma products feed the softmax's thread graph and a sum kept in the
// accumulators across the loop.
// RUN: tsopt-opt %S/../../../utils/workloads/gqa.mlir --tsopt-plan-kernels=target=sm_90 | FileCheck %s --check-prefix=GQA
// RUN: tsopt-run %S/../../../utils/workloads/gqa.mlir --backend=cpu | FileCheck %s --check-prefix=GQA-CPU

// PLAN-LABEL: func.func @wg(
// PLAN: bgraph.input {{.*}}bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = array<i64: [[A0:[0-9]+]]
// PLAN: bgraph.input {{.*}}bgraph.layout = "row_major_swizzle<3,4,3>"
// PLAN: bgraph.matmul {{.*}}bgraph.mma = "wgmma"
// PLAN80-LABEL: func.func @wg(
// PLAN80: bgraph.matmul {{.*}}bgraph.mma = "m16n8k16"

// PTX: .target sm_90a
// PTX: .extern .shared .align 1024 .b8
// PTX-LABEL: .entry wg_kernel0(
// PTX-NOT: ldmatrix
// PTX: fence.proxy.async.shared::cta;
// PTX-NEXT: bar.sync
// PTX: wgmma.fence.sync.aligned;
// A K-major (no transpose), B MN-major (transposed): the immediates
// scale-d, scale-a, scale-b, trans-a, trans-b.
// PTX: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p, 1, 1, 0, 1;
// PTX: wgmma.commit_group.sync.aligned;
// PTX: wgmma.wait_group.sync.aligned 0;
// PTX-NOT: mma.sync

// EDITED-LABEL: .entry wg_kernel0(
// EDITED-NOT: wgmma
// EDITED: mma.sync.aligned.m16n8k16

// BF16: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// GQA-LABEL: func.func @gqa_opt(
// GQA: bgraph.mma = "wgmma"
// GQA: bgraph.mma = "wgmma"
// GQA-CPU: @gqa_opt vs @gqa_ref: agree

// PLAN-CM: bgraph.matmul {{.*}}bgraph.mma = "wgmma"
// A MN-major (transposed), B K-major.
// PTX-CM: wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {{.*}}, p, 1, 1, 1, 0;

// CPU: @wg{{(128)?}} vs @ref{{(128)?}}: agree
// CPU-NOT: DIFFER

func.func @wg(%a: tensor<128x128xf16>, %b: tensor<128x64xf16>) -> tensor<128x64xf16> attributes {tsopt.reference = @ref} {
  %c = kgraph.kernel grid = [2] forloop = 2 ins(%a, %b : tensor<128x128xf16>, tensor<128x64xf16>) -> (tensor<128x64xf16>) {
  ^bb0(%ab: tensor<128x128xf16>, %bb: tensor<128x64xf16>):
    %at = bgraph.input %ab imap = {x = 0} fmap = 1 : tensor<128x128xf16> -> !bgraph.tile<64x64xf16>
    %bt = bgraph.input %bb imap = {x = replica} fmap = 0 : tensor<128x64xf16> -> !bgraph.tile<64x64xf16>
    %p = bgraph.matmul %at, %bt : !bgraph.tile<64x64xf16>, !bgraph.tile<64x64xf16> -> !bgraph.tile<64x64xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<64x64xf32> -> !bgraph.tile<64x64xf32>
    %o = bgraph.output %s omap = {x = 0} : !bgraph.tile<64x64xf32> -> tensor<128x64xf16>
    bgraph.yield %o : tensor<128x64xf16>
  }
  return %c : tensor<128x64xf16>
}

func.func @ref(%a: tensor<128x128xf16>, %b: tensor<128x64xf16>) -> tensor<128x64xf16> {
  %c = kgraph.matmul %a, %b : tensor<128x128xf16>, tensor<128x64xf16> -> tensor<128x64xf16>
  return %c : tensor<128x64xf16>
}

// One block of 128 threads, a 128-row product: the warpgroup issues the
// wgmmas of both 64-row blocks (its registers hold both).
func.func @wg128(%a: tensor<128x64xf16>, %b: tensor<64x32xf16>) -> tensor<128x32xf16> attributes {tsopt.reference = @ref128} {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<128x64xf16>, tensor<64x32xf16>) -> (tensor<128x32xf16>) {
  ^bb0(%ab: tensor<128x64xf16>, %bb: tensor<64x32xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<128x64xf16> -> !bgraph.tile<128x64xf16>
    %bt = bgraph.input %bb imap = {x = replica} fmap = replica : tensor<64x32xf16> -> !bgraph.tile<64x32xf16>
    %p = bgraph.matmul %at, %bt : !bgraph.tile<128x64xf16>, !bgraph.tile<64x32xf16> -> !bgraph.tile<128x32xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<128x32xf32> -> !bgraph.tile<128x32xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<128x32xf32> -> tensor<128x32xf16>
    bgraph.yield %o : tensor<128x32xf16>
  }
  return %c : tensor<128x32xf16>
}

func.func @ref128(%a: tensor<128x64xf16>, %b: tensor<64x32xf16>) -> tensor<128x32xf16> {
  %c = kgraph.matmul %a, %b : tensor<128x64xf16>, tensor<64x32xf16> -> tensor<128x32xf16>
  return %c : tensor<128x32xf16>
}
