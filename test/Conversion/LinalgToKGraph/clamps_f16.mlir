// Clamps as torch writes them (f16): torch.clamp with both bounds and with
// a lower bound only, relu6 and hardswish after a matmul, exported by
// torch-mlir's fx.export_and_import (linalg-on-tensors): written by
// utils/export_models.py; do not edit. Each select of a comparison with a
// constant imports as kgraph.max_scalar / min_scalar (relu for a lower
// bound of 0); it agrees with upstream's execution compiled for the CPU,
// also after tsopt-superoptimize, and lowers to PTX.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize | FileCheck %s --check-prefix=ORACLE %}
// RUN: tsopt-opt %s --convert-linalg-to-kgraph --tsopt-superoptimize 2>/dev/null | tsopt-translate --tsopt-to-ptx -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
// CHECK-LABEL: func.func @clamps_f16(
// CHECK: kgraph.max_scalar %{{.*}}, -1.500000e+00
// CHECK-NEXT: kgraph.min_scalar %{{.*}}, 2.000000e+00
// CHECK-NEXT: kgraph.relu
// CHECK-NEXT: kgraph.min_scalar %{{.*}}, 6.000000e+00
// CHECK: kgraph.max_scalar %{{.*}}, 2.500000e-01
// ORACLE: @clamps_f16 output 0 tensor<4x8xf16>: relative error {{.*}}: agree

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
module {
  func.func @clamps_f16(%arg0: tensor<4x16xf16>, %arg1: tensor<16x8xf16>) -> tensor<4x8xf16> {
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant dense<6.000000e+00> : tensor<f16>
    %cst_1 = arith.constant dense<0.000000e+00> : tensor<f16>
    %cst_2 = arith.constant -1.500000e+00 : f16
    %cst_3 = arith.constant 2.000000e+00 : f16
    %cst_4 = arith.constant 3.000000e+00 : f32
    %cst_5 = arith.constant 6.000000e+00 : f32
    %cst_6 = arith.constant 2.500000e-01 : f16
    %0 = tensor.empty() : tensor<4x8xf32>
    %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<4x16xf16>, tensor<16x8xf16>) outs(%1 : tensor<4x8xf32>) -> tensor<4x8xf32>
    %3 = tensor.empty() : tensor<4x8xf16>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<4x8xf32>) outs(%3 : tensor<4x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %19 = arith.truncf %in : f32 to f16
      linalg.yield %19 : f16
    } -> tensor<4x8xf16>
    %5 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<4x8xf16>) outs(%3 : tensor<4x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %19 = arith.cmpf ult, %in, %cst_2 : f16
      %20 = arith.select %19, %cst_2, %in : f16
      %21 = arith.cmpf ugt, %20, %cst_3 : f16
      %22 = arith.select %21, %cst_3, %20 : f16
      linalg.yield %22 : f16
    } -> tensor<4x8xf16>
    %6 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel"]} ins(%4, %cst_1 : tensor<4x8xf16>, tensor<f16>) outs(%3 : tensor<4x8xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %19 = arith.cmpf ogt, %in, %in_7 : f16
      %20 = arith.select %19, %in, %in_7 : f16
      linalg.yield %20 : f16
    } -> tensor<4x8xf16>
    %7 = linalg.generic {indexing_maps = [#map1, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%cst_0, %6 : tensor<f16>, tensor<4x8xf16>) outs(%3 : tensor<4x8xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %19 = arith.cmpf olt, %in, %in_7 : f16
      %20 = arith.select %19, %in, %in_7 : f16
      linalg.yield %20 : f16
    } -> tensor<4x8xf16>
    %8 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%5, %7 : tensor<4x8xf16>, tensor<4x8xf16>) outs(%3 : tensor<4x8xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %19 = arith.addf %in, %in_7 : f16
      linalg.yield %19 : f16
    } -> tensor<4x8xf16>
    %9 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<4x8xf16>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f16, %out: f32):
      %19 = arith.extf %in : f16 to f32
      linalg.yield %19 : f32
    } -> tensor<4x8xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%9 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = arith.addf %in, %cst_4 : f32
      linalg.yield %19 : f32
    } -> tensor<4x8xf32>
    %11 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%10 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = arith.cmpf ult, %in, %cst : f32
      %20 = arith.select %19, %cst, %in : f32
      linalg.yield %20 : f32
    } -> tensor<4x8xf32>
    %12 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%11 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = arith.cmpf ugt, %in, %cst_5 : f32
      %20 = arith.select %19, %cst_5, %in : f32
      linalg.yield %20 : f32
    } -> tensor<4x8xf32>
    %13 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%9, %12 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %in_7: f32, %out: f32):
      %19 = arith.mulf %in, %in_7 : f32
      linalg.yield %19 : f32
    } -> tensor<4x8xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%13 : tensor<4x8xf32>) outs(%0 : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %19 = arith.divf %in, %cst_5 : f32
      linalg.yield %19 : f32
    } -> tensor<4x8xf32>
    %15 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<4x8xf32>) outs(%3 : tensor<4x8xf16>) {
    ^bb0(%in: f32, %out: f16):
      %19 = arith.truncf %in : f32 to f16
      linalg.yield %19 : f16
    } -> tensor<4x8xf16>
    %16 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%8, %15 : tensor<4x8xf16>, tensor<4x8xf16>) outs(%3 : tensor<4x8xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %19 = arith.addf %in, %in_7 : f16
      linalg.yield %19 : f16
    } -> tensor<4x8xf16>
    %17 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<4x8xf16>) outs(%3 : tensor<4x8xf16>) {
    ^bb0(%in: f16, %out: f16):
      %19 = arith.cmpf ult, %in, %cst_6 : f16
      %20 = arith.select %19, %cst_6, %in : f16
      linalg.yield %20 : f16
    } -> tensor<4x8xf16>
    %18 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%16, %17 : tensor<4x8xf16>, tensor<4x8xf16>) outs(%3 : tensor<4x8xf16>) {
    ^bb0(%in: f16, %in_7: f16, %out: f16):
      %19 = arith.addf %in, %in_7 : f16
      linalg.yield %19 : f16
    } -> tensor<4x8xf16>
    return %18 : tensor<4x8xf16>
  }
}
