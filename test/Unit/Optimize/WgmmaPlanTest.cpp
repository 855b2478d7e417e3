//===- WgmmaPlanTest.cpp - When a matmul is planned as wgmma --------------===//

#include "TestGraphs.h"
#include "tsopt/Core/Target.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Optimize/KernelPlan.h"
#include "tsopt/Optimize/MemoryPlan.h"
#include "tsopt/Optimize/Schedule.h"

#include "gtest/gtest.h"

using namespace tsopt;
using namespace tsopt::test;

namespace {

/// A block graph computing a sum over `forloop` iterations of A (m x k) by
/// B (k x n) tiles of f16, the tiles laid out as given; returns it with the
/// matmul's index in `matmul`.
Graph product(int64_t m, int64_t k, int64_t n, Layout la, Layout lb,
              int *matmul, DType input = DType::F16) {
  Graph bg = blockGraph({1}, 2);
  int ta = bg.addInput(tt({m, 2 * k})), tb = bg.addInput(tt({2 * k, n}));
  bg.values[ta].dtype = bg.values[tb].dtype = input;
  int a = blockInput(bg, ta, {R, R, R}, 1, {m, k});
  int b = blockInput(bg, tb, {R, R, R}, 0, {k, n});
  bg.values[a].dtype = bg.values[b].dtype = input;
  bg.ops[bg.ops.size() - 2].layouts = {la};
  bg.ops[bg.ops.size() - 1].layouts = {lb};
  int p = add(bg, OpKind::Matmul, {a, b}, {m, n});
  *matmul = static_cast<int>(bg.ops.size()) - 1;
  int s = accum(bg, p, R, AccumKind::Sum, {m, n});
  blockOutput(bg, s, {R, R, R}, {m, n});
  return bg;
}

const Layout kRow128 = Layout::rowMajor(3), kRow64 = Layout::rowMajor(2),
             kRow32 = Layout::rowMajor(1), kCol128 = Layout::colMajor(3);

TEST(WgmmaPlanTest, ShapeFits) {
  int mm;
  Graph g = product(64, 64, 64, kRow128, kRow128, &mm);
  EXPECT_TRUE(wgmmaShapeFits(g, g.ops[mm], 128));
  // Two warpgroups cannot share one 64-row block; 128 rows they can.
  EXPECT_FALSE(wgmmaShapeFits(g, g.ops[mm], 256));
  g = product(128, 64, 64, kRow128, kRow128, &mm);
  EXPECT_TRUE(wgmmaShapeFits(g, g.ops[mm], 256));
  EXPECT_TRUE(wgmmaShapeFits(g, g.ops[mm], 128));
  // Rows below or off 64, columns past 256 or off 8, a contraction off 16.
  g = product(48, 64, 64, kRow128, kRow128, &mm);
  EXPECT_FALSE(wgmmaShapeFits(g, g.ops[mm], 128));
  g = product(64, 64, 264, kRow128, Layout::rowMajor(), &mm);
  EXPECT_FALSE(wgmmaShapeFits(g, g.ops[mm], 128));
  g = product(64, 64, 60, kRow128, Layout::rowMajor(), &mm);
  EXPECT_FALSE(wgmmaShapeFits(g, g.ops[mm], 128));
  g = product(64, 24, 64, Layout::rowMajor(), kRow128, &mm);
  EXPECT_FALSE(wgmmaShapeFits(g, g.ops[mm], 128));
  // f32 tiles are not a half-precision product.
  g = product(64, 64, 64, kRow128, kRow128, &mm, DType::F32);
  EXPECT_FALSE(wgmmaShapeFits(g, g.ops[mm], 128));
}

TEST(WgmmaPlanTest, CanonicalOperandLayouts) {
  using Shape = llvm::SmallVector<int64_t, 2>;
  auto view = [](Shape shape, Layout l, int operand) {
    return wgmmaOperandLayout(shape, DType::F16, l, operand);
  };
  // K-major A: rows along k of exactly the swizzle's span.
  for (auto [k, l, b] : {std::tuple{64, kRow128, 3}, std::tuple{32, kRow64, 2},
                         std::tuple{16, kRow32, 1}}) {
    std::optional<WgmmaOperand> v = view({64, k}, l, 0);
    ASSERT_TRUE(v.has_value()) << k;
    EXPECT_FALSE(v->mnMajor);
    EXPECT_EQ(v->swizzle, b);
    EXPECT_EQ(v->rowBytes(), 2 * k);
  }
  // No swizzle, a swizzle of another span, rows wider than 128 bytes, and
  // the row-index swizzles of wide rows are not canonical.
  EXPECT_FALSE(view({64, 64}, Layout::rowMajor(), 0));
  EXPECT_FALSE(view({64, 64}, kRow64, 0));
  EXPECT_FALSE(view({64, 128}, kRow128, 0));
  EXPECT_FALSE(view({64, 128}, Layout::rowMajor(3, 4), 0));
  // MN-major A: its 64 rows contiguous; 128 rows are two atoms wide.
  std::optional<WgmmaOperand> a = view({64, 64}, kCol128, 0);
  ASSERT_TRUE(a.has_value());
  EXPECT_TRUE(a->mnMajor);
  EXPECT_FALSE(view({128, 64}, kCol128, 0));
  // B (k x n): n contiguous is MN-major (any span n fills), k contiguous
  // K-major.
  std::optional<WgmmaOperand> b = view({64, 32}, kRow64, 1);
  ASSERT_TRUE(b.has_value());
  EXPECT_TRUE(b->mnMajor);
  b = view({64, 64}, kCol128, 1);
  ASSERT_TRUE(b.has_value());
  EXPECT_FALSE(b->mnMajor);
  // f32 tiles never.
  EXPECT_FALSE(wgmmaOperandLayout(Shape{64, 32}, DType::F32, kRow128, 0));
}

TEST(WgmmaPlanTest, PlannedOnSm90WithAlignedTiles) {
  const TargetDesc *sm90 = lookupTarget("sm_90");
  const TargetDesc *sm80 = lookupTarget("sm_80");
  ASSERT_TRUE(sm90 && sm80);
  EXPECT_TRUE(sm90->hasWarpgroupMma());
  EXPECT_FALSE(sm80->hasWarpgroupMma());
  EXPECT_EQ(sm90->ptxTarget(), "sm_90a");
  EXPECT_EQ(sm80->ptxTarget(), "sm_80");

  int mm;
  Graph g = product(64, 64, 64, kRow128, kRow128, &mm);
  Graph on80 = g;
  std::string why;
  ASSERT_TRUE(succeeded(planKernel(g, *sm90, {}, &why))) << why;
  EXPECT_EQ(g.ops[mm].mma, uint8_t(MmaPlan::Wgmma));
  EXPECT_TRUE(runsOnTensorCores(g, g.ops[mm]));
  // The tensor cores read the operands: no fragment loads.
  EXPECT_EQ(fragmentLoad(g, g.ops[mm], 0), FragmentLoad::Elements);
  // Every buffer of both operands on the swizzle's 1024-byte repeat.
  llvm::FailureOr<Schedule> s = plannedSchedule(g, &why);
  ASSERT_TRUE(succeeded(s)) << why;
  llvm::FailureOr<MemoryPlan> plan = plannedMemory(g, *s, &why);
  ASSERT_TRUE(succeeded(plan)) << why;
  int checked = 0;
  for (const TileAllocation &t : plan->tiles)
    if (t.value == g.ops[mm].operands[0] || t.value == g.ops[mm].operands[1]) {
      EXPECT_EQ(t.offset % kWgmmaTileAlignment, 0) << "value " << t.value;
      ++checked;
    }
  EXPECT_EQ(checked, 2 * g.stages);
  // Its work is charged at the tensor cores' peak.
  Work w = opWork(g.ops[mm], g);
  EXPECT_EQ(w.warpgroupFlops, w.tensorCoreFlops);
  EXPECT_EQ(w.tensorCoreFlops, 2 * 64 * 64 * 64);

  ASSERT_TRUE(succeeded(planKernel(on80, *sm80, {}, &why))) << why;
  EXPECT_EQ(on80.ops[mm].mma, uint8_t(MmaPlan::M16N8K16));
  EXPECT_EQ(opWork(on80.ops[mm], on80).warpgroupFlops, 0);

  // Unswizzled tiles keep mma.sync on sm_90; a plan of wgmma for them is
  // refused.
  Graph plain = product(64, 64, 64, Layout::rowMajor(), kRow128, &mm);
  Graph forced = plain;
  ASSERT_TRUE(succeeded(planKernel(plain, *sm90, {}, &why))) << why;
  EXPECT_EQ(plain.ops[mm].mma, uint8_t(MmaPlan::M16N8K16));
  forced.ops[mm].mma = uint8_t(MmaPlan::Wgmma);
  EXPECT_TRUE(failed(planKernel(forced, *sm90, {}, &why)));
  EXPECT_NE(why.find("is planned as wgmma, but an operand tile is not in a "
                     "layout its matrix descriptor can describe"),
            std::string::npos)
      << why;
}

} // namespace
