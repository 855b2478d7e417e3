// Round-trip of every tgraph op: custom syntax and generic form. Thread
// graphs live in a block graph, i.e. in the region of a kgraph.kernel.
// RUN: tsopt-opt %s | tsopt-opt | FileCheck %s
// RUN: tsopt-opt %s --mlir-print-op-generic | tsopt-opt | FileCheck %s

// Every scalar op in one thread graph over two same-shape tiles, f32, 1-d
// grid, in the loop body.
// CHECK-LABEL: func.func @all_scalar_ops
// CHECK: %[[A:.*]] = bgraph.input
// CHECK: %[[B:.*]] = bgraph.input
// CHECK: %[[G:.*]] = tgraph.graph %[[A]], %[[B]] : !bgraph.tile<16x16xf32>, !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32):
// CHECK-NEXT: %[[ADD:.*]] = tgraph.add %[[X]], %[[Y]] : f32
// CHECK-NEXT: %[[SUB:.*]] = tgraph.sub %[[ADD]], %[[Y]] : f32
// CHECK-NEXT: %[[MUL:.*]] = tgraph.mul %[[SUB]], %[[X]] : f32
// CHECK-NEXT: %[[DIV:.*]] = tgraph.div %[[MUL]], %[[Y]] : f32
// CHECK-NEXT: %[[EXP:.*]] = tgraph.exp %[[DIV]] : f32
// CHECK-NEXT: %[[SQ:.*]] = tgraph.square %[[EXP]] : f32
// CHECK-NEXT: %[[RT:.*]] = tgraph.sqrt %[[SQ]] : f32
// CHECK-NEXT: %[[RS:.*]] = tgraph.rsqrt %[[RT]] : f32
// CHECK-NEXT: %[[SI:.*]] = tgraph.silu %[[RS]] : f32
// CHECK-NEXT: %[[GE:.*]] = tgraph.gelu %[[SI]] : f32
// CHECK-NEXT: %[[RE:.*]] = tgraph.relu %[[GE]] : f32
// CHECK-NEXT: %[[SG:.*]] = tgraph.sigmoid %[[RE]] : f32
// CHECK-NEXT: %[[TH:.*]] = tgraph.tanh %[[SG]] : f32
// CHECK-NEXT: %[[NE:.*]] = tgraph.neg %[[TH]] : f32
// CHECK-NEXT: %[[MS:.*]] = tgraph.mul_scalar %[[NE]], 1.250000e-01 : f32
// CHECK-NEXT: %[[AS:.*]] = tgraph.add_scalar %[[MS]], 5.000000e-01 : f32
// CHECK-NEXT: tgraph.yield %[[AS]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: bgraph.accum sum %[[G]]
func.func @all_scalar_ops(%a: tensor<32x64xf32>, %b: tensor<32x64xf32>) -> tensor<32x16xf32> {
  %r = kgraph.kernel grid = [2] forloop = 4 ins(%a, %b : tensor<32x64xf32>, tensor<32x64xf32>) -> (tensor<32x16xf32>) {
  ^bb0(%x: tensor<32x64xf32>, %y: tensor<32x64xf32>):
    %at = bgraph.input %x imap = {x = 0} fmap = 1 : tensor<32x64xf32> -> !bgraph.tile<16x16xf32>
    %bt = bgraph.input %y imap = {x = 0} fmap = 1 : tensor<32x64xf32> -> !bgraph.tile<16x16xf32>
    %g = tgraph.graph %at, %bt : !bgraph.tile<16x16xf32>, !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32> {
    ^bb0(%p: f32, %q: f32):
      %0 = tgraph.add %p, %q : f32
      %1 = tgraph.sub %0, %q : f32
      %2 = tgraph.mul %1, %p : f32
      %3 = tgraph.div %2, %q : f32
      %4 = tgraph.exp %3 : f32
      %5 = tgraph.square %4 : f32
      %6 = tgraph.sqrt %5 : f32
      %7 = tgraph.rsqrt %6 : f32
      %8 = tgraph.silu %7 : f32
      %9 = tgraph.gelu %8 : f32
      %10 = tgraph.relu %9 : f32
      %sg = tgraph.sigmoid %10 : f32
      %th = tgraph.tanh %sg : f32
      %11 = tgraph.neg %th : f32
      %12 = tgraph.mul_scalar %11, 0.125 : f32
      %13 = tgraph.add_scalar %12, 0.5 : f32
      tgraph.yield %13 : f32
    }
    %s = bgraph.accum sum %g : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %o = bgraph.output %s omap = {x = 0} : !bgraph.tile<16x16xf32> -> tensor<32x16xf32>
    bgraph.yield %o : tensor<32x16xf32>
  }
  return %r : tensor<32x16xf32>
}

// Broadcasting with rank promotion: a 16x8 tile, a rank-1 8 tile and a 16x1
// tile broadcast to 16x8; two results; f16 on a 2-d grid, post-loop.
// CHECK-LABEL: func.func @broadcast_two_results
// CHECK: %[[R:.*]]:2 = tgraph.graph %{{.*}}, %{{.*}}, %{{.*}} : !bgraph.tile<16x8xf16>, !bgraph.tile<8xf16>, !bgraph.tile<16x1xf16> -> !bgraph.tile<16x8xf16>, !bgraph.tile<16x8xf16> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f16, %[[G:.*]]: f16, %[[S:.*]]: f16):
// CHECK-NEXT: %[[M:.*]] = tgraph.mul %[[X]], %[[G]] : f16
// CHECK-NEXT: %[[D:.*]] = tgraph.div %[[M]], %[[S]] : f16
// CHECK-NEXT: tgraph.yield %[[D]], %[[M]] : f16, f16
// CHECK: bgraph.output %[[R]]#0
// CHECK: bgraph.output %[[R]]#1
func.func @broadcast_two_results(%x: tensor<32x16xf16>, %g: tensor<16xf16>, %s: tensor<32x2xf16>) -> (tensor<32x16xf16>, tensor<32x16xf16>) {
  %r:2 = kgraph.kernel grid = [2, 2] forloop = 1 ins(%x, %g, %s : tensor<32x16xf16>, tensor<16xf16>, tensor<32x2xf16>) -> (tensor<32x16xf16>, tensor<32x16xf16>) {
  ^bb0(%xa: tensor<32x16xf16>, %ga: tensor<16xf16>, %sa: tensor<32x2xf16>):
    %xt = bgraph.input %xa imap = {x = 0, y = 1} fmap = replica : tensor<32x16xf16> -> !bgraph.tile<16x8xf16>
    %gt = bgraph.input %ga imap = {x = replica, y = 0} fmap = replica : tensor<16xf16> -> !bgraph.tile<8xf16>
    %st = bgraph.input %sa imap = {x = 0, y = 1} fmap = replica : tensor<32x2xf16> -> !bgraph.tile<16x1xf16>
    %xs = bgraph.accum sum %xt : !bgraph.tile<16x8xf16> -> !bgraph.tile<16x8xf16>
    %gs = bgraph.accum sum %gt : !bgraph.tile<8xf16> -> !bgraph.tile<8xf16>
    %ss = bgraph.accum sum %st : !bgraph.tile<16x1xf16> -> !bgraph.tile<16x1xf16>
    %t:2 = tgraph.graph %xs, %gs, %ss : !bgraph.tile<16x8xf16>, !bgraph.tile<8xf16>, !bgraph.tile<16x1xf16> -> !bgraph.tile<16x8xf16>, !bgraph.tile<16x8xf16> {
    ^bb0(%e: f16, %f: f16, %h: f16):
      %m = tgraph.mul %e, %f : f16
      %d = tgraph.div %m, %h : f16
      tgraph.yield %d, %m : f16, f16
    }
    %o1 = bgraph.output %t#0 omap = {x = 0, y = 1} : !bgraph.tile<16x8xf16> -> tensor<32x16xf16>
    %o2 = bgraph.output %t#1 omap = {x = 0, y = 1} : !bgraph.tile<16x8xf16> -> tensor<32x16xf16>
    bgraph.yield %o1, %o2 : tensor<32x16xf16>, tensor<32x16xf16>
  }
  return %r#0, %r#1 : tensor<32x16xf16>, tensor<32x16xf16>
}

// Rank promotion and size-1 dims on both sides (1x8x1 and 1x4 -> 1x8x4),
// bf16, 3-d grid.
// CHECK-LABEL: func.func @broadcast_outer_bf16
// CHECK: tgraph.graph %{{.*}}, %{{.*}} : !bgraph.tile<1x8x1xbf16>, !bgraph.tile<1x4xbf16> -> !bgraph.tile<1x8x4xbf16> {
// CHECK-NEXT: ^bb0(%[[P:.*]]: bf16, %[[Q:.*]]: bf16):
// CHECK-NEXT: %[[N:.*]] = tgraph.sub %[[P]], %[[Q]] : bf16
// CHECK-NEXT: tgraph.yield %[[N]] : bf16
func.func @broadcast_outer_bf16(%a: tensor<2x16x2xbf16>, %b: tensor<1x8xbf16>) -> tensor<2x16x8xbf16> {
  %r = kgraph.kernel grid = [2, 2, 2] forloop = 1 ins(%a, %b : tensor<2x16x2xbf16>, tensor<1x8xbf16>) -> (tensor<2x16x8xbf16>) {
  ^bb0(%x: tensor<2x16x2xbf16>, %y: tensor<1x8xbf16>):
    %at = bgraph.input %x imap = {x = 0, y = 1, z = 2} fmap = replica : tensor<2x16x2xbf16> -> !bgraph.tile<1x8x1xbf16>
    %bt = bgraph.input %y imap = {x = replica, y = replica, z = 1} fmap = replica : tensor<1x8xbf16> -> !bgraph.tile<1x4xbf16>
    %d = tgraph.graph %at, %bt : !bgraph.tile<1x8x1xbf16>, !bgraph.tile<1x4xbf16> -> !bgraph.tile<1x8x4xbf16> {
    ^bb0(%p: bf16, %q: bf16):
      %n = tgraph.sub %p, %q : bf16
      tgraph.yield %n : bf16
    }
    %s = bgraph.accum sum %d : !bgraph.tile<1x8x4xbf16> -> !bgraph.tile<1x8x4xbf16>
    %o = bgraph.output %s omap = {x = 0, y = 1, z = 2} : !bgraph.tile<1x8x4xbf16> -> tensor<2x16x8xbf16>
    bgraph.yield %o : tensor<2x16x8xbf16>
  }
  return %r : tensor<2x16x8xbf16>
}

// Unary scalar ops on f16 in a single-operand thread graph.
// CHECK-LABEL: func.func @unary_f16
// CHECK: tgraph.graph %{{.*}} : !bgraph.tile<8x8xf16> -> !bgraph.tile<8x8xf16> {
// CHECK-NEXT: ^bb0(%[[X:.*]]: f16):
// CHECK-NEXT: %[[S:.*]] = tgraph.silu %[[X]] : f16
// CHECK-NEXT: %[[M:.*]] = tgraph.mul_scalar %[[S]], -1.000000e+00 : f16
// CHECK-NEXT: tgraph.yield %[[M]] : f16
func.func @unary_f16(%a: tensor<8x8xf16>) -> tensor<8x8xf16> {
  %r = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8x8xf16>) -> (tensor<8x8xf16>) {
  ^bb0(%x: tensor<8x8xf16>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8x8xf16> -> !bgraph.tile<8x8xf16>
    %g = tgraph.graph %t : !bgraph.tile<8x8xf16> -> !bgraph.tile<8x8xf16> {
    ^bb0(%e: f16):
      %s = tgraph.silu %e : f16
      %m = tgraph.mul_scalar %s, -1.0 : f16
      tgraph.yield %m : f16
    }
    %s = bgraph.accum max %g : !bgraph.tile<8x8xf16> -> !bgraph.tile<8x8xf16>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x8xf16> -> tensor<8x8xf16>
    bgraph.yield %o : tensor<8x8xf16>
  }
  return %r : tensor<8x8xf16>
}
