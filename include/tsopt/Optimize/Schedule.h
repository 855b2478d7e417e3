//===- Schedule.h - Operator schedule of a block graph ----------*- C++ -*-===//
//
// Orders the ops of a block graph by depth so that a kernel needs a barrier
// only between depths (DESIGN §5, the µGraph optimizer). The model:
//
//  * A block graph runs in two phases: the loop body, once per for-loop
//    iteration (input iterators, ops on loop values, and the accumulators
//    that fold each iteration's tile in), and the post-loop phase, once per
//    block (ops on accumulator results and the output savers). resultStage
//    (ShapeRules.h) tells them apart.
//  * The depth of an op is the number of ops on the longest path to it from
//    its phase's inputs, counting only ops of its own phase, minus one: an
//    input iterator, or a post-loop op reading only accumulators, has depth 0.
//  * Ops of one depth never read each other's results, so a block's threads
//    may run them all at once; a barrier separates depth d from depth d + 1.
//    A phase with k distinct depths needs k - 1 barriers. The loop back-edge
//    and the loop exit need one barrier each on top of those; they belong to
//    the loop structure and are not counted here.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_OPTIMIZE_SCHEDULE_H
#define TSOPT_OPTIMIZE_SCHEDULE_H

#include "tsopt/Core/Graph.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <array>
#include <string>
#include <vector>

namespace tsopt {

/// When an op of a block graph runs. (Not "region": that is mlir::Region to
/// every pass that includes this header.)
enum class Phase : uint8_t {
  Loop,     ///< once per for-loop iteration
  PostLoop, ///< once per block, after the loop
};

llvm::StringRef stringifyPhase(Phase p);

/// The schedule of one block graph. Vectors indexed by op are parallel to
/// `Graph::ops`.
struct Schedule {
  /// Per op: the phase it runs in.
  std::vector<Phase> phase;
  /// Per op: its depth within its phase (0-based).
  std::vector<int> depth;
  /// Op indices in schedule order: by phase (loop body first), then depth,
  /// then original position. A topological order of the graph.
  std::vector<int> order;
  /// Per phase (indexed by Phase): the number of distinct depths.
  std::array<int, 2> numDepths = {0, 0};

  /// Barriers inside `r`: its number of distinct depths minus one.
  int barriers(Phase p) const {
    int n = numDepths[static_cast<int>(p)];
    return n > 0 ? n - 1 : 0;
  }
  /// The largest depth of any op (0 for an empty graph).
  int maxDepth() const;
  /// A global step index for an op: loop-body depths come first, then the
  /// post-loop depths. Ops of one step run between the same two barriers.
  int step(int op) const {
    return phase[op] == Phase::Loop ? depth[op] : numDepths[0] + depth[op];
  }
  /// Number of steps (the sum of both phases' depth counts).
  int numSteps() const { return numDepths[0] + numDepths[1]; }
};

/// Schedules a block graph (Level::Block, ops in a topological order). Fails,
/// with the reason in `why` when non-null, when the graph is not a block
/// graph or violates Mirage Def. 2.1 (3) (see resultStage).
llvm::FailureOr<Schedule> scheduleBlockGraph(const Graph &blockGraph,
                                             std::string *why = nullptr);

/// The schedule of `blockGraph` as planned (KernelPlan.h): the depths its
/// ops record (Op::depth, `bgraph.depth`), when every op records one, else
/// scheduleBlockGraph's. A recorded depth may exceed the computed one (an
/// extra barrier) but never reach that of an op it reads in its own phase:
/// that fails, with the op in `why`. The cost model, the memory plan and the
/// lowering read this; they never compute a schedule of their own.
llvm::FailureOr<Schedule> plannedSchedule(const Graph &blockGraph,
                                          std::string *why = nullptr);

} // namespace tsopt

#endif // TSOPT_OPTIMIZE_SCHEDULE_H
