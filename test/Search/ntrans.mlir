// The search finds ntrans's published structure at the reduced shapes: one
// kernel whose grid slices the rows, computing the whole normalized-
// transformer update of a row in shared memory and registers. The first
// normalization and the interpolation are one program-template prologue on
// the three input tiles; the second normalization is a template on its
// result (docs/search.md). With block-ops=none only templates and
// accumulators are explored.
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false max-kernel-ops=1 max-block-ops=4 block-ops=none min-grid-dims=1 progress=false' 2>&1 | FileCheck %s
// A program template is also explored next to the program's own ops (the
// default): the same kernel, found in a larger space.
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false max-kernel-ops=1 max-block-ops=3 min-grid-dims=1 block-ops=square,reduce_sum,sqrt,div progress=false' 2>&1 | FileCheck %s

// CHECK: remark: superoptimized: 1 op (1 graph-defined): kernel grid [{{[0-9]+}}] forloop 1
// CHECK-SAME: equivalent: p =
// CHECK-LABEL: func.func @ntrans_ref(%arg0
// CHECK: kgraph.kernel grid = [{{[0-9]+}}] forloop = 1 ins(%arg0, %arg1, %arg2 :
// CHECK-COUNT-3: bgraph.input %{{.*}} imap = {x = 0}
// CHECK: %[[ASQ:.*]] = bgraph.square
// CHECK: %[[ASS:.*]] = bgraph.reduce_sum %[[ASQ]] dim = 1
// CHECK: %[[U:.*]] = tgraph.graph %[[ASS]]
// CHECK: tgraph.sqrt
// CHECK: tgraph.div
// CHECK: tgraph.sub
// CHECK: tgraph.mul
// CHECK: tgraph.add
// The second norm squares U (in U's thread graph, or as a block op on U
// or its accumulated copy: forloop = 1) and reduces the squares.
// CHECK: {{[bt]}}graph.square
// CHECK: %[[USS:.*]] = bgraph.reduce_sum %{{.*}} dim = 1
// CHECK: tgraph.graph %[[USS]], %{{.*}}
// CHECK: tgraph.sqrt
// CHECK: tgraph.div
// CHECK: bgraph.output
// CHECK-NOT: kgraph.kernel
// CHECK: return
func.func @ntrans_ref(%h: tensor<4x64xf16>, %a: tensor<4x64xf16>, %alpha: tensor<4x64xf16>) -> tensor<4x64xf16> {
  %asq = kgraph.square %a : tensor<4x64xf16>
  %ass = kgraph.reduce_sum %asq dim = 1 : tensor<4x64xf16> -> tensor<4x1xf16>
  %anrm = kgraph.sqrt %ass : tensor<4x1xf16>
  %an = kgraph.div %a, %anrm : tensor<4x64xf16>, tensor<4x1xf16> -> tensor<4x64xf16>
  %d = kgraph.sub %an, %h : tensor<4x64xf16>, tensor<4x64xf16> -> tensor<4x64xf16>
  %t = kgraph.mul %alpha, %d : tensor<4x64xf16>, tensor<4x64xf16> -> tensor<4x64xf16>
  %u = kgraph.add %h, %t : tensor<4x64xf16>, tensor<4x64xf16> -> tensor<4x64xf16>
  %usq = kgraph.square %u : tensor<4x64xf16>
  %uss = kgraph.reduce_sum %usq dim = 1 : tensor<4x64xf16> -> tensor<4x1xf16>
  %unrm = kgraph.sqrt %uss : tensor<4x1xf16>
  %o = kgraph.div %u, %unrm : tensor<4x64xf16>, tensor<4x1xf16> -> tensor<4x64xf16>
  return %o : tensor<4x64xf16>
}
