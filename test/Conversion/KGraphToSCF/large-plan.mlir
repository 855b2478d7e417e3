// A plan of 12 MiB (three 4 MiB tiles): more than a thread's stack, so the
// CPU path keeps shared memory on the heap, allocated per kernel call.
// RUN: tsopt-run %s --backend=cpu --fn=wide --reference=wide | FileCheck %s
// RUN: tsopt-opt %s --tsopt-plan-kernels --convert-kgraph-to-scf | FileCheck %s --check-prefix=IR

// CHECK: @wide vs @wide: agree

// IR-LABEL: func.func private @wide_kernel0
// IR: %[[SMEM:.+]] = memref.alloc() {alignment = 16 : i64} : memref<{{[0-9]+}}xi8>
// IR: memref.dealloc %[[SMEM]]
// IR-NEXT: return

func.func @wide(%x: tensor<1x1048576xf32>) -> tensor<1x1048576xf32> {
  %e = kgraph.exp %x : tensor<1x1048576xf32>
  return %e : tensor<1x1048576xf32>
}
