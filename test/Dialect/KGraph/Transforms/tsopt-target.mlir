// The target is part of the module: the optimizing passes record it
// (tsopt.target), later passes and tsopt-translate read it, and a pass
// asked for another target is an error.
// RUN: tsopt-opt %s --tsopt-fuse-blocks=target=sm_80 -o %t.mlir
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: tsopt-translate --tsopt-to-ptx %t.mlir -o - | FileCheck %s --check-prefix=PTX
// RUN: not tsopt-translate --tsopt-to-ptx --target=sm_90 %t.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: tsopt-translate --tsopt-to-ptx --target=a100 %t.mlir -o /dev/null
// RUN: tsopt-opt %t.mlir --tsopt-estimate-cost -o /dev/null 2>&1 | FileCheck %s --check-prefix=COST
// RUN: tsopt-opt %s --tsopt-fuse-blocks -o - | FileCheck %s --check-prefix=DEFAULT

// IR: module attributes {tsopt.target = "sm_80"}
// IR: kgraph.kernel
// PTX: .target sm_80
// MISMATCH: error: the module is planned for target 'sm_80' (tsopt.target), but the pass was asked for 'sm_90': optimize it again for that target
// COST: on sm_80
// DEFAULT: module attributes {tsopt.target = "sm_90"}

func.func @silu_mul(%a: tensor<64x256xf16>, %b: tensor<64x256xf16>) -> tensor<64x256xf16> {
  %s = kgraph.silu %a : tensor<64x256xf16>
  %m = kgraph.mul %s, %b : tensor<64x256xf16>, tensor<64x256xf16> -> tensor<64x256xf16>
  return %m : tensor<64x256xf16>
}
