//===- LaxTest.cpp - Tests of the LAX analysis and its degree bounds ------===//
//
// Membership in the LAX fragment (at most one exp on every input→output path,
// through kernels, block graphs and thread graphs), the diagnostic that names
// the offending exps, the degree bounds the trial count is derived from, and
// what the verifier does with programs outside LAX.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Verify/Lax.h"
#include "TestGraphs.h"
#include "tsopt/Eval/FieldDomain.h"
#include "tsopt/Verify/Equivalence.h"

#include <gtest/gtest.h>

#include <functional>
#include <set>

using namespace tsopt;
using namespace tsopt::test;

namespace {

/// A thread graph over `numInputs` scalars built by `build`, which returns
/// the outputs.
Graph threadGraph(
    unsigned numInputs,
    const std::function<std::vector<int>(Graph &, std::vector<int>)> &build) {
  Graph tg;
  tg.level = Level::Thread;
  std::vector<int> ins;
  for (unsigned i = 0; i < numInputs; ++i)
    ins.push_back(tg.addInput(tt({})));
  tg.outputs = build(tg, ins);
  return tg;
}

/// A kernel graph with one kernel op over a 4×8 input: grid [2] over rows,
/// for-loop 2 over columns, tile 2×4. `loop` builds the for-loop body from
/// the input tile, `post` the post-loop ops from the accumulator (both return
/// the value they end in; the post-loop result is saved). Ops before the
/// kernel and after it come from `before` (on the input) and `after` (on the
/// kernel's 4×8 result).
struct KernelSpec {
  std::function<int(Graph &, int)> before = [](Graph &, int v) { return v; };
  std::function<int(Graph &, int)> loop = [](Graph &, int v) { return v; };
  std::function<int(Graph &, int)> post = [](Graph &, int v) { return v; };
  std::function<int(Graph &, int)> after = [](Graph &, int v) { return v; };
};

Graph kernelProgram(const KernelSpec &spec) {
  Graph bg = blockGraph({2}, 2);
  int t = bg.addInput(tt({4, 8}));
  int tile = blockInput(bg, t, {0, R, R}, 1, {2, 4});
  int body = spec.loop(bg, tile);
  // fmap 1: concatenate the iterations' tiles back into 2×8.
  int a = accum(bg, body, 1, AccumKind::Sum, {2, 8});
  int p = spec.post(bg, a);
  blockOutput(bg, p, {0, R, R}, {4, 8});

  Graph g;
  int x = g.addInput(tt({4, 8}));
  int pre = spec.before(g, x);
  int r = kernel(g, std::move(bg), {pre});
  g.outputs = {spec.after(g, r)};
  return g;
}

/// A unary op on a 2×4 tile or a 4×8 tensor, for the KernelSpec hooks.
std::function<int(Graph &, int)> unaryOn(OpKind kind, Idx shape) {
  return [=](Graph &g, int v) { return add(g, kind, {v}, shape); };
}

/// A thread-graph op on a tile that applies `kinds` in sequence.
std::function<int(Graph &, int)> threadChain(std::vector<OpKind> kinds,
                                             Idx shape) {
  return [=](Graph &bg, int v) {
    Op op = mk(OpKind::ThreadGraph, {v});
    op.body = std::make_shared<Graph>(
        threadGraph(1, [&](Graph &tg, std::vector<int> ins) {
          int s = ins[0];
          for (OpKind k : kinds)
            s = add(tg, k, {s}, {});
          return std::vector<int>{s};
        }));
    return bg.addOp(op, {tt(shape)});
  };
}

bool contains(const std::string &s, const std::string &part) {
  return s.find(part) != std::string::npos;
}

//===----------------------------------------------------------------------===//
// Membership
//===----------------------------------------------------------------------===//

TEST(LaxTest, OneExpPerPathIsLax) {
  {
    Graph g;
    int x = g.addInput(tt({4, 8}));
    g.outputs = {add(g, OpKind::Exp, {x}, {4, 8})};
    LaxReport r = analyzeLax(g);
    EXPECT_FALSE(r.violation) << *r.violation;
    EXPECT_EQ(r.numExps, 1);
  }
  {
    KernelSpec s;
    s.loop = unaryOn(OpKind::Exp, {2, 4});
    LaxReport r = analyzeLax(kernelProgram(s));
    EXPECT_FALSE(r.violation) << *r.violation;
    EXPECT_EQ(r.numExps, 1);
  }
  {
    KernelSpec s;
    s.post = threadChain({OpKind::Neg, OpKind::Exp, OpKind::Square}, {2, 8});
    LaxReport r = analyzeLax(kernelProgram(s));
    EXPECT_FALSE(r.violation) << *r.violation;
    EXPECT_EQ(r.numExps, 1);
  }
}

TEST(LaxTest, ExpsOnDifferentPathsAreLax) {
  // exp(x) + exp(y), and exp(x) · exp(x): two exps, but no path through two.
  Graph g;
  int x = g.addInput(tt({4, 8})), y = g.addInput(tt({4, 8}));
  int ex = add(g, OpKind::Exp, {x}, {4, 8});
  int ey = add(g, OpKind::Exp, {y}, {4, 8});
  int s = add(g, OpKind::Add, {ex, ey}, {4, 8});
  int ex2 = add(g, OpKind::Exp, {x}, {4, 8});
  g.outputs = {s, add(g, OpKind::Mul, {ex, ex2}, {4, 8})};
  LaxReport r = analyzeLax(g);
  EXPECT_FALSE(r.violation) << *r.violation;
  EXPECT_EQ(r.numExps, 3);
}

TEST(LaxTest, ExpOfExpIsNamed) {
  Graph g;
  int x = g.addInput(tt({4, 8}));
  int n = add(g, OpKind::Neg, {x}, {4, 8});
  int e1 = add(g, OpKind::Exp, {n}, {4, 8});
  int s = add(g, OpKind::Add, {e1, x}, {4, 8});
  g.outputs = {add(g, OpKind::Exp, {s}, {4, 8})};
  LaxReport r = analyzeLax(g);
  ASSERT_TRUE(r.violation);
  EXPECT_TRUE(contains(*r.violation, "2 exps")) << *r.violation;
  EXPECT_TRUE(contains(*r.violation, "exp (op #1)")) << *r.violation;
  EXPECT_TRUE(contains(*r.violation, "exp (op #3)")) << *r.violation;
  // The path is listed in order, first exp first.
  EXPECT_LT(r.violation->find("op #1"), r.violation->find("op #3"));
  EXPECT_EQ(r.numExps, 2);
}

TEST(LaxTest, ThreeExpsOnAPathAreCounted) {
  Graph g;
  int x = g.addInput(tt({4, 8}));
  int v = x;
  for (int i = 0; i < 3; ++i)
    v = add(g, OpKind::Exp, {v}, {4, 8});
  g.outputs = {v};
  LaxReport r = analyzeLax(g);
  ASSERT_TRUE(r.violation);
  // Reported at the first offending exp, so it names two of them.
  EXPECT_TRUE(contains(*r.violation, "exp (op #0), exp (op #1)"))
      << *r.violation;
  EXPECT_EQ(r.numExps, 3);
}

TEST(LaxTest, ExpOfExpInsideAThreadGraph) {
  KernelSpec s;
  s.loop = threadChain({OpKind::Exp, OpKind::Neg, OpKind::Exp}, {2, 4});
  LaxReport r = analyzeLax(kernelProgram(s));
  ASSERT_TRUE(r.violation);
  // Thread graph op #1 of the block graph (after the input iterator), inside
  // kernel op #0.
  EXPECT_TRUE(contains(*r.violation,
                       "exp (op #0 in thread_graph op #1 in kernel op #0)"))
      << *r.violation;
  EXPECT_TRUE(contains(*r.violation,
                       "exp (op #2 in thread_graph op #1 in kernel op #0)"))
      << *r.violation;
}

TEST(LaxTest, ExpsThroughKernels) {
  {
    // exp in the block graph's loop, exp on the kernel's result.
    KernelSpec s;
    s.loop = unaryOn(OpKind::Exp, {2, 4});
    s.after = unaryOn(OpKind::Exp, {4, 8});
    LaxReport r = analyzeLax(kernelProgram(s));
    ASSERT_TRUE(r.violation);
    EXPECT_TRUE(contains(*r.violation, "in kernel")) << *r.violation;
    EXPECT_TRUE(contains(*r.violation, "exp (op #1 in kernel op #0)"))
        << *r.violation;
    EXPECT_TRUE(contains(*r.violation, "exp (op #1)")) << *r.violation;
  }
  {
    // exp before the kernel, exp in a post-loop thread graph.
    KernelSpec s;
    s.before = unaryOn(OpKind::Exp, {4, 8});
    s.post = threadChain({OpKind::Exp}, {2, 8});
    LaxReport r = analyzeLax(kernelProgram(s));
    ASSERT_TRUE(r.violation);
    EXPECT_TRUE(contains(*r.violation, "exp (op #0), exp (op #0 in "
                                       "thread_graph op #2 in kernel op #1)"))
        << *r.violation;
  }
  {
    // exp in the loop and again after the accumulator, same block graph.
    KernelSpec s;
    s.loop = unaryOn(OpKind::Exp, {2, 4});
    s.post = unaryOn(OpKind::Exp, {2, 8});
    LaxReport r = analyzeLax(kernelProgram(s));
    ASSERT_TRUE(r.violation);
    EXPECT_TRUE(contains(*r.violation, "exp (op #1 in kernel op #0), exp (op "
                                       "#3 in kernel op #0)"))
        << *r.violation;
  }
  {
    // One exp inside, one outside, on different inputs of an add: LAX.
    KernelSpec s;
    s.loop = unaryOn(OpKind::Exp, {2, 4});
    Graph g = kernelProgram(s);
    int y = g.addInput(tt({4, 8}));
    int ey = add(g, OpKind::Exp, {y}, {4, 8});
    g.outputs = {add(g, OpKind::Add, {g.outputs[0], ey}, {4, 8})};
    LaxReport r = analyzeLax(g);
    EXPECT_FALSE(r.violation) << *r.violation;
    EXPECT_EQ(r.numExps, 2);
  }
}

TEST(LaxTest, ExpsThroughOpaqueOps) {
  // A path through an uninterpreted function or a max is still a path: the
  // second exp's argument depends on the first exp's result.
  for (OpKind opaque : {OpKind::Sqrt, OpKind::Silu, OpKind::Relu}) {
    Graph g;
    int x = g.addInput(tt({4, 8}));
    int e = add(g, OpKind::Exp, {x}, {4, 8});
    int u = add(g, opaque, {e}, {4, 8});
    g.outputs = {add(g, OpKind::Exp, {u}, {4, 8})};
    LaxReport r = analyzeLax(g);
    EXPECT_TRUE(r.violation) << stringifyOpKind(opaque).str();
  }
  {
    Graph g;
    int x = g.addInput(tt({4, 8}));
    int e = add(g, OpKind::Exp, {x}, {4, 8});
    int m = reduce(g, OpKind::ReduceMax, e, 1, {4, 1});
    g.outputs = {add(g, OpKind::Exp, {m}, {4, 1})};
    EXPECT_TRUE(analyzeLax(g).violation);
  }
  {
    // Through a matmul and a reduce_sum too.
    Graph g;
    int x = g.addInput(tt({4, 8})), w = g.addInput(tt({8, 8}));
    int e = add(g, OpKind::Exp, {x}, {4, 8});
    int p = add(g, OpKind::Matmul, {e, w}, {4, 8});
    int s = reduce(g, OpKind::ReduceSum, p, 1, {4, 1});
    g.outputs = {add(g, OpKind::Exp, {s}, {4, 1})};
    EXPECT_TRUE(analyzeLax(g).violation);
  }
}

//===----------------------------------------------------------------------===//
// Degree bounds
//===----------------------------------------------------------------------===//

TEST(LaxTest, ProductDegrees) {
  {
    // x·y: degree 2.
    Graph g;
    int x = g.addInput(tt({4, 8})), y = g.addInput(tt({4, 8}));
    g.outputs = {add(g, OpKind::Mul, {x, y}, {4, 8})};
    EXPECT_GE(analyzeLax(g).valueDegree, 2);
    EXPECT_EQ(analyzeLax(g).valueDegree, 2);
    EXPECT_EQ(analyzeLax(g).exponentDegree, 0);
  }
  for (int k = 1; k <= 6; ++k) {
    // x0·x1·…·xk: k multiplies of k + 1 inputs, degree k + 1.
    Graph g;
    int v = g.addInput(tt({4, 8}));
    for (int i = 0; i < k; ++i)
      v = add(g, OpKind::Mul, {v, g.addInput(tt({4, 8}))}, {4, 8});
    g.outputs = {v};
    EXPECT_GE(analyzeLax(g).valueDegree, k + 1);
    EXPECT_EQ(analyzeLax(g).valueDegree, k + 1) << k;
  }
  {
    // Matmul chains multiply degrees in like products: (A·B)·C is 3, and a
    // square adds its operand twice: square(A·B) is 4. Sums of polynomial
    // terms (the contraction) keep the degree.
    Graph g;
    int a = g.addInput(tt({4, 8})), b = g.addInput(tt({8, 8})),
        c = g.addInput(tt({8, 2}));
    int ab = add(g, OpKind::Matmul, {a, b}, {4, 8});
    int abc = add(g, OpKind::Matmul, {ab, c}, {4, 2});
    int sq = add(g, OpKind::Square, {ab}, {4, 8});
    g.outputs = {abc};
    EXPECT_EQ(analyzeLax(g).valueDegree, 3);
    g.outputs = {sq};
    EXPECT_EQ(analyzeLax(g).valueDegree, 4);
    g.outputs = {abc, sq};
    EXPECT_EQ(analyzeLax(g).valueDegree, 4); // the max over outputs
  }
}

TEST(LaxTest, DivisionDegrees) {
  Graph g;
  int x = g.addInput(tt({4, 8})), y = g.addInput(tt({4, 8})),
      z = g.addInput(tt({4, 8}));
  int xy = add(g, OpKind::Div, {x, y}, {4, 8});
  g.outputs = {xy};
  // x / y: numerator 1 + denominator 1.
  EXPECT_EQ(analyzeLax(g).valueDegree, 2);
  // (x / y) / z = x / (y·z): 1 + 2.
  g.outputs = {add(g, OpKind::Div, {xy, z}, {4, 8})};
  EXPECT_EQ(analyzeLax(g).valueDegree, 3);
  // x / (y / z) = x·z / y: 2 + 1.
  int yz = add(g, OpKind::Div, {y, z}, {4, 8});
  g.outputs = {add(g, OpKind::Div, {x, yz}, {4, 8})};
  EXPECT_EQ(analyzeLax(g).valueDegree, 3);
  // x / y + z / x = (x² + y·z) / (x·y): 2 + 2.
  int zx = add(g, OpKind::Div, {z, x}, {4, 8});
  g.outputs = {add(g, OpKind::Add, {xy, zx}, {4, 8})};
  EXPECT_EQ(analyzeLax(g).valueDegree, 4);
  // mul_scalar and neg keep the degree.
  g.outputs = {add(g, OpKind::Neg, {mulScalar(g, xy, 0.5, {4, 8})}, {4, 8})};
  EXPECT_EQ(analyzeLax(g).valueDegree, 2);
}

TEST(LaxTest, ExponentDegreeIsTheExpArgumentsDegree) {
  Graph g;
  int x = g.addInput(tt({4, 8})), y = g.addInput(tt({4, 8})),
      z = g.addInput(tt({4, 8}));
  int e1 = add(g, OpKind::Exp, {x}, {4, 8});
  g.outputs = {e1};
  EXPECT_EQ(analyzeLax(g).exponentDegree, 1);
  EXPECT_EQ(analyzeLax(g).valueDegree, 1); // exp(x) is a fresh variable
  // exp(x·y·z): exponent degree 3; the value is still one fresh variable.
  int xyz =
      add(g, OpKind::Mul, {add(g, OpKind::Mul, {x, y}, {4, 8}), z}, {4, 8});
  int e3 = add(g, OpKind::Exp, {xyz}, {4, 8});
  g.outputs = {e3};
  EXPECT_EQ(analyzeLax(g).exponentDegree, 3);
  EXPECT_EQ(analyzeLax(g).valueDegree, 1);
  // exp((x·y·z) / y): 3 + 1. The bound is the max over all exps, even of
  // those that do not reach an output.
  int e4 = add(g, OpKind::Exp, {add(g, OpKind::Div, {xyz, y}, {4, 8})}, {4, 8});
  (void)e4;
  g.outputs = {e1};
  EXPECT_EQ(analyzeLax(g).exponentDegree, 4);
  // exp(x)·z: the exp result counts as degree 1.
  g.outputs = {add(g, OpKind::Mul, {e3, z}, {4, 8})};
  EXPECT_EQ(analyzeLax(g).valueDegree, 2);
}

TEST(LaxTest, SumsOfFractionsGrow) {
  // Σ_{j<8} x_j / y_j = (Σ_j x_j Π_{k≠j} y_k) / Π_k y_k: numerator degree 8
  // (x_j times seven y's), denominator degree 8, total 16. Polynomial terms
  // (no denominator) do not grow under a sum.
  Graph g;
  int x = g.addInput(tt({4, 8})), y = g.addInput(tt({4, 8}));
  int q = add(g, OpKind::Div, {x, y}, {4, 8});
  g.outputs = {reduce(g, OpKind::ReduceSum, q, 1, {4, 1})};
  EXPECT_EQ(analyzeLax(g).valueDegree, 16);
  // Extent 2 of 8: each output sums a group of 4 fractions, 4 + 4.
  g.outputs = {reduce(g, OpKind::ReduceSum, q, 1, {4, 2})};
  EXPECT_EQ(analyzeLax(g).valueDegree, 8);
  // Extent 8: groups of one, nothing is added.
  g.outputs = {reduce(g, OpKind::ReduceSum, q, 1, {4, 8})};
  EXPECT_EQ(analyzeLax(g).valueDegree, 2);
  // Products reduced: x·y summed over 8 terms stays degree 2.
  int p = add(g, OpKind::Mul, {x, y}, {4, 8});
  g.outputs = {reduce(g, OpKind::ReduceSum, p, 1, {4, 1})};
  EXPECT_EQ(analyzeLax(g).valueDegree, 2);
  // A matmul contracting 8 fractions: (x/y)·W, each term (x_k / y_k)·w_k of
  // degree 2 + 1 over y_k: numerator 2 + 7·1 = 9, denominator 8, total 17.
  int w = g.addInput(tt({8, 3}));
  g.outputs = {add(g, OpKind::Matmul, {q, w}, {4, 3})};
  EXPECT_EQ(analyzeLax(g).valueDegree, 17);
}

TEST(LaxTest, SumAccumulatorOfFractionsGrows) {
  // Per block, the for-loop (2 iterations) sums two 2×4 tiles of x / e with
  // e = exp(x) a fresh variable: (x1 e2 + x2 e1) / (e1 e2), 2 + 2. A
  // concatenating accumulator adds nothing.
  KernelSpec s;
  s.loop = [](Graph &bg, int t) {
    int e = add(bg, OpKind::Exp, {t}, {2, 4});
    return add(bg, OpKind::Div, {t, e}, {2, 4});
  };
  Graph concatenated = kernelProgram(s);
  EXPECT_EQ(analyzeLax(concatenated).valueDegree, 2);

  // The same with a sum accumulator (fmap replica): rebuild the block graph
  // with the accumulator switched and the tile shapes it implies.
  Graph summed = concatenated;
  auto body = std::make_shared<Graph>(*summed.ops[0].body);
  for (Op &op : body->ops)
    if (op.kind == OpKind::Accum) {
      op.fmap = R;
      body->values[op.results[0]].shape = {2, 4};
    }
  for (Op &op : body->ops)
    if (op.kind == OpKind::BlockOutput) {
      body->values[op.results[0]].shape = {4, 4};
      body->values[op.operands[0]].shape = {2, 4};
    }
  summed.ops[0].body = body;
  summed.values[summed.ops[0].results[0]].shape = {4, 4};
  EXPECT_EQ(analyzeLax(summed).valueDegree, 4);
  EXPECT_FALSE(analyzeLax(summed).violation);
}

//===----------------------------------------------------------------------===//
// The verifier outside LAX
//===----------------------------------------------------------------------===//

/// exp(exp(c·x)) on a 4×8 input.
Graph doubleExp(double c) {
  Graph g;
  int x = g.addInput(tt({4, 8}));
  int s = mulScalar(g, x, c, {4, 8});
  int e = add(g, OpKind::Exp, {s}, {4, 8});
  g.outputs = {add(g, OpKind::Exp, {e}, {4, 8})};
  return g;
}

VerifyOptions options() {
  VerifyOptions o;
  o.floatCheck = false;
  o.threads = 1;
  o.seed = 9;
  return o;
}

//===----------------------------------------------------------------------===//
// Uninterpreted applications and their collision bound
//===----------------------------------------------------------------------===//

TEST(LaxTest, CountsUninterpretedApplications) {
  {
    // Kernel level: one sqrt per element of its 4x8 argument, whose degree
    // is that of x·x.
    Graph g;
    int x = g.addInput(tt({4, 8}));
    int sq = add(g, OpKind::Square, {x}, {4, 8});
    g.outputs = {add(g, OpKind::Sqrt, {sq}, {4, 8})};
    LaxReport r = analyzeLax(g);
    EXPECT_EQ(r.opaqueApplications, 32);
    EXPECT_EQ(r.opaqueDegree, 2);
  }
  {
    // A reduce_max compares every element of its operand.
    Graph g;
    int x = g.addInput(tt({4, 8}));
    g.outputs = {reduce(g, OpKind::ReduceMax, x, 1, {4, 1})};
    EXPECT_EQ(analyzeLax(g).opaqueApplications, 32);
  }
  {
    // In a kernel (grid [2], for-loop 2): a tanh on the 2x4 tile runs once
    // per block and iteration, 2·2·8 = 32 times; in a thread graph on the
    // tile, each of its two scalar ops once per element, 2·2·8 times each.
    KernelSpec spec;
    spec.loop = unaryOn(OpKind::Tanh, {2, 4});
    EXPECT_EQ(analyzeLax(kernelProgram(spec)).opaqueApplications, 32);
    spec.loop = threadChain({OpKind::Tanh, OpKind::Relu}, {2, 4});
    EXPECT_EQ(analyzeLax(kernelProgram(spec)).opaqueApplications, 64);
  }
  {
    // Polynomial programs apply none.
    Graph g;
    int x = g.addInput(tt({4, 8})), w = g.addInput(tt({8, 8}));
    g.outputs = {add(g, OpKind::Matmul, {x, w}, {4, 8})};
    EXPECT_EQ(analyzeLax(g).opaqueApplications, 0);
  }
}

TEST(LaxTest, OpaqueCollisionBoundIsAUnionBoundOverPairs) {
  uint64_t p = uint64_t(1) << 61, q = uint64_t(1) << 59;
  EXPECT_EQ(opaqueCollisionBound(0, 4, p, q), 0);
  EXPECT_EQ(opaqueCollisionBound(1, 4, p, q), 0);
  // C(1000, 2) pairs, each (3/p)·(3/q).
  EXPECT_DOUBLE_EQ(opaqueCollisionBound(1000, 3, p, q),
                   499500.0 * (3.0 / double(p)) * (3.0 / double(q)));
  EXPECT_EQ(opaqueCollisionBound(1e30, 1 << 20, p, q), 1.0);

  // The verifier adds it to the per-trial bound and reports it.
  Graph g;
  int x = g.addInput(tt({64, 64}));
  g.outputs = {add(g, OpKind::Tanh, {x}, {64, 64})};
  std::string why;
  auto rec = verifyEquivalence(g, g, options(), &why);
  ASSERT_TRUE(succeeded(rec)) << why;
  EXPECT_GT(rec->opaqueBound, 0);
  EXPECT_DOUBLE_EQ(rec->opaqueBound,
                   opaqueCollisionBound(2 * 64 * 64, 1, rec->p, rec->q));
  EXPECT_DOUBLE_EQ(rec->epsilon,
                   trialErrorBound(rec->valueDegree, rec->exponentDegree,
                                   rec->p, rec->q) +
                       rec->opaqueBound);
  EXPECT_TRUE(contains(rec->summary(), "opaque-argument collisions"))
      << rec->summary();
}

TEST(LaxTest, VerifierReportsOutsideLax) {
  Graph lax;
  int x = lax.addInput(tt({4, 8}));
  int s = mulScalar(lax, x, 2.0, {4, 8});
  lax.outputs = {add(lax, OpKind::Exp, {s}, {4, 8})};

  std::string why;
  auto rec = verifyEquivalence(doubleExp(2.0), lax, options(), &why);
  ASSERT_TRUE(succeeded(rec)) << why;
  EXPECT_FALSE(rec->inLax);
  EXPECT_FALSE(rec->equivalent);
  EXPECT_EQ(rec->laxViolation.rfind("candidate: ", 0), 0u) << rec->laxViolation;
  EXPECT_TRUE(contains(rec->laxViolation, "exp (op #1), exp (op #2)"))
      << rec->laxViolation;
  EXPECT_TRUE(contains(rec->summary(), "outside the LAX fragment"))
      << rec->summary();

  rec = verifyEquivalence(lax, doubleExp(2.0), options(), &why);
  ASSERT_TRUE(succeeded(rec)) << why;
  EXPECT_FALSE(rec->inLax);
  EXPECT_EQ(rec->laxViolation.rfind("reference: ", 0), 0u) << rec->laxViolation;

  // Inside LAX: no violation text.
  rec = verifyEquivalence(lax, lax, options(), &why);
  ASSERT_TRUE(succeeded(rec)) << why;
  EXPECT_TRUE(rec->inLax);
  EXPECT_TRUE(rec->laxViolation.empty());
  EXPECT_TRUE(rec->equivalent);
}

TEST(LaxTest, NestedExpsStillTellArgumentsApart) {
  // With exp's Z_q component fixed at 1, exp of any exp result would be the
  // constant ω, and exp(exp(x)) vs exp(exp(2x)) would compare equal. Outside
  // LAX the verifier keys that component, so nested exps act as an
  // uninterpreted function: different arguments differ, equal ones agree.
  std::string why;
  auto rec = verifyEquivalence(doubleExp(1.0), doubleExp(2.0), options(), &why);
  ASSERT_TRUE(succeeded(rec)) << why;
  EXPECT_FALSE(rec->inLax);
  EXPECT_FALSE(rec->equivalent) << rec->summary();

  rec = verifyEquivalence(doubleExp(2.0), doubleExp(2.0), options(), &why);
  ASSERT_TRUE(succeeded(rec)) << why;
  EXPECT_TRUE(rec->equivalent) << rec->summary();
}

TEST(LaxTest, OutsideLaxTheExpHomomorphismIsLost) {
  // The price of keying (docs/finite-field.md): once either program leaves
  // LAX, exp(a)·exp(b) and exp(a + b) differ in the Z_q component, so a pair
  // that is equivalent, and accepted in LAX, is rejected when an unrelated
  // output is outside LAX. A verdict outside LAX carries no guarantee either
  // way; this pins the documented behaviour.
  auto program = [](bool split, bool withNested) {
    Graph g;
    int a = g.addInput(tt({4, 8})), b = g.addInput(tt({4, 8}));
    int o;
    if (split) {
      int ea = add(g, OpKind::Exp, {a}, {4, 8});
      int eb = add(g, OpKind::Exp, {b}, {4, 8});
      o = add(g, OpKind::Mul, {ea, eb}, {4, 8});
    } else {
      o = add(g, OpKind::Exp, {add(g, OpKind::Add, {a, b}, {4, 8})}, {4, 8});
    }
    g.outputs = {o};
    if (withNested) {
      int e = add(g, OpKind::Exp, {a}, {4, 8});
      g.outputs.push_back(add(g, OpKind::Exp, {e}, {4, 8}));
    }
    return g;
  };
  std::string why;
  auto rec = verifyEquivalence(program(true, false), program(false, false),
                               options(), &why);
  ASSERT_TRUE(succeeded(rec)) << why;
  EXPECT_TRUE(rec->equivalent);
  EXPECT_TRUE(rec->inLax);

  rec = verifyEquivalence(program(true, true), program(false, true), options(),
                          &why);
  ASSERT_TRUE(succeeded(rec)) << why;
  EXPECT_FALSE(rec->inLax);
  EXPECT_FALSE(rec->equivalent);
  EXPECT_EQ(rec->mismatchOutput, std::optional<unsigned>(0));
}

} // namespace

// The op-kind table (tsopt/Core/OpKinds.def) against the code that reads
// each kind: mnemonics round-trip and are unique, and how the table says the
// field reads an element-wise unary op is how the LAX analysis and the
// field evaluate it — an uninterpreted op of x² is a fresh variable, so
// its square has x²'s degree, a polynomial op keeps x's degree, and exp
// counts as an exp.
TEST(OpKindTable, AgreesWithTheAnalysisAndTheField) {
  std::set<std::string> names;
  for (const OpKindInfo &info : allOpKinds()) {
    EXPECT_EQ(&opKindInfo(info.kind), &info);
    EXPECT_EQ(parseOpKind(info.mnemonic), info.kind);
    EXPECT_TRUE(names.insert(info.mnemonic.str()).second)
        << info.mnemonic.str();
  }
  EXPECT_FALSE(parseOpKind("frobnicate"));
  FieldDomain dom(7);
  // The degree of x².
  Graph sqOnly;
  sqOnly.outputs.push_back(
      add(sqOnly, OpKind::Square, {sqOnly.addInput(tt({4, 8}))}, {4, 8}));
  int64_t squareDegree = analyzeLax(sqOnly).valueDegree;
  for (const OpKindInfo &info : allOpKinds()) {
    // Ops with a constant are read with it (the evaluator's evalScalar).
    if (info.family != OpFamily::ElementwiseUnary || isScalarOp(info.kind))
      continue;
    Graph g;
    int x = g.addInput(tt({4, 8}));
    int sq = add(g, OpKind::Square, {x}, {4, 8});
    int fx = add(g, info.kind, {sq}, {4, 8});
    g.outputs.push_back(add(g, OpKind::Square, {fx}, {4, 8}));
    LaxReport r = analyzeLax(g);
    FieldDomain::Elem a = dom.fromDouble(3), f = dom.unary(info.kind, a);
    switch (info.field) {
    case FieldReading::Uninterpreted:
      // f(x²)² is a fresh variable squared (its argument x² counted too).
      EXPECT_EQ(r.valueDegree, squareDegree) << info.mnemonic.str();
      EXPECT_NE(f, a) << info.mnemonic.str();
      EXPECT_NE(f, dom.mul(a, a)) << info.mnemonic.str();
      break;
    case FieldReading::Polynomial:
      // f(x²)² keeps x's degree: x⁴ or more.
      EXPECT_GT(r.valueDegree, squareDegree) << info.mnemonic.str();
      break;
    case FieldReading::Exp:
      EXPECT_EQ(r.numExps, 1) << info.mnemonic.str();
      EXPECT_EQ(f, dom.exp(a)) << info.mnemonic.str();
      break;
    case FieldReading::Defined:
      ADD_FAILURE() << info.mnemonic.str()
                    << ": an element-wise op is defined by "
                    << "its semantics, not by parts";
    }
  }
}
