// gelu's tanh approximation as GPT-2-style exports write it
// (0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))), torch's
// gelu(approximate='tanh')) and a sigmoid gate a·sigmoid(b): math.tanh is
// kgraph.tanh, 1/(1 + exp(-x)) is raised to kgraph.sigmoid. kgraph.gelu is
// the erf form, so the tanh form stays in primitives. The oracle runs the
// linalg as upstream does, before and after tsopt-superoptimize.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}

// CHECK-LABEL: func.func @mlp_gelu_tanh(
// CHECK: kgraph.matmul
// CHECK: kgraph.tanh
// CHECK-NOT: kgraph.gelu
// CHECK: kgraph.sigmoid
// CHECK-NOT: kgraph.exp
// CHECK: return
// ORACLE: @mlp_gelu_tanh output 0 tensor<8x32xf32>: relative error {{.*}}: agree

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @mlp_gelu_tanh(%x: tensor<8x16xf32>, %w: tensor<16x32xf32>, %v: tensor<16x32xf32>) -> tensor<8x32xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %c = arith.constant 4.471500e-02 : f32
  %k = arith.constant 0.797884583 : f32
  %e = tensor.empty() : tensor<8x32xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x32xf32>) -> tensor<8x32xf32>
  %h = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x32xf32>) outs(%z : tensor<8x32xf32>) -> tensor<8x32xf32>
  %g = linalg.matmul ins(%x, %v : tensor<8x16xf32>, tensor<16x32xf32>) outs(%z : tensor<8x32xf32>) -> tensor<8x32xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%h : tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %x2 = arith.mulf %in, %in : f32
    %x3 = arith.mulf %x2, %in : f32
    %t0 = arith.mulf %x3, %c : f32
    %t1 = arith.addf %in, %t0 : f32
    %t2 = arith.mulf %t1, %k : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %hx = arith.mulf %in, %half : f32
    %y = arith.mulf %hx, %t4 : f32
    linalg.yield %y : f32
  } -> tensor<8x32xf32>
  %s = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%g : tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = arith.negf %in : f32
    %ex = math.exp %n : f32
    %d = arith.addf %ex, %one : f32
    %r = arith.divf %one, %d : f32
    linalg.yield %r : f32
  } -> tensor<8x32xf32>
  %o = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%a, %s : tensor<8x32xf32>, tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%p: f32, %q: f32, %out: f32):
    %m = arith.mulf %p, %q : f32
    linalg.yield %m : f32
  } -> tensor<8x32xf32>
  return %o : tensor<8x32xf32>
}
