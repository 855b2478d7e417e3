//===- Boxes.cpp - Split points through multi-linear programs -------------===//

#include "tsopt/PET/Boxes.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>

using namespace tsopt;

int64_t Box::numElements() const {
  int64_t n = 1;
  for (size_t d = 0; d < lo.size(); ++d)
    n *= hi[d] - lo[d];
  return n;
}

bool Box::contains(const Box &o) const {
  for (size_t d = 0; d < lo.size(); ++d)
    if (o.lo[d] < lo[d] || o.hi[d] > hi[d])
      return false;
  return true;
}

std::string Box::str() const {
  std::string s = "[";
  for (size_t d = 0; d < lo.size(); ++d)
    s += (d ? ", " : "") + std::to_string(lo[d]) + ":" + std::to_string(hi[d]);
  return s + "]";
}

Box Box::whole(llvm::ArrayRef<int64_t> shape) {
  return {Shape(shape.size(), 0), Shape(shape.begin(), shape.end())};
}

bool tsopt::isMultiLinear(const Op &op) {
  switch (op.kind) {
  case OpKind::Im2Col: // a non-zero pad value makes it affine
    return op.scalar == 0;
  case OpKind::Conv2d:
  case OpKind::Matmul:
  case OpKind::Add:
  case OpKind::Sub:
  case OpKind::Neg:
  case OpKind::MulScalar:
  case OpKind::Reshape:
  case OpKind::Transpose:
  case OpKind::Slice:
  case OpKind::Concat:
  case OpKind::Repeat:
    return true;
  default:
    return false;
  }
}

namespace {

/// Sorted, unique, within [0, extent), starting with 0.
std::vector<int64_t> normalized(std::vector<int64_t> points, int64_t extent) {
  points.push_back(0);
  llvm::erase_if(points, [&](int64_t p) { return p < 0 || p >= extent; });
  llvm::sort(points);
  points.erase(std::unique(points.begin(), points.end()), points.end());
  return points;
}

/// Every position its own interval.
std::vector<int64_t> everyPosition(int64_t extent) {
  std::vector<int64_t> all(extent);
  for (int64_t i = 0; i < extent; ++i)
    all[i] = i;
  return all;
}

/// The index of the interval of `splits` holding `x`.
int64_t intervalOf(const std::vector<int64_t> &splits, int64_t x) {
  return std::upper_bound(splits.begin(), splits.end(), x) - splits.begin() - 1;
}

/// The output split points of one spatial dim of a window: output position
/// o reads input positions o·stride - padLow + i·dilation (i < kernel);
/// the summation interval of o is, per i, the input interval that position
/// falls in (or the padding before or after), and a new interval of
/// outputs starts wherever that changes.
std::vector<int64_t> windowSplits(const std::vector<int64_t> &in,
                                  int64_t extent, const ConvWindow &w, int d,
                                  int64_t outExtent) {
  std::vector<int64_t> out = {0};
  std::vector<int64_t> prev, cur;
  for (int64_t o = 0; o < outExtent; ++o) {
    cur.clear();
    for (int64_t i = 0; i < w.kernel[d]; ++i) {
      int64_t x = o * w.stride[d] - w.padLow[d] + i * w.dilation[d];
      cur.push_back(x < 0 ? -1 : x >= extent ? -2 : intervalOf(in, x));
    }
    if (o > 0 && cur != prev)
      out.push_back(o);
    std::swap(prev, cur);
  }
  return out;
}

} // namespace

std::vector<Splits> tsopt::propagateSplits(const Graph &g) {
  std::vector<Splits> splits(g.values.size());
  auto whole = [&](int v) {
    Splits s;
    for (size_t d = 0; d < g.type(v).shape.size(); ++d)
      s.push_back({0});
    return s;
  };
  auto fine = [&](int v) {
    Splits s;
    for (int64_t e : g.type(v).shape)
      s.push_back(everyPosition(e));
    return s;
  };
  for (int v : g.inputs)
    splits[v] = whole(v);
  for (const Op &op : g.ops) {
    int r = op.results[0];
    const Shape &out = g.type(r).shape;
    Splits s(out.size());
    auto from = [&](int operand, size_t operandDim, size_t resultDim,
                    int64_t shift = 0) {
      for (int64_t p : splits[operand][operandDim])
        s[resultDim].push_back(p + shift);
    };
    switch (op.kind) {
    case OpKind::Add:
    case OpKind::Sub:
    case OpKind::Mul:
    case OpKind::Div:
      // Right-aligned broadcasting: a dim of extent 1 has one interval.
      for (int v : op.operands) {
        const Shape &in = g.type(v).shape;
        size_t lead = out.size() - in.size();
        for (size_t d = 0; d < in.size(); ++d)
          if (in[d] == out[lead + d])
            from(v, d, lead + d);
      }
      break;
    case OpKind::Transpose:
      for (size_t d = 0; d < out.size(); ++d)
        from(op.operands[0], op.perm[d], d);
      break;
    case OpKind::Slice:
      for (size_t d = 0; d < out.size(); ++d)
        from(op.operands[0], d, d, -op.perm[d]);
      break;
    case OpKind::Concat: {
      int64_t offset = 0;
      for (int v : op.operands) {
        for (size_t d = 0; d < out.size(); ++d)
          from(v, d, d, d == static_cast<size_t>(op.dim) ? offset : 0);
        offset += g.type(v).shape[op.dim];
      }
      break;
    }
    case OpKind::Matmul: {
      size_t rank = out.size();
      for (size_t d = 0; d + 2 < rank; ++d) {
        from(op.operands[0], d, d);
        from(op.operands[1], d, d);
      }
      from(op.operands[0], rank - 2, rank - 2);
      from(op.operands[1], rank - 1, rank - 1);
      break;
    }
    case OpKind::Conv2d: {
      ConvWindow w = *ConvWindow::decode(op.perm);
      int x = op.operands[0], f = op.operands[1];
      const Shape &xs = g.type(x).shape;
      from(x, 0, 0);
      from(f, 0, 1);
      // A group boundary starts an interval of filters.
      int64_t groups = std::max<int64_t>(op.dim, 1);
      for (int64_t k = 1; k < groups; ++k)
        s[1].push_back(k * out[1] / groups);
      for (int d = 0; d < 2; ++d)
        s[2 + d] = windowSplits(splits[x][2 + d], xs[2 + d], w, d, out[2 + d]);
      break;
    }
    default:
      if (isElementwiseUnary(op.kind) && out == g.type(op.operands[0]).shape) {
        for (size_t d = 0; d < out.size(); ++d)
          from(op.operands[0], d, d);
        break;
      }
      // Reshape, repeat, im2col: not tracked.
      s = fine(r);
      break;
    }
    for (size_t d = 0; d < out.size(); ++d)
      s[d] = normalized(std::move(s[d]), out[d]);
    splits[r] = std::move(s);
  }
  return splits;
}

Splits tsopt::mergeSplits(const Splits &a, const Splits &b) {
  Splits out(a.size());
  for (size_t d = 0; d < a.size(); ++d) {
    std::vector<int64_t> all = a[d];
    all.insert(all.end(), b[d].begin(), b[d].end());
    llvm::sort(all);
    all.erase(std::unique(all.begin(), all.end()), all.end());
    out[d] = std::move(all);
  }
  return out;
}

std::vector<Box> tsopt::boxesOf(const Splits &splits,
                                llvm::ArrayRef<int64_t> shape) {
  std::vector<Box> boxes = {Box{Shape(), Shape()}};
  for (size_t d = 0; d < shape.size(); ++d) {
    std::vector<Box> next;
    for (const Box &b : boxes)
      for (size_t i = 0; i < splits[d].size(); ++i) {
        Box n = b;
        n.lo.push_back(splits[d][i]);
        n.hi.push_back(i + 1 < splits[d].size() ? splits[d][i + 1] : shape[d]);
        next.push_back(std::move(n));
      }
    boxes = std::move(next);
  }
  return boxes;
}
