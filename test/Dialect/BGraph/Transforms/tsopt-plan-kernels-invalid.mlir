// A plan that cannot be emitted is an error, whether planned or written.
// RUN: tsopt-opt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(func.func(tsopt-plan-kernels{target=sm_90}))'

// Tensor cores for an f32 matmul.
// expected-error @+1 {{cannot plan the kernels: op #0 (kernel): op #2 (matmul) is planned on tensor cores, but its input type is not a half type}}
func.func @f32_mma(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>) {
  ^bb0(%ab: tensor<16x16xf32>, %bb: tensor<16x16xf32>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<16x16xf32> -> !bgraph.tile<16x16xf32>
    %bt = bgraph.input %bb imap = {x = replica} fmap = replica : tensor<16x16xf32> -> !bgraph.tile<16x16xf32>
    %p = bgraph.matmul %at, %bt {bgraph.mma = "m16n8k16"} : !bgraph.tile<16x16xf32>, !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<16x16xf32> -> tensor<16x16xf32>
    bgraph.yield %o : tensor<16x16xf32>
  }
  return %c : tensor<16x16xf32>
}

// -----

// 16-byte copies of rows of three f16 elements.
// expected-error @+1 {{cannot plan the kernels: op #0 (kernel): op #0 (input) copies 16-byte chunks, which do not divide its tile's rows of 6 bytes}}
func.func @wide_copy(%a: tensor<4x3xf16>) -> tensor<4x3xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x3xf16>) -> (tensor<4x3xf16>) {
  ^bb0(%ab: tensor<4x3xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica {bgraph.copy_bytes = 16 : i64} : tensor<4x3xf16> -> !bgraph.tile<4x3xf16>
    %e = bgraph.exp %at : !bgraph.tile<4x3xf16> -> !bgraph.tile<4x3xf32>
    %s = bgraph.accum sum %e : !bgraph.tile<4x3xf32> -> !bgraph.tile<4x3xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x3xf32> -> tensor<4x3xf16>
    bgraph.yield %o : tensor<4x3xf16>
  }
  return %c : tensor<4x3xf16>
}

// -----

// Plan attributes where they do not belong.
func.func @threads(%a: tensor<4x4xf16>) -> tensor<4x4xf16> {
  // expected-error @+1 {{'bgraph.block_threads' belongs on a graph-defined kernel: a multiple of 32 threads from 32 to 1024}}
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x4xf16>) -> (tensor<4x4xf16>) attributes {bgraph.block_threads = 48 : i64} {
  ^bb0(%ab: tensor<4x4xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<4x4xf16> -> !bgraph.tile<4x4xf16>
    %s = bgraph.accum sum %at : !bgraph.tile<4x4xf16> -> !bgraph.tile<4x4xf16>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x4xf16> -> tensor<4x4xf16>
    bgraph.yield %o : tensor<4x4xf16>
  }
  return %c : tensor<4x4xf16>
}

// -----

func.func @misplaced(%a: tensor<4x4xf16>) -> tensor<4x4xf16> {
  // expected-error @+1 {{'bgraph.stages' belongs on a graph-defined kernel: 1 to 16 stages}}
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x4xf16>) -> (tensor<4x4xf16>) attributes {bgraph.stages = 0 : i64} {
  ^bb0(%ab: tensor<4x4xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<4x4xf16> -> !bgraph.tile<4x4xf16>
    %s = bgraph.accum sum %at : !bgraph.tile<4x4xf16> -> !bgraph.tile<4x4xf16>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x4xf16> -> tensor<4x4xf16>
    bgraph.yield %o : tensor<4x4xf16>
  }
  return %c : tensor<4x4xf16>
}

// -----

func.func @mma_on_exp(%a: tensor<4x4xf16>) -> tensor<4x4xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x4xf16>) -> (tensor<4x4xf16>) {
  ^bb0(%ab: tensor<4x4xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<4x4xf16> -> !bgraph.tile<4x4xf16>
    // expected-error @+1 {{'bgraph.mma' belongs on a bgraph.matmul: "m16n8k16", "wgmma" or "cuda_cores"}}
    %e = bgraph.exp %at {bgraph.mma = "m16n8k16"} : !bgraph.tile<4x4xf16> -> !bgraph.tile<4x4xf32>
    %s = bgraph.accum sum %e : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x4xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x4xf32> -> tensor<4x4xf16>
    bgraph.yield %o : tensor<4x4xf16>
  }
  return %c : tensor<4x4xf16>
}

// -----

// A module planned for sm_80 and a plan asked for sm_90.
module attributes {tsopt.target = "sm_80"} {
  // expected-error @+1 {{the module is planned for target 'sm_80' (tsopt.target), but the pass was asked for 'sm_90'}}
  func.func @other_target(%a: tensor<4x4xf16>) -> tensor<4x4xf16> {
    %e = kgraph.exp %a : tensor<4x4xf16>
    return %e : tensor<4x4xf16>
  }
}

// -----

func.func @copy_on_matmul(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>) -> tensor<16x16xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<16x16xf16>, tensor<16x16xf16>) -> (tensor<16x16xf16>) {
  ^bb0(%ab: tensor<16x16xf16>, %bb: tensor<16x16xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<16x16xf16> -> !bgraph.tile<16x16xf16>
    %bt = bgraph.input %bb imap = {x = replica} fmap = replica : tensor<16x16xf16> -> !bgraph.tile<16x16xf16>
    // expected-error @+1 {{'bgraph.copy_bytes' belongs on a bgraph.input: 2, 4, 8 or 16 bytes}}
    %p = bgraph.matmul %at, %bt {bgraph.copy_bytes = 16 : i64} : !bgraph.tile<16x16xf16>, !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<16x16xf32> -> tensor<16x16xf16>
    bgraph.yield %o : tensor<16x16xf16>
  }
  return %c : tensor<16x16xf16>
}

// -----

// Padding that leaves rows of 3 halves (6 bytes) unaligned.
// expected-error @+1 {{cannot plan the kernels: op #0 (kernel): op #1 (exp): 'row_major_pad<16>' pads rows of 6 bytes to 22: a padded tile's stored rows start at multiples of 16 bytes, its padding is whole elements, and it has no swizzle}}
func.func @pad_past_chunks(%a: tensor<4x3xf16>) -> tensor<4x3xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x3xf16>) -> (tensor<4x3xf16>) {
  ^bb0(%ab: tensor<4x3xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica {bgraph.layout = "row_major"} : tensor<4x3xf16> -> !bgraph.tile<4x3xf16>
    %e = bgraph.exp %at {bgraph.layout = "row_major_pad<16>"} : !bgraph.tile<4x3xf16> -> !bgraph.tile<4x3xf16>
    %s = bgraph.accum sum %e {bgraph.layout = "row_major"} : !bgraph.tile<4x3xf16> -> !bgraph.tile<4x3xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x3xf32> -> tensor<4x3xf16>
    bgraph.yield %o : tensor<4x3xf16>
  }
  return %c : tensor<4x3xf16>
}

// -----

// A layout that does not fit its tile (every tile laid out: the plan is
// checked as written), one that would narrow the copies the plan gives an
// iterator, and a device tensor laid out as a tile.
// expected-error @+1 {{cannot plan the kernels: op #0 (kernel): op #1 (exp): 'row_major_swizzle<3,4,3>' permutes 128-byte blocks, and the tile's 48 bytes are not a whole number of them}}
func.func @swizzle_past_tile(%a: tensor<4x3xf16>) -> tensor<4x3xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x3xf16>) -> (tensor<4x3xf16>) {
  ^bb0(%ab: tensor<4x3xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica {bgraph.layout = "row_major"} : tensor<4x3xf16> -> !bgraph.tile<4x3xf16>
    %e = bgraph.exp %at {bgraph.layout = "row_major_swizzle<3,4,3>"} : !bgraph.tile<4x3xf16> -> !bgraph.tile<4x3xf32>
    %s = bgraph.accum sum %e {bgraph.layout = "row_major"} : !bgraph.tile<4x3xf32> -> !bgraph.tile<4x3xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x3xf32> -> tensor<4x3xf16>
    bgraph.yield %o : tensor<4x3xf16>
  }
  return %c : tensor<4x3xf16>
}

// -----

// expected-error @+1 {{cannot choose the tiles' layouts}}
func.func @narrowing_layout(%a: tensor<16x16xf16>) -> tensor<16x16xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<16x16xf16>) -> (tensor<16x16xf16>) {
  ^bb0(%ab: tensor<16x16xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.layout = "col_major"} : tensor<16x16xf16> -> !bgraph.tile<16x16xf16>
    %e = bgraph.exp %at : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf32>
    %s = bgraph.accum sum %e : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<16x16xf32> -> tensor<16x16xf16>
    bgraph.yield %o : tensor<16x16xf16>
  }
  return %c : tensor<16x16xf16>
}

// -----

func.func @device_col_major(%a: tensor<4x4xf16>) -> tensor<4x4xf16> {
  // expected-error @+1 {{device tensors are stored row_major; 'col_major' is a layout of shared-memory tiles}}
  %0 = kgraph.exp %a {bgraph.layout = "col_major"} : tensor<4x4xf16>
  return %0 : tensor<4x4xf16>
}

// -----

// A plan attribute the dialect does not define (here one an older version
// wrote) is refused, not ignored.
func.func @unknown_plan_attribute(%a: tensor<4x4xf16>) -> tensor<4x4xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x4xf16>) -> (tensor<4x4xf16>) {
  ^bb0(%ab: tensor<4x4xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<4x4xf16> -> !bgraph.tile<4x4xf16>
    // expected-error @+1 {{unknown attribute 'bgraph.threads'; the bgraph dialect's are 'bgraph.mma', 'bgraph.exp_form', 'bgraph.tree_width', 'bgraph.copy_bytes', 'bgraph.tma', 'bgraph.stages', 'bgraph.block_threads', 'bgraph.layout', 'bgraph.depth', 'bgraph.offset', 'bgraph.barriers', 'bgraph.shared_memory'}}
    %s = bgraph.accum sum %at {bgraph.threads = "row_strips"} : !bgraph.tile<4x4xf16> -> !bgraph.tile<4x4xf16>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x4xf16> -> tensor<4x4xf16>
    bgraph.yield %o : tensor<4x4xf16>
  }
  return %c : tensor<4x4xf16>
}

// -----

// The schedule and the memory plan as written: a depth that does not come
// after what the op reads, and tiles live at once that overlap.
// expected-error @+1 {{cannot choose the tiles' layouts: kernel op 0: block graph: op #3 (exp) at depth 0 reads the result of op #2 (exp) at depth 0 of the same phase (post-loop): it must be deeper}}
func.func @shallow(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x4xf32>) -> (tensor<4x4xf32>) {
  ^bb0(%ab: tensor<4x4xf32>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica {bgraph.depth = 0 : i64} : tensor<4x4xf32> -> !bgraph.tile<4x4xf32>
    %s = bgraph.accum sum %at {bgraph.depth = 1 : i64} : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x4xf32>
    %e = bgraph.exp %s {bgraph.depth = 0 : i64} : !bgraph.tile<4x4xf32>
    %f = bgraph.exp %e {bgraph.depth = 0 : i64} : !bgraph.tile<4x4xf32>
    %o = bgraph.output %f omap = {x = replica} {bgraph.depth = 1 : i64} : !bgraph.tile<4x4xf32> -> tensor<4x4xf32>
    bgraph.yield %o : tensor<4x4xf32>
  }
  return %c : tensor<4x4xf32>
}

// -----

// A pass-through accumulator (a loop of one) has no tile: its result is
// its operand's tile, which lives as long as the result. (The neg has
// none either: the output saver computes it.)
// expected-error @+1 {{cannot plan the kernels: op #0 (kernel): the recorded shared-memory plan does not hold: tile %1 (input, 64 bytes at 64, steps 0..2) and tile %3 (exp, 64 bytes at 32, steps 2..4) are live at once and overlap}}
func.func @overlapping(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x4xf32>) -> (tensor<4x4xf32>) {
  ^bb0(%ab: tensor<4x4xf32>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica {bgraph.offset = 64 : i64} : tensor<4x4xf32> -> !bgraph.tile<4x4xf32>
    %s = bgraph.accum sum %at : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x4xf32>
    %e = bgraph.exp %s {bgraph.offset = 32 : i64} : !bgraph.tile<4x4xf32>
    %f = bgraph.neg %e : !bgraph.tile<4x4xf32>
    %o = bgraph.output %f omap = {x = replica} : !bgraph.tile<4x4xf32> -> tensor<4x4xf32>
    bgraph.yield %o : tensor<4x4xf32>
  }
  return %c : tensor<4x4xf32>
}

// -----

func.func @misplaced_offset(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x4xf32>) -> (tensor<4x4xf32>) {
  ^bb0(%ab: tensor<4x4xf32>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<4x4xf32> -> !bgraph.tile<4x4xf32>
    %s = bgraph.accum sum %at : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x4xf32>
    // expected-error @+1 {{'bgraph.offset' belongs on an op of a block graph that produces tiles}}
    %o = bgraph.output %s omap = {x = replica} {bgraph.offset = 0 : i64} : !bgraph.tile<4x4xf32> -> tensor<4x4xf32>
    bgraph.yield %o : tensor<4x4xf32>
  }
  return %c : tensor<4x4xf32>
}

// -----

func.func @negative_depth(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x4xf32>) -> (tensor<4x4xf32>) {
  ^bb0(%ab: tensor<4x4xf32>):
    // expected-error @+1 {{'bgraph.depth' belongs on an op of a block graph: a depth of 0 or more}}
    %at = bgraph.input %ab imap = {x = replica} fmap = replica {bgraph.depth = -1 : i64} : tensor<4x4xf32> -> !bgraph.tile<4x4xf32>
    %s = bgraph.accum sum %at : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x4xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x4xf32> -> tensor<4x4xf32>
    bgraph.yield %o : tensor<4x4xf32>
  }
  return %c : tensor<4x4xf32>
}

// -----

// The running-max form on an exp whose sum is not divided, written out or
// reached through a row-preserving op: the exp feeds the accumulator itself.
// expected-error @+1 {{cannot plan the kernels: op #0 (kernel): op #1 (exp) is planned in the running-max form, but its values do not reach sum accumulators only through row-preserving matmuls and row sums}}
func.func @running_max_unfit(%a: tensor<4x8xf16>) -> tensor<4x8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x8xf16>) -> (tensor<4x8xf32>) {
  ^bb0(%ab: tensor<4x8xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<4x8xf16> -> !bgraph.tile<4x8xf16>
    %e = bgraph.exp %at {bgraph.exp_form = "running_max"} : !bgraph.tile<4x8xf16> -> !bgraph.tile<4x8xf32>
    %s = bgraph.accum sum %e : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x8xf32> -> tensor<4x8xf32>
    bgraph.yield %o : tensor<4x8xf32>
  }
  return %c : tensor<4x8xf32>
}

// -----

// Two exps in the running-max form: a kernel keeps one row maximum.
// expected-error @+1 {{cannot plan the kernels: op #0 (kernel): op #6 (exp) is a second exp planned in the running-max form}}
func.func @two_running_maxima(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> (tensor<4x1xf32>, tensor<4x1xf32>) {
  %c:2 = kgraph.kernel grid = [1] forloop = 2 ins(%a, %b : tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x1xf32>, tensor<4x1xf32>) {
  ^bb0(%ab: tensor<4x8xf32>, %bb: tensor<4x8xf32>):
    %at = bgraph.input %ab imap = {x = replica} fmap = 1 : tensor<4x8xf32> -> !bgraph.tile<4x4xf32>
    %e = bgraph.exp %at {bgraph.exp_form = "running_max"} : !bgraph.tile<4x4xf32>
    %r = bgraph.reduce_sum %e dim = 1 : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x1xf32>
    %r2 = bgraph.reduce_sum %e dim = 1 : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x1xf32>
    %s = bgraph.accum sum %r : !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
    %bt = bgraph.input %bb imap = {x = replica} fmap = 1 : tensor<4x8xf32> -> !bgraph.tile<4x4xf32>
    %f = bgraph.exp %bt {bgraph.exp_form = "running_max"} : !bgraph.tile<4x4xf32>
    %q = bgraph.reduce_sum %f dim = 1 : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x1xf32>
    %q2 = bgraph.reduce_sum %f dim = 1 : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x1xf32>
    %t = bgraph.accum sum %q : !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
    %s2 = bgraph.accum sum %r2 : !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
    %t2 = bgraph.accum sum %q2 : !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
    %x = bgraph.div %s, %s2 : !bgraph.tile<4x1xf32>, !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
    %y = bgraph.div %t, %t2 : !bgraph.tile<4x1xf32>, !bgraph.tile<4x1xf32> -> !bgraph.tile<4x1xf32>
    %ox = bgraph.output %x omap = {x = replica} : !bgraph.tile<4x1xf32> -> tensor<4x1xf32>
    %oy = bgraph.output %y omap = {x = replica} : !bgraph.tile<4x1xf32> -> tensor<4x1xf32>
    bgraph.yield %ox, %oy : tensor<4x1xf32>, tensor<4x1xf32>
  }
  return %c#0, %c#1 : tensor<4x1xf32>, tensor<4x1xf32>
}

// -----

func.func @exp_form_misplaced(%a: tensor<4x4xf16>) -> tensor<4x4xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x4xf16>) -> (tensor<4x4xf16>) {
  ^bb0(%ab: tensor<4x4xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<4x4xf16> -> !bgraph.tile<4x4xf16>
    // expected-error @+1 {{'bgraph.exp_form' belongs on an op of a block graph that produces an exp (a bgraph.exp, or a thread graph whose result is an exp): "running_max" or "literal"}}
    %n = bgraph.neg %at {bgraph.exp_form = "running_max"} : !bgraph.tile<4x4xf16>
    %s = bgraph.accum sum %n : !bgraph.tile<4x4xf16> -> !bgraph.tile<4x4xf16>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x4xf16> -> tensor<4x4xf16>
    bgraph.yield %o : tensor<4x4xf16>
  }
  return %c : tensor<4x4xf16>
}

// -----

func.func @exp_form_unknown(%a: tensor<4x4xf16>) -> tensor<4x4xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x4xf16>) -> (tensor<4x4xf16>) {
  ^bb0(%ab: tensor<4x4xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<4x4xf16> -> !bgraph.tile<4x4xf16>
    // expected-error @+1 {{'bgraph.exp_form' belongs on an op of a block graph that produces an exp}}
    %e = bgraph.exp %at {bgraph.exp_form = "fast"} : !bgraph.tile<4x4xf16>
    %s = bgraph.accum sum %e : !bgraph.tile<4x4xf16> -> !bgraph.tile<4x4xf16>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x4xf16> -> tensor<4x4xf16>
    bgraph.yield %o : tensor<4x4xf16>
  }
  return %c : tensor<4x4xf16>
}

// -----

// A reduction tree wider than the block: 8 rows of 64 threads each.
// expected-error @+1 {{cannot plan the kernels: op #0 (kernel): op #1 (reduce_sum) folds 8 groups over trees of 64 threads: the width must be a power of two and the trees must fit in the block's 128 threads}}
func.func @tree_too_wide(%x: tensor<8x64xf32>) -> tensor<8x1xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%x : tensor<8x64xf32>) -> (tensor<8x1xf32>) {
  ^bb0(%xb: tensor<8x64xf32>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica : tensor<8x64xf32> -> !bgraph.tile<8x64xf32>
    %r = bgraph.reduce_sum %xt dim = 1 {bgraph.tree_width = 64 : i64} : !bgraph.tile<8x64xf32> -> !bgraph.tile<8x1xf32>
    %s = bgraph.accum sum %r : !bgraph.tile<8x1xf32> -> !bgraph.tile<8x1xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x1xf32> -> tensor<8x1xf32>
    bgraph.yield %o : tensor<8x1xf32>
  }
  return %c : tensor<8x1xf32>
}

// -----

// A tree width on an exp computed as written, which folds nothing.
// expected-error @+1 {{cannot plan the kernels: op #0 (kernel): op #1 (exp) has a tree width but folds no groups}}
func.func @tree_on_literal_exp(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%x : tensor<8x64xf32>) -> (tensor<8x64xf32>) {
  ^bb0(%xb: tensor<8x64xf32>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica : tensor<8x64xf32> -> !bgraph.tile<8x64xf32>
    %e = bgraph.exp %xt {bgraph.exp_form = "literal", bgraph.tree_width = 4 : i64} : !bgraph.tile<8x64xf32>
    %s = bgraph.accum sum %e : !bgraph.tile<8x64xf32> -> !bgraph.tile<8x64xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x64xf32> -> tensor<8x64xf32>
    bgraph.yield %o : tensor<8x64xf32>
  }
  return %c : tensor<8x64xf32>
}

// -----

func.func @tree_misplaced(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%x : tensor<8x64xf32>) -> (tensor<8x64xf32>) {
  ^bb0(%xb: tensor<8x64xf32>):
    // expected-error @+1 {{'bgraph.tree_width' belongs on a reduce_sum, reduce_max, rms_norm or exp of a block graph: the threads folding each group, a power of two from 1 to 1024}}
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica {bgraph.tree_width = 4 : i64} : tensor<8x64xf32> -> !bgraph.tile<8x64xf32>
    %s = bgraph.accum sum %xt : !bgraph.tile<8x64xf32> -> !bgraph.tile<8x64xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x64xf32> -> tensor<8x64xf32>
    bgraph.yield %o : tensor<8x64xf32>
  }
  return %c : tensor<8x64xf32>
}

// -----

func.func @tma_on_matmul(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>) -> tensor<16x16xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<16x16xf16>, tensor<16x16xf16>) -> (tensor<16x16xf16>) {
  ^bb0(%ab: tensor<16x16xf16>, %bb: tensor<16x16xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<16x16xf16> -> !bgraph.tile<16x16xf16>
    %bt = bgraph.input %bb imap = {x = replica} fmap = replica : tensor<16x16xf16> -> !bgraph.tile<16x16xf16>
    // expected-error @+1 {{'bgraph.tma' belongs on a bgraph.input, as a unit attribute}}
    %p = bgraph.matmul %at, %bt {bgraph.tma} : !bgraph.tile<16x16xf16>, !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<16x16xf32> -> tensor<16x16xf16>
    bgraph.yield %o : tensor<16x16xf16>
  }
  return %c : tensor<16x16xf16>
}

// -----

// A TMA copy written for a tile copied once, before the loop: the TMA's
// copies are the loop's, one per iteration and stage.
// expected-error @+1 {{cannot plan the kernels: op #0 (kernel): op #0 (input) is copied by the TMA, but it is not copied in the for-loop (no fmap)}}
func.func @tma_outside_loop(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>) -> tensor<16x16xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<16x16xf16>, tensor<16x16xf16>) -> (tensor<16x16xf16>) {
  ^bb0(%ab: tensor<16x16xf16>, %bb: tensor<16x16xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica {bgraph.tma} : tensor<16x16xf16> -> !bgraph.tile<16x16xf16>
    %bt = bgraph.input %bb imap = {x = replica} fmap = replica : tensor<16x16xf16> -> !bgraph.tile<16x16xf16>
    %p = bgraph.matmul %at, %bt : !bgraph.tile<16x16xf16>, !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<16x16xf32> -> tensor<16x16xf16>
    bgraph.yield %o : tensor<16x16xf16>
  }
  return %c : tensor<16x16xf16>
}
