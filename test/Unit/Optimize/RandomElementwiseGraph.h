//===- RandomElementwiseGraph.h - Random element-wise graphs --*- C++ -*-===//
//
// Random valid block graphs for the thread-graph formation and exporter
// tests: element-wise chains with numpy broadcasting between full tiles,
// columns, rows and vectors, in the loop body and after it, mixed with
// reductions, matmuls and hand-made thread graphs; 1- to 3-dim grids, sum,
// max and concatenating accumulators, f32 or f16. Every shape comes from
// the ShapeRules functions, and the tests run each graph through the
// evaluator, which rejects a graph breaking them.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_TEST_UNIT_OPTIMIZE_RANDOMELEMENTWISEGRAPH_H
#define TSOPT_TEST_UNIT_OPTIMIZE_RANDOMELEMENTWISEGRAPH_H

#include "TestGraphs.h"
#include "tsopt/Core/ShapeRules.h"

#include <cstdint>
#include <random>
#include <vector>

namespace tsopt::test {

class RandomElementwiseGraphBuilder {
public:
  explicit RandomElementwiseGraphBuilder(uint32_t seed) : rng(seed) {}

  Graph build() {
    // At most two grid dims of extent > 1, so that a rank-2 tile can always
    // be saved (each such dim writes along its own result dim).
    std::vector<int64_t> grid;
    int wide = 0;
    for (int g = 0, n = 1 + below(3); g < n; ++g) {
      int64_t e = wide < 2 && chance(50) ? 2 : 1;
      wide += e > 1;
      grid.push_back(e);
    }
    bg = blockGraph(grid, pick<int64_t>({1, 2, 3}));
    m = pick<int64_t>({2, 4});
    n = pick<int64_t>({4, 8});

    std::vector<int> loop = {newInput({m, n})};
    for (int i = 0, k = below(3); i < k; ++i)
      loop.push_back(newInput(randomShape()));
    for (int i = 0, k = below(11); i < k; ++i)
      addOp(loop);

    std::vector<int> post;
    for (int i = 0, k = 1 + below(3); i < k; ++i)
      post.push_back(newAccum(loop[below(loop.size())]));
    for (int i = 0, k = below(9); i < k; ++i)
      addOp(post);

    for (int i = 0, k = 1 + below(2); i < k; ++i) {
      std::vector<int> savable;
      for (int v : post)
        if (static_cast<int>(bg.type(v).shape.size()) >= wide)
          savable.push_back(v);
      if (savable.empty())
        post.push_back(savable.emplace_back(newAccum(loop.front())));
      // Later values are more likely to end chains.
      int v = savable[std::max(below(savable.size()), below(savable.size()))];
      save(v);
    }
    if (chance(40)) {
      for (TensorType &t : bg.values)
        t.dtype = DType::F16;
      for (Op &op : bg.ops)
        if (op.body) {
          auto body = std::make_shared<Graph>(*op.body);
          for (TensorType &t : body->values)
            t.dtype = DType::F16;
          op.body = std::move(body);
        }
    }
    return renumbered(bg);
  }

private:
  std::mt19937 rng;
  Graph bg;
  int64_t m = 2, n = 4;

  int below(size_t k) { return static_cast<int>(rng() % k); }
  bool chance(int percent) { return below(100) < percent; }
  template <typename T> T pick(std::initializer_list<T> xs) {
    return *(xs.begin() + below(xs.size()));
  }
  const Shape &shape(int v) const { return bg.type(v).shape; }

  /// `g` with its values numbered as the importer numbers them: the inputs
  /// first, then the results of each op in order. (Inputs are added here as
  /// the ops that read them are, in between.)
  static Graph renumbered(const Graph &g) {
    Graph out;
    out.level = g.level;
    out.grid = g.grid;
    out.forloop = g.forloop;
    std::vector<int> id(g.values.size(), -1);
    for (int v : g.inputs)
      id[v] = out.addInput(g.type(v));
    for (const Op &op : g.ops) {
      Op copy = op;
      for (int &v : copy.operands)
        v = id[v];
      std::vector<TensorType> types;
      for (int v : op.results)
        types.push_back(g.type(v));
      int first = out.addOp(copy, types);
      for (size_t i = 0; i < op.results.size(); ++i)
        id[op.results[i]] = first + i;
    }
    for (int v : g.outputs)
      out.outputs.push_back(id[v]);
    return out;
  }
  /// A full tile, a column, a row or a vector: shapes that broadcast.
  Idx randomShape() {
    switch (below(4)) {
    case 0:
      return {m, n};
    case 1:
      return {m, 1};
    case 2:
      return {1, n};
    default:
      return {n};
    }
  }
  static Idx idx(const Shape &s) { return Idx(s.begin(), s.end()); }
  std::vector<int> gridMapVector(const std::array<int, 3> &map) const {
    return std::vector<int>(map.begin(), map.begin() + bg.grid.size());
  }

  /// An input iterator producing `tile`: each grid dim and the loop
  /// partition a distinct random dim of the tensor or replicate it.
  int newInput(Idx tile) {
    Idx tensor = tile;
    std::array<int, 3> imap = {R, R, R};
    std::vector<bool> used(tile.size(), false);
    for (size_t g = 0; g < bg.grid.size(); ++g) {
      size_t d = below(tile.size() + 1); // tile.size(): replica
      if (d < tile.size() && !used[d]) {
        used[d] = true;
        imap[g] = static_cast<int>(d);
        tensor[d] *= bg.grid[g];
      }
    }
    int fmap = R;
    if (size_t e = below(tile.size() + 1); e < tile.size()) {
      fmap = static_cast<int>(e);
      tensor[e] *= bg.forloop;
    }
    int t = bg.addInput(tt(tensor));
    return blockInput(bg, t, imap, fmap, tile);
  }

  int newAccum(int v) {
    int fmap = R;
    AccumKind kind = chance(75) ? AccumKind::Sum : AccumKind::Max;
    if (chance(30)) {
      fmap = below(shape(v).size());
      kind = AccumKind::Sum; // the kind means nothing to a concatenation
    }
    llvm::FailureOr<Shape> s = accumShape(shape(v), bg.forloop, fmap);
    return accum(bg, v, fmap, kind, idx(*s));
  }

  void save(int v) {
    std::array<int, 3> omap = {R, R, R};
    int next = 0;
    for (size_t g = 0; g < bg.grid.size(); ++g)
      if (bg.grid[g] > 1)
        omap[g] = next++;
    llvm::FailureOr<Shape> s =
        outputTensorShape(shape(v), bg.grid, gridMapVector(omap));
    blockOutput(bg, v, omap, idx(*s));
  }

  /// Appends a random op reading `pool` and adds its results to it.
  void addOp(std::vector<int> &pool) {
    // Prefer recent values: chains are what formation is about.
    int a = pool[std::max(below(pool.size()), below(pool.size()))];
    Shape sa = shape(a);
    int choice = below(20);
    if (choice < 8) { // unary
      OpKind k = pick({OpKind::Exp, OpKind::Square, OpKind::Sqrt, OpKind::Rsqrt,
                       OpKind::Silu, OpKind::Gelu, OpKind::Relu, OpKind::Neg,
                       OpKind::MulScalar});
      if (k == OpKind::MulScalar) {
        pool.push_back(mulScalar(bg, a, pick({0.5, -1.25, 3.0}), idx(sa)));
        return;
      }
      // Roots of positive values: the results stay comparable numbers
      // rather than NaN.
      if (k == OpKind::Sqrt || k == OpKind::Rsqrt)
        a = add(bg, OpKind::Exp, {a}, idx(sa));
      pool.push_back(add(bg, k, {a}, idx(sa)));
      return;
    }
    if (choice < 15) { // binary, broadcasting
      std::vector<std::pair<int, Shape>> bs;
      for (int b : pool)
        if (auto s = broadcastShape(sa, shape(b)); succeeded(s))
          bs.push_back({b, *s});
      auto [b, s] = bs[below(bs.size())]; // a broadcasts with itself
      OpKind k = pick({OpKind::Add, OpKind::Sub, OpKind::Mul, OpKind::Div});
      std::vector<int> operands = {a, b};
      if (chance(50))
        std::swap(operands[0], operands[1]);
      pool.push_back(add(bg, k, operands, idx(s)));
      return;
    }
    if (choice < 17 && sa.size() == 2 && sa[1] > 1) {
      pool.push_back(reduce(bg, pick({OpKind::ReduceSum, OpKind::ReduceMax}), a,
                            1, {sa[0], 1}));
      return;
    }
    if (choice < 18 && sa.size() == 2) {
      for (int b : pool)
        if (shape(b).size() == 2 && shape(b)[0] == sa[1]) {
          pool.push_back(add(bg, OpKind::Matmul, {a, b}, {sa[0], shape(b)[1]}));
          return;
        }
    }
    addThreadGraph(pool, a);
  }

  /// A hand-made thread graph on `a` and maybe a second operand that
  /// broadcasts with it: one or two results of the broadcast shape.
  void addThreadGraph(std::vector<int> &pool, int a) {
    std::vector<int> operands = {a};
    Shape common = shape(a);
    int b = pool[below(pool.size())];
    if (auto s = broadcastShape(common, shape(b)); succeeded(s) && b != a) {
      operands.push_back(b);
      common = *s;
    }
    auto body = std::make_shared<Graph>();
    body->level = Level::Thread;
    for (size_t i = 0; i < operands.size(); ++i)
      body->addInput(tt({}));
    int last = body->inputs.back();
    int e = add(*body, OpKind::Exp, {body->inputs.front()}, {});
    int r = add(*body, OpKind::Mul, {e, last}, {});
    body->outputs.push_back(r);
    if (chance(40))
      body->outputs.push_back(add(*body, OpKind::Neg, {r}, {}));
    std::vector<TensorType> results(body->outputs.size(), tt(idx(common)));
    Op op = mk(OpKind::ThreadGraph, operands);
    op.body = std::move(body);
    int first = bg.addOp(op, results);
    for (size_t i = 0; i < results.size(); ++i)
      pool.push_back(first + i);
  }
};

/// A random valid block graph; the same seed gives the same graph.
inline Graph randomElementwiseGraph(uint32_t seed) {
  return RandomElementwiseGraphBuilder(seed).build();
}

} // namespace tsopt::test

#endif // TSOPT_TEST_UNIT_OPTIMIZE_RANDOMELEMENTWISEGRAPH_H
