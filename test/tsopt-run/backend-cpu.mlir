// --backend=cpu lowers the function under test with tsopt-lower-to-cpu,
// compiles it and runs the compiled code; the reference is evaluated.
// RUN: tsopt-run %s --backend=cpu | FileCheck %s
// RUN: tsopt-run %s --backend=cpu --fn=gmlp --reference=gmlp_ref --precision=f64 --seed=3 | FileCheck %s --check-prefix=F64
// RUN: tsopt-run %s --backend=cpu --fn=pass --reference=pass_ref | FileCheck %s --check-prefix=COPY
// The default backend evaluates both.
// RUN: tsopt-run %s --fn=gmlp | FileCheck %s --check-prefix=EVAL
// RUN: not tsopt-run %s --backend=gpu 2>&1 | FileCheck %s --check-prefix=BACKEND

// CHECK: compiled for the CPU in {{[0-9.]+}} ms
// CHECK-NEXT: inputs: 3 (uniform [-1, 1), seed 0)
// CHECK-NEXT: @gmlp: ran compiled in {{[0-9.]+}} ms
// CHECK-NEXT: output #0: tensor<4x32xf32> mean
// CHECK-NEXT: @gmlp_ref: evaluated in {{[0-9.]+}} ms
// CHECK-NEXT: output #0: max abs diff {{.+}}, max rel diff {{.+}} (tolerance 0.0001 for f32): agree
// CHECK-NEXT: @gmlp vs @gmlp_ref: agree

// F64: compiled for the CPU
// F64: inputs: 3 (uniform [-1, 1), seed 3)
// F64: @gmlp: ran compiled in
// F64: @gmlp_ref: evaluated in
// F64: @gmlp vs @gmlp_ref: agree

// A result that is an input comes back through memref.copy.
// COPY: compiled for the CPU
// COPY: @pass: ran compiled in
// COPY: output #0: max abs diff {{.+}}: agree
// COPY-NEXT: output #1: max abs diff 0, max rel diff 0 (tolerance 0.0001 for f32): agree
// COPY-NEXT: @pass vs @pass_ref: agree

// EVAL-NOT: compiled
// EVAL: @gmlp: evaluated in
// EVAL: @gmlp vs @gmlp_ref: agree

// BACKEND: tsopt-run: error: --backend must be evaluator or cpu, got 'gpu'

func.func @gmlp_ref(%x: tensor<4x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<16x32xf32>) -> tensor<4x32xf32> {
  %a = kgraph.matmul %x, %w1 : tensor<4x16xf32>, tensor<16x32xf32> -> tensor<4x32xf32>
  %s = kgraph.silu %a : tensor<4x32xf32>
  %b = kgraph.matmul %x, %w2 : tensor<4x16xf32>, tensor<16x32xf32> -> tensor<4x32xf32>
  %o = kgraph.mul %s, %b : tensor<4x32xf32>, tensor<4x32xf32> -> tensor<4x32xf32>
  return %o : tensor<4x32xf32>
}

func.func @gmlp(%x: tensor<4x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<16x32xf32>) -> tensor<4x32xf32> attributes {tsopt.reference = @gmlp_ref} {
  %o = kgraph.kernel grid = [2] forloop = 2 ins(%x, %w1, %w2 : tensor<4x16xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> (tensor<4x32xf32>) {
  ^bb0(%xb: tensor<4x16xf32>, %w1b: tensor<16x32xf32>, %w2b: tensor<16x32xf32>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = 1 : tensor<4x16xf32> -> !bgraph.tile<4x8xf32>
    %w1t = bgraph.input %w1b imap = {x = 1} fmap = 0 : tensor<16x32xf32> -> !bgraph.tile<8x16xf32>
    %w2t = bgraph.input %w2b imap = {x = 1} fmap = 0 : tensor<16x32xf32> -> !bgraph.tile<8x16xf32>
    %a = bgraph.matmul %xt, %w1t : !bgraph.tile<4x8xf32>, !bgraph.tile<8x16xf32> -> !bgraph.tile<4x16xf32>
    %b = bgraph.matmul %xt, %w2t : !bgraph.tile<4x8xf32>, !bgraph.tile<8x16xf32> -> !bgraph.tile<4x16xf32>
    %aa = bgraph.accum sum %a : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32>
    %ba = bgraph.accum sum %b : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32>
    %y = tgraph.graph %aa, %ba : !bgraph.tile<4x16xf32>, !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32> {
    ^bb0(%p: f32, %q: f32):
      %s = tgraph.silu %p : f32
      %m = tgraph.mul %s, %q : f32
      tgraph.yield %m : f32
    }
    %oo = bgraph.output %y omap = {x = 1} : !bgraph.tile<4x16xf32> -> tensor<4x32xf32>
    bgraph.yield %oo : tensor<4x32xf32>
  }
  return %o : tensor<4x32xf32>
}

func.func @pass_ref(%a: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = kgraph.exp %a : tensor<4x8xf32>
  return %e, %a : tensor<4x8xf32>, tensor<4x8xf32>
}

func.func @pass(%a: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = kgraph.exp %a : tensor<4x8xf32>
  return %e, %a : tensor<4x8xf32>, tensor<4x8xf32>
}
