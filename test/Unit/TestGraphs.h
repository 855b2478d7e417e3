//===- TestGraphs.h - Core-graph builders for the unit tests ----*- C++ -*-===//

#ifndef TSOPT_TEST_UNIT_TESTGRAPHS_H
#define TSOPT_TEST_UNIT_TESTGRAPHS_H

#include "tsopt/Core/Graph.h"

#include <array>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

namespace tsopt::test {

/// A shape or multi-index, as the tests spell them in braces.
using Idx = std::vector<int64_t>;

/// The replica entry of imap, omap and fmap, short so that map literals like
/// {0, R, R} read as the grid dims x, y, z.
constexpr int R = kReplica;

/// A tensor type of `shape` with the default dtype.
inline TensorType tt(const Idx &shape) {
  TensorType t;
  t.shape.assign(shape.begin(), shape.end());
  return t;
}

/// An op of `kind` on `operands` with every attribute at its default, for the
/// caller to set the attributes it needs before adding it.
inline Op mk(OpKind kind, std::vector<int> operands) {
  Op op;
  op.kind = kind;
  op.operands.assign(operands.begin(), operands.end());
  return op;
}

//===----------------------------------------------------------------------===//
// Ops with one result. Each appends to `g` and returns the result's id.
//===----------------------------------------------------------------------===//

/// An op that needs no attributes: element-wise, matmul, and reshape and
/// repeat (whose result shape is their only parameter).
inline int add(Graph &g, OpKind kind, std::vector<int> operands,
               const Idx &result) {
  return g.addOp(mk(kind, std::move(operands)), {tt(result)});
}

/// reduce_sum or reduce_max over `dim`; the extent is `result[dim]`.
inline int reduce(Graph &g, OpKind kind, int operand, int64_t dim,
                  const Idx &result) {
  Op op = mk(kind, {operand});
  op.dim = dim;
  return g.addOp(op, {tt(result)});
}

inline int mulScalar(Graph &g, int operand, double factor, const Idx &result) {
  Op op = mk(OpKind::MulScalar, {operand});
  op.scalar = factor;
  return g.addOp(op, {tt(result)});
}

inline int concat(Graph &g, std::vector<int> operands, int64_t dim,
                  const Idx &result) {
  Op op = mk(OpKind::Concat, std::move(operands));
  op.dim = dim;
  return g.addOp(op, {tt(result)});
}

/// Result dim i is operand dim perm[i].
inline int transpose(Graph &g, int operand, const Idx &perm,
                     const Idx &result) {
  Op op = mk(OpKind::Transpose, {operand});
  op.perm.assign(perm.begin(), perm.end());
  return g.addOp(op, {tt(result)});
}

//===----------------------------------------------------------------------===//
// Block graphs and kernels. Maps are spelled {x, y, z}, R for replica.
//===----------------------------------------------------------------------===//

/// An empty block graph launched on `grid` (1 to 3 dims) with `forloop`
/// iterations.
inline Graph blockGraph(std::vector<int64_t> grid, int64_t forloop) {
  Graph bg;
  bg.level = Level::Block;
  bg.grid.assign(grid.begin(), grid.end());
  bg.forloop = forloop;
  return bg;
}

/// The input iterator of block-graph input `tensor`; returns its tile.
inline int blockInput(Graph &bg, int tensor, std::array<int, 3> imap, int fmap,
                      const Idx &tile) {
  Op op = mk(OpKind::BlockInput, {tensor});
  op.gridMap = imap;
  op.fmap = fmap;
  return bg.addOp(op, {tt(tile)});
}

/// An accumulator: fmap R reduces the iterations' tiles by `kind`, a dim
/// concatenates them along it.
inline int accum(Graph &bg, int tile, int fmap, AccumKind kind,
                 const Idx &shape) {
  Op op = mk(OpKind::Accum, {tile});
  op.fmap = fmap;
  op.accum = kind;
  return bg.addOp(op, {tt(shape)});
}

/// The output saver of `tile` into a result tensor of `shape`. It also
/// becomes the block graph's next output, so that the order of the calls is
/// the order of the kernel's results.
inline int blockOutput(Graph &bg, int tile, std::array<int, 3> omap,
                       const Idx &shape) {
  Op op = mk(OpKind::BlockOutput, {tile});
  op.gridMap = omap;
  int v = bg.addOp(op, {tt(shape)});
  bg.outputs.push_back(v);
  return v;
}

/// Appends a kernel op running `body` on `operands`, its results typed like
/// the body's outputs; returns the id of its first result.
inline int kernel(Graph &g, Graph body, std::vector<int> operands) {
  std::vector<TensorType> results;
  for (int v : body.outputs)
    results.push_back(body.values[v]);
  Op op = mk(OpKind::Kernel, std::move(operands));
  op.body = std::make_shared<Graph>(std::move(body));
  return g.addOp(op, results);
}

/// A kernel graph that runs `body` as its one kernel op: the inputs have the
/// body's input types and the outputs are the kernel op's results.
inline Graph kernelGraph(Graph body) {
  Graph g;
  std::vector<int> args;
  for (int v : body.inputs)
    args.push_back(g.addInput(body.values[v]));
  size_t numResults = body.outputs.size();
  int first = kernel(g, std::move(body), std::move(args));
  for (size_t j = 0; j < numResults; ++j)
    g.outputs.push_back(first + j);
  return g;
}

/// A·B for A m×k and B k×n as a single kernel-level matmul: the reference
/// that tiled and rewritten matmuls are compared with.
inline Graph plainMatmul(int64_t m, int64_t k, int64_t n) {
  Graph g;
  int a = g.addInput(tt({m, k})), b = g.addInput(tt({k, n}));
  g.outputs.push_back(add(g, OpKind::Matmul, {a, b}, {m, n}));
  return g;
}

} // namespace tsopt::test

#endif // TSOPT_TEST_UNIT_TESTGRAPHS_H
