// Qwen2-7B input norm and query projection at decode (4 tokens): hidden
// 3584 = 2^9·7; rms_norm(X, G)·Wq. (Written without the norm's epsilon: the
// search does not take an rms_norm with one yet.)
func.func @qwen2_7b_rmsnorm_qproj_ref(%x: tensor<4x3584xf16>, %g: tensor<3584xf16>, %w: tensor<3584x3584xf16>) -> tensor<4x3584xf16> {
  %n = kgraph.rms_norm %x, %g : tensor<4x3584xf16>, tensor<3584xf16> -> tensor<4x3584xf16>
  %y = kgraph.matmul %n, %w : tensor<4x3584xf16>, tensor<3584x3584xf16> -> tensor<4x3584xf16>
  return %y : tensor<4x3584xf16>
}
