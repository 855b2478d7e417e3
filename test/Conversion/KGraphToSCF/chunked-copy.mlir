// RUN: tsopt-opt %s --tsopt-plan-kernels --convert-kgraph-to-scf | FileCheck %s
// RUN: tsopt-run %s --backend=cpu --fn=rows16 --reference=rows16 | FileCheck %s --check-prefix=EXEC
// RUN: tsopt-run %s --backend=cpu --fn=odd --reference=odd | FileCheck %s --check-prefix=EXEC-ODD
// RUN: tsopt-run %s --backend=cpu --fn=direct --reference=direct | FileCheck %s --check-prefix=EXEC-DIRECT

// The CPU path copies input tiles in the chunks the GPU path gives to
// cp.async (16 bytes here: 8 f16), element by element, so the chunk
// indexing runs compiled against the evaluator.
// EXEC: @rows16 vs @rows16: agree
// EXEC-ODD: @odd vs @odd: agree
// EXEC-DIRECT: @direct vs @direct: agree

// Row sums of a 32 x 64 f16 tile: 256 chunks, chunk q at row q / 8,
// column 8 (q % 8).
// CHECK-LABEL: func.func private @rows16_kernel0(
// CHECK-SAME: %[[SRC:[a-z0-9]+]]: memref<64x64xf16>
// CHECK: scf.for %[[Q:.+]] = %{{.+}} to %c256{{.*}} step %{{.+}} {
// CHECK: %[[ROW:.+]] = arith.divui %[[Q]], %c8
// CHECK: %[[CHUNK:.+]] = arith.remui %[[Q]], %c8
// CHECK: %[[COL:.+]] = arith.muli %[[CHUNK]], %c8
// CHECK-COUNT-8: memref.load %[[SRC]]
// CHECK-NOT: memref.load %[[SRC]]
// CHECK: }
func.func @rows16(%x: tensor<64x64xf16>) -> tensor<64x1xf16> {
  %e = kgraph.reduce_sum %x dim = 1 : tensor<64x64xf16> -> tensor<64x1xf16>
  return %e : tensor<64x1xf16>
}

// Rows of 3 f16 do not split into 4-byte chunks: one element at a time.
// CHECK-LABEL: func.func private @odd_kernel0(
// CHECK-SAME: %[[OSRC:[a-z0-9]+]]: memref<64x3xf16>
// CHECK: scf.for %{{.+}} = %{{.+}} to %c192{{.*}} step %{{.+}} {
// CHECK: memref.load %[[OSRC]]
// CHECK-NEXT: memref.store
// CHECK-NEXT: }
func.func @odd(%x: tensor<64x3xf16>) -> tensor<64x1xf16> {
  %e = kgraph.reduce_sum %x dim = 1 : tensor<64x3xf16> -> tensor<64x1xf16>
  return %e : tensor<64x1xf16>
}

// An element-wise op needs no tile at all: its output saver loads 16
// bytes of the input from device memory, computes exp as it goes and
// stores 16 bytes.
// CHECK-LABEL: func.func private @direct_kernel0(
// CHECK-SAME: %[[DSRC:[a-z0-9]+]]: memref<64x64xf16>, %[[DDST:[a-z0-9]+]]: memref<64x64xf16>
// CHECK-NOT: memref.view
// CHECK: scf.for %{{.+}} = %{{.+}} to %c256{{.*}} step %{{.+}} {
// CHECK: vector.load %[[DSRC]]{{.*}} : memref<64x64xf16>, vector<8xf16>
// CHECK-COUNT-8: math.exp
// CHECK: vector.store {{.*}}, %[[DDST]]{{.*}} : memref<64x64xf16>, vector<8xf16>
func.func @direct(%x: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %e = kgraph.exp %x : tensor<64x64xf16>
  return %e : tensor<64x64xf16>
}
