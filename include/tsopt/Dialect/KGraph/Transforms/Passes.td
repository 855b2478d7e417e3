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

def TSOptVerifyEquivalence
    : Pass<"tsopt-verify-equivalence", "::mlir::ModuleOp"> {
  let summary = "Check functions against their `tsopt.reference` by random "
                "tests over finite fields";
  let description = [{
    Every function carrying `tsopt.reference = @ref` is checked against
    `@ref`: random inputs over Z_p x Z_q, repeated as often as the requested
    error bound `delta` needs (the per-trial bound follows from the two
    programs' degrees), plus a float differential check for numerical
    stability. Success emits a remark with the record (p, q, trials, delta);
    a difference is an error naming the output index; a program outside the
    LAX fragment (two exps on one path) gets a warning naming the path, and
    its verdict carries no probability guarantee.

    Example:

    ```sh
    tsopt-opt --tsopt-verify-equivalence='delta=1e-12' prog.mlir
    ```

    ```
    remark: equivalent to @ref: p = ..., q = ..., t = 2, delta = 1e-12, ...
    ```
  }];
  let dependentDialects = ["::tsopt::kgraph::KGraphDialect"];
  let options = [
    Option<"delta", "delta", "double", /*default=*/"0x1p-40",
           "Bound on the probability of a wrong 'equivalent' verdict">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0",
           "Seed of the field (root of unity, function keys) and inputs">,
    Option<"minTrials", "min-trials", "unsigned", /*default=*/"0",
           "Run at least this many field trials">,
    Option<"threads", "threads", "unsigned", /*default=*/"2",
           "Worker threads">,
    Option<"floatCheck", "float-check", "bool", /*default=*/"true",
           "Run the float differential (numerical stability) check">,
  ];
  let statistics = [
    Statistic<"numChecked", "checked", "Functions checked">,
    Statistic<"numEquivalent", "equivalent", "Functions found equivalent">,
    Statistic<"numDifferent", "different", "Functions found different">,
    Statistic<"numTrials", "trials", "Field trials run">,
  ];
}

#endif // TSOPT_DIALECT_KGRAPH_TRANSFORMS_PASSES
