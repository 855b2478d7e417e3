//===- Orchestrate.h - Whole programs as the cheapest set of kernels -*- C++
//-*-//
//
// Korch's pipeline on tsopt's IR, for programs larger than the search's
// reach (a transformer layer, a stack of them):
//  1. fission: composite ops into primitives (tsopt/Transforms/Fission.h);
//  2. candidate kernels: every convex, connected subgraph within the limits
//     (KernelCandidates.h);
//  3. pricing: each candidate by its best implementation — its ops as
//     pre-defined kernels, the rule-fused µGraph (BlockFusion.h), and, for
//     the kernels the solution uses while time allows, a µGraph search of
//     the subgraph — cached by canonical form, so a repeated layer is
//     priced once;
//  4. the BLP (KernelSelection.h), solved by CBC, picks the cheapest set of
//     kernels that computes the outputs, redundancy allowed;
//  5. the chosen kernels, each verified against its subgraph (δ-bounded
//     check and float check, cached like the prices), are stitched in
//     dependency order; the whole is checked against the program.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_ORCHESTRATE_ORCHESTRATE_H
#define TSOPT_ORCHESTRATE_ORCHESTRATE_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Orchestrate/KernelCandidates.h"
#include "tsopt/Support/Deadline.h"
#include "tsopt/Verify/Equivalence.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/LogicalResult.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tsopt {

struct OrchestrateOptions {
  /// Target the cost model prices kernels for.
  std::string target = "sm_90";
  /// Split composite ops first.
  bool fission = true;
  CandidateLimits limits;
  /// CBC's time limit per solve, in seconds.
  double solveTimeLimit = 60;
  /// The end of the whole orchestration (none: each stage runs to its own
  /// limits). Pricing past it prices the remaining subgraphs as written,
  /// searches stop at 60 % of it, a verification cut by it leaves its
  /// kernel's ops as written, and a whole check cut by it is recorded as
  /// not done; a BLP solve gets what is left (at least kMinSolveSeconds).
  Deadline deadline;
  /// Seconds of µGraph search, in all, spent on the kernels the solution
  /// uses (0: prices from the rules alone), and at most per kernel.
  double searchTimeLimit = 0;
  double searchTimePerKernel = 10;
  /// Kernels of more primitives than this are not searched (beyond the
  /// search's reach).
  unsigned searchMaxOps = 16;
  /// Check the stitched program against the input program as a whole
  /// (besides each kernel against its subgraph).
  bool wholeCheck = true;
  /// Rules first (DESIGN §7): the rule-fused whole program, when the cost
  /// model ranks it below the cover and it verifies as a whole, is the
  /// result instead (its kernels may pass the candidate limits).
  bool fusionIncumbent = true;
  /// Verification of the kernels and the whole.
  double delta = 0x1p-40;
  uint64_t seed = 0;
  unsigned threads = 2;
  /// Called with a line at each stage.
  std::function<void(const std::string &)> progress;
};

/// The best known implementation of one subgraph, by canonical form.
struct PricedKernel {
  /// A kernel graph with the subgraph's inputs and outputs.
  Graph implementation;
  double costUs = 0;
  /// "pre-defined ops", "rule-based fusion (rules 9, 3)", "µGraph search".
  std::string origin;
  /// The implementation is the subgraph itself (nothing to verify).
  bool asWritten = true;
  /// A search of the subgraph ran (its result, if better, is above).
  bool searched = false;
  /// Set once verified against the subgraph.
  std::optional<VerifyRecord> record;
};

/// Prices and verdicts shared by every orchestration that is handed it
/// (the functions of a module); within one program, the layers of a stack
/// share it anyway. Not thread-safe: orchestrate fills it from one thread.
/// Entries stay where they are as others are added.
class PricingCache {
public:
  /// The entry of a canonical subgraph, or null.
  PricedKernel *lookup(llvm::StringRef key);
  PricedKernel &insert(llvm::StringRef key, PricedKernel kernel);

private:
  llvm::StringMap<PricedKernel> entries;
};

/// One kernel of the result.
struct OrchestratedKernel {
  /// Ops of the program after fission.
  std::vector<int> ops;
  double costUs = 0;
  std::string origin;
  /// The verdict against its subgraph ("as written" when it is one).
  std::string verification;
};

struct OrchestrateResult {
  /// The program as kernels: graph-defined ones and pre-defined ops.
  Graph graph;
  /// The program after fission, which `kernels` index.
  Graph primitives;
  unsigned compositesSplit = 0;
  /// Ops each left as its own kernel (the rules cannot fuse them): the op
  /// of `primitives`, "kgraph.reshape", and the reason.
  struct Opaque {
    unsigned op;
    std::string name, reason;
  };
  std::vector<Opaque> opaque;
  std::vector<OrchestratedKernel> kernels;
  /// Candidates: execution states (0: more than the limit, and the
  /// candidates were grown without them), candidate kernels, distinct canonical
  /// subgraphs priced (and how many came from the cache), candidates in the
  /// BLP after dominated ones were dropped.
  uint64_t states = 0, candidates = 0, distinct = 0, cacheHits = 0,
           columns = 0, rows = 0, cuts = 0;
  /// The BLP: CBC's seconds, relative gap, proven optimal.
  double solveSeconds = 0, gap = 0;
  bool optimal = false;
  /// Kernel searches run and how many improved a price.
  unsigned searches = 0, searchImproved = 0;
  /// Estimates: one kernel per op of the program as given, the result, and
  /// the BLP's cover (the result unless the rule-fused whole beat it).
  double programCostUs = 0, costUs = 0, coverUs = 0;
  /// Set when the result is the rule-fused whole program (`kernels` then
  /// describe the cover it beat): "rule-based fusion (rules 4, 9, 3)".
  std::string incumbent;
  /// Seconds: candidates, pricing, search, verification, in all.
  double enumerateSeconds = 0, pricingSeconds = 0, searchSeconds = 0,
         verifySeconds = 0, seconds = 0;
  /// The check of the result against the program as a whole (when run):
  /// the δ-bounded check where the field test can bound the programs'
  /// degrees, else the float check alone (each kernel then carries the
  /// δ-bounded record against its subgraph); where not even that fits the
  /// evaluation memory limit, a line saying the whole was not checked.
  std::string wholeCheck;
  bool wholeStable = true;
};

/// Orchestrates `program`, a kernel graph of pre-defined ops. Fails, with
/// the reason, on an unknown target, a graph with graph-defined kernels,
/// past the candidate limits, when the BLP has no solution, or when a
/// chosen kernel or the whole does not verify (a defect: please report).
llvm::FailureOr<OrchestrateResult>
orchestrate(const Graph &program, const OrchestrateOptions &options,
            PricingCache *cache = nullptr, std::string *why = nullptr);

/// Registers the task a worker process of a job runs for orchestration:
/// pricing one candidate kernel by the rules (Distribute.h).
void registerOrchestrateTasks(
    llvm::StringMap<std::function<std::string(llvm::StringRef)>> &tasks);

} // namespace tsopt

#endif // TSOPT_ORCHESTRATE_ORCHESTRATE_H
