//===- Correction.cpp - Per-box tests and correction kernels --------------===//

#include "tsopt/PET/Correction.h"
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Eval/Evaluator.h"
#include "tsopt/Eval/FieldDomain.h"
#include "tsopt/Verify/Equivalence.h"

#include "llvm/ADT/STLExtras.h"

#include <cmath>
#include <map>
#include <sstream>

using namespace tsopt;

unsigned BoxExamination::numBoxes() const {
  unsigned n = 0;
  for (const Output &o : outputs)
    n += o.boxes.size();
  return n;
}

unsigned BoxExamination::numDiffering() const {
  unsigned n = 0;
  for (const Output &o : outputs)
    n += llvm::count(o.differs, true);
  return n;
}

std::string BoxExamination::summary() const {
  std::ostringstream os;
  os << numBoxes() << " boxes, " << numDiffering() << " differ; p = " << p
     << ", q = " << q << ", " << trials << " trial" << (trials == 1 ? "" : "s")
     << " of up to " << positionsPerBox << " positions per box, bound "
     << boundPerBox << " per box";
  return os.str();
}

namespace {

/// The positions Theorem 1 tests in `box`: its first corner and one step
/// along each dim the box extends in.
std::vector<Shape> testPositions(const Box &box) {
  std::vector<Shape> positions = {box.lo};
  for (size_t d = 0; d < box.lo.size(); ++d)
    if (box.hi[d] - box.lo[d] > 1) {
      Shape p = box.lo;
      ++p[d];
      positions.push_back(p);
    }
  return positions;
}

int64_t linearIndex(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> at) {
  int64_t i = 0;
  for (size_t d = 0; d < shape.size(); ++d)
    i = i * shape[d] + at[d];
  return i;
}

/// The polynomial degree of a multi-linear program's outputs: each input
/// enters each product at most once, so at most the number of inputs.
int64_t degreeBound(const Graph &g) {
  return std::max<int64_t>(1, g.inputs.size());
}

} // namespace

llvm::FailureOr<BoxExamination>
tsopt::examineBoxes(const Graph &original, const Graph &mutant, unsigned trials,
                    uint64_t seed, std::string *why) {
  auto fail = [&](const std::string &msg) -> llvm::FailureOr<BoxExamination> {
    if (why)
      *why = msg;
    return llvm::failure();
  };
  if (original.inputs.size() != mutant.inputs.size() ||
      original.outputs.size() != mutant.outputs.size())
    return fail("the programs have different signatures");
  for (size_t i = 0; i < original.inputs.size(); ++i)
    if (original.type(original.inputs[i]).shape !=
        mutant.type(mutant.inputs[i]).shape)
      return fail("input " + std::to_string(i) + " differs in shape");
  for (size_t i = 0; i < original.outputs.size(); ++i)
    if (original.type(original.outputs[i]).shape !=
        mutant.type(mutant.outputs[i]).shape)
      return fail("output " + std::to_string(i) + " differs in shape");
  for (const Graph *g : {&original, &mutant})
    for (const Op &op : g->ops)
      if (!isMultiLinear(op))
        return fail("kgraph." + stringifyOpKind(op.kind).str() +
                    " is not multi-linear");

  BoxExamination exam;
  std::vector<Splits> a = propagateSplits(original),
                      b = propagateSplits(mutant);
  for (size_t i = 0; i < original.outputs.size(); ++i) {
    const Shape &shape = original.type(original.outputs[i]).shape;
    BoxExamination::Output out;
    out.boxes = boxesOf(
        mergeSplits(a[original.outputs[i]], b[mutant.outputs[i]]), shape);
    out.differs.assign(out.boxes.size(), false);
    exam.outputs.push_back(std::move(out));
    exam.positionsPerBox =
        std::max<unsigned>(exam.positionsPerBox, shape.size() + 1);
  }

  FieldDomain dom(fieldSeed(seed, mutant, original));
  exam.p = dom.p();
  exam.q = dom.q();
  exam.trials = std::max(trials, 1u);
  Evaluator<FieldDomain> eval(dom);
  for (unsigned t = 0; t < exam.trials; ++t) {
    std::vector<Tensor<FieldElem>> inputs =
        fieldInputs(dom, original, seed ^ (0x9e3779b97f4a7c15ull + t));
    std::string error;
    auto ra = eval.run(original, inputs, &error);
    if (failed(ra))
      return fail("the original program: " + error);
    auto rb = eval.run(mutant, inputs, &error);
    if (failed(rb))
      return fail("the mutant: " + error);
    for (auto [i, out] : llvm::enumerate(exam.outputs)) {
      const Tensor<FieldElem> &x = (*ra)[i], &y = (*rb)[i];
      for (auto [k, box] : llvm::enumerate(out.boxes))
        for (const Shape &at : testPositions(box)) {
          int64_t j = linearIndex(x.shape, at);
          if (x.data[j] != y.data[j]) {
            out.differs[k] = true;
            break;
          }
        }
    }
  }
  double perTest = static_cast<double>(
                       std::max(degreeBound(original), degreeBound(mutant))) /
                   static_cast<double>(exam.q);
  exam.boundPerBox = std::pow(perTest, exam.trials);
  return exam;
}

namespace {

/// `box` of value `v` of `out`: `v` itself for the whole of it, a slice of
/// the sliced value for a slice.
int sliceOf(Graph &out, int v, const Box &box) {
  TensorType t = out.type(v);
  if (box == Box::whole(t.shape))
    return v;
  Shape at = box.lo;
  for (const Op &op : out.ops)
    if (op.kind == OpKind::Slice && op.results[0] == v) {
      for (size_t d = 0; d < at.size(); ++d)
        at[d] += op.perm[d];
      v = op.operands[0];
      break;
    }
  Op s;
  s.kind = OpKind::Slice;
  s.operands = {v};
  s.perm.assign(at.begin(), at.end());
  for (size_t d = 0; d < box.lo.size(); ++d)
    t.shape[d] = box.hi[d] - box.lo[d];
  return out.addOp(s, {t});
}

/// `boxes` (with their verdicts) with adjacent boxes of one verdict merged
/// where they form a box, until none do: a seam's boxes along its length
/// become one, and so does what lies between two seams.
void coalesce(std::vector<Box> &boxes, std::vector<bool> &differs) {
  for (bool merged = true; merged;) {
    merged = false;
    for (size_t i = 0; i < boxes.size() && !merged; ++i)
      for (size_t j = 0; j < boxes.size() && !merged; ++j) {
        if (i == j || differs[i] != differs[j])
          continue;
        const Box &a = boxes[i], &b = boxes[j];
        int along = -1;
        bool ok = true;
        for (size_t d = 0; d < a.lo.size() && ok; ++d) {
          if (a.lo[d] == b.lo[d] && a.hi[d] == b.hi[d])
            continue;
          if (along < 0 && a.hi[d] == b.lo[d])
            along = d;
          else
            ok = false;
        }
        if (!ok || along < 0)
          continue;
        boxes[i].hi[along] = b.hi[along];
        boxes.erase(boxes.begin() + j);
        differs.erase(differs.begin() + j);
        merged = true;
      }
  }
}

/// Restriction of one program's values to boxes, emitted into `out` once
/// per (value, box).
class Restrictor {
public:
  Restrictor(const Graph &g, Graph &out, llvm::ArrayRef<int> inputs)
      : g(g), out(out), producer(producers(g)) {
    for (auto [i, v] : llvm::enumerate(g.inputs))
      inputOf[v] = inputs[i];
  }

  llvm::FailureOr<int> restrictTo(int v, const Box &box) {
    auto key = std::make_pair(v, box.lo);
    auto it = done.find(key);
    if (it != done.end() && it->second.first == box.hi)
      return it->second.second;
    llvm::FailureOr<int> r = compute(v, box);
    if (succeeded(r))
      done[key] = {box.hi, *r};
    return r;
  }

  std::string why;

private:
  TensorType typeOf(int v, const Box &box) const {
    TensorType t = g.type(v);
    for (size_t d = 0; d < box.lo.size(); ++d)
      t.shape[d] = box.hi[d] - box.lo[d];
    return t;
  }

  int slice(int full, const Box &box) { return sliceOf(out, full, box); }

  int emit(const Op &op, llvm::ArrayRef<int> operands, TensorType type) {
    Op c = op;
    c.operands.assign(operands.begin(), operands.end());
    return out.addOp(c, {std::move(type)});
  }

  llvm::FailureOr<int> failWith(const std::string &msg) {
    why = msg;
    return llvm::failure();
  }

  llvm::FailureOr<int> compute(int v, const Box &box) {
    if (inputOf.count(v))
      return slice(inputOf[v], box);
    const Op &op = g.ops[producer[v]];
    const Shape &shape = g.type(v).shape;
    auto same = [&](int operand) -> llvm::FailureOr<int> {
      return restrictTo(operand, box);
    };
    switch (op.kind) {
    case OpKind::Add:
    case OpKind::Sub:
    case OpKind::Mul:
    case OpKind::Div: {
      llvm::SmallVector<int, 2> ins;
      for (int operand : op.operands) {
        const Shape &in = g.type(operand).shape;
        size_t lead = shape.size() - in.size();
        Box b{Shape(in.size(), 0), Shape(in.begin(), in.end())};
        for (size_t d = 0; d < in.size(); ++d)
          if (in[d] == shape[lead + d]) {
            b.lo[d] = box.lo[lead + d];
            b.hi[d] = box.hi[lead + d];
          }
        llvm::FailureOr<int> r = restrictTo(operand, b);
        if (failed(r))
          return r;
        ins.push_back(*r);
      }
      return emit(op, ins, typeOf(v, box));
    }
    case OpKind::Transpose: {
      const Shape &in = g.type(op.operands[0]).shape;
      Box b = Box::whole(in);
      for (size_t d = 0; d < shape.size(); ++d) {
        b.lo[op.perm[d]] = box.lo[d];
        b.hi[op.perm[d]] = box.hi[d];
      }
      llvm::FailureOr<int> r = restrictTo(op.operands[0], b);
      if (failed(r))
        return r;
      return emit(op, {*r}, typeOf(v, box));
    }
    case OpKind::Slice: {
      Box b = box;
      for (size_t d = 0; d < shape.size(); ++d) {
        b.lo[d] += op.perm[d];
        b.hi[d] += op.perm[d];
      }
      return restrictTo(op.operands[0], b);
    }
    case OpKind::Concat: {
      llvm::SmallVector<int, 2> parts;
      int64_t offset = 0;
      for (int operand : op.operands) {
        int64_t extent = g.type(operand).shape[op.dim];
        int64_t lo = std::max(box.lo[op.dim], offset);
        int64_t hi = std::min(box.hi[op.dim], offset + extent);
        if (lo < hi) {
          Box b = box;
          b.lo[op.dim] = lo - offset;
          b.hi[op.dim] = hi - offset;
          llvm::FailureOr<int> r = restrictTo(operand, b);
          if (failed(r))
            return r;
          parts.push_back(*r);
        }
        offset += extent;
      }
      if (parts.size() == 1)
        return parts[0];
      return emit(op, parts, typeOf(v, box));
    }
    case OpKind::Matmul: {
      size_t rank = shape.size();
      Box a = Box::whole(g.type(op.operands[0]).shape);
      Box b = Box::whole(g.type(op.operands[1]).shape);
      for (size_t d = 0; d + 2 < rank; ++d) {
        a.lo[d] = b.lo[d] = box.lo[d];
        a.hi[d] = b.hi[d] = box.hi[d];
      }
      a.lo[rank - 2] = box.lo[rank - 2];
      a.hi[rank - 2] = box.hi[rank - 2];
      b.lo[rank - 1] = box.lo[rank - 1];
      b.hi[rank - 1] = box.hi[rank - 1];
      llvm::FailureOr<int> ra = restrictTo(op.operands[0], a);
      if (failed(ra))
        return ra;
      llvm::FailureOr<int> rb = restrictTo(op.operands[1], b);
      if (failed(rb))
        return rb;
      return emit(op, {*ra, *rb}, typeOf(v, box));
    }
    case OpKind::Conv2d:
      return restrictConv(op, v, box);
    default:
      if (isElementwiseUnary(op.kind) &&
          g.type(op.operands[0]).shape == shape) {
        llvm::FailureOr<int> r = same(op.operands[0]);
        if (failed(r))
          return r;
        return emit(op, {*r}, typeOf(v, box));
      }
      // The whole op, then the box of its result.
      llvm::SmallVector<int, 2> ins;
      for (int operand : op.operands) {
        llvm::FailureOr<int> r =
            restrictTo(operand, Box::whole(g.type(operand).shape));
        if (failed(r))
          return r;
        ins.push_back(*r);
      }
      return slice(emit(op, ins, g.type(v)), box);
    }
  }

  /// A box of a convolution: the images and filters it reads, the image
  /// rows and columns its windows cover, what falls outside the image
  /// (or the box's rows) becoming the window's padding. Filters are taken
  /// in whole groups.
  llvm::FailureOr<int> restrictConv(const Op &op, int v, const Box &box) {
    ConvWindow w = *ConvWindow::decode(op.perm);
    int x = op.operands[0], f = op.operands[1];
    const Shape &xs = g.type(x).shape, &fs = g.type(f).shape;
    int64_t groups = std::max<int64_t>(op.dim, 1);
    int64_t perGroup = fs[0] / groups, channels = fs[1];
    int64_t g0 = box.lo[1] / perGroup, g1 = (box.hi[1] - 1) / perGroup + 1;
    Box xb = Box::whole(xs), fb = Box::whole(fs);
    xb.lo[0] = box.lo[0];
    xb.hi[0] = box.hi[0];
    xb.lo[1] = g0 * channels;
    xb.hi[1] = g1 * channels;
    fb.lo[0] = g0 * perGroup;
    fb.hi[0] = g1 * perGroup;
    ConvWindow cw = w;
    for (int d = 0; d < 2; ++d) {
      int64_t first = box.lo[2 + d] * w.stride[d] - w.padLow[d];
      int64_t last = (box.hi[2 + d] - 1) * w.stride[d] - w.padLow[d] +
                     (w.kernel[d] - 1) * w.dilation[d];
      int64_t lo = std::max<int64_t>(first, 0);
      int64_t hi = std::min<int64_t>(last, xs[2 + d] - 1);
      if (lo > hi)
        return failWith("a box of a convolution reads only padding");
      xb.lo[2 + d] = lo;
      xb.hi[2 + d] = hi + 1;
      cw.padLow[d] = lo - first;
      cw.padHigh[d] = last - hi;
    }
    llvm::FailureOr<int> rx = restrictTo(x, xb);
    if (failed(rx))
      return rx;
    llvm::FailureOr<int> rf = restrictTo(f, fb);
    if (failed(rf))
      return rf;
    Op c = op;
    c.perm = cw.encode();
    c.dim = g1 - g0;
    Box whole = box;
    whole.lo[1] = g0 * perGroup;
    whole.hi[1] = g1 * perGroup;
    int y = emit(c, {*rx, *rf}, typeOf(v, whole));
    // The result is itself the box, but for the filters outside it.
    Box inner = Box::whole(out.type(y).shape);
    inner.lo[1] = box.lo[1] - whole.lo[1];
    inner.hi[1] = box.hi[1] - whole.lo[1];
    return slice(y, inner);
  }

  const Graph &g;
  Graph &out;
  std::vector<int> producer;
  std::map<int, int> inputOf;
  std::map<std::pair<int, Shape>, std::pair<Shape, int>> done;
};

} // namespace

llvm::FailureOr<int> tsopt::restrictToBox(const Graph &program, int v,
                                          const Box &box, Graph &out,
                                          llvm::ArrayRef<int> inputs,
                                          std::string *why) {
  Restrictor r(program, out, inputs);
  llvm::FailureOr<int> result = r.restrictTo(v, box);
  if (failed(result) && why)
    *why = r.why;
  return result;
}

llvm::FailureOr<Graph> tsopt::correct(const Graph &original,
                                      const Graph &mutant,
                                      const BoxExamination &exam,
                                      std::string *why) {
  Graph out = mutant;
  out.outputs.clear();
  Restrictor restrictor(original, out, mutant.inputs);
  for (auto [i, examined] : llvm::enumerate(exam.outputs)) {
    BoxExamination::Output o = examined;
    coalesce(o.boxes, o.differs);
    int mine = mutant.outputs[i];
    const TensorType type = mutant.type(mine);
    // Assemble dim by dim: a region without a differing box is a slice of
    // the mutant's result; otherwise its parts along the next dim where
    // the boxes' corners split it, concatenated.
    std::function<llvm::FailureOr<int>(const Box &, size_t)> assemble =
        [&](const Box &region, size_t d) -> llvm::FailureOr<int> {
      bool clean = true;
      for (auto [k, box] : llvm::enumerate(o.boxes))
        if (o.differs[k] && region.contains(box))
          clean = false;
      if (clean)
        return sliceOf(out, mine, region);
      if (d == type.shape.size())
        return restrictor.restrictTo(original.outputs[i], region);
      std::vector<int64_t> cuts;
      for (const Box &box : o.boxes)
        if (region.contains(box))
          cuts.push_back(box.lo[d]);
      llvm::sort(cuts);
      cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
      if (cuts.size() <= 1)
        return assemble(region, d + 1);
      llvm::SmallVector<int, 4> parts;
      for (size_t c = 0; c < cuts.size(); ++c) {
        Box part = region;
        part.lo[d] = cuts[c];
        part.hi[d] = c + 1 < cuts.size() ? cuts[c + 1] : region.hi[d];
        llvm::FailureOr<int> r = assemble(part, d + 1);
        if (failed(r))
          return r;
        parts.push_back(*r);
      }
      Op cat;
      cat.kind = OpKind::Concat;
      cat.dim = d;
      cat.operands.assign(parts.begin(), parts.end());
      TensorType rt = type;
      for (size_t e = 0; e < rt.shape.size(); ++e)
        rt.shape[e] = region.hi[e] - region.lo[e];
      return out.addOp(cat, {rt});
    };
    llvm::FailureOr<int> r = assemble(Box::whole(type.shape), 0);
    if (failed(r)) {
      if (why)
        *why = restrictor.why;
      return llvm::failure();
    }
    out.outputs.push_back(*r);
  }
  return withoutDeadOps(out);
}
