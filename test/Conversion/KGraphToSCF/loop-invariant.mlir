// Loop-invariant tiles (an input iterator with fmap = replica, and loop ops
// reading only such tiles) are computed once before the for-loop: the
// shared-memory plan keeps them for the whole loop (MemoryPlan.h). The
// compiled CPU kernel agrees with the evaluator, which recomputes them in
// every iteration.
// RUN: tsopt-run %s --backend=cpu --fn=hoist --reference=hoist | FileCheck %s --check-prefix=EXEC
// RUN: tsopt-opt %s --tsopt-plan-kernels --convert-kgraph-to-scf | FileCheck %s --check-prefix=CPU
// RUN: tsopt-opt %s --tsopt-plan-kernels --convert-kgraph-to-gpu | FileCheck %s --check-prefix=GPU

// EXEC: @hoist vs @hoist: agree

// X and its square (invariant) before the loop of 4 over W's column
// chunks; in the loop only W's chunk, the matmul and the concatenation.
// CPU-LABEL: func.func private @hoist_kernel0(
// CPU-SAME: %[[X:[a-z0-9]+]]: memref<8x16xf16>, %[[W:[a-z0-9]+]]: memref<16x128xf16>
// CPU: memref.load %[[X]]
// CPU: arith.mulf
// CPU: scf.for %{{.+}} = %c0{{.*}} to %c4{{.*}} step %c1{{.*}} {
// CPU-NOT: memref.load %[[X]]
// CPU: memref.load %[[W]]
// CPU-NOT: memref.load %[[X]]
// CPU: return

// GPU-LABEL: gpu.func @hoist_kernel0(
// GPU-SAME: %[[X:[a-z0-9]+]]: memref<8x16xf16>, %[[W:[a-z0-9]+]]: memref<16x128xf16>
// GPU: nvgpu.device_async_copy %[[X]]
// GPU: nvgpu.device_async_wait
// GPU-NEXT: gpu.barrier
// GPU: arith.mulf
// GPU: gpu.barrier
// GPU: scf.for %{{.+}} = %c0{{.*}} to %c4{{.*}} step %c1{{.*}} {
// GPU-NOT: nvgpu.device_async_copy %[[X]]
// GPU: nvgpu.device_async_copy %[[W]]
// GPU-NOT: nvgpu.device_async_copy %[[X]]
// GPU: gpu.return
func.func @hoist(%x: tensor<8x16xf16>, %w: tensor<16x128xf16>) -> tensor<8x128xf16> {
  %o = kgraph.kernel grid = [1] forloop = 4 ins(%x, %w : tensor<8x16xf16>, tensor<16x128xf16>) -> (tensor<8x128xf16>) {
  ^bb0(%xb: tensor<8x16xf16>, %wb: tensor<16x128xf16>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica : tensor<8x16xf16> -> !bgraph.tile<8x16xf16>
    %wt = bgraph.input %wb imap = {x = replica} fmap = 1 : tensor<16x128xf16> -> !bgraph.tile<16x32xf16>
    %sq = bgraph.square %xt : !bgraph.tile<8x16xf16>
    %p = bgraph.matmul %sq, %wt : !bgraph.tile<8x16xf16>, !bgraph.tile<16x32xf16> -> !bgraph.tile<8x32xf16>
    %pa = bgraph.accum concat %p fmap = 1 : !bgraph.tile<8x32xf16> -> !bgraph.tile<8x128xf16>
    %oo = bgraph.output %pa omap = {x = replica} : !bgraph.tile<8x128xf16> -> tensor<8x128xf16>
    bgraph.yield %oo : tensor<8x128xf16>
  }
  return %o : tensor<8x128xf16>
}
