// Llama-3-8B self-attention at prefill, written the way users write it:
// S = Q·Kᵀ, scaled by 1/√d (head dim 128), softmax as exp/sum/div, times V.
// 8 heads (one KV group's worth of a batched slice), 512 tokens.
func.func @llama3_8b_attention_prefill_ref(%q: tensor<8x512x128xf16>, %k: tensor<8x512x128xf16>, %v: tensor<8x512x128xf16>) -> tensor<8x512x128xf16> {
  %kt = kgraph.transpose %k permutation = [0, 2, 1] : tensor<8x512x128xf16> -> tensor<8x128x512xf16>
  %s = kgraph.matmul %q, %kt : tensor<8x512x128xf16>, tensor<8x128x512xf16> -> tensor<8x512x512xf16>
  %z = kgraph.mul_scalar %s, 0.08838834764831845 : tensor<8x512x512xf16>
  %e = kgraph.exp %z : tensor<8x512x512xf16>
  %r = kgraph.reduce_sum %e dim = 2 : tensor<8x512x512xf16> -> tensor<8x512x1xf16>
  %p = kgraph.div %e, %r : tensor<8x512x512xf16>, tensor<8x512x1xf16> -> tensor<8x512x512xf16>
  %o = kgraph.matmul %p, %v : tensor<8x512x512xf16>, tensor<8x512x128xf16> -> tensor<8x512x128xf16>
  return %o : tensor<8x512x128xf16>
}
