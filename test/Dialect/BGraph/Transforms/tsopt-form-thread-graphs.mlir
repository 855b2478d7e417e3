// RUN: tsopt-opt %s --tsopt-form-thread-graphs | FileCheck %s
// Formation is idempotent: a second run finds nothing to fuse.
// RUN: tsopt-opt %s --tsopt-form-thread-graphs | tsopt-opt --tsopt-form-thread-graphs | FileCheck %s
// min-ops=1 also makes thread graphs of single ops.
// RUN: tsopt-opt %s --tsopt-form-thread-graphs=min-ops=1 | FileCheck %s --check-prefix=ONE
// RUN: not tsopt-opt %s --tsopt-form-thread-graphs=min-ops=0 -o /dev/null 2>&1 | FileCheck %s --check-prefix=MINOPS
// The fused functions are checked against their references in the same run.
// RUN: tsopt-opt %s --tsopt-form-thread-graphs --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// And the workloads, their hand-written thread graphs inlined or not.
// RUN: tsopt-opt %S/../../../Workloads/rmsnorm.mlir --tsopt-form-thread-graphs --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=WORKLOAD
// RUN: tsopt-opt %S/../../../Workloads/flash_attention.mlir --tsopt-form-thread-graphs --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=WORKLOAD
// RUN: tsopt-opt %S/../../../Workloads/gated_mlp.mlir --tsopt-form-thread-graphs --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=WORKLOAD
// RUN: tsopt-opt %S/../../../Workloads/gqa.mlir --tsopt-form-thread-graphs --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=WORKLOAD
// RUN: tsopt-opt %S/../../../Workloads/lora.mlir --tsopt-form-thread-graphs --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=WORKLOAD
// RUN: tsopt-opt %S/../../../Workloads/mha.mlir --tsopt-form-thread-graphs --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=WORKLOAD
// RUN: tsopt-opt %S/../../../Workloads/mqa.mlir --tsopt-form-thread-graphs --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=WORKLOAD

// MINOPS: error: tsopt-form-thread-graphs: min-ops must be at least 1, got 0

// VERIFY-NOT: {{error:|warning:}}
// VERIFY-DAG: remark: equivalent to @rmsnorm_ref: equivalent: p =
// VERIFY-DAG: remark: equivalent to @two_chains_ref: equivalent: p =
// VERIFY-DAG: remark: equivalent to @no_cycle_ref: equivalent: p =
// VERIFY-DAG: remark: equivalent to @small_escape_ref: equivalent: p =
// VERIFY-DAG: remark: equivalent to @nothing_to_fuse_ref: equivalent: p =
// VERIFY-NOT: {{error:|warning:}}

// WORKLOAD-NOT: {{error:|warning:}}
// WORKLOAD: remark: equivalent to @{{[a-z_]+}}_ref: equivalent: p =
// WORKLOAD-NOT: {{error:|warning:}}

// The rmsnorm µGraph (test/Workloads/rmsnorm.mlir) with its thread graph
// written as block ops. The post-loop chain mul_scalar → sqrt → div fuses;
// its [2, 1] operand broadcasts against the [2, 32] one. In the loop body,
// mul and square read the same tile but are not connected by a data edge:
// they stay block ops.

func.func @rmsnorm_ref(%x: tensor<2x64xf16>, %g: tensor<64xf16>, %w: tensor<64x96xf16>) -> tensor<2x96xf16> {
  %n = kgraph.rms_norm %x, %g : tensor<2x64xf16>, tensor<64xf16> -> tensor<2x64xf16>
  %y = kgraph.matmul %n, %w : tensor<2x64xf16>, tensor<64x96xf16> -> tensor<2x96xf16>
  return %y : tensor<2x96xf16>
}

// CHECK-LABEL: func.func @rmsnorm(
// CHECK:        %[[XG:.*]] = bgraph.mul %[[XT:.*]], %[[GT:[^ ]*]] :
// CHECK:        %[[SQ:.*]] = bgraph.square %[[XT]] :
// CHECK:        %[[PA:.*]] = bgraph.accum sum
// CHECK-NEXT:   %[[SA:.*]] = bgraph.accum sum
// CHECK-NEXT:   %[[Y:.*]] = tgraph.graph %[[SA]], %[[PA]] : !bgraph.tile<2x1xf32>, !bgraph.tile<2x32xf32> -> !bgraph.tile<2x32xf32> {
// CHECK-NEXT:   ^bb0(%[[S:.*]]: f32, %[[P:.*]]: f32):
// CHECK-NEXT:     %[[MS:.*]] = tgraph.mul_scalar %[[S]], 1.562500e-02 : f32
// CHECK-NEXT:     %[[R:.*]] = tgraph.sqrt %[[MS]] : f32
// CHECK-NEXT:     %[[D:.*]] = tgraph.div %[[P]], %[[R]] : f32
// CHECK-NEXT:     tgraph.yield %[[D]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[O:.*]] = bgraph.output %[[Y]] omap = {x = 1}
// CHECK-NEXT:   bgraph.yield %[[O]]
func.func @rmsnorm(%x: tensor<2x64xf16>, %g: tensor<64xf16>, %w: tensor<64x96xf16>) -> tensor<2x96xf16> attributes {tsopt.reference = @rmsnorm_ref} {
  %y = kgraph.kernel grid = [3] forloop = 4 ins(%x, %g, %w : tensor<2x64xf16>, tensor<64xf16>, tensor<64x96xf16>) -> (tensor<2x96xf16>) {
  ^bb0(%x_b: tensor<2x64xf16>, %g_b: tensor<64xf16>, %w_b: tensor<64x96xf16>):
    %xt = bgraph.input %x_b imap = {x = replica} fmap = 1 : tensor<2x64xf16> -> !bgraph.tile<2x16xf16>
    %gt = bgraph.input %g_b imap = {x = replica} fmap = 0 : tensor<64xf16> -> !bgraph.tile<16xf16>
    %wt = bgraph.input %w_b imap = {x = 1} fmap = 0 : tensor<64x96xf16> -> !bgraph.tile<16x32xf16>
    %xg = bgraph.mul %xt, %gt : !bgraph.tile<2x16xf16>, !bgraph.tile<16xf16> -> !bgraph.tile<2x16xf16>
    %p = bgraph.matmul %xg, %wt : !bgraph.tile<2x16xf16>, !bgraph.tile<16x32xf16> -> !bgraph.tile<2x32xf32>
    %sq = bgraph.square %xt : !bgraph.tile<2x16xf16> -> !bgraph.tile<2x16xf32>
    %ss = bgraph.reduce_sum %sq dim = 1 : !bgraph.tile<2x16xf32> -> !bgraph.tile<2x1xf32>
    %pa = bgraph.accum sum %p : !bgraph.tile<2x32xf32> -> !bgraph.tile<2x32xf32>
    %sa = bgraph.accum sum %ss : !bgraph.tile<2x1xf32> -> !bgraph.tile<2x1xf32>
    %ms = bgraph.mul_scalar %sa, 1.562500e-02 : !bgraph.tile<2x1xf32>
    %r = bgraph.sqrt %ms : !bgraph.tile<2x1xf32>
    %d = bgraph.div %pa, %r : !bgraph.tile<2x32xf32>, !bgraph.tile<2x1xf32> -> !bgraph.tile<2x32xf32>
    %o = bgraph.output %d omap = {x = 1} : !bgraph.tile<2x32xf32> -> tensor<2x96xf16>
    bgraph.yield %o : tensor<2x96xf16>
  }
  return %y : tensor<2x96xf16>
}

// Two independent chains give two thread graphs, in the order of their
// last ops.

func.func @two_chains_ref(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  %e = kgraph.exp %a : tensor<8x16xf32>
  %n = kgraph.neg %e : tensor<8x16xf32>
  %s = kgraph.silu %b : tensor<8x16xf32>
  %m = kgraph.mul_scalar %s, 2.000000e+00 : tensor<8x16xf32>
  return %n, %m : tensor<8x16xf32>, tensor<8x16xf32>
}

// CHECK-LABEL: func.func @two_chains(
// CHECK:        %[[AT:.*]] = bgraph.input
// CHECK-NEXT:   %[[BT:.*]] = bgraph.input
// CHECK-NEXT:   %[[N:.*]] = tgraph.graph %[[AT]] : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32> {
// CHECK-NEXT:   ^bb0(%[[A:.*]]: f32):
// CHECK-NEXT:     %[[E:.*]] = tgraph.exp %[[A]] : f32
// CHECK-NEXT:     %[[NEG:.*]] = tgraph.neg %[[E]] : f32
// CHECK-NEXT:     tgraph.yield %[[NEG]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[M:.*]] = tgraph.graph %[[BT]] : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32> {
// CHECK-NEXT:   ^bb0(%[[B:.*]]: f32):
// CHECK-NEXT:     %[[S:.*]] = tgraph.silu %[[B]] : f32
// CHECK-NEXT:     %[[MS:.*]] = tgraph.mul_scalar %[[S]], 2.000000e+00 : f32
// CHECK-NEXT:     tgraph.yield %[[MS]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   bgraph.accum sum %[[N]]
// CHECK-NEXT:   bgraph.accum sum %[[M]]
func.func @two_chains(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) attributes {tsopt.reference = @two_chains_ref} {
  %r:2 = kgraph.kernel grid = [2] forloop = 1 ins(%a, %b : tensor<8x16xf32>, tensor<8x16xf32>) -> (tensor<8x16xf32>, tensor<8x16xf32>) {
  ^bb0(%a_b: tensor<8x16xf32>, %b_b: tensor<8x16xf32>):
    %at = bgraph.input %a_b imap = {x = 0} fmap = replica : tensor<8x16xf32> -> !bgraph.tile<4x16xf32>
    %bt = bgraph.input %b_b imap = {x = 0} fmap = replica : tensor<8x16xf32> -> !bgraph.tile<4x16xf32>
    %e = bgraph.exp %at : !bgraph.tile<4x16xf32>
    %s = bgraph.silu %bt : !bgraph.tile<4x16xf32>
    %n = bgraph.neg %e : !bgraph.tile<4x16xf32>
    %m = bgraph.mul_scalar %s, 2.000000e+00 : !bgraph.tile<4x16xf32>
    %na = bgraph.accum sum %n : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32>
    %ma = bgraph.accum sum %m : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32>
    %o1 = bgraph.output %na omap = {x = 0} : !bgraph.tile<4x16xf32> -> tensor<8x16xf32>
    %o2 = bgraph.output %ma omap = {x = 0} : !bgraph.tile<4x16xf32> -> tensor<8x16xf32>
    bgraph.yield %o1, %o2 : tensor<8x16xf32>, tensor<8x16xf32>
  }
  return %r#0, %r#1 : tensor<8x16xf32>, tensor<8x16xf32>
}

// A chain across the accumulator is two thread graphs, one per phase. exp's
// tile is also accumulated, so the loop-body thread graph returns it too.

// CHECK-LABEL: func.func @phases(
// CHECK:        %[[T:.*]] = bgraph.input
// CHECK-NEXT:   %[[L:.*]]:2 = tgraph.graph %[[T]] : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>, !bgraph.tile<4x8xf32> {
// CHECK-NEXT:   ^bb0(%[[X:.*]]: f32):
// CHECK-NEXT:     %[[E:.*]] = tgraph.exp %[[X]] : f32
// CHECK-NEXT:     %[[N:.*]] = tgraph.neg %[[E]] : f32
// CHECK-NEXT:     tgraph.yield %[[E]], %[[N]] : f32, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[EA:.*]] = bgraph.accum sum %[[L]]#0
// CHECK-NEXT:   %[[NA:.*]] = bgraph.accum sum %[[L]]#1
// CHECK-NEXT:   %[[P:.*]] = tgraph.graph %[[NA]], %[[EA]] : !bgraph.tile<4x8xf32>, !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32> {
// CHECK-NEXT:   ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK-NEXT:     %[[SQ:.*]] = tgraph.square %[[A]] : f32
// CHECK-NEXT:     %[[M:.*]] = tgraph.mul %[[SQ]], %[[B]] : f32
// CHECK-NEXT:     tgraph.yield %[[M]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   bgraph.output %[[P]]
func.func @phases(%x: tensor<8x32xf32>) -> tensor<8x8xf32> {
  %r = kgraph.kernel grid = [2] forloop = 4 ins(%x : tensor<8x32xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x_b: tensor<8x32xf32>):
    %t = bgraph.input %x_b imap = {x = 0} fmap = 1 : tensor<8x32xf32> -> !bgraph.tile<4x8xf32>
    %e = bgraph.exp %t : !bgraph.tile<4x8xf32>
    %n = bgraph.neg %e : !bgraph.tile<4x8xf32>
    %ea = bgraph.accum sum %e : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    %na = bgraph.accum sum %n : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    %s = bgraph.square %na : !bgraph.tile<4x8xf32>
    %m = bgraph.mul %s, %ea : !bgraph.tile<4x8xf32>, !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    %o = bgraph.output %m omap = {x = 0} : !bgraph.tile<4x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

// exp → matmul → add: with exp, the group {exp, add} would contain a path
// through the matmul, a cycle once fused. exp stays a block op.

func.func @no_cycle_ref(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %e = kgraph.exp %x : tensor<8x8xf32>
  %p = kgraph.matmul %e, %w : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %y = kgraph.add %e, %p : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x8xf32>
  %z = kgraph.neg %y : tensor<8x8xf32>
  return %z : tensor<8x8xf32>
}

// CHECK-LABEL: func.func @no_cycle(
// CHECK:        %[[E:.*]] = bgraph.exp
// CHECK-NEXT:   %[[P:.*]] = bgraph.matmul %[[E]]
// CHECK-NEXT:   %[[Z:.*]] = tgraph.graph %[[E]], %[[P]] :
// CHECK-NEXT:   ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK-NEXT:     %[[Y:.*]] = tgraph.add %[[A]], %[[B]] : f32
// CHECK-NEXT:     %[[N:.*]] = tgraph.neg %[[Y]] : f32
// CHECK-NEXT:     tgraph.yield %[[N]] : f32
// CHECK-NEXT:   }
// CHECK-NEXT:   bgraph.accum sum %[[Z]]
func.func @no_cycle(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<8x8xf32> attributes {tsopt.reference = @no_cycle_ref} {
  %r = kgraph.kernel grid = [2] forloop = 1 ins(%x, %w : tensor<8x8xf32>, tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x_b: tensor<8x8xf32>, %w_b: tensor<8x8xf32>):
    %t = bgraph.input %x_b imap = {x = 0} fmap = replica : tensor<8x8xf32> -> !bgraph.tile<4x8xf32>
    %wt = bgraph.input %w_b imap = {x = replica} fmap = replica : tensor<8x8xf32> -> !bgraph.tile<8x8xf32>
    %e = bgraph.exp %t : !bgraph.tile<4x8xf32>
    %p = bgraph.matmul %e, %wt : !bgraph.tile<4x8xf32>, !bgraph.tile<8x8xf32> -> !bgraph.tile<4x8xf32>
    %y = bgraph.add %e, %p : !bgraph.tile<4x8xf32>, !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    %z = bgraph.neg %y : !bgraph.tile<4x8xf32>
    %a = bgraph.accum sum %z : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    %o = bgraph.output %a omap = {x = 0} : !bgraph.tile<4x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

// rsqrt's [4, 1] tile is also saved: it cannot be a result of a thread
// graph whose results are [4, 16] (the tgraph verifier's rule), so rsqrt
// stays a block op and only mul and neg fuse.

func.func @small_escape_ref(%x: tensor<8x16xf32>, %y: tensor<8x1xf32>) -> (tensor<8x16xf32>, tensor<8x1xf32>) {
  %r = kgraph.rsqrt %y : tensor<8x1xf32>
  %m = kgraph.mul %x, %r : tensor<8x16xf32>, tensor<8x1xf32> -> tensor<8x16xf32>
  %n = kgraph.neg %m : tensor<8x16xf32>
  return %n, %r : tensor<8x16xf32>, tensor<8x1xf32>
}

// CHECK-LABEL: func.func @small_escape(
// CHECK:        %[[XT:.*]] = bgraph.input
// CHECK-NEXT:   %[[YT:.*]] = bgraph.input
// CHECK-NEXT:   %[[R:.*]] = bgraph.rsqrt %[[YT]] : !bgraph.tile<4x1xf32>
// CHECK-NEXT:   %[[N:.*]] = tgraph.graph %[[XT]], %[[R]] : !bgraph.tile<4x16xf32>, !bgraph.tile<4x1xf32> -> !bgraph.tile<4x16xf32> {
// CHECK-NEXT:   ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32):
// CHECK-NEXT:     %[[M:.*]] = tgraph.mul %[[A]], %[[B]] : f32
// CHECK-NEXT:     %[[NEG:.*]] = tgraph.neg %[[M]] : f32
// CHECK-NEXT:     tgraph.yield %[[NEG]] : f32
// CHECK-NEXT:   }
func.func @small_escape(%x: tensor<8x16xf32>, %y: tensor<8x1xf32>) -> (tensor<8x16xf32>, tensor<8x1xf32>) attributes {tsopt.reference = @small_escape_ref} {
  %r:2 = kgraph.kernel grid = [2] forloop = 1 ins(%x, %y : tensor<8x16xf32>, tensor<8x1xf32>) -> (tensor<8x16xf32>, tensor<8x1xf32>) {
  ^bb0(%x_b: tensor<8x16xf32>, %y_b: tensor<8x1xf32>):
    %xt = bgraph.input %x_b imap = {x = 0} fmap = replica : tensor<8x16xf32> -> !bgraph.tile<4x16xf32>
    %yt = bgraph.input %y_b imap = {x = 0} fmap = replica : tensor<8x1xf32> -> !bgraph.tile<4x1xf32>
    %rs = bgraph.rsqrt %yt : !bgraph.tile<4x1xf32>
    %m = bgraph.mul %xt, %rs : !bgraph.tile<4x16xf32>, !bgraph.tile<4x1xf32> -> !bgraph.tile<4x16xf32>
    %n = bgraph.neg %m : !bgraph.tile<4x16xf32>
    %na = bgraph.accum sum %n : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32>
    %ra = bgraph.accum sum %rs : !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
    %o1 = bgraph.output %na omap = {x = 0} : !bgraph.tile<4x16xf32> -> tensor<8x16xf32>
    %o2 = bgraph.output %ra omap = {x = 0} : !bgraph.tile<4x1xf32> -> tensor<8x1xf32>
    bgraph.yield %o1, %o2 : tensor<8x16xf32>, tensor<8x1xf32>
  }
  return %r#0, %r#1 : tensor<8x16xf32>, tensor<8x1xf32>
}

// Nothing to fuse: one element-wise op next to an existing thread graph,
// which does not absorb it. The kernel is left as it was, with its schedule
// attributes. With min-ops=1 the single op becomes a thread graph too.

func.func @nothing_to_fuse_ref(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %s = kgraph.silu %a : tensor<8x16xf32>
  %m = kgraph.mul %s, %b : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %n = kgraph.neg %m : tensor<8x16xf32>
  return %n : tensor<8x16xf32>
}

// CHECK-LABEL: func.func @nothing_to_fuse(
// CHECK:        kgraph.kernel {{.*}} attributes {bgraph.barriers = array<i64: 2, 0>}
// CHECK:        %[[Y:.*]] = tgraph.graph
// CHECK:        tgraph.silu
// CHECK-NEXT:   tgraph.mul
// CHECK:        %[[Z:.*]] = bgraph.neg %[[Y]] {bgraph.depth = 2 : i64} : !bgraph.tile<4x16xf32>
// CHECK-NEXT:   bgraph.accum sum %[[Z]]
// ONE-LABEL: func.func @nothing_to_fuse(
// ONE:         %[[Y:.*]] = tgraph.graph
// ONE:         %[[Z:.*]] = tgraph.graph %[[Y]] : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32> {
// ONE-NEXT:    ^bb0(%[[A:.*]]: f32):
// ONE-NEXT:      %[[N:.*]] = tgraph.neg %[[A]] : f32
// ONE-NEXT:      tgraph.yield %[[N]] : f32
// ONE-NEXT:    }
// ONE-NEXT:    bgraph.accum sum %[[Z]]
func.func @nothing_to_fuse(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>) -> tensor<8x16xf32> attributes {tsopt.reference = @nothing_to_fuse_ref} {
  %r = kgraph.kernel grid = [2] forloop = 1 ins(%a, %b : tensor<8x16xf32>, tensor<8x16xf32>) -> (tensor<8x16xf32>) attributes {bgraph.barriers = array<i64: 2, 0>} {
  ^bb0(%a_b: tensor<8x16xf32>, %b_b: tensor<8x16xf32>):
    %at = bgraph.input %a_b imap = {x = 0} fmap = replica {bgraph.depth = 0 : i64} : tensor<8x16xf32> -> !bgraph.tile<4x16xf32>
    %bt = bgraph.input %b_b imap = {x = 0} fmap = replica {bgraph.depth = 0 : i64} : tensor<8x16xf32> -> !bgraph.tile<4x16xf32>
    %y = tgraph.graph %at, %bt {bgraph.depth = 1 : i64} : !bgraph.tile<4x16xf32>, !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32> {
    ^bb0(%x: f32, %z: f32):
      %s = tgraph.silu %x : f32
      %m = tgraph.mul %s, %z : f32
      tgraph.yield %m : f32
    }
    %n = bgraph.neg %y {bgraph.depth = 2 : i64} : !bgraph.tile<4x16xf32>
    %na = bgraph.accum sum %n {bgraph.depth = 3 : i64} : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32>
    %o = bgraph.output %na omap = {x = 0} {bgraph.depth = 0 : i64} : !bgraph.tile<4x16xf32> -> tensor<8x16xf32>
    bgraph.yield %o : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}

// A fused kernel keeps its other attributes and its ops' locations, but its
// schedule no longer holds and is dropped.

// CHECK-LABEL: func.func @drops_the_schedule(
// CHECK:        kgraph.kernel grid = [1] forloop = 1 ins({{.*}}) -> (tensor<4x4xf32>) attributes {keep_me = 1 : i64} {
// CHECK-NOT:    bgraph.depth
// CHECK:        %[[T:.*]] = bgraph.input %{{.*}} imap = {x = replica} fmap = replica : tensor<4x4xf32> -> !bgraph.tile<4x4xf32>
// CHECK-NEXT:   %[[G:.*]] = tgraph.graph %[[T]] : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x4xf32> {
// CHECK-NOT:    bgraph.depth
// CHECK:        bgraph.yield
func.func @drops_the_schedule(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = kgraph.kernel grid = [1] forloop = 1 ins(%x : tensor<4x4xf32>) -> (tensor<4x4xf32>) attributes {bgraph.barriers = array<i64: 2, 0>, keep_me = 1 : i64} {
  ^bb0(%x_b: tensor<4x4xf32>):
    %t = bgraph.input %x_b imap = {x = replica} fmap = replica {bgraph.depth = 0 : i64} : tensor<4x4xf32> -> !bgraph.tile<4x4xf32>
    %e = bgraph.exp %t {bgraph.depth = 1 : i64} : !bgraph.tile<4x4xf32>
    %n = bgraph.relu %e {bgraph.depth = 2 : i64} : !bgraph.tile<4x4xf32>
    %a = bgraph.accum max %n {bgraph.depth = 3 : i64} : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x4xf32>
    %o = bgraph.output %a omap = {x = replica} {bgraph.depth = 0 : i64} : !bgraph.tile<4x4xf32> -> tensor<4x4xf32>
    bgraph.yield %o : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}
