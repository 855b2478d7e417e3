// Mutation subjects beyond the workloads (test/Unit/Verify/MutationTest.cpp):
// µGraphs with the ops the workloads lack, each with its reference. An
// rms_norm with an epsilon and a matmul with a constant added, fused by
// rules (add_scalar in a thread graph and in the block graph); a rotary
// embedding (kernel-level slices and a concat before a fused kernel); and a
// block-level slice in a grid of two blocks.

func.func @norm_eps(%x: tensor<8x64xf32>, %g: tensor<64xf32>, %w: tensor<64x32xf32>) -> tensor<8x32xf32> {
  %n = kgraph.rms_norm %x, %g epsilon = 1.000000e-01 : tensor<8x64xf32>, tensor<64xf32> -> tensor<8x64xf32>
  %m = kgraph.matmul %n, %w : tensor<8x64xf32>, tensor<64x32xf32> -> tensor<8x32xf32>
  %s = kgraph.add_scalar %m, 5.000000e-01 : tensor<8x32xf32>
  return %s : tensor<8x32xf32>
}
func.func @rotary(%x: tensor<8x16xf32>, %c: tensor<8x16xf32>, %s: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %a = kgraph.slice %x offsets = [0, 0] : tensor<8x16xf32> -> tensor<8x8xf32>
  %b = kgraph.slice %x offsets = [0, 8] : tensor<8x16xf32> -> tensor<8x8xf32>
  %n = kgraph.neg %b : tensor<8x8xf32>
  %r = kgraph.concat %n, %a dim = 1 : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x16xf32>
  %p = kgraph.mul %x, %c : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %q = kgraph.mul %r, %s : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %o = kgraph.add %p, %q : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  return %o : tensor<8x16xf32>
}
func.func @norm_eps_opt(%arg0: tensor<8x64xf32>, %arg1: tensor<64xf32>, %arg2: tensor<64x32xf32>) -> tensor<8x32xf32> attributes {tsopt.reference = @norm_eps} {
  %0 = kgraph.kernel grid = [1] forloop = 1 ins(%arg0, %arg1, %arg2 : tensor<8x64xf32>, tensor<64xf32>, tensor<64x32xf32>) -> (tensor<8x32xf32>) {
  ^bb0(%arg3: tensor<8x64xf32>, %arg4: tensor<64xf32>, %arg5: tensor<64x32xf32>):
    %1 = bgraph.input %arg3 imap = {x = replica} fmap = replica : tensor<8x64xf32> -> !bgraph.tile<8x64xf32>
    %2 = bgraph.square %1 : !bgraph.tile<8x64xf32>
    %3 = bgraph.reduce_sum %2 dim = 1 : !bgraph.tile<8x64xf32> -> !bgraph.tile<8x1xf32>
    %4 = bgraph.input %arg4 imap = {x = replica} fmap = replica : tensor<64xf32> -> !bgraph.tile<64xf32>
    %5 = tgraph.graph %3, %1, %4 : !bgraph.tile<8x1xf32>, !bgraph.tile<8x64xf32>, !bgraph.tile<64xf32> -> !bgraph.tile<8x64xf32> {
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
      %11 = tgraph.mul_scalar %arg6, 1.562500e-02 : f32
      %12 = tgraph.add_scalar %11, 1.000000e-01 : f32
      %13 = tgraph.sqrt %12 : f32
      %14 = tgraph.div %arg7, %13 : f32
      %15 = tgraph.mul %14, %arg8 : f32
      tgraph.yield %15 : f32
    }
    %6 = bgraph.input %arg5 imap = {x = replica} fmap = replica : tensor<64x32xf32> -> !bgraph.tile<64x32xf32>
    %7 = bgraph.matmul %5, %6 : !bgraph.tile<8x64xf32>, !bgraph.tile<64x32xf32> -> !bgraph.tile<8x32xf32>
    %8 = bgraph.add_scalar %7, 5.000000e-01 : !bgraph.tile<8x32xf32>
    %9 = bgraph.accum sum %8 : !bgraph.tile<8x32xf32> -> !bgraph.tile<8x32xf32>
    %10 = bgraph.output %9 omap = {x = replica} : !bgraph.tile<8x32xf32> -> tensor<8x32xf32>
    bgraph.yield %10 : tensor<8x32xf32>
  }
  return %0 : tensor<8x32xf32>
}
func.func @rotary_opt(%arg0: tensor<8x16xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<8x16xf32>) -> tensor<8x16xf32> attributes {tsopt.reference = @rotary} {
  %0 = kgraph.slice %arg0 offsets = [0, 0] : tensor<8x16xf32> -> tensor<8x8xf32>
  %1 = kgraph.slice %arg0 offsets = [0, 8] : tensor<8x16xf32> -> tensor<8x8xf32>
  %2 = kgraph.neg %1 : tensor<8x8xf32>
  %3 = kgraph.concat %2, %0 dim = 1 : tensor<8x8xf32>, tensor<8x8xf32> -> tensor<8x16xf32>
  %4 = kgraph.kernel grid = [1] forloop = 1 ins(%arg0, %arg1, %3, %arg2 : tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>) -> (tensor<8x16xf32>) {
  ^bb0(%arg3: tensor<8x16xf32>, %arg4: tensor<8x16xf32>, %arg5: tensor<8x16xf32>, %arg6: tensor<8x16xf32>):
    %5 = bgraph.input %arg3 imap = {x = replica} fmap = replica : tensor<8x16xf32> -> !bgraph.tile<8x16xf32>
    %6 = bgraph.input %arg4 imap = {x = replica} fmap = replica : tensor<8x16xf32> -> !bgraph.tile<8x16xf32>
    %7 = bgraph.input %arg5 imap = {x = replica} fmap = replica : tensor<8x16xf32> -> !bgraph.tile<8x16xf32>
    %8 = bgraph.input %arg6 imap = {x = replica} fmap = replica : tensor<8x16xf32> -> !bgraph.tile<8x16xf32>
    %9 = tgraph.graph %5, %6, %7, %8 : !bgraph.tile<8x16xf32>, !bgraph.tile<8x16xf32>, !bgraph.tile<8x16xf32>, !bgraph.tile<8x16xf32> -> !bgraph.tile<8x16xf32> {
    ^bb0(%arg7: f32, %arg8: f32, %arg9: f32, %arg10: f32):
      %12 = tgraph.mul %arg7, %arg8 : f32
      %13 = tgraph.mul %arg9, %arg10 : f32
      %14 = tgraph.add %12, %13 : f32
      tgraph.yield %14 : f32
    }
    %10 = bgraph.accum sum %9 : !bgraph.tile<8x16xf32> -> !bgraph.tile<8x16xf32>
    %11 = bgraph.output %10 omap = {x = replica} : !bgraph.tile<8x16xf32> -> tensor<8x16xf32>
    bgraph.yield %11 : tensor<8x16xf32>
  }
  return %4 : tensor<8x16xf32>
}

func.func @slice_block_opt(%x: tensor<8x16xf32>) -> tensor<8x8xf32> attributes {tsopt.reference = @slice_block} {
  %0 = kgraph.kernel grid = [2] forloop = 1 ins(%x : tensor<8x16xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%a: tensor<8x16xf32>):
    %1 = bgraph.input %a imap = {x = 0} fmap = replica : tensor<8x16xf32> -> !bgraph.tile<4x16xf32>
    %2 = bgraph.slice %1 offsets = [0, 6] : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x8xf32>
    %3 = bgraph.add_scalar %2, 2.500000e-01 : !bgraph.tile<4x8xf32>
    %4 = bgraph.accum sum %3 : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    %5 = bgraph.output %4 omap = {x = 0} : !bgraph.tile<4x8xf32> -> tensor<8x8xf32>
    bgraph.yield %5 : tensor<8x8xf32>
  }
  return %0 : tensor<8x8xf32>
}
func.func @slice_block(%x: tensor<8x16xf32>) -> tensor<8x8xf32> {
  %s = kgraph.slice %x offsets = [0, 6] : tensor<8x16xf32> -> tensor<8x8xf32>
  %t = kgraph.add_scalar %s, 2.500000e-01 : tensor<8x8xf32>
  return %t : tensor<8x8xf32>
}
