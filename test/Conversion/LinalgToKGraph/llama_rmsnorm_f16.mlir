// transformers' LlamaRMSNorm (hidden 64, 4 heads, intermediate 176, 8 tokens, f16), exported by torch-mlir's
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
// ORACLE: @rmsnorm output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree
// SUPER: @rmsnorm output 0 tensor<1x8x64xf16>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
#map2 = affine_map<(d0, d1, d2) -> (d2)>
module {
  func.func @rmsnorm(%arg0: tensor<1x8x64xf16>, %arg1: tensor<64xf16>) -> tensor<1x8x64xf16> {
    %c2_i64 = arith.constant 2 : i64
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 9.9999999999999995E-7 : f64
    %cst_1 = arith.constant 6.400000e+01 : f32
    %0 = tensor.empty() : tensor<1x8x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg0 : tensor<1x8x64xf16>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f16, %out: f32):
      %13 = arith.extf %in : f16 to f32
      linalg.yield %13 : f32
    } -> tensor<1x8x64xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : tensor<1x8x64xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = math.fpowi %in, %c2_i64 : f32, i64
      linalg.yield %13 : f32
    } -> tensor<1x8x64xf32>
    %3 = tensor.empty() : tensor<1x8x1xf32>
    %4 = linalg.fill ins(%cst : f32) outs(%3 : tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %5 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "reduction"]} ins(%2 : tensor<1x8x64xf32>) outs(%4 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.addf %in, %out : f32
      linalg.yield %13 : f32
    } -> tensor<1x8x1xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%5 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.divf %in, %cst_1 : f32
      linalg.yield %13 : f32
    } -> tensor<1x8x1xf32>
    %7 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%6 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = arith.truncf %cst_0 : f64 to f32
      %14 = arith.addf %in, %13 : f32
      linalg.yield %14 : f32
    } -> tensor<1x8x1xf32>
    %8 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%7 : tensor<1x8x1xf32>) outs(%3 : tensor<1x8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %13 = math.rsqrt %in : f32
      linalg.yield %13 : f32
    } -> tensor<1x8x1xf32>
    %9 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1, %8 : tensor<1x8x64xf32>, tensor<1x8x1xf32>) outs(%0 : tensor<1x8x64xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %13 = arith.mulf %in, %in_2 : f32
      linalg.yield %13 : f32
    } -> tensor<1x8x64xf32>
    %10 = tensor.empty() : tensor<1x8x64xf16>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%9 : tensor<1x8x64xf32>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f32, %out: f16):
      %13 = arith.truncf %in : f32 to f16
      linalg.yield %13 : f16
    } -> tensor<1x8x64xf16>
    %12 = linalg.generic {indexing_maps = [#map2, #map, #map], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg1, %11 : tensor<64xf16>, tensor<1x8x64xf16>) outs(%10 : tensor<1x8x64xf16>) {
    ^bb0(%in: f16, %in_2: f16, %out: f16):
      %13 = arith.mulf %in, %in_2 : f16
      linalg.yield %13 : f16
    } -> tensor<1x8x64xf16>
    return %12 : tensor<1x8x64xf16>
  }
}
