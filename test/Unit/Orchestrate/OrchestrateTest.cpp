//===- OrchestrateTest.cpp - States, candidates, the BLP, orchestration ---===//
//
// Execution states and candidate kernels against brute force on random
// DAGs; CBC's optimum against exhaustive enumeration on small covers, an
// instance where redundant computation wins and one whose cheapest
// kernels wait on each other; fission; orchestration of small programs end
// to end (every result verified), the pricing cache on a repeated block,
// and bad input.
//
//===----------------------------------------------------------------------===//

#include "TestGraphs.h"

#include "tsopt/Orchestrate/KernelCandidates.h"
#include "tsopt/Orchestrate/KernelSelection.h"
#include "tsopt/Orchestrate/Orchestrate.h"
#include "tsopt/Transforms/Fission.h"
#include "tsopt/Verify/Equivalence.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

using namespace tsopt;
using namespace tsopt::test;

namespace {

/// A random DAG of `n` ops on 8x8 tensors: element-wise unary and binary
/// ops and matmuls over two inputs and earlier results; the values nobody
/// reads are the outputs.
Graph randomDag(unsigned n, std::mt19937 &rng) {
  Graph g;
  g.addInput(tt({8, 8}));
  g.addInput(tt({8, 8}));
  const OpKind kinds[] = {OpKind::Exp,  OpKind::Neg, OpKind::Add,
                          OpKind::Mul,  OpKind::Sub, OpKind::Matmul};
  for (unsigned i = 0; i < n; ++i) {
    OpKind k = kinds[rng() % 6];
    // Prefer recent values so that the DAG is deep as well as wide.
    auto pick = [&] {
      int size = g.values.size();
      return std::max(0, size - 1 - static_cast<int>(rng() % 4));
    };
    if (isElementwiseUnary(k))
      add(g, k, {pick()}, {8, 8});
    else
      add(g, k, {pick(), pick()}, {8, 8});
  }
  std::vector<bool> read(g.values.size(), false);
  for (const Op &op : g.ops)
    for (int v : op.operands)
      read[v] = true;
  for (size_t v = 2; v < g.values.size(); ++v)
    if (!read[v])
      g.outputs.push_back(v);
  return g;
}

/// reach[a][b]: a path leads from op a to op b (a != b).
std::vector<std::vector<bool>> reachability(const Graph &g) {
  size_t n = g.ops.size();
  std::vector<int> producer = producers(g);
  std::vector<std::vector<bool>> reach(n, std::vector<bool>(n, false));
  for (size_t b = 0; b < n; ++b)
    for (int v : g.ops[b].operands)
      if (int a = producer[v]; a >= 0) {
        reach[a][b] = true;
        for (size_t c = 0; c < n; ++c)
          if (reach[c][a])
            reach[c][b] = true;
      }
  return reach;
}

std::set<std::vector<bool>> asSets(const std::vector<OpSet> &sets) {
  std::set<std::vector<bool>> out;
  for (const OpSet &s : sets) {
    std::vector<bool> v(s.size());
    for (size_t i = 0; i < s.size(); ++i)
      v[i] = s.test(i);
    out.insert(v);
  }
  return out;
}

TEST(KernelCandidates, StatesAndCandidatesMatchBruteForce) {
  std::mt19937 rng(7);
  for (unsigned trial = 0; trial < 40; ++trial) {
    Graph g = randomDag(4 + trial % 8, rng);
    size_t n = g.ops.size();
    auto reach = reachability(g);
    std::vector<int> producer = producers(g);
    CandidateLimits limits;
    limits.maxOps = 1 + trial % 5;
    limits.maxLinear = 1 + trial % 2;
    std::set<std::vector<bool>> states, kernels;
    for (uint32_t mask = 0; mask < (1u << n); ++mask) {
      std::vector<bool> in(n);
      for (size_t i = 0; i < n; ++i)
        in[i] = mask >> i & 1;
      // A state: closed under predecessors.
      bool closed = true;
      for (size_t b = 0; b < n; ++b)
        for (size_t a = 0; a < n; ++a)
          if (in[b] && reach[a][b] && !in[a])
            closed = false;
      if (closed)
        states.insert(in);
      // A candidate: convex, connected, within the limits.
      unsigned size = 0, linear = 0;
      for (size_t i = 0; i < n; ++i)
        if (in[i]) {
          ++size;
          linear += g.ops[i].kind == OpKind::Matmul;
        }
      if (size == 0 || size > limits.maxOps || linear > limits.maxLinear)
        continue;
      bool convex = true;
      for (size_t a = 0; a < n; ++a)
        for (size_t c = 0; c < n; ++c)
          for (size_t b = 0; b < n; ++b)
            if (in[a] && in[b] && !in[c] && reach[a][c] && reach[c][b])
              convex = false;
      if (!convex)
        continue;
      // Connected through a value one writes and another reads, or both
      // read: flood from the first op.
      std::vector<bool> seen(n, false);
      std::vector<size_t> stack;
      for (size_t i = 0; i < n && stack.empty(); ++i)
        if (in[i]) {
          seen[i] = true;
          stack.push_back(i);
        }
      auto touches = [&](size_t a, size_t b) {
        for (int v : g.ops[a].operands) {
          if (llvm::is_contained(g.ops[b].operands, v) || producer[v] == (int)b)
            return true;
        }
        for (int v : g.ops[b].operands)
          if (producer[v] == (int)a)
            return true;
        return false;
      };
      while (!stack.empty()) {
        size_t a = stack.back();
        stack.pop_back();
        for (size_t b = 0; b < n; ++b)
          if (in[b] && !seen[b] && touches(a, b)) {
            seen[b] = true;
            stack.push_back(b);
          }
      }
      if (seen == in)
        kernels.insert(in);
    }
    auto got = enumerateCandidateKernels(g, limits);
    ASSERT_TRUE(succeeded(got)) << trial;
    EXPECT_EQ(asSets(got->states), states) << "trial " << trial;
    EXPECT_EQ(got->states.size(), states.size()) << "duplicates, trial " << trial;
    EXPECT_EQ(asSets(got->kernels), kernels) << "trial " << trial;
    EXPECT_EQ(got->kernels.size(), kernels.size()) << "duplicates, trial " << trial;
    for (const OpSet &k : got->kernels)
      EXPECT_TRUE(isConvex(g, k) && isConnected(g, k));
    // Grown without states: the same candidates.
    auto grown = growCandidateKernels(g, limits);
    ASSERT_TRUE(succeeded(grown)) << trial;
    EXPECT_EQ(asSets(*grown), kernels) << "grown, trial " << trial;
    EXPECT_EQ(grown->size(), kernels.size()) << "grown duplicates " << trial;
  }
}

TEST(KernelCandidates, LimitsAndOpaqueOps) {
  std::mt19937 rng(3);
  Graph g = randomDag(10, rng);
  // Past the states limit the candidates are grown instead: the same.
  CandidateLimits limits;
  auto all = enumerateCandidateKernels(g, limits);
  ASSERT_TRUE(succeeded(all));
  EXPECT_FALSE(all->states.empty());
  limits.maxStates = 3;
  std::string why;
  auto wide = enumerateCandidateKernels(g, limits, {}, &why);
  ASSERT_TRUE(succeeded(wide)) << why;
  EXPECT_TRUE(wide->states.empty());
  EXPECT_EQ(asSets(wide->kernels), asSets(all->kernels));
  EXPECT_TRUE(failed(enumerateExecutionStates(g, 3, &why)));
  EXPECT_NE(why.find("execution states"), std::string::npos) << why;
  limits = {};
  limits.maxCandidates = 2;
  EXPECT_TRUE(failed(enumerateCandidateKernels(g, limits, {}, &why)));
  EXPECT_NE(why.find("candidate kernels"), std::string::npos) << why;
  // An opaque op is a candidate alone and in no other.
  llvm::SmallVector<bool> opaque(g.ops.size(), false);
  opaque[3] = true;
  auto got = enumerateCandidateKernels(g, {}, opaque);
  ASSERT_TRUE(succeeded(got));
  unsigned alone = 0;
  for (const OpSet &k : got->kernels)
    if (k.test(3)) {
      EXPECT_EQ(k.count(), 1u);
      ++alone;
    }
  EXPECT_EQ(alone, 1u);
}

/// The cheapest feasible subset of the kernels, by enumeration.
double exhaustiveOptimum(const CoverProblem &p) {
  double best = INFINITY;
  size_t n = p.kernels.size();
  for (uint32_t mask = 1; mask < (1u << n); ++mask) {
    std::vector<unsigned> chosen;
    double cost = 0;
    for (size_t k = 0; k < n; ++k)
      if (mask >> k & 1) {
        chosen.push_back(k);
        cost += p.kernels[k].cost;
      }
    if (cost >= best || !orderKernels(p, chosen))
      continue;
    std::set<int> written(p.inputs.begin(), p.inputs.end());
    for (unsigned k : chosen)
      written.insert(p.kernels[k].writes.begin(), p.kernels[k].writes.end());
    if (llvm::all_of(p.outputs, [&](int o) { return written.count(o); }))
      best = cost;
  }
  return best;
}

TEST(KernelSelection, OptimumEqualsExhaustiveEnumeration) {
  std::mt19937 rng(11);
  unsigned compared = 0;
  for (unsigned trial = 0; compared < 30 && trial < 400; ++trial) {
    Graph g = randomDag(3 + trial % 4, rng);
    CandidateLimits limits;
    limits.maxOps = 3;
    auto cands = enumerateCandidateKernels(g, limits);
    ASSERT_TRUE(succeeded(cands));
    if (cands->kernels.size() > 14)
      continue;
    CoverProblem p;
    p.inputs = g.inputs;
    p.outputs = g.outputs;
    std::vector<unsigned> marks(g.ops.size());
    for (const OpSet &k : cands->kernels) {
      for (size_t i = 0; i < marks.size(); ++i)
        marks[i] = k.test(i);
      // The kernel's interface as orchestration computes it.
      std::set<int> produced, reads, writes;
      for (int i : k.set_bits())
        for (int r : g.ops[i].results)
          produced.insert(r);
      for (int i : k.set_bits())
        for (int v : g.ops[i].operands)
          if (!produced.count(v))
            reads.insert(v);
      for (int v : produced) {
        bool outside = llvm::is_contained(g.outputs, v);
        for (size_t j = 0; j < g.ops.size(); ++j)
          if (!k.test(j) && llvm::is_contained(g.ops[j].operands, v))
            outside = true;
        if (outside)
          writes.insert(v);
      }
      KernelChoice c;
      c.reads.assign(reads.begin(), reads.end());
      c.writes.assign(writes.begin(), writes.end());
      c.cost = 1 + rng() % 20 - (k.count() > 1 ? rng() % 8 : 0);
      p.kernels.push_back(c);
    }
    std::string why;
    auto sol = solveCover(p, {}, &why);
    ASSERT_TRUE(succeeded(sol)) << why;
    EXPECT_TRUE(sol->optimal);
    EXPECT_DOUBLE_EQ(sol->cost, exhaustiveOptimum(p)) << "trial " << trial;
    EXPECT_TRUE(orderKernels(p, sol->order));
    ++compared;
  }
  EXPECT_EQ(compared, 30u);
}

TEST(KernelSelection, RedundantComputationWins) {
  // v = f(x) read by two consumers: computing f in both fused kernels
  // (2 + 2) beats writing v once and reading it twice (4 + 3 + 3).
  CoverProblem p;
  p.inputs = {0};
  p.outputs = {2, 3};
  p.kernels = {
      {{0}, {1}, 4},    // f alone writes v
      {{1}, {2}, 3},    // g(v)
      {{1}, {3}, 3},    // h(v)
      {{0}, {2}, 2},    // f, g fused (v stays on chip)
      {{0}, {3}, 2},    // f, h fused
      {{0}, {1, 2}, 6}, // f, g fused, writing v too
  };
  auto sol = solveCover(p);
  ASSERT_TRUE(succeeded(sol));
  EXPECT_DOUBLE_EQ(sol->cost, 4);
  EXPECT_EQ(std::set<unsigned>(sol->order.begin(), sol->order.end()),
            (std::set<unsigned>{3, 4}));
}

TEST(KernelSelection, KernelsThatWaitOnEachOtherAreCut) {
  // Ops a -> b, c -> b, a -> d, c -> d: A = {a, d} reads c's value and
  // writes a's; B = {c, b} reads a's and writes c's. Together they satisfy
  // the rows but cannot run; the solver must cut them and pay more.
  // Values: inputs 0; a:1, c:2, b:3, d:4.
  CoverProblem p;
  p.inputs = {0};
  p.outputs = {3, 4};
  p.kernels = {
      {{0, 2}, {1, 4}, 1}, // A
      {{0, 1}, {2, 3}, 1}, // B
      {{0}, {1}, 2},       // a
      {{0}, {2}, 2},       // c
      {{1, 2}, {3}, 2},    // b
      {{1, 2}, {4}, 2},    // d
  };
  auto sol = solveCover(p);
  ASSERT_TRUE(succeeded(sol));
  EXPECT_GE(sol->cuts, 1u);
  EXPECT_TRUE(orderKernels(p, sol->order));
  EXPECT_DOUBLE_EQ(sol->cost, exhaustiveOptimum(p));
  EXPECT_DOUBLE_EQ(sol->cost, 4); // a, then B, then A (a redundant a)
}

TEST(KernelSelection, Infeasible) {
  CoverProblem p;
  p.inputs = {0};
  p.outputs = {2};
  p.kernels = {{{1}, {2}, 1}}; // reads a value nothing writes
  std::string why;
  EXPECT_TRUE(failed(solveCover(p, {}, &why)));
  EXPECT_FALSE(why.empty());
}

/// rms_norm(x, g)·W, then silu, then ·V: `blocks` times in a chain.
Graph normMlpChain(unsigned blocks, double eps) {
  Graph g;
  int x = g.addInput(tt({8, 64}));
  for (unsigned b = 0; b < blocks; ++b) {
    int gain = g.addInput(tt({64}));
    int w = g.addInput(tt({64, 128}));
    int v = g.addInput(tt({128, 64}));
    Op norm = mk(OpKind::RmsNorm, {x, gain});
    norm.scalar = eps;
    int n = g.addOp(norm, {tt({8, 64})});
    int h = add(g, OpKind::Matmul, {n, w}, {8, 128});
    int s = add(g, OpKind::Silu, {h}, {8, 128});
    int o = add(g, OpKind::Matmul, {s, v}, {8, 64});
    x = add(g, OpKind::Add, {x, o}, {8, 64});
  }
  g.outputs.push_back(x);
  return g;
}

TEST(Fission, Conv2dSplitsIntoIm2ColAndAMatmul) {
  // Two images, two groups, a strided and padded window.
  ConvWindow win;
  win.kernel = {3, 3};
  win.stride = {2, 1};
  win.padLow = {1, 1};
  win.padHigh = {1, 0};
  Graph g;
  int x = g.addInput({{2, 4, 7, 6}, DType::F32});
  int w = g.addInput({{6, 2, 3, 3}, DType::F32});
  Op conv;
  conv.kind = OpKind::Conv2d;
  conv.operands = {x, w};
  conv.perm = win.encode();
  conv.dim = 2;
  g.outputs.push_back(g.addOp(conv, {{{2, 6, 4, 5}, DType::F32}}));
  // A linear primitive: split only when asked for.
  EXPECT_EQ(fission(g).split, 0u);
  FissionResult f = fission(g, {OpKind::Conv2d});
  EXPECT_EQ(f.split, 1u);
  std::vector<OpKind> kinds;
  for (const Op &op : f.graph.ops)
    kinds.push_back(op.kind);
  EXPECT_EQ(kinds, (std::vector<OpKind>{OpKind::Im2Col, OpKind::Reshape,
                                        OpKind::Reshape, OpKind::Repeat,
                                        OpKind::Matmul, OpKind::Reshape}));
  auto rec = verifyEquivalence(f.graph, g, {});
  ASSERT_TRUE(succeeded(rec));
  EXPECT_TRUE(rec->equivalent && rec->floatStable) << rec->summary();
  // Another padding is another function.
  Graph wrong = f.graph;
  ConvWindow shifted = win;
  shifted.padLow = {0, 1};
  shifted.padHigh = {2, 0};
  wrong.ops[0].perm = shifted.encode();
  auto differ = verifyEquivalence(wrong, g, {});
  ASSERT_TRUE(succeeded(differ));
  EXPECT_FALSE(differ->equivalent) << differ->summary();
  // Only the kinds asked for are split.
  EXPECT_EQ(fission(g, {OpKind::RmsNorm}).split, 0u);
}

TEST(Fission, RmsNormSplits) {
  for (double eps : {0.0, 1e-6}) {
    Graph g = normMlpChain(1, eps);
    FissionResult f = fission(g);
    EXPECT_EQ(f.split, 1u);
    EXPECT_TRUE(f.opaque.empty());
    // square, reduce_sum, mul_scalar, [add_scalar], sqrt, div, mul.
    EXPECT_EQ(f.graph.ops.size(), g.ops.size() + (eps == 0 ? 5 : 6));
    for (const Op &op : f.graph.ops) {
      EXPECT_NE(op.kind, OpKind::RmsNorm);
      if (op.kind == OpKind::AddScalar) {
        EXPECT_EQ(op.scalar, eps);
      }
    }
    auto rec = verifyEquivalence(f.graph, g, {});
    ASSERT_TRUE(succeeded(rec));
    EXPECT_TRUE(rec->equivalent && rec->floatStable) << rec->summary();
    // A wrong epsilon is caught.
    for (Op &op : f.graph.ops)
      if (op.kind == OpKind::AddScalar)
        op.scalar = 2e-6;
    if (eps != 0) {
      auto wrong = verifyEquivalence(f.graph, g, {});
      ASSERT_TRUE(succeeded(wrong));
      EXPECT_FALSE(wrong->equivalent) << wrong->summary();
    }
  }
}

TEST(Orchestrate, ChainVerifiesAndBeatsOneKernelPerOp) {
  for (double eps : {0.0, 1e-6}) {
    Graph g = normMlpChain(2, eps);
    std::string why;
    auto r = orchestrate(g, {}, nullptr, &why);
    ASSERT_TRUE(succeeded(r)) << why;
    EXPECT_LT(r->costUs, r->programCostUs);
    EXPECT_TRUE(r->wholeStable) << r->wholeCheck;
    EXPECT_EQ(r->gap, 0);
    // The stitched program, checked here again independently.
    auto rec = verifyEquivalence(r->graph, g, {});
    if (succeeded(rec))
      EXPECT_TRUE(rec->equivalent && rec->floatStable) << rec->summary();
    else
      EXPECT_TRUE(compareInFloat(r->graph, g, {})->stable);
    // Every op of the primitives runs in some kernel.
    std::vector<bool> runs(r->primitives.ops.size(), false);
    for (const OrchestratedKernel &k : r->kernels)
      for (int op : k.ops)
        runs[op] = true;
    EXPECT_TRUE(llvm::all_of(runs, [](bool b) { return b; }));
    // The second block's candidates have the first one's canonical forms:
    // each form is priced once.
    EXPECT_LT(r->distinct + 10, r->candidates);
    EXPECT_EQ(r->compositesSplit, 2u);
    EXPECT_TRUE(r->opaque.empty());
  }
}

// Past its deadline, orchestration still returns a correct program: every
// kernel as written (nothing is verified any more), one solve, no search,
// and a record that says the whole was not checked.
TEST(Orchestrate, PastItsDeadlineEveryKernelRunsAsWritten) {
  Graph g = normMlpChain(2, 1e-6);
  OrchestrateOptions opts;
  opts.searchTimeLimit = 60;
  opts.deadline = Deadline::in(1e-9);
  while (!opts.deadline.expired()) {
  }
  std::string why;
  auto r = orchestrate(g, opts, nullptr, &why);
  ASSERT_TRUE(succeeded(r)) << why;
  EXPECT_EQ(r->searches, 0u);
  for (const OrchestratedKernel &k : r->kernels)
    EXPECT_EQ(k.verification, "as written") << k.origin;
  EXPECT_NE(r->wholeCheck.find("time limit"), std::string::npos)
      << r->wholeCheck;
  EXPECT_TRUE(compareInFloat(r->graph, g, {})->stable);
  // The same program without a deadline fuses and verifies.
  auto free = orchestrate(g, {}, nullptr, &why);
  ASSERT_TRUE(succeeded(free)) << why;
  EXPECT_LT(free->costUs, r->costUs);
}

TEST(Orchestrate, CacheMakesARepeatedProgramFree) {
  Graph g = normMlpChain(3, 0);
  PricingCache cache;
  auto first = orchestrate(g, {}, &cache);
  ASSERT_TRUE(succeeded(first));
  auto second = orchestrate(g, {}, &cache);
  ASSERT_TRUE(succeeded(second));
  EXPECT_EQ(second->cacheHits, second->distinct);
  EXPECT_DOUBLE_EQ(second->costUs, first->costUs);
}

TEST(Orchestrate, OpaqueOpsStayAsTheirOwnKernels) {
  Graph g;
  int x = g.addInput(tt({8, 64}));
  int w = g.addInput(tt({64, 64}));
  int e = add(g, OpKind::Exp, {x}, {8, 64});
  int r = add(g, OpKind::Reshape, {e}, {8, 4, 16});
  int r2 = add(g, OpKind::Reshape, {r}, {8, 64});
  int m = add(g, OpKind::Matmul, {r2, w}, {8, 64});
  g.outputs.push_back(add(g, OpKind::Neg, {m}, {8, 64}));
  auto res = orchestrate(g, {});
  ASSERT_TRUE(succeeded(res));
  ASSERT_EQ(res->opaque.size(), 2u);
  EXPECT_EQ(res->opaque[0].name, "kgraph.reshape");
  unsigned reshapes = 0;
  for (const Op &op : res->graph.ops)
    reshapes += op.kind == OpKind::Reshape;
  EXPECT_EQ(reshapes, 2u);
}

TEST(Orchestrate, BadInput) {
  std::string why;
  OrchestrateOptions opts;
  opts.target = "sm_1";
  EXPECT_TRUE(failed(orchestrate(normMlpChain(1, 0), opts, nullptr, &why)));
  EXPECT_NE(why.find("unknown target"), std::string::npos);
  Graph k = kernelGraph(blockGraph({1}, 1));
  EXPECT_TRUE(failed(orchestrate(k, {}, nullptr, &why)));
  EXPECT_NE(why.find("pre-defined ops"), std::string::npos) << why;
}

} // namespace
