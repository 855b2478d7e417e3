//===- SubexprOracle.cpp - The subexpression test, decided by Z3 ----------===//
//
// SubexprOracle (AbstractExpr.h): e ⊑ T under A_eq ∪ A_sub, decided by Z3's
// E-matching, behind a syntactic pre-check and a cache.
//
//===----------------------------------------------------------------------===//

#include "SymbolSets.h"
#include "tsopt/Search/AbstractExpr.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <z3++.h>

#include <algorithm>
#include <cassert>
#include <chrono>
#include <functional>
#include <map>
#include <optional>

using namespace tsopt;
using namespace tsopt::search;

//
// The Z3 theory. Sorts: E (expressions, uninterpreted) and Int (extents).
// Functions: add, mul, div: E×E→E; exp: E→E; sum, max: Int×E→E; one
// uninterpreted f: E→E per applied OpKind; sub: E×E→Bool (e ⊑ t); a
// constant x<i> per program input and a constant `root`, the tuple of the
// program's outputs (so that one relation answers "a subexpression of some
// output": sub(T_k, root) for every target T_k is the A_sub instance
// "an argument is a subexpression of its application").
//
// A_eq (equalities; each is one quantifier, triggered by both sides where
// that side binds every variable):
//  E1  add(x, y) = add(y, x)
//  E2  mul(x, y) = mul(y, x)
//  E3  add(add(x, y), z) = add(x, add(y, z))
//  E4  mul(mul(x, y), z) = mul(x, mul(y, z))
//  E5  mul(x, add(y, z)) = add(mul(x, y), mul(x, z))
//  E6  div(add(x, y), z) = add(div(x, z), div(y, z))
//  E7  div(mul(x, y), z) = mul(x, div(y, z))
//  E8  div(div(x, y), z) = div(x, mul(y, z))
//  E9  exp(add(x, y)) = mul(exp(x), exp(y))
//  E10 sum(i, sum(j, x)) = sum(i*j, x)       (left to right only)
//  E11 max(i, max(j, x)) = max(i*j, x)       (left to right only)
//  E12 sum(i, add(x, y)) = add(sum(i, x), sum(i, y))
//  E13 sum(i, mul(x, y)) = mul(sum(i, x), y)
//  E14 sum(i, div(x, y)) = div(sum(i, x), y)
// E13 and E14 hold because expressions are index-free (y stands for any
// element, constant along the reduction or not); this over-approximation is
// what makes a partial product accumulated in a loop a subexpression.
//
// A_sub (Mirage Table 2):
//  S1  sub(x, x)                                    reflexivity
//  S2  sub(x, y) ∧ sub(y, z) → sub(x, z)            transitivity
//  S3  x = y → sub(x, y)                            (S1 and congruence)
//  S4  sub(x, add(x, y)), sub(y, add(x, y)), sub(x, mul(x, y)),
//      sub(y, mul(x, y)), sub(x, div(x, y)), sub(y, div(x, y)),
//      sub(x, exp(x)), sub(x, f(x)) for every f, sub(x, sum(i, x)),
//      sub(x, max(i, x))
//  S5  i > 0 ∧ j mod i = 0 → sub(sum(i, x), sum(j, x)), and the same for
//      max (a partial reduction of a reduction)
// Every query asks sub(e, root) with `root` fixed. Instead of S1, S2 and
// S4/S5 as stated, the solver gets their consequences that point downwards
// from a known superexpression w, each triggered by its left side:
//  D1  sub(add(x, y), w) → sub(x, w) ∧ sub(y, w), and the same for mul and
//      div (S2 with S4)
//  D2  sub(exp(x), w) → sub(x, w); sub(f(x), w) → sub(x, w) for every f;
//      sub(sum(i, x), w) → sub(x, w); sub(max(i, x), w) → sub(x, w) (S2
//      with S4)
//  D3  sub(sum(j, x), w) ∧ i > 0 ∧ j mod i = 0 → sub(sum(i, x), w), and
//      the same for max (S2 with S5), triggered by sub(sum(j, x), w)
//      together with a term sum(i, x)
//  D4  sub(T_k, root) for every target (S4 for the output tuple)
// and S3 is congruence. Every chain e ⊑ … ⊑ root of S4/S5 steps through
// terms of the E-graph is found by walking down from the targets, which
// E-matching does once per target node, where S2 would have it build the
// transitive closure of every pair of terms.
//
// E-matching instantiates only on terms present in the E-graph, so no
// pattern can make Z3 enumerate new sum extents; E10/E11 are oriented
// towards the merged reduction (their right side cannot bind i and j).

namespace {

/// The quantifier language and the encoding of expressions for one query
/// (one z3::context: contexts are not thread-safe and a fresh one keeps
/// each verdict independent of what was asked before).
class Encoder {
public:
  Encoder(z3::context &c, const ExprContext &ctx)
      : c(c), ctx(ctx), exprSort(c.uninterpreted_sort("E")),
        intSort(c.int_sort()),
        addFn(c.function("add", exprSort, exprSort, exprSort)),
        mulFn(c.function("mul", exprSort, exprSort, exprSort)),
        divFn(c.function("div", exprSort, exprSort, exprSort)),
        expFn(c.function("exp", exprSort, exprSort)),
        sumFn(c.function("sum", intSort, exprSort, exprSort)),
        maxFn(c.function("max", intSort, exprSort, exprSort)),
        subFn(c.function("sub", exprSort, exprSort, c.bool_sort())),
        root(c.constant("root", exprSort)) {}

  /// The Z3 term of `id` (memoized: shared subterms are built once, in a
  /// deterministic order).
  z3::expr encode(ExprId id);

  /// Asserts A_eq and A_sub in `s`.
  void addAxioms(z3::solver &s);

  z3::context &c;
  const ExprContext &ctx;
  z3::sort exprSort, intSort;
  z3::func_decl addFn, mulFn, divFn, expFn, sumFn, maxFn, subFn;
  z3::expr root;

private:
  z3::func_decl applyFn(OpKind f);

  std::vector<z3::expr> terms;
  llvm::DenseMap<ExprId, unsigned> termOf;
  std::map<unsigned, z3::func_decl> applyFns;
};

z3::func_decl Encoder::applyFn(OpKind f) {
  auto it = applyFns.find(static_cast<unsigned>(f));
  if (it != applyFns.end())
    return it->second;
  z3::func_decl fn =
      c.function(("f_" + stringifyOpKind(f).str()).c_str(), exprSort, exprSort);
  applyFns.insert({static_cast<unsigned>(f), fn});
  return fn;
}

z3::expr Encoder::encode(ExprId id) {
  auto it = termOf.find(id);
  if (it != termOf.end())
    return terms[it->second];
  ExprNode n = ctx.node(id);
  auto ext = [&](int64_t v) { return c.int_val(static_cast<int64_t>(v)); };
  if (n.kind == ExprKind::Var) {
    z3::expr v = c.constant(("x" + std::to_string(n.attr)).c_str(), exprSort);
    termOf.insert({id, terms.size()});
    terms.push_back(v);
    return v;
  }
  // Children first, left before right: Z3 numbers terms in creation order,
  // and the order must not be left to the compiler.
  z3::expr l = encode(n.lhs);
  std::optional<z3::expr> r;
  if (n.rhs >= 0)
    r = encode(n.rhs);
  z3::expr t = [&]() -> z3::expr {
    switch (n.kind) {
    case ExprKind::Add:
      return addFn(l, *r);
    case ExprKind::Mul:
      return mulFn(l, *r);
    case ExprKind::Div:
      return divFn(l, *r);
    case ExprKind::Exp:
      return expFn(l);
    case ExprKind::Sum:
      return sumFn(ext(n.attr), l);
    case ExprKind::Max:
      return maxFn(ext(n.attr), l);
    case ExprKind::Apply:
      return applyFn(static_cast<OpKind>(n.attr))(l);
    case ExprKind::Var:
      break;
    }
    return root;
  }();
  termOf.insert({id, terms.size()});
  terms.push_back(t);
  return t;
}

/// ∀ vars. body, with the given triggers (each a multi-pattern).
z3::expr forallWith(z3::context &c, const std::vector<z3::expr> &vars,
                    const z3::expr &body,
                    const std::vector<std::vector<z3::expr>> &triggers) {
  std::vector<Z3_app> bound;
  for (const z3::expr &v : vars)
    bound.push_back(Z3_to_app(c, v));
  // Keep the patterns referenced while the quantifier is built.
  std::vector<z3::ast> keep;
  std::vector<Z3_pattern> patterns;
  for (const std::vector<z3::expr> &trigger : triggers) {
    std::vector<Z3_ast> terms;
    for (const z3::expr &t : trigger)
      terms.push_back(t);
    Z3_pattern p = Z3_mk_pattern(c, terms.size(), terms.data());
    c.check_error();
    keep.push_back(z3::ast(c, reinterpret_cast<Z3_ast>(p)));
    patterns.push_back(p);
  }
  Z3_ast q = Z3_mk_forall_const(c, 0, bound.size(), bound.data(),
                                patterns.size(), patterns.data(), body);
  c.check_error();
  return z3::expr(c, q);
}

void Encoder::addAxioms(z3::solver &s) {
  z3::expr x = c.constant("x", exprSort), y = c.constant("y", exprSort),
           z = c.constant("z", exprSort), w = c.constant("w", exprSort);
  z3::expr i = c.constant("i", intSort), j = c.constant("j", intSort);
  auto add = [&](const z3::expr &a, const z3::expr &b) { return addFn(a, b); };
  auto mul = [&](const z3::expr &a, const z3::expr &b) { return mulFn(a, b); };
  auto div = [&](const z3::expr &a, const z3::expr &b) { return divFn(a, b); };
  auto sum = [&](const z3::expr &k, const z3::expr &a) { return sumFn(k, a); };
  auto max = [&](const z3::expr &k, const z3::expr &a) { return maxFn(k, a); };
  auto sub = [&](const z3::expr &a, const z3::expr &b) { return subFn(a, b); };

  // An equality triggered by both of its sides.
  auto eq2 = [&](std::vector<z3::expr> vars, const z3::expr &l,
                 const z3::expr &r) {
    s.add(forallWith(c, vars, l == r, {{l}, {r}}));
  };
  auto eq1 = [&](std::vector<z3::expr> vars, const z3::expr &l,
                 const z3::expr &r) {
    s.add(forallWith(c, vars, l == r, {{l}}));
  };

  // A_eq.
  eq1({x, y}, add(x, y), add(y, x));                            // E1
  eq1({x, y}, mul(x, y), mul(y, x));                            // E2
  eq2({x, y, z}, add(add(x, y), z), add(x, add(y, z)));         // E3
  eq2({x, y, z}, mul(mul(x, y), z), mul(x, mul(y, z)));         // E4
  eq2({x, y, z}, mul(x, add(y, z)), add(mul(x, y), mul(x, z))); // E5
  eq2({x, y, z}, div(add(x, y), z), add(div(x, z), div(y, z))); // E6
  eq2({x, y, z}, div(mul(x, y), z), mul(x, div(y, z)));         // E7
  eq2({x, y, z}, div(div(x, y), z), div(x, mul(y, z)));         // E8
  eq2({x, y}, expFn(add(x, y)), mul(expFn(x), expFn(y)));       // E9
  eq1({i, j, x}, sum(i, sum(j, x)), sum(i * j, x));             // E10
  eq1({i, j, x}, max(i, max(j, x)), max(i * j, x));             // E11
  eq2({i, x, y}, sum(i, add(x, y)), add(sum(i, x), sum(i, y))); // E12
  eq2({i, x, y}, sum(i, mul(x, y)), mul(sum(i, x), y));         // E13
  eq2({i, x, y}, sum(i, div(x, y)), div(sum(i, x), y));         // E14

  // A_sub, pointing down from a known superexpression w: D1.
  auto down2 = [&](const z3::expr &t, const z3::expr &a, const z3::expr &b) {
    s.add(forallWith(c, {x, y, w},
                     z3::implies(sub(t, w), sub(a, w) && sub(b, w)),
                     {{sub(t, w)}}));
  };
  down2(add(x, y), x, y);
  down2(mul(x, y), x, y);
  down2(div(x, y), x, y);
  // D2.
  s.add(forallWith(c, {x, w}, z3::implies(sub(expFn(x), w), sub(x, w)),
                   {{sub(expFn(x), w)}}));
  for (auto &[kind, fn] : applyFns)
    s.add(forallWith(c, {x, w}, z3::implies(sub(fn(x), w), sub(x, w)),
                     {{sub(fn(x), w)}}));
  for (const z3::func_decl &red : {sumFn, maxFn}) {
    s.add(forallWith(c, {i, x, w}, z3::implies(sub(red(i, x), w), sub(x, w)),
                     {{sub(red(i, x), w)}}));
    // D3: a partial reduction of a known subexpression, for the partial
    // reductions present in the E-graph.
    s.add(
        forallWith(c, {i, j, x, w},
                   z3::implies(sub(red(j, x), w) && i > 0 && z3::mod(j, i) == 0,
                               sub(red(i, x), w)),
                   {{sub(red(j, x), w), red(i, x)}}));
  }
}

} // namespace

struct SubexprOracle::Impl {
  Impl(ExprContext &ctx, unsigned resourceLimit)
      : ctx(ctx), resourceLimit(resourceLimit) {}

  /// The Z3 verdict; `unknown` is set when Z3 gave up.
  bool solve(ExprId e, bool &unknown, double &seconds) const;

  ExprContext &ctx;
  unsigned resourceLimit;
  /// A target the language cannot describe: nothing can be pruned.
  bool opaqueTarget = false;
  /// Target expressions (parts of all target tensors), deduplicated, in
  /// order.
  std::vector<ExprId> targets;
  /// Every node of every target.
  llvm::DenseSet<ExprId> subterms;
  /// Reductions among the target nodes: (kind, argument) -> extents.
  std::map<std::pair<ExprKind, ExprId>, llvm::SmallVector<int64_t, 2>>
      reductions;
  /// Symbols of the targets, and those that terms equal to a target can
  /// contain (see precheck).
  uint64_t targetSymbols = 0, reachableSymbols = 0;

  mutable std::mutex mutex;
  llvm::DenseMap<ExprId, bool> cache;
  /// The solver's verdicts in the order cached (solvedText).
  std::vector<std::pair<ExprId, bool>> solved;
  SubexprStats stats;
};

bool SubexprOracle::Impl::solve(ExprId e, bool &unknown,
                                double &seconds) const {
  auto start = std::chrono::steady_clock::now();
  unknown = false;
  bool kept = false;
  try {
    z3::context c;
    // The plain SMT kernel: the default solver's preprocessing costs more
    // than these queries.
    z3::solver s(c, z3::solver::simple());
    z3::params p(c);
    // Deterministic resource limit, no wall-clock timeout.
    p.set("rlimit", resourceLimit);
    // E-matching only: model-based instantiation cannot prove more here
    // and would turn saturation into long searches for models.
    p.set("mbqi", false);
    p.set("auto_config", false);
    s.set(p);
    Encoder enc(c, ctx);
    // Encode first, so that the axioms see every applied symbol.
    std::vector<z3::expr> targetTerms;
    for (ExprId t : targets)
      targetTerms.push_back(enc.encode(t));
    z3::expr goal = enc.encode(e);
    enc.addAxioms(s);
    for (const z3::expr &t : targetTerms) // D4
      s.add(enc.subFn(t, enc.root));
    s.add(!enc.subFn(goal, enc.root));
    z3::check_result r = s.check();
    if (r == z3::unsat)
      kept = true;
    else if (r == z3::unknown) {
      std::string why = s.reason_unknown();
      unknown = why.find("resource") != std::string::npos ||
                why.find("canceled") != std::string::npos;
    }
  } catch (const z3::exception &) {
    unknown = true;
    kept = false;
  }
  seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return kept;
}

SubexprOracle::SubexprOracle(ExprContext &ctx,
                             llvm::ArrayRef<AbsTensor> targetTensors,
                             unsigned resourceLimit)
    : impl(std::make_unique<Impl>(ctx, resourceLimit)) {
  llvm::DenseSet<ExprId> seen;
  for (const AbsTensor &t : targetTensors) {
    if (t.unknown) {
      impl->opaqueTarget = true;
      continue;
    }
    for (const AbsTensor::Part &p : t.parts)
      if (p.expr >= 0 && seen.insert(p.expr).second)
        impl->targets.push_back(p.expr);
  }
  // Walk every target node once.
  llvm::SmallVector<ExprId, 32> stack(impl->targets.begin(),
                                      impl->targets.end());
  while (!stack.empty()) {
    ExprId id = stack.pop_back_val();
    if (!impl->subterms.insert(id).second)
      continue;
    ExprNode n = ctx.node(id);
    if (n.kind == ExprKind::Sum || n.kind == ExprKind::Max)
      impl->reductions[{n.kind, n.lhs}].push_back(n.attr);
    if (n.lhs >= 0)
      stack.push_back(n.lhs);
    if (n.rhs >= 0)
      stack.push_back(n.rhs);
  }
  {
    std::lock_guard<std::mutex> lock(ctx.mutex);
    for (ExprId t : impl->targets)
      impl->targetSymbols |= ctx.symbolSets[t];
  }
  // The symbols A_eq can introduce into a term equal to a target: only mul
  // (E8 from div, E9 from exp and add) and add (E9 from exp and mul). Every
  // other symbol, and every program input, occurs on both sides of every
  // axiom that mentions it, and no axiom has a variable of sort E on one side
  // only.
  uint64_t s = impl->targetSymbols;
  for (;;) {
    uint64_t t = s;
    if (s & kSymDiv)
      t |= kSymMul;
    if ((s & kSymExp) && (s & kSymAdd))
      t |= kSymMul;
    if ((s & kSymExp) && (s & kSymMul))
      t |= kSymAdd;
    if (t == s)
      break;
    s = t;
  }
  impl->reachableSymbols = s;
}

SubexprOracle::~SubexprOracle() = default;

int SubexprOracle::precheck(ExprId e) const {
  if (impl->opaqueTarget)
    return 1;
  // Keep (Z3 proves these by walking down from the target):
  //  K1  e is a node of a target;
  //  K2  e = sum(i, x) (or max) and a target node is sum(j, x) with i | j.
  if (impl->subterms.count(e))
    return 1;
  ExprNode n = impl->ctx.node(e);
  if (n.kind == ExprKind::Sum || n.kind == ExprKind::Max) {
    auto it = impl->reductions.find({n.kind, n.lhs});
    if (it != impl->reductions.end() && n.attr > 0)
      for (int64_t j : it->second)
        if (j % n.attr == 0)
          return 1;
  }
  // Prune (Z3 cannot prove these):
  //  P1  e contains a program input, an uninterpreted f, exp, sum, max or
  //      div that no target contains. No axiom removes or introduces any of
  //      them, so no term equal to e and no term equal to a target has it
  //      in common.
  //  P2  e contains mul (add) while no term equal to a target can
  //      (reachableSymbols). A_eq removes mul only by E8 (keeping div) or
  //      E9 (keeping exp, adding add), and add only by E9 (keeping exp,
  //      adding mul); either leaves a symbol that the targets' terms would
  //      then have had to reach.
  // Extents are never compared: E10 changes them.
  uint64_t syms;
  {
    std::lock_guard<std::mutex> lock(impl->ctx.mutex);
    syms = impl->ctx.symbolSets[e];
  }
  if (syms & ~impl->reachableSymbols & ~kVarOverflow)
    return 0;
  return -1;
}

bool SubexprOracle::solverIsSubexpr(ExprId e) {
  if (impl->opaqueTarget)
    return true;
  bool unknown;
  double seconds;
  bool kept = impl->solve(e, unknown, seconds);
  std::lock_guard<std::mutex> lock(impl->mutex);
  ++impl->stats.solverCalls;
  impl->stats.solverUnknown += unknown;
  impl->stats.solverSeconds += seconds;
  return kept;
}

bool SubexprOracle::isSubexpr(ExprId e) {
  {
    std::lock_guard<std::mutex> lock(impl->mutex);
    ++impl->stats.queries;
    auto it = impl->cache.find(e);
    if (it != impl->cache.end()) {
      ++impl->stats.cacheHits;
      return it->second;
    }
  }
  int pre = precheck(e);
  bool kept;
  if (pre >= 0) {
    kept = pre == 1;
    std::lock_guard<std::mutex> lock(impl->mutex);
    ++(kept ? impl->stats.precheckKept : impl->stats.precheckPruned);
    impl->cache.insert({e, kept});
    return kept;
  }
  // Two threads may solve the same expression at once; the verdict is a
  // function of the expression, so either answer may be cached.
  kept = solverIsSubexpr(e);
  std::lock_guard<std::mutex> lock(impl->mutex);
  if (impl->cache.insert({e, kept}).second)
    impl->solved.push_back({e, kept});
  return kept;
}

size_t SubexprOracle::numSolved() const {
  std::lock_guard<std::mutex> lock(impl->mutex);
  return impl->solved.size();
}

// The text: one line per node, "n <kind> <attr> <lhs> <rhs>", children
// before parents and operands numbered by line among the nodes, then one
// line per verdict, "v <node> <0|1>". Node ids are local to the text, so
// the reader interns the same structures under its own ids.
std::string SubexprOracle::solvedText(size_t from) const {
  std::vector<std::pair<ExprId, bool>> verdicts;
  {
    std::lock_guard<std::mutex> lock(impl->mutex);
    if (from < impl->solved.size())
      verdicts.assign(impl->solved.begin() + from, impl->solved.end());
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::DenseMap<ExprId, int64_t> local;
  std::function<int64_t(ExprId)> emit = [&](ExprId id) -> int64_t {
    if (id < 0)
      return -1;
    if (auto it = local.find(id); it != local.end())
      return it->second;
    ExprNode n = impl->ctx.node(id);
    int64_t lhs = emit(n.lhs), rhs = emit(n.rhs);
    int64_t mine = static_cast<int64_t>(local.size());
    local[id] = mine;
    os << "n " << static_cast<int>(n.kind) << ' ' << n.attr << ' ' << lhs << ' '
       << rhs << '\n';
    return mine;
  };
  for (auto [id, kept] : verdicts) {
    int64_t node = emit(id);
    os << "v " << node << ' ' << (kept ? 1 : 0) << '\n';
  }
  return text;
}

bool SubexprOracle::importVerdicts(llvm::StringRef text) {
  std::vector<ExprId> nodes;
  std::vector<std::pair<ExprId, bool>> verdicts;
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef line : lines) {
    llvm::SmallVector<llvm::StringRef, 5> f;
    line.split(f, ' ');
    auto child = [&](llvm::StringRef t, ExprId &to) {
      int64_t i;
      if (t.getAsInteger(10, i) || i < -1 ||
          i >= static_cast<int64_t>(nodes.size()))
        return false;
      to = i < 0 ? -1 : nodes[i];
      return true;
    };
    if (f.size() == 5 && f[0] == "n") {
      unsigned kind;
      ExprNode n{ExprKind::Var};
      if (f[1].getAsInteger(10, kind) ||
          kind > static_cast<unsigned>(ExprKind::Apply) ||
          f[2].getAsInteger(10, n.attr) || !child(f[3], n.lhs) ||
          !child(f[4], n.rhs))
        return false;
      n.kind = static_cast<ExprKind>(kind);
      nodes.push_back(impl->ctx.intern(n));
      continue;
    }
    ExprId id;
    if (f.size() != 3 || f[0] != "v" || !child(f[1], id) || id < 0 ||
        (f[2] != "0" && f[2] != "1"))
      return false;
    verdicts.push_back({id, f[2] == "1"});
  }
  std::lock_guard<std::mutex> lock(impl->mutex);
  for (auto [id, kept] : verdicts)
    if (impl->cache.insert({id, kept}).second)
      impl->solved.push_back({id, kept});
  return true;
}

bool SubexprOracle::isSubexpr(const AbsTensor &t) {
  if (t.unknown)
    return true;
  for (const AbsTensor::Part &p : t.parts)
    if (p.expr < 0 || !isSubexpr(p.expr))
      return false;
  return true;
}

SubexprStats SubexprOracle::stats() const {
  std::lock_guard<std::mutex> lock(impl->mutex);
  return impl->stats;
}
