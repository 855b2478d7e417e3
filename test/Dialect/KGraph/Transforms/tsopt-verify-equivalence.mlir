// RUN: tsopt-opt %s -split-input-file -verify-diagnostics --tsopt-verify-equivalence
// RUN: not tsopt-opt %s -split-input-file --tsopt-verify-equivalence='delta=1e-30 min-trials=3 seed=5 threads=1' \
// RUN:   --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s
// RUN: not tsopt-opt %s -split-input-file --tsopt-verify-equivalence='delta=2' 2>&1 | FileCheck %s --check-prefix=DELTA

// DELTA: error: delta must be in (0, 1), got 2

// The record names the field, the trials and the bound.
// CHECK: remark: equivalent to @ref: equivalent: p = {{[0-9]+}}, q = {{[0-9]+}}, t = 3, delta = 1e-30, per-trial bound = {{[0-9.e-]+}}, prime bound = {{[0-9.e-]+}}

func.func @ref(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<8x16xf32>) -> tensor<4x16xf32> {
  %s = kgraph.add %b, %c : tensor<8x16xf32>, tensor<8x16xf32> -> tensor<8x16xf32>
  %m = kgraph.matmul %a, %s : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  return %m : tensor<4x16xf32>
}

// Distributivity: A·(B + C) = A·B + A·C.
// expected-remark @+1 {{equivalent to @ref: equivalent: p = }}
func.func @distributed(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<8x16xf32>) -> tensor<4x16xf32> attributes {tsopt.reference = @ref} {
  %x = kgraph.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  %y = kgraph.matmul %a, %c : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  %z = kgraph.add %x, %y : tensor<4x16xf32>, tensor<4x16xf32> -> tensor<4x16xf32>
  return %z : tensor<4x16xf32>
}

// -----

func.func @ref(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>) {
  %m = kgraph.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  %e = kgraph.exp %m : tensor<4x16xf32>
  return %m, %e : tensor<4x16xf32>, tensor<4x16xf32>
}

// The second output differs (exp vs silu): the error names it.
// expected-error @+1 {{differs from @ref at output #1: not equivalent (output #1 differs)}}
func.func @wrong(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>) -> (tensor<4x16xf32>, tensor<4x16xf32>) attributes {tsopt.reference = @ref} {
  %m = kgraph.matmul %a, %b : tensor<4x8xf32>, tensor<8x16xf32> -> tensor<4x16xf32>
  %e = kgraph.silu %m : tensor<4x16xf32>
  return %m, %e : tensor<4x16xf32>, tensor<4x16xf32>
}

// -----

func.func @ref(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %e = kgraph.exp %a : tensor<4x8xf32>
  %f = kgraph.exp %e : tensor<4x8xf32>
  return %f : tensor<4x8xf32>
}

// Two exps on a path: outside the LAX fragment, so a warning says the
// verdict has no guarantee.
// expected-warning @+2 {{agrees with @ref on every trial, but candidate: a path passes 2 exps: exp (op #0), exp (op #1), so the verdict carries no probability guarantee}}
// expected-remark @+1 {{outside the LAX fragment, no probability guarantee}}
func.func @nested_exp(%a: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {tsopt.reference = @ref} {
  %e = kgraph.exp %a : tensor<4x8xf32>
  %f = kgraph.exp %e : tensor<4x8xf32>
  return %f : tensor<4x8xf32>
}

// -----

func.func @ref(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %n = kgraph.neg %a : tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// Exact in the field (2^100 · 2^100 · 2^-100 · 2^-100 = 1) but 2^200
// overflows f32: the float check rejects it.
// expected-error @+1 {{loses output #0 (4x8xf32) in its stored precision against @ref: float error inf}}
func.func @overflowing(%a: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {tsopt.reference = @ref} {
  %x = kgraph.mul_scalar %a, 0x4630000000000000 : tensor<4x8xf32>
  %y = kgraph.mul_scalar %x, 0x4630000000000000 : tensor<4x8xf32>
  %z = kgraph.mul_scalar %y, 0x39B0000000000000 : tensor<4x8xf32>
  %w = kgraph.mul_scalar %z, 0x39B0000000000000 : tensor<4x8xf32>
  %n = kgraph.neg %w : tensor<4x8xf32>
  return %n : tensor<4x8xf32>
}

// -----

// expected-error @+1 {{reference @missing does not exist}}
func.func @dangling(%a: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {tsopt.reference = @missing} {
  return %a : tensor<4x8xf32>
}

// -----

func.func @ref(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  return %a : tensor<4x8xf32>
}

// expected-error @+1 {{cannot compare with @ref: the programs return different types: #0 is 4x16xf32 against 4x8xf32}}
func.func @wide(%a: tensor<4x8xf32>) -> tensor<4x16xf32> attributes {tsopt.reference = @ref} {
  %b = kgraph.concat %a, %a dim = 1 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x16xf32>
  return %b : tensor<4x16xf32>
}

// -----

// The same shapes in another dtype: an f16 program is not a bf16 one.
func.func @ref(%a: tensor<4x8xf16>) -> tensor<4x8xf16> {
  %e = kgraph.exp %a : tensor<4x8xf16>
  return %e : tensor<4x8xf16>
}

// expected-error @+1 {{cannot compare with @ref: the programs take different inputs: #0 is 4x8xbf16 against 4x8xf16}}
func.func @bf16(%a: tensor<4x8xbf16>) -> tensor<4x8xbf16> attributes {tsopt.reference = @ref} {
  %e = kgraph.exp %a : tensor<4x8xbf16>
  return %e : tensor<4x8xbf16>
}

// -----

func.func @ref(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %z = kgraph.mul_scalar %a, 0.0 : tensor<4x8xf32>
  return %z : tensor<4x8xf32>
}

// a / (b - b) is undefined; the field's inv(0) = 0 would make it equal to
// a · 0, so division by zero is detected and reported.
// expected-error @+1 {{divides by zero, unlike @ref: not equivalent (the candidate divides by zero)}}
func.func @zero_denominator(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {tsopt.reference = @ref} {
  %d = kgraph.sub %b, %b : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  %q = kgraph.div %a, %d : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  return %q : tensor<4x8xf32>
}

// -----

func.func @ref(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %d = kgraph.sub %b, %b : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  %q = kgraph.div %a, %d : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x8xf32>
  return %q : tensor<4x8xf32>
}

// expected-error @+1 {{cannot compare with @ref: the reference divides by zero}}
func.func @against_undefined(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {tsopt.reference = @ref} {
  return %a : tensor<4x8xf32>
}

// -----

// Equal as algebra, not as computed: one RMSNorm kernel twice, first with
// the row sum of squares held in f16 tiles. Over 4096 channels it passes
// 65504 once activations reach a few tens; the float check's scaled
// activations overflow it, the output collapses to zero, and the candidate
// is rejected naming the output and the precision.
func.func @rms_ref(%x: tensor<8x4096xf16>, %g: tensor<4096xf16>) -> tensor<8x4096xf16> {
  %y = kgraph.rms_norm %x, %g : tensor<8x4096xf16>, tensor<4096xf16> -> tensor<8x4096xf16>
  return %y : tensor<8x4096xf16>
}

// expected-error @+1 {{loses output #0 (8x4096xf16) in its stored precision against @rms_ref: float error 1 (tolerance 0.01) on activations at scale 32 with outliers; store accumulators and statistics in f32}}
func.func @rms_f16_sum(%x: tensor<8x4096xf16>, %g: tensor<4096xf16>) -> tensor<8x4096xf16> attributes {tsopt.reference = @rms_ref} {
  %y = kgraph.kernel grid = [8] forloop = 1 ins(%x, %g : tensor<8x4096xf16>, tensor<4096xf16>) -> (tensor<8x4096xf16>) {
  ^bb0(%xb: tensor<8x4096xf16>, %gb: tensor<4096xf16>):
    %xt = bgraph.input %xb imap = {x = 0} fmap = replica : tensor<8x4096xf16> -> !bgraph.tile<1x4096xf16>
    %gt = bgraph.input %gb imap = {x = replica} fmap = replica : tensor<4096xf16> -> !bgraph.tile<4096xf16>
    %sq = bgraph.square %xt : !bgraph.tile<1x4096xf16>
    %ss = bgraph.reduce_sum %sq dim = 1 : !bgraph.tile<1x4096xf16> -> !bgraph.tile<1x1xf16>
    %sa = bgraph.accum sum %ss : !bgraph.tile<1x1xf16> -> !bgraph.tile<1x1xf16>
    %xa = bgraph.accum sum %xt : !bgraph.tile<1x4096xf16> -> !bgraph.tile<1x4096xf16>
    %ga = bgraph.accum sum %gt : !bgraph.tile<4096xf16> -> !bgraph.tile<4096xf16>
    %ms = bgraph.mul_scalar %sa, 2.44140625e-04 : !bgraph.tile<1x1xf16>
    %r = bgraph.sqrt %ms : !bgraph.tile<1x1xf16>
    %n = bgraph.div %xa, %r : !bgraph.tile<1x4096xf16>, !bgraph.tile<1x1xf16> -> !bgraph.tile<1x4096xf16>
    %yt = bgraph.mul %n, %ga : !bgraph.tile<1x4096xf16>, !bgraph.tile<4096xf16> -> !bgraph.tile<1x4096xf16>
    %o = bgraph.output %yt omap = {x = 0} : !bgraph.tile<1x4096xf16> -> tensor<8x4096xf16>
    bgraph.yield %o : tensor<8x4096xf16>
  }
  return %y : tensor<8x4096xf16>
}

// -----

// The same kernel with the squares, their sum and the statistic in f32
// tiles (what the precision plan gives every generated kernel) is accepted.
func.func @rms_ref(%x: tensor<8x4096xf16>, %g: tensor<4096xf16>) -> tensor<8x4096xf16> {
  %y = kgraph.rms_norm %x, %g : tensor<8x4096xf16>, tensor<4096xf16> -> tensor<8x4096xf16>
  return %y : tensor<8x4096xf16>
}

// expected-remark @+1 {{equivalent to @rms_ref}}
func.func @rms_f32_sum(%x: tensor<8x4096xf16>, %g: tensor<4096xf16>) -> tensor<8x4096xf16> attributes {tsopt.reference = @rms_ref} {
  %y = kgraph.kernel grid = [8] forloop = 1 ins(%x, %g : tensor<8x4096xf16>, tensor<4096xf16>) -> (tensor<8x4096xf16>) {
  ^bb0(%xb: tensor<8x4096xf16>, %gb: tensor<4096xf16>):
    %xt = bgraph.input %xb imap = {x = 0} fmap = replica : tensor<8x4096xf16> -> !bgraph.tile<1x4096xf16>
    %gt = bgraph.input %gb imap = {x = replica} fmap = replica : tensor<4096xf16> -> !bgraph.tile<4096xf16>
    %sq = bgraph.square %xt : !bgraph.tile<1x4096xf16> -> !bgraph.tile<1x4096xf32>
    %ss = bgraph.reduce_sum %sq dim = 1 : !bgraph.tile<1x4096xf32> -> !bgraph.tile<1x1xf32>
    %sa = bgraph.accum sum %ss : !bgraph.tile<1x1xf32> -> !bgraph.tile<1x1xf32>
    %xa = bgraph.accum sum %xt : !bgraph.tile<1x4096xf16> -> !bgraph.tile<1x4096xf32>
    %ga = bgraph.accum sum %gt : !bgraph.tile<4096xf16> -> !bgraph.tile<4096xf32>
    %ms = bgraph.mul_scalar %sa, 2.44140625e-04 : !bgraph.tile<1x1xf32>
    %r = bgraph.sqrt %ms : !bgraph.tile<1x1xf32>
    %n = bgraph.div %xa, %r : !bgraph.tile<1x4096xf32>, !bgraph.tile<1x1xf32> -> !bgraph.tile<1x4096xf32>
    %yt = bgraph.mul %n, %ga : !bgraph.tile<1x4096xf32>, !bgraph.tile<4096xf32> -> !bgraph.tile<1x4096xf16>
    %o = bgraph.output %yt omap = {x = 0} : !bgraph.tile<1x4096xf16> -> tensor<8x4096xf16>
    bgraph.yield %o : tensor<8x4096xf16>
  }
  return %y : tensor<8x4096xf16>
}

// -----

// (x + c)² − 2c·x − c² is x² in the field, but in f32 the square of
// x + 30000 keeps x² only to within 64: a finite error beyond 100 % is
// another function, whatever the trials said.
func.func @sq_ref(%x: tensor<8x64xf32>) -> tensor<8x64xf32> {
  %y = kgraph.square %x : tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}

// expected-error @+1 {{computes another function than @sq_ref: every field trial agreed, but output #0 differs in float by}}
func.func @sq_cancel(%x: tensor<8x64xf32>) -> tensor<8x64xf32> attributes {tsopt.reference = @sq_ref} {
  %a = kgraph.add_scalar %x, 3.0e+04 : tensor<8x64xf32>
  %s = kgraph.square %a : tensor<8x64xf32>
  %t = kgraph.mul_scalar %x, 6.0e+04 : tensor<8x64xf32>
  %u = kgraph.sub %s, %t : tensor<8x64xf32>, tensor<8x64xf32> -> tensor<8x64xf32>
  %y = kgraph.add_scalar %u, -9.0e+08 : tensor<8x64xf32>
  return %y : tensor<8x64xf32>
}
