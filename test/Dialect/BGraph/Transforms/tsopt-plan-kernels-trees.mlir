// The reduction trees are a decision of the kernel plan (bgraph.tree_width
// on each op that folds groups of elements), read by the lowering: 8 rows
// of 64 elements fold over trees of 16 threads each (128 threads, 4
// elements a thread); a width of 1 written by hand folds each row in one
// thread. Both agree with the reference compiled for the CPU.
// RUN: tsopt-opt %s --tsopt-plan-kernels | FileCheck %s --check-prefix=PLAN
// RUN: tsopt-opt %s --tsopt-plan-kernels --convert-kgraph-to-gpu | FileCheck %s --check-prefix=GPU
// RUN: tsopt-run %s --fn=sums_tree --backend=cpu | FileCheck %s --check-prefix=TREE
// RUN: tsopt-run %s --fn=sums_serial --backend=cpu | FileCheck %s --check-prefix=SERIAL

// PLAN-LABEL: func.func @sums_tree
// PLAN: bgraph.reduce_sum {{.*}}bgraph.tree_width = 16 : i64
// PLAN-LABEL: func.func @sums_serial
// PLAN: bgraph.reduce_sum {{.*}}bgraph.tree_width = 1 : i64

// GPU-LABEL: gpu.func @sums_tree_kernel0
// GPU: gpu.shuffle  xor
// GPU-LABEL: gpu.func @sums_serial_kernel0
// GPU-NOT: gpu.shuffle
// GPU: gpu.return

// TREE: @sums_tree vs @sums_ref: agree
// SERIAL: @sums_serial vs @sums_ref: agree

func.func @sums_ref(%x: tensor<8x64xf32>) -> tensor<8x1xf32> {
  %r = kgraph.reduce_sum %x dim = 1 : tensor<8x64xf32> -> tensor<8x1xf32>
  return %r : tensor<8x1xf32>
}

func.func @sums_tree(%x: tensor<8x64xf32>) -> tensor<8x1xf32> attributes {tsopt.reference = @sums_ref} {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%x : tensor<8x64xf32>) -> (tensor<8x1xf32>) {
  ^bb0(%xb: tensor<8x64xf32>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica : tensor<8x64xf32> -> !bgraph.tile<8x64xf32>
    %r = bgraph.reduce_sum %xt dim = 1 : !bgraph.tile<8x64xf32> -> !bgraph.tile<8x1xf32>
    %s = bgraph.accum sum %r : !bgraph.tile<8x1xf32> -> !bgraph.tile<8x1xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x1xf32> -> tensor<8x1xf32>
    bgraph.yield %o : tensor<8x1xf32>
  }
  return %c : tensor<8x1xf32>
}

func.func @sums_serial(%x: tensor<8x64xf32>) -> tensor<8x1xf32> attributes {tsopt.reference = @sums_ref} {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%x : tensor<8x64xf32>) -> (tensor<8x1xf32>) {
  ^bb0(%xb: tensor<8x64xf32>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica : tensor<8x64xf32> -> !bgraph.tile<8x64xf32>
    %r = bgraph.reduce_sum %xt dim = 1 {bgraph.tree_width = 1 : i64} : !bgraph.tile<8x64xf32> -> !bgraph.tile<8x1xf32>
    %s = bgraph.accum sum %r : !bgraph.tile<8x1xf32> -> !bgraph.tile<8x1xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x1xf32> -> tensor<8x1xf32>
    bgraph.yield %o : tensor<8x1xf32>
  }
  return %c : tensor<8x1xf32>
}
