//===- ThreadGraphs.h - Thread-graph formation -----------------*- C++ -*-===//
//
// Thread-graph construction (DESIGN §2.3): chains of element-wise block ops
// become one ThreadGraph op whose body runs them in registers, so that the
// intermediate tiles never go through shared memory. Constructed by rule,
// not searched; the result means exactly what the block ops meant.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_OPTIMIZE_THREADGRAPHS_H
#define TSOPT_OPTIMIZE_THREADGRAPHS_H

#include "tsopt/Core/Graph.h"

#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace tsopt {

struct ThreadGraphOptions {
  /// Smallest group turned into a thread graph. A single op gains nothing
  /// from registers (its operands and result go through shared memory
  /// anyway), so the default fuses chains of two or more.
  unsigned minOps = 2;
};

/// What a formation did.
struct ThreadGraphStats {
  /// Thread graphs created.
  unsigned groups = 0;
  /// Block ops moved into them.
  unsigned opsFused = 0;
};

/// One block graph after formation.
struct FusedBlockGraph {
  Graph graph;
  /// origin[i]: the ops of the input block graph that op i of `graph` stands
  /// for, in their order there: one op for an op kept as it was, the fused
  /// ops for a new thread graph.
  std::vector<llvm::SmallVector<int, 4>> origin;
  ThreadGraphStats stats;
};

/// Fuses the element-wise ops of the block graph `blockGraph` (Level::Block,
/// well-formed as the evaluator checks it).
///
/// Rules:
///  * candidates are block-level element-wise ops (unary ones, mul_scalar,
///    and binary ones with broadcasting); groups grow along their data edges
///    only, so ops of different phases (loop body / post-loop) never meet,
///    and two independent chains become two thread graphs;
///  * a value of the group used outside it (or a graph output) becomes a
///    result of the thread graph; the operands are the values the group
///    reads from outside, and every result must have their broadcast shape
///    (what the tgraph verifier accepts): an intermediate of a smaller shape
///    that is also used outside keeps its op out of the group; a group
///    without results (dead ops) is not made;
///  * contracting every group into one op creates no cycle (in particular
///    no path leaves a group and comes back to it);
///  * groups grow until no two adjacent groups can merge; those of at least
///    `opts.minOps` ops become thread graphs, the others stay block ops.
///
/// Existing ThreadGraph ops are kept as they are and do not absorb their
/// neighbours: formation is then idempotent, and a hand-written thread graph
/// survives; to re-form everything, run inlineThreadGraphs first.
///
/// The result lists the ops in a topological order that keeps the input
/// order where it can: a thread graph takes the place of its last op.
FusedBlockGraph fuseBlockGraph(const Graph &blockGraph,
                               const ThreadGraphOptions &opts = {});

/// fuseBlockGraph on every graph-defined kernel of the kernel graph
/// `kernelGraph` (or on `kernelGraph` itself when it is a block graph).
/// Kernel-level ops are kept as they are. Adds what it did to `stats`.
Graph formThreadGraphs(const Graph &kernelGraph,
                       const ThreadGraphOptions &opts = {},
                       ThreadGraphStats *stats = nullptr);

/// The inverse: replaces every ThreadGraph op (in every kernel of a kernel
/// graph, or in a block graph) by its body as block ops. A result whose
/// value has a smaller shape than the thread graph's broadcast shape (a
/// broadcast input returned as is, or an op on broadcast inputs only) is
/// broadcast with a reshape (when its rank is lower) and a repeat, so that
/// every use sees the tile it saw before.
Graph inlineThreadGraphs(const Graph &g);

} // namespace tsopt

#endif // TSOPT_OPTIMIZE_THREADGRAPHS_H
