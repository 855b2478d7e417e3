// Four decoder layers: the candidates of layers 2 to 4 have the canonical
// forms of layer 1's, so each form is priced once: 1961 candidates, 411
// distinct forms (one layer alone has 277; the kernels that span a layer
// boundary add the rest, the same at each boundary); the whole has degrees the field
// test cannot bound, so each kernel is verified against its subgraph and
// the whole gets the float check; the float evaluator agrees with the
// reference.
// RUN: tsopt-opt %S/Inputs/decoder_small_x4.mlir --tsopt-orchestrate -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: tsopt-run %t.mlir --fn=decoder_small_x4 | FileCheck %s --check-prefix=EVAL
// Rule-based fusion of the whole cannot be verified at all here, so it
// leaves the function as it is.
// RUN: tsopt-opt %S/Inputs/decoder_small_x4.mlir --tsopt-fuse-blocks -o /dev/null 2>&1 | FileCheck %s --check-prefix=FUSE
// FUSE: remark: not fused: the fused program cannot be verified as a whole (the programs' degrees are too large to bound (over 2^40): no error bound can be given); tsopt-orchestrate verifies kernel by kernel

// REMARK: remark: orchestrated: {{[0-9]+}} kernels ({{[0-9]+}} graph-defined{{.*}}) from 168 primitives; estimated {{.*}}; {{[0-9]+}} states, 1961 candidates (411 distinct, 0 priced before), BLP {{.*}} gap 0.00 % (optimal);
// REMARK-SAME: kernels verified part by part (the whole: the programs' degrees are too large to bound (over 2^40): no error bound can be given); whole float check: error
// EVAL: @decoder_small_x4 vs @decoder_small_x4_ref: agree
