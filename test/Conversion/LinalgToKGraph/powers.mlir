// Constant powers in payloads, in every form exporters write them: gelu's
// tanh approximation with x³ as math.fpowi (torch-mlir's
// gelu(approximate='tanh')), and math.powf by 3, 2.5, -2 and 0 in one
// generic. A power whose exponent is a multiple of 1/2 is a product of
// squares (of sqrt(x) for a half-integer), its reciprocal when negative,
// 1 for 0 (a power by 1/3 is refused by name: invalid.mlir). The oracle
// runs the linalg as upstream does, before and after tsopt-superoptimize.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=gelu_tanh_fpowi | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=gelu_tanh_fpowi --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=powers | FileCheck %s --check-prefix=ORACLE2 %}

// CHECK-LABEL: func.func @gelu_tanh_fpowi(
// CHECK: %[[SQ:.+]] = kgraph.square %[[X:[^ ]+]]
// CHECK: kgraph.mul %[[SQ]], %[[X]]
// CHECK: kgraph.tanh
// CHECK-LABEL: func.func @powers(
// CHECK: kgraph.sqrt
// CHECK: return
// ORACLE: @gelu_tanh_fpowi output 0 tensor<8x32xf32>: relative error {{.*}}: agree
// ORACLE2: @powers output 0 tensor<4x16xf32>: relative error {{.*}}: agree

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @gelu_tanh_fpowi(%x: tensor<8x32xf32>) -> tensor<8x32xf32> {
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %c = arith.constant 4.471500e-02 : f32
  %k = arith.constant 0.797884583 : f32
  %three = arith.constant 3 : i32
  %e = tensor.empty() : tensor<8x32xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%a: f32, %out: f32):
    %cube = math.fpowi %a, %three : f32, i32
    %t0 = arith.mulf %cube, %c : f32
    %t1 = arith.addf %a, %t0 : f32
    %t2 = arith.mulf %t1, %k : f32
    %t3 = math.tanh %t2 : f32
    %t4 = arith.addf %t3, %one : f32
    %t5 = arith.mulf %a, %half : f32
    %t6 = arith.mulf %t5, %t4 : f32
    linalg.yield %t6 : f32
  } -> tensor<8x32xf32>
  return %y : tensor<8x32xf32>
}

// x³ + x^2.5 + x⁴ + x⁰ on positive inputs (exp of the input).
func.func @powers(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %p3 = arith.constant 3.000000e+00 : f32
  %p25 = arith.constant 2.500000e+00 : f32
  %p4 = arith.constant 4.000000e+00 : f32
  %p0 = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4x16xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x16xf32>) outs(%e : tensor<4x16xf32>) {
  ^bb0(%a: f32, %out: f32):
    %pos = math.exp %a : f32
    %t0 = math.powf %pos, %p3 : f32
    %t1 = math.powf %pos, %p25 : f32
    %t2 = math.powf %pos, %p4 : f32
    %t3 = math.powf %pos, %p0 : f32
    %s0 = arith.addf %t0, %t1 : f32
    %s1 = arith.addf %s0, %t2 : f32
    %s2 = arith.addf %s1, %t3 : f32
    linalg.yield %s2 : f32
  } -> tensor<4x16xf32>
  return %y : tensor<4x16xf32>
}
