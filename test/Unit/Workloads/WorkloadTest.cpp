//===- WorkloadTest.cpp - Workload µGraphs agree with their references ---===//
//
// Parses every program under test/Workloads, imports the hand-written µGraph
// and its reference, runs both through the evaluator on the same seeded
// inputs and checks that they agree, in double and in float.
//
//===----------------------------------------------------------------------===//

#include "TestWorkloads.h"
#include "tsopt/Eval/Evaluator.h"

#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace tsopt;
using namespace tsopt::test;

namespace {

class WorkloadTest : public ::testing::TestWithParam<std::string> {
protected:
  void SetUp() override {
    pairs = loadWorkloads(GetParam());
    // loadWorkloads reports what it cannot load and skips it; testing the
    // rest would let a partly broken file pass.
    ASSERT_FALSE(HasFailure());
    ASSERT_FALSE(pairs.empty()) << GetParam() << " has no µGraph with a "
                                << "tsopt.reference";
  }

  /// Runs both graphs of every pair on seeded uniform inputs and returns the
  /// largest normwise relative difference over all outputs.
  template <typename T> double maxRelativeDifference(uint64_t seed) {
    FloatDomain<T> dom;
    Evaluator<FloatDomain<T>> eval(dom);
    double worst = 0;
    for (const Workload &w : pairs) {
      std::vector<Tensor<T>> inputs = uniformInputs<T>(w.opt, seed);
      std::string why;
      auto a = eval.run(w.opt, inputs, &why);
      EXPECT_TRUE(succeeded(a)) << why;
      auto b = eval.run(w.ref, inputs, &why);
      EXPECT_TRUE(succeeded(b)) << why;
      if (failed(a) || failed(b))
        return INFINITY;
      EXPECT_EQ(a->size(), b->size());
      for (size_t o = 0; o < a->size(); ++o) {
        EXPECT_EQ((*a)[o].shape, (*b)[o].shape);
        double diff = 0, scale = 0;
        for (size_t i = 0; i < (*a)[o].data.size(); ++i) {
          diff = std::max(diff, std::fabs(double((*a)[o].data[i]) -
                                          double((*b)[o].data[i])));
          scale = std::max(scale, std::fabs(double((*b)[o].data[i])));
        }
        EXPECT_GT(scale, 0) << "output " << o << " is all zeros";
        worst = std::max(worst, diff / scale);
      }
    }
    return worst;
  }

  std::vector<Workload> pairs;
};

TEST_P(WorkloadTest, AgreesInDouble) {
  for (uint64_t seed : {1, 2, 3})
    EXPECT_LT(maxRelativeDifference<double>(seed), 1e-12);
}

TEST_P(WorkloadTest, AgreesInFloat) {
  EXPECT_LT(maxRelativeDifference<float>(11), 1e-5);
}

INSTANTIATE_TEST_SUITE_P(
    Workloads, WorkloadTest, ::testing::ValuesIn(workloadFiles()),
    [](const ::testing::TestParamInfo<std::string> &info) {
      return llvm::sys::path::stem(info.param).str();
    });

TEST(WorkloadFiles, AllPresent) {
  // Guards against the suite silently running no workload.
  EXPECT_GE(workloadFiles().size(), 5u);
}

} // namespace
