// The search finds the FlashAttention loop (Blockbuster's example 1) at the
// reduced shapes: one kernel whose grid slices the query rows and whose
// for-loop walks the keys; Kᵀ is a one-op prologue (each K tile transposed
// in shared memory), then Q·Kᵀ, exp of the scaled logits as a thread graph,
// the row sums and exp·V accumulated over the loop, and one division after
// it. (Generated kernels keep a running row maximum when lowered, see
// docs/lowering.md.)
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false max-kernel-ops=1 max-block-ops=7 kernel-ops=none block-ops=matmul,reduce_sum,div min-grid-dims=1 require-forloop=true progress=false' 2>&1 | FileCheck %s

// CHECK: remark: superoptimized: 1 op (1 graph-defined)
// CHECK-SAME: equivalent: p =
// CHECK-LABEL: func.func @flash_attention_ref(%arg0
// CHECK: kgraph.kernel grid = [{{.*}}] forloop = {{[0-9]+}} ins(%arg0, %arg1, %arg2 :
// CHECK: %[[Q:.*]] = bgraph.input %{{.*}} imap = {x = 0{{.*}}} fmap = replica {bgraph.copy_bytes = {{[0-9]+}} : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = {{[^}]+}}} : tensor<32x16xf16>
// CHECK: %[[K:.*]] = bgraph.input %{{.*}} fmap = 0 {bgraph.copy_bytes = {{[0-9]+}} : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = {{[^}]+}}} : tensor<64x16xf16>
// CHECK: %[[V:.*]] = bgraph.input %{{.*}} fmap = 0 {bgraph.copy_bytes = {{[0-9]+}} : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = {{[^}]+}}} : tensor<64x16xf16>
// CHECK: %[[KT:.*]] = bgraph.transpose %[[K]] permutation = [1, 0]
// CHECK: %[[S:.*]] = bgraph.matmul %[[Q]], %[[KT]]
// CHECK: %[[E:.*]] = tgraph.graph %[[S]]
// CHECK: tgraph.exp
// CHECK-DAG: %[[D:.*]] = bgraph.reduce_sum %[[E]] dim = 1
// CHECK-DAG: %[[N:.*]] = bgraph.matmul %[[E]], %[[V]]
// CHECK-DAG: %[[DA:.*]] = bgraph.accum sum %[[D]]
// CHECK-DAG: %[[NA:.*]] = bgraph.accum sum %[[N]]
// CHECK: bgraph.div %[[NA]], %[[DA]]
// CHECK: bgraph.output
// CHECK-NOT: kgraph.kernel
// CHECK: return
func.func @flash_attention_ref(%q: tensor<32x16xf16>, %k: tensor<64x16xf16>, %v: tensor<64x16xf16>) -> tensor<32x16xf16> {
  %kt = kgraph.transpose %k permutation = [1, 0] : tensor<64x16xf16> -> tensor<16x64xf16>
  %s = kgraph.matmul %q, %kt : tensor<32x16xf16>, tensor<16x64xf16> -> tensor<32x64xf16>
  %z = kgraph.mul_scalar %s, 2.50000000000000000e-01 : tensor<32x64xf16>
  %e = kgraph.exp %z : tensor<32x64xf16>
  %r = kgraph.reduce_sum %e dim = 1 : tensor<32x64xf16> -> tensor<32x1xf16>
  %p = kgraph.div %e, %r : tensor<32x64xf16>, tensor<32x1xf16> -> tensor<32x64xf16>
  %o = kgraph.matmul %p, %v : tensor<32x64xf16>, tensor<64x16xf16> -> tensor<32x16xf16>
  return %o : tensor<32x16xf16>
}
