//===- FusedKernel.h - One kernel for a set of program ops ------*- C++ -*-===//
//
// Internal to rule-based fusion (tsopt/Fusion/BlockFusion.h). The block-
// program view of a kernel graph: each op maps over the index variables of
// its result (tsopt/Core/IndexVariables.h) and reduces over the variables it
// contracts. A set of ops becomes one graph-defined kernel when
//  * its grid slices variables every result it writes ranges over once and
//    no op of the set reduces (parallel maps, fused: rules 1, 2, 9);
//  * its for-loop walks one variable the set reduces by sums: ops on chunks
//    run in the loop body, sums over the chunk accumulate, and the ops that
//    need a whole sum run after the loop (a map followed by a reduction:
//    rule 3);
//  * without replication, every value the set computes ranges over every
//    grid variable; with it (rule 6), values that do not are recomputed by
//    every block along the missing variables.
// planKernel checks these conditions for each choice of loop variable,
// chooses the grid and loop extents by the cost model and returns the best
// kernel.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_LIB_FUSION_FUSEDKERNEL_H
#define TSOPT_LIB_FUSION_FUSEDKERNEL_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/Target.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <vector>

namespace tsopt::fusion {

/// What the rules know about a kernel graph of pre-defined ops.
struct BlockProgram {
  explicit BlockProgram(const Graph &program);

  /// Why the rules cannot put op `i` in a fused kernel ("" when they can).
  std::string unfusable(int i) const;
  /// The variables op `i` sums over (matmul contraction, reduce_sum dim).
  llvm::SmallVector<int, 1> summed(int i) const;
  /// Every variable op `i` reduces (also reduce_max and rms_norm).
  llvm::SmallVector<int, 1> reduced(int i) const;
  /// The dim of value `v` ranging over `var` (-1: none; -2: several).
  int dimOf(int v, int var) const;
  bool elementwise(int i) const;

  const Graph &graph;
  std::vector<int> producer;
  std::vector<std::vector<int>> users;
  std::vector<bool> isOutput;
  /// Per value and dim, the variable (-1 for a unit dim).
  std::vector<llvm::SmallVector<int, 4>> vars;
  std::vector<int64_t> varSize;
};

/// A set of program ops realized as one graph-defined kernel.
struct KernelPlan {
  /// Program values the kernel reads and writes, in the kernel's order.
  std::vector<int> inputs, outputs;
  /// A kernel graph: `inputs` as arguments, one graph-defined kernel
  /// (thread graphs formed), `outputs` as results.
  Graph graph;
  double costUs = 0;
  /// Values of the set recomputed by several blocks (rule 6).
  bool replicates = false;
};

/// The cheapest kernel for `ops` (program op indices, ascending), or
/// std::nullopt when no grid and loop make them one kernel.
std::optional<KernelPlan> planKernel(const BlockProgram &bp,
                                     llvm::ArrayRef<int> ops,
                                     bool allowReplication,
                                     const TargetDesc &target);

/// The cost of op `i` run as the pre-defined op it is (its library kernel),
/// launch included.
double predefinedCost(const BlockProgram &bp, int i, const TargetDesc &target);

} // namespace tsopt::fusion

#endif // TSOPT_LIB_FUSION_FUSEDKERNEL_H
