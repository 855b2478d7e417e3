// RUN: tsopt-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tsopt-plan-kernels))' | FileCheck %s
// RUN: tsopt-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tsopt-plan-kernels{pipeline=false tensor-cores=false}))' | FileCheck %s --check-prefix=OFF
// RUN: tsopt-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tsopt-plan-kernels{threads-per-block=256}))' | FileCheck %s --check-prefix=T256
// RUN: tsopt-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(tsopt-plan-kernels))' | tsopt-opt --split-input-file --pass-pipeline='builtin.module(func.func(tsopt-plan-kernels))' | FileCheck %s

// The kernel plan: tile layouts from the layout ILP (the operand tiles'
// 64-byte rows swizzled, the 64-byte mode of wgmma's descriptors), an f16
// matmul on tensor cores (on sm_90, the default target, as wgmma: one
// warpgroup of 128 threads takes the 64 rows; with 256 threads two
// warpgroups cannot share them, so mma.sync), each iterator's copy as wide
// as its rows allow, and three
// stages where shared memory has room for three buffers of each iterated
// tile. Planning planned IR again changes nothing (the third run).

// CHECK-LABEL: func.func @gemm
// The threads of a block are part of the plan (the option's, 128 by
// default); a recorded count is kept.
// T256-LABEL: func.func @gemm
// T256: attributes {bgraph.block_threads = 256 : i64, bgraph.stages = 3 : i64}
// T256: bgraph.mma = "m16n8k16"
// T256-LABEL: func.func @kept
// T256: attributes {bgraph.block_threads = 64 : i64, bgraph.stages = 2 : i64}
// CHECK: kgraph.kernel grid = [2] forloop = 8 {{.*}} attributes {bgraph.block_threads = 128 : i64, bgraph.stages = 3 : i64}
// Three buffers of each iterated tile, the schedule's depths, and the
// product's tile reusing no live buffer.
// CHECK: bgraph.input {{.*}} fmap = 1 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<2,4,3>", bgraph.offset = array<i64: {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}>, bgraph.tma}
// CHECK: bgraph.input {{.*}} fmap = 0 {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major_swizzle<2,4,3>", bgraph.offset = array<i64: {{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}>, bgraph.tma}
// CHECK: bgraph.matmul {{.*}} {bgraph.depth = 1 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.mma = "wgmma", bgraph.offset = {{[0-9]+}} : i64}
// CHECK: bgraph.accum sum {{.*}} {bgraph.depth = 2 : i64, {{.*}}bgraph.offset = {{[0-9]+}} : i64}
// CHECK: bgraph.output {{.*}} {bgraph.depth = 0 : i64}
// OFF-LABEL: func.func @gemm
// OFF: attributes {bgraph.block_threads = 128 : i64, bgraph.stages = 1 : i64}
// OFF: bgraph.matmul {{.*}} {bgraph.depth = 1 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.mma = "cuda_cores", bgraph.offset = {{[0-9]+}} : i64}
func.func @gemm(%a: tensor<64x256xf16>, %b: tensor<256x64xf16>) -> tensor<64x64xf16> {
  %c = kgraph.kernel grid = [2] forloop = 8 ins(%a, %b : tensor<64x256xf16>, tensor<256x64xf16>) -> (tensor<64x64xf16>) {
  ^bb0(%ab: tensor<64x256xf16>, %bb: tensor<256x64xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = 1 : tensor<64x256xf16> -> !bgraph.tile<64x32xf16>
    %bt = bgraph.input %bb imap = {x = 1} fmap = 0 : tensor<256x64xf16> -> !bgraph.tile<32x32xf16>
    %p = bgraph.matmul %at, %bt : !bgraph.tile<64x32xf16>, !bgraph.tile<32x32xf16> -> !bgraph.tile<64x32xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<64x32xf32> -> !bgraph.tile<64x32xf32>
    %o = bgraph.output %s omap = {x = 1} : !bgraph.tile<64x32xf32> -> tensor<64x64xf16>
    bgraph.yield %o : tensor<64x64xf16>
  }
  return %c : tensor<64x64xf16>
}

// -----

// Decisions already in the IR are kept: 64 threads, two stages, CUDA cores, 8-byte
// copies, a column-major product, although the planner would choose
// otherwise. An f32 matmul runs
// on CUDA cores; rows of 3 f16 elements copy element by element; one
// iteration needs one stage. (There the output saver computes the exp and
// loads its input from device memory itself: neither records an offset.)

// CHECK-LABEL: func.func @kept
// CHECK: attributes {bgraph.block_threads = 64 : i64, bgraph.stages = 2 : i64}
// CHECK: bgraph.input {{.*}} {bgraph.copy_bytes = 8 : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: bgraph.matmul {{.*}} {bgraph.depth = 1 : i64, bgraph.layout = "col_major", bgraph.mma = "cuda_cores", bgraph.offset = {{[0-9]+}} : i64}
// CHECK-LABEL: func.func @f32
// CHECK: attributes {bgraph.block_threads = 128 : i64, bgraph.stages = 1 : i64}
// CHECK: bgraph.input {{.*}} {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.offset = {{[0-9]+}} : i64}
// CHECK: bgraph.matmul {{.*}} {bgraph.depth = 1 : i64, bgraph.layout = "{{[a-z_0-9<>,]+}}", bgraph.mma = "cuda_cores", bgraph.offset = {{[0-9]+}} : i64}
// CHECK-LABEL: func.func @odd
// CHECK: bgraph.input {{.*}} {bgraph.copy_bytes = 2 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major"}
// CHECK-NEXT: bgraph.exp {{.*}} {bgraph.depth = 1 : i64, bgraph.exp_form = "literal", bgraph.layout = "row_major"}
func.func @kept(%a: tensor<64x256xf16>, %b: tensor<256x64xf16>) -> tensor<64x64xf16> {
  %c = kgraph.kernel grid = [2] forloop = 8 ins(%a, %b : tensor<64x256xf16>, tensor<256x64xf16>) -> (tensor<64x64xf16>) attributes {bgraph.block_threads = 64 : i64, bgraph.stages = 2 : i64} {
  ^bb0(%ab: tensor<64x256xf16>, %bb: tensor<256x64xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = 1 {bgraph.copy_bytes = 8 : i64} : tensor<64x256xf16> -> !bgraph.tile<64x32xf16>
    %bt = bgraph.input %bb imap = {x = 1} fmap = 0 : tensor<256x64xf16> -> !bgraph.tile<32x32xf16>
    %p = bgraph.matmul %at, %bt {bgraph.layout = "col_major", bgraph.mma = "cuda_cores"} : !bgraph.tile<64x32xf16>, !bgraph.tile<32x32xf16> -> !bgraph.tile<64x32xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<64x32xf32> -> !bgraph.tile<64x32xf32>
    %o = bgraph.output %s omap = {x = 1} : !bgraph.tile<64x32xf32> -> tensor<64x64xf16>
    bgraph.yield %o : tensor<64x64xf16>
  }
  return %c : tensor<64x64xf16>
}

func.func @f32(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) -> (tensor<16x16xf32>) {
  ^bb0(%ab: tensor<16x16xf32>, %bb: tensor<16x16xf32>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<16x16xf32> -> !bgraph.tile<16x16xf32>
    %bt = bgraph.input %bb imap = {x = replica} fmap = replica : tensor<16x16xf32> -> !bgraph.tile<16x16xf32>
    %p = bgraph.matmul %at, %bt : !bgraph.tile<16x16xf32>, !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<16x16xf32> -> !bgraph.tile<16x16xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<16x16xf32> -> tensor<16x16xf32>
    bgraph.yield %o : tensor<16x16xf32>
  }
  return %c : tensor<16x16xf32>
}

func.func @odd(%a: tensor<4x3xf16>) -> tensor<4x3xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<4x3xf16>) -> (tensor<4x3xf16>) {
  ^bb0(%ab: tensor<4x3xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica : tensor<4x3xf16> -> !bgraph.tile<4x3xf16>
    %e = bgraph.exp %at : !bgraph.tile<4x3xf16> -> !bgraph.tile<4x3xf32>
    %s = bgraph.accum sum %e : !bgraph.tile<4x3xf32> -> !bgraph.tile<4x3xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<4x3xf32> -> tensor<4x3xf16>
    bgraph.yield %o : tensor<4x3xf16>
  }
  return %c : tensor<4x3xf16>
}
