//===- BlockFusion.h - Rule-based block fusion (Blockbuster) ----*- C++ -*-===//
//
// Fuses a kernel graph of pre-defined ops into graph-defined kernels by
// rules, in milliseconds, at any program size: the instant answer that the
// search then has to beat, and candidate kernels for orchestration.
//
// Blockbuster's method on tsopt's µGraphs (docs/fusion.md): every op is a
// block program mapping over the index variables of its result; a map is a
// grid dim or the for-loop of a kernel. The rules, in priority order:
//  * algebraic companions on the program (Rewrite.h, RewriteRules::Fusion):
//    8 duplicate a row scale feeding several matmuls, 4 move a row scale
//    past a matmul, 5 move a row shift past a matmul (with the column sums
//    it needs);
//  * 9 fuse consecutive element-wise ops, 3 fuse a map with the reduction
//    that follows it (the reduction accumulates in the loop), 1 fuse a
//    producer with its consumer, 2 fuse siblings that read the same value;
//    each applies where the merged ops form one kernel tsopt can express
//    (up to three grid dims and one for-loop, FusedKernel.h) that the cost
//    model estimates faster than the two apart, until none applies;
//  * then 6: extend a kernel's grid over ops that do not range over it, so
//    that each block recomputes them (replicated work); the most
//    profitable extension is applied, the fusion rules run again, and the
//    result is a new snapshot; repeated while an extension pays.
// Two sequences are kept: rules applied only where the fused kernel is
// estimated faster than its parts, and rules applied wherever they are
// legal (Blockbuster); the caller picks a snapshot by cost.
// Rule 7 (peeling) and numerical safety are the lowering's (the running-
// max softmax). Ops the rules do not know (reshape, concat, repeat, ...)
// stay pre-defined ops, each with a note.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_FUSION_BLOCKFUSION_H
#define TSOPT_FUSION_BLOCKFUSION_H

#include "tsopt/Core/Graph.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <string>
#include <vector>

namespace tsopt {

struct FusionOptions {
  /// Target the cost model prices kernels for.
  std::string target = "sm_90";
  /// Rules 8, 4 and 5 (algebraic rewrites of the program).
  bool algebraicRules = true;
  /// Rule 6 (grid extensions that replicate work).
  bool extensions = true;
};

/// One rule application.
struct FusionStep {
  /// Blockbuster's rule number (1 to 9).
  unsigned rule = 0;
  /// What it did, naming program values by position ("%3") and ops by kind.
  std::string what;
};

/// The program after some rule applications.
struct FusionSnapshot {
  /// A kernel graph: graph-defined kernels and the ops left pre-defined.
  Graph graph;
  double costUs = 0;
  /// The rules applied since the previous snapshot of its sequence (the
  /// first: since the program), in order.
  std::vector<FusionStep> steps;
  /// Of the cost-guided sequence (a rule applies where the fused kernel is
  /// estimated faster than its parts) or of the unconditional one (a rule
  /// applies wherever the result is a kernel, as in Blockbuster).
  bool guided = true;
};

struct FusionResult {
  /// The cost-guided sequence, then the unconditional one; each starts
  /// with a snapshot after rules 8, 4, 5, 9, 3, 1, 2 and has one more per
  /// extension (rule 6).
  std::vector<FusionSnapshot> snapshots;
  /// The snapshot the cost model ranks first.
  unsigned best = 0;
  /// Cost of the program as given.
  double programCostUs = 0;
  /// Ops left unfused because the rules do not know them, with the reason.
  std::vector<std::string> unfused;
  double seconds = 0;

  /// The distinct rule numbers applied up to `snapshot` within its
  /// sequence, in order: "4, 9, 3".
  std::string rulesUpTo(unsigned snapshot) const;
};

/// Applies the rules to `program` (a kernel graph of pre-defined ops).
/// Every snapshot computes the same function as the program (the rules
/// are identities); callers still verify what they emit. Fails, with the
/// reason in `why`, on a graph that already has graph-defined kernels or an
/// unknown target.
llvm::FailureOr<FusionResult> fuseBlocks(const Graph &program,
                                         const FusionOptions &options = {},
                                         std::string *why = nullptr);

/// For each op of `program` (a kernel graph of pre-defined ops), why the
/// rules cannot put it in a graph-defined kernel ("" when they can).
std::vector<std::string> unfusableReasons(const Graph &program);

} // namespace tsopt

#endif // TSOPT_FUSION_BLOCKFUSION_H
