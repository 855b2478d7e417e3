// The default search: no options, the plan derived from the program, the
// program kept unless something verified is estimated faster.
// RUN: tsopt-opt %s --split-input-file --tsopt-superoptimize='progress=false' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: tsopt-opt %s --split-input-file --tsopt-superoptimize='progress=false' 2>/dev/null | FileCheck %s
// Options given are kept in every space; the others are still derived.
// RUN: tsopt-opt %s --split-input-file --tsopt-superoptimize='max-kernel-ops=1 max-block-ops=4' -o /dev/null 2>&1 | FileCheck %s --check-prefix=GIVEN

// REMARK: remark: superoptimized: 1 op (1 graph-defined)
// REMARK-SAME: derived: at least 1 grid dim
// REMARK-SAME: block ops {matmul}, then {mul, matmul}, then {mul, silu, matmul} (1 templates)
// REMARK-SAME: graph-defined kernels only
// REMARK-SAME: spaces: {{[0-9]+}} finished, 0 cut by the limit, 0 not reached
// CHECK-LABEL: func.func @gated
// CHECK-SAME: tsopt.verification = "equivalent
// CHECK: kgraph.kernel
// CHECK-NOT: kgraph.matmul
// CHECK: return

// GIVEN: @gated: space 1/3 (1 kernel, 4 block ops (matmul), grid dims 1-2): started
// GIVEN: @gated: space 2/3 (1 kernel, 4 block ops (mul, matmul), grid dims 1-2): started
// GIVEN: @gated: space 3/3 (1 kernel, 4 block ops (mul, silu, matmul), grid dims 1-2): started
// GIVEN: remark: superoptimized
func.func @gated(%x: tensor<8x64xf16>, %w1: tensor<64x96xf16>, %w2: tensor<64x96xf16>) -> tensor<8x96xf16> {
  %a = kgraph.matmul %x, %w1 : tensor<8x64xf16>, tensor<64x96xf16> -> tensor<8x96xf16>
  %s = kgraph.silu %a : tensor<8x96xf16>
  %b = kgraph.matmul %x, %w2 : tensor<8x64xf16>, tensor<64x96xf16> -> tensor<8x96xf16>
  %o = kgraph.mul %s, %b : tensor<8x96xf16>, tensor<8x96xf16> -> tensor<8x96xf16>
  return %o : tensor<8x96xf16>
}

// -----

// One element-wise op over a 1024x1024 tensor: its own kernel (512 blocks
// of two rows) is estimated faster than every µGraph, and the function
// comes back as written with a remark that says why.
// REMARK: remark: not superoptimized: no equivalent µGraph estimated faster than the program ({{.*}} us on sm_90) within the limits
// CHECK-LABEL: func.func @one_exp
// CHECK-NEXT: kgraph.exp
// CHECK-NEXT: return
// GIVEN: @one_exp: space 1/1 (1 kernel, 4 block ops (exp)
// GIVEN: remark: not superoptimized
func.func @one_exp(%x: tensor<1024x1024xf16>) -> tensor<1024x1024xf16> {
  %e = kgraph.exp %x : tensor<1024x1024xf16>
  return %e : tensor<1024x1024xf16>
}
