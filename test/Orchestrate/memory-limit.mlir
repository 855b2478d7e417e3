// Under a small evaluation memory limit (TSOPT_MEMORY_LIMIT) nothing
// unverified is emitted and nothing aborts: at 800 kB every kernel still
// verifies against its subgraph but the whole does not fit even the float
// check, and the record says so; at 400 kB some fused kernels cannot be
// verified, so their ops run as written and the BLP picks a cover it can
// verify. The float evaluator, without the limit, agrees with the
// reference either way.
// RUN: env TSOPT_MEMORY_LIMIT=800000 tsopt-opt %S/Inputs/decoder_small_x4.mlir --tsopt-orchestrate -o %t.800.mlir 2>&1 | FileCheck %s --check-prefix=WHOLE
// RUN: tsopt-run %t.800.mlir --fn=decoder_small_x4 | FileCheck %s --check-prefix=EVAL
// RUN: env TSOPT_MEMORY_LIMIT=400000 tsopt-opt %S/Inputs/decoder_small_x4.mlir --tsopt-orchestrate -o %t.400.mlir 2>&1 | FileCheck %s --check-prefix=KERNELS
// RUN: FileCheck %s --check-prefix=FALLBACK < %t.400.mlir
// RUN: tsopt-run %t.400.mlir --fn=decoder_small_x4 | FileCheck %s --check-prefix=EVAL

// WHOLE: remark: orchestrated: {{.*}}; kernels verified part by part; the whole not checked ({{.*}}TSOPT_MEMORY_LIMIT{{.*}}float check: value {{.*}} needs {{[0-9]+}} bytes
// KERNELS: remark: orchestrated: {{[0-9]+}} kernels
// FALLBACK: tsopt.kernel_verification = [
// FALLBACK-NOT: not verified
// FALLBACK-SAME: ]
// EVAL: @decoder_small_x4 vs @decoder_small_x4_ref: agree
