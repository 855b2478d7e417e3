// The search finds qknorm_gqa's published structure at the reduced shapes:
// the RMS norms of Q and K fused into GQA's split-kv kernel (each row of a
// Q tile and each column of a K tile normalized in shared memory before
// Q·K), plus the combine kernel. The norms enter as program-template
// prologues: row-local cones of the program applied to an input tile whose
// normalized dim the kernel does not slice (docs/search.md). At these sizes
// the cost model ranks a two-pass µGraph first; the split-kv µGraph is among
// the verified candidates.
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false max-kernel-ops=2 max-block-ops=6 kernel-ops=none block-ops=matmul,reduce_sum,div min-grid-dims=2 require-forloop=true top-n=200 top-file=%t.top.mlir progress=false plan=false time-limit=0' 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=TOP < %t.top.mlir

// CHECK: remark: superoptimized: 2 ops (2 graph-defined)
// CHECK-SAME: equivalent: p =
// CHECK-LABEL: func.func @qknorm_gqa_ref(%arg0
// CHECK-COUNT-2: kgraph.kernel
// CHECK: return

// TOP: %[[PARTS:.*]]:2 = kgraph.kernel grid = [{{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}] forloop = {{[0-9]+}} ins(%arg0, %arg1, %arg2 :
// TOP: %[[Q:.*]] = bgraph.input %{{.*}} fmap = replica : tensor<2x16x8xf16>
// TOP: %[[K:.*]] = bgraph.input %{{.*}} fmap = 2 : tensor<2x8x64xf16>
// TOP: %[[V:.*]] = bgraph.input %{{.*}} fmap = 1 : tensor<2x64x8xf16>
// TOP: %[[QSQ:.*]] = bgraph.square %[[Q]]
// TOP: %[[QSS:.*]] = bgraph.reduce_sum %[[QSQ]] dim = 2
// TOP: %[[QN:.*]] = tgraph.graph %[[QSS]], %[[Q]]
// TOP: tgraph.sqrt
// TOP: tgraph.div
// TOP: %[[KSQ:.*]] = bgraph.square %[[K]]
// TOP: %[[KSS:.*]] = bgraph.reduce_sum %[[KSQ]] dim = 1
// TOP: %[[KN:.*]] = tgraph.graph %[[KSS]], %[[K]]
// TOP: tgraph.sqrt
// TOP: tgraph.div
// TOP: %[[S:.*]] = bgraph.matmul %[[QN]], %[[KN]]
// TOP: %[[E:.*]] = tgraph.graph %[[S]]
// TOP: tgraph.exp
// TOP-DAG: %[[D:.*]] = bgraph.reduce_sum %[[E]] dim = 2
// TOP-DAG: %[[N:.*]] = bgraph.matmul %[[E]], %[[V]]
// TOP-DAG: bgraph.accum sum %[[D]]
// TOP-DAG: bgraph.accum sum %[[N]]
// TOP: bgraph.yield
// TOP: kgraph.kernel grid = [{{.*}}] forloop = {{[0-9]+}} ins(%[[PARTS]]#0, %[[PARTS]]#1 :
// TOP-DAG: bgraph.accum sum
// TOP-DAG: bgraph.accum sum
// TOP: bgraph.div
func.func @qknorm_gqa_ref(%q: tensor<2x16x8xf16>, %k: tensor<2x8x64xf16>, %v: tensor<2x64x8xf16>) -> tensor<2x16x8xf16> {
  %qsq = kgraph.square %q : tensor<2x16x8xf16>
  %qss = kgraph.reduce_sum %qsq dim = 2 : tensor<2x16x8xf16> -> tensor<2x16x1xf16>
  %qms = kgraph.mul_scalar %qss, 1.25000000000000000e-01 : tensor<2x16x1xf16>
  %qrms = kgraph.sqrt %qms : tensor<2x16x1xf16>
  %qn = kgraph.div %q, %qrms : tensor<2x16x8xf16>, tensor<2x16x1xf16> -> tensor<2x16x8xf16>
  %ksq = kgraph.square %k : tensor<2x8x64xf16>
  %kss = kgraph.reduce_sum %ksq dim = 1 : tensor<2x8x64xf16> -> tensor<2x1x64xf16>
  %kms = kgraph.mul_scalar %kss, 1.25000000000000000e-01 : tensor<2x1x64xf16>
  %krms = kgraph.sqrt %kms : tensor<2x1x64xf16>
  %kn = kgraph.div %k, %krms : tensor<2x8x64xf16>, tensor<2x1x64xf16> -> tensor<2x8x64xf16>
  %s = kgraph.matmul %qn, %kn : tensor<2x16x8xf16>, tensor<2x8x64xf16> -> tensor<2x16x64xf16>
  %z = kgraph.mul_scalar %s, 3.53553390593273731e-01 : tensor<2x16x64xf16>
  %e = kgraph.exp %z : tensor<2x16x64xf16>
  %r = kgraph.reduce_sum %e dim = 2 : tensor<2x16x64xf16> -> tensor<2x16x1xf16>
  %p = kgraph.div %e, %r : tensor<2x16x64xf16>, tensor<2x16x1xf16> -> tensor<2x16x64xf16>
  %o = kgraph.matmul %p, %v : tensor<2x16x64xf16>, tensor<2x64x8xf16> -> tensor<2x16x8xf16>
  return %o : tensor<2x16x8xf16>
}
