//===- Schedule.cpp - Operator schedule of a block graph ------------------===//

#include "tsopt/Optimize/Schedule.h"
#include "tsopt/Core/ShapeRules.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <numeric>

using namespace tsopt;

llvm::StringRef tsopt::stringifyPhase(Phase p) {
  return p == Phase::Loop ? "loop" : "post-loop";
}

int Schedule::maxDepth() const {
  int d = 0;
  for (int x : depth)
    d = std::max(d, x);
  return d;
}

static llvm::LogicalResult fail(std::string *why, std::string msg) {
  if (why)
    *why = std::move(msg);
  return llvm::failure();
}

llvm::FailureOr<Schedule> tsopt::scheduleBlockGraph(const Graph &g,
                                                    std::string *why) {
  if (g.level != Level::Block)
    return fail(why, "not a block graph");
  size_t numOps = g.ops.size();
  Schedule s;
  s.phase.resize(numOps);
  s.depth.resize(numOps);

  // producer[v]: the op defining value v; -1 for the graph's inputs, -2 for a
  // value not defined yet (ops are stored in a topological order).
  std::vector<int> producer(g.values.size(), -2);
  std::vector<Stage> stage(g.values.size(), Stage::Tensor);
  for (int v : g.inputs) {
    if (v < 0 || static_cast<size_t>(v) >= g.values.size())
      return fail(why, "graph input " + std::to_string(v) + " out of range");
    producer[v] = -1;
  }

  for (size_t i = 0; i < numOps; ++i) {
    const Op &op = g.ops[i];
    llvm::SmallVector<Stage, 4> operandStages;
    for (int v : op.operands) {
      if (v < 0 || static_cast<size_t>(v) >= g.values.size() ||
          producer[v] == -2)
        return fail(why, "op " + std::to_string(i) + " (" +
                             stringifyOpKind(op.kind).str() + ") reads value " +
                             std::to_string(v) + " before it is defined");
      operandStages.push_back(stage[v]);
    }
    std::string stageWhy;
    llvm::FailureOr<Stage> st = resultStage(op.kind, operandStages, &stageWhy);
    if (failed(st))
      return fail(why, "op " + std::to_string(i) + ": " + stageWhy);
    // An accumulator produces a post-loop value but runs in every iteration,
    // folding that iteration's tile in; an output saver reads a post-loop
    // value, so it runs after the loop.
    Phase r = (*st == Stage::Loop || op.kind == OpKind::Accum)
                  ? Phase::Loop
                  : Phase::PostLoop;
    int d = 0;
    for (int v : op.operands) {
      int p = producer[v];
      if (p >= 0 && s.phase[p] == r)
        d = std::max(d, s.depth[p] + 1);
    }
    s.phase[i] = r;
    s.depth[i] = d;
    for (int v : op.results) {
      if (v < 0 || static_cast<size_t>(v) >= g.values.size())
        return fail(why, "op " + std::to_string(i) + " result " +
                             std::to_string(v) + " out of range");
      producer[v] = static_cast<int>(i);
      stage[v] = *st;
    }
    int &n = s.numDepths[static_cast<int>(r)];
    n = std::max(n, d + 1);
  }

  // Every operand of an op lies in an earlier phase or at a smaller depth
  // of the same phase, so this order is topological.
  s.order.resize(numOps);
  std::iota(s.order.begin(), s.order.end(), 0);
  std::stable_sort(s.order.begin(), s.order.end(), [&](int a, int b) {
    return std::make_pair(s.phase[a], s.depth[a]) <
           std::make_pair(s.phase[b], s.depth[b]);
  });
  return s;
}

llvm::FailureOr<Schedule> tsopt::plannedSchedule(const Graph &g,
                                                 std::string *why) {
  llvm::FailureOr<Schedule> s = scheduleBlockGraph(g, why);
  if (failed(s) ||
      !llvm::all_of(g.ops, [](const Op &op) { return op.depth >= 0; }))
    return s;
  // The recorded depths, where each op still comes after what it reads in
  // its phase (the computed depth is the least such).
  std::vector<int> producer(g.values.size(), -1);
  for (auto [i, op] : llvm::enumerate(g.ops))
    for (int v : op.results)
      producer[v] = static_cast<int>(i);
  s->numDepths = {0, 0};
  for (auto [i, op] : llvm::enumerate(g.ops)) {
    for (int v : op.operands) {
      int p = producer[v];
      if (p >= 0 && s->phase[p] == s->phase[i] && g.ops[p].depth >= op.depth)
        return fail(
            why,
            "op #" + std::to_string(i) + " (" + stringifyOpKind(op.kind).str() +
                ") at depth " + std::to_string(op.depth) +
                " reads the result of op #" + std::to_string(p) + " (" +
                stringifyOpKind(g.ops[p].kind).str() + ") at depth " +
                std::to_string(g.ops[p].depth) + " of the same phase (" +
                stringifyPhase(s->phase[i]).str() + "): it must be deeper");
    }
    s->depth[i] = op.depth;
    int &n = s->numDepths[static_cast<int>(s->phase[i])];
    n = std::max(n, op.depth + 1);
  }
  std::stable_sort(s->order.begin(), s->order.end(), [&](int a, int b) {
    return std::make_pair(s->phase[a], s->depth[a]) <
           std::make_pair(s->phase[b], s->depth[b]);
  });
  return s;
}
