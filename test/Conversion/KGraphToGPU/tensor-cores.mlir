// RUN: tsopt-opt %s --tsopt-plan-kernels='target=sm_80 pipeline=false' --convert-kgraph-to-gpu=target=sm_80 | FileCheck %s
// RUN: tsopt-opt %s --tsopt-plan-kernels='target=sm_90 tensor-cores=false pipeline=false' --convert-kgraph-to-gpu=target=sm_90 | FileCheck %s --check-prefix=OFF
// RUN: tsopt-opt %s --tsopt-lower-to-nvvm='target=sm_80' | FileCheck %s --check-prefix=NVVM
// RUN: tsopt-opt %s --tsopt-lower-to-nvvm='target=sm_80 tensor-cores=false' | FileCheck %s --check-prefix=NVVM-OFF

// Block matmuls of f16 tiles whose shapes divide into m16n8k16 run on
// tensor cores (bf16 through nvvm.mma.sync); odd shapes and f32 keep the f32
// dot product.

// 32x64 . 64x32: output tiles of 32x32 with K in steps of 32 (two
// iterations of the block loop). The 2 x 4 blocks of 16x8 go to the 4
// warps of 128 threads, two each: warp w takes blocks 2w and 2w + 1, a run
// along a row of blocks that shares its A fragment. Their sums stay in
// registers across the loop (fragmentAccumulatedMatmul): a 2x4 f32 array
// per thread, zero before the loop, carried by one K loop that computes
// both blocks. Each K step loads A's fragment with ldmatrix.x4 (A's tile
// stores k contiguously) and B's with ldmatrix.x2.trans (B's stores n
// contiguously). After the loop the registers are stored to the
// accumulator's tile.
// CHECK-LABEL: gpu.func @mm_kernel0(
// CHECK: %[[TX:.+]] = gpu.thread_id x
// CHECK: %[[A:.+]] = memref.view {{.*}} to memref<32x32xf16, #gpu.address_space<workgroup>>
// CHECK: %[[B:.+]] = memref.view {{.*}} to memref<32x32xf16, #gpu.address_space<workgroup>>
// The product accumulates over K in f32 (the precision plan); its tile and
// the accumulator's.
// CHECK: memref.view {{.*}} to memref<32x32xf32, #gpu.address_space<workgroup>>
// CHECK: %[[ACCT:.+]] = memref.view {{.*}} to memref<32x32xf32, #gpu.address_space<workgroup>>
// CHECK: %[[REGS:.+]] = memref.alloca() : memref<2x4xf32>
// CHECK-COUNT-8: memref.store %{{.+}}, %[[REGS]]
// CHECK: scf.for
// CHECK: %[[WARP:.+]] = arith.divui %[[TX]], %c32
// CHECK: %[[LANE:.+]] = arith.remui %[[TX]], %c32
// CHECK-COUNT-8: memref.load %[[REGS]]
// CHECK: %[[ACC:.+]]:8 = scf.for %[[K0:.+]] = %c0{{.*}} to %c32{{.*}} step %c16{{.*}} iter_args(%[[IN:.+]] = %{{.+}}) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK-NOT: memref.load
// CHECK: %[[FA:.+]] = nvgpu.ldmatrix %[[A]][{{.*}}] {numTiles = 4 : i32, transpose = false} : memref<32x32xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK-NOT: memref.load
// CHECK: %[[FB:.+]] = nvgpu.ldmatrix %[[B]][{{.*}}] {numTiles = 2 : i32, transpose = true} : memref<32x32xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
// CHECK: nvgpu.mma.sync(%[[FA]], %[[FB]], %{{.+}}) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// CHECK: nvgpu.ldmatrix %[[A]]
// CHECK: nvgpu.ldmatrix %[[B]]
// CHECK: nvgpu.mma.sync
// CHECK: scf.yield {{.*}} : f32, f32, f32, f32, f32, f32, f32, f32
// CHECK-COUNT-8: memref.store %[[ACC]]#{{[0-7]}}, %[[REGS]]
// After the loop: the registers to the accumulator's tile.
// CHECK: gpu.barrier
// CHECK: }
// CHECK: memref.load %[[REGS]]
// A lane's two column neighbours in one 8-byte store.
// CHECK: vector.store {{.+}}, %[[ACCT]]{{.*}} {alignment = 8 : i64} : memref<{{.*}}xf32{{.*}}>, vector<2xf32>
// OFF-LABEL: gpu.func @mm_kernel0(
// OFF-NOT: nvgpu.mma.sync
// OFF: scf.for {{.*}} iter_args({{.*}}) -> (f32)
// OFF: gpu.return
func.func @mm(%a: tensor<32x64xf16>, %b: tensor<64x32xf16>) -> tensor<32x32xf16> {
  %c = kgraph.matmul %a, %b : tensor<32x64xf16>, tensor<64x32xf16> -> tensor<32x32xf16>
  return %c : tensor<32x32xf16>
}

// Batched: the batch dim is part of the block index.
// CHECK-LABEL: gpu.func @bmm_kernel0(
// CHECK: nvgpu.mma.sync
// CHECK: gpu.return
func.func @bmm(%a: tensor<2x16x32xf16>, %b: tensor<2x32x8xf16>) -> tensor<2x16x8xf16> {
  %c = kgraph.matmul %a, %b : tensor<2x16x32xf16>, tensor<2x32x8xf16> -> tensor<2x16x8xf16>
  return %c : tensor<2x16x8xf16>
}

// Rows not a multiple of 16 (8 x 32 . 32 x 32): padded to the instruction.
// A's 8 rows (a decode step's) load with one ldmatrix.x2 into registers 0
// and 2 of the fragment, registers 1 and 3 (rows 8-15) zero; B's 32 x 8
// slices with ldmatrix.x2.trans; a result value past row 8 is not stored,
// and the stored ones leave in column pairs (one vector store per lane).
// CHECK-LABEL: gpu.func @rows8_kernel0(
// CHECK: %[[HALF:.+]] = nvgpu.ldmatrix {{.*}} {numTiles = 2 : i32, transpose = false} : memref<8x32xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
// CHECK: vector.extract %[[HALF]][0]
// CHECK: vector.insert {{.*}} [0] : vector<2xf16> into vector<4x2xf16>
// CHECK: vector.extract %[[HALF]][1]
// CHECK: vector.insert {{.*}} [2] : vector<2xf16> into vector<4x2xf16>
// CHECK: nvgpu.ldmatrix {{.*}} {numTiles = 2 : i32, transpose = true}
// CHECK: nvgpu.mma.sync
// CHECK: scf.if
// CHECK: vector.store {{.*}} : memref<8x32xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK: gpu.return
func.func @rows8(%a: tensor<8x32xf16>, %b: tensor<32x32xf16>) -> tensor<8x32xf16> {
  %c = kgraph.matmul %a, %b : tensor<8x32xf16>, tensor<32x32xf16> -> tensor<8x32xf16>
  return %c : tensor<8x32xf16>
}

// A contraction of 24 (8 mod 16): the K loop runs one whole step, with no
// clamp; the last step, apart, points the runs past k 23 at k 16-23 (A's
// row starts) and the rows past it at row 23 (B's, .trans), and zeroes the
// values of k 24-31 after the loads: ldmatrix throughout.
// CHECK-LABEL: gpu.func @k24_kernel0(
// CHECK: scf.for %{{.+}} = %c0{{.*}} to %c16{{.*}} step %c16
// CHECK-NOT: arith.minui
// CHECK: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false} : memref<16x24xf16
// CHECK-NOT: arith.minui
// CHECK: nvgpu.ldmatrix {{.*}} {numTiles = 2 : i32, transpose = true} : memref<24x8xf16
// CHECK: nvgpu.mma.sync
// CHECK: scf.yield
// CHECK: arith.minui %{{.+}}, %c16
// CHECK: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false} : memref<16x24xf16, #gpu.address_space<workgroup>> -> vector<4x2xf16>
// CHECK: arith.select %{{.+}}, %{{.+}}, %{{.+}} : f16
// CHECK: arith.minui %{{.+}}, %c23
// CHECK: nvgpu.ldmatrix {{.*}} {numTiles = 2 : i32, transpose = true} : memref<24x8xf16, #gpu.address_space<workgroup>> -> vector<2x2xf16>
// CHECK: arith.select %{{.+}}, %{{.+}}, %{{.+}} : f16
// CHECK: nvgpu.mma.sync
// CHECK: gpu.return
func.func @k24(%a: tensor<16x24xf16>, %b: tensor<24x8xf16>) -> tensor<16x8xf16> {
  %c = kgraph.matmul %a, %b : tensor<16x24xf16>, tensor<24x8xf16> -> tensor<16x8xf16>
  return %c : tensor<16x8xf16>
}

// bf16 tiles: nvvm.mma.sync directly (upstream's nvgpu.mma.sync lowering
// takes f16 only), two bf16 values per 32-bit register: 4 for A, 2 for B,
// 4 f32 accumulators carried by the K loop; the fragments by ldmatrix too.
// CHECK-LABEL: gpu.func @bf16_kernel0(
// CHECK-NOT: nvgpu.mma.sync
// CHECK: nvgpu.ldmatrix {{.*}} -> vector<4x2xbf16>
// CHECK: vector.bitcast %{{.*}} : vector<2xbf16> to vector<1xi32>
// CHECK: nvvm.mma.sync A[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] B[%{{.*}}, %{{.*}}] C[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}]
// CHECK-SAME: multiplicandAPtxType = #nvvm.mma_type<bf16>
// CHECK-SAME: shape = #nvvm.shape<m = 16, n = 8, k = 16>
// CHECK: llvm.extractvalue
// CHECK: gpu.return
// f32 tiles: the plain path.
func.func @bf16(%a: tensor<16x16xbf16>, %b: tensor<16x8xbf16>) -> tensor<16x8xbf16> {
  %c = kgraph.matmul %a, %b : tensor<16x16xbf16>, tensor<16x8xbf16> -> tensor<16x8xbf16>
  return %c : tensor<16x8xbf16>
}
// CHECK-LABEL: gpu.func @f32_kernel0(
// CHECK-NOT: nvgpu.mma.sync
// CHECK: gpu.return
func.func @f32(%a: tensor<16x16xf32>, %b: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %c = kgraph.matmul %a, %b : tensor<16x16xf32>, tensor<16x8xf32> -> tensor<16x8xf32>
  return %c : tensor<16x8xf32>
}

// NVVM-DAG: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<col>, num = 2 : i32
// NVVM-DAG: nvvm.ldmatrix {{.*}}layout = #nvvm.mma_layout<row>, num = 4 : i32
// NVVM: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// NVVM-OFF-NOT: nvvm.mma.sync
