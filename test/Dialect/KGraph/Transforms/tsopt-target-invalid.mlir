// A module planned for one target, and a pass asked for another.
// RUN: tsopt-opt %s -split-input-file -verify-diagnostics --tsopt-check-resources=target=sm_90

module attributes {tsopt.target = "sm_80"} {
  // expected-error @+1 {{the module is planned for target 'sm_80' (tsopt.target), but the pass was asked for 'sm_90': optimize it again for that target}}
  func.func @f(%a: tensor<8x64xf16>) -> tensor<8x64xf16> {
    %e = kgraph.exp %a : tensor<8x64xf16>
    return %e : tensor<8x64xf16>
  }
}

// -----

module attributes {tsopt.target = "sm_70"} {
  // expected-error @+1 {{the module's tsopt.target names an unknown target 'sm_70'; known: sm_80 (a100, a100-40gb), sm_90 (h100, h200)}}
  func.func @g(%a: tensor<8x64xf16>) -> tensor<8x64xf16> {
    %e = kgraph.exp %a : tensor<8x64xf16>
    return %e : tensor<8x64xf16>
  }
}
