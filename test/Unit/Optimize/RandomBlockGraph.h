//===- RandomBlockGraph.h - Random valid block graphs -----------*- C++ -*-===//
//
// Random block graphs for the schedule and memory-plan property tests: input
// iterators with random maps, random element-wise, broadcasting, matmul,
// reduction and thread-graph ops in the loop body, accumulators (sums and
// concatenations), post-loop ops and output savers. Every graph satisfies the
// shape rules and Mirage Def. 2.1 (3) by construction.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_TEST_UNIT_OPTIMIZE_RANDOMBLOCKGRAPH_H
#define TSOPT_TEST_UNIT_OPTIMIZE_RANDOMBLOCKGRAPH_H

#include "TestGraphs.h"
#include "tsopt/Core/ShapeRules.h"

#include <cassert>
#include <cstdint>
#include <random>
#include <vector>

namespace tsopt::test {

class RandomBlockGraphBuilder {
public:
  explicit RandomBlockGraphBuilder(uint32_t seed) : rng(seed) {}

  Graph build() {
    std::vector<int64_t> grid;
    for (int g = 0, n = 1 + below(2); g < n; ++g)
      grid.push_back(pick<int64_t>({1, 2, 4}));
    bg = blockGraph(grid, pick<int64_t>({1, 2, 4}));

    std::vector<int> loop;
    for (int i = 0, n = 1 + below(3); i < n; ++i)
      loop.push_back(newInput({dim(), dim()}));
    for (int i = 0, n = below(9); i < n; ++i)
      addOp(loop, /*inLoop=*/true);

    std::vector<int> post;
    for (int i = 0, n = 1 + below(3); i < n; ++i) {
      int v = loop[below(loop.size())];
      int fmap = chance(70) ? R : below(2);
      AccumKind kind = chance(80) ? AccumKind::Sum : AccumKind::Max;
      llvm::FailureOr<Shape> shape =
          accumShape(bg.type(v).shape, bg.forloop, fmap);
      assert(succeeded(shape));
      post.push_back(
          accum(bg, v, fmap, kind, Idx(shape->begin(), shape->end())));
    }
    for (int i = 0, n = below(6); i < n; ++i)
      addOp(post, /*inLoop=*/false);

    for (int i = 0, n = 1 + below(2); i < n; ++i) {
      int v = post[below(post.size())];
      // Every grid dim of extent > 1 writes along its own result dim.
      std::array<int, 3> omap = {R, R, R};
      for (size_t g = 0; g < bg.grid.size(); ++g)
        if (bg.grid[g] > 1)
          omap[g] = static_cast<int>(g);
      llvm::FailureOr<Shape> shape =
          outputTensorShape(bg.type(v).shape, bg.grid, omap);
      assert(succeeded(shape));
      blockOutput(bg, v, omap, Idx(shape->begin(), shape->end()));
    }

    if (chance(50))
      setDType(bg, DType::F16);
    return std::move(bg);
  }

private:
  std::mt19937 rng;
  Graph bg;

  int below(size_t n) { return static_cast<int>(rng() % n); }
  bool chance(int percent) { return below(100) < percent; }
  template <typename T> T pick(std::initializer_list<T> xs) {
    return *(xs.begin() + below(xs.size()));
  }
  int64_t dim() { return pick<int64_t>({2, 4, 8, 16}); }
  Idx shape(int v) const {
    return Idx(bg.type(v).shape.begin(), bg.type(v).shape.end());
  }

  static void setDType(Graph &g, DType t) {
    for (TensorType &type : g.values)
      type.dtype = t;
    for (Op &op : g.ops)
      if (op.body) {
        auto body = std::make_shared<Graph>(*op.body);
        setDType(*body, t);
        op.body = std::move(body);
      }
  }

  /// An input iterator producing a `tile`: each grid dim and the loop
  /// partition a random dim of the kernel tensor or replicate it.
  int newInput(Idx tile) {
    Idx tensor = tile;
    std::array<int, 3> imap = {R, R, R};
    std::vector<bool> used(tile.size(), false);
    for (size_t g = 0; g < bg.grid.size(); ++g) {
      size_t d = below(tile.size() + 1); // tile.size() stands for replica
      if (d < tile.size() && !used[d]) {
        used[d] = true;
        imap[g] = static_cast<int>(d);
        tensor[d] *= bg.grid[g];
      }
    }
    int fmap = R;
    size_t e = below(tile.size() + 1);
    if (e < tile.size()) {
      fmap = static_cast<int>(e);
      tensor[e] *= bg.forloop;
    }
    int t = bg.addInput(tt(tensor));
    llvm::FailureOr<Shape> want =
        inputTileShape(tensor, bg.grid, bg.forloop, imap, fmap);
    assert(succeeded(want) && Idx(want->begin(), want->end()) == tile);
    (void)want;
    return blockInput(bg, t, imap, fmap, tile);
  }

  /// Values of `pool` satisfying `pred`.
  template <typename Pred>
  std::vector<int> candidates(const std::vector<int> &pool, Pred pred) {
    std::vector<int> out;
    for (int v : pool)
      if (pred(v))
        out.push_back(v);
    return out;
  }

  /// Appends one random op reading values of `pool` and adds its results to
  /// it. Loop-body matmuls may read a new input iterator.
  void addOp(std::vector<int> &pool, bool inLoop) {
    int a = pool[below(pool.size())];
    Idx sa = shape(a);
    switch (below(6)) {
    case 0:
      break; // the unary fallback below
    case 1: {
      std::vector<int> bs =
          candidates(pool, [&](int b) { return shape(b) == sa; });
      OpKind k = pick({OpKind::Add, OpKind::Sub, OpKind::Mul, OpKind::Div});
      pool.push_back(add(bg, k, {a, bs[below(bs.size())]}, sa));
      return;
    }
    case 2: { // broadcast a column: [m, n] op [m, 1]
      std::vector<int> bs = candidates(pool, [&](int b) {
        return shape(b) == Idx{sa[0], 1} && sa[1] != 1;
      });
      if (bs.empty())
        break;
      pool.push_back(add(bg, OpKind::Mul, {a, bs[below(bs.size())]}, sa));
      return;
    }
    case 3: {
      std::vector<int> bs =
          candidates(pool, [&](int b) { return shape(b)[0] == sa[1]; });
      int b;
      if (!bs.empty() && (!inLoop || chance(60)))
        b = bs[below(bs.size())];
      else if (inLoop)
        pool.push_back(b = newInput({sa[1], dim()}));
      else
        break;
      pool.push_back(add(bg, OpKind::Matmul, {a, b}, {sa[0], shape(b)[1]}));
      return;
    }
    case 4:
      if (sa[1] == 1)
        break;
      pool.push_back(reduce(bg, pick({OpKind::ReduceSum, OpKind::ReduceMax}), a,
                            1, {sa[0], 1}));
      return;
    case 5: { // a thread graph with one or two results
      std::vector<int> operands = {a};
      std::vector<int> bs =
          candidates(pool, [&](int b) { return shape(b) == sa; });
      if (chance(50))
        operands.push_back(bs[below(bs.size())]);
      auto body = std::make_shared<Graph>();
      body->level = Level::Thread;
      for (size_t i = 0; i < operands.size(); ++i)
        body->addInput(tt({}));
      int numResults = 1 + below(2);
      std::vector<TensorType> results;
      for (int r = 0; r < numResults; ++r) {
        Op op = mk(r == 0 ? OpKind::Exp : OpKind::Neg, {body->inputs[0]});
        body->outputs.push_back(body->addOp(op, {tt({})}));
        results.push_back(tt(sa));
      }
      Op op = mk(OpKind::ThreadGraph, operands);
      op.body = std::move(body);
      int first = bg.addOp(op, results);
      for (int r = 0; r < numResults; ++r)
        pool.push_back(first + r);
      return;
    }
    }
    OpKind k = pick(
        {OpKind::Exp, OpKind::Neg, OpKind::Square, OpKind::Silu, OpKind::Relu});
    pool.push_back(add(bg, k, {a}, sa));
  }
};

/// A random valid block graph; the same seed gives the same graph.
inline Graph randomBlockGraph(uint32_t seed) {
  return RandomBlockGraphBuilder(seed).build();
}

} // namespace tsopt::test

#endif // TSOPT_TEST_UNIT_OPTIMIZE_RANDOMBLOCKGRAPH_H
