// The search fuses LoRA into one kernel at the reduced shapes, and among its
// verified candidates is the published concatenation form (Mirage Fig. 9b):
// (X ‖ X·A) · (W ‖ B) accumulated in one for-loop.
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false max-kernel-ops=1 max-block-ops=5 min-grid-dims=1 require-forloop=true top-n=100 top-file=%t.top.mlir' 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=TOP < %t.top.mlir

// CHECK: remark: superoptimized: 1 op (1 graph-defined): kernel grid
// CHECK-SAME: equivalent: p =
// CHECK-LABEL: func.func @lora_ref(%arg0
// CHECK: kgraph.kernel
// CHECK: bgraph.accum sum
// CHECK-NOT: kgraph.kernel
// CHECK: return

// TOP: func.func @lora_ref_candidate0
// TOP-DAG: %[[L:.*]] = bgraph.concat %{{.*}}, %{{.*}} dim = 1
// TOP-DAG: %[[R:.*]] = bgraph.concat %{{.*}}, %{{.*}} dim = 0
// TOP: %[[P:.*]] = bgraph.matmul %[[L]], %[[R]]
// TOP: bgraph.accum sum %[[P]]
func.func @lora_ref(%x: tensor<8x64xf16>, %w: tensor<64x128xf16>, %a: tensor<64x4xf16>, %b: tensor<4x128xf16>) -> tensor<8x128xf16> {
  %xw = kgraph.matmul %x, %w : tensor<8x64xf16>, tensor<64x128xf16> -> tensor<8x128xf16>
  %xa = kgraph.matmul %x, %a : tensor<8x64xf16>, tensor<64x4xf16> -> tensor<8x4xf16>
  %xab = kgraph.matmul %xa, %b : tensor<8x4xf16>, tensor<4x128xf16> -> tensor<8x128xf16>
  %o = kgraph.add %xw, %xab : tensor<8x128xf16>, tensor<8x128xf16> -> tensor<8x128xf16>
  return %o : tensor<8x128xf16>
}
