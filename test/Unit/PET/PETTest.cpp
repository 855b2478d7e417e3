//===- PETTest.cpp - Boxes, per-box tests and corrections (PET) -----------===//

#include "tsopt/Eval/Evaluator.h"
#include "tsopt/Eval/FieldDomain.h"
#include "tsopt/Eval/FloatDomain.h"
#include "tsopt/PET/Correction.h"
#include "tsopt/PET/Mutations.h"
#include "tsopt/Verify/Equivalence.h"

#include "gtest/gtest.h"

#include <map>
#include <random>
#include <set>

using namespace tsopt;

namespace {

TensorType f32(Shape shape) { return {std::move(shape), DType::F32}; }

int conv(Graph &g, int x, int w, const ConvWindow &win, int64_t groups = 1) {
  const Shape &xs = g.type(x).shape, &ws = g.type(w).shape;
  Op op;
  op.kind = OpKind::Conv2d;
  op.operands = {x, w};
  op.perm = win.encode();
  op.dim = groups;
  return g.addOp(op, {f32({xs[0], ws[0], win.outputExtent(0, xs[2]),
                           win.outputExtent(1, xs[3])})});
}

int slice(Graph &g, int x, Shape at, Shape shape) {
  Op op;
  op.kind = OpKind::Slice;
  op.operands = {x};
  op.perm.assign(at.begin(), at.end());
  return g.addOp(op, {f32(std::move(shape))});
}

int concat(Graph &g, std::vector<int> parts, int64_t dim) {
  Shape s = g.type(parts[0]).shape;
  s[dim] = 0;
  for (int p : parts)
    s[dim] += g.type(p).shape[dim];
  Op op;
  op.kind = OpKind::Concat;
  op.operands.assign(parts.begin(), parts.end());
  op.dim = dim;
  return g.addOp(op, {f32(std::move(s))});
}

ConvWindow same3x3() {
  ConvWindow w;
  w.kernel = {3, 3};
  w.padLow = w.padHigh = {1, 1};
  return w;
}

/// conv(x, w) of a 3x3 window with padding 1 on 8x8 images.
Graph paddedConvolution() {
  Graph g;
  int x = g.addInput(f32({1, 2, 8, 8}));
  int w = g.addInput(f32({3, 2, 3, 3}));
  g.outputs.push_back(conv(g, x, w, same3x3()));
  return g;
}

/// The positions where `a` and `b` differ on one random field point, per
/// output, as linear indices.
std::vector<std::set<int64_t>> differingPositions(const Graph &a,
                                                  const Graph &b) {
  FieldDomain dom(7);
  std::mt19937_64 rng(11);
  std::vector<Tensor<FieldElem>> inputs;
  for (int v : a.inputs) {
    Tensor<FieldElem> t;
    t.shape = a.type(v).shape;
    t.data.resize(numElements(t.shape));
    for (FieldElem &e : t.data)
      e = dom.random(rng);
    inputs.push_back(std::move(t));
  }
  Evaluator<FieldDomain> eval(dom);
  auto ra = eval.run(a, inputs), rb = eval.run(b, inputs);
  EXPECT_TRUE(succeeded(ra) && succeeded(rb));
  std::vector<std::set<int64_t>> out(a.outputs.size());
  for (size_t o = 0; o < out.size(); ++o)
    for (size_t i = 0; i < (*ra)[o].data.size(); ++i)
      if ((*ra)[o].data[i] != (*rb)[o].data[i])
        out[o].insert(i);
  return out;
}

/// The positions inside the boxes an examination found differing.
std::vector<std::set<int64_t>> positionsOf(const BoxExamination &exam,
                                           const Graph &g) {
  std::vector<std::set<int64_t>> out(exam.outputs.size());
  for (auto [o, output] : llvm::enumerate(exam.outputs)) {
    const Shape &shape = g.type(g.outputs[o]).shape;
    for (auto [k, box] : llvm::enumerate(output.boxes)) {
      if (!output.differs[k])
        continue;
      for (int64_t i = 0; i < numElements(shape); ++i) {
        Shape at(shape.size());
        int64_t rest = i;
        for (size_t d = shape.size(); d-- > 0;) {
          at[d] = rest % shape[d];
          rest /= shape[d];
        }
        if (box.contains(Box{at, [&] {
                               Shape hi = at;
                               for (int64_t &h : hi)
                                 ++h;
                               return hi;
                             }()}))
          out[o].insert(i);
      }
    }
  }
  return out;
}

TEST(Boxes, NineBoxesOfAPaddedConvolution) {
  Graph g = paddedConvolution();
  std::vector<Splits> splits = propagateSplits(g);
  const Splits &y = splits[g.outputs[0]];
  EXPECT_EQ(y, (Splits{{0}, {0}, {0, 1, 7}, {0, 1, 7}}));
  std::vector<Box> boxes = boxesOf(y, g.type(g.outputs[0]).shape);
  ASSERT_EQ(boxes.size(), 9u);
  EXPECT_EQ(boxes[0].str(), "[0:1, 0:3, 0:1, 0:1]");
  EXPECT_EQ(boxes[4].str(), "[0:1, 0:3, 1:7, 1:7]");
  EXPECT_EQ(boxes[8].str(), "[0:1, 0:3, 7:8, 7:8]");
}

TEST(Boxes, StridesAndSeamsOfTheInput) {
  // A stride-2 window: only the first output reads the padding.
  Graph g;
  int x = g.addInput(f32({1, 1, 8, 8}));
  int w = g.addInput(f32({1, 1, 3, 3}));
  ConvWindow strided = same3x3();
  strided.stride = {2, 2};
  g.outputs.push_back(conv(g, x, w, strided));
  EXPECT_EQ(propagateSplits(g)[g.outputs[0]][2], (std::vector<int64_t>{0, 1}));
  // Images side by side: the windows that read across the seam are boxes
  // of their own.
  Graph h;
  int a = h.addInput(f32({1, 1, 4, 4})), b = h.addInput(f32({1, 1, 4, 4}));
  int f = h.addInput(f32({1, 1, 3, 3}));
  h.outputs.push_back(conv(h, concat(h, {a, b}, 3), f, same3x3()));
  EXPECT_EQ(propagateSplits(h)[h.outputs[0]][3],
            (std::vector<int64_t>{0, 1, 3, 4, 5, 7}));
}

TEST(Theorem1, CatchesAMutantWrongOnOneBoxOnly) {
  // The mutant negates the top-left corner of the convolution and copies
  // the rest.
  Graph original = paddedConvolution();
  Graph mutant = original;
  int y = mutant.outputs[0];
  Op neg;
  neg.kind = OpKind::Neg;
  neg.operands = {slice(mutant, y, {0, 0, 0, 0}, {1, 3, 1, 1})};
  int corner = mutant.addOp(neg, {f32({1, 3, 1, 1})});
  int top =
      concat(mutant, {corner, slice(mutant, y, {0, 0, 0, 1}, {1, 3, 1, 7})}, 3);
  mutant.outputs = {
      concat(mutant, {top, slice(mutant, y, {0, 0, 1, 0}, {1, 3, 7, 8})}, 2)};
  auto exam = examineBoxes(original, mutant, 1, 3);
  ASSERT_TRUE(succeeded(exam));
  ASSERT_EQ(exam->outputs[0].boxes.size(), 9u);
  EXPECT_EQ(exam->numDiffering(), 1u);
  EXPECT_TRUE(exam->outputs[0].differs[0]);
  EXPECT_EQ(exam->outputs[0].boxes[0].str(), "[0:1, 0:3, 0:1, 0:1]");
  EXPECT_EQ(exam->positionsPerBox, 5u);
  EXPECT_LT(exam->boundPerBox, 1e-15);
  // And nothing is flagged for the program against itself.
  auto same = examineBoxes(original, original, 2, 3);
  ASSERT_TRUE(succeeded(same));
  EXPECT_EQ(same->numDiffering(), 0u);
}

TEST(Correction, BoxesAreTheDifferingPositions) {
  // PET's seam: two images side by side, and a mutant that repeats an
  // image row (its boxes split where its own windows meet the repeat).
  Graph two;
  {
    int a = two.addInput(f32({1, 2, 6, 6})),
        w = two.addInput(f32({3, 2, 3, 3}));
    int b = two.addInput(f32({1, 2, 6, 6}));
    two.outputs = {conv(two, a, w, same3x3()), conv(two, b, w, same3x3())};
  }
  // The enumeration finds the images side by side in either order.
  std::vector<Mutation> merges = generateMutations(two, {"conv-merge-width"});
  ASSERT_EQ(merges.size(), 2u);
  Graph repeated = paddedConvolution();
  {
    int x = repeated.inputs[0], w = repeated.inputs[1];
    int rows = concat(repeated,
                      {slice(repeated, x, {0, 0, 0, 0}, {1, 2, 7, 8}),
                       slice(repeated, x, {0, 0, 6, 0}, {1, 2, 1, 8})},
                      2);
    repeated.outputs = {conv(repeated, rows, w, same3x3())};
  }
  struct Pair {
    const Graph &original, &mutant;
  };
  for (const Pair &p : {Pair{merges[0].original, merges[0].mutant},
                        Pair{paddedConvolution(), repeated}}) {
    auto exam = examineBoxes(p.original, p.mutant, 2, 5);
    ASSERT_TRUE(succeeded(exam));
    EXPECT_GT(exam->numDiffering(), 0u);
    EXPECT_EQ(positionsOf(*exam, p.original),
              differingPositions(p.original, p.mutant));
    // The corrected mutant is the original function.
    auto corrected = correct(p.original, p.mutant, *exam);
    ASSERT_TRUE(succeeded(corrected));
    auto record = verifyEquivalence(*corrected, p.original, {});
    ASSERT_TRUE(succeeded(record));
    EXPECT_TRUE(record->equivalent) << record->summary();
    EXPECT_EQ(differingPositions(p.original, *corrected),
              std::vector<std::set<int64_t>>(p.original.outputs.size()));
  }
}

TEST(Correction, RestrictionIsTheSliceOfTheWhole) {
  // A strided, dilated, grouped, padded convolution of a sum: every box
  // restricted computes that box of the whole.
  Graph g;
  int x = g.addInput(f32({2, 4, 9, 8})), z = g.addInput(f32({2, 4, 9, 8}));
  int w = g.addInput(f32({6, 2, 3, 2}));
  Op add;
  add.kind = OpKind::Add;
  add.operands = {x, z};
  int s = g.addOp(add, {f32({2, 4, 9, 8})});
  ConvWindow win;
  win.kernel = {3, 2};
  win.stride = {2, 1};
  win.dilation = {1, 2};
  win.padLow = {1, 0};
  win.padHigh = {2, 1};
  int y = conv(g, s, w, win, 2);
  g.outputs = {y};
  const Shape shape = g.type(y).shape;
  std::mt19937 rng(3);
  FloatDomain<double> dom;
  Evaluator<FloatDomain<double>> eval(dom);
  std::vector<Tensor<double>> inputs;
  std::normal_distribution<double> normal;
  for (int v : g.inputs) {
    Tensor<double> t;
    t.shape = g.type(v).shape;
    t.data.resize(numElements(t.shape));
    for (double &e : t.data)
      e = normal(rng);
    inputs.push_back(std::move(t));
  }
  auto whole = eval.run(g, inputs);
  ASSERT_TRUE(succeeded(whole));
  for (int trial = 0; trial < 20; ++trial) {
    Box box = Box::whole(shape);
    for (size_t d = 0; d < shape.size(); ++d) {
      std::uniform_int_distribution<int64_t> lo(0, shape[d] - 1);
      box.lo[d] = lo(rng);
      std::uniform_int_distribution<int64_t> hi(box.lo[d] + 1, shape[d]);
      box.hi[d] = hi(rng);
    }
    Graph r;
    std::vector<int> ins;
    for (int v : g.inputs)
      ins.push_back(r.addInput(g.type(v)));
    std::string why;
    auto v = restrictToBox(g, y, box, r, ins, &why);
    ASSERT_TRUE(succeeded(v)) << why;
    r.outputs = {*v};
    auto part = eval.run(r, inputs, &why);
    ASSERT_TRUE(succeeded(part)) << why << " for " << box.str();
    const Tensor<double> &got = (*part)[0];
    ASSERT_EQ(got.data.size(), static_cast<size_t>(box.numElements()));
    size_t k = 0;
    for (int64_t a = box.lo[0]; a < box.hi[0]; ++a)
      for (int64_t b = box.lo[1]; b < box.hi[1]; ++b)
        for (int64_t c = box.lo[2]; c < box.hi[2]; ++c)
          for (int64_t d = box.lo[3]; d < box.hi[3]; ++d, ++k) {
            double want =
                (*whole)[0]
                    .data[((a * shape[1] + b) * shape[2] + c) * shape[3] + d];
            ASSERT_NEAR(got.data[k], want, 1e-9) << box.str();
          }
  }
}

TEST(Mutations, DilatedToRegularIsExact) {
  Graph g;
  int x = g.addInput(f32({2, 3, 8, 6})), w = g.addInput(f32({4, 3, 3, 3}));
  ConvWindow win;
  win.kernel = {3, 3};
  win.dilation = {2, 2};
  win.padLow = win.padHigh = {2, 2};
  g.outputs = {conv(g, x, w, win)};
  std::vector<Mutation> ms = generateMutations(g);
  ASSERT_EQ(ms.size(), 1u);
  EXPECT_EQ(ms[0].name, "dilated-to-regular");
  auto record = verifyEquivalence(ms[0].mutant, ms[0].original, {});
  ASSERT_TRUE(succeeded(record));
  EXPECT_TRUE(record->equivalent) << record->summary();
  // Extents the dilation does not divide: the input padded to multiples
  // first, the merged result's leading part taken; still exact.
  Graph odd;
  x = odd.addInput(f32({1, 3, 7, 9}));
  w = odd.addInput(f32({4, 3, 3, 3}));
  odd.outputs = {conv(odd, x, w, win)};
  ms = generateMutations(odd);
  ASSERT_EQ(ms.size(), 1u);
  EXPECT_EQ(ms[0].name, "dilated-to-regular");
  EXPECT_TRUE(llvm::any_of(ms[0].mutant.ops, [](const Op &op) {
    return op.kind == OpKind::Im2Col;
  }));
  auto exam = examineBoxes(ms[0].original, ms[0].mutant, 2, 3);
  ASSERT_TRUE(succeeded(exam));
  EXPECT_EQ(exam->numDiffering(), 0u);
  record = verifyEquivalence(ms[0].mutant, ms[0].original, {});
  ASSERT_TRUE(succeeded(record));
  EXPECT_TRUE(record->equivalent) << record->summary();
}

TEST(Mutations, SpliceKeepsTheRestOfTheProgram) {
  // relu(conv(a)) + conv(b), the convolutions merged along the batch.
  Graph g;
  int a = g.addInput(f32({1, 2, 5, 5})), w = g.addInput(f32({2, 2, 3, 3}));
  int b = g.addInput(f32({1, 2, 5, 5}));
  int ya = conv(g, a, w, same3x3());
  Op relu;
  relu.kind = OpKind::Relu;
  relu.operands = {ya};
  int r = g.addOp(relu, {f32({1, 2, 5, 5})});
  int yb = conv(g, b, w, same3x3());
  Op add;
  add.kind = OpKind::Add;
  add.operands = {r, yb};
  g.outputs = {g.addOp(add, {f32({1, 2, 5, 5})})};
  std::vector<Mutation> ms = generateMutations(g, {"conv-merge-batch"});
  ASSERT_EQ(ms.size(), 1u);
  Graph spliced = spliceSubprogram(g, ms[0], ms[0].mutant);
  auto record = verifyEquivalence(spliced, g, {});
  ASSERT_TRUE(succeeded(record));
  EXPECT_TRUE(record->equivalent) << record->summary();
  EXPECT_EQ(
      llvm::count_if(spliced.ops,
                     [](const Op &op) { return op.kind == OpKind::Conv2d; }),
      1);
}

int matmul(Graph &g, int a, int b) {
  Op op;
  op.kind = OpKind::Matmul;
  op.operands = {a, b};
  const Shape &as = g.type(a).shape, &bs = g.type(b).shape;
  return g.addOp(op, {f32({as[0], bs[1]})});
}

/// The mutations of `g` by name, each corrected and verified whole.
std::map<std::string, unsigned> verifiedMutations(const Graph &g) {
  std::map<std::string, unsigned> names;
  for (const Mutation &m : generateMutations(g, {}, 7)) {
    auto exam = examineBoxes(m.original, m.mutant, 2, 7);
    EXPECT_TRUE(succeeded(exam)) << m.description;
    if (failed(exam))
      continue;
    auto corrected = correct(m.original, m.mutant, *exam);
    EXPECT_TRUE(succeeded(corrected)) << m.description;
    if (failed(corrected))
      continue;
    auto record = verifyEquivalence(*corrected, m.original, {});
    EXPECT_TRUE(succeeded(record) && record->equivalent) << m.description;
    ++names[m.name];
  }
  return names;
}

TEST(Mutations, EnumerationMergesWhatSharesAnOperand) {
  // Two matmuls of one weight: their rows stacked, one matmul, sliced back.
  Graph rows;
  {
    int a = rows.addInput(f32({4, 6})), w = rows.addInput(f32({6, 5}));
    int b = rows.addInput(f32({4, 6}));
    rows.outputs = {matmul(rows, a, w), matmul(rows, b, w)};
  }
  std::map<std::string, unsigned> found = verifiedMutations(rows);
  EXPECT_EQ(found["matmul-merge-rows"], 1u);
  // Two matmuls of one input (query and key projections): the weights
  // side by side.
  Graph cols;
  {
    int x = cols.addInput(f32({4, 6})), wq = cols.addInput(f32({6, 5}));
    int wk = cols.addInput(f32({6, 3}));
    cols.outputs = {matmul(cols, x, wq), matmul(cols, x, wk)};
  }
  found = verifiedMutations(cols);
  EXPECT_EQ(found["matmul-merge-cols"], 1u);
  EXPECT_EQ(found.size(), 1u);
  // Two convolutions of one image: the filters stacked.
  Graph filters;
  {
    int x = filters.addInput(f32({1, 2, 6, 6}));
    int w1 = filters.addInput(f32({3, 2, 3, 3}));
    int w2 = filters.addInput(f32({2, 2, 3, 3}));
    filters.outputs = {conv(filters, x, w1, same3x3()),
                       conv(filters, x, w2, same3x3())};
  }
  found = verifiedMutations(filters);
  EXPECT_EQ(found["conv-merge-filters"], 1u);
  // Two images of one filter: along the batch (exact), the height and the
  // width (equal but on the seam, corrected).
  Graph images;
  {
    int a = images.addInput(f32({1, 2, 6, 6}));
    int w = images.addInput(f32({3, 2, 3, 3}));
    int b = images.addInput(f32({1, 2, 6, 6}));
    images.outputs = {conv(images, a, w, same3x3()),
                      conv(images, b, w, same3x3())};
  }
  found = verifiedMutations(images);
  EXPECT_EQ(found["conv-merge-batch"], 1u);
  EXPECT_EQ(found["conv-merge-height"], 2u);
  EXPECT_EQ(found["conv-merge-width"], 2u);
}

TEST(Mutations, EnumerationLeavesWhatItCannotMerge) {
  // Convolutions in sequence, and matmuls sharing no operand.
  Graph chain;
  {
    int x = chain.addInput(f32({1, 2, 6, 6}));
    int w = chain.addInput(f32({2, 2, 3, 3}));
    chain.outputs = {conv(chain, conv(chain, x, w, same3x3()), w, same3x3())};
  }
  EXPECT_TRUE(generateMutations(chain).empty());
  Graph apart;
  {
    int a = apart.addInput(f32({4, 6})), w = apart.addInput(f32({6, 5}));
    int b = apart.addInput(f32({4, 6})), v = apart.addInput(f32({6, 5}));
    apart.outputs = {matmul(apart, a, w), matmul(apart, b, v)};
  }
  EXPECT_TRUE(generateMutations(apart).empty());
  // An expired deadline stops the enumeration.
  Graph rows;
  int a = rows.addInput(f32({4, 6})), w = rows.addInput(f32({6, 5}));
  int b = rows.addInput(f32({4, 6}));
  rows.outputs = {matmul(rows, a, w), matmul(rows, b, w)};
  EXPECT_FALSE(generateMutations(rows).empty());
  EXPECT_TRUE(generateMutations(rows, {}, 0, Deadline::in(1e-9)).empty());
}

} // namespace
