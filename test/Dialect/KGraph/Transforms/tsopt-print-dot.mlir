// RUN: tsopt-opt %s --tsopt-print-dot=output=%t.dot | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --input-file=%t.dot
// RUN: tsopt-opt %s --tsopt-print-dot=function=library -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=ONE
// RUN: not tsopt-opt %s --tsopt-print-dot=function=nope -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ERR
// Rendering is checked only where Graphviz is installed.
// RUN: tsopt-opt %s --tsopt-print-dot='output=%t.mugraph.dot function=mugraph' \
// RUN:   -o /dev/null
// RUN: %if graphviz %{ dot -Tsvg %t.mugraph.dot -o %t.svg %}
// RUN: %if graphviz %{ FileCheck %s --check-prefix=SVG --input-file=%t.svg %}

// The pass leaves the IR as it was.
// IR-LABEL: func.func @library
// IR: kgraph.matmul
// IR-LABEL: func.func @mugraph
// IR: kgraph.kernel grid = [2] forloop = 2
// IR: tgraph.graph

// ERR: error: tsopt-print-dot: no function @nope with a body

// Pre-defined ops: tensors as ellipses, ops as boxes.
// CHECK-LABEL: digraph "library" {
// CHECK-DAG: v0 [label = "in0\n8x16 f32", shape = ellipse
// CHECK-DAG: v3 [label = "out0\n8x8 f32", shape = ellipse
// CHECK-DAG: op0 [label = "matmul", shape = box
// CHECK-DAG: op1 [label = "exp", shape = box
// CHECK-DAG: v0 -> op0;
// CHECK-DAG: op0 -> v2;
// CHECK-DAG: v2 -> op1;
// CHECK-DAG: op1 -> v3;
// CHECK: }

// ONE: digraph "library" {
// ONE-NOT: digraph

// A graph-defined kernel is a cluster labelled with its launch; maps sit on
// the edges that cross its border; the thread graph is a nested cluster.
// CHECK-LABEL: digraph "mugraph" {
// CHECK: subgraph cluster_k0 {
// CHECK-NEXT: label = "kernel #0\ngrid = [2], forloop = 2";
// CHECK-DAG: k0_op0 [label = "input\n4x8 f32"
// CHECK-DAG: k0_op1 [label = "input\n8x8 f32"
// CHECK-DAG: k0_op2 [label = "matmul\n4x8 f32"
// CHECK-DAG: k0_op3 [label = "accum sum\n4x8 f32"
// CHECK-DAG: k0_op4 [label = "accum concat fmap = 1\n4x16 f32"
// CHECK: subgraph cluster_k0_op5_ {
// CHECK-NEXT: label = "thread graph #5";
// CHECK: k0_op5_in0 [label = "in0"
// CHECK: k0_op5_op0 [label = "exp"
// CHECK: k0_op5_yield [label = "yield\n4x8 f32"
// CHECK: }
// CHECK: k0_op6 [label = "output\n8x8 f32"
// CHECK: k0_op7 [label = "output\n8x16 f32"
// CHECK: }
// CHECK-DAG: v0 -> k0_op0 [label = "imap = {x = 0}\nfmap = 1"];
// CHECK-DAG: v1 -> k0_op1 [label = "imap = {x = replica}\nfmap = 0"];
// CHECK-DAG: k0_op3 -> k0_op5_in0;
// CHECK-DAG: k0_op5_in0 -> k0_op5_op0;
// CHECK-DAG: k0_op5_yield -> k0_op6;
// CHECK-DAG: k0_op6 -> v2 [label = "omap = {x = 0}"];
// CHECK-DAG: k0_op7 -> v3 [label = "omap = {x = 0}"];
// CHECK: }

// SVG: <title>mugraph</title>
// SVG: <title>cluster_k0</title>
// SVG: kernel #0
// SVG: <title>cluster_k0_op5_</title>

func.func @library(%a: tensor<8x16xf32>, %b: tensor<16x8xf32>) -> tensor<8x8xf32> {
  %c = kgraph.matmul %a, %b : tensor<8x16xf32>, tensor<16x8xf32> -> tensor<8x8xf32>
  %e = kgraph.exp %c : tensor<8x8xf32>
  return %e : tensor<8x8xf32>
}

// Computes (exp(a @ b), a): one kernel with two outputs, a sum and a concat
// accumulator, and a thread graph.
func.func @mugraph(%a: tensor<8x16xf32>, %b: tensor<16x8xf32>) -> (tensor<8x8xf32>, tensor<8x16xf32>) {
  %y:2 = kgraph.kernel grid = [2] forloop = 2 ins(%a, %b : tensor<8x16xf32>, tensor<16x8xf32>) -> (tensor<8x8xf32>, tensor<8x16xf32>) {
  ^bb0(%ab: tensor<8x16xf32>, %bb: tensor<16x8xf32>):
    %at = bgraph.input %ab imap = {x = 0} fmap = 1 : tensor<8x16xf32> -> !bgraph.tile<4x8xf32>
    %bt = bgraph.input %bb imap = {x = replica} fmap = 0 : tensor<16x8xf32> -> !bgraph.tile<8x8xf32>
    %p = bgraph.matmul %at, %bt : !bgraph.tile<4x8xf32>, !bgraph.tile<8x8xf32> -> !bgraph.tile<4x8xf32>
    %s = bgraph.accum sum %p : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32>
    %c = bgraph.accum concat %at fmap = 1 : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x16xf32>
    %t = tgraph.graph %s : !bgraph.tile<4x8xf32> -> !bgraph.tile<4x8xf32> {
    ^bb0(%v: f32):
      %e = tgraph.exp %v : f32
      tgraph.yield %e : f32
    }
    %o1 = bgraph.output %t omap = {x = 0} : !bgraph.tile<4x8xf32> -> tensor<8x8xf32>
    %o2 = bgraph.output %c omap = {x = 0} : !bgraph.tile<4x16xf32> -> tensor<8x16xf32>
    bgraph.yield %o1, %o2 : tensor<8x8xf32>, tensor<8x16xf32>
  }
  return %y#0, %y#1 : tensor<8x8xf32>, tensor<8x16xf32>
}
