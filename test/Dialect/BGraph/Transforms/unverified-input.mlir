// RUN: not tsopt-opt %s --tsopt-schedule --mlir-very-unsafe-disable-verifier-on-parsing \
// RUN:   --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=SCHEDULE
// RUN: not tsopt-opt %s --tsopt-plan-shared-memory --mlir-very-unsafe-disable-verifier-on-parsing \
// RUN:   --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=PLAN

// The optimizer passes rely on Mirage Def. 2.1 (3), which the kernel verifier
// checks, so verified IR never fails them. Without the verifier, a block
// graph that breaks the rule gets a diagnostic from each pass, not a crash.

// SCHEDULE: [[@LINE+3]]:8: error: cannot schedule the block graph: op 1: output operand 0 is in the for-loop body; an output saver takes a post-loop value, so the path would pass no accumulator
// PLAN: [[@LINE+2]]:8: error: cannot plan the block graph's shared memory: op 1: output operand 0 is in the for-loop body; an output saver takes a post-loop value, so the path would pass no accumulator
func.func @output_of_loop_value(%a: tensor<8x16xf32>) -> tensor<8x16xf32> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a : tensor<8x16xf32>) -> (tensor<8x16xf32>) {
  ^bb0(%x: tensor<8x16xf32>):
    %xt = bgraph.input %x imap = {x = replica} fmap = replica : tensor<8x16xf32> -> !bgraph.tile<8x16xf32>
    %o = bgraph.output %xt omap = {x = replica} : !bgraph.tile<8x16xf32> -> tensor<8x16xf32>
    bgraph.yield %o : tensor<8x16xf32>
  }
  return %c : tensor<8x16xf32>
}
