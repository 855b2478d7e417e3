// RUN: tsopt-opt %s --pass-pipeline='builtin.module(gpu.module(tsopt-extern-dynamic-shared-memory))' | FileCheck %s

// The zero-sized shared-memory global that convert-gpu-to-nvvm makes for
// gpu.dynamic_shared_memory becomes external (PTX: `.extern .shared`) and
// aligned to 1024 bytes (the tiles wgmma reads sit at multiples of that);
// other globals keep their linkage and alignment.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // CHECK: llvm.mlir.global external @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 1024 : i64} : !llvm.array<0 x i8>
    llvm.mlir.global internal @__dynamic_shmem__0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<0 x i8>
    // CHECK: llvm.mlir.global internal @static_shared() {addr_space = 3 : i32} : !llvm.array<16 x i8>
    llvm.mlir.global internal @static_shared() {addr_space = 3 : i32} : !llvm.array<16 x i8>
    // CHECK: llvm.mlir.global internal @zero_global() {addr_space = 0 : i32} : !llvm.array<0 x i8>
    llvm.mlir.global internal @zero_global() {addr_space = 0 : i32} : !llvm.array<0 x i8>
  }
}
