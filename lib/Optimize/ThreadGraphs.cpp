//===- ThreadGraphs.cpp - Thread-graph formation and inlining ------------===//

#include "tsopt/Optimize/ThreadGraphs.h"
#include "tsopt/Core/ShapeRules.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"

#include <algorithm>
#include <cassert>
#include <memory>
#include <queue>

using namespace tsopt;

namespace {

/// Grows groups of element-wise ops in one block graph and rebuilds it with
/// each large enough group as a ThreadGraph op.
class Former {
public:
  Former(const Graph &g, const ThreadGraphOptions &opts)
      : g(g), opts(opts), numOps(g.ops.size()), def(g.values.size(), -1),
        users(g.values.size()), isOutput(g.values.size(), false),
        fusible(numOps, false), group(numOps, -1), members(numOps) {}

  FusedBlockGraph run() {
    analyze();
    grow();
    return rebuild();
  }

private:
  /// Def-use information, and which ops may join a group.
  void analyze() {
    for (auto [idx, op] : llvm::enumerate(g.ops)) {
      for (int v : op.results)
        def[v] = idx;
      for (int v : op.operands)
        if (!llvm::is_contained(users[v], static_cast<int>(idx)))
          users[v].push_back(idx);
    }
    for (int v : g.outputs)
      isOutput[v] = true;

    // Only tiles of the loop body or of the post-loop phase can be fused;
    // on a well-formed graph every element-wise op is one or the other.
    std::vector<Stage> stage(g.values.size(), Stage::Tensor);
    for (auto [idx, op] : llvm::enumerate(g.ops)) {
      llvm::SmallVector<Stage, 4> in;
      for (int v : op.operands)
        in.push_back(stage[v]);
      llvm::FailureOr<Stage> s = resultStage(op.kind, in);
      Stage st = succeeded(s) ? *s : Stage::Tensor;
      for (int v : op.results)
        stage[v] = st;
      if ((isElementwiseUnary(op.kind) || isElementwiseBinary(op.kind)) &&
          op.results.size() == 1 &&
          (st == Stage::Loop || st == Stage::PostLoop)) {
        fusible[idx] = true;
        group[idx] = idx;
        members[idx] = {static_cast<int>(idx)};
      }
    }
    phase.assign(numOps, Stage::Tensor);
    for (auto [idx, op] : llvm::enumerate(g.ops))
      if (!op.results.empty())
        phase[idx] = stage[op.results[0]];
  }

  /// Merges adjacent groups (a producer's and a consumer's) while some merge
  /// is valid. A merge refused now may become valid later, once a consumer
  /// that made an intermediate escape has joined, hence the fixpoint.
  void grow() {
    for (bool changed = true; changed;) {
      changed = false;
      for (int c = 0; c < numOps; ++c) {
        if (!fusible[c])
          continue;
        for (int v : g.ops[c].operands) {
          int p = def[v];
          if (p < 0 || !fusible[p] || group[p] == group[c] ||
              phase[p] != phase[c])
            continue;
          llvm::SmallVector<int, 8> merged;
          std::merge(members[group[p]].begin(), members[group[p]].end(),
                     members[group[c]].begin(), members[group[c]].end(),
                     std::back_inserter(merged));
          if (!isValidGroup(merged) || !acyclicMerging(group[p], group[c]))
            continue;
          int keep = group[p], drop = group[c];
          for (int op : members[drop])
            group[op] = keep;
          members[keep] = std::move(merged);
          members[drop].clear();
          changed = true;
        }
      }
    }
  }

  /// The values `ops` (sorted) read from outside, in order of first use.
  llvm::SmallVector<int, 4> externalOperands(llvm::ArrayRef<int> ops,
                                             const std::vector<bool> &in) {
    llvm::SmallVector<int, 4> ext;
    for (int op : ops)
      for (int v : g.ops[op].operands)
        if ((def[v] < 0 || !in[def[v]]) && !llvm::is_contained(ext, v))
          ext.push_back(v);
    return ext;
  }

  /// The values `ops` (sorted) define that are used outside them or are
  /// graph outputs, in order of definition.
  llvm::SmallVector<int, 4> escaping(llvm::ArrayRef<int> ops,
                                     const std::vector<bool> &in) {
    llvm::SmallVector<int, 4> out;
    for (int op : ops) {
      int r = g.ops[op].results[0];
      if (isOutput[r] || llvm::any_of(users[r], [&](int u) { return !in[u]; }))
        out.push_back(r);
    }
    return out;
  }

  /// The broadcast shape of `values`; failure if they do not broadcast.
  llvm::FailureOr<Shape> commonShape(llvm::ArrayRef<int> values) {
    Shape common;
    for (auto [i, v] : llvm::enumerate(values)) {
      llvm::FailureOr<Shape> s = i == 0
                                     ? llvm::FailureOr<Shape>(g.type(v).shape)
                                     : broadcastShape(common, g.type(v).shape);
      if (failed(s))
        return llvm::failure();
      common = *s;
    }
    return common;
  }

  std::vector<bool> membership(llvm::ArrayRef<int> ops) {
    std::vector<bool> in(numOps, false);
    for (int op : ops)
      in[op] = true;
    return in;
  }

  /// Whether the sorted op list `ops` can be one thread graph on its own:
  /// the tgraph verifier's rules (the operands broadcast, every result has
  /// the broadcast shape) and at least one result.
  bool isValidGroup(llvm::ArrayRef<int> ops) {
    std::vector<bool> in = membership(ops);
    llvm::FailureOr<Shape> common = commonShape(externalOperands(ops, in));
    llvm::SmallVector<int, 4> results = escaping(ops, in);
    if (failed(common) || results.empty())
      return false;
    return llvm::all_of(results,
                        [&](int r) { return g.type(r).shape == *common; });
  }

  /// Whether contracting every group into one node, with groups `a` and `b`
  /// merged, leaves the graph acyclic. Checking each group alone (no path
  /// leaves it and comes back) is not enough: two groups may each be convex
  /// and still feed each other.
  bool acyclicMerging(int a, int b) {
    auto node = [&](int op) {
      int n = fusible[op] ? group[op] : op;
      return n == b ? a : n;
    };
    std::vector<int> pending(numOps, 0);
    std::vector<llvm::SmallVector<int, 4>> succs(numOps);
    for (int op = 0; op < numOps; ++op)
      for (int v : g.ops[op].operands)
        if (int d = def[v]; d >= 0 && node(d) != node(op)) {
          succs[node(d)].push_back(node(op));
          ++pending[node(op)];
        }
    llvm::SmallVector<int, 16> ready;
    int nodes = 0, done = 0;
    for (int op = 0; op < numOps; ++op)
      if (node(op) == op) {
        ++nodes;
        if (pending[op] == 0)
          ready.push_back(op);
      }
    while (!ready.empty()) {
      int n = ready.pop_back_val();
      ++done;
      for (int s : succs[n])
        if (--pending[s] == 0)
          ready.push_back(s);
    }
    return done == nodes;
  }

  /// Builds the new block graph: ops outside thread-graph groups copied,
  /// each group contracted into one ThreadGraph op.
  FusedBlockGraph rebuild() {
    // Nodes: an op, or a group (named by its representative) that becomes a
    // thread graph. Each node sits at the index of its last op.
    // Merged groups were checked as they grew; a single op may still be
    // unusable alone (a dead op has no result to give).
    std::vector<bool> makeThreadGraph(numOps, false);
    for (int rep = 0; rep < numOps; ++rep)
      makeThreadGraph[rep] = !members[rep].empty() &&
                             members[rep].size() >= opts.minOps &&
                             isValidGroup(members[rep]);
    auto fused = [&](int op) {
      return fusible[op] && makeThreadGraph[group[op]];
    };
    auto nodeOf = [&](int op) { return fused(op) ? group[op] : op; };
    std::vector<int> key(numOps, -1), pending(numOps, 0);
    std::vector<llvm::SmallVector<int, 4>> succs(numOps);
    for (int op = 0; op < numOps; ++op)
      key[nodeOf(op)] = std::max(key[nodeOf(op)], op);
    for (int op = 0; op < numOps; ++op) {
      int n = nodeOf(op);
      for (int v : g.ops[op].operands) {
        if (def[v] < 0 || nodeOf(def[v]) == n)
          continue;
        int m = nodeOf(def[v]);
        if (!llvm::is_contained(succs[m], n)) {
          succs[m].push_back(n);
          ++pending[n];
        }
      }
    }
    // Kahn's algorithm, smallest key first: with nothing fused it gives
    // back the input order; the groups grew keeping the node graph acyclic.
    using Entry = std::pair<int, int>; // (key, node)
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> ready;
    for (int op = 0; op < numOps; ++op)
      if (nodeOf(op) == op && pending[op] == 0)
        ready.push({key[op], op});

    FusedBlockGraph out;
    Graph &ng = out.graph;
    ng.level = g.level;
    ng.grid = g.grid;
    ng.forloop = g.forloop;
    std::vector<int> newId(g.values.size(), -1);
    for (int v : g.inputs)
      newId[v] = ng.addInput(g.type(v));

    int numNodes = llvm::count_if(llvm::seq(0, numOps),
                                  [&](int op) { return nodeOf(op) == op; });
    int emitted = 0;
    while (!ready.empty()) {
      int n = ready.top().second;
      ready.pop();
      ++emitted;
      if (fused(n))
        emitGroup(members[n], newId, out);
      else
        emitOp(n, newId, out);
      for (int s : succs[n])
        if (--pending[s] == 0)
          ready.push({key[s], s});
    }
    for (int v : g.outputs)
      ng.outputs.push_back(newId[v]);
    assert(emitted == numNodes && "groups grow keeping the graph acyclic");
    (void)numNodes;
    (void)emitted;
    return out;
  }

  void emitOp(int idx, std::vector<int> &newId, FusedBlockGraph &out) {
    const Op &op = g.ops[idx];
    Op copy = op;
    llvm::SmallVector<TensorType, 1> types;
    for (auto [i, v] : llvm::enumerate(op.operands)) {
      assert(newId[v] >= 0 && "operand emitted before its use");
      copy.operands[i] = newId[v];
    }
    for (int v : op.results)
      types.push_back(g.type(v));
    int first = out.graph.addOp(std::move(copy), types);
    for (auto [i, v] : llvm::enumerate(op.results))
      newId[v] = first + i;
    out.origin.push_back({idx});
  }

  void emitGroup(llvm::ArrayRef<int> ops, std::vector<int> &newId,
                 FusedBlockGraph &out) {
    std::vector<bool> in = membership(ops);
    llvm::SmallVector<int, 4> ext = externalOperands(ops, in);
    llvm::SmallVector<int, 4> results = escaping(ops, in);
    llvm::FailureOr<Shape> common = commonShape(ext);
    assert(succeeded(common) && "groups are validated when they grow");

    // The body: one scalar per operand and per op, all registers of f32
    // (Core/Precision.h): loads convert from the tiles, stores round to
    // them. A group of one type keeps it, so a uniform chain reads as
    // written.
    DType groupType = g.type(g.ops[ops.front()].results[0]).dtype;
    bool uniform = true;
    for (int v : ext)
      uniform &= g.type(v).dtype == groupType;
    for (int idx : ops)
      uniform &= g.type(g.ops[idx].results[0]).dtype == groupType;
    auto scalarType = [&](int v) {
      return uniform ? g.type(v).dtype : DType::F32;
    };
    auto body = std::make_shared<Graph>();
    body->level = Level::Thread;
    llvm::DenseMap<int, int> scalar;
    for (int v : ext)
      scalar[v] = body->addInput(TensorType{{}, scalarType(v)});
    for (int idx : ops) {
      Op t = g.ops[idx];
      for (int &v : t.operands)
        v = scalar.lookup(v);
      int r = g.ops[idx].results[0];
      scalar[r] = body->addOp(std::move(t), {TensorType{{}, scalarType(r)}});
    }
    for (int r : results)
      body->outputs.push_back(scalar.lookup(r));

    Op tg;
    tg.kind = OpKind::ThreadGraph;
    for (int v : ext) {
      assert(newId[v] >= 0 && "operand emitted before its use");
      tg.operands.push_back(newId[v]);
    }
    tg.body = std::move(body);
    llvm::SmallVector<TensorType, 2> types;
    for (int r : results)
      types.push_back(TensorType{*common, g.type(r).dtype});
    int first = out.graph.addOp(std::move(tg), types);
    for (auto [i, r] : llvm::enumerate(results))
      newId[r] = first + i;
    out.origin.emplace_back(ops.begin(), ops.end());
    ++out.stats.groups;
    out.stats.opsFused += ops.size();
  }

  const Graph &g;
  ThreadGraphOptions opts;
  int numOps;
  /// Per value: the op defining it (-1: a graph input), the ops using it,
  /// whether it is a graph output.
  std::vector<int> def;
  std::vector<llvm::SmallVector<int, 2>> users;
  std::vector<bool> isOutput;
  /// Per op: may it join a group, its group (the representative's index),
  /// and its phase (Stage::Loop or Stage::PostLoop for fusible ops).
  std::vector<bool> fusible;
  std::vector<int> group;
  std::vector<Stage> phase;
  /// Per representative: the group's ops, sorted; empty for the others.
  std::vector<llvm::SmallVector<int, 8>> members;
};

/// Appends ops to `g` that broadcast value `v` to `shape`: a reshape adding
/// leading unit dims when its rank is lower, then a repeat (tiling a unit
/// dim is broadcasting it). Returns the broadcast value.
int broadcastValue(Graph &g, int v, llvm::ArrayRef<int64_t> shape) {
  DType dtype = g.type(v).dtype;
  Shape have = g.type(v).shape;
  if (have.size() < shape.size()) {
    Shape padded(shape.size() - have.size(), 1);
    padded.append(have.begin(), have.end());
    Op reshape;
    reshape.kind = OpKind::Reshape;
    reshape.operands = {v};
    v = g.addOp(std::move(reshape), {TensorType{padded, dtype}});
    have = padded;
  }
  if (llvm::ArrayRef<int64_t>(have) != shape) {
    Op repeat;
    repeat.kind = OpKind::Repeat;
    repeat.operands = {v};
    v = g.addOp(std::move(repeat), {TensorType{Shape(shape), dtype}});
  }
  return v;
}

Graph inlineBlockGraph(const Graph &g) {
  Graph out;
  out.level = g.level;
  out.grid = g.grid;
  out.forloop = g.forloop;
  std::vector<int> newId(g.values.size(), -1);
  for (int v : g.inputs)
    newId[v] = out.addInput(g.type(v));
  for (const Op &op : g.ops) {
    if (op.kind != OpKind::ThreadGraph || !op.body) {
      appendCopy(out, op, g, newId);
      continue;
    }
    const Graph &tg = *op.body;
    std::vector<int> tid(tg.values.size(), -1);
    for (auto [arg, operand] : llvm::zip(tg.inputs, op.operands))
      tid[arg] = newId[operand];
    for (const Op &t : tg.ops) {
      Op block = t;
      for (int &v : block.operands)
        v = tid[v];
      // A block op's tile has its operands' broadcast shape, as an
      // element-wise op on the unbroadcast tiles computes it.
      Shape shape = out.type(block.operands[0]).shape;
      if (block.operands.size() == 2) {
        llvm::FailureOr<Shape> b =
            broadcastShape(shape, out.type(block.operands[1]).shape);
        assert(succeeded(b) && "operands broadcast in a valid thread graph");
        shape = *b;
      }
      int r = t.results[0];
      tid[r] =
          out.addOp(std::move(block), {TensorType{shape, tg.type(r).dtype}});
    }
    for (auto [res, val] : llvm::zip(op.results, tg.outputs)) {
      int v = tid[val];
      if (out.type(v).shape != g.type(res).shape)
        v = broadcastValue(out, v, g.type(res).shape);
      newId[res] = v;
    }
  }
  for (int v : g.outputs)
    out.outputs.push_back(newId[v]);
  // Unfused ops run at other depths, in other tiles.
  dropScheduleAndMemoryPlan(out);
  return out;
}

} // namespace

FusedBlockGraph tsopt::fuseBlockGraph(const Graph &blockGraph,
                                      const ThreadGraphOptions &opts) {
  FusedBlockGraph f = Former(blockGraph, opts).run();
  // Fused ops run at other depths, in other tiles.
  if (f.stats.groups > 0)
    dropScheduleAndMemoryPlan(f.graph);
  return f;
}

Graph tsopt::formThreadGraphs(const Graph &kernelGraph,
                              const ThreadGraphOptions &opts,
                              ThreadGraphStats *stats) {
  auto note = [&](const ThreadGraphStats &s) {
    if (stats) {
      stats->groups += s.groups;
      stats->opsFused += s.opsFused;
    }
  };
  if (kernelGraph.level == Level::Block) {
    FusedBlockGraph f = fuseBlockGraph(kernelGraph, opts);
    note(f.stats);
    return std::move(f.graph);
  }
  Graph out = kernelGraph;
  if (out.level != Level::Kernel)
    return out;
  for (Op &op : out.ops) {
    if (op.kind != OpKind::Kernel || !op.body)
      continue;
    FusedBlockGraph f = fuseBlockGraph(*op.body, opts);
    note(f.stats);
    if (f.stats.groups > 0)
      op.body = std::make_shared<const Graph>(std::move(f.graph));
  }
  return out;
}

Graph tsopt::inlineThreadGraphs(const Graph &g) {
  if (g.level == Level::Block)
    return inlineBlockGraph(g);
  Graph out = g;
  if (out.level != Level::Kernel)
    return out;
  for (Op &op : out.ops)
    if (op.kind == OpKind::Kernel && op.body &&
        llvm::any_of(op.body->ops,
                     [](const Op &o) { return o.kind == OpKind::ThreadGraph; }))
      op.body = std::make_shared<const Graph>(inlineBlockGraph(*op.body));
  return out;
}
