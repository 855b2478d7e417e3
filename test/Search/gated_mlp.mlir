// The search finds gated_mlp's published µGraph (Mirage Fig. 10) at the
// reduced shapes: one kernel, both matmuls accumulated in the same for-loop,
// silu and mul after the loop as a thread graph.
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false max-kernel-ops=1 max-block-ops=6 min-grid-dims=1 require-forloop=true' 2>&1 | FileCheck %s

// CHECK: remark: superoptimized: 1 op (1 graph-defined): kernel grid [{{[0-9, ]+}}] forloop {{[0-9]+}}
// CHECK-SAME: equivalent: p =
// CHECK-LABEL: func.func @gated_mlp_ref(%arg0
// CHECK-SAME: tsopt.verification = "equivalent
// CHECK: kgraph.kernel
// CHECK-DAG: %[[X:.*]] = bgraph.input {{.*}} fmap = 1
// CHECK-DAG: %[[W1:.*]] = bgraph.input {{.*}} fmap = 0
// CHECK-DAG: %[[W2:.*]] = bgraph.input {{.*}} fmap = 0
// CHECK-DAG: %[[A:.*]] = bgraph.matmul %[[X]], %[[W1]]
// CHECK-DAG: %[[B:.*]] = bgraph.matmul %[[X]], %[[W2]]
// CHECK-DAG: %[[AA:.*]] = bgraph.accum sum %[[A]]
// CHECK-DAG: %[[BA:.*]] = bgraph.accum sum %[[B]]
// CHECK: tgraph.graph %[[AA]], %[[BA]]
// CHECK: tgraph.silu
// CHECK: tgraph.mul
// CHECK: bgraph.output
// CHECK-NOT: kgraph.kernel
// CHECK: return
func.func @gated_mlp_ref(%x: tensor<8x64xf16>, %w1: tensor<64x96xf16>, %w2: tensor<64x96xf16>) -> tensor<8x96xf16> {
  %a = kgraph.matmul %x, %w1 : tensor<8x64xf16>, tensor<64x96xf16> -> tensor<8x96xf16>
  %s = kgraph.silu %a : tensor<8x96xf16>
  %b = kgraph.matmul %x, %w2 : tensor<8x64xf16>, tensor<64x96xf16> -> tensor<8x96xf16>
  %o = kgraph.mul %s, %b : tensor<8x96xf16>, tensor<8x96xf16> -> tensor<8x96xf16>
  return %o : tensor<8x96xf16>
}
