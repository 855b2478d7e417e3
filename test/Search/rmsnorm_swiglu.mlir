// The search finds the SwiGLU loop of Blockbuster's example 3 at the reduced
// shapes: after a pre-defined rms_norm kernel, one graph-defined kernel whose
// for-loop walks the hidden dim, computing both gate matmuls for a hidden
// chunk, silu and the product as a thread graph, and accumulating that
// chunk's contribution through U. (The published mega-kernel also folds the
// norm into this loop; that puts (X·G)·W divided by the row RMS inside
// silu's argument, which the axioms do not reach, so the search prunes it:
// see docs/search.md and TheoremOne in test/Unit/Search. The hand-written
// µGraph in test/Workloads/rmsnorm_swiglu.mlir, which does fold the norm
// in, is verified by the finite-field test.)
// RUN: tsopt-opt %s --tsopt-superoptimize='max-kernel-ops=2 max-block-ops=6 min-grid-dims=1 max-grid-dims=1 require-forloop=true kernel-ops=rms_norm block-ops=matmul,silu,mul progress=false' 2>&1 | FileCheck %s

// CHECK: remark: superoptimized: 2 ops (1 graph-defined): kgraph.rms_norm; kernel grid [{{[0-9]+}}] forloop {{[0-9]+}}
// CHECK-SAME: equivalent: p =
// CHECK-LABEL: func.func @rmsnorm_swiglu_ref(%arg0
// CHECK-SAME: tsopt.verification = "equivalent
// CHECK: %[[R:.*]] = kgraph.rms_norm %arg0, %arg1
// CHECK: kgraph.kernel grid = [{{[0-9]+}}] forloop = {{[0-9]+}} ins({{.*}}%[[R]]
// CHECK-DAG: %[[W:.*]] = bgraph.input %{{.*}} fmap = 1 : tensor<32x64xf16>
// CHECK-DAG: %[[V:.*]] = bgraph.input %{{.*}} fmap = 1 : tensor<32x64xf16>
// CHECK-DAG: %[[U:.*]] = bgraph.input %{{.*}} fmap = 0 : tensor<64x48xf16>
// CHECK-DAG: %[[RT:.*]] = bgraph.input %{{.*}} : tensor<2x32xf16>
// CHECK-DAG: %[[A:.*]] = bgraph.matmul %[[RT]], %[[W]]
// CHECK-DAG: %[[B:.*]] = bgraph.matmul %[[RT]], %[[V]]
// CHECK: %[[H:.*]] = tgraph.graph %[[A]], %[[B]]
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
