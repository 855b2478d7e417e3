// A clock no SM runs at is an error, not an estimate.
// RUN: tsopt-opt %s --tsopt-estimate-cost='target=h100 clock-mhz=20000' -verify-diagnostics -o /dev/null

// expected-error @+1 {{clock-mhz = 20000 is not an SM clock}}
func.func @f(%a: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %e = kgraph.exp %a : tensor<64x64xf16>
  return %e : tensor<64x64xf16>
}
