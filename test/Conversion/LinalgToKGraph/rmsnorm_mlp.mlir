// RMSNorm (with epsilon) and a gated MLP in linalg on tensors, written the
// way torch-mlir's linalg-on-tensors output writes them: pow, a keepdim sum
// (output map (d0, 0)), the mean and rsqrt of mean + eps in one generic,
// weights transposed by linalg.transpose, matmuls into zero fills, silu as
// x · 1/(1 + exp(-x)).
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// The imported program computes what upstream MLIR computes for the linalg:
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// End to end with no options: import, superoptimize (rule-based fusion's
// incumbent, or better, the search's; the epsilon is an add_scalar both
// take), verified, then compiled to ptx for sm_90.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph --tsopt-superoptimize -o %t.opt.mlir 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %t.opt.mlir -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// DEFAULT: remark: superoptimized: {{.*}}graph-defined{{.*}}; estimated {{.*}}; equivalent: p = {{.*}}derived:
// DEFAULT-NOT: no search
// PTX: .entry
// Imported, it fuses by rules into verified kernels:
// RUN: tsopt-opt %s --convert-linalg-to-kgraph --tsopt-fuse-blocks -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSED

// CHECK-LABEL: func.func @rmsnorm_mlp(
// CHECK-NEXT: %[[N:.*]] = kgraph.rms_norm %arg0, %arg1 epsilon = 9.99{{.*}}E-7
// CHECK-NEXT: %[[W1:.*]] = kgraph.transpose %arg2 permutation = [1, 0]
// CHECK-NEXT: %[[W2:.*]] = kgraph.transpose %arg3 permutation = [1, 0]
// CHECK-NEXT: %[[A:.*]] = kgraph.matmul %[[N]], %[[W1]]
// CHECK-NEXT: %[[B:.*]] = kgraph.matmul %[[N]], %[[W2]]
// CHECK-NEXT: %[[S:.*]] = kgraph.silu %[[A]]
// CHECK-NEXT: %[[H:.*]] = kgraph.mul %[[S]], %[[B]]
// CHECK-NEXT: return %[[H]]
// FUSED: remark: fused by rules: {{.*}} graph-defined{{.*}}; equivalent: p =
// ORACLE: @rmsnorm_mlp output 0 tensor<4x128xf32>: relative error {{.*}}: agree
#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0, 0)>
#map2 = affine_map<(d0, d1) -> (d1)>
#map3 = affine_map<(d0, d1) -> (d0)>
#map4 = affine_map<(d0, d1) -> (d1, d0)>
func.func @rmsnorm_mlp(%x: tensor<4x64xf32>, %g: tensor<64xf32>, %w1: tensor<128x64xf32>, %w2: tensor<128x64xf32>) -> tensor<4x128xf32> {
  %cst = arith.constant 0.000000e+00 : f32
  %cst_2 = arith.constant 2.000000e+00 : f32
  %cst_n = arith.constant 6.400000e+01 : f32
  %eps = arith.constant 9.99999997E-7 : f32
  %one = arith.constant 1.000000e+00 : f32
  %0 = tensor.empty() : tensor<4x64xf32>
  %sq = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x64xf32>) outs(%0 : tensor<4x64xf32>) {
  ^bb0(%in: f32, %out: f32):
    %p = math.powf %in, %cst_2 : f32
    linalg.yield %p : f32
  } -> tensor<4x64xf32>
  %1 = tensor.empty() : tensor<4x1xf32>
  %z = linalg.fill ins(%cst : f32) outs(%1 : tensor<4x1xf32>) -> tensor<4x1xf32>
  %sum = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%sq : tensor<4x64xf32>) outs(%z : tensor<4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<4x1xf32>
  %2 = tensor.empty() : tensor<4x1xf32>
  %r = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%sum : tensor<4x1xf32>) outs(%2 : tensor<4x1xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.divf %in, %cst_n : f32
    %e = arith.addf %m, %eps : f32
    %q = math.rsqrt %e : f32
    linalg.yield %q : f32
  } -> tensor<4x1xf32>
  %n = linalg.generic {indexing_maps = [#map, #map1, #map2, #map], iterator_types = ["parallel", "parallel"]} ins(%x, %r, %g : tensor<4x64xf32>, tensor<4x1xf32>, tensor<64xf32>) outs(%0 : tensor<4x64xf32>) {
  ^bb0(%in: f32, %in_r: f32, %in_g: f32, %out: f32):
    %m = arith.mulf %in, %in_r : f32
    %m2 = arith.mulf %m, %in_g : f32
    linalg.yield %m2 : f32
  } -> tensor<4x64xf32>
  %t1e = tensor.empty() : tensor<64x128xf32>
  %w1t = linalg.transpose ins(%w1 : tensor<128x64xf32>) outs(%t1e : tensor<64x128xf32>) permutation = [1, 0]
  %w2t = linalg.transpose ins(%w2 : tensor<128x64xf32>) outs(%t1e : tensor<64x128xf32>) permutation = [1, 0]
  %3 = tensor.empty() : tensor<4x128xf32>
  %z3 = linalg.fill ins(%cst : f32) outs(%3 : tensor<4x128xf32>) -> tensor<4x128xf32>
  %a = linalg.matmul ins(%n, %w1t : tensor<4x64xf32>, tensor<64x128xf32>) outs(%z3 : tensor<4x128xf32>) -> tensor<4x128xf32>
  %b = linalg.matmul ins(%n, %w2t : tensor<4x64xf32>, tensor<64x128xf32>) outs(%z3 : tensor<4x128xf32>) -> tensor<4x128xf32>
  %h = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%a, %b : tensor<4x128xf32>, tensor<4x128xf32>) outs(%3 : tensor<4x128xf32>) {
  ^bb0(%in_a: f32, %in_b: f32, %out: f32):
    %ng = arith.negf %in_a : f32
    %ex = math.exp %ng : f32
    %de = arith.addf %ex, %one : f32
    %sg = arith.divf %one, %de : f32
    %si = arith.mulf %in_a, %sg : f32
    %hh = arith.mulf %si, %in_b : f32
    linalg.yield %hh : f32
  } -> tensor<4x128xf32>
  return %h : tensor<4x128xf32>
}
