// bgraph.running_max of a sum accumulator that the kernel's running-max
// form does not rescale (here a row sum of another input, with more rows
// than the softmax) is 0: that accumulator's rows are kept relative to 0.
// The evaluator and the CPU-compiled kernel agree with the reference, and
// neither reads the softmax's row maxima for it.
// RUN: tsopt-run %s --fn=f --reference=f_ref | FileCheck %s
// RUN: tsopt-run %s --fn=f --reference=f_ref --backend=cpu | FileCheck %s
// RUN: tsopt-opt %s --tsopt-plan-kernels | FileCheck %s --check-prefix=PLAN

// CHECK: @f vs @f_ref: agree
// PLAN: bgraph.exp {{.*}}bgraph.exp_form = "running_max"
// PLAN: bgraph.running_max

func.func @f_ref(%x: tensor<4x16xf32>, %v: tensor<16x4xf32>, %y: tensor<8x16xf32>) -> (tensor<4x4xf32>, tensor<8x1xf32>) {
  %e = kgraph.exp %x : tensor<4x16xf32>
  %r = kgraph.reduce_sum %e dim = 1 : tensor<4x16xf32> -> tensor<4x1xf32>
  %p = kgraph.matmul %e, %v : tensor<4x16xf32>, tensor<16x4xf32> -> tensor<4x4xf32>
  %o = kgraph.div %p, %r : tensor<4x4xf32>, tensor<4x1xf32> -> tensor<4x4xf32>
  %s = kgraph.reduce_sum %y dim = 1 : tensor<8x16xf32> -> tensor<8x1xf32>
  %z = kgraph.mul_scalar %s, 0.0 : tensor<8x1xf32>
  return %o, %z : tensor<4x4xf32>, tensor<8x1xf32>
}

func.func @f(%x: tensor<4x16xf32>, %v: tensor<16x4xf32>, %y: tensor<8x16xf32>) -> (tensor<4x4xf32>, tensor<8x1xf32>) attributes {tsopt.reference = @f_ref} {
  %o, %m = kgraph.kernel grid = [1] forloop = 2 ins(%x, %v, %y : tensor<4x16xf32>, tensor<16x4xf32>, tensor<8x16xf32>) -> (tensor<4x4xf32>, tensor<8x1xf32>) {
  ^bb0(%xb: tensor<4x16xf32>, %vb: tensor<16x4xf32>, %yb: tensor<8x16xf32>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = 1 : tensor<4x16xf32> -> !bgraph.tile<4x8xf32>
    %vt = bgraph.input %vb imap = {x = replica} fmap = 0 : tensor<16x4xf32> -> !bgraph.tile<8x4xf32>
    %yt = bgraph.input %yb imap = {x = replica} fmap = 1 : tensor<8x16xf32> -> !bgraph.tile<8x8xf32>
    %e = bgraph.exp %xt : !bgraph.tile<4x8xf32>
    %p = bgraph.matmul %e, %vt : !bgraph.tile<4x8xf32>, !bgraph.tile<8x4xf32> -> !bgraph.tile<4x4xf32>
    %r = bgraph.reduce_sum %e dim = 1 : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x1xf32>
    %ys = bgraph.reduce_sum %yt dim = 1 : !bgraph.tile<8x8xf32> -> !bgraph.tile<8x1xf32>
    %pa = bgraph.accum sum %p : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x4xf32>
    %ra = bgraph.accum sum %r : !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
    %ya = bgraph.accum sum %ys : !bgraph.tile<8x1xf32> -> !bgraph.tile<8x1xf32>
    %d = bgraph.div %pa, %ra : !bgraph.tile<4x4xf32>, !bgraph.tile<4x1xf32> -> !bgraph.tile<4x4xf32>
    %mx = bgraph.running_max %ya : !bgraph.tile<8x1xf32> -> !bgraph.tile<8x1xf32>
    %od = bgraph.output %d omap = {x = replica} : !bgraph.tile<4x4xf32> -> tensor<4x4xf32>
    %om = bgraph.output %mx omap = {x = replica} : !bgraph.tile<8x1xf32> -> tensor<8x1xf32>
    bgraph.yield %od, %om : tensor<4x4xf32>, tensor<8x1xf32>
  }
  return %o, %m : tensor<4x4xf32>, tensor<8x1xf32>
}
