// RUN: tsopt-opt %s --tsopt-rewrite-algebraic | FileCheck %s
// The rewritten functions compute what their references do.
// RUN: tsopt-opt %s --tsopt-rewrite-algebraic --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY

// The reference of another function stays as written.
// CHECK-LABEL: func.func @layernorm_matmul_ref(
// CHECK-NOT: tsopt.rewrites
// CHECK: kgraph.sub %arg0
// CHECK: return
func.func @layernorm_matmul_ref(%x: tensor<4x64xf32>, %y: tensor<64x96xf32>) -> tensor<4x96xf32> {
  %sx = kgraph.reduce_sum %x dim = 1 : tensor<4x64xf32> -> tensor<4x1xf32>
  %mean = kgraph.mul_scalar %sx, 1.562500e-02 : tensor<4x1xf32>
  %xc = kgraph.sub %x, %mean : tensor<4x64xf32>, tensor<4x1xf32> -> tensor<4x64xf32>
  %sq = kgraph.square %xc : tensor<4x64xf32>
  %ss = kgraph.reduce_sum %sq dim = 1 : tensor<4x64xf32> -> tensor<4x1xf32>
  %var = kgraph.mul_scalar %ss, 1.562500e-02 : tensor<4x1xf32>
  %sd = kgraph.sqrt %var : tensor<4x1xf32>
  %n = kgraph.div %xc, %sd : tensor<4x64xf32>, tensor<4x1xf32> -> tensor<4x64xf32>
  %z = kgraph.matmul %n, %y : tensor<4x64xf32>, tensor<64x96xf32> -> tensor<4x96xf32>
  return %z : tensor<4x96xf32>
}

// Both rules: X is no longer centred; X·Y, Σx, Σx² and colsum(Y) are all
// reductions of the raw inputs, combined afterwards.
// CHECK-LABEL: func.func @layernorm_matmul(
// CHECK-SAME: tsopt.rewrites = "centred-variance, matmul-past-row-shift"
// CHECK-NOT: kgraph.sub %arg0
// CHECK-DAG: %[[SX:.*]] = kgraph.reduce_sum %arg0 dim = 1
// CHECK-DAG: %[[MEAN:.*]] = kgraph.mul_scalar %[[SX]], 1.562500e-02
// CHECK-DAG: %[[X2:.*]] = kgraph.square %arg0
// CHECK-DAG: %[[SX2:.*]] = kgraph.reduce_sum %[[X2]] dim = 1
// CHECK-DAG: %[[EX2:.*]] = kgraph.mul_scalar %[[SX2]], 1.562500e-02
// CHECK-DAG: %[[M2:.*]] = kgraph.square %[[MEAN]]
// CHECK-DAG: %[[VAR:.*]] = kgraph.sub %[[EX2]], %[[M2]]
// CHECK-DAG: %[[SD:.*]] = kgraph.sqrt %[[VAR]]
// CHECK-DAG: %[[XY:.*]] = kgraph.matmul %arg0, %arg1
// CHECK-DAG: %[[CY:.*]] = kgraph.reduce_sum %arg1 dim = 0 {{.*}} -> tensor<1x96xf32>
// CHECK-DAG: %[[MC:.*]] = kgraph.mul %[[MEAN]], %[[CY]] {{.*}} -> tensor<4x96xf32>
// CHECK-DAG: %[[NUM:.*]] = kgraph.sub %[[XY]], %[[MC]]
// CHECK-DAG: %[[Z:.*]] = kgraph.div %[[NUM]], %[[SD]]
// CHECK: return %[[Z]]
// VERIFY: remark: equivalent to @layernorm_matmul_ref: equivalent: p =
func.func @layernorm_matmul(%x: tensor<4x64xf32>, %y: tensor<64x96xf32>) -> tensor<4x96xf32> attributes {tsopt.reference = @layernorm_matmul_ref} {
  %sx = kgraph.reduce_sum %x dim = 1 : tensor<4x64xf32> -> tensor<4x1xf32>
  %mean = kgraph.mul_scalar %sx, 1.562500e-02 : tensor<4x1xf32>
  %xc = kgraph.sub %x, %mean : tensor<4x64xf32>, tensor<4x1xf32> -> tensor<4x64xf32>
  %sq = kgraph.square %xc : tensor<4x64xf32>
  %ss = kgraph.reduce_sum %sq dim = 1 : tensor<4x64xf32> -> tensor<4x1xf32>
  %var = kgraph.mul_scalar %ss, 1.562500e-02 : tensor<4x1xf32>
  %sd = kgraph.sqrt %var : tensor<4x1xf32>
  %n = kgraph.div %xc, %sd : tensor<4x64xf32>, tensor<4x1xf32> -> tensor<4x64xf32>
  %z = kgraph.matmul %n, %y : tensor<4x64xf32>, tensor<64x96xf32> -> tensor<4x96xf32>
  return %z : tensor<4x96xf32>
}

// The variance divides by 32, not by the 64 elements the mean is over: not a
// variance, so only the matmul rule applies (the centring stays for Σ(x-m)²).
// CHECK-LABEL: func.func @not_a_variance(
// CHECK-SAME: tsopt.rewrites = "matmul-past-row-shift"
// CHECK: %[[XC:.*]] = kgraph.sub %arg0
// CHECK: kgraph.square %[[XC]]
// CHECK: kgraph.matmul %arg0, %arg1
// CHECK: return
func.func @not_a_variance(%x: tensor<4x64xf32>, %y: tensor<64x96xf32>) -> tensor<4x96xf32> {
  %sx = kgraph.reduce_sum %x dim = 1 : tensor<4x64xf32> -> tensor<4x1xf32>
  %mean = kgraph.mul_scalar %sx, 1.562500e-02 : tensor<4x1xf32>
  %xc = kgraph.sub %x, %mean : tensor<4x64xf32>, tensor<4x1xf32> -> tensor<4x64xf32>
  %sq = kgraph.square %xc : tensor<4x64xf32>
  %ss = kgraph.reduce_sum %sq dim = 1 : tensor<4x64xf32> -> tensor<4x1xf32>
  %var = kgraph.mul_scalar %ss, 3.125000e-02 : tensor<4x1xf32>
  %sd = kgraph.sqrt %var : tensor<4x1xf32>
  %n = kgraph.div %xc, %sd : tensor<4x64xf32>, tensor<4x1xf32> -> tensor<4x64xf32>
  %z = kgraph.matmul %n, %y : tensor<4x64xf32>, tensor<64x96xf32> -> tensor<4x96xf32>
  return %z : tensor<4x96xf32>
}

// No rule matches a program without a row shift: unchanged.
// CHECK-LABEL: func.func @rms_then_matmul(
// CHECK-NOT: tsopt.rewrites
// CHECK: kgraph.div %arg0
// CHECK: kgraph.matmul
// CHECK: return
func.func @rms_then_matmul(%x: tensor<4x64xf32>, %y: tensor<64x96xf32>) -> tensor<4x96xf32> {
  %sq = kgraph.square %x : tensor<4x64xf32>
  %ss = kgraph.reduce_sum %sq dim = 1 : tensor<4x64xf32> -> tensor<4x1xf32>
  %ms = kgraph.mul_scalar %ss, 1.562500e-02 : tensor<4x1xf32>
  %r = kgraph.sqrt %ms : tensor<4x1xf32>
  %n = kgraph.div %x, %r : tensor<4x64xf32>, tensor<4x1xf32> -> tensor<4x64xf32>
  %z = kgraph.matmul %n, %y : tensor<4x64xf32>, tensor<64x96xf32> -> tensor<4x96xf32>
  return %z : tensor<4x96xf32>
}
