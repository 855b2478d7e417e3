// The search finds Blockbuster's example 3 mega-kernel at the reduced
// shapes: one kernel whose for-loop walks the hidden dim. The RMS norm of
// the X rows is a program-template prologue (computed once per block, since
// the loop slices neither X nor G), then both gate matmuls for a hidden
// chunk, silu and the product as a thread graph, and that chunk's
// contribution through U, accumulated. (The hand-written µGraph in
// test/Workloads/rmsnorm_swiglu.mlir divides by the row RMS after the gate
// matmuls instead; the axioms reach that form only with about ten times
// Z3's default resource limit, see TheoremOne in test/Unit/Search.)
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false max-kernel-ops=1 max-block-ops=5 min-grid-dims=1 max-grid-dims=1 require-forloop=true kernel-ops=none block-ops=matmul progress=false' 2>&1 | FileCheck %s
// With rms_norm allowed as a pre-defined kernel-level op and the program's
// op kinds, the mega-kernel still ranks first.
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false max-kernel-ops=2 max-block-ops=6 min-grid-dims=1 max-grid-dims=1 require-forloop=true kernel-ops=rms_norm block-ops=matmul,silu,mul progress=false' 2>&1 | FileCheck %s

// CHECK: remark: superoptimized: 1 op (1 graph-defined): kernel grid [{{[0-9]+}}] forloop {{[0-9]+}}
// CHECK-SAME: equivalent: p =
// CHECK-LABEL: func.func @rmsnorm_swiglu_ref(%arg0
// CHECK-SAME: tsopt.verification = "equivalent
// CHECK-NOT: kgraph.rms_norm
// CHECK: kgraph.kernel grid = [{{[0-9]+}}] forloop = {{[0-9]+}} ins(%arg0, %arg1, %arg2, %arg3, %arg4 :
// CHECK-DAG: %[[X:.*]] = bgraph.input %{{.*}} fmap = replica {bgraph.copy_bytes = {{[0-9]+}} : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = {{[^}]+}}} : tensor<2x32xf16>
// CHECK-DAG: %[[G:.*]] = bgraph.input %{{.*}} fmap = replica {bgraph.copy_bytes = {{[0-9]+}} : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = {{[^}]+}}} : tensor<32xf16>
// CHECK-DAG: %[[W:.*]] = bgraph.input %{{.*}} fmap = 1 {bgraph.copy_bytes = {{[0-9]+}} : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = {{[^}]+}}} : tensor<32x64xf16>
// CHECK-DAG: %[[V:.*]] = bgraph.input %{{.*}} fmap = 1 {bgraph.copy_bytes = {{[0-9]+}} : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = {{[^}]+}}} : tensor<32x64xf16>
// CHECK-DAG: %[[U:.*]] = bgraph.input %{{.*}} fmap = 0 {bgraph.copy_bytes = {{[0-9]+}} : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = {{[^}]+}}} : tensor<64x48xf16>
// CHECK: %[[XSQ:.*]] = bgraph.square %[[X]]
// CHECK: %[[SS:.*]] = bgraph.reduce_sum %[[XSQ]] dim = 1
// CHECK: %[[R:.*]] = tgraph.graph %[[SS]], %[[X]], %[[G]]
// CHECK: tgraph.sqrt
// CHECK: tgraph.div
// CHECK-DAG: %[[A:.*]] = bgraph.matmul %[[R]], %[[W]]
// CHECK-DAG: %[[B:.*]] = bgraph.matmul %[[R]], %[[V]]
// CHECK: %[[H:.*]] = tgraph.graph
// CHECK: tgraph.silu
// CHECK: tgraph.mul
// CHECK: %[[P:.*]] = bgraph.matmul %[[H]], %[[U]]
// CHECK: bgraph.accum sum %[[P]]
// CHECK: bgraph.output
// CHECK-NOT: kgraph.kernel
// CHECK: return
func.func @rmsnorm_swiglu_ref(%x: tensor<2x32xf16>, %g: tensor<32xf16>, %w: tensor<32x64xf16>, %v: tensor<32x64xf16>, %u: tensor<64x48xf16>) -> tensor<2x48xf16> {
  %r = kgraph.rms_norm %x, %g : tensor<2x32xf16>, tensor<32xf16> -> tensor<2x32xf16>
  %a = kgraph.matmul %r, %w : tensor<2x32xf16>, tensor<32x64xf16> -> tensor<2x64xf16>
  %s = kgraph.silu %a : tensor<2x64xf16>
  %b = kgraph.matmul %r, %v : tensor<2x32xf16>, tensor<32x64xf16> -> tensor<2x64xf16>
  %h = kgraph.mul %s, %b : tensor<2x64xf16>, tensor<2x64xf16> -> tensor<2x64xf16>
  %o = kgraph.matmul %h, %u : tensor<2x64xf16>, tensor<64x48xf16> -> tensor<2x48xf16>
  return %o : tensor<2x48xf16>
}
