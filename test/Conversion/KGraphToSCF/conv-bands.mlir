// A convolution whose image is too large for one kernel's tiles runs over
// bands of its output rows: each band's image rows (its windows' halo
// included) sliced out, convolved with the image's top and bottom padding
// only where the band reaches it, and the bands concatenated along the
// height (or as its fission, whichever the cost model estimates faster;
// here the fission's columns do not fit either). tsopt-plan-kernels writes
// the bands into the IR; compiled for the CPU they agree with the
// evaluator's convolution of the whole image, for strides, dilations and
// uneven padding.
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 | FileCheck %s
// RUN: tsopt-run %s --backend=cpu --fn=same --reference=same | FileCheck %s --check-prefix=EXEC
// RUN: tsopt-run %s --backend=cpu --fn=strided --reference=strided --seed=3 | FileCheck %s --check-prefix=EXEC
// RUN: tsopt-run %s --backend=cpu --fn=dilated --reference=dilated --seed=5 | FileCheck %s --check-prefix=EXEC
// The estimate prices the bands, as emitted:
// RUN: tsopt-opt %s --tsopt-estimate-cost=target=sm_80 -o /dev/null 2>&1 | FileCheck %s --check-prefix=COST

// The first band: output rows 0..11 read image rows 0..12 (the top
// padding row is the band's own), the next 14 rows each.
// CHECK-LABEL: func.func @same(
// CHECK:       %[[S0:.*]] = kgraph.kernel {{.*}} ins(%arg0 : tensor<1x2x160x160xf32>) -> (tensor<1x2x13x160xf32>)
// CHECK:       bgraph.slice
// CHECK:       kgraph.kernel {{.*}} ins(%[[S0]], %arg1 : {{.*}}) -> (tensor<1x4x12x160xf32>)
// CHECK:       bgraph.im2col
// CHECK:       kgraph.kernel {{.*}} ins(%arg0 : tensor<1x2x160x160xf32>) -> (tensor<1x2x14x160xf32>)
// CHECK-NOT:   kgraph.conv2d
// CHECK:       %[[Y:.*]] = kgraph.kernel {{.*}} -> (tensor<1x4x160x160xf32>)
// CHECK:       bgraph.concat
// CHECK:       return %[[Y]]
// EXEC: agree
// COST: note: kernel 0 (slice, expanded
// COST: note: kernel 0 (conv2d, expanded
func.func @same(%x: tensor<1x2x160x160xf32>, %w: tensor<4x2x3x3xf32>) -> tensor<1x4x160x160xf32> {
  %y = kgraph.conv2d %x, %w stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x2x160x160xf32>, tensor<4x2x3x3xf32> -> tensor<1x4x160x160xf32>
  return %y : tensor<1x4x160x160xf32>
}

// CHECK-LABEL: func.func @strided(
// CHECK-NOT:   kgraph.conv2d
// CHECK:       return
func.func @strided(%x: tensor<2x2x161x150xf16>, %w: tensor<8x2x5x5xf16>) -> tensor<2x8x80x75xf16> {
  %y = kgraph.conv2d %x, %w stride = [2, 2] padding = [2, 1, 1, 2] dilation = [1, 1] groups = 1 : tensor<2x2x161x150xf16>, tensor<8x2x5x5xf16> -> tensor<2x8x80x75xf16>
  return %y : tensor<2x8x80x75xf16>
}

// CHECK-LABEL: func.func @dilated(
// CHECK-NOT:   kgraph.conv2d
// CHECK:       return
func.func @dilated(%x: tensor<1x1x180x170xf32>, %w: tensor<2x1x3x3xf32>) -> tensor<1x2x176x166xf32> {
  %y = kgraph.conv2d %x, %w stride = [1, 1] padding = [0, 0, 0, 0] dilation = [2, 2] groups = 1 : tensor<1x1x180x170xf32>, tensor<2x1x3x3xf32> -> tensor<1x2x176x166xf32>
  return %y : tensor<1x2x176x166xf32>
}
