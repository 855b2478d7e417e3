// RUN: tsopt-opt %s --tsopt-estimate-cost=target=h100 -o /dev/null \
// RUN:   --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: tsopt-opt %s --tsopt-estimate-cost=target=h200 2>/dev/null \
// RUN:   | FileCheck %s --check-prefix=ATTR
// RUN: tsopt-opt %s --tsopt-estimate-cost=target=sm_80 -o /dev/null \
// RUN:   --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=A100
// RUN: tsopt-opt %s --tsopt-estimate-cost='target=sm_80 use-memory-plan=false' \
// RUN:   -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOPLAN
// RUN: not tsopt-opt %s --tsopt-estimate-cost=target=sm_70 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TARGET
// RUN: tsopt-opt %s --tsopt-estimate-cost=target=h200 -o /dev/null \
// RUN:   --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BOOST
// RUN: tsopt-opt %s --tsopt-estimate-cost='target=h200 clock-mhz=990' -o /dev/null \
// RUN:   --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=CLOCK
// RUN: not tsopt-opt %s --tsopt-estimate-cost='target=h100 clock-mhz=20000' \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADCLOCK
// RUN: tsopt-opt %s --tsopt-estimate-cost=target=a100-40gb -o /dev/null \
// RUN:   --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=A100-40GB
// RUN: tsopt-opt %s --tsopt-estimate-cost='target=h100 library-kernels=true' -o /dev/null \
// RUN:   --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=LIB

// TARGET: error: unknown target 'sm_70'; known: sm_80 (a100, a100-40gb), sm_90 (h100, h200)
// BADCLOCK: error: clock-mhz = 20000 is not an SM clock
// A100-40GB: remark: estimated {{.*}} on sm_80 (A100-40GB): 2 kernels

// Two pre-defined ops, priced as tsopt emits them: their default block-graph
// expansions. The matmul reads (64x128 + 128x64) f16 = 32768 B, writes
// 64x64 f16 = 8192 B and does 2 * 64 * 64 * 128 tensor-core FLOPs in one
// block of the 64x64 output, a for-loop of 4 steps of 32 over K; exp in two
// blocks of 32 rows, one FLOP and one ex2 per element (its accumulator,
// over a loop of one, passes the exponentials through).
// CHECK: remark: estimated {{[0-9]+\.[0-9][0-9]}} us on sm_90 (H100): 2 kernels {{[0-9]+\.[0-9][0-9]}} us + launch 4.00 us; device memory read 40960 B, written 16384 B
// CHECK: note: kernel 0 (matmul, expanded, grid 1x1, forloop 4): {{[0-9]+\.[0-9][0-9]}} us, {{[a-z-]+}}-bound; read 32768 B (0 B from L2), written 8192 B; tensor-core 1048576 FLOP, CUDA-core 0 FLOP, special 0; 1 blocks,
// CHECK: note: kernel 1 (exp, expanded, grid 2, forloop 1): {{.*}} read 8192 B (0 B from L2), written 8192 B; tensor-core 0 FLOP, CUDA-core 4096 FLOP, special 4096;
// As vendor-library kernels (library-kernels=true), sized to fill the GPU.
// LIB: note: kernel 0 (matmul, library): {{[0-9]+\.[0-9][0-9]}} us, memory-bound; read 32768 B, written 8192 B; tensor-core 1048576 FLOP, CUDA-core 0 FLOP, special 0; terms (us): memory {{[0-9]+\.[0-9][0-9]}}, compute {{[0-9]+\.[0-9][0-9]}}, latency 0.50
// LIB: note: kernel 1 (exp, library): {{.*}} read 8192 B, written 8192 B; tensor-core 0 FLOP, CUDA-core 4096 FLOP, special 4096;
// ATTR-LABEL: func.func @library
// ATTR-SAME: tsopt.cost_us = {{[0-9]+\.[0-9]+(e[-+]?[0-9]+)?}} : f64
func.func @library(%a: tensor<64x128xf16>, %b: tensor<128x64xf16>) -> tensor<64x64xf16> {
  %c = kgraph.matmul %a, %b : tensor<64x128xf16>, tensor<128x64xf16> -> tensor<64x64xf16>
  %e = kgraph.exp %c : tensor<64x64xf16>
  return %e : tensor<64x64xf16>
}

// The same matmul as one graph-defined kernel: 4 blocks each load a 32x32 A
// tile and a 32x32 B tile (2048 B each) in each of 4 iterations: 65536 B.
// Each tile is loaded by the two blocks the input is replicated across;
// the kernel's distinct bytes (32768) fit in L2, so half the reads are L2
// hits.
// The sums stay in the mma registers across the loop
// (fragmentAccumulatedMatmul): no CUDA-core additions, no product stored
// to shared memory, the accumulator's tile written once, and its loop
// depth needs no barrier: loop depths (inputs, matmul) times 4, plus the
// saver, minus one: 8 barriers.
// CHECK: remark: estimated {{[0-9]+\.[0-9][0-9]}} us on sm_90 (H100): 1 kernel {{[0-9]+\.[0-9][0-9]}} us + launch 2.00 us; device memory read 65536 B, written 8192 B
// Shared-memory access instructions per block: per iteration 2048 / 16
// copies and 2048 / 16 ldmatrix per operand (4 x 512), the sums' 1024
// elements into the accumulator and the saver's 1024 / 8 vector reads:
// 3200.
// CHECK: note: kernel 0 (kernel, grid 2x2, forloop 4): {{[0-9]+\.[0-9][0-9]}} us, {{memory|compute|shared-memory|latency}}-bound; read 65536 B (32768 B from L2), written 8192 B; tensor-core 1048576 FLOP, CUDA-core 0 FLOP, special 0; 4 blocks, {{[0-9]+}} B shared memory/block, 4 blocks/SM, 1 wave, SM utilization 3.03%, 8 barriers/block, shared-memory traffic 147456 B (3200 accesses/block), read bandwidth {{[0-9]+\.[0-9][0-9]}} TB/s; plan: 1 matmuls on tensor cores (0 by wgmma), 0 on CUDA cores, 3 stages, copies of 16/16 B, 0 by the TMA, 2 operands by ldmatrix, 0 swizzled tiles; terms (us): memory {{[0-9]+\.[0-9][0-9]}}, compute {{[0-9]+\.[0-9][0-9]}}, sync {{[0-9]+\.[0-9][0-9]}}, shared memory {{[0-9]+\.[0-9][0-9]}}, thread {{[0-9]+\.[0-9][0-9]}}, exposed {{[0-9]+\.[0-9][0-9]}}, latency 0.50
// ATTR-LABEL: func.func @tiled
// ATTR-SAME: tsopt.cost_us = {{.*}} : f64
// A100: remark: estimated {{.*}} on sm_80 (A100): 1 kernel
// A100: SM utilization 3.70%
func.func @tiled(%a: tensor<64x128xf16>, %b: tensor<128x64xf16>) -> tensor<64x64xf16> {
  %c = kgraph.kernel grid = [2, 2] forloop = 4 ins(%a, %b : tensor<64x128xf16>, tensor<128x64xf16>) -> (tensor<64x64xf16>) {
  ^bb0(%x: tensor<64x128xf16>, %w: tensor<128x64xf16>):
    %xt = bgraph.input %x imap = {x = 0, y = replica} fmap = 1 : tensor<64x128xf16> -> !bgraph.tile<32x32xf16>
    %wt = bgraph.input %w imap = {x = replica, y = 1} fmap = 0 : tensor<128x64xf16> -> !bgraph.tile<32x32xf16>
    %p = bgraph.matmul %xt, %wt : !bgraph.tile<32x32xf16>, !bgraph.tile<32x32xf16> -> !bgraph.tile<32x32xf16>
    %s = bgraph.accum sum %p : !bgraph.tile<32x32xf16> -> !bgraph.tile<32x32xf16>
    %o = bgraph.output %s omap = {x = 0, y = 1} : !bgraph.tile<32x32xf16> -> tensor<64x64xf16>
    bgraph.yield %o : tensor<64x64xf16>
  }
  return %c : tensor<64x64xf16>
}

// Three 256x64 f32 tiles live at once (input, exp, and the accumulator,
// which lives through the loop): 196608 B, over the A100's 166912 per block
// even with the memory plan; the no-reuse bound counts the post-loop neg
// too (the saver computes the last exp itself): 262144 B. One block on 132
// SMs: 1/132 = 0.76% utilization. The input and its exp are loop
// invariant: they run once, before the loop (loopInvariantOps). Barriers,
// as the lowering emits them: after the accumulator's initialization, after
// the copy and after the exp, the accumulation in each of the two
// iterations, and one between the neg and the saver: 6.
// CHECK: remark: estimated {{[0-9]+\.[0-9][0-9]}} us on sm_90 (H100): 1 kernel
// CHECK: note: kernel 0 (kernel, grid 1, forloop 2): {{.*}} 1 blocks, 196608 B shared memory/block, 1 blocks/SM, 1 wave, SM utilization 0.76%, 6 barriers/block,
// ATTR-LABEL: func.func @big
// ATTR-SAME: tsopt.cost_us
// A100: warning: no estimate on sm_80 (A100): a block graph does not fit in shared memory
// A100: note: kernel 0 (kernel, grid 1, forloop 2): does not fit: block graph needs 196608 bytes of shared memory; sm_80 (A100) allows 166912 per block
// With the SM clock locked at half the boost clock, every per-clock term
// doubles (compute, sync, shared memory, a thread's chain); device memory
// does not.
// BOOST: kernel 0 (kernel, grid 1, forloop 2): {{.*}} terms (us): memory 1.02, compute 1.59, sync 0.24, shared memory 2.59, thread 40.06, exposed 1.02, latency 0.50
// CLOCK: kernel 0 (kernel, grid 1, forloop 2): {{.*}} terms (us): memory 1.02, compute 3.19, sync 0.48, shared memory 5.17, thread 80.13, exposed 1.02, latency 0.50
// NOPLAN: does not fit: block graph needs 262144 bytes of shared memory; sm_80 (A100) allows 166912 per block
func.func @big(%a: tensor<256x64xf32>) -> tensor<256x64xf32> {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a : tensor<256x64xf32>) -> (tensor<256x64xf32>) {
  ^bb0(%x: tensor<256x64xf32>):
    %xt = bgraph.input %x imap = {x = replica} fmap = replica : tensor<256x64xf32> -> !bgraph.tile<256x64xf32>
    %e = bgraph.exp %xt : !bgraph.tile<256x64xf32>
    %s = bgraph.accum sum %e : !bgraph.tile<256x64xf32> -> !bgraph.tile<256x64xf32>
    %n = bgraph.neg %s : !bgraph.tile<256x64xf32>
    %m = bgraph.exp %n : !bgraph.tile<256x64xf32>
    %o = bgraph.output %m omap = {x = replica} : !bgraph.tile<256x64xf32> -> tensor<256x64xf32>
    bgraph.yield %o : tensor<256x64xf32>
  }
  return %c : tensor<256x64xf32>
}
