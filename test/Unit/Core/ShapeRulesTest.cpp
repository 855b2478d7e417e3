//===- ShapeRulesTest.cpp - Tests of the µGraph shape and path rules ------===//

#include "tsopt/Core/ShapeRules.h"

#include "gtest/gtest.h"

using namespace tsopt;

namespace {

/// Expected result of a rule returning FailureOr<Shape>.
void expectShape(const llvm::FailureOr<Shape> &got, std::vector<int64_t> want) {
  ASSERT_TRUE(succeeded(got));
  EXPECT_EQ(std::vector<int64_t>(got->begin(), got->end()), want);
}

/// The rule failed and its message contains every one of `needles`.
template <typename R>
void expectFailure(const R &result, const std::string &why,
                   std::initializer_list<const char *> needles) {
  EXPECT_TRUE(failed(result));
  for (const char *needle : needles)
    EXPECT_NE(why.find(needle), std::string::npos)
        << "message \"" << why << "\" lacks \"" << needle << "\"";
}

TEST(ShapeRulesTest, Broadcast) {
  expectShape(broadcastShape({2, 3}, {2, 3}), {2, 3});
  expectShape(broadcastShape({2, 1, 4}, {3, 1}), {2, 3, 4});
  expectShape(broadcastShape({4}, {2, 3, 4}), {2, 3, 4});
  expectShape(broadcastShape({}, {5, 6}), {5, 6});
  expectShape(broadcastShape({1, 1}, {1}), {1, 1});
  std::string why;
  expectFailure(broadcastShape({2, 3}, {4, 3}, &why), why, {"2x3", "4x3"});
  expectFailure(broadcastShape({3}, {2, 4}, &why), why, {"dim 1"});
}

TEST(ShapeRulesTest, Matmul) {
  expectShape(matmulShape({4, 8}, {8, 16}), {4, 16});
  expectShape(matmulShape({2, 3, 4, 8}, {2, 3, 8, 5}), {2, 3, 4, 5});
  std::string why;
  expectFailure(matmulShape({4, 8}, {7, 16}, &why), why, {"contraction"});
  expectFailure(matmulShape({2, 4, 8}, {3, 8, 16}, &why), why, {"batch dim 0"});
  expectFailure(matmulShape({8}, {8, 16}, &why), why, {"rank"});
  expectFailure(matmulShape({2, 4, 8}, {8, 16}, &why), why, {"rank"});
}

TEST(ShapeRulesTest, Reduce) {
  expectShape(reduceShape({4, 12}, 1, 3), {4, 3});
  expectShape(reduceShape({4, 12}, 0, 1), {1, 12});
  std::string why;
  expectFailure(reduceShape({4, 12}, 1, 5, &why), why, {"extent 5", "dim 1"});
  expectFailure(reduceShape({4, 12}, 2, 1, &why), why, {"dim 2"});
  expectFailure(reduceShape({4, 12}, 1, 0, &why), why, {"extent 0"});

  EXPECT_TRUE(succeeded(checkReduce({4, 12}, 1, {4, 6})));
  expectFailure(checkReduce({4, 12}, 1, {4, 5}, &why), why, {"dim 1"});
  expectFailure(checkReduce({4, 12}, 1, {2, 6}, &why), why, {"4x6", "2x6"});
  expectFailure(checkReduce({4, 12}, 1, {4}, &why), why, {"rank"});
  expectFailure(checkReduce({4, 12}, -1, {4, 12}, &why), why, {"dim -1"});
}

TEST(ShapeRulesTest, Repeat) {
  EXPECT_TRUE(succeeded(checkRepeat({2, 3}, {4, 9})));
  EXPECT_TRUE(succeeded(checkRepeat({2, 3}, {2, 3})));
  std::string why;
  expectFailure(checkRepeat({2, 3}, {4, 8}, &why), why, {"dim 1"});
  expectFailure(checkRepeat({2, 3}, {6}, &why), why, {"rank"});
}

TEST(ShapeRulesTest, Reshape) {
  EXPECT_TRUE(succeeded(checkReshape({2, 3, 4}, {6, 4})));
  EXPECT_TRUE(succeeded(checkReshape({1}, {})));
  std::string why;
  expectFailure(checkReshape({2, 3}, {7}, &why), why, {"2x3", "7"});
}

TEST(ShapeRulesTest, Transpose) {
  expectShape(transposeShape({2, 3, 4}, {2, 0, 1}), {4, 2, 3});
  expectShape(transposeShape({5}, {0}), {5});
  std::string why;
  expectFailure(transposeShape({2, 3}, {0}, &why), why, {"rank 2"});
  expectFailure(transposeShape({2, 3}, {0, 0}, &why), why, {"entry 0"});
  expectFailure(transposeShape({2, 3}, {0, 2}, &why), why, {"entry 2"});
}

TEST(ShapeRulesTest, Concat) {
  expectShape(concatShape({Shape{2, 3}, Shape{2, 5}}, 1), {2, 8});
  expectShape(concatShape({Shape{2, 3}, Shape{1, 3}, Shape{4, 3}}, 0), {7, 3});
  std::string why;
  expectFailure(concatShape({}, 0, &why), why, {"at least one"});
  expectFailure(concatShape({Shape{2, 3}, Shape{3, 5}}, 1, &why), why,
                {"operand 1", "dim 0"});
  expectFailure(concatShape({Shape{2, 3}, Shape{2, 3, 1}}, 1, &why), why,
                {"operand 1", "rank"});
  expectFailure(concatShape({Shape{2, 3}}, 2, &why), why, {"dim 2"});
}

TEST(ShapeRulesTest, RmsNorm) {
  expectShape(rmsNormShape({4, 16}, {16}), {4, 16});
  std::string why;
  expectFailure(rmsNormShape({4, 16}, {4}, &why), why, {"16"});
  expectFailure(rmsNormShape({4, 16}, {1, 16}, &why), why, {"1x16"});
  expectFailure(rmsNormShape({}, {1}, &why), why, {"rank"});
}

TEST(ShapeRulesTest, Launch) {
  EXPECT_TRUE(succeeded(checkLaunch({4}, 1)));
  EXPECT_TRUE(succeeded(checkLaunch({4, 2, 3}, 8)));
  std::string why;
  expectFailure(checkLaunch({}, 1, &why), why, {"grid"});
  expectFailure(checkLaunch({1, 2, 3, 4}, 1, &why), why, {"grid"});
  expectFailure(checkLaunch({4, 0}, 1, &why), why, {"grid dim y"});
  expectFailure(checkLaunch({4}, 0, &why), why, {"forloop"});
}

TEST(ShapeRulesTest, InputTile) {
  // Grid x splits dim 1, y replicates; the loop splits dim 0.
  expectShape(inputTileShape({64, 128}, {4, 2}, 8, {1, kReplica}, 0), {8, 32});
  // Grid and loop on the same dim: the loop splits what the grid left.
  expectShape(inputTileShape({64, 128}, {4}, 8, {1}, 1), {64, 4});
  // Everything replicated.
  expectShape(inputTileShape({64, 128}, {4, 2, 3}, 8,
                             {kReplica, kReplica, kReplica}, kReplica),
              {64, 128});
  std::string why;
  expectFailure(inputTileShape({64, 128}, {4, 2}, 1, {1}, kReplica, &why), why,
                {"imap"});
  expectFailure(inputTileShape({64, 128}, {4, 2}, 1, {1, 1}, kReplica, &why),
                why, {"imap", "grid dims x and y"});
  expectFailure(inputTileShape({64, 128}, {4, 3}, 1, {1, 0}, kReplica, &why),
                why, {"imap", "grid dim y", "dim 0"});
  expectFailure(inputTileShape({64, 128}, {4}, 1, {2}, kReplica, &why), why,
                {"imap", "grid dim x", "dim 2"});
  // 128 / 4 = 32 left, which 3 does not divide.
  expectFailure(inputTileShape({64, 128}, {4}, 3, {1}, 1, &why), why,
                {"fmap", "dim 1", "32"});
  expectFailure(inputTileShape({64, 128}, {4}, 2, {1}, 2, &why), why,
                {"fmap", "dim 2"});
}

TEST(ShapeRulesTest, Accum) {
  expectShape(accumShape({8, 16}, 4, kReplica), {8, 16});
  expectShape(accumShape({8, 16}, 4, 1), {8, 64});
  std::string why;
  expectFailure(accumShape({8, 16}, 4, 2, &why), why, {"fmap", "dim 2"});
}

TEST(ShapeRulesTest, OutputTensor) {
  expectShape(outputTensorShape({8, 16}, {4, 2}, {1, 0}), {16, 64});
  expectShape(outputTensorShape({8, 16}, {1, 2}, {kReplica, 0}), {16, 16});
  std::string why;
  expectFailure(outputTensorShape({8, 16}, {4, 2}, {1, kReplica}, &why), why,
                {"omap", "grid dim y"});
  expectFailure(outputTensorShape({8, 16}, {4, 2}, {1, 1}, &why), why,
                {"omap", "grid dims x and y", "dim 1"});
  expectFailure(outputTensorShape({8, 16}, {4}, {2}, &why), why,
                {"omap", "grid dim x", "dim 2"});
  expectFailure(outputTensorShape({8, 16}, {4, 2}, {1}, &why), why, {"omap"});
}

TEST(ShapeRulesTest, Stages) {
  auto stageOf = [](OpKind k, std::vector<Stage> in) {
    return resultStage(k, in);
  };
  EXPECT_EQ(*stageOf(OpKind::BlockInput, {Stage::Tensor}), Stage::Loop);
  EXPECT_EQ(*stageOf(OpKind::Matmul, {Stage::Loop, Stage::Loop}), Stage::Loop);
  EXPECT_EQ(*stageOf(OpKind::Accum, {Stage::Loop}), Stage::PostLoop);
  EXPECT_EQ(*stageOf(OpKind::Exp, {Stage::PostLoop}), Stage::PostLoop);
  EXPECT_EQ(*stageOf(OpKind::ThreadGraph, {Stage::PostLoop, Stage::PostLoop}),
            Stage::PostLoop);
  EXPECT_EQ(*stageOf(OpKind::BlockOutput, {Stage::PostLoop}), Stage::Saved);

  std::string why;
  // Path through no accumulator.
  expectFailure(resultStage(OpKind::BlockOutput, {Stage::Loop}, &why), why,
                {"output", "accumulator"});
  // Path through two accumulators.
  expectFailure(resultStage(OpKind::Accum, {Stage::PostLoop}, &why), why,
                {"accum", "two accumulators"});
  // Mixed loop and post-loop operands.
  expectFailure(resultStage(OpKind::Add, {Stage::PostLoop, Stage::Loop}, &why),
                why, {"add", "operand 1"});
  // Compute on a kernel tensor without an input iterator.
  expectFailure(resultStage(OpKind::Exp, {Stage::Tensor}, &why), why,
                {"exp", "operand 0"});
  // Input iterator on a tile.
  expectFailure(resultStage(OpKind::BlockInput, {Stage::Loop}, &why), why,
                {"input", "kernel tensor"});
  // Use of a saved tensor.
  expectFailure(resultStage(OpKind::Exp, {Stage::Saved}, &why), why, {"exp"});
  expectFailure(resultStage(OpKind::Kernel, {Stage::Tensor}, &why), why,
                {"kernel"});
}

} // namespace
