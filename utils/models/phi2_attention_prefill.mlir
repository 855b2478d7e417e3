// Attention with head dim 96 (not a power of two) at prefill: 16 heads,
// 256 tokens; K transposed, 1/√96 scale, softmax as exp/sum/div.
func.func @phi2_attention_prefill_ref(%q: tensor<16x256x96xf16>, %k: tensor<16x256x96xf16>, %v: tensor<16x256x96xf16>) -> tensor<16x256x96xf16> {
  %kt = kgraph.transpose %k permutation = [0, 2, 1] : tensor<16x256x96xf16> -> tensor<16x96x256xf16>
  %s = kgraph.matmul %q, %kt : tensor<16x256x96xf16>, tensor<16x96x256xf16> -> tensor<16x256x256xf16>
  %z = kgraph.mul_scalar %s, 0.10206207261596575 : tensor<16x256x256xf16>
  %e = kgraph.exp %z : tensor<16x256x256xf16>
  %r = kgraph.reduce_sum %e dim = 2 : tensor<16x256x256xf16> -> tensor<16x256x1xf16>
  %p = kgraph.div %e, %r : tensor<16x256x256xf16>, tensor<16x256x1xf16> -> tensor<16x256x256xf16>
  %o = kgraph.matmul %p, %v : tensor<16x256x256xf16>, tensor<16x256x96xf16> -> tensor<16x256x96xf16>
  return %o : tensor<16x256x96xf16>
}
