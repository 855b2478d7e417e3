//===- WorkloadTest.cpp - Workload µGraphs agree with their references ---===//
//
// Parses every program under test/Workloads, imports the hand-written µGraph
// and its reference, runs both through the evaluator on the same seeded
// inputs and checks that they agree, in double and in float.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Eval/Evaluator.h"
#include "tsopt/InitAll.h"
#include "tsopt/Interchange/Import.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace tsopt;

namespace {

std::vector<std::string> workloadFiles() {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(TSOPT_WORKLOAD_DIR, ec), end;
       it != end && !ec; it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".mlir")
      files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

class WorkloadTest : public ::testing::TestWithParam<std::string> {
protected:
  void SetUp() override {
    mlir::DialectRegistry registry;
    registerAllDialects(registry);
    context = std::make_unique<mlir::MLIRContext>(registry);
    module = mlir::parseSourceFile<mlir::ModuleOp>(GetParam(), context.get());
    ASSERT_TRUE(module) << "cannot parse " << GetParam();
    for (auto fn : module->getOps<mlir::func::FuncOp>()) {
      auto ref = fn->getAttrOfType<mlir::FlatSymbolRefAttr>("tsopt.reference");
      if (!ref)
        continue;
      auto refFn = module->lookupSymbol<mlir::func::FuncOp>(ref.getValue());
      ASSERT_TRUE(refFn);
      auto g = importFunction(fn);
      auto r = importFunction(refFn);
      ASSERT_TRUE(succeeded(g) && succeeded(r));
      pairs.emplace_back(std::move(*g), std::move(*r));
    }
    ASSERT_FALSE(pairs.empty()) << GetParam() << " has no µGraph with a "
                                << "tsopt.reference";
  }

  /// Runs both graphs of every pair on seeded uniform inputs and returns the
  /// largest normwise relative difference over all outputs.
  template <typename T> double maxRelativeDifference(uint64_t seed) {
    FloatDomain<T> dom;
    Evaluator<FloatDomain<T>> eval(dom);
    double worst = 0;
    for (auto &[opt, ref] : pairs) {
      std::mt19937_64 rng(seed);
      std::uniform_real_distribution<double> uniform(-1.0, 1.0);
      std::vector<Tensor<T>> inputs;
      for (int id : opt.inputs) {
        Tensor<T> t;
        t.shape = opt.type(id).shape;
        for (int64_t i = 0; i < opt.type(id).numElements(); ++i)
          t.data.push_back(static_cast<T>(uniform(rng)));
        inputs.push_back(std::move(t));
      }
      std::string why;
      auto a = eval.run(opt, inputs, &why);
      EXPECT_TRUE(succeeded(a)) << why;
      auto b = eval.run(ref, inputs, &why);
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

  std::unique_ptr<mlir::MLIRContext> context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::vector<std::pair<Graph, Graph>> pairs;
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
