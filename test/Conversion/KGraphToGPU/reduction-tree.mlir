// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 --convert-kgraph-to-gpu=target=sm_80 | FileCheck %s
// RUN: tsopt-opt %s --tsopt-lower-to-nvvm='target=sm_80' | FileCheck %s --check-prefix=NVVM
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 --convert-kgraph-to-gpu=target=sm_80 | FileCheck %s --check-prefix=SM80
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_90 --convert-kgraph-to-gpu=target=sm_90 | FileCheck %s --check-prefix=SM90

// Four rows of 100 on 128 threads: 16 threads per row. The scratch buffer
// of 64 f32 partials follows the plan's tiles (1616 bytes: the input and
// the sums; the accumulator over a loop of one is the sums' tile), and the
// launch asks for both: 1616 + 256 bytes.
// CHECK-LABEL: func.func @sum_rows(
// CHECK: %[[SMEM:.+]] = arith.constant 1872 : i32
// CHECK: gpu.launch_func @tsopt_kernels::@sum_rows_kernel0 {{.*}} dynamic_shared_memory_size %[[SMEM]]
func.func @sum_rows(%x: tensor<4x100xf32>) -> tensor<4x1xf32> {
  %r = kgraph.reduce_sum %x dim = 1 : tensor<4x100xf32> -> tensor<4x1xf32>
  return %r : tensor<4x1xf32>
}

// 256 rows in two blocks of 128: one thread per row is already all the
// block has, so the rows fold serially (no scratch, no tree).
// CHECK-LABEL: func.func @many_rows(
// CHECK: %[[SMEM2:.+]] = arith.constant 8704 : i32
// CHECK: gpu.launch_func @tsopt_kernels::@many_rows_kernel0 {{.*}} dynamic_shared_memory_size %[[SMEM2]]
func.func @many_rows(%x: tensor<256x16xf32>) -> tensor<256x1xf32> {
  %r = kgraph.reduce_max %x dim = 1 : tensor<256x16xf32> -> tensor<256x1xf32>
  return %r : tensor<256x1xf32>
}

// rms_norm of 2 rows of 512: 64 threads per row for the sums of squares.
func.func @norm(%x: tensor<2x512xf16>, %g: tensor<512xf16>) -> tensor<2x512xf16> {
  %n = kgraph.rms_norm %x, %g : tensor<2x512xf16>, tensor<512xf16> -> tensor<2x512xf16>
  return %n : tensor<2x512xf16>
}

// CHECK-LABEL: gpu.func @sum_rows_kernel0(
// CHECK: %[[TID:.+]] = gpu.thread_id x
// CHECK: %[[SCRATCH:.+]] = memref.view %{{.+}}[%c1616][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
// The partial folds: lane t % 16 of row t / 16 folds every 16th element;
// threads 64..127 hold no partial but still take part in the shuffles.
// CHECK: %[[LANE:.+]] = arith.remui %[[TID]], %c16
// CHECK: %[[ACTIVE:.+]] = arith.cmpi ult, %[[TID]], %c64
// CHECK: %[[PARTIAL:.+]] = scf.if %[[ACTIVE]] -> (f32) {
// CHECK: scf.for %{{.+}} = %[[LANE]] to %c100{{.*}} step %c16{{.*}} iter_args
// CHECK: arith.addf
// CHECK: } else {
// CHECK: scf.yield %cst
// The tree: a butterfly of shuffles over the row's 16 lanes, no barrier.
// CHECK-NOT: gpu.barrier
// CHECK: %[[S8:.+]], %{{.+}} = gpu.shuffle  xor %[[PARTIAL]], %c8_i32, %c32_i32 : f32
// CHECK: %[[A8:.+]] = arith.addf %[[PARTIAL]], %[[S8]]
// CHECK: gpu.shuffle  xor %[[A8]], %c4_i32
// CHECK: gpu.shuffle  xor %{{.+}}, %c2_i32
// CHECK: gpu.shuffle  xor %{{.+}}, %c1_i32
// CHECK: %[[SUM:.+]] = arith.addf
// The row's first lane stores the row's sum, then one barrier.
// CHECK: arith.remui %[[TID]], %c16
// CHECK: scf.if
// CHECK-NEXT: memref.store %[[SUM]], %[[SCRATCH]][%[[TID]]]
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// Row r's sum is in slot 16 r; threads 0..3 take a row each.
// CHECK: %[[ROW:.+]] = arith.cmpi ult, %[[TID]], %c4
// CHECK: scf.if %[[ROW]]
// CHECK: %[[SLOT:.+]] = arith.muli %[[TID]], %c16
// CHECK: memref.load %[[SCRATCH]][%[[SLOT]]]
// CHECK-LABEL: gpu.func @many_rows_kernel0(
// CHECK-NOT: to memref<{{[0-9]+}}xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @norm_kernel0(
// A row over two warps: each warp's butterfly of 32 lanes, its first lane
// stores the warp's part, a barrier, then the row's first thread adds the
// other warp's part (slot + 32) and a second barrier.
// CHECK: %[[NSCRATCH:.+]] = memref.view {{.*}} to memref<128xf32, #gpu.address_space<workgroup>>
// CHECK: arith.remui %{{.+}}, %c64
// CHECK: arith.mulf
// CHECK: gpu.shuffle  xor %{{.+}}, %c16_i32
// CHECK: gpu.shuffle  xor %{{.+}}, %c1_i32
// CHECK: arith.remui %{{.+}}, %c32
// CHECK: memref.store %{{.+}}, %[[NSCRATCH]]
// CHECK: gpu.barrier
// CHECK: arith.addi %{{.+}}, %c32
// CHECK: memref.load %[[NSCRATCH]]
// CHECK: arith.addf
// CHECK: memref.store %{{.+}}, %[[NSCRATCH]]
// CHECK: gpu.barrier
// CHECK: memref.load %[[NSCRATCH]]
// CHECK: sqrt.rn.f32

// The shuffles lower to shfl.sync butterflies over the full warp, and the
// barriers to bar.sync in uniform control flow.
// NVVM-LABEL: llvm.func @sum_rows_kernel0(
// NVVM-COUNT-4: nvvm.shfl.sync bfly %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : f32 -> f32
// NVVM: nvvm.barrier

// The tiles of @at_limit take 166904 bytes (166888 of input, 16-byte aligned, and 8 of sums): on sm_80 (166912 a block) no
// scratch buffer fits after them, so the rows fold serially and the kernel
// still fits; on sm_90 they get a tree of 64 threads per row.
// SM80-LABEL: func.func @at_limit(
// SM80: arith.constant 166904 : i32
// SM80-LABEL: gpu.func @at_limit_kernel0(
// SM80-NOT: to memref<{{[0-9]+}}xf32, #gpu.address_space<workgroup>>
// SM80: gpu.return
// SM90-LABEL: func.func @at_limit(
// SM90: arith.constant 167424 : i32
// SM90-LABEL: gpu.func @at_limit_kernel0(
// SM90: memref.view %{{.+}}[%c166912][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<128xf32, #gpu.address_space<workgroup>>
func.func @at_limit(%x: tensor<2x20861xf32>) -> tensor<2x1xf32> {
  %r = kgraph.kernel grid = [1] forloop = 1 ins(%x : tensor<2x20861xf32>) -> (tensor<2x1xf32>) {
  ^bb0(%xb: tensor<2x20861xf32>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica : tensor<2x20861xf32> -> !bgraph.tile<2x20861xf32>
    %st = bgraph.reduce_sum %xt dim = 1 : !bgraph.tile<2x20861xf32> -> !bgraph.tile<2x1xf32>
    %sa = bgraph.accum sum %st : !bgraph.tile<2x1xf32> -> !bgraph.tile<2x1xf32>
    %so = bgraph.output %sa omap = {x = replica} : !bgraph.tile<2x1xf32> -> tensor<2x1xf32>
    bgraph.yield %so : tensor<2x1xf32>
  }
  return %r : tensor<2x1xf32>
}
