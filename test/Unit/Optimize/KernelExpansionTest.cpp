//===- KernelExpansionTest.cpp - Default block graphs of pre-defined ops --===//
//
// The cuts expandKernelOp makes for element-wise ops and reductions: every
// dim the op keeps may be cut (outermost first, rows last, never a reduced
// dim), so that a tile holds about 2048 elements and any shape fits a block.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Optimize/KernelExpansion.h"
#include "TestGraphs.h"

#include "gtest/gtest.h"

using namespace tsopt;
using namespace tsopt::test;

namespace {

/// The expansion of the last op of `g`.
Graph expandLast(const Graph &g) {
  std::string why;
  llvm::FailureOr<Graph> body = expandKernelOp(g, g.ops.back(), &why);
  EXPECT_TRUE(succeeded(body)) << why;
  return succeeded(body) ? *body : Graph();
}

/// The tile of input iterator `i` (in op order) of block graph `bg`.
const Shape &inputTile(const Graph &bg, int i) {
  for (const Op &op : bg.ops)
    if (op.kind == OpKind::BlockInput && i-- == 0)
      return bg.type(op.results[0]).shape;
  ADD_FAILURE() << "no input iterator " << i;
  static Shape none;
  return none;
}

TEST(KernelExpansion, ElementwiseCutsEveryKeptDim) {
  // 2 x 256 x 4096 (an attention score tensor): cut along the heads, the
  // rows, then the row itself, down to 2048-element tiles. Cutting only
  // the leading dim left 1M-element tiles that fit no block.
  Graph g;
  int x = g.addInput(tt({2, 256, 4096}));
  add(g, OpKind::Exp, {x}, {2, 256, 4096});
  Graph bg = expandLast(g);
  EXPECT_EQ(Idx(bg.grid.begin(), bg.grid.end()), (Idx{2, 256, 2}));
  EXPECT_EQ(inputTile(bg, 0), (Shape{1, 1, 2048}));
}

TEST(KernelExpansion, ReductionKeepsItsReducedDimWhole) {
  // Row sums of 1024 x 4096: one row per block, the 4096 columns whole.
  Graph g;
  int x = g.addInput(tt({1024, 4096}));
  reduce(g, OpKind::ReduceSum, x, 1, {1024, 1});
  Graph rows = expandLast(g);
  EXPECT_EQ(Idx(rows.grid.begin(), rows.grid.end()), (Idx{1024}));
  EXPECT_EQ(inputTile(rows, 0), (Shape{1, 4096}));

  // Column sums of 4096 x 64: cut along the columns, never the rows.
  Graph h;
  int y = h.addInput(tt({4096, 64}));
  reduce(h, OpKind::ReduceSum, y, 0, {1, 64});
  Graph cols = expandLast(h);
  EXPECT_EQ(Idx(cols.grid.begin(), cols.grid.end()), (Idx{64}));
  EXPECT_EQ(inputTile(cols, 0), (Shape{4096, 1}));
}

TEST(KernelExpansion, BroadcastOperandIsReplicatedAlongDimsItLacks) {
  // x (512 x 4096) + b (4096): cut along x's rows and the row; b is cut
  // with the row and replicated across the row blocks.
  Graph g;
  int x = g.addInput(tt({512, 4096}));
  int b = g.addInput(tt({4096}));
  add(g, OpKind::Add, {x, b}, {512, 4096});
  Graph bg = expandLast(g);
  EXPECT_EQ(Idx(bg.grid.begin(), bg.grid.end()), (Idx{512, 2}));
  EXPECT_EQ(inputTile(bg, 0), (Shape{1, 2048}));
  EXPECT_EQ(inputTile(bg, 1), (Shape{2048}));
}

TEST(KernelExpansion, SmallTensorIsOneBlock) {
  Graph g;
  int x = g.addInput(tt({8, 64}));
  add(g, OpKind::Exp, {x}, {8, 64});
  Graph bg = expandLast(g);
  EXPECT_EQ(Idx(bg.grid.begin(), bg.grid.end()), (Idx{1}));
}

} // namespace
