// RUN: tsopt-opt %s --tsopt-plan-kernels='target=sm_80 pipeline=false threads-per-block=128' --convert-kgraph-to-gpu=target=sm_80 | FileCheck %s
// RUN: tsopt-opt %s --tsopt-plan-kernels='target=sm_80 pipeline=false threads-per-block=128' --convert-kgraph-to-gpu=target=sm_80 | tsopt-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: tsopt-opt %s --tsopt-plan-kernels='target=sm_90 pipeline=false threads-per-block=256' --convert-kgraph-to-gpu='target=sm_90 module-name=kernels' | FileCheck %s --check-prefix=OPTS
// RUN: tsopt-opt %s --tsopt-lower-to-nvvm='target=sm_90' | FileCheck %s --check-prefix=NVVM

// The lowered module parses and verifies again.
// ROUNDTRIP: module attributes {gpu.container_module}
// ROUNDTRIP: gpu.module @tsopt_kernels
// ROUNDTRIP: gpu.func @gmlp_kernel0(

// CHECK-LABEL: module attributes {gpu.container_module} {

//===----------------------------------------------------------------------===//
// Host functions: memrefs in, out-parameters, one launch per kernel, the
// values between kernels in gpu.alloc temporaries.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @ew(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<64x64xf16>, %[[Y:[a-z0-9]+]]: memref<64x64xf16>, %[[OUT:[a-z0-9]+]]: memref<64x64xf16>)
// CHECK-SAME: attributes {tsopt.num_inputs = 2 : i64}
// CHECK-NEXT: %[[T:.+]] = gpu.alloc () : memref<64x64xf16>
// CHECK-DAG: %[[SMEM0:.+]] = arith.constant 0 : i32
// CHECK-DAG: %[[NT0:.+]] = arith.constant 128 : index
// CHECK-DAG: %[[G0:.+]] = arith.constant 2 : index
// CHECK: gpu.launch_func @tsopt_kernels::@ew_kernel0 blocks in (%[[G0]], %{{.+}}, %{{.+}}) threads in (%[[NT0]], %{{.+}}, %{{.+}}) dynamic_shared_memory_size %[[SMEM0]] args(%[[X]] : memref<64x64xf16>, %[[T]] : memref<64x64xf16>)
// CHECK-DAG: %[[SMEM1:.+]] = arith.constant 0 : i32
// CHECK-DAG: %[[NT1:.+]] = arith.constant 128 : index
// CHECK-DAG: %[[G1:.+]] = arith.constant 2 : index
// CHECK: gpu.launch_func @tsopt_kernels::@ew_kernel1 blocks in (%[[G1]], %{{.+}}, %{{.+}}) threads in (%[[NT1]], %{{.+}}, %{{.+}}) dynamic_shared_memory_size %[[SMEM1]] args(%[[T]] : memref<64x64xf16>, %[[Y]] : memref<64x64xf16>, %[[OUT]] : memref<64x64xf16>)
// CHECK-NEXT: gpu.dealloc %[[T]] : memref<64x64xf16>
// CHECK-NEXT: return{{$}}
func.func @ew(%x: tensor<64x64xf16>, %y: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %e = kgraph.exp %x : tensor<64x64xf16>
  %m = kgraph.mul %e, %y : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
  return %m : tensor<64x64xf16>
}

// CHECK-LABEL: func.func @root(
// CHECK-NOT: gpu.alloc
// CHECK: gpu.launch_func @tsopt_kernels::@root_kernel0
// CHECK-NOT: gpu.dealloc
// CHECK: return
func.func @root(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = kgraph.sqrt %x : tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}

// A batched matmul: a grid of 2 x 2 x 2 (N, M, batch), 48 KiB of tiles.
// CHECK-LABEL: func.func @bmm(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<2x128x64xf32>, %[[B:[a-z0-9]+]]: memref<2x64x128xf32>, %[[C:[a-z0-9]+]]: memref<2x128x128xf32>)
// CHECK-DAG: %[[SMEM:.+]] = arith.constant 49152 : i32
// CHECK-DAG: %[[NT:.+]] = arith.constant 128 : index
// CHECK-DAG: %[[ONE:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[GX:.+]] = arith.constant 2 : index
// CHECK-DAG: %[[GY:.+]] = arith.constant 2 : index
// CHECK-DAG: %[[GZ:.+]] = arith.constant 2 : index
// CHECK: gpu.launch_func @tsopt_kernels::@bmm_kernel0 blocks in (%[[GX]], %[[GY]], %[[GZ]]) threads in (%[[NT]], %{{.+}}, %{{.+}}) dynamic_shared_memory_size %[[SMEM]] args(%[[A]] : memref<2x128x64xf32>, %[[B]] : memref<2x64x128xf32>, %[[C]] : memref<2x128x128xf32>)
func.func @bmm(%a: tensor<2x128x64xf32>, %b: tensor<2x64x128xf32>) -> tensor<2x128x128xf32> {
  %c = kgraph.matmul %a, %b : tensor<2x128x64xf32>, tensor<2x64x128xf32> -> tensor<2x128x128xf32>
  return %c : tensor<2x128x128xf32>
}

// A graph-defined kernel: grid [2], for-loop 2.
// CHECK-LABEL: func.func @gmlp(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<4x16xf32>, %[[W1:[a-z0-9]+]]: memref<16x32xf32>, %[[W2:[a-z0-9]+]]: memref<16x32xf32>, %[[OUT:[a-z0-9]+]]: memref<4x32xf32>)
// CHECK-SAME: attributes {tsopt.num_inputs = 3 : i64} {
// CHECK-DAG: %[[SMEM:.+]] = arith.constant {{[0-9]+}} : i32
// CHECK-DAG: %[[G:.+]] = arith.constant 2 : index
// CHECK: gpu.launch_func @tsopt_kernels::@gmlp_kernel0 blocks in (%[[G]], %{{.+}}, %{{.+}}) threads in (%{{.+}}, %{{.+}}, %{{.+}}) dynamic_shared_memory_size %[[SMEM]] args(%[[X]] : memref<4x16xf32>, %[[W1]] : memref<16x32xf32>, %[[W2]] : memref<16x32xf32>, %[[OUT]] : memref<4x32xf32>)
// CHECK-NEXT: return
func.func @gmlp(%x: tensor<4x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<16x32xf32>) -> tensor<4x32xf32> {
  %o = kgraph.kernel grid = [2] forloop = 2 ins(%x, %w1, %w2 : tensor<4x16xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> (tensor<4x32xf32>) {
  ^bb0(%xb: tensor<4x16xf32>, %w1b: tensor<16x32xf32>, %w2b: tensor<16x32xf32>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = 1 : tensor<4x16xf32> -> !bgraph.tile<4x8xf32>
    %w1t = bgraph.input %w1b imap = {x = 1} fmap = 0 : tensor<16x32xf32> -> !bgraph.tile<8x16xf32>
    %w2t = bgraph.input %w2b imap = {x = 1} fmap = 0 : tensor<16x32xf32> -> !bgraph.tile<8x16xf32>
    %a = bgraph.matmul %xt, %w1t : !bgraph.tile<4x8xf32>, !bgraph.tile<8x16xf32> -> !bgraph.tile<4x16xf32>
    %b = bgraph.matmul %xt, %w2t : !bgraph.tile<4x8xf32>, !bgraph.tile<8x16xf32> -> !bgraph.tile<4x16xf32>
    %aa = bgraph.accum sum %a : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32>
    %ba = bgraph.accum sum %b : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32>
    %y = tgraph.graph %aa, %ba : !bgraph.tile<4x16xf32>, !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32> {
    ^bb0(%p: f32, %q: f32):
      %s = tgraph.silu %p : f32
      %m = tgraph.mul %s, %q : f32
      tgraph.yield %m : f32
    }
    %oo = bgraph.output %y omap = {x = 1} : !bgraph.tile<4x16xf32> -> tensor<4x32xf32>
    bgraph.yield %oo : tensor<4x32xf32>
  }
  return %o : tensor<4x32xf32>
}

//===----------------------------------------------------------------------===//
// The kernels.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: gpu.module @tsopt_kernels {

// ew_kernel0: exp of a 32x64 row block. Its accumulator, over a loop of
// one, passes the exponentials through, and the output saver computes them
// and loads their input from device memory itself: no tile, no copy, no
// barrier (cp.async copies: async-copy.mlir). Every kernel bounds its
// registers (nvvm.maxnreg) by the occupancy the cost model prices: four
// blocks of 128 threads at its 128 registers per thread.
// CHECK-LABEL: gpu.func @ew_kernel0(
// CHECK-SAME: %[[IN:[a-z0-9]+]]: memref<64x64xf16>, %[[OUT:[a-z0-9]+]]: memref<64x64xf16>) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.maxnreg = 128 : i32} {
// CHECK: %[[BX:.+]] = gpu.block_id x
// CHECK-NEXT: %[[TX:.+]] = gpu.thread_id x
// CHECK-NOT: memref.view
// CHECK-NOT: nvgpu.
// CHECK-NOT: gpu.barrier
// The output saver: thread t takes chunks t, t + 128 of 8 f16 values (16
// bytes) of the block's rows (32 * block id): one vector load of the
// input, exp in f32, one vector store; two rounds, a trip count LLVM can
// unroll.
// CHECK: arith.muli %[[BX]], %{{.+}} : index
// CHECK: scf.for %[[R:.+]] = %{{.+}} to %c2{{.*}} step %{{.+}} {
// CHECK: %[[RB:.+]] = arith.muli %[[R]], %{{.+}} : index
// CHECK: arith.addi %[[RB]], %[[TX]] : index
// CHECK: %[[V:.+]] = vector.load %[[IN]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<64x64xf16>, vector<8xf16>
// CHECK-NEXT: %[[L:.+]] = vector.extract %[[V]][0] : f16 from vector<8xf16>
// CHECK-NEXT: %[[F:.+]] = arith.extf %[[L]] : f16 to f32
// exp(x) = 2^(x log2 e) with the PTX instruction.
// CHECK: %[[LOG2E:.+]] = arith.constant 1.44269502 : f32
// CHECK-NEXT: %[[S:.+]] = arith.mulf %[[F]], %[[LOG2E]] : f32
// CHECK-NEXT: %[[E:.+]] = nvvm.inline_ptx "ex2.approx.ftz.f32 $0, $1;" ro(%[[S]] : f32) -> f32
// CHECK-NEXT: %[[H:.+]] = arith.truncf %[[E]] : f32 to f16
// CHECK-NEXT: vector.insert %[[H]], %{{.+}} [0] : f16 into vector<8xf16>
// CHECK: vector.store %{{.+}}, %[[OUT]][%{{.+}}, %{{.+}}] {alignment = 16 : i64} : memref<64x64xf16>, vector<8xf16>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return

// CHECK-LABEL: gpu.func @ew_kernel1(
// CHECK-SAME: kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.maxnreg = 128 : i32}
// CHECK: arith.mulf
// CHECK: gpu.return

// sqrt is a PTX instruction too.
// CHECK-LABEL: gpu.func @root_kernel0(
// CHECK: %[[L:.+]] = vector.load %{{.+}} : memref<64x64xf32>, vector<4xf32>
// CHECK: %[[X:.+]] = vector.extract %[[L]][0] : f32 from vector<4xf32>
// CHECK: %{{.+}} = nvvm.inline_ptx "sqrt.rn.f32 $0, $1;" ro(%[[X]] : f32) -> f32
// CHECK-NOT: math.
// CHECK: gpu.return

// Three grid dimensions: the block ids along x, y and z.
// CHECK-LABEL: gpu.func @bmm_kernel0(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<2x128x64xf32>, %[[B:[a-z0-9]+]]: memref<2x64x128xf32>, %[[C:[a-z0-9]+]]: memref<2x128x128xf32>) kernel
// CHECK: %[[BX:.+]] = gpu.block_id x
// CHECK-NEXT: %[[BY:.+]] = gpu.block_id y
// CHECK-NEXT: %[[BZ:.+]] = gpu.block_id z
// CHECK-NEXT: gpu.thread_id x
// CHECK: memref.view {{.+}} to memref<1x64x32xf32, #gpu.address_space<workgroup>>
// CHECK: memref.view {{.+}} to memref<1x32x64xf32, #gpu.address_space<workgroup>>
// A's rows by the y block, its batch by the z block.
// CHECK: arith.muli %[[BY]], %{{.+}} : index
// CHECK: arith.muli %[[BZ]], %{{.+}} : index
// CHECK: nvgpu.device_async_copy %[[A]][{{.+}}], {{.+}}, 4 {bypassL1} : memref<2x128x64xf32> to memref<1x64x32xf32, #gpu.address_space<workgroup>>
// B's columns by the x block.
// CHECK: arith.muli %[[BX]], %{{.+}} : index
// CHECK: arith.muli %[[BZ]], %{{.+}} : index
// CHECK: nvgpu.device_async_copy %[[B]]
// CHECK: scf.for {{.+}} iter_args
// CHECK: vector.store %{{.+}}, %[[C]]
// CHECK: gpu.return

// The hand-written kernel: barriers between the steps of the loop body;
// after the loop the output saver computes the thread graph itself (no
// tile, no barrier).
// CHECK-LABEL: gpu.func @gmlp_kernel0(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<4x16xf32>, %[[W1:[a-z0-9]+]]: memref<16x32xf32>, %[[W2:[a-z0-9]+]]: memref<16x32xf32>, %[[OUT:[a-z0-9]+]]: memref<4x32xf32>) kernel attributes {known_block_size = array<i32: 128, 1, 1>, nvvm.maxnreg = 128 : i32} {
// CHECK: %[[BX:.+]] = gpu.block_id x
// CHECK-NEXT: %[[TX:.+]] = gpu.thread_id x
// CHECK-NOT: gpu.block_id
// CHECK: gpu.dynamic_shared_memory
// CHECK-COUNT-7: memref.view
// CHECK-NOT: memref.view
// CHECK: gpu.barrier
// CHECK: %[[F2:.+]] = arith.constant 2 : index
// CHECK: scf.for %{{.+}} = %{{.+}} to %[[F2]] step
// CHECK: nvgpu.device_async_copy %[[X]]
// CHECK: arith.muli %[[BX]], %{{.+}} : index
// CHECK: nvgpu.device_async_copy %[[W1]]
// CHECK: nvgpu.device_async_copy %[[W2]]
// CHECK: nvgpu.device_async_wait
// CHECK-NEXT: gpu.barrier
// CHECK-COUNT-2: scf.for {{.+}} iter_args
// CHECK: gpu.barrier
// CHECK: arith.addf
// CHECK: arith.addf
// CHECK: gpu.barrier
// CHECK-NEXT: }
// CHECK: arith.muli %[[BX]], %{{.+}} : index
// CHECK: arith.negf
// CHECK: nvvm.inline_ptx "ex2.approx.ftz.f32 $0, $1;"
// CHECK: arith.divf
// CHECK: arith.mulf
// CHECK: vector.store %{{.+}}, %[[OUT]]
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
// CHECK-NOT: gpu.func

// Options: threads per block and the name of the gpu.module.
// OPTS-LABEL: func.func @ew(
// OPTS-DAG: %[[NT:.+]] = arith.constant 256 : index
// OPTS: gpu.launch_func @kernels::@ew_kernel0 blocks in (%{{.+}}, %{{.+}}, %{{.+}}) threads in (%[[NT]], %{{.+}}, %{{.+}})
// OPTS-LABEL: gpu.module @kernels {
// OPTS: gpu.func @ew_kernel0({{.+}}) kernel attributes {known_block_size = array<i32: 256, 1, 1>, nvvm.maxnreg = 128 : i32}
// OPTS: %[[TX:.+]] = gpu.thread_id x
// OPTS-NEXT: %[[STEP:.+]] = arith.constant 256 : index
// OPTS: scf.for %{{.+}} = %[[TX]] to %{{.+}} step %[[STEP]]

// The NVVM pipeline: kernels as LLVM functions with an NVVM target, dynamic
// shared memory an external array, exp as inline assembly.
// NVVM: module attributes {gpu.container_module}
// NVVM: gpu.launch_func @tsopt_kernels::@ew_kernel0
// NVVM: gpu.module @tsopt_kernels [#nvvm.target<O = 3, chip = "sm_90a">] {
// NVVM: llvm.mlir.global external @{{.+}}() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
// NVVM: llvm.func @ew_kernel0(%{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr) attributes {gpu.kernel, gpu.known_block_size = array<i32: 128, 1, 1>, nvvm.kernel, nvvm.maxnreg = 128 : i32, nvvm.maxntid = array<i32: 128, 1, 1>}
// NVVM-NOT: nvvm.barrier0
// NVVM: llvm.inline_asm {{.*}}"ex2.approx.ftz.f32 $0, $1;", "=f,f"
// NVVM: llvm.func @root_kernel0(
// NVVM: llvm.inline_asm {{.*}}"sqrt.rn.f32 $0, $1;", "=f,f"
// NVVM-NOT: gpu.func
// NVVM-NOT: scf.for
