//===- ScheduleTest.cpp - Tests of the block-graph operator schedule ------===//

#include "tsopt/Optimize/Schedule.h"
#include "RandomBlockGraph.h"
#include "TestGraphs.h"

#include "gtest/gtest.h"

#include <set>

using namespace tsopt;
using namespace tsopt::test;

namespace {

/// An input iterator over a whole 8x16 kernel tensor partitioned by the loop
/// along dim 1 (forloop 4 -> an 8x4 tile).
int loopInput(Graph &bg) {
  int t = bg.addInput(tt({8, 16}));
  return blockInput(bg, t, {R, R, R}, 1, {8, 4});
}

Schedule schedule(const Graph &bg) {
  std::string why;
  llvm::FailureOr<Schedule> s = scheduleBlockGraph(bg, &why);
  EXPECT_TRUE(succeeded(s)) << why;
  return succeeded(s) ? *s : Schedule();
}

TEST(ScheduleTest, Chain) {
  Graph bg = blockGraph({1}, 4);
  int x = loopInput(bg);
  int e = add(bg, OpKind::Exp, {x}, {8, 4});
  int n = add(bg, OpKind::Neg, {e}, {8, 4});
  int s = accum(bg, n, R, AccumKind::Sum, {8, 4});
  int q = add(bg, OpKind::Sqrt, {s}, {8, 4});
  int r = add(bg, OpKind::Relu, {q}, {8, 4});
  blockOutput(bg, r, {R, R, R}, {8, 4});

  Schedule sch = schedule(bg);
  EXPECT_EQ(sch.depth, (std::vector<int>{0, 1, 2, 3, 0, 1, 2}));
  EXPECT_EQ(sch.phase, (std::vector<Phase>{
                           Phase::Loop, Phase::Loop, Phase::Loop, Phase::Loop,
                           Phase::PostLoop, Phase::PostLoop, Phase::PostLoop}));
  EXPECT_EQ(sch.order, (std::vector<int>{0, 1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(sch.barriers(Phase::Loop), 3);
  EXPECT_EQ(sch.barriers(Phase::PostLoop), 2);
  EXPECT_EQ(sch.maxDepth(), 3);
  EXPECT_EQ(sch.numSteps(), 7);
  EXPECT_EQ(sch.step(4), 4); // post-loop depth 0 follows the 4 loop depths
}

TEST(ScheduleTest, Diamond) {
  // x -> exp, x -> neg, add(exp, neg): the two arms share a depth.
  Graph bg = blockGraph({1}, 4);
  int x = loopInput(bg);
  int e = add(bg, OpKind::Exp, {x}, {8, 4});
  int n = add(bg, OpKind::Neg, {x}, {8, 4});
  int a = add(bg, OpKind::Add, {e, n}, {8, 4});
  int s = accum(bg, a, R, AccumKind::Sum, {8, 4});
  blockOutput(bg, s, {R, R, R}, {8, 4});

  Schedule sch = schedule(bg);
  EXPECT_EQ(sch.depth, (std::vector<int>{0, 1, 1, 2, 3, 0}));
  EXPECT_EQ(sch.barriers(Phase::Loop), 3);
  EXPECT_EQ(sch.barriers(Phase::PostLoop), 0);
}

TEST(ScheduleTest, LongestPathNotShortest) {
  // add(x, neg(exp(x))): x reaches the add directly and through two ops; the
  // add must wait for the longer path.
  Graph bg = blockGraph({1}, 4);
  int x = loopInput(bg);
  int e = add(bg, OpKind::Exp, {x}, {8, 4});
  int n = add(bg, OpKind::Neg, {e}, {8, 4});
  int a = add(bg, OpKind::Add, {x, n}, {8, 4});
  int s = accum(bg, a, R, AccumKind::Sum, {8, 4});
  blockOutput(bg, s, {R, R, R}, {8, 4});
  EXPECT_EQ(schedule(bg).depth, (std::vector<int>{0, 1, 2, 3, 4, 0}));
}

TEST(ScheduleTest, ReordersByDepthThenPosition) {
  // The second input comes after exp in program order but has depth 0, so it
  // moves up; ops of one depth keep their relative order.
  Graph bg = blockGraph({2}, 4);
  int x = loopInput(bg);                     // op 0, depth 0
  int e = add(bg, OpKind::Exp, {x}, {8, 4}); // op 1, depth 1
  int wt = bg.addInput(tt({4, 8}));
  int w = blockInput(bg, wt, {1, R, R}, 0, {1, 4}); // op 2, depth 0
  (void)w;
  int y = loopInput(bg);                           // op 3, depth 0
  int m = add(bg, OpKind::Mul, {e, y}, {8, 4});    // op 4, depth 2
  int s = accum(bg, m, R, AccumKind::Sum, {8, 4}); // op 5, depth 3
  int o = add(bg, OpKind::Neg, {s}, {8, 4});       // op 6, post depth 0
  blockOutput(bg, o, {R, R, R}, {8, 4});           // op 7, post depth 1

  Schedule sch = schedule(bg);
  EXPECT_EQ(sch.depth, (std::vector<int>{0, 1, 0, 0, 2, 3, 0, 1}));
  EXPECT_EQ(sch.order, (std::vector<int>{0, 2, 3, 1, 4, 5, 6, 7}));
}

TEST(ScheduleTest, LoopAndPostLoopAreSeparate) {
  // A deep loop body does not push the post-loop ops' depths: those restart
  // at 0 on the accumulators. Accumulators run in the loop (every iteration)
  // and output savers after it.
  Graph bg = blockGraph({1}, 4);
  int x = loopInput(bg);
  int v = x;
  for (int i = 0; i < 5; ++i)
    v = add(bg, OpKind::Exp, {v}, {8, 4});
  int s1 = accum(bg, v, R, AccumKind::Sum, {8, 4});     // op 6, loop depth 6
  int s2 = accum(bg, x, 1, AccumKind::Sum, {8, 16});    // op 7, loop depth 1
  int r = reduce(bg, OpKind::ReduceSum, s2, 1, {8, 4}); // op 8, post 0
  int d = add(bg, OpKind::Div, {s1, r}, {8, 4});        // op 9, post 1
  blockOutput(bg, d, {R, R, R}, {8, 4});                // op 10, post 2
  blockOutput(bg, s1, {R, R, R}, {8, 4});               // op 11, post 0

  Schedule sch = schedule(bg);
  EXPECT_EQ(sch.phase[6], Phase::Loop);
  EXPECT_EQ(sch.phase[7], Phase::Loop);
  EXPECT_EQ(sch.depth[6], 6);
  EXPECT_EQ(sch.depth[7], 1);
  for (int i = 8; i <= 11; ++i)
    EXPECT_EQ(sch.phase[i], Phase::PostLoop) << "op " << i;
  EXPECT_EQ(sch.depth[8], 0);
  EXPECT_EQ(sch.depth[9], 1);
  EXPECT_EQ(sch.depth[10], 2);
  EXPECT_EQ(sch.depth[11], 0);
  EXPECT_EQ(sch.barriers(Phase::Loop), 6);
  EXPECT_EQ(sch.barriers(Phase::PostLoop), 2);
  EXPECT_EQ(sch.order,
            (std::vector<int>{0, 1, 7, 2, 3, 4, 5, 6, 8, 11, 9, 10}));
}

TEST(ScheduleTest, EmptyGraph) {
  Schedule sch = schedule(blockGraph({1}, 1));
  EXPECT_TRUE(sch.order.empty());
  EXPECT_EQ(sch.barriers(Phase::Loop), 0);
  EXPECT_EQ(sch.barriers(Phase::PostLoop), 0);
  EXPECT_EQ(sch.maxDepth(), 0);
}

TEST(ScheduleTest, Errors) {
  std::string why;
  Graph kernelLevel;
  EXPECT_TRUE(failed(scheduleBlockGraph(kernelLevel, &why)));
  EXPECT_NE(why.find("not a block graph"), std::string::npos) << why;

  // An output saver on a loop value: the path passes no accumulator.
  Graph bg = blockGraph({1}, 4);
  int x = loopInput(bg);
  blockOutput(bg, x, {R, R, R}, {8, 4});
  EXPECT_TRUE(failed(scheduleBlockGraph(bg, &why)));
  EXPECT_NE(why.find("op 1"), std::string::npos) << why;
  EXPECT_NE(why.find("no accumulator"), std::string::npos) << why;

  // Ops out of topological order.
  Graph bad = blockGraph({1}, 4);
  bad.addInput(tt({8, 16}));
  bad.addOp(mk(OpKind::Exp, {5}), {tt({8, 4})});
  EXPECT_TRUE(failed(scheduleBlockGraph(bad, &why)));
  EXPECT_NE(why.find("before it is defined"), std::string::npos) << why;
}

/// Properties of every schedule, on random block graphs: the order is a
/// permutation and topological; sorted by (phase, depth); a depth is exactly
/// one more than the deepest same-phase operand; depths of a phase are
/// contiguous from 0, so the barrier count is the distinct depths minus one.
TEST(ScheduleTest, RandomGraphs) {
  for (uint32_t seed = 0; seed < 500; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    Graph bg = randomBlockGraph(seed);
    Schedule sch = schedule(bg);
    ASSERT_EQ(sch.order.size(), bg.ops.size());

    std::vector<int> position(bg.ops.size(), -1);
    for (size_t p = 0; p < sch.order.size(); ++p) {
      ASSERT_EQ(position[sch.order[p]], -1) << "op listed twice";
      position[sch.order[p]] = static_cast<int>(p);
    }
    std::vector<int> producer(bg.values.size(), -1);
    for (size_t i = 0; i < bg.ops.size(); ++i)
      for (int r : bg.ops[i].results)
        producer[r] = static_cast<int>(i);

    std::array<std::set<int>, 2> depths;
    for (size_t i = 0; i < bg.ops.size(); ++i) {
      const Op &op = bg.ops[i];
      int want = 0;
      for (int v : op.operands) {
        int p = producer[v];
        if (p < 0)
          continue;
        EXPECT_LT(position[p], position[i]) << "not topological";
        if (sch.phase[p] == sch.phase[i])
          want = std::max(want, sch.depth[p] + 1);
        else
          EXPECT_TRUE(sch.phase[p] == Phase::Loop &&
                      sch.phase[i] == Phase::PostLoop);
      }
      EXPECT_EQ(sch.depth[i], want) << "op " << i;
      bool inLoop = op.kind == OpKind::BlockInput || op.kind == OpKind::Accum ||
                    (op.kind != OpKind::BlockOutput &&
                     sch.phase[producer[op.operands[0]]] == Phase::Loop &&
                     bg.ops[producer[op.operands[0]]].kind != OpKind::Accum);
      EXPECT_EQ(sch.phase[i], inLoop ? Phase::Loop : Phase::PostLoop)
          << "op " << i;
      depths[static_cast<int>(sch.phase[i])].insert(sch.depth[i]);
    }
    for (size_t p = 1; p < sch.order.size(); ++p) {
      int a = sch.order[p - 1], b = sch.order[p];
      EXPECT_LE(std::make_tuple(sch.phase[a], sch.depth[a], a),
                std::make_tuple(sch.phase[b], sch.depth[b], b));
    }
    for (Phase ph : {Phase::Loop, Phase::PostLoop}) {
      const std::set<int> &d = depths[static_cast<int>(ph)];
      EXPECT_EQ(sch.barriers(ph), d.empty() ? 0 : int(d.size()) - 1);
      if (!d.empty()) {
        EXPECT_EQ(*d.rbegin(), int(d.size()) - 1) << "depths not contiguous";
      }
    }
  }
}

} // namespace
