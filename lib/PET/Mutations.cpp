//===- Mutations.cpp - Mutants of convolutions ----------------------------===//

#include "tsopt/PET/Mutations.h"
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Eval/Evaluator.h"
#include "tsopt/Eval/FieldDomain.h"
#include "tsopt/PET/Boxes.h"
#include "tsopt/Verify/Equivalence.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

using namespace tsopt;
using llvm::failed;
using llvm::FailureOr;
using llvm::succeeded;

namespace {

/// Builds a program op by op.
struct Builder {
  Graph g;
  int op(OpKind kind, llvm::ArrayRef<int> operands, Shape shape, DType dtype,
         llvm::ArrayRef<int64_t> perm = {}, int64_t dim = 0) {
    Op o;
    o.kind = kind;
    o.operands.assign(operands.begin(), operands.end());
    o.perm.assign(perm.begin(), perm.end());
    o.dim = dim;
    return g.addOp(o, {TensorType{std::move(shape), dtype}});
  }
  const Shape &shape(int v) const { return g.type(v).shape; }
  DType dtype(int v) const { return g.type(v).dtype; }
  int reshape(int v, Shape shape) {
    if (shape == this->shape(v))
      return v;
    return op(OpKind::Reshape, {v}, std::move(shape), dtype(v));
  }
  int transpose(int v, llvm::ArrayRef<int64_t> perm) {
    Shape s;
    for (int64_t p : perm)
      s.push_back(shape(v)[p]);
    return op(OpKind::Transpose, {v}, std::move(s), dtype(v), perm);
  }
  int slice(int v, int dim, int64_t offset, int64_t extent) {
    Shape s = shape(v), at(s.size(), 0);
    s[dim] = extent;
    at[dim] = offset;
    return op(OpKind::Slice, {v}, std::move(s), dtype(v), at);
  }
  int concat(int a, int b, int dim) {
    Shape s = shape(a);
    s[dim] += shape(b)[dim];
    return op(OpKind::Concat, {a, b}, std::move(s), dtype(a), {}, dim);
  }
};

/// The values the ops `ops` of `program` read from outside them, in order
/// of first use.
std::vector<int> readFromOutside(const Graph &program,
                                 llvm::ArrayRef<unsigned> ops) {
  std::vector<bool> seen(program.values.size(), false);
  for (unsigned i : ops)
    for (int r : program.ops[i].results)
      seen[r] = true;
  std::vector<int> outside;
  for (unsigned i : ops)
    for (int v : program.ops[i].operands)
      if (!seen[v]) {
        seen[v] = true;
        outside.push_back(v);
      }
  return outside;
}

/// The subprogram of `ops` of `program`: the values they read from
/// outside become its inputs (readFromOutside), their results its outputs.
Graph subprogram(const Graph &program, llvm::ArrayRef<unsigned> ops) {
  Graph sub;
  std::vector<int> ids(program.values.size(), -1);
  for (int v : readFromOutside(program, ops))
    ids[v] = sub.addInput(program.type(v));
  for (unsigned i : ops)
    appendCopy(sub, program.ops[i], program, ids);
  for (unsigned i : ops)
    for (int r : program.ops[i].results)
      sub.outputs.push_back(ids[r]);
  return sub;
}

/// Whether a value computed by op `from` reaches op `to`'s operands.
bool reaches(const Graph &g, unsigned from, unsigned to) {
  std::set<int> live(g.ops[from].results.begin(), g.ops[from].results.end());
  for (unsigned i = from + 1; i <= to; ++i)
    if (llvm::any_of(g.ops[i].operands, [&](int v) { return live.count(v); })) {
      if (i == to)
        return true;
      live.insert(g.ops[i].results.begin(), g.ops[i].results.end());
    }
  return false;
}

bool isContraction(OpKind kind) {
  return kind == OpKind::Conv2d || kind == OpKind::Matmul;
}

/// A contraction of the subprogram as the enumeration applies it to other
/// operands: the op itself (window, groups, result type), or a dilated
/// convolution with its dilation taken out (PET's single-op replacement),
/// which reads its input's phases.
struct Template {
  Op op;
  DType dtype;
  /// The dilation taken out ({1, 1}: the op as it is).
  std::array<int64_t, 2> phases = {1, 1};
};

/// The shape of `t` applied to operands of shapes `a` and `b`.
std::optional<Shape> contractionShape(const Template &t, const Shape &a,
                                      const Shape &b) {
  FailureOr<Shape> s = t.op.kind == OpKind::Conv2d
                           ? conv2dShape(a, b, *ConvWindow::decode(t.op.perm),
                                         std::max<int64_t>(t.op.dim, 1))
                           : matmulShape(a, b);
  if (failed(s) || llvm::is_contained(*s, 0))
    return std::nullopt;
  return *s;
}

/// The templates of the contractions `ops` of `program`: each op, and each
/// stride-1 dilated convolution whose padding is a multiple of its dilation
/// without its dilation.
std::vector<Template> templatesOf(const Graph &program,
                                  llvm::ArrayRef<unsigned> ops) {
  std::vector<Template> out;
  auto add = [&](Template t) {
    for (const Template &u : out)
      if (u.op.kind == t.op.kind && u.op.perm == t.op.perm &&
          u.op.dim == t.op.dim && u.dtype == t.dtype && u.phases == t.phases)
        return;
    out.push_back(std::move(t));
  };
  for (unsigned i : ops) {
    const Op &op = program.ops[i];
    Template t{op, program.type(op.results[0]).dtype};
    add(t);
    if (op.kind != OpKind::Conv2d)
      continue;
    ConvWindow w = *ConvWindow::decode(op.perm);
    if ((w.dilation[0] == 1 && w.dilation[1] == 1) || w.stride[0] != 1 ||
        w.stride[1] != 1)
      continue;
    bool divides = true;
    for (int k = 0; k < 2; ++k)
      divides &=
          w.padLow[k] % w.dilation[k] == 0 && w.padHigh[k] % w.dilation[k] == 0;
    if (!divides)
      continue;
    ConvWindow regular = w;
    for (int k = 0; k < 2; ++k) {
      regular.padLow[k] /= w.dilation[k];
      regular.padHigh[k] /= w.dilation[k];
      regular.dilation[k] = 1;
    }
    t.op.perm = regular.encode();
    t.phases = w.dilation;
    add(t);
  }
  return out;
}

/// The mutation's name: what its contraction merges along, or
/// "dilated-to-regular".
std::string classify(const Graph &mutant) {
  for (const Op &op : mutant.ops)
    if (op.kind == OpKind::Reshape)
      return "dilated-to-regular";
  for (const Op &op : mutant.ops) {
    if (!isContraction(op.kind))
      continue;
    for (auto [k, v] : llvm::enumerate(op.operands))
      for (const Op &c : mutant.ops) {
        if (c.kind != OpKind::Concat || c.results[0] != v)
          continue;
        int64_t rank = mutant.type(v).shape.size();
        std::string along;
        if (op.kind == OpKind::Conv2d)
          along = k == 1 ? (c.dim == 0 ? "filters" : "")
                         : std::array<const char *, 4>{
                               "batch", "channels", "height", "width"}[c.dim];
        else
          along = k == 0 && c.dim == rank - 2   ? "rows"
                  : k == 1 && c.dim == rank - 1 ? "cols"
                  : c.dim < rank - 2            ? "batch"
                                                : "";
        if (!along.empty())
          return (op.kind == OpKind::Conv2d ? "conv-merge-" : "matmul-merge-") +
                 along;
      }
  }
  return "merge";
}

/// What a value of the enumeration is.
enum class Step { Input, Concat, Contraction, Slice, Phases, Unphase };

/// PET's mutation generator on one subprogram: a depth-first enumeration
/// of the multi-linear programs of its signature built from its inputs by
/// concatenations, its contractions (and their dilation-free forms),
/// slices at the split points of what they slice, and phase splits and
/// merges (a reshape-transpose-reshape chain, one step), that use fewer
/// contractions than the subprogram or a dilation-free one. Each complete
/// program is evaluated once over the verifier's field at one random
/// point; one that differs from the subprogram on at most half of every
/// output is a mutant (partially equivalent), and of mutants computing the
/// same values the one of fewest ops is kept.
class Enumeration {
public:
  Enumeration(const Graph &original, unsigned contractions,
              std::vector<Template> templates,
              llvm::ArrayRef<std::string> names, uint64_t seed,
              const Deadline &deadline, const MutantScreen &worthExamining)
      : original(original), contractions(contractions),
        templates(std::move(templates)), names(names), deadline(deadline),
        worthExamining(worthExamining),
        dom(fieldSeed(seed, original, original)), eval(dom), seed(seed) {
    maxDepth = std::max<unsigned>(4, original.outputs.size() + 2);
  }

  /// The mutants found, fewest differing elements first.
  std::vector<Graph> run() {
    State s;
    for (int v : original.inputs) {
      int id = s.b.g.addInput(original.type(v));
      s.values.push_back({id, Step::Input});
    }
    visit(s, 0);
    llvm::stable_sort(found, [](const Found &a, const Found &b) {
      return std::make_pair(a.differing, a.mutant.ops.size()) <
             std::make_pair(b.differing, b.mutant.ops.size());
    });
    std::vector<Graph> out;
    for (Found &f : found)
      out.push_back(std::move(f.mutant));
    return out;
  }

private:
  struct Value {
    int id;
    Step step;
  };
  struct State {
    Builder b;
    std::vector<Value> values;
    unsigned contractions = 0;
    bool dilationTakenOut = false;
  };
  struct Found {
    Graph mutant;
    int64_t differing;
    std::vector<std::vector<FieldElem>> values;
  };

  const Graph &original;
  unsigned contractions;
  std::vector<Template> templates;
  llvm::ArrayRef<std::string> names;
  const Deadline &deadline;
  const MutantScreen &worthExamining;
  FieldDomain dom;
  Evaluator<FieldDomain> eval;
  std::vector<Tensor<FieldElem>> inputs, expected;
  /// Values at the screening point by structuralKeys.
  std::map<std::string, Tensor<FieldElem>> atPoint;
  uint64_t seed;
  unsigned maxDepth;
  std::set<std::string> seen;
  std::vector<Found> found;

  void visit(State &s, unsigned depth) {
    if (deadline.expired())
      return;
    // The same values built in another order are the same state.
    std::vector<std::string> all = structuralKeys(s.b.g), keys;
    for (const Value &v : s.values)
      keys.push_back(all[v.id]);
    llvm::sort(keys);
    if (!seen.insert(llvm::join(keys, ";")).second)
      return;
    complete(s);
    if (depth == maxDepth)
      return;
    for (State &next : successors(s))
      visit(next, depth + 1);
  }

  static std::string shapeKey(const Shape &s) {
    std::string out;
    for (int64_t d : s)
      out += std::to_string(d) + "x";
    return out;
  }

  std::vector<State> successors(const State &s) {
    std::vector<State> out;
    auto push = [&](State next, int id, Step step) {
      next.values.push_back({id, step});
      out.push_back(std::move(next));
    };
    const std::vector<Value> &vs = s.values;
    auto shape = [&](const Value &v) { return s.b.shape(v.id); };
    // Concatenations of two values that are not slices.
    for (const Value &a : vs)
      for (const Value &c : vs) {
        if (a.id == c.id || a.step == Step::Slice || c.step == Step::Slice ||
            s.b.dtype(a.id) != s.b.dtype(c.id))
          continue;
        for (int64_t d = 0; d < static_cast<int64_t>(shape(a).size()); ++d)
          if (succeeded(concatShape({shape(a), shape(c)}, d))) {
            State n = s;
            int id = n.b.concat(a.id, c.id, d);
            push(std::move(n), id, Step::Concat);
          }
      }
    // The contractions, on any two values.
    if (s.contractions < contractions)
      for (const Template &t : templates)
        for (const Value &a : vs)
          for (const Value &c : vs) {
            if (a.step == Step::Slice || c.step == Step::Slice)
              continue;
            std::optional<Shape> r = contractionShape(t, shape(a), shape(c));
            if (!r)
              continue;
            State n = s;
            Op op = t.op;
            op.operands = {a.id, c.id};
            op.results.clear();
            int id = n.b.g.addOp(op, {TensorType{*r, t.dtype}});
            ++n.contractions;
            n.dilationTakenOut |= t.phases != std::array<int64_t, 2>{1, 1};
            push(std::move(n), id, Step::Contraction);
          }
    // Slices of a contraction's result to an output's shape, at the split
    // points of the dim they cut.
    std::vector<Splits> splits;
    for (const Value &v : vs) {
      // A merge of phases padded past the original's extents: its leading
      // part, in every dim at once.
      if (v.step == Step::Unphase)
        for (int o : original.outputs) {
          const Shape &want = original.type(o).shape, &have = shape(v);
          if (want == have || want.size() != have.size() ||
              original.type(o).dtype != s.b.dtype(v.id) ||
              !llvm::all_of(llvm::seq<size_t>(0, want.size()),
                            [&](size_t d) { return want[d] <= have[d]; }))
            continue;
          State n = s;
          Op cut;
          cut.kind = OpKind::Slice;
          cut.operands = {v.id};
          cut.perm.assign(want.size(), 0);
          int id = n.b.g.addOp(cut, {TensorType{want, s.b.dtype(v.id)}});
          push(std::move(n), id, Step::Slice);
        }
      if (v.step != Step::Contraction)
        continue;
      for (int o : original.outputs) {
        const Shape &want = original.type(o).shape;
        const Shape &have = shape(v);
        if (want.size() != have.size() ||
            original.type(o).dtype != s.b.dtype(v.id))
          continue;
        int cut = -1, differ = 0;
        for (size_t d = 0; d < want.size(); ++d)
          if (want[d] != have[d]) {
            ++differ;
            cut = d;
          }
        if (differ != 1 || want[cut] > have[cut])
          continue;
        if (splits.empty())
          splits = propagateSplits(s.b.g);
        for (int64_t at : splits[v.id][cut]) {
          if (at + want[cut] > have[cut])
            continue;
          State n = s;
          int id = n.b.slice(v.id, cut, at, want[cut]);
          push(std::move(n), id, Step::Slice);
        }
      }
    }
    // Phase splits of inputs and merges of contractions' results, by the
    // dilations taken out.
    for (const Template &t : templates) {
      auto [dh, dw] = t.phases;
      if (dh == 1 && dw == 1)
        continue;
      for (const Value &v : vs) {
        const Shape &x = shape(v);
        if (x.size() != 4)
          continue;
        if (v.step == Step::Input) {
          // Extents the dilation does not divide are padded with zeros at
          // their end first (a 1x1 im2col and its reshape): the outputs
          // that read the new zeros are past the original's and are sliced
          // off after the merge, the others read what the original's
          // padding gives them.
          State n = s;
          int in = v.id;
          int64_t h = x[2] + (dh - x[2] % dh) % dh,
                  w = x[3] + (dw - x[3] % dw) % dw;
          if (h != x[2] || w != x[3]) {
            ConvWindow pad;
            pad.padHigh = {h - x[2], w - x[3]};
            int cols = n.b.op(OpKind::Im2Col, {in}, {x[0], x[1], h * w},
                              n.b.dtype(in), pad.encode());
            in = n.b.reshape(cols, {x[0], x[1], h, w});
          }
          int r = n.b.reshape(in, {x[0] * x[1] * (h / dh), dh, w / dw, dw});
          int p = n.b.transpose(r, {1, 3, 0, 2});
          int id = n.b.reshape(p, {dh * dw * x[0], x[1], h / dh, w / dw});
          push(std::move(n), id, Step::Phases);
        }
        if (v.step == Step::Contraction && x[0] % (dh * dw) == 0) {
          State n = s;
          int64_t batch = x[0] / (dh * dw);
          int r = n.b.reshape(v.id, {dh, dw, batch * x[1] * x[2], x[3]});
          int p = n.b.transpose(r, {2, 0, 3, 1});
          int id = n.b.reshape(p, {batch, x[1], x[2] * dh, x[3] * dw});
          push(std::move(n), id, Step::Unphase);
        }
      }
    }
    return out;
  }

  /// Every way of taking the state's values as the subprogram's outputs,
  /// when it is a mutant worth examining.
  void complete(const State &s) {
    if (!(s.contractions < contractions ||
          (s.contractions == contractions && s.dilationTakenOut)))
      return;
    // Every step's value must be read or returned.
    std::vector<int> read(s.b.g.values.size(), 0);
    for (const Op &op : s.b.g.ops)
      for (int v : op.operands)
        ++read[v];
    std::vector<int> unread;
    for (const Value &v : s.values)
      if (v.step != Step::Input && !read[v.id])
        unread.push_back(v.id);
    if (unread.size() > original.outputs.size())
      return;
    std::vector<int> chosen;
    assign(s, unread, chosen);
  }

  void assign(const State &s, const std::vector<int> &unread,
              std::vector<int> &chosen) {
    if (chosen.size() == original.outputs.size()) {
      if (llvm::all_of(unread,
                       [&](int v) { return llvm::is_contained(chosen, v); }))
        consider(s, chosen);
      return;
    }
    int o = original.outputs[chosen.size()];
    for (const Value &v : s.values) {
      if (v.step == Step::Input || v.step == Step::Concat ||
          v.step == Step::Phases || llvm::is_contained(chosen, v.id) ||
          s.b.shape(v.id) != original.type(o).shape ||
          s.b.dtype(v.id) != original.type(o).dtype)
        continue;
      chosen.push_back(v.id);
      assign(s, unread, chosen);
      chosen.pop_back();
    }
  }

  /// Per value of `g`, the structure that computes it from the inputs.
  static std::vector<std::string> structuralKeys(const Graph &g) {
    std::vector<std::string> keys(g.values.size());
    for (auto [k, v] : llvm::enumerate(g.inputs))
      keys[v] = "in" + std::to_string(k);
    for (const Op &op : g.ops) {
      std::string key =
          stringifyOpKind(op.kind).str() + "[" + std::to_string(op.dim) + ";";
      for (int64_t p : op.perm)
        key += std::to_string(p) + ",";
      key += shapeKey(g.type(op.results[0]).shape) + "](";
      for (int v : op.operands)
        key += keys[v] + ",";
      keys[op.results[0]] = key + ")";
    }
    return keys;
  }

  /// Value `v` of `g` at the screening point, each distinct structure
  /// evaluated once over the whole enumeration (its programs share most of
  /// their ops); null when it cannot be evaluated.
  const Tensor<FieldElem> *valueOf(const Graph &g, int v,
                                   const std::vector<std::string> &keys,
                                   const std::vector<int> &made) {
    auto it = atPoint.find(keys[v]);
    if (it != atPoint.end())
      return &it->second;
    if (made[v] < 0) {
      auto k = llvm::find(g.inputs, v) - g.inputs.begin();
      return &atPoint.emplace(keys[v], inputs[k]).first->second;
    }
    Graph one;
    std::vector<int> ids(g.values.size(), -1);
    std::vector<Tensor<FieldElem>> operands;
    const Op &producer = g.ops[made[v]];
    for (int u : producer.operands) {
      if (ids[u] >= 0)
        continue;
      const Tensor<FieldElem> *t = valueOf(g, u, keys, made);
      if (!t)
        return nullptr;
      ids[u] = one.addInput(g.type(u));
      operands.push_back(*t);
    }
    one.outputs = {appendCopy(one, producer, g, ids)};
    std::string error;
    auto r = eval.run(one, operands, &error);
    if (failed(r))
      return nullptr;
    return &atPoint.emplace(keys[v], std::move((*r)[0])).first->second;
  }

  void consider(const State &s, llvm::ArrayRef<int> outputs) {
    Graph mutant = s.b.g;
    mutant.outputs.assign(outputs.begin(), outputs.end());
    if ((!names.empty() && !llvm::is_contained(names, classify(mutant))) ||
        (worthExamining && !worthExamining(original, mutant)))
      return;
    // The subprogram is evaluated once, when a first program is.
    std::string error;
    if (expected.empty()) {
      inputs = fieldInputs(dom, original, seed);
      auto r = eval.run(original, inputs, &error);
      if (failed(r))
        return;
      expected = std::move(*r);
    }
    std::vector<std::string> keys = structuralKeys(mutant);
    std::vector<int> made = producers(mutant);
    std::vector<const Tensor<FieldElem> *> r;
    for (int v : mutant.outputs) {
      const Tensor<FieldElem> *t = valueOf(mutant, v, keys, made);
      if (!t)
        return;
      r.push_back(t);
    }
    int64_t differing = 0;
    std::vector<std::vector<FieldElem>> values;
    for (auto [i, tp] : llvm::enumerate(r)) {
      const Tensor<FieldElem> &t = *tp;
      int64_t n = 0;
      for (size_t j = 0; j < t.data.size(); ++j)
        n += t.data[j] != expected[i].data[j];
      if (2 * n > static_cast<int64_t>(t.data.size()))
        return;
      differing += n;
      values.push_back(t.data);
    }
    for (Found &f : found)
      if (f.values == values) {
        if (mutant.ops.size() < f.mutant.ops.size())
          f.mutant = std::move(mutant);
        return;
      }
    found.push_back({std::move(mutant), differing, std::move(values)});
  }
};

/// Whether ops `i` and `j` of `program` are contractions PET merges: of one
/// kind, window, groups and result type, sharing an operand, neither
/// reading the other.
bool mergeable(const Graph &program, unsigned i, unsigned j) {
  const Op &a = program.ops[i], &b = program.ops[j];
  return isContraction(a.kind) && a.kind == b.kind && a.perm == b.perm &&
         a.dim == b.dim &&
         program.type(a.results[0]).dtype == program.type(b.results[0]).dtype &&
         llvm::any_of(
             a.operands,
             [&](int v) { return llvm::is_contained(b.operands, v); }) &&
         !reaches(program, i, j);
}

/// "concat(dim 3), conv2d, slice(dim 3 at 0), slice(dim 3 at 8)".
std::string stepsOf(const Graph &mutant) {
  std::vector<std::string> steps;
  for (const Op &op : mutant.ops) {
    std::string name = stringifyOpKind(op.kind).str();
    switch (op.kind) {
    case OpKind::Concat:
      steps.push_back(name + "(dim " + std::to_string(op.dim) + ")");
      break;
    case OpKind::Slice: {
      const Shape &in = mutant.type(op.operands[0]).shape;
      const Shape &out = mutant.type(op.results[0]).shape;
      for (size_t d = 0; d < in.size(); ++d)
        if (in[d] != out[d])
          steps.push_back(name + "(dim " + std::to_string(d) + " at " +
                          std::to_string(op.perm[d]) + ")");
      break;
    }
    case OpKind::Conv2d: {
      ConvWindow w = *ConvWindow::decode(op.perm);
      steps.push_back(name + "(dilation " + std::to_string(w.dilation[0]) +
                      "x" + std::to_string(w.dilation[1]) + ")");
      break;
    }
    default:
      steps.push_back(name);
    }
  }
  return llvm::join(steps, ", ");
}

} // namespace

std::vector<std::string> tsopt::mutationNames() {
  return {"conv-merge-batch",   "conv-merge-channels",
          "conv-merge-height",  "conv-merge-width",
          "conv-merge-filters", "matmul-merge-batch",
          "matmul-merge-rows",  "matmul-merge-cols",
          "dilated-to-regular", "merge"};
}

std::vector<Mutation> tsopt::generateMutations(
    const Graph &program, llvm::ArrayRef<std::string> names, uint64_t seed,
    const Deadline &deadline, const MutantScreen &worthExamining) {
  // The subprograms: pairs of contractions PET merges, and dilated
  // convolutions alone.
  std::vector<std::vector<unsigned>> subprograms;
  for (unsigned i = 0; i < program.ops.size(); ++i) {
    for (unsigned j = i + 1; j < program.ops.size(); ++j)
      if (mergeable(program, i, j))
        subprograms.push_back({i, j});
    const Op &op = program.ops[i];
    if (op.kind == OpKind::Conv2d) {
      ConvWindow w = *ConvWindow::decode(op.perm);
      if (w.dilation[0] > 1 || w.dilation[1] > 1)
        subprograms.push_back({i});
    }
  }
  std::vector<Mutation> out;
  for (const std::vector<unsigned> &ops : subprograms) {
    Graph original = subprogram(program, ops);
    Enumeration e(original, ops.size(), templatesOf(program, ops), names, seed,
                  deadline, worthExamining);
    for (Graph &mutant : e.run()) {
      Mutation m;
      m.name = classify(mutant);
      m.ops = ops;
      std::string which = "kgraph." +
                          stringifyOpKind(program.ops[ops[0]].kind).str() +
                          (ops.size() == 1 ? " op " : " ops ");
      for (auto [k, i] : llvm::enumerate(ops))
        which += (k ? " and " : "") + std::to_string(i);
      m.description = which + " as " + stepsOf(mutant);
      m.original = original;
      m.mutant = std::move(mutant);
      out.push_back(std::move(m));
    }
  }
  return out;
}

Graph tsopt::spliceSubprogram(const Graph &program, const Mutation &m,
                              const Graph &replacement) {
  std::vector<int> outside = readFromOutside(program, m.ops);
  Graph out;
  out.level = program.level;
  std::vector<int> map(program.values.size(), -1);
  for (int v : program.inputs)
    map[v] = out.addInput(program.type(v));
  auto ready = [&](const Op &op) {
    return llvm::all_of(op.operands, [&](int v) { return map[v] >= 0; });
  };
  auto copy = [&](const Op &op) { appendCopy(out, op, program, map); };
  // The replacement goes in once every value it reads is there; ops that
  // need its results wait for it (the replaced ops are convex, so nothing
  // it reads waits for it).
  bool placed = false;
  auto place = [&] {
    if (placed || !llvm::all_of(outside, [&](int v) { return map[v] >= 0; }))
      return;
    std::vector<int> rmap(replacement.values.size(), -1);
    for (auto [k, v] : llvm::enumerate(replacement.inputs))
      rmap[v] = map[outside[k]];
    for (const Op &op : replacement.ops)
      appendCopy(out, op, replacement, rmap);
    size_t k = 0;
    for (unsigned i : m.ops)
      for (int r : program.ops[i].results)
        map[r] = rmap[replacement.outputs[k++]];
    placed = true;
  };
  std::deque<unsigned> waiting;
  auto drain = [&] {
    for (bool progress = true; progress;) {
      progress = false;
      place();
      for (size_t n = waiting.size(); n-- > 0;) {
        unsigned i = waiting.front();
        waiting.pop_front();
        if (ready(program.ops[i])) {
          copy(program.ops[i]);
          progress = true;
        } else {
          waiting.push_back(i);
        }
      }
    }
  };
  for (unsigned i = 0; i < program.ops.size(); ++i) {
    if (!llvm::is_contained(m.ops, i))
      waiting.push_back(i);
    drain();
  }
  drain();
  for (int v : program.outputs)
    out.outputs.push_back(map[v]);
  return out;
}
