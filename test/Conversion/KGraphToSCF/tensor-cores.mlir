// The CPU path emulates the tensor-core lowering of f16 and bf16 matmuls: each lane
// of a warp loads its mma.sync fragments at the coordinates upstream's
// MMAUtils gives (the same index arithmetic as on the GPU), the values are
// placed where the hardware reads them, and the warp's multiply-accumulate
// is computed lane by lane. Compiled, it agrees with the evaluator.
// RUN: tsopt-run %s --backend=cpu --fn=mm --reference=mm | FileCheck %s --check-prefix=MM
// RUN: tsopt-run %s --backend=cpu --fn=bmm --reference=bmm --seed=5 | FileCheck %s --check-prefix=BMM
// RUN: tsopt-run %s --backend=cpu --fn=attn --reference=attn | FileCheck %s --check-prefix=ATTN
// RUN: tsopt-run %s --backend=cpu --fn=mm_bf16 --reference=mm_bf16 | FileCheck %s --check-prefix=BF16
// Extents the instruction does not divide load by ldmatrix too: a
// contraction that is not a multiple of 16 has its last step's values past
// k zeroed after the load (8 mod 16: 16 rows; 8 rows, a convolution's 8
// filters over 8 channels x 3 x 3; and 27, a first convolution's 3
// channels x 3 x 3, whose 54-byte rows the plan pads to 16-byte aligned
// starts); rows and columns past the tile read its last row again (5 rows
// by 5 columns, a classifier's): the emulated ldmatrix agrees with the
// evaluator.
// RUN: tsopt-run %s --backend=cpu --fn=k24 --reference=k24 --seed=3 | FileCheck %s --check-prefix=K24
// RUN: tsopt-run %s --backend=cpu --fn=rows8_k72 --reference=rows8_k72 --seed=4 | FileCheck %s --check-prefix=K72
// RUN: tsopt-run %s --backend=cpu --fn=k27 --reference=k27 --seed=6 | FileCheck %s --check-prefix=K27
// RUN: tsopt-run %s --backend=cpu --fn=rows5_n5 --reference=rows5_n5 --seed=7 | FileCheck %s --check-prefix=N5
// RUN: tsopt-opt %s --tsopt-plan-kernels --convert-kgraph-to-gpu | FileCheck %s --check-prefix=K72GPU
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 | FileCheck %s --check-prefix=K27PLAN
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 --convert-kgraph-to-gpu=target=sm_80 | FileCheck %s --check-prefix=K27GPU
// RUN: tsopt-opt %s --tsopt-plan-kernels --convert-kgraph-to-scf | FileCheck %s --check-prefix=CPUBF16
// RUN: tsopt-opt %s --tsopt-plan-kernels --convert-kgraph-to-scf | FileCheck %s --check-prefix=CPU
// RUN: tsopt-opt %s --tsopt-plan-kernels=tensor-cores=false --convert-kgraph-to-scf | FileCheck %s --check-prefix=OFF

// MM: @mm vs @mm: agree
// BMM: @bmm vs @bmm: agree
// ATTN: @attn vs @attn: agree
// BF16: @mm_bf16 vs @mm_bf16: agree
// K24: @k24 vs @k24: agree
// K72: @rows8_k72 vs @rows8_k72: agree
// K27: @k27 vs @k27: agree
// N5: @rows5_n5 vs @rows5_n5: agree
// K72GPU-LABEL: gpu.func @rows8_k72_kernel0(
// The plan splits K into 3 iterations of 24: each takes a whole step and
// a last one whose values of k 8-15 are zeroed after the load (A's 8 rows
// load matrices 0 and 2 only).
// K72GPU: nvgpu.ldmatrix {{.*}} {numTiles = 2 : i32, transpose = false} : memref<8x24xf16
// K72GPU: nvgpu.mma.sync
// K72GPU: nvgpu.ldmatrix {{.*}} {numTiles = 2 : i32, transpose = false} : memref<8x24xf16
// K72GPU: arith.select
// K72GPU: nvgpu.mma.sync
// K72GPU: gpu.return
// Rows of 27 halves: padded to aligned starts, A's and B's (k x n) with
// its 27 rows of k stored as runs of 27 along k by the transpose-free
// column-major layout or read with .trans from row-major.
// K27PLAN-LABEL: func.func @k27(
// K27PLAN: bgraph.input {{.*}}bgraph.layout = "row_major_pad<{{[0-9]+}}>"{{.*}} -> !bgraph.tile<{{[0-9]+}}x27xf16>
// K27GPU-LABEL: gpu.func @k27_kernel0(
// K27GPU: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false}
// K27GPU: nvgpu.mma.sync
// K27GPU: nvgpu.ldmatrix {{.*}} {numTiles = 4 : i32, transpose = false}
// K27GPU: arith.select
// K27GPU: nvgpu.mma.sync
// K27GPU-LABEL: gpu.func @rows5_n5_kernel0(
// K27GPU: nvgpu.ldmatrix {{.*}} {numTiles = 2 : i32
// K27GPU: arith.minui
// K27GPU: nvgpu.mma.sync
// CPUBF16-LABEL: func.func private @mm_bf16_kernel0(
// CPUBF16: memref.alloc() : memref<16x16xf32>
// CPUBF16: scf.for %{{.+}} = %c0{{.*}} to %c32{{.*}} step %c1{{.*}} {

// CPU-LABEL: func.func private @mm_kernel0(
// CPU-DAG: %[[ATILE:.+]] = memref.alloc() : memref<16x16xf32>
// CPU-DAG: %[[BTILE:.+]] = memref.alloc() : memref<16x8xf32>
// CPU-DAG: %[[ACCS:.+]] = memref.alloc() : memref<32x4xf32>
// The 2 x 8 blocks of 16x8, K in steps of 16, the 32 lanes of the warp.
// CPU: scf.for %{{.+}} = %c0{{.*}} to %c16{{.*}} step %c1{{.*}} {
// CPU: scf.for %{{.+}} = %c0{{.*}} to %c32{{.*}} step %c16{{.*}} {
// CPU: scf.for %[[LANE:.+]] = %c0{{.*}} to %c32{{.*}} step %c1{{.*}} {
// CPU-COUNT-8: memref.store %{{.+}}, %[[ATILE]]
// CPU-COUNT-4: memref.store %{{.+}}, %[[BTILE]]
// CPU: memref.dealloc %[[ATILE]]
// OFF-LABEL: func.func private @mm_kernel0(
// OFF-NOT: memref<16x16xf32>
// OFF: return
func.func @mm(%a: tensor<32x64xf16>, %b: tensor<64x64xf16>) -> tensor<32x64xf16> {
  %c = kgraph.matmul %a, %b : tensor<32x64xf16>, tensor<64x64xf16> -> tensor<32x64xf16>
  return %c : tensor<32x64xf16>
}

func.func @k24(%a: tensor<16x24xf16>, %b: tensor<24x8xf16>) -> tensor<16x8xf16> {
  %c = kgraph.matmul %a, %b : tensor<16x24xf16>, tensor<24x8xf16> -> tensor<16x8xf16>
  return %c : tensor<16x8xf16>
}

func.func @rows8_k72(%a: tensor<8x72xf16>, %b: tensor<72x16xf16>) -> tensor<8x16xf16> {
  %c = kgraph.matmul %a, %b : tensor<8x72xf16>, tensor<72x16xf16> -> tensor<8x16xf16>
  return %c : tensor<8x16xf16>
}

func.func @k27(%a: tensor<64x27xf16>, %b: tensor<27x32xf16>) -> tensor<64x32xf16> {
  %c = kgraph.matmul %a, %b : tensor<64x27xf16>, tensor<27x32xf16> -> tensor<64x32xf16>
  return %c : tensor<64x32xf16>
}

func.func @rows5_n5(%a: tensor<5x40xf16>, %b: tensor<40x5xf16>) -> tensor<5x5xf16> {
  %c = kgraph.matmul %a, %b : tensor<5x40xf16>, tensor<40x5xf16> -> tensor<5x5xf16>
  return %c : tensor<5x5xf16>
}

func.func @bmm(%a: tensor<2x16x32xf16>, %b: tensor<2x32x24xf16>) -> tensor<2x16x24xf16> {
  %c = kgraph.matmul %a, %b : tensor<2x16x32xf16>, tensor<2x32x24xf16> -> tensor<2x16x24xf16>
  return %c : tensor<2x16x24xf16>
}

// Both matmuls of a fused attention kernel on tensor cores: Q K^T with the
// transposed tile, and P V after the running-max exp.
func.func @attn(%q: tensor<32x16xf16>, %k: tensor<64x16xf16>, %v: tensor<64x16xf16>) -> tensor<32x16xf16> {
  %o = kgraph.kernel grid = [2] forloop = 4 ins(%q, %k, %v : tensor<32x16xf16>, tensor<64x16xf16>, tensor<64x16xf16>) -> (tensor<32x16xf16>) {
  ^bb0(%q_b: tensor<32x16xf16>, %k_b: tensor<64x16xf16>, %v_b: tensor<64x16xf16>):
    %qt = bgraph.input %q_b imap = {x = 0} fmap = replica : tensor<32x16xf16> -> !bgraph.tile<16x16xf16>
    %kt = bgraph.input %k_b imap = {x = replica} fmap = 0 : tensor<64x16xf16> -> !bgraph.tile<16x16xf16>
    %vt = bgraph.input %v_b imap = {x = replica} fmap = 0 : tensor<64x16xf16> -> !bgraph.tile<16x16xf16>
    %ktt = bgraph.transpose %kt permutation = [1, 0] : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf16>
    %st = bgraph.matmul %qt, %ktt : !bgraph.tile<16x16xf16>, !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf16>
    %et = bgraph.exp %st : !bgraph.tile<16x16xf16>
    %at = bgraph.matmul %et, %vt : !bgraph.tile<16x16xf16>, !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf16>
    %rt = bgraph.reduce_sum %et dim = 1 : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x1xf16>
    %aa = bgraph.accum sum %at : !bgraph.tile<16x16xf16> -> !bgraph.tile<16x16xf16>
    %ra = bgraph.accum sum %rt : !bgraph.tile<16x1xf16> -> !bgraph.tile<16x1xf16>
    %y = bgraph.div %aa, %ra : !bgraph.tile<16x16xf16>, !bgraph.tile<16x1xf16> -> !bgraph.tile<16x16xf16>
    %oo = bgraph.output %y omap = {x = 0} : !bgraph.tile<16x16xf16> -> tensor<32x16xf16>
    bgraph.yield %oo : tensor<32x16xf16>
  }
  return %o : tensor<32x16xf16>
}

func.func @mm_bf16(%a: tensor<32x64xbf16>, %b: tensor<64x32xbf16>) -> tensor<32x32xbf16> {
  %c = kgraph.matmul %a, %b : tensor<32x64xbf16>, tensor<64x32xbf16> -> tensor<32x32xbf16>
  return %c : tensor<32x32xbf16>
}
