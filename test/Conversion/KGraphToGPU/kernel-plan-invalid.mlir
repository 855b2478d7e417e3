// The lowering reads the kernel plan and makes none. It refuses a kernel
// that carries no plan (tsopt-plan-kernels makes it) or a pre-defined op
// (tsopt-plan-kernels expands it), naming the op, and a plan it cannot emit
// (here written by hand, past tsopt-plan-kernels: tensor cores for an f32
// matmul; partials written relative to their rows' maxima that nothing
// merges; wgmma where the tiles' layouts or the product's shape do not
// allow it, or a tile it reads off the swizzle's 1024-byte repeat).
// RUN: tsopt-opt %s -split-input-file -verify-diagnostics --convert-kgraph-to-gpu=target=sm_90 -o /dev/null
// RUN: tsopt-opt %s -split-input-file -verify-diagnostics --convert-kgraph-to-scf -o /dev/null

// expected-error @+1 {{the kernel plan cannot be emitted: op #2 (matmul) is planned on tensor cores, but its input type is not a half type}}
func.func @f32_mma(%arg0: tensor<16x16xf32>, %arg1: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %0 = kgraph.kernel grid = [1] forloop = 1 ins(%arg0, %arg1 : tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>) attributes {bgraph.block_threads = 128 : i64, bgraph.stages = 1 : i64} {
  ^bb0(%arg2: tensor<16x16xf32>, %arg3: tensor<16x16xf32>):
    %1 = bgraph.input %arg2 imap = {x = replica} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<2,4,3>", bgraph.offset = 0 : i64} : tensor<16x16xf32> -> !bgraph.tile<16x16xf32>
    %2 = bgraph.input %arg3 imap = {x = replica} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 1024 : i64} : tensor<16x16xf32> -> !bgraph.tile<16x16xf32>
    %3 = bgraph.matmul %1, %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 2048 : i64} : !bgraph.tile<16x16xf32>, !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %4 = bgraph.accum sum %3 {bgraph.depth = 2 : i64} : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %5 = bgraph.output %4 omap = {x = replica} {bgraph.depth = 0 : i64} : !bgraph.tile<16x16xf32> -> tensor<16x16xf32>
    bgraph.yield %5 : tensor<16x16xf32>
  }
  return %0 : tensor<16x16xf32>
}

// -----

// The same kernel without its plan.
func.func @f32_mma(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16x16xf32> {
  // expected-error @+1 {{the kernel carries no plan: run tsopt-plan-kernels first}}
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>) attributes {bgraph.stages = 1 : i64} {
  ^bb0(%ab: tensor<16x16xf32>, %bb: tensor<16x16xf32>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica {bgraph.copy_bytes = 16 : i64} : tensor<16x16xf32> -> !bgraph.tile<16x16xf32>
    %bt = bgraph.input %bb imap = {x = replica} fmap = replica {bgraph.copy_bytes = 16 : i64} : tensor<16x16xf32> -> !bgraph.tile<16x16xf32>
    %p = bgraph.matmul %at, %bt {bgraph.mma = "cuda_cores"} : !bgraph.tile<16x16xf32>, !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<16x16xf32> -> tensor<16x16xf32>
    bgraph.yield %o : tensor<16x16xf32>
  }
  return %c : tensor<16x16xf32>
}

// -----

// A pre-defined op: its block graph is tsopt-plan-kernels' to make. A
// reshape that is not a result is a view and needs none.
func.func @predefined(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %r = kgraph.reshape %a : tensor<16x16xf32> -> tensor<256xf32>
  %s = kgraph.reshape %r : tensor<256xf32> -> tensor<16x16xf32>
  // expected-error @+1 {{no block graph to lower: run tsopt-plan-kernels first, which gives pre-defined ops their default expansion}}
  %c = kgraph.matmul %s, %b : tensor<16x16xf32>, tensor<16x16xf32> -> tensor<16x16xf32>
  return %c : tensor<16x16xf32>
}

// -----

// An exp planned in the running-max form whose row sums are only written
// out, without the rows' maxima they are relative to.
func.func @unmerged(%arg0: tensor<4x16xf32>) -> tensor<4x1xf32> {
  // expected-error @+1 {{op #1 is planned in the running-max form, but the partials it writes relative to their rows' maxima go out without the maxima (bgraph.running_max) that a consumer merges them with}}
  %0 = kgraph.kernel grid = [1] forloop = 2 ins(%arg0 : tensor<4x16xf32>) -> (tensor<4x1xf32>) attributes {bgraph.block_threads = 128 : i64, bgraph.stages = 3 : i64} {
  ^bb0(%arg1: tensor<4x16xf32>):
    %1 = bgraph.input %arg1 imap = {x = replica} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 0, 128, 256>} : tensor<4x16xf32> -> !bgraph.tile<4x8xf32>
    %2 = bgraph.exp %1 {bgraph.depth = 1 : i64, bgraph.exp_form = "running_max", bgraph.layout = "row_major", bgraph.offset = 384 : i64} : !bgraph.tile<4x8xf32>
    %3 = bgraph.reduce_sum %2 dim = 1 {bgraph.depth = 2 : i64, bgraph.layout = "row_major", bgraph.offset = 528 : i64, bgraph.tree_width = 2 : i64} : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x1xf32>
    %4 = bgraph.accum sum %3 {bgraph.depth = 3 : i64, bgraph.layout = "row_major", bgraph.offset = 512 : i64} : !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
    %5 = bgraph.output %4 omap = {x = replica} {bgraph.depth = 0 : i64} : !bgraph.tile<4x1xf32> -> tensor<4x1xf32>
    bgraph.yield %5 : tensor<4x1xf32>
  }
  return %0 : tensor<4x1xf32>
}

// -----

// A wgmma plan on a tile in no canonical layout (row-major, unswizzled).
// expected-error @+1 {{the kernel plan cannot be emitted: op #2 (matmul) is planned as wgmma, but an operand tile is not in a layout its matrix descriptor can describe}}
func.func @wg(%arg0: tensor<128x128xf16>, %arg1: tensor<128x64xf16>) -> tensor<128x64xf16> {
  %0 = kgraph.kernel grid = [2] forloop = 2 ins(%arg0, %arg1 : tensor<128x128xf16>, tensor<128x64xf16>) -> (tensor<128x64xf16>) attributes {bgraph.block_threads = 128 : i64, bgraph.stages = 3 : i64} {
  ^bb0(%arg2: tensor<128x128xf16>, %arg3: tensor<128x64xf16>):
    %1 = bgraph.input %arg2 imap = {x = 0} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = array<i64: 32768, 40960, 49152>} : tensor<128x128xf16> -> !bgraph.tile<64x64xf16>
    %2 = bgraph.input %arg3 imap = {x = replica} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = array<i64: 57344, 65536, 73728>} : tensor<128x64xf16> -> !bgraph.tile<64x64xf16>
    %3 = bgraph.matmul %1, %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.mma = "wgmma", bgraph.offset = 16384 : i64} : !bgraph.tile<64x64xf16>, !bgraph.tile<64x64xf16> -> !bgraph.tile<64x64xf32>
    %4 = bgraph.accum sum %3 {bgraph.depth = 2 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = 0 : i64} : !bgraph.tile<64x64xf32> -> !bgraph.tile<64x64xf32>
    %5 = bgraph.output %4 omap = {x = 0} {bgraph.depth = 0 : i64} : !bgraph.tile<64x64xf32> -> tensor<128x64xf16>
    bgraph.yield %5 : tensor<128x64xf16>
  }
  return %0 : tensor<128x64xf16>
}

// -----

// A tile a wgmma reads placed off the 1024-byte repeat of its swizzle.
// expected-error @+1 {{cannot plan the shared memory of wg_kernel0: the recorded shared-memory plan does not hold: tile %3 (input, 8192 bytes at 74240, steps 0..2) is not at a non-negative multiple of 1024 (a wgmma reads it)}}
func.func @wg(%arg0: tensor<128x128xf16>, %arg1: tensor<128x64xf16>) -> tensor<128x64xf16> {
  %0 = kgraph.kernel grid = [2] forloop = 2 ins(%arg0, %arg1 : tensor<128x128xf16>, tensor<128x64xf16>) -> (tensor<128x64xf16>) attributes {bgraph.block_threads = 128 : i64, bgraph.stages = 3 : i64} {
  ^bb0(%arg2: tensor<128x128xf16>, %arg3: tensor<128x64xf16>):
    %1 = bgraph.input %arg2 imap = {x = 0} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = array<i64: 32768, 40960, 49152>} : tensor<128x128xf16> -> !bgraph.tile<64x64xf16>
    %2 = bgraph.input %arg3 imap = {x = replica} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = array<i64: 57344, 65536, 74240>} : tensor<128x64xf16> -> !bgraph.tile<64x64xf16>
    %3 = bgraph.matmul %1, %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.mma = "wgmma", bgraph.offset = 16384 : i64} : !bgraph.tile<64x64xf16>, !bgraph.tile<64x64xf16> -> !bgraph.tile<64x64xf32>
    %4 = bgraph.accum sum %3 {bgraph.depth = 2 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = 0 : i64} : !bgraph.tile<64x64xf32> -> !bgraph.tile<64x64xf32>
    %5 = bgraph.output %4 omap = {x = 0} {bgraph.depth = 0 : i64} : !bgraph.tile<64x64xf32> -> tensor<128x64xf16>
    bgraph.yield %5 : tensor<128x64xf16>
  }
  return %0 : tensor<128x64xf16>
}

// -----

// A 64-row wgmma in blocks of two warpgroups: they cannot share it.
// expected-error @+1 {{the kernel plan cannot be emitted: op #2 (matmul) is planned as wgmma, but its product is not one matrix of rows a multiple of 64 shared evenly by the block's warpgroups}}
func.func @wg(%arg0: tensor<128x128xf16>, %arg1: tensor<128x64xf16>) -> tensor<128x64xf16> {
  %0 = kgraph.kernel grid = [2] forloop = 2 ins(%arg0, %arg1 : tensor<128x128xf16>, tensor<128x64xf16>) -> (tensor<128x64xf16>) attributes {bgraph.block_threads = 256 : i64, bgraph.stages = 3 : i64} {
  ^bb0(%arg2: tensor<128x128xf16>, %arg3: tensor<128x64xf16>):
    %1 = bgraph.input %arg2 imap = {x = 0} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = array<i64: 32768, 40960, 49152>} : tensor<128x128xf16> -> !bgraph.tile<64x64xf16>
    %2 = bgraph.input %arg3 imap = {x = replica} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = array<i64: 57344, 65536, 73728>} : tensor<128x64xf16> -> !bgraph.tile<64x64xf16>
    %3 = bgraph.matmul %1, %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.mma = "wgmma", bgraph.offset = 16384 : i64} : !bgraph.tile<64x64xf16>, !bgraph.tile<64x64xf16> -> !bgraph.tile<64x64xf32>
    %4 = bgraph.accum sum %3 {bgraph.depth = 2 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = 0 : i64} : !bgraph.tile<64x64xf32> -> !bgraph.tile<64x64xf32>
    %5 = bgraph.output %4 omap = {x = 0} {bgraph.depth = 0 : i64} : !bgraph.tile<64x64xf32> -> tensor<128x64xf16>
    bgraph.yield %5 : tensor<128x64xf16>
  }
  return %0 : tensor<128x64xf16>
}

// -----

// A padded tile: the TMA writes boxes densely.
// expected-error @+1 {{the kernel plan cannot be emitted: op #0 (input) is copied by the TMA, but its layout 'row_major_pad<16>' is not row-major, unpadded, unswizzled or in a TMA swizzle}}
func.func @padded(%arg0: tensor<128x128xf16>, %arg1: tensor<128x64xf16>) -> tensor<128x64xf16> {
    %0 = kgraph.kernel grid = [2] forloop = 2 ins(%arg0, %arg1 : tensor<128x128xf16>, tensor<128x64xf16>) -> (tensor<128x64xf16>) attributes {bgraph.block_threads = 128 : i64, bgraph.stages = 3 : i64} {
    ^bb0(%arg2: tensor<128x128xf16>, %arg3: tensor<128x64xf16>):
      %1 = bgraph.input %arg2 imap = {x = 0} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_pad<16>", bgraph.offset = array<i64: 32768, 41984, 51200>, bgraph.tma} : tensor<128x128xf16> -> !bgraph.tile<64x64xf16>
      %2 = bgraph.input %arg3 imap = {x = replica} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = array<i64: 61440, 69632, 77824>} : tensor<128x64xf16> -> !bgraph.tile<64x64xf16>
      %3 = bgraph.matmul %1, %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major", bgraph.mma = "m16n8k16", bgraph.offset = 16384 : i64} : !bgraph.tile<64x64xf16>, !bgraph.tile<64x64xf16> -> !bgraph.tile<64x64xf32>
      %4 = bgraph.accum sum %3 {bgraph.depth = 2 : i64, bgraph.layout = "row_major_swizzle<3,4,3>", bgraph.offset = 0 : i64} : !bgraph.tile<64x64xf32> -> !bgraph.tile<64x64xf32>
      %5 = bgraph.output %4 omap = {x = 0} {bgraph.depth = 0 : i64} : !bgraph.tile<64x64xf32> -> tensor<128x64xf16>
      bgraph.yield %5 : tensor<128x64xf16>
    }
    return %0 : tensor<128x64xf16>
}
