// Diagnostics of the tgraph dialect: the region of tgraph.graph (signature,
// broadcasting, terminator, results) and where tgraph ops may appear.
// --allow-unregistered-dialect only serves the missing-tgraph.yield case: no
// registered dialect has a terminator that could stand in for tgraph.yield.
// RUN: tsopt-opt %s -split-input-file -verify-diagnostics --allow-unregistered-dialect

//===----------------------------------------------------------------------===//
// Where tgraph ops live
//===----------------------------------------------------------------------===//

// A thread graph sits in a block graph, not directly in a function.
func.func @graph_outside_kernel(%a: !bgraph.tile<8xf32>) -> !bgraph.tile<8xf32> {
  // expected-error @+1 {{'tgraph.graph' op must be in a block graph (the body of a graph-defined kernel)}}
  %g = tgraph.graph %a : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32> {
  ^bb0(%e: f32):
    tgraph.yield %e : f32
  }
  return %g : !bgraph.tile<8xf32>
}

// -----

// Scalar ops only appear in a thread graph.
func.func @scalar_op_outside_graph(%a: f32) -> f32 {
  // expected-error @+1 {{'tgraph.add' op expects parent op 'tgraph.graph'}}
  %0 = tgraph.add %a, %a : f32
  return %0 : f32
}

// -----

// mul_scalar likewise.
func.func @mul_scalar_outside_graph(%a: bf16) -> bf16 {
  // expected-error @+1 {{'tgraph.mul_scalar' op expects parent op 'tgraph.graph'}}
  %0 = tgraph.mul_scalar %a, 2.0 : bf16
  return %0 : bf16
}

// -----

// A scalar op directly in a block graph (not wrapped in a thread graph).
func.func @scalar_op_in_block_graph(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    // expected-error @+1 {{'tgraph.exp' op expects parent op 'tgraph.graph'}}
    %e = "tgraph.exp"(%t) : (!bgraph.tile<8xf32>) -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// tgraph.yield only terminates a thread graph.
func.func @yield_outside_graph(%a: f16) {
  // expected-error @+1 {{'tgraph.yield' op expects parent op 'tgraph.graph'}}
  tgraph.yield %a : f16
}

// -----

// A thread graph nested in a thread graph is not in a block graph.
func.func @nested_graph(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %g = tgraph.graph %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32> {
    ^bb0(%e: f32):
      // expected-error @+1 {{'tgraph.graph' op must be in a block graph}}
      "tgraph.graph"() ({
        "tgraph.yield"() : () -> ()
      }) : () -> ()
      tgraph.yield %e : f32
    }
    %s = bgraph.accum sum %g : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// Scalar ops keep one type: no implicit conversion in registers.
func.func @scalar_mixed_types(%a: tensor<8xf32>, %b: tensor<8xf16>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<8xf32>, tensor<8xf16>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>, %y: tensor<8xf16>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %u = bgraph.input %y imap = {x = replica} fmap = replica : tensor<8xf16> -> !bgraph.tile<8xf16>
    %g = tgraph.graph %t, %u : !bgraph.tile<8xf32>, !bgraph.tile<8xf16> -> !bgraph.tile<8xf32> {
    ^bb0(%p: f32, %q: f16):
      // expected-error @+1 {{'tgraph.mul' op requires the same type for all operands and results}}
      %m = "tgraph.mul"(%p, %q) : (f32, f16) -> f32
      tgraph.yield %m : f32
    }
    %s = bgraph.accum sum %g : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// tgraph.graph: region signature
//===----------------------------------------------------------------------===//

// One scalar argument per tile operand.
func.func @argument_count(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    // expected-error @+1 {{'tgraph.graph' op thread graph has 2 arguments for 1 tile operands}}
    %g = tgraph.graph %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32> {
    ^bb0(%e: f32, %f: f32):
      tgraph.yield %e : f32
    }
    %s = bgraph.accum sum %g : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// Argument i has the element type of tile operand i, or f32 (registers).
func.func @argument_type(%a: tensor<8xf16>, %b: tensor<8xbf16>) -> tensor<8xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<8xf16>, tensor<8xbf16>) -> (tensor<8xf16>) {
  ^bb0(%x: tensor<8xf16>, %y: tensor<8xbf16>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf16> -> !bgraph.tile<8xf16>
    %u = bgraph.input %y imap = {x = replica} fmap = replica : tensor<8xbf16> -> !bgraph.tile<8xbf16>
    // expected-error @+1 {{'tgraph.graph' op argument #1 must be the element type 'bf16' of operand #1 or f32, got 'f16'}}
    %g = tgraph.graph %t, %u : !bgraph.tile<8xf16>, !bgraph.tile<8xbf16> -> !bgraph.tile<8xf16> {
    ^bb0(%e: f16, %f: f16):
      %m = tgraph.mul %e, %f : f16
      tgraph.yield %m : f16
    }
    %s = bgraph.accum sum %g : !bgraph.tile<8xf16> -> !bgraph.tile<8xf16>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf16> -> tensor<8xf16>
    bgraph.yield %o : tensor<8xf16>
  }
  return %c : tensor<8xf16>
}

// -----

// Tile operands broadcast to a common shape (numpy rules).
func.func @tiles_do_not_broadcast(%a: tensor<4x8xf32>, %b: tensor<4xf32>) -> tensor<4x8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<4x8xf32>, tensor<4xf32>) -> (tensor<4x8xf32>) {
  ^bb0(%x: tensor<4x8xf32>, %y: tensor<4xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<4x8xf32> -> !bgraph.tile<4x8xf32>
    %u = bgraph.input %y imap = {x = replica} fmap = replica : tensor<4xf32> -> !bgraph.tile<4xf32>
    // expected-error @+1 {{'tgraph.graph' op tile operands do not broadcast: shapes 4x8 and 4 do not broadcast: dim 1 has 8 vs 4}}
    %g = tgraph.graph %t, %u : !bgraph.tile<4x8xf32>, !bgraph.tile<4xf32> -> !bgraph.tile<4x8xf32> {
    ^bb0(%e: f32, %f: f32):
      %m = tgraph.add %e, %f : f32
      tgraph.yield %m : f32
    }
    %s = bgraph.accum sum %g : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x8xf32> -> tensor<4x8xf32>
    bgraph.yield %o : tensor<4x8xf32>
  }
  return %c : tensor<4x8xf32>
}

// -----

// Broadcasting is checked cumulatively: the third operand against the
// broadcast of the first two (8x1 and 1x4 -> 8x4; 2x4 does not fit).
func.func @tiles_do_not_broadcast_third(%a: tensor<8x1xf32>, %b: tensor<1x4xf32>, %d: tensor<2x4xf32>) -> tensor<8x4xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b, %d : tensor<8x1xf32>, tensor<1x4xf32>, tensor<2x4xf32>) -> (tensor<8x4xf32>) {
  ^bb0(%x: tensor<8x1xf32>, %y: tensor<1x4xf32>, %z: tensor<2x4xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8x1xf32> -> !bgraph.tile<8x1xf32>
    %u = bgraph.input %y imap = {x = replica} fmap = replica : tensor<1x4xf32> -> !bgraph.tile<1x4xf32>
    %v = bgraph.input %z imap = {x = replica} fmap = replica : tensor<2x4xf32> -> !bgraph.tile<2x4xf32>
    // expected-error @+1 {{'tgraph.graph' op tile operands do not broadcast: shapes 8x4 and 2x4 do not broadcast: dim 0 has 8 vs 2}}
    %g = tgraph.graph %t, %u, %v : !bgraph.tile<8x1xf32>, !bgraph.tile<1x4xf32>, !bgraph.tile<2x4xf32> -> !bgraph.tile<8x4xf32> {
    ^bb0(%e: f32, %f: f32, %h: f32):
      %m = tgraph.add %e, %f : f32
      %n = tgraph.add %m, %h : f32
      tgraph.yield %n : f32
    }
    %s = bgraph.accum sum %g : !bgraph.tile<8x4xf32> -> !bgraph.tile<8x4xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x4xf32> -> tensor<8x4xf32>
    bgraph.yield %o : tensor<8x4xf32>
  }
  return %c : tensor<8x4xf32>
}

// -----

//===----------------------------------------------------------------------===//
// tgraph.graph: terminator and results
//===----------------------------------------------------------------------===//

// The region ends with tgraph.yield (here an unregistered terminator).
func.func @missing_yield(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %g = tgraph.graph %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32> {
    ^bb0(%e: f32):
      // expected-error @+1 {{'test.terminator' op is not a thread graph op (tgraph scalar ops only)}}
      "test.terminator"(%e) : (f32) -> ()
    }
    %s = bgraph.accum sum %g : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// One yielded scalar per result tile.
func.func @yield_count(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    // expected-error @+1 {{'tgraph.graph' op yields 2 scalars for 1 results}}
    %g = tgraph.graph %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32> {
    ^bb0(%e: f32):
      %n = tgraph.neg %e : f32
      tgraph.yield %e, %n : f32, f32
    }
    %s = bgraph.accum sum %g : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// Result i's element type is the type of yielded scalar i, or the scalar is
// f32 (a register, rounded as it is stored).
func.func @result_element_type(%a: tensor<8xf16>, %b: tensor<8xbf16>) -> tensor<8xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<8xf16>, tensor<8xbf16>) -> (tensor<8xf16>) {
  ^bb0(%x: tensor<8xf16>, %y: tensor<8xbf16>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf16> -> !bgraph.tile<8xf16>
    %u = bgraph.input %y imap = {x = replica} fmap = replica : tensor<8xbf16> -> !bgraph.tile<8xbf16>
    // expected-error @+1 {{'tgraph.graph' op result #0 has element type 'f16' but the thread graph yields 'bf16' (the tile's element type or f32)}}
    %g = tgraph.graph %t, %u : !bgraph.tile<8xf16>, !bgraph.tile<8xbf16> -> !bgraph.tile<8xf16> {
    ^bb0(%e: f16, %f: bf16):
      tgraph.yield %f : bf16
    }
    %s = bgraph.accum sum %g : !bgraph.tile<8xf16> -> !bgraph.tile<8xf16>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf16> -> tensor<8xf16>
    bgraph.yield %o : tensor<8xf16>
  }
  return %c : tensor<8xf16>
}

// -----

// Every result has the broadcast shape of the operands (here the second
// result keeps the size-1 dim of an operand).
func.func @result_shape(%a: tensor<8x4xbf16>, %b: tensor<8x1xbf16>) -> tensor<8x4xbf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<8x4xbf16>, tensor<8x1xbf16>) -> (tensor<8x4xbf16>) {
  ^bb0(%x: tensor<8x4xbf16>, %y: tensor<8x1xbf16>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8x4xbf16> -> !bgraph.tile<8x4xbf16>
    %u = bgraph.input %y imap = {x = replica} fmap = replica : tensor<8x1xbf16> -> !bgraph.tile<8x1xbf16>
    // expected-error @+1 {{'tgraph.graph' op result #1 must have the broadcast shape 8x4, got 8x1}}
    %g:2 = tgraph.graph %t, %u : !bgraph.tile<8x4xbf16>, !bgraph.tile<8x1xbf16> -> !bgraph.tile<8x4xbf16>, !bgraph.tile<8x1xbf16> {
    ^bb0(%e: bf16, %f: bf16):
      %m = tgraph.div %e, %f : bf16
      tgraph.yield %m, %f : bf16, bf16
    }
    %s = bgraph.accum sum %g#0 : !bgraph.tile<8x4xbf16> -> !bgraph.tile<8x4xbf16>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x4xbf16> -> tensor<8x4xbf16>
    bgraph.yield %o : tensor<8x4xbf16>
  }
  return %c : tensor<8x4xbf16>
}

// -----

// Only tgraph scalar ops may appear in a thread graph.
func.func @foreign_op_in_thread_graph(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %g = tgraph.graph %s : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32> {
    ^bb0(%v: f32):
      // expected-error @+1 {{'builtin.unrealized_conversion_cast' op is not a thread graph op (tgraph scalar ops only)}}
      %w = builtin.unrealized_conversion_cast %v : f32 to f32
      tgraph.yield %w : f32
    }
    %o = bgraph.output %g omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}
