// Constants map exactly into Z_p × Z_q, so distinct real constants can
// coincide there: 2^62 ≡ 10566 (mod q), so exp(2^62·x) and exp(10566·x)
// agree in the exponent field although they differ in the reals. Such a
// pair gets no verdict (it used to be "equivalent" with a probability
// bound and a float warning).
// RUN: not tsopt-opt %s --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s

// CHECK: error: cannot compare with @ref: the constants 10566 and 4.61169e+18 are equal modulo q but differ in the reals: the field cannot tell them apart, no verdict
func.func @ref(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %s = kgraph.mul_scalar %x, 1.056600e+04 : tensor<2x4xf32>
  %e = kgraph.exp %s : tensor<2x4xf32>
  return %e : tensor<2x4xf32>
}

func.func @opt(%x: tensor<2x4xf32>) -> tensor<2x4xf32> attributes {tsopt.reference = @ref} {
  %s = kgraph.mul_scalar %x, 4.6116860184273879E+18 : tensor<2x4xf32>
  %e = kgraph.exp %s : tensor<2x4xf32>
  return %e : tensor<2x4xf32>
}
