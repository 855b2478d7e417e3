//===- LayoutSolver.cpp - The layout ILP's checker and Z3 solution --------===//
//
// The layout problem's bookkeeping, the checker of an assignment, the
// objective, and the 0-1 ILP solved with Z3's optimizer. Z3 reports errors by
// exception: everything that touches it is inside one try block in
// solveLayoutProblem, and no exception leaves this file.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Optimize/Layout.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>

using namespace tsopt;

//===----------------------------------------------------------------------===//
// The problem, the checker and the objective
//===----------------------------------------------------------------------===//

int LayoutProblem::addTensor(LayoutTensor tensor) {
  tensors.push_back(std::move(tensor));
  return static_cast<int>(tensors.size()) - 1;
}

int LayoutProblem::findCandidate(int tensor, const Layout &layout) const {
  const auto &c = tensors[tensor].candidates;
  auto it = llvm::find(c, layout);
  return it == c.end() ? -1 : static_cast<int>(it - c.begin());
}

static std::string candidateName(const LayoutProblem &p, int t, int c) {
  if (t < 0 || t >= static_cast<int>(p.tensors.size()) || c < 0 ||
      c >= p.numCandidates(t))
    return "candidate " + std::to_string(c);
  return p.tensors[t].candidates[c].str();
}

static std::string tensorName(const LayoutProblem &p, int t) {
  if (t < 0 || t >= static_cast<int>(p.tensors.size()))
    return "tensor " + std::to_string(t);
  return p.tensors[t].name.empty() ? "tensor " + std::to_string(t)
                                   : p.tensors[t].name;
}

std::string LayoutProblem::describe(LayoutConstraintRef ref) const {
  switch (ref.kind) {
  case LayoutConstraintRef::ExactlyOne: {
    std::string s = tensorName(*this, ref.index) + " takes exactly one of ";
    for (int c = 0; c < numCandidates(ref.index); ++c)
      s += (c ? ", " : "") + candidateName(*this, ref.index, c);
    return s;
  }
  case LayoutConstraintRef::Forbid: {
    // Name every candidate the same reason forbids for the same tensor (a
    // pin forbids all but one).
    const LayoutForbid &f = forbids[ref.index];
    llvm::SmallVector<int, 4> listed;
    for (const LayoutForbid &g : forbids)
      if (g.tensor == f.tensor && g.why == f.why &&
          !llvm::is_contained(listed, g.candidate))
        listed.push_back(g.candidate);
    std::string s = tensorName(*this, f.tensor) + " cannot be ";
    for (auto [k, c] : llvm::enumerate(listed))
      s += (k ? ", " : "") + candidateName(*this, f.tensor, c);
    return s + ": " + f.why;
  }
  case LayoutConstraintRef::ForbidPair: {
    const LayoutForbidPair &f = forbidPairs[ref.index];
    return tensorName(*this, f.a) + " as " + candidateName(*this, f.a, f.i) +
           " excludes " + tensorName(*this, f.b) + " as " +
           candidateName(*this, f.b, f.j) + ": " + f.why;
  }
  case LayoutConstraintRef::Capacity: {
    const LayoutCapacity &c = capacities[ref.index];
    std::string s = c.why + " (limit " + std::to_string(c.limit) + "):";
    for (const LayoutCapacity::Term &t : c.terms)
      s += " " + tensorName(*this, t.tensor) + " as " +
           candidateName(*this, t.tensor, t.candidate) + " takes " +
           std::to_string(t.weight) + ";";
    s.pop_back();
    return s;
  }
  }
  return "?";
}

static llvm::LogicalResult fail(std::string *why, std::string msg) {
  if (why)
    *why = std::move(msg);
  return llvm::failure();
}

/// Checks the indices of a problem; the solver and the checker rely on them.
static llvm::LogicalResult checkWellFormed(const LayoutProblem &p,
                                           std::string *why) {
  int n = static_cast<int>(p.tensors.size());
  auto validCandidate = [&](int t, int c) {
    return t >= 0 && t < n && c >= 0 && c < p.numCandidates(t);
  };
  for (int t = 0; t < n; ++t)
    if (p.tensors[t].candidates.empty())
      return fail(why, tensorName(p, t) + " has no candidate layout");
  for (const LayoutCost &c : p.costs) {
    if (c.a >= n || c.b >= n || (c.a < 0 && c.b >= 0))
      return fail(why, "a cost refers to a tensor out of range");
    size_t want = 1;
    if (c.a >= 0)
      want *= p.numCandidates(c.a);
    if (c.b >= 0)
      want *= p.numCandidates(c.b);
    if (c.cost.size() != want)
      return fail(why, "a cost table does not match its tensors");
  }
  for (const LayoutForbid &f : p.forbids)
    if (!validCandidate(f.tensor, f.candidate))
      return fail(why, "a forbidden candidate is out of range");
  for (const LayoutForbidPair &f : p.forbidPairs)
    if (!validCandidate(f.a, f.i) || !validCandidate(f.b, f.j))
      return fail(why, "a forbidden pair is out of range");
  for (const LayoutCapacity &c : p.capacities)
    for (const LayoutCapacity::Term &t : c.terms)
      if (!validCandidate(t.tensor, t.candidate))
        return fail(why, "a capacity term is out of range");
  return llvm::success();
}

llvm::LogicalResult
tsopt::checkLayoutAssignment(const LayoutProblem &p, const LayoutAssignment &a,
                             std::string *why, LayoutConstraintRef *violated) {
  auto report = [&](LayoutConstraintRef ref, std::string msg) {
    if (violated)
      *violated = ref;
    return fail(why, std::move(msg));
  };
  if (a.size() != p.tensors.size())
    return fail(why, "the assignment has " + std::to_string(a.size()) +
                         " choices for " + std::to_string(p.tensors.size()) +
                         " tensors");
  for (size_t t = 0; t < a.size(); ++t)
    if (a[t] < 0 || a[t] >= p.numCandidates(t))
      return report({LayoutConstraintRef::ExactlyOne, int(t)},
                    "exactly one: " +
                        p.describe({LayoutConstraintRef::ExactlyOne, int(t)}) +
                        ", not candidate " + std::to_string(a[t]));
  for (size_t i = 0; i < p.forbids.size(); ++i) {
    const LayoutForbid &f = p.forbids[i];
    if (a[f.tensor] == f.candidate)
      return report({LayoutConstraintRef::Forbid, int(i)},
                    "forbidden: " + tensorName(p, f.tensor) + " is " +
                        candidateName(p, f.tensor, f.candidate) + ": " + f.why);
  }
  for (size_t i = 0; i < p.forbidPairs.size(); ++i) {
    const LayoutForbidPair &f = p.forbidPairs[i];
    if (a[f.a] == f.i && a[f.b] == f.j)
      return report({LayoutConstraintRef::ForbidPair, int(i)},
                    "forbidden pair: " +
                        p.describe({LayoutConstraintRef::ForbidPair, int(i)}));
  }
  for (size_t i = 0; i < p.capacities.size(); ++i) {
    const LayoutCapacity &c = p.capacities[i];
    int64_t used = 0;
    for (const LayoutCapacity::Term &t : c.terms)
      if (a[t.tensor] == t.candidate)
        used += t.weight;
    if (used > c.limit)
      return report({LayoutConstraintRef::Capacity, int(i)},
                    "capacity: uses " + std::to_string(used) + " of " +
                        p.describe({LayoutConstraintRef::Capacity, int(i)}));
  }
  return llvm::success();
}

int64_t tsopt::layoutObjective(const LayoutProblem &p,
                               const LayoutAssignment &a, int owner) {
  int64_t total = 0;
  for (const LayoutCost &c : p.costs) {
    if (owner >= 0 && c.owner != owner)
      continue;
    if (c.a < 0)
      total += c.cost[0];
    else if (c.b < 0)
      total += c.cost[a[c.a]];
    else
      total += c.cost[size_t(a[c.a]) * p.numCandidates(c.b) + a[c.b]];
  }
  return total;
}

llvm::LogicalResult tsopt::pinLayout(LayoutProblem &p, int tensor,
                                     const Layout &layout, llvm::StringRef why,
                                     std::string *error) {
  int keep = p.findCandidate(tensor, layout);
  if (keep < 0) {
    std::string msg = "layout '" + layout.str() + "' is not a candidate of " +
                      tensorName(p, tensor) + "; candidates: ";
    for (int c = 0; c < p.numCandidates(tensor); ++c)
      msg += (c ? ", " : "") + candidateName(p, tensor, c);
    return fail(error, msg);
  }
  for (int c = 0; c < p.numCandidates(tensor); ++c)
    if (c != keep)
      p.forbids.push_back({tensor, c, why.str()});
  return llvm::success();
}

//===----------------------------------------------------------------------===//
// The solver
//===----------------------------------------------------------------------===//

namespace {
/// The costs of a problem merged per tensor and per pair of tensors, each
/// table shifted so that its smallest entry is 0 (the shift is a constant:
/// exactly one entry of every table is selected).
struct MergedCosts {
  int64_t constant = 0;
  std::vector<std::vector<int64_t>> unary;
  std::map<std::pair<int, int>, std::vector<int64_t>> pairs;

  explicit MergedCosts(const LayoutProblem &p) {
    unary.resize(p.tensors.size());
    for (size_t t = 0; t < p.tensors.size(); ++t)
      unary[t].assign(p.numCandidates(t), 0);
    for (const LayoutCost &c : p.costs) {
      if (c.a < 0) {
        constant += c.cost[0];
      } else if (c.b < 0) {
        for (size_t i = 0; i < c.cost.size(); ++i)
          unary[c.a][i] += c.cost[i];
      } else if (c.a == c.b) {
        // Both sides are one tensor: only the diagonal can be selected.
        int n = p.numCandidates(c.a);
        for (int i = 0; i < n; ++i)
          unary[c.a][i] += c.cost[size_t(i) * n + i];
      } else {
        // Key pairs as (smaller, larger) tensor index; transpose the table
        // when the cost was stated the other way round.
        int a = std::min(c.a, c.b), b = std::max(c.a, c.b);
        int na = p.numCandidates(a), nb = p.numCandidates(b);
        auto &table = pairs[{a, b}];
        table.resize(size_t(na) * nb, 0);
        for (int i = 0; i < na; ++i)
          for (int j = 0; j < nb; ++j)
            table[size_t(i) * nb + j] += c.a == a ? c.cost[size_t(i) * nb + j]
                                                  : c.cost[size_t(j) * na + i];
      }
    }
    for (auto &u : unary) {
      int64_t m = *std::min_element(u.begin(), u.end());
      constant += m;
      for (int64_t &x : u)
        x -= m;
    }
    for (auto &[key, table] : pairs) {
      int64_t m = *std::min_element(table.begin(), table.end());
      constant += m;
      for (int64_t &x : table)
        x -= m;
    }
  }
};

/// A hard constraint with the reference reported when it is in a conflict.
struct Tracked {
  z3::expr constraint;
  LayoutConstraintRef ref;
};
} // namespace

/// The hard constraints beyond exactly-one, grouped for unsat cores: all
/// forbids of one tensor with one reason form one group (a pin is one
/// constraint to a user, not one per candidate it excludes).
static std::vector<Tracked>
hardConstraints(z3::context &ctx, const LayoutProblem &p,
                const std::vector<std::vector<z3::expr>> &x) {
  std::vector<Tracked> out;
  std::map<std::pair<int, std::string>, size_t> forbidGroup;
  for (size_t i = 0; i < p.forbids.size(); ++i) {
    const LayoutForbid &f = p.forbids[i];
    z3::expr e = x[f.tensor][f.candidate] == 0;
    auto [it, inserted] = forbidGroup.insert({{f.tensor, f.why}, out.size()});
    if (inserted)
      out.push_back({e, {LayoutConstraintRef::Forbid, int(i)}});
    else
      out[it->second].constraint = out[it->second].constraint && e;
  }
  for (size_t i = 0; i < p.forbidPairs.size(); ++i) {
    const LayoutForbidPair &f = p.forbidPairs[i];
    out.push_back({x[f.a][f.i] + x[f.b][f.j] <= 1,
                   {LayoutConstraintRef::ForbidPair, int(i)}});
  }
  for (size_t i = 0; i < p.capacities.size(); ++i) {
    const LayoutCapacity &c = p.capacities[i];
    z3::expr_vector terms(ctx);
    for (const LayoutCapacity::Term &t : c.terms)
      terms.push_back(ctx.int_val(t.weight) * x[t.tensor][t.candidate]);
    z3::expr used = terms.empty() ? ctx.int_val(0) : z3::sum(terms);
    out.push_back({used <= ctx.int_val(c.limit),
                   {LayoutConstraintRef::Capacity, int(i)}});
  }
  return out;
}

/// A minimal set of hard constraints that no assignment satisfies together
/// with exactly-one: an unsat core, shrunk by dropping one constraint at a
/// time while the rest stays unsatisfiable.
static std::vector<LayoutConstraintRef>
conflictOf(z3::context &ctx, const LayoutProblem &p,
           const std::vector<std::vector<z3::expr>> &x) {
  z3::solver s(ctx);
  for (size_t t = 0; t < x.size(); ++t) {
    z3::expr_vector one(ctx);
    for (const z3::expr &v : x[t]) {
      s.add(v >= 0 && v <= 1);
      one.push_back(v);
    }
    s.add(z3::sum(one) == 1);
  }
  std::vector<Tracked> hard = hardConstraints(ctx, p, x);
  std::vector<z3::expr> literals;
  for (size_t i = 0; i < hard.size(); ++i) {
    z3::expr lit = ctx.bool_const(("c" + std::to_string(i)).c_str());
    s.add(z3::implies(lit, hard[i].constraint));
    literals.push_back(lit);
  }
  auto unsatWith = [&](const std::vector<size_t> &subset) {
    z3::expr_vector assumptions(ctx);
    for (size_t i : subset)
      assumptions.push_back(literals[i]);
    return s.check(assumptions) == z3::unsat;
  };
  std::vector<size_t> core(hard.size());
  std::iota(core.begin(), core.end(), 0);
  if (!unsatWith(core))
    return {};
  for (size_t k = 0; k < core.size();) {
    std::vector<size_t> without = core;
    without.erase(without.begin() + k);
    if (unsatWith(without))
      core = std::move(without);
    else
      ++k;
  }
  std::vector<LayoutConstraintRef> refs;
  for (size_t i : core)
    refs.push_back(hard[i].ref);
  return refs;
}

llvm::FailureOr<LayoutSolution>
tsopt::solveLayoutProblem(const LayoutProblem &p,
                          const LayoutSolveOptions &options, std::string *why,
                          std::vector<LayoutConstraintRef> *conflict) {
  if (failed(checkWellFormed(p, why)))
    return llvm::failure();
  auto start = std::chrono::steady_clock::now();
  LayoutSolution sol;
  try {
    z3::context ctx;
    z3::optimize opt(ctx);
    if (options.timeoutMs) {
      z3::params params(ctx);
      params.set("timeout", options.timeoutMs);
      opt.set(params);
    }
    unsigned constraints = 0;
    // x[t][c]: tensor t takes candidate c. 0-1 integers, as in the ILP;
    // Z3's optimizer turns them into booleans and the objective into a
    // weighted MaxSAT problem.
    std::vector<std::vector<z3::expr>> x(p.tensors.size());
    for (size_t t = 0; t < p.tensors.size(); ++t) {
      z3::expr_vector one(ctx);
      for (int c = 0; c < p.numCandidates(t); ++c) {
        z3::expr v = ctx.int_const(
            ("x_" + std::to_string(t) + "_" + std::to_string(c)).c_str());
        opt.add(v >= 0 && v <= 1);
        x[t].push_back(v);
        one.push_back(v);
        ++sol.numVariables;
      }
      opt.add(z3::sum(one) == 1);
      ++constraints;
    }
    for (Tracked &h : hardConstraints(ctx, p, x)) {
      opt.add(h.constraint);
      ++constraints;
    }

    MergedCosts merged(p);
    z3::expr_vector objective(ctx), tieBreak(ctx);
    for (size_t t = 0; t < p.tensors.size(); ++t)
      for (int c = 0; c < p.numCandidates(t); ++c) {
        if (merged.unary[t][c])
          objective.push_back(ctx.int_val(merged.unary[t][c]) * x[t][c]);
        if (c)
          tieBreak.push_back(ctx.int_val(c) * x[t][c]);
      }
    // The product y = x[a][i] * x[b][j] of two 0-1 variables, linearized:
    // y <= x[a][i], y <= x[b][j], y >= x[a][i] + x[b][j] - 1. Only entries
    // with a nonzero cost need one.
    for (const auto &[key, table] : merged.pairs) {
      auto [a, b] = key;
      int nb = p.numCandidates(b);
      for (size_t k = 0; k < table.size(); ++k) {
        if (!table[k])
          continue;
        int i = k / nb, j = k % nb;
        z3::expr y =
            ctx.int_const(("y_" + std::to_string(a) + "_" + std::to_string(i) +
                           "_" + std::to_string(b) + "_" + std::to_string(j))
                              .c_str());
        opt.add(y >= 0 && y <= 1);
        opt.add(y <= x[a][i]);
        opt.add(y <= x[b][j]);
        opt.add(y >= x[a][i] + x[b][j] - 1);
        constraints += 3;
        objective.push_back(ctx.int_val(table[k]) * y);
        ++sol.numVariables;
        ++sol.numAuxiliary;
      }
    }
    z3::expr cost = objective.empty() ? ctx.int_val(0) : z3::sum(objective);
    opt.minimize(cost);
    opt.minimize(tieBreak.empty() ? ctx.int_val(0) : z3::sum(tieBreak));
    sol.numConstraints = constraints;

    z3::check_result result = opt.check();
    if (result == z3::unsat) {
      std::vector<LayoutConstraintRef> refs = conflictOf(ctx, p, x);
      std::string msg = "no layout assignment satisfies the constraints";
      for (const LayoutConstraintRef &r : refs)
        msg += "; " + p.describe(r);
      if (conflict)
        *conflict = std::move(refs);
      return fail(why, msg);
    }
    if (result != z3::sat)
      return fail(why, std::string("the solver gave up: ") +
                           Z3_optimize_get_reason_unknown(ctx, opt));

    z3::model model = opt.get_model();
    sol.assignment.assign(p.tensors.size(), -1);
    for (size_t t = 0; t < p.tensors.size(); ++t)
      for (int c = 0; c < p.numCandidates(t); ++c)
        if (model.eval(x[t][c], true).get_numeral_int64() == 1)
          sol.assignment[t] = c;
    int64_t modelCost = model.eval(cost, true).get_numeral_int64();
    sol.objective = layoutObjective(p, sol.assignment);
    // The linearization is exact: the model's objective is the assignment's.
    if (failed(checkLayoutAssignment(p, sol.assignment, why)))
      return fail(why, "internal error: the solver's assignment: " +
                           (why ? *why : std::string()));
    if (modelCost + merged.constant != sol.objective)
      return fail(why, "internal error: the solver's objective " +
                           std::to_string(modelCost + merged.constant) +
                           " differs from the assignment's " +
                           std::to_string(sol.objective));
  } catch (const z3::exception &e) {
    return fail(why, std::string("Z3: ") + e.msg());
  }
  sol.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return sol;
}

llvm::LogicalResult tsopt::planTileLayouts(Graph &program,
                                           const TargetDesc &target,
                                           std::string *why) {
  // A pass-through accumulator has no tile of its own (its operand's).
  auto hasLayouts = [](const Graph &body, const Op &op) {
    return op.kind == OpKind::BlockOutput || op.results.empty() ||
           isPassThroughAccum(body, op) ||
           op.layouts.size() == op.results.size();
  };
  if (llvm::all_of(program.ops, [&](const Op &op) {
        return op.kind != OpKind::Kernel || !op.body ||
               llvm::all_of(op.body->ops, [&](const Op &bop) {
                 return hasLayouts(*op.body, bop);
               });
      }))
    return llvm::success();
  llvm::FailureOr<LayoutProblem> problem =
      buildLayoutProblem(program, target, {}, why);
  if (failed(problem))
    return llvm::failure();
  for (auto [t, tensor] : llvm::enumerate(problem->tensors)) {
    if (tensor.level != LayoutLevel::Block)
      continue;
    const Op &op = program.ops[tensor.kernelOp].body->ops[tensor.op];
    if (tensor.result < static_cast<int>(op.layouts.size()) &&
        failed(pinLayout(*problem, t, op.layouts[tensor.result],
                         "pinned by the plan", why)))
      return llvm::failure();
  }
  llvm::FailureOr<LayoutSolution> solution =
      solveLayoutProblem(*problem, {}, why);
  if (failed(solution))
    return llvm::failure();
  // Block graphs are shared between copies of a graph: write new ones.
  llvm::DenseMap<int, std::shared_ptr<Graph>> bodies;
  for (auto [t, tensor] : llvm::enumerate(problem->tensors)) {
    if (tensor.level != LayoutLevel::Block)
      continue;
    std::shared_ptr<Graph> &body = bodies[tensor.kernelOp];
    if (!body)
      body = std::make_shared<Graph>(*program.ops[tensor.kernelOp].body);
    Op &op = body->ops[tensor.op];
    op.layouts.resize(op.results.size(), Layout::rowMajor());
    op.layouts[tensor.result] = tensor.candidates[solution->assignment[t]];
  }
  for (auto &[k, body] : bodies)
    program.ops[k].body = std::move(body);
  return llvm::success();
}
