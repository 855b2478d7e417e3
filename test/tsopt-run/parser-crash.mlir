// An unterminated permutation of linalg.transpose crashes MLIR 22's own
// parser (a null attribute is set on the op; upstream mlir-opt crashes the
// same way). Found by the pass fuzzer (docs/fuzzing.md). tsopt's tools catch
// the crash of the parse, report the input as unreadable and exit non-zero.
// RUN: not tsopt-opt %s 2>&1 | FileCheck %s
// RUN: not tsopt-opt < %s 2>&1 | FileCheck %s
// RUN: not tsopt-run %s 2>&1 | FileCheck %s
// RUN: not tsopt-translate --tsopt-to-ptx --target=sm_90 %s -o %t.ptx 2>&1 | FileCheck %s
// CHECK: error: {{.*}}MLIR's parser crashed on this input (an upstream defect; malformed syntax of an upstream op); nothing was read
// CHECK-NOT: Stack dump

func.func @f(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %t = linalg.transpose ins(%a : tensor<2x2xf32>) outs(%b : tensor<2x2xf32>) permutation = [0
  return %t : tensor<2x2xf32>
}
