// Logit soft-capping as Gemma 2 writes it, c·tanh(s/c) with c = 50, on
// attention scores q·kᵀ, as torch-mlir exports it: a division by the
// constant, tanh and a multiplication by it in one generic, after a
// batch matmul into a zero fill. It imports as primitives (mul_scalar,
// tanh, mul_scalar; the division by a constant a multiplication by its
// inverse), and the oracle runs the linalg as upstream does, before and
// after tsopt-superoptimize.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}

// CHECK-LABEL: func.func @softcap(
// CHECK: kgraph.matmul
// CHECK: kgraph.mul_scalar {{.*}} 2.000000e-02
// CHECK-NEXT: kgraph.tanh
// CHECK-NEXT: kgraph.mul_scalar {{.*}} 5.000000e+01
// CHECK: return
// ORACLE: @softcap output 0 tensor<2x16x16xf32>: relative error {{.*}}: agree

#q = affine_map<(b, i, j, d) -> (b, i, d)>
#k = affine_map<(b, i, j, d) -> (b, j, d)>
#s = affine_map<(b, i, j, d) -> (b, i, j)>
#id = affine_map<(b, i, j) -> (b, i, j)>
func.func @softcap(%q: tensor<2x16x32xf32>, %k: tensor<2x16x32xf32>) -> tensor<2x16x16xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %cap = arith.constant 5.000000e+01 : f32
  %e = tensor.empty() : tensor<2x16x16xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
  %s = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<2x16x32xf32>, tensor<2x16x32xf32>) outs(%z : tensor<2x16x16xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<2x16x16xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x16x16xf32>) outs(%e : tensor<2x16x16xf32>) {
  ^bb0(%x: f32, %out: f32):
    %d = arith.divf %x, %cap : f32
    %t = math.tanh %d : f32
    %m = arith.mulf %t, %cap : f32
    linalg.yield %m : f32
  } -> tensor<2x16x16xf32>
  return %y : tensor<2x16x16xf32>
}
