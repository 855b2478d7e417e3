// Evaluations bound their work before they run: past TSOPT_WORK_LIMIT
// (scalar operations; 2^40 by default) the evaluator, the verifier and the
// CPU path refuse with the count, instead of running for hours. A 64x64x64
// matmul is 262,144 multiply-adds, the add and the scaling 4,096 each.
// RUN: env TSOPT_WORK_LIMIT=100000 not tsopt-run %s 2>&1 | FileCheck %s --check-prefix=EVAL
// RUN: env TSOPT_WORK_LIMIT=100000 not tsopt-run %s --backend=cpu 2>&1 | FileCheck %s --check-prefix=EVAL
// RUN: env TSOPT_WORK_LIMIT=100000 not tsopt-opt %s --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: env TSOPT_WORK_LIMIT=1000000 tsopt-run %s | FileCheck %s --check-prefix=OK

// EVAL: error: @mm: the program performs about 270336 scalar operations; an evaluation may perform 100000 (TSOPT_WORK_LIMIT)
// VERIFY: error: cannot compare with @ref: the program performs about {{[0-9]+}} scalar operations; an evaluation may perform 100000 (TSOPT_WORK_LIMIT)
// OK: @mm vs @ref: agree

func.func @ref(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %c = kgraph.matmul %a, %b : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  return %c : tensor<64x64xf32>
}

func.func @mm(%a: tensor<64x64xf32>, %b: tensor<64x64xf32>) -> tensor<64x64xf32> attributes {tsopt.reference = @ref} {
  %c = kgraph.matmul %a, %b : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %d = kgraph.add %c, %c : tensor<64x64xf32>, tensor<64x64xf32> -> tensor<64x64xf32>
  %e = kgraph.mul_scalar %d, 0.5 : tensor<64x64xf32>
  return %e : tensor<64x64xf32>
}
