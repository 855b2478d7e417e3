// Diagnostics of the bgraph dialect: the tile type, the map syntax, the
// block-graph parent rule and the verifiers of input, accum, running_max,
// output and yield. The path rule is checked by kgraph.kernel (KGraph/invalid.mlir).
// RUN: tsopt-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// The tile type
//===----------------------------------------------------------------------===//

// Tile dims are >= 1.
// expected-error @+1 {{tile dims must be >= 1, got 0}}
func.func @tile_zero_dim(%a: !bgraph.tile<0x4xf16>) {
  return
}

// -----

// Tiles hold f16, bf16 or f32.
// expected-error @+1 {{tile element type must be f16, bf16 or f32, got 'i32'}}
func.func @tile_element_type(%a: !bgraph.tile<4x4xi32>) {
  return
}

// -----

// f64 is not executed either.
// expected-error @+1 {{tile element type must be f16, bf16 or f32, got 'f64'}}
func.func @tile_element_type_f64(%a: !bgraph.tile<4xf64>) {
  return
}

// -----

//===----------------------------------------------------------------------===//
// Map syntax: `{x = <dim>|replica, y = ..., z = ...}` and `<dim>|replica`
//===----------------------------------------------------------------------===//

// Map entries are a dim >= 0 or replica (no -1 spelling of replica).
func.func @imap_negative(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    // expected-error @+1 {{map entries are a dim >= 0 or 'replica'}}
    %t = bgraph.input %x imap = {x = -1} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// The same holds for the loop map.
func.func @fmap_negative(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    // expected-error @+1 {{map entries are a dim >= 0 or 'replica'}}
    %t = bgraph.input %x imap = {x = replica} fmap = -2 : tensor<8xf32> -> !bgraph.tile<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// A grid map starts with x.
func.func @imap_wrong_name(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    // expected-error @+1 {{expected grid dim 'x' (maps list grid dims x, y, z in order), got 'y'}}
    %t = bgraph.input %x imap = {y = 0} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// Grid dims are listed in order: y before z.
func.func @omap_out_of_order(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1, 1, 1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica, y = replica, z = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    // expected-error @+1 {{expected grid dim 'y' (maps list grid dims x, y, z in order), got 'z'}}
    %o = bgraph.output %s omap = {x = replica, z = replica, y = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// A fourth entry has no grid dim name.
func.func @imap_four_entries(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    // expected-error @+1 {{a grid has at most 3 dims (x, y, z), but the map names a fourth, 'w'}}
    %t = bgraph.input %x imap = {x = replica, y = replica, z = replica, w = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Block-graph ops live in a block graph (InBlockGraph)
//===----------------------------------------------------------------------===//

// A compute op on tiles outside a kernel.
func.func @compute_outside_kernel(%a: !bgraph.tile<8xf32>) -> !bgraph.tile<8xf32> {
  // expected-error @+1 {{'bgraph.exp' op must be in a block graph (the body of a graph-defined kernel)}}
  %0 = bgraph.exp %a : !bgraph.tile<8xf32>
  return %0 : !bgraph.tile<8xf32>
}

// -----

// An input iterator outside a kernel.
func.func @input_outside_kernel(%a: tensor<8xf32>) -> !bgraph.tile<8xf32> {
  // expected-error @+1 {{'bgraph.input' op must be in a block graph}}
  %0 = bgraph.input %a imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
  return %0 : !bgraph.tile<8xf32>
}

// -----

// An accumulator outside a kernel.
func.func @accum_outside_kernel(%a: !bgraph.tile<8xf32>) -> !bgraph.tile<8xf32> {
  // expected-error @+1 {{'bgraph.accum' op must be in a block graph}}
  %0 = bgraph.accum sum %a : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
  return %0 : !bgraph.tile<8xf32>
}

// -----

// An output saver outside a kernel.
func.func @output_outside_kernel(%a: !bgraph.tile<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'bgraph.output' op must be in a block graph}}
  %0 = bgraph.output %a omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// A yield outside a kernel.
func.func @yield_outside_kernel() {
  // expected-error @+1 {{'bgraph.yield' op must be in a block graph}}
  bgraph.yield
}

// -----

// bgraph.yield ending a thread graph is not directly in the block graph (so
// it never reaches tgraph.graph's own terminator check).
func.func @yield_in_thread_graph(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %g = tgraph.graph %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32> {
    ^bb0(%e: f32):
      %u = "tgraph.neg"(%e) : (f32) -> f32
      // expected-error @+1 {{'bgraph.yield' op must be in a block graph}}
      "bgraph.yield"() : () -> ()
    }
    %s = bgraph.accum sum %g : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Compute ops on tiles: the shared shape rules apply at the block level too
//===----------------------------------------------------------------------===//

// matmul contraction on tiles.
func.func @tile_matmul_contraction(%a: tensor<16x64xf16>, %b: tensor<64x128xf16>) -> tensor<16x128xf16> {
  %c = kgraph.kernel grid = [4] forloop = 8 ins(%a, %b : tensor<16x64xf16>, tensor<64x128xf16>) -> (tensor<16x128xf16>) {
  ^bb0(%x: tensor<16x64xf16>, %w: tensor<64x128xf16>):
    %xt = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<16x64xf16> -> !bgraph.tile<16x8xf16>
    %wt = bgraph.input %w imap = {x = 1} fmap = replica : tensor<64x128xf16> -> !bgraph.tile<64x32xf16>
    // expected-error @+1 {{'bgraph.matmul' op matmul contraction dims differ: 16x8 has 8 columns but 64x32 has 64 rows}}
    %p = bgraph.matmul %xt, %wt : !bgraph.tile<16x8xf16>, !bgraph.tile<64x32xf16> -> !bgraph.tile<16x32xf16>
    %s = bgraph.accum sum %p : !bgraph.tile<16x32xf16> -> !bgraph.tile<16x32xf16>
    %o = bgraph.output %s omap = {x = 1} : !bgraph.tile<16x32xf16> -> tensor<16x128xf16>
    bgraph.yield %o : tensor<16x128xf16>
  }
  return %c : tensor<16x128xf16>
}

// -----

// Broadcast result shape on tiles; element types on tiles.
func.func @tile_broadcast_result(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8x8xf32> -> !bgraph.tile<8x8xf32>
    %r = bgraph.reduce_sum %t dim = 1 : !bgraph.tile<8x8xf32> -> !bgraph.tile<8x1xf32>
    // expected-error @+1 {{'bgraph.sub' op result shape must be 8x8, got 8x1}}
    %d = bgraph.sub %t, %r : !bgraph.tile<8x8xf32>, !bgraph.tile<8x1xf32> -> !bgraph.tile<8x1xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8x8xf32> -> !bgraph.tile<8x8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// input (input iterator)
//===----------------------------------------------------------------------===//

// The source is an argument of the block graph, not a value computed in it.
func.func @input_source_not_argument(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    // expected-error @+1 {{'bgraph.input' op source must be an argument of the enclosing block graph (a kernel tensor)}}
    %t2 = bgraph.input %o imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// imap has one entry per grid dim.
func.func @imap_arity(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [2] forloop = 1 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    // expected-error @+1 {{'bgraph.input' op imap has 2 entries for a 1-d grid}}
    %t = bgraph.input %x imap = {x = 0, y = 1} fmap = replica : tensor<8x8xf32> -> !bgraph.tile<4x8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    %o = bgraph.output %s omap = {x = 0} : !bgraph.tile<4x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

// An input iterator does not convert.
func.func @input_element_type(%a: tensor<8xf16>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf16>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf16>):
    // expected-error @+1 {{'bgraph.input' op element type changes from 'f16' to 'f32'}}
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf16> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// imap names an existing tensor dim.
func.func @imap_dim_out_of_range(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [2] forloop = 1 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    // expected-error @+1 {{'bgraph.input' op imap maps grid dim x to dim 2, out of range for rank 2}}
    %t = bgraph.input %x imap = {x = 2} fmap = replica : tensor<8x8xf32> -> !bgraph.tile<4x8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    %o = bgraph.output %s omap = {x = 0} : !bgraph.tile<4x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

// Two grid dims never partition the same tensor dim.
func.func @imap_two_grid_dims_one_tensor_dim(%a: tensor<8x8xf32>) -> tensor<4x16xf32> {
  %c = kgraph.kernel grid = [2, 2] forloop = 1 ins(%a : tensor<8x8xf32>) -> (tensor<4x16xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    // expected-error @+1 {{'bgraph.input' op imap maps grid dims x and y to the same tensor dim 0}}
    %t = bgraph.input %x imap = {x = 0, y = 0} fmap = replica : tensor<8x8xf32> -> !bgraph.tile<2x8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<2x8xf32> -> !bgraph.tile<2x8xf32>
    %o = bgraph.output %s omap = {x = 0, y = 1} : !bgraph.tile<2x8xf32> -> tensor<4x16xf32>
    bgraph.yield %o : tensor<4x16xf32>
  }
  return %c : tensor<4x16xf32>
}

// -----

// A grid extent divides the tensor dim it partitions (named by grid dim).
func.func @imap_grid_not_dividing(%a: tensor<16x8xf32>) -> tensor<15x8xf32> {
  %c = kgraph.kernel grid = [1, 3] forloop = 1 ins(%a : tensor<16x8xf32>) -> (tensor<15x8xf32>) {
  ^bb0(%x: tensor<16x8xf32>):
    // expected-error @+1 {{'bgraph.input' op imap: grid dim y (3) does not divide tensor dim 0 (16)}}
    %t = bgraph.input %x imap = {x = replica, y = 0} fmap = replica : tensor<16x8xf32> -> !bgraph.tile<5x8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<5x8xf32> -> !bgraph.tile<5x8xf32>
    %o = bgraph.output %s omap = {x = replica, y = 0} : !bgraph.tile<5x8xf32> -> tensor<15x8xf32>
    bgraph.yield %o : tensor<15x8xf32>
  }
  return %c : tensor<15x8xf32>
}

// -----

// fmap names an existing tensor dim.
func.func @fmap_out_of_range(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    // expected-error @+1 {{'bgraph.input' op fmap maps the for-loop to dim 2, out of range for rank 2}}
    %t = bgraph.input %x imap = {x = replica} fmap = 2 : tensor<8x8xf32> -> !bgraph.tile<8x4xf32>
    %s = bgraph.accum concat %t fmap = 1 : !bgraph.tile<8x4xf32> -> !bgraph.tile<8x8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

// The loop partitions what the grid left: 64 / 4 (grid x) = 16, and 16 is
// not a multiple of forloop = 32 although 64 is.
func.func @fmap_forloop_not_dividing_remaining(%a: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %c = kgraph.kernel grid = [4] forloop = 32 ins(%a : tensor<8x64xf32>) -> (tensor<8x64xf32>) {
  ^bb0(%x: tensor<8x64xf32>):
    // expected-error @+1 {{'bgraph.input' op fmap: forloop (32) does not divide the extent left in dim 1 (16)}}
    %t = bgraph.input %x imap = {x = 1} fmap = 1 : tensor<8x64xf32> -> !bgraph.tile<8x2xf32>
    %s = bgraph.accum concat %t fmap = 1 : !bgraph.tile<8x2xf32> -> !bgraph.tile<8x64xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x64xf32> -> tensor<8x64xf32>
    bgraph.yield %o : tensor<8x64xf32>
  }
  return %c : tensor<8x64xf32>
}

// -----

// The result type is the tile shape the maps imply (here fmap is forgotten).
func.func @input_tile_shape(%a: tensor<16x64xf16>) -> tensor<16x64xf16> {
  %c = kgraph.kernel grid = [4] forloop = 8 ins(%a : tensor<16x64xf16>) -> (tensor<16x64xf16>) {
  ^bb0(%x: tensor<16x64xf16>):
    // expected-error @+1 {{'bgraph.input' op tile shape implied by imap/fmap/grid/forloop is 4x8, but the result type has 4x64}}
    %t = bgraph.input %x imap = {x = 0} fmap = 1 : tensor<16x64xf16> -> !bgraph.tile<4x64xf16>
    %s = bgraph.accum sum %t : !bgraph.tile<4x64xf16> -> !bgraph.tile<4x64xf16>
    %o = bgraph.output %s omap = {x = 0} : !bgraph.tile<4x64xf16> -> tensor<16x64xf16>
    bgraph.yield %o : tensor<16x64xf16>
  }
  return %c : tensor<16x64xf16>
}

// -----

//===----------------------------------------------------------------------===//
// accum (for-loop accumulator)
//===----------------------------------------------------------------------===//

// concat needs the dim to concatenate along.
func.func @accum_concat_without_fmap(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<8x8xf32> -> !bgraph.tile<8x4xf32>
    // expected-error @+1 {{'bgraph.accum' op concat accumulator needs fmap = <dim>}}
    %s = bgraph.accum concat %t : !bgraph.tile<8x4xf32> -> !bgraph.tile<8x8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

// sum combines iterations element-wise: no dim to concatenate along.
func.func @accum_sum_with_fmap(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<8x8xf32> -> !bgraph.tile<8x4xf32>
    // expected-error @+1 {{'bgraph.accum' op sum/max accumulator takes no fmap (only concat concatenates along a dim)}}
    %s = bgraph.accum sum %t fmap = 1 : !bgraph.tile<8x4xf32> -> !bgraph.tile<8x8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

// max likewise.
func.func @accum_max_with_fmap(%a: tensor<8x8xf32>) -> tensor<16x4xf32> {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a : tensor<8x8xf32>) -> (tensor<16x4xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<8x8xf32> -> !bgraph.tile<8x4xf32>
    // expected-error @+1 {{'bgraph.accum' op sum/max accumulator takes no fmap}}
    %s = bgraph.accum max %t fmap = 0 : !bgraph.tile<8x4xf32> -> !bgraph.tile<16x4xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<16x4xf32> -> tensor<16x4xf32>
    bgraph.yield %o : tensor<16x4xf32>
  }
  return %c : tensor<16x4xf32>
}

// -----

// A concatenating accumulator does not convert (a sum or max may be held
// in f32: ops.mlir).
func.func @accum_element_type(%a: tensor<8xf16>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a : tensor<8xf16>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf16>):
    %t = bgraph.input %x imap = {x = replica} fmap = 0 : tensor<8xf16> -> !bgraph.tile<4xf16>
    // expected-error @+1 {{'bgraph.accum' op element type changes from 'f16' to 'f32'}}
    %s = bgraph.accum concat %t fmap = 0 : !bgraph.tile<4xf16> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// A sum keeps the tile shape.
func.func @accum_sum_shape(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<8x8xf32> -> !bgraph.tile<8x4xf32>
    // expected-error @+1 {{'bgraph.accum' op accumulator result shape must be 8x4, got 8x8}}
    %s = bgraph.accum sum %t : !bgraph.tile<8x4xf32> -> !bgraph.tile<8x8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

// A concat multiplies dim fmap by forloop.
func.func @accum_concat_shape(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<8x8xf32> -> !bgraph.tile<8x4xf32>
    // expected-error @+1 {{'bgraph.accum' op accumulator result shape must be 16x4, got 8x8}}
    %s = bgraph.accum concat %t fmap = 0 : !bgraph.tile<8x4xf32> -> !bgraph.tile<8x8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

// The concat dim exists in the tile.
func.func @accum_fmap_out_of_range(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<8x8xf32> -> !bgraph.tile<8x4xf32>
    // expected-error @+1 {{'bgraph.accum' op accumulator fmap dim 2 is out of range for rank 2}}
    %s = bgraph.accum concat %t fmap = 2 : !bgraph.tile<8x4xf32> -> !bgraph.tile<8x8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

// A negative concat dim is out of range too.
func.func @accum_fmap_negative(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<8x8xf32> -> !bgraph.tile<8x4xf32>
    // expected-error @+1 {{'bgraph.accum' op concat accumulator fmap must be a dim >= 0, got -2}}
    %s = bgraph.accum concat %t fmap = -2 : !bgraph.tile<8x4xf32> -> !bgraph.tile<8x8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// output (output saver)
//===----------------------------------------------------------------------===//

// omap has one entry per grid dim.
func.func @omap_arity(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [2, 1] forloop = 1 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = 0, y = replica} fmap = replica : tensor<8x8xf32> -> !bgraph.tile<4x8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    // expected-error @+1 {{'bgraph.output' op omap has 1 entries for a 2-d grid}}
    %o = bgraph.output %s omap = {x = 0} : !bgraph.tile<4x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

// Blocks write disjoint regions: a grid dim of extent > 1 cannot be replica.
func.func @omap_replica_on_wide_grid_dim(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [1, 2] forloop = 1 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = replica, y = replica} fmap = replica : tensor<8x8xf32> -> !bgraph.tile<8x8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8x8xf32> -> !bgraph.tile<8x8xf32>
    // expected-error @+1 {{'bgraph.output' op omap: grid dim y has extent 2 but is not mapped to a result dim, so blocks would write the same region}}
    %o = bgraph.output %s omap = {x = replica, y = replica} : !bgraph.tile<8x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

// omap names an existing result dim.
func.func @omap_dim_out_of_range(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [2] forloop = 1 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = 0} fmap = replica : tensor<8x8xf32> -> !bgraph.tile<4x8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    // expected-error @+1 {{'bgraph.output' op omap maps grid dim x to dim 2, out of range for rank 2}}
    %o = bgraph.output %s omap = {x = 2} : !bgraph.tile<4x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

// Two grid dims on one result dim would write overlapping regions.
func.func @omap_two_grid_dims_one_result_dim(%a: tensor<8x8xf32>) -> tensor<16x4xf32> {
  %c = kgraph.kernel grid = [2, 2] forloop = 1 ins(%a : tensor<8x8xf32>) -> (tensor<16x4xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = 0, y = 1} fmap = replica : tensor<8x8xf32> -> !bgraph.tile<4x4xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x4xf32>
    // expected-error @+1 {{'bgraph.output' op omap maps grid dims x and y to the same result dim 0, so blocks would write overlapping regions}}
    %o = bgraph.output %s omap = {x = 0, y = 0} : !bgraph.tile<4x4xf32> -> tensor<16x4xf32>
    bgraph.yield %o : tensor<16x4xf32>
  }
  return %c : tensor<16x4xf32>
}

// -----

// The result tensor is the tile scaled by omap.
func.func @output_shape(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [2] forloop = 1 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = 0} fmap = replica : tensor<8x8xf32> -> !bgraph.tile<4x8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    // expected-error @+1 {{'bgraph.output' op result tensor shape implied by omap/grid is 4x16, but the result type has 8x8}}
    %o = bgraph.output %s omap = {x = 1} : !bgraph.tile<4x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// yield
//===----------------------------------------------------------------------===//

// Only output savers' results are yielded (here a kernel tensor directly).
func.func @yield_not_output(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    // expected-error @+1 {{'bgraph.yield' op operand 0 must be the result of a bgraph.output (an output saver)}}
    bgraph.yield %x : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// The yielded types are the kernel's result types (here the count differs).
func.func @yield_count(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<8xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    // expected-error @+1 {{'bgraph.yield' op operand types must match the enclosing kernel's result types}}
    bgraph.yield %o, %o : tensor<8xf32>, tensor<8xf32>
  }
  return %c : tensor<8xf32>
}

// -----

// ... or here the type differs.
func.func @yield_type(%a: tensor<8xf32>) -> tensor<4xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8xf32>) -> (tensor<4xf32>) {
  ^bb0(%x: tensor<8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8xf32> -> !bgraph.tile<8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<8xf32> -> !bgraph.tile<8xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8xf32> -> tensor<8xf32>
    // expected-error @+1 {{'bgraph.yield' op operand types must match the enclosing kernel's result types}}
    bgraph.yield %o : tensor<8xf32>
  }
  return %c : tensor<4xf32>
}

// -----

// Map entries beyond the representable dims are rejected, not truncated.
func.func @imap_entry_too_large(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [2] forloop = 2 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    // expected-error @+1 {{'bgraph.input' op imap entry for grid dim x is 4294967296; an entry is a dim or 'replica'}}
    %t = bgraph.input %x imap = {x = 4294967296} fmap = 1 : tensor<8x8xf32> -> !bgraph.tile<4x4xf32>
    %s = bgraph.accum concat %t fmap = 1 : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x8xf32>
    %o = bgraph.output %s omap = {x = 0} : !bgraph.tile<4x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

func.func @fmap_entry_too_large(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [2] forloop = 2 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    // expected-error @+1 {{'bgraph.input' op fmap entry is 4294967297; an entry is a dim or 'replica'}}
    %t = bgraph.input %x imap = {x = 0} fmap = 4294967297 : tensor<8x8xf32> -> !bgraph.tile<4x4xf32>
    %s = bgraph.accum concat %t fmap = 1 : !bgraph.tile<4x4xf32> -> !bgraph.tile<4x8xf32>
    %o = bgraph.output %s omap = {x = 0} : !bgraph.tile<4x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

func.func @omap_entry_too_large(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [2] forloop = 1 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = 0} fmap = replica : tensor<8x8xf32> -> !bgraph.tile<4x8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    // expected-error @+1 {{'bgraph.output' op omap entry for grid dim x is 4294967296; an entry is a dim or 'replica'}}
    %o = bgraph.output %s omap = {x = 4294967296} : !bgraph.tile<4x8xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

// `fmap = -1` is not a spelling of replica on a concat accumulator.
func.func @concat_fmap_minus_one(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a : tensor<8x8xf32>) -> (tensor<8x8xf32>) {
  ^bb0(%x: tensor<8x8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<8x8xf32> -> !bgraph.tile<8x4xf32>
    // expected-error @+1 {{'bgraph.accum' op concat accumulator fmap must be a dim >= 0, got -1}}
    %s = bgraph.accum concat %t fmap = -1 : !bgraph.tile<8x4xf32> -> !bgraph.tile<8x4xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<8x4xf32> -> tensor<8x8xf32>
    bgraph.yield %o : tensor<8x8xf32>
  }
  return %c : tensor<8x8xf32>
}

// -----

//===----------------------------------------------------------------------===//
// Row maxima of a split softmax (bgraph.running_max, accum ... maxima)
//===----------------------------------------------------------------------===//

// Only a sum merges partials relative to row maxima.
func.func @max_accum_with_maxima(%a: tensor<4x8xf32>, %m: tensor<4x2xf32>) -> tensor<4x4xf32> {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a, %m : tensor<4x8xf32>, tensor<4x2xf32>) -> (tensor<4x4xf32>) {
  ^bb0(%x: tensor<4x8xf32>, %y: tensor<4x2xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<4x8xf32> -> !bgraph.tile<4x4xf32>
    %u = bgraph.input %y imap = {x = replica} fmap = 1 : tensor<4x2xf32> -> !bgraph.tile<4x1xf32>
    // expected-error @+1 {{'bgraph.accum' op only a sum accumulator merges partials relative to row maxima}}
    %s = bgraph.accum max %t maxima %u : !bgraph.tile<4x4xf32>, !bgraph.tile<4x1xf32> -> !bgraph.tile<4x4xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x4xf32> -> tensor<4x4xf32>
    bgraph.yield %o : tensor<4x4xf32>
  }
  return %c : tensor<4x4xf32>
}

// -----

// The maxima hold one value per row for every group of columns.
func.func @maxima_groups(%a: tensor<4x8xf32>, %m: tensor<4x6xf32>) -> tensor<4x4xf32> {
  %c = kgraph.kernel grid = [1] forloop = 2 ins(%a, %m : tensor<4x8xf32>, tensor<4x6xf32>) -> (tensor<4x4xf32>) {
  ^bb0(%x: tensor<4x8xf32>, %y: tensor<4x6xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = 1 : tensor<4x8xf32> -> !bgraph.tile<4x4xf32>
    %u = bgraph.input %y imap = {x = replica} fmap = 1 : tensor<4x6xf32> -> !bgraph.tile<4x3xf32>
    // expected-error @+1 {{'bgraph.accum' op row maxima of shape 4x3 do not hold one value per row for every group of columns of a tile of shape 4x4}}
    %s = bgraph.accum sum %t maxima %u : !bgraph.tile<4x4xf32>, !bgraph.tile<4x3xf32> -> !bgraph.tile<4x4xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x4xf32> -> tensor<4x4xf32>
    bgraph.yield %o : tensor<4x4xf32>
  }
  return %c : tensor<4x4xf32>
}

// -----

// Row maxima are those of a sum accumulator.
func.func @running_max_of_tile(%a: tensor<4x8xf32>) -> tensor<4x1xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x8xf32>) -> (tensor<4x1xf32>) {
  ^bb0(%x: tensor<4x8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<4x8xf32> -> !bgraph.tile<4x8xf32>
    %s = bgraph.accum max %t : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    // expected-error @+1 {{'bgraph.running_max' op reads the rows of a sum accumulator (without maxima of its own)}}
    %m = bgraph.running_max %s : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x1xf32>
    %o = bgraph.output %m omap = {x = replica} : !bgraph.tile<4x1xf32> -> tensor<4x1xf32>
    bgraph.yield %o : tensor<4x1xf32>
  }
  return %c : tensor<4x1xf32>
}

// -----

// Row maxima are f32.
func.func @running_max_f16(%a: tensor<4x8xf32>) -> tensor<4x1xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x8xf32>) -> (tensor<4x1xf16>) {
  ^bb0(%x: tensor<4x8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<4x8xf32> -> !bgraph.tile<4x8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    // expected-error @+1 {{'bgraph.running_max' op row maxima are f32, got 'f16'}}
    %m = bgraph.running_max %s : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x1xf16>
    %o = bgraph.output %m omap = {x = replica} : !bgraph.tile<4x1xf16> -> tensor<4x1xf16>
    bgraph.yield %o : tensor<4x1xf16>
  }
  return %c : tensor<4x1xf16>
}

// -----

// One value per row for every group of the accumulator's columns.
func.func @running_max_shape(%a: tensor<4x8xf32>) -> tensor<4x3xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x8xf32>) -> (tensor<4x3xf32>) {
  ^bb0(%x: tensor<4x8xf32>):
    %t = bgraph.input %x imap = {x = replica} fmap = replica : tensor<4x8xf32> -> !bgraph.tile<4x8xf32>
    %s = bgraph.accum sum %t : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    // expected-error @+1 {{'bgraph.running_max' op row maxima of shape 4x3 do not hold one value per row for every group of columns of a tile of shape 4x8}}
    %m = bgraph.running_max %s : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x3xf32>
    %o = bgraph.output %m omap = {x = replica} : !bgraph.tile<4x3xf32> -> tensor<4x3xf32>
    bgraph.yield %o : tensor<4x3xf32>
  }
  return %c : tensor<4x3xf32>
}
