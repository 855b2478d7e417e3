//===- Search.h - µGraph superoptimization ----------------------*- C++ -*-===//
//
// Mirage Algorithm 1 on the lean graph: grows kernel-graph prefixes in
// canonical order; a graph-defined kernel opens a nested block-graph
// generation over grid dims, a for-loop, imaps, fmaps and omaps; every new
// tensor must pass shape, dimension and abstract-expression checks; complete
// candidates are screened by one finite-field test, tiled and ranked by the
// cost model, and the best is checked with the δ-bounded verifier.
//
// Two choices keep the space small enough for a 2-core machine; both are
// stated in docs/search.md with what they can lose:
//  * maps are enumerated per *index variable* of the input program (the
//    dims that matmuls, reductions and broadcasts tie together), so every
//    input of a kernel is partitioned consistently;
//  * structure first, extents second: the search runs with one
//    representative extent per partitioned variable, and the grid/for-loop
//    extents of each verified structure are then chosen by the cost model.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_SEARCH_SEARCH_H
#define TSOPT_SEARCH_SEARCH_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/GraphText.h"
#include "tsopt/Core/Target.h"
#include "tsopt/Optimize/Tiling.h"
#include "tsopt/Support/Deadline.h"
#include "tsopt/Verify/Equivalence.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/LogicalResult.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace tsopt {

struct SearchOptions {
  /// Kernel-level ops (pre-defined ops and graph-defined kernels) of a
  /// candidate.
  unsigned maxKernelOps = 2;
  /// Ops of one block graph, not counting input iterators and output savers
  /// (accumulators and thread-graph candidates count).
  unsigned maxBlockOps = 9;
  /// Outputs of one graph-defined kernel.
  unsigned maxKernelOutputs = 2;
  /// Grid dims of a graph-defined kernel (1 to 3).
  unsigned maxGridDims = 3;
  /// At least this many grid dims and, if set, a for-loop in every
  /// graph-defined kernel. At small test shapes the cost model rightly
  /// prefers one block doing everything; these ask for the multi-block,
  /// pipelined µGraphs a real input size needs (and shrink the space).
  unsigned minGridDims = 0;
  bool requireForloop = false;
  /// The first kernel is graph-defined and its grid slices a variable the
  /// program reduces (a split reduction, FlashDecoding's split-kv), so a
  /// later kernel combines the partial results.
  bool splitReduction = false;
  /// Extents tried for grid dims and the for-loop when tiling a verified
  /// structure (each must divide what it partitions).
  llvm::SmallVector<int64_t, 8> gridExtents{std::begin(kDefaultGridExtents),
                                            std::end(kDefaultGridExtents)};
  llvm::SmallVector<int64_t, 8> forloopExtents{
      std::begin(kDefaultForloopExtents), std::end(kDefaultForloopExtents)};
  /// Block-level op kinds to explore; empty: derived from the program's ops
  /// (see docs/search.md).
  llvm::SmallVector<OpKind, 8> blockOps;
  /// Kernel-level pre-defined op kinds to explore; empty: the program's.
  llvm::SmallVector<OpKind, 8> kernelOps;
  /// No pre-defined kernel-level ops at all (graph-defined kernels only).
  bool noKernelOps = false;
  /// No block-level ops but program templates and accumulators.
  bool noBlockOps = false;
  /// Abstract-expression pruning (off only for ablations).
  bool exprPruning = true;
  /// Explore graph-defined kernels (off: pre-defined ops only).
  bool graphDefinedKernels = true;
  /// Stop after this many work items (0: all); with `checkpoint` this is how
  /// tests stand for a search killed half-way.
  unsigned stopAfterItems = 0;
  /// Canonical-order generation (off only for ablations: every order of the
  /// same ops is then generated).
  bool canonicalOrder = true;
  /// Program templates: each row-local cone of the program's ops (element-
  /// wise ops, reductions, rms_norm) is also explored as one block-level
  /// step that counts as one op; cones of program inputs, and transposed
  /// inputs, are also prologues of the input tiles (docs/search.md).
  bool programTemplates = true;
  /// Algebraic rewrites (Rewrite.h): the program rewritten by field
  /// identities the axioms do not derive is searched too, and candidates of
  /// both forms compete (docs/search.md).
  bool algebraicRewrites = true;
  /// superoptimizePlanned: rule-based fusion (BlockFusion.h) first; its
  /// best snapshot, verified, is the incumbent the spaces must beat.
  bool ruleFusion = true;
  /// Target the cost model ranks for.
  std::string target = "sm_90";
  /// Worker threads; results do not depend on it.
  unsigned threads = 2;
  /// Seed of screening and verification.
  uint64_t seed = 0;
  /// Requested bound of the final verification.
  double delta = 0x1p-40;
  /// Wall-time limit in seconds (0: none) of the whole search, verification
  /// included (superoptimizePlanned: of the whole plan). Generation gets two
  /// thirds of it, ranking, screening and verification the rest; the best
  /// verified so far is returned.
  double timeLimit = 0;
  /// The caller's deadline, when it is sooner than `timeLimit` from the
  /// start (a search that is one stage of a longer job).
  Deadline deadline;
  /// Generation stops (as at the time limit) once this many candidates are
  /// kept (0: no bound); this bounds the search's memory.
  unsigned maxCandidates = 200000;
  /// Checkpoint file ("" none): finished work items and their candidates; a
  /// search given the same program and options resumes from it.
  std::string checkpoint;
  /// How many ranked candidates to keep in the result.
  unsigned topN = 5;
  /// Called about every `progressInterval` seconds with a progress line.
  std::function<void(const std::string &)> progress;
  double progressInterval = 2.0;
};

/// Counters of one search (also reported as pass statistics).
struct SearchStats {
  uint64_t states = 0;         ///< ops tried (kernel and block level)
  uint64_t prunedShape = 0;    ///< rejected by shape, dimension or stage rules
  uint64_t prunedExpr = 0;     ///< rejected by the abstract-expression test
  uint64_t candidates = 0;     ///< complete µGraphs screened
  uint64_t screenedEquivalent = 0;
  uint64_t verified = 0;       ///< passed the δ-bounded check
  uint64_t workItems = 0, workItemsDone = 0, workItemsResumed = 0;
  uint64_t solverCalls = 0, exprCacheHits = 0;
  double seconds = 0;
  bool timedOut = false;
  /// Generation stopped at `maxCandidates`.
  bool candidateLimit = false;
};

/// One ranked µGraph.
struct Candidate {
  Graph graph;
  double costUs = 0;
  /// One line describing the structure: "1 kernel: grid [2] forloop 4, ...".
  std::string structure;
  /// The rewrite rules of the program form it was found from, comma
  /// separated ("": the program as written).
  std::string rewrites;
  /// How it was found when not by the search: "rule-based fusion (rules
  /// 4, 9, 3)".
  std::string origin;
};

/// How one space of a plan went.
struct SpaceReport {
  std::string name;
  double seconds = 0;
  /// Every work item of the space was generated (not cut by a limit).
  bool finished = false;
  bool skipped = false;
  /// Estimate of the best verified µGraph of the space (inf: none).
  double bestUs = 0;
};

struct SearchResult {
  /// Best first; empty when nothing beat or matched the program.
  std::vector<Candidate> ranked;
  /// The verification record of ranked[0].
  VerifyRecord record;
  /// Cost of the input program as given.
  double programCostUs = 0;
  SearchStats stats;
  /// superoptimizePlanned: the plan's derived choices and each space's
  /// report, in order.
  std::vector<std::string> derived;
  std::vector<SpaceReport> spaces;
};

/// The space-shaping options a caller set; superoptimizePlanned derives the
/// others from the program.
struct ExplicitOptions {
  bool maxKernelOps = false, maxBlockOps = false, maxGridDims = false,
       minGridDims = false, requireForloop = false, splitReduction = false,
       blockOps = false, kernelOps = false, gridExtents = false,
       forloopExtents = false;
};

/// One space of a planned search: its options and a short name for progress
/// lines and remarks ("1 kernel, 5 block ops (matmul, reduce_sum), loop").
struct SearchSpace {
  std::string name;
  SearchOptions options;
  /// Which of the plan's block-op sets (0: the smallest); spaces with the
  /// same set and kernel count form a family, deepening over block ops.
  unsigned opLevel = 0;
};

/// What planSearch derives from a program: the choices, each with its
/// reason, and the spaces to search, smallest first.
struct SearchPlan {
  std::vector<std::string> derived;
  std::vector<SearchSpace> spaces;
};

/// Whether the search takes programs with ops of kind `k`: not slice,
/// im2col and conv2d yet (rule-based fusion and orchestration take them).
bool searchTakes(OpKind k);

/// Derives the search from the program (docs/search.md, "Defaults"):
/// which dims need a for-loop to fit shared memory, how many grid dims fill
/// the target's SMs, the block ops and templates the program's structure
/// calls for, how many kernels; then the spaces, from small to large
/// (iterative deepening over block ops and kernels). Options marked in
/// `given` are kept as `options` has them in every space. A program the
/// search does not support (an rms_norm with an epsilon, ...) gets a plan
/// without spaces that says why: superoptimizePlanned then answers with
/// rule-based fusion alone. Fails only for an unknown target.
llvm::FailureOr<SearchPlan> planSearch(const Graph &program,
                                       const SearchOptions &options,
                                       const ExplicitOptions &given,
                                       std::string *why = nullptr);

/// Anytime search over a plan: the incumbent is the program itself, or the
/// rule-fused µGraph (options.ruleFusion) when verified and faster. Each
/// family of spaces deepens in plan order; the next space run is the one
/// whose time, predicted from its family's finished spaces, is smallest.
/// Each runs within a share of `options.timeLimit`, and each finished (or
/// cut) space contributes its verified candidates. The result ranks every
/// space's candidates together (equal estimates: the earlier space in the
/// plan first); `spaces` says how each went, in plan order. Deterministic
/// for a seed when no limit cuts a space.
llvm::FailureOr<SearchResult> superoptimizePlanned(const Graph &program,
                                                   const SearchPlan &plan,
                                                   const SearchOptions &options,
                                                   std::string *why = nullptr);

/// Searches for µGraphs equivalent to `program` (a kernel graph of
/// pre-defined ops). Fails with a reason on a program the search does not
/// support; an empty `ranked` means nothing was found within the limits.
llvm::FailureOr<SearchResult> superoptimize(const Graph &program,
                                            const SearchOptions &options,
                                            std::string *why = nullptr);

/// The generation alone: every complete candidate the search would screen,
/// in a deterministic order (for tests of canonical form and pruning).
/// Registers the tasks a worker process of a job runs for the search
/// (generating a work item, pricing a candidate; Distribute.h).
void registerSearchTasks(
    llvm::StringMap<std::function<std::string(llvm::StringRef)>> &tasks);

llvm::FailureOr<std::vector<Graph>>
enumerateCandidates(const Graph &program, const SearchOptions &options,
                    std::string *why = nullptr);

} // namespace tsopt

#endif // TSOPT_SEARCH_SEARCH_H
