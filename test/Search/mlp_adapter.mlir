// The search finds the published split-K structure for the MLP adapter
// (Mirage's mlp_adapter benchmark) at the reduced shapes, in two kernels:
// the first one's grid splits the long reduction of the thin X·W1 and
// writes one partial (M, R) slice per split; the second one's grid slices
// the output columns, its for-loop walks the splits and sums them, and the
// same loop carries the matching columns of X and W2 to concatenating
// accumulators, so that relu, the second matmul and the residual add run
// after the loop. At these sizes the cost model ranks a single-block kernel
// first; the split-K µGraph is among the verified candidates.
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false max-kernel-ops=2 max-block-ops=6 kernel-ops=none min-grid-dims=1 top-n=400 top-file=%t.top.mlir progress=false' 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=TOP < %t.top.mlir

// CHECK: remark: superoptimized:
// CHECK-SAME: equivalent: p =
// CHECK-LABEL: func.func @mlp_adapter_ref(%arg0
// CHECK-SAME: tsopt.verification = "equivalent
// CHECK: kgraph.kernel
// CHECK: return

// Kernel 1: the grid slices K (dim 1 of X, dim 0 of W1); the per-split
// partial products are concatenated along a free dim of the result.
// TOP: %[[PART:.*]] = kgraph.kernel grid = [2] forloop = 1 ins(%arg0, %arg1 : tensor<2x64xf16>, tensor<64x4xf16>) -> (tensor<4x4xf16>)
// TOP-NEXT: ^bb0
// TOP-NEXT: bgraph.input %{{.*}} imap = {x = 1}
// TOP-NEXT: bgraph.input %{{.*}} imap = {x = 0}
// TOP-NEXT: bgraph.matmul
// TOP-NEXT: bgraph.accum sum
// TOP-NEXT: bgraph.output %{{.*}} omap = {x = 0} : !bgraph.tile<2x4xf16> -> tensor<4x4xf16>
// TOP-NEXT: bgraph.yield
// TOP-NEXT: }
// Kernel 2, the next op of the same candidate: the splits summed over the
// loop, X and W2 column slices concatenated by the same loop, then relu,
// ·W2 and + X after it.
// TOP-NEXT: kgraph.kernel grid = [{{[0-9]+}}] forloop = 2 ins(%arg0, %arg2, %[[PART]] :
// TOP-NEXT: ^bb0
// TOP-NEXT: bgraph.input %{{.*}} imap = {x = 1} fmap = 1 : tensor<2x64xf16>
// TOP-NEXT: bgraph.input %{{.*}} imap = {x = 1} fmap = 1 : tensor<4x64xf16>
// TOP-NEXT: bgraph.input %{{.*}} imap = {x = replica} fmap = 0 : tensor<4x4xf16>
// TOP-NEXT: bgraph.accum concat
// TOP-NEXT: bgraph.accum concat
// TOP-NEXT: bgraph.accum sum
// TOP-NEXT: bgraph.relu
// TOP-NEXT: bgraph.matmul
// TOP-NEXT: bgraph.add
// TOP-NEXT: bgraph.output %{{.*}} omap = {x = 1}

func.func @mlp_adapter_ref(%x: tensor<2x64xf16>, %w1: tensor<64x4xf16>, %w2: tensor<4x64xf16>) -> tensor<2x64xf16> {
  %h = kgraph.matmul %x, %w1 : tensor<2x64xf16>, tensor<64x4xf16> -> tensor<2x4xf16>
  %r = kgraph.relu %h : tensor<2x4xf16>
  %m = kgraph.matmul %r, %w2 : tensor<2x4xf16>, tensor<4x64xf16> -> tensor<2x64xf16>
  %o = kgraph.add %m, %x : tensor<2x64xf16>, tensor<2x64xf16> -> tensor<2x64xf16>
  return %o : tensor<2x64xf16>
}
