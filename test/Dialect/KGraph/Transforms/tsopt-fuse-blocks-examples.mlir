// Blockbuster's three worked examples, at the shapes of
// ../../../../utils/workloads, reach their fused forms by rules alone; the
// snapshot file shows the sequence of rules.
// RUN: tsopt-opt %s --tsopt-fuse-blocks=snapshot-file=%t.snapshots.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.snapshots.mlir

// Example 1, FlashAttention: the division of the softmax moves past the
// second matmul (rule 4), exp joins the scaling (9), the row sum the
// exponentials (3), the matmuls join them (1). Cost-guided, the result is
// FlashDecoding's form (the output gives 64 blocks of 16 rows for 132 SMs,
// so the kv sequence is split across blocks and a second kernel combines
// the partial sums, written in f32); applied unconditionally, the extension (rule 6) pulls
// Q·Kᵀ in as well: one kernel walking the kv sequence, O and the row sums
// accumulated, the division after the loop.
// REMARK: remark: fused by rules: {{.*}}; equivalent: p =
// CHECK-LABEL: func.func @flash_attention_ref_snapshot0(
// CHECK-SAME: "cost-guided", tsopt.fusion_steps = "rule 4 (row-scale-past-matmul); rule 9: fused {exp} into {mul_scalar}; rule 3: fused {reduce_sum} into {mul_scalar, exp}; rule 1:
// CHECK: kgraph.kernel grid = [{{[0-9]+}}, {{[0-9]+}}] forloop = {{[0-9]+}} {{.*}} -> (tensor<1024x{{[0-9]+}}xf32>, tensor<1024x{{[0-9]+}}xf32>)
// CHECK: bgraph.accum sum
// CHECK: kgraph.kernel
// CHECK: bgraph.accum sum
// CHECK: bgraph.accum sum
// CHECK: bgraph.div
// CHECK: "unconditional", tsopt.fusion_steps = "rule 6: extended {{.*}}{transpose, matmul}{{.*}} (replicated work){{.*}}"
// CHECK-NEXT: kgraph.kernel grid = [{{[0-9, ]+}}] forloop = {{[0-9]+}}
// CHECK: bgraph.transpose
// CHECK: bgraph.matmul
// CHECK: tgraph.exp
// CHECK: bgraph.reduce_sum
// CHECK: bgraph.matmul
// CHECK: bgraph.accum sum
// CHECK: bgraph.accum sum
// CHECK: bgraph.div
// CHECK-NOT: kgraph.
// CHECK: return
func.func @flash_attention_ref(%q: tensor<1024x64xf16>, %k: tensor<4096x64xf16>, %v: tensor<4096x64xf16>) -> tensor<1024x64xf16> {
  %kt = kgraph.transpose %k permutation = [1, 0] : tensor<4096x64xf16> -> tensor<64x4096xf16>
  %s = kgraph.matmul %q, %kt : tensor<1024x64xf16>, tensor<64x4096xf16> -> tensor<1024x4096xf16>
  %z = kgraph.mul_scalar %s, 1.25000000000000000e-01 : tensor<1024x4096xf16>
  %e = kgraph.exp %z : tensor<1024x4096xf16>
  %r = kgraph.reduce_sum %e dim = 1 : tensor<1024x4096xf16> -> tensor<1024x1xf16>
  %p = kgraph.div %e, %r : tensor<1024x4096xf16>, tensor<1024x1xf16> -> tensor<1024x4096xf16>
  %o = kgraph.matmul %p, %v : tensor<1024x4096xf16>, tensor<4096x64xf16> -> tensor<1024x64xf16>
  return %o : tensor<1024x64xf16>
}

// Example 2, LayerNorm + MatMul: the variance and the shift move past the
// matmul (rule 5, with the column sums of Y), the scale too (4); the
// statistics fuse (9, 3, 1) and join the matmul's loop after an extension
// (6): one kernel with the k-loop accumulating x·Y and colsum(Y) (split
// along k where the cost model prices that faster: a 2-d grid and a
// combining kernel), Σx and Σx² beside the final element-wise step.
// REMARK: remark: fused by rules: {{.*}}; rules 5, 4, 9, 3, 1, 2, 6; snapshot 1 of {{.*}}; equivalent: p =
// CHECK-LABEL: func.func @layernorm_matmul_ref_snapshot0(
// CHECK-SAME: tsopt.fusion_steps = "rule 5 (centred-variance); rule 4 (row-scale-past-matmul); rule 5 (matmul-past-row-shift); rule 9:
// CHECK-LABEL: func.func @layernorm_matmul_ref_snapshot1(
// CHECK-SAME: "rule 6: extended
// CHECK-NEXT: kgraph.kernel grid = [{{[0-9, ]+}}] forloop = {{[0-9]+}}
// CHECK-DAG: bgraph.matmul
// CHECK-DAG: bgraph.reduce_sum {{.*}} dim = 0
// CHECK-DAG: bgraph.reduce_sum {{.*}} dim = 1
// CHECK: bgraph.accum sum
// CHECK-NOT: kgraph.
// CHECK: return
func.func @layernorm_matmul_ref(%x: tensor<16x4096xf16>, %y: tensor<4096x4096xf16>) -> tensor<16x4096xf16> {
  %sx = kgraph.reduce_sum %x dim = 1 : tensor<16x4096xf16> -> tensor<16x1xf16>
  %mean = kgraph.mul_scalar %sx, 2.44140625000000000e-04 : tensor<16x1xf16>
  %xc = kgraph.sub %x, %mean : tensor<16x4096xf16>, tensor<16x1xf16> -> tensor<16x4096xf16>
  %sq = kgraph.square %xc : tensor<16x4096xf16>
  %ss = kgraph.reduce_sum %sq dim = 1 : tensor<16x4096xf16> -> tensor<16x1xf16>
  %var = kgraph.mul_scalar %ss, 2.44140625000000000e-04 : tensor<16x1xf16>
  %sd = kgraph.sqrt %var : tensor<16x1xf16>
  %n = kgraph.div %xc, %sd : tensor<16x4096xf16>, tensor<16x1xf16> -> tensor<16x4096xf16>
  %z = kgraph.matmul %n, %y : tensor<16x4096xf16>, tensor<4096x4096xf16> -> tensor<16x4096xf16>
  return %z : tensor<16x4096xf16>
}

// Example 3, RMSNorm + FFN-SwiGLU: the norm's scale moves past both matmuls
// (rules 4 and 8), the element-wise tail and the statistics fuse; applied
// unconditionally the rules reach the mega-kernel of the hand-written
// µGraph: its grid splits the hidden dim, its loop walks it, all three
// matmuls in the body, the last one's partial sums (f32) accumulated and
// combined by a second kernel.
// REMARK: remark: fused by rules: {{.*}}; equivalent: p =
// CHECK-LABEL: func.func @rmsnorm_swiglu_ref_snapshot0(
// CHECK-SAME: tsopt.fusion_steps = "rule 4 (matmul-past-rms-norm); rule 4 (matmul-past-rms-norm); rule 9:
// CHECK-LABEL: func.func @rmsnorm_swiglu_ref_snapshot2(
// CHECK-SAME: "unconditional"
// CHECK-NEXT: kgraph.kernel grid = [{{[0-9, ]+}}] forloop = {{[0-9]+}} {{.*}} -> (tensor<8x{{[0-9]+}}xf32>)
// CHECK-COUNT-3: bgraph.matmul
// CHECK: bgraph.accum sum
// CHECK: kgraph.kernel grid = [{{[0-9, ]+}}] forloop = {{[0-9]+}}
// CHECK: bgraph.accum sum
// CHECK-NOT: kgraph.
// CHECK: return
func.func @rmsnorm_swiglu_ref(%x: tensor<8x1024xf16>, %g: tensor<1024xf16>, %w: tensor<1024x4096xf16>, %v: tensor<1024x4096xf16>, %u: tensor<4096x1024xf16>) -> tensor<8x1024xf16> {
  %r = kgraph.rms_norm %x, %g : tensor<8x1024xf16>, tensor<1024xf16> -> tensor<8x1024xf16>
  %a = kgraph.matmul %r, %w : tensor<8x1024xf16>, tensor<1024x4096xf16> -> tensor<8x4096xf16>
  %s = kgraph.silu %a : tensor<8x4096xf16>
  %b = kgraph.matmul %r, %v : tensor<8x1024xf16>, tensor<1024x4096xf16> -> tensor<8x4096xf16>
  %h = kgraph.mul %s, %b : tensor<8x4096xf16>, tensor<8x4096xf16> -> tensor<8x4096xf16>
  %o = kgraph.matmul %h, %u : tensor<8x4096xf16>, tensor<4096x1024xf16> -> tensor<8x1024xf16>
  return %o : tensor<8x1024xf16>
}
