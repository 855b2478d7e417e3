// Diagnostics of the kgraph ops: the shape rules shared by all compute ops
// (CoreOpInterface, tsopt/Core/ShapeRules), the launch attributes and the
// block-graph region of kgraph.kernel (incl. the path rule, Mirage Def. 2.1 (3)).
// --allow-unregistered-dialect only serves the missing-bgraph.yield case: no
// registered dialect has a terminator that could stand in for bgraph.yield.
// RUN: tsopt-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

//===----------------------------------------------------------------------===//
// Element types (all compute ops)
//===----------------------------------------------------------------------===//

// Data movement converts nothing (a reshape is a view of its operand);
// computing ops read f16 and store f32 freely (ops.mlir).
func.func @mixed_element_types(%a: tensor<8x64xf16>) -> tensor<64x8xf32> {
  // expected-error @+1 {{'kgraph.transpose' op moves data but mixes element types 'f16' and 'f32'; only computing ops convert}}
  %0 = kgraph.transpose %a permutation = [1, 0] : tensor<8x64xf16> -> tensor<64x8xf32>
  return %0 : tensor<64x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Element-wise binary ops: broadcasting
//===----------------------------------------------------------------------===//

// Right-aligned dims that differ and are not 1 do not broadcast.
func.func @no_broadcast(%a: tensor<8x64xf32>, %b: tensor<32xf32>) -> tensor<8x64xf32> {
  // expected-error @+1 {{'kgraph.sub' op shapes 8x64 and 32 do not broadcast: dim 1 has 64 vs 32}}
  %0 = kgraph.sub %a, %b : tensor<8x64xf32>, tensor<32xf32> -> tensor<8x64xf32>
  return %0 : tensor<8x64xf32>
}

// -----

// The result must be the broadcast shape (here the size-1 dim is not expanded).
func.func @binary_wrong_result(%a: tensor<8x1xf32>, %b: tensor<1x64xf32>) -> tensor<8x1xf32> {
  // expected-error @+1 {{'kgraph.mul' op result shape must be 8x64, got 8x1}}
  %0 = kgraph.mul %a, %b : tensor<8x1xf32>, tensor<1x64xf32> -> tensor<8x1xf32>
  return %0 : tensor<8x1xf32>
}

// -----

// Rank promotion gives the higher rank; a result of the lower rank is wrong.
func.func @binary_wrong_result_rank(%a: tensor<2x8x64xf16>, %b: tensor<64xf16>) -> tensor<8x64xf16> {
  // expected-error @+1 {{'kgraph.div' op result shape must be 2x8x64, got 8x64}}
  %0 = kgraph.div %a, %b : tensor<2x8x64xf16>, tensor<64xf16> -> tensor<8x64xf16>
  return %0 : tensor<8x64xf16>
}

// -----

//===----------------------------------------------------------------------===//
// matmul
//===----------------------------------------------------------------------===//

// Operands of rank 1 are not matrices.
func.func @matmul_rank1(%a: tensor<64xf16>, %b: tensor<64xf16>) -> tensor<64xf16> {
  // expected-error @+1 {{'kgraph.matmul' op matmul operands must have equal rank >= 2, got 64 and 64}}
  %0 = kgraph.matmul %a, %b : tensor<64xf16>, tensor<64xf16> -> tensor<64xf16>
  return %0 : tensor<64xf16>
}

// -----

// Batch dims are not broadcast: operand ranks must agree.
func.func @matmul_unequal_rank(%a: tensor<2x16x64xf16>, %b: tensor<64x32xf16>) -> tensor<2x16x32xf16> {
  // expected-error @+1 {{'kgraph.matmul' op matmul operands must have equal rank >= 2, got 2x16x64 and 64x32}}
  %0 = kgraph.matmul %a, %b : tensor<2x16x64xf16>, tensor<64x32xf16> -> tensor<2x16x32xf16>
  return %0 : tensor<2x16x32xf16>
}

// -----

// Leading (batch) dims must be equal.
func.func @matmul_batch(%a: tensor<2x16x64xf16>, %b: tensor<3x64x32xf16>) -> tensor<2x16x32xf16> {
  // expected-error @+1 {{'kgraph.matmul' op matmul batch dim 0 differs: 2 vs 3}}
  %0 = kgraph.matmul %a, %b : tensor<2x16x64xf16>, tensor<3x64x32xf16> -> tensor<2x16x32xf16>
  return %0 : tensor<2x16x32xf16>
}

// -----

// The last dim of lhs must equal the second-to-last of rhs.
func.func @matmul_contraction(%a: tensor<16x64xf16>, %b: tensor<32x64xf16>) -> tensor<16x64xf16> {
  // expected-error @+1 {{'kgraph.matmul' op matmul contraction dims differ: 16x64 has 64 columns but 32x64 has 32 rows}}
  %0 = kgraph.matmul %a, %b : tensor<16x64xf16>, tensor<32x64xf16> -> tensor<16x64xf16>
  return %0 : tensor<16x64xf16>
}

// -----

// The result is [M, N].
func.func @matmul_wrong_result(%a: tensor<16x64xf16>, %b: tensor<64x32xf16>) -> tensor<32x16xf16> {
  // expected-error @+1 {{'kgraph.matmul' op result shape must be 16x32, got 32x16}}
  %0 = kgraph.matmul %a, %b : tensor<16x64xf16>, tensor<64x32xf16> -> tensor<32x16xf16>
  return %0 : tensor<32x16xf16>
}

// -----

//===----------------------------------------------------------------------===//
// reduce_sum / reduce_max
//===----------------------------------------------------------------------===//

// Reductions keep the rank (a full reduction gives extent 1, not a dropped dim).
func.func @reduce_rank(%x: tensor<8x64xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'kgraph.reduce_sum' op reduction keeps the rank: operand 8x64, result 8}}
  %0 = kgraph.reduce_sum %x dim = 1 : tensor<8x64xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// The reduced dim must exist.
func.func @reduce_dim_out_of_range(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  // expected-error @+1 {{'kgraph.reduce_max' op reduction dim 2 is out of range for rank 2}}
  %0 = kgraph.reduce_max %x dim = 2 : tensor<8x64xf32> -> tensor<8x64xf32>
  return %0 : tensor<8x64xf32>
}

// -----

// A negative dim is out of range too (no Python-style wrap-around).
func.func @reduce_dim_negative(%x: tensor<8x64xf32>) -> tensor<8x1xf32> {
  // expected-error @+1 {{'kgraph.reduce_sum' op reduction dim -1 is out of range for rank 2}}
  %0 = kgraph.reduce_sum %x dim = -1 : tensor<8x64xf32> -> tensor<8x1xf32>
  return %0 : tensor<8x1xf32>
}

// -----

// The output extent (the result's reduced dim) must divide the dim's size.
func.func @reduce_extent_not_dividing(%x: tensor<8x64xf32>) -> tensor<8x3xf32> {
  // expected-error @+1 {{'kgraph.reduce_sum' op reduction extent 3 does not divide dim 1 of size 64}}
  %0 = kgraph.reduce_sum %x dim = 1 : tensor<8x64xf32> -> tensor<8x3xf32>
  return %0 : tensor<8x3xf32>
}

// -----

// Dims other than the reduced one are unchanged.
func.func @reduce_wrong_result(%x: tensor<8x64xf32>) -> tensor<4x1xf32> {
  // expected-error @+1 {{'kgraph.reduce_max' op reduction over dim 1 of 8x64 must give 8x1, not 4x1}}
  %0 = kgraph.reduce_max %x dim = 1 : tensor<8x64xf32> -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}

// -----

//===----------------------------------------------------------------------===//
// repeat
//===----------------------------------------------------------------------===//

// repeat keeps the rank.
func.func @repeat_rank(%x: tensor<8x64xf16>) -> tensor<2x8x64xf16> {
  // expected-error @+1 {{'kgraph.repeat' op repeat keeps the rank: operand 8x64, result 2x8x64}}
  %0 = kgraph.repeat %x : tensor<8x64xf16> -> tensor<2x8x64xf16>
  return %0 : tensor<2x8x64xf16>
}

// -----

// Every result dim is a multiple of the operand dim.
func.func @repeat_not_multiple(%x: tensor<8x64xf16>) -> tensor<16x96xf16> {
  // expected-error @+1 {{'kgraph.repeat' op repeat result dim 1 (96) is not a multiple of the operand dim (64)}}
  %0 = kgraph.repeat %x : tensor<8x64xf16> -> tensor<16x96xf16>
  return %0 : tensor<16x96xf16>
}

// -----

//===----------------------------------------------------------------------===//
// reshape
//===----------------------------------------------------------------------===//

// reshape keeps the element count.
func.func @reshape_count(%x: tensor<8x64xbf16>) -> tensor<2x4x32xbf16> {
  // expected-error @+1 {{'kgraph.reshape' op reshape changes the element count: 8x64 has 512, 2x4x32 has 256}}
  %0 = kgraph.reshape %x : tensor<8x64xbf16> -> tensor<2x4x32xbf16>
  return %0 : tensor<2x4x32xbf16>
}

// -----

//===----------------------------------------------------------------------===//
// transpose
//===----------------------------------------------------------------------===//

// One permutation entry per dim.
func.func @transpose_length(%x: tensor<2x4x8xf32>) -> tensor<4x2x8xf32> {
  // expected-error @+1 {{'kgraph.transpose' op permutation has 2 entries for rank 3}}
  %0 = kgraph.transpose %x permutation = [1, 0] : tensor<2x4x8xf32> -> tensor<4x2x8xf32>
  return %0 : tensor<4x2x8xf32>
}

// -----

// A permutation uses every dim once.
func.func @transpose_repeated(%x: tensor<2x4x8xf32>) -> tensor<4x4x8xf32> {
  // expected-error @+1 {{'kgraph.transpose' op permutation entry 1 is out of range or repeated}}
  %0 = kgraph.transpose %x permutation = [1, 1, 2] : tensor<2x4x8xf32> -> tensor<4x4x8xf32>
  return %0 : tensor<4x4x8xf32>
}

// -----

// Entries name existing dims.
func.func @transpose_out_of_range(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  // expected-error @+1 {{'kgraph.transpose' op permutation entry 2 is out of range or repeated}}
  %0 = kgraph.transpose %x permutation = [2, 0] : tensor<4x8xf32> -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// Result dim i is operand dim permutation[i].
func.func @transpose_wrong_result(%x: tensor<2x4x8xf32>) -> tensor<8x4x2xf32> {
  // expected-error @+1 {{'kgraph.transpose' op result shape must be 8x2x4, got 8x4x2}}
  %0 = kgraph.transpose %x permutation = [2, 0, 1] : tensor<2x4x8xf32> -> tensor<8x4x2xf32>
  return %0 : tensor<8x4x2xf32>
}

// -----

//===----------------------------------------------------------------------===//
// concat
//===----------------------------------------------------------------------===//

// The concat dim must exist.
func.func @concat_dim_out_of_range(%a: tensor<16x32xf16>, %b: tensor<16x32xf16>) -> tensor<16x64xf16> {
  // expected-error @+1 {{'kgraph.concat' op concat dim 2 is out of range for rank 2}}
  %0 = kgraph.concat %a, %b dim = 2 : tensor<16x32xf16>, tensor<16x32xf16> -> tensor<16x64xf16>
  return %0 : tensor<16x64xf16>
}

// -----

// All operands have the same rank.
func.func @concat_rank(%a: tensor<16x32xf16>, %b: tensor<32xf16>) -> tensor<16x64xf16> {
  // expected-error @+1 {{'kgraph.concat' op concat operand 1 has rank 1, expected 2}}
  %0 = kgraph.concat %a, %b dim = 1 : tensor<16x32xf16>, tensor<32xf16> -> tensor<16x64xf16>
  return %0 : tensor<16x64xf16>
}

// -----

// Dims other than the concat dim must agree.
func.func @concat_mismatched_dim(%a: tensor<16x32xf16>, %b: tensor<8x16xf16>) -> tensor<16x48xf16> {
  // expected-error @+1 {{'kgraph.concat' op concat operand 1 differs in dim 0: 8 vs 16}}
  %0 = kgraph.concat %a, %b dim = 1 : tensor<16x32xf16>, tensor<8x16xf16> -> tensor<16x48xf16>
  return %0 : tensor<16x48xf16>
}

// -----

// The result's concat dim is the sum of the operands'.
func.func @concat_wrong_result(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>) -> tensor<16x32xf16> {
  // expected-error @+1 {{'kgraph.concat' op result shape must be 16x48, got 16x32}}
  %0 = kgraph.concat %a, %b dim = 1 : tensor<16x32xf16>, tensor<16x16xf16> -> tensor<16x32xf16>
  return %0 : tensor<16x32xf16>
}

// -----

// concat needs an operand (only the generic form can omit all of them).
func.func @concat_no_operands() -> tensor<4xf16> {
  // expected-error @+1 {{'kgraph.concat' op concat needs at least one operand}}
  %0 = "kgraph.concat"() <{dim = 0 : i64}> : () -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

//===----------------------------------------------------------------------===//
// rms_norm
//===----------------------------------------------------------------------===//

// The gain is a vector over the last dim.
func.func @rms_norm_gain(%x: tensor<2x64xf16>, %g: tensor<32xf16>) -> tensor<2x64xf16> {
  // expected-error @+1 {{'kgraph.rms_norm' op rms_norm gain must have shape 64, got 32}}
  %0 = kgraph.rms_norm %x, %g : tensor<2x64xf16>, tensor<32xf16> -> tensor<2x64xf16>
  return %0 : tensor<2x64xf16>
}

// -----

// A gain of the right size but rank 2 is rejected too.
func.func @rms_norm_gain_rank(%x: tensor<2x64xf16>, %g: tensor<1x64xf16>) -> tensor<2x64xf16> {
  // expected-error @+1 {{'kgraph.rms_norm' op rms_norm gain must have shape 64, got 1x64}}
  %0 = kgraph.rms_norm %x, %g : tensor<2x64xf16>, tensor<1x64xf16> -> tensor<2x64xf16>
  return %0 : tensor<2x64xf16>
}

// -----

// A rank-0 input has no last dim to normalize over.
func.func @rms_norm_rank0(%x: tensor<f16>, %g: tensor<1xf16>) -> tensor<f16> {
  // expected-error @+1 {{'kgraph.rms_norm' op rms_norm input must have rank >= 1}}
  %0 = kgraph.rms_norm %x, %g : tensor<f16>, tensor<1xf16> -> tensor<f16>
  return %0 : tensor<f16>
}

// -----

// The result has the input's shape.
func.func @rms_norm_wrong_result(%x: tensor<2x64xf16>, %g: tensor<64xf16>) -> tensor<64xf16> {
  // expected-error @+1 {{'kgraph.rms_norm' op result shape must be 2x64, got 64}}
  %0 = kgraph.rms_norm %x, %g : tensor<2x64xf16>, tensor<64xf16> -> tensor<64xf16>
  return %0 : tensor<64xf16>
}

// -----

//===----------------------------------------------------------------------===//
// kernel: launch attributes (checkLaunch)
//===----------------------------------------------------------------------===//

// A grid has at least one dim.
func.func @grid_empty(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'kgraph.kernel' op grid must have 1 to 3 dims, got 0}}
  %c = kgraph.kernel grid = [] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %o = bgraph.output %x omap = {} : tensor<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// A grid has at most three dims (x, y, z).
func.func @grid_four_dims(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'kgraph.kernel' op grid must have 1 to 3 dims, got 4}}
  %c = kgraph.kernel grid = [1, 1, 1, 1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica, y = replica, z = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica, y = replica, z = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// Grid extents are >= 1 (the message names the grid dim).
func.func @grid_dim_zero(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'kgraph.kernel' op grid dim y must be >= 1, got 0}}
  %c = kgraph.kernel grid = [2, 0] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = 0, y = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<4xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<4xf32> -> !bgraph.tile<4xf32>
    %o = bgraph.output %s omap = {x = 0, y = replica} : !bgraph.tile<4xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// A negative grid extent.
func.func @grid_dim_negative(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'kgraph.kernel' op grid dim x must be >= 1, got -2}}
  %c = kgraph.kernel grid = [-2] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = 0} fmap = replica : tensor<8xf32> -> !bgraph.tile<4xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<4xf32> -> !bgraph.tile<4xf32>
    %o = bgraph.output %s omap = {x = 0} : !bgraph.tile<4xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// The for-loop runs at least once.
func.func @forloop_zero(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'kgraph.kernel' op forloop must be >= 1, got 0}}
  %c = kgraph.kernel grid = [1] forloop = 0 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = 0 : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// kernel: region signature and terminator
//===----------------------------------------------------------------------===//

// One block argument per input.
func.func @region_arg_count(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'kgraph.kernel' op block graph has 1 arguments for 2 inputs}}
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// Block argument i has the type of input i.
func.func @region_arg_type(%a: tensor<8xf32>, %b: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'kgraph.kernel' op block graph argument #1 has type 'tensor<8xf32>' but input #1 has type 'tensor<4xf32>'}}
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<8xf32>, tensor<4xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>, %y: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// The block graph ends with bgraph.yield (here an unregistered terminator).
func.func @missing_yield(%a: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'kgraph.kernel' op block graph must end with bgraph.yield}}
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    "test.terminator"(%o) : (tensor<8xf32>) -> ()
  }
  return %c : tensor<8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// kernel: only block-graph ops in the body
//===----------------------------------------------------------------------===//

// An op that is not a µGraph node.
func.func @non_core_op(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    // expected-error @+1 {{'builtin.unrealized_conversion_cast' op is not a block graph op}}
    %u = builtin.unrealized_conversion_cast %t : !bgraph.tile<8xf32> to !bgraph.tile<8xf32>
    %s = bgraph.accum sum %u : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// A graph-defined kernel does not nest in a block graph.
func.func @nested_kernel(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    // expected-error @+1 {{'kgraph.kernel' op is not a block graph op}}
    %k = kgraph.kernel grid = [1] forloop = 1 ins(%x : tensor<8xf32>) -> (tensor<8xf32>) {
    ^bb0(%y: tensor<8xf32>):
      %t = bgraph.input %y imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
      %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
      %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
      bgraph.yield %o : tensor<8xf32>
    }
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// kernel: the path rule (Mirage Def. 2.1 (3)): every path from a kernel
// tensor to the yield passes one input, one accum and one output, in order.
//===----------------------------------------------------------------------===//

// A kernel-level op in a block graph (bgraph compute ops take tiles by type,
// so a kernel tensor cannot reach them).
func.func @compute_on_kernel_tensor(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    // expected-error @+1 {{'kgraph.exp' op is not a block graph op}}
    %e = kgraph.exp %x : tensor<8xf32>
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// A compute op on an output saver's result: the path continues past the
// output saver.
func.func @compute_on_saved(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    // expected-error @+1 {{'bgraph.output' op result is a kernel result; only bgraph.yield may use it}}
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    %d = kgraph.add %o, %o : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// An accumulator on a post-loop value: the path would pass two accumulators.
func.func @accum_on_post_loop(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    // expected-error @+1 {{'bgraph.accum' op violates the path rule (every input->output path passes exactly one input iterator, one accumulator and one output saver): accum operand 0 is post-loop (past an accumulator); an accumulator takes a for-loop body value, so the path would pass zero or two accumulators}}
    %s2 = bgraph.accum sum %s : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s2 omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// An output saver on a loop-body value: the path would pass no accumulator.
func.func @output_on_loop_value(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    // expected-error @+1 {{'bgraph.output' op violates the path rule (every input->output path passes exactly one input iterator, one accumulator and one output saver): output operand 0 is in the for-loop body; an output saver takes a post-loop value, so the path would pass no accumulator}}
    %o = bgraph.output %t omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// A compute op mixing a loop-body operand (first) with a post-loop one.
func.func @mix_loop_then_post_loop(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    // expected-error @+1 {{add operand 1 is post-loop (past an accumulator); mixing for-loop and post-loop operands puts a path through zero or two accumulators}}
    %m = bgraph.add %t, %s : !bgraph.tile<8xf32>, !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %s2 = bgraph.accum sum %m : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s2 omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// A compute op mixing a post-loop operand (first) with a loop-body one.
func.func @mix_post_loop_then_loop(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8x8xf32> -> !bgraph.tile<8x8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8x8xf32> -> !bgraph.tile<8x8xf32>
    // expected-error @+1 {{matmul operand 1 is in the for-loop body; mixing post-loop and for-loop operands puts a path through zero or two accumulators}}
    %m = bgraph.matmul %s, %t : !bgraph.tile<8x8xf32>, !bgraph.tile<8x8xf32> -> !bgraph.tile<8x8xf32>
    %o = bgraph.output %m omap = {x = replica} : !bgraph.tile<8x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

// A thread graph mixing stages is caught the same way.
func.func @mix_in_thread_graph(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    // expected-error @+1 {{thread_graph operand 1 is in the for-loop body; mixing post-loop and for-loop operands}}
    %g = tgraph.graph %s, %t : !bgraph.tile<8xf32>, !bgraph.tile<8xf32> -> !bgraph.tile<8xf32> {
    ^bb0(%p: f32, %q: f32):
      %r = tgraph.add %p, %q : f32
      tgraph.yield %r : f32
    }
    %o = bgraph.output %g omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// A thread graph needs tile operands and results (only writable in the
// generic form).
func.func @compute_without_operands(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    // expected-error @+1 {{'tgraph.graph' op must have at least one tile operand and one result}}
    "tgraph.graph"() ({
      "tgraph.yield"() : () -> ()
    }) : () -> ()
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// An output saver whose result is not yielded writes nothing the kernel
// returns.
func.func @output_not_yielded(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    // expected-error @+1 {{'bgraph.output' op result is never yielded: every output saver writes a result of the kernel}}
    %p = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// Use before definition is reported as such, not as a path-rule violation.
func.func @use_before_def(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    // expected-error @+1 {{'bgraph.accum' op operand #0 is used before it is defined in the block graph}}
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// A kernel must produce something.
func.func @kernel_without_results(%a: tensor<8xf32>) {
  // expected-error @+1 {{'kgraph.kernel' op must have at least one result}}
  "kgraph.kernel"(%a) ({
  ^bb0(%x: tensor<8xf32>):
    "bgraph.yield"() : () -> ()
  }) {grid = array<i64: 1>, forloop = 1 : i64} : (tensor<8xf32>) -> ()
  return
}

// -----

// An element count that overflows 64 bits is an error (it would wrap to no
// elements at all).
func.func @count_overflows(%x: tensor<4294967296x4294967296xf32>) -> tensor<4294967296x4294967296xf32> {
  // expected-error @+1 {{'kgraph.exp' op type 'tensor<4294967296x4294967296xf32>' has more elements or bytes than 64 bits count}}
  %e = kgraph.exp %x : tensor<4294967296x4294967296xf32>
  return %e : tensor<4294967296x4294967296xf32>
}

// -----

// Scalar constants must be finite: NaN and infinities have no field value
// (the verifier used to abort on them).
func.func @infinite_factor(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'kgraph.mul_scalar' op 'scalar' must be finite, got INF}}
  %s = kgraph.mul_scalar %x, 0x7FF0000000000000 : tensor<2x4xf32>
  return %s : tensor<2x4xf32>
}

// -----

// slice: the box must lie inside the operand.
func.func @slice_out_of_range(%x: tensor<4x16xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'kgraph.slice' op slice dim 1: offset 10 and size 8 leave the operand dim (16)}}
  %s = kgraph.slice %x offsets = [0, 10] : tensor<4x16xf32> -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

func.func @slice_rank(%x: tensor<4x16xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{'kgraph.slice' op slice of rank 2 has 1 offsets and a result of rank 2}}
  %s = kgraph.slice %x offsets = [0] : tensor<4x16xf32> -> tensor<4x8xf32>
  return %s : tensor<4x8xf32>
}

// -----

// conv2d: the filters' channels times the groups are the images' channels.
func.func @conv_channels(%x: tensor<1x6x8x8xf32>, %w: tensor<4x4x3x3xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{'kgraph.conv2d' op filters of 4 channels in 1 group(s) read 4 channels, but the images have 6}}
  %y = kgraph.conv2d %x, %w stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 1 : tensor<1x6x8x8xf32>, tensor<4x4x3x3xf32> -> tensor<1x4x8x8xf32>
  return %y : tensor<1x4x8x8xf32>
}

// -----

func.func @conv_groups(%x: tensor<1x6x8x8xf32>, %w: tensor<4x3x3x3xf32>) -> tensor<1x4x8x8xf32> {
  // expected-error @+1 {{'kgraph.conv2d' op groups (4) must divide the 6 input channels and the 4 filters}}
  %y = kgraph.conv2d %x, %w stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] groups = 4 : tensor<1x6x8x8xf32>, tensor<4x3x3x3xf32> -> tensor<1x4x8x8xf32>
  return %y : tensor<1x4x8x8xf32>
}

// -----

// The result extent follows from the window: (8 + 0 - 3) / 2 + 1 = 3.
func.func @conv_result(%x: tensor<1x4x8x8xf32>, %w: tensor<2x4x3x3xf32>) -> tensor<1x2x4x4xf32> {
  // expected-error @+1 {{'kgraph.conv2d' op result shape must be 1x2x3x3, got 1x2x4x4}}
  %y = kgraph.conv2d %x, %w stride = [2, 2] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1 : tensor<1x4x8x8xf32>, tensor<2x4x3x3xf32> -> tensor<1x2x4x4xf32>
  return %y : tensor<1x2x4x4xf32>
}

// -----

func.func @conv_stride(%x: tensor<1x4x8x8xf32>, %w: tensor<2x4x3x3xf32>) -> tensor<1x2x6x6xf32> {
  // expected-error @+1 {{'kgraph.conv2d' op window height: kernel 3, stride 0 and dilation 1 must be at least 1}}
  %y = kgraph.conv2d %x, %w stride = [0, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1 : tensor<1x4x8x8xf32>, tensor<2x4x3x3xf32> -> tensor<1x2x6x6xf32>
  return %y : tensor<1x2x6x6xf32>
}

// -----

func.func @conv_padding(%x: tensor<1x4x8x8xf32>, %w: tensor<2x4x3x3xf32>) -> tensor<1x2x8x8xf32> {
  // expected-error @+1 {{'kgraph.conv2d' op 'padding' must hold 4 extents (top, left, bottom, right)}}
  %y = kgraph.conv2d %x, %w stride = [1, 1] padding = [1, 1] dilation = [1, 1] groups = 1 : tensor<1x4x8x8xf32>, tensor<2x4x3x3xf32> -> tensor<1x2x8x8xf32>
  return %y : tensor<1x2x8x8xf32>
}

// -----

// A window larger than the padded image fits nowhere.
func.func @conv_window_too_large(%x: tensor<1x4x2x2xf32>, %w: tensor<2x4x3x3xf32>) -> tensor<1x2x1x1xf32> {
  // expected-error @+1 {{'kgraph.conv2d' op the window does not fit the 2x2 image once}}
  %y = kgraph.conv2d %x, %w stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1 : tensor<1x4x2x2xf32>, tensor<2x4x3x3xf32> -> tensor<1x2x1x1xf32>
  return %y : tensor<1x2x1x1xf32>
}

// -----

func.func @conv_rank(%x: tensor<4x8x8xf32>, %w: tensor<2x4x3x3xf32>) -> tensor<2x6x6xf32> {
  // expected-error @+1 {{'kgraph.conv2d' op conv2d takes NCHW images and FCHW filters (rank 4), got 4x8x8 and 2x4x3x3}}
  %y = kgraph.conv2d %x, %w stride = [1, 1] padding = [0, 0, 0, 0] dilation = [1, 1] groups = 1 : tensor<4x8x8xf32>, tensor<2x4x3x3xf32> -> tensor<2x6x6xf32>
  return %y : tensor<2x6x6xf32>
}

// -----

// im2col: (N, C·KH·KW, OH·OW).
func.func @im2col_result(%x: tensor<1x4x8x8xf32>) -> tensor<1x36x36xf32> {
  // expected-error @+1 {{'kgraph.im2col' op result shape must be 1x36x64, got 1x36x36}}
  %c = kgraph.im2col %x kernel = [3, 3] stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] : tensor<1x4x8x8xf32> -> tensor<1x36x36xf32>
  return %c : tensor<1x36x36xf32>
}

// -----

func.func @im2col_dtype(%x: tensor<1x4x8x8xf16>) -> tensor<1x36x64xf32> {
  // expected-error @+1 {{'kgraph.im2col' op moves data but mixes element types 'f16' and 'f32'; only computing ops convert}}
  %c = kgraph.im2col %x kernel = [3, 3] stride = [1, 1] padding = [1, 1, 1, 1] dilation = [1, 1] : tensor<1x4x8x8xf16> -> tensor<1x36x64xf32>
  return %c : tensor<1x36x64xf32>
}
