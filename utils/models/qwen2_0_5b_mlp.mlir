// Qwen2-0.5B MLP on 16 tokens: (silu(X·Wg) ⊙ (X·Wu))·Wd, hidden 896 = 2^7·7,
// intermediate 4864 = 2^8·19.
func.func @qwen2_0_5b_mlp_ref(%x: tensor<16x896xf16>, %wg: tensor<896x4864xf16>, %wu: tensor<896x4864xf16>, %wd: tensor<4864x896xf16>) -> tensor<16x896xf16> {
  %g = kgraph.matmul %x, %wg : tensor<16x896xf16>, tensor<896x4864xf16> -> tensor<16x4864xf16>
  %a = kgraph.silu %g : tensor<16x4864xf16>
  %u = kgraph.matmul %x, %wu : tensor<16x896xf16>, tensor<896x4864xf16> -> tensor<16x4864xf16>
  %h = kgraph.mul %a, %u : tensor<16x4864xf16>, tensor<16x4864xf16> -> tensor<16x4864xf16>
  %o = kgraph.matmul %h, %wd : tensor<16x4864xf16>, tensor<4864x896xf16> -> tensor<16x896xf16>
  return %o : tensor<16x896xf16>
}
