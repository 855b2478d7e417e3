// A 64x64 by 64x64 product of transposed tiles whose layouts are written
// by hand (LAYOUT_A, LAYOUT_B, replaced by the test): col_major on A (m x
// k) stores its m contiguously (MN-major), on B (k x n) its k (K-major).
func.func @wg(%at: tensor<128x64xf16>, %bt: tensor<64x128xf16>) -> tensor<64x64xf16> attributes {tsopt.reference = @ref} {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%at, %bt : tensor<128x64xf16>, tensor<64x128xf16>) -> (tensor<64x64xf16>) {
  ^bb0(%x: tensor<128x64xf16>, %y: tensor<64x128xf16>):
    %xt = bgraph.input %x imap = {x = replica} fmap = 0 : tensor<128x64xf16> -> !bgraph.tile<64x64xf16>
    %yt = bgraph.input %y imap = {x = replica} fmap = 1 : tensor<64x128xf16> -> !bgraph.tile<64x64xf16>
    %a = bgraph.transpose %xt permutation = [1, 0] {bgraph.layout = "LAYOUT_A"} : !bgraph.tile<64x64xf16> -> !bgraph.tile<64x64xf16>
    %b = bgraph.transpose %yt permutation = [1, 0] {bgraph.layout = "LAYOUT_B"} : !bgraph.tile<64x64xf16> -> !bgraph.tile<64x64xf16>
    %p = bgraph.matmul %a, %b : !bgraph.tile<64x64xf16>, !bgraph.tile<64x64xf16> -> !bgraph.tile<64x64xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<64x64xf32> -> !bgraph.tile<64x64xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<64x64xf32> -> tensor<64x64xf16>
    bgraph.yield %o : tensor<64x64xf16>
  }
  return %c : tensor<64x64xf16>
}

func.func @ref(%at: tensor<128x64xf16>, %bt: tensor<64x128xf16>) -> tensor<64x64xf16> {
  %a = kgraph.transpose %at permutation = [1, 0] : tensor<128x64xf16> -> tensor<64x128xf16>
  %b = kgraph.transpose %bt permutation = [1, 0] : tensor<64x128xf16> -> tensor<128x64xf16>
  %c = kgraph.matmul %a, %b : tensor<64x128xf16>, tensor<128x64xf16> -> tensor<64x64xf16>
  return %c : tensor<64x64xf16>
}
