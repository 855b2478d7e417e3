//===- LayoutTest.cpp - Tests of the layout ILP ---------------------------===//

#include "tsopt/Optimize/Layout.h"
#include "RandomBlockGraph.h"
#include "TestGraphs.h"
#include "tsopt/Core/Target.h"

#include "gtest/gtest.h"

#include <limits>
#include <optional>
#include <random>
#include <set>

using namespace tsopt;
using namespace tsopt::test;

namespace {

const TargetDesc &sm80() { return *lookupTarget("sm_80"); }
const TargetDesc &sm90() { return *lookupTarget("sm_90"); }

void setDType(Graph &g, DType t) {
  for (TensorType &type : g.values)
    type.dtype = t;
  for (Op &op : g.ops)
    if (op.body) {
      auto body = std::make_shared<Graph>(*op.body);
      setDType(*body, t);
      op.body = std::move(body);
    }
}

//===----------------------------------------------------------------------===//
// Brute force: the reference the solver is compared with.
//===----------------------------------------------------------------------===//

/// Number of assignments of `p`, saturated at `cap`.
uint64_t searchSpace(const LayoutProblem &p, uint64_t cap) {
  uint64_t n = 1;
  for (size_t t = 0; t < p.tensors.size(); ++t) {
    n *= p.numCandidates(t);
    if (n > cap)
      return cap + 1;
  }
  return n;
}

/// The smallest objective of an assignment satisfying every constraint, by
/// enumerating all of them; nullopt when none does.
std::optional<int64_t> bruteForce(const LayoutProblem &p) {
  LayoutAssignment a(p.tensors.size(), 0);
  std::optional<int64_t> best;
  while (true) {
    if (succeeded(checkLayoutAssignment(p, a))) {
      int64_t v = layoutObjective(p, a);
      if (!best || v < *best)
        best = v;
    }
    size_t t = 0;
    for (; t < a.size(); ++t) {
      if (++a[t] < p.numCandidates(t))
        break;
      a[t] = 0;
    }
    if (t == a.size())
      return best;
  }
}

/// `p` with only the constraints of `refs` (and exactly-one): a conflict
/// the solver reports must be infeasible on its own.
LayoutProblem restrictTo(const LayoutProblem &p,
                         const std::vector<LayoutConstraintRef> &refs) {
  LayoutProblem q;
  q.tensors = p.tensors;
  for (const LayoutConstraintRef &r : refs) {
    switch (r.kind) {
    case LayoutConstraintRef::Forbid: {
      // A reference names a group: every forbid of that tensor and reason.
      const LayoutForbid &f = p.forbids[r.index];
      for (const LayoutForbid &g : p.forbids)
        if (g.tensor == f.tensor && g.why == f.why)
          q.forbids.push_back(g);
      break;
    }
    case LayoutConstraintRef::ForbidPair:
      q.forbidPairs.push_back(p.forbidPairs[r.index]);
      break;
    case LayoutConstraintRef::Capacity:
      q.capacities.push_back(p.capacities[r.index]);
      break;
    case LayoutConstraintRef::ExactlyOne:
      break;
    }
  }
  return q;
}

/// Solves `p` and checks the answer against the constraints and, when the
/// problem is small enough, against brute force. Returns whether it was
/// feasible (per the solver).
bool solveAndCheck(const LayoutProblem &p, bool *bruteForced = nullptr) {
  std::string why;
  std::vector<LayoutConstraintRef> conflict;
  llvm::FailureOr<LayoutSolution> s =
      solveLayoutProblem(p, {}, &why, &conflict);
  bool small = searchSpace(p, 1 << 16) <= (1 << 16);
  if (bruteForced)
    *bruteForced = small;
  std::optional<int64_t> best;
  if (small)
    best = bruteForce(p);
  if (failed(s)) {
    EXPECT_NE(why.find("no layout assignment satisfies"), std::string::npos)
        << why;
    EXPECT_FALSE(conflict.empty()) << why;
    if (small) {
      EXPECT_FALSE(best.has_value())
          << "solver: infeasible; brute force found " << *best;
      // The reported conflict alone is infeasible, and minimal.
      EXPECT_FALSE(bruteForce(restrictTo(p, conflict)).has_value());
      for (size_t k = 0; k < conflict.size(); ++k) {
        std::vector<LayoutConstraintRef> fewer = conflict;
        fewer.erase(fewer.begin() + k);
        EXPECT_TRUE(bruteForce(restrictTo(p, fewer)).has_value())
            << "conflict not minimal: " << why;
      }
    }
    return false;
  }
  std::string violation;
  EXPECT_TRUE(succeeded(checkLayoutAssignment(p, s->assignment, &violation)))
      << violation;
  EXPECT_EQ(s->objective, layoutObjective(p, s->assignment));
  if (small) {
    EXPECT_TRUE(best.has_value()) << "solver: feasible; brute force: not";
    if (best) {
      EXPECT_EQ(s->objective, *best);
    }
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Layouts and geometry
//===----------------------------------------------------------------------===//

TEST(LayoutTest, SpellingRoundTrips) {
  std::vector<Layout> all = {
      Layout::rowMajor(),
      Layout::colMajor(),
      Layout::rowMajor(1),
      Layout::rowMajor(3),
      Layout::colMajor(2),
      Layout::rowMajor(3, 4),
      Layout::colMajor(3, 6),
      Layout::padded(LayoutKind::RowMajor, 16),
      Layout::padded(LayoutKind::ColMajor, 32),
  };
  for (const Layout &l : all) {
    std::optional<Layout> back = Layout::parse(l.str());
    ASSERT_TRUE(back.has_value()) << l.str();
    EXPECT_EQ(*back, l);
  }
  EXPECT_EQ(Layout::rowMajor(3).str(), "row_major_swizzle<3,4,3>");
  EXPECT_EQ(Layout::colMajor(1).str(), "col_major_swizzle<1,4,3>");
  EXPECT_EQ(Layout::rowMajor(3, 4).str(), "row_major_swizzle<3,4,4>");
  EXPECT_NE(Layout::rowMajor(3, 4), Layout::rowMajor(3));
  EXPECT_EQ(Layout::padded(LayoutKind::RowMajor, 16).str(),
            "row_major_pad<16>");
  EXPECT_NE(Layout::padded(LayoutKind::RowMajor, 16), Layout::rowMajor());
  // Rows of up to 8 KiB (a decode step's 8 rows of 2048 f32).
  EXPECT_EQ(Layout::parse("row_major_swizzle<3,4,9>"), Layout::rowMajor(3, 9));
  // The XOR from pairs of 32-byte rows (S = B = 2); S below B is not a
  // permutation of the chunks and is refused.
  EXPECT_EQ(Layout::parse("row_major_swizzle<2,4,2>"), Layout::rowMajor(2, 2));
  EXPECT_EQ(Layout::rowMajor(2, 2).str(), "row_major_swizzle<2,4,2>");
  EXPECT_FALSE(Layout::parse("row_major_swizzle<2,4,1>").has_value());
  for (llvm::StringRef bad :
       {"", "rowmajor", "row_major_swizzle<4,4,3>", "row_major_swizzle<0,4,3>",
        "col_major_swizzle<3,3,3>", "row_major_swizzle<3,4,3>x",
        "row_major_swizzle<3,4,2>", "row_major_swizzle<3,4,:>",
        "row_major_swizzle<3,4,10>", "mma_fragment", "row_strips",
        "swizzle<3,4,3>", "row_major_pad<0>", "row_major_pad<4097>",
        "row_major_pad<16", "col_major_pad<x>", "row_major_pad<16>x"})
    EXPECT_FALSE(Layout::parse(bad).has_value()) << bad.str();
}

TEST(LayoutTest, WavefrontsOfOneWarpInstruction) {
  auto lanes = [](auto address, int64_t bytes, int64_t n = 32) {
    std::vector<LaneAccess> out;
    for (int64_t l = 0; l < n; ++l)
      out.push_back({l, address(l), bytes});
    return out;
  };
  auto taken = [](const std::vector<LaneAccess> &l) {
    return sharedMemoryWavefronts(l).taken;
  };
  // 4-byte words side by side: one wavefront; the same word: a broadcast.
  EXPECT_EQ(taken(lanes([](int64_t l) { return 4 * l; }, 4)), 1);
  EXPECT_EQ(taken(lanes([](int64_t) { return 64; }, 4)), 1);
  // One column of rows 128 bytes apart: every lane on bank 0, 32-way.
  EXPECT_EQ(taken(lanes([](int64_t l) { return 128 * l; }, 4)), 32);
  // Two lanes per word (f16 neighbours) share it.
  EXPECT_EQ(taken(lanes([](int64_t l) { return 2 * l; }, 2)), 1);
  // 16 bytes a lane in quarter-warp phases: 4 wavefronts, all needed.
  Wavefronts w =
      sharedMemoryWavefronts(lanes([](int64_t l) { return 16 * l; }, 16));
  EXPECT_EQ(w.taken, 4);
  EXPECT_EQ(w.conflictFree, 4);
  // ldmatrix rows of an unswizzled tile with 128-byte rows: each phase's 8
  // rows on the same 4 banks, 8 wavefronts a phase.
  w = sharedMemoryWavefronts(lanes([](int64_t l) { return 128 * l; }, 16));
  EXPECT_EQ(w.taken, 32);
  EXPECT_EQ(w.conflictFree, 4);
  // 8-byte fragment pairs of an f32 tile with 256-byte rows: a half-warp
  // covers 4 rows on the same 8 banks, 4-way; with swizzle<3,4,4> 2-way.
  auto pair = [](const Layout &layout) {
    return [layout](int64_t l) {
      return layoutByteOffset({16, 64}, 4, layout, {l / 4, 2 * (l % 4)});
    };
  };
  EXPECT_EQ(taken(lanes(pair(Layout::rowMajor()), 8)), 8);
  EXPECT_EQ(taken(lanes(pair(Layout::rowMajor(3, 4)), 8)), 4);
  // Inactive lanes: only the phases with a lane count as conflict-free.
  w = sharedMemoryWavefronts(lanes([](int64_t l) { return 16 * l; }, 16, 8));
  EXPECT_EQ(w.taken, 1);
  EXPECT_EQ(w.conflictFree, 1);
}

TEST(LayoutTest, RowIndexSwizzle) {
  // 8x64 f32 (rows of 256 bytes) with swizzle<3,4,4>: the 16-byte chunk of
  // row r is XORed with r mod 8, so the first words of 8 consecutive rows
  // fall in 8 different bank groups (the 128-byte swizzle would repeat
  // them every 4 rows).
  std::set<int64_t> groups, groups128;
  for (int64_t r = 0; r < 8; ++r) {
    groups.insert(layoutByteOffset({8, 64}, 4, Layout::rowMajor(3, 4), {r, 0}) %
                  128 / 16);
    groups128.insert(layoutByteOffset({8, 64}, 4, Layout::rowMajor(3), {r, 0}) %
                     128 / 16);
  }
  EXPECT_EQ(groups.size(), 8u);
  EXPECT_EQ(groups128.size(), 4u);
  EXPECT_EQ(layoutByteOffset({8, 64}, 4, Layout::rowMajor(3, 4), {3, 5}),
            3 * 256 + ((5 * 4) ^ (3 << 4)));
}

TEST(LayoutTest, ByteOffsets) {
  // 4x8 f16: row-major rows of 16 bytes, column-major columns of 8 bytes.
  EXPECT_EQ(layoutByteOffset({4, 8}, 2, Layout::rowMajor(), {1, 3}), 22);
  EXPECT_EQ(layoutByteOffset({4, 8}, 2, Layout::colMajor(), {1, 3}), 26);
  // Batch dims stay outermost.
  EXPECT_EQ(layoutByteOffset({2, 4, 8}, 2, Layout::colMajor(), {1, 1, 3}),
            64 + 26);
  // 128-byte swizzle: the 16-byte chunk index of row r is XORed with r % 8.
  for (int64_t row = 0; row < 16; ++row)
    for (int64_t chunk = 0; chunk < 8; ++chunk)
      EXPECT_EQ(
          layoutByteOffset({16, 64}, 2, Layout::rowMajor(3), {row, chunk * 8}),
          row * 128 + ((chunk ^ (row % 8)) * 16));
  // 32-byte swizzle on 32-byte rows: rows 4..7 of every eight swap chunks.
  EXPECT_EQ(layoutByteOffset({8, 16}, 2, Layout::rowMajor(1), {4, 0}), 144);
  EXPECT_EQ(layoutByteOffset({8, 16}, 2, Layout::rowMajor(1), {3, 8}), 112);
  // Padding: rows of 160 bytes 176 apart; column-major, columns of 32
  // bytes 48 apart.
  Layout rowPad = Layout::padded(LayoutKind::RowMajor, 16);
  Layout colPad = Layout::padded(LayoutKind::ColMajor, 16);
  EXPECT_EQ(layoutByteOffset({16, 80}, 2, rowPad, {3, 5}), 3 * 176 + 10);
  EXPECT_EQ(layoutByteOffset({16, 80}, 2, colPad, {3, 5}), 5 * 48 + 6);
  EXPECT_EQ(layoutByteOffset({2, 16, 80}, 2, rowPad, {1, 0, 0}), 16 * 176);
  EXPECT_EQ(layoutStorageBytes({16, 80}, 2, rowPad), 16 * 176);
  EXPECT_EQ(layoutStorageBytes({16, 80}, 2, colPad), 80 * 48);
  EXPECT_EQ(layoutStorageBytes({16, 80}, 2, Layout::rowMajor(3)), 16 * 160);
  std::string why;
  EXPECT_TRUE(isAddressableTileLayout({16, 80}, 2, rowPad, &why)) << why;
  EXPECT_FALSE(isAddressableTileLayout({4, 3}, 2, rowPad, &why));
  // Rows of 27 halves (54 bytes) padded to 64 and to 80 bytes: aligned
  // starts, so ldmatrix can address them; 16 more bytes would leave them
  // unaligned, and a pad of an odd byte count splits an element.
  Layout pad10 = Layout::padded(LayoutKind::RowMajor, 10);
  EXPECT_EQ(layoutByteOffset({64, 27}, 2, pad10, {2, 26}), 2 * 64 + 52);
  EXPECT_EQ(layoutStorageBytes({64, 27}, 2, pad10), 64 * 64);
  EXPECT_TRUE(isAddressableTileLayout({64, 27}, 2, pad10, &why)) << why;
  EXPECT_TRUE(storesAlignedRows({64, 27}, 2, pad10));
  EXPECT_TRUE(
      storesAlignedRows({64, 27}, 2, Layout::padded(LayoutKind::RowMajor, 26)));
  EXPECT_FALSE(isAddressableTileLayout({64, 27}, 2, rowPad, &why));
  EXPECT_FALSE(isAddressableTileLayout(
      {64, 27}, 2, Layout::padded(LayoutKind::RowMajor, 9), &why));
  EXPECT_FALSE(storesAlignedRows({64, 27}, 2, Layout::rowMajor()));
  // Column-major padding pads the columns: 27 rows of a 27x64 tile stored
  // as 64 runs of 54 bytes.
  EXPECT_TRUE(
      storesAlignedRows({27, 64}, 2, Layout::padded(LayoutKind::ColMajor, 10)));
  EXPECT_TRUE(storesAlignedRows({27, 64}, 2, Layout::rowMajor()));
}

TEST(LayoutTest, LdmatrixBankConflicts) {
  // 64x64 f16, 128-byte rows: the 8 rows of an 8x8 matrix share one bank
  // group (8-way conflict) unless swizzled. 64 matrices.
  EXPECT_EQ(ldmatrixWavefronts({64, 64}, DType::F16, Layout::rowMajor()), 512);
  EXPECT_EQ(ldmatrixWavefronts({64, 64}, DType::F16, Layout::rowMajor(3)), 64);
  EXPECT_EQ(ldmatrixWavefronts({64, 64}, DType::F16, Layout::colMajor(3)), 64);
  // 32-byte rows: 2-way conflicts; the 32-byte swizzle removes them.
  EXPECT_EQ(ldmatrixWavefronts({16, 16}, DType::F16, Layout::rowMajor()), 8);
  EXPECT_EQ(ldmatrixWavefronts({16, 16}, DType::F16, Layout::rowMajor(1)), 4);
  // 64-byte rows: 4-way, and the 64-byte swizzle.
  EXPECT_EQ(ldmatrixWavefronts({16, 32}, DType::F16, Layout::rowMajor()), 32);
  EXPECT_EQ(ldmatrixWavefronts({16, 32}, DType::F16, Layout::rowMajor(2)), 8);
  // 16-byte rows and 80-byte rows (an odd number of 16-byte chunks) are
  // conflict-free without a swizzle.
  EXPECT_EQ(ldmatrixWavefronts({64, 8}, DType::F16, Layout::rowMajor()), 8);
  EXPECT_EQ(ldmatrixWavefronts({16, 40}, DType::F16, Layout::rowMajor()), 10);
  // 160-byte rows (ten chunks): 2-way, which no swizzle spans; one chunk of
  // padding makes the pitch odd.
  EXPECT_EQ(ldmatrixWavefronts({16, 80}, DType::F16, Layout::rowMajor()), 40);
  EXPECT_EQ(ldmatrixWavefronts({16, 80}, DType::F16,
                               Layout::padded(LayoutKind::RowMajor, 16)),
            20);
  EXPECT_EQ(ldmatrixWavefronts({80, 16}, DType::F16,
                               Layout::padded(LayoutKind::ColMajor, 16)),
            20);
  // Fewer than 8 rows: spare lanes repeat rows (the same words, no extra
  // wavefront), but two 256-byte rows fall on the same banks: 2-way.
  EXPECT_EQ(ldmatrixWavefronts({2, 128}, DType::F16, Layout::rowMajor()), 32);
  EXPECT_EQ(ldmatrixWavefronts({1, 128}, DType::F16, Layout::rowMajor()), 16);
  EXPECT_EQ(ldmatrixWavefronts({2, 120}, DType::F16, Layout::rowMajor()), 15);
  // Rows of 27 halves padded to 80 bytes (five chunks): 8 rows start in 8
  // different bank groups, and the last run of 8 (k 24-31) reaches into
  // the padding: 4 runs of 8 per 8 rows, 8 x 4 matrices, one wavefront
  // each. Padded to 64 bytes (four chunks), every other row in the same
  // banks: 4-way.
  EXPECT_EQ(ldmatrixWavefronts({64, 27}, DType::F16,
                               Layout::padded(LayoutKind::RowMajor, 26)),
            32);
  EXPECT_EQ(ldmatrixWavefronts({64, 27}, DType::F16,
                               Layout::padded(LayoutKind::RowMajor, 10)),
            128);
  EXPECT_FALSE(ldmatrixWavefronts({64, 27}, DType::F16, Layout::rowMajor()));
  // Not loadable: f32, rows shorter than 16 bytes.
  EXPECT_FALSE(ldmatrixWavefronts({16, 16}, DType::F32, Layout::rowMajor()));
  EXPECT_FALSE(ldmatrixWavefronts({16, 4}, DType::F16, Layout::rowMajor()));
  EXPECT_FALSE(ldmatrixWavefronts({2, 128}, DType::F16, Layout::colMajor()));
}

TEST(LayoutTest, ElementWalkSpreadsTransposedReads) {
  // A 64x64 f32 result stored column-major reads a 64x64 f16 operand
  // stored row-major with the 128-byte swizzle (a wgmma operand): in the
  // plain walk a warp's 32 lanes read 32 rows at one column, 8 bank
  // groups for 32 lanes (4-way). The planned walk rotates the columns.
  TileAccess result{{64, 64}, 4, Layout::colMajor()};
  TileAccess operand{{64, 64}, 2, Layout::rowMajor(3)};
  Wavefronts plain = elementWalkWavefronts(ElementWalk(), result, operand, 128);
  EXPECT_EQ(plain.conflictFree, 2 * 4096 / 32);
  EXPECT_EQ(plain.taken - plain.conflictFree, 3 * 4096 / 32);
  ElementWalk walk = planElementWalk(result, operand, 128);
  ASSERT_FALSE(walk.isPlain());
  EXPECT_EQ(walk.rotated, 1);
  EXPECT_EQ(walk.along, 0);
  Wavefronts planned = elementWalkWavefronts(walk, result, operand, 128);
  EXPECT_EQ(planned.taken, planned.conflictFree);

  // The rotation visits every element once.
  std::set<std::pair<int64_t, int64_t>> seen;
  for (int64_t r = 0; r < 64; ++r)
    for (int64_t c = 0; c < 64; ++c) {
      llvm::SmallVector<int64_t, 2> index = {r, c};
      walk.apply(result.shape, index);
      seen.insert({index[0], index[1]});
    }
  EXPECT_EQ(seen.size(), 4096u);

  // A read in the result's own order is conflict-free: the plain walk.
  EXPECT_TRUE(
      planElementWalk(result, TileAccess{{64, 64}, 2, Layout::colMajor()}, 128)
          .isPlain());
  // A broadcast row (one value per column) needs no rotation either.
  EXPECT_TRUE(
      planElementWalk(result, TileAccess{{1, 64}, 4, Layout::rowMajor()}, 128)
          .isPlain());
}

TEST(LayoutTest, ElementWalkNeverCostsMore) {
  // Over random tiles and layouts the planned walk takes at most the plain
  // walk's wavefronts, and a sampled count is the whole count's prefix.
  std::mt19937 rng(7);
  const Layout layouts[] = {Layout::rowMajor(),  Layout::colMajor(),
                            Layout::rowMajor(1), Layout::rowMajor(2),
                            Layout::rowMajor(3), Layout::colMajor(3)};
  const int64_t extents[] = {8, 16, 32, 64};
  for (int trial = 0; trial < 60; ++trial) {
    int64_t rows = extents[rng() % 4], cols = extents[rng() % 4];
    TileAccess result{{rows, cols}, rng() % 2 ? 4 : 2, layouts[rng() % 2]};
    TileAccess operand{{rows, cols}, rng() % 2 ? 4 : 2, layouts[rng() % 6]};
    std::string why;
    if (!isAddressableTileLayout(operand.shape, operand.elementBytes,
                                 operand.layout, &why))
      continue;
    Wavefronts plain =
        elementWalkWavefronts(ElementWalk(), result, operand, 128);
    ElementWalk walk = planElementWalk(result, operand, 128);
    Wavefronts planned = elementWalkWavefronts(walk, result, operand, 128);
    EXPECT_LE(planned.taken, plain.taken);
    EXPECT_EQ(planned.conflictFree, plain.conflictFree);
    Wavefronts prefix =
        elementWalkWavefronts(walk, result, operand, 128, true, 256);
    EXPECT_LE(prefix.taken, planned.taken);
  }
}

TEST(LayoutTest, SectorWaste) {
  // A 1x64x1 box of a 2x256x16 f16 tensor: 2-byte runs in row-major (each
  // fetches a whole 32-byte sector), 128-byte runs in column-major.
  EXPECT_DOUBLE_EQ(sectorWaste({2, 256, 16}, {1, 64, 1}, 2, Layout::rowMajor()),
                   16.0);
  EXPECT_DOUBLE_EQ(sectorWaste({2, 256, 16}, {1, 64, 1}, 2, Layout::colMajor()),
                   1.0);
  // A box of whole rows is one run.
  EXPECT_DOUBLE_EQ(sectorWaste({1024, 64}, {16, 64}, 2, Layout::rowMajor()),
                   1.0);
  // 48-byte runs at multiples of 48 touch 2 sectors each: 64 bytes per 48.
  EXPECT_DOUBLE_EQ(sectorWaste({8, 48}, {8, 24}, 2, Layout::rowMajor()),
                   64.0 / 48.0);
  // 8-byte runs: a sector per run.
  EXPECT_DOUBLE_EQ(sectorWaste({64, 64}, {64, 4}, 2, Layout::rowMajor()), 4.0);
}

//===----------------------------------------------------------------------===//
// The checker and the solver on hand-made problems
//===----------------------------------------------------------------------===//

LayoutTensor tensor(std::string name, std::vector<Layout> candidates) {
  LayoutTensor t;
  t.name = std::move(name);
  t.candidates.assign(candidates.begin(), candidates.end());
  return t;
}

LayoutProblem twoTensors() {
  LayoutProblem p;
  p.addTensor(tensor("a", {Layout::rowMajor(), Layout::colMajor()}));
  p.addTensor(tensor(
      "b", {Layout::rowMajor(), Layout::colMajor(), Layout::rowMajor(3)}));
  return p;
}

TEST(LayoutTest, CheckerNamesTheViolatedConstraint) {
  LayoutProblem p = twoTensors();
  p.forbids.push_back({1, 2, "no swizzle here"});
  p.forbidPairs.push_back({0, 1, 1, 0, "orders must agree"});
  p.capacities.push_back({{{0, 1, 3}, {1, 1, 2}}, 4, "budget"});
  std::string why;
  LayoutConstraintRef ref;
  EXPECT_TRUE(succeeded(checkLayoutAssignment(p, {0, 0})));
  EXPECT_TRUE(succeeded(checkLayoutAssignment(p, {0, 1})));

  EXPECT_TRUE(failed(checkLayoutAssignment(p, {0}, &why)));
  EXPECT_TRUE(failed(checkLayoutAssignment(p, {0, 3}, &why, &ref)));
  EXPECT_EQ(ref.kind, LayoutConstraintRef::ExactlyOne);
  EXPECT_EQ(ref.index, 1);

  EXPECT_TRUE(failed(checkLayoutAssignment(p, {0, 2}, &why, &ref)));
  EXPECT_EQ(ref.kind, LayoutConstraintRef::Forbid);
  EXPECT_NE(why.find("b is row_major_swizzle<3,4,3>: no swizzle here"),
            std::string::npos)
      << why;

  EXPECT_TRUE(failed(checkLayoutAssignment(p, {1, 0}, &why, &ref)));
  EXPECT_EQ(ref.kind, LayoutConstraintRef::ForbidPair);
  EXPECT_NE(why.find("a as col_major excludes b as row_major"),
            std::string::npos)
      << why;

  EXPECT_TRUE(failed(checkLayoutAssignment(p, {1, 1}, &why, &ref)));
  EXPECT_EQ(ref.kind, LayoutConstraintRef::Capacity);
  EXPECT_NE(why.find("uses 5 of budget (limit 4)"), std::string::npos) << why;
}

TEST(LayoutTest, PairCostsNeedTheProduct) {
  // Unary costs alone would pick (row, row); the pair cost of that product
  // makes (col, col) best. Only a correct linearization finds it.
  LayoutProblem p = twoTensors();
  p.costs.push_back({0, -1, {0, 10}, -1});
  p.costs.push_back({1, -1, {0, 10, 30}, -1});
  p.costs.push_back({0, 1, {100, 50, 40, 60, 0, 70}, -1});
  p.costs.push_back({-1, -1, {7}, -1});
  llvm::FailureOr<LayoutSolution> s = solveLayoutProblem(p);
  ASSERT_TRUE(succeeded(s));
  EXPECT_EQ(s->assignment, (LayoutAssignment{1, 1}));
  EXPECT_EQ(s->objective, 10 + 10 + 0 + 7);
  EXPECT_EQ(s->numVariables, 5u + s->numAuxiliary);
  // Entries equal to the table's minimum need no product variable.
  EXPECT_EQ(s->numAuxiliary, 5u);
  solveAndCheck(p);
}

TEST(LayoutTest, TiesGoToThePlainerCandidate) {
  LayoutProblem p = twoTensors();
  llvm::FailureOr<LayoutSolution> s = solveLayoutProblem(p);
  ASSERT_TRUE(succeeded(s));
  EXPECT_EQ(s->assignment, (LayoutAssignment{0, 0}));
  EXPECT_EQ(s->objective, 0);
}

TEST(LayoutTest, InfeasibleProblemsNameTheirConflict) {
  LayoutProblem p = twoTensors();
  ASSERT_TRUE(succeeded(pinLayout(p, 0, Layout::colMajor(), "pinned")));
  ASSERT_TRUE(succeeded(pinLayout(p, 1, Layout::colMajor(), "pinned too")));
  p.capacities.push_back({{{0, 1, 3}, {1, 1, 2}}, 4, "budget"});
  // Irrelevant to the conflict.
  p.forbidPairs.push_back({0, 0, 1, 2, "unrelated"});
  std::string why;
  std::vector<LayoutConstraintRef> conflict;
  EXPECT_TRUE(failed(solveLayoutProblem(p, {}, &why, &conflict)));
  EXPECT_EQ(conflict.size(), 3u) << why;
  EXPECT_NE(why.find("a cannot be row_major: pinned"), std::string::npos)
      << why;
  EXPECT_NE(why.find("b cannot be row_major, row_major_swizzle<3,4,3>: "
                     "pinned too"),
            std::string::npos)
      << why;
  EXPECT_NE(why.find("budget (limit 4): a as col_major takes 3; b as "
                     "col_major takes 2"),
            std::string::npos)
      << why;
  EXPECT_EQ(why.find("unrelated"), std::string::npos) << why;
  solveAndCheck(p);

  std::string error;
  EXPECT_TRUE(failed(pinLayout(p, 0, Layout::rowMajor(3), "x", &error)));
  EXPECT_EQ(error, "layout 'row_major_swizzle<3,4,3>' is not a candidate of "
                   "a; candidates: row_major, col_major");
}

TEST(LayoutTest, MalformedProblemsAreRejected) {
  LayoutProblem p = twoTensors();
  p.costs.push_back({0, 1, {1, 2, 3}, -1});
  std::string why;
  EXPECT_TRUE(failed(solveLayoutProblem(p, {}, &why)));
  EXPECT_EQ(why, "a cost table does not match its tensors");
  LayoutProblem q = twoTensors();
  q.forbids.push_back({2, 0, "?"});
  EXPECT_TRUE(failed(solveLayoutProblem(q, {}, &why)));
  EXPECT_EQ(why, "a forbidden candidate is out of range");
}

/// Random problems: 1 to 6 tensors of 1 to 4 candidates, unary, pair and
/// constant costs (some negative), forbidden candidates and pairs, and
/// capacities; about a third come out infeasible. Every one is small enough
/// to enumerate.
LayoutProblem randomProblem(std::mt19937 &rng) {
  auto below = [&](int n) { return static_cast<int>(rng() % n); };
  std::vector<Layout> pool = {Layout::rowMajor(), Layout::colMajor(),
                              Layout::rowMajor(2), Layout::colMajor(3)};
  LayoutProblem p;
  int n = 1 + below(6);
  for (int t = 0; t < n; ++t) {
    int k = 1 + below(4);
    p.addTensor(tensor("t" + std::to_string(t),
                       std::vector<Layout>(pool.begin(), pool.begin() + k)));
  }
  auto cost = [&] { return int64_t(below(1000)) - (below(5) ? 0 : 500); };
  for (int c = 0, m = below(3 * n); c < m; ++c) {
    LayoutCost u;
    u.a = below(n);
    u.owner = below(2);
    for (int i = 0; i < p.numCandidates(u.a); ++i)
      u.cost.push_back(cost());
    p.costs.push_back(u);
  }
  for (int c = 0, m = below(3 * n); c < m; ++c) {
    LayoutCost pc;
    pc.a = below(n);
    pc.b = below(n); // may equal a: only the diagonal counts then
    pc.owner = below(2);
    for (int i = 0; i < p.numCandidates(pc.a) * p.numCandidates(pc.b); ++i)
      pc.cost.push_back(below(3) ? cost() : 0);
    p.costs.push_back(pc);
  }
  if (below(2))
    p.costs.push_back({-1, -1, {cost()}, 0});
  for (int c = 0, m = below(n + 1); c < m; ++c) {
    int t = below(n);
    p.forbids.push_back(
        {t, below(p.numCandidates(t)), "reason " + std::to_string(below(2))});
  }
  for (int c = 0, m = below(n + 1); c < m; ++c) {
    int a = below(n), b = below(n);
    p.forbidPairs.push_back(
        {a, below(p.numCandidates(a)), b, below(p.numCandidates(b)), "pair"});
  }
  if (below(3) == 0) {
    LayoutCapacity cap;
    cap.why = "capacity";
    for (int t = 0; t < n; ++t)
      for (int c = 1; c < p.numCandidates(t); ++c)
        cap.terms.push_back({t, c, 1 + below(4)});
    cap.limit = below(2 * n + 1);
    p.capacities.push_back(cap);
  }
  return p;
}

TEST(LayoutTest, RandomProblemsMatchBruteForce) {
  std::mt19937 rng(20261122);
  int feasible = 0, infeasible = 0;
  for (int i = 0; i < 300; ++i) {
    SCOPED_TRACE("random problem " + std::to_string(i));
    LayoutProblem p = randomProblem(rng);
    bool enumerated = false;
    (solveAndCheck(p, &enumerated) ? feasible : infeasible) += 1;
    ASSERT_TRUE(enumerated);
    if (HasFailure())
      return;
  }
  // Both kinds occur often enough for the test to mean something.
  EXPECT_GE(feasible, 100);
  EXPECT_GE(infeasible, 30);
}

//===----------------------------------------------------------------------===//
// The problem of a µGraph
//===----------------------------------------------------------------------===//

/// The layout chosen for `t`.
Layout chosen(const LayoutProblem &p, const LayoutSolution &s, int t) {
  return p.tensors[t].candidates[s.assignment[t]];
}

/// The tensor of the tile `value` of kernel op `kernel`, or of the registers
/// of op `op`.
int tileTensor(const LayoutProblem &p, const Graph &program, int kernel,
               int value) {
  const Graph &g = *program.ops[kernel].body;
  for (size_t t = 0; t < p.tensors.size(); ++t) {
    const LayoutTensor &x = p.tensors[t];
    if (x.level == LayoutLevel::Block && x.kernelOp == kernel &&
        g.ops[x.op].results[x.result] == value)
      return t;
  }
  ADD_FAILURE() << "no tile tensor for %" << value;
  return 0;
}

LayoutSolution solve(const LayoutProblem &p) {
  std::string why;
  llvm::FailureOr<LayoutSolution> s = solveLayoutProblem(p, {}, &why);
  EXPECT_TRUE(succeeded(s)) << why;
  return succeeded(s) ? *s : LayoutSolution();
}

LayoutProblem build(const Graph &program, const TargetDesc &target,
                    const LayoutOptions &options = {}) {
  std::string why;
  llvm::FailureOr<LayoutProblem> p =
      buildLayoutProblem(program, target, options, &why);
  EXPECT_TRUE(succeeded(p)) << why;
  return succeeded(p) ? *p : LayoutProblem();
}

/// C = A·B for A 64x256 and B 256x64 in f16: one block, four 64-wide steps
/// of k, tensor cores.
struct MatmulKernel {
  Graph program;
  int at, bt, product, acc;
};

MatmulKernel matmulKernel() {
  Graph bg = blockGraph({1}, 4);
  int a = bg.addInput(tt({64, 256})), b = bg.addInput(tt({256, 64}));
  MatmulKernel k;
  k.at = blockInput(bg, a, {R, R, R}, 1, {64, 64});
  k.bt = blockInput(bg, b, {R, R, R}, 0, {64, 64});
  k.product = add(bg, OpKind::Matmul, {k.at, k.bt}, {64, 64});
  k.acc = accum(bg, k.product, R, AccumKind::Sum, {64, 64});
  blockOutput(bg, k.acc, {R, R, R}, {64, 64});
  setDType(bg, DType::F16);
  k.program = kernelGraph(std::move(bg));
  setDType(k.program, DType::F16);
  return k;
}

TEST(LayoutTest, MatmulOperandsGetSwizzledTiles) {
  MatmulKernel k = matmulKernel();
  for (const TargetDesc *target : {&sm80(), &sm90()}) {
    SCOPED_TRACE(target->name.str());
    LayoutProblem p = build(k.program, *target);
    LayoutSolution s = solve(p);
    // Both operands keep the device tensors' order (16-byte copies) with the
    // 128-byte swizzle: conflict-free for ldmatrix, canonical for wgmma.
    EXPECT_EQ(chosen(p, s, tileTensor(p, k.program, 0, k.at)),
              Layout::rowMajor(3));
    EXPECT_EQ(chosen(p, s, tileTensor(p, k.program, 0, k.bt)),
              Layout::rowMajor(3));
    // The sums stay in the mma registers for the whole loop: the product
    // is never stored, so nothing prices its tile.
    int product = tileTensor(p, k.program, 0, k.product);
    for (const LayoutCost &c : p.costs) {
      EXPECT_NE(c.a, product);
      EXPECT_NE(c.b, product);
    }
    solveAndCheck(p);
  }
}

TEST(LayoutTest, ColumnBoxesKeepDeviceTensorsRowMajor) {
  // Kernel 1 writes T (256x16) one 256x1 column per block; kernel 2 reads it
  // in 64x1 columns. Row-major T wastes 15/16 of every sector both ways,
  // but the lowering stores device tensors row-major: T's one candidate.
  Graph program;
  int x = program.addInput(tt({256, 16}));
  Graph k1 = blockGraph({16}, 1);
  {
    int xb = k1.addInput(tt({256, 16}));
    int xt = blockInput(k1, xb, {1, R, R}, R, {256, 1});
    int e = add(k1, OpKind::Exp, {xt}, {256, 1});
    int s = accum(k1, e, R, AccumKind::Sum, {256, 1});
    blockOutput(k1, s, {1, R, R}, {256, 16});
  }
  int t = kernel(program, std::move(k1), {x});
  Graph k2 = blockGraph({4, 16}, 1);
  {
    int tb = k2.addInput(tt({256, 16}));
    int tt2 = blockInput(k2, tb, {0, 1, R}, R, {64, 1});
    int s = accum(k2, tt2, R, AccumKind::Sum, {64, 1});
    int n = add(k2, OpKind::Neg, {s}, {64, 1});
    blockOutput(k2, n, {0, 1, R}, {256, 16});
  }
  int y = kernel(program, std::move(k2), {t});
  program.outputs.push_back(y);
  setDType(program, DType::F16);

  for (const TargetDesc *target : {&sm80(), &sm90()}) {
    LayoutProblem p = build(program, *target);
    // One kernel-level tensor: T. The program's input and output have none.
    int kernelLevel = 0, tTensor = -1;
    for (size_t i = 0; i < p.tensors.size(); ++i)
      if (p.tensors[i].level == LayoutLevel::Kernel) {
        ++kernelLevel;
        tTensor = i;
      }
    ASSERT_EQ(kernelLevel, 1);
    EXPECT_EQ(p.tensors[tTensor].kernelOp, 0);
    EXPECT_EQ(p.numCandidates(tTensor), 1);
    LayoutSolution s = solve(p);
    EXPECT_EQ(chosen(p, s, tTensor), Layout::rowMajor());
    solveAndCheck(p);
  }
}

TEST(LayoutTest, ElementwiseChainKeepsOneOrder) {
  // exp, neg, mul on 32x64 f32 tiles read from a row-major input: every tile
  // stays row-major (another order would cost conversions).
  Graph bg = blockGraph({4}, 2);
  int xb = bg.addInput(tt({128, 128}));
  int xt = blockInput(bg, xb, {0, R, R}, 1, {32, 64});
  int e = add(bg, OpKind::Exp, {xt}, {32, 64});
  int n = add(bg, OpKind::Neg, {e}, {32, 64});
  int m = add(bg, OpKind::Mul, {n, xt}, {32, 64});
  int s = accum(bg, m, R, AccumKind::Sum, {32, 64});
  blockOutput(bg, s, {0, R, R}, {128, 64});
  Graph program = kernelGraph(std::move(bg));
  LayoutProblem p = build(program, sm80());
  LayoutSolution sol = solve(p);
  for (int v : {xt, e, n, m, s})
    EXPECT_EQ(chosen(p, sol, tileTensor(p, program, 0, v)), Layout::rowMajor())
        << "%" << v;
  solveAndCheck(p);
}

TEST(LayoutTest, TransposedTileTakesTheSwizzleItsReaderWants) {
  // K^T of a row-major K tile: the transpose walks K^T element by element
  // (the element walk, which the lowering emits), rotated so that a warp's
  // reads down K's columns spread over the banks; K^T then takes the
  // layout its reader loads best, row-major with the 128-byte swizzle
  // (ldmatrix.trans of the B operand, conflict-free).
  Graph bg = blockGraph({1}, 4);
  int qb = bg.addInput(tt({64, 64})), kb = bg.addInput(tt({256, 64}));
  int qt = blockInput(bg, qb, {R, R, R}, R, {64, 64});
  int kt = blockInput(bg, kb, {R, R, R}, 0, {64, 64});
  int ktt = transpose(bg, kt, {1, 0}, {64, 64});
  int st = add(bg, OpKind::Matmul, {qt, ktt}, {64, 64});
  int acc = accum(bg, st, R, AccumKind::Max, {64, 64});
  blockOutput(bg, acc, {R, R, R}, {64, 64});
  setDType(bg, DType::F16);
  Graph program = kernelGraph(std::move(bg));
  setDType(program, DType::F16);
  LayoutProblem p = build(program, sm80());
  LayoutSolution s = solve(p);
  EXPECT_EQ(chosen(p, s, tileTensor(p, program, 0, ktt)), Layout::rowMajor(3));
  // K's tile is only copied: 16-byte chunks in and out, conflict-free in
  // any row-major form, so the plain one wins the tie.
  EXPECT_EQ(chosen(p, s, tileTensor(p, program, 0, kt)), Layout::rowMajor());
  solveAndCheck(p);
}

TEST(LayoutTest, Sm80ForbidsOperandsLdmatrixCannotLoad) {
  // A 2x128 operand (computed in the block: an iterator's tile keeps its
  // rows for its copies): column-major would give 4-byte rows.
  Graph bg = blockGraph({1}, 1);
  int ab = bg.addInput(tt({2, 128})), bb = bg.addInput(tt({128, 64}));
  int in = blockInput(bg, ab, {R, R, R}, R, {2, 128});
  int at = add(bg, OpKind::Neg, {in}, {2, 128});
  int bt = blockInput(bg, bb, {R, R, R}, R, {128, 64});
  int c = add(bg, OpKind::Matmul, {at, bt}, {2, 64});
  int acc = accum(bg, c, R, AccumKind::Sum, {2, 64});
  blockOutput(bg, acc, {R, R, R}, {2, 64});
  setDType(bg, DType::F16);
  Graph program = kernelGraph(std::move(bg));
  setDType(program, DType::F16);
  LayoutProblem p = build(program, sm80());
  int a = tileTensor(p, program, 0, at);
  int col = p.findCandidate(a, Layout::colMajor());
  ASSERT_GE(col, 0);
  bool forbidden = false;
  for (const LayoutForbid &f : p.forbids)
    forbidden |= f.tensor == a && f.candidate == col;
  EXPECT_TRUE(forbidden);
  EXPECT_NE(chosen(p, solve(p), a), Layout::colMajor());

  // Pinned column-major anyway: infeasible, and the conflict is the pin and
  // the ldmatrix rule.
  ASSERT_TRUE(
      succeeded(pinLayout(p, a, Layout::colMajor(), "pinned by a test")));
  std::string why;
  std::vector<LayoutConstraintRef> conflict;
  EXPECT_TRUE(failed(solveLayoutProblem(p, {}, &why, &conflict)));
  EXPECT_EQ(conflict.size(), 2u) << why;
  EXPECT_NE(why.find("cannot be col_major: a tensor-core matmul operand "
                     "needs whole 16-byte rows along its contiguous dim "
                     "(ldmatrix)"),
            std::string::npos)
      << why;
  EXPECT_NE(why.find("cannot be row_major, row_major_swizzle<3,4,4>, "
                     "row_major_swizzle<3,4,3>, col_major_pad<12>: pinned by "
                     "a test"),
            std::string::npos)
      << why;
  solveAndCheck(p);

  // sm_90 alike: its kernels load fragments with ldmatrix too (the
  // lowering emits no wgmma yet), so the layouts are priced and forbidden
  // as on sm_80.
  LayoutProblem q = build(program, sm90());
  int a90 = tileTensor(q, program, 0, at);
  bool forbidden90 = false;
  for (const LayoutForbid &f : q.forbids)
    forbidden90 |= f.tensor == a90 && f.candidate == col;
  EXPECT_TRUE(forbidden90);
  EXPECT_NE(chosen(q, solve(q), a90), Layout::colMajor());
}

/// Problems of random block graphs on both targets: the solution satisfies
/// every constraint and, where the problem is small enough to enumerate,
/// matches brute force. In a third of the graphs random tensors are pinned
/// to random candidates, in another third one tensor is pinned to a layout
/// ldmatrix cannot load (sm_80): the solver reports infeasibility exactly
/// when brute force finds no assignment.
TEST(LayoutTest, RandomBlockGraphsMatchBruteForce) {
  int enumerated = 0, infeasible = 0, total = 0;
  for (uint32_t seed = 1; seed <= 120; ++seed) {
    Graph program = kernelGraph(randomBlockGraph(seed));
    for (const TargetDesc *target : {&sm80(), &sm90()}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " on " +
                   target->name.str());
      LayoutProblem p = build(program, *target);
      std::mt19937 rng(seed);
      if (seed % 3 == 1) {
        for (size_t t = 0; t < p.tensors.size(); ++t)
          if (rng() % 3 == 0) {
            Layout l = p.tensors[t].candidates[rng() % p.numCandidates(t)];
            ASSERT_TRUE(succeeded(pinLayout(p, t, l, "pinned by a test")));
          }
      } else if (seed % 3 == 2 && !p.forbids.empty()) {
        // Pin a tensor to a layout the ldmatrix rule forbids.
        LayoutForbid f = p.forbids[rng() % p.forbids.size()];
        Layout l = p.tensors[f.tensor].candidates[f.candidate];
        ASSERT_TRUE(succeeded(pinLayout(p, f.tensor, l, "pinned by a test")));
      }
      bool small = false;
      if (!solveAndCheck(p, &small))
        ++infeasible;
      enumerated += small;
      ++total;
      if (HasFailure())
        return;
    }
  }
  EXPECT_GE(enumerated, 40) << "of " << total;
  EXPECT_GE(infeasible, 4) << "of " << total;
}

} // namespace
