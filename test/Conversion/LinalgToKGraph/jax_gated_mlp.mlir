// JAX's gated_mlp (8x64, 64x128, 64x128, f32), lowered by jax.jit(f).lower().as_text() and
// legalized to linalg by torch-mlir-opt --stablehlo-legalize-to-linalg:
// written by utils/export_models.py; do not edit. JAX materializes broadcast
// scalars as splat tensors and broadcasts as generics; both import. It
// agrees with upstream's execution, also after tsopt-superoptimize.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// CHECK-LABEL: func.func @gated_mlp(
// CHECK: kgraph.matmul
// CHECK: kgraph.silu
// CHECK: kgraph.mul
// ORACLE: @gated_mlp output 0 tensor<8x128xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
module {
  func.func @gated_mlp(%arg0: tensor<8x64xf32>, %arg1: tensor<64x128xf32>, %arg2: tensor<64x128xf32>) -> tensor<8x128xf32> {
    %cst = arith.constant dense<1.000000e+00> : tensor<f32>
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<8x128xf32>
    %1 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %2 = linalg.matmul ins(%arg0, %arg1 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%1 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %3 = tensor.empty() : tensor<8x128xf32>
    %4 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%2 : tensor<8x128xf32>) outs(%3 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = arith.negf %in : f32
      linalg.yield %22 : f32
    } -> tensor<8x128xf32>
    %5 = tensor.empty() : tensor<8x128xf32>
    %6 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%4 : tensor<8x128xf32>) outs(%5 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      %22 = math.exp %in : f32
      linalg.yield %22 : f32
    } -> tensor<8x128xf32>
    %7 = tensor.empty() : tensor<8x128xf32>
    %8 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%cst : tensor<f32>) outs(%7 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %9 = tensor.empty() : tensor<8x128xf32>
    %10 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%8, %6 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%9 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.addf %in, %in_1 : f32
      linalg.yield %22 : f32
    } -> tensor<8x128xf32>
    %11 = tensor.empty() : tensor<8x128xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map], iterator_types = ["parallel", "parallel"]} ins(%cst : tensor<f32>) outs(%11 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<8x128xf32>
    %13 = tensor.empty() : tensor<8x128xf32>
    %14 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%12, %10 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%13 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.divf %in, %in_1 : f32
      linalg.yield %22 : f32
    } -> tensor<8x128xf32>
    %15 = tensor.empty() : tensor<8x128xf32>
    %16 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%2, %14 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%15 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.mulf %in, %in_1 : f32
      linalg.yield %22 : f32
    } -> tensor<8x128xf32>
    %17 = tensor.empty() : tensor<8x128xf32>
    %18 = linalg.fill ins(%cst_0 : f32) outs(%17 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %19 = linalg.matmul ins(%arg0, %arg2 : tensor<8x64xf32>, tensor<64x128xf32>) outs(%18 : tensor<8x128xf32>) -> tensor<8x128xf32>
    %20 = tensor.empty() : tensor<8x128xf32>
    %21 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%16, %19 : tensor<8x128xf32>, tensor<8x128xf32>) outs(%20 : tensor<8x128xf32>) {
    ^bb0(%in: f32, %in_1: f32, %out: f32):
      %22 = arith.mulf %in, %in_1 : f32
      linalg.yield %22 : f32
    } -> tensor<8x128xf32>
    return %21 : tensor<8x128xf32>
  }
}

