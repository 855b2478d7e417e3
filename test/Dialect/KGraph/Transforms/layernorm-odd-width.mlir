// A LayerNorm whose width is not a power of two writes its mean's 1/n as a
// double, fl(1/n) != 1/n. The rewrites (centred variance) and rule-based
// fusion are identities in the reals with 1/n, and the field reads the
// double nearest to 1/n as 1/n exactly, so they verify at widths 3, 48 and
// 768 as at 64 (they used to stop with "not equivalent ... please report
// it").
// RUN: tsopt-opt %s --tsopt-rewrite-algebraic --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=REWRITE
// RUN: tsopt-opt %s --tsopt-fuse-blocks --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSE
// RUN: tsopt-opt %s --tsopt-orchestrate --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=ORCH

// REWRITE-NOT: {{error:|warning:}}
// REWRITE-COUNT-4: remark: equivalent to @ln{{[0-9]+}}_ref: equivalent
// FUSE-NOT: {{error:|warning:}}
// FUSE-COUNT-4: remark: equivalent to @ln{{[0-9]+}}_ref: equivalent
// ORCH-NOT: {{error:|warning:}}
// ORCH-COUNT-4: remark: equivalent to @ln{{[0-9]+}}_ref: equivalent

func.func @ln3_ref(%x: tensor<8x3xf32>, %w: tensor<3x16xf32>) -> tensor<8x16xf32> {
  %s = kgraph.reduce_sum %x dim = 1 : tensor<8x3xf32> -> tensor<8x1xf32>
  %m = kgraph.mul_scalar %s, 0.3333333333333333 : tensor<8x1xf32>
  %c = kgraph.sub %x, %m : tensor<8x3xf32>, tensor<8x1xf32> -> tensor<8x3xf32>
  %q = kgraph.square %c : tensor<8x3xf32>
  %v = kgraph.reduce_sum %q dim = 1 : tensor<8x3xf32> -> tensor<8x1xf32>
  %vm = kgraph.mul_scalar %v, 0.3333333333333333 : tensor<8x1xf32>
  %ve = kgraph.add_scalar %vm, 1.0e-5 : tensor<8x1xf32>
  %sd = kgraph.sqrt %ve : tensor<8x1xf32>
  %n = kgraph.div %c, %sd : tensor<8x3xf32>, tensor<8x1xf32> -> tensor<8x3xf32>
  %o = kgraph.matmul %n, %w : tensor<8x3xf32>, tensor<3x16xf32> -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

func.func @ln3(%x: tensor<8x3xf32>, %w: tensor<3x16xf32>) -> tensor<8x16xf32> attributes {tsopt.reference = @ln3_ref} {
  %s = kgraph.reduce_sum %x dim = 1 : tensor<8x3xf32> -> tensor<8x1xf32>
  %m = kgraph.mul_scalar %s, 0.3333333333333333 : tensor<8x1xf32>
  %c = kgraph.sub %x, %m : tensor<8x3xf32>, tensor<8x1xf32> -> tensor<8x3xf32>
  %q = kgraph.square %c : tensor<8x3xf32>
  %v = kgraph.reduce_sum %q dim = 1 : tensor<8x3xf32> -> tensor<8x1xf32>
  %vm = kgraph.mul_scalar %v, 0.3333333333333333 : tensor<8x1xf32>
  %ve = kgraph.add_scalar %vm, 1.0e-5 : tensor<8x1xf32>
  %sd = kgraph.sqrt %ve : tensor<8x1xf32>
  %n = kgraph.div %c, %sd : tensor<8x3xf32>, tensor<8x1xf32> -> tensor<8x3xf32>
  %o = kgraph.matmul %n, %w : tensor<8x3xf32>, tensor<3x16xf32> -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

func.func @ln48_ref(%x: tensor<8x48xf32>, %w: tensor<48x16xf32>) -> tensor<8x16xf32> {
  %s = kgraph.reduce_sum %x dim = 1 : tensor<8x48xf32> -> tensor<8x1xf32>
  %m = kgraph.mul_scalar %s, 0.020833333333333332 : tensor<8x1xf32>
  %c = kgraph.sub %x, %m : tensor<8x48xf32>, tensor<8x1xf32> -> tensor<8x48xf32>
  %q = kgraph.square %c : tensor<8x48xf32>
  %v = kgraph.reduce_sum %q dim = 1 : tensor<8x48xf32> -> tensor<8x1xf32>
  %vm = kgraph.mul_scalar %v, 0.020833333333333332 : tensor<8x1xf32>
  %ve = kgraph.add_scalar %vm, 1.0e-5 : tensor<8x1xf32>
  %sd = kgraph.sqrt %ve : tensor<8x1xf32>
  %n = kgraph.div %c, %sd : tensor<8x48xf32>, tensor<8x1xf32> -> tensor<8x48xf32>
  %o = kgraph.matmul %n, %w : tensor<8x48xf32>, tensor<48x16xf32> -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

func.func @ln48(%x: tensor<8x48xf32>, %w: tensor<48x16xf32>) -> tensor<8x16xf32> attributes {tsopt.reference = @ln48_ref} {
  %s = kgraph.reduce_sum %x dim = 1 : tensor<8x48xf32> -> tensor<8x1xf32>
  %m = kgraph.mul_scalar %s, 0.020833333333333332 : tensor<8x1xf32>
  %c = kgraph.sub %x, %m : tensor<8x48xf32>, tensor<8x1xf32> -> tensor<8x48xf32>
  %q = kgraph.square %c : tensor<8x48xf32>
  %v = kgraph.reduce_sum %q dim = 1 : tensor<8x48xf32> -> tensor<8x1xf32>
  %vm = kgraph.mul_scalar %v, 0.020833333333333332 : tensor<8x1xf32>
  %ve = kgraph.add_scalar %vm, 1.0e-5 : tensor<8x1xf32>
  %sd = kgraph.sqrt %ve : tensor<8x1xf32>
  %n = kgraph.div %c, %sd : tensor<8x48xf32>, tensor<8x1xf32> -> tensor<8x48xf32>
  %o = kgraph.matmul %n, %w : tensor<8x48xf32>, tensor<48x16xf32> -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

func.func @ln64_ref(%x: tensor<8x64xf32>, %w: tensor<64x16xf32>) -> tensor<8x16xf32> {
  %s = kgraph.reduce_sum %x dim = 1 : tensor<8x64xf32> -> tensor<8x1xf32>
  %m = kgraph.mul_scalar %s, 0.015625 : tensor<8x1xf32>
  %c = kgraph.sub %x, %m : tensor<8x64xf32>, tensor<8x1xf32> -> tensor<8x64xf32>
  %q = kgraph.square %c : tensor<8x64xf32>
  %v = kgraph.reduce_sum %q dim = 1 : tensor<8x64xf32> -> tensor<8x1xf32>
  %vm = kgraph.mul_scalar %v, 0.015625 : tensor<8x1xf32>
  %ve = kgraph.add_scalar %vm, 1.0e-5 : tensor<8x1xf32>
  %sd = kgraph.sqrt %ve : tensor<8x1xf32>
  %n = kgraph.div %c, %sd : tensor<8x64xf32>, tensor<8x1xf32> -> tensor<8x64xf32>
  %o = kgraph.matmul %n, %w : tensor<8x64xf32>, tensor<64x16xf32> -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

func.func @ln64(%x: tensor<8x64xf32>, %w: tensor<64x16xf32>) -> tensor<8x16xf32> attributes {tsopt.reference = @ln64_ref} {
  %s = kgraph.reduce_sum %x dim = 1 : tensor<8x64xf32> -> tensor<8x1xf32>
  %m = kgraph.mul_scalar %s, 0.015625 : tensor<8x1xf32>
  %c = kgraph.sub %x, %m : tensor<8x64xf32>, tensor<8x1xf32> -> tensor<8x64xf32>
  %q = kgraph.square %c : tensor<8x64xf32>
  %v = kgraph.reduce_sum %q dim = 1 : tensor<8x64xf32> -> tensor<8x1xf32>
  %vm = kgraph.mul_scalar %v, 0.015625 : tensor<8x1xf32>
  %ve = kgraph.add_scalar %vm, 1.0e-5 : tensor<8x1xf32>
  %sd = kgraph.sqrt %ve : tensor<8x1xf32>
  %n = kgraph.div %c, %sd : tensor<8x64xf32>, tensor<8x1xf32> -> tensor<8x64xf32>
  %o = kgraph.matmul %n, %w : tensor<8x64xf32>, tensor<64x16xf32> -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

func.func @ln768_ref(%x: tensor<8x768xf32>, %w: tensor<768x16xf32>) -> tensor<8x16xf32> {
  %s = kgraph.reduce_sum %x dim = 1 : tensor<8x768xf32> -> tensor<8x1xf32>
  %m = kgraph.mul_scalar %s, 0.0013020833333333333 : tensor<8x1xf32>
  %c = kgraph.sub %x, %m : tensor<8x768xf32>, tensor<8x1xf32> -> tensor<8x768xf32>
  %q = kgraph.square %c : tensor<8x768xf32>
  %v = kgraph.reduce_sum %q dim = 1 : tensor<8x768xf32> -> tensor<8x1xf32>
  %vm = kgraph.mul_scalar %v, 0.0013020833333333333 : tensor<8x1xf32>
  %ve = kgraph.add_scalar %vm, 1.0e-5 : tensor<8x1xf32>
  %sd = kgraph.sqrt %ve : tensor<8x1xf32>
  %n = kgraph.div %c, %sd : tensor<8x768xf32>, tensor<8x1xf32> -> tensor<8x768xf32>
  %o = kgraph.matmul %n, %w : tensor<8x768xf32>, tensor<768x16xf32> -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

func.func @ln768(%x: tensor<8x768xf32>, %w: tensor<768x16xf32>) -> tensor<8x16xf32> attributes {tsopt.reference = @ln768_ref} {
  %s = kgraph.reduce_sum %x dim = 1 : tensor<8x768xf32> -> tensor<8x1xf32>
  %m = kgraph.mul_scalar %s, 0.0013020833333333333 : tensor<8x1xf32>
  %c = kgraph.sub %x, %m : tensor<8x768xf32>, tensor<8x1xf32> -> tensor<8x768xf32>
  %q = kgraph.square %c : tensor<8x768xf32>
  %v = kgraph.reduce_sum %q dim = 1 : tensor<8x768xf32> -> tensor<8x1xf32>
  %vm = kgraph.mul_scalar %v, 0.0013020833333333333 : tensor<8x1xf32>
  %ve = kgraph.add_scalar %vm, 1.0e-5 : tensor<8x1xf32>
  %sd = kgraph.sqrt %ve : tensor<8x1xf32>
  %n = kgraph.div %c, %sd : tensor<8x768xf32>, tensor<8x1xf32> -> tensor<8x768xf32>
  %o = kgraph.matmul %n, %w : tensor<8x768xf32>, tensor<768x16xf32> -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}

