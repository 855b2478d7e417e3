// Llama-3-8B grouped-query attention at decode: 8 KV heads, each shared by
// 4 query heads (the group as 4 rows), 4096 cached tokens, head dim 128;
// K is stored [token, dim] and transposed in the program.
func.func @llama3_8b_attention_decode_ref(%q: tensor<8x4x128xf16>, %k: tensor<8x4096x128xf16>, %v: tensor<8x4096x128xf16>) -> tensor<8x4x128xf16> {
  %kt = kgraph.transpose %k permutation = [0, 2, 1] : tensor<8x4096x128xf16> -> tensor<8x128x4096xf16>
  %s = kgraph.matmul %q, %kt : tensor<8x4x128xf16>, tensor<8x128x4096xf16> -> tensor<8x4x4096xf16>
  %z = kgraph.mul_scalar %s, 0.08838834764831845 : tensor<8x4x4096xf16>
  %e = kgraph.exp %z : tensor<8x4x4096xf16>
  %r = kgraph.reduce_sum %e dim = 2 : tensor<8x4x4096xf16> -> tensor<8x4x1xf16>
  %p = kgraph.div %e, %r : tensor<8x4x4096xf16>, tensor<8x4x1xf16> -> tensor<8x4x4096xf16>
  %o = kgraph.matmul %p, %v : tensor<8x4x4096xf16>, tensor<8x4096x128xf16> -> tensor<8x4x128xf16>
  return %o : tensor<8x4x128xf16>
}
