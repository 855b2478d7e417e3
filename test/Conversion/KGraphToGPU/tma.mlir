// sm_90's tensor memory accelerator (bgraph.tma): the input iterators whose
// tiles a wgmma reads are planned as TMA copies on sm_90 (fitsTma: copied
// in the for-loop, rows of exactly the span of their TMA swizzle) and as the
// threads' cp.async chunks on sm_80. Per iteration one thread announces the
// tile's bytes on the mbarrier of the iteration's stage and issues one
// cp.async.bulk.tensor of the whole tile; every thread waits for that
// mbarrier's phase before the barrier that ends the first step. The kernel
// takes one TMA descriptor per such tile after its tensors, and the launch
// manifest says how to encode each (buffer, shape, box, swizzle).
//
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_90 | FileCheck %s --check-prefix=PLAN
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 | FileCheck %s --check-prefix=PLAN80
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %s -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=MANIFEST < %t.json
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
//
// The plan is what is emitted: without bgraph.tma the same plan copies by
// cp.async again.
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_90 | sed -e 's/, bgraph.tma//' | tsopt-translate --tsopt-to-ptx --target=sm_90 | FileCheck %s --check-prefix=EDITED
//
// The CPU path writes every element of a TMA copy at the byte the TMA's
// swizzle puts it (not through the tile's layout) and agrees with the
// reference; so does a 3-d tile (a batch dim of 1, the coordinates of all
// three dims).
// RUN: tsopt-run %s --backend=cpu --fn=tma --reference=ref | FileCheck %s --check-prefix=CPU
// RUN: tsopt-run %s --backend=cpu --fn=tma3 --reference=ref3 | FileCheck %s --check-prefix=CPU

// PLAN-LABEL: func.func @tma(
// PLAN: bgraph.input {{.*}}bgraph.layout = "row_major_swizzle<3,4,3>", {{.*}}bgraph.tma}
// PLAN: bgraph.input {{.*}}bgraph.layout = "row_major_swizzle<3,4,3>", {{.*}}bgraph.tma}
// PLAN: bgraph.matmul {{.*}}bgraph.mma = "wgmma"
// A 4096^3 GEMM's default expansion (64 x 64 tiles, three stages) fills
// 56 KiB, exactly what keeps four blocks on an SM; the mbarriers would cost
// one, so its tiles keep the threads' copies.
// PLAN-LABEL: func.func @gemm_full(
// PLAN-NOT: bgraph.tma
// PLAN: bgraph.mma = "wgmma"
// PLAN80-NOT: bgraph.tma

// Three stages: three mbarriers, each awaiting both tiles' arrivals.
// PTX-LABEL: .entry tma_kernel0(
// PTX-COUNT-5: .param .u64
// PTX-NEXT: )
// PTX: mbarrier.init.shared.b64
// PTX: mbarrier.init.shared.b64
// PTX: mbarrier.init.shared.b64
// PTX-NEXT: fence.mbarrier_init.release.cluster;
// PTX: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [[BYTES:%r[0-9]+]];
// PTX: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes
// PTX: mbarrier.try_wait.parity.shared.b64
// PTX: wgmma.mma_async
// PTX-NOT: cp.async.cg
// PTX-LABEL: .entry ref_kernel0(
// PTX-LABEL: .entry tma3_kernel0(
// PTX: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes

// MANIFEST: "name": "tma_kernel0"
// MANIFEST: "tensor_maps": [
// MANIFEST-NEXT: {
// MANIFEST-NEXT: "box": [
// MANIFEST-NEXT: 64,
// MANIFEST-NEXT: 64
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "buffer": 0,
// MANIFEST-NEXT: "dtype": "f16",
// MANIFEST-NEXT: "shape": [
// MANIFEST-NEXT: 128,
// MANIFEST-NEXT: 128
// MANIFEST-NEXT: ],
// MANIFEST-NEXT: "swizzle": 128
// MANIFEST-NEXT: },
// MANIFEST-NEXT: {
// MANIFEST: "buffer": 1,

// EDITED-LABEL: .entry tma_kernel0(
// EDITED-NOT: cp.async.bulk
// EDITED: cp.async.cg.shared.global
// EDITED-NOT: cp.async.bulk

// CPU: @tma{{3?}} vs @ref{{3?}}: agree
// CPU-NOT: DIFFER

func.func @tma(%a: tensor<128x128xf16>, %b: tensor<128x64xf16>) -> tensor<128x64xf16> attributes {tsopt.reference = @ref} {
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

// Two heads, one per block along y; the contraction in three iterations.
func.func @tma3(%a: tensor<2x64x192xf16>, %b: tensor<2x192x64xf16>) -> tensor<2x64x64xf16> attributes {tsopt.reference = @ref3} {
  %c = kgraph.kernel grid = [1, 2] forloop = 3 ins(%a, %b : tensor<2x64x192xf16>, tensor<2x192x64xf16>) -> (tensor<2x64x64xf16>) {
  ^bb0(%ab: tensor<2x64x192xf16>, %bb: tensor<2x192x64xf16>):
    %at = bgraph.input %ab imap = {x = replica, y = 0} fmap = 2 : tensor<2x64x192xf16> -> !bgraph.tile<1x64x64xf16>
    %bt = bgraph.input %bb imap = {x = replica, y = 0} fmap = 1 : tensor<2x192x64xf16> -> !bgraph.tile<1x64x64xf16>
    %p = bgraph.matmul %at, %bt : !bgraph.tile<1x64x64xf16>, !bgraph.tile<1x64x64xf16> -> !bgraph.tile<1x64x64xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<1x64x64xf32> -> !bgraph.tile<1x64x64xf32>
    %o = bgraph.output %s omap = {x = replica, y = 0} : !bgraph.tile<1x64x64xf32> -> tensor<2x64x64xf16>
    bgraph.yield %o : tensor<2x64x64xf16>
  }
  return %c : tensor<2x64x64xf16>
}

func.func @ref3(%a: tensor<2x64x192xf16>, %b: tensor<2x192x64xf16>) -> tensor<2x64x64xf16> {
  %c = kgraph.matmul %a, %b : tensor<2x64x192xf16>, tensor<2x192x64xf16> -> tensor<2x64x64xf16>
  return %c : tensor<2x64x64xf16>
}

func.func @gemm_full(%a: tensor<4096x4096xf16>, %b: tensor<4096x4096xf16>) -> tensor<4096x4096xf16> {
  %c = kgraph.matmul %a, %b : tensor<4096x4096xf16>, tensor<4096x4096xf16> -> tensor<4096x4096xf16>
  return %c : tensor<4096x4096xf16>
}
