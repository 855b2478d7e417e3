// REQUIRES: mpi
// The search of one program by one process and by MPI jobs of 2 and 3
// ranks (tsopt-mpi): the same µGraph, and the same remark (verification
// record, states, pruned ops, candidates) but for the seconds and the Z3
// queries, which depend on how the job shared its verdicts.
// RUN: tsopt-opt %s --tsopt-superoptimize='max-kernel-ops=2 max-block-ops=2 plan=false time-limit=0 threads=1 progress=false' -o %t.one.mlir 2>&1 | sed -E 's/search [0-9.]+ s/search S/; s/ \([0-9]+ Z3 queries\)//' > %t.one.remark
// RUN: %mpirun -np 2 tsopt-mpi %s --tsopt-superoptimize='max-kernel-ops=2 max-block-ops=2 plan=false time-limit=0 threads=1 progress=false' -o %t.two.mlir 2>&1 | sed -E 's/search [0-9.]+ s/search S/; s/ \([0-9]+ Z3 queries\)//' > %t.two.remark
// RUN: %mpirun -np 3 tsopt-mpi %s --tsopt-superoptimize='max-kernel-ops=2 max-block-ops=2 plan=false time-limit=0 threads=1 progress=false' -o %t.three.mlir 2>&1 | sed -E 's/search [0-9.]+ s/search S/; s/ \([0-9]+ Z3 queries\)//' > %t.three.remark
// RUN: diff %t.one.mlir %t.two.mlir
// RUN: diff %t.one.mlir %t.three.mlir
// RUN: diff %t.one.remark %t.two.remark
// RUN: diff %t.one.remark %t.three.remark
// RUN: FileCheck %s < %t.two.remark
// RUN: FileCheck %s --check-prefix=IR < %t.two.mlir

// CHECK: remark: superoptimized: {{.*}}; equivalent: p = {{[0-9]+}}, {{.*}}search S, {{[0-9]+}} states, pruned {{[0-9]+}} by shape and {{[0-9]+}} by expression, {{[0-9]+}} candidates
// IR: kgraph.kernel

// A worker that crashes mid-job ends the job; every item finished by then,
// on any rank, is in the checkpoint, and a run of one process resumes it
// (items taken from it, not searched again) to the same µGraph.
// RUN: rm -f %t.ckpt
// RUN: env TSOPT_MPI_FAULT_AFTER=40 not %mpirun -np 2 tsopt-mpi %s --tsopt-superoptimize='max-kernel-ops=2 max-block-ops=2 plan=false time-limit=0 threads=1 progress=false checkpoint=%t.ckpt' -o %t.crashed.mlir > %t.crash.log 2>&1
// RUN: FileCheck %s --check-prefix=CRASH < %t.crash.log
// RUN: tsopt-opt %s --tsopt-superoptimize='max-kernel-ops=2 max-block-ops=2 plan=false time-limit=0 threads=1 progress=false checkpoint=%t.ckpt' -o %t.resumed.mlir 2>&1 | FileCheck %s --check-prefix=RESUMED
// RUN: diff %t.one.mlir %t.resumed.mlir

// CRASH: rank 1
// RESUMED: {{[1-9][0-9]*}} work items resumed from the checkpoint

func.func @rmsnorm(%x: tensor<2x64xf16>, %g: tensor<64xf16>, %w: tensor<64x96xf16>) -> tensor<2x96xf16> {
  %n = kgraph.rms_norm %x, %g : tensor<2x64xf16>, tensor<64xf16> -> tensor<2x64xf16>
  %y = kgraph.matmul %n, %w : tensor<2x64xf16>, tensor<64x96xf16> -> tensor<2x96xf16>
  return %y : tensor<2x96xf16>
}
