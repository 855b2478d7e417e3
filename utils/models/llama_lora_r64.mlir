// A LoRA adapter of rank 64 on a 4096-wide projection, 16 tokens:
// X·W + (X·A)·B.
func.func @llama_lora_r64_ref(%x: tensor<16x4096xf16>, %w: tensor<4096x4096xf16>, %a: tensor<4096x64xf16>, %b: tensor<64x4096xf16>) -> tensor<16x4096xf16> {
  %xw = kgraph.matmul %x, %w : tensor<16x4096xf16>, tensor<4096x4096xf16> -> tensor<16x4096xf16>
  %xa = kgraph.matmul %x, %a : tensor<16x4096xf16>, tensor<4096x64xf16> -> tensor<16x64xf16>
  %xab = kgraph.matmul %xa, %b : tensor<16x64xf16>, tensor<64x4096xf16> -> tensor<16x4096xf16>
  %o = kgraph.add %xw, %xab : tensor<16x4096xf16>, tensor<16x4096xf16> -> tensor<16x4096xf16>
  return %o : tensor<16x4096xf16>
}
