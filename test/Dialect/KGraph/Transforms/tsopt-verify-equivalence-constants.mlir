// Constants map exactly into Z_p × Z_q, so distinct real constants can
// coincide there. With the primes fixed, 2^62 ≡ 10566 modulo the old q
// (2^61 − 5283), so exp(2^62·x) and exp(10566·x) agreed in the exponent
// field although they differ in the reals. The primes are now drawn from
// the seed for every verification, so constants written before the draw
// cannot target them: under every seed the pair is not equivalent.
// RUN: not tsopt-opt %s --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s
// RUN: not tsopt-opt %s --tsopt-verify-equivalence=seed=2 -o /dev/null 2>&1 | FileCheck %s
// RUN: not tsopt-opt %s --tsopt-verify-equivalence=seed=12345 -o /dev/null 2>&1 | FileCheck %s

// CHECK: error: differs from @ref at output #0: not equivalent (output #0 differs): p = {{[0-9]+}}, q = {{[0-9]+}}
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
