// RUN: tsopt-opt %s --split-input-file --verify-diagnostics --tsopt-superoptimize='max-kernel-ops=1 max-block-ops=3 max-grid-dims=1 progress=false plan=false time-limit=0' | FileCheck %s

// The search replaces the body and records the verification.
// CHECK-LABEL: func.func @scale_then_exp
// CHECK-SAME: tsopt.cost_us =
// CHECK-SAME: tsopt.verification = "equivalent: p =
// CHECK: kgraph.kernel
// CHECK: {{[bt]}}graph.exp
// CHECK-NOT: kgraph.exp
// expected-remark @below {{superoptimized: 1 op (1 graph-defined)}}
func.func @scale_then_exp(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e = kgraph.exp %x : tensor<8x16xf32>
  %n = kgraph.neg %e : tensor<8x16xf32>
  return %n : tensor<8x16xf32>
}

// -----

// A function that already is a µGraph is left alone.
// CHECK-LABEL: func.func @already_fused
// CHECK: kgraph.kernel grid = [2]
// expected-remark @below {{not superoptimized: already contains graph-defined kernels}}
func.func @already_fused(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %o = kgraph.kernel grid = [2] forloop = 1 ins(%x : tensor<8x16xf32>) -> (tensor<8x16xf32>) {
  ^bb0(%xb: tensor<8x16xf32>):
    %t = bgraph.input %xb imap = {x = 0} fmap = replica : tensor<8x16xf32> -> !bgraph.tile<4x16xf32>
    %e = bgraph.exp %t : !bgraph.tile<4x16xf32>
    %a = bgraph.accum sum %e : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32>
    %y = bgraph.output %a omap = {x = 0} : !bgraph.tile<4x16xf32> -> tensor<8x16xf32>
    bgraph.yield %y : tensor<8x16xf32>
  }
  return %o : tensor<8x16xf32>
}

// -----

// Nothing within the limits (three block ops cannot compute this): the
// function is left unchanged.
// CHECK-LABEL: func.func @too_big
// CHECK: kgraph.matmul
// CHECK: kgraph.exp
// CHECK: kgraph.matmul
// expected-remark @below {{not superoptimized: no equivalent µGraph within the limits}}
func.func @too_big(%a: tensor<4x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %p = kgraph.matmul %a, %b : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
  %e = kgraph.exp %p : tensor<4x8xf32>
  %q = kgraph.matmul %e, %c : tensor<4x8xf32>, tensor<8x8xf32> -> tensor<4x8xf32>
  return %q : tensor<4x8xf32>
}

// -----

// An op the search does not support is an error.
// expected-error @below {{cannot superoptimize: kgraph.reshape is not supported by the search yet}}
func.func @reshaped(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %r = kgraph.reshape %x : tensor<4x8xf32> -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}
