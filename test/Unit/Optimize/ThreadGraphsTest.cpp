//===- ThreadGraphsTest.cpp - Thread-graph formation and inlining ---------===//
//
// Every workload µGraph is unfused (its thread graphs inlined into block
// ops) and fused again; both must be equivalent to the µGraph and to its
// reference, fusion must leave fewer block ops, and it must be idempotent.
// Random block graphs check that formation never changes a float result and
// that every thread graph it makes passes the tgraph verifier. Hand-written
// block graphs pin the rules: phases, escaping intermediates, broadcasting,
// cycles, independent chains, the minimum group size.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Optimize/ThreadGraphs.h"
#include "Optimize/RandomElementwiseGraph.h"
#include "TestGraphs.h"
#include "TestWorkloads.h"
#include "tsopt/Core/GraphCompare.h"
#include "tsopt/Eval/Evaluator.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Verify/Equivalence.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <cstring>
#include <optional>

using namespace tsopt;
using namespace tsopt::test;

namespace {

/// Ops of kind `kind` in the block graphs of `g`'s kernels.
int countBlockOps(const Graph &g, std::optional<OpKind> kind = std::nullopt) {
  int n = 0;
  for (const Op &op : g.ops)
    if (op.kind == OpKind::Kernel)
      for (const Op &b : op.body->ops)
        n += !kind || b.kind == *kind;
  return n;
}

/// The algebra of formation: the field trials. (The floats are compared
/// bit for bit by expectSameFloats; the µGraphs' own float behaviour is the
/// workload tests' concern.)
VerifyOptions verifyOptions() {
  VerifyOptions o;
  o.threads = 1;
  o.seed = 0x7e1;
  o.floatCheck = false;
  return o;
}

void expectEquivalent(const Graph &candidate, const Graph &reference,
                      const std::string &what) {
  std::string why;
  llvm::FailureOr<VerifyRecord> rec =
      verifyEquivalence(candidate, reference, verifyOptions(), &why);
  ASSERT_TRUE(succeeded(rec)) << what << ": " << why;
  EXPECT_TRUE(rec->equivalent) << what << ": " << rec->summary();
}

/// Float outputs of `g` on seeded inputs; empty on failure (reported).
std::vector<Tensor<float>> evaluate(const Graph &g, uint64_t seed) {
  FloatDomain<float> dom;
  Evaluator<FloatDomain<float>> eval(dom);
  std::string why;
  auto out = eval.run(g, uniformInputs<float>(g, seed), &why);
  EXPECT_TRUE(succeeded(out)) << why;
  return succeeded(out) ? std::move(*out) : std::vector<Tensor<float>>{};
}

/// A thread graph runs the same scalar ops in the same order on every
/// element as the block ops it replaced: the floats are bit for bit equal.
void expectSameFloats(const Graph &a, const Graph &b, uint64_t seed) {
  std::vector<Tensor<float>> x = evaluate(a, seed), y = evaluate(b, seed);
  ASSERT_FALSE(x.empty());
  ASSERT_EQ(x.size(), y.size());
  for (size_t o = 0; o < x.size(); ++o) {
    EXPECT_EQ(x[o].shape, y[o].shape) << "output " << o;
    // Compare bits: NaN (e.g. from a random division) must match NaN.
    ASSERT_EQ(x[o].data.size(), y[o].data.size());
    EXPECT_EQ(0, std::memcmp(x[o].data.data(), y[o].data.data(),
                             x[o].data.size() * sizeof(float)))
        << "output " << o;
  }
}

/// Exports `g` and runs the dialect verifiers on it (the tgraph verifier's
/// broadcasting rule is the one formation must respect).
void expectVerifies(const Graph &g) {
  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  context.loadAllAvailableDialects();
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::ModuleOp::create(mlir::UnknownLoc::get(&context));
  mlir::OpBuilder b(&context);
  b.setInsertionPointToEnd(module->getBody());
  std::string errors;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    errors += d.str() + "\n";
    return mlir::success();
  });
  auto fn = exportFunction(g, "fused", b, mlir::UnknownLoc::get(&context));
  EXPECT_TRUE(succeeded(fn)) << errors;
}

//===----------------------------------------------------------------------===//
// Workloads
//===----------------------------------------------------------------------===//

class ThreadGraphWorkloadTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() { workloads = loadAllWorkloads(); }
  static void TearDownTestSuite() { workloads.clear(); }
  void SetUp() override { ASSERT_FALSE(workloads.empty()); }
  static std::vector<Workload> workloads;
};
std::vector<Workload> ThreadGraphWorkloadTest::workloads;

TEST_F(ThreadGraphWorkloadTest, UnfuseThenFuseIsEquivalent) {
  int withThreadGraphs = 0;
  for (const Workload &w : workloads) {
    SCOPED_TRACE(w.name);
    Graph unfused = inlineThreadGraphs(w.opt);
    EXPECT_EQ(countBlockOps(unfused, OpKind::ThreadGraph), 0);
    expectEquivalent(unfused, w.opt, "unfused vs the µGraph");

    ThreadGraphStats stats;
    Graph fused = formThreadGraphs(unfused, {}, &stats);
    expectEquivalent(fused, w.opt, "fused vs the µGraph");
    expectEquivalent(fused, w.ref, "fused vs the reference");
    expectSameFloats(fused, unfused, 3);
    expectVerifies(fused);

    int before = countBlockOps(unfused), after = countBlockOps(fused);
    EXPECT_EQ(after, before - static_cast<int>(stats.opsFused) +
                         static_cast<int>(stats.groups));
    if (countBlockOps(w.opt, OpKind::ThreadGraph) > 0) {
      // A hand-written thread graph is a chain formation finds again.
      ++withThreadGraphs;
      EXPECT_LT(after, before);
      EXPECT_GE(countBlockOps(fused, OpKind::ThreadGraph),
                countBlockOps(w.opt, OpKind::ThreadGraph));
      EXPECT_LE(after, countBlockOps(w.opt));
    } else {
      EXPECT_LE(after, before);
    }
  }
  // rmsnorm, gated_mlp and flash_attention have thread graphs.
  EXPECT_GE(withThreadGraphs, 3);
}

TEST_F(ThreadGraphWorkloadTest, FormationIsIdempotent) {
  for (const Workload &w : workloads) {
    SCOPED_TRACE(w.name);
    Graph once = formThreadGraphs(inlineThreadGraphs(w.opt));
    ThreadGraphStats stats;
    Graph twice = formThreadGraphs(once, {}, &stats);
    EXPECT_EQ(stats.groups, 0u);
    std::string why;
    EXPECT_TRUE(structurallyEqual(once, twice, &why)) << why;
  }
}

TEST_F(ThreadGraphWorkloadTest, FusingHandWrittenGraphsKeepsThem) {
  for (const Workload &w : workloads) {
    SCOPED_TRACE(w.name);
    Graph fused = formThreadGraphs(w.opt);
    expectEquivalent(fused, w.ref, "fused vs the reference");
    EXPECT_GE(countBlockOps(fused, OpKind::ThreadGraph),
              countBlockOps(w.opt, OpKind::ThreadGraph));
  }
}

TEST_F(ThreadGraphWorkloadTest, InliningFusedGraphsGivesTheBlockOpsBack) {
  for (const Workload &w : workloads) {
    SCOPED_TRACE(w.name);
    Graph unfused = inlineThreadGraphs(w.opt);
    Graph again = inlineThreadGraphs(formThreadGraphs(unfused));
    // Formation only makes thread graphs whose results have the broadcast
    // shape, so inlining them needs no broadcast ops: the same op count.
    EXPECT_EQ(countBlockOps(again), countBlockOps(unfused));
    expectSameFloats(again, unfused, 5);
  }
}

//===----------------------------------------------------------------------===//
// Random block graphs
//===----------------------------------------------------------------------===//

TEST(ThreadGraphRandomTest, FormationKeepsEveryResult) {
  ThreadGraphStats total;
  for (uint32_t seed = 1; seed <= 300; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    Graph g = kernelGraph(randomElementwiseGraph(seed));
    Graph unfused = inlineThreadGraphs(g);
    expectSameFloats(unfused, g, seed);
    for (unsigned minOps : {1u, 2u}) {
      ThreadGraphOptions opts;
      opts.minOps = minOps;
      ThreadGraphStats stats;
      Graph fused = formThreadGraphs(unfused, opts, &stats);
      expectSameFloats(fused, unfused, seed);
      if (stats.groups > 0 && seed % 10 == 0)
        expectVerifies(fused);
      total.groups += stats.groups;
      total.opsFused += stats.opsFused;
      // Formation works on existing thread graphs too (keeping them).
      Graph kept = formThreadGraphs(g, opts);
      expectSameFloats(kept, g, seed);
    }
  }
  // The generator makes fusible chains often enough for this to mean
  // something.
  EXPECT_GT(total.groups, 100u);
  EXPECT_GT(total.opsFused, total.groups);
}

TEST(ThreadGraphRandomTest, FusedGraphsVerify) {
  int checked = 0;
  for (uint32_t seed = 1; seed <= 60; ++seed) {
    Graph fused = formThreadGraphs(
        inlineThreadGraphs(kernelGraph(randomElementwiseGraph(seed))));
    if (countBlockOps(fused, OpKind::ThreadGraph) == 0)
      continue;
    SCOPED_TRACE("seed " + std::to_string(seed));
    expectVerifies(fused);
    ++checked;
  }
  EXPECT_GT(checked, 10);
}

//===----------------------------------------------------------------------===//
// The rules, on hand-written block graphs
//===----------------------------------------------------------------------===//

/// Indices of the ThreadGraph ops of a block graph.
std::vector<const Op *> threadGraphs(const Graph &bg) {
  std::vector<const Op *> out;
  for (const Op &op : bg.ops)
    if (op.kind == OpKind::ThreadGraph)
      out.push_back(&op);
  return out;
}

std::vector<OpKind> bodyKinds(const Op &tg) {
  std::vector<OpKind> kinds;
  for (const Op &op : tg.body->ops)
    kinds.push_back(op.kind);
  return kinds;
}

/// Fuses block graph `bg` (checking the result against it) and returns the
/// fused block graph.
Graph fuseChecked(Graph bg, unsigned minOps = 2) {
  Graph g = kernelGraph(std::move(bg));
  ThreadGraphOptions opts;
  opts.minOps = minOps;
  Graph fused = formThreadGraphs(g, opts);
  expectSameFloats(fused, g, 1);
  expectVerifies(fused);
  return *fused.ops[0].body;
}

TEST(ThreadGraphRulesTest, ChainAcrossTheAccumulatorIsTwoGroups) {
  Graph bg = blockGraph({2}, 4);
  int x = bg.addInput(tt({8, 32}));
  int t = blockInput(bg, x, {0, R, R}, 1, {4, 8});
  int e = add(bg, OpKind::Exp, {t}, {4, 8});
  int n = add(bg, OpKind::Neg, {e}, {4, 8});
  int a = accum(bg, n, R, AccumKind::Sum, {4, 8});
  int s = add(bg, OpKind::Square, {a}, {4, 8});
  int m = mulScalar(bg, s, 0.5, {4, 8});
  blockOutput(bg, m, {0, R, R}, {8, 8});
  Graph f = fuseChecked(bg);
  auto tgs = threadGraphs(f);
  ASSERT_EQ(tgs.size(), 2u);
  EXPECT_EQ(bodyKinds(*tgs[0]), (std::vector{OpKind::Exp, OpKind::Neg}));
  EXPECT_EQ(bodyKinds(*tgs[1]),
            (std::vector{OpKind::Square, OpKind::MulScalar}));
  // input, thread graph, accum, thread graph, output.
  EXPECT_EQ(f.ops.size(), 5u);
}

TEST(ThreadGraphRulesTest, BroadcastOperandsAreFused) {
  // rmsnorm's post-loop chain: [4, 1] operands broadcast against [4, 8].
  Graph bg = blockGraph({1}, 2);
  int x = bg.addInput(tt({4, 16}));
  int t = blockInput(bg, x, {R, R, R}, 1, {4, 8});
  int sq = add(bg, OpKind::Square, {t}, {4, 8});
  int ss = reduce(bg, OpKind::ReduceSum, sq, 1, {4, 1});
  int pa = accum(bg, t, 1, AccumKind::Sum, {4, 16});
  int sa = accum(bg, ss, R, AccumKind::Sum, {4, 1});
  int ms = mulScalar(bg, sa, 1.0 / 16, {4, 1});
  int r = add(bg, OpKind::Sqrt, {ms}, {4, 1});
  int d = add(bg, OpKind::Div, {pa, r}, {4, 16});
  blockOutput(bg, d, {R, R, R}, {4, 16});
  Graph f = fuseChecked(bg);
  auto tgs = threadGraphs(f);
  ASSERT_EQ(tgs.size(), 1u);
  EXPECT_EQ(bodyKinds(*tgs[0]),
            (std::vector{OpKind::MulScalar, OpKind::Sqrt, OpKind::Div}));
  ASSERT_EQ(tgs[0]->operands.size(), 2u);
  EXPECT_EQ(f.type(tgs[0]->results[0]).shape, (Shape{4, 16}));
}

TEST(ThreadGraphRulesTest, SmallIntermediateUsedOutsideStaysOut) {
  // r = rsqrt(s) is [4, 1] and also saved: it cannot be a result of a
  // thread graph of shape [4, 8], so rsqrt stays a block op while mul and
  // neg, whose escaping value has the broadcast shape, fuse.
  Graph bg = blockGraph({1}, 1);
  int x = bg.addInput(tt({4, 8}));
  int y = bg.addInput(tt({4, 1}));
  int xt = blockInput(bg, x, {R, R, R}, R, {4, 8});
  int yt = blockInput(bg, y, {R, R, R}, R, {4, 1});
  int xa = accum(bg, xt, R, AccumKind::Sum, {4, 8});
  int ya = accum(bg, yt, R, AccumKind::Sum, {4, 1});
  int r = add(bg, OpKind::Rsqrt, {ya}, {4, 1});
  int m = add(bg, OpKind::Mul, {xa, r}, {4, 8});
  int n = add(bg, OpKind::Neg, {m}, {4, 8});
  blockOutput(bg, n, {R, R, R}, {4, 8});
  blockOutput(bg, r, {R, R, R}, {4, 1});
  Graph f = fuseChecked(bg);
  auto tgs = threadGraphs(f);
  ASSERT_EQ(tgs.size(), 1u);
  EXPECT_EQ(bodyKinds(*tgs[0]), (std::vector{OpKind::Mul, OpKind::Neg}));
  EXPECT_EQ(llvm::count_if(
                f.ops, [](const Op &op) { return op.kind == OpKind::Rsqrt; }),
            1);
}

TEST(ThreadGraphRulesTest, IntermediateUsedOutsideBecomesAResult) {
  Graph bg = blockGraph({1}, 1);
  int x = bg.addInput(tt({4, 8}));
  int xt = blockInput(bg, x, {R, R, R}, R, {4, 8});
  int xa = accum(bg, xt, R, AccumKind::Sum, {4, 8});
  int e = add(bg, OpKind::Exp, {xa}, {4, 8});
  int s = reduce(bg, OpKind::ReduceSum, e, 1, {4, 1});
  int d = add(bg, OpKind::Div, {e, s}, {4, 8});
  int n = add(bg, OpKind::Neg, {xa}, {4, 8});
  int m = add(bg, OpKind::Mul, {d, n}, {4, 8});
  blockOutput(bg, m, {R, R, R}, {4, 8});
  // exp feeds the reduction, which feeds div: {exp, div} would close a
  // cycle through reduce_sum, so exp stays alone; div, neg and mul fuse
  // (neg through its edge to mul), reading exp's tile from outside.
  Graph f = fuseChecked(bg);
  auto tgs = threadGraphs(f);
  ASSERT_EQ(tgs.size(), 1u);
  EXPECT_EQ(bodyKinds(*tgs[0]),
            (std::vector{OpKind::Div, OpKind::Neg, OpKind::Mul}));
  // With min-ops 1, exp is a thread graph of its own whose result the
  // reduction and the other thread graph read.
  Graph f1 = fuseChecked(bg, 1);
  EXPECT_EQ(threadGraphs(f1).size(), 2u);
}

TEST(ThreadGraphRulesTest, EscapingValueOfTheBroadcastShapeIsAResult) {
  Graph bg = blockGraph({1}, 1);
  int x = bg.addInput(tt({4, 8}));
  int xt = blockInput(bg, x, {R, R, R}, R, {4, 8});
  int xa = accum(bg, xt, R, AccumKind::Sum, {4, 8});
  int e = add(bg, OpKind::Exp, {xa}, {4, 8});
  int n = add(bg, OpKind::Neg, {e}, {4, 8});
  blockOutput(bg, n, {R, R, R}, {4, 8});
  blockOutput(bg, e, {R, R, R}, {4, 8});
  Graph f = fuseChecked(bg);
  auto tgs = threadGraphs(f);
  ASSERT_EQ(tgs.size(), 1u);
  EXPECT_EQ(tgs[0]->results.size(), 2u);
}

TEST(ThreadGraphRulesTest, NoCycleThroughANonFusedOp) {
  // e = exp(t); p = e·w (matmul); y = add(e, p); z = neg(y). {exp, add}
  // would contain the path exp → matmul → add: exp stays out.
  Graph bg = blockGraph({1}, 1);
  int x = bg.addInput(tt({8, 8}));
  int w = bg.addInput(tt({8, 8}));
  int t = blockInput(bg, x, {R, R, R}, R, {8, 8});
  int wt = blockInput(bg, w, {R, R, R}, R, {8, 8});
  int e = add(bg, OpKind::Exp, {t}, {8, 8});
  int p = add(bg, OpKind::Matmul, {e, wt}, {8, 8});
  int y = add(bg, OpKind::Add, {e, p}, {8, 8});
  int z = add(bg, OpKind::Neg, {y}, {8, 8});
  int a = accum(bg, z, R, AccumKind::Sum, {8, 8});
  blockOutput(bg, a, {R, R, R}, {8, 8});
  Graph f = fuseChecked(bg);
  auto tgs = threadGraphs(f);
  ASSERT_EQ(tgs.size(), 1u);
  EXPECT_EQ(bodyKinds(*tgs[0]), (std::vector{OpKind::Add, OpKind::Neg}));
}

TEST(ThreadGraphRulesTest, IndependentChainsAreSeparateThreadGraphs) {
  Graph bg = blockGraph({2}, 1);
  int x = bg.addInput(tt({8, 8}));
  int y = bg.addInput(tt({8, 8}));
  int xt = blockInput(bg, x, {0, R, R}, R, {4, 8});
  int yt = blockInput(bg, y, {0, R, R}, R, {4, 8});
  int a = add(bg, OpKind::Exp, {xt}, {4, 8});
  int b = add(bg, OpKind::Silu, {yt}, {4, 8});
  int a2 = add(bg, OpKind::Neg, {a}, {4, 8});
  int b2 = mulScalar(bg, b, 2.0, {4, 8});
  int aa = accum(bg, a2, R, AccumKind::Sum, {4, 8});
  int ba = accum(bg, b2, R, AccumKind::Sum, {4, 8});
  blockOutput(bg, aa, {0, R, R}, {8, 8});
  blockOutput(bg, ba, {0, R, R}, {8, 8});
  Graph f = fuseChecked(bg);
  auto tgs = threadGraphs(f);
  ASSERT_EQ(tgs.size(), 2u);
  EXPECT_EQ(bodyKinds(*tgs[0]), (std::vector{OpKind::Exp, OpKind::Neg}));
  EXPECT_EQ(bodyKinds(*tgs[1]), (std::vector{OpKind::Silu, OpKind::MulScalar}));
}

TEST(ThreadGraphRulesTest, SingleOpsNeedMinOpsOne) {
  Graph bg = blockGraph({1}, 1);
  int x = bg.addInput(tt({4, 4}));
  int t = blockInput(bg, x, {R, R, R}, R, {4, 4});
  int e = add(bg, OpKind::Exp, {t}, {4, 4});
  int a = accum(bg, e, R, AccumKind::Sum, {4, 4});
  blockOutput(bg, a, {R, R, R}, {4, 4});
  FusedBlockGraph none = fuseBlockGraph(bg);
  EXPECT_EQ(none.stats.groups, 0u);
  std::string why;
  EXPECT_TRUE(structurallyEqual(none.graph, bg, &why)) << why;
  EXPECT_EQ(threadGraphs(fuseChecked(bg, 1)).size(), 1u);
}

TEST(ThreadGraphRulesTest, OriginNamesTheFusedOps) {
  Graph bg = blockGraph({1}, 1);
  int x = bg.addInput(tt({4, 4}));
  int t = blockInput(bg, x, {R, R, R}, R, {4, 4}); // op 0
  int e = add(bg, OpKind::Exp, {t}, {4, 4});       // op 1
  int a = accum(bg, e, R, AccumKind::Sum, {4, 4}); // op 2
  int n = add(bg, OpKind::Neg, {a}, {4, 4});       // op 3
  int r = add(bg, OpKind::Relu, {n}, {4, 4});      // op 4
  blockOutput(bg, r, {R, R, R}, {4, 4});           // op 5
  FusedBlockGraph f = fuseBlockGraph(bg);
  EXPECT_EQ(f.stats.groups, 1u);
  EXPECT_EQ(f.stats.opsFused, 2u);
  ASSERT_EQ(f.origin.size(), f.graph.ops.size());
  using V = llvm::SmallVector<int, 4>;
  EXPECT_EQ(f.origin, (std::vector<V>{{0}, {1}, {2}, {3, 4}, {5}}));
}

TEST(ThreadGraphRulesTest, InliningBroadcastsSmallResults) {
  // A hand-written thread graph may return a value of a smaller shape than
  // its result (here the [4, 1] operand itself, and an op on it alone):
  // inlining broadcasts them with reshape/repeat.
  Graph bg = blockGraph({1}, 1);
  int x = bg.addInput(tt({4, 8}));
  int y = bg.addInput(tt({4, 1}));
  int xt = blockInput(bg, x, {R, R, R}, R, {4, 8});
  int yt = blockInput(bg, y, {R, R, R}, R, {4, 1});
  auto body = std::make_shared<Graph>();
  body->level = Level::Thread;
  int sx = body->addInput(tt({}));
  int sy = body->addInput(tt({}));
  body->outputs.push_back(sy);
  body->outputs.push_back(add(*body, OpKind::Exp, {sy}, {}));
  body->outputs.push_back(add(*body, OpKind::Add, {sx, sy}, {}));
  Op tg = mk(OpKind::ThreadGraph, {xt, yt});
  tg.body = body;
  int first = bg.addOp(tg, {tt({4, 8}), tt({4, 8}), tt({4, 8})});
  for (int i = 0; i < 3; ++i) {
    int a = accum(bg, first + i, R, AccumKind::Sum, {4, 8});
    blockOutput(bg, a, {R, R, R}, {4, 8});
  }
  Graph g = kernelGraph(bg);
  Graph inlined = inlineThreadGraphs(g);
  EXPECT_EQ(countBlockOps(inlined, OpKind::ThreadGraph), 0);
  EXPECT_EQ(countBlockOps(inlined, OpKind::Repeat), 2);
  expectSameFloats(inlined, g, 2);
  expectVerifies(inlined);
}

} // namespace
