//===- PrecisionTest.cpp - Tests of the storage precision plan -----------===//

#include "tsopt/Core/Precision.h"
#include "tsopt/Eval/Evaluator.h"

#include "gtest/gtest.h"

#include <cmath>
#include <limits>

using namespace tsopt;

namespace {

TEST(PrecisionTest, RoundsToEachDType) {
  EXPECT_EQ(roundToDType(1.0f + 1e-4f, DType::F16), 1.0f); // below half an ulp
  EXPECT_EQ(roundToDType(65504.0f, DType::F16), 65504.0f);
  EXPECT_TRUE(std::isinf(roundToDType(70000.0f, DType::F16)));
  EXPECT_EQ(roundToDType(1.0f + 1.0f / 256, DType::BF16), 1.0f); // ties to even
  EXPECT_TRUE(std::isnan(roundToDType(std::nanf(""), DType::BF16)));
  EXPECT_EQ(roundToDType(0.1f, DType::F32), 0.1f);
}

TEST(PrecisionTest, MatmulInputType) {
  EXPECT_EQ(matmulInputType(DType::F16, DType::F16), DType::F16);
  EXPECT_EQ(matmulInputType(DType::F32, DType::F16), DType::F16);
  EXPECT_EQ(matmulInputType(DType::BF16, DType::F32), DType::BF16);
  EXPECT_EQ(matmulInputType(DType::F16, DType::BF16), DType::F32);
  EXPECT_EQ(matmulInputType(DType::F32, DType::F32), DType::F32);
}

/// A block graph of one for-loop over the rows' chunks: x (f16) squared,
/// row-summed and accumulated; x·w accumulated; the product divided by the
/// statistic after the loop and written to an f16 tensor.
struct RmsLikeKernel {
  Graph bg;
  int x, w, sq, ss, p, accSS, accP, quotient, out;
  explicit RmsLikeKernel(int64_t forloop) {
    bg.level = Level::Block;
    bg.grid = {1};
    bg.forloop = forloop;
    int xt = bg.addInput({{4, 64}, DType::F16});
    int wt = bg.addInput({{64, 32}, DType::F16});
    auto add = [&](OpKind k, llvm::ArrayRef<int> operands, Shape shape,
                   int fmap = kReplica, int64_t dim = 0) {
      Op op;
      op.kind = k;
      op.operands.assign(operands.begin(), operands.end());
      op.fmap = fmap;
      op.dim = dim;
      return bg.addOp(std::move(op), {TensorType{shape, DType::F16}});
    };
    int64_t chunk = 64 / forloop;
    x = add(OpKind::BlockInput, {xt}, {4, chunk}, 1);
    w = add(OpKind::BlockInput, {wt}, {chunk, 32}, 0);
    sq = add(OpKind::Square, {x}, {4, chunk});
    ss = add(OpKind::ReduceSum, {sq}, {4, 1}, kReplica, 1);
    p = add(OpKind::Matmul, {x, w}, {4, 32});
    accSS = add(OpKind::Accum, {ss}, {4, 1});
    accP = add(OpKind::Accum, {p}, {4, 32});
    quotient = add(OpKind::Div, {accP, accSS}, {4, 32});
    out = add(OpKind::BlockOutput, {quotient}, {4, 32});
    bg.outputs = {out};
  }
  DType dtype(int v) const { return bg.type(v).dtype; }
};

TEST(PrecisionTest, AccumulatorsAndStatisticsAreF32) {
  RmsLikeKernel k(/*forloop=*/4);
  planTilePrecision(k.bg);
  EXPECT_EQ(k.dtype(k.x), DType::F16); // as the tensor is stored
  EXPECT_EQ(k.dtype(k.sq), DType::F32); // read by a reduction
  EXPECT_EQ(k.dtype(k.ss), DType::F32);
  EXPECT_EQ(k.dtype(k.p), DType::F32); // read by a running sum
  EXPECT_EQ(k.dtype(k.accSS), DType::F32);
  EXPECT_EQ(k.dtype(k.accP), DType::F32);
  // Read only by an output saver to an f16 tensor: stored as it is written.
  EXPECT_EQ(k.dtype(k.quotient), DType::F16);
  EXPECT_EQ(k.dtype(k.out), DType::F16);
  // Planning a planned graph changes nothing.
  Graph again = k.bg;
  planTilePrecision(again);
  for (size_t v = 0; v < again.values.size(); ++v)
    EXPECT_EQ(again.values[v].dtype, k.bg.values[v].dtype) << "value " << v;
}

TEST(PrecisionTest, OneIterationAccumulatorHoldsItsOperand) {
  RmsLikeKernel k(/*forloop=*/1);
  planTilePrecision(k.bg);
  // The product reaches the output through an accumulator of one
  // iteration and a division by an f32 statistic: f32 where it is divided.
  EXPECT_EQ(k.dtype(k.accP), k.dtype(k.p));
  EXPECT_EQ(k.dtype(k.accSS), DType::F32); // a reduction result
}

TEST(PrecisionTest, EvaluatorOverflowsWhereTheKernelWould) {
  // One kernel: the row sum of squares of 4096 values of 8 in f16 (262144,
  // past 65504) as written, then the same kernel planned.
  Graph g;
  int x = g.addInput({{1, 4096}, DType::F16});
  auto body = std::make_shared<Graph>();
  body->level = Level::Block;
  body->grid = {1};
  int in = body->addInput({{1, 4096}, DType::F16});
  auto add = [&](OpKind k, int operand, Shape shape, int64_t dim = 0) {
    Op op;
    op.kind = k;
    op.operands = {operand};
    op.dim = dim;
    return body->addOp(std::move(op), {TensorType{shape, DType::F16}});
  };
  int t = add(OpKind::BlockInput, in, {1, 4096});
  int sq = add(OpKind::Square, t, {1, 4096});
  int ss = add(OpKind::ReduceSum, sq, {1, 1}, 1);
  int acc = add(OpKind::Accum, ss, {1, 1});
  int out = add(OpKind::BlockOutput, acc, {1, 1});
  body->values[out].dtype = DType::F32;
  body->outputs = {out};
  Op kernel;
  kernel.kind = OpKind::Kernel;
  kernel.operands = {x};
  kernel.body = body;
  g.outputs = {g.addOp(kernel, {TensorType{{1, 1}, DType::F32}})};

  Tensor<float> ones;
  ones.shape = {1, 4096};
  ones.data.assign(4096, 8.0f);
  FloatDomain<float> stored(/*roundToStorage=*/true), exact;
  auto asWritten = Evaluator<FloatDomain<float>>(stored).run(g, {ones});
  ASSERT_TRUE(succeeded(asWritten));
  EXPECT_TRUE(std::isinf((*asWritten)[0].data[0]));
  auto algebra = Evaluator<FloatDomain<float>>(exact).run(g, {ones});
  ASSERT_TRUE(succeeded(algebra));
  EXPECT_EQ((*algebra)[0].data[0], 262144.0f);

  planPrecision(g);
  auto planned = Evaluator<FloatDomain<float>>(stored).run(g, {ones});
  ASSERT_TRUE(succeeded(planned));
  EXPECT_EQ((*planned)[0].data[0], 262144.0f);
}

} // namespace
