// The schedule (bgraph.depth) and the memory plan (bgraph.offset) are part
// of the kernel plan: tsopt-translate emits them as the IR carries them. The
// planned kernel below has two barriers (its accumulators, over a loop of
// one, pass their operands through and emit none, and the output saver
// computes the sum itself) and needs 16384 bytes of shared memory; putting the second exp one step later adds a barrier between the
// two exps, and moving its tile grows the shared memory the launch asks
// for. Without the attributes, the lowering pipeline plans the same.
// Edits that break a dependence or overlap live tiles are errors
// (test/Dialect/BGraph/Transforms/tsopt-plan-kernels-invalid.mlir).
// RUN: tsopt-translate --tsopt-to-ptx %s --manifest=%t.json -o %t.ptx
// RUN: FileCheck %s --check-prefix=PLANNED < %t.ptx
// RUN: FileCheck %s --check-prefix=SMEM16K < %t.json
// RUN: sed -e '/%6 = bgraph.exp/s/bgraph.depth = 0/bgraph.depth = 1/; /%7 = bgraph.add/s/bgraph.depth = 1/bgraph.depth = 2/; /%8 = bgraph.output/s/bgraph.depth = 2/bgraph.depth = 3/' %s | tsopt-translate --tsopt-to-ptx | FileCheck %s --check-prefix=DEEPER
// RUN: sed -e '/%6 = bgraph.exp/s/bgraph.offset = 12288/bgraph.offset = 16384/' %s | tsopt-translate --tsopt-to-ptx --manifest=%t.moved.json -o %t.moved.ptx
// RUN: FileCheck %s --check-prefix=SMEM20K < %t.moved.json
// RUN: sed -e 's/, bgraph.offset = [0-9]* : i64//; s/bgraph.depth = [0-9]* : i64, //' %s | tsopt-translate --tsopt-to-ptx --manifest=%t.unplanned.json | FileCheck %s --check-prefix=PLANNED
// RUN: FileCheck %s --check-prefix=SMEM16K < %t.unplanned.json

// PLANNED: .entry ew_kernel0(
// PLANNED-COUNT-2: bar.sync 0;
// PLANNED-NOT: bar.sync
// DEEPER: .entry ew_kernel0(
// DEEPER-COUNT-3: bar.sync 0;
// DEEPER-NOT: bar.sync
// SMEM16K: "shared_memory_bytes": 16384
// SMEM20K: "shared_memory_bytes": 20480

func.func @ew(%arg0: tensor<64x64xf32>, %arg1: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %0 = kgraph.kernel grid = [4] forloop = 1 ins(%arg0, %arg1 : tensor<64x64xf32>, tensor<64x64xf32>) -> (tensor<64x64xf32>) attributes {bgraph.stages = 1 : i64} {
  ^bb0(%arg2: tensor<64x64xf32>, %arg3: tensor<64x64xf32>):
    %1 = bgraph.input %arg2 imap = {x = 0} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 0 : i64} : tensor<64x64xf32> -> !bgraph.tile<16x64xf32>
    %2 = bgraph.input %arg3 imap = {x = 0} fmap = replica {bgraph.copy_bytes = 16 : i64, bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 4096 : i64} : tensor<64x64xf32> -> !bgraph.tile<16x64xf32>
    %3 = bgraph.accum sum %1 {bgraph.depth = 1 : i64, bgraph.layout = "row_major"} : !bgraph.tile<16x64xf32> -> !bgraph.tile<16x64xf32>
    %4 = bgraph.accum sum %2 {bgraph.depth = 1 : i64, bgraph.layout = "row_major"} : !bgraph.tile<16x64xf32> -> !bgraph.tile<16x64xf32>
    %5 = bgraph.exp %3 {bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 8192 : i64} : !bgraph.tile<16x64xf32>
    %6 = bgraph.exp %4 {bgraph.depth = 0 : i64, bgraph.layout = "row_major", bgraph.offset = 12288 : i64} : !bgraph.tile<16x64xf32>
    %7 = bgraph.add %5, %6 {bgraph.depth = 1 : i64, bgraph.layout = "row_major"} : !bgraph.tile<16x64xf32>, !bgraph.tile<16x64xf32> -> !bgraph.tile<16x64xf32>
    %8 = bgraph.output %7 omap = {x = 0} {bgraph.depth = 2 : i64} : !bgraph.tile<16x64xf32> -> tensor<64x64xf32>
    bgraph.yield %8 : tensor<64x64xf32>
  }
  return %0 : tensor<64x64xf32>
}
