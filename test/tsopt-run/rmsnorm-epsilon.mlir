// An RMSNorm with its epsilon (as every model writes it) feeding a matmul,
// and a program that adds a constant itself: the search and the rules take
// add_scalar, so the norm's row scale moves past the matmul and the two
// accumulate in one kernel, as without epsilon. The µGraph, compiled for
// the CPU, agrees with the program. The inputs are small (scale 2^-6), so
// that sqrt(mean x² + ε) depends on ε: a lost epsilon is a disagreement.
// RUN: tsopt-opt %s --tsopt-superoptimize=time-limit=10 -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: tsopt-run %t.mlir --backend=cpu --input-scale=0.015625 | FileCheck %s
// The search alone (no rules) finds it too, with the epsilon an add_scalar
// it generated from the program's constants.
// RUN: tsopt-opt %s --tsopt-superoptimize='rule-fusion=false time-limit=6' -o %t.search.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: tsopt-run %t.search.mlir --backend=cpu --input-scale=0.015625 | FileCheck %s

// REMARK: remark: superoptimized: 1 op (1 graph-defined)
// REMARK-SAME: equivalent
// IR-LABEL: func.func @norm_matmul
// IR: kgraph.kernel
// IR: tgraph.add_scalar {{.*}}, 1.000000e-02
// IR: tgraph.sqrt
// CHECK: @norm_matmul vs @ref: agree

func.func @ref(%x: tensor<8x1024xf16>, %g: tensor<1024xf16>, %w: tensor<1024x64xf16>) -> tensor<8x64xf16> {
  %n = kgraph.rms_norm %x, %g epsilon = 1.000000e-02 : tensor<8x1024xf16>, tensor<1024xf16> -> tensor<8x1024xf16>
  %y = kgraph.matmul %n, %w : tensor<8x1024xf16>, tensor<1024x64xf16> -> tensor<8x64xf16>
  return %y : tensor<8x64xf16>
}

func.func @norm_matmul(%x: tensor<8x1024xf16>, %g: tensor<1024xf16>, %w: tensor<1024x64xf16>) -> tensor<8x64xf16> attributes {tsopt.reference = @ref} {
  %n = kgraph.rms_norm %x, %g epsilon = 1.000000e-02 : tensor<8x1024xf16>, tensor<1024xf16> -> tensor<8x1024xf16>
  %y = kgraph.matmul %n, %w : tensor<8x1024xf16>, tensor<1024x64xf16> -> tensor<8x64xf16>
  return %y : tensor<8x64xf16>
}
