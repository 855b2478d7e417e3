// The search finds the published split-K structure for the MLP adapter
// (Mirage's mlp_adapter benchmark) at the reduced shapes: a kernel whose grid
// splits the long reduction of the thin X·W1 and writes one partial (M, R)
// slice per split, a kernel that sums the splits, and a kernel for relu, the
// second matmul and the residual add. At these sizes the cost model ranks a
// single-block kernel first; the split-K µGraph is among the verified
// candidates. (Summing the splits in the same kernel as the second matmul,
// as the hand-written µGraph in test/Workloads/mlp_adapter.mlir does, needs
// one for-loop slicing two program variables at once, which the search's
// dimension labels do not represent.)
// RUN: tsopt-opt %s --tsopt-superoptimize='max-kernel-ops=3 max-block-ops=4 kernel-ops=none min-grid-dims=1 top-n=600 top-file=%t.top.mlir progress=false' 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=TOP < %t.top.mlir

// CHECK: remark: superoptimized:
// CHECK-SAME: equivalent: p =
// CHECK-LABEL: func.func @mlp_adapter_ref(%arg0
// CHECK-SAME: tsopt.verification = "equivalent
// CHECK: kgraph.kernel
// CHECK: return

// Kernel 1: the grid slices K (dim 1 of X, dim 0 of W1); the per-split
// partial products are concatenated along the result's free dim.
// TOP: %[[PART:.*]] = kgraph.kernel grid = [2] forloop = {{[0-9]+}} ins(%arg0, %arg1 : tensor<2x64xf16>, tensor<64x4xf16>) -> (tensor<2x8xf16>)
// TOP-NEXT: ^bb0
// TOP-NEXT: bgraph.input %{{.*}} imap = {x = 1}
// TOP-NEXT: bgraph.input %{{.*}} imap = {x = 0}
// TOP-NEXT: bgraph.matmul
// TOP-NEXT: bgraph.accum sum
// TOP-NEXT: bgraph.output %{{.*}} omap = {x = 1} : !bgraph.tile<2x4xf16> -> tensor<2x8xf16>
// TOP-NEXT: bgraph.yield
// TOP-NEXT: }
// Kernel 2, the next op of the same candidate, sums the splits over its
// for-loop.
// TOP-NEXT: %[[SUM:.*]] = kgraph.kernel grid = [{{.*}}] forloop = 2 ins(%[[PART]] : tensor<2x8xf16>) -> (tensor<2x4xf16>)
// TOP-NEXT: ^bb0
// TOP-NEXT: bgraph.input %{{.*}} fmap = 1
// TOP-NEXT: bgraph.accum sum
// TOP-NEXT: bgraph.output
// TOP-NEXT: bgraph.yield
// TOP-NEXT: }
// Kernel 3: relu, the second matmul and the residual add.
// TOP-NEXT: kgraph.kernel grid = [{{.*}}] forloop = {{[0-9]+}} ins({{.*}}%[[SUM]]{{.*}}) -> (tensor<2x64xf16>)
// TOP-NEXT: ^bb0
// TOP-NEXT: bgraph.input
// TOP-NEXT: bgraph.input
// TOP-NEXT: bgraph.input
// TOP-NEXT: bgraph.relu
// TOP-NEXT: bgraph.matmul
// TOP-NEXT: bgraph.add

func.func @mlp_adapter_ref(%x: tensor<2x64xf16>, %w1: tensor<64x4xf16>, %w2: tensor<4x64xf16>) -> tensor<2x64xf16> {
  %h = kgraph.matmul %x, %w1 : tensor<2x64xf16>, tensor<64x4xf16> -> tensor<2x4xf16>
  %r = kgraph.relu %h : tensor<2x4xf16>
  %m = kgraph.matmul %r, %w2 : tensor<2x4xf16>, tensor<4x64xf16> -> tensor<2x64xf16>
  %o = kgraph.add %m, %x : tensor<2x64xf16>, tensor<2x64xf16> -> tensor<2x64xf16>
  return %o : tensor<2x64xf16>
}
