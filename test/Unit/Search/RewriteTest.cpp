//===- RewriteTest.cpp - Algebraic rewrites ahead of the search -----------===//

#include "TestWorkloads.h"

#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Search/Search.h"
#include "tsopt/Transforms/Rewrite.h"
#include "tsopt/Verify/Equivalence.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <gtest/gtest.h>

#include <random>

using namespace tsopt;

namespace {

Graph reference(llvm::StringRef name) { return test::workloadReference(name); }

/// The δ-bounded verifier and the float check agree that `a` computes `b`.
void expectEquivalent(const Graph &a, const Graph &b) {
  auto rec = verifyEquivalence(a, b, VerifyOptions());
  ASSERT_TRUE(succeeded(rec));
  EXPECT_TRUE(rec->equivalent) << rec->summary();
  EXPECT_TRUE(rec->floatStable) << rec->summary();
}

unsigned count(const Graph &g, OpKind kind) {
  return llvm::count_if(g.ops,
                        [&](const tsopt::Op &op) { return op.kind == kind; });
}

/// Builds kernel graphs op by op, types from the shape rules.
struct Builder {
  Graph g;
  int input(Shape shape) { return g.addInput({shape, DType::F32}); }
  int op(OpKind kind, llvm::ArrayRef<int> operands, int64_t dim = 0,
         double scalar = 0) {
    tsopt::Op o;
    o.kind = kind;
    o.operands.assign(operands.begin(), operands.end());
    o.dim = dim;
    o.scalar = scalar;
    TensorType t = g.type(operands[0]);
    if (kind == OpKind::ReduceSum)
      t.shape[dim] = 1;
    int v = g.addOp(o, {t});
    EXPECT_TRUE(succeeded(inferOpShapes(g, g.ops.size() - 1)));
    return v;
  }
  /// mean along dim 1 of an (M, K) value.
  int mean(int x) {
    return op(OpKind::MulScalar, {op(OpKind::ReduceSum, {x}, 1)}, 0,
              1.0 / g.type(x).shape[1]);
  }
};

// Blockbuster's example 2: both rules apply, the centring of X disappears,
// X·Y, the row sums of X and X², and the column sums of Y are what the rest
// reads, and the result is the same function.
TEST(Rewrite, LayerNormMatmul) {
  Graph program = reference("layernorm_matmul");
  auto r = rewriteAlgebraically(program);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(llvm::join(r->rules, ","),
            "centred-variance,matmul-past-row-shift");
  const Graph &g = r->graph;
  EXPECT_EQ(g.inputs.size(), program.inputs.size());
  ASSERT_EQ(count(g, OpKind::Matmul), 1u);
  for (const tsopt::Op &op : g.ops) {
    if (op.kind == OpKind::Matmul) {
      EXPECT_EQ(op.operands, (llvm::SmallVector<int, 2>{0, 1})); // raw X, Y
    }
    if (op.kind == OpKind::Sub) {
      EXPECT_NE(op.operands[0], 0); // nothing subtracts from X itself
    }
  }
  EXPECT_EQ(count(g, OpKind::ReduceSum), 3u); // Σx, Σx², colsum(Y)
  expectEquivalent(g, program);
}

// Besides layernorm_matmul, the rules match only where an rms_norm feeds a
// matmul's left operand (rmsnorm, rmsnorm_swiglu's two gate matmuls): the
// norm's scale moves past the matmul, and the result is the same function.
// Every other workload is searched exactly as written.
TEST(Rewrite, OtherWorkloadsOnlyNormsPastMatmuls) {
  unsigned seen = 0, rewritten = 0;
  for (const std::string &file : test::workloadFiles())
    for (test::Workload &w : test::loadWorkloads(file)) {
      if (w.name == "layernorm_matmul_opt")
        continue;
      ++seen;
      std::vector<int> producer = producers(w.ref);
      bool normIntoMatmul = llvm::any_of(w.ref.ops, [&](const Op &op) {
        int p = producer[op.operands[0]];
        return op.kind == OpKind::Matmul && p >= 0 &&
               w.ref.ops[p].kind == OpKind::RmsNorm;
      });
      auto r = rewriteAlgebraically(w.ref);
      EXPECT_EQ(r.has_value(), normIntoMatmul) << w.name;
      if (!r)
        continue;
      ++rewritten;
      for (llvm::StringRef rule : r->rules)
        EXPECT_EQ(rule, "matmul-past-rms-norm") << w.name;
      EXPECT_EQ(count(r->graph, OpKind::RmsNorm), 0u) << w.name;
      expectEquivalent(r->graph, w.ref);
    }
  EXPECT_GE(seen, 11u);
  EXPECT_EQ(rewritten, 2u);
}

// The variance rule needs the mean it subtracts to be the mean of the same
// values along the same dim; otherwise only the matmul rule applies.
TEST(Rewrite, VarianceNeedsTheTrueMean) {
  for (int variant = 0; variant < 3; ++variant) {
    Builder b;
    int x = b.input({4, 8}), y = b.input({8, 6}), z = b.input({4, 8});
    int m = variant == 0   ? b.op(OpKind::MulScalar,
                                  {b.op(OpKind::ReduceSum, {x}, 1)}, 0, 0.25)
            : variant == 1 ? b.mean(z)
                           : b.mean(x);
    int xc = b.op(OpKind::Sub, {x, m});
    int var = b.op(OpKind::MulScalar,
                   {b.op(OpKind::ReduceSum, {b.op(OpKind::Square, {xc})}, 1)},
                   0, variant == 2 ? 0.5 : 0.125);
    int n = b.op(OpKind::Div, {xc, b.op(OpKind::Sqrt, {var})});
    b.g.outputs = {b.op(OpKind::Matmul, {n, y})};
    auto r = rewriteAlgebraically(b.g);
    ASSERT_TRUE(r.has_value());
    EXPECT_EQ(llvm::join(r->rules, ","), "matmul-past-row-shift")
        << "variant " << variant;
    expectEquivalent(r->graph, b.g);
  }
}

// The square may be written as a product; a layer norm without a matmul
// gets the variance rule alone.
TEST(Rewrite, VarianceOfAProduct) {
  Builder b;
  int x = b.input({4, 8});
  int xc = b.op(OpKind::Sub, {x, b.mean(x)});
  int var = b.mean(b.op(OpKind::Mul, {xc, xc}));
  b.g.outputs = {b.op(OpKind::Div, {xc, b.op(OpKind::Sqrt, {var})})};
  auto r = rewriteAlgebraically(b.g);
  ASSERT_TRUE(r.has_value());
  EXPECT_EQ(llvm::join(r->rules, ","), "centred-variance");
  expectEquivalent(r->graph, b.g);
}

// Property: any chain of row shifts and row scalings in front of a matmul,
// in any order, is pushed past it to the same function; a chain without a
// shift is left alone.
TEST(Rewrite, RowAffineChainsPastMatmul) {
  std::mt19937 rng(7);
  const OpKind kinds[] = {OpKind::Add, OpKind::Sub, OpKind::Mul, OpKind::Div};
  unsigned rewritten = 0;
  for (int trial = 0; trial < 40; ++trial) {
    Builder b;
    int x = b.input({3, 2, 8}), y = b.input({3, 8, 5});
    int row = b.input({3, 2, 1}), row2 = b.input({2, 1});
    int cur = x;
    bool shifted = false;
    unsigned steps = 1 + rng() % 4;
    for (unsigned i = 0; i < steps; ++i) {
      OpKind k = kinds[rng() % 4];
      // Scalings by positive values keep the float check meaningful.
      bool scale = k == OpKind::Mul || k == OpKind::Div;
      int r = rng() % 2 ? row : row2;
      if (scale || r == row2)
        r = b.op(OpKind::Exp, {r});
      // Commutative ops also take the row value first.
      bool first = (k == OpKind::Add || k == OpKind::Mul) && rng() % 2;
      cur = first ? b.op(k, {r, cur}) : b.op(k, {cur, r});
      shifted |= k == OpKind::Add || k == OpKind::Sub;
    }
    b.g.outputs = {b.op(OpKind::Matmul, {cur, y})};
    auto r = rewriteAlgebraically(b.g);
    EXPECT_EQ(r.has_value(), shifted) << "trial " << trial;
    if (!r)
      continue;
    ++rewritten;
    EXPECT_EQ(count(r->graph, OpKind::Matmul), 1u);
    for (const tsopt::Op &op : r->graph.ops) {
      if (op.kind == OpKind::Matmul) {
        EXPECT_EQ(op.operands[0], x);
      }
    }
    expectEquivalent(r->graph, b.g);
  }
  EXPECT_GT(rewritten, 20u);
}

// A row value that is not constant along the contracted dim (a full (M, K)
// tensor) does not commute with the matmul; nor does a shift on the right.
TEST(Rewrite, OnlyRowConstantsOnTheLeft) {
  Builder b;
  int x = b.input({4, 8}), y = b.input({8, 6}), full = b.input({4, 8});
  int col = b.input({1, 6});
  int n = b.op(OpKind::Sub, {x, full});
  int p = b.op(OpKind::Matmul, {n, y});
  b.g.outputs = {b.op(OpKind::Matmul,
                      {x, b.op(OpKind::Sub, {y, b.op(OpKind::Exp, {col})})}),
                 p};
  EXPECT_FALSE(rewriteAlgebraically(b.g).has_value());
}

// The search explores the rewritten program as a second form: Blockbuster's
// k-loop kernel for layernorm_matmul (X·Y, Σx, Σx² and colsum(Y) accumulated
// in one loop over K, centred after it) is among its candidates and passes
// the screen against the program as written; without rewrites no looped
// candidate does.
TEST(Rewrite, SearchFindsTheKLoopForm) {
  Graph program = reference("layernorm_matmul");
  SearchOptions opts;
  opts.maxKernelOps = 1;
  opts.maxBlockOps = 9;
  opts.minGridDims = 1;
  opts.requireForloop = true;
  opts.noKernelOps = true;
  opts.blockOps = {OpKind::Matmul, OpKind::ReduceSum};
  std::string why;
  auto with = enumerateCandidates(program, opts, &why);
  ASSERT_TRUE(succeeded(with)) << why;
  unsigned kLoop = 0;
  for (const Graph &g : *with) {
    auto same = screenEquivalence(g, program, /*seed=*/0, /*trials=*/1);
    if (failed(same) || !*same)
      continue;
    ASSERT_EQ(g.ops.size(), 1u);
    EXPECT_GT(g.ops[0].body->forloop, 1);
    EXPECT_EQ(count(*g.ops[0].body, OpKind::Accum), 4u);
    ++kLoop;
  }
  EXPECT_GT(kLoop, 0u);
  opts.algebraicRewrites = false;
  auto without = enumerateCandidates(program, opts, &why);
  ASSERT_TRUE(succeeded(without)) << why;
  for (const Graph &g : *without) {
    auto same = screenEquivalence(g, program, /*seed=*/0, /*trials=*/1);
    EXPECT_TRUE(succeeded(same) && !*same) << describeStructure(g);
  }
}

} // namespace
