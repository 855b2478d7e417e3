//===- MemoryPlanTest.cpp - Tests of the shared-memory plan ---------------===//

#include "tsopt/Optimize/MemoryPlan.h"
#include "RandomBlockGraph.h"
#include "TestGraphs.h"
#include "tsopt/Core/Target.h"

#include "llvm/Support/MathExtras.h"

#include "gtest/gtest.h"

#include <functional>

using namespace tsopt;
using namespace tsopt::test;

namespace {

Schedule schedule(const Graph &bg) {
  llvm::FailureOr<Schedule> s = scheduleBlockGraph(bg);
  EXPECT_TRUE(succeeded(s));
  return succeeded(s) ? *s : Schedule();
}

MemoryPlan plan(const Graph &bg) {
  std::string why;
  llvm::FailureOr<MemoryPlan> p = planSharedMemory(bg, kTileAlignment, &why);
  EXPECT_TRUE(succeeded(p)) << why;
  return succeeded(p) ? *p : MemoryPlan();
}

const TileAllocation &tile(const MemoryPlan &p, int value) {
  const TileAllocation *t = p.lookup(value);
  EXPECT_NE(t, nullptr) << "no tile for value " << value;
  static const TileAllocation none;
  return t ? *t : none;
}

bool overlapInMemory(const TileAllocation &a, const TileAllocation &b) {
  return a.offset < b.offset + b.bytes && b.offset < a.offset + a.bytes;
}

/// An input iterator giving an 8x16 f32 (512-byte) tile that changes every
/// iteration of a 4-iteration loop.
int loopInput(Graph &bg) {
  int t = bg.addInput(tt({8, 64}));
  return blockInput(bg, t, {R, R, R}, 1, {8, 16});
}

TEST(MemoryPlanTest, ChainReusesMemory) {
  // x -> exp -> neg -> sqrt -> accum -> output: steps 0..4, output 5.
  Graph bg = blockGraph({1}, 4);
  int x = loopInput(bg);
  int e = add(bg, OpKind::Exp, {x}, {8, 16});
  int n = add(bg, OpKind::Neg, {e}, {8, 16});
  int q = add(bg, OpKind::Sqrt, {n}, {8, 16});
  int s = accum(bg, q, R, AccumKind::Sum, {8, 16});
  blockOutput(bg, s, {R, R, R}, {8, 16});

  MemoryPlan p = plan(bg);
  ASSERT_EQ(p.tiles.size(), 5u); // the output saver writes device memory
  // The accumulator is live from the loop's start to the output saver.
  EXPECT_EQ(tile(p, s).firstStep, 0);
  EXPECT_EQ(tile(p, s).lastStep, 5);
  EXPECT_EQ(tile(p, x).firstStep, 0);
  EXPECT_EQ(tile(p, x).lastStep, 1);
  EXPECT_EQ(tile(p, e).firstStep, 1);
  EXPECT_EQ(tile(p, e).lastStep, 2);
  // Equal sizes: placed by first step, then value id (x before s).
  EXPECT_EQ(tile(p, x).offset, 0);
  EXPECT_EQ(tile(p, s).offset, 512);
  EXPECT_EQ(tile(p, e).offset, 1024);
  EXPECT_EQ(tile(p, n).offset, 0); // x is dead by step 2
  EXPECT_EQ(tile(p, q).offset, 1024);
  EXPECT_EQ(p.totalBytes, 1536);
  EXPECT_EQ(p.peakLiveBytes, 1536); // optimal
  EXPECT_EQ(p.noReuseBytes, 2560);
  EXPECT_EQ(p.noReuseBytes, sharedMemoryUpperBound(bg));
  EXPECT_TRUE(succeeded(verifyPlan(bg, schedule(bg), p)));
}

TEST(MemoryPlanTest, OpsOfOneStepDoNotShare) {
  // exp reads x in step 1 while neg writes its result in step 1: they run
  // concurrently, so neg's tile cannot take x's memory although x is dead
  // after exp.
  Graph bg = blockGraph({1}, 4);
  int x = loopInput(bg);
  int z = loopInput(bg);
  int e = add(bg, OpKind::Exp, {x}, {8, 16});
  int n = add(bg, OpKind::Neg, {z}, {8, 16});
  int m = add(bg, OpKind::Mul, {e, n}, {8, 16});
  int s = accum(bg, m, R, AccumKind::Sum, {8, 16});
  blockOutput(bg, s, {R, R, R}, {8, 16});

  MemoryPlan p = plan(bg);
  EXPECT_EQ(tile(p, x).lastStep, 1);
  EXPECT_EQ(tile(p, n).firstStep, 1);
  EXPECT_TRUE(tile(p, x).overlapsInTime(tile(p, n)));
  EXPECT_FALSE(overlapInMemory(tile(p, x), tile(p, n)));
  // m (step 2) may reuse x or z (dead after step 1).
  EXPECT_TRUE(overlapInMemory(tile(p, m), tile(p, x)) ||
              overlapInMemory(tile(p, m), tile(p, z)));
}

TEST(MemoryPlanTest, LoopInvariantTilesLiveForTheWholeLoop) {
  // q is the same in every iteration (fmap = replica), so are exp(q); a
  // lowering may compute them once, so they live in every loop step.
  auto build = [](int64_t forloop, int &q, int &eq, int &k, int &m) {
    Graph bg = blockGraph({1}, forloop);
    int qt = bg.addInput(tt({8, 16}));
    q = blockInput(bg, qt, {R, R, R}, R, {8, 16});
    int kt = bg.addInput(tt({8, 16 * forloop}));
    k = blockInput(bg, kt, {R, R, R}, 1, {8, 16});
    eq = add(bg, OpKind::Exp, {q}, {8, 16});
    m = add(bg, OpKind::Mul, {eq, k}, {8, 16});
    int s = accum(bg, m, R, AccumKind::Sum, {8, 16});
    blockOutput(bg, s, {R, R, R}, {8, 16});
    return bg;
  };
  int q, eq, k, m;
  Graph bg = build(4, q, eq, k, m);
  MemoryPlan p = plan(bg);
  // Loop steps: q, k 0; exp 1; mul 2; accum 3.
  EXPECT_EQ(tile(p, q).firstStep, 0);
  EXPECT_EQ(tile(p, q).lastStep, 3);
  EXPECT_EQ(tile(p, eq).firstStep, 0);
  EXPECT_EQ(tile(p, eq).lastStep, 3);
  EXPECT_EQ(tile(p, k).lastStep, 2); // recomputed every iteration
  EXPECT_EQ(tile(p, m).firstStep, 2);
  EXPECT_FALSE(overlapInMemory(tile(p, m), tile(p, q)));

  // One iteration: nothing is read by a later iteration. The accumulator
  // passes the product through and the output saver (step 4) computes the
  // product itself: it has no tile, and its operands live until the saver.
  Graph once = build(1, q, eq, k, m);
  MemoryPlan p1 = plan(once);
  EXPECT_EQ(tile(p1, q).lastStep, 1);
  EXPECT_EQ(tile(p1, eq).firstStep, 1);
  EXPECT_EQ(tile(p1, eq).lastStep, 4);
  EXPECT_EQ(tile(p1, k).lastStep, 4);
  EXPECT_EQ(p1.lookup(m), nullptr);
  EXPECT_LT(p1.totalBytes, p.totalBytes);
}

TEST(MemoryPlanTest, DeadTileLivesInItsStep) {
  Graph bg = blockGraph({1}, 4);
  int x = loopInput(bg);
  int dead = add(bg, OpKind::Exp, {x}, {8, 16});
  int s = accum(bg, x, R, AccumKind::Sum, {8, 16});
  int deadPost = add(bg, OpKind::Neg, {s}, {8, 16});
  blockOutput(bg, s, {R, R, R}, {8, 16});
  MemoryPlan p = plan(bg);
  EXPECT_EQ(tile(p, dead).firstStep, 1);
  EXPECT_EQ(tile(p, dead).lastStep, 1);
  EXPECT_EQ(tile(p, deadPost).firstStep, 2);
  EXPECT_EQ(tile(p, deadPost).lastStep, 2);
}

TEST(MemoryPlanTest, Alignment) {
  // Tiles of 2 and 8 bytes, all live at once, land on 16-byte boundaries.
  Graph bg = blockGraph({1}, 1);
  int t = bg.addInput(tt({2, 2}));
  int x = blockInput(bg, t, {R, R, R}, R, {2, 2});
  int r = reduce(bg, OpKind::ReduceSum, x, 1, {2, 1});
  int c = reduce(bg, OpKind::ReduceSum, r, 0, {1, 1});
  int m = add(bg, OpKind::Mul, {x, c}, {2, 2});
  int s = accum(bg, m, R, AccumKind::Sum, {2, 2});
  blockOutput(bg, s, {R, R, R}, {2, 2});
  bg.values[c].dtype = DType::F16;

  MemoryPlan p = plan(bg);
  for (const TileAllocation &a : p.tiles)
    EXPECT_EQ(a.offset % 16, 0) << "value " << a.value;
  EXPECT_TRUE(succeeded(verifyPlan(bg, schedule(bg), p)));
  // Padding may make the plan exceed the unaligned sum, never the aligned.
  int64_t aligned = 0;
  for (const TileAllocation &a : p.tiles)
    aligned += llvm::alignTo(a.bytes, 16);
  EXPECT_LE(p.totalBytes, aligned);

  llvm::FailureOr<MemoryPlan> p64 = planSharedMemory(bg, 64);
  ASSERT_TRUE(succeeded(p64));
  for (const TileAllocation &a : p64->tiles)
    EXPECT_EQ(a.offset % 64, 0) << "value " << a.value;
  EXPECT_TRUE(succeeded(verifyPlan(bg, schedule(bg), *p64)));

  std::string why;
  EXPECT_TRUE(failed(planSharedMemory(bg, 24, &why)));
  EXPECT_NE(why.find("alignment 24 is not a power of two"), std::string::npos)
      << why;
}

TEST(MemoryPlanTest, Errors) {
  std::string why;
  Graph notBlock;
  EXPECT_TRUE(failed(planSharedMemory(notBlock, kTileAlignment, &why)));
  EXPECT_NE(why.find("not a block graph"), std::string::npos) << why;

  Graph bg = blockGraph({1}, 4);
  int x = loopInput(bg);
  int s = accum(bg, x, R, AccumKind::Sum, {8, 16});
  blockOutput(bg, s, {R, R, R}, {8, 16});
  Schedule other = schedule(blockGraph({1}, 4));
  EXPECT_TRUE(failed(planSharedMemory(bg, other, kTileAlignment, &why)));
  EXPECT_NE(why.find("not the graph's"), std::string::npos) << why;
  EXPECT_TRUE(failed(verifyPlan(bg, other, plan(bg), &why)));
  EXPECT_NE(why.find("not the graph's"), std::string::npos) << why;
}

/// verifyPlan is not vacuous: it rejects every kind of broken plan.
TEST(MemoryPlanTest, VerifyPlanRejectsBrokenPlans) {
  Graph bg = blockGraph({1}, 4);
  int x = loopInput(bg);
  int e = add(bg, OpKind::Exp, {x}, {8, 16});
  int s = accum(bg, e, R, AccumKind::Sum, {8, 16});
  blockOutput(bg, s, {R, R, R}, {8, 16});
  Schedule sch = schedule(bg);
  MemoryPlan good = plan(bg);
  ASSERT_TRUE(succeeded(verifyPlan(bg, sch, good)));
  auto at = [&](MemoryPlan &p, int v) -> TileAllocation & {
    for (TileAllocation &t : p.tiles)
      if (t.value == v)
        return t;
    return p.tiles.front();
  };
  auto expectRejected = [&](const MemoryPlan &p, const char *needle) {
    std::string why;
    EXPECT_TRUE(failed(verifyPlan(bg, sch, p, &why)));
    EXPECT_NE(why.find(needle), std::string::npos) << why;
  };

  MemoryPlan overlap = good; // x and e are both live in step 1
  at(overlap, e).offset = at(overlap, x).offset;
  expectRejected(overlap, "are live at once and overlap");

  MemoryPlan partial = good; // 256 bytes into a 512-byte tile
  at(partial, e).offset = at(partial, x).offset + 256;
  partial.totalBytes =
      std::max(partial.totalBytes, at(partial, e).offset + 512);
  expectRejected(partial, "overlap");

  MemoryPlan misaligned = good;
  at(misaligned, s).offset += 8;
  misaligned.totalBytes += 8;
  expectRejected(misaligned, "multiple of 16");

  MemoryPlan outside = good;
  outside.totalBytes -= 16;
  expectRejected(outside, "ends past the plan's total");

  MemoryPlan missing = good;
  missing.tiles.pop_back();
  expectRejected(missing, "places 2 tiles, the graph has 3");

  MemoryPlan shrunk = good; // a tile's lifetime does not match the graph's
  at(shrunk, s).firstStep = 1;
  expectRejected(shrunk, "does not match");
}

//===----------------------------------------------------------------------===//
// Property tests on random block graphs
//===----------------------------------------------------------------------===//

/// How a lowering may run loop-invariant ops; the plan must hold for each.
enum class InvariantMode { EveryIteration, BeforeLoop, FirstIteration };

/// Loop-invariant tiles, found from the definition independently of the
/// planner: a loop value whose backward cone reaches only input iterators
/// with fmap = replica (and no accumulator).
std::vector<bool> invariantValues(const Graph &bg) {
  std::vector<int> producer(bg.values.size(), -1);
  for (size_t i = 0; i < bg.ops.size(); ++i)
    for (int r : bg.ops[i].results)
      producer[r] = static_cast<int>(i);
  std::vector<bool> inv(bg.values.size(), false);
  std::function<bool(int)> cone = [&](int v) -> bool {
    int p = producer[v];
    if (p < 0)
      return true; // a kernel tensor
    const Op &op = bg.ops[p];
    if (op.kind == OpKind::Accum || op.kind == OpKind::BlockOutput)
      return false;
    if (op.kind == OpKind::BlockInput)
      return op.fmap == kReplica;
    for (int u : op.operands)
      if (!cone(u))
        return false;
    return true;
  };
  if (bg.forloop > 1)
    for (size_t i = 0; i < bg.ops.size(); ++i)
      if (bg.ops[i].kind != OpKind::BlockOutput &&
          bg.ops[i].kind != OpKind::Accum)
        for (int r : bg.ops[i].results)
          inv[r] = cone(r);
  return inv;
}

/// The value whose tile holds `v`: a pass-through accumulator's result is
/// its operand's tile (isPassThroughAccum).
int tileValue(const Graph &bg, int v) {
  for (const Op &op : bg.ops)
    if (isPassThroughAccum(bg, op) && op.results[0] == v)
      return tileValue(bg, op.operands[0]);
  return v;
}

/// Runs the block graph on a byte-addressed shared memory, step by step, as
/// a kernel would: every op of a step reads its operands, then all write
/// their results (they run concurrently), then the operands must still hold
/// what their producers wrote. Each byte remembers which tile last wrote it.
/// Returns an empty string when every read saw its own tile, else the first
/// clobbered read.
std::string simulate(const Graph &bg, const Schedule &sch, const MemoryPlan &p,
                     InvariantMode mode) {
  std::vector<const TileAllocation *> where(bg.values.size(), nullptr);
  for (const TileAllocation &t : p.tiles)
    where[t.value] = &t;
  std::vector<bool> inv = invariantValues(bg);
  std::vector<int> mem(p.totalBytes, -1);
  auto write = [&](int v) {
    if (const TileAllocation *t = where[v])
      std::fill(mem.begin() + t->offset, mem.begin() + t->offset + t->bytes, v);
  };
  auto intact = [&](int v) {
    v = tileValue(bg, v);
    const TileAllocation *t = where[v];
    return !t || std::all_of(mem.begin() + t->offset,
                             mem.begin() + t->offset + t->bytes,
                             [&](int tag) { return tag == v; });
  };
  std::string error;
  // Runs `ops` as one step: the reads of accumulators (read-modify-write)
  // and operands happen before and during the step's writes.
  // A saver that computes an op reads that op's operands.
  std::vector<int> savedBy = opsComputedBySavers(bg);
  auto runStep = [&](const std::vector<int> &ops, const std::string &when) {
    auto checkReads = [&](const char *phase) {
      for (int i : ops) {
        std::vector<int> reads(bg.ops[i].operands.begin(),
                               bg.ops[i].operands.end());
        if (bg.ops[i].kind == OpKind::Accum)
          reads.push_back(bg.ops[i].results[0]);
        for (auto [j, saver] : llvm::enumerate(savedBy))
          if (saver == i)
            reads.insert(reads.end(), bg.ops[j].operands.begin(),
                         bg.ops[j].operands.end());
        for (int v : reads)
          if (error.empty() && !intact(v))
            error = "op " + std::to_string(i) + " reads a clobbered tile %" +
                    std::to_string(v) + " " + phase + " " + when;
      }
    };
    checkReads("entering");
    for (int i : ops)
      for (int r : bg.ops[i].results)
        write(r);
    checkReads("within");
  };

  std::vector<std::vector<int>> loopSteps(sch.numDepths[0]),
      postSteps(sch.numDepths[1]);
  std::vector<int> hoisted;
  for (int i : sch.order) {
    const Op &op = bg.ops[i];
    bool isInv = !op.results.empty() && inv[op.results[0]];
    if (sch.phase[i] == Phase::PostLoop)
      postSteps[sch.depth[i]].push_back(i);
    else if (isInv && mode == InvariantMode::BeforeLoop)
      hoisted.push_back(i);
    else
      loopSteps[sch.depth[i]].push_back(i);
  }
  for (const Op &op : bg.ops) // accumulators start before the loop
    if (op.kind == OpKind::Accum)
      write(op.results[0]);
  for (int i : hoisted)
    runStep({i}, "before the loop");
  for (int64_t it = 0; it < bg.forloop; ++it)
    for (size_t st = 0; st < loopSteps.size(); ++st) {
      std::vector<int> ops;
      for (int i : loopSteps[st])
        if (it == 0 || mode == InvariantMode::EveryIteration ||
            !inv[bg.ops[i].results[0]])
          ops.push_back(i);
      runStep(ops, "in iteration " + std::to_string(it) + " step " +
                       std::to_string(st));
    }
  for (size_t st = 0; st < postSteps.size(); ++st)
    runStep(postSteps[st], "after the loop, step " + std::to_string(st));
  return error;
}

/// Tiles live in step t, from the definition: written in t, read in t, or
/// written before t and read after it; accumulators from the loop's start
/// to their last read; loop-invariant tiles in every loop step. A
/// pass-through accumulator has no tile: its reads are its operand's, which
/// lives to the loop's end as well.
std::vector<std::vector<int>> liveSets(const Graph &bg, const Schedule &sch) {
  std::vector<bool> inv = invariantValues(bg);
  std::vector<std::vector<int>> live(sch.numSteps());
  int loopSteps = sch.numDepths[0];
  std::vector<int> savedBy = opsComputedBySavers(bg);
  std::vector<bool> loaded = inputsLoadedBySavers(bg);
  for (size_t i = 0; i < bg.ops.size(); ++i) {
    if (bg.ops[i].kind == OpKind::BlockOutput ||
        isPassThroughAccum(bg, bg.ops[i]) || savedBy[i] >= 0 || loaded[i])
      continue;
    for (int v : bg.ops[i].results) {
      int born = sch.step(i);
      std::vector<int> reads;
      bool passedThrough = false;
      for (size_t j = 0; j < bg.ops.size(); ++j) {
        for (int u : bg.ops[j].operands)
          if (tileValue(bg, u) == v) {
            reads.push_back(sch.step(j));
            // A saver computing op j reads j's operands in its own step.
            if (savedBy[j] >= 0)
              reads.push_back(sch.step(savedBy[j]));
          }
        passedThrough |= isPassThroughAccum(bg, bg.ops[j]) &&
                         tileValue(bg, bg.ops[j].results[0]) == v;
      }
      bool isAccum = bg.ops[i].kind == OpKind::Accum;
      for (int t = 0; t < sch.numSteps(); ++t) {
        bool readLater = false, readNow = false;
        for (int r : reads) {
          readNow |= r == t;
          readLater |= r > t;
        }
        bool needed = t == born || readNow || (t > born && readLater);
        needed |= (isAccum || inv[v]) && t < loopSteps;
        needed |= isAccum && readLater;
        needed |= passedThrough && t > born && t < loopSteps;
        if (needed)
          live[t].push_back(v);
      }
    }
  }
  return live;
}

TEST(MemoryPlanTest, RandomGraphsNeverOverlapLiveTiles) {
  int reused = 0, collapsedCaught = 0, collapsible = 0;
  const int numGraphs = 1000;
  for (uint32_t seed = 0; seed < numGraphs; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    Graph bg = randomBlockGraph(seed);
    Schedule sch = schedule(bg);
    MemoryPlan p = plan(bg);

    std::string why;
    ASSERT_TRUE(succeeded(verifyPlan(bg, sch, p, &why))) << why;

    // Independently of verifyPlan: no two tiles live in a common step share
    // a byte.
    std::vector<std::vector<int>> live = liveSets(bg, sch);
    for (size_t t = 0; t < live.size(); ++t)
      for (size_t a = 0; a < live[t].size(); ++a)
        for (size_t b = a + 1; b < live[t].size(); ++b)
          ASSERT_FALSE(
              overlapInMemory(tile(p, live[t][a]), tile(p, live[t][b])))
              << "%" << live[t][a] << " and %" << live[t][b]
              << " overlap in step " << t;

    // And by running it: every read sees the tile its producer wrote.
    for (InvariantMode mode :
         {InvariantMode::EveryIteration, InvariantMode::BeforeLoop,
          InvariantMode::FirstIteration})
      ASSERT_EQ(simulate(bg, sch, p, mode), "") << "mode " << int(mode);

    // Bounds: the no-reuse sum is sharedMemoryUpperBound; the plan is at
    // least the peak live bytes and at most the aligned no-reuse sum
    // (alignment padding can exceed the unaligned sum only by the padding).
    int64_t upper = sharedMemoryUpperBound(bg), aligned = 0;
    bool allAligned = true;
    for (const TileAllocation &t : p.tiles) {
      aligned += llvm::alignTo(t.bytes, kTileAlignment);
      allAligned &= t.bytes % kTileAlignment == 0;
      EXPECT_EQ(t.offset % kTileAlignment, 0);
    }
    EXPECT_EQ(p.noReuseBytes, upper);
    EXPECT_LE(p.peakLiveBytes, p.totalBytes);
    EXPECT_LE(p.totalBytes, aligned);
    EXPECT_LE(p.totalBytes,
              upper + (kTileAlignment - 1) * int64_t(p.tiles.size() - 1));
    if (allAligned) {
      EXPECT_LE(p.totalBytes, upper);
    }
    reused += p.totalBytes < upper;

    // Deterministic: a fresh copy planned again, with or without a given
    // schedule, gives the same offsets.
    Graph copy = bg;
    for (const MemoryPlan &again :
         {plan(copy), *planSharedMemory(copy, schedule(copy))}) {
      EXPECT_EQ(again.totalBytes, p.totalBytes);
      ASSERT_EQ(again.tiles.size(), p.tiles.size());
      for (size_t i = 0; i < p.tiles.size(); ++i) {
        EXPECT_EQ(again.tiles[i].value, p.tiles[i].value);
        EXPECT_EQ(again.tiles[i].offset, p.tiles[i].offset);
      }
    }

    // The checks are not vacuous: a plan putting every tile at offset 0 is
    // caught whenever two tiles are live at once.
    bool twoLive = false;
    for (const std::vector<int> &l : live)
      twoLive |= l.size() > 1;
    if (twoLive) {
      ++collapsible;
      MemoryPlan collapsed = p;
      for (TileAllocation &t : collapsed.tiles)
        t.offset = 0;
      EXPECT_TRUE(failed(verifyPlan(bg, sch, collapsed)));
      collapsedCaught +=
          !simulate(bg, sch, collapsed, InvariantMode::EveryIteration).empty();
    }
  }
  // The random graphs exercise reuse, and the simulation catches nearly
  // every collapsed plan (a collapsed plan can survive it only when the
  // tiles live at once are never read after the clash).
  EXPECT_GT(reused, numGraphs / 2);
  EXPECT_GT(collapsible, numGraphs / 2);
  EXPECT_GT(collapsedCaught, collapsible * 9 / 10);
}

} // namespace
