// Qwen2-7B input norm and query projection at decode (4 tokens): hidden
// 3584 = 2^9·7; rms_norm(X, G)·Wq with the model's epsilon, 1e-6.
func.func @qwen2_7b_rmsnorm_qproj_ref(%x: tensor<4x3584xf16>, %g: tensor<3584xf16>, %w: tensor<3584x3584xf16>) -> tensor<4x3584xf16> {
  %n = kgraph.rms_norm %x, %g epsilon = 1.000000e-06 : tensor<4x3584xf16>, tensor<3584xf16> -> tensor<4x3584xf16>
  %y = kgraph.matmul %n, %w : tensor<4x3584xf16>, tensor<3584x3584xf16> -> tensor<4x3584xf16>
  return %y : tensor<4x3584xf16>
}
