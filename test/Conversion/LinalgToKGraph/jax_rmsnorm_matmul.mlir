// JAX's rmsnorm_matmul (8x64, 64, 64x32, f32), lowered by jax.jit(f).lower().as_text() and
// legalized to linalg by torch-mlir-opt --stablehlo-legalize-to-linalg:
// written by utils/export_models.py; do not edit. JAX materializes broadcast
// scalars as splat tensors and broadcasts as generics; both import. It
// agrees with upstream's execution, also after tsopt-superoptimize.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// CHECK-LABEL: func.func @rmsnorm_matmul(
// CHECK: kgraph.rms_norm
// CHECK: kgraph.matmul
// ORACLE: @rmsnorm_matmul output 0 tensor<8x32xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0, d1) -> ()>
#map3 = affine_map<(d0, d1) -> (d0, 0)>
#map4 = affine_map<(d0, d1) -> (d1)>
#map5 = affine_map<(d0, d1) -> (0, d1)>
module {
  func.func @rmsnorm_matmul(%arg0: tensor<8x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64x32xf32>) -> tensor<8x32xf32> {
    %cst = arith.constant dense<9.99999997E-7> : tensor<f32>
    %cst_0 = arith.constant dense<6.400000e+01> : tensor<f32>
    %cst_1 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8x64xf32>
    %1 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg0 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%0 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %30 = arith.mulf %in, %in_2 : f32
      linalg.yield %30 : f32
    } -> tensor<8x64xf32>
    %2 = tensor.empty() : tensor<8xf32>
    %3 = linalg.fill ins(%cst_1 : f32) outs(%2 : tensor<8xf32>) -> tensor<8xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction"]} ins(%1 : tensor<8x64xf32>) outs(%3 : tensor<8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = arith.addf %out, %in : f32
      linalg.yield %30 : f32
    } -> tensor<8xf32>
    %5 = tensor.empty() : tensor<8x1xf32>
    %6 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<8xf32>) outs(%5 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x1xf32>
    %7 = tensor.empty() : tensor<8x1xf32>
    %8 = linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%cst_0 : tensor<f32>) outs(%7 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x1xf32>
    %9 = tensor.empty() : tensor<8x1xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%6, %8 : tensor<8x1xf32>, tensor<8x1xf32>) outs(%9 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %30 = arith.divf %in, %in_2 : f32
      linalg.yield %30 : f32
    } -> tensor<8x1xf32>
    %11 = tensor.empty() : tensor<8x1xf32>
    %12 = linalg.generic {indexing_maps = [#map2, #map], iterator_types = ["parallel", "parallel"]} ins(%cst : tensor<f32>) outs(%11 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x1xf32>
    %13 = tensor.empty() : tensor<8x1xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%10, %12 : tensor<8x1xf32>, tensor<8x1xf32>) outs(%13 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %30 = arith.addf %in, %in_2 : f32
      linalg.yield %30 : f32
    } -> tensor<8x1xf32>
    %15 = tensor.empty() : tensor<8x1xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<8x1xf32>) outs(%15 : tensor<8x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %30 = math.rsqrt %in : f32
      linalg.yield %30 : f32
    } -> tensor<8x1xf32>
    %17 = tensor.empty() : tensor<8x64xf32>
    %18 = linalg.generic {indexing_maps = [#map3, #map], iterator_types = ["parallel", "parallel"]} ins(%16 : tensor<8x1xf32>) outs(%17 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %19 = tensor.empty() : tensor<8x64xf32>
    %20 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%arg0, %18 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%19 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %30 = arith.mulf %in, %in_2 : f32
      linalg.yield %30 : f32
    } -> tensor<8x64xf32>
    %21 = tensor.empty() : tensor<1x64xf32>
    %22 = linalg.generic {indexing_maps = [#map4, #map], iterator_types = ["parallel", "parallel"]} ins(%arg1 : tensor<64xf32>) outs(%21 : tensor<1x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<1x64xf32>
    %23 = tensor.empty() : tensor<8x64xf32>
    %24 = linalg.generic {indexing_maps = [#map5, #map], iterator_types = ["parallel", "parallel"]} ins(%22 : tensor<1x64xf32>) outs(%23 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x64xf32>
    %25 = tensor.empty() : tensor<8x64xf32>
    %26 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%20, %24 : tensor<8x64xf32>, tensor<8x64xf32>) outs(%25 : tensor<8x64xf32>) {
    ^bb0(%in: f32, %in_2: f32, %out: f32):
      %30 = arith.mulf %in, %in_2 : f32
      linalg.yield %30 : f32
    } -> tensor<8x64xf32>
    %27 = tensor.empty() : tensor<8x32xf32>
    %28 = linalg.fill ins(%cst_1 : f32) outs(%27 : tensor<8x32xf32>) -> tensor<8x32xf32>
    %29 = linalg.matmul ins(%26, %arg2 : tensor<8x64xf32>, tensor<64x32xf32>) outs(%28 : tensor<8x32xf32>) -> tensor<8x32xf32>
    return %29 : tensor<8x32xf32>
  }
}

