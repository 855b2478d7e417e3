//===- Raising.cpp - Composite patterns of imported linalg ----------------===//
//
// Raises what exports write op by op into the kgraph ops the search and the
// rules know: silu, sigmoid, gelu (erf form), rms_norm with an epsilon
// (docs/import.md).
//
//===----------------------------------------------------------------------===//

#include "ImportGraph.h"

#include "tsopt/Core/ShapeRules.h"

#include <cmath>
#include <functional>
#include <vector>

using namespace tsopt;
using namespace tsopt::linalg_import;

int Importer::strip(int v) const {
  while (nodes[v].form == Form::Op && nodes[v].kind == OpKind::Reshape) {
    const Shape &a = nodes[v].shape, &b = nodes[nodes[v].operands[0]].shape;
    if (numElements(a) != numElements(b))
      break;
    auto nonUnit = [](const Shape &s) {
      Shape r;
      for (int64_t x : s)
        if (x != 1)
          r.push_back(x);
      return r;
    };
    if (nonUnit(a) != nonUnit(b))
      break;
    v = nodes[v].operands[0];
  }
  return v;
}

std::vector<int> Importer::useCounts() const {
  std::vector<int> uses(nodes.size(), 0);
  for (const Node &n : nodes)
    for (int o : n.operands)
      ++uses[o];
  for (int o : outputs)
    ++uses[o];
  return uses;
}

void Importer::raise() {
  auto is = [&](int v, OpKind k) {
    return nodes[v].form == Form::Op && nodes[v].kind == k;
  };
  auto isForm = [&](int v, Form f) { return nodes[v].form == f; };
  // An explicit broadcast (JAX's broadcast_in_dim, a repeat of unit dims)
  // into an element-wise binary op is the op's own broadcasting: the op
  // reads the repeat's operand, so the patterns below see through it.
  for (size_t v = 0; v < nodes.size(); ++v) {
    if (nodes[v].form != Form::Op || !isElementwiseBinary(nodes[v].kind) ||
        nodes[v].operands.size() != 2)
      continue;
    for (int k = 0; k < 2; ++k) {
      int r = nodes[v].operands[k], other = nodes[v].operands[1 - k];
      if (r < 0 || other < 0 || !is(r, OpKind::Repeat))
        continue;
      int in = nodes[r].operands[0];
      auto shape = broadcastShape(nodes[in].shape, nodes[other].shape);
      if (succeeded(shape) && *shape == nodes[v].shape)
        nodes[v].operands[k] = in;
    }
  }
  // x · 1/(1 + exp(-x)) and x / (1 + exp(-x)) → silu(x).
  auto sigmoidDenominatorOf = [&](int d) -> std::optional<int> {
    d = strip(d);
    if (!isForm(d, Form::AddScalar) || nodes[d].scalar != 1)
      return std::nullopt;
    int e = strip(nodes[d].operands[0]);
    if (!is(e, OpKind::Exp))
      return std::nullopt;
    int n = strip(nodes[e].operands[0]);
    if (!is(n, OpKind::Neg))
      return std::nullopt;
    return strip(nodes[n].operands[0]);
  };
  for (size_t v = 0; v < nodes.size(); ++v) {
    Node &n = nodes[v];
    if (n.form != Form::Op || n.operands.size() != 2)
      continue;
    int a = n.operands[0], b = n.operands[1];
    std::optional<int> x;
    if (n.kind == OpKind::Div)
      x = sigmoidDenominatorOf(b);
    if (n.kind == OpKind::Mul) {
      for (int k = 0; k < 2; ++k) {
        int r = strip(b);
        if (isForm(r, Form::Reciprocal))
          x = sigmoidDenominatorOf(nodes[r].operands[0]);
        if (x && *x == strip(a))
          break;
        x.reset();
        std::swap(a, b);
      }
    }
    if (x && *x == strip(a) && nodes[a].shape == n.shape) {
      n.kind = OpKind::Silu;
      n.operands = {a};
    }
  }
  // 1/(1 + exp(-x)) that is not part of a silu → sigmoid(x).
  for (size_t v = 0; v < nodes.size(); ++v) {
    Node &n = nodes[v];
    if (n.form != Form::Reciprocal)
      continue;
    std::optional<int> x = sigmoidDenominatorOf(n.operands[0]);
    if (x && nodes[*x].shape == n.shape) {
      n.form = Form::Op;
      n.kind = OpKind::Sigmoid;
      n.operands = {*x};
    }
  }
  // 0.5 · x · (1 + erf(x/√2)) → gelu(x) (the exact form kgraph's gelu is),
  // in any association of the product: x/2 · (1 + erf(x/√2)),
  // (x · (1 + erf(x/√2)))/2, x · ((erf(x/√2) + 1) · 0.5), ... The product
  // is flattened into its factors and scalar coefficient, reshapes of unit
  // dims looked through; gelu's operand is the factor as the product reads
  // it, so its shape is the product's.
  auto erfTermOf = [&](int t) -> std::optional<int> {
    t = strip(t);
    if (!isForm(t, Form::AddScalar) || nodes[t].scalar != 1)
      return std::nullopt;
    int e = strip(nodes[t].operands[0]);
    if (!isForm(e, Form::Erf))
      return std::nullopt;
    int s = strip(nodes[e].operands[0]);
    if (!is(s, OpKind::MulScalar) ||
        std::fabs(nodes[s].scalar - M_SQRT1_2) > 1e-6)
      return std::nullopt;
    return strip(nodes[s].operands[0]);
  };
  std::function<void(int, std::vector<int> &, double &, int)> factorsOf =
      [&](int v, std::vector<int> &factors, double &coefficient, int depth) {
        int s = strip(v);
        if (depth < 8 && is(s, OpKind::Mul) && nodes[s].operands.size() == 2) {
          factorsOf(nodes[s].operands[0], factors, coefficient, depth + 1);
          factorsOf(nodes[s].operands[1], factors, coefficient, depth + 1);
        } else if (depth < 8 && is(s, OpKind::MulScalar)) {
          coefficient *= nodes[s].scalar;
          factorsOf(nodes[s].operands[0], factors, coefficient, depth + 1);
        } else {
          factors.push_back(v);
        }
      };
  for (size_t v = 0; v < nodes.size(); ++v) {
    Node &n = nodes[v];
    if (n.form != Form::Op ||
        (n.kind != OpKind::Mul && n.kind != OpKind::MulScalar))
      continue;
    std::vector<int> factors;
    double coefficient = 1;
    factorsOf(static_cast<int>(v), factors, coefficient, 0);
    if (factors.size() != 2 || std::fabs(coefficient - 0.5) > 1e-12)
      continue;
    for (int k = 0; k < 2; ++k) {
      std::optional<int> x = erfTermOf(factors[1 - k]);
      if (x && *x == strip(factors[k]) &&
          nodes[factors[k]].shape == n.shape) {
        n.kind = OpKind::Gelu;
        n.operands = {factors[k]};
        n.scalar = 0;
        break;
      }
    }
  }
  // x · rsqrt(mean(x²) + eps) · g (or x / sqrt(...) · g) → rms_norm(x, g).
  auto normScaleOf = [&](int r, int x) -> std::optional<double> {
    r = strip(r);
    bool root = is(r, OpKind::Rsqrt);
    if (!root)
      return std::nullopt;
    int s = strip(nodes[r].operands[0]);
    double eps = 0;
    if (isForm(s, Form::AddScalar)) {
      eps = nodes[s].scalar;
      s = strip(nodes[s].operands[0]);
    }
    if (!is(s, OpKind::MulScalar))
      return std::nullopt;
    int sum = strip(nodes[s].operands[0]);
    if (!is(sum, OpKind::ReduceSum))
      return std::nullopt;
    int64_t width = nodes[x].shape.back();
    if (nodes[sum].dim != static_cast<int64_t>(nodes[sum].shape.size()) - 1 ||
        std::fabs(nodes[s].scalar * width - 1) > 1e-6)
      return std::nullopt;
    int sq = strip(nodes[sum].operands[0]);
    if (!is(sq, OpKind::Square) || strip(nodes[sq].operands[0]) != x)
      return std::nullopt;
    return eps;
  };
  for (size_t v = 0; v < nodes.size(); ++v) {
    Node &n = nodes[v];
    if (!(n.form == Form::Op && n.kind == OpKind::Mul))
      continue;
    for (int k = 0; k < 2; ++k) {
      int inner = strip(n.operands[k]), g = strip(n.operands[1 - k]);
      if (!is(inner, OpKind::Mul) || nodes[g].shape.size() != 1 ||
          nodes[g].shape[0] != n.shape.back())
        continue;
      std::optional<double> eps;
      int x = -1;
      for (int j = 0; j < 2 && !eps; ++j) {
        x = strip(nodes[inner].operands[j]);
        if (nodes[x].shape == n.shape)
          eps = normScaleOf(nodes[inner].operands[1 - j], x);
      }
      if (!eps)
        continue;
      n.kind = OpKind::RmsNorm;
      n.operands = {x, g};
      n.scalar = *eps;
      break;
    }
  }
  // A softmax keeps its row max: exp(x - max(x)) / Σ exp(x - max(x)) is
  // the same function as exp(x) / Σ exp(x), but only the first is finite in
  // f32 for scores past 88, and the float check (and a user's tsopt-run)
  // evaluates the program as it stands.

}

