// A tensor or tile with a zero-sized dim is an error when the IR is
// verified, in every tool (it used to pass tsopt-opt and fail only when
// evaluated).
// RUN: tsopt-opt %s -split-input-file -verify-diagnostics

func.func @f(%a: tensor<0x4xf32>) -> tensor<0x4xf32> {
  // expected-error @+1 {{'kgraph.exp' op type 'tensor<0x4xf32>' has a zero-sized dim: tensors and tiles hold at least one element}}
  %e = kgraph.exp %a : tensor<0x4xf32>
  return %e : tensor<0x4xf32>
}

// -----

func.func @g(%a: tensor<8x4xf32>, %b: tensor<4x0xf32>) -> tensor<8x0xf32> {
  // expected-error @+1 {{has a zero-sized dim}}
  %c = kgraph.matmul %a, %b : tensor<8x4xf32>, tensor<4x0xf32> -> tensor<8x0xf32>
  return %c : tensor<8x0xf32>
}
