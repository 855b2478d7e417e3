// Reductions over long groups with few results run as reduction trees: each
// group is split over several threads, whose partial folds are combined in
// shared memory in barrier-separated steps. The CPU path emulates the
// block's threads by a loop over the thread ids in each step, so the tree's
// index arithmetic runs here, compiled, against the evaluator.
// RUN: tsopt-run %s --backend=cpu --fn=sum_rows --reference=sum_rows | FileCheck %s --check-prefix=SUM
// RUN: tsopt-run %s --backend=cpu --fn=max_rows --reference=max_rows --seed=3 | FileCheck %s --check-prefix=MAX
// RUN: tsopt-run %s --backend=cpu --fn=sum_cols --reference=sum_cols | FileCheck %s --check-prefix=COLS
// RUN: tsopt-run %s --backend=cpu --fn=sum_groups --reference=sum_groups | FileCheck %s --check-prefix=GROUPS
// RUN: tsopt-run %s --backend=cpu --fn=norm --reference=norm | FileCheck %s --check-prefix=NORM
// RUN: tsopt-run %s --backend=cpu --fn=fused --reference=fused | FileCheck %s --check-prefix=FUSED
// RUN: tsopt-opt %s --tsopt-plan-kernels --convert-kgraph-to-scf | FileCheck %s --check-prefix=CPU
// RUN: tsopt-opt %s --tsopt-plan-kernels=threads-per-block=64 --convert-kgraph-to-scf | FileCheck %s --check-prefix=CPU64

// SUM: @sum_rows vs @sum_rows: agree
// MAX: @max_rows vs @max_rows: agree
// COLS: @sum_cols vs @sum_cols: agree
// GROUPS: @sum_groups vs @sum_groups: agree
// NORM: @norm vs @norm: agree
// FUSED: @fused vs @fused: agree

// 4 rows of 100: 16 threads per row (at least 4 elements per thread; 100
// is not a multiple of 16, so the lanes fold 6 or 7 elements). The first
// step of the tree: every thread id in turn, the 64 that hold a partial
// (4 rows x 16 lanes) at slots t.
// CPU-LABEL: func.func private @sum_rows_kernel0(
// CPU: %[[SMEM:.+]] = memref.alloc() {alignment = 16 : i64} : memref<{{[0-9]+}}xi8>
// CPU: %[[SCRATCH:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<{{[0-9]+}}xi8> to memref<64xf32>
// CPU: scf.for %[[T:.+]] = %{{.+}} to %c128{{.*}} step
// CPU: %[[LANE:.+]] = arith.remui %[[T]], %c16
// CPU: arith.cmpi ult, %[[T]], %c64
// CPU: scf.if
// CPU: scf.for %{{.+}} = %[[LANE]] to %c100{{.*}} step %c16{{.*}} iter_args
// CPU: memref.store %{{.+}}, %[[SCRATCH]][%[[T]]]
// Four steps of the tree: strides 8, 4, 2, 1.
// CPU: scf.for %[[T8:.+]] = %{{.+}} to %c128{{.*}} step
// CPU: arith.cmpi ult, %{{.+}}, %c8
// CPU: arith.addi %[[T8]], %c8
// CPU: scf.for %[[T4:.+]] = %{{.+}} to %c128{{.*}} step
// CPU: arith.addi %[[T4]], %c4
// CPU: scf.for %[[T2:.+]] = %{{.+}} to %c128{{.*}} step
// CPU: arith.addi %[[T2]], %c2
// CPU: scf.for %[[T1:.+]] = %{{.+}} to %c128{{.*}} step
// CPU: arith.addi %[[T1]], %c1
// One result per row, read from slot 16 r.
// CPU: arith.muli %{{.+}}, %c16
// CPU: memref.load %[[SCRATCH]]
// CPU-LABEL: func.func private @max_rows_kernel0(

// With 64 threads, 4 rows get 16 threads each as well, but the thread loop
// has 64 steps.
// CPU64-LABEL: func.func private @sum_rows_kernel0(
// CPU64: memref.view {{.*}} to memref<64xf32>
// CPU64: scf.for %{{.+}} = %{{.+}} to %c64{{.*}} step
func.func @sum_rows(%x: tensor<4x100xf32>) -> tensor<4x1xf32> {
  %r = kgraph.reduce_sum %x dim = 1 : tensor<4x100xf32> -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

func.func @max_rows(%x: tensor<4x256xf16>) -> tensor<4x1xf16> {
  %r = kgraph.reduce_max %x dim = 1 : tensor<4x256xf16> -> tensor<4x1xf16>
  return %r : tensor<4x1xf16>
}

// Over dim 0 (one block with the whole tensor): the group is strided.
func.func @sum_cols(%x: tensor<256x3xf32>) -> tensor<1x3xf32> {
  %r = kgraph.reduce_sum %x dim = 0 : tensor<256x3xf32> -> tensor<1x3xf32>
  return %r : tensor<1x3xf32>
}

// Groups of 32 within each row (extent 8): 32 results, 4 threads each.
func.func @sum_groups(%x: tensor<4x256xbf16>) -> tensor<4x8xbf16> {
  %r = kgraph.reduce_sum %x dim = 1 : tensor<4x256xbf16> -> tensor<4x8xbf16>
  return %r : tensor<4x8xbf16>
}

// rms_norm's row statistics by a tree, then every element scaled.
func.func @norm(%x: tensor<2x512xf16>, %g: tensor<512xf16>) -> tensor<2x512xf16> {
  %n = kgraph.rms_norm %x, %g : tensor<2x512xf16>, tensor<512xf16> -> tensor<2x512xf16>
  return %n : tensor<2x512xf16>
}

// Two trees in one schedule step, a loop of 4 iterations accumulating them.
func.func @fused(%x: tensor<2x256xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>) {
  %s, %m = kgraph.kernel grid = [1] forloop = 4 ins(%x : tensor<2x256xf32>) -> (tensor<2x1xf32>, tensor<2x1xf32>) {
  ^bb0(%xb: tensor<2x256xf32>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = 1 : tensor<2x256xf32> -> !bgraph.tile<2x64xf32>
    %st = bgraph.reduce_sum %xt dim = 1 : !bgraph.tile<2x64xf32> -> !bgraph.tile<2x1xf32>
    %mt = bgraph.reduce_max %xt dim = 1 : !bgraph.tile<2x64xf32> -> !bgraph.tile<2x1xf32>
    %sa = bgraph.accum sum %st : !bgraph.tile<2x1xf32> -> !bgraph.tile<2x1xf32>
    %ma = bgraph.accum max %mt : !bgraph.tile<2x1xf32> -> !bgraph.tile<2x1xf32>
    %so = bgraph.output %sa omap = {x = replica} : !bgraph.tile<2x1xf32> -> tensor<2x1xf32>
    %mo = bgraph.output %ma omap = {x = replica} : !bgraph.tile<2x1xf32> -> tensor<2x1xf32>
    bgraph.yield %so, %mo : tensor<2x1xf32>, tensor<2x1xf32>
  }
  return %s, %m : tensor<2x1xf32>, tensor<2x1xf32>
}
