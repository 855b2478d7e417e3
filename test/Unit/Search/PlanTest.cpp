//===- PlanTest.cpp - The search configured by the program, anytime -------===//
//
// planSearch on every workload at its published shape (utils/workloads):
// the derived for-loop, grid dims, kernels and block-op levels; explicit
// options kept; and superoptimizePlanned's anytime property on reduced
// shapes (test/Workloads): a plan cut after some spaces returns the best of
// those spaces, deterministically.
//
//===----------------------------------------------------------------------===//

#include "TestWorkloads.h"

#include "tsopt/Search/Search.h"

#include "llvm/ADT/StringExtras.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <set>

using namespace tsopt;

#ifndef TSOPT_REDUCED_WORKLOAD_DIR
#error "TSOPT_REDUCED_WORKLOAD_DIR must name the test/Workloads directory"
#endif

namespace {

/// The reference program of a workload file of `dir`.
Graph referenceIn(const std::string &dir, llvm::StringRef name) {
  std::string file = dir + "/" + name.str() + ".mlir";
  for (test::Workload &w : test::loadWorkloads(file))
    if (w.name == (name + "_opt").str())
      return w.ref;
  ADD_FAILURE() << "no workload " << name.str() << " in " << dir;
  return Graph();
}

Graph published(llvm::StringRef name) {
  return referenceIn(TSOPT_WORKLOAD_DIR, name);
}
Graph reduced(llvm::StringRef name) {
  return referenceIn(TSOPT_REDUCED_WORKLOAD_DIR, name);
}

/// What the plan of a workload must derive, and why (the sizes are those
/// of WORKLOADS.md; shared memory is sm_90's 227 KiB, half of it for the
/// input tiles).
struct Expected {
  const char *name;
  bool loop;        ///< some reduced dim's tiles overfill shared memory
  unsigned minGrid; ///< output dims needed to give 132 SMs a block each
  unsigned kernels; ///< two reductions or more: a second kernel may pay
  bool split;       ///< the output gives fewer blocks than SMs: the second
                    ///< kernel combines a split reduction
};

const Expected kExpected[] = {
    // K = 4096: X's 8 rows, W1's and W2's 16 columns: 320 KiB.
    {"gated_mlp", true, 1, 2, false},
    // K = 256: 24 KiB fits; 256 column blocks fill the SMs.
    {"lora", false, 1, 2, false},
    // D = 4096: 152 KiB with W's 16 columns.
    {"rmsnorm", true, 1, 2, false},
    // kv = 4096: K and V with 16 of the head dim, 256 KiB; the output has
    // 2 heads x 16 query blocks x 4 head-dim blocks: two dims needed, and
    // 128 blocks do not fill 132 SMs: split the kv sequence.
    {"gqa", true, 2, 2, true},
    {"mha", true, 2, 2, true},
    // 64 query blocks x 4 head-dim blocks fill the SMs.
    {"mqa", true, 2, 2, false},
    {"qknorm_gqa", true, 2, 2, true},
    // K = 4096, which the residual + X ties to the output columns: X, W1
    // and W2 span it, 320 KiB.
    {"mlp_adapter", true, 1, 2, false},
    // The hidden 4096: W, V and U with 16 columns each, 384 KiB; the output
    // gives 64 column blocks: split the hidden dim.
    {"rmsnorm_swiglu", true, 1, 2, true},
    // Rows of 4096 are normalized one per block: 24 KiB.
    {"ntrans", false, 1, 2, false},
    // S = 4096: K and V, 256 KiB; 64 query blocks x 4 head-dim blocks.
    {"flash_attention", true, 2, 2, false},
    // K = 4096: X's 16 rows and Y's 16 columns, 256 KiB.
    {"layernorm_matmul", true, 1, 2, false},
};

TEST(SearchPlan, DerivedConfigurationOfEachWorkload) {
  for (const Expected &e : kExpected) {
    SCOPED_TRACE(e.name);
    Graph program = published(e.name);
    std::string why;
    auto plan = planSearch(program, SearchOptions(), ExplicitOptions(), &why);
    ASSERT_TRUE(succeeded(plan)) << why;
    ASSERT_FALSE(plan->spaces.empty());
    std::cout << "[ plan ] " << e.name << ": " << plan->spaces.size()
              << " spaces; " << llvm::join(plan->derived, "; ") << "\n";
    const SearchOptions &first = plan->spaces.front().options;
    EXPECT_EQ(first.requireForloop, e.loop);
    EXPECT_EQ(first.minGridDims, e.minGrid);
    EXPECT_EQ(first.maxKernelOps, 1u);
    unsigned kernels = 0;
    for (const SearchSpace &s : plan->spaces) {
      kernels = std::max(kernels, s.options.maxKernelOps);
      EXPECT_EQ(s.options.splitReduction, e.split && s.options.maxKernelOps > 1)
          << s.name;
      // The program's own kernels are the incumbent, not part of a space.
      EXPECT_TRUE(s.options.noKernelOps);
      EXPECT_EQ(s.options.requireForloop, e.loop);
      EXPECT_GE(s.options.maxGridDims, s.options.minGridDims);
    }
    EXPECT_EQ(kernels, e.kernels);
    // Small to large: within one op set and kernel count, the block-op
    // limit only grows.
    std::map<std::string, unsigned> last;
    for (const SearchSpace &s : plan->spaces) {
      std::string family = std::to_string(s.options.maxKernelOps);
      for (OpKind k : s.options.blockOps)
        family += "," + stringifyOpKind(k).str();
      EXPECT_GT(s.options.maxBlockOps, last[family]) << s.name;
      last[family] = s.options.maxBlockOps;
    }
  }
}

TEST(SearchPlan, NtransStartsWithTemplatesOnly) {
  // Every op of ntrans lies in one of its two templates (the interpolation
  // with the first norm, the second norm).
  std::string why;
  auto plan = planSearch(published("ntrans"), SearchOptions(),
                         ExplicitOptions(), &why);
  ASSERT_TRUE(succeeded(plan)) << why;
  EXPECT_TRUE(plan->spaces.front().options.noBlockOps);
  EXPECT_FALSE(plan->spaces.back().options.noBlockOps);
}

TEST(SearchPlan, ExplicitOptionsAreKeptInEverySpace) {
  Graph program = published("gqa");
  SearchOptions opts;
  opts.maxBlockOps = 5;
  opts.minGridDims = 1;
  opts.blockOps = {OpKind::Matmul, OpKind::ReduceSum, OpKind::Div};
  ExplicitOptions given;
  given.maxBlockOps = given.minGridDims = given.blockOps = true;
  std::string why;
  auto plan = planSearch(program, opts, given, &why);
  ASSERT_TRUE(succeeded(plan)) << why;
  // Only the kernel count is left to deepen over.
  EXPECT_EQ(plan->spaces.size(), 2u);
  for (const SearchSpace &s : plan->spaces) {
    EXPECT_EQ(s.options.maxBlockOps, 5u);
    EXPECT_EQ(s.options.minGridDims, 1u);
    EXPECT_EQ(s.options.blockOps, opts.blockOps);
  }
}

TEST(SearchPlan, RealShapesGetExtentsThatDivideThem) {
  // A hidden size of 3584 = 2^9 * 7 (Qwen2-7B): tiles of 3584 / 7 = 512.
  Graph g;
  int x = g.addInput({{16, 3584}, DType::F16});
  int w = g.addInput({{3584, 3584}, DType::F16});
  Op mm;
  mm.kind = OpKind::Matmul;
  mm.operands = {x, w};
  g.outputs.push_back(g.addOp(mm, {{{16, 3584}, DType::F16}}));
  std::string why;
  auto plan = planSearch(g, SearchOptions(), ExplicitOptions(), &why);
  ASSERT_TRUE(succeeded(plan)) << why;
  const SearchOptions &o = plan->spaces.front().options;
  EXPECT_TRUE(llvm::is_contained(o.gridExtents, 7));
  EXPECT_TRUE(llvm::is_contained(o.gridExtents, 56));
  for (int64_t e : o.gridExtents)
    EXPECT_TRUE(llvm::isPowerOf2_64(e) || 3584 % e == 0) << e;
}

/// The serialized best of a planned search, "" when it found nothing.
std::string bestOf(const SearchResult &r) {
  return r.ranked.empty() ? "" : serializeGraph(r.ranked.front().graph);
}

TEST(SearchPlan, AnytimeReturnsTheBestOfTheFinishedSpaces) {
  Graph program = reduced("gated_mlp");
  std::string why;
  auto full = planSearch(program, SearchOptions(), ExplicitOptions(), &why);
  ASSERT_TRUE(succeeded(full)) << why;
  ASSERT_GE(full->spaces.size(), 4u);
  // The first four spaces, run to the end, then each prefix of them: what
  // a limit that stops the plan after k spaces leaves.
  SearchPlan plan = *full;
  plan.spaces.resize(4);
  SearchOptions opts;
  opts.ruleFusion = false; // the spaces alone
  auto all = superoptimizePlanned(program, plan, opts, &why);
  ASSERT_TRUE(succeeded(all)) << why;
  ASSERT_EQ(all->spaces.size(), 4u);
  for (const SpaceReport &s : all->spaces)
    EXPECT_TRUE(s.finished) << s.name;
  double best = std::numeric_limits<double>::infinity();
  for (size_t k = 1; k <= 4; ++k) {
    SearchPlan prefix = plan;
    prefix.spaces.resize(k);
    auto r = superoptimizePlanned(program, prefix, opts, &why);
    ASSERT_TRUE(succeeded(r)) << why;
    best = std::min(best, all->spaces[k - 1].bestUs);
    if (std::isfinite(best)) {
      ASSERT_FALSE(r->ranked.empty());
      EXPECT_DOUBLE_EQ(r->ranked.front().costUs, best);
      EXPECT_TRUE(r->record.equivalent);
    } else {
      EXPECT_TRUE(r->ranked.empty());
    }
    // The same spaces again give the same µGraph (seeded, no limit).
    auto again = superoptimizePlanned(program, prefix, opts, &why);
    ASSERT_TRUE(succeeded(again)) << why;
    EXPECT_EQ(bestOf(*again), bestOf(*r));
  }
  EXPECT_TRUE(std::isfinite(best)) << "four spaces of gated_mlp found nothing";
  EXPECT_EQ(bestOf(*all), [&] {
    auto r = superoptimizePlanned(program, plan, opts, &why);
    return succeeded(r) ? bestOf(*r) : std::string("failed");
  }());
}

TEST(SearchPlan, TimeLimitSkipsTheRestAndEndsInTime) {
  Graph program = reduced("qknorm_gqa");
  std::string why;
  SearchOptions opts;
  opts.timeLimit = 2;
  auto plan = planSearch(program, opts, ExplicitOptions(), &why);
  ASSERT_TRUE(succeeded(plan)) << why;
  auto r = superoptimizePlanned(program, *plan, opts, &why);
  ASSERT_TRUE(succeeded(r)) << why;
  ASSERT_EQ(r->spaces.size(), plan->spaces.size());
  // Some spaces ran; under 2 s not all of qknorm_gqa's did.
  EXPECT_FALSE(r->spaces.front().skipped);
  EXPECT_TRUE(llvm::any_of(r->spaces, [](const SpaceReport &s) {
    return s.skipped || !s.finished;
  }));
  EXPECT_LT(r->stats.seconds, 2 * 1.5 + 1);
}

} // namespace
