//===- ExportTest.cpp - The exporter is the importer's inverse ------------===//
//
// Every function of every workload file (the CI shapes under test/Workloads
// and the published shapes under utils/workloads) goes import → export →
// verify → print → parse → import, and must come back as the same core
// graph computing the same floats. Random block graphs take the same trip;
// a kernel rebuilt in place with exportKernel leaves the function as it was;
// graphs the importer could not have produced give errors, not crashes.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Interchange/Export.h"
#include "Optimize/RandomElementwiseGraph.h"
#include "TestGraphs.h"
#include "TestWorkloads.h"
#include "tsopt/Core/GraphCompare.h"
#include "tsopt/Eval/Evaluator.h"
#include "tsopt/Interchange/KernelGraphs.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cstring>

#ifndef TSOPT_PUBLISHED_WORKLOAD_DIR
#error "TSOPT_PUBLISHED_WORKLOAD_DIR must name the utils/workloads directory"
#endif

using namespace mlir;
using namespace tsopt;
using namespace tsopt::test;
using CoreOp = tsopt::Op;

namespace {

/// The .mlir files of `dir`, sorted.
std::vector<std::string> mlirFiles(const std::string &dir) {
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".mlir")
      files.push_back(it->path());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> allWorkloadFiles() {
  std::vector<std::string> files = workloadFiles();
  for (std::string &f : mlirFiles(TSOPT_PUBLISHED_WORKLOAD_DIR))
    files.push_back(std::move(f));
  return files;
}

/// A context with every tsopt dialect loaded, so that the exporter can build
/// ops of dialects no parsed text has mentioned yet.
class ExportFixture {
protected:
  ExportFixture() : context(makeRegistry()) {
    context.loadAllAvailableDialects();
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registerAllDialects(registry);
    return registry;
  }

  /// A fresh module to export into.
  OwningOpRef<ModuleOp> newModule() {
    return ModuleOp::create(UnknownLoc::get(&context));
  }

  /// Exports `g` as @name into `module`, verifies and prints the module,
  /// parses the text back and imports @name. Failures are reported as test
  /// failures and give failure.
  FailureOr<Graph> roundTrip(const Graph &g, StringRef name,
                             std::string *text = nullptr) {
    OwningOpRef<ModuleOp> module = newModule();
    OpBuilder b(&context);
    b.setInsertionPointToEnd(module->getBody());
    FailureOr<func::FuncOp> fn =
        exportFunction(g, name, b, UnknownLoc::get(&context));
    EXPECT_TRUE(succeeded(fn)) << "cannot export @" << name.str();
    if (failed(fn))
      return failure();
    EXPECT_TRUE(succeeded(verify(*module))) << "@" << name.str();
    std::string printed;
    llvm::raw_string_ostream os(printed);
    module->print(os);
    if (text)
      *text = printed;
    OwningOpRef<ModuleOp> parsed =
        parseSourceString<ModuleOp>(printed, &context);
    EXPECT_TRUE(parsed) << "cannot parse the export of @" << name.str() << ":\n"
                        << printed;
    if (!parsed)
      return failure();
    auto back = parsed->lookupSymbol<func::FuncOp>(name);
    EXPECT_TRUE(back) << name.str();
    if (!back)
      return failure();
    FailureOr<Graph> again = importFunction(back);
    EXPECT_TRUE(succeeded(again)) << printed;
    return again;
  }

  MLIRContext context;
};

/// Runs `g` in double on seeded inputs; empty on failure (reported).
std::vector<Tensor<double>> evaluate(const Graph &g, uint64_t seed) {
  FloatDomain<double> dom;
  Evaluator<FloatDomain<double>> eval(dom);
  std::string why;
  auto out = eval.run(g, uniformInputs<double>(g, seed), &why);
  EXPECT_TRUE(succeeded(out)) << why;
  return succeeded(out) ? std::move(*out) : std::vector<Tensor<double>>{};
}

void expectSameResults(const Graph &a, const Graph &b, uint64_t seed) {
  std::vector<Tensor<double>> x = evaluate(a, seed), y = evaluate(b, seed);
  ASSERT_EQ(x.size(), y.size());
  ASSERT_FALSE(x.empty());
  for (size_t o = 0; o < x.size(); ++o) {
    EXPECT_EQ(x[o].shape, y[o].shape) << "output " << o;
    // The same graph on the same inputs: the same operations in the same
    // order, so the same bits (NaN included).
    ASSERT_EQ(x[o].data.size(), y[o].data.size());
    EXPECT_EQ(0, std::memcmp(x[o].data.data(), y[o].data.data(),
                             x[o].data.size() * sizeof(double)))
        << "output " << o;
  }
}

//===----------------------------------------------------------------------===//
// Workloads
//===----------------------------------------------------------------------===//

class WorkloadExportTest : public ExportFixture,
                           public ::testing::TestWithParam<std::string> {};

TEST_P(WorkloadExportTest, RoundTripsEveryFunction) {
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(GetParam(), &context);
  ASSERT_TRUE(module) << "cannot parse " << GetParam();
  int functions = 0;
  for (auto fn : module->getOps<func::FuncOp>()) {
    SCOPED_TRACE("@" + fn.getSymName().str());
    FailureOr<Graph> g = importFunction(fn);
    ASSERT_TRUE(succeeded(g));
    FailureOr<Graph> again = roundTrip(*g, fn.getSymName());
    ASSERT_TRUE(succeeded(again));
    std::string why;
    EXPECT_TRUE(structurallyEqual(*g, *again, &why)) << why;
    expectSameResults(*g, *again, /*seed=*/7);
    ++functions;
  }
  // A reference and at least one µGraph.
  EXPECT_GE(functions, 2);
}

TEST_P(WorkloadExportTest, ExportKernelRebuildsKernelsInPlace) {
  OwningOpRef<ModuleOp> module =
      parseSourceFile<ModuleOp>(GetParam(), &context);
  ASSERT_TRUE(module) << "cannot parse " << GetParam();
  int kernelsRebuilt = 0;
  for (auto fn : module->getOps<func::FuncOp>()) {
    SCOPED_TRACE("@" + fn.getSymName().str());
    FailureOr<Graph> before = importFunction(fn);
    ASSERT_TRUE(succeeded(before));
    FailureOr<SmallVector<KernelGraph>> kernels = importKernelGraphs(fn);
    ASSERT_TRUE(succeeded(kernels));
    for (KernelGraph &k : *kernels) {
      OpBuilder b(k.kernel);
      FailureOr<kgraph::KernelOp> rebuilt =
          exportKernel(b, k.kernel->getLoc(), *k.body, k.kernel->getOperands(),
                       k.kernel->getResultTypes());
      ASSERT_TRUE(succeeded(rebuilt));
      k.kernel->replaceAllUsesWith(rebuilt->getResults());
      k.kernel->erase();
      ++kernelsRebuilt;
    }
    EXPECT_TRUE(succeeded(verify(fn)));
    FailureOr<Graph> after = importFunction(fn);
    ASSERT_TRUE(succeeded(after));
    std::string why;
    EXPECT_TRUE(structurallyEqual(*before, *after, &why)) << why;
  }
  EXPECT_GE(kernelsRebuilt, 1);
}

INSTANTIATE_TEST_SUITE_P(
    Workloads, WorkloadExportTest, ::testing::ValuesIn(allWorkloadFiles()),
    [](const ::testing::TestParamInfo<std::string> &info) {
      // The same stems exist in both directories.
      bool published =
          llvm::StringRef(info.param).starts_with(TSOPT_PUBLISHED_WORKLOAD_DIR);
      return (published ? "published_" : "ci_") +
             llvm::sys::path::stem(info.param).str();
    });

TEST(WorkloadExportFiles, BothDirectoriesHaveWorkloads) {
  EXPECT_FALSE(workloadFiles().empty());
  EXPECT_FALSE(mlirFiles(TSOPT_PUBLISHED_WORKLOAD_DIR).empty());
}

//===----------------------------------------------------------------------===//
// Random block graphs
//===----------------------------------------------------------------------===//

class RandomExportTest : public ExportFixture, public ::testing::Test {};

TEST_F(RandomExportTest, RandomKernelGraphsRoundTrip) {
  int threadGraphs = 0, concats = 0;
  for (uint32_t seed = 1; seed <= 200; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    // The generator gives concatenating accumulators the kind the importer
    // reads back (sum), so the trip is exact.
    Graph g = kernelGraph(randomElementwiseGraph(seed));
    for (const CoreOp &op : g.ops[0].body->ops) {
      threadGraphs += op.kind == OpKind::ThreadGraph;
      concats += op.kind == OpKind::Accum && op.fmap != kReplica;
    }
    FailureOr<Graph> again = roundTrip(g, "random");
    ASSERT_TRUE(succeeded(again));
    std::string why;
    EXPECT_TRUE(structurallyEqual(g, *again, &why)) << why;
    expectSameResults(g, *again, seed);
  }
  // The generator covers what the workloads may not.
  EXPECT_GT(threadGraphs, 0);
  EXPECT_GT(concats, 0);
}

//===----------------------------------------------------------------------===//
// Graphs the importer could not have produced
//===----------------------------------------------------------------------===//

class InvalidExportTest : public ExportFixture, public ::testing::Test {
protected:
  /// Exports `g`; expects failure, an error containing `message`, and an
  /// empty module.
  void expectError(const Graph &g, StringRef message) {
    OwningOpRef<ModuleOp> module = newModule();
    OpBuilder b(&context);
    b.setInsertionPointToEnd(module->getBody());
    std::vector<std::string> errors;
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
      if (d.getSeverity() == DiagnosticSeverity::Error)
        errors.push_back(d.str());
      return success();
    });
    FailureOr<func::FuncOp> fn =
        exportFunction(g, "bad", b, UnknownLoc::get(&context));
    EXPECT_TRUE(failed(fn));
    EXPECT_TRUE(module->getBody()->empty()) << "a failed export leaves IR";
    ASSERT_FALSE(errors.empty());
    EXPECT_TRUE(llvm::any_of(
        errors,
        [&](const std::string &e) { return StringRef(e).contains(message); }))
        << "no error contains '" << message.str()
        << "'; first: " << errors.front();
  }

  /// A valid kernel graph: exp of a tiled 8x8 input, for mutating.
  static Graph validGraph() {
    Graph bg = blockGraph({2}, 2);
    int x = bg.addInput(tt({8, 8}));
    int t = blockInput(bg, x, {0, R, R}, 1, {4, 4});
    int e = add(bg, OpKind::Exp, {t}, {4, 4});
    int a = accum(bg, e, 1, AccumKind::Sum, {4, 8});
    blockOutput(bg, a, {0, R, R}, {8, 8});
    return kernelGraph(std::move(bg));
  }

  /// A private copy of the block graph of `g`'s kernel, for mutating (call
  /// once per test: a second call replaces the copy).
  static Graph &body(Graph &g) {
    auto copy = std::make_shared<Graph>(*g.ops[0].body);
    Graph &ref = *copy;
    g.ops[0].body = std::move(copy);
    return ref;
  }
};

TEST_F(InvalidExportTest, ValidGraphExports) {
  FailureOr<Graph> again = roundTrip(validGraph(), "ok");
  ASSERT_TRUE(succeeded(again));
  std::string why;
  EXPECT_TRUE(structurallyEqual(validGraph(), *again, &why)) << why;
}

TEST_F(InvalidExportTest, OperandOutOfRange) {
  Graph g = validGraph();
  body(g).ops[1].operands[0] = 99;
  expectError(g, "operand value 99 is out of range or not yet defined");
}

TEST_F(InvalidExportTest, UseBeforeDefinition) {
  Graph g = validGraph();
  Graph &bg = body(g);
  std::swap(bg.ops[1], bg.ops[2]);
  expectError(g, "not yet defined");
}

TEST_F(InvalidExportTest, MissingKernelBody) {
  Graph g = validGraph();
  g.ops[0].body = nullptr;
  expectError(g, "has no body");
}

TEST_F(InvalidExportTest, OpAtTheWrongLevel) {
  Graph g = validGraph();
  body(g).ops[1].kind = OpKind::Conv2d;
  expectError(g, "has no op in the block-level dialect");
  Graph h = validGraph();
  body(h).level = Level::Thread;
  expectError(h, "expected a block-level graph");
}

TEST_F(InvalidExportTest, WrongArity) {
  Graph g = validGraph();
  body(g).ops[1].kind = OpKind::Add;
  expectError(g, "takes 2 operand(s), got 1");
}

TEST_F(InvalidExportTest, BadGrid) {
  Graph g = validGraph();
  body(g).grid = {2, 1, 1, 1};
  expectError(g, "a grid has 1 to 3 dims, got 4");
}

TEST_F(InvalidExportTest, ShapeRuleBrokenIsCaughtByTheVerifier) {
  Graph g = validGraph();
  Graph &bg = body(g);
  bg.values[bg.ops[1].results[0]].shape = {4, 2};
  // The tile of exp no longer matches its operand: the dialect verifier
  // says so, and nothing is left behind.
  expectError(g, "");
}

TEST_F(InvalidExportTest, NonScalarThreadValue) {
  Graph bg = blockGraph({1}, 1);
  int x = bg.addInput(tt({4}));
  int t = blockInput(bg, x, {R, R, R}, R, {4});
  auto tg = std::make_shared<Graph>();
  tg->level = Level::Thread;
  int s = tg->addInput(tt({4})); // should be a scalar
  tg->outputs.push_back(add(*tg, OpKind::Neg, {s}, {4}));
  CoreOp op = mk(OpKind::ThreadGraph, {t});
  op.body = tg;
  int r = bg.addOp(op, {tt({4})});
  int a = accum(bg, r, R, AccumKind::Sum, {4});
  blockOutput(bg, a, {R, R, R}, {4});
  expectError(kernelGraph(std::move(bg)), "must be a scalar");
}

TEST_F(InvalidExportTest, NegativeDim) {
  Graph g;
  int x = g.addInput(tt({-3, 4}));
  g.outputs.push_back(add(g, OpKind::Neg, {x}, {-3, 4}));
  expectError(g, "has a negative dim");
}

} // namespace
