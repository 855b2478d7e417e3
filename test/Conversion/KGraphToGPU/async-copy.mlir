// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 --convert-kgraph-to-gpu=target=sm_80 | FileCheck %s
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_90 --convert-kgraph-to-gpu=target=sm_90 | FileCheck %s
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 --convert-kgraph-to-gpu=target=sm_80 | tsopt-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: tsopt-opt %s --tsopt-lower-to-nvvm='target=sm_80' | FileCheck %s --check-prefix=NVVM

// Input iterators on sm_80 and later: cp.async in the largest chunk of 16,
// 8 or 4 bytes that divides the tile's rows; rows that do not split into
// 4-byte chunks keep the plain element copy. (Row sums read the tiles: an
// element-wise op's output saver would read its input from device memory
// itself, with no copy.)

// ROUNDTRIP: ub.poison : !nvgpu.device.async.token
// ROUNDTRIP: nvgpu.device_async_copy

// f16 rows of 64: 16-byte chunks (8 elements), cp.async.cg (L1 bypassed).
// Each thread starts from an empty token, issues its chunks t, t + 128, ...
// of the 32 x 8 chunks, commits them as one group and waits for it before
// the barrier.
// CHECK-LABEL: gpu.func @rows16_kernel0(
// CHECK-SAME: %[[SRC:[a-z0-9]+]]: memref<64x64xf16>
// CHECK: %[[TX:.+]] = gpu.thread_id x
// CHECK: %[[TILE:.+]] = memref.view {{.*}} to memref<32x64xf16, #gpu.address_space<workgroup>>
// CHECK: %[[NONE:.+]] = ub.poison : !nvgpu.device.async.token
// CHECK: %[[LAST:.+]] = scf.for %[[Q:.+]] = %[[TX]] to %c256{{.*}} step %c128{{.*}} iter_args(%{{.+}} = %[[NONE]]) -> (!nvgpu.device.async.token) {
// CHECK: %[[ROW:.+]] = arith.divui %[[Q]], %c8
// CHECK: %[[CHUNK:.+]] = arith.remui %[[Q]], %c8
// CHECK: %[[COL:.+]] = arith.muli %[[CHUNK]], %c8
// CHECK: %[[TOK:.+]] = nvgpu.device_async_copy %[[SRC]][%{{.+}}, %{{.+}}], %[[TILE]][%[[ROW]], %[[COL]]], 8 {bypassL1} : memref<64x64xf16> to memref<32x64xf16, #gpu.address_space<workgroup>>
// CHECK-NEXT: scf.yield %[[TOK]] : !nvgpu.device.async.token
// CHECK: %[[GROUP:.+]] = nvgpu.device_async_create_group %[[LAST]]
// CHECK-NEXT: nvgpu.device_async_wait %[[GROUP]]
// CHECK-NEXT: gpu.barrier
func.func @rows16(%x: tensor<64x64xf16>) -> tensor<64x1xf16> {
  %e = kgraph.reduce_sum %x dim = 1 : tensor<64x64xf16> -> tensor<64x1xf16>
  return %e : tensor<64x1xf16>
}

// f32 rows of 2: 8-byte chunks, through L1.
// CHECK-LABEL: gpu.func @rows8_kernel0(
// CHECK: nvgpu.device_async_copy %{{.+}}, 2 : memref<64x2xf32> to memref<64x2xf32, #gpu.address_space<workgroup>>
// CHECK: nvgpu.device_async_wait
// CHECK-NEXT: gpu.barrier
func.func @rows8(%x: tensor<64x2xf32>) -> tensor<64x1xf32> {
  %e = kgraph.reduce_sum %x dim = 1 : tensor<64x2xf32> -> tensor<64x1xf32>
  return %e : tensor<64x1xf32>
}

// f16 rows of 2: 4-byte chunks.
// CHECK-LABEL: gpu.func @rows4_kernel0(
// CHECK: nvgpu.device_async_copy %{{.+}}, 2 : memref<64x2xf16> to memref<64x2xf16, #gpu.address_space<workgroup>>
func.func @rows4(%x: tensor<64x2xf16>) -> tensor<64x1xf16> {
  %e = kgraph.reduce_sum %x dim = 1 : tensor<64x2xf16> -> tensor<64x1xf16>
  return %e : tensor<64x1xf16>
}

// f16 rows of 3: no chunk divides them; the plain copy, no wait.
// CHECK-LABEL: gpu.func @odd_kernel0(
// CHECK-SAME: %[[OSRC:[a-z0-9]+]]: memref<64x3xf16>
// CHECK-NOT: nvgpu.
// CHECK: %[[V:.+]] = memref.load %[[OSRC]]
// CHECK-NEXT: memref.store %[[V]], %{{.+}} : memref<64x3xf16, #gpu.address_space<workgroup>>
// CHECK-NOT: nvgpu.
// CHECK: gpu.return
func.func @odd(%x: tensor<64x3xf16>) -> tensor<64x1xf16> {
  %e = kgraph.reduce_sum %x dim = 1 : tensor<64x3xf16> -> tensor<64x1xf16>
  return %e : tensor<64x1xf16>
}

// cp.async, commit and wait in NVVM.
// NVVM-LABEL: llvm.func @rows16_kernel0(
// NVVM: nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 16, cache = cg : !llvm.ptr<3>, !llvm.ptr<1>
// NVVM: nvvm.cp.async.commit.group
// NVVM: nvvm.cp.async.wait.group 0
// NVVM-NEXT: nvvm.barrier
// NVVM-LABEL: llvm.func @rows8_kernel0(
// NVVM: nvvm.cp.async.shared.global %{{.+}}, %{{.+}}, 8, cache = ca
// NVVM-LABEL: llvm.func @odd_kernel0(
// NVVM-NOT: nvvm.cp.async
// NVVM: llvm.return
