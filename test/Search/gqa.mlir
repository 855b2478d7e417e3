// The search finds GQA's published split-kv µGraph (Mirage Fig. 4c) at the
// reduced shapes: a kernel whose grid slices heads, query rows and the kv
// sequence, accumulating exp(Q·K)·V and the row sums of exp(Q·K) per kv
// split, and a combine kernel that sums the splits and divides. At these
// sizes the cost model ranks a two-pass µGraph first (launch overhead
// dominates); the split-kv µGraph is among the verified candidates.
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false max-kernel-ops=2 max-block-ops=6 kernel-ops=none min-grid-dims=2 require-forloop=true top-n=200 top-file=%t.top.mlir progress=false' 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=TOP < %t.top.mlir

// CHECK: remark: superoptimized: 2 ops (2 graph-defined)
// CHECK-SAME: equivalent: p =
// CHECK-LABEL: func.func @gqa_ref(%arg0
// CHECK-COUNT-2: kgraph.kernel
// CHECK: return

// TOP: %[[PARTS:.*]]:2 = kgraph.kernel grid = [{{.*}}] forloop = {{[0-9]+}}
// TOP: %[[S:.*]] = bgraph.matmul
// TOP: %[[E:.*]] = bgraph.exp %[[S]]
// TOP-DAG: %[[D:.*]] = bgraph.reduce_sum %[[E]] dim = 2
// TOP-DAG: %[[N:.*]] = bgraph.matmul %[[E]], %{{.*}}
// TOP-DAG: bgraph.accum sum %[[D]]
// TOP-DAG: bgraph.accum sum %[[N]]
// TOP: bgraph.yield
// TOP: kgraph.kernel grid = [{{.*}}] forloop = {{[0-9]+}} ins(%[[PARTS]]#0, %[[PARTS]]#1 :
// TOP-DAG: %[[CD:.*]] = bgraph.accum sum
// TOP-DAG: %[[CN:.*]] = bgraph.accum sum
// TOP: bgraph.div
func.func @gqa_ref(%q: tensor<2x16x8xf16>, %k: tensor<2x8x64xf16>, %v: tensor<2x64x8xf16>) -> tensor<2x16x8xf16> {
  %s = kgraph.matmul %q, %k : tensor<2x16x8xf16>, tensor<2x8x64xf16> -> tensor<2x16x64xf16>
  %e = kgraph.exp %s : tensor<2x16x64xf16>
  %r = kgraph.reduce_sum %e dim = 2 : tensor<2x16x64xf16> -> tensor<2x16x1xf16>
  %p = kgraph.div %e, %r : tensor<2x16x64xf16>, tensor<2x16x1xf16> -> tensor<2x16x64xf16>
  %o = kgraph.matmul %p, %v : tensor<2x16x64xf16>, tensor<2x64x8xf16> -> tensor<2x16x8xf16>
  return %o : tensor<2x16x8xf16>
}
