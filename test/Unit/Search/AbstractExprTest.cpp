//===- AbstractExprTest.cpp - Abstract expressions and the Z3 oracle ------===//
//
// Theorem 1 on the workloads (every tensor of each hand-written µGraph is a
// subexpression of its reference's outputs, as Z3 proves it), pruning of
// wrong expressions with Z3 consulted, soundness of the syntactic pre-check
// against the solver on random expressions, caching, hash-consing,
// concatenation parts and determinism.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Search/AbstractExpr.h"
#include "TestGraphs.h"
#include "TestWorkloads.h"
#include "tsopt/Transforms/Rewrite.h"

#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

using namespace tsopt;
using namespace tsopt::test;

namespace {

const std::vector<Workload> &allWorkloads();

/// Wall times of the solver-only queries of the whole binary, reported at
/// the end (they are not deterministic; the verdicts are).
std::vector<double> &solverTimes() {
  static std::vector<double> times;
  return times;
}

bool timedSolver(SubexprOracle &oracle, ExprId e) {
  auto start = std::chrono::steady_clock::now();
  bool kept = oracle.solverIsSubexpr(e);
  solverTimes().push_back(
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count());
  return kept;
}

/// A labelled tensor of a µGraph, at any level.
struct Labelled {
  std::string label;
  AbsTensor expr;
};

/// The expressions of every value of `g` and of every block and thread
/// graph inside, with the inputs of a body bound to its op's operands.
void collectValues(ExprBuilder &builder, const Graph &g,
                   llvm::ArrayRef<AbsTensor> inputs,
                   llvm::ArrayRef<Shape> inputShapes, const std::string &where,
                   std::vector<Labelled> &out) {
  std::vector<AbsTensor> values = builder.evaluate(g, inputs, inputShapes);
  for (size_t v = 0; v < values.size(); ++v)
    out.push_back({where + "%" + std::to_string(v), values[v]});
  for (size_t i = 0; i < g.ops.size(); ++i) {
    const Op &op = g.ops[i];
    if (!op.body)
      continue;
    llvm::SmallVector<AbsTensor, 4> operands;
    llvm::SmallVector<Shape, 4> shapes;
    for (int v : op.operands) {
      operands.push_back(values[v]);
      shapes.push_back(g.type(v).shape);
    }
    collectValues(builder, *op.body, operands, shapes,
                  where + stringifyOpKind(op.kind).str() + "#" +
                      std::to_string(i) + "/",
                  out);
  }
}

/// The reference's output expressions.
std::vector<AbsTensor> outputsOf(ExprBuilder &builder, const Graph &ref) {
  std::vector<AbsTensor> values = builder.evaluate(ref);
  std::vector<AbsTensor> outs;
  for (int v : ref.outputs)
    outs.push_back(values[v]);
  return outs;
}

std::string describe(const ExprContext &ctx, const AbsTensor &t) {
  if (t.unknown)
    return "<opaque>";
  std::string s;
  for (const AbsTensor::Part &p : t.parts) {
    if (!s.empty())
      s += " | ";
    if (t.parts.size() > 1)
      s += std::to_string(p.extent) + ": ";
    s += ctx.str(p.expr);
  }
  return s;
}

const Workload *findWorkload(const std::vector<Workload> &all,
                             llvm::StringRef name) {
  for (const Workload &w : all)
    if (w.name == name)
      return &w;
  return nullptr;
}

const std::vector<Workload> &allWorkloads() {
  static std::vector<Workload> all = loadAllWorkloads();
  return all;
}

//===----------------------------------------------------------------------===//
// Theorem 1: no tensor of an equivalent µGraph is pruned.
//===----------------------------------------------------------------------===//

class TheoremOne : public ::testing::TestWithParam<std::string> {};

// Hand-written µGraphs the axioms do not reach, so the search would prune
// some of their tensors; the test asserts that it does (docs/search.md).
// layernorm_matmul computes the variance as E[x^2] - mean^2 and the centring
// after the matmul (X.Y - mean (x) colsum(Y)): identities of a field, not of
// A_eq ∪ A_sub; against the program the algebraic rewrites produce, which
// the search explores too, every tensor is kept.
// rmsnorm_swiglu divides (X.G).W by the row RMS inside silu's argument: that
// follows from E2, E7 and E14, but Z3 needs about ten times the default
// resource limit to find it (measured: 5 tensors unproved at 100k units, 2
// at 400k, none at 1M), so at the default the search prunes it against the
// program as written; the rewrite matmul-past-rms-norm gives the program in
// the µGraph's own form, against which every tensor is kept. For ntrans
// the pre-check keeps every tensor but Z3 alone needs about 4M units for
// some parts, so that second check is skipped for it.
bool outsideTheAxioms(llvm::StringRef name) {
  return name == "layernorm_matmul" || name == "rmsnorm_swiglu";
}
bool solverAloneTooSlow(llvm::StringRef name) { return name == "ntrans"; }

TEST_P(TheoremOne, EveryTensorOfTheMuGraphIsASubexpression) {
  std::vector<Workload> pairs = loadWorkloads(GetParam());
  ASSERT_FALSE(HasFailure());
  ASSERT_FALSE(pairs.empty());
  std::string stem = llvm::sys::path::stem(GetParam()).str();
  if (outsideTheAxioms(stem)) {
    for (const Workload &w : pairs) {
      ExprContext ctx;
      ExprBuilder builder(ctx);
      SubexprOracle oracle(ctx, outputsOf(builder, w.ref));
      std::vector<Labelled> values;
      collectValues(builder, w.opt, {}, {}, "", values);
      EXPECT_TRUE(llvm::any_of(values, [&](const Labelled &v) {
        return !v.expr.unknown && !oracle.isSubexpr(v.expr);
      })) << w.name << ": every tensor is a subexpression now; drop it from "
             "outsideTheAxioms";
      auto rewritten = rewriteAlgebraically(w.ref);
      ASSERT_TRUE(rewritten.has_value()) << w.name;
      SubexprOracle rewrittenOracle(ctx, outputsOf(builder, rewritten->graph));
      for (const Labelled &v : values)
        EXPECT_TRUE(!v.expr.unknown && rewrittenOracle.isSubexpr(v.expr))
            << w.name << " " << v.label << " = " << describe(ctx, v.expr);
    }
    return;
  }
  for (const Workload &w : pairs) {
    ExprContext ctx;
    ExprBuilder builder(ctx);
    std::vector<AbsTensor> targets = outputsOf(builder, w.ref);
    for (const AbsTensor &t : targets)
      ASSERT_FALSE(t.unknown) << w.name << ": opaque reference output";
    SubexprOracle oracle(ctx, targets);
    std::vector<Labelled> values;
    collectValues(builder, w.opt, {}, {}, "", values);
    ASSERT_GT(values.size(), 5u);
    llvm::DenseSet<ExprId> checked;
    for (const Labelled &v : values) {
      // No value of these µGraphs is beyond the language.
      EXPECT_FALSE(v.expr.unknown) << w.name << " " << v.label;
      EXPECT_TRUE(oracle.isSubexpr(v.expr))
          << w.name << " " << v.label << " = " << describe(ctx, v.expr);
      // Z3 alone proves every part, not only the pre-check: isSubexpr asked
      // it where the pre-check was undecided; ask it for the rest.
      for (const AbsTensor::Part &p : v.expr.parts) {
        if (solverAloneTooSlow(stem))
          break;
        if (checked.insert(p.expr).second && oracle.precheck(p.expr) >= 0) {
          EXPECT_TRUE(timedSolver(oracle, p.expr))
              << w.name << " " << v.label << " = " << ctx.str(p.expr);
        }
      }
    }
    // The µGraph computes as many outputs as the reference.
    std::vector<AbsTensor> outs = outputsOf(builder, w.opt);
    ASSERT_EQ(outs.size(), targets.size());
    SubexprStats st = oracle.stats();
    std::printf("[ %s ] %zu values; queries %llu, cache hits %llu, pre-check "
                "kept %llu pruned %llu, Z3 %llu (unknown %llu)\n",
                w.name.c_str(), values.size(), (unsigned long long)st.queries,
                (unsigned long long)st.cacheHits,
                (unsigned long long)st.precheckKept,
                (unsigned long long)st.precheckPruned,
                (unsigned long long)st.solverCalls,
                (unsigned long long)st.solverUnknown);
  }
}

INSTANTIATE_TEST_SUITE_P(Workloads, TheoremOne,
                         ::testing::ValuesIn(workloadFiles()),
                         [](const ::testing::TestParamInfo<std::string> &info) {
                           return llvm::sys::path::stem(info.param).str();
                         });

//===----------------------------------------------------------------------===//
// Pruning
//===----------------------------------------------------------------------===//

/// The oracle of one workload's reference, with the input variables.
struct Fixture {
  explicit Fixture(llvm::StringRef name) : builder(ctx) {
    const Workload *w = findWorkload(allWorkloads(), name);
    EXPECT_TRUE(w) << name.str();
    if (!w)
      return;
    oracle = std::make_unique<SubexprOracle>(ctx, outputsOf(builder, w->ref));
  }
  ExprId x(int i) { return ctx.var(i); }
  ExprContext ctx;
  ExprBuilder builder;
  std::unique_ptr<SubexprOracle> oracle;
};

/// `e` is pruned, and the solver was consulted for it when `bySolver`.
void expectPruned(Fixture &f, ExprId e, bool bySolver) {
  uint64_t before = f.oracle->stats().solverCalls;
  EXPECT_FALSE(f.oracle->isSubexpr(e)) << f.ctx.str(e);
  uint64_t calls = f.oracle->stats().solverCalls - before;
  if (bySolver) {
    EXPECT_EQ(f.oracle->precheck(e), -1) << f.ctx.str(e);
    EXPECT_EQ(calls, 1u) << f.ctx.str(e);
    EXPECT_FALSE(timedSolver(*f.oracle, e)) << f.ctx.str(e);
  } else {
    EXPECT_EQ(f.oracle->precheck(e), 0) << f.ctx.str(e);
  }
}

void expectKept(Fixture &f, ExprId e) {
  EXPECT_TRUE(f.oracle->isSubexpr(e)) << f.ctx.str(e);
  EXPECT_TRUE(timedSolver(*f.oracle, e)) << f.ctx.str(e);
}

TEST(Pruning, RmsNorm) {
  Fixture f("rmsnorm_opt");
  ASSERT_TRUE(f.oracle);
  ExprContext &c = f.ctx;
  ExprId x = f.x(0), g = f.x(1), w = f.x(2);
  // Pre-check: exp is nowhere in the program.
  expectPruned(f, c.exp(x), false);
  expectPruned(f, c.apply(OpKind::Silu, x), false);
  // Solver: the sum of squares divided by w (w only ever multiplies).
  expectPruned(f, c.div(c.sum(64, c.mul(x, x)), w), true);
  // A matmul of w with itself, and of the wrong pair in the wrong place.
  expectPruned(f, c.sum(64, c.mul(w, w)), true);
  expectPruned(f, c.div(x, c.sum(64, c.mul(g, w))), true);
  // The norm without its square root.
  expectPruned(f, c.div(c.mul(x, g), c.sum(64, c.mul(x, x))), true);
  // Proper pieces are kept: the normalized row, and (index-free) the
  // product of the gains with w.
  ExprId norm =
      c.div(c.mul(x, g), c.apply(OpKind::Sqrt, c.sum(64, c.mul(x, x))));
  expectKept(f, norm);
  expectKept(f, c.sum(16, c.mul(c.mul(x, g), w)));
  expectKept(f, c.sum(64, c.mul(g, w)));
  // Kept only through A_eq: w scaled by the inverse norm (div-mul moves),
  // and the matmul of x with w without the gains (sum-mul, index-free).
  ExprId root = c.apply(OpKind::Sqrt, c.sum(64, c.mul(x, x)));
  expectKept(f, c.div(w, root));
  expectKept(f, c.sum(64, c.mul(x, w)));
  expectKept(f, c.div(c.sum(32, c.mul(c.mul(x, g), w)), root));
}

TEST(Pruning, GatedMlp) {
  Fixture f("gated_mlp_opt");
  ASSERT_TRUE(f.oracle);
  ExprContext &c = f.ctx;
  ExprId x = f.x(0), w1 = f.x(1), w2 = f.x(2);
  ExprId a = c.sum(64, c.mul(x, w1)), b = c.sum(64, c.mul(x, w2));
  // The gate on the wrong projection, and on both.
  expectPruned(f, c.apply(OpKind::Silu, b), true);
  expectPruned(f, c.mul(c.apply(OpKind::Silu, a), c.apply(OpKind::Silu, b)),
               true);
  expectPruned(f, c.apply(OpKind::Silu, c.mul(a, b)), true);
  // gelu is not the program's activation.
  expectPruned(f, c.apply(OpKind::Gelu, a), false);
  // The gate times a partial sum of the other projection is a loop's
  // partial result.
  expectKept(f, c.mul(c.apply(OpKind::Silu, a), c.sum(16, c.mul(x, w2))));
  expectKept(f, c.apply(OpKind::Silu, c.sum(64, c.mul(x, w1))));
}

TEST(Pruning, Gqa) {
  Fixture f("gqa_opt");
  ASSERT_TRUE(f.oracle);
  ExprContext &c = f.ctx;
  ExprId q = f.x(0), k = f.x(1), v = f.x(2);
  ExprId s = c.sum(8, c.mul(q, k));
  ExprId e = c.exp(s);
  // exp of exp.
  expectPruned(f, c.exp(e), true);
  // A score summed over the wrong extent: q·k has 8 terms, not 16.
  expectPruned(f, c.exp(c.sum(16, c.mul(q, k))), true);
  // Softmax of the values instead of the scores.
  expectPruned(f, c.exp(c.sum(8, c.mul(q, v))), true);
  // Values divided by the normalizer before the exponential.
  expectPruned(f, c.exp(c.div(s, c.sum(64, e))), true);
  // Kept: partial sums of the normalizer and of the output.
  expectKept(f, c.sum(16, e));
  expectKept(f, c.sum(32, c.mul(e, v)));
  expectKept(f, c.div(c.sum(64, c.mul(e, v)), c.sum(64, e)));
  // A partial output normalized by the full sum (sum-div, then a partial
  // reduction of the target's sum).
  expectKept(f, c.div(c.sum(16, c.mul(e, v)), c.sum(64, e)));
  // Normalized by a partial sum: not a step towards the output.
  expectPruned(f, c.div(e, c.sum(16, e)), true);
}

//===----------------------------------------------------------------------===//
// Pre-check soundness: where it decides, the solver agrees.
//===----------------------------------------------------------------------===//

/// Random expressions near the targets: target subterms with a random
/// mutation (a child replaced, an extent changed, a wrapper added), and
/// small random combinations of target subterms and inputs.
class RandomExprs {
public:
  RandomExprs(ExprContext &ctx, llvm::ArrayRef<AbsTensor> targets,
              int numInputs, uint64_t seed)
      : ctx(ctx), rng(seed) {
    llvm::SmallVector<ExprId, 16> stack;
    for (const AbsTensor &t : targets)
      for (const AbsTensor::Part &p : t.parts)
        stack.push_back(p.expr);
    while (!stack.empty()) {
      ExprId e = stack.pop_back_val();
      if (std::find(pool.begin(), pool.end(), e) != pool.end())
        continue;
      pool.push_back(e);
      ExprNode n = ctx.node(e);
      if (n.lhs >= 0)
        stack.push_back(n.lhs);
      if (n.rhs >= 0)
        stack.push_back(n.rhs);
    }
    // One input more than the program has: a symbol no target contains.
    for (int i = 0; i <= numInputs; ++i)
      pool.push_back(ctx.var(i));
  }

  ExprId next() { return pick(2) ? mutate(any()) : combine(2); }

private:
  bool pick(unsigned n) { return rng() % n == 0; }
  ExprId any() { return pool[rng() % pool.size()]; }
  int64_t extent() {
    static const int64_t extents[] = {2, 4, 8, 16, 32, 64, 128};
    return extents[rng() % 7];
  }

  ExprId wrap(ExprId e) {
    switch (rng() % 8) {
    case 0:
      return ctx.exp(e);
    case 1:
      return ctx.sum(extent(), e);
    case 2:
      return ctx.max(extent(), e);
    case 3:
      return ctx.apply(OpKind::Sqrt, e);
    case 4:
      return ctx.apply(OpKind::Silu, e);
    case 5:
      return ctx.add(e, any());
    case 6:
      return ctx.mul(any(), e);
    default:
      return pick(2) ? ctx.div(e, any()) : ctx.div(any(), e);
    }
  }

  /// Rebuilds `e` with one change at a random depth.
  ExprId mutate(ExprId e) {
    ExprNode n = ctx.node(e);
    bool leaf = n.lhs < 0;
    if (leaf || pick(3)) {
      switch (rng() % 3) {
      case 0:
        return wrap(e);
      case 1:
        if (n.kind == ExprKind::Sum || n.kind == ExprKind::Max) {
          // A divisor (a partial reduction) or a different extent.
          int64_t k = pick(2) && n.attr % 2 == 0 ? n.attr / 2 : extent();
          return n.kind == ExprKind::Sum ? ctx.sum(k, n.lhs)
                                         : ctx.max(k, n.lhs);
        }
        return wrap(e);
      default:
        return any();
      }
    }
    bool left = n.rhs < 0 || pick(2);
    ExprId l = left ? mutate(n.lhs) : n.lhs;
    ExprId r = left ? n.rhs : mutate(n.rhs);
    return rebuild(n, l, r);
  }

  ExprId rebuild(const ExprNode &n, ExprId l, ExprId r) {
    switch (n.kind) {
    case ExprKind::Add:
      return ctx.add(l, r);
    case ExprKind::Mul:
      return ctx.mul(l, r);
    case ExprKind::Div:
      return ctx.div(l, r);
    case ExprKind::Exp:
      return ctx.exp(l);
    case ExprKind::Sum:
      return ctx.sum(n.attr, l);
    case ExprKind::Max:
      return ctx.max(n.attr, l);
    case ExprKind::Apply:
      return ctx.apply(static_cast<OpKind>(n.attr), l);
    case ExprKind::Var:
      break;
    }
    return ctx.var(n.attr);
  }

  ExprId combine(int depth) {
    if (depth == 0 || pick(3))
      return any();
    return wrap(combine(depth - 1));
  }

  ExprContext &ctx;
  std::mt19937_64 rng;
  std::vector<ExprId> pool;
};

TEST(Precheck, AgreesWithTheSolverOnRandomExpressions) {
  // Per workload: how many random expressions, and a seed.
  const std::pair<const char *, int> plan[] = {{"rmsnorm_opt", 50},
                                               {"gqa_opt", 50},
                                               {"lora_opt", 40},
                                               {"gated_mlp_opt", 40},
                                               {"flash_attention_opt", 40}};
  int kept = 0, pruned = 0, undecided = 0;
  uint64_t seed = 0x5eed;
  for (auto [name, count] : plan) {
    const Workload *w = findWorkload(allWorkloads(), name);
    ASSERT_TRUE(w) << name;
    ExprContext ctx;
    ExprBuilder builder(ctx);
    std::vector<AbsTensor> targets = outputsOf(builder, w->ref);
    SubexprOracle oracle(ctx, targets);
    RandomExprs gen(ctx, targets, w->ref.inputs.size(), seed++);
    llvm::DenseSet<ExprId> seen;
    for (int n = 0; n < count;) {
      ExprId e = gen.next();
      if (!seen.insert(e).second)
        continue;
      ++n;
      int pre = oracle.precheck(e);
      if (pre < 0) {
        ++undecided;
        continue;
      }
      (pre ? kept : pruned)++;
      EXPECT_EQ(timedSolver(oracle, e), pre == 1)
          << name << ": pre-check says " << pre << " for " << ctx.str(e);
    }
  }
  std::printf("[ pre-check ] kept %d, pruned %d, undecided %d\n", kept, pruned,
              undecided);
  // Both verdicts are exercised.
  EXPECT_GT(kept, 20);
  EXPECT_GT(pruned, 20);
}

//===----------------------------------------------------------------------===//
// Caching, hash-consing, parts
//===----------------------------------------------------------------------===//

TEST(Caching, RepeatedQueryIsACacheHit) {
  Fixture f("rmsnorm_opt");
  ASSERT_TRUE(f.oracle);
  ExprContext &c = f.ctx;
  ExprId e = c.div(c.sum(64, c.mul(f.x(0), f.x(0))), f.x(2));
  ASSERT_EQ(f.oracle->precheck(e), -1);
  EXPECT_FALSE(f.oracle->isSubexpr(e));
  SubexprStats first = f.oracle->stats();
  EXPECT_EQ(first.solverCalls, 1u);
  EXPECT_FALSE(f.oracle->isSubexpr(e));
  // The same expression rebuilt is the same id, hence the same entry.
  EXPECT_FALSE(
      f.oracle->isSubexpr(c.div(c.sum(64, c.mul(f.x(0), f.x(0))), f.x(2))));
  SubexprStats second = f.oracle->stats();
  EXPECT_EQ(second.queries, first.queries + 2);
  EXPECT_EQ(second.cacheHits, first.cacheHits + 2);
  EXPECT_EQ(second.solverCalls, first.solverCalls);
  // Pre-check verdicts are cached too.
  ExprId x0 = f.x(0);
  EXPECT_TRUE(f.oracle->isSubexpr(x0));
  EXPECT_TRUE(f.oracle->isSubexpr(x0));
  SubexprStats third = f.oracle->stats();
  EXPECT_EQ(third.precheckKept, second.precheckKept + 1);
  EXPECT_EQ(third.cacheHits, second.cacheHits + 1);
}

TEST(Caching, VerdictsTravelToAnotherContext) {
  // What a worker of a job solved reaches another process's oracle as text:
  // the same expressions, interned under other ids, with the same verdicts,
  // and no solver call there.
  const Workload *w = findWorkload(allWorkloads(), "gqa_opt");
  ASSERT_TRUE(w);
  ExprContext from;
  ExprBuilder fromBuilder(from);
  SubexprOracle solver(from, outputsOf(fromBuilder, w->ref));
  RandomExprs gen(from, outputsOf(fromBuilder, w->ref), 3, 7);
  std::vector<std::pair<std::string, bool>> solved;
  for (int n = 0; n < 40; ++n) {
    ExprId e = gen.next();
    if (solver.precheck(e) < 0)
      solved.push_back({from.str(e), solver.isSubexpr(e)});
  }
  ASSERT_GT(solver.numSolved(), 3u);
  std::string text = solver.solvedText(0);

  ExprContext to;
  for (int i = 0; i < 9; ++i) // other ids than in `from`
    to.sum(i + 2, to.mul(to.var(i % 4), to.var(6)));
  ExprBuilder toBuilder(to);
  SubexprOracle receiver(to, outputsOf(toBuilder, w->ref));
  ASSERT_TRUE(receiver.importVerdicts(text));
  EXPECT_EQ(receiver.numSolved(), solver.numSolved());
  // Re-exported, the verdicts read the same (children before parents).
  EXPECT_EQ(receiver.solvedText(0), text);
  // Rebuilt from the same seed in the receiving context, every solved
  // expression is answered from the cache, as the solver answered it.
  RandomExprs again(to, outputsOf(toBuilder, w->ref), 3, 7);
  size_t k = 0;
  for (int n = 0; n < 40; ++n) {
    ExprId e = again.next();
    if (receiver.precheck(e) >= 0)
      continue;
    ASSERT_LT(k, solved.size());
    EXPECT_EQ(to.str(e), solved[k].first);
    EXPECT_EQ(receiver.isSubexpr(e), solved[k].second) << to.str(e);
    ++k;
  }
  EXPECT_EQ(k, solved.size());
  EXPECT_EQ(receiver.stats().solverCalls, 0u);
  // From a mark on, only what came after it; malformed text is refused.
  EXPECT_EQ(receiver.solvedText(receiver.numSolved()), "");
  EXPECT_FALSE(receiver.importVerdicts("v 0 1\n"));
  EXPECT_FALSE(receiver.importVerdicts("n 0 0 -1 -1\nv 0 2\n"));
  EXPECT_FALSE(receiver.importVerdicts("n 99 0 -1 -1\n"));
}

TEST(HashConsing, EqualExpressionsHaveEqualIds) {
  ExprContext c;
  ExprId x = c.var(0), y = c.var(1), z = c.var(2);
  EXPECT_EQ(c.var(0), x);
  EXPECT_EQ(c.add(x, y), c.add(y, x));
  EXPECT_EQ(c.mul(x, y), c.mul(y, x));
  EXPECT_NE(c.div(x, y), c.div(y, x));
  EXPECT_EQ(c.sum(4, c.sum(16, c.mul(x, y))), c.sum(64, c.mul(y, x)));
  EXPECT_EQ(c.max(2, c.max(8, x)), c.max(16, x));
  EXPECT_NE(c.sum(16, x), c.sum(8, x));
  EXPECT_NE(c.sum(16, x), c.max(16, x));
  EXPECT_NE(c.apply(OpKind::Sqrt, x), c.apply(OpKind::Rsqrt, x));
  ExprId deep = c.div(c.exp(c.add(x, c.mul(y, z))), c.sum(8, z));
  EXPECT_EQ(deep, c.div(c.exp(c.add(c.mul(z, y), x)), c.sum(8, z)));
  EXPECT_EQ(c.str(c.sum(64, c.div(x, z))), "sum(64, div(x0, x2))");
  EXPECT_EQ(c.str(c.apply(OpKind::Sqrt, x)), "sqrt(x0)");

  // The operand order is structural: two contexts that intern in opposite
  // orders print (and encode) the same terms.
  ExprContext d;
  ExprId dy = d.var(1), dx = d.var(0);
  EXPECT_NE(d.node(dx).attr, d.node(dy).attr);
  EXPECT_EQ(d.str(d.add(dx, dy)), c.str(c.add(x, y)));
  EXPECT_EQ(d.str(d.mul(d.exp(dy), dx)), c.str(c.mul(x, c.exp(y))));
}

/// w cut along its columns: concat(w, exp(w)) along dim 1.
int other(Graph &g, int w) {
  return concat(g, {w, add(g, OpKind::Exp, {w}, {16, 32})}, 1, {16, 64});
}

TEST(Parts, ConcatThenMatmulIsAnAddOfTwoSums) {
  // LoRA's fused form: [x | xa] @ [w ; b] = x@w + xa@b.
  Graph g;
  int x = g.addInput(tt({8, 16})), xa = g.addInput(tt({8, 4}));
  int w = g.addInput(tt({16, 32})), b = g.addInput(tt({4, 32}));
  int lhs = concat(g, {x, xa}, 1, {8, 20});
  int rhs = concat(g, {w, b}, 0, {20, 32});
  int p = add(g, OpKind::Matmul, {lhs, rhs}, {8, 32});
  int rowSums = reduce(g, OpKind::ReduceSum, lhs, 1, {8, 1});
  int colSums = reduce(g, OpKind::ReduceSum, lhs, 0, {1, 20});
  int halves = reduce(g, OpKind::ReduceSum, lhs, 1, {8, 2});
  int lhsT = transpose(g, lhs, {1, 0}, {20, 8});
  int scaled = add(g, OpKind::Mul, {lhs, rowSums}, {8, 20});
  int crossed = add(g, OpKind::Add, {lhs, lhsT}, {8, 20});
  int same = concat(g, {x, x}, 1, {8, 32});
  int maxed = reduce(g, OpKind::ReduceMax, lhs, 1, {8, 1});
  // lhs cut along the contraction, y cut along its columns: a result cut
  // along the columns, each column block an add over the contraction cut.
  int y1 = g.addInput(tt({20, 32})), y2 = g.addInput(tt({20, 32}));
  int cols = concat(g, {y1, y2}, 1, {20, 64});
  int byCols = add(g, OpKind::Matmul, {lhs, cols}, {8, 64});
  // Rows cut on the left and columns cut on the right: two cut dims.
  int rows = concat(g, {x, x}, 0, {16, 16});
  int rowsX = concat(g, {rows, rows}, 0, {32, 16});
  int rowsCut =
      concat(g, {rowsX, add(g, OpKind::Exp, {rowsX}, {32, 16})}, 0, {64, 16});
  int twoDims = add(g, OpKind::Matmul, {rowsCut, other(g, w)}, {64, 64});
  ExprContext c;
  ExprBuilder builder(c);
  std::vector<AbsTensor> v = builder.evaluate(g);
  ExprId x0 = c.var(0), x1 = c.var(1), x2 = c.var(2), x3 = c.var(3);

  ASSERT_FALSE(v[lhs].unknown);
  EXPECT_EQ(v[lhs].dim, 1);
  ASSERT_EQ(v[lhs].parts.size(), 2u);
  EXPECT_EQ(v[lhs].parts[0].extent, 16);
  EXPECT_EQ(v[lhs].parts[1].extent, 4);
  EXPECT_EQ(v[rhs].dim, 0);

  ASSERT_FALSE(v[p].unknown);
  ASSERT_EQ(v[p].parts.size(), 1u);
  EXPECT_EQ(v[p].parts[0].expr,
            c.add(c.sum(16, c.mul(x0, x2)), c.sum(4, c.mul(x1, x3))))
      << describe(c, v[p]);
  // Reducing the cut dim: the add of the per-part sums; another dim:
  // part-wise; half-rows straddle the cut (16 + 4 = 10 + 10).
  EXPECT_EQ(v[rowSums].parts[0].expr, c.add(c.sum(16, x0), c.sum(4, x1)));
  EXPECT_EQ(describe(c, v[colSums]), "16: sum(8, x0) | 4: sum(8, x1)");
  EXPECT_EQ(describe(c, v[halves]),
            "1: sum(10, x0) | 1: add(sum(6, x0), sum(4, x1))");
  EXPECT_EQ(v[lhsT].dim, 0);
  EXPECT_EQ(v[lhsT].parts.size(), 2u);
  // A broadcast operand applies to every part.
  ASSERT_EQ(v[scaled].parts.size(), 2u);
  EXPECT_EQ(v[scaled].parts[0].expr, c.mul(x0, v[rowSums].parts[0].expr));
  // Cut along two dims at once, and a max across the cut: opaque.
  EXPECT_TRUE(v[crossed].unknown);
  EXPECT_TRUE(v[maxed].unknown);
  ASSERT_FALSE(v[byCols].unknown);
  EXPECT_EQ(v[byCols].dim, 1);
  ExprId x4 = c.var(4), x5 = c.var(5);
  EXPECT_EQ(
      describe(c, v[byCols]),
      "32: " + c.str(c.add(c.sum(16, c.mul(x0, x4)), c.sum(4, c.mul(x1, x4)))) +
          " | 32: " +
          c.str(c.add(c.sum(16, c.mul(x0, x5)), c.sum(4, c.mul(x1, x5)))));
  EXPECT_TRUE(v[twoDims].unknown);
  // Concatenating a tensor with itself is no concatenation.
  EXPECT_EQ(v[rows].parts.size(), 1u);
  // A concatenation of equal pieces is no concatenation.
  EXPECT_EQ(v[same].parts.size(), 1u);
  EXPECT_EQ(v[same].parts[0].expr, x0);
}

//===----------------------------------------------------------------------===//
// Determinism
//===----------------------------------------------------------------------===//

TEST(Determinism, FreshOraclesGiveTheSameAnswers) {
  const Workload *w = findWorkload(allWorkloads(), "gqa_opt");
  ASSERT_TRUE(w);
  auto run = [&](int shift) {
    ExprContext ctx;
    // Unrelated expressions first, so that ids differ between the runs.
    for (int i = 0; i < shift; ++i)
      ctx.sum(i + 2, ctx.mul(ctx.var(i % 5), ctx.var(7)));
    ExprBuilder builder(ctx);
    SubexprOracle oracle(ctx, outputsOf(builder, w->ref));
    RandomExprs gen(ctx, outputsOf(builder, w->ref), 3, 99);
    std::vector<std::string> answers;
    for (int n = 0; n < 30; ++n) {
      ExprId e = gen.next();
      answers.push_back(ctx.str(e) +
                        (oracle.isSubexpr(e) ? " kept" : " pruned") +
                        (timedSolver(oracle, e) ? " kept" : " pruned"));
    }
    return answers;
  };
  std::vector<std::string> a = run(0), b = run(17);
  EXPECT_EQ(a, b);
}

TEST(Determinism, ThreadsShareTheContextAndTheCache) {
  const Workload *w = findWorkload(allWorkloads(), "rmsnorm_opt");
  ASSERT_TRUE(w);
  ExprContext ctx;
  ExprBuilder builder(ctx);
  std::vector<AbsTensor> targets = outputsOf(builder, w->ref);
  SubexprOracle oracle(ctx, targets);
  // Both threads build the same expressions (same seed) at the same time
  // and ask the shared oracle.
  auto work = [&](std::vector<std::pair<ExprId, bool>> &out) {
    RandomExprs gen(ctx, targets, 3, 7);
    for (int n = 0; n < 25; ++n) {
      ExprId e = gen.next();
      out.push_back({e, oracle.isSubexpr(e)});
    }
  };
  std::vector<std::pair<ExprId, bool>> a, b;
  std::thread t1(work, std::ref(a)), t2(work, std::ref(b));
  t1.join();
  t2.join();
  EXPECT_EQ(a, b);
  // And a single-threaded run in a fresh context gives the same verdicts.
  ExprContext fresh;
  ExprBuilder freshBuilder(fresh);
  std::vector<AbsTensor> freshTargets = outputsOf(freshBuilder, w->ref);
  SubexprOracle freshOracle(fresh, freshTargets);
  RandomExprs gen(fresh, freshTargets, 3, 7);
  for (auto [e, kept] : a) {
    ExprId f = gen.next();
    EXPECT_EQ(fresh.str(f), ctx.str(e));
    EXPECT_EQ(freshOracle.isSubexpr(f), kept) << ctx.str(e);
  }
}

/// Prints the solver timings of the whole binary.
class TimingReport : public ::testing::Environment {
public:
  void TearDown() override {
    std::vector<double> t = solverTimes();
    if (t.empty())
      return;
    std::sort(t.begin(), t.end());
    std::printf("[ Z3 ] %zu solver queries: median %.2f ms, max %.2f ms\n",
                t.size(), 1e3 * t[t.size() / 2], 1e3 * t.back());
  }
};

[[maybe_unused]] ::testing::Environment *const timingReport =
    ::testing::AddGlobalTestEnvironment(new TimingReport);

TEST(ResourceLimit, AHardQueryStopsAtTheLimitAndIsPruned) {
  // A product of three sums: distributivity and AC of add/mul grow the
  // E-graph without bound, so only the resource limit ends the search.
  const Workload *w = findWorkload(allWorkloads(), "lora_opt");
  ASSERT_TRUE(w);
  ExprContext c;
  ExprBuilder builder(c);
  SubexprOracle oracle(c, outputsOf(builder, w->ref), 100000);
  ExprId x = c.var(0), wt = c.var(1), a = c.var(2), b = c.var(3);
  ExprId e = c.mul(c.mul(c.add(x, wt), c.add(a, b)), c.add(x, c.add(a, b)));
  ASSERT_EQ(oracle.precheck(e), -1);
  EXPECT_FALSE(oracle.isSubexpr(e));
  SubexprStats st = oracle.stats();
  EXPECT_EQ(st.solverCalls, 1u);
  EXPECT_EQ(st.solverUnknown, 1u);
}

} // namespace
