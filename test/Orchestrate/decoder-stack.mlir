// Four decoder layers: the candidates of layers 2 to 4 have the canonical
// forms of layer 1's, so each form is priced once: 1192 candidates, 227
// distinct forms (one layer alone has 202; the kernels that span a layer
// boundary add 25, the same at each boundary); the whole has degrees the field
// test cannot bound, so each kernel is verified against its subgraph and
// the whole gets the float check; the float evaluator agrees with the
// reference.
// RUN: tsopt-opt %S/Inputs/decoder_small_x4.mlir --tsopt-orchestrate -o %t.mlir 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: tsopt-run %t.mlir --fn=decoder_small_x4 | FileCheck %s --check-prefix=EVAL

// REMARK: remark: orchestrated: {{[0-9]+}} kernels ({{[0-9]+}} graph-defined) from 168 primitives; estimated {{.*}}; {{[0-9]+}} states, 1192 candidates (227 distinct, 0 priced before), BLP {{.*}} gap 0.00 % (optimal);
// REMARK-SAME: kernels verified part by part (the whole: the programs' degrees are too large to bound (over 2^40): no error bound can be given); whole float check: error
// EVAL: @decoder_small_x4 vs @decoder_small_x4_ref: agree
