//===- Passes.td - kgraph passes ------------------------------*- tablegen -*-===//

#ifndef TSOPT_DIALECT_KGRAPH_TRANSFORMS_PASSES
#define TSOPT_DIALECT_KGRAPH_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def TSOptCheckResources : Pass<"tsopt-check-resources", "::mlir::func::FuncOp"> {
  let summary = "Check that every graph-defined kernel fits the target's "
                "shared memory (Mirage Def. 2.1 (2))";
  let description = [{
    For each `kgraph.kernel`, sums the sizes of all tiles its block graph
    produces (input iterator tiles, compute results, accumulators, thread
    graph results) and compares the sum with the target's shared memory per
    block. The sum assumes every tile is resident at once; a memory plan with
    lifetime-based reuse can only lower it, so a kernel that passes fits.
    A kernel over the limit gets an error naming its need and the limit.

    Example:

    ```sh
    tsopt-opt --tsopt-check-resources='target=sm_80 report=true' prog.mlir
    ```

    emits, per kernel, `remark: block graph needs 24576 bytes of shared
    memory; sm_80 (A100) allows 166912 per block`.
  }];
  let dependentDialects = ["::tsopt::kgraph::KGraphDialect"];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "Target GPU: sm_80 (a100) or sm_90 (h100, h200)">,
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark with each kernel's shared-memory need">,
  ];
  let statistics = [
    Statistic<"numKernels", "kernels", "Graph-defined kernels checked">,
    Statistic<"numOverLimit", "over-limit", "Kernels over the shared-memory limit">,
    Statistic<"maxSharedMemory", "max-shared-memory",
              "Largest shared-memory need of a kernel (bytes)">,
  ];
}

#endif // TSOPT_DIALECT_KGRAPH_TRANSFORMS_PASSES
