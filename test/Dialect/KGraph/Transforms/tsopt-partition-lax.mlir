// RUN: tsopt-opt %s --tsopt-partition-lax='max-ops=6' | FileCheck %s --check-prefix=SPLIT
// Split, search each part, stitch back, and check against the reference.
// RUN: tsopt-opt %s --tsopt-partition-lax='max-ops=6' --tsopt-superoptimize='max-kernel-ops=1 max-block-ops=4 max-grid-dims=1 progress=false plan=false time-limit=0' --tsopt-inline-partitions --tsopt-verify-equivalence -o %t.mlir 2>&1 | FileCheck %s --check-prefix=STITCH
// RUN: FileCheck %s --check-prefix=IR < %t.mlir

// Two softmaxes in a row put two exps on one path: outside LAX, so the
// program is cut between them although its six ops fit the size bound.
// SPLIT-LABEL: func.func private @two_softmax_part0(
// SPLIT-SAME: tsopt.partition_of = @two_softmax
// SPLIT: kgraph.exp
// SPLIT-NOT: kgraph.exp
// SPLIT: return
// SPLIT-LABEL: func.func private @two_softmax_part1(
// SPLIT: kgraph.exp
// SPLIT-NOT: kgraph.exp
// SPLIT: return
// SPLIT-LABEL: func.func @two_softmax(
// SPLIT: %[[P0:.*]] = call @two_softmax_part0(%arg0)
// SPLIT: %[[P1:.*]] = call @two_softmax_part1(%[[P0]])
// SPLIT: return %[[P1]]
// The reference is kept as written.
// SPLIT-LABEL: func.func @two_softmax_ref(
// SPLIT-NOT: call
// SPLIT: kgraph.exp
// SPLIT: kgraph.exp

// Each part is in LAX and verified with a guarantee; the stitched whole is
// not in LAX, so its own check agrees but carries none (a warning).
// STITCH-DAG: remark: superoptimized: 1 op (1 graph-defined)
// STITCH-DAG: remark: not superoptimized: calls other functions
// STITCH-DAG: remark: not superoptimized: it is the reference of another function
// STITCH: warning: agrees with @two_softmax_ref on every trial, but candidate: a path passes 2 exps
// STITCH: remark: equivalent to @two_softmax_ref
// IR-LABEL: func.func @two_softmax(
// IR-SAME: tsopt.part_verification = ["equivalent{{.*}}", "equivalent{{.*}}"]
// IR-NOT: call
// IR: kgraph.kernel
// IR: kgraph.kernel
// IR: return
// IR-NOT: func.func private
func.func @two_softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {tsopt.reference = @two_softmax_ref} {
  %e = kgraph.exp %x : tensor<4x8xf32>
  %s = kgraph.reduce_sum %e dim = 1 : tensor<4x8xf32> -> tensor<4x1xf32>
  %p = kgraph.div %e, %s : tensor<4x8xf32>, tensor<4x1xf32> -> tensor<4x8xf32>
  %e2 = kgraph.exp %p : tensor<4x8xf32>
  %s2 = kgraph.reduce_sum %e2 dim = 1 : tensor<4x8xf32> -> tensor<4x1xf32>
  %p2 = kgraph.div %e2, %s2 : tensor<4x8xf32>, tensor<4x1xf32> -> tensor<4x8xf32>
  return %p2 : tensor<4x8xf32>
}

func.func @two_softmax_ref(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = kgraph.exp %x : tensor<4x8xf32>
  %s = kgraph.reduce_sum %e dim = 1 : tensor<4x8xf32> -> tensor<4x1xf32>
  %p = kgraph.div %e, %s : tensor<4x8xf32>, tensor<4x1xf32> -> tensor<4x8xf32>
  %e2 = kgraph.exp %p : tensor<4x8xf32>
  %s2 = kgraph.reduce_sum %e2 dim = 1 : tensor<4x8xf32> -> tensor<4x1xf32>
  %p2 = kgraph.div %e2, %s2 : tensor<4x8xf32>, tensor<4x1xf32> -> tensor<4x8xf32>
  return %p2 : tensor<4x8xf32>
}
