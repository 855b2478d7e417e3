//===- EvaluatorTest.cpp - Tests of the executable µGraph semantics -------===//
//
// Every expected value is computed here by naive loops over multi-indices,
// independently of the evaluator's strided helpers.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Eval/Evaluator.h"
#include "TestGraphs.h"

#include "gtest/gtest.h"

#include <cmath>
#include <functional>
#include <limits>
#include <random>

using namespace tsopt;
using namespace tsopt::test;

namespace {

using DTensor = Tensor<double>;

//===----------------------------------------------------------------------===//
// Naive tensor helpers
//===----------------------------------------------------------------------===//

int64_t count(const Idx &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// Row-major position of `idx` in `shape`, written out longhand.
int64_t ravel(const Idx &idx, const Idx &shape) {
  int64_t pos = 0;
  for (size_t i = 0; i < shape.size(); ++i) {
    EXPECT_LT(idx[i], shape[i]);
    pos = pos * shape[i] + idx[i];
  }
  return pos;
}

/// Multi-index of row-major position `pos` in `shape`.
Idx unravel(int64_t pos, const Idx &shape) {
  Idx idx(shape.size());
  for (size_t i = shape.size(); i-- > 0;) {
    idx[i] = pos % shape[i];
    pos /= shape[i];
  }
  return idx;
}

Idx shapeOf(const DTensor &t) { return Idx(t.shape.begin(), t.shape.end()); }

double get(const DTensor &t, const Idx &idx) {
  return t.data[ravel(idx, shapeOf(t))];
}

/// A tensor of `shape` whose element at idx is fn(idx).
DTensor make(const Idx &shape, const std::function<double(const Idx &)> &fn) {
  DTensor t;
  t.shape.assign(shape.begin(), shape.end());
  t.data.resize(count(shape));
  for (int64_t p = 0; p < count(shape); ++p)
    t.data[p] = fn(unravel(p, shape));
  return t;
}

DTensor randn(const Idx &shape, std::mt19937 &rng) {
  std::normal_distribution<double> dist(0.0, 1.0);
  return make(shape, [&](const Idx &) { return dist(rng); });
}

DTensor uniform(const Idx &shape, std::mt19937 &rng, double lo, double hi) {
  std::uniform_real_distribution<double> dist(lo, hi);
  return make(shape, [&](const Idx &) { return dist(rng); });
}

void expectClose(const DTensor &got, const DTensor &want, double tol = 1e-9) {
  ASSERT_EQ(shapeOf(got), shapeOf(want));
  ASSERT_EQ(got.data.size(), want.data.size());
  for (size_t p = 0; p < want.data.size(); ++p) {
    double g = got.data[p], w = want.data[p];
    if (!(std::abs(g - w) <= tol * (1 + std::abs(w)))) {
      Idx idx = unravel(p, shapeOf(want));
      std::string at;
      for (int64_t i : idx)
        at += std::to_string(i) + ",";
      ADD_FAILURE() << "at [" << at << "]: got " << g << ", want " << w;
      return;
    }
  }
}

//===----------------------------------------------------------------------===//
// Running graphs
//===----------------------------------------------------------------------===//

template <typename E>
std::vector<Tensor<E>> runWith(const Graph &g, std::vector<Tensor<E>> inputs) {
  FloatDomain<E> dom;
  Evaluator<FloatDomain<E>> eval(dom);
  std::string why;
  llvm::FailureOr<std::vector<Tensor<E>>> out = eval.run(g, inputs, &why);
  EXPECT_TRUE(succeeded(out)) << why;
  if (failed(out))
    return {};
  EXPECT_EQ(out->size(), g.outputs.size());
  return std::move(*out);
}

std::vector<DTensor> run(const Graph &g, std::vector<DTensor> inputs) {
  return runWith<double>(g, std::move(inputs));
}

/// The failure message of running `g`, or "" if it succeeded.
std::string runError(const Graph &g, std::vector<DTensor> inputs) {
  FloatDomain<double> dom;
  Evaluator<FloatDomain<double>> eval(dom);
  std::string why;
  if (succeeded(eval.run(g, inputs, &why)))
    return "";
  EXPECT_FALSE(why.empty());
  return why;
}

/// Naive numpy broadcasting of `t` read at index `idx` of a larger shape.
double getBroadcast(const DTensor &t, const Idx &idx) {
  Idx shape = shapeOf(t);
  size_t lead = idx.size() - shape.size();
  Idx own(shape.size());
  for (size_t i = 0; i < shape.size(); ++i)
    own[i] = shape[i] == 1 ? 0 : idx[lead + i];
  return get(t, own);
}

double naiveMatmul(const DTensor &a, const DTensor &b, const Idx &idx) {
  size_t r = idx.size();
  int64_t k = a.shape[r - 1];
  double s = 0;
  for (int64_t kk = 0; kk < k; ++kk) {
    Idx ia = idx, ib = idx;
    ia[r - 1] = kk;
    ib[r - 2] = kk;
    s += get(a, ia) * get(b, ib);
  }
  return s;
}

//===----------------------------------------------------------------------===//
// Kernel-level ops
//===----------------------------------------------------------------------===//

TEST(EvaluatorTest, BinaryBroadcasting) {
  std::mt19937 rng(1);
  // Rank promotion (b is rank 2, c rank 0) and size-1 dims on both sides.
  struct Case {
    Idx a, b, out;
  } cases[] = {
      {{2, 3, 4}, {3, 1}, {2, 3, 4}}, {{2, 1, 4}, {3, 1}, {2, 3, 4}},
      {{4}, {2, 3, 4}, {2, 3, 4}},    {{}, {3, 5}, {3, 5}},
      {{2, 3}, {2, 3}, {2, 3}},       {{1, 5, 1, 2}, {3, 1}, {1, 5, 3, 2}}};
  for (const Case &c : cases) {
    Graph g;
    int a = g.addInput(tt(c.a)), b = g.addInput(tt(c.b));
    for (OpKind k : {OpKind::Add, OpKind::Sub, OpKind::Mul, OpKind::Div})
      g.outputs.push_back(add(g, k, {a, b}, c.out));
    DTensor ta = randn(c.a, rng), tb = uniform(c.b, rng, 0.5, 2.0);
    std::vector<DTensor> out = run(g, {ta, tb});
    ASSERT_EQ(out.size(), 4u);
    std::function<double(double, double)> fns[] = {
        [](double x, double y) { return x + y; },
        [](double x, double y) { return x - y; },
        [](double x, double y) { return x * y; },
        [](double x, double y) { return x / y; }};
    for (int k = 0; k < 4; ++k)
      expectClose(out[k], make(c.out, [&](const Idx &i) {
                    return fns[k](getBroadcast(ta, i), getBroadcast(tb, i));
                  }));
  }
}

TEST(EvaluatorTest, UnaryOps) {
  std::mt19937 rng(2);
  Idx shape = {3, 7};
  DTensor x = randn(shape, rng);
  DTensor pos = uniform(shape, rng, 0.1, 3.0);
  struct Case {
    OpKind kind;
    bool positive;
    std::function<double(double)> fn;
  } cases[] = {
      {OpKind::Exp, false, [](double v) { return std::exp(v); }},
      {OpKind::Square, false, [](double v) { return v * v; }},
      {OpKind::Sqrt, true, [](double v) { return std::sqrt(v); }},
      {OpKind::Rsqrt, true, [](double v) { return 1 / std::sqrt(v); }},
      {OpKind::Silu, false, [](double v) { return v / (1 + std::exp(-v)); }},
      {OpKind::Gelu, false,
       [](double v) { return 0.5 * v * (1 + std::erf(v / std::sqrt(2.0))); }},
      {OpKind::Relu, false, [](double v) { return v > 0 ? v : 0; }},
      {OpKind::Neg, false, [](double v) { return -v; }},
  };
  for (const Case &c : cases) {
    Graph g;
    int a = g.addInput(tt(shape));
    g.outputs.push_back(add(g, c.kind, {a}, shape));
    const DTensor &in = c.positive ? pos : x;
    std::vector<DTensor> out = run(g, {in});
    ASSERT_EQ(out.size(), 1u);
    SCOPED_TRACE(stringifyOpKind(c.kind).str());
    expectClose(out[0],
                make(shape, [&](const Idx &i) { return c.fn(get(in, i)); }));
  }
  // A gelu value checked against a constant, so that both sides cannot
  // agree on the tanh approximation: gelu(1) = 0.8413447460685429.
  Graph g;
  int a = g.addInput(tt({1}));
  g.outputs.push_back(add(g, OpKind::Gelu, {a}, {1}));
  EXPECT_NEAR(run(g, {make({1}, [](const Idx &) { return 1.0; })})[0].data[0],
              0.8413447460685429, 1e-15);
}

TEST(EvaluatorTest, MulScalar) {
  std::mt19937 rng(3);
  Graph g;
  int a = g.addInput(tt({4, 5}));
  Op op = mk(OpKind::MulScalar, {a});
  op.scalar = -0.375;
  g.outputs.push_back(g.addOp(op, {tt({4, 5})}));
  DTensor x = randn({4, 5}, rng);
  expectClose(run(g, {x})[0],
              make({4, 5}, [&](const Idx &i) { return -0.375 * get(x, i); }));
}

TEST(EvaluatorTest, BatchedMatmul) {
  std::mt19937 rng(4);
  for (auto [as, bs, cs] : {std::tuple<Idx, Idx, Idx>{{5, 7}, {7, 3}, {5, 3}},
                            {{2, 3, 4, 5}, {2, 3, 5, 6}, {2, 3, 4, 6}},
                            {{4, 1, 9}, {4, 9, 2}, {4, 1, 2}}}) {
    Graph g;
    int a = g.addInput(tt(as)), b = g.addInput(tt(bs));
    g.outputs.push_back(add(g, OpKind::Matmul, {a, b}, cs));
    DTensor ta = randn(as, rng), tb = randn(bs, rng);
    expectClose(run(g, {ta, tb})[0],
                make(cs, [&](const Idx &i) { return naiveMatmul(ta, tb, i); }));
  }
}

/// A convolution of NCHW images and FCHW filters by its definition, one
/// output element at a time.
double naiveConv2d(const DTensor &x, const DTensor &w, const ConvWindow &win,
                   int64_t groups, const Idx &idx) {
  int64_t n = idx[0], f = idx[1], oy = idx[2], ox = idx[3];
  int64_t cg = w.shape[1], fg = w.shape[0] / groups, g = f / fg;
  double s = 0;
  for (int64_t c = 0; c < cg; ++c)
    for (int64_t i = 0; i < w.shape[2]; ++i)
      for (int64_t j = 0; j < w.shape[3]; ++j) {
        int64_t y = oy * win.stride[0] - win.padLow[0] + i * win.dilation[0];
        int64_t xx = ox * win.stride[1] - win.padLow[1] + j * win.dilation[1];
        if (y < 0 || y >= x.shape[2] || xx < 0 || xx >= x.shape[3])
          continue;
        s += get(x, {n, g * cg + c, y, xx}) * get(w, {f, c, i, j});
      }
  return s;
}

TEST(EvaluatorTest, Conv2dIsTheConvolution) {
  std::mt19937 rng(31);
  struct Case {
    Idx x, w;
    ConvWindow win;
    int64_t groups;
  };
  ConvWindow same, strided, dilated, asymmetric;
  same.kernel = {3, 3};
  same.padLow = same.padHigh = {1, 1};
  strided.kernel = {2, 2};
  strided.stride = {2, 2};
  dilated.kernel = {3, 3};
  dilated.dilation = {2, 1};
  dilated.padLow = {2, 0};
  dilated.padHigh = {2, 1};
  asymmetric.kernel = {3, 1};
  asymmetric.stride = {2, 1};
  asymmetric.padLow = {0, 1};
  asymmetric.padHigh = {1, 0};
  for (const Case &c : {Case{{1, 3, 6, 6}, {4, 3, 3, 3}, same, 1},
                        Case{{2, 4, 8, 6}, {6, 4, 2, 2}, strided, 1},
                        Case{{2, 4, 7, 5}, {4, 2, 3, 3}, dilated, 2},
                        Case{{1, 6, 5, 4}, {6, 1, 3, 1}, asymmetric, 6}}) {
    Idx y = {c.x[0], c.w[0], c.win.outputExtent(0, c.x[2]),
             c.win.outputExtent(1, c.x[3])};
    Graph g;
    int x = g.addInput(tt(c.x)), w = g.addInput(tt(c.w));
    Op conv = mk(OpKind::Conv2d, {x, w});
    conv.perm = c.win.encode();
    conv.dim = c.groups;
    g.outputs.push_back(g.addOp(conv, {tt(y)}));
    DTensor tx = randn(c.x, rng), tw = randn(c.w, rng);
    expectClose(run(g, {tx, tw})[0], make(y, [&](const Idx &i) {
                  return naiveConv2d(tx, tw, c.win, c.groups, i);
                }));
  }
}

TEST(EvaluatorTest, Im2ColWritesZerosInThePadding) {
  ConvWindow win;
  win.kernel = {2, 2};
  win.padLow = {1, 0};
  win.padHigh = {0, 1};
  Graph g;
  int x = g.addInput(tt({1, 1, 2, 2}));
  Op cols = mk(OpKind::Im2Col, {x});
  cols.perm = win.encode();
  // (1, 1·2·2, 2·2): rows (i, j) of the window, columns (oy, ox).
  g.outputs.push_back(g.addOp(cols, {tt({1, 4, 4})}));
  DTensor in = make({1, 1, 2, 2}, [](const Idx &i) {
    return 1 + i[2] * 2 + i[3]; // 1 2 / 3 4
  });
  // Padded image (a row of zeros on top, a column on the right):
  //   0 0 0 / 1 2 0 / 3 4 0; window origins (0,0) (0,1) (1,0) (1,1).
  std::vector<double> want = {0, 0, 1, 2,  // (i, j) = (0, 0)
                              0, 0, 2, 0,  // (0, 1)
                              1, 2, 3, 4,  // (1, 0)
                              2, 0, 4, 0}; // (1, 1)
  EXPECT_EQ(run(g, {in})[0].data, want);
}

TEST(EvaluatorTest, ReduceSumToExtent) {
  std::mt19937 rng(5);
  // Dim 1 of size 12 to extent 4: group j sums elements 3j .. 3j+2.
  Graph g;
  int a = g.addInput(tt({3, 12, 2}));
  Op op = mk(OpKind::ReduceSum, {a});
  op.dim = 1;
  g.outputs.push_back(g.addOp(op, {tt({3, 4, 2})}));
  op.dim = 0;
  g.outputs.push_back(g.addOp(op, {tt({1, 12, 2})}));
  op.dim = 2;
  g.outputs.push_back(g.addOp(op, {tt({3, 12, 1})}));
  DTensor x = randn({3, 12, 2}, rng);
  std::vector<DTensor> out = run(g, {x});
  ASSERT_EQ(out.size(), 3u);
  expectClose(out[0], make({3, 4, 2}, [&](const Idx &i) {
                double s = 0;
                for (int64_t t = 0; t < 3; ++t)
                  s += get(x, {i[0], 3 * i[1] + t, i[2]});
                return s;
              }));
  expectClose(out[1], make({1, 12, 2}, [&](const Idx &i) {
                return get(x, {0, i[1], i[2]}) + get(x, {1, i[1], i[2]}) +
                       get(x, {2, i[1], i[2]});
              }));
  expectClose(out[2], make({3, 12, 1}, [&](const Idx &i) {
                return get(x, {i[0], i[1], 0}) + get(x, {i[0], i[1], 1});
              }));
}

TEST(EvaluatorTest, ReduceMax) {
  std::mt19937 rng(6);
  Graph g;
  int a = g.addInput(tt({4, 10}));
  Op op = mk(OpKind::ReduceMax, {a});
  op.dim = 1;
  g.outputs.push_back(g.addOp(op, {tt({4, 2})}));
  g.outputs.push_back(g.addOp(op, {tt({4, 1})}));
  DTensor x = randn({4, 10}, rng);
  std::vector<DTensor> out = run(g, {x});
  ASSERT_EQ(out.size(), 2u);
  auto maxOf = [&](int64_t row, int64_t lo, int64_t hi) {
    double m = -std::numeric_limits<double>::infinity();
    for (int64_t c = lo; c < hi; ++c)
      m = std::max(m, get(x, {row, c}));
    return m;
  };
  expectClose(out[0], make({4, 2}, [&](const Idx &i) {
                return maxOf(i[0], 5 * i[1], 5 * i[1] + 5);
              }));
  expectClose(out[1],
              make({4, 1}, [&](const Idx &i) { return maxOf(i[0], 0, 10); }));
}

TEST(EvaluatorTest, Repeat) {
  std::mt19937 rng(7);
  for (auto [in, outShape] : {std::pair<Idx, Idx>{{2, 3}, {4, 9}},
                              {{2, 1, 3}, {2, 4, 6}},
                              {{3}, {3}}}) {
    Graph g;
    int a = g.addInput(tt(in));
    g.outputs.push_back(add(g, OpKind::Repeat, {a}, outShape));
    DTensor x = randn(in, rng);
    expectClose(run(g, {x})[0], make(outShape, [&](const Idx &i) {
                  Idx src(i.size());
                  for (size_t d = 0; d < i.size(); ++d)
                    src[d] = i[d] % in[d];
                  return get(x, src);
                }));
  }
}

TEST(EvaluatorTest, Reshape) {
  std::mt19937 rng(8);
  Graph g;
  int a = g.addInput(tt({2, 3, 4}));
  g.outputs.push_back(add(g, OpKind::Reshape, {a}, {4, 6}));
  DTensor x = randn({2, 3, 4}, rng);
  expectClose(run(g, {x})[0], make({4, 6}, [&](const Idx &i) {
                int64_t p = i[0] * 6 + i[1];
                return get(x, {p / 12, (p / 4) % 3, p % 4});
              }));
}

TEST(EvaluatorTest, Transpose) {
  std::mt19937 rng(9);
  Graph g;
  int a = g.addInput(tt({2, 3, 4}));
  Op op = mk(OpKind::Transpose, {a});
  op.perm = {2, 0, 1};
  g.outputs.push_back(g.addOp(op, {tt({4, 2, 3})}));
  op.perm = {1, 0, 2};
  g.outputs.push_back(g.addOp(op, {tt({3, 2, 4})}));
  DTensor x = randn({2, 3, 4}, rng);
  std::vector<DTensor> out = run(g, {x});
  ASSERT_EQ(out.size(), 2u);
  // Result dim i is operand dim perm[i].
  expectClose(out[0], make({4, 2, 3}, [&](const Idx &i) {
                return get(x, {i[1], i[2], i[0]});
              }));
  expectClose(out[1], make({3, 2, 4}, [&](const Idx &i) {
                return get(x, {i[1], i[0], i[2]});
              }));
}

TEST(EvaluatorTest, Concat) {
  std::mt19937 rng(10);
  Graph g;
  int a = g.addInput(tt({2, 1, 3})), b = g.addInput(tt({2, 4, 3})),
      c = g.addInput(tt({2, 2, 3}));
  Op op = mk(OpKind::Concat, {a, b, c});
  op.dim = 1;
  g.outputs.push_back(g.addOp(op, {tt({2, 7, 3})}));
  DTensor ta = randn({2, 1, 3}, rng), tb = randn({2, 4, 3}, rng),
          tc = randn({2, 2, 3}, rng);
  expectClose(run(g, {ta, tb, tc})[0], make({2, 7, 3}, [&](const Idx &i) {
                if (i[1] < 1)
                  return get(ta, i);
                if (i[1] < 5)
                  return get(tb, {i[0], i[1] - 1, i[2]});
                return get(tc, {i[0], i[1] - 5, i[2]});
              }));
}

TEST(EvaluatorTest, RmsNorm) {
  std::mt19937 rng(11);
  Graph g;
  int x = g.addInput(tt({2, 3, 8})), gain = g.addInput(tt({8}));
  Op op = mk(OpKind::RmsNorm, {x, gain});
  op.scalar = 1e-2;
  g.outputs.push_back(g.addOp(op, {tt({2, 3, 8})}));
  DTensor tx = randn({2, 3, 8}, rng), tg = randn({8}, rng);
  expectClose(run(g, {tx, tg})[0], make({2, 3, 8}, [&](const Idx &i) {
                double ss = 0;
                for (int64_t j = 0; j < 8; ++j)
                  ss += get(tx, {i[0], i[1], j}) * get(tx, {i[0], i[1], j});
                return get(tx, i) * get(tg, {i[2]}) / std::sqrt(ss / 8 + 1e-2);
              }));
}

TEST(EvaluatorTest, FloatDomainAndChain) {
  // Single precision, a chain of kernel ops, and an intermediate used twice.
  std::mt19937 rng(12);
  Graph g;
  int a = g.addInput(tt({3, 4})), b = g.addInput(tt({4, 5}));
  int m = add(g, OpKind::Matmul, {a, b}, {3, 5});
  int e = add(g, OpKind::Relu, {m}, {3, 5});
  int s = add(g, OpKind::Add, {e, m}, {3, 5});
  g.outputs = {s, m, s};
  DTensor da = randn({3, 4}, rng), db = randn({4, 5}, rng);
  auto toF = [](const DTensor &t) {
    return Tensor<float>(t.shape,
                         std::vector<float>(t.data.begin(), t.data.end()));
  };
  std::vector<Tensor<float>> out = runWith<float>(g, {toF(da), toF(db)});
  ASSERT_EQ(out.size(), 3u);
  DTensor want = make({3, 5}, [&](const Idx &i) {
    double v = naiveMatmul(da, db, i);
    return std::max(v, 0.0) + v;
  });
  for (int k : {0, 2}) {
    DTensor got;
    got.shape = out[k].shape;
    got.data.assign(out[k].data.begin(), out[k].data.end());
    expectClose(got, want, 1e-5);
  }
}

TEST(EvaluatorTest, MaxPropagatesNaN) {
  FloatDomain<float> dom;
  float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(std::isnan(dom.max(nan, 1.0f)));
  EXPECT_TRUE(std::isnan(dom.max(1.0f, nan)));
  EXPECT_TRUE(std::isnan(dom.unary(OpKind::Relu, nan)));
  EXPECT_EQ(dom.max(-2.0f, 3.0f), 3.0f);
  EXPECT_EQ(dom.unary(OpKind::Relu, -2.0f), 0.0f);
}

//===----------------------------------------------------------------------===//
// Block graphs
//===----------------------------------------------------------------------===//

TEST(EvaluatorTest, ReplicaEverywhereOnUnitGrid) {
  // A 1x1x1 grid, every map replica, forloop 1: one block sees the whole
  // tensor and writes it whole.
  std::mt19937 rng(13);
  Graph bg = blockGraph({1, 1, 1}, 1);
  int x = bg.addInput(tt({3, 5}));
  int t = blockInput(bg, x, {R, R, R}, R, {3, 5});
  int acc = accum(bg, t, R, AccumKind::Sum, {3, 5});
  int e = add(bg, OpKind::Exp, {acc}, {3, 5});
  blockOutput(bg, e, {R, R, R}, {3, 5});
  DTensor tx = randn({3, 5}, rng);
  expectClose(run(kernelGraph(bg), {tx})[0],
              make({3, 5}, [&](const Idx &i) { return std::exp(get(tx, i)); }));
}

TEST(EvaluatorTest, ReplicatedInputSeenByEveryBlockAndIteration) {
  // Grid 3 over the columns of Y; X is replicated on the grid and in the
  // loop, so every block adds the whole X, forloop (= 4) times.
  std::mt19937 rng(14);
  Graph bg = blockGraph({3}, 4);
  int x = bg.addInput(tt({4, 5})), y = bg.addInput(tt({4, 15}));
  int tx = blockInput(bg, x, {R, R, R}, R, {4, 5});
  int ty = blockInput(bg, y, {1, R, R}, R, {4, 5});
  int s = add(bg, OpKind::Add, {tx, ty}, {4, 5});
  int acc = accum(bg, s, R, AccumKind::Sum, {4, 5});
  blockOutput(bg, acc, {1, R, R}, {4, 15});
  DTensor dx = randn({4, 5}, rng), dy = randn({4, 15}, rng);
  expectClose(run(kernelGraph(bg), {dx, dy})[0],
              make({4, 15}, [&](const Idx &i) {
                return 4 * (get(dx, {i[0], i[1] % 5}) + get(dy, i));
              }));
}

TEST(EvaluatorTest, GridAndLoopSplitTheSameDim) {
  // X (4, 24): grid 2 splits dim 1 into halves of 12, the loop splits each
  // half into 3 chunks of 4. Block b, iteration i reads columns
  // 12b + 4i .. 12b + 4i + 3.
  std::mt19937 rng(15);
  Graph bg = blockGraph({2}, 3);
  int x = bg.addInput(tt({4, 24}));
  int t = blockInput(bg, x, {1, R, R}, 1, {4, 4});
  Op sum = mk(OpKind::ReduceSum, {t});
  sum.dim = 1;
  int rs = bg.addOp(sum, {tt({4, 1})});
  int acc = accum(bg, rs, R, AccumKind::Sum, {4, 1});
  // Also keep the last column of each chunk, concatenated over the loop.
  Op last = mk(OpKind::ReduceMax, {t});
  last.dim = 1;
  int lastMax = bg.addOp(last, {tt({4, 1})});
  int cat = accum(bg, lastMax, 1, AccumKind::Sum, {4, 3});
  blockOutput(bg, acc, {1, R, R}, {4, 2});
  blockOutput(bg, cat, {1, R, R}, {4, 6});
  DTensor dx = randn({4, 24}, rng);
  std::vector<DTensor> out = run(kernelGraph(bg), {dx});
  ASSERT_EQ(out.size(), 2u);
  expectClose(out[0], make({4, 2}, [&](const Idx &i) {
                double s = 0;
                for (int64_t c = 12 * i[1]; c < 12 * i[1] + 12; ++c)
                  s += get(dx, {i[0], c});
                return s;
              }));
  // Output column 3b + i holds the max of block b's chunk i.
  expectClose(out[1], make({4, 6}, [&](const Idx &i) {
                int64_t b = i[1] / 3, it = i[1] % 3;
                double m = -INFINITY;
                for (int64_t c = 12 * b + 4 * it; c < 12 * b + 4 * it + 4; ++c)
                  m = std::max(m, get(dx, {i[0], c}));
                return m;
              }));
}

TEST(EvaluatorTest, ConcatenatingAccumulator) {
  // Grid 2 over rows, loop 4 over columns, tiles concatenated back in
  // iteration order: the kernel computes X^2 in place.
  std::mt19937 rng(16);
  Graph bg = blockGraph({2}, 4);
  int x = bg.addInput(tt({6, 8}));
  int t = blockInput(bg, x, {0, R, R}, 1, {3, 2});
  int sq = add(bg, OpKind::Square, {t}, {3, 2});
  int acc = accum(bg, sq, 1, AccumKind::Sum, {3, 8});
  blockOutput(bg, acc, {0, R, R}, {6, 8});
  DTensor dx = randn({6, 8}, rng);
  expectClose(run(kernelGraph(bg), {dx})[0], make({6, 8}, [&](const Idx &i) {
                return get(dx, i) * get(dx, i);
              }));
}

TEST(EvaluatorTest, MaxAccumulator) {
  std::mt19937 rng(17);
  Graph bg = blockGraph({2}, 4);
  int x = bg.addInput(tt({4, 32}));
  int t = blockInput(bg, x, {0, R, R}, 1, {2, 8});
  Op rm = mk(OpKind::ReduceMax, {t});
  rm.dim = 1;
  int m = bg.addOp(rm, {tt({2, 1})});
  int acc = accum(bg, m, R, AccumKind::Max, {2, 1});
  blockOutput(bg, acc, {0, R, R}, {4, 1});
  DTensor dx = randn({4, 32}, rng);
  expectClose(run(kernelGraph(bg), {dx})[0], make({4, 1}, [&](const Idx &i) {
                double best = -INFINITY;
                for (int64_t c = 0; c < 32; ++c)
                  best = std::max(best, get(dx, {i[0], c}));
                return best;
              }));
}

TEST(EvaluatorTest, PostLoopOpsAndMultipleOutputs) {
  // Row softmax: exp in the loop, concatenated and summed by two
  // accumulators, the division post-loop; the row sums are a second output.
  std::mt19937 rng(18);
  Graph bg = blockGraph({2}, 4);
  int x = bg.addInput(tt({4, 16}));
  int t = blockInput(bg, x, {0, R, R}, 1, {2, 4});
  int e = add(bg, OpKind::Exp, {t}, {2, 4});
  Op rs = mk(OpKind::ReduceSum, {e});
  rs.dim = 1;
  int s = bg.addOp(rs, {tt({2, 1})});
  int accE = accum(bg, e, 1, AccumKind::Sum, {2, 16});
  int accS = accum(bg, s, R, AccumKind::Sum, {2, 1});
  int d = add(bg, OpKind::Div, {accE, accS}, {2, 16});
  Op half = mk(OpKind::MulScalar, {d});
  half.scalar = 0.5;
  int h = bg.addOp(half, {tt({2, 16})});
  blockOutput(bg, h, {0, R, R}, {4, 16});
  blockOutput(bg, accS, {0, R, R}, {4, 1});
  DTensor dx = randn({4, 16}, rng);
  std::vector<DTensor> out = run(kernelGraph(bg), {dx});
  ASSERT_EQ(out.size(), 2u);
  auto rowSum = [&](int64_t r) {
    double s = 0;
    for (int64_t c = 0; c < 16; ++c)
      s += std::exp(get(dx, {r, c}));
    return s;
  };
  expectClose(out[0], make({4, 16}, [&](const Idx &i) {
                return 0.5 * std::exp(get(dx, i)) / rowSum(i[0]);
              }));
  expectClose(out[1], make({4, 1}, [&](const Idx &i) { return rowSum(i[0]); }));
}

TEST(EvaluatorTest, ThreeDimensionalGrid) {
  // The grid maps are deliberately not x->0, y->1, z->2.
  std::mt19937 rng(19);
  Graph bg = blockGraph({3, 2, 2}, 2);
  int x = bg.addInput(tt({2, 4, 6, 8}));
  // x splits dim 2 (6/3), y dim 0 (2/2), z dim 1 (4/2); the loop dim 3.
  int t = blockInput(bg, x, {2, 0, 1}, 3, {1, 2, 2, 4});
  int n = add(bg, OpKind::Neg, {t}, {1, 2, 2, 4});
  int acc = accum(bg, n, 3, AccumKind::Sum, {1, 2, 2, 8});
  blockOutput(bg, acc, {2, 0, 1}, {2, 4, 6, 8});
  // Same tiles, saved with the grid dims permuted: block (bx, by, bz) lands
  // at dim0 = bx, dim1 = by, dim2 = bz in tile units.
  blockOutput(bg, acc, {0, 1, 2}, {3, 4, 4, 8});
  DTensor dx = randn({2, 4, 6, 8}, rng);
  std::vector<DTensor> out = run(kernelGraph(bg), {dx});
  ASSERT_EQ(out.size(), 2u);
  expectClose(out[0],
              make({2, 4, 6, 8}, [&](const Idx &i) { return -get(dx, i); }));
  expectClose(out[1], make({3, 4, 4, 8}, [&](const Idx &i) {
                // Output tile origin: (bx, 2 by, 2 bz, 0); tile (1, 2, 2, 8).
                int64_t bx = i[0], by = i[1] / 2, bz = i[2] / 2;
                Idx local = {0, i[1] % 2, i[2] % 2, i[3]};
                // Input tile origin: (by, 2 bz, 2 bx, 0).
                return -get(dx, {by + local[0], 2 * bz + local[1],
                                 2 * bx + local[2], local[3]});
              }));
}

TEST(EvaluatorTest, OutputMapReinterpretsBlocks) {
  // Grid 4 reads row b of X (4, 3) and saves it along dim 1 of a (1, 12)
  // result: a reshape through omap.
  std::mt19937 rng(20);
  Graph bg = blockGraph({4}, 1);
  int x = bg.addInput(tt({4, 3}));
  int t = blockInput(bg, x, {0, R, R}, R, {1, 3});
  int acc = accum(bg, t, R, AccumKind::Sum, {1, 3});
  blockOutput(bg, acc, {1, R, R}, {1, 12});
  DTensor dx = randn({4, 3}, rng);
  expectClose(run(kernelGraph(bg), {dx})[0], make({1, 12}, [&](const Idx &i) {
                return get(dx, {i[1] / 3, i[1] % 3});
              }));
}

TEST(EvaluatorTest, ThreadGraphEqualsElementwiseChain) {
  // out0 = silu(A) * B + A, out1 = exp(B), where B (1, 8) broadcasts against
  // the A tile (2, 8); once as block ops, once as one thread graph.
  std::mt19937 rng(21);
  Graph tg;
  tg.level = Level::Thread;
  int sa = tg.addInput(tt({})), sb = tg.addInput(tt({}));
  int si = add(tg, OpKind::Silu, {sa}, {});
  int sm = add(tg, OpKind::Mul, {si, sb}, {});
  int sd = add(tg, OpKind::Add, {sm, sa}, {});
  int se = add(tg, OpKind::Exp, {sb}, {});
  tg.outputs = {sd, se};
  auto tgPtr = std::make_shared<Graph>(tg);

  auto build = [&](bool fused, bool postLoop) {
    Graph bg = blockGraph({2}, 2);
    int a = bg.addInput(tt({4, 16})), b = bg.addInput(tt({1, 16}));
    int ta = blockInput(bg, a, {0, R, R}, 1, {2, 8});
    int tb = blockInput(bg, b, {R, R, R}, 1, {1, 8});
    if (postLoop) {
      ta = accum(bg, ta, 1, AccumKind::Sum, {2, 16});
      tb = accum(bg, tb, 1, AccumKind::Sum, {1, 16});
    }
    Idx tile = postLoop ? Idx{2, 16} : Idx{2, 8};
    int o0, o1;
    if (fused) {
      Op op = mk(OpKind::ThreadGraph, {ta, tb});
      op.body = tgPtr;
      o0 = bg.addOp(op, {tt(tile), tt(tile)});
      o1 = o0 + 1;
    } else {
      int s = add(bg, OpKind::Silu, {ta}, tile);
      int m = add(bg, OpKind::Mul, {s, tb}, tile);
      o0 = add(bg, OpKind::Add, {m, ta}, tile);
      Idx bt = {1, tile[1]};
      int e = add(bg, OpKind::Exp, {tb}, bt);
      o1 = add(bg, OpKind::Repeat, {e}, tile);
    }
    if (!postLoop) {
      o0 = accum(bg, o0, 1, AccumKind::Sum, {2, 16});
      o1 = accum(bg, o1, 1, AccumKind::Sum, {2, 16});
    }
    blockOutput(bg, o0, {0, R, R}, {4, 16});
    blockOutput(bg, o1, {0, R, R}, {4, 16});
    return kernelGraph(bg);
  };
  DTensor da = randn({4, 16}, rng), db = randn({1, 16}, rng);
  DTensor want0 = make({4, 16}, [&](const Idx &i) {
    double a = get(da, i), b = get(db, {0, i[1]});
    return a / (1 + std::exp(-a)) * b + a;
  });
  DTensor want1 = make({4, 16}, [&](const Idx &i) {
    return std::exp(get(db, {0, i[1]}));
  });
  for (bool postLoop : {false, true}) {
    std::vector<DTensor> chain = run(build(false, postLoop), {da, db});
    std::vector<DTensor> fused = run(build(true, postLoop), {da, db});
    ASSERT_EQ(chain.size(), 2u);
    ASSERT_EQ(fused.size(), 2u);
    expectClose(chain[0], want0);
    expectClose(chain[1], want1);
    // The same operations in the same order: bitwise equal.
    expectClose(fused[0], chain[0], 0);
    expectClose(fused[1], chain[1], 0);
  }
}

/// Y = A B as one kernel: grid over N, for-loop over K, a sum accumulator.
Graph tiledMatmul(int64_t m, int64_t k, int64_t n, int64_t grid,
                  int64_t forloop) {
  Graph bg = blockGraph({grid}, forloop);
  int a = bg.addInput(tt({m, k})), b = bg.addInput(tt({k, n}));
  int ta = blockInput(bg, a, {R, R, R}, 1, {m, k / forloop});
  int tb = blockInput(bg, b, {1, R, R}, 0, {k / forloop, n / grid});
  int c = add(bg, OpKind::Matmul, {ta, tb}, {m, n / grid});
  int acc = accum(bg, c, R, AccumKind::Sum, {m, n / grid});
  blockOutput(bg, acc, {1, R, R}, {m, n});
  return kernelGraph(bg);
}

TEST(EvaluatorTest, TiledMatmulKernelEqualsMatmul) {
  std::mt19937 rng(22);
  struct Case {
    int64_t m, k, n, grid, forloop;
  } cases[] = {{8, 64, 48, 4, 8}, {3, 12, 10, 5, 1}, {1, 16, 4, 1, 16}};
  for (const Case &c : cases) {
    DTensor a = randn({c.m, c.k}, rng), b = randn({c.k, c.n}, rng);
    expectClose(
        run(tiledMatmul(c.m, c.k, c.n, c.grid, c.forloop), {a, b})[0],
        make({c.m, c.n}, [&](const Idx &i) { return naiveMatmul(a, b, i); }));
  }
}

TEST(EvaluatorTest, KernelsChainedAtKernelLevel) {
  // Two graph-defined kernels and a pre-defined op between them; the first
  // kernel's result feeds the second.
  std::mt19937 rng(23);
  Graph g;
  int a = g.addInput(tt({4, 8})), b = g.addInput(tt({8, 6}));
  Graph mm = tiledMatmul(4, 8, 6, 3, 2);
  Op k1 = mm.ops[0];
  k1.operands = {a, b};
  int c = g.addOp(k1, {tt({4, 6})});
  int r = add(g, OpKind::Relu, {c}, {4, 6});
  Graph bg = blockGraph({2}, 3);
  int x = bg.addInput(tt({4, 6}));
  int t = blockInput(bg, x, {0, R, R}, 1, {2, 2});
  int acc = accum(bg, t, 1, AccumKind::Sum, {2, 6});
  int sq = add(bg, OpKind::Sqrt, {acc}, {2, 6});
  blockOutput(bg, sq, {0, R, R}, {4, 6});
  Op k2 = mk(OpKind::Kernel, {r});
  k2.body = std::make_shared<Graph>(bg);
  g.outputs.push_back(g.addOp(k2, {tt({4, 6})}));
  DTensor da = randn({4, 8}, rng), db = randn({8, 6}, rng);
  expectClose(run(g, {da, db})[0], make({4, 6}, [&](const Idx &i) {
                return std::sqrt(std::max(naiveMatmul(da, db, i), 0.0));
              }));
}

TEST(EvaluatorTest, RandomTiledMatmulConfigurations) {
  // Property: for every grid/loop split of N/K, the tiled kernel equals a
  // plain matmul.
  std::mt19937 rng(24);
  const int64_t divisors[] = {1, 2, 3, 4, 6, 12};
  std::uniform_int_distribution<int> pick(0, 5);
  for (int trial = 0; trial < 20; ++trial) {
    int64_t grid = divisors[pick(rng)], forloop = divisors[pick(rng)];
    int64_t m = 1 + trial % 3, k = 12, n = 12;
    DTensor a = randn({m, k}, rng), b = randn({k, n}, rng);
    SCOPED_TRACE("grid " + std::to_string(grid) + " forloop " +
                 std::to_string(forloop));
    expectClose(
        run(tiledMatmul(m, k, n, grid, forloop), {a, b})[0],
        make({m, n}, [&](const Idx &i) { return naiveMatmul(a, b, i); }),
        1e-12);
  }
}

//===----------------------------------------------------------------------===//
// Failures
//===----------------------------------------------------------------------===//

TEST(EvaluatorTest, InputMismatch) {
  Graph g;
  int a = g.addInput(tt({2, 3})), b = g.addInput(tt({3, 4}));
  g.outputs.push_back(add(g, OpKind::Matmul, {a, b}, {2, 4}));
  DTensor ta = make({2, 3}, [](const Idx &) { return 1.0; });
  DTensor tb = make({4, 3}, [](const Idx &) { return 1.0; });
  std::string why = runError(g, {ta});
  EXPECT_NE(why.find("2 inputs"), std::string::npos) << why;
  EXPECT_NE(why.find("1 tensor"), std::string::npos) << why;
  why = runError(g, {ta, tb});
  EXPECT_NE(why.find("input 1"), std::string::npos) << why;
  EXPECT_NE(why.find("4x3"), std::string::npos) << why;
  EXPECT_NE(why.find("3x4"), std::string::npos) << why;
  // Right shape, wrong element count.
  DTensor bad = make({3, 4}, [](const Idx &) { return 1.0; });
  bad.data.pop_back();
  why = runError(g, {ta, bad});
  EXPECT_NE(why.find("input 1"), std::string::npos) << why;
  EXPECT_TRUE(
      runError(g, {ta, make({3, 4}, [](const Idx &) { return 1.0; })}).empty());
}

TEST(EvaluatorTest, MalformedGraphsFail) {
  DTensor x = make({4, 8}, [](const Idx &i) { return double(i[1]); });
  {
    // Declared result shape contradicts the op.
    Graph g;
    int a = g.addInput(tt({4, 8}));
    g.outputs.push_back(add(g, OpKind::Exp, {a}, {4, 4}));
    std::string why = runError(g, {x});
    EXPECT_NE(why.find("op #0 (exp)"), std::string::npos) << why;
  }
  {
    // A kernel without a body.
    Graph g;
    int a = g.addInput(tt({4, 8}));
    g.outputs.push_back(g.addOp(mk(OpKind::Kernel, {a}), {tt({4, 8})}));
    EXPECT_NE(runError(g, {x}).find("no block graph"), std::string::npos);
  }
  {
    // A path with no accumulator (Mirage Def. 2.1 (3)).
    Graph bg = blockGraph({2}, 1);
    int v = bg.addInput(tt({4, 8}));
    int t = blockInput(bg, v, {0, R, R}, R, {2, 8});
    blockOutput(bg, t, {0, R, R}, {4, 8});
    std::string why = runError(kernelGraph(bg), {x});
    EXPECT_NE(why.find("accumulator"), std::string::npos) << why;
    EXPECT_NE(why.find("block graph"), std::string::npos) << why;
  }
  {
    // The loop extent does not divide the tile.
    Graph bg = blockGraph({2}, 3);
    int v = bg.addInput(tt({4, 8}));
    int t = blockInput(bg, v, {0, R, R}, 1, {2, 2});
    int acc = accum(bg, t, 1, AccumKind::Sum, {2, 6});
    blockOutput(bg, acc, {0, R, R}, {4, 6});
    std::string why = runError(kernelGraph(bg), {x});
    EXPECT_NE(why.find("fmap"), std::string::npos) << why;
  }
  {
    // An unmapped grid dim of extent > 1 in the output saver.
    Graph bg = blockGraph({2}, 1);
    int v = bg.addInput(tt({4, 8}));
    int t = blockInput(bg, v, {0, R, R}, R, {2, 8});
    int acc = accum(bg, t, R, AccumKind::Sum, {2, 8});
    blockOutput(bg, acc, {R, R, R}, {2, 8});
    std::string why = runError(kernelGraph(bg), {x});
    EXPECT_NE(why.find("omap"), std::string::npos) << why;
  }
  {
    // A thread graph holding a non-element-wise op.
    Graph tg;
    tg.level = Level::Thread;
    int s = tg.addInput(tt({}));
    Op rs = mk(OpKind::ReduceSum, {s});
    tg.outputs.push_back(tg.addOp(rs, {tt({})}));
    Graph bg = blockGraph({1}, 1);
    int v = bg.addInput(tt({4, 8}));
    int t = blockInput(bg, v, {R, R, R}, R, {4, 8});
    Op op = mk(OpKind::ThreadGraph, {t});
    op.body = std::make_shared<Graph>(tg);
    int r = bg.addOp(op, {tt({4, 8})});
    int acc = accum(bg, r, R, AccumKind::Sum, {4, 8});
    blockOutput(bg, acc, {R, R, R}, {4, 8});
    std::string why = runError(kernelGraph(bg), {x});
    EXPECT_NE(why.find("thread"), std::string::npos) << why;
    EXPECT_NE(why.find("reduce_sum"), std::string::npos) << why;
  }
  {
    // An operand used before it is defined.
    Graph g;
    g.addInput(tt({4, 8}));
    g.outputs.push_back(add(g, OpKind::Exp, {5}, {4, 8}));
    EXPECT_NE(runError(g, {x}).find("operand value 5"), std::string::npos);
  }
  {
    // Not a kernel-level graph.
    Graph bg = blockGraph({1}, 1);
    bg.addInput(tt({4, 8}));
    EXPECT_NE(runError(bg, {x}).find("kernel-level"), std::string::npos);
  }
}

} // namespace

// A run still going at its deadline stops within a row of a matmul and
// fails with its reason; without one, the same evaluator finishes. The
// matmul is seconds of work, far beyond the deadline.
TEST(EvaluatorTest, StopsAtItsDeadline) {
  Graph g = plainMatmul(1024, 1024, 1024);
  std::vector<DTensor> in(2);
  for (DTensor &t : in) {
    t.shape = {1024, 1024};
    t.data.assign(1024 * 1024, 0.5);
  }
  FloatDomain<double> dom;
  std::string why;
  auto cut =
      Evaluator<FloatDomain<double>>(dom, Deadline::in(1e-3)).run(g, in, &why);
  EXPECT_TRUE(failed(cut));
  EXPECT_NE(why.find("time limit"), std::string::npos) << why;
  // Already past: not a single op runs.
  Deadline past = Deadline::in(1e-9);
  while (!past.expired()) {
  }
  EXPECT_TRUE(failed(Evaluator<FloatDomain<double>>(dom, past).run(g, in)));
  // No deadline (and Deadline::in(0), "no limit"): it finishes.
  Graph small = plainMatmul(4, 4, 4);
  std::vector<DTensor> sin(2);
  for (DTensor &t : sin) {
    t.shape = {4, 4};
    t.data.assign(16, 1.0);
  }
  auto done =
      Evaluator<FloatDomain<double>>(dom, Deadline::in(0)).run(small, sin);
  ASSERT_TRUE(succeeded(done));
  EXPECT_EQ((*done)[0].data[0], 4.0);
}

TEST(DeadlineTest, SharesAndSooner) {
  Deadline none;
  EXPECT_FALSE(none.isSet());
  EXPECT_FALSE(none.expired());
  EXPECT_TRUE(std::isinf(none.secondsLeft()));
  EXPECT_FALSE(none.share(0.5).isSet());
  EXPECT_FALSE(Deadline::in(-1).isSet());
  EXPECT_FALSE(Deadline::in(std::nan("")).isSet());
  // Past what the clock can hold: no limit, not a time point that wrapped
  // into the past.
  EXPECT_FALSE(Deadline::in(1e308).isSet());
  EXPECT_FALSE(Deadline::in(std::numeric_limits<double>::infinity()).isSet());
  EXPECT_TRUE(Deadline::in(1e8).isSet());
  EXPECT_FALSE(Deadline::in(1e8).expired());
  Deadline hour = Deadline::in(3600);
  EXPECT_TRUE(hour.isSet());
  EXPECT_LE(hour.secondsLeft(), 3600);
  EXPECT_GT(hour.secondsLeft(), 3500);
  // A share ends sooner; a share of 0 is now.
  EXPECT_LT(hour.share(0.5).secondsLeft(), 1801);
  EXPECT_GT(hour.share(0.5).secondsLeft(), 1700);
  EXPECT_TRUE(hour.share(0).expired());
  EXPECT_LE(hour.share(2).secondsLeft(), hour.secondsLeft());
  // The earlier of two; none is later than any.
  Deadline minute = Deadline::in(60);
  EXPECT_LT(hour.sooner(minute).secondsLeft(), 61);
  EXPECT_LT(minute.sooner(hour).secondsLeft(), 61);
  EXPECT_LT(none.sooner(minute).secondsLeft(), 61);
  EXPECT_LT(minute.sooner(none).secondsLeft(), 61);
}
