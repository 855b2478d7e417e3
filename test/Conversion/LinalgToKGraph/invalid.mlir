// What kgraph cannot express is an error naming the op; nothing is dropped.
// RUN: tsopt-opt %s --convert-linalg-to-kgraph -split-input-file -verify-diagnostics

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @reciprocal(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  // expected-error @+1 {{takes a reciprocal 1/x: kgraph has none}}
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.divf %one, %in : f32
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @log(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    // expected-error @+1 {{cannot import 'math.log' of a linalg payload: kgraph has no such element-wise op}}
    %a = math.log %in : f32
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

func.func @weights_inline(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{tensor constants (weights inlined as dense or dense_resource) are not supported}}
  %w = arith.constant dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %y = linalg.matmul ins(%x, %w : tensor<4x2xf32>, tensor<2x2xf32>) outs(%z : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// -----

// expected-error @+1 {{argument 0 is not a statically shaped tensor}}
func.func @dynamic(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %e = tensor.empty() : tensor<8x8xf32>
  %t = linalg.transpose ins(%e : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) permutation = [1, 0]
  return %x : tensor<?x8xf32>
}

// -----

// Strides in two dims are a 1x1 window; in three, no one window.
func.func @strided_slice(%x: tensor<4x4x8xf32>) -> tensor<2x2x4xf32> {
  // expected-error @+1 {{changes 3 dims of a rank-3 tensor: at most two dims of a tensor of rank 4 or less are supported}}
  %s = tensor.extract_slice %x[0, 0, 0] [2, 2, 4] [2, 2, 2] : tensor<4x4x8xf32> to tensor<2x2x4xf32>
  return %s : tensor<2x2x4xf32>
}

// -----

func.func @pad_value(%x: tensor<4x8xf32>) -> tensor<6x8xf32> {
  %c = arith.constant 0x7F800000 : f32
  // expected-error @+1 {{pads with INF: kgraph's values are finite}}
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<4x8xf32> to tensor<6x8xf32>
  return %p : tensor<6x8xf32>
}

// -----

// -inf padding that no max pooling reads.
func.func @pad_neg_inf(%x: tensor<4x8xf32>) -> tensor<6x8xf32> {
  %c = arith.constant 0xFF800000 : f32
  // expected-error @+1 {{pads with -inf, which kgraph has only where a max pooling reads the padding}}
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %c : f32
  } : tensor<4x8xf32> to tensor<6x8xf32>
  return %p : tensor<6x8xf32>
}

// -----

// A padding value computed per position is not a constant.
func.func @pad_computed(%x: tensor<4x8xf32>) -> tensor<6x8xf32> {
  // expected-error @+1 {{pads with a value that is not a constant}}
  %p = tensor.pad %x low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    %k = arith.index_cast %i : index to i32
    %f = arith.sitofp %k : i32 to f32
    tensor.yield %f : f32
  } : tensor<4x8xf32> to tensor<6x8xf32>
  return %p : tensor<6x8xf32>
}

// -----

// A max with its argmax: both results read.
#in = affine_map<(d0, d1) -> (d0, d1)>
#out = affine_map<(d0, d1) -> (d0)>
func.func @max_and_argmax(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0 : i64
  %e = tensor.empty() : tensor<4xf32>
  %m = linalg.fill ins(%ninf : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %ei = tensor.empty() : tensor<4xi64>
  %i = linalg.fill ins(%zero : i64) outs(%ei : tensor<4xi64>) -> tensor<4xi64>
  // expected-error @+1 {{a linalg.generic with several outputs is supported when exactly one of its results is used}}
  %r:2 = linalg.generic {indexing_maps = [#in, #out, #out], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%m, %i : tensor<4xf32>, tensor<4xi64>) {
  ^bb0(%a: f32, %b: f32, %c: i64):
    %j = linalg.index 1 : index
    %jj = arith.index_cast %j : index to i64
    %mx = arith.maximumf %a, %b : f32
    %gt = arith.cmpf ogt, %a, %b : f32
    %s = arith.select %gt, %jj, %c : i64
    linalg.yield %mx, %s : f32, i64
  } -> (tensor<4xf32>, tensor<4xi64>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xi64>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#none = affine_map<(d0, d1) -> ()>
func.func @two_reductions(%x: tensor<4x8xf32>) -> tensor<f32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<f32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
  // expected-error @+1 {{reduces over 2 loops; one is supported}}
  %y = linalg.generic {indexing_maps = [#id, #none], iterator_types = ["reduction", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%z : tensor<f32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<f32>
  return %y : tensor<f32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @sum_into_ones(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // expected-error @+1 {{a reduction's init must be a fill of its identity}}
  %y = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @erf_alone(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  // expected-error @+1 {{takes erf: kgraph has none (only gelu's x/2·(1 + erf(x/√2)) is raised)}}
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = math.erf %in : f32
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

func.func @nonzero_init(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %z = linalg.fill ins(%one : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  // expected-error @+1 {{accumulates into a fill of a nonzero value or an uninitialized tensor}}
  %y = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x8xf32>) outs(%z : tensor<4x8xf32>) -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @fill_as_input(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  // expected-error @+1 {{reads a fill or an uninitialized tensor as an input}}
  %y = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%x, %z : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %in_z: f32, %out: f32):
    %a = arith.addf %in, %in_z : f32
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @reads_output(%x: tensor<4x8xf32>, %o: tensor<4x8xf32>) -> tensor<4x8xf32> {
  // expected-error @+1 {{an element-wise linalg.generic that reads its output is not supported}}
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%o : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = arith.addf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#t = affine_map<(d0, d1) -> (d1, d0)>
func.func @transposed_output(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x4xf32>
  // expected-error @+1 {{writes its output through a map other than the identity}}
  %y = linalg.generic {indexing_maps = [#id, #t], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = math.exp %in : f32
    linalg.yield %a : f32
  } -> tensor<4x4xf32>
  return %y : tensor<4x4xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @cube_root(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %third = arith.constant 0.333333343 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %y = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    // expected-error @+1 {{only powers that are multiples of 1/2, at most 64 in magnitude, have kgraph ops}}
    %a = math.powf %in, %third : f32
    linalg.yield %a : f32
  } -> tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
func.func @product_reduction(%x: tensor<4x8xf32>) -> tensor<4xf32> {
  %one = arith.constant 1.000000e+00 : f32
  %e = tensor.empty() : tensor<4xf32>
  %z = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %y = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x8xf32>) outs(%z : tensor<4xf32>) {
  ^bb0(%in: f32, %out: f32):
    // expected-error @+1 {{a reduction combines by addf or maximumf, once}}
    %a = arith.mulf %in, %out : f32
    linalg.yield %a : f32
  } -> tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

// A splat constant tensor is read as a scalar by element-wise payloads;
// as a matmul operand it is a weight, which must be an argument.
func.func @constant_weight(%x: tensor<4x8xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{a constant tensor (5.000000e-01 everywhere) is read by an op that cannot take it as a scalar: pass it as a function argument}}
  %w = arith.constant dense<5.000000e-01> : tensor<8x2xf32>
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<4x2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<4x2xf32>) -> tensor<4x2xf32>
  %y = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x2xf32>) outs(%z : tensor<4x2xf32>) -> tensor<4x2xf32>
  return %y : tensor<4x2xf32>
}

// -----

// A max pooling whose init is not -inf would change the maxima.
func.func @max_pool_init(%x: tensor<1x2x4x4xf32>) -> tensor<1x2x2x2xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %k = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  // expected-error @+1 {{a max pooling accumulates into an init other than -inf}}
  %m = linalg.pooling_nchw_max {dilations = dense<1> : vector<2xi64>, strides = dense<2> : vector<2xi64>} ins(%x, %k : tensor<1x2x4x4xf32>, tensor<2x2xf32>) outs(%z : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %m : tensor<1x2x2x2xf32>
}


// -----

// An embedding lookup (a gather by integer ids, as torch-mlir writes it):
// kgraph's tensors are floating point.
// expected-error @+1 {{argument 0 has element type 'i64'; f16, bf16 and f32 are supported}}
func.func @embedding(%ids: tensor<8xi64>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%ids : tensor<8xi64>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%i: i64, %o: f32):
    %j = linalg.index 1 : index
    %k = arith.index_cast %i : i64 to index
    %v = tensor.extract %w[%k, %j] : tensor<16x4xf32>
    linalg.yield %v : f32
  } -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}

// -----

// A comparison of two computed values is not a clamp.
#cmp = affine_map<(d0, d1) -> (d0, d1)>
func.func @compare_values(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#cmp, #cmp, #cmp], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<4x8xf32>, tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    // expected-error @+1 {{only a comparison of a value with a finite constant, by <, <=, > or >= (a clamp), is supported}}
    %c = arith.cmpf ogt, %a, %b : f32
    %s = arith.select %c, %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// -----

// A select by a comparison with a constant that picks neither x nor the
// constant is not a clamp.
#sel = affine_map<(d0, d1) -> (d0, d1)>
func.func @select_other(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %c1 = arith.constant 1.000000e+00 : f32
  %c2 = arith.constant 2.000000e+00 : f32
  %e = tensor.empty() : tensor<4x8xf32>
  %r = linalg.generic {indexing_maps = [#sel, #sel], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %c = arith.cmpf ogt, %a, %c1 : f32
    // expected-error @+1 {{only select(x > c, x, c), select(x < c, c, x) and their min forms (a clamp) are supported}}
    %s = arith.select %c, %a, %c2 : f32
    linalg.yield %s : f32
  } -> tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
