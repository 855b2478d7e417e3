// tsopt-translate --tensor-cores (on by default) decides whether f16 and
// bf16 matmuls whose tiles divide into m16n8k16 use mma.sync.
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %s -o - | FileCheck %s --check-prefix=ON
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --tensor-cores %s -o - | FileCheck %s --check-prefix=ON
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --tensor-cores=false %s -o - | FileCheck %s --check-prefix=OFF

// ON: .visible .entry mm_kernel0(
// ON: cp.async.cg.shared.global
// ON: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// ON: .visible .entry mm_bf16_kernel0(
// ON: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// OFF: .visible .entry mm_kernel0(
// OFF-NOT: mma.sync
// OFF: mul.rn.f32
// OFF-NOT: mma.sync
func.func @mm(%a: tensor<32x64xf16>, %b: tensor<64x32xf16>) -> tensor<32x32xf16> {
  %c = kgraph.matmul %a, %b : tensor<32x64xf16>, tensor<64x32xf16> -> tensor<32x32xf16>
  return %c : tensor<32x32xf16>
}
func.func @mm_bf16(%a: tensor<32x64xbf16>, %b: tensor<64x32xbf16>) -> tensor<32x32xbf16> {
  %c = kgraph.matmul %a, %b : tensor<32x64xbf16>, tensor<64x32xbf16> -> tensor<32x32xbf16>
  return %c : tensor<32x32xbf16>
}
