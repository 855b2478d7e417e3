// What the search finds for layernorm_matmul at the reduced shapes.
//
// Blockbuster's example 2: one kernel whose for-loop walks K and accumulates
// X·Y, the row sums of X and of X², and the column sums of Y; after the loop
// one thread graph centres and scales, (X·Y - mean ⊗ colsum(Y)) /
// sqrt(E[x²] - mean²). The form rests on field identities A_eq ∪ A_sub do
// not derive; it is found in the program rewritten by the algebraic rules
// (docs/search.md, "Algebraic rewrites") and verified against the program as
// written. require-forloop asks for the pipelined form a real K needs (at
// these shapes one block per row tile is estimated as fast).
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false max-kernel-ops=1 max-block-ops=9 min-grid-dims=1 require-forloop=true kernel-ops=none block-ops=matmul,reduce_sum progress=false plan=false time-limit=0' 2>&1 | FileCheck %s
//
// Without the rewrites the search keeps the program's order: the layer norm
// of each X row is a program-template prologue (the kernel does not slice
// the normalized dim) and the normalized rows meet the whole of Y in one
// block matmul; at the published shape (K = 4096) such a Y tile exceeds
// shared memory. With a loop required, nothing is found.
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false max-kernel-ops=1 max-block-ops=3 min-grid-dims=1 kernel-ops=none block-ops=matmul progress=false plan=false time-limit=0 rewrites=false' 2>&1 | FileCheck %s --check-prefix=WRITTEN
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false max-kernel-ops=1 max-block-ops=9 min-grid-dims=1 require-forloop=true kernel-ops=none block-ops=matmul,reduce_sum progress=false plan=false time-limit=0 rewrites=false' 2>&1 | FileCheck %s --check-prefix=NOLOOP

// CHECK: remark: superoptimized: 1 op (1 graph-defined): kernel grid [{{[0-9, ]+}}] forloop {{[2-9]|[1-9][0-9]+}},
// CHECK-SAME: from the program rewritten by centred-variance, matmul-past-row-shift
// CHECK-SAME: equivalent: p =
// CHECK-LABEL: func.func @layernorm_matmul_ref(%arg0
// CHECK: kgraph.kernel grid = [{{[0-9, ]+}}] forloop = {{[0-9]+}} ins(%arg0, %arg1 :
// CHECK-DAG: %[[X:.*]] = bgraph.input %{{.*}} imap = {{{.*}}} fmap = 1 {bgraph.copy_bytes = {{[0-9]+}} : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = {{[^}]+}}} :
// CHECK-DAG: %[[Y:.*]] = bgraph.input %{{.*}} imap = {{{.*}}} fmap = 0 {bgraph.copy_bytes = {{[0-9]+}} : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = {{[^}]+}}} :
// CHECK-DAG: %[[SX:.*]] = bgraph.reduce_sum %[[X]] dim = 1
// CHECK-DAG: %[[X2:.*]] = bgraph.square %[[X]]
// CHECK-DAG: %[[SX2:.*]] = bgraph.reduce_sum %[[X2]] dim = 1
// CHECK-DAG: %[[CY:.*]] = bgraph.reduce_sum %[[Y]] dim = 0
// CHECK-DAG: %[[XY:.*]] = bgraph.matmul %[[X]], %[[Y]]
// CHECK-DAG: %[[ASX:.*]] = bgraph.accum sum %[[SX]]
// CHECK-DAG: %[[ASX2:.*]] = bgraph.accum sum %[[SX2]]
// CHECK-DAG: %[[ACY:.*]] = bgraph.accum sum %[[CY]]
// CHECK-DAG: %[[AXY:.*]] = bgraph.accum sum %[[XY]]
// CHECK: %[[Z:.*]] = tgraph.graph
// CHECK-SAME: %[[AXY]]
// CHECK: tgraph.sqrt
// CHECK: tgraph.div
// CHECK: bgraph.output %[[Z]]
// CHECK-NOT: kgraph.kernel
// CHECK: return

// WRITTEN: remark: superoptimized: 1 op (1 graph-defined): kernel grid [{{[0-9, ]+}}] forloop 1
// WRITTEN-NOT: rewritten
// WRITTEN-SAME: equivalent: p =
// WRITTEN-LABEL: func.func @layernorm_matmul_ref(%arg0
// WRITTEN: kgraph.kernel grid = [{{[0-9, ]+}}] forloop = 1 ins(%arg0, %arg1 :
// WRITTEN: %[[X:.*]] = bgraph.input %{{.*}} imap = {x = 0{{(, y = replica)?}}} fmap = replica {bgraph.copy_bytes = {{[0-9]+}} : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = {{[^}]+}}} : tensor<4x64xf16>
// WRITTEN: %[[Y:.*]] = bgraph.input %{{.*}} imap = {x = replica{{(, y = 1)?}}} fmap = replica {bgraph.copy_bytes = {{[0-9]+}} : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = {{[^}]+}}} : tensor<64x96xf16>
// WRITTEN: %[[SX:.*]] = bgraph.reduce_sum %[[X]] dim = 1
// WRITTEN: %[[XC:.*]]:2 = tgraph.graph %[[SX]], %[[X]]
// WRITTEN: tgraph.sub
// WRITTEN: %[[SS:.*]] = bgraph.reduce_sum %[[XC]]#1 dim = 1
// WRITTEN: %[[N:.*]] = tgraph.graph %[[SS]], %[[XC]]#0
// WRITTEN: tgraph.sqrt
// WRITTEN: tgraph.div
// WRITTEN: %[[Z:.*]] = bgraph.matmul %[[N]], %[[Y]]
// WRITTEN: bgraph.accum sum %[[Z]]
// WRITTEN-NOT: kgraph.kernel
// WRITTEN: return

// NOLOOP: remark: not superoptimized: no equivalent µGraph within the limits

func.func @layernorm_matmul_ref(%x: tensor<4x64xf16>, %y: tensor<64x96xf16>) -> tensor<4x96xf16> {
  %sx = kgraph.reduce_sum %x dim = 1 : tensor<4x64xf16> -> tensor<4x1xf16>
  %mean = kgraph.mul_scalar %sx, 1.56250000000000000e-02 : tensor<4x1xf16>
  %xc = kgraph.sub %x, %mean : tensor<4x64xf16>, tensor<4x1xf16> -> tensor<4x64xf16>
  %sq = kgraph.square %xc : tensor<4x64xf16>
  %ss = kgraph.reduce_sum %sq dim = 1 : tensor<4x64xf16> -> tensor<4x1xf16>
  %var = kgraph.mul_scalar %ss, 1.56250000000000000e-02 : tensor<4x1xf16>
  %sd = kgraph.sqrt %var : tensor<4x1xf16>
  %n = kgraph.div %xc, %sd : tensor<4x64xf16>, tensor<4x1xf16> -> tensor<4x64xf16>
  %z = kgraph.matmul %n, %y : tensor<4x64xf16>, tensor<64x96xf16> -> tensor<4x96xf16>
  return %z : tensor<4x96xf16>
}
