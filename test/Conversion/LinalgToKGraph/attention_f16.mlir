// Attention over 2 heads in f16 storage with f32 arithmetic in the payloads
// (extf/truncf), as JAX and torch-mlir write it: K transposed by
// linalg.transpose, batch_matmul, a 1/sqrt(d) scale, softmax with its row
// max subtracted (a max reduction into a -inf fill), then ·V.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// Imported, it fuses by rules into verified kernels:
// RUN: tsopt-opt %s --convert-linalg-to-kgraph --tsopt-fuse-blocks -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSED

// The max stays: exp(s - max) is finite in f32 for any scores.
// CHECK-LABEL: func.func @attention(
// CHECK-NEXT: %[[KT:.*]] = kgraph.transpose %arg1 permutation = [0, 2, 1]
// CHECK-NEXT: %[[S:.*]] = kgraph.matmul %arg0, %[[KT]] : tensor<2x16x32xf16>, tensor<2x32x64xf16> -> tensor<2x16x64xf16>
// CHECK-NEXT: %[[Z:.*]] = kgraph.mul_scalar %[[S]], 0.17677
// CHECK-NEXT: %[[M:.*]] = kgraph.reduce_max %[[Z]] dim = 2
// CHECK-NEXT: %[[C:.*]] = kgraph.sub %[[Z]], %[[M]]
// CHECK-NEXT: %[[E:.*]] = kgraph.exp %[[C]]
// CHECK-NEXT: %[[R:.*]] = kgraph.reduce_sum %[[E]] dim = 2
// CHECK: %[[P:.*]] = kgraph.div %[[E]],
// CHECK-NEXT: %[[O:.*]] = kgraph.matmul %[[P]], %arg2
// CHECK-NEXT: return %[[O]]
// FUSED: remark: fused by rules: {{.*}} graph-defined{{.*}}; equivalent: p =
// ORACLE: @attention output 0 tensor<2x16x32xf16>: relative error {{.*}}: agree

#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#row = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @attention(%q: tensor<2x16x32xf16>, %k: tensor<2x64x32xf16>, %v: tensor<2x64x32xf16>) -> tensor<2x16x32xf16> {
  %zero = arith.constant 0.000000e+00 : f16
  %ninf = arith.constant 0xFC00 : f16
  %scale = arith.constant 0.176776695 : f32
  %kte = tensor.empty() : tensor<2x32x64xf16>
  %kt = linalg.transpose ins(%k : tensor<2x64x32xf16>) outs(%kte : tensor<2x32x64xf16>) permutation = [0, 2, 1]
  %se = tensor.empty() : tensor<2x16x64xf16>
  %sz = linalg.fill ins(%zero : f16) outs(%se : tensor<2x16x64xf16>) -> tensor<2x16x64xf16>
  %s = linalg.batch_matmul ins(%q, %kt : tensor<2x16x32xf16>, tensor<2x32x64xf16>) outs(%sz : tensor<2x16x64xf16>) -> tensor<2x16x64xf16>
  %z = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%s : tensor<2x16x64xf16>) outs(%se : tensor<2x16x64xf16>) {
  ^bb0(%in: f16, %out: f16):
    %w = arith.extf %in : f16 to f32
    %m = arith.mulf %w, %scale : f32
    %n = arith.truncf %m : f32 to f16
    linalg.yield %n : f16
  } -> tensor<2x16x64xf16>
  %me = tensor.empty() : tensor<2x16xf16>
  %mf = linalg.fill ins(%ninf : f16) outs(%me : tensor<2x16xf16>) -> tensor<2x16xf16>
  %mx = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%z : tensor<2x16x64xf16>) outs(%mf : tensor<2x16xf16>) {
  ^bb0(%in: f16, %out: f16):
    %m = arith.maximumf %in, %out : f16
    linalg.yield %m : f16
  } -> tensor<2x16xf16>
  %ex = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%z, %mx : tensor<2x16x64xf16>, tensor<2x16xf16>) outs(%se : tensor<2x16x64xf16>) {
  ^bb0(%in: f16, %in_m: f16, %out: f16):
    %d = arith.subf %in, %in_m : f16
    %w = arith.extf %d : f16 to f32
    %e = math.exp %w : f32
    %n = arith.truncf %e : f32 to f16
    linalg.yield %n : f16
  } -> tensor<2x16x64xf16>
  %sf = linalg.fill ins(%zero : f16) outs(%me : tensor<2x16xf16>) -> tensor<2x16xf16>
  %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "parallel", "reduction"]} ins(%ex : tensor<2x16x64xf16>) outs(%sf : tensor<2x16xf16>) {
  ^bb0(%in: f16, %out: f16):
    %a = arith.addf %in, %out : f16
    linalg.yield %a : f16
  } -> tensor<2x16xf16>
  %p = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel", "parallel"]} ins(%ex, %sum : tensor<2x16x64xf16>, tensor<2x16xf16>) outs(%se : tensor<2x16x64xf16>) {
  ^bb0(%in: f16, %in_s: f16, %out: f16):
    %d = arith.divf %in, %in_s : f16
    linalg.yield %d : f16
  } -> tensor<2x16x64xf16>
  %oe = tensor.empty() : tensor<2x16x32xf16>
  %oz = linalg.fill ins(%zero : f16) outs(%oe : tensor<2x16x32xf16>) -> tensor<2x16x32xf16>
  %o = linalg.batch_matmul ins(%p, %v : tensor<2x16x64xf16>, tensor<2x64x32xf16>) outs(%oz : tensor<2x16x32xf16>) -> tensor<2x16x32xf16>
  return %o : tensor<2x16x32xf16>
}
