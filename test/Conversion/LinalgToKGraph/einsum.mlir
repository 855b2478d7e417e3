// Contractions written as linalg.generic (JAX's einsum, dot_general with
// odd dim orders): acc + a·b over one reduced loop, the inputs read through
// projections. They are raised to kgraph.matmul, with transposes and
// reshapes that bring the batch, row and contracted loops in place; the
// oracle runs the generics as upstream does.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=scores | FileCheck %s --check-prefix=ORACLE1 %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=transposed_out | FileCheck %s --check-prefix=ORACLE2 %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=two_rows | FileCheck %s --check-prefix=ORACLE3 %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=mixed | FileCheck %s --check-prefix=ORACLE4 %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --fn=outer_sum | FileCheck %s --check-prefix=ORACLE5 %}

// ORACLE1: @scores output 0 tensor<2x16x8xf32>: relative error {{.*}}: agree
// ORACLE2: @transposed_out output 0 tensor<24x6xf32>: relative error {{.*}}: agree
// ORACLE3: @two_rows output 0 tensor<3x4x5xf32>: relative error {{.*}}: agree
// ORACLE4: @mixed output 0 tensor<8x12xf16>: relative error {{.*}}: agree
// ORACLE5: @outer_sum output 0 tensor<4x6xf32>: relative error {{.*}}: agree

// hqd,hkd->hqk (attention scores).
// CHECK-LABEL: func.func @scores(
// CHECK: %[[T:.*]] = kgraph.transpose %arg1 permutation = [0, 2, 1]
// CHECK: kgraph.matmul %arg0, %[[T]] : tensor<2x16x32xf32>, tensor<2x32x8xf32> -> tensor<2x16x8xf32>
// CHECK-NOT: kgraph.reduce_sum
#q = affine_map<(h, i, j, d) -> (h, i, d)>
#k = affine_map<(h, i, j, d) -> (h, j, d)>
#s = affine_map<(h, i, j, d) -> (h, i, j)>
func.func @scores(%q: tensor<2x16x32xf32>, %k: tensor<2x8x32xf32>) -> tensor<2x16x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<2x16x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
  %r = linalg.generic {indexing_maps = [#q, #k, #s], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%q, %k : tensor<2x16x32xf32>, tensor<2x8x32xf32>) outs(%z : tensor<2x16x8xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s2 = arith.addf %acc, %m : f32
    linalg.yield %s2 : f32
  } -> tensor<2x16x8xf32>
  return %r : tensor<2x16x8xf32>
}

// ik,kj->ji: the result in the transposed order, the reduced loop first.
// CHECK-LABEL: func.func @transposed_out(
// CHECK: %[[M:.*]] = kgraph.matmul %arg0, %arg1 : tensor<6x10xf32>, tensor<10x24xf32> -> tensor<6x24xf32>
// CHECK: kgraph.transpose %[[M]] permutation = [1, 0]
#a2 = affine_map<(k, j, i) -> (i, k)>
#b2 = affine_map<(k, j, i) -> (k, j)>
#o2 = affine_map<(k, j, i) -> (j, i)>
func.func @transposed_out(%a: tensor<6x10xf32>, %b: tensor<10x24xf32>) -> tensor<24x6xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<24x6xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<24x6xf32>) -> tensor<24x6xf32>
  %r = linalg.generic {indexing_maps = [#a2, #b2, #o2], iterator_types = ["reduction", "parallel", "parallel"]} ins(%a, %b : tensor<6x10xf32>, tensor<10x24xf32>) outs(%z : tensor<24x6xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %m = arith.mulf %x, %y : f32
    %s2 = arith.addf %m, %acc : f32
    linalg.yield %s2 : f32
  } -> tensor<24x6xf32>
  return %r : tensor<24x6xf32>
}

// kab,kc->abc with the operands swapped in the product: two row loops,
// merged into one matmul row dim and split again.
// CHECK-LABEL: func.func @two_rows(
// CHECK: kgraph.matmul {{.*}} : tensor<12x7xf32>, tensor<7x5xf32> -> tensor<12x5xf32>
#a3 = affine_map<(a, b, c, k) -> (k, a, b)>
#b3 = affine_map<(a, b, c, k) -> (k, c)>
#o3 = affine_map<(a, b, c, k) -> (a, b, c)>
func.func @two_rows(%x: tensor<7x3x4xf32>, %y: tensor<7x5xf32>) -> tensor<3x4x5xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<3x4x5xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<3x4x5xf32>) -> tensor<3x4x5xf32>
  %r = linalg.generic {indexing_maps = [#a3, #b3, #o3], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%x, %y : tensor<7x3x4xf32>, tensor<7x5xf32>) outs(%z : tensor<3x4x5xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %q, %p : f32
    %s2 = arith.addf %acc, %m : f32
    linalg.yield %s2 : f32
  } -> tensor<3x4x5xf32>
  return %r : tensor<3x4x5xf32>
}

// f16 operands widened to f32 in the payload, accumulated in f32, the
// result truncated to f16: an f16 program (f32 is arithmetic width).
// CHECK-LABEL: func.func @mixed(
// CHECK: kgraph.matmul {{.*}} : tensor<8x16xf16>, tensor<16x12xf16> -> tensor<8x12xf16>
#a4 = affine_map<(i, j, k) -> (i, k)>
#b4 = affine_map<(i, j, k) -> (j, k)>
#o4 = affine_map<(i, j, k) -> (i, j)>
func.func @mixed(%x: tensor<8x16xf16>, %w: tensor<12x16xf16>) -> tensor<8x12xf16> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<8x12xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x12xf32>) -> tensor<8x12xf32>
  %r = linalg.generic {indexing_maps = [#a4, #b4, #o4], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %w : tensor<8x16xf16>, tensor<12x16xf16>) outs(%z : tensor<8x12xf32>) {
  ^bb0(%p: f16, %q: f16, %acc: f32):
    %pf = arith.extf %p : f16 to f32
    %qf = arith.extf %q : f16 to f32
    %m = arith.mulf %pf, %qf : f32
    %s2 = arith.addf %acc, %m : f32
    linalg.yield %s2 : f32
  } -> tensor<8x12xf32>
  %e16 = tensor.empty() : tensor<8x12xf16>
  %h = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<8x12xf32>) outs(%e16 : tensor<8x12xf16>) {
  ^bb0(%v: f32, %o: f16):
    %t = arith.truncf %v : f32 to f16
    linalg.yield %t : f16
  } -> tensor<8x12xf16>
  return %h : tensor<8x12xf16>
}

// Not a contraction: the sum runs over a loop only one input reads
// (sum_k a[i,k]·b[j]); it stays a product and a reduction.
// CHECK-LABEL: func.func @outer_sum(
// CHECK-NOT: kgraph.matmul
// CHECK: kgraph.mul
// CHECK: kgraph.reduce_sum
#a5 = affine_map<(i, j, k) -> (i, k)>
#b5 = affine_map<(i, j, k) -> (j)>
#o5 = affine_map<(i, j, k) -> (i, j)>
func.func @outer_sum(%x: tensor<4x9xf32>, %y: tensor<6xf32>) -> tensor<4x6xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4x6xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = linalg.generic {indexing_maps = [#a5, #b5, #o5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%x, %y : tensor<4x9xf32>, tensor<6xf32>) outs(%z : tensor<4x6xf32>) {
  ^bb0(%p: f32, %q: f32, %acc: f32):
    %m = arith.mulf %p, %q : f32
    %s2 = arith.addf %acc, %m : f32
    linalg.yield %s2 : f32
  } -> tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}
