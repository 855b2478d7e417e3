// Bad options are errors naming the option.
// RUN: not tsopt-opt %s --tsopt-superoptimize='block-ops=exp,frobnicate' 2>&1 | FileCheck %s --check-prefix=BLOCK
// RUN: not tsopt-opt %s --tsopt-superoptimize='kernel-ops=accum' 2>&1 | FileCheck %s --check-prefix=KERNEL
// RUN: not tsopt-opt %s --tsopt-superoptimize='min-grid-dims=3 max-grid-dims=2' 2>&1 | FileCheck %s --check-prefix=GRID
// RUN: not tsopt-opt %s --tsopt-superoptimize='grid-extents=0,2' 2>&1 | FileCheck %s --check-prefix=EXTENT
// RUN: not tsopt-opt %s --tsopt-superoptimize='forloop-extents=-1' 2>&1 | FileCheck %s --check-prefix=LOOP
// RUN: not tsopt-opt %s --tsopt-superoptimize='target=sm_70' 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not tsopt-opt %s --tsopt-superoptimize='max-grid-dims=4' 2>&1 | FileCheck %s --check-prefix=MAXGRID
// RUN: not tsopt-opt %s --tsopt-superoptimize='block-ops=none program-templates=false' 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not tsopt-opt %s --tsopt-superoptimize='block-ops=rms_norm,matmul' 2>&1 | FileCheck %s --check-prefix=RMS
// RUN: not tsopt-opt %s --tsopt-superoptimize='time-limit=-1' 2>&1 | FileCheck %s --check-prefix=TIME
// RUN: rm -rf %t && mkdir -p %t
// RUN: not tsopt-opt %s --tsopt-superoptimize='plan=false checkpoint=%t' 2>&1 | FileCheck %s --check-prefix=CKPT
// RUN: tsopt-opt %s --tsopt-superoptimize='threads=100000 time-limit=5' 2>&1 | FileCheck %s --check-prefix=THREADS

// BLOCK: error: block-ops: unknown block op 'frobnicate'
// KERNEL: error: kernel-ops: unknown kernel op 'accum'
// GRID: error: min-grid-dims (3) exceeds max-grid-dims (2)
// EXTENT: error: grid-extents: extents must be >= 1, got 0
// LOOP: error: forloop-extents: extents must be >= 1, got -1
// TARGET: error: cannot superoptimize: unknown target 'sm_70'
// MAXGRID: error: cannot superoptimize: max grid dims must be 1, 2 or 3
// NONE: error: block-ops=none explores program templates only; it needs program-templates=true
// RMS: error: cannot superoptimize: block-ops: rms_norm has no block-level op; the search explores its primitives (mul, square, reduce_sum, mul_scalar, sqrt, div) instead
// TIME: error: tsopt-superoptimize: time-limit must be a number of seconds >= 0 (0: none)
// CKPT: error: cannot superoptimize: cannot write the checkpoint '{{.*}}': it is a directory
// THREADS-NOT: Stack dump
// THREADS: return %{{.*}} : tensor<8x16xf32>
func.func @f(%x: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %e = kgraph.exp %x : tensor<8x16xf32>
  return %e : tensor<8x16xf32>
}
