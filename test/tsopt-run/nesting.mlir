// Brackets nested deeper than MLIR's parser can recurse (it has no limit of
// its own and overflows the stack near 20,000 levels) are refused by every
// tool before parsing, with the line; the limit is 1000 levels. Found by the
// ir fuzzer (docs/fuzzing.md).
// RUN: %python -c "print('func.func @f(%%x: tensor<4xf32>) -> ' + '(' * 30000 + 'f32' + ')' * 30000)" > %t.deep.mlir
// RUN: not tsopt-opt %t.deep.mlir 2>&1 | FileCheck %s
// RUN: not tsopt-opt < %t.deep.mlir 2>&1 | FileCheck %s
// RUN: not tsopt-run %t.deep.mlir 2>&1 | FileCheck %s
// RUN: not tsopt-translate --tsopt-to-ptx --target=sm_90 %t.deep.mlir -o %t.ptx 2>&1 | FileCheck %s
// Nesting within the limit, an arrow, a string and a comment with brackets
// parse as usual.
// RUN: %python -c "print('func.func @g(%%x: tensor<4xf32>) -> ' + '(' * 900 + 'f32' + ')' * 900)" > %t.ok.mlir
// RUN: not tsopt-opt %t.ok.mlir 2>&1 | FileCheck %s --check-prefix=PARSED
// RUN: tsopt-opt %s | FileCheck %s --check-prefix=FINE

// CHECK: error: {{.*}}line 1: brackets nest deeper than 1000 levels, more than tsopt reads
// PARSED-NOT: brackets nest deeper
// PARSED: error:
// FINE: func.func @h

// (((((((((((((((((((((((((((((((( a comment is not counted
func.func @h(%x: tensor<4xf32>) -> tensor<4xf32> attributes {note = "<<<<((((["} {
  return %x : tensor<4xf32>
}
