//===- Generation.h - Kernel- and block-level generation --*- C++ -*-===//
//
// Internal to the search: the state of Mirage Algorithm 1 as the generator
// grows and shrinks lean graphs in place (see Search.h and docs/search.md).
// Searcher holds what is shared by every work item of one program form
// (ProgramAnalysis.cpp); KernelSearch grows the kernel graph
// (KernelGeneration.cpp); BlockSearch the block graph of one graph-defined
// kernel (BlockGeneration.cpp). Nothing here creates MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_LIB_SEARCH_GENERATION_H
#define TSOPT_LIB_SEARCH_GENERATION_H

#include "Labels.h"

#include "tsopt/Core/Target.h"
#include "tsopt/Search/AbstractExpr.h"
#include "tsopt/Search/Search.h"

#include "llvm/ADT/STLExtras.h"

#include <array>
#include <atomic>
#include <chrono>
#include <cstring>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace tsopt::search {


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

inline Rank rankOf(const tsopt::Op &op, const std::string &bodyText = "") {
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

/// The abstract expressions of one program form: the hash-consing context
/// and the Z3 oracle with its cache. A planned search keeps them across its
/// spaces, whose queries recur (superoptimizeShared).
struct FormExprs {
  ExprContext exprs;
  std::unique_ptr<SubexprOracle> oracle;
};

/// Expression state per program form (0: as written, 1: rewritten), kept
/// across the searches of one program.
struct ExprCache {
  std::vector<std::shared_ptr<FormExprs>> forms;
  /// Candidates (text form, as tiled) that failed the screen.
  std::set<std::string> rejected;
};

/// The target `options` names; null with a reason naming the known ones,
/// or naming a time limit or delta out of range.
const TargetDesc *searchTarget(const SearchOptions &options, std::string *why);

/// The end of a search of `options`, counted from now: its time limit or
/// its caller's deadline, whichever comes first.
inline Deadline searchDeadline(const SearchOptions &options) {
  return options.deadline.sooner(Deadline::in(options.timeLimit));
}

/// tsopt::superoptimize, reusing (and filling) `cache` when given; only
/// candidates estimated below `mustBeatUs` (the incumbent) are screened and
/// verified.
llvm::FailureOr<SearchResult>
superoptimizeShared(const Graph &program, const SearchOptions &options,
                    ExprCache *cache, double mustBeatUs, std::string *why);

/// Counters and the stop flag of one search, over all forms of the program.
struct SearchControl {
  std::atomic<uint64_t> states{0}, prunedShape{0}, prunedExpr{0};
  std::atomic<bool> stop{false};
  /// The end of generation.
  Deadline deadline;

  bool timeUp() {
    if (stop.load(std::memory_order_relaxed))
      return true;
    if (deadline.expired()) {
      stop = true;
      return true;
    }
    return false;
  }
};

class Searcher {
public:
  /// `shared`: the expression state of this form from an earlier search
  /// of the same program (null: a fresh one).
  Searcher(const Graph &program, const SearchOptions &options,
           SearchControl &ctl, std::shared_ptr<FormExprs> shared = nullptr)
      : formExprs(shared ? std::move(shared) : std::make_shared<FormExprs>()),
        program(program), options(options), exprs(formExprs->exprs),
        builder(exprs), oracle(formExprs->oracle), ctl(ctl) {}

  llvm::LogicalResult prepare(std::string *why);
  void collectTemplates();
  std::vector<WorkItem> workItems();
  void runItem(const WorkItem &item, std::vector<Found> &out);

  // Shared state.
  std::shared_ptr<FormExprs> formExprs;
  const Graph &program;
  const SearchOptions &options;
  ExprContext &exprs;
  ExprBuilder builder;
  std::unique_ptr<SubexprOracle> &oracle;
  std::vector<AbsTensor> programExprs;
  std::vector<llvm::SmallVector<DimLabel, 4>> inputLabels;
  std::vector<llvm::SmallVector<DimLabel, 4>> outputLabels;
  std::vector<int64_t> varSize;
  /// Variables the program reduces (matmul contractions, reductions).
  std::set<int> reducedVars;
  /// usedInputs[i]: the program reads input i.
  std::vector<bool> usedInputs;
  llvm::SmallVector<OpKind, 8> kernelOps, blockOps;
  /// The constants the search tries, per kind that takes one: mul_scalar's
  /// factors (the program's, and 1/K of each rms_norm over K), add_scalar's
  /// addends (the program's, and each rms_norm's nonzero epsilon), and
  /// rms_norm's epsilons; max_scalar's and min_scalar's bounds (the
  /// program's).
  llvm::SmallVector<double, 2> scalars, addends, epsilons, lowerBounds,
      upperBounds;
  /// The constants of a kind that takes one (constantsOf(k) non-empty).
  llvm::ArrayRef<double> constantsOf(OpKind k) const {
    switch (k) {
    case OpKind::MulScalar:
      return scalars;
    case OpKind::AddScalar:
      return addends;
    case OpKind::RmsNorm:
      return epsilons;
    case OpKind::MaxScalar:
      return lowerBounds;
    case OpKind::MinScalar:
      return upperBounds;
    default:
      return {};
    }
  }
  static bool takesConstant(OpKind k) {
    return isScalarOp(k) || k == OpKind::RmsNorm;
  }
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


/// Enumerates graph-defined first kernels as work items.
class ConfigLister {
public:
  static void list(Searcher &s, std::vector<WorkItem> &items);
};

} // namespace tsopt::search

#endif // TSOPT_LIB_SEARCH_GENERATION_H
