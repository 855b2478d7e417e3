// The degree bound counts the arguments of uninterpreted ops too: relu of
// x^(2^41) (41 squarings) against relu(x) is no verdict. Counting the relu
// as a fresh variable of degree 1 alone said "equivalent" with a bound, and
// with fixed primes a Fermat power x^N, N ≡ 1 modulo p − 1 and q − 1, under
// a relu equals relu(x) in both fields.
// RUN: not tsopt-opt %s --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s

// CHECK: error: {{.*}}the programs' degrees are too large to bound (over 2^40): no error bound can be given
func.func @ref(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = kgraph.relu %x : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

func.func @fermat(%x: tensor<4x4xf32>) -> tensor<4x4xf32> attributes {tsopt.reference = @ref} {
  %s0 = kgraph.square %x : tensor<4x4xf32>
  %s1 = kgraph.square %s0 : tensor<4x4xf32>
  %s2 = kgraph.square %s1 : tensor<4x4xf32>
  %s3 = kgraph.square %s2 : tensor<4x4xf32>
  %s4 = kgraph.square %s3 : tensor<4x4xf32>
  %s5 = kgraph.square %s4 : tensor<4x4xf32>
  %s6 = kgraph.square %s5 : tensor<4x4xf32>
  %s7 = kgraph.square %s6 : tensor<4x4xf32>
  %s8 = kgraph.square %s7 : tensor<4x4xf32>
  %s9 = kgraph.square %s8 : tensor<4x4xf32>
  %s10 = kgraph.square %s9 : tensor<4x4xf32>
  %s11 = kgraph.square %s10 : tensor<4x4xf32>
  %s12 = kgraph.square %s11 : tensor<4x4xf32>
  %s13 = kgraph.square %s12 : tensor<4x4xf32>
  %s14 = kgraph.square %s13 : tensor<4x4xf32>
  %s15 = kgraph.square %s14 : tensor<4x4xf32>
  %s16 = kgraph.square %s15 : tensor<4x4xf32>
  %s17 = kgraph.square %s16 : tensor<4x4xf32>
  %s18 = kgraph.square %s17 : tensor<4x4xf32>
  %s19 = kgraph.square %s18 : tensor<4x4xf32>
  %s20 = kgraph.square %s19 : tensor<4x4xf32>
  %s21 = kgraph.square %s20 : tensor<4x4xf32>
  %s22 = kgraph.square %s21 : tensor<4x4xf32>
  %s23 = kgraph.square %s22 : tensor<4x4xf32>
  %s24 = kgraph.square %s23 : tensor<4x4xf32>
  %s25 = kgraph.square %s24 : tensor<4x4xf32>
  %s26 = kgraph.square %s25 : tensor<4x4xf32>
  %s27 = kgraph.square %s26 : tensor<4x4xf32>
  %s28 = kgraph.square %s27 : tensor<4x4xf32>
  %s29 = kgraph.square %s28 : tensor<4x4xf32>
  %s30 = kgraph.square %s29 : tensor<4x4xf32>
  %s31 = kgraph.square %s30 : tensor<4x4xf32>
  %s32 = kgraph.square %s31 : tensor<4x4xf32>
  %s33 = kgraph.square %s32 : tensor<4x4xf32>
  %s34 = kgraph.square %s33 : tensor<4x4xf32>
  %s35 = kgraph.square %s34 : tensor<4x4xf32>
  %s36 = kgraph.square %s35 : tensor<4x4xf32>
  %s37 = kgraph.square %s36 : tensor<4x4xf32>
  %s38 = kgraph.square %s37 : tensor<4x4xf32>
  %s39 = kgraph.square %s38 : tensor<4x4xf32>
  %s40 = kgraph.square %s39 : tensor<4x4xf32>
  %r = kgraph.relu %s40 : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
