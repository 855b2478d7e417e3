//===- IndexVariables.cpp - Index variables of a kernel graph -------------===//

#include "tsopt/Core/IndexVariables.h"

#include <algorithm>

using namespace tsopt;

IndexVariables::IndexVariables(const Graph &g) {
  for (const TensorType &t : g.values) {
    base.push_back(parent.size());
    for (size_t d = 0; d < t.shape.size(); ++d)
      parent.push_back(parent.size());
  }
  for (const Op &op : g.ops)
    unifyOp(g, op);
}

int IndexVariables::root(int v, int d) { return find(base[v] + d); }

int IndexVariables::find(int x) {
  while (parent[x] != x)
    x = parent[x] = parent[parent[x]];
  return x;
}

void IndexVariables::unify(const Graph &g, int a, int da, int b, int db) {
  if (g.values[a].shape[da] != g.values[b].shape[db] ||
      g.values[a].shape[da] == 1)
    return;
  int ra = find(base[a] + da), rb = find(base[b] + db);
  if (ra != rb)
    parent[std::max(ra, rb)] = std::min(ra, rb);
}

void IndexVariables::unifyAligned(const Graph &g, int a, int r) {
  int ra = g.values[a].shape.size(), rr = g.values[r].shape.size();
  for (int i = 0; i < ra && i < rr; ++i)
    unify(g, a, ra - 1 - i, r, rr - 1 - i);
}

void IndexVariables::unifyOp(const Graph &g, const Op &op) {
  if (op.results.empty())
    return;
  int r = op.results[0];
  switch (op.kind) {
  case OpKind::Matmul: {
    int a = op.operands[0], b = op.operands[1];
    int rank = g.values[a].shape.size();
    if (rank < 2 || static_cast<int>(g.values[b].shape.size()) != rank ||
        static_cast<int>(g.values[r].shape.size()) != rank)
      return;
    for (int d = 0; d + 2 < rank; ++d) {
      unify(g, a, d, r, d);
      unify(g, b, d, r, d);
    }
    unify(g, a, rank - 2, r, rank - 2);
    unify(g, b, rank - 1, r, rank - 1);
    unify(g, a, rank - 1, b, rank - 2);
    return;
  }
  case OpKind::ReduceSum:
  case OpKind::ReduceMax: {
    int a = op.operands[0];
    for (size_t d = 0; d < g.values[a].shape.size(); ++d)
      if (static_cast<int64_t>(d) != op.dim)
        unify(g, a, d, r, d);
    return;
  }
  case OpKind::Transpose:
    for (size_t d = 0; d < op.perm.size(); ++d)
      unify(g, op.operands[0], op.perm[d], r, d);
    return;
  case OpKind::Concat:
    for (int a : op.operands)
      for (size_t d = 0; d < g.values[a].shape.size(); ++d)
        if (static_cast<int64_t>(d) != op.dim)
          unify(g, a, d, r, d);
    return;
  case OpKind::Repeat:
  case OpKind::Reshape:
  case OpKind::Slice:
  case OpKind::Kernel:
    return; // new dims
  default:
    for (int a : op.operands)
      unifyAligned(g, a, r);
    return;
  }
}
