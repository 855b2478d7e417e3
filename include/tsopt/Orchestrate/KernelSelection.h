//===- KernelSelection.h - The cheapest cover by a BLP (Korch) --*- C++ -*-===//
//
// Chooses, among candidate kernels with a cost each, the cheapest set that
// computes a program's outputs: Korch's binary linear program, solved by
// CBC. One binary u_k per candidate kernel k;
//
//   minimize    Σ_k cost_k · u_k
//   subject to  Σ_{k writes o} u_k ≥ 1          for every program output o
//               Σ_{j writes v} u_j ≥ u_k        for every kernel k and every
//                                               value v it reads that is not
//                                               a program input
//
// A value may be computed by several chosen kernels (redundancy is allowed
// when it saves traffic or launches). The constraints do not exclude a set
// of kernels that wait on each other's outputs (two kernels, each reading
// a value only the other writes); when a solution cannot be ordered, the
// cut "these kernels are not all chosen unless another writer of one of
// their blocked inputs is" is added and the program solved again (lazy
// constraints), so every solution returned runs.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_ORCHESTRATE_KERNELSELECTION_H
#define TSOPT_ORCHESTRATE_KERNELSELECTION_H

#include "tsopt/Support/Deadline.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/LogicalResult.h"

#include <optional>
#include <string>
#include <vector>

namespace tsopt {

/// One candidate kernel of a cover problem. Values are named by integers.
struct KernelChoice {
  std::vector<int> reads, writes;
  double cost = 0;
};

struct CoverProblem {
  /// Values available before any kernel runs.
  std::vector<int> inputs;
  /// Values some chosen kernel must write.
  std::vector<int> outputs;
  std::vector<KernelChoice> kernels;
  /// Sets of kernels at least one of which any solution chooses: valid
  /// inequalities the caller knows (every op that reaches an output runs
  /// in some kernel) that tighten the LP relaxation.
  std::vector<std::vector<unsigned>> atLeastOne;
};

/// The least time a solve gets, even past the deadline: CBC evaluates the
/// start solution in it, so a late solve still returns a cover.
constexpr double kMinSolveSeconds = 0.5;

struct CoverOptions {
  /// CBC's time limit, in seconds, per solve.
  double timeLimit = 60;
  /// The caller's deadline: a solve gets at most what is left of it (and
  /// at least kMinSolveSeconds, to evaluate the start solution).
  Deadline deadline;
  /// Cuts (re-solves) before giving up.
  unsigned maxCuts = 64;
  /// A feasible solution to start from (kernel indices), if known.
  std::vector<unsigned> start;
};

struct CoverSolution {
  /// The chosen kernels in an order in which each reads only program
  /// inputs and values of kernels before it.
  std::vector<unsigned> order;
  double cost = 0;
  /// CBC's lower bound on the optimum and the relative gap (0: optimal).
  double bound = 0, gap = 0;
  bool optimal = false;
  /// BLP size: columns (candidates) and rows (constraints), cuts added.
  unsigned columns = 0, rows = 0, cuts = 0;
  double seconds = 0;
};

/// Solves the BLP with CBC. Fails, saying why, when no set of the
/// candidates computes the outputs, or when the solver stops without a
/// solution (time limit, too many cuts).
llvm::FailureOr<CoverSolution> solveCover(const CoverProblem &problem,
                                          const CoverOptions &options = {},
                                          std::string *why = nullptr);

/// The kernels of `chosen` in a dependency order, or std::nullopt when some
/// cannot run (a value none before it writes). Kernels not needed for the
/// outputs are kept, ordered too.
std::optional<std::vector<unsigned>>
orderKernels(const CoverProblem &problem, llvm::ArrayRef<unsigned> chosen);

} // namespace tsopt

#endif // TSOPT_ORCHESTRATE_KERNELSELECTION_H
