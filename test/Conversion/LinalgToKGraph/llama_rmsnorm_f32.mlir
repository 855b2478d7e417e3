// transformers' LlamaRMSNorm (hidden 64, 4 heads, intermediate 176, 8 tokens, f32), exported by torch-mlir's
// fx.export_and_import (linalg-on-tensors) with its weights lifted to
// arguments: written by utils/export_models.py; do not edit.
// It imports, runs as upstream MLIR runs the linalg, and superoptimized
// with default options still agrees with upstream's execution of the
// original.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=SUPER %}
// CHECK-LABEL: func.func @rmsnorm(
// CHECK: kgraph.rms_norm
// ORACLE: @rmsnorm output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree
// SUPER: @rmsnorm output 0 tensor<1x8x64xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @rmsnorm(%arg0: tensor<1x8x64xf32>, %arg1: tensor<64xf32>) -> tensor<1x8x64xf32> {
    %c2_i64 = arith.constant 2 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 9.9999999999999995E-7 : f64
    %cst_1 = arith.constant 6.400000e+01 : f32
    %0 = tensor.empty() : tensor<1x8x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %10 : f32
    } -> tensor<1x8x64xf32>
    %2 = tensor.empty() : tensor<1x8x1xf32>
    %3 = linalg.fill ins(%cst : f32) outs(%2 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%1 : tensor<1x8x64xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.addf %in, %out : f32
      linalg.yield %10 : f32
    } -> tensor<1x8x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.divf %in, %cst_1 : f32
      linalg.yield %10 : f32
    } -> tensor<1x8x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = arith.truncf %cst_0 : f64 to f32
      %11 = arith.addf %in, %10 : f32
      linalg.yield %11 : f32
    } -> tensor<1x8x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x8x1xf32>) outs(%2 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %10 = math.rsqrt %in : f32
      linalg.yield %10 : f32
    } -> tensor<1x8x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0, %7 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %10 = arith.mulf %in, %in_2 : f32
      linalg.yield %10 : f32
    } -> tensor<1x8x64xf32>
    %9 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1, %8 : tensor<64xf32>, tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %10 = arith.mulf %in, %in_2 : f32
      linalg.yield %10 : f32
    } -> tensor<1x8x64xf32>
    return %9 : tensor<1x8x64xf32>
  }
}
