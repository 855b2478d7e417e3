//===- MutationTest.cpp - The verifier rejects mutants of the workloads ---===//
//
// Mutation testing of the equivalence verifier. Every workload µGraph (the
// `_opt` function of each file under test/Workloads) is mutated once at a
// time, systematically: map entries, launch extents, operand order, reduction
// dims and extents, transpose permutations, concatenations, dropped and
// duplicated ops, op kinds (also inside thread graphs), accumulator kinds,
// mul_scalar factors, add_scalar addends, slice offsets and operand wiring.
// Besides the workloads, Verify/mutation_subjects.mlir holds µGraphs with
// the ops the workloads lack (add_scalar, slices). Result types are re-inferred after
// each mutation and structurally identical mutants are counted once. Ground
// truth comes from the double evaluator on seeded random inputs, independently
// of the finite field: every mutant that differs from the reference there must
// be called non-equivalent by verifyEquivalence.
//
//===----------------------------------------------------------------------===//

#include "TestWorkloads.h"

#ifndef TSOPT_MUTATION_SUBJECTS
#error "TSOPT_MUTATION_SUBJECTS must name test/Unit/Verify/mutation_subjects.mlir"
#endif
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Eval/Evaluator.h"
#include "tsopt/Verify/Equivalence.h"
#include "tsopt/Verify/Lax.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <set>

using namespace tsopt;
using namespace tsopt::test;

namespace {

/// Normwise relative difference above which two double results differ. The
/// workloads agree with their references to ~1e-15 in double, so any real
/// change of the function shows up far above this.
constexpr double kFloatTolerance = 1e-6;
/// Seeds of the float ground truth (uniform inputs in [-1, 1]).
constexpr uint64_t kFloatSeeds[] = {101, 202, 303};
/// Seed of the field verifier.
constexpr uint64_t kVerifySeed = 0x5eed;

VerifyOptions verifyOptions() {
  VerifyOptions o;
  o.floatCheck = false;
  o.threads = 1;
  o.seed = kVerifySeed;
  return o;
}

//===----------------------------------------------------------------------===//
// Float ground truth
//===----------------------------------------------------------------------===//

using DTensor = Tensor<double>;

/// True when some output differs: normwise relative difference above the
/// tolerance, or non-finite values in one result but not the other.
bool floatDiffers(const std::vector<DTensor> &a,
                  const std::vector<DTensor> &b) {
  if (a.size() != b.size())
    return true;
  for (size_t o = 0; o < a.size(); ++o) {
    if (a[o].shape != b[o].shape)
      return true;
    double diff = 0, scale = 0;
    for (size_t i = 0; i < a[o].data.size(); ++i) {
      double x = a[o].data[i], y = b[o].data[i];
      if (std::isfinite(x) != std::isfinite(y))
        return true;
      if (!std::isfinite(x)) {
        // Both non-finite: equal only as the same IEEE value class.
        if (std::isnan(x) != std::isnan(y) || (!std::isnan(x) && x != y))
          return true;
        continue;
      }
      diff = std::max(diff, std::fabs(x - y));
      scale = std::max(scale, std::fabs(y));
    }
    if (diff > kFloatTolerance * std::max(scale, 1e-300))
      return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Editing nested graphs
//===----------------------------------------------------------------------===//

/// A nested graph: the indices of the Kernel/ThreadGraph ops that hold it,
/// from the kernel-level graph down.
using Path = llvm::SmallVector<unsigned, 2>;

const Graph &graphAt(const Graph &top, llvm::ArrayRef<unsigned> path) {
  const Graph *g = &top;
  for (unsigned i : path)
    g = g->ops[i].body.get();
  return *g;
}

/// A copy of `top` with `edit` applied to the graph at `path`. Bodies are
/// shared and immutable, so every body on the path is copied (copy on write)
/// and the original stays untouched.
Graph editAt(const Graph &top, llvm::ArrayRef<unsigned> path,
             llvm::function_ref<void(Graph &)> edit) {
  Graph copy = top;
  if (path.empty()) {
    edit(copy);
    return copy;
  }
  Op &holder = copy.ops[path.front()];
  holder.body =
      std::make_shared<Graph>(editAt(*holder.body, path.drop_front(), edit));
  return copy;
}

/// Redirects every use of `from` in ops from index `firstOp` on, and in the
/// graph outputs, to `to`.
void replaceUses(Graph &g, int from, int to, unsigned firstOp) {
  for (unsigned i = firstOp; i < g.ops.size(); ++i)
    for (int &v : g.ops[i].operands)
      if (v == from)
        v = to;
  for (int &v : g.outputs)
    if (v == from)
      v = to;
}

/// Re-infers result types after a mutation, top-down, with the ShapeRules:
/// a mutation that changes one tile's shape (an imap entry, a reduction
/// extent, a concatenating accumulator) then propagates to its users instead
/// of failing at the first declared type. Types the rules cannot infer
/// (reshape, repeat) and types whose rule fails stay as declared, so the
/// evaluator still rejects what is really ill-formed. A well-formed graph is
/// left unchanged.
void retype(Graph &g) {
  if (g.level == Level::Thread)
    return; // scalars standing for elements: nothing to infer
  for (Op &op : g.ops) {
    auto in = [&](unsigned j) -> llvm::ArrayRef<int64_t> {
      return g.values[op.operands[j]].shape;
    };
    auto set = [&](llvm::FailureOr<Shape> s) {
      if (succeeded(s) && !op.results.empty())
        g.values[op.results[0]].shape = *s;
    };
    OpKind k = op.kind;
    if (isElementwiseBinary(k)) {
      set(broadcastShape(in(0), in(1)));
      continue;
    }
    if (isElementwiseUnary(k)) {
      set(Shape(in(0)));
      continue;
    }
    switch (k) {
    case OpKind::Matmul:
      set(matmulShape(in(0), in(1)));
      break;
    case OpKind::ReduceSum:
    case OpKind::ReduceMax: {
      // The extent is the declared result dim; keep it.
      const Shape &declared = g.values[op.results[0]].shape;
      if (declared.size() == in(0).size() && op.dim < (int64_t)declared.size())
        set(reduceShape(in(0), op.dim, declared[op.dim]));
      break;
    }
    case OpKind::Transpose:
      set(transposeShape(in(0), op.perm));
      break;
    case OpKind::Concat: {
      llvm::SmallVector<Shape, 4> ins;
      for (unsigned j = 0; j < op.operands.size(); ++j)
        ins.push_back(Shape(in(j)));
      set(concatShape(ins, op.dim));
      break;
    }
    case OpKind::RmsNorm:
      set(rmsNormShape(in(0), in(1)));
      break;
    case OpKind::BlockInput:
      set(inputTileShape(
          in(0), g.grid, g.forloop,
          llvm::ArrayRef<int>(op.gridMap).take_front(g.grid.size()), op.fmap));
      break;
    case OpKind::Accum:
      set(accumShape(in(0), g.forloop, op.fmap));
      break;
    case OpKind::BlockOutput:
      set(outputTensorShape(
          in(0), g.grid,
          llvm::ArrayRef<int>(op.gridMap).take_front(g.grid.size())));
      break;
    case OpKind::ThreadGraph: {
      llvm::FailureOr<Shape> common = Shape(in(0));
      for (unsigned j = 1; j < op.operands.size() && succeeded(common); ++j)
        common = broadcastShape(*common, in(j));
      if (succeeded(common))
        for (int r : op.results)
          g.values[r].shape = *common;
      break;
    }
    case OpKind::Kernel: {
      auto body = std::make_shared<Graph>(*op.body);
      if (body->inputs.size() != op.operands.size() ||
          body->outputs.size() != op.results.size())
        break;
      for (unsigned j = 0; j < op.operands.size(); ++j)
        body->values[body->inputs[j]].shape = Shape(in(j));
      retype(*body);
      for (unsigned j = 0; j < op.results.size(); ++j)
        g.values[op.results[j]].shape = body->values[body->outputs[j]].shape;
      op.body = std::move(body);
      break;
    }
    default:
      break; // Reshape, Repeat: declared types are the op's attributes
    }
  }
}

/// Every type of `a` equals the corresponding type of `b`, nested included.
bool sameTypes(const Graph &a, const Graph &b) {
  if (a.values.size() != b.values.size() || a.ops.size() != b.ops.size())
    return false;
  for (size_t v = 0; v < a.values.size(); ++v)
    if (a.values[v].shape != b.values[v].shape)
      return false;
  for (size_t i = 0; i < a.ops.size(); ++i)
    if (a.ops[i].body && !sameTypes(*a.ops[i].body, *b.ops[i].body))
      return false;
  return true;
}

/// A structural key of a graph: two mutations that build the same graph
/// (dropping a kernel and rewiring the output to the same operand, say) get
/// the same key and are counted once.
void fingerprint(const Graph &g, std::string &out) {
  llvm::raw_string_ostream os(out);
  os << "L" << int(g.level) << " grid " << formatShape(g.grid) << " f"
     << g.forloop << " in";
  for (int v : g.inputs)
    os << " " << v;
  os << " out";
  for (int v : g.outputs)
    os << " " << v;
  os << " types";
  for (const TensorType &t : g.values)
    os << " " << formatShape(t.shape);
  for (const Op &op : g.ops) {
    os << "; " << stringifyOpKind(op.kind) << " d" << op.dim << " s"
       << llvm::format("%a", op.scalar) << " p" << formatShape(op.perm) << " m"
       << op.gridMap[0] << "," << op.gridMap[1] << "," << op.gridMap[2] << " f"
       << op.fmap << " a" << int(op.accum) << " (";
    for (int v : op.operands)
      os << v << " ";
    os << "->";
    for (int v : op.results)
      os << " " << v;
    os << ")";
    if (op.body) {
      os << " {";
      fingerprint(*op.body, out);
      os << "}";
    }
  }
}

//===----------------------------------------------------------------------===//
// Mutation enumeration
//===----------------------------------------------------------------------===//

using Emit = llvm::function_ref<void(const std::string &, Graph)>;

const OpKind kBinaryKinds[] = {OpKind::Add, OpKind::Sub, OpKind::Mul,
                               OpKind::Div};
const OpKind kUnaryKinds[] = {OpKind::Exp,  OpKind::Square,  OpKind::Sqrt,
                              OpKind::Rsqrt, OpKind::Silu,   OpKind::Gelu,
                              OpKind::Relu, OpKind::Sigmoid, OpKind::Tanh,
                              OpKind::Neg};

std::string mapName(int v) {
  return v == kReplica ? "replica" : std::to_string(v);
}

std::string describePath(const Graph &top, llvm::ArrayRef<unsigned> path) {
  std::string s;
  const Graph *g = &top;
  for (unsigned i : path) {
    s += "op #" + std::to_string(i) + " (" +
         stringifyOpKind(g->ops[i].kind).str() + ") / ";
    g = g->ops[i].body.get();
  }
  return s;
}

/// Values defined before op `opIndex` of `g` (its inputs and the results of
/// earlier ops), in definition order.
std::vector<int> definedBefore(const Graph &g, unsigned opIndex) {
  std::vector<int> vs(g.inputs.begin(), g.inputs.end());
  for (unsigned i = 0; i < opIndex && i < g.ops.size(); ++i)
    vs.insert(vs.end(), g.ops[i].results.begin(), g.ops[i].results.end());
  return vs;
}

/// Emits every single mutation of the graph at `path` inside `top`, then
/// recurses into its block and thread graphs.
void mutateGraph(const Graph &top, const Path &path, Emit emit) {
  const Graph &g = graphAt(top, path);
  std::string where = describePath(top, path);
  auto rankOf = [&](int v) { return (int)g.type(v).shape.size(); };

  // Launch extents of a block graph: halved, doubled, or 1. Retype derives
  // the tiles; a re-tiling that still divides evenly computes the same
  // function (float-equivalent), one that changes a result shape does not
  // compare.
  if (g.level == Level::Block) {
    auto extents = [](int64_t e) {
      llvm::SmallVector<int64_t, 3> vs;
      for (int64_t v : {int64_t(1), e % 2 == 0 ? e / 2 : e, 2 * e})
        if (v != e && !llvm::is_contained(vs, v))
          vs.push_back(v);
      return vs;
    };
    for (unsigned gd = 0; gd < g.grid.size(); ++gd)
      for (int64_t v : extents(g.grid[gd]))
        emit(where + "grid[" + "xyz"[gd] + "] " + std::to_string(g.grid[gd]) +
                 " -> " + std::to_string(v),
             editAt(top, path, [&](Graph &h) { h.grid[gd] = v; }));
    for (int64_t v : extents(g.forloop))
      emit(where + "forloop " + std::to_string(g.forloop) + " -> " +
               std::to_string(v),
           editAt(top, path, [&](Graph &h) { h.forloop = v; }));
  }

  for (unsigned i = 0; i < g.ops.size(); ++i) {
    const Op &op = g.ops[i];
    std::string name = where + "op #" + std::to_string(i) + " (" +
                       stringifyOpKind(op.kind).str() + "): ";
    auto mutant = [&](const std::string &what,
                      llvm::function_ref<void(Op &)> edit) {
      emit(name + what, editAt(top, path, [&](Graph &h) { edit(h.ops[i]); }));
    };

    // imap / fmap / omap entries, each to every other value.
    if (op.kind == OpKind::BlockInput || op.kind == OpKind::BlockOutput) {
      int rank = rankOf(op.operands[0]);
      const char *mapKind = op.kind == OpKind::BlockInput ? "imap" : "omap";
      for (unsigned gd = 0; gd < g.grid.size(); ++gd)
        for (int v = kReplica; v < rank; ++v)
          if (v != op.gridMap[gd])
            mutant(std::string(mapKind) + "[" + "xyz"[gd] + "] " +
                       mapName(op.gridMap[gd]) + " -> " + mapName(v),
                   [&](Op &o) { o.gridMap[gd] = v; });
      if (op.kind == OpKind::BlockInput)
        for (int v = kReplica; v < rank; ++v)
          if (v != op.fmap)
            mutant("fmap " + mapName(op.fmap) + " -> " + mapName(v),
                   [&](Op &o) { o.fmap = v; });
      // One entry alone rarely keeps the tile shape, so also exchange two
      // entries: with equal extents the tiles keep their shapes but blocks
      // (or iterations) read or write the wrong chunks.
      for (unsigned g1 = 0; g1 < g.grid.size(); ++g1) {
        for (unsigned g2 = g1 + 1; g2 < g.grid.size(); ++g2)
          if (op.gridMap[g1] != op.gridMap[g2])
            mutant(std::string(mapKind) + " swap " + "xyz"[g1] + "," +
                       "xyz"[g2],
                   [&](Op &o) { std::swap(o.gridMap[g1], o.gridMap[g2]); });
        if (op.kind == OpKind::BlockInput && op.gridMap[g1] != op.fmap)
          mutant(std::string("imap/fmap swap ") + "xyz"[g1],
                 [&](Op &o) { std::swap(o.gridMap[g1], o.fmap); });
      }
    }

    // Operand order: matmul and sub/div are not commutative; add/mul are, so
    // their swaps are equivalent mutants the verifier should accept.
    if (op.kind == OpKind::Matmul || isElementwiseBinary(op.kind))
      if (op.operands[0] != op.operands[1])
        mutant("swap operands",
               [](Op &o) { std::swap(o.operands[0], o.operands[1]); });

    if (op.kind == OpKind::Transpose) {
      Shape perm(op.perm.begin(), op.perm.end());
      std::sort(perm.begin(), perm.end());
      do
        if (llvm::ArrayRef<int64_t>(perm) != llvm::ArrayRef<int64_t>(op.perm))
          mutant("perm -> " + formatShape(perm),
                 [&](Op &o) { o.perm.assign(perm.begin(), perm.end()); });
      while (std::next_permutation(perm.begin(), perm.end()));
    }

    if (op.kind == OpKind::Concat) {
      if (op.operands.size() > 1)
        mutant("reverse operands", [](Op &o) {
          std::reverse(o.operands.begin(), o.operands.end());
        });
      for (int d = 0; d < rankOf(op.results[0]); ++d)
        if (d != op.dim)
          mutant("dim " + std::to_string(op.dim) + " -> " + std::to_string(d),
                 [&](Op &o) { o.dim = d; });
    }

    if (op.kind == OpKind::ReduceSum || op.kind == OpKind::ReduceMax) {
      const Shape &in = g.type(op.operands[0]).shape;
      const Shape &out = g.type(op.results[0]).shape;
      int res = op.results[0];
      // Another dim, reduced fully; the result type follows.
      for (int d = 0; d < (int)in.size(); ++d)
        if (d != op.dim)
          emit(name + "dim " + std::to_string(op.dim) + " -> " +
                   std::to_string(d),
               editAt(top, path, [&](Graph &h) {
                 h.ops[i].dim = d;
                 h.values[res].shape = in;
                 h.values[res].shape[d] = 1;
               }));
      // Every other extent that divides the reduced dim.
      for (int64_t m = 1; m <= in[op.dim]; ++m)
        if (in[op.dim] % m == 0 && m != out[op.dim])
          emit(name + "extent " + std::to_string(out[op.dim]) + " -> " +
                   std::to_string(m),
               editAt(top, path,
                      [&](Graph &h) { h.values[res].shape[op.dim] = m; }));
      mutant(op.kind == OpKind::ReduceSum ? "kind -> reduce_max"
                                          : "kind -> reduce_sum",
             [](Op &o) {
               o.kind = o.kind == OpKind::ReduceSum ? OpKind::ReduceMax
                                                    : OpKind::ReduceSum;
             });
    }

    // Drop the op: its users read one of its operands of the same shape.
    if (op.results.size() == 1) {
      int res = op.results[0];
      llvm::SmallVector<int, 4> seen;
      for (int v : op.operands) {
        if (llvm::is_contained(seen, v) || g.type(v).shape != g.type(res).shape)
          continue;
        seen.push_back(v);
        emit(name + "drop, users read value " + std::to_string(v),
             editAt(top, path,
                    [&](Graph &h) { replaceUses(h, res, v, i + 1); }));
      }
    }

    // Duplicate a unary op: apply it twice.
    if (isElementwiseUnary(op.kind)) {
      int res = op.results[0];
      emit(name + "apply twice", editAt(top, path, [&](Graph &h) {
             Op again = h.ops[i];
             int fresh = h.values.size();
             h.values.push_back(h.values[res]);
             again.operands = {res};
             again.results = {fresh};
             replaceUses(h, res, fresh, i + 1);
             h.ops.insert(h.ops.begin() + i + 1, std::move(again));
           }));
    }

    // Another kind of the same arity family.
    if (isElementwiseBinary(op.kind))
      for (OpKind k : kBinaryKinds)
        if (k != op.kind)
          mutant("kind -> " + stringifyOpKind(k).str(),
                 [&](Op &o) { o.kind = k; });
    if (isElementwiseUnary(op.kind))
      for (OpKind k : kUnaryKinds)
        if (k != op.kind)
          mutant("kind -> " + stringifyOpKind(k).str(),
                 [&](Op &o) { o.kind = k; });

    // Accumulators: sum <-> max, and sum <-> concatenation along each dim
    // (the result type follows through retype).
    if (op.kind == OpKind::Accum) {
      int rank = rankOf(op.operands[0]);
      if (op.fmap == kReplica) {
        mutant(op.accum == AccumKind::Sum ? "sum -> max" : "max -> sum",
               [](Op &o) {
                 o.accum = o.accum == AccumKind::Sum ? AccumKind::Max
                                                     : AccumKind::Sum;
               });
      } else {
        for (AccumKind a : {AccumKind::Sum, AccumKind::Max})
          mutant(std::string("concat -> ") +
                     (a == AccumKind::Sum ? "sum" : "max"),
                 [&](Op &o) {
                   o.fmap = kReplica;
                   o.accum = a;
                 });
      }
      for (int d = 0; d < rank; ++d)
        if (d != op.fmap)
          mutant("-> concat along dim " + std::to_string(d),
                 [&](Op &o) { o.fmap = d; });
    }

    if (op.kind == OpKind::MulScalar) {
      double f = op.scalar;
      for (double c : {-f, 2 * f, 0.5 * f, 1.0, 0.0})
        if (c != f)
          mutant("factor " + std::to_string(f) + " -> " + std::to_string(c),
                 [&](Op &o) { o.scalar = c; });
    }
    if (op.kind == OpKind::AddScalar) {
      double a = op.scalar;
      for (double c : {-a, 2 * a, a + 1, 0.0})
        if (c != a)
          mutant("addend " + std::to_string(a) + " -> " + std::to_string(c),
                 [&](Op &o) { o.scalar = c; });
    }
    if (op.kind == OpKind::Slice) {
      // Each offset one step either way, where the slice stays in bounds.
      const Shape &in = g.type(op.operands[0]).shape;
      const Shape &out = g.type(op.results[0]).shape;
      for (size_t d = 0; d < op.perm.size(); ++d)
        for (int64_t step : {-1, 1}) {
          int64_t o = op.perm[d] + step;
          if (o >= 0 && o + out[d] <= in[d])
            mutant("offsets[" + std::to_string(d) + "] -> " +
                       std::to_string(o),
                   [&](Op &m) { m.perm[d] = o; });
        }
    }

    // Rewire one operand to another earlier value of the same shape.
    std::vector<int> earlier = definedBefore(g, i);
    for (unsigned j = 0; j < op.operands.size(); ++j)
      for (int v : earlier)
        if (v != op.operands[j] &&
            g.type(v).shape == g.type(op.operands[j]).shape)
          mutant("operand " + std::to_string(j) + " " +
                     std::to_string(op.operands[j]) + " -> " +
                     std::to_string(v),
                 [&](Op &o) { o.operands[j] = v; });
  }

  // Rewire a graph output to another value of the same shape.
  std::vector<int> all = definedBefore(g, g.ops.size());
  for (unsigned o = 0; o < g.outputs.size(); ++o)
    for (int v : all)
      if (v != g.outputs[o] && g.type(v).shape == g.type(g.outputs[o]).shape)
        emit(where + "output " + std::to_string(o) + " " +
                 std::to_string(g.outputs[o]) + " -> " + std::to_string(v),
             editAt(top, path, [&](Graph &h) { h.outputs[o] = v; }));

  for (unsigned i = 0; i < g.ops.size(); ++i)
    if (g.ops[i].body) {
      Path inner = path;
      inner.push_back(i);
      mutateGraph(top, inner, emit);
    }
}

//===----------------------------------------------------------------------===//
// The experiment
//===----------------------------------------------------------------------===//

struct Counts {
  unsigned generated = 0;
  unsigned duplicates = 0;
  unsigned illFormed = 0;
  unsigned nonEquivalent = 0;
  unsigned nonEquivalentRejected = 0;
  unsigned nonEquivalentOutsideLax = 0;
  unsigned floatEquivalent = 0;
  unsigned floatEquivalentAccepted = 0;

  void add(const Counts &o) {
    generated += o.generated;
    duplicates += o.duplicates;
    illFormed += o.illFormed;
    nonEquivalent += o.nonEquivalent;
    nonEquivalentRejected += o.nonEquivalentRejected;
    nonEquivalentOutsideLax += o.nonEquivalentOutsideLax;
    floatEquivalent += o.floatEquivalent;
    floatEquivalentAccepted += o.floatEquivalentAccepted;
  }
};

void printRow(llvm::StringRef name, const Counts &c) {
  llvm::outs() << llvm::format(
      "%-20s %9u %6u %10u %14s %16s\n", name.str().c_str(), c.generated,
      c.duplicates, c.illFormed,
      (std::to_string(c.nonEquivalent) + " (" +
       std::to_string(c.nonEquivalentRejected) + " rej.)")
          .c_str(),
      (std::to_string(c.floatEquivalent) + " (" +
       std::to_string(c.floatEquivalentAccepted) + " eq / " +
       std::to_string(c.floatEquivalent - c.floatEquivalentAccepted) + " not)")
          .c_str());
}

/// Runs every mutant of `w` and checks the verifier on it.
Counts runWorkload(const Workload &w) {
  Counts c;
  FloatDomain<double> dom;
  Evaluator<FloatDomain<double>> eval(dom);
  VerifyOptions opts = verifyOptions();

  std::vector<std::vector<DTensor>> inputs, expected;
  for (uint64_t seed : kFloatSeeds) {
    inputs.push_back(uniformInputs(w.ref, seed));
    std::string why;
    auto r = eval.run(w.ref, inputs.back(), &why);
    EXPECT_TRUE(succeeded(r)) << w.name << ": " << why;
    if (failed(r))
      return c;
    expected.push_back(std::move(*r));
  }

  std::set<std::string> seen;
  // TSOPT_MUTATION_LOG=1 lists every mutant with its class, for diagnosis.
  static const bool log = std::getenv("TSOPT_MUTATION_LOG") != nullptr;
  auto note = [&](const char *cls, const std::string &what,
                  const std::string &detail) {
    if (log)
      llvm::errs() << cls << "  " << w.name << ": " << what << "  " << detail
                   << "\n";
  };
  auto check = [&](const std::string &what, Graph mutant) {
    ++c.generated;
    SCOPED_TRACE(w.name + ": " + what);
    retype(mutant);
    std::string key;
    fingerprint(mutant, key);
    if (!seen.insert(key).second) {
      ++c.duplicates;
      note("DUP", what, "");
      return;
    }
    bool wellFormed = true, differs = false;
    for (size_t s = 0; s < inputs.size() && wellFormed && !differs; ++s) {
      auto r = eval.run(mutant, inputs[s]);
      if (failed(r))
        wellFormed = false;
      else
        differs = floatDiffers(*r, expected[s]);
    }
    // A mutant that changes the program's result shapes runs but cannot be
    // compared with the reference: ill-formed as a candidate too.
    for (size_t o = 0; wellFormed && o < mutant.outputs.size(); ++o)
      wellFormed = mutant.type(mutant.outputs[o]).shape ==
                   w.ref.type(w.ref.outputs[o]).shape;

    std::string why;
    llvm::FailureOr<VerifyRecord> rec =
        verifyEquivalence(mutant, w.ref, opts, &why);
    if (!wellFormed) {
      ++c.illFormed;
      note("ILL", what, why);
      // The verifier must refuse to compare, never answer.
      EXPECT_TRUE(failed(rec)) << "an ill-formed mutant got a verdict";
      if (failed(rec)) {
        EXPECT_FALSE(why.empty());
      }
      return;
    }
    EXPECT_TRUE(succeeded(rec)) << why;
    if (failed(rec))
      return;
    note(differs ? "NEQ" : "FEQ", what, rec->summary());
    if (differs) {
      ++c.nonEquivalent;
      c.nonEquivalentOutsideLax += !rec->inLax;
      c.nonEquivalentRejected += !rec->equivalent;
      EXPECT_FALSE(rec->equivalent)
          << "a mutant that differs in double was called equivalent: "
          << rec->summary();
      if (!rec->equivalent) {
        EXPECT_TRUE(rec->mismatchOutput.has_value());
      }
    } else {
      // Equal in double: not asserted, since uninterpreted functions cannot
      // prove every identity the floats happen to satisfy.
      ++c.floatEquivalent;
      c.floatEquivalentAccepted += rec->equivalent;
    }
  };
  mutateGraph(w.opt, {}, check);
  return c;
}

/// The workloads and the subjects with the ops they lack (add_scalar,
/// slices: Verify/mutation_subjects.mlir).
std::vector<Workload> loadSubjects() {
  std::vector<Workload> ws = loadAllWorkloads();
  for (Workload &w : loadWorkloads(TSOPT_MUTATION_SUBJECTS))
    ws.push_back(std::move(w));
  return ws;
}

TEST(MutationTest, WorkloadsAreEquivalentAndRetypeIsIdentity) {
  // The baseline the mutants are measured against: each unmutated µGraph is
  // accepted, and retype leaves a well-formed graph unchanged (so it cannot
  // turn a mutant into something other than the mutation).
  std::vector<Workload> ws = loadSubjects();
  ASSERT_GE(ws.size(), 8u);
  for (const Workload &w : ws) {
    SCOPED_TRACE(w.name);
    Graph copy = w.opt;
    retype(copy);
    EXPECT_TRUE(sameTypes(copy, w.opt));
    std::string why;
    auto rec = verifyEquivalence(w.opt, w.ref, verifyOptions(), &why);
    ASSERT_TRUE(succeeded(rec)) << why;
    EXPECT_TRUE(rec->equivalent) << rec->summary();
    EXPECT_TRUE(rec->inLax) << rec->laxViolation;
  }
}

TEST(MutationTest, EnumerationIsDeterministicAndCoversEveryKind) {
  // The counts below are only meaningful if every kind of mutation is
  // actually produced, and reproducible if the enumeration is deterministic.
  std::vector<Workload> ws = loadSubjects();
  ASSERT_GE(ws.size(), 8u);
  std::vector<std::string> first, second;
  for (const Workload &w : ws) {
    mutateGraph(w.opt, {}, [&](const std::string &what, Graph) {
      first.push_back(w.name + ": " + what);
    });
    mutateGraph(w.opt, {}, [&](const std::string &what, Graph) {
      second.push_back(w.name + ": " + what);
    });
  }
  EXPECT_EQ(first, second);
  auto produced = [&](llvm::StringRef where, llvm::StringRef kind) {
    return llvm::any_of(first, [&](llvm::StringRef m) {
      size_t at = m.find(where);
      return at != llvm::StringRef::npos &&
             m.drop_front(at).find(kind) != llvm::StringRef::npos;
    });
  };
  for (const char *kind : {"imap[",
                           "fmap ",
                           "omap[",
                           "grid[",
                           "forloop ",
                           "(matmul): swap",
                           "(div): swap",
                           "(reduce_sum): dim ",
                           "(reduce_sum): extent ",
                           "kind -> reduce_max",
                           "perm -> ",
                           "(concat): reverse",
                           "(concat): dim ",
                           "drop, users read",
                           "apply twice",
                           "(mul): kind -> ",
                           "(exp): kind -> ",
                           "sum -> max",
                           "-> concat along dim",
                           "factor ",
                           "(add_scalar): addend ",
                           "(slice): offsets[",
                           "operand 0 ",
                           "operand 1 ",
                           "output 0 "})
    EXPECT_TRUE(produced("", kind)) << "no mutant of kind '" << kind << "'";
  // Inside thread graphs too: kinds, factors, duplicates, drops and wiring.
  for (const char *kind : {"kind -> ", "factor ", "apply twice", "drop, ",
                           "operand 0 ", "output 0 "})
    EXPECT_TRUE(produced("(thread_graph) / ", kind))
        << "no mutant of kind '" << kind << "' in a thread graph";
}

TEST(MutationTest, EveryNonEquivalentMutantIsRejected) {
  std::vector<Workload> ws = loadSubjects();
  ASSERT_GE(ws.size(), 8u);
  auto start = std::chrono::steady_clock::now();
  // Per workload: mutants generated, structural duplicates (counted once),
  // ill-formed (rejected by the evaluator or changing the result shapes),
  // non-equivalent in double (how many the verifier rejected), and equal in
  // double (the verifier's verdicts, not asserted).
  llvm::outs() << llvm::format("%-20s %9s %6s %10s %14s %16s\n", "workload",
                               "generated", "dups", "ill-formed",
                               "non-equivalent", "float-equivalent");
  Counts total;
  for (const Workload &w : ws) {
    Counts c = runWorkload(w);
    printRow(w.name, c);
    // Every workload must contribute: a generator that silently produced
    // nothing for one of them would not be caught by the total alone. (A
    // µGraph whose tiles all differ in shape, like LoRA's, has few
    // well-formed single mutations, so the floor is low.)
    EXPECT_GE(c.nonEquivalent, 1u) << w.name;
    EXPECT_EQ(c.nonEquivalentRejected, c.nonEquivalent) << w.name;
    total.add(c);
  }
  printRow("total", total);
  llvm::outs() << "non-equivalent mutants outside LAX (two exps on a path): "
               << total.nonEquivalentOutsideLax << "\n";
  double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  llvm::outs() << llvm::format("mutation testing took %.1f s\n", secs);
  llvm::outs().flush();
  EXPECT_EQ(total.generated, total.duplicates + total.illFormed +
                                 total.nonEquivalent + total.floatEquivalent);
  EXPECT_GE(total.nonEquivalent, 200u);
  EXPECT_EQ(total.nonEquivalentRejected, total.nonEquivalent);
}

} // namespace
