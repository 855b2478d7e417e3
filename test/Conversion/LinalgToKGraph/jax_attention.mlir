// JAX's attention (2x16x32, 2x16x32, 2x16x32, f32), lowered by jax.jit(f).lower().as_text() and
// legalized to linalg by torch-mlir-opt --stablehlo-legalize-to-linalg:
// written by utils/export_models.py; do not edit. JAX materializes broadcast
// scalars as splat tensors and broadcasts as generics; both import. It
// agrees with upstream's execution, also after tsopt-superoptimize.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph | FileCheck %s
// RUN: %if linalg-oracle %{ %linalg-oracle %s | FileCheck %s --check-prefix=ORACLE %}
// RUN: %if linalg-oracle %{ %linalg-oracle %s --passes=--tsopt-superoptimize=time-limit=4 | FileCheck %s --check-prefix=ORACLE %}
// CHECK-LABEL: func.func @attention(
// CHECK: kgraph.transpose
// CHECK-NEXT: kgraph.matmul
// CHECK: kgraph.reduce_max
// CHECK: kgraph.exp
// CHECK: kgraph.div
// CHECK: kgraph.matmul
// ORACLE: @attention output 0 tensor<2x16x32xf32>: relative error {{.*}}: agree

#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map3 = affine_map<() -> ()>
#map4 = affine_map<(d0, d1, d2) -> ()>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map6 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map7 = affine_map<(d0, d1) -> ()>
#map8 = affine_map<(d0, d1) -> (d0, d1)>
#map9 = affine_map<(d0, d1, d2) -> (d0, d1, 0)>
module {
  func.func @attention(%arg0: tensor<2x16x32xf32>, %arg1: tensor<2x16x32xf32>, %arg2: tensor<2x16x32xf32>) -> tensor<2x16x32xf32> {
    %cst = arith.constant 5.65685415 : f32
    %cst_0 = arith.constant 0xFF800000 : f32
    %cst_1 = arith.constant dense<0xFF800000> : tensor<f32>
    %cst_2 = arith.constant 0.000000e+00 : f32
    %0 = tensor.empty() : tensor<2x16x16xf32>
    %1 = linalg.fill ins(%cst_2 : f32) outs(%0 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %2 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<2x16x32xf32>, tensor<2x16x32xf32>) outs(%1 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %36 = arith.mulf %in, %in_3 : f32
      %37 = arith.addf %out, %36 : f32
      linalg.yield %37 : f32
    } -> tensor<2x16x16xf32>
    %3 = tensor.empty() : tensor<f32>
    %4 = linalg.generic {indexing_maps = [#map3], iterator_types = []} outs(%3 : tensor<f32>) {
    ^bb0(%out: f32):
      linalg.yield %cst : f32
    } -> tensor<f32>
    %5 = tensor.empty() : tensor<2x16x16xf32>
    %6 = linalg.generic {indexing_maps = [#map4, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : tensor<f32>) outs(%5 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x16xf32>
    %7 = tensor.empty() : tensor<2x16x16xf32>
    %8 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%2, %6 : tensor<2x16x16xf32>, tensor<2x16x16xf32>) outs(%7 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %36 = arith.divf %in, %in_3 : f32
      linalg.yield %36 : f32
    } -> tensor<2x16x16xf32>
    %9 = tensor.empty() : tensor<2x16xf32>
    %10 = linalg.fill ins(%cst_0 : f32) outs(%9 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %11 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%8 : tensor<2x16x16xf32>) outs(%10 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %36 = arith.maximumf %out, %in : f32
      linalg.yield %36 : f32
    } -> tensor<2x16xf32>
    %12 = tensor.empty() : tensor<2x16xf32>
    %13 = linalg.generic {indexing_maps = [#map7, #map8], iterator_types = ["parallel", "parallel"]} ins(%cst_1 : tensor<f32>) outs(%12 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16xf32>
    %14 = tensor.empty() : tensor<2x16xf32>
    %15 = linalg.generic {indexing_maps = [#map8, #map8, #map8], iterator_types = ["parallel", "parallel"]} ins(%13, %11 : tensor<2x16xf32>, tensor<2x16xf32>) outs(%14 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %36 = arith.maximumf %in, %in_3 : f32
      linalg.yield %36 : f32
    } -> tensor<2x16xf32>
    %16 = tensor.empty() : tensor<2x16x1xf32>
    %17 = linalg.generic {indexing_maps = [#map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<2x16xf32>) outs(%16 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x1xf32>
    %18 = tensor.empty() : tensor<2x16x16xf32>
    %19 = linalg.generic {indexing_maps = [#map9, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%17 : tensor<2x16x1xf32>) outs(%18 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x16xf32>
    %20 = tensor.empty() : tensor<2x16x16xf32>
    %21 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%8, %19 : tensor<2x16x16xf32>, tensor<2x16x16xf32>) outs(%20 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %36 = arith.subf %in, %in_3 : f32
      linalg.yield %36 : f32
    } -> tensor<2x16x16xf32>
    %22 = tensor.empty() : tensor<2x16x16xf32>
    %23 = linalg.generic {indexing_maps = [#map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%21 : tensor<2x16x16xf32>) outs(%22 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %36 = math.exp %in : f32
      linalg.yield %36 : f32
    } -> tensor<2x16x16xf32>
    %24 = tensor.empty() : tensor<2x16xf32>
    %25 = linalg.fill ins(%cst_2 : f32) outs(%24 : tensor<2x16xf32>) -> tensor<2x16xf32>
    %26 = linalg.generic {indexing_maps = [#map5, #map6], iterator_types = ["parallel", "parallel", "reduction"]} ins(%23 : tensor<2x16x16xf32>) outs(%25 : tensor<2x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      %36 = arith.addf %out, %in : f32
      linalg.yield %36 : f32
    } -> tensor<2x16xf32>
    %27 = tensor.empty() : tensor<2x16x1xf32>
    %28 = linalg.generic {indexing_maps = [#map6, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%26 : tensor<2x16xf32>) outs(%27 : tensor<2x16x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x1xf32>
    %29 = tensor.empty() : tensor<2x16x16xf32>
    %30 = linalg.generic {indexing_maps = [#map9, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%28 : tensor<2x16x1xf32>) outs(%29 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %out: f32):
      linalg.yield %in : f32
    } -> tensor<2x16x16xf32>
    %31 = tensor.empty() : tensor<2x16x16xf32>
    %32 = linalg.generic {indexing_maps = [#map5, #map5, #map5], iterator_types = ["parallel", "parallel", "parallel"]} ins(%23, %30 : tensor<2x16x16xf32>, tensor<2x16x16xf32>) outs(%31 : tensor<2x16x16xf32>) {
    ^bb0(%in: f32, %in_3: f32, %out: f32):
      %36 = arith.divf %in, %in_3 : f32
      linalg.yield %36 : f32
    } -> tensor<2x16x16xf32>
    %33 = tensor.empty() : tensor<2x16x32xf32>
    %34 = linalg.fill ins(%cst_2 : f32) outs(%33 : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
    %35 = linalg.batch_matmul ins(%32, %arg2 : tensor<2x16x16xf32>, tensor<2x16x32xf32>) outs(%34 : tensor<2x16x32xf32>) -> tensor<2x16x32xf32>
    return %35 : tensor<2x16x32xf32>
  }
}

