// Round-trip of every bgraph op and of the tile type: custom syntax and
// generic form. Block-graph ops live in the region of a kgraph.kernel.
// RUN: tsopt-opt %s | tsopt-opt | FileCheck %s
// RUN: tsopt-opt %s --mlir-print-op-generic | tsopt-opt | FileCheck %s

//===----------------------------------------------------------------------===//
// The tile type.
//===----------------------------------------------------------------------===//

// Tiles of rank 1 to 4 and every element type.
// CHECK-LABEL: func.func @tile_types
// CHECK-SAME: !bgraph.tile<64xf16>, %{{.*}}: !bgraph.tile<1x8xbf16>, %{{.*}}: !bgraph.tile<2x3x4xf32>, %{{.*}}: !bgraph.tile<1x2x3x4xf16>
func.func @tile_types(%a: !bgraph.tile<64xf16>, %b: !bgraph.tile<1x8xbf16>, %c: !bgraph.tile<2x3x4xf32>, %d: !bgraph.tile<1x2x3x4xf16>) {
  return
}

//===----------------------------------------------------------------------===//
// input / accum / output / yield; maps with replica; 1-, 2-, 3-d grids.
//===----------------------------------------------------------------------===//

// 1-d grid: the documented tiled matmul. imap/fmap entries are dims or
// replica; accum sum has no fmap.
// CHECK-LABEL: func.func @matmul_1d
// CHECK: kgraph.kernel grid = [4] forloop = 8
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<16x64xf16>, %[[W:.*]]: tensor<64x128xf16>):
// CHECK-NEXT: %[[XT:.*]] = bgraph.input %[[X]] imap = {x = replica} fmap = 1 : tensor<16x64xf16> -> !bgraph.tile<16x8xf16>
// CHECK-NEXT: %[[WT:.*]] = bgraph.input %[[W]] imap = {x = 1} fmap = 0 : tensor<64x128xf16> -> !bgraph.tile<8x32xf16>
// CHECK-NEXT: %[[P:.*]] = bgraph.matmul %[[XT]], %[[WT]] : !bgraph.tile<16x8xf16>, !bgraph.tile<8x32xf16> -> !bgraph.tile<16x32xf16>
// CHECK-NEXT: %[[S:.*]] = bgraph.accum sum %[[P]] : !bgraph.tile<16x32xf16> -> !bgraph.tile<16x32xf16>
// CHECK-NEXT: %[[O:.*]] = bgraph.output %[[S]] omap = {x = 1} : !bgraph.tile<16x32xf16> -> tensor<16x128xf16>
// CHECK-NEXT: bgraph.yield %[[O]] : tensor<16x128xf16>
func.func @matmul_1d(%a: tensor<16x64xf16>, %b: tensor<64x128xf16>) -> tensor<16x128xf16> {
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

// fmap on the dim the grid already cut: 128 / 4 (grid x) / 8 (forloop) = 4.
// CHECK-LABEL: func.func @input_grid_and_loop_same_dim
// CHECK: bgraph.input %{{.*}} imap = {x = 1} fmap = 1 : tensor<64x128xf32> -> !bgraph.tile<64x4xf32>
// CHECK: bgraph.accum concat %{{.*}} fmap = 1 : !bgraph.tile<64x4xf32> -> !bgraph.tile<64x32xf32>
// CHECK: bgraph.output %{{.*}} omap = {x = 1} : !bgraph.tile<64x32xf32> -> tensor<64x128xf32>
func.func @input_grid_and_loop_same_dim(%a: tensor<64x128xf32>) -> tensor<64x128xf32> {
  %c = kgraph.kernel grid = [4] forloop = 8 ins(%a : tensor<64x128xf32>) -> (tensor<64x128xf32>) {
  ^bb0(%x: tensor<64x128xf32>):
    %t = bgraph.input %x imap = {x = 1} fmap = 1 : tensor<64x128xf32> -> !bgraph.tile<64x4xf32>
    %s = bgraph.accum concat %t fmap = 1 : !bgraph.tile<64x4xf32> -> !bgraph.tile<64x32xf32>
    %o = bgraph.output %s omap = {x = 1} : !bgraph.tile<64x32xf32> -> tensor<64x128xf32>
    bgraph.yield %o : tensor<64x128xf32>
  }
  return %c : tensor<64x128xf32>
}

// 2-d grid; a grid dim of extent 1 may be replica in omap; accum max; two
// results yielded in order.
// CHECK-LABEL: func.func @grid_2d
// CHECK: kgraph.kernel grid = [2, 1] forloop = 4
// CHECK: %[[T:.*]] = bgraph.input %{{.*}} imap = {x = 0, y = replica} fmap = 1 : tensor<32x64xbf16> -> !bgraph.tile<16x16xbf16>
// CHECK: %[[M:.*]] = bgraph.accum max %[[T]] : !bgraph.tile<16x16xbf16> -> !bgraph.tile<16x16xbf16>
// CHECK: %[[C:.*]] = bgraph.accum concat %[[T]] fmap = 0 : !bgraph.tile<16x16xbf16> -> !bgraph.tile<64x16xbf16>
// CHECK: %[[O1:.*]] = bgraph.output %[[M]] omap = {x = 0, y = replica} : !bgraph.tile<16x16xbf16> -> tensor<32x16xbf16>
// CHECK: %[[O2:.*]] = bgraph.output %[[C]] omap = {x = 1, y = 0} : !bgraph.tile<64x16xbf16> -> tensor<64x32xbf16>
// CHECK: bgraph.yield %[[O1]], %[[O2]] : tensor<32x16xbf16>, tensor<64x32xbf16>
func.func @grid_2d(%a: tensor<32x64xbf16>) -> (tensor<32x16xbf16>, tensor<64x32xbf16>) {
  %r:2 = kgraph.kernel grid = [2, 1] forloop = 4 ins(%a : tensor<32x64xbf16>) -> (tensor<32x16xbf16>, tensor<64x32xbf16>) {
  ^bb0(%x: tensor<32x64xbf16>):
    %t = bgraph.input %x imap = {x = 0, y = replica} fmap = 1 : tensor<32x64xbf16> -> !bgraph.tile<16x16xbf16>
    %m = bgraph.accum max %t : !bgraph.tile<16x16xbf16> -> !bgraph.tile<16x16xbf16>
    %c = bgraph.accum concat %t fmap = 0 : !bgraph.tile<16x16xbf16> -> !bgraph.tile<64x16xbf16>
    %o1 = bgraph.output %m omap = {x = 0, y = replica} : !bgraph.tile<16x16xbf16> -> tensor<32x16xbf16>
    %o2 = bgraph.output %c omap = {x = 1, y = 0} : !bgraph.tile<64x16xbf16> -> tensor<64x32xbf16>
    bgraph.yield %o1, %o2 : tensor<32x16xbf16>, tensor<64x32xbf16>
  }
  return %r#0, %r#1 : tensor<32x16xbf16>, tensor<64x32xbf16>
}

// 3-d grid, batched matmul on rank-3 tiles; every grid dim maps somewhere in
// the output (z = 1 here, x = 0, y = 2).
// CHECK-LABEL: func.func @grid_3d_batched_matmul
// CHECK: kgraph.kernel grid = [2, 2, 2] forloop = 2
// CHECK: %[[A:.*]] = bgraph.input %{{.*}} imap = {x = 0, y = replica, z = 1} fmap = 2 : tensor<4x16x32xf32> -> !bgraph.tile<2x8x16xf32>
// CHECK: %[[B:.*]] = bgraph.input %{{.*}} imap = {x = 0, y = 2, z = replica} fmap = 1 : tensor<4x32x8xf32> -> !bgraph.tile<2x16x4xf32>
// CHECK: %[[P:.*]] = bgraph.matmul %[[A]], %[[B]] : !bgraph.tile<2x8x16xf32>, !bgraph.tile<2x16x4xf32> -> !bgraph.tile<2x8x4xf32>
// CHECK: bgraph.output %{{.*}} omap = {x = 0, y = 2, z = 1} : !bgraph.tile<2x8x4xf32> -> tensor<4x16x8xf32>
func.func @grid_3d_batched_matmul(%a: tensor<4x16x32xf32>, %b: tensor<4x32x8xf32>) -> tensor<4x16x8xf32> {
  %c = kgraph.kernel grid = [2, 2, 2] forloop = 2 ins(%a, %b : tensor<4x16x32xf32>, tensor<4x32x8xf32>) -> (tensor<4x16x8xf32>) {
  ^bb0(%x: tensor<4x16x32xf32>, %y: tensor<4x32x8xf32>):
    %xt = bgraph.input %x imap = {x = 0, y = replica, z = 1} fmap = 2 : tensor<4x16x32xf32> -> !bgraph.tile<2x8x16xf32>
    %yt = bgraph.input %y imap = {x = 0, y = 2, z = replica} fmap = 1 : tensor<4x32x8xf32> -> !bgraph.tile<2x16x4xf32>
    %p = bgraph.matmul %xt, %yt : !bgraph.tile<2x8x16xf32>, !bgraph.tile<2x16x4xf32> -> !bgraph.tile<2x8x4xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<2x8x4xf32> -> !bgraph.tile<2x8x4xf32>
    %o = bgraph.output %s omap = {x = 0, y = 2, z = 1} : !bgraph.tile<2x8x4xf32> -> tensor<4x16x8xf32>
    bgraph.yield %o : tensor<4x16x8xf32>
  }
  return %c : tensor<4x16x8xf32>
}

//===----------------------------------------------------------------------===//
// Compute ops on tiles, in the loop body and post-loop.
//===----------------------------------------------------------------------===//

// Element-wise binary ops with broadcasting (rank promotion and size-1
// dims) in the for-loop body, f32.
// CHECK-LABEL: func.func @binary_broadcast
// CHECK: %[[A:.*]] = bgraph.input %{{.*}} imap = {x = 0} fmap = 1 : tensor<32x64xf32> -> !bgraph.tile<16x16xf32>
// CHECK: %[[B:.*]] = bgraph.input %{{.*}} imap = {x = replica} fmap = 0 : tensor<64xf32> -> !bgraph.tile<16xf32>
// CHECK: %[[C:.*]] = bgraph.input %{{.*}} imap = {x = 0} fmap = replica : tensor<32x1xf32> -> !bgraph.tile<16x1xf32>
// CHECK: %[[ADD:.*]] = bgraph.add %[[A]], %[[B]] : !bgraph.tile<16x16xf32>, !bgraph.tile<16xf32> -> !bgraph.tile<16x16xf32>
// CHECK: %[[SUB:.*]] = bgraph.sub %[[ADD]], %[[C]] : !bgraph.tile<16x16xf32>, !bgraph.tile<16x1xf32> -> !bgraph.tile<16x16xf32>
// CHECK: %[[MUL:.*]] = bgraph.mul %[[B]], %[[SUB]] : !bgraph.tile<16xf32>, !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
// CHECK: %[[DIV:.*]] = bgraph.div %[[MUL]], %[[C]] : !bgraph.tile<16x16xf32>, !bgraph.tile<16x1xf32> -> !bgraph.tile<16x16xf32>
// CHECK: bgraph.accum concat %[[DIV]] fmap = 1 : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x64xf32>
func.func @binary_broadcast(%a: tensor<32x64xf32>, %b: tensor<64xf32>, %c: tensor<32x1xf32>) -> tensor<32x64xf32> {
  %r = kgraph.kernel grid = [2] forloop = 4 ins(%a, %b, %c : tensor<32x64xf32>, tensor<64xf32>, tensor<32x1xf32>) -> (tensor<32x64xf32>) {
  ^bb0(%x: tensor<32x64xf32>, %y: tensor<64xf32>, %z: tensor<32x1xf32>):
    %at = bgraph.input %x imap = {x = 0} fmap = 1 : tensor<32x64xf32> -> !bgraph.tile<16x16xf32>
    %bt = bgraph.input %y imap = {x = replica} fmap = 0 : tensor<64xf32> -> !bgraph.tile<16xf32>
    %ct = bgraph.input %z imap = {x = 0} fmap = replica : tensor<32x1xf32> -> !bgraph.tile<16x1xf32>
    %0 = bgraph.add %at, %bt : !bgraph.tile<16x16xf32>, !bgraph.tile<16xf32> -> !bgraph.tile<16x16xf32>
    %1 = bgraph.sub %0, %ct : !bgraph.tile<16x16xf32>, !bgraph.tile<16x1xf32> -> !bgraph.tile<16x16xf32>
    %2 = bgraph.mul %bt, %1 : !bgraph.tile<16xf32>, !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %3 = bgraph.div %2, %ct : !bgraph.tile<16x16xf32>, !bgraph.tile<16x1xf32> -> !bgraph.tile<16x16xf32>
    %s = bgraph.accum concat %3 fmap = 1 : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x64xf32>
    %o = bgraph.output %s omap = {x = 0} : !bgraph.tile<16x64xf32> -> tensor<32x64xf32>
    bgraph.yield %o : tensor<32x64xf32>
  }
  return %r : tensor<32x64xf32>
}

// Every unary op and mul_scalar, in the loop body, f16.
// CHECK-LABEL: func.func @unary
// CHECK: %[[T:.*]] = bgraph.input
// CHECK: %[[E:.*]] = bgraph.exp %[[T]] : !bgraph.tile<8x16xf16>
// CHECK: %[[SQ:.*]] = bgraph.square %[[E]] : !bgraph.tile<8x16xf16>
// CHECK: %[[RT:.*]] = bgraph.sqrt %[[SQ]] : !bgraph.tile<8x16xf16>
// CHECK: %[[RS:.*]] = bgraph.rsqrt %[[RT]] : !bgraph.tile<8x16xf16>
// CHECK: %[[SI:.*]] = bgraph.silu %[[RS]] : !bgraph.tile<8x16xf16>
// CHECK: %[[GE:.*]] = bgraph.gelu %[[SI]] : !bgraph.tile<8x16xf16>
// CHECK: %[[RE:.*]] = bgraph.relu %[[GE]] : !bgraph.tile<8x16xf16>
// CHECK: %[[SG:.*]] = bgraph.sigmoid %[[RE]] : !bgraph.tile<8x16xf16>
// CHECK: %[[TH:.*]] = bgraph.tanh %[[SG]] : !bgraph.tile<8x16xf16>
// CHECK: %[[NE:.*]] = bgraph.neg %[[TH]] : !bgraph.tile<8x16xf16>
// CHECK: %[[MS:.*]] = bgraph.mul_scalar %[[NE]], 2.500000e-01 : !bgraph.tile<8x16xf16>
// CHECK: bgraph.accum sum %[[MS]]
func.func @unary(%a: tensor<8x64xf16>) -> tensor<8x16xf16> {
  %r = kgraph.kernel grid = [1] forloop = 4 ins(%a : tensor<8x64xf16>) -> (tensor<8x16xf16>) {
  ^bb0(%x: tensor<8x64xf16>):
    %t = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<8x64xf16> -> !bgraph.tile<8x16xf16>
    %0 = bgraph.exp %t : !bgraph.tile<8x16xf16>
    %1 = bgraph.square %0 : !bgraph.tile<8x16xf16>
    %2 = bgraph.sqrt %1 : !bgraph.tile<8x16xf16>
    %3 = bgraph.rsqrt %2 : !bgraph.tile<8x16xf16>
    %4 = bgraph.silu %3 : !bgraph.tile<8x16xf16>
    %5 = bgraph.gelu %4 : !bgraph.tile<8x16xf16>
    %6 = bgraph.relu %5 : !bgraph.tile<8x16xf16>
    %sg = bgraph.sigmoid %6 : !bgraph.tile<8x16xf16>
    %th = bgraph.tanh %sg : !bgraph.tile<8x16xf16>
    %7 = bgraph.neg %th : !bgraph.tile<8x16xf16>
    %8 = bgraph.mul_scalar %7, 0.25 : !bgraph.tile<8x16xf16>
    %s = bgraph.accum sum %8 : !bgraph.tile<8x16xf16> -> !bgraph.tile<8x16xf16>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x16xf16> -> tensor<8x16xf16>
    bgraph.yield %o : tensor<8x16xf16>
  }
  return %r : tensor<8x16xf16>
}

// Reductions with an extent, in the loop body and post-loop (after the
// accumulator), and a post-loop binary op on two post-loop values, bf16.
// CHECK-LABEL: func.func @reductions_post_loop
// CHECK: %[[T:.*]] = bgraph.input
// CHECK: %[[RS:.*]] = bgraph.reduce_sum %[[T]] dim = 1 : !bgraph.tile<16x32xbf16> -> !bgraph.tile<16x1xbf16>
// CHECK: %[[A:.*]] = bgraph.accum sum %[[RS]] : !bgraph.tile<16x1xbf16> -> !bgraph.tile<16x1xbf16>
// CHECK: %[[M:.*]] = bgraph.accum max %[[T]] : !bgraph.tile<16x32xbf16> -> !bgraph.tile<16x32xbf16>
// CHECK: %[[RM:.*]] = bgraph.reduce_max %[[M]] dim = 1 : !bgraph.tile<16x32xbf16> -> !bgraph.tile<16x4xbf16>
// CHECK: %[[RM0:.*]] = bgraph.reduce_max %[[RM]] dim = 0 : !bgraph.tile<16x4xbf16> -> !bgraph.tile<1x4xbf16>
// CHECK: %[[D:.*]] = bgraph.div %[[RM]], %[[A]] : !bgraph.tile<16x4xbf16>, !bgraph.tile<16x1xbf16> -> !bgraph.tile<16x4xbf16>
// CHECK: bgraph.output %[[D]] omap = {x = 0} : !bgraph.tile<16x4xbf16> -> tensor<32x4xbf16>
// CHECK: bgraph.output %[[RM0]] omap = {x = 0} : !bgraph.tile<1x4xbf16> -> tensor<2x4xbf16>
func.func @reductions_post_loop(%a: tensor<32x64xbf16>) -> (tensor<32x4xbf16>, tensor<2x4xbf16>) {
  %r:2 = kgraph.kernel grid = [2] forloop = 2 ins(%a : tensor<32x64xbf16>) -> (tensor<32x4xbf16>, tensor<2x4xbf16>) {
  ^bb0(%x: tensor<32x64xbf16>):
    %t = bgraph.input %x imap = {x = 0} fmap = 1 : tensor<32x64xbf16> -> !bgraph.tile<16x32xbf16>
    %rs = bgraph.reduce_sum %t dim = 1 : !bgraph.tile<16x32xbf16> -> !bgraph.tile<16x1xbf16>
    %a1 = bgraph.accum sum %rs : !bgraph.tile<16x1xbf16> -> !bgraph.tile<16x1xbf16>
    %m = bgraph.accum max %t : !bgraph.tile<16x32xbf16> -> !bgraph.tile<16x32xbf16>
    %rm = bgraph.reduce_max %m dim = 1 : !bgraph.tile<16x32xbf16> -> !bgraph.tile<16x4xbf16>
    %rm0 = bgraph.reduce_max %rm dim = 0 : !bgraph.tile<16x4xbf16> -> !bgraph.tile<1x4xbf16>
    %d = bgraph.div %rm, %a1 : !bgraph.tile<16x4xbf16>, !bgraph.tile<16x1xbf16> -> !bgraph.tile<16x4xbf16>
    %o1 = bgraph.output %d omap = {x = 0} : !bgraph.tile<16x4xbf16> -> tensor<32x4xbf16>
    %o2 = bgraph.output %rm0 omap = {x = 0} : !bgraph.tile<1x4xbf16> -> tensor<2x4xbf16>
    bgraph.yield %o1, %o2 : tensor<32x4xbf16>, tensor<2x4xbf16>
  }
  return %r#0, %r#1 : tensor<32x4xbf16>, tensor<2x4xbf16>
}

// Data movement on tiles: transpose, reshape and concat in the loop body,
// repeat post-loop, on a 2-d grid, f16.
// CHECK-LABEL: func.func @data_movement
// CHECK: %[[T:.*]] = bgraph.input %{{.*}} imap = {x = 0, y = 1} fmap = replica : tensor<16x32xf16> -> !bgraph.tile<8x16xf16>
// CHECK: %[[TT:.*]] = bgraph.transpose %[[T]] permutation = [1, 0] : !bgraph.tile<8x16xf16> -> !bgraph.tile<16x8xf16>
// CHECK: %[[RS:.*]] = bgraph.reshape %[[TT]] : !bgraph.tile<16x8xf16> -> !bgraph.tile<8x16xf16>
// CHECK: %[[C:.*]] = bgraph.concat %[[T]], %[[RS]] dim = 0 : !bgraph.tile<8x16xf16>, !bgraph.tile<8x16xf16> -> !bgraph.tile<16x16xf16>
// CHECK: %[[A:.*]] = bgraph.accum sum %[[C]] : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf16>
// CHECK: %[[R:.*]] = bgraph.repeat %[[A]] : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x32xf16>
// CHECK: bgraph.output %[[R]] omap = {x = 0, y = 1} : !bgraph.tile<16x32xf16> -> tensor<32x64xf16>
func.func @data_movement(%a: tensor<16x32xf16>) -> tensor<32x64xf16> {
  %r = kgraph.kernel grid = [2, 2] forloop = 1 ins(%a : tensor<16x32xf16>) -> (tensor<32x64xf16>) {
  ^bb0(%x: tensor<16x32xf16>):
    %t = bgraph.input %x imap = {x = 0, y = 1} fmap = replica : tensor<16x32xf16> -> !bgraph.tile<8x16xf16>
    %tt = bgraph.transpose %t permutation = [1, 0] : !bgraph.tile<8x16xf16> -> !bgraph.tile<16x8xf16>
    %rs = bgraph.reshape %tt : !bgraph.tile<16x8xf16> -> !bgraph.tile<8x16xf16>
    %c = bgraph.concat %t, %rs dim = 0 : !bgraph.tile<8x16xf16>, !bgraph.tile<8x16xf16> -> !bgraph.tile<16x16xf16>
    %s = bgraph.accum sum %c : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf16>
    %rep = bgraph.repeat %s : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x32xf16>
    %o = bgraph.output %rep omap = {x = 0, y = 1} : !bgraph.tile<16x32xf16> -> tensor<32x64xf16>
    bgraph.yield %o : tensor<32x64xf16>
  }
  return %r : tensor<32x64xf16>
}

//===----------------------------------------------------------------------===//
// A softmax split across kernels: row maxima and the merging sum.
//===----------------------------------------------------------------------===//

// The producer writes its partial row sums and, beside them, the maxima
// they are kept relative to (one per row of its 8-column tiles); the
// consumer merges the two splits against a running maximum.
// CHECK-LABEL: func.func @split_softmax_maxima
// CHECK: %[[S:.*]] = bgraph.accum sum %{{.*}} : !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
// CHECK-NEXT: %[[M:.*]] = bgraph.running_max %[[S]] : !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
// CHECK: bgraph.accum sum %{{.*}} maxima %{{.*}} : !bgraph.tile<4x1xf32>, !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
func.func @split_softmax_maxima(%x: tensor<4x16xf32>) -> tensor<4x1xf32> {
  %l, %m = kgraph.kernel grid = [2] forloop = 2 ins(%x : tensor<4x16xf32>) -> (tensor<4x2xf32>, tensor<4x2xf32>) {
  ^bb0(%xb: tensor<4x16xf32>):
    %t = bgraph.input %xb imap = {x = 1} fmap = 1 : tensor<4x16xf32> -> !bgraph.tile<4x4xf32>
    %e = bgraph.exp %t : !bgraph.tile<4x4xf32>
    %r = bgraph.reduce_sum %e dim = 1 : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x1xf32>
    %s = bgraph.accum sum %r : !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
    %mx = bgraph.running_max %s : !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
    %o = bgraph.output %s omap = {x = 1} : !bgraph.tile<4x1xf32> -> tensor<4x2xf32>
    %om = bgraph.output %mx omap = {x = 1} : !bgraph.tile<4x1xf32> -> tensor<4x2xf32>
    bgraph.yield %o, %om : tensor<4x2xf32>, tensor<4x2xf32>
  }
  %y = kgraph.kernel grid = [1] forloop = 2 ins(%l, %m : tensor<4x2xf32>, tensor<4x2xf32>) -> (tensor<4x1xf32>) {
  ^bb0(%lb: tensor<4x2xf32>, %mb: tensor<4x2xf32>):
    %lt = bgraph.input %lb imap = {x = replica} fmap = 1 : tensor<4x2xf32> -> !bgraph.tile<4x1xf32>
    %mt = bgraph.input %mb imap = {x = replica} fmap = 1 : tensor<4x2xf32> -> !bgraph.tile<4x1xf32>
    %a = bgraph.accum sum %lt maxima %mt : !bgraph.tile<4x1xf32>, !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
    %o = bgraph.output %a omap = {x = replica} : !bgraph.tile<4x1xf32> -> tensor<4x1xf32>
    bgraph.yield %o : tensor<4x1xf32>
  }
  return %y : tensor<4x1xf32>
}
