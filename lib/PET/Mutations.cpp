//===- Mutations.cpp - Mutants of convolutions ----------------------------===//

#include "tsopt/PET/Mutations.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <deque>
#include <set>

using namespace tsopt;

std::vector<std::string> tsopt::mutationNames() {
  return {"conv-merge-batch", "conv-merge-width", "dilated-to-regular"};
}

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

/// Two convolutions of one filter tensor, window and groups on images of
/// one shape, neither reading the other: merged along `dim` (0: batch,
/// 3: width).
std::optional<Mutation> mergeConvolutions(const Graph &program, unsigned i,
                                          unsigned j, int dim) {
  const Op &a = program.ops[i], &b = program.ops[j];
  if (a.kind != OpKind::Conv2d || b.kind != OpKind::Conv2d ||
      a.operands[1] != b.operands[1] || a.perm != b.perm || a.dim != b.dim ||
      a.operands[0] == b.operands[0] ||
      program.type(a.operands[0]).shape != program.type(b.operands[0]).shape ||
      program.type(a.operands[0]).dtype != program.type(b.operands[0]).dtype ||
      program.type(a.results[0]).dtype != program.type(b.results[0]).dtype ||
      reaches(program, i, j))
    return std::nullopt;
  ConvWindow w = *ConvWindow::decode(a.perm);
  const Shape &xs = program.type(a.operands[0]).shape;
  const Shape &ys = program.type(a.results[0]).shape;
  // Side by side along the width, image 2's outputs start at W / stride.
  if (dim == 3 && xs[3] % w.stride[1] != 0)
    return std::nullopt;
  Mutation m;
  m.name = dim == 0 ? "conv-merge-batch" : "conv-merge-width";
  m.description = "kgraph.conv2d ops " + std::to_string(i) + " and " +
                  std::to_string(j) + " as one over their images " +
                  (dim == 0 ? "stacked along the batch" : "side by side");
  m.ops = {i, j};
  m.original = subprogram(program, m.ops);
  Builder bld;
  int x1 = bld.g.addInput(m.original.type(m.original.inputs[0]));
  int f = bld.g.addInput(m.original.type(m.original.inputs[1]));
  int x2 = bld.g.addInput(m.original.type(m.original.inputs[2]));
  int x = bld.concat(x1, x2, dim);
  Shape ws = bld.shape(x);
  Shape out = ys;
  if (dim == 0)
    out[0] *= 2;
  else
    out[3] = w.outputExtent(1, ws[3]);
  int y = bld.op(OpKind::Conv2d, {x, f}, out,
                 m.original.type(m.original.outputs[0]).dtype, a.perm, a.dim);
  int64_t second = dim == 0 ? ys[0] : xs[3] / w.stride[1];
  if (second + ys[dim] > out[dim])
    return std::nullopt;
  bld.g.outputs = {bld.slice(y, dim, 0, ys[dim]),
                   bld.slice(y, dim, second, ys[dim])};
  m.mutant = std::move(bld.g);
  return m;
}

/// A dilated convolution over the phases of its input: each phase (a, b)
/// of rows a + dh·r and columns b + dw·s is a batch entry of a regular
/// convolution, whose results interleave back. Exact when the image
/// extents and the padding are multiples of the dilation (with stride 1).
std::optional<Mutation> dilatedToRegular(const Graph &program, unsigned i) {
  const Op &c = program.ops[i];
  if (c.kind != OpKind::Conv2d)
    return std::nullopt;
  ConvWindow w = *ConvWindow::decode(c.perm);
  int64_t dh = w.dilation[0], dw = w.dilation[1];
  if ((dh == 1 && dw == 1) || w.stride[0] != 1 || w.stride[1] != 1)
    return std::nullopt;
  const Shape &xs = program.type(c.operands[0]).shape;
  const Shape &ys = program.type(c.results[0]).shape;
  std::array<int64_t, 2> d = {dh, dw};
  for (int k = 0; k < 2; ++k)
    if (xs[2 + k] % d[k] || w.padLow[k] % d[k] || w.padHigh[k] % d[k] ||
        ys[2 + k] % d[k])
      return std::nullopt;
  Mutation m;
  m.name = "dilated-to-regular";
  m.description = "kgraph.conv2d op " + std::to_string(i) + " (dilation " +
                  std::to_string(dh) + "x" + std::to_string(dw) +
                  ") as a regular convolution over its input's " +
                  std::to_string(dh * dw) + " phases";
  m.ops = {i};
  m.original = subprogram(program, m.ops);
  Builder bld;
  int x = bld.g.addInput(m.original.type(m.original.inputs[0]));
  int f = bld.g.addInput(m.original.type(m.original.inputs[1]));
  int64_t n = xs[0], ch = xs[1], h = xs[2] / dh, wd = xs[3] / dw;
  int r = bld.reshape(x, {n * ch * h, dh, wd, dw});
  int t = bld.transpose(r, {1, 3, 0, 2});
  int phases = bld.reshape(t, {dh * dw * n, ch, h, wd});
  ConvWindow regular = w;
  regular.dilation = {1, 1};
  for (int k = 0; k < 2; ++k) {
    regular.padLow[k] /= d[k];
    regular.padHigh[k] /= d[k];
  }
  int64_t f0 = ys[1], oh = ys[2] / dh, ow = ys[3] / dw;
  int y = bld.op(OpKind::Conv2d, {phases, f}, {dh * dw * n, f0, oh, ow},
                 m.original.type(m.original.outputs[0]).dtype, regular.encode(),
                 c.dim);
  int back = bld.reshape(y, {dh, dw, n * f0 * oh, ow});
  int u = bld.transpose(back, {2, 0, 3, 1});
  bld.g.outputs = {bld.reshape(u, Shape(ys.begin(), ys.end()))};
  m.mutant = std::move(bld.g);
  return m;
}

} // namespace

std::vector<Mutation>
tsopt::generateMutations(const Graph &program,
                         llvm::ArrayRef<std::string> names) {
  auto wanted = [&](llvm::StringRef name) {
    return names.empty() || llvm::is_contained(names, name.str());
  };
  std::vector<Mutation> out;
  for (unsigned i = 0; i < program.ops.size(); ++i)
    for (unsigned j = i + 1; j < program.ops.size(); ++j)
      for (int dim : {0, 3})
        if (wanted(dim == 0 ? "conv-merge-batch" : "conv-merge-width"))
          if (auto m = mergeConvolutions(program, i, j, dim))
            out.push_back(std::move(*m));
  if (wanted("dilated-to-regular"))
    for (unsigned i = 0; i < program.ops.size(); ++i)
      if (auto m = dilatedToRegular(program, i))
        out.push_back(std::move(*m));
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
