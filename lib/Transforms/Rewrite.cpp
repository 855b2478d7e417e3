//===- Rewrite.cpp - Algebraic rewrites ahead of the search ---------------===//

#include "tsopt/Transforms/Rewrite.h"

#include "tsopt/Core/ShapeRules.h"

#include "llvm/ADT/STLExtras.h"

#include <cmath>
#include <functional>

using namespace tsopt;

namespace {

/// The program being rewritten, with each value's producer.
struct Matcher {
  explicit Matcher(const Graph &g)
      : g(g), producer(producers(g)), uses(g.values.size(), 0) {
    for (const Op &op : g.ops)
      for (int o : op.operands)
        ++uses[o];
    for (int o : g.outputs)
      ++uses[o];
  }
  /// The op of kind `kind` producing `v`, or null.
  const Op *def(int v, OpKind kind) const {
    int p = producer[v];
    return p >= 0 && g.ops[p].kind == kind ? &g.ops[p] : nullptr;
  }
  const Shape &shape(int v) const { return g.type(v).shape; }

  const Graph &g;
  std::vector<int> producer;
  /// Reads of each value by ops and as an output.
  std::vector<int> uses;
};

/// Builds the rewritten graph: copies of the program's ops with renumbered
/// operands, and the ops a rule emits in place of the one it replaces.
class Emitter {
public:
  /// Starts the new graph with `from`'s inputs.
  explicit Emitter(const Graph &from)
      : from(from), map(from.values.size(), -1) {
    out.level = from.level;
    for (int in : from.inputs)
      map[in] = out.addInput(from.type(in));
  }

  /// Appends a copy of program op `op`, its operands renumbered.
  void copy(const Op &op) { appendCopy(out, op, from, map); }

  /// The new id of program value `v` (defined before the op replaced).
  int operator()(int v) const { return map[v]; }

  /// Appends a new op; its result type follows from its operands.
  int emit(OpKind kind, llvm::ArrayRef<int> operands, int64_t dim = 0,
           double scalar = 0) {
    Op op;
    op.kind = kind;
    op.operands.assign(operands.begin(), operands.end());
    op.dim = dim;
    op.scalar = scalar;
    TensorType type = out.type(operands[0]);
    if (kind == OpKind::ReduceSum || kind == OpKind::ReduceMax)
      type.shape[dim] = 1; // one group
    int v = out.addOp(std::move(op), {type});
    if (failed(inferOpShapes(out, out.ops.size() - 1)))
      failedShape = true;
    // A value a rewrite introduces has no dtype in the program (an
    // unnormalized product, a row statistic): it is stored in f32, and only
    // the replacement's result takes the program's dtype.
    if (!isDataMovement(kind))
      out.values[v].dtype = DType::F32;
    return v;
  }

  const Graph &from;
  Graph out;
  std::vector<int> map;
  bool failedShape = false;
};

/// What a rule puts in place of the op it matched: the new id of its result.
using Replacement = std::function<int(Emitter &)>;

struct Rule {
  llvm::StringRef name;
  std::optional<Replacement> (*match)(const Matcher &m, const Op &op);
};

bool isInverseOf(double scalar, int64_t n) {
  return n > 0 && std::fabs(scalar * static_cast<double>(n) - 1.0) < 1e-9;
}

/// mean((x - mean(x))²) along one dim → mean(x²) - mean(x)², where a mean
/// is a reduce_sum times 1/K.
std::optional<Replacement> centredVariance(const Matcher &m, const Op &op) {
  if (op.kind != OpKind::MulScalar)
    return std::nullopt;
  const Op *ss = m.def(op.operands[0], OpKind::ReduceSum);
  if (!ss)
    return std::nullopt;
  int64_t d = ss->dim;
  // The square, written as square(d) or d * d.
  const Op *sq = m.def(ss->operands[0], OpKind::Square);
  const Op *mul = m.def(ss->operands[0], OpKind::Mul);
  if (!sq && mul && mul->operands[0] == mul->operands[1])
    sq = mul;
  const Op *xc = sq ? m.def(sq->operands[0], OpKind::Sub) : nullptr;
  if (!xc)
    return std::nullopt;
  int x = xc->operands[0], mean = xc->operands[1];
  const Op *scaled = m.def(mean, OpKind::MulScalar);
  const Op *sum =
      scaled ? m.def(scaled->operands[0], OpKind::ReduceSum) : nullptr;
  if (!sum || sum->operands[0] != x || sum->dim != d ||
      m.shape(xc->results[0]) != m.shape(x))
    return std::nullopt;
  // One group per reduction: the mean is over the whole dim.
  int64_t k = m.shape(x)[d];
  if (m.shape(sum->results[0])[d] != 1 || m.shape(ss->results[0])[d] != 1 ||
      !isInverseOf(op.scalar, k) || !isInverseOf(scaled->scalar, k))
    return std::nullopt;
  double inv = op.scalar;
  return Replacement([=](Emitter &e) {
    int sumSq = e.emit(OpKind::ReduceSum, {e.emit(OpKind::Square, {e(x)})}, d);
    int meanSq = e.emit(OpKind::MulScalar, {sumSq}, 0, inv);
    return e.emit(OpKind::Sub, {meanSq, e.emit(OpKind::Square, {e(mean)})});
  });
}

/// f(x)·Y where f shifts and scales each row of x by values constant along
/// the row: the shifts become x·Y ± m ⊗ colsum(Y), the scalings apply to the
/// product.
std::optional<Replacement> matmulPastRowShift(const Matcher &m, const Op &op) {
  if (op.kind != OpKind::Matmul)
    return std::nullopt;
  int y = op.operands[1];
  struct Step {
    OpKind kind;
    int rowValue;
  };
  llvm::SmallVector<Step, 4> steps;
  int cur = op.operands[0];
  const Shape &lhs = m.shape(cur);
  if (lhs.size() < 2 || lhs.back() < 2)
    return std::nullopt;
  // A value constant along each row of `cur`'s shape, broadcast to it.
  auto rowConstant = [&](int v) {
    const Shape &s = m.shape(v);
    return !s.empty() && s.size() <= lhs.size() && s.back() == 1;
  };
  bool shifted = false;
  while (m.producer[cur] >= 0) {
    const Op &def = m.g.ops[m.producer[cur]];
    if (!isElementwiseBinary(def.kind))
      break;
    int a = def.operands[0], b = def.operands[1];
    bool commutes = def.kind == OpKind::Add || def.kind == OpKind::Mul;
    if (commutes && rowConstant(a) && !rowConstant(b))
      std::swap(a, b);
    if (!rowConstant(b) || m.shape(a) != lhs)
      break;
    steps.push_back({def.kind, b});
    shifted |= def.kind == OpKind::Add || def.kind == OpKind::Sub;
    cur = a;
  }
  if (!shifted)
    return std::nullopt; // scalings alone are reached by the search
  int64_t rowDim = m.shape(y).size() - 2;
  return Replacement([=](Emitter &e) {
    int result = e.emit(OpKind::Matmul, {e(cur), e(y)});
    int colSums = -1;
    for (const Step &s : llvm::reverse(steps)) {
      int operand = e(s.rowValue);
      if (s.kind == OpKind::Add || s.kind == OpKind::Sub) {
        if (colSums < 0)
          colSums = e.emit(OpKind::ReduceSum, {e(y)}, rowDim);
        operand = e.emit(OpKind::Mul, {operand, colSums});
      }
      result = e.emit(s.kind, {result, operand});
    }
    return result;
  });
}

/// rms_norm(x, g)·W → ((x ∘ g)·W) / sqrt(mean(x²) + ε): the row scale of
/// the norm moves past the matmul (Blockbuster's rule 4), so that Σx² and
/// (x ∘ g)·W accumulate in one loop over the normalized dim. A norm feeding
/// several matmuls is rewritten at each (rule 8). The epsilon is an
/// add_scalar (none when ε = 0), which the search generates from the
/// program's epsilons.
std::optional<Replacement> matmulPastRmsNorm(const Matcher &m, const Op &op) {
  if (op.kind != OpKind::Matmul)
    return std::nullopt;
  const Op *norm = m.def(op.operands[0], OpKind::RmsNorm);
  if (!norm)
    return std::nullopt;
  double eps = norm->scalar;
  int x = norm->operands[0], gamma = norm->operands[1], w = op.operands[1];
  const Shape &xs = m.shape(x);
  if (xs.size() < 2 || m.shape(gamma).size() != 1)
    return std::nullopt;
  int64_t last = xs.size() - 1;
  double inv = 1.0 / static_cast<double>(xs.back());
  return Replacement([=](Emitter &e) {
    int scaled = e.emit(OpKind::Mul, {e(x), e(gamma)});
    int product = e.emit(OpKind::Matmul, {scaled, e(w)});
    int sumSq =
        e.emit(OpKind::ReduceSum, {e.emit(OpKind::Square, {e(x)})}, last);
    int meanSq = e.emit(OpKind::MulScalar, {sumSq}, 0, inv);
    if (eps != 0)
      meanSq = e.emit(OpKind::AddScalar, {meanSq}, 0, eps);
    int rms = e.emit(OpKind::Sqrt, {meanSq});
    return e.emit(OpKind::Div, {product, rms});
  });
}

/// A value constant along each row of a matmul lhs of shape `lhs`, as a
/// broadcast operand of an element-wise op (extent 1 in the last dim).
bool isRowConstant(const Shape &s, const Shape &lhs) {
  return !s.empty() && s.size() <= lhs.size() && s.back() == 1;
}

/// The row scale a matmul's lhs is, x ∘ s or x / s with s constant along
/// each row: {x, s, kind}; std::nullopt otherwise.
struct RowScale {
  int x, scale;
  OpKind kind;
};
std::optional<RowScale> rowScaleOf(const Matcher &m, int lhs) {
  const Op *mul = m.def(lhs, OpKind::Mul);
  const Op *div = m.def(lhs, OpKind::Div);
  const Op *def = mul ? mul : div;
  const Shape &ls = m.shape(lhs);
  if (!def || ls.size() < 2 || ls.back() < 2)
    return std::nullopt;
  int a = def->operands[0], b = def->operands[1];
  if (mul && isRowConstant(m.shape(a), ls) && !isRowConstant(m.shape(b), ls))
    std::swap(a, b);
  if (!isRowConstant(m.shape(b), ls) || m.shape(a) != ls)
    return std::nullopt;
  return RowScale{a, b, def->kind};
}

/// The column scale a matmul's rhs is, y ∘ c or y / c with c constant
/// along each column (the contracted dim): {y, c, kind}.
std::optional<RowScale> columnScaleOf(const Matcher &m, int rhs) {
  const Op *mul = m.def(rhs, OpKind::Mul);
  const Op *div = m.def(rhs, OpKind::Div);
  const Op *def = mul ? mul : div;
  const Shape &rs = m.shape(rhs);
  auto columnConstant = [&](const Shape &s) {
    return !s.empty() && s.size() <= rs.size() &&
           (s.size() < 2 || s[s.size() - 2] == 1);
  };
  if (!def || rs.size() < 2 || rs[rs.size() - 2] < 2)
    return std::nullopt;
  int a = def->operands[0], b = def->operands[1];
  if (mul && columnConstant(m.shape(a)) && !columnConstant(m.shape(b)))
    std::swap(a, b);
  if (!columnConstant(m.shape(b)) || m.shape(a) != rs)
    return std::nullopt;
  return RowScale{a, b, def->kind};
}

/// (x ∘ s)·Y → (x·Y) ∘ s: the scale moves past the matmul; likewise a
/// column scale of the rhs, X·(y ∘ c) → (X·y) ∘ c.
Replacement scaleAfterMatmul(RowScale rs, int y, bool rhs = false) {
  return [=](Emitter &e) {
    int product = rhs ? e.emit(OpKind::Matmul, {e(y), e(rs.x)})
                      : e.emit(OpKind::Matmul, {e(rs.x), e(y)});
    return e.emit(rs.kind, {product, e(rs.scale)});
  };
}

/// (x ∘ s)·Y → (x·Y) ∘ s for s constant along each row (Blockbuster's rule
/// 4, linearity), when the matmul is the only reader of x ∘ s; and the
/// same for a column scale of the rhs (a normalized K in attention).
std::optional<Replacement> rowScalePastMatmul(const Matcher &m, const Op &op) {
  if (op.kind != OpKind::Matmul)
    return std::nullopt;
  if (m.uses[op.operands[0]] == 1)
    if (std::optional<RowScale> rs = rowScaleOf(m, op.operands[0]))
      return scaleAfterMatmul(*rs, op.operands[1]);
  if (m.uses[op.operands[1]] == 1 && op.operands[0] != op.operands[1])
    if (std::optional<RowScale> cs = columnScaleOf(m, op.operands[1]))
      return scaleAfterMatmul(*cs, op.operands[0], /*rhs=*/true);
  return std::nullopt;
}

/// A row scale read by several matmuls (and nothing else) is duplicated for
/// each, which then moves it past itself (Blockbuster's rule 8 before rule
/// 4): the scale op dies once every matmul is rewritten.
std::optional<Replacement> duplicateRowScale(const Matcher &m, const Op &op) {
  if (op.kind != OpKind::Matmul)
    return std::nullopt;
  int lhs = op.operands[0];
  if (m.uses[lhs] < 2)
    return std::nullopt;
  unsigned matmulReads = 0;
  for (const Op &user : m.g.ops)
    for (auto [i, o] : llvm::enumerate(user.operands))
      if (o == lhs) {
        if (user.kind != OpKind::Matmul || i != 0)
          return std::nullopt;
        ++matmulReads;
      }
  if (matmulReads != static_cast<unsigned>(m.uses[lhs]))
    return std::nullopt; // also a program output
  std::optional<RowScale> rs = rowScaleOf(m, lhs);
  if (!rs)
    return std::nullopt;
  return scaleAfterMatmul(*rs, op.operands[1]);
}

const Rule kSearchRules[] = {
    {"centred-variance", centredVariance},
    {"matmul-past-row-shift", matmulPastRowShift},
    {"matmul-past-rms-norm", matmulPastRmsNorm},
};

/// Blockbuster's priority: rule 8, then 4, then 5; the rms_norm and
/// variance forms first, as they expose the scales and shifts.
const Rule kFusionRules[] = {
    {"centred-variance", centredVariance},
    {"matmul-past-rms-norm", matmulPastRmsNorm},
    {"duplicate-row-scale", duplicateRowScale},
    {"row-scale-past-matmul", rowScalePastMatmul},
    {"matmul-past-row-shift", matmulPastRowShift},
};

/// The first match of any rule, applied; std::nullopt when none matches.
std::optional<std::pair<Graph, llvm::StringRef>>
rewriteOnce(const Graph &g, llvm::ArrayRef<Rule> rules) {
  Matcher m(g);
  // Rules in priority order, each at its first match.
  for (const Rule &rule : rules) {
    for (auto [i, op] : llvm::enumerate(g.ops)) {
      std::optional<Replacement> replace = rule.match(m, op);
      if (!replace)
        continue;
      Emitter e(g);
      for (auto [j, other] : llvm::enumerate(g.ops)) {
        if (j != i) {
          e.copy(other);
          continue;
        }
        int r = (*replace)(e);
        const TensorType &want = g.type(op.results[0]);
        if (e.failedShape || e.out.type(r).shape != want.shape)
          break;
        e.out.values[r].dtype = want.dtype;
        e.map[op.results[0]] = r;
      }
      if (e.map[op.results[0]] < 0)
        continue; // the replacement did not type-check
      for (int o : g.outputs)
        e.out.outputs.push_back(e(o));
      return std::make_pair(withoutDeadOps(e.out), rule.name);
    }
  }
  return std::nullopt;
}

} // namespace

std::optional<RewrittenProgram>
tsopt::rewriteAlgebraically(const Graph &program, RewriteRules rules) {
  if (program.level != Level::Kernel)
    return std::nullopt;
  RewrittenProgram result;
  result.graph = program;
  // Every rule removes the pattern it matches and creates none; the bound
  // only guards against a rule that would.
  for (unsigned n = 0; n < 64; ++n) {
    auto next = rewriteOnce(result.graph, rules == RewriteRules::Search
                                              ? llvm::ArrayRef(kSearchRules)
                                              : llvm::ArrayRef(kFusionRules));
    if (!next)
      break;
    result.graph = std::move(next->first);
    result.rules.push_back(next->second);
  }
  if (result.rules.empty())
    return std::nullopt;
  return result;
}
