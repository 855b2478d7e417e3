//===- Search.cpp - Expression-guided µGraph generation -------------------===//
//
// Mirage Algorithm 1 (see Search.h and docs/search.md). The generator works
// on lean graphs it grows and shrinks in place; nothing here creates MLIR.
//
// Every tensor and tile carries, besides its type:
//  * dimension labels: for each dim, the index variables of the input
//    program it ranges over (outer first; a dim written by an omap that
//    concatenates per-block partial results has the split variable outside);
//  * whether it is a partial reduction: over a variable the for-loop slices
//    (closed by an accumulator) or one a grid dim slices (written out with
//    the split as an extra factor and summed by a later kernel);
//  * its abstract expression.
// Matmul contractions, broadcasts and accumulators must agree with the
// labels; non-linear ops never see a partial sum.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Search/Search.h"

#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Optimize/ThreadGraphs.h"
#include "tsopt/Search/AbstractExpr.h"
#include "tsopt/Search/Rewrite.h"
#include "tsopt/Verify/Equivalence.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <mutex>
#include <memory>
#include <numeric>
#include <optional>
#include <set>
#include <thread>

using namespace tsopt;

namespace {

//===----------------------------------------------------------------------===//
// Dimension labels
//===----------------------------------------------------------------------===//

struct Factor {
  int var;
  int64_t count;
  bool operator==(const Factor &o) const {
    return var == o.var && count == o.count;
  }
};
using Factors = llvm::SmallVector<Factor, 2>;

/// The variables a dim ranges over. `parts` is set for a concatenated dim
/// (one entry per piece); `factors` otherwise. Both empty: a unit dim.
struct DimLabel {
  Factors factors;
  llvm::SmallVector<Factors, 2> parts;
  bool unit() const { return factors.empty() && parts.empty(); }
  bool operator==(const DimLabel &o) const {
    return factors == o.factors && parts == o.parts;
  }
  bool operator!=(const DimLabel &o) const { return !(*this == o); }
  int outerVar() const { return factors.empty() ? -1 : factors[0].var; }
  /// Every variable the dim ranges over.
  llvm::SmallVector<int, 2> vars() const {
    llvm::SmallVector<int, 2> vs;
    for (const Factor &f : factors)
      vs.push_back(f.var);
    for (const Factors &p : parts)
      for (const Factor &f : p)
        vs.push_back(f.var);
    return vs;
  }
};

/// What the generator knows about a kernel tensor or a tile.
struct Info {
  llvm::SmallVector<DimLabel, 4> dims;
  /// Kernel tensors: variables whose partial sums a dim factor indexes.
  llvm::SmallVector<int, 1> partialVars;
  /// Tiles: a partial reduction over the loop variable (Sum or Max) and the
  /// grid dims whose variable was reduced.
  bool partialLoop = false;
  AccumKind partialKind = AccumKind::Sum;
  unsigned partialGrid = 0;
  Stage stage = Stage::Tensor;
  AbsTensor expr;
  /// An input tile that a loop over chunks of partial sums also slices: it
  /// goes to a concatenating accumulator.
  bool carried = false;
  bool partial() const { return partialLoop || partialGrid; }
};

/// Union-find over (value, dim) of the input program: the index variables.
class DimAnalysis {
public:
  explicit DimAnalysis(const Graph &g) {
    for (const tsopt::TensorType &t : g.values) {
      base.push_back(parent.size());
      for (size_t d = 0; d < t.shape.size(); ++d)
        parent.push_back(parent.size());
    }
    for (const tsopt::Op &op : g.ops)
      unifyOp(g, op);
  }

  /// Labels of value `v`: one variable per non-unit dim.
  llvm::SmallVector<DimLabel, 4> labels(const Graph &g, int v) {
    llvm::SmallVector<DimLabel, 4> ls;
    const Shape &s = g.values[v].shape;
    for (size_t d = 0; d < s.size(); ++d) {
      DimLabel l;
      if (s[d] != 1) {
        int root = find(base[v] + d);
        auto [it, inserted] = varOf.try_emplace(root, varSize.size());
        if (inserted)
          varSize.push_back(s[d]);
        l.factors.push_back({it->second, s[d]});
      }
      ls.push_back(l);
    }
    return ls;
  }
  std::vector<int64_t> varSize;

private:
  int find(int x) {
    while (parent[x] != x)
      x = parent[x] = parent[parent[x]];
    return x;
  }
  void unify(const Graph &g, int a, int da, int b, int db) {
    if (g.values[a].shape[da] != g.values[b].shape[db] ||
        g.values[a].shape[da] == 1)
      return;
    int ra = find(base[a] + da), rb = find(base[b] + db);
    if (ra != rb)
      parent[std::max(ra, rb)] = std::min(ra, rb);
  }
  /// Right-aligned unification of `a` with `r` (broadcasting).
  void unifyAligned(const Graph &g, int a, int r) {
    int ra = g.values[a].shape.size(), rr = g.values[r].shape.size();
    for (int i = 0; i < ra && i < rr; ++i)
      unify(g, a, ra - 1 - i, r, rr - 1 - i);
  }
  void unifyOp(const Graph &g, const tsopt::Op &op) {
    if (op.results.empty())
      return;
    int r = op.results[0];
    switch (op.kind) {
    case OpKind::Matmul: {
      int a = op.operands[0], b = op.operands[1];
      int rank = g.values[a].shape.size();
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
      return; // new dims
    case OpKind::RmsNorm:
      unifyAligned(g, op.operands[0], r);
      unifyAligned(g, op.operands[1], r);
      return;
    default:
      for (int a : op.operands)
        unifyAligned(g, a, r);
      return;
    }
  }
  std::vector<int> parent;
  std::vector<int> base;
  llvm::DenseMap<int, int> varOf;
};

//===----------------------------------------------------------------------===//
// Canonical ranks
//===----------------------------------------------------------------------===//

/// Rank of an op (Mirage §4.1): its operands sorted in descending order, then
/// its kind and attributes, then the operand order (non-commutative ops) and,
/// for graph-defined kernels, the block graph's text.
struct Rank {
  llvm::SmallVector<int, 4> sortedOperands;
  int kind = -1;
  std::vector<int64_t> attrs;
  std::string body;
  bool operator<(const Rank &o) const {
    return std::tie(sortedOperands, kind, attrs, body) <
           std::tie(o.sortedOperands, o.kind, o.attrs, o.body);
  }
};

Rank rankOf(const tsopt::Op &op, const std::string &bodyText = "") {
  Rank r;
  r.sortedOperands.assign(op.operands.begin(), op.operands.end());
  llvm::sort(r.sortedOperands, std::greater<int>());
  r.kind = static_cast<int>(op.kind);
  int64_t scalarBits;
  std::memcpy(&scalarBits, &op.scalar, sizeof scalarBits);
  r.attrs = {op.dim, scalarBits, op.fmap, static_cast<int64_t>(op.accum)};
  for (int o : op.operands)
    r.attrs.push_back(o);
  r.body = bodyText;
  return r;
}

/// Unary ops that do not commute with sums (everything but scaling).
bool isNonlinearUnary(OpKind k) {
  return isElementwiseUnary(k) && k != OpKind::Neg && k != OpKind::MulScalar;
}

bool isCommutative(OpKind k) { return k == OpKind::Add || k == OpKind::Mul; }

/// The transpose the search explores: the last two of `rank` dims swapped
/// (what the program's transposes do).
llvm::SmallVector<int64_t, 4> swapLastTwo(size_t rank) {
  llvm::SmallVector<int64_t, 4> perm(rank);
  std::iota(perm.begin(), perm.end(), 0);
  std::swap(perm[rank - 1], perm[rank - 2]);
  return perm;
}

/// Some dim of `dims` has `v` as its outer variable.
bool hasOuterVar(llvm::ArrayRef<DimLabel> dims, int v) {
  return llvm::any_of(dims,
                      [&](const DimLabel &d) { return d.outerVar() == v; });
}

//===----------------------------------------------------------------------===//
// Label rules shared by kernel and block level
//===----------------------------------------------------------------------===//

/// Variables sliced by the enclosing kernel's grid dims and for-loop (block
/// level); empty at kernel level.
struct Slicing {
  llvm::SmallVector<int, 3> gridVars;
  int loopVar = -1;
};

/// Marks `info` as a reduction over the variables of `dim`.
void reduceOver(Info &info, const DimLabel &dim, const Slicing &s,
                AccumKind kind) {
  for (int v : dim.vars()) {
    if (v == s.loopVar) {
      info.partialLoop = true;
      info.partialKind = kind;
    }
    for (auto [g, gv] : llvm::enumerate(s.gridVars))
      if (gv == v)
        info.partialGrid |= 1u << g;
  }
}

/// Same abstract expression (one part, not opaque): hash-consing makes this
/// equality modulo the context's normal forms.
bool sameExpr(const AbsTensor &a, const AbsTensor &b) {
  return !a.unknown && !b.unknown && a.parts.size() == 1 &&
         b.parts.size() == 1 && a.parts[0].expr == b.parts[0].expr;
}

bool samePartial(const Info &a, const Info &b) {
  return a.partialLoop == b.partialLoop && a.partialGrid == b.partialGrid &&
         (!a.partialLoop || a.partialKind == b.partialKind);
}

/// Labels and partial state of a compute op's result from its operands';
/// failure when the op mixes unrelated variables or applies a non-linear
/// function to a partial sum.
llvm::FailureOr<Info> labelOp(const tsopt::Op &op,
                              llvm::ArrayRef<const Info *> in,
                              const Graph &g, const Slicing &s) {
  Info r;
  // A concatenated dim only makes sense as a contraction (the LoRA
  // rewrite): anything else on a concatenation is rejected.
  auto hasParts = [](const Info &i, int except) {
    for (auto [d, l] : llvm::enumerate(i.dims))
      if (static_cast<int>(d) != except && !l.parts.empty())
        return true;
    return false;
  };
  if (op.kind == OpKind::Matmul) {
    int rank = in[0]->dims.size();
    if (hasParts(*in[0], rank - 1) || hasParts(*in[1], rank - 2))
      return llvm::failure();
  } else {
    for (const Info *i : in)
      if (hasParts(*i, -1))
        return llvm::failure();
  }
  auto carry = [&](const Info &from) {
    r.partialLoop = from.partialLoop;
    r.partialKind = from.partialKind;
    r.partialGrid = from.partialGrid;
  };
  if (isElementwiseUnary(op.kind)) {
    if (isNonlinearUnary(op.kind) && in[0]->partial())
      return llvm::failure();
    r.dims = in[0]->dims;
    carry(*in[0]);
    return r;
  }
  switch (op.kind) {
  case OpKind::Add:
  case OpKind::Sub:
  case OpKind::Mul:
  case OpKind::Div: {
    const Info &a = *in[0], &b = *in[1];
    int ra = a.dims.size(), rb = b.dims.size(), rank = std::max(ra, rb);
    r.dims.resize(rank);
    for (int i = 0; i < rank; ++i) {
      const DimLabel *la = i < ra ? &a.dims[ra - 1 - i] : nullptr;
      const DimLabel *lb = i < rb ? &b.dims[rb - 1 - i] : nullptr;
      DimLabel &out = r.dims[rank - 1 - i];
      if (la && lb && !la->unit() && !lb->unit() && *la != *lb)
        return llvm::failure();
      out = (la && !la->unit()) ? *la : (lb ? *lb : DimLabel());
    }
    if (op.kind == OpKind::Add || op.kind == OpKind::Sub) {
      if (!samePartial(a, b))
        return llvm::failure();
      carry(a);
    } else if (op.kind == OpKind::Mul) {
      if (a.partial() && b.partial())
        return llvm::failure();
      carry(a.partial() ? a : b);
    } else {
      if (b.partial())
        return llvm::failure();
      carry(a);
    }
    return r;
  }
  case OpKind::Matmul: {
    const Info &a = *in[0], &b = *in[1];
    int rank = a.dims.size();
    if (rank < 2 || static_cast<int>(b.dims.size()) != rank)
      return llvm::failure();
    if (a.partial() && b.partial())
      return llvm::failure();
    if ((a.partialLoop && a.partialKind != AccumKind::Sum) ||
        (b.partialLoop && b.partialKind != AccumKind::Sum))
      return llvm::failure();
    for (int d = 0; d + 2 < rank; ++d) {
      if (a.dims[d] != b.dims[d])
        return llvm::failure();
      r.dims.push_back(a.dims[d]);
    }
    if (a.dims[rank - 1] != b.dims[rank - 2])
      return llvm::failure();
    r.dims.push_back(a.dims[rank - 2]);
    r.dims.push_back(b.dims[rank - 1]);
    carry(a.partial() ? a : b);
    reduceOver(r, a.dims[rank - 1], s, AccumKind::Sum);
    return r;
  }
  case OpKind::ReduceSum:
  case OpKind::ReduceMax: {
    const Info &a = *in[0];
    AccumKind kind =
        op.kind == OpKind::ReduceSum ? AccumKind::Sum : AccumKind::Max;
    if (a.partial() && (kind == AccumKind::Max || a.partialKind != kind))
      return llvm::failure();
    if (g.values[op.results[0]].shape[op.dim] != 1 || a.dims[op.dim].unit())
      return llvm::failure();
    r.dims = a.dims;
    r.dims[op.dim] = DimLabel();
    carry(a);
    reduceOver(r, a.dims[op.dim], s, kind);
    return r;
  }
  case OpKind::Concat: {
    const Info &a = *in[0], &b = *in[1];
    if (a.dims.size() != b.dims.size())
      return llvm::failure();
    r.dims = a.dims;
    for (size_t d = 0; d < a.dims.size(); ++d) {
      if (static_cast<int64_t>(d) == op.dim)
        continue;
      if (a.dims[d] != b.dims[d])
        return llvm::failure();
    }
    if (a.dims[op.dim] == b.dims[op.dim])
      return llvm::failure(); // two copies of the same slice
    DimLabel cat;
    for (const Info *x : in) {
      const DimLabel &l = x->dims[op.dim];
      if (!l.parts.empty() || l.unit())
        return llvm::failure();
      cat.parts.push_back(l.factors);
    }
    r.dims[op.dim] = cat;
    // By linearity a contraction of two concatenations is a sum of the
    // pieces' contractions; the pieces may be partial in different ways,
    // which the screen (not the labels) decides.
    r.partialLoop = a.partialLoop || b.partialLoop;
    r.partialGrid = a.partialGrid | b.partialGrid;
    return r;
  }
  case OpKind::Transpose: {
    // A permutation of the dims: linear, so partial sums stay partial.
    const Info &a = *in[0];
    if (op.perm.size() != a.dims.size())
      return llvm::failure();
    for (int64_t d : op.perm)
      r.dims.push_back(a.dims[d]);
    carry(a);
    return r;
  }
  case OpKind::RmsNorm: {
    const Info &x = *in[0], &gamma = *in[1];
    if (x.partial() || gamma.partial() || gamma.dims.size() != 1 ||
        x.dims.empty() || (gamma.dims[0] != x.dims.back()))
      return llvm::failure();
    r.dims = x.dims;
    return r;
  }
  default:
    return llvm::failure();
  }
}

//===----------------------------------------------------------------------===//
// The search
//===----------------------------------------------------------------------===//

struct BlockOpChoice {
  OpKind kind;
  double scalar = 0;
};

/// A configuration of one graph-defined kernel: which kernel tensors it
/// reads, which variables its grid dims and its for-loop slice, and the
/// representative extents.
struct KernelConfig {
  llvm::SmallVector<int, 4> inputs;
  llvm::SmallVector<int, 3> gridVars;
  llvm::SmallVector<int64_t, 3> grid;
  int loopVar = -1;
  int64_t forloop = 1;
};

/// One unit of parallel work: the first kernel-level op of a prefix.
struct WorkItem {
  /// Which form of the program (0: as written, 1: rewritten).
  unsigned form = 0;
  bool graphDefined = false;
  KernelConfig config;
  tsopt::Op op; // a pre-defined op
};

struct Found {
  Graph graph;
  std::string key;
};

/// A row-local piece of the program explored as one block-level step (see
/// docs/search.md, "Program templates"): the cone of ops computing one
/// program value from its leaves. Operands are internal op indices (>= 0)
/// or leaves (-1 - leaf index).
struct Template {
  struct TOp {
    OpKind kind;
    llvm::SmallVector<int, 2> operands;
    int64_t dim = 0;
    double scalar = 0;
    llvm::SmallVector<int64_t, 4> perm;
  };
  std::vector<TOp> ops;
  /// Rank of each leaf's program value (a binding must have the same).
  llvm::SmallVector<size_t, 4> leafRanks;
  /// The program value of each leaf, and the program input it is (-1: a
  /// computed value). A template of inputs only is also a prologue.
  llvm::SmallVector<int, 4> leafValues, leafInputs;
  /// The program reads the leaves nowhere else: a kernel that can apply the
  /// prologue does (docs/search.md).
  bool onlyUse = false;
  bool prologue() const { return !llvm::is_contained(leafInputs, -1); }
  /// Op `j`, its inner operands numbered from `start`, its leaves bound.
  tsopt::Op instantiate(unsigned j, int start,
                        llvm::ArrayRef<int> leaves) const {
    tsopt::Op op;
    op.kind = ops[j].kind;
    op.dim = ops[j].dim;
    op.scalar = ops[j].scalar;
    op.perm = ops[j].perm;
    for (int a : ops[j].operands)
      op.operands.push_back(a >= 0 ? start + a : leaves[-1 - a]);
    return op;
  }
};

/// Counters and the stop flag of one search, over all forms of the program.
struct SearchControl {
  std::atomic<uint64_t> states{0}, prunedShape{0}, prunedExpr{0};
  std::atomic<bool> stop{false};
  std::chrono::steady_clock::time_point deadline;
  bool hasDeadline = false;

  bool timeUp() {
    if (stop.load(std::memory_order_relaxed))
      return true;
    if (hasDeadline && std::chrono::steady_clock::now() > deadline) {
      stop = true;
      return true;
    }
    return false;
  }
};

class Searcher {
public:
  Searcher(const Graph &program, const SearchOptions &options,
           SearchControl &ctl)
      : program(program), options(options), builder(exprs), ctl(ctl) {}

  llvm::LogicalResult prepare(std::string *why);
  void collectTemplates();
  std::vector<WorkItem> workItems();
  void runItem(const WorkItem &item, std::vector<Found> &out);

  // Shared state.
  const Graph &program;
  const SearchOptions &options;
  ExprContext exprs;
  ExprBuilder builder;
  std::unique_ptr<SubexprOracle> oracle;
  std::vector<AbsTensor> programExprs;
  std::vector<llvm::SmallVector<DimLabel, 4>> inputLabels;
  std::vector<llvm::SmallVector<DimLabel, 4>> outputLabels;
  std::vector<int64_t> varSize;
  /// Variables the program reduces (matmul contractions, reductions).
  std::set<int> reducedVars;
  /// usedInputs[i]: the program reads input i.
  std::vector<bool> usedInputs;
  llvm::SmallVector<OpKind, 8> kernelOps, blockOps;
  llvm::SmallVector<double, 2> scalars;
  std::vector<Template> templates;
  /// How many open values one block-level step can close at most: 1 for an
  /// op, leaves - 1 for a template.
  unsigned maxMerge = 1;

  /// Shared with the searches of the program's other forms.
  SearchControl &ctl;
  /// Templates are cut at reductions (a rewritten form, see
  /// collectTemplates).
  bool cutAtReductions = false;

  bool timeUp() { return ctl.timeUp(); }

  bool keepExpr(const AbsTensor &t) {
    if (!options.exprPruning)
      return true;
    if (oracle->isSubexpr(t))
      return true;
    ++ctl.prunedExpr;
    return false;
  }
};

/// Per-work-item state of the kernel-level generation.
class KernelSearch {
public:
  KernelSearch(Searcher &s, std::vector<Found> &out) : s(s), out(out) {
    g.level = Level::Kernel;
    for (int in : s.program.inputs) {
      int v = g.addInput(s.program.type(in));
      Info info;
      info.dims = s.inputLabels[g.inputs.size() - 1];
      info.expr = AbsTensor::single(s.exprs.var(g.inputs.size() - 1));
      infos.resize(v + 1);
      infos[v] = info;
    }
  }

  void runFirst(const WorkItem &item);
  void updateMustRead();
  void enumerateKernelConfigs(llvm::function_ref<void(KernelConfig &)> fn);

private:
  friend class BlockSearch;
  void extend();
  void tryComplete();
  void pushOp(tsopt::Op op, llvm::ArrayRef<tsopt::TensorType> types,
              llvm::ArrayRef<Info> resultInfos, Rank rank);
  void popOp();
  void tryPredefined(OpKind kind, llvm::ArrayRef<int> operands, int64_t dim,
                     double scalar);
  void searchKernel(KernelConfig &config);
  unsigned users(int v) const {
    unsigned n = 0;
    for (const tsopt::Op &op : g.ops)
      n += llvm::count(op.operands, v);
    return n;
  }

  Searcher &s;
  std::vector<Found> &out;
  Graph g;
  std::vector<Info> infos;
  std::vector<Rank> ranks;
  /// Values (bit per id) the next op must read; see extend().
  uint64_t mustRead = 0;
};

/// The nested generation of one graph-defined kernel's block graph.
class BlockSearch {
  /// Values no later op may read while in scope: stage Tensor is neither
  /// phase (a template's inner values, tiles a prologue consumed).
  class HiddenValues {
  public:
    HiddenValues(BlockSearch &b, llvm::ArrayRef<int> values) : b(b) {
      for (int v : values) {
        saved.push_back({v, b.infos[v].stage});
        b.infos[v].stage = Stage::Tensor;
      }
    }
    ~HiddenValues() {
      for (auto [v, st] : saved)
        b.infos[v].stage = st;
    }

  private:
    BlockSearch &b;
    llvm::SmallVector<std::pair<int, Stage>, 8> saved;
  };

public:
  BlockSearch(Searcher &s, KernelSearch &k, const KernelConfig &c)
      : s(s), k(k), c(c) {
    slicing.gridVars = c.gridVars;
    slicing.loopVar = c.loopVar;
  }

  /// Builds the input iterators; false when the configuration cannot slice
  /// the inputs consistently.
  bool begin();
  /// Prologues from template `t` on, each applied or not, then extend().
  void withPrologues(unsigned t);
  void extend();

private:
  void tryClose();
  void closeWithOmaps(llvm::ArrayRef<int> sinks, unsigned i,
                      llvm::SmallVector<std::array<int, 3>, 2> &omaps);
  bool push(tsopt::Op op, const tsopt::TensorType &type);
  void pop();
  /// Adds `op` if it passes every check (and counts it); false otherwise,
  /// with the state unchanged.
  bool place(tsopt::Op op);
  void unplace();
  void tryOp(tsopt::Op op);
  void tryTemplate(unsigned t);
  void placeTemplateOp(unsigned t, unsigned j, int start,
                       llvm::SmallVectorImpl<int> &leaves);
  void accumulate(llvm::ArrayRef<int> dangling, unsigned i);
  unsigned users(int v) const { return useCount[v]; }

  Searcher &s;
  KernelSearch &k;
  const KernelConfig &c;
  Slicing slicing;
  Graph bg;
  std::vector<Info> infos;
  std::vector<Rank> ranks; // of compute ops, in order
  std::vector<unsigned> useCount;
  unsigned computeOps = 0;
  bool inPost = false;
  /// Input tiles read by the prologues applied.
  llvm::SmallVector<int, 4> prologueTiles;
};

} // namespace

//===----------------------------------------------------------------------===//
// Preparation: program analysis and the op sets
//===----------------------------------------------------------------------===//

llvm::LogicalResult Searcher::prepare(std::string *why) {
  auto fail = [&](const llvm::Twine &msg) {
    if (why)
      *why = msg.str();
    return llvm::failure();
  };
  if (program.level != Level::Kernel)
    return fail("the program must be a kernel graph");
  if (program.outputs.empty())
    return fail("the program has no outputs");
  std::set<OpKind> kinds;
  for (const tsopt::Op &op : program.ops) {
    switch (op.kind) {
    case OpKind::Kernel:
      return fail("the program already contains a graph-defined kernel; "
                  "superoptimize a program of pre-defined ops");
    case OpKind::Repeat:
    case OpKind::Reshape:
      return fail(llvm::Twine("kgraph.") + stringifyOpKind(op.kind) +
                  " is not supported by the search yet");
    default:
      break;
    }
    kinds.insert(op.kind);
  }

  if (program.values.size() > 60)
    return fail("the program has more than 60 values; split it first");
  usedInputs.assign(program.inputs.size(), false);
  for (const tsopt::Op &op : program.ops)
    for (int o : op.operands)
      for (auto [i, in] : llvm::enumerate(program.inputs))
        if (in == o)
          usedInputs[i] = true;

  DimAnalysis dims(program);
  for (int in : program.inputs)
    inputLabels.push_back(dims.labels(program, in));
  for (int o : program.outputs)
    outputLabels.push_back(dims.labels(program, o));
  // Reduced variables: the contracted dim of each matmul's lhs and the
  // reduced dim of each reduction (rms_norm reduces its last dim).
  for (const tsopt::Op &op : program.ops) {
    int v = -1, d = -1;
    if (op.kind == OpKind::Matmul) {
      v = op.operands[0];
      d = program.type(v).shape.size() - 1;
    } else if (op.kind == OpKind::ReduceSum || op.kind == OpKind::ReduceMax) {
      v = op.operands[0];
      d = op.dim;
    } else if (op.kind == OpKind::RmsNorm) {
      v = op.operands[0];
      d = program.type(v).shape.size() - 1;
    }
    if (v < 0)
      continue;
    auto labels = dims.labels(program, v);
    if (labels[d].outerVar() >= 0)
      reducedVars.insert(labels[d].outerVar());
  }
  varSize = dims.varSize;

  llvm::SmallVector<AbsTensor, 2> targets;
  programExprs = builder.evaluate(program);
  for (int o : program.outputs)
    targets.push_back(programExprs[o]);
  oracle = std::make_unique<SubexprOracle>(exprs, targets);

  // Op sets: the program's kernel ops; block ops are the program's ops with
  // rms_norm expanded into the primitives that compute it, and concat when
  // the program adds two contractions (the LoRA rewrite).
  kernelOps = options.kernelOps;
  if (kernelOps.empty() && !options.noKernelOps)
    kernelOps.assign(kinds.begin(), kinds.end());
  blockOps = options.blockOps;
  if (llvm::is_contained(blockOps, OpKind::RmsNorm))
    return fail("block-ops: rms_norm has no block-level op; the search "
                "explores its primitives (mul, square, reduce_sum, "
                "mul_scalar, sqrt, div) instead");
  if (blockOps.empty() && !options.noBlockOps) {
    std::set<OpKind> b;
    for (OpKind k : kinds) {
      if (k == OpKind::RmsNorm) {
        b.insert({OpKind::Mul, OpKind::Square, OpKind::ReduceSum,
                  OpKind::MulScalar, OpKind::Sqrt, OpKind::Div});
        continue;
      }
      b.insert(k);
    }
    for (const tsopt::Op &op : program.ops) {
      if (op.kind != OpKind::Add)
        continue;
      auto fromMatmul = [&](int v) {
        return llvm::any_of(program.ops, [&](const tsopt::Op &p) {
          return p.kind == OpKind::Matmul && p.results[0] == v;
        });
      };
      if (fromMatmul(op.operands[0]) && fromMatmul(op.operands[1]))
        b.insert(OpKind::Concat);
    }
    blockOps.assign(b.begin(), b.end());
  }
  // Constants: the program's scalars, and 1/K for each rms_norm over K.
  for (const tsopt::Op &op : program.ops) {
    if (op.kind == OpKind::MulScalar)
      scalars.push_back(op.scalar);
    if (op.kind == OpKind::RmsNorm) {
      if (op.scalar != 0)
        return fail("rms_norm with a non-zero epsilon is not supported by "
                    "the search yet");
      scalars.push_back(
          1.0 / static_cast<double>(program.type(op.operands[0]).shape.back()));
    }
  }
  llvm::sort(scalars);
  scalars.erase(std::unique(scalars.begin(), scalars.end()), scalars.end());
  if (options.programTemplates)
    collectTemplates();
  return llvm::success();
}

/// Ops a template may contain: those that compute each row of their result
/// from the same row of their operands.
static bool isRowLocal(OpKind k) {
  return isElementwiseUnary(k) || isElementwiseBinary(k) ||
         k == OpKind::ReduceSum || k == OpKind::ReduceMax ||
         k == OpKind::RmsNorm;
}

void Searcher::collectTemplates() {
  std::vector<int> producer = producers(program);
  std::vector<unsigned> uses(program.values.size(), 0);
  for (const tsopt::Op &op : program.ops)
    for (int o : op.operands)
      ++uses[o];
  for (int o : program.outputs)
    ++uses[o];
  // Records program value `v` as the next leaf of `t`.
  auto addLeaf = [&](Template &t, int v) {
    t.leafRanks.push_back(program.type(v).shape.size());
    t.leafValues.push_back(v);
    auto in = llvm::find(program.inputs, v);
    t.leafInputs.push_back(
        in == program.inputs.end() ? -1 : in - program.inputs.begin());
  };
  std::set<std::string> seen;
  // A transposed program input is a one-op prologue: the kernel reads the
  // tile and transposes it in shared memory.
  for (const tsopt::Op &op : program.ops) {
    if (op.kind != OpKind::Transpose ||
        !llvm::is_contained(program.inputs, op.operands[0]))
      continue;
    Template t;
    t.ops.push_back({OpKind::Transpose, {-1}, 0, 0, op.perm});
    addLeaf(t, op.operands[0]);
    t.onlyUse = uses[op.operands[0]] == 1;
    templates.push_back(std::move(t));
  }
  // Cut at reductions, a reduction's result is a leaf of the cones that
  // read it and the root of its own.
  auto isCut = [&](OpKind k) {
    return cutAtReductions &&
           (k == OpKind::ReduceSum || k == OpKind::ReduceMax);
  };
  for (const tsopt::Op &root : program.ops) {
    if (!isRowLocal(root.kind))
      continue;
    // Maximal cones only: rooted at a value that is an output, has several
    // users or feeds an op that is not row-local.
    int rv = root.results[0];
    bool maximal = uses[rv] != 1 ||
                   llvm::is_contained(program.outputs, rv) ||
                   isCut(root.kind);
    for (const tsopt::Op &user : program.ops)
      if (llvm::is_contained(user.operands, rv) && !isRowLocal(user.kind))
        maximal = true;
    if (!maximal)
      continue;
    // The cone of `root`: row-local producers of values used once; every
    // other value (an input, a matmul result, a value with other users) is
    // a leaf.
    Template t;
    llvm::DenseMap<int, int> opOf, leafOf;
    llvm::SmallVector<int, 8> coneOps;
    std::function<int(int, bool)> visit = [&](int v, bool isRoot) -> int {
      int p = producer[v];
      // Cut at reductions, a cone also takes in the row-local values it
      // shares with others (computed again in each): a leaf stands for a
      // value the loop accumulates, and abstract expressions, which forget
      // constant factors, would let a leaf `mean` bind to the sum itself.
      bool inner = p >= 0 && isRowLocal(program.ops[p].kind) &&
                   (isRoot || (cutAtReductions ? !isCut(program.ops[p].kind)
                                               : uses[v] == 1));
      if (!inner) {
        auto [it, added] = leafOf.try_emplace(v, t.leafRanks.size());
        if (added)
          addLeaf(t, v);
        return -1 - it->second;
      }
      if (auto it = opOf.find(v); it != opOf.end())
        return it->second;
      const tsopt::Op &op = program.ops[p];
      coneOps.push_back(p);
      llvm::SmallVector<int, 2> operands;
      for (int o : op.operands)
        operands.push_back(visit(o, false));
      auto add = [&](OpKind kind, llvm::ArrayRef<int> in, int64_t dim = 0,
                     double scalar = 0) {
        t.ops.push_back({kind, {in.begin(), in.end()}, dim, scalar, {}});
        return static_cast<int>(t.ops.size() - 1);
      };
      if (op.kind != OpKind::RmsNorm)
        return opOf[v] = add(op.kind, operands, op.dim, op.scalar);
      // rms_norm has no block-level op: its primitives (the epsilon is
      // zero, see prepare), x·g / sqrt(sum(x²) / K).
      int64_t last = program.type(op.operands[0]).shape.size() - 1;
      int sq = add(OpKind::Square, {operands[0]});
      int ss = add(OpKind::ReduceSum, {sq}, last);
      int ms = add(OpKind::MulScalar, {ss}, 0,
                   1.0 / program.type(op.operands[0]).shape.back());
      int rms = add(OpKind::Sqrt, {ms});
      int xg = add(OpKind::Mul, {operands[0], operands[1]});
      return opOf[v] = add(OpKind::Div, {xg, rms});
    };
    visit(root.results[0], true);
    unsigned leafUses = 0, usesInside = 0;
    for (int v : t.leafValues)
      leafUses += uses[v];
    for (int p : coneOps)
      for (int o : program.ops[p].operands)
        usesInside += leafOf.count(o);
    t.onlyUse = leafUses == usesInside;
    if (t.ops.size() < 2)
      continue;
    std::string key;
    llvm::raw_string_ostream os(key);
    for (const Template::TOp &o : t.ops) {
      os << static_cast<int>(o.kind) << ' ' << o.dim << ' ' << o.scalar;
      for (int a : o.operands)
        os << ' ' << a;
      os << ';';
    }
    for (size_t r : t.leafRanks)
      os << ' ' << r;
    if (!seen.insert(key).second)
      continue;
    maxMerge = std::max<unsigned>(maxMerge, t.leafRanks.size() - 1);
    templates.push_back(std::move(t));
  }
}

//===----------------------------------------------------------------------===//
// Kernel level
//===----------------------------------------------------------------------===//

void KernelSearch::pushOp(tsopt::Op op, llvm::ArrayRef<tsopt::TensorType> types,
                          llvm::ArrayRef<Info> resultInfos, Rank rank) {
  int first = g.addOp(std::move(op), types);
  infos.resize(first + types.size());
  for (size_t i = 0; i < types.size(); ++i)
    infos[first + i] = resultInfos[i];
  ranks.push_back(std::move(rank));
}

void KernelSearch::popOp() {
  size_t n = g.ops.back().results.size();
  g.ops.pop_back();
  g.values.resize(g.values.size() - n);
  infos.resize(g.values.size());
  ranks.pop_back();
}

void KernelSearch::tryComplete() {
  // Every produced tensor is used or an output; the unused ones are the
  // outputs, in creation order, and must match the program's.
  llvm::SmallVector<int, 2> sinks;
  for (int v = g.inputs.size(); v < static_cast<int>(g.values.size()); ++v)
    if (users(v) == 0)
      sinks.push_back(v);
  if (sinks.size() != s.program.outputs.size())
    return;
  for (auto [i, v] : llvm::enumerate(sinks)) {
    const tsopt::TensorType &want = s.program.type(s.program.outputs[i]);
    if (g.values[v].shape != want.shape || !infos[v].partialVars.empty() ||
        infos[v].dims != s.outputLabels[i])
      return;
  }
  Graph cand = g;
  cand.outputs.assign(sinks.begin(), sinks.end());
  for (size_t i = 0; i < sinks.size(); ++i)
    cand.values[sinks[i]].dtype =
        s.program.type(s.program.outputs[i]).dtype;
  out.push_back({std::move(cand), ""});
}

void KernelSearch::updateMustRead() {
  // The last op allowed must read every program input not read yet and,
  // for a single-output program, every result nobody reads yet.
  mustRead = 0;
  if (s.options.maxKernelOps - g.ops.size() != 1)
    return;
  for (auto [i, v] : llvm::enumerate(g.inputs))
    if (s.usedInputs[i] && users(v) == 0)
      mustRead |= uint64_t(1) << v;
  if (s.program.outputs.size() == 1)
    for (int v = g.inputs.size(); v < static_cast<int>(g.values.size()); ++v)
      if (users(v) == 0)
        mustRead |= uint64_t(1) << v;
}

void KernelSearch::extend() {
  if (s.timeUp())
    return;
  tryComplete();
  if (g.ops.size() >= s.options.maxKernelOps)
    return;

  updateMustRead();

  int n = g.values.size();
  for (OpKind kind : s.kernelOps) {
    if (isElementwiseUnary(kind) && kind != OpKind::MulScalar) {
      for (int a = 0; a < n; ++a)
        tryPredefined(kind, {a}, 0, 0);
    } else if (kind == OpKind::MulScalar) {
      for (int a = 0; a < n; ++a)
        for (double c : s.scalars)
          tryPredefined(kind, {a}, 0, c);
    } else if (isElementwiseBinary(kind) || kind == OpKind::Matmul ||
               kind == OpKind::RmsNorm) {
      for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b)
          if (!isCommutative(kind) || a <= b)
            tryPredefined(kind, {a, b}, 0, 0);
    } else if (kind == OpKind::ReduceSum || kind == OpKind::ReduceMax) {
      for (int a = 0; a < n; ++a)
        for (size_t d = 0; d < g.values[a].shape.size(); ++d)
          tryPredefined(kind, {a}, d, 0);
    } else if (kind == OpKind::Transpose) {
      for (int a = 0; a < n; ++a)
        if (g.values[a].shape.size() >= 2)
          tryPredefined(kind, {a}, 0, 0);
    }
  }
  if (s.options.graphDefinedKernels)
    enumerateKernelConfigs(
        [&](KernelConfig &config) { searchKernel(config); });
}

void KernelSearch::tryPredefined(OpKind kind, llvm::ArrayRef<int> operands,
                                 int64_t dim, double scalar) {
  if (s.timeUp())
    return;
  ++s.ctl.states;
  tsopt::Op op;
  op.kind = kind;
  op.operands.assign(operands.begin(), operands.end());
  op.dim = dim;
  op.scalar = scalar;
  if (kind == OpKind::Transpose)
    op.perm = swapLastTwo(g.values[operands[0]].shape.size());
  Rank rank = rankOf(op);
  if (s.options.canonicalOrder && !ranks.empty() && !(ranks.back() < rank))
    return;
  uint64_t reads = 0;
  for (int o : operands)
    reads |= uint64_t(1) << o;
  if ((reads & mustRead) != mustRead) {
    ++s.ctl.prunedShape;
    return;
  }
  for (int o : operands)
    if (!infos[o].partialVars.empty()) {
      ++s.ctl.prunedShape;
      return;
    }
  // Result type by the shape rules (reductions to one group).
  tsopt::TensorType type;
  type.dtype = g.values[operands[0]].dtype;
  Graph probe;
  probe.level = Level::Kernel;
  for (int o : operands)
    probe.addInput(g.values[o]);
  tsopt::Op probeOp = op;
  for (size_t i = 0; i < operands.size(); ++i)
    probeOp.operands[i] = i;
  tsopt::TensorType guess = g.values[operands[0]];
  if (kind == OpKind::ReduceSum || kind == OpKind::ReduceMax)
    guess.shape[dim] = 1;
  probe.addOp(probeOp, {guess});
  if (failed(inferShapes(probe))) {
    ++s.ctl.prunedShape;
    return;
  }
  type = probe.values.back();
  if (kind == OpKind::ReduceSum || kind == OpKind::ReduceMax)
    if (g.values[operands[0]].shape[dim] == 1) {
      ++s.ctl.prunedShape;
      return;
    }

  pushOp(op, {type}, {Info()}, rank);
  // Pointers into `infos` only after it has grown.
  llvm::SmallVector<const Info *, 2> in;
  for (int o : operands)
    in.push_back(&infos[o]);
  auto info = labelOp(g.ops.back(), in, g, Slicing());
  if (failed(info)) {
    ++s.ctl.prunedShape;
    popOp();
    return;
  }
  llvm::SmallVector<AbsTensor, 2> ex;
  for (int o : operands)
    ex.push_back(infos[o].expr);
  info->expr = s.builder.apply(g.ops.back(), g, ex)[0];
  info->stage = Stage::Tensor;
  if (!s.keepExpr(info->expr)) {
    popOp();
    return;
  }
  infos.back() = *info;
  extend();
  popOp();
  updateMustRead(); // the recursion computed it for a deeper prefix
}

/// Variables a kernel can slice: the outer variable of every non-unit dim of
/// its inputs, in increasing order.
static llvm::SmallVector<int, 8>
sliceableVars(llvm::ArrayRef<const Info *> inputs) {
  std::set<int> vars;
  for (const Info *in : inputs)
    for (const DimLabel &d : in->dims)
      if (d.outerVar() >= 0)
        vars.insert(d.outerVar());
  return {vars.begin(), vars.end()};
}

/// Smallest extent >= 2 among `candidates` dividing `n` (0 if none).
static int64_t representative(llvm::ArrayRef<int64_t> candidates, int64_t n) {
  for (int64_t e : candidates)
    if (e >= 2 && n % e == 0)
      return e;
  return 0;
}

void KernelSearch::enumerateKernelConfigs(
    llvm::function_ref<void(KernelConfig &)> fn) {
  int n = g.values.size();
  // Subsets of the kernel tensors, by bitmask (programs are small).
  for (uint64_t mask = 1; mask < (uint64_t(1) << n); ++mask) {
    if (s.timeUp())
      return;
    if ((mask & mustRead) != mustRead)
      continue;
    KernelConfig base;
    for (int v = 0; v < n; ++v)
      if (mask & (uint64_t(1) << v))
        base.inputs.push_back(v);
    // Canonical order: the kernel's rank prefix must not be below the last.
    if (s.options.canonicalOrder && !ranks.empty()) {
      tsopt::Op probe;
      probe.kind = OpKind::Kernel;
      probe.operands.assign(base.inputs.begin(), base.inputs.end());
      Rank r = rankOf(probe, "\x7f");
      if (r < ranks.back())
        continue;
    }
    llvm::SmallVector<const Info *, 4> ins;
    int partialVar = -1;
    bool mixedPartial = false;
    for (int v : base.inputs) {
      ins.push_back(&infos[v]);
      for (int pv : infos[v].partialVars) {
        if (partialVar >= 0 && partialVar != pv)
          mixedPartial = true;
        partialVar = pv;
      }
    }
    if (mixedPartial)
      continue;
    llvm::SmallVector<int, 8> vars = sliceableVars(ins);
    // The chunk count of a partial variable: its outer factor's count.
    int64_t chunks = 0;
    for (const Info *in : ins)
      for (const DimLabel &d : in->dims)
        if (d.outerVar() == partialVar && partialVar >= 0)
          chunks = d.factors[0].count;

    // The grid does not split the chunks of partial sums; it may slice the
    // partial variable where another input ranges over it (the blocks then
    // share the chunks, and the loop walks them and carries that input to a
    // concatenating accumulator), if the program's output ranges over it
    // too (mlp_adapter's columns; not GQA's reduced kv sequence, whose
    // combine kernels would otherwise try every carried V).
    llvm::SmallVector<int, 8> gridCandidates;
    for (int v : vars) {
      bool elsewhere =
          llvm::any_of(ins,
                       [&](const Info *in) {
                         return in->partialVars.empty() &&
                                hasOuterVar(in->dims, v);
                       }) &&
          llvm::any_of(s.outputLabels,
                       [&](const auto &labels) { return hasOuterVar(labels, v); });
      if (v != partialVar || elsewhere)
        gridCandidates.push_back(v);
    }
    unsigned nv = gridCandidates.size();
    for (uint64_t gm = 0; gm < (uint64_t(1) << nv); ++gm) {
      unsigned gridDims = llvm::popcount(gm);
      if (gridDims > s.options.maxGridDims || gridDims < s.options.minGridDims)
        continue;
      KernelConfig withGrid = base;
      for (unsigned i = 0; i < nv; ++i)
        if (gm & (uint64_t(1) << i))
          withGrid.gridVars.push_back(gridCandidates[i]);
      llvm::SmallVector<int, 9> loopChoices;
      if (partialVar >= 0) {
        loopChoices.push_back(partialVar);
      } else {
        // A for-loop exists to accumulate: it slices a variable the program
        // reduces (a contraction or a reduction), see docs/search.md.
        loopChoices.push_back(-1);
        for (int v : vars)
          if (s.reducedVars.count(v))
            loopChoices.push_back(v);
      }
      for (int loopVar : loopChoices) {
        if (loopVar < 0 && s.options.requireForloop)
          continue;
        KernelConfig config = withGrid;
        config.loopVar = loopVar;
        bool ok = true;
        for (int v : config.gridVars) {
          int64_t size = s.varSize[v];
          int64_t e = representative(s.options.gridExtents, size);
          if (v == loopVar && e)
            e = representative(s.options.gridExtents, size) &&
                        representative(s.options.forloopExtents, size / e)
                    ? e
                    : 0;
          if (!e)
            ok = false;
          config.grid.push_back(e);
        }
        if (config.grid.empty())
          config.grid.push_back(1);
        if (loopVar >= 0) {
          if (loopVar == partialVar) {
            config.forloop = chunks;
          } else {
            int64_t size = s.varSize[loopVar];
            for (auto [i, v] : llvm::enumerate(config.gridVars))
              if (v == loopVar && config.grid[i])
                size /= config.grid[i];
            config.forloop = representative(s.options.forloopExtents, size);
            if (!config.forloop)
              ok = false;
          }
        }
        if (ok)
          fn(config);
      }
    }
  }
}

void KernelSearch::searchKernel(KernelConfig &config) {
  BlockSearch bs(s, *this, config);
  if (bs.begin())
    bs.withPrologues(0);
}

void KernelSearch::runFirst(const WorkItem &item) {
  updateMustRead();
  if (!item.graphDefined) {
    llvm::SmallVector<int, 2> operands(item.op.operands.begin(),
                                       item.op.operands.end());
    tryPredefined(item.op.kind, operands, item.op.dim, item.op.scalar);
    return;
  }
  KernelConfig config = item.config;
  searchKernel(config);
}

//===----------------------------------------------------------------------===//
// Block level
//===----------------------------------------------------------------------===//

bool BlockSearch::begin() {
  bool chunkLoop = llvm::any_of(c.inputs, [&](int v) {
    return llvm::is_contained(k.infos[v].partialVars, c.loopVar);
  });
  bg.level = Level::Block;
  bg.grid.assign(c.grid.begin(), c.grid.end());
  bg.forloop = c.forloop;
  for (int v : c.inputs) {
    const Info &in = k.infos[v];
    int arg = bg.addInput(k.g.values[v]);
    infos.resize(arg + 1);
    useCount.resize(arg + 1, 0);
    infos[arg].dims = in.dims;
    infos[arg].expr = in.expr;
    infos[arg].stage = Stage::Tensor;
  }
  for (auto [i, v] : llvm::enumerate(c.inputs)) {
    const Info &in = k.infos[v];
    tsopt::Op op;
    op.kind = OpKind::BlockInput;
    op.operands = {bg.inputs[i]};
    Info tile;
    tile.dims = in.dims;
    tile.expr = in.expr;
    tile.stage = Stage::Loop;
    // imap: the dim whose outer variable grid dim g slices (every block
    // reads all chunks of partial sums).
    for (auto [gd, gv] : llvm::enumerate(c.gridVars)) {
      if (llvm::is_contained(in.partialVars, gv))
        continue;
      for (auto [d, label] : llvm::enumerate(tile.dims))
        if (label.outerVar() == gv) {
          op.gridMap[gd] = d;
          // A slice of one element keeps its variable: the tile still
          // depends on which block it is in.
          Factor &f = label.factors[0];
          if (f.count % c.grid[gd])
            return false;
          f.count /= c.grid[gd];
          break;
        }
    }
    if (c.loopVar >= 0) {
      for (auto [d, label] : llvm::enumerate(tile.dims))
        if (label.outerVar() == c.loopVar) {
          op.fmap = d;
          Factor &f = label.factors[0];
          if (f.count % c.forloop)
            return false;
          f.count /= c.forloop;
          // A loop over chunks of partial sums consumes the chunk index.
          if (f.count == 1 && llvm::is_contained(in.partialVars, c.loopVar))
            label.factors.erase(label.factors.begin());
          break;
        }
    }
    // A loop over chunks of partial sums that also slices this (whole)
    // input carries it to a concatenating accumulator.
    if (op.fmap != kReplica && in.partialVars.empty() && chunkLoop)
      tile.carried = true;
    // Partial sums indexed by the loop: the tile is a loop-partial sum.
    if (!in.partialVars.empty()) {
      if (op.fmap == kReplica)
        return false;
      if (!tile.dims[op.fmap].factors.empty() &&
          tile.dims[op.fmap].outerVar() == c.loopVar)
        return false; // chunks not consumed whole
      tile.partialLoop = true;
      tile.partialKind = AccumKind::Sum;
    }
    tsopt::TensorType type = k.g.values[v];
    if (!push(op, type))
      return false;
    infos.back() = tile;
  }
  return true;
}

bool BlockSearch::push(tsopt::Op op, const tsopt::TensorType &type) {
  int first = bg.addOp(std::move(op), {type});
  infos.resize(first + 1);
  useCount.resize(first + 1, 0);
  if (failed(inferOpShapes(bg, bg.ops.size() - 1))) {
    bg.ops.pop_back();
    bg.values.pop_back();
    infos.pop_back();
    useCount.pop_back();
    return false;
  }
  for (int o : bg.ops.back().operands)
    ++useCount[o];
  return true;
}

void BlockSearch::pop() {
  for (int o : bg.ops.back().operands)
    --useCount[o];
  bg.ops.pop_back();
  bg.values.pop_back();
  infos.pop_back();
  useCount.pop_back();
}

bool BlockSearch::place(tsopt::Op op) {
  llvm::SmallVector<Stage, 2> stages;
  for (int o : op.operands)
    stages.push_back(infos[o].stage);
  auto stage = resultStage(op.kind, stages);
  if (failed(stage)) {
    ++s.ctl.prunedShape;
    return false;
  }
  tsopt::TensorType guess = bg.values[op.operands[0]];
  if (op.kind == OpKind::ReduceSum || op.kind == OpKind::ReduceMax) {
    if (guess.shape[op.dim] == 1) {
      ++s.ctl.prunedShape;
      return false;
    }
    guess.shape[op.dim] = 1;
  }
  if (!push(op, guess)) {
    ++s.ctl.prunedShape;
    return false;
  }
  const tsopt::Op &placed = bg.ops.back();
  // Pointers into `infos` only after push grew it.
  llvm::SmallVector<const Info *, 2> in;
  for (int o : placed.operands)
    in.push_back(&infos[o]);
  Info info;
  if (placed.kind == OpKind::Accum) {
    const Info &a = *in[0];
    info = a;
    if (placed.fmap == kReplica) {
      bool loopIdentity = c.loopVar < 0 && !a.partialLoop;
      if (!loopIdentity &&
          (!a.partialLoop || a.partialKind != placed.accum)) {
        ++s.ctl.prunedShape;
        pop();
        return false;
      }
      info.partialLoop = false;
    } else {
      // Concatenation over iterations: the tile's dim is the loop slice.
      DimLabel &d = info.dims[placed.fmap];
      if (a.partialLoop || d.outerVar() != c.loopVar) {
        ++s.ctl.prunedShape;
        pop();
        return false;
      }
      d.factors[0].count *= c.forloop;
    }
  } else {
    auto labelled = labelOp(placed, in, bg, slicing);
    if (failed(labelled)) {
      ++s.ctl.prunedShape;
      pop();
      return false;
    }
    info = *labelled;
  }
  info.stage = *stage;
  llvm::SmallVector<AbsTensor, 2> ex;
  for (const Info *i : in)
    ex.push_back(i->expr);
  info.expr = s.builder.apply(placed, bg, ex)[0];
  if (!s.keepExpr(info.expr)) {
    pop();
    return false;
  }
  infos.back() = info;
  ++computeOps;
  return true;
}

void BlockSearch::unplace() {
  --computeOps;
  pop();
}

void BlockSearch::tryOp(tsopt::Op op) {
  if (s.timeUp())
    return;
  ++s.ctl.states;
  Rank rank = rankOf(op);
  if (s.options.canonicalOrder && !ranks.empty() && !(ranks.back() < rank))
    return;
  if (!place(op))
    return;
  ranks.push_back(std::move(rank));
  extend();
  ranks.pop_back();
  unplace();
}

void BlockSearch::withPrologues(unsigned t) {
  if (s.timeUp())
    return;
  if (t == s.templates.size()) {
    // A tile a prologue read is not read again.
    HiddenValues hide(*this, prologueTiles);
    extend();
    return;
  }
  const Template &tp = s.templates[t];
  if (!tp.prologue()) {
    withPrologues(t + 1);
    return;
  }
  // The leaves are program inputs, kernel values 0..n-1; input tile p
  // belongs to kernel input p. One prologue per tile.
  llvm::SmallVector<int, 4> leaves;
  for (int in : tp.leafInputs) {
    auto pos = llvm::find(c.inputs, in);
    int tileValue = pos == c.inputs.end()
                        ? -1
                        : bg.inputs.size() + (pos - c.inputs.begin());
    if (tileValue < 0 || llvm::is_contained(prologueTiles, tileValue)) {
      withPrologues(t + 1);
      return;
    }
    leaves.push_back(tileValue);
  }
  int start = bg.values.size();
  unsigned placed = 0;
  for (unsigned j = 0; j < tp.ops.size(); ++j) {
    ++s.ctl.states;
    if (!place(tp.instantiate(j, start, leaves)))
      break;
    ++placed;
  }
  bool applied = placed == tp.ops.size();
  if (applied) {
    computeOps -= placed; // a prologue is free
    prologueTiles.append(leaves.begin(), leaves.end());
    HiddenValues hide(*this, llvm::to_vector(llvm::seq<int>(
                                 start, start + tp.ops.size() - 1)));
    withPrologues(t + 1);
    prologueTiles.resize(prologueTiles.size() - leaves.size());
    computeOps += placed;
  }
  for (unsigned i = 0; i < placed; ++i)
    unplace();
  if (!applied || !tp.onlyUse)
    withPrologues(t + 1);
}

void BlockSearch::tryTemplate(unsigned t) {
  // One op is a template only as a prologue (the op itself is explored).
  if (s.timeUp() || s.templates[t].ops.size() < 2)
    return;
  llvm::SmallVector<int, 4> leaves(s.templates[t].leafRanks.size(), -1);
  placeTemplateOp(t, 0, bg.values.size(), leaves);
}

/// Places op `j` of template `t` (its ops from value `start` on), binding
/// its leaves not bound yet to earlier values of the current phase, each in
/// all ways; the whole template is then one step of the generation.
void BlockSearch::placeTemplateOp(unsigned t, unsigned j, int start,
                                  llvm::SmallVectorImpl<int> &leaves) {
  const Template &tp = s.templates[t];
  if (j == tp.ops.size()) {
    // The template's rank: its leaves, as for an op reading them.
    tsopt::Op probe;
    probe.kind = OpKind::Kernel; // no block op has this kind
    probe.operands.assign(leaves.begin(), leaves.end());
    probe.dim = t;
    Rank rank = rankOf(probe);
    if (s.options.canonicalOrder && !ranks.empty() && !(ranks.back() < rank))
      return;
    unsigned extra = tp.ops.size() - 1;
    computeOps -= extra;
    ranks.push_back(std::move(rank));
    // Only the template's result is visible, as for one op.
    HiddenValues hide(*this,
                      llvm::to_vector(llvm::seq<int>(start, start + extra)));
    extend();
    ranks.pop_back();
    computeOps += extra;
    return;
  }
  const Template::TOp &top = tp.ops[j];
  // The first leaf operand not bound yet, if any, is bound here.
  for (int a : top.operands) {
    if (a >= 0 || leaves[-1 - a] >= 0)
      continue;
    unsigned leaf = -1 - a;
    Stage phase = inPost ? Stage::PostLoop : Stage::Loop;
    const AbsTensor &want = s.programExprs[tp.leafValues[leaf]];
    for (int v = 0; v < start; ++v) {
      if (infos[v].stage != phase ||
          bg.values[v].shape.size() != tp.leafRanks[leaf] ||
          llvm::is_contained(leaves, v) || !sameExpr(infos[v].expr, want))
        continue;
      leaves[leaf] = v;
      placeTemplateOp(t, j, start, leaves);
      leaves[leaf] = -1;
      if (s.timeUp())
        return;
    }
    return;
  }
  ++s.ctl.states;
  if (!place(tp.instantiate(j, start, leaves)))
    return;
  placeTemplateOp(t, j + 1, start, leaves);
  unplace();
}

void BlockSearch::accumulate(llvm::ArrayRef<int> dangling, unsigned i) {
  if (s.timeUp())
    return;
  if (i == dangling.size()) {
    inPost = true;
    extend();
    inPost = false;
    return;
  }
  int a = dangling[i];
  tsopt::Op op;
  op.kind = OpKind::Accum;
  op.operands = {a};
  auto attempt = [&]() {
    ++s.ctl.states;
    if (place(op)) {
      accumulate(dangling, i + 1);
      unplace();
    }
  };
  op.accum = infos[a].partialLoop ? infos[a].partialKind : AccumKind::Sum;
  attempt();
  op.accum = AccumKind::Sum;
  if (c.loopVar >= 0)
    for (size_t d = 0; d < bg.values[a].shape.size(); ++d)
      if (infos[a].dims[d].outerVar() == c.loopVar) {
        op.fmap = d;
        attempt();
      }
}

void BlockSearch::extend() {
  if (s.timeUp())
    return;
  // Generation runs in phases (a canonical form: no loop-body op depends on
  // a post-loop value): loop-body ops, then one accumulator for every
  // loop-body result nobody uses, then post-loop ops.
  llvm::SmallVector<int, 4> dangling;
  unsigned postSinks = 0, unusedInputs = 0;
  for (int v = bg.inputs.size(); v < static_cast<int>(bg.values.size()); ++v) {
    if (users(v))
      continue;
    if (infos[v].stage == Stage::Loop) {
      // An input tile of partial sums (the combine step of a split
      // reduction) goes straight to its accumulator.
      if (bg.ops[v - bg.inputs.size()].kind == OpKind::BlockInput &&
          !infos[v].partialLoop && !infos[v].carried)
        ++unusedInputs;
      else
        dangling.push_back(v);
    } else if (infos[v].stage == Stage::PostLoop) {
      ++postSinks;
    }
  }
  unsigned remaining = s.options.maxBlockOps - computeOps;
  unsigned maxOut = s.options.maxKernelOutputs;
  if (inPost) {
    if (postSinks >= 1 && postSinks <= maxOut)
      tryClose();
    if (computeOps >= s.options.maxBlockOps ||
        (postSinks > maxOut && postSinks - maxOut > remaining * s.maxMerge))
      return;
  } else {
    if (unusedInputs == 0 && !dangling.empty() &&
        dangling.size() <= remaining) {
      llvm::SmallVector<int, 4> toAccumulate = dangling;
      accumulate(toAccumulate, 0);
    }
    // Ops still needed to close: every dangling value (a result nobody
    // uses or an input tile nobody reads) needs an op that consumes it (a
    // binary op merges two into one, a template with k leaves k into one,
    // an accumulator moves one past the loop).
    unsigned open = dangling.size() + unusedInputs;
    if (computeOps >= s.options.maxBlockOps ||
        open > remaining * s.maxMerge)
      return;
  }

  int n = bg.values.size();
  Stage phase = inPost ? Stage::PostLoop : Stage::Loop;
  auto usable = [&](int v) { return infos[v].stage == phase; };
  bool haveSquare = llvm::is_contained(s.blockOps, OpKind::Square);
  for (OpKind kind : s.blockOps) {
    for (int a = 0; a < n; ++a) {
      if (!usable(a))
        continue;
      tsopt::Op op;
      op.kind = kind;
      op.operands = {a};
      if (kind == OpKind::MulScalar) {
        // Scaling an input tile or a scaled tile again is never needed:
        // scale what is computed from it, once.
        int producer = a - bg.inputs.size();
        if (bg.ops[producer].kind == OpKind::BlockInput ||
            bg.ops[producer].kind == OpKind::MulScalar)
          continue;
        for (double cst : s.scalars) {
          op.scalar = cst;
          tryOp(op);
        }
      } else if (isElementwiseUnary(kind)) {
        tryOp(op);
      } else if (kind == OpKind::ReduceSum || kind == OpKind::ReduceMax) {
        for (size_t d = 0; d < bg.values[a].shape.size(); ++d) {
          op.dim = d;
          tryOp(op);
        }
      } else if (kind == OpKind::Transpose) {
        size_t rank = bg.values[a].shape.size();
        if (rank < 2)
          continue;
        op.perm = swapLastTwo(rank);
        tryOp(op);
        op.perm.clear();
      } else if (isElementwiseBinary(kind) || kind == OpKind::Matmul ||
                 kind == OpKind::Concat) {
        for (int b = 0; b < n; ++b) {
          if (!usable(b) || (isCommutative(kind) && b < a))
            continue;
          // x * x is square when square is explored.
          if (a == b && (kind != OpKind::Mul || haveSquare))
            continue;
          op.operands = {a, b};
          if (kind == OpKind::Concat) {
            for (size_t d = 0; d < bg.values[a].shape.size(); ++d) {
              op.dim = d;
              tryOp(op);
            }
          } else {
            tryOp(op);
          }
        }
      }
    }
  }
  for (unsigned t = 0; t < s.templates.size(); ++t)
    tryTemplate(t);
}

void BlockSearch::tryClose() {
  llvm::SmallVector<int, 2> sinks;
  for (int v = bg.inputs.size(); v < static_cast<int>(bg.values.size()); ++v)
    if (!users(v) && infos[v].stage == Stage::PostLoop)
      sinks.push_back(v);
  llvm::SmallVector<std::array<int, 3>, 2> omaps;
  closeWithOmaps(sinks, 0, omaps);
}

void BlockSearch::closeWithOmaps(
    llvm::ArrayRef<int> sinks, unsigned i,
    llvm::SmallVector<std::array<int, 3>, 2> &omaps) {
  if (i == sinks.size()) {
    // Build the kernel op: outputs in sink order.
    Graph body = bg;
    llvm::SmallVector<Info, 2> outInfos;
    for (auto [j, v] : llvm::enumerate(sinks)) {
      tsopt::Op out;
      out.kind = OpKind::BlockOutput;
      out.operands = {v};
      out.gridMap = omaps[j];
      int r = body.addOp(out, {bg.values[v]});
      body.outputs.push_back(r);
      const Info &t = infos[v];
      Info o;
      o.dims = t.dims;
      o.expr = t.expr;
      for (auto [g, gv] : llvm::enumerate(c.gridVars)) {
        DimLabel &d = o.dims[omaps[j][g]];
        if (t.partialGrid & (1u << g)) {
          d.factors.insert(d.factors.begin(), Factor{gv, c.grid[g]});
          o.partialVars.push_back(gv);
        } else if (!d.factors.empty() && d.outerVar() == gv) {
          d.factors[0].count *= c.grid[g];
        } else {
          d.factors.insert(d.factors.begin(), Factor{gv, c.grid[g]});
        }
      }
      o.stage = Stage::Tensor;
      outInfos.push_back(o);
    }
    if (failed(inferShapes(body)))
      return;
    tsopt::Op kernel;
    kernel.kind = OpKind::Kernel;
    for (int v : c.inputs)
      kernel.operands.push_back(v);
    llvm::SmallVector<tsopt::TensorType, 2> types;
    for (int o : body.outputs)
      types.push_back(body.values[o]);
    std::string text = serializeGraph(body);
    kernel.body = std::make_shared<Graph>(std::move(body));
    Rank rank = rankOf(kernel, text);
    if (s.options.canonicalOrder && !k.ranks.empty() &&
        !(k.ranks.back() < rank))
      return;
    k.pushOp(kernel, types, outInfos, rank);
    k.extend();
    k.popOp();
    k.updateMustRead(); // the recursion computed it for a deeper prefix
    return;
  }
  // Omap of sink i: a grid dim slicing a variable the tile ranges over maps
  // to that dim; one whose variable the tile reduced maps to a free dim
  // (the partial results are concatenated there).
  const Info &t = infos[sinks[i]];
  std::array<int, 3> omap = {kReplica, kReplica, kReplica};
  llvm::SmallVector<int, 3> concatDims;
  for (auto [g, gv] : llvm::enumerate(c.gridVars)) {
    if (t.partialGrid & (1u << g)) {
      concatDims.push_back(g);
      continue;
    }
    for (auto [d, label] : llvm::enumerate(t.dims))
      if (label.outerVar() == gv) {
        omap[g] = d;
        break;
      }
    // A tile that does not depend on grid dim g would be written by every
    // block along g: not a valid saver.
    if (omap[g] == kReplica)
      return;
  }
  // Assign the concatenated grid dims to distinct free dims, in all ways.
  std::function<void(unsigned)> assign = [&](unsigned j) {
    if (j == concatDims.size()) {
      omaps.push_back(omap);
      closeWithOmaps(sinks, i + 1, omaps);
      omaps.pop_back();
      return;
    }
    int g = concatDims[j];
    for (size_t d = 0; d < t.dims.size(); ++d) {
      if (llvm::is_contained(omap, static_cast<int>(d)))
        continue;
      omap[g] = d;
      assign(j + 1);
      omap[g] = kReplica;
    }
  };
  assign(0);
}

//===----------------------------------------------------------------------===//
// Work items
//===----------------------------------------------------------------------===//

std::vector<WorkItem> Searcher::workItems() {
  // The first ops of all prefixes, found by a kernel search that records
  // instead of recursing.
  std::vector<WorkItem> items;
  // Pre-defined first ops.
  for (OpKind kind : kernelOps) {
    int n = program.inputs.size();
    auto add = [&](llvm::ArrayRef<int> operands, int64_t dim, double scalar) {
      WorkItem w;
      w.op.kind = kind;
      w.op.operands.assign(operands.begin(), operands.end());
      w.op.dim = dim;
      w.op.scalar = scalar;
      items.push_back(w);
    };
    if (kind == OpKind::MulScalar) {
      for (int a = 0; a < n; ++a)
        for (double c : scalars)
          add({a}, 0, c);
    } else if (isElementwiseUnary(kind) || kind == OpKind::Transpose) {
      for (int a = 0; a < n; ++a)
        add({a}, 0, 0);
    } else if (kind == OpKind::ReduceSum || kind == OpKind::ReduceMax) {
      for (int a = 0; a < n; ++a)
        for (size_t d = 0; d < program.type(program.inputs[a]).shape.size();
             ++d)
          add({a}, d, 0);
    } else {
      for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b)
          if (!isCommutative(kind) || a <= b)
            add({a, b}, 0, 0);
    }
  }
  return items;
}

namespace {
/// Enumerates graph-defined first kernels as work items.
class ConfigLister {
public:
  static void list(Searcher &s, std::vector<WorkItem> &items);
};
} // namespace

//===----------------------------------------------------------------------===//
// Ranking, tiling, verification
//===----------------------------------------------------------------------===//

/// True if the outputs of `g` have the program's shapes.
static bool sameOutputShapes(const Graph &g, const Graph &program) {
  if (g.outputs.size() != program.outputs.size())
    return false;
  for (size_t i = 0; i < g.outputs.size(); ++i)
    if (g.type(g.outputs[i]).shape != program.type(program.outputs[i]).shape)
      return false;
  return true;
}

/// The grid and for-loop extents of every graph-defined kernel of `g`,
/// chosen by the cost model among the candidate extents (each dividing what
/// it slices); the representative extents the search used are among them.
/// Kernels are tiled in program order; a later kernel whose for-loop walks
/// an earlier kernel's outputs (the combine step of a split reduction) has
/// its loop extent chosen together with that kernel's, and only tilings
/// that keep the program's output shapes count.
static Graph tile(const Graph &g, const Graph &program,
                  const SearchOptions &options, const TargetDesc &target,
                  double &bestCost) {
  bestCost = std::numeric_limits<double>::infinity();
  if (auto cost = estimateCost(g, target); succeeded(cost) && cost->fits)
    bestCost = cost->totalUs;
  Graph cur = g;
  for (size_t i = 0; i < cur.ops.size(); ++i) {
    if (cur.ops[i].kind != OpKind::Kernel)
      continue;
    const Graph &body = *cur.ops[i].body;
    // Later kernels reading this one's results with a for-loop.
    llvm::SmallVector<size_t, 2> dependents;
    for (size_t j = i + 1; j < cur.ops.size(); ++j) {
      const tsopt::Op &later = cur.ops[j];
      if (later.kind != OpKind::Kernel || later.body->forloop == 1)
        continue;
      if (llvm::any_of(later.operands, [&](int v) {
            return llvm::is_contained(cur.ops[i].results, v);
          }))
        dependents.push_back(j);
    }
    std::vector<llvm::SmallVector<int64_t, 8>> choices;
    for (int64_t e : body.grid)
      choices.push_back(e == 1 ? llvm::SmallVector<int64_t, 8>{1}
                               : options.gridExtents);
    choices.push_back(body.forloop == 1
                          ? llvm::SmallVector<int64_t, 8>{1}
                          : options.forloopExtents);
    for (size_t j = 0; j < dependents.size(); ++j)
      choices.push_back(options.forloopExtents);
    std::vector<size_t> idx(choices.size(), 0);
    Graph bestHere = cur;
    double bestHereCost = bestCost;
    while (true) {
      // A sliced dim stays sliced (extent >= 2): the structure is fixed.
      bool usable = true;
      for (size_t d = 0; d < choices.size(); ++d)
        if (choices[d].size() > 1 && choices[d][idx[d]] < 2)
          usable = false;
      if (usable) {
        Graph candidate = cur;
        auto trial = std::make_shared<Graph>(body);
        for (size_t d = 0; d < body.grid.size(); ++d)
          trial->grid[d] = choices[d][idx[d]];
        trial->forloop = choices[body.grid.size()][idx[body.grid.size()]];
        candidate.ops[i].body = trial;
        for (auto [n, j] : llvm::enumerate(dependents)) {
          auto dep = std::make_shared<Graph>(*candidate.ops[j].body);
          size_t slot = body.grid.size() + 1 + n;
          dep->forloop = choices[slot][idx[slot]];
          candidate.ops[j].body = dep;
        }
        if (succeeded(inferShapes(candidate)) &&
            sameOutputShapes(candidate, program)) {
          auto cost = estimateCost(candidate, target);
          if (succeeded(cost) && cost->fits && cost->totalUs < bestHereCost) {
            bestHereCost = cost->totalUs;
            bestHere = std::move(candidate);
          }
        }
      }
      size_t d = 0;
      while (d < idx.size() && ++idx[d] == choices[d].size())
        idx[d++] = 0;
      if (d == idx.size())
        break;
    }
    cur = std::move(bestHere);
    bestCost = bestHereCost;
  }
  return cur;
}

//===----------------------------------------------------------------------===//
// Driver
//===----------------------------------------------------------------------===//

namespace {
struct Checkpoint {
  std::string programKey;
  std::map<size_t, std::vector<std::string>> done; // item -> candidates

  void load(llvm::StringRef path, const std::string &key) {
    auto buf = llvm::MemoryBuffer::getFile(path);
    if (!buf)
      return;
    llvm::SmallVector<llvm::StringRef> lines;
    (*buf)->getBuffer().split(lines, '\n', -1, false);
    if (lines.empty() || lines[0] != key)
      return; // another program or other options: start afresh
    programKey = key;
    for (llvm::StringRef line : llvm::drop_begin(lines)) {
      auto [head, rest] = line.split(' ');
      size_t item;
      if (head.consume_front("item:") && !head.getAsInteger(10, item)) {
        done[item];
        continue;
      }
      if (head.consume_front("cand:") && !head.getAsInteger(10, item))
        done[item].push_back(rest.str());
    }
  }
  void save(llvm::StringRef path, const std::string &key) const {
    std::string tmp = (path + ".tmp").str();
    std::error_code ec;
    {
      llvm::raw_fd_ostream os(tmp, ec);
      if (ec)
        return;
      os << key << '\n';
      for (const auto &[item, cands] : done) {
        os << "item:" << item << '\n';
        for (const std::string &c : cands)
          os << "cand:" << item << ' ' << c << '\n';
      }
    }
    llvm::sys::fs::rename(tmp, path);
  }
};
} // namespace

void ConfigLister::list(Searcher &s, std::vector<WorkItem> &items) {
  std::vector<Found> unused;
  KernelSearch root(s, unused);
  root.updateMustRead();
  root.enumerateKernelConfigs([&](KernelConfig &config) {
    WorkItem w;
    w.graphDefined = true;
    w.config = config;
    items.push_back(w);
  });
}

void Searcher::runItem(const WorkItem &item, std::vector<Found> &out) {
  KernelSearch ks(*this, out);
  ks.runFirst(item);
}

namespace {
/// The forms of a program the search explores: the program as written and,
/// with algebraic rewrites on, the rewritten program (Rewrite.h), each with
/// its own abstract expressions and templates. Candidates of every form are
/// screened and verified against the program as written.
struct Forms {
  std::optional<RewrittenProgram> rewritten;
  std::vector<std::unique_ptr<Searcher>> searchers;
  std::vector<WorkItem> items;

  llvm::LogicalResult prepare(const Graph &program,
                              const SearchOptions &options,
                              SearchControl &ctl, std::string *why) {
    searchers.push_back(std::make_unique<Searcher>(program, options, ctl));
    if (failed(searchers[0]->prepare(why)))
      return llvm::failure();
    if (options.algebraicRewrites)
      rewritten = rewriteAlgebraically(program);
    if (rewritten) {
      // Rewritten, a program moves reductions of its inputs ahead of the
      // normalizations that read them; cut there, its templates are the
      // reductions' cones and the epilogue after them. A rewritten form
      // the search cannot take is left out: the program as written is
      // still searched.
      auto s = std::make_unique<Searcher>(rewritten->graph, options, ctl);
      s->cutAtReductions = true;
      if (succeeded(s->prepare(nullptr)))
        searchers.push_back(std::move(s));
      else
        rewritten.reset();
    }
    // The forms' work items interleaved, so that a search stopped by its
    // time limit has covered each form about as far.
    std::vector<std::vector<WorkItem>> lists;
    size_t longest = 0;
    for (auto [f, s] : llvm::enumerate(searchers)) {
      std::vector<WorkItem> &own = lists.emplace_back(s->workItems());
      if (options.graphDefinedKernels)
        ConfigLister::list(*s, own);
      for (WorkItem &w : own)
        w.form = f;
      longest = std::max(longest, own.size());
    }
    for (size_t i = 0; i < longest; ++i)
      for (std::vector<WorkItem> &own : lists)
        if (i < own.size())
          items.push_back(std::move(own[i]));
    return llvm::success();
  }

  void run(const WorkItem &item, std::vector<Found> &out) {
    searchers[item.form]->runItem(item, out);
  }
};
} // namespace

llvm::FailureOr<SearchResult>
tsopt::superoptimize(const Graph &program, const SearchOptions &options,
                     std::string *why) {
  auto start = std::chrono::steady_clock::now();
  const TargetDesc *target = lookupTarget(options.target);
  if (!target) {
    if (why)
      *why = ("unknown target '" + options.target + "' (known: " +
              knownTargetNames() + ")")
                 .str();
    return llvm::failure();
  }
  if (options.maxGridDims < 1 || options.maxGridDims > 3) {
    if (why)
      *why = "max grid dims must be 1, 2 or 3";
    return llvm::failure();
  }
  SearchControl ctl;
  Forms forms;
  if (failed(forms.prepare(program, options, ctl, why)))
    return llvm::failure();
  const Searcher &s = *forms.searchers[0];
  if (options.timeLimit > 0) {
    ctl.hasDeadline = true;
    ctl.deadline = start + std::chrono::microseconds(
                               static_cast<int64_t>(options.timeLimit * 1e6));
  }
  std::vector<WorkItem> &items = forms.items;

  // The checkpoint is keyed by the program and every option that changes
  // what the search finds.
  std::string key;
  {
    llvm::raw_string_ostream os(key);
    os << "tsopt-search-v1 " << llvm::utohexstr(llvm::xxh3_64bits(
                                     serializeGraph(program)))
       << ' ' << options.maxKernelOps << ' ' << options.maxBlockOps << ' '
       << options.maxKernelOutputs << ' ' << options.maxGridDims << ' '
       << options.minGridDims << ' ' << options.requireForloop << ' '
       << options.noKernelOps << ' ' << options.noBlockOps << ' '
       << options.exprPruning << ' ' << options.canonicalOrder << ' '
       << options.programTemplates << ' ' << options.algebraicRewrites;
    for (OpKind kd : s.blockOps)
      os << ' ' << static_cast<int>(kd);
    os << " |";
    for (OpKind kd : s.kernelOps)
      os << ' ' << static_cast<int>(kd);
  }
  Checkpoint ckpt;
  if (!options.checkpoint.empty())
    ckpt.load(options.checkpoint, key);

  SearchResult result;
  result.stats.workItems = items.size();
  std::vector<std::vector<Found>> found(items.size());
  std::vector<char> finished(items.size(), 0);
  for (auto &[item, cands] : ckpt.done) {
    if (item >= items.size())
      continue;
    finished[item] = 1;
    ++result.stats.workItemsResumed;
    for (const std::string &text : cands)
      if (auto g = deserializeGraph(text); succeeded(g))
        found[item].push_back({std::move(*g), text});
  }

  std::mutex mutex;
  std::atomic<size_t> next{0};
  std::atomic<uint64_t> doneCount{result.stats.workItemsResumed};
  std::atomic<uint64_t> candidateCount{0};
  std::atomic<bool> workersDone{false};

  std::atomic<unsigned> started{0};
  auto worker = [&]() {
    while (true) {
      size_t i = next++;
      if (i >= items.size() || ctl.timeUp())
        return;
      if (finished[i])
        continue;
      if (options.stopAfterItems && ++started > options.stopAfterItems) {
        ctl.stop = true;
        return;
      }
      std::vector<Found> local;
      forms.run(items[i], local);
      if (ctl.stop)
        return; // an unfinished item is not recorded
      std::lock_guard<std::mutex> lock(mutex);
      for (Found &f : local)
        f.key = serializeGraph(f.graph);
      candidateCount += local.size();
      found[i] = std::move(local);
      finished[i] = 1;
      ++doneCount;
      if (!options.checkpoint.empty()) {
        ckpt.done[i].clear();
        for (const Found &f : found[i])
          ckpt.done[i].push_back(f.key);
        ckpt.save(options.checkpoint, key);
      }
    }
  };

  std::thread reporter;
  std::mutex reportMutex;
  std::condition_variable reportCv;
  if (options.progress) {
    reporter = std::thread([&]() {
      std::unique_lock<std::mutex> lock(reportMutex);
      while (!reportCv.wait_for(
          lock,
          std::chrono::milliseconds(
              static_cast<int64_t>(options.progressInterval * 1000)),
          [&] { return workersDone.load(); })) {
        double secs = std::chrono::duration<double>(
                          std::chrono::steady_clock::now() - start)
                          .count();
        std::string line;
        llvm::raw_string_ostream os(line);
        os << llvm::format("search: %.0fs, work items %llu/%llu, states "
                           "%llu (%.0f/s), pruned by shape %llu, by "
                           "expression %llu, candidates %llu",
                           secs, (unsigned long long)doneCount.load(),
                           (unsigned long long)items.size(),
                           (unsigned long long)ctl.states.load(),
                           ctl.states.load() / std::max(secs, 1e-3),
                           (unsigned long long)ctl.prunedShape.load(),
                           (unsigned long long)ctl.prunedExpr.load(),
                           (unsigned long long)candidateCount.load());
        options.progress(line);
      }
    });
  }
  {
    unsigned nthreads = std::max(1u, options.threads);
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < nthreads; ++t)
      pool.emplace_back(worker);
    worker();
    for (std::thread &t : pool)
      t.join();
  }
  {
    std::lock_guard<std::mutex> lock(reportMutex);
    workersDone = true;
  }
  reportCv.notify_all();
  if (reporter.joinable())
    reporter.join();

  result.stats.timedOut = ctl.stop.load();
  result.stats.workItemsDone = doneCount.load();

  // Rank first, screen second: every candidate gets its thread graphs and
  // its extents and is estimated (cheap); then candidates are screened and
  // verified in order of estimated time until `topN` pass. Sorting is
  // stable over item order, so the result is deterministic.
  struct Pending {
    Graph tiled, untiled;
    double cost, untiledCost;
    unsigned form;
  };
  std::vector<Pending> pending;
  std::set<std::string> seen;
  auto programCost = estimateCost(program, *target);
  result.programCostUs =
      succeeded(programCost) ? programCost->totalUs
                             : std::numeric_limits<double>::infinity();
  auto costOf = [&](const Graph &g) {
    auto c = estimateCost(g, *target);
    return succeeded(c) && c->fits ? c->totalUs
                                   : std::numeric_limits<double>::infinity();
  };
  // The time limit bounds generation; ranking and screening get at most half
  // the limit again. Past that, candidates not yet estimated are dropped and
  // screening stops: the best verified so far wins, if any.
  auto pastFinalDeadline = [&] {
    if (!ctl.hasDeadline ||
        std::chrono::steady_clock::now() <=
            ctl.deadline + std::chrono::microseconds(
                             static_cast<int64_t>(options.timeLimit * 5e5)))
      return false;
    result.stats.timedOut = true;
    return true;
  };
  for (auto [item, list] : llvm::enumerate(found)) {
    for (Found &f : list) {
      if (pastFinalDeadline())
        break;
      if (f.key.empty())
        f.key = serializeGraph(f.graph);
      if (!seen.insert(f.key).second)
        continue;
      ++result.stats.candidates;
      // Element-wise chains run in registers (DESIGN §2.3); the cost model
      // sees the µGraph as it will be emitted.
      Graph fused = formThreadGraphs(f.graph);
      double cost;
      Graph tiled = tile(fused, program, options, *target, cost);
      double untiledCost = costOf(fused);
      if (!std::isfinite(cost) && !std::isfinite(untiledCost))
        continue;
      pending.push_back({std::move(tiled), std::move(fused), cost,
                         untiledCost, items[item].form});
    }
  }
  std::stable_sort(pending.begin(), pending.end(),
                   [](const Pending &a, const Pending &b) {
                     return a.cost < b.cost;
                   });
  VerifyOptions vopts;
  vopts.delta = options.delta;
  vopts.seed = options.seed;
  vopts.threads = std::max(1u, options.threads);
  auto pastDeadline = [&] {
    return ctl.hasDeadline && std::chrono::steady_clock::now() > ctl.deadline;
  };
  for (Pending &p : pending) {
    if (result.ranked.size() >= std::max(1u, options.topN) ||
        (pastDeadline() && !result.ranked.empty()) || pastFinalDeadline())
      break;
    // The screen, at the chosen extents; a tiling that changed the function
    // (e.g. a combine loop that no longer walks whole chunks) falls back to
    // the extents the search used.
    Candidate cand{std::move(p.tiled), p.cost, ""};
    auto same = screenEquivalence(cand.graph, program, options.seed, 1);
    if ((failed(same) || !*same) && std::isfinite(p.untiledCost) &&
        serializeGraph(p.untiled) != serializeGraph(cand.graph)) {
      cand = {std::move(p.untiled), p.untiledCost, ""};
      same = screenEquivalence(cand.graph, program, options.seed, 1);
    }
    if (failed(same) || !*same || !std::isfinite(cand.costUs))
      continue;
    ++result.stats.screenedEquivalent;
    // The δ-bounded check and the float check.
    auto rec = verifyEquivalence(cand.graph, program, vopts);
    if (failed(rec) || !rec->equivalent || !rec->floatStable)
      continue;
    ++result.stats.verified;
    if (result.ranked.empty())
      result.record = *rec;
    cand.structure = describeStructure(cand.graph);
    if (p.form > 0)
      cand.rewrites = llvm::join(forms.rewritten->rules, ", ");
    result.ranked.push_back(std::move(cand));
  }
  for (const auto &form : forms.searchers) {
    SubexprStats es = form->oracle->stats();
    result.stats.solverCalls += es.solverCalls;
    result.stats.exprCacheHits += es.cacheHits;
  }
  result.stats.states = ctl.states;
  result.stats.prunedShape = ctl.prunedShape;
  result.stats.prunedExpr = ctl.prunedExpr;
  result.stats.seconds = std::chrono::duration<double>(
                             std::chrono::steady_clock::now() - start)
                             .count();
  return result;
}

llvm::FailureOr<std::vector<Graph>>
tsopt::enumerateCandidates(const Graph &program, const SearchOptions &options,
                           std::string *why) {
  SearchControl ctl;
  Forms forms;
  if (failed(forms.prepare(program, options, ctl, why)))
    return llvm::failure();
  std::vector<Graph> all;
  for (const WorkItem &item : forms.items) {
    std::vector<Found> found;
    forms.run(item, found);
    for (Found &f : found)
      all.push_back(std::move(f.graph));
  }
  return all;
}
