// The search finds RMSNorm+MatMul's published µGraph (Mirage Fig. 3b) at the
// reduced shapes: one kernel whose for-loop accumulates the sum of squares
// and X·G·W together, with the division by the norm commuted past the
// matmul and done after the loop.
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false max-kernel-ops=1 max-block-ops=9 max-grid-dims=1 min-grid-dims=1 require-forloop=true' 2>&1 | FileCheck %s

// CHECK: remark: superoptimized: 1 op (1 graph-defined)
// CHECK-SAME: equivalent: p =
// CHECK-LABEL: func.func @rmsnorm_ref(%arg0
// CHECK: kgraph.kernel grid = [{{[0-9]+}}] forloop = {{[0-9]+}}
// CHECK-DAG: %[[X:.*]] = bgraph.input %{{.*}} imap = {x = {{.*}}} fmap = 1
// CHECK-DAG: %[[W:.*]] = bgraph.input %{{.*}} fmap = 0 {bgraph.copy_bytes = {{[0-9]+}} : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = {{[^}]+}}} : tensor<64x96xf16>
// CHECK-DAG: %[[P:.*]] = bgraph.matmul %{{.*}}, %[[W]]
// CHECK-DAG: %[[PA:.*]] = bgraph.accum sum %[[P]]
// CHECK-DAG: %[[SS:.*]] = bgraph.reduce_sum %{{.*}} dim = 1
// CHECK-DAG: %[[SA:.*]] = bgraph.accum sum %[[SS]]
// CHECK: tgraph.graph %[[SA]], %[[PA]]
// CHECK: tgraph.sqrt
// CHECK: tgraph.div
// CHECK: bgraph.output
// CHECK-NOT: kgraph.kernel
// CHECK: return
func.func @rmsnorm_ref(%x: tensor<2x64xf16>, %g: tensor<64xf16>, %w: tensor<64x96xf16>) -> tensor<2x96xf16> {
  %n = kgraph.rms_norm %x, %g : tensor<2x64xf16>, tensor<64xf16> -> tensor<2x64xf16>
  %y = kgraph.matmul %n, %w : tensor<2x64xf16>, tensor<64x96xf16> -> tensor<2x96xf16>
  return %y : tensor<2x96xf16>
}
