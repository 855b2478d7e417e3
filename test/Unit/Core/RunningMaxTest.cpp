//===- RunningMaxTest.cpp - The running-max form of a softmax -------------===//
//
// Where the running-max form applies (Core/RunningMax.h), and that the
// evaluator, computing as the kernels do, runs it: inside one kernel and
// split across two (FlashDecoding), where the same programs evaluated as
// written overflow.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Core/RunningMax.h"
#include "TestGraphs.h"
#include "tsopt/Core/GraphText.h"
#include "tsopt/Eval/Evaluator.h"

#include "gtest/gtest.h"

#include <cmath>
#include <random>

using namespace tsopt;
using namespace tsopt::test;

namespace {

using FTensor = Tensor<float>;

constexpr int64_t kRows = 4, kKeys = 16, kCols = 4, kLoop = 4;
constexpr int64_t kTile = kKeys / kLoop;

/// The kernel body of softmax(scale · S) · V for S (rows x keys) and V
/// (keys x cols), keys split over the for-loop: exp(scale · S) reaches the
/// row sums and the product with V, accumulated; with `divided` the
/// accumulators are divided after the loop, else both are written out (the
/// producing half of a split softmax). Returns the body; `expOp` is set to
/// the exp's op index.
Graph softmaxBody(double scale, bool divided, int &expOp) {
  Graph bg = blockGraph({1}, kLoop);
  int s = bg.addInput(tt({kRows, kKeys}));
  int v = bg.addInput(tt({kKeys, kCols}));
  int st = blockInput(bg, s, {R, R, R}, 1, {kRows, kTile});
  int vt = blockInput(bg, v, {R, R, R}, 0, {kTile, kCols});
  int z = mulScalar(bg, st, scale, {kRows, kTile});
  int e = add(bg, OpKind::Exp, {z}, {kRows, kTile});
  expOp = static_cast<int>(bg.ops.size()) - 1;
  int p = add(bg, OpKind::Matmul, {e, vt}, {kRows, kCols});
  int r = reduce(bg, OpKind::ReduceSum, e, 1, {kRows, 1});
  int pa = accum(bg, p, R, AccumKind::Sum, {kRows, kCols});
  int ra = accum(bg, r, R, AccumKind::Sum, {kRows, 1});
  if (divided) {
    int d = add(bg, OpKind::Div, {pa, ra}, {kRows, kCols});
    blockOutput(bg, d, {R, R, R}, {kRows, kCols});
  } else {
    blockOutput(bg, pa, {R, R, R}, {kRows, kCols});
    blockOutput(bg, ra, {R, R, R}, {kRows, 1});
  }
  return bg;
}

/// softmax(scale · S) · V in double, row by row, with the row maximum
/// subtracted: the exact value.
std::vector<double> exactSoftmaxTimesV(const FTensor &s, const FTensor &v,
                                       double scale) {
  std::vector<double> out(kRows * kCols, 0.0);
  for (int64_t i = 0; i < kRows; ++i) {
    double m = -INFINITY;
    for (int64_t k = 0; k < kKeys; ++k)
      m = std::max(m, scale * s.data[i * kKeys + k]);
    double sum = 0;
    for (int64_t k = 0; k < kKeys; ++k) {
      double w = std::exp(scale * s.data[i * kKeys + k] - m);
      sum += w;
      for (int64_t j = 0; j < kCols; ++j)
        out[i * kCols + j] += w * v.data[k * kCols + j];
    }
    for (int64_t j = 0; j < kCols; ++j)
      out[i * kCols + j] /= sum;
  }
  return out;
}

FTensor uniform(const Idx &shape, std::mt19937 &rng) {
  std::uniform_real_distribution<float> d(-1.0f, 1.0f);
  FTensor t;
  t.shape.assign(shape.begin(), shape.end());
  for (int64_t i = 0, n = t.numElements(); i < n; ++i)
    t.data.push_back(d(rng));
  return t;
}

/// Runs `g` in f32, computing as the kernels do or as written.
FTensor runF32(const Graph &g, const std::vector<FTensor> &in, bool asKernels) {
  FloatDomain<float> dom(/*roundToStorage=*/asKernels);
  std::string why;
  auto out = Evaluator<FloatDomain<float>>(dom).run(g, in, &why);
  EXPECT_TRUE(succeeded(out)) << why;
  return succeeded(out) ? (*out)[0] : FTensor();
}

bool allFinite(const FTensor &t) {
  return llvm::all_of(t.data, [](float x) { return std::isfinite(x); });
}

void expectNear(const FTensor &got, const std::vector<double> &want) {
  ASSERT_EQ(got.data.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i)
    EXPECT_NEAR(got.data[i], want[i], 1e-4 * (1 + std::fabs(want[i])))
        << "at " << i;
}

TEST(RunningMaxTest, FormOfADividedSoftmax) {
  int e;
  Graph bg = softmaxBody(1.0, /*divided=*/true, e);
  std::optional<RunningMaxForm> form = runningMaxFormAt(bg, e);
  ASSERT_TRUE(form);
  EXPECT_FALSE(form->writtenOut);
  EXPECT_EQ(form->accums.size(), 2u);
  EXPECT_EQ(form->rows, Shape({kRows}));
  // The default choice, and no form for an op that is not an exp.
  ASSERT_TRUE(runningMaxForm(bg));
  EXPECT_EQ(runningMaxForm(bg)->expOp, e);
  EXPECT_FALSE(runningMaxFormAt(bg, e - 1));
  // Planned literal: none.
  bg.ops[e].expForm = uint8_t(ExpForm::Literal);
  EXPECT_FALSE(runningMaxForm(bg));
}

TEST(RunningMaxTest, WrittenOutPartialsNeedThePlan) {
  int e;
  Graph bg = softmaxBody(1.0, /*divided=*/false, e);
  std::optional<RunningMaxForm> form = runningMaxFormAt(bg, e);
  ASSERT_TRUE(form);
  EXPECT_TRUE(form->writtenOut);
  // Not the default (its consumers must merge the partials)...
  EXPECT_FALSE(runningMaxForm(bg));
  // ...but what the plan records.
  bg.ops[e].expForm = uint8_t(ExpForm::RunningMax);
  ASSERT_TRUE(runningMaxForm(bg));
  EXPECT_TRUE(runningMaxForm(bg)->writtenOut);
}

TEST(RunningMaxTest, ExpFeedingAnAccumulatorDirectlyDoesNotFit) {
  Graph bg = blockGraph({1}, 2);
  int x = bg.addInput(tt({4, 8}));
  int t = blockInput(bg, x, {R, R, R}, 1, {4, 4});
  int e = add(bg, OpKind::Exp, {t}, {4, 4});
  int a = accum(bg, e, R, AccumKind::Sum, {4, 4});
  blockOutput(bg, a, {R, R, R}, {4, 4});
  EXPECT_FALSE(runningMaxFormAt(bg, 1));
  bg.ops[1].expForm = uint8_t(ExpForm::RunningMax);
  EXPECT_FALSE(runningMaxForm(bg));
}

// Logits up to 200: exp overflows f32 (past 88.7). Computing as the kernels
// do, the kernel runs in the running-max form and agrees with the exact
// softmax; as written, or planned literal, it overflows.
TEST(RunningMaxTest, EvaluatorRunsTheFormInsideAKernel) {
  std::mt19937 rng(7);
  FTensor s = uniform({kRows, kKeys}, rng), v = uniform({kKeys, kCols}, rng);
  const double scale = 200.0;
  int e;
  Graph g = kernelGraph(softmaxBody(scale, /*divided=*/true, e));
  FTensor asKernels = runF32(g, {s, v}, /*asKernels=*/true);
  EXPECT_TRUE(allFinite(asKernels));
  expectNear(asKernels, exactSoftmaxTimesV(s, v, scale));
  EXPECT_FALSE(allFinite(runF32(g, {s, v}, /*asKernels=*/false)));

  Graph body = *g.ops[0].body;
  body.ops[e].expForm = uint8_t(ExpForm::Literal);
  g.ops[0].body = std::make_shared<Graph>(body);
  EXPECT_FALSE(allFinite(runF32(g, {s, v}, /*asKernels=*/true)));
}

// The same softmax split across two kernels: the first writes the partial
// sums of each of two key halves (written out, not divided), the second
// sums the halves over its loop and divides. addSplitSoftmaxMaxima finds
// the split; the evaluator, computing as the kernels do, writes the partials
// relative to each row's maximum and merges them.
TEST(RunningMaxTest, EvaluatorRunsASplitSoftmax) {
  const double scale = 200.0;
  Graph g;
  int s = g.addInput(tt({kRows, kKeys}));
  int v = g.addInput(tt({kKeys, kCols}));
  // Producer: grid of 2 key halves, each over a loop of 2 tiles.
  Graph pb = blockGraph({2}, 2);
  int ps = pb.addInput(tt({kRows, kKeys}));
  int pv = pb.addInput(tt({kKeys, kCols}));
  int st = blockInput(pb, ps, {1, R, R}, 1, {kRows, kTile});
  int vt = blockInput(pb, pv, {0, R, R}, 0, {kTile, kCols});
  int z = mulScalar(pb, st, scale, {kRows, kTile});
  int expOp = static_cast<int>(pb.ops.size());
  int e = add(pb, OpKind::Exp, {z}, {kRows, kTile});
  int p = add(pb, OpKind::Matmul, {e, vt}, {kRows, kCols});
  int r = reduce(pb, OpKind::ReduceSum, e, 1, {kRows, 1});
  int pa = accum(pb, p, R, AccumKind::Sum, {kRows, kCols});
  int ra = accum(pb, r, R, AccumKind::Sum, {kRows, 1});
  blockOutput(pb, pa, {1, R, R}, {kRows, 2 * kCols});
  blockOutput(pb, ra, {1, R, R}, {kRows, 2});
  int partials = kernel(g, std::move(pb), {s, v});
  // Consumer: sums the two halves over its loop and divides.
  Graph cb = blockGraph({1}, 2);
  int ca = cb.addInput(tt({kRows, 2 * kCols}));
  int cr = cb.addInput(tt({kRows, 2}));
  int at = blockInput(cb, ca, {R, R, R}, 1, {kRows, kCols});
  int rt = blockInput(cb, cr, {R, R, R}, 1, {kRows, 1});
  int as = accum(cb, at, R, AccumKind::Sum, {kRows, kCols});
  int rs = accum(cb, rt, R, AccumKind::Sum, {kRows, 1});
  int d = add(cb, OpKind::Div, {as, rs}, {kRows, kCols});
  blockOutput(cb, d, {R, R, R}, {kRows, kCols});
  int out = kernel(g, std::move(cb), {partials, partials + 1});
  g.outputs.push_back(out);

  // The plan's first step states the maxima in the program: the producer
  // gets a bgraph.running_max per partial and a result for each, the
  // consumer an operand for each, merged by its accumulators. Again, it
  // changes nothing.
  Graph split = g;
  EXPECT_TRUE(addSplitSoftmaxMaxima(split));
  EXPECT_EQ(
      llvm::count_if(split.ops[0].body->ops,
                     [](const Op &o) { return o.kind == OpKind::RunningMax; }),
      2);
  EXPECT_EQ(split.ops[0].results.size(), 4u);
  EXPECT_EQ(split.ops[1].operands.size(), 4u);
  EXPECT_EQ(llvm::count_if(split.ops[1].body->ops,
                           [](const Op &o) {
                             return o.kind == OpKind::Accum &&
                                    o.operands.size() == 2;
                           }),
            2);
  Graph again = split;
  EXPECT_FALSE(addSplitSoftmaxMaxima(again));
  EXPECT_EQ(serializeGraph(again), serializeGraph(split));

  std::mt19937 rng(11);
  FTensor ts = uniform({kRows, kKeys}, rng), tv = uniform({kKeys, kCols}, rng);
  FTensor asKernels = runF32(g, {ts, tv}, /*asKernels=*/true);
  EXPECT_TRUE(allFinite(asKernels));
  expectNear(asKernels, exactSoftmaxTimesV(ts, tv, scale));
  EXPECT_FALSE(allFinite(runF32(g, {ts, tv}, /*asKernels=*/false)));
  // The planned program computes the same; as written (every exp
  // literal, every maximum 0, every merge the plain sum) it overflows as
  // the unplanned one does.
  expectNear(runF32(split, {ts, tv}, /*asKernels=*/true),
             exactSoftmaxTimesV(ts, tv, scale));
  EXPECT_FALSE(allFinite(runF32(split, {ts, tv}, /*asKernels=*/false)));

  // The producer planned literal: no split form, and the partials overflow.
  Graph literal = g;
  Graph body = *literal.ops[0].body;
  body.ops[expOp].expForm = uint8_t(ExpForm::Literal);
  literal.ops[0].body = std::make_shared<Graph>(body);
  Graph unsplit = literal;
  EXPECT_FALSE(addSplitSoftmaxMaxima(unsplit));
  EXPECT_FALSE(allFinite(runF32(literal, {ts, tv}, /*asKernels=*/true)));
}

} // namespace
