// A whole Llama-style decoder layer (Inputs/decoder_small.mlir, written by
// utils/gen_decoder.py) orchestrated with default options: the remark
// states the candidates and the BLP, the result has graph-defined kernels
// (the attention as one), and both tsopt-verify-equivalence and the float
// evaluator agree with the reference the program names.
// RUN: tsopt-opt %S/Inputs/decoder_small.mlir --tsopt-orchestrate -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.mlir
// RUN: tsopt-opt %t.mlir --tsopt-verify-equivalence --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY
// RUN: tsopt-run %t.mlir --fn=decoder_small | FileCheck %s --check-prefix=EVAL
// tsopt-superoptimize with no options but a short time limit takes the same
// path: 42 primitives are beyond the search's reach (orchestrate-above=16).
// RUN: tsopt-opt %S/Inputs/decoder_small.mlir --tsopt-superoptimize=time-limit=6 -o %t.super.mlir 2>&1 | FileCheck %s --check-prefix=SUPER
// RUN: tsopt-run %t.super.mlir --fn=decoder_small | FileCheck %s --check-prefix=EVAL
// SUPER: remark: superoptimized by orchestration: {{.*}}graph-defined{{.*}}; estimated
// SUPER-SAME: kernel searches

// The BLP's cover, or the rule-fused whole when the cost model ranks it
// lower (with rms_norm's epsilon moved past the matmuls, the two tie).
// REMARK: remark: orchestrated: {{.*}}graph-defined{{.*}}; estimated {{.*}} us vs {{.*}} us one kernel per op on sm_90; {{[0-9]+}} states, {{[0-9]+}} candidates ({{[0-9]+}} distinct, 0 priced before), BLP {{[0-9]+}} x {{[0-9]+}} (0 cuts) solved in {{.*}} s, gap 0.00 % (optimal);
// REMARK-SAME: fission split 2 composite ops; opaque, each its own kernel: kgraph.reshape (ops 8, 11, 14, 26): the fusion rules do not know kgraph.reshape
// REMARK-SAME: ; equivalent: p =
// REMARK-NOT: remark

// CHECK-LABEL: func.func @decoder_small_ref(
// CHECK-NOT: kgraph.kernel
// CHECK: return
// CHECK-LABEL: func.func @decoder_small(
// CHECK-SAME: tsopt.cost_us =
// CHECK-SAME: tsopt.verification = "equivalent: p =
// The attention: one kernel from the scores to the weighted values.
// CHECK: kgraph.kernel
// CHECK: bgraph.reduce_max
// CHECK: tgraph.exp
// CHECK: bgraph.reduce_sum
// CHECK: bgraph.matmul
// CHECK: bgraph.div

// VERIFY: remark: equivalent to @decoder_small_ref: equivalent: p =
// EVAL: @decoder_small vs @decoder_small_ref: agree
