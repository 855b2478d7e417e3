// REQUIRES: mpi
// Orchestration of a two-layer decoder stack by one process and by a job
// of 2 ranks, whose worker prices candidate kernels: the same program.
// RUN: tsopt-opt %S/../Orchestrate/Inputs/decoder_small.mlir --tsopt-orchestrate=threads=1 -o %t.one.mlir
// RUN: %mpirun -np 2 tsopt-mpi %S/../Orchestrate/Inputs/decoder_small.mlir --tsopt-orchestrate=threads=1 -o %t.two.mlir
// RUN: diff %t.one.mlir %t.two.mlir
// RUN: FileCheck %s < %t.two.mlir

// CHECK: kgraph.kernel
