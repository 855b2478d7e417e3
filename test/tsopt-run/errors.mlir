// Bad requests get a clear error and exit code 2, never a crash.
// RUN: not tsopt-run %s 2>&1 | FileCheck %s --check-prefix=CHOOSE
// RUN: not tsopt-run %s --fn=nope 2>&1 | FileCheck %s --check-prefix=NOFN
// RUN: not tsopt-run %s --fn=f32 --reference=nope 2>&1 | FileCheck %s --check-prefix=NOREF
// RUN: not tsopt-run %s --fn=dangling 2>&1 | FileCheck %s --check-prefix=DANGLING
// RUN: not tsopt-run %s --fn=f32 --reference=f16 2>&1 | FileCheck %s --check-prefix=INPUTS
// RUN: not tsopt-run %s --fn=f32 --reference=wide 2>&1 | FileCheck %s --check-prefix=RESULTS
// RUN: not tsopt-run %s --fn=dynamic 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// RUN: not tsopt-run %s --fn=int 2>&1 | FileCheck %s --check-prefix=INT
// RUN: not tsopt-run %s --fn=call 2>&1 | FileCheck %s --check-prefix=CALL
// RUN: not tsopt-run %s --fn=decl 2>&1 | FileCheck %s --check-prefix=DECL
// RUN: not tsopt-run %s --fn=f32 --precision=f8 2>&1 | FileCheck %s --check-prefix=PRECISION

// CHOOSE: tsopt-run: error: choose a function with --fn; the input has: @f32 @f16 @wide @dangling @dynamic
// NOFN: tsopt-run: error: no function @nope in the input
// NOREF: tsopt-run: error: no reference function @nope in the input
// DANGLING: tsopt-run: error: @dangling names reference @missing, which does not exist
// INPUTS: tsopt-run: error: @f32 and reference @f16 take different inputs: tensor<4x8xf32> vs tensor<4x8xf16>
// RESULTS: tsopt-run: error: @f32 and reference @wide return different types: tensor<4x8xf32> vs tensor<4x16xf32>
// DYNAMIC: error: tsopt executes static shapes only, got 'tensor<?x8xf32>'
// INT: error: tsopt executes f16, bf16 and f32, got 'tensor<4x8xi32>'
// CALL: error: 'func.call' op cannot be imported into a µGraph: not a kgraph/bgraph/tgraph op
// DECL: error: cannot import a function declaration
// PRECISION: tsopt-run: error: --precision must be f32 or f64, got 'f8'

func.func @f32(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %b = kgraph.exp %a : tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}

func.func @f16(%a: tensor<4x8xf16>) -> tensor<4x8xf16> {
  %b = kgraph.exp %a : tensor<4x8xf16>
  return %b : tensor<4x8xf16>
}

// Two functions carry a reference, so neither is the default.
func.func @wide(%a: tensor<4x8xf32>) -> tensor<4x16xf32> attributes {tsopt.reference = @f32} {
  %b = kgraph.concat %a, %a dim = 1 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<4x16xf32>
  return %b : tensor<4x16xf32>
}

func.func @dangling(%a: tensor<4x8xf32>) -> tensor<4x8xf32> attributes {tsopt.reference = @missing} {
  return %a : tensor<4x8xf32>
}

func.func @dynamic(%a: tensor<?x8xf32>) -> tensor<?x8xf32> {
  return %a : tensor<?x8xf32>
}

func.func @int(%a: tensor<4x8xi32>) -> tensor<4x8xi32> {
  return %a : tensor<4x8xi32>
}

func.func @call(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %b = func.call @f32(%a) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %b : tensor<4x8xf32>
}

func.func private @decl(%a: tensor<4x8xf32>) -> tensor<4x8xf32>
