// RUN: tsopt-opt %s -split-input-file --tsopt-schedule | FileCheck %s
// Scheduling is idempotent and its attributes round-trip.
// RUN: tsopt-opt %s -split-input-file --tsopt-schedule \
// RUN:   | tsopt-opt -split-input-file --tsopt-schedule | FileCheck %s
// Every workload, scheduled and planned, still computes what its reference
// does (the reordering keeps the semantics).
// RUN: tsopt-opt %S/../../../Workloads/flash_attention.mlir --tsopt-schedule --tsopt-plan-shared-memory=target=sm_80 | tsopt-run - | FileCheck %s --check-prefix=AGREE
// RUN: tsopt-opt %S/../../../Workloads/gated_mlp.mlir --tsopt-schedule --tsopt-plan-shared-memory=target=sm_80 | tsopt-run - | FileCheck %s --check-prefix=AGREE
// RUN: tsopt-opt %S/../../../Workloads/gqa.mlir --tsopt-schedule --tsopt-plan-shared-memory=target=sm_80 | tsopt-run - | FileCheck %s --check-prefix=AGREE
// RUN: tsopt-opt %S/../../../Workloads/lora.mlir --tsopt-schedule --tsopt-plan-shared-memory=target=sm_80 | tsopt-run - | FileCheck %s --check-prefix=AGREE
// RUN: tsopt-opt %S/../../../Workloads/mha.mlir --tsopt-schedule --tsopt-plan-shared-memory=target=sm_80 | tsopt-run - | FileCheck %s --check-prefix=AGREE
// RUN: tsopt-opt %S/../../../Workloads/mqa.mlir --tsopt-schedule --tsopt-plan-shared-memory=target=sm_80 | tsopt-run - | FileCheck %s --check-prefix=AGREE
// RUN: tsopt-opt %S/../../../Workloads/rmsnorm.mlir --tsopt-schedule --tsopt-plan-shared-memory=target=sm_80 | tsopt-run - | FileCheck %s --check-prefix=AGREE

// AGREE: @{{[a-z_]+}}_opt vs @{{[a-z_]+}}_ref: agree

// The rmsnorm µGraph (test/Workloads/rmsnorm.mlir). Loop body: the three
// inputs at depth 0; mul and square at 1; square moves up past the matmul,
// which is at 2 with the reduction; the accumulators at 3: 3 barriers.
// After the loop: the thread graph at 0, the output saver at 1: 1 barrier.

// CHECK-LABEL: func.func @rmsnorm
// CHECK:      kgraph.kernel {{.*}} attributes {bgraph.barriers = array<i64: 3, 1>}
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<2x64xf16>, %[[G:.*]]: tensor<64xf16>, %[[W:.*]]: tensor<64x96xf16>):
// CHECK-NEXT:   %[[XT:.*]] = bgraph.input %[[X]] {{.*}} {bgraph.depth = 0 : i64}
// CHECK-NEXT:   %[[GT:.*]] = bgraph.input %[[G]] {{.*}} {bgraph.depth = 0 : i64}
// CHECK-NEXT:   %[[WT:.*]] = bgraph.input %[[W]] {{.*}} {bgraph.depth = 0 : i64}
// CHECK-NEXT:   %[[XG:.*]] = bgraph.mul %[[XT]], %[[GT]] {bgraph.depth = 1 : i64}
// CHECK-NEXT:   %[[SQ:.*]] = bgraph.square %[[XT]] {bgraph.depth = 1 : i64}
// CHECK-NEXT:   %[[P:.*]] = bgraph.matmul %[[XG]], %[[WT]] {bgraph.depth = 2 : i64}
// CHECK-NEXT:   %[[SS:.*]] = bgraph.reduce_sum %[[SQ]] dim = 1 {bgraph.depth = 2 : i64}
// CHECK-NEXT:   %[[PA:.*]] = bgraph.accum sum %[[P]] {bgraph.depth = 3 : i64}
// CHECK-NEXT:   %[[SA:.*]] = bgraph.accum sum %[[SS]] {bgraph.depth = 3 : i64}
// CHECK-NEXT:   %[[Y:.*]] = tgraph.graph %[[PA]], %[[SA]] {bgraph.depth = 0 : i64}
// CHECK:        %[[O:.*]] = bgraph.output %[[Y]] {{.*}} {bgraph.depth = 1 : i64}
// CHECK-NEXT:   bgraph.yield %[[O]]
func.func @rmsnorm(%x: tensor<2x64xf16>, %g: tensor<64xf16>, %w: tensor<64x96xf16>) -> tensor<2x96xf16> {
  %y = kgraph.kernel grid = [3] forloop = 4 ins(%x, %g, %w : tensor<2x64xf16>, tensor<64xf16>, tensor<64x96xf16>) -> (tensor<2x96xf16>) {
  ^bb0(%x_b: tensor<2x64xf16>, %g_b: tensor<64xf16>, %w_b: tensor<64x96xf16>):
    %xt = bgraph.input %x_b imap = {x = replica} fmap = 1 : tensor<2x64xf16> -> !bgraph.tile<2x16xf16>
    %gt = bgraph.input %g_b imap = {x = replica} fmap = 0 : tensor<64xf16> -> !bgraph.tile<16xf16>
    %wt = bgraph.input %w_b imap = {x = 1} fmap = 0 : tensor<64x96xf16> -> !bgraph.tile<16x32xf16>
    %xg = bgraph.mul %xt, %gt : !bgraph.tile<2x16xf16>, !bgraph.tile<16xf16> -> !bgraph.tile<2x16xf16>
    %p = bgraph.matmul %xg, %wt : !bgraph.tile<2x16xf16>, !bgraph.tile<16x32xf16> -> !bgraph.tile<2x32xf16>
    %sq = bgraph.square %xt : !bgraph.tile<2x16xf16>
    %ss = bgraph.reduce_sum %sq dim = 1 : !bgraph.tile<2x16xf16> -> !bgraph.tile<2x1xf16>
    %pa = bgraph.accum sum %p : !bgraph.tile<2x32xf16> -> !bgraph.tile<2x32xf16>
    %sa = bgraph.accum sum %ss : !bgraph.tile<2x1xf16> -> !bgraph.tile<2x1xf16>
    %y = tgraph.graph %pa, %sa : !bgraph.tile<2x32xf16>, !bgraph.tile<2x1xf16> -> !bgraph.tile<2x32xf16> {
    ^bb0(%pa_s: f16, %sa_s: f16):
      %ms = tgraph.mul_scalar %sa_s, 1.56250000000000000e-02 : f16
      %r = tgraph.sqrt %ms : f16
      %d = tgraph.div %pa_s, %r : f16
      tgraph.yield %d : f16
    }
    %o = bgraph.output %y omap = {x = 1} : !bgraph.tile<2x32xf16> -> tensor<2x96xf16>
    bgraph.yield %o : tensor<2x96xf16>
  }
  return %y : tensor<2x96xf16>
}

// -----

// Two kernels in one function, each scheduled on its own. The first is
// written bottom-up: the input iterator the matmul needs last comes first in
// the schedule. Post-loop depths restart at 0 on the accumulators, however
// deep the loop body is.

// CHECK-LABEL: func.func @two_kernels
// CHECK:      kgraph.kernel grid = [4] forloop = 4 {{.*}} attributes {bgraph.barriers = array<i64: 3, 2>}
// CHECK:        %[[XT:.*]] = bgraph.input {{.*}} {bgraph.depth = 0 : i64}
// CHECK-NEXT:   %[[WT:.*]] = bgraph.input {{.*}} {bgraph.depth = 0 : i64}
// CHECK-NEXT:   %[[E:.*]] = bgraph.exp %[[XT]] {bgraph.depth = 1 : i64}
// CHECK-NEXT:   %[[P:.*]] = bgraph.matmul %[[E]], %[[WT]] {bgraph.depth = 2 : i64}
// CHECK-NEXT:   %[[S:.*]] = bgraph.accum sum %[[P]] {bgraph.depth = 3 : i64}
// CHECK-NEXT:   %[[N:.*]] = bgraph.neg %[[S]] {bgraph.depth = 0 : i64}
// CHECK-NEXT:   %[[R:.*]] = bgraph.relu %[[N]] {bgraph.depth = 1 : i64}
// CHECK-NEXT:   %[[O:.*]] = bgraph.output %[[R]] {{.*}} {bgraph.depth = 2 : i64}
// CHECK-NEXT:   bgraph.yield %[[O]]
// CHECK:      kgraph.kernel grid = [1] forloop = 1 {{.*}} attributes {bgraph.barriers = array<i64: 1, 0>}
// CHECK:        bgraph.input {{.*}} {bgraph.depth = 0 : i64}
// CHECK-NEXT:   bgraph.accum sum {{.*}} {bgraph.depth = 1 : i64}
// CHECK-NEXT:   bgraph.output {{.*}} {bgraph.depth = 0 : i64}
func.func @two_kernels(%a: tensor<8x64xf16>, %b: tensor<64x128xf16>) -> tensor<8x128xf16> {
  %c = kgraph.kernel grid = [4] forloop = 4 ins(%a, %b : tensor<8x64xf16>, tensor<64x128xf16>) -> (tensor<8x128xf16>) {
  ^bb0(%x: tensor<8x64xf16>, %w: tensor<64x128xf16>):
    %xt = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<8x64xf16> -> !bgraph.tile<8x16xf16>
    %e = bgraph.exp %xt : !bgraph.tile<8x16xf16>
    %wt = bgraph.input %w imap = {x = 1} fmap = 0 : tensor<64x128xf16> -> !bgraph.tile<16x32xf16>
    %p = bgraph.matmul %e, %wt : !bgraph.tile<8x16xf16>, !bgraph.tile<16x32xf16> -> !bgraph.tile<8x32xf16>
    %s = bgraph.accum sum %p : !bgraph.tile<8x32xf16> -> !bgraph.tile<8x32xf16>
    %n = bgraph.neg %s : !bgraph.tile<8x32xf16>
    %r = bgraph.relu %n : !bgraph.tile<8x32xf16>
    %o = bgraph.output %r omap = {x = 1} : !bgraph.tile<8x32xf16> -> tensor<8x128xf16>
    bgraph.yield %o : tensor<8x128xf16>
  }
  %d = kgraph.kernel grid = [1] forloop = 1 ins(%c : tensor<8x128xf16>) -> (tensor<8x128xf16>) {
  ^bb0(%y: tensor<8x128xf16>):
    %yt = bgraph.input %y imap = {x = replica} fmap = replica : tensor<8x128xf16> -> !bgraph.tile<8x128xf16>
    %s = bgraph.accum sum %yt : !bgraph.tile<8x128xf16> -> !bgraph.tile<8x128xf16>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x128xf16> -> tensor<8x128xf16>
    bgraph.yield %o : tensor<8x128xf16>
  }
  return %d : tensor<8x128xf16>
}

// -----

// A function without kernels is left alone.

// CHECK-LABEL: func.func @no_kernel
// CHECK-NOT:   bgraph.
// CHECK:       return
func.func @no_kernel(%a: tensor<8x64xf16>) -> tensor<8x64xf16> {
  %e = kgraph.exp %a : tensor<8x64xf16>
  return %e : tensor<8x64xf16>
}
