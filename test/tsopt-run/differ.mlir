// A µGraph that verifies but computes something else (a max accumulator
// where the matmul needs a sum) must be reported, with exit code 1.
// RUN: not tsopt-run %s 2>&1 | FileCheck %s

// CHECK: output #0: max abs diff {{.*}}: DIFFER
// CHECK: @mm vs @ref: DIFFER

func.func @ref(%a: tensor<16x64xf32>, %b: tensor<64x128xf32>) -> tensor<16x128xf32> {
  %c = kgraph.matmul %a, %b : tensor<16x64xf32>, tensor<64x128xf32> -> tensor<16x128xf32>
  return %c : tensor<16x128xf32>
}

func.func @mm(%a: tensor<16x64xf32>, %b: tensor<64x128xf32>) -> tensor<16x128xf32> attributes {tsopt.reference = @ref} {
  %c = kgraph.kernel grid = [4] forloop = 8 ins(%a, %b : tensor<16x64xf32>, tensor<64x128xf32>) -> (tensor<16x128xf32>) {
  ^bb0(%x: tensor<16x64xf32>, %w: tensor<64x128xf32>):
    %xt = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<16x64xf32> -> !bgraph.tile<16x8xf32>
    %wt = bgraph.input %w imap = {x = 1} fmap = 0 : tensor<64x128xf32> -> !bgraph.tile<8x32xf32>
    %p = bgraph.matmul %xt, %wt : !bgraph.tile<16x8xf32>, !bgraph.tile<8x32xf32> -> !bgraph.tile<16x32xf32>
    %s = bgraph.accum max %p : !bgraph.tile<16x32xf32> -> !bgraph.tile<16x32xf32>
    %o = bgraph.output %s omap = {x = 1} : !bgraph.tile<16x32xf32> -> tensor<16x128xf32>
    bgraph.yield %o : tensor<16x128xf32>
  }
  return %c : tensor<16x128xf32>
}
