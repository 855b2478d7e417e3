// Round-trip of every kgraph op: custom syntax and generic form.
// RUN: tsopt-opt %s | tsopt-opt | FileCheck %s
// RUN: tsopt-opt %s --mlir-print-op-generic | tsopt-opt | FileCheck %s

//===----------------------------------------------------------------------===//
// Element-wise binary ops, numpy broadcasting.
//===----------------------------------------------------------------------===//

// Same shapes, f32.
// CHECK-LABEL: func.func @binary_same_shape
// CHECK-SAME: (%[[A:.*]]: tensor<8x64xf32>, %[[B:.*]]: tensor<8x64xf32>)
func.func @binary_same_shape(%a: tensor<8x64xf32>, %b: tensor<8x64xf32>) -> tensor<8x64xf32> {
  // CHECK: %[[ADD:.*]] = kgraph.add %[[A]], %[[B]] : tensor<8x64xf32>, tensor<8x64xf32> -> tensor<8x64xf32>
  // CHECK: %[[SUB:.*]] = kgraph.sub %[[ADD]], %[[B]] : tensor<8x64xf32>, tensor<8x64xf32> -> tensor<8x64xf32>
  // CHECK: %[[MUL:.*]] = kgraph.mul %[[SUB]], %[[A]] : tensor<8x64xf32>, tensor<8x64xf32> -> tensor<8x64xf32>
  // CHECK: %[[DIV:.*]] = kgraph.div %[[MUL]], %[[B]] : tensor<8x64xf32>, tensor<8x64xf32> -> tensor<8x64xf32>
  // CHECK: return %[[DIV]]
  %0 = kgraph.add %a, %b : tensor<8x64xf32>, tensor<8x64xf32> -> tensor<8x64xf32>
  %1 = kgraph.sub %0, %b : tensor<8x64xf32>, tensor<8x64xf32> -> tensor<8x64xf32>
  %2 = kgraph.mul %1, %a : tensor<8x64xf32>, tensor<8x64xf32> -> tensor<8x64xf32>
  %3 = kgraph.div %2, %b : tensor<8x64xf32>, tensor<8x64xf32> -> tensor<8x64xf32>
  return %3 : tensor<8x64xf32>
}

// Computing ops convert: f16 operands read into f32 arithmetic, results
// stored in the result's element type (an f32 norm statistic of f16
// activations; an f16 product of an f32 statistic).
// CHECK-LABEL: func.func @mixed_precision
func.func @mixed_precision(%x: tensor<8x64xf16>, %w: tensor<64x32xf16>) -> tensor<8x32xf16> {
  // CHECK: kgraph.square %{{.*}} : tensor<8x64xf16> -> tensor<8x64xf32>
  // CHECK: kgraph.reduce_sum %{{.*}} dim = 1 : tensor<8x64xf32> -> tensor<8x1xf32>
  // CHECK: kgraph.div %{{.*}}, %{{.*}} : tensor<8x64xf16>, tensor<8x1xf32> -> tensor<8x64xf16>
  // CHECK: kgraph.matmul %{{.*}}, %{{.*}} : tensor<8x64xf16>, tensor<64x32xf16> -> tensor<8x32xf16>
  %0 = kgraph.square %x : tensor<8x64xf16> -> tensor<8x64xf32>
  %1 = kgraph.reduce_sum %0 dim = 1 : tensor<8x64xf32> -> tensor<8x1xf32>
  %2 = kgraph.div %x, %1 : tensor<8x64xf16>, tensor<8x1xf32> -> tensor<8x64xf16>
  %3 = kgraph.matmul %2, %w : tensor<8x64xf16>, tensor<64x32xf16> -> tensor<8x32xf16>
  return %3 : tensor<8x32xf16>
}

// Rank promotion: the rank-1 operand gets leading 1s (either side), f16.
// CHECK-LABEL: func.func @broadcast_rank_promotion
// CHECK-SAME: (%[[X:.*]]: tensor<2x8x64xf16>, %[[G:.*]]: tensor<64xf16>)
func.func @broadcast_rank_promotion(%x: tensor<2x8x64xf16>, %g: tensor<64xf16>) -> tensor<2x8x64xf16> {
  // CHECK: %[[M:.*]] = kgraph.mul %[[X]], %[[G]] : tensor<2x8x64xf16>, tensor<64xf16> -> tensor<2x8x64xf16>
  // CHECK: kgraph.sub %[[G]], %[[M]] : tensor<64xf16>, tensor<2x8x64xf16> -> tensor<2x8x64xf16>
  %0 = kgraph.mul %x, %g : tensor<2x8x64xf16>, tensor<64xf16> -> tensor<2x8x64xf16>
  %1 = kgraph.sub %g, %0 : tensor<64xf16>, tensor<2x8x64xf16> -> tensor<2x8x64xf16>
  return %1 : tensor<2x8x64xf16>
}

// Size-1 dims broadcast on both sides (outer product shape), bf16.
// CHECK-LABEL: func.func @broadcast_size_one
// CHECK-SAME: (%[[C:.*]]: tensor<8x1xbf16>, %[[R:.*]]: tensor<1x64xbf16>)
func.func @broadcast_size_one(%c: tensor<8x1xbf16>, %r: tensor<1x64xbf16>) -> tensor<8x64xbf16> {
  // CHECK: kgraph.div %[[C]], %[[R]] : tensor<8x1xbf16>, tensor<1x64xbf16> -> tensor<8x64xbf16>
  %0 = kgraph.div %c, %r : tensor<8x1xbf16>, tensor<1x64xbf16> -> tensor<8x64xbf16>
  return %0 : tensor<8x64xbf16>
}

// Rank promotion and a size-1 dim together: 4x1x16 + 8x1 -> 4x8x16.
// CHECK-LABEL: func.func @broadcast_promote_and_expand
func.func @broadcast_promote_and_expand(%a: tensor<4x1x16xf32>, %b: tensor<8x1xf32>) -> tensor<4x8x16xf32> {
  // CHECK: kgraph.add %{{.*}}, %{{.*}} : tensor<4x1x16xf32>, tensor<8x1xf32> -> tensor<4x8x16xf32>
  %0 = kgraph.add %a, %b : tensor<4x1x16xf32>, tensor<8x1xf32> -> tensor<4x8x16xf32>
  return %0 : tensor<4x8x16xf32>
}

//===----------------------------------------------------------------------===//
// Element-wise unary ops and mul_scalar.
//===----------------------------------------------------------------------===//

// Every unary op, chained, f32.
// CHECK-LABEL: func.func @unary
// CHECK-SAME: (%[[X:.*]]: tensor<8x64xf32>)
func.func @unary(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  // CHECK: %[[E:.*]] = kgraph.exp %[[X]] : tensor<8x64xf32>
  // CHECK: %[[SQ:.*]] = kgraph.square %[[E]] : tensor<8x64xf32>
  // CHECK: %[[RT:.*]] = kgraph.sqrt %[[SQ]] : tensor<8x64xf32>
  // CHECK: %[[RS:.*]] = kgraph.rsqrt %[[RT]] : tensor<8x64xf32>
  // CHECK: %[[SI:.*]] = kgraph.silu %[[RS]] : tensor<8x64xf32>
  // CHECK: %[[GE:.*]] = kgraph.gelu %[[SI]] : tensor<8x64xf32>
  // CHECK: %[[RE:.*]] = kgraph.relu %[[GE]] : tensor<8x64xf32>
  // CHECK: %[[SG:.*]] = kgraph.sigmoid %[[RE]] : tensor<8x64xf32>
  // CHECK: %[[TH:.*]] = kgraph.tanh %[[SG]] : tensor<8x64xf32>
  // CHECK: %[[NE:.*]] = kgraph.neg %[[TH]] : tensor<8x64xf32>
  // CHECK: return %[[NE]]
  %0 = kgraph.exp %x : tensor<8x64xf32>
  %1 = kgraph.square %0 : tensor<8x64xf32>
  %2 = kgraph.sqrt %1 : tensor<8x64xf32>
  %3 = kgraph.rsqrt %2 : tensor<8x64xf32>
  %4 = kgraph.silu %3 : tensor<8x64xf32>
  %5 = kgraph.gelu %4 : tensor<8x64xf32>
  %6 = kgraph.relu %5 : tensor<8x64xf32>
  %s = kgraph.sigmoid %6 : tensor<8x64xf32>
  %t = kgraph.tanh %s : tensor<8x64xf32>
  %7 = kgraph.neg %t : tensor<8x64xf32>
  return %7 : tensor<8x64xf32>
}

// Unary ops on f16 and bf16, rank 1 and rank 3.
// CHECK-LABEL: func.func @unary_f16_bf16
func.func @unary_f16_bf16(%h: tensor<64xf16>, %b: tensor<2x4x8xbf16>) -> (tensor<64xf16>, tensor<2x4x8xbf16>) {
  // CHECK: kgraph.gelu %{{.*}} : tensor<64xf16>
  // CHECK: kgraph.rsqrt %{{.*}} : tensor<2x4x8xbf16>
  %0 = kgraph.gelu %h : tensor<64xf16>
  %1 = kgraph.rsqrt %b : tensor<2x4x8xbf16>
  return %0, %1 : tensor<64xf16>, tensor<2x4x8xbf16>
}

// mul_scalar prints its f64 constant in full; negative and integral constants.
// CHECK-LABEL: func.func @mul_scalar
// CHECK-SAME: (%[[X:.*]]: tensor<4x16xbf16>)
func.func @mul_scalar(%x: tensor<4x16xbf16>) -> tensor<4x16xbf16> {
  // CHECK: %[[S:.*]] = kgraph.mul_scalar %[[X]], 1.250000e-01 : tensor<4x16xbf16>
  // CHECK: %[[T:.*]] = kgraph.mul_scalar %[[S]], -2.000000e+00 : tensor<4x16xbf16>
  // CHECK: return %[[T]]
  %0 = kgraph.mul_scalar %x, 0.125 : tensor<4x16xbf16>
  %1 = kgraph.mul_scalar %0, -2.0 : tensor<4x16xbf16>
  return %1 : tensor<4x16xbf16>
}

// slice: static offsets, the sizes are the result's.
// CHECK-LABEL: func.func @slice
// CHECK: kgraph.slice %{{.*}} offsets = [0, 8] : tensor<4x16xf32> -> tensor<4x8xf32>
func.func @slice(%x: tensor<4x16xf32>) -> tensor<4x8xf32> {
  %0 = kgraph.slice %x offsets = [0, 8] : tensor<4x16xf32> -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// add_scalar: the same constant syntax.
// CHECK-LABEL: func.func @add_scalar
// CHECK: kgraph.add_scalar %{{.*}}, 9.9999999999999995E-7 : tensor<4x16xf32>
// CHECK: kgraph.add_scalar %{{.*}}, -3.000000e+00 : tensor<4x16xf32>
func.func @add_scalar(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %0 = kgraph.add_scalar %x, 1.0e-6 : tensor<4x16xf32>
  %1 = kgraph.add_scalar %0, -3.0 : tensor<4x16xf32>
  return %1 : tensor<4x16xf32>
}

//===----------------------------------------------------------------------===//
// matmul
//===----------------------------------------------------------------------===//

// Plain 2-d matmul, f16.
// CHECK-LABEL: func.func @matmul_2d
// CHECK-SAME: (%[[A:.*]]: tensor<16x64xf16>, %[[B:.*]]: tensor<64x32xf16>)
func.func @matmul_2d(%a: tensor<16x64xf16>, %b: tensor<64x32xf16>) -> tensor<16x32xf16> {
  // CHECK: kgraph.matmul %[[A]], %[[B]] : tensor<16x64xf16>, tensor<64x32xf16> -> tensor<16x32xf16>
  %0 = kgraph.matmul %a, %b : tensor<16x64xf16>, tensor<64x32xf16> -> tensor<16x32xf16>
  return %0 : tensor<16x32xf16>
}

// Batched matmul over two leading dims, bf16.
// CHECK-LABEL: func.func @matmul_batched
func.func @matmul_batched(%a: tensor<2x3x16x64xbf16>, %b: tensor<2x3x64x8xbf16>) -> tensor<2x3x16x8xbf16> {
  // CHECK: kgraph.matmul %{{.*}}, %{{.*}} : tensor<2x3x16x64xbf16>, tensor<2x3x64x8xbf16> -> tensor<2x3x16x8xbf16>
  %0 = kgraph.matmul %a, %b : tensor<2x3x16x64xbf16>, tensor<2x3x64x8xbf16> -> tensor<2x3x16x8xbf16>
  return %0 : tensor<2x3x16x8xbf16>
}

//===----------------------------------------------------------------------===//
// Reductions: dim and output extent.
//===----------------------------------------------------------------------===//

// Full reduction (extent 1) and partial reduction (extent 4: groups of 16).
// CHECK-LABEL: func.func @reduce
// CHECK-SAME: (%[[X:.*]]: tensor<8x64xf32>)
func.func @reduce(%x: tensor<8x64xf32>) -> (tensor<8x1xf32>, tensor<8x4xf32>, tensor<1x64xf32>) {
  // CHECK: kgraph.reduce_sum %[[X]] dim = 1 : tensor<8x64xf32> -> tensor<8x1xf32>
  // CHECK: kgraph.reduce_sum %[[X]] dim = 1 : tensor<8x64xf32> -> tensor<8x4xf32>
  // CHECK: kgraph.reduce_max %[[X]] dim = 0 : tensor<8x64xf32> -> tensor<1x64xf32>
  %0 = kgraph.reduce_sum %x dim = 1 : tensor<8x64xf32> -> tensor<8x1xf32>
  %1 = kgraph.reduce_sum %x dim = 1 : tensor<8x64xf32> -> tensor<8x4xf32>
  %2 = kgraph.reduce_max %x dim = 0 : tensor<8x64xf32> -> tensor<1x64xf32>
  return %0, %1, %2 : tensor<8x1xf32>, tensor<8x4xf32>, tensor<1x64xf32>
}

// Reduction over a middle dim with extent = size (identity grouping), f16.
// CHECK-LABEL: func.func @reduce_identity_extent
func.func @reduce_identity_extent(%x: tensor<2x8x4xf16>) -> tensor<2x8x4xf16> {
  // CHECK: kgraph.reduce_max %{{.*}} dim = 1 : tensor<2x8x4xf16> -> tensor<2x8x4xf16>
  %0 = kgraph.reduce_max %x dim = 1 : tensor<2x8x4xf16> -> tensor<2x8x4xf16>
  return %0 : tensor<2x8x4xf16>
}

//===----------------------------------------------------------------------===//
// Data movement: repeat, reshape, transpose, concat.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @repeat
// CHECK-SAME: (%[[X:.*]]: tensor<8x64xf16>)
func.func @repeat(%x: tensor<8x64xf16>) -> tensor<16x128xf16> {
  // CHECK: kgraph.repeat %[[X]] : tensor<8x64xf16> -> tensor<16x128xf16>
  %0 = kgraph.repeat %x : tensor<8x64xf16> -> tensor<16x128xf16>
  return %0 : tensor<16x128xf16>
}

// Reshape to a higher and to a lower rank.
// CHECK-LABEL: func.func @reshape
// CHECK-SAME: (%[[X:.*]]: tensor<8x64xbf16>)
func.func @reshape(%x: tensor<8x64xbf16>) -> tensor<512xbf16> {
  // CHECK: %[[R:.*]] = kgraph.reshape %[[X]] : tensor<8x64xbf16> -> tensor<2x4x64xbf16>
  // CHECK: kgraph.reshape %[[R]] : tensor<2x4x64xbf16> -> tensor<512xbf16>
  %0 = kgraph.reshape %x : tensor<8x64xbf16> -> tensor<2x4x64xbf16>
  %1 = kgraph.reshape %0 : tensor<2x4x64xbf16> -> tensor<512xbf16>
  return %1 : tensor<512xbf16>
}

// 2-d and 3-d permutations print as dense arrays.
// CHECK-LABEL: func.func @transpose
func.func @transpose(%k: tensor<64x16xf16>, %x: tensor<2x4x8xf32>) -> (tensor<16x64xf16>, tensor<8x2x4xf32>) {
  // CHECK: kgraph.transpose %{{.*}} permutation = [1, 0] : tensor<64x16xf16> -> tensor<16x64xf16>
  // CHECK: kgraph.transpose %{{.*}} permutation = [2, 0, 1] : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  %0 = kgraph.transpose %k permutation = [1, 0] : tensor<64x16xf16> -> tensor<16x64xf16>
  %1 = kgraph.transpose %x permutation = [2, 0, 1] : tensor<2x4x8xf32> -> tensor<8x2x4xf32>
  return %0, %1 : tensor<16x64xf16>, tensor<8x2x4xf32>
}

// Concat of one, two and three operands.
// CHECK-LABEL: func.func @concat
// CHECK-SAME: (%[[A:.*]]: tensor<16x32xf16>, %[[B:.*]]: tensor<16x16xf16>)
func.func @concat(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>) -> (tensor<16x32xf16>, tensor<16x48xf16>, tensor<48x32xf16>) {
  // CHECK: kgraph.concat %[[A]] dim = 0 : tensor<16x32xf16> -> tensor<16x32xf16>
  // CHECK: kgraph.concat %[[A]], %[[B]] dim = 1 : tensor<16x32xf16>, tensor<16x16xf16> -> tensor<16x48xf16>
  // CHECK: kgraph.concat %[[A]], %[[A]], %[[A]] dim = 0 : tensor<16x32xf16>, tensor<16x32xf16>, tensor<16x32xf16> -> tensor<48x32xf16>
  %0 = kgraph.concat %a dim = 0 : tensor<16x32xf16> -> tensor<16x32xf16>
  %1 = kgraph.concat %a, %b dim = 1 : tensor<16x32xf16>, tensor<16x16xf16> -> tensor<16x48xf16>
  %2 = kgraph.concat %a, %a, %a dim = 0 : tensor<16x32xf16>, tensor<16x32xf16>, tensor<16x32xf16> -> tensor<48x32xf16>
  return %0, %1, %2 : tensor<16x32xf16>, tensor<16x48xf16>, tensor<48x32xf16>
}

//===----------------------------------------------------------------------===//
// rms_norm: epsilon is optional and elided when 0.0.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @rms_norm
// CHECK-SAME: (%[[X:.*]]: tensor<2x64xf16>, %[[G:.*]]: tensor<64xf16>)
func.func @rms_norm(%x: tensor<2x64xf16>, %g: tensor<64xf16>) -> (tensor<2x64xf16>, tensor<2x64xf16>, tensor<2x64xf16>) {
  // CHECK: kgraph.rms_norm %[[X]], %[[G]] : tensor<2x64xf16>, tensor<64xf16> -> tensor<2x64xf16>
  // CHECK: kgraph.rms_norm %[[X]], %[[G]] : tensor<2x64xf16>, tensor<64xf16> -> tensor<2x64xf16>
  // CHECK: kgraph.rms_norm %[[X]], %[[G]] epsilon = 1.000000e-05 : tensor<2x64xf16>, tensor<64xf16> -> tensor<2x64xf16>
  %0 = kgraph.rms_norm %x, %g : tensor<2x64xf16>, tensor<64xf16> -> tensor<2x64xf16>
  %1 = kgraph.rms_norm %x, %g epsilon = 0.0 : tensor<2x64xf16>, tensor<64xf16> -> tensor<2x64xf16>
  %2 = kgraph.rms_norm %x, %g epsilon = 1.0e-5 : tensor<2x64xf16>, tensor<64xf16> -> tensor<2x64xf16>
  return %0, %1, %2 : tensor<2x64xf16>, tensor<2x64xf16>, tensor<2x64xf16>
}

// rms_norm on a rank-1 input and on bf16.
// CHECK-LABEL: func.func @rms_norm_rank1_bf16
func.func @rms_norm_rank1_bf16(%x: tensor<32xbf16>, %g: tensor<32xbf16>) -> tensor<32xbf16> {
  // CHECK: kgraph.rms_norm %{{.*}}, %{{.*}} : tensor<32xbf16>, tensor<32xbf16> -> tensor<32xbf16>
  %0 = kgraph.rms_norm %x, %g : tensor<32xbf16>, tensor<32xbf16> -> tensor<32xbf16>
  return %0 : tensor<32xbf16>
}

//===----------------------------------------------------------------------===//
// kernel: launch attributes, region signature, 1-, 2- and 3-d grids.
//===----------------------------------------------------------------------===//

// 1-d grid; matmul tiled over N by the grid and over K by the loop.
// CHECK-LABEL: func.func @kernel_grid_1d
// CHECK-SAME: (%[[A:.*]]: tensor<16x64xf16>, %[[B:.*]]: tensor<64x128xf16>)
func.func @kernel_grid_1d(%a: tensor<16x64xf16>, %b: tensor<64x128xf16>) -> tensor<16x128xf16> {
  // CHECK: %[[C:.*]] = kgraph.kernel grid = [4] forloop = 8 ins(%[[A]], %[[B]] : tensor<16x64xf16>, tensor<64x128xf16>) -> (tensor<16x128xf16>) {
  // CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<16x64xf16>, %[[W:.*]]: tensor<64x128xf16>):
  // CHECK: bgraph.yield %{{.*}} : tensor<16x128xf16>
  // CHECK-NEXT: }
  // CHECK: return %[[C]]
  %c = kgraph.kernel grid = [4] forloop = 8 ins(%a, %b : tensor<16x64xf16>, tensor<64x128xf16>) -> (tensor<16x128xf16>) {
  ^bb0(%x: tensor<16x64xf16>, %w: tensor<64x128xf16>):
    %xt = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<16x64xf16> -> !bgraph.tile<16x8xf16>
    %wt = bgraph.input %w imap = {x = 1} fmap = 0 : tensor<64x128xf16> -> !bgraph.tile<8x32xf16>
    %p = bgraph.matmul %xt, %wt : !bgraph.tile<16x8xf16>, !bgraph.tile<8x32xf16> -> !bgraph.tile<16x32xf16>
    %s = bgraph.accum sum %p : !bgraph.tile<16x32xf16> -> !bgraph.tile<16x32xf16>
    %o = bgraph.output %s omap = {x = 1} : !bgraph.tile<16x32xf16> -> tensor<16x128xf16>
    bgraph.yield %o : tensor<16x128xf16>
  }
  return %c : tensor<16x128xf16>
}

// 2-d grid, two results.
// CHECK-LABEL: func.func @kernel_grid_2d
func.func @kernel_grid_2d(%a: tensor<32x64xf32>) -> (tensor<32x64xf32>, tensor<32x64xf32>) {
  // CHECK: %[[R:.*]]:2 = kgraph.kernel grid = [2, 4] forloop = 1 ins(%{{.*}} : tensor<32x64xf32>) -> (tensor<32x64xf32>, tensor<32x64xf32>) {
  // CHECK: bgraph.yield %{{.*}}, %{{.*}} : tensor<32x64xf32>, tensor<32x64xf32>
  // CHECK: return %[[R]]#0, %[[R]]#1
  %r:2 = kgraph.kernel grid = [2, 4] forloop = 1 ins(%a : tensor<32x64xf32>) -> (tensor<32x64xf32>, tensor<32x64xf32>) {
  ^bb0(%x: tensor<32x64xf32>):
    %t = bgraph.input %x imap = {x = 0, y = 1} fmap = replica : tensor<32x64xf32> -> !bgraph.tile<16x16xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %n = bgraph.neg %s : !bgraph.tile<16x16xf32>
    %o1 = bgraph.output %s omap = {x = 0, y = 1} : !bgraph.tile<16x16xf32> -> tensor<32x64xf32>
    %o2 = bgraph.output %n omap = {x = 0, y = 1} : !bgraph.tile<16x16xf32> -> tensor<32x64xf32>
    bgraph.yield %o1, %o2 : tensor<32x64xf32>, tensor<32x64xf32>
  }
  return %r#0, %r#1 : tensor<32x64xf32>, tensor<32x64xf32>
}

// 3-d grid over a rank-3 tensor, bf16.
// CHECK-LABEL: func.func @kernel_grid_3d
func.func @kernel_grid_3d(%a: tensor<4x8x16xbf16>) -> tensor<4x8x16xbf16> {
  // CHECK: kgraph.kernel grid = [2, 2, 4] forloop = 2 ins(%{{.*}} : tensor<4x8x16xbf16>) -> (tensor<4x8x16xbf16>) {
  %c = kgraph.kernel grid = [2, 2, 4] forloop = 2 ins(%a : tensor<4x8x16xbf16>) -> (tensor<4x8x16xbf16>) {
  ^bb0(%x: tensor<4x8x16xbf16>):
    %t = bgraph.input %x imap = {x = 0, y = 1, z = 2} fmap = 2 : tensor<4x8x16xbf16> -> !bgraph.tile<2x4x2xbf16>
    %s = bgraph.accum concat %t fmap = 2 : !bgraph.tile<2x4x2xbf16> -> !bgraph.tile<2x4x4xbf16>
    %o = bgraph.output %s omap = {x = 0, y = 1, z = 2} : !bgraph.tile<2x4x4xbf16> -> tensor<4x8x16xbf16>
    bgraph.yield %o : tensor<4x8x16xbf16>
  }
  return %c : tensor<4x8x16xbf16>
}

// A kernel with extra attributes (printed after `attributes`) next to
// pre-defined kernel ops.
// CHECK-LABEL: func.func @kernel_attrs
func.func @kernel_attrs(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // CHECK: %[[E:.*]] = kgraph.exp
  // CHECK: %[[K:.*]] = kgraph.kernel grid = [1] forloop = 1 ins(%[[E]] : tensor<8x8xf32>) -> (tensor<8x8xf32>) attributes {tsopt.note = "k0"} {
  // CHECK: kgraph.relu %[[K]] : tensor<8x8xf32>
  %e = kgraph.exp %a : tensor<8x8xf32>
  %k = kgraph.kernel grid = [1] forloop = 1 ins(%e : tensor<8x8xf32>) -> (tensor<8x8xf32>) attributes {tsopt.note = "k0"} {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8x8xf32> -> !bgraph.tile<8x8xf32>
    %s = bgraph.accum max %t : !bgraph.tile<8x8xf32> -> !bgraph.tile<8x8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  %r = kgraph.relu %k : tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// A convolution (stride, asymmetric padding, dilation, groups) and the
// im2col it is defined by.
// CHECK-LABEL: func.func @convolution
func.func @convolution(%x: tensor<2x8x9x9xf16>, %w: tensor<4x4x3x3xf16>) -> (tensor<2x4x5x3xf32>, tensor<2x72x15xf16>) {
  // CHECK: kgraph.conv2d %{{.*}}, %{{.*}} stride = [2, 2] padding = [1, 0, 1, 0] dilation = [1, 2] groups = 2 : tensor<2x8x9x9xf16>, tensor<4x4x3x3xf16> -> tensor<2x4x5x3xf32>
  %y = kgraph.conv2d %x, %w stride = [2, 2] padding = [1, 0, 1, 0] dilation = [1, 2] groups = 2 : tensor<2x8x9x9xf16>, tensor<4x4x3x3xf16> -> tensor<2x4x5x3xf32>
  // CHECK: kgraph.im2col %{{.*}} kernel = [3, 3] stride = [2, 2] padding = [1, 0, 1, 0] dilation = [1, 2] : tensor<2x8x9x9xf16> -> tensor<2x72x15xf16>
  %c = kgraph.im2col %x kernel = [3, 3] stride = [2, 2] padding = [1, 0, 1, 0] dilation = [1, 2] : tensor<2x8x9x9xf16> -> tensor<2x72x15xf16>
  return %y, %c : tensor<2x4x5x3xf32>, tensor<2x72x15xf16>
}
