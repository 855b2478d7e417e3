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

def TSOptEstimateCost : Pass<"tsopt-estimate-cost", "::mlir::func::FuncOp"> {
  let summary = "Estimate a kernel graph's run time with the analytic cost "
                "model";
  let description = [{
    Imports the function into the core graph and estimates every kernel
    launch on the target: device-memory traffic against bandwidth (per SM
    bounded by Little's law for graph-defined kernels), tensor-core,
    CUDA-core and special-function work against their peaks scaled by the
    SMs the grid keeps busy, shared-memory traffic, barriers per wave, one
    thread's dependent chain, and a launch overhead per kernel. A
    pre-defined op is priced as tsopt emits it, its default block-graph
    expansion ("expanded" in its note); with `library-kernels`, kernels are
    priced as vendor libraries and hand-written implementations run them
    (a library kernel per pre-defined op, no thread chains). The formulas
    are in docs/cost-model.md.

    The function gets `tsopt.cost_us` (f64, microseconds) and a remark with
    the program estimate, followed by one note per kernel with its
    breakdown. When a graph-defined kernel's block graph does not fit the
    target's shared memory, the estimate is infinite: the function gets a
    warning instead, whose note on that kernel gives its need and the
    limit, and no attribute.

    Example (the GQA µGraph of utils/workloads/gqa.mlir):

    ```sh
    tsopt-opt --tsopt-estimate-cost='target=h100' gqa.mlir
    ```

    ```
    remark: estimated 65.43 us on sm_90 (H100): 2 kernels 61.43 us + launch
      4.00 us; device memory read 10567680 B, written 1196032 B
    note: kernel 0 (kernel, grid 2x16x4, forloop 4): 31.68 us, latency-bound;
      read 9437184 B (7274496 B from L2), written 1130496 B; ...; 128 blocks,
      107008 B shared memory/block, 2 blocks/SM, 1 wave, SM utilization
      96.97%, 21 barriers/block, shared-memory traffic 92848128 B (134784
      accesses/block), ...; terms (us): memory 2.83, compute 1.94, sync 0.85,
      shared memory 2.86, thread 31.18, latency 0.50
    ```
  }];
  let dependentDialects = ["::tsopt::kgraph::KGraphDialect"];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "Target GPU: sm_80 (a100, a100-40gb), sm_90 (h100) or h200">,
    Option<"useMemoryPlan", "use-memory-plan", "bool", /*default=*/"true",
           "Occupancy from the shared-memory plan instead of the no-reuse "
           "upper bound">,
    Option<"clockMHz", "clock-mhz", "unsigned", /*default=*/"0",
           "SM clock locked at this many MHz (0: the boost clock); "
           "device-memory bandwidth is unchanged">,
    Option<"libraryKernels", "library-kernels", "bool", /*default=*/"false",
           "Kernels as vendor libraries and hand-written implementations "
           "run them (a program as PyTorch eager runs it): pre-defined ops "
           "as library kernels, graph-defined kernels without the threads' "
           "dependent chains; by default both as tsopt emits them">,
  ];
  let statistics = [
    Statistic<"numFunctions", "functions", "Functions estimated">,
    Statistic<"numKernels", "kernels", "Kernel launches estimated">,
    Statistic<"numGraphDefined", "graph-defined",
              "Graph-defined kernels estimated">,
    Statistic<"numNotFitting", "not-fitting",
              "Graph-defined kernels over the shared-memory limit">,
  ];
}

def TSOptSuperoptimize : Pass<"tsopt-superoptimize", "::mlir::ModuleOp"> {
  let summary = "Replace a kernel graph by the best equivalent µGraph the "
                "search finds";
  let description = [{
    Runs the µGraph search (Mirage Algorithm 1, docs/search.md) on each
    function made of pre-defined kgraph ops: kernel-graph prefixes grow in
    canonical order, a graph-defined kernel opens a nested block-graph
    generation over grid dims, a for-loop, imaps, fmaps and omaps, and every
    new tensor's abstract expression must be a subexpression of the
    program's (decided by Z3). Besides single ops, the block level explores
    the program's own row-local cones as one step each (program templates;
    on program inputs, as prologues of the input tiles). With algebraic
    rewrites on, a form of the program rewritten by field identities the
    axioms do not derive (the centred variance, a matmul past a row shift)
    is searched as well. Complete candidates are screened by a
    finite-field test against the program as written, get thread graphs, are tiled and ranked by the cost
    model, and the best passes the δ-bounded verifier before it replaces the
    function body. The function then carries `tsopt.verification` (the
    record) and `tsopt.cost_us`; a remark states the structure, the
    estimate against the input's, and the search's counters.

    With no options the search configures itself (`plan`, on by default):
    it derives from the program which dims need a for-loop to fit shared
    memory, how many grid dims fill the target's SMs, which block ops the
    program's structure calls for and whether a second kernel can pay, and
    searches the resulting spaces from small to large (iterative deepening
    over block ops and kernels) within `time-limit` (60 s by default). The
    limit is one deadline for the whole pass, passed down and shared by
    every stage — the spaces, each search's generation, screening and
    verification, orchestration's pricing, BLP solves and searches — so
    the pass returns within it plus a small margin (docs/search.md,
    "Time limit"). The
    program itself is the incumbent, or, faster still, the µGraph rule-based
    fusion gives in milliseconds (`rule-fusion`, tsopt-fuse-blocks), once
    verified: only a verified µGraph estimated faster replaces it, and each
    finished space contributes its best. Every option
    given explicitly is kept in every space; the remark lists the derived
    choices and how each space went.

    A program larger than the search's reach — more primitives after
    fission than `orchestrate-above` (16 by default), a transformer layer
    or a stack of them — is orchestrated instead, as tsopt-orchestrate does
    (docs/orchestration.md): candidate kernels priced by rules, the BLP
    solved by CBC, the rule-fused whole as the incumbent, and µGraph
    searches of the chosen kernels within the search's reach while
    `time-limit` lasts, each kernel verified against its subgraph. The
    remark then begins "superoptimized by orchestration".

    Functions that already contain graph-defined kernels, functions that
    call others (the parts of tsopt-partition-lax are searched instead) and
    functions another function names as its `tsopt.reference` (the
    specification stays as written) are left alone; a remark says so.
    Functions are searched one after another, each search on `threads`
    workers. A program with an op the search does not support gets
    an error. When nothing equivalent is found within the limits, or the
    best µGraph is not estimated faster than the program as written, the
    function is left unchanged with a remark.

    Example:

    ```sh
    tsopt-opt --tsopt-superoptimize rmsnorm.mlir
    tsopt-opt --tsopt-superoptimize='max-block-ops=9 target=sm_80 time-limit=300' rmsnorm.mlir
    ```

    ```
    remark: superoptimized: 1 op (1 graph-defined): kernel grid [32]
      forloop 4, 9 block ops, 1 thread graphs, 1 output; estimated 6.1 us
      vs 11.9 us; ...
    ```
  }];
  let dependentDialects = ["::tsopt::kgraph::KGraphDialect",
                           "::tsopt::bgraph::BGraphDialect",
                           "::tsopt::tgraph::TGraphDialect"];
  let options = [
    Option<"maxKernelOps", "max-kernel-ops", "unsigned", /*default=*/"2",
           "Kernel-level ops (pre-defined and graph-defined) of a candidate">,
    Option<"maxBlockOps", "max-block-ops", "unsigned", /*default=*/"9",
           "Ops of a block graph, not counting input iterators and output "
           "savers">,
    Option<"maxKernelOutputs", "max-kernel-outputs", "unsigned",
           /*default=*/"2", "Outputs of a graph-defined kernel">,
    Option<"maxGridDims", "max-grid-dims", "unsigned", /*default=*/"3",
           "Grid dims of a graph-defined kernel (1 to 3)">,
    Option<"minGridDims", "min-grid-dims", "unsigned", /*default=*/"0",
           "At least this many grid dims in every graph-defined kernel">,
    Option<"requireForloop", "require-forloop", "bool", /*default=*/"false",
           "Every graph-defined kernel has a for-loop">,
    Option<"splitReduction", "split-reduction", "bool", /*default=*/"false",
           "The first kernel's grid slices a reduced dim and a later kernel "
           "combines the partial results (FlashDecoding's split-kv)">,
    ListOption<"gridExtents", "grid-extents", "int64_t",
               "Grid extents tried when tiling (default 1,2,4,...,128)">,
    ListOption<"forloopExtents", "forloop-extents", "int64_t",
               "For-loop extents tried when tiling (default 1,2,4,...,64)">,
    ListOption<"blockOps", "block-ops", "std::string",
               "Block-level ops to explore, by name (default: from the "
               "program; 'none': program templates only)">,
    ListOption<"kernelOps", "kernel-ops", "std::string",
               "Pre-defined kernel-level ops to explore, by name (default: "
               "the program's; 'none': graph-defined kernels only)">,
    Option<"exprPruning", "expr-pruning", "bool", /*default=*/"true",
           "Prune by abstract expressions (off only for ablations)">,
    Option<"canonical", "canonical", "bool", /*default=*/"true",
           "Generate in canonical order (off only for ablations)">,
    Option<"programTemplates", "program-templates", "bool",
           /*default=*/"true",
           "Also explore each row-local cone of the program's ops as one "
           "block-level step">,
    Option<"rewrites", "rewrites", "bool", /*default=*/"true",
           "Also search the program rewritten by algebraic identities "
           "(centred-variance, matmul-past-row-shift)">,
    Option<"ruleFusion", "rule-fusion", "bool", /*default=*/"true",
           "With plan: fuse by rules first (tsopt-fuse-blocks); the "
           "verified result is the incumbent the search must beat">,
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "Target the cost model ranks for: sm_80 (a100), sm_90 (h100), "
           "h200">,
    Option<"threads", "threads", "unsigned", /*default=*/"2",
           "Worker threads (the result does not depend on it)">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0",
           "Seed of screening and verification">,
    Option<"delta", "delta", "double", /*default=*/"0x1p-40",
           "Error bound of the final verification">,
    Option<"timeLimit", "time-limit", "double", /*default=*/"60",
           "Wall-time limit in seconds of the pass, searches, orchestration "
           "and verification included (0: none); each function gets an "
           "equal share of what is left, and the best verified so far "
           "wins">,
    Option<"orchestrateAbove", "orchestrate-above", "unsigned",
           /*default=*/"16",
           "With plan: orchestrate programs of more primitives than this "
           "(after fission) instead of searching them whole (0: never)">,
    Option<"plan", "plan", "bool", /*default=*/"true",
           "Derive the options not given from the program and search "
           "spaces from small to large; false: one search with the options "
           "as given">,
    Option<"maxCandidates", "max-candidates", "unsigned",
           /*default=*/"200000",
           "Stop generating once this many candidates are kept (bounds "
           "memory; 0: no bound)">,
    Option<"checkpoint", "checkpoint", "std::string", /*default=*/"\"\"",
           "Checkpoint file to resume a killed search from">,
    Option<"cacheDir", "cache-dir", "std::string", /*default=*/"\"\"",
           "Directory of search results keyed by program and options">,
    Option<"topN", "top-n", "unsigned", /*default=*/"1",
           "Verified candidates to keep">,
    Option<"topFile", "top-file", "std::string", /*default=*/"\"\"",
           "Write the kept candidates as functions to this file">,
    Option<"progress", "progress", "bool", /*default=*/"true",
           "Print a progress line on stderr every 2 seconds">,
  ];
  let statistics = [
    Statistic<"numSearched", "searched", "Functions searched">,
    Statistic<"numImproved", "replaced", "Functions replaced by a µGraph">,
    Statistic<"numStates", "states", "Ops tried">,
    Statistic<"numPrunedShape", "pruned-shape",
              "Ops rejected by shape, dimension or stage rules">,
    Statistic<"numPrunedExpr", "pruned-expression",
              "Ops rejected by the abstract-expression test">,
    Statistic<"numCandidates", "candidates", "Complete µGraphs screened">,
    Statistic<"numVerified", "verified", "µGraphs that passed verification">,
    Statistic<"numSolverCalls", "solver-calls",
              "Z3 queries (of every process of a tsopt-mpi job)">,
    Statistic<"numResumed", "resumed",
              "Work items taken from the checkpoint, not searched again">,
  ];
}

def TSOptFuseBlocks : Pass<"tsopt-fuse-blocks", "::mlir::ModuleOp"> {
  let summary = "Fuse a kernel graph into graph-defined kernels by "
                "Blockbuster's rules";
  let description = [{
    Rule-based block fusion (tsopt/Fusion/BlockFusion.h, docs/fusion.md):
    each function made of pre-defined kgraph ops is rewritten by the
    algebraic rules 8, 4 and 5 (a row scale or shift moved past the matmuls
    it feeds), then its ops are fused into graph-defined kernels by rules 9
    (element-wise chains), 3 (a map and the reduction after it, accumulated
    in the for-loop), 1 (producer and consumer) and 2 (siblings reading the
    same value), each where the cost model estimates the fused kernel
    faster, until none applies: the first snapshot. Rule 6 then extends a
    kernel's grid over ops that do not range over it (each block recomputes
    them), the fusion rules run again, and each extension is a snapshot.
    It takes milliseconds, at any program size.

    The snapshot the cost model ranks first replaces the function body when
    it is estimated faster than the program and passes the δ-bounded check
    and the float check; the function then carries `tsopt.verification`,
    `tsopt.cost_us` and `tsopt.fusion_rules` (the rules applied). Otherwise
    the function is left unchanged. A remark states the kernels, the
    estimate against the program's, the rules, the snapshots and the ops the
    rules do not know (those stay pre-defined ops). `snapshot-file` writes
    every snapshot as a function `@<name>_snapshot<i>` with its estimate and
    the rules applied since the previous one.

    Functions that already contain graph-defined kernels or calls, and
    functions another function names as its `tsopt.reference`, are left
    alone.

    Example:

    ```sh
    tsopt-opt --tsopt-fuse-blocks flash_attention.mlir
    ```

    ```
    remark: fused by rules: 1 op (1 graph-defined): kernel grid [64]
      forloop 64, ...; estimated 19.2 us vs 44.8 us on sm_90; rules 4, 9, 3,
      1; ...
    ```
  }];
  let dependentDialects = ["::tsopt::kgraph::KGraphDialect",
                           "::tsopt::bgraph::BGraphDialect",
                           "::tsopt::tgraph::TGraphDialect"];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "Target the cost model prices kernels for">,
    Option<"algebraic", "algebraic", "bool", /*default=*/"true",
           "Apply the algebraic rules 8, 4 and 5">,
    Option<"extensions", "extensions", "bool", /*default=*/"true",
           "Apply rule 6 (grid extensions that replicate work)">,
    Option<"snapshotFile", "snapshot-file", "std::string", /*default=*/"\"\"",
           "Write every snapshot to this file as functions">,
    Option<"delta", "delta", "double", /*default=*/"0x1p-40",
           "Error bound of the verification">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0",
           "Seed of the verification">,
    Option<"threads", "threads", "unsigned", /*default=*/"2",
           "Threads of the verification">,
  ];
  let statistics = [
    Statistic<"numFused", "fused", "Functions replaced by a fused µGraph">,
    Statistic<"numSnapshots", "snapshots", "Snapshots produced">,
  ];
}

def TSOptFission : Pass<"tsopt-fission", "::mlir::ModuleOp"> {
  let summary = "Split composite kgraph ops into primitives (Korch)";
  let description = [{
    Operator fission (tsopt/Transforms/Fission.h, docs/orchestration.md): each
    composite op of a function of pre-defined ops is replaced by the
    primitives that define it, so that fusion, orchestration and the search
    can cut kernels across its boundary. Rules:

    - `rms_norm` → `square`, `reduce_sum` over the last dim, `mul_scalar`
      1/n, `add_scalar` of the epsilon (when nonzero), `sqrt`, `div`, `mul`
      by the gain.

    Every other kgraph op is a primitive already (element-wise, reduce,
    layout or linear; a `conv2d` is linear, its split into `im2col` and a
    matmul is the lowering's, where it cannot run as one kernel). Functions
    that contain graph-defined kernels or calls, and functions another
    function names as its `tsopt.reference`, are left alone.

    Example:

    ```mlir
    %y = kgraph.rms_norm %x, %g : tensor<8x64xf32>, tensor<64xf32> -> tensor<8x64xf32>
    // becomes
    %0 = kgraph.square %x : tensor<8x64xf32>
    %1 = kgraph.reduce_sum %0 dim = 1 : tensor<8x64xf32> -> tensor<8x1xf32>
    %2 = kgraph.mul_scalar %1, 1.562500e-02 : tensor<8x1xf32>
    %3 = kgraph.sqrt %2 : tensor<8x1xf32>
    %4 = kgraph.div %x, %3 : tensor<8x64xf32>, tensor<8x1xf32> -> tensor<8x64xf32>
    %y = kgraph.mul %4, %g : tensor<8x64xf32>, tensor<64xf32> -> tensor<8x64xf32>
    ```
  }];
  let dependentDialects = ["::tsopt::kgraph::KGraphDialect"];
  let statistics = [
    Statistic<"numSplit", "split", "Composite ops split into primitives">,
    Statistic<"numOpaque", "opaque", "Composite ops left whole">,
  ];
}

def TSOptOrchestrate : Pass<"tsopt-orchestrate", "::mlir::ModuleOp"> {
  let summary = "Choose the cheapest set of kernels for a whole program by "
                "a binary linear program (Korch)";
  let description = [{
    Korch's orchestration (tsopt/Orchestrate/Orchestrate.h,
    docs/orchestration.md) for programs larger than the search's reach:
    fission splits composite ops into primitives; every convex, connected
    subgraph within the limits (`max-ops` primitives, `max-linear` matmuls)
    is a candidate kernel, found as a difference of two execution states;
    each is priced by its best implementation — its ops as pre-defined
    kernels or its rule-fused µGraph (tsopt-fuse-blocks), and, for the
    kernels the solution uses while `search-time` lasts, a µGraph search —
    each canonical subgraph once (a repeated layer is priced once); a
    binary linear program solved by CBC then picks the cheapest set of
    kernels that computes the outputs, computing a value in several kernels
    where that pays.

    The chosen kernels, each checked against its subgraph (δ-bounded check
    and float check), replace the function body in dependency order; the
    result is checked against the program as a whole too (its record is
    `tsopt.verification`; each kernel's is in `tsopt.kernel_verification`).
    The function keeps its body when the estimate does not beat one kernel
    per op or the whole fails the float check. A remark gives the states,
    candidates, the BLP's size, solve time and gap, the ops left opaque
    (each its own kernel) and the estimate against one kernel per op.

    Functions that contain graph-defined kernels or calls, and functions
    another function names as its `tsopt.reference`, are left alone.

    Example:

    ```sh
    tsopt-opt --tsopt-orchestrate decoder_layer.mlir
    ```

    ```
    remark: orchestrated: 9 kernels (6 graph-defined); estimated 60.1 us vs
      151.2 us one kernel per op on sm_90; 212 states, 1840 candidates, ...
    ```
  }];
  let dependentDialects = ["::tsopt::kgraph::KGraphDialect",
                           "::tsopt::bgraph::BGraphDialect",
                           "::tsopt::tgraph::TGraphDialect"];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "Target the cost model prices kernels for">,
    Option<"doFission", "fission", "bool", /*default=*/"true",
           "Split composite ops into primitives first">,
    Option<"maxOps", "max-ops", "unsigned", /*default=*/"20",
           "Primitives in one candidate kernel">,
    Option<"maxLinear", "max-linear", "unsigned", /*default=*/"4",
           "Matmuls in one candidate kernel">,
    Option<"maxStates", "max-states", "uint64_t", /*default=*/"262144",
           "Execution states to enumerate; past them the candidates are "
           "grown from each op instead">,
    Option<"maxCandidates", "max-candidates", "uint64_t",
           /*default=*/"1048576", "Candidate kernels before giving up">,
    Option<"timeLimit", "time-limit", "double", /*default=*/"0",
           "Wall-time limit in seconds of the pass (0: none): one deadline "
           "that pricing, solves, searches and verification share">,
    Option<"solveTime", "solve-time", "double", /*default=*/"60",
           "CBC's time limit per solve, in seconds">,
    Option<"searchTime", "search-time", "double", /*default=*/"0",
           "Seconds of µGraph search, in all, for the chosen kernels">,
    Option<"searchTimePerKernel", "search-time-per-kernel", "double",
           /*default=*/"10", "Seconds of µGraph search per kernel at most">,
    Option<"wholeCheck", "whole-check", "bool", /*default=*/"true",
           "Check the result against the program as a whole too">,
    Option<"delta", "delta", "double", /*default=*/"0x1p-40",
           "Error bound of the verification">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0",
           "Seed of the verification">,
    Option<"threads", "threads", "unsigned", /*default=*/"2",
           "Threads of pricing and verification">,
    Option<"progress", "progress", "bool", /*default=*/"false",
           "Print a line at each stage to standard error">,
  ];
  let statistics = [
    Statistic<"numOrchestrated", "orchestrated",
              "Functions replaced by orchestrated kernels">,
    Statistic<"numCandidates", "candidates", "Candidate kernels enumerated">,
  ];
}

def TSOptPrintDot : Pass<"tsopt-print-dot", "::mlir::ModuleOp"> {
  let summary = "Write each function as a Graphviz (DOT) picture";
  let description = [{
    Imports every function with a body into the core µGraph and writes one
    `digraph` per function, named after it: kernel-level tensors as
    ellipses and pre-defined ops as boxes; each graph-defined kernel as a
    cluster labelled with its grid and for-loop, holding its block graph,
    with each input iterator's imap and fmap on the edge from the tensor it
    reads and each output saver's omap on the edge to the tensor it writes;
    each thread graph as a cluster nested in its kernel's. The IR is left
    unchanged.

    Example (render with Graphviz):

    ```sh
    tsopt-opt --tsopt-print-dot='output=rmsnorm.dot function=rmsnorm_opt' \
      rmsnorm.mlir -o /dev/null
    dot -Tsvg rmsnorm.dot -o rmsnorm.svg
    ```

    ```
    digraph "rmsnorm_opt" {
      ...
      subgraph cluster_k0 {
        label = "kernel #0\ngrid = [3], forloop = 4";
        k0_op0 [label = "input\n2x16 f16", ...];
      ...
      v0 -> k0_op0 [label = "imap = {x = replica}\nfmap = 1"];
    ```
  }];
  let dependentDialects = ["::tsopt::kgraph::KGraphDialect"];
  let options = [
    Option<"output", "output", "std::string", /*default=*/"\"-\"",
           "File to write the DOT to (`-`: standard output)">,
    Option<"function", "function", "std::string", /*default=*/"\"\"",
           "Only this function (default: every function, one digraph each)">,
  ];
}

def TSOptRewriteAlgebraic
    : Pass<"tsopt-rewrite-algebraic", "::mlir::ModuleOp"> {
  let summary = "Rewrite programs by field identities that move reductions "
                "of inputs ahead of row normalizations";
  let description = [{
    Applies the algebraic rules of `tsopt/Transforms/Rewrite.h` to each function
    of pre-defined kgraph ops until none matches, and drops the ops nobody
    reads any more:

    - `centred-variance`: mean((x - mean(x))²) → mean(x²) - mean(x)² (a mean
      is a `reduce_sum` times 1/K over the same dim of the same x);
    - `matmul-past-row-shift`: (x - m)·Y → x·Y - m ⊗ colsum(Y) for m of
      shape (…, M, 1), through row scalings (/ r, · r) and + m, which move
      past the matmul as they are.

    Both are identities of rational functions, so the result is the same
    function over any field. `tsopt-superoptimize` searches such a rewritten
    form by itself (option `rewrites`); this pass shows it, or hands it to a
    pipeline. A rewritten function carries `tsopt.rewrites`, the rules
    applied; functions that contain graph-defined kernels or calls, and
    functions another function names as its `tsopt.reference`, are left
    alone.

    Example: a layer norm followed by a matmul, (x - mean(x)) / sd(x) · Y,
    becomes reductions of the raw inputs combined afterwards (see
    test/Dialect/KGraph/Transforms/tsopt-rewrite-algebraic.mlir):

    ```
    tsopt-opt --tsopt-rewrite-algebraic layernorm_matmul.mlir
      (x·Y - mean(x) ⊗ colsum(Y)) / sqrt(mean(x²) - mean(x)²)
    ```
  }];
  let dependentDialects = ["::tsopt::kgraph::KGraphDialect"];
  let statistics = [
    Statistic<"numRewritten", "rewritten", "Functions rewritten">,
    Statistic<"numRules", "rules", "Rule applications">,
  ];
}

def TSOptPartialEquivalence
    : Pass<"tsopt-partial-equivalence", "::mlir::ModuleOp"> {
  let summary = "Replace multi-linear subprograms by partially equivalent "
                "mutants plus correction kernels (PET)";
  let description = [{
    PET (OSDI'21) on kernel graphs of pre-defined ops (tsopt/PET/, rationale
    and figures in docs/pet.md). Mutants come from PET's generator
    (tsopt/PET/Mutations.h): for each pair of convolutions or matmuls that
    share an operand and for each dilated convolution, a depth-first
    enumeration of the multi-linear programs of its signature built from
    concatenations, its contractions (a dilated one also without its
    dilation), slices and phase splits and merges, with fewer contractions
    or one without its dilation, kept when it differs on at most half of
    each output at a random field point. For each mutant the pass

    1. cuts the outputs of the ops and of the mutant into their common
       boxes (split points propagated through both programs) and tests each
       box at its m + 1 positions on random points of the verifier's finite
       field (`trials` per box; Theorems 1 and 2 of the paper);
    2. builds the corrected mutant: the boxes that differ are computed by
       the original ops restricted to those boxes, and assembled with the
       mutant's other boxes by slices and concatenations;
    3. checks the corrected mutant against the original ops with the
       delta-bounded verifier (tsopt-verify-equivalence's check) — a
       mutant is kept only when the whole is equivalent;
    4. keeps it when the cost model estimates the program with it faster
       (`accept=faster`), or always (`accept=any`, to inspect a mutation).

    Each mutation examined gets a remark: the boxes, how many differ and
    were corrected, p, the trials and positions per box and the bound per
    box, the verdict, and both estimates. Functions that contain
    graph-defined kernels or calls, and functions another function names as
    its `tsopt.reference`, are left alone.

    Example: two 3x3 convolutions of one filter on two images, merged side
    by side (test/Dialect/KGraph/Transforms/tsopt-partial-equivalence.mlir):

    ```
    tsopt-opt --tsopt-partial-equivalence='accept=any mutations=conv-merge-width'
    remark: conv-merge-width: kgraph.conv2d ops 0 and 1 as concat(dim 3),
      conv2d(dilation 1x1), slice(dim 3 at 0), slice(dim 3 at 8): 18 boxes,
      6 differ; ... 6 corrected, verified: equivalent ...
    ```
  }];
  let dependentDialects = ["::tsopt::kgraph::KGraphDialect"];
  let options = [
    Option<"target", "target", "std::string", /*default=*/"\"sm_90\"",
           "Target GPU the estimates are for: sm_80 (a100), sm_90 (h100) or "
           "h200">,
    Option<"accept", "accept", "std::string", /*default=*/"\"faster\"",
           "Keep a verified mutant when it is estimated faster ('faster') "
           "or always ('any')">,
    ListOption<"mutations", "mutations", "std::string",
               "Mutations to try, by name (conv-merge-{batch,channels,"
               "height,width,filters}, matmul-merge-{batch,rows,cols}, "
               "dilated-to-regular, merge; default: all)">,
    Option<"trials", "trials", "unsigned", /*default=*/"2",
           "Random field points each box is tested on">,
    Option<"seed", "seed", "uint64_t", /*default=*/"0",
           "Seed of the box tests and of the verification">,
  ];
  let statistics = [
    Statistic<"numExamined", "examined", "Mutations examined">,
    Statistic<"numApplied", "applied", "Mutations applied">,
    Statistic<"numCorrections", "corrections", "Boxes corrected">,
  ];
}

def TSOptPartitionLax : Pass<"tsopt-partition-lax", "::mlir::ModuleOp"> {
  let summary = "Split large or non-LAX programs into parts the search can "
                "handle";
  let description = [{
    Cuts each function of pre-defined kgraph ops, in program order, into
    consecutive parts of at most `max-ops` ops, each inside the LAX fragment
    (at most one exp on any input→output path), so that each part can be
    superoptimized and verified on its own. Every part becomes a private
    function `@<name>_part<i>` carrying `tsopt.partition_of = @<name>`; the
    function calls them in order. `tsopt-inline-partitions` stitches the
    (superoptimized) parts back. Functions with one part are left alone, as
    are functions another function names as its `tsopt.reference` (they stay
    as written so that they can still check the result).

    Example:

    ```sh
    tsopt-opt --tsopt-partition-lax='max-ops=4' --tsopt-superoptimize \
      --tsopt-inline-partitions prog.mlir
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
  let options = [
    Option<"maxOps", "max-ops", "unsigned", /*default=*/"4",
           "Most kgraph ops in one part">,
  ];
  let statistics = [
    Statistic<"numSplit", "split", "Functions split">,
    Statistic<"numParts", "parts", "Parts created">,
  ];
}

def TSOptInlinePartitions
    : Pass<"tsopt-inline-partitions", "::mlir::ModuleOp"> {
  let summary = "Inline the parts made by tsopt-partition-lax back into "
                "their functions";
  let description = [{
    Replaces every call of a function carrying `tsopt.partition_of` by the
    callee's body (kgraph ops and graph-defined kernels alike) and erases
    the part functions. A part's `tsopt.verification` is kept on its
    caller as `tsopt.part_verification` (one entry per part).
  }];
  let statistics = [
    Statistic<"numInlined", "inlined", "Calls inlined">,
  ];
}

#endif // TSOPT_DIALECT_KGRAPH_TRANSFORMS_PASSES
