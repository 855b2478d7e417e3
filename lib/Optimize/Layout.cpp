//===- Layout.cpp - Layout selection as a 0-1 ILP -------------------------===//
//
// The problem of a kernel graph: its tensors, candidates, constraints and
// costs (what each access costs is in LayoutGeometry.cpp; the solver and
// the checker are in LayoutSolver.cpp). Every cost below is written out in
// docs/optimizer.md ("Layouts"); keep the two in step.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Optimize/Layout.h"
#include "LayoutGeometry.h"
#include "tsopt/Core/Precision.h"
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Optimize/KernelPlan.h"
#include "tsopt/Optimize/MemoryPlan.h"
#include "tsopt/Optimize/Schedule.h"
#include "tsopt/Support/Memo.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <map>
#include <numeric>

using namespace tsopt;
using namespace tsopt::layout_geometry;

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

llvm::StringRef tsopt::stringifyLayoutLevel(LayoutLevel level) {
  switch (level) {
  case LayoutLevel::Kernel:
    return "kernel";
  case LayoutLevel::Block:
    return "block";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// The problem of a kernel graph
//===----------------------------------------------------------------------===//

namespace {
/// A tensor of the problem, or a layout fixed outside it (program inputs and
/// outputs are row-major).
struct VarRef {
  int tensor = -1;
  Layout fixed = Layout::rowMajor();
};

class ProblemBuilder {
public:
  ProblemBuilder(const Graph &program, const TargetDesc &target,
                 const LayoutOptions &options)
      : program(program), target(target), options(options) {}

  llvm::FailureOr<LayoutProblem> build(std::string *why);

private:
  const Graph &program;
  const TargetDesc &target;
  const LayoutOptions &options;
  LayoutProblem problem;
  /// Per kernel-graph value: its tensor (-1: fixed row-major).
  std::vector<int> kernelTensor;

  // The kernel being built.
  int kernelOp = -1;
  const Graph *g = nullptr;
  /// Picoseconds per shared-memory cycle of one block: the busiest SM runs
  /// ceil(blocks / SMs) blocks one after another (the cost model's T_smem).
  double psPerBlockCycle = 0;
  std::vector<int> tile;      ///< per block value: its tile tensor, or -1
  std::vector<int> fusedInto; ///< per block value: see fuseProducts
  /// Bounds the shared memory the padded candidates of the kernel's tiles
  /// add (Layout::pad): at most what is left with every tile resident.
  void limitPadding(const Schedule &schedule);
  /// Wavefronts of op's reading of `operand` stored in `lo` along the
  /// element walk over its result stored in `lr` (planElementWalk), for the
  /// whole tile: at the broadcast index, or a data-movement op's
  /// (movementReadAt).
  double walkedRead(const Op &op, int operand, const Layout &lo,
                    const Layout &lr);

  const llvm::SmallVector<Layout, 4> &candidates(const VarRef &v) const;
  void addCost(VarRef a, VarRef b,
               llvm::function_ref<double(const Layout &, const Layout &)> ps,
               int owner);
  void addUnary(VarRef a, llvm::function_ref<double(const Layout &)> ps,
                int owner) {
    addCost(
        a, VarRef{-1, Layout::rowMajor()},
        [&](const Layout &la, const Layout &) { return ps(la); }, owner);
  }

  VarRef kernelVar(int value) const { return VarRef{kernelTensor[value]}; }
  VarRef tileVar(int value) const { return VarRef{tile[value]}; }

  /// Whether matmul `op` runs as wgmma once both its operands take a
  /// canonical layout: planned so, or unplanned with the shape of one on a
  /// target that has it (the plan then chooses it exactly when the
  /// layouts are canonical: fitsWgmma).
  bool wgmmaShaped(const Op &op) const {
    if (op.mma)
      return op.mma == uint8_t(MmaPlan::Wgmma);
    return target.hasWarpgroupMma() &&
           wgmmaShapeFits(*g, op, plannedThreads(*g));
  }
  int64_t eb(int value) const { return dtypeBytes(g->type(value).dtype); }
  int64_t bytes(int value) const {
    return g->type(value).numElements() * eb(value);
  }
  MemRef mem(int value, const Layout &l) const {
    return MemRef{g->type(value).shape, eb(value), l};
  }
  /// Wavefronts of the conflict-free, 16-byte vectorized pass over a tile.
  int64_t ideal(int value) const { return ceilDiv(bytes(value), 128); }
  /// Converting a tile into the order an access needs instead: read it,
  /// write it transposed, read the copy (three ideal passes), and one more
  /// dependent step between the write and the read.
  double conversion(int value) const {
    return 3.0 * double(ideal(value)) + target.syncCycles;
  }
  /// An access in strips, or a conversion when that is cheaper.
  double strips(int value, const Layout &l, llvm::ArrayRef<int64_t> iter, int d,
                IndexMap map) const {
    return std::min(double(stripWavefronts(mem(value, l), iter, d, map)),
                    conversion(value));
  }
  /// A price that depends on nothing but what `key` names (the access,
  /// the tiles' shapes, element bytes and layouts, the threads), kept for
  /// the process: fusion and the search price the same tiles of different
  /// kernels again and again.
  double memoized(const std::string &key,
                  llvm::function_ref<double()> price) const {
    static Memo<double> prices(1 << 16);
    if (std::optional<double> known = prices.lookup(key))
      return *known;
    double p = price();
    prices.insert(key, p);
    return p;
  }
  /// The key part naming tile `value` in layout `l`, iterated over `iter`.
  std::string describe(int value, const Layout &l,
                       llvm::ArrayRef<int64_t> iter = {}) const {
    std::string text;
    llvm::raw_string_ostream os(text);
    for (int64_t e : g->type(value).shape)
      os << e << 'x';
    os << eb(value) << ' ' << l.str() << " over ";
    for (int64_t e : iter)
      os << e << 'x';
    os << ';';
    return text;
  }
  double stripsBroadcast(int value, const Layout &l,
                         llvm::ArrayRef<int64_t> iter, int d) const {
    llvm::ArrayRef<int64_t> shape = g->type(value).shape;
    // strips() is at most a conversion, which takes the target's barrier.
    return memoized("strips " + std::to_string(d) + ' ' +
                        std::to_string(target.syncCycles) + ' ' +
                        describe(value, l, iter),
                    [&] {
                      return strips(value, l, iter, d,
                                    [&](llvm::ArrayRef<int64_t> s,
                                        llvm::SmallVectorImpl<int64_t> &xi) {
                                      broadcastIndex(shape, s, xi);
                                    });
                    });
  }
  double fragment(int value, const Layout &l, llvm::ArrayRef<int64_t> iter,
                  bool pairs = true) const {
    llvm::ArrayRef<int64_t> shape = g->type(value).shape;
    return memoized(std::string(pairs ? "fragment pairs " : "fragment ") +
                        describe(value, l, iter),
                    [&] {
                      return double(fragmentWavefronts(
                          mem(value, l), iter,
                          [&](llvm::ArrayRef<int64_t> s,
                              llvm::SmallVectorImpl<int64_t> &xi) {
                            broadcastIndex(shape, s, xi);
                          },
                          pairs));
                    });
  }
  /// How a tensor-core matmul's result leaves its accumulators for tile
  /// `value` (the product's own, or the tile of an accumulator that keeps
  /// the sums in registers): the fragment pattern, padded where the
  /// instruction does not divide the tile, in column pairs where
  /// storesFragmentPairs says so.
  double storeProduct(int value, const Layout &l) const {
    llvm::ArrayRef<int64_t> shape = g->type(value).shape;
    return fragment(value, l, shape, storesFragmentPairs(shape));
  }
  double devicePs(double deviceBytes) const {
    return deviceBytes * 1e12 /
           (target.memoryBandwidth * options.cost.memoryEfficiency);
  }
  static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

  llvm::SmallVector<Layout, 4> tileCandidates(int value) const;
  int addTile(int value, int op, int result);
  void fuseProducts(const Schedule &s);

  llvm::LogicalResult buildKernel(int op, std::string *why);
  void buildKernelLevelOp(int op);
  void blockInput(int i, int64_t runs);
  void blockOutput(int i);
  void matmul(int i, int64_t runs);
  void accum(int i, int64_t runs);
  void threadGraph(int i, int64_t runs);
  void elementwise(int i, int64_t runs);
};
} // namespace

const llvm::SmallVector<Layout, 4> &
ProblemBuilder::candidates(const VarRef &v) const {
  static const llvm::SmallVector<Layout, 4> rowMajorOnly = {Layout::rowMajor()};
  if (v.tensor >= 0)
    return problem.tensors[v.tensor].candidates;
  assert(v.fixed == Layout::rowMajor() && "fixed layouts are row-major");
  return rowMajorOnly;
}

void ProblemBuilder::addCost(
    VarRef a, VarRef b,
    llvm::function_ref<double(const Layout &, const Layout &)> ps, int owner) {
  const auto &ca = candidates(a);
  const auto &cb = candidates(b);
  LayoutCost cost;
  cost.owner = owner;
  bool nonzero = false;
  auto entry = [&](const Layout &la, const Layout &lb) {
    int64_t v = std::llround(ps(la, lb));
    nonzero |= v != 0;
    return v;
  };
  // Fold fixed sides: a cost of two fixed layouts is a constant, of one
  // fixed layout a unary cost of the other tensor.
  if (a.tensor < 0 && b.tensor < 0) {
    cost.cost = {entry(ca[0], cb[0])};
  } else if (b.tensor < 0 || a.tensor < 0) {
    bool aFree = a.tensor >= 0;
    cost.a = aFree ? a.tensor : b.tensor;
    for (const Layout &l : aFree ? ca : cb)
      cost.cost.push_back(aFree ? entry(l, cb[0]) : entry(ca[0], l));
  } else {
    cost.a = a.tensor;
    cost.b = b.tensor;
    for (const Layout &la : ca)
      for (const Layout &lb : cb)
        cost.cost.push_back(entry(la, lb));
  }
  if (nonzero)
    problem.costs.push_back(std::move(cost));
}

/// Row- and column-major, the swizzle of each whose span is one stored
/// row (32, 64 or 128 bytes): the swizzle modes TMA writes and wgmma reads,
/// conflict-free for ldmatrix; and each padded where no swizzle fits. A
/// degenerate dim (extent 1) makes column- major the same storage as row-major,
/// so it is not offered.
llvm::SmallVector<Layout, 4> ProblemBuilder::tileCandidates(int value) const {
  llvm::ArrayRef<int64_t> shape = g->type(value).shape;
  size_t r = shape.size();
  llvm::SmallVector<Layout, 4> out = {Layout::rowMajor()};
  bool twoD = r >= 2 && shape[r - 1] > 1 && shape[r - 2] > 1;
  if (twoD)
    out.push_back(Layout::colMajor());
  // (B, S) of the swizzle whose span is one stored row: rows of 32, 64 and
  // 128 bytes take B = 1, 2, 3 with S = 3; rows of 256 to 8192 bytes take
  // B = 3 with the XOR from the row index (S = log2(row bytes) - 4), so
  // that 8 consecutive rows start in 8 different 16-byte bank groups, and
  // also S one less, the XOR from the row index shifted up a bit, so that 4
  // consecutive rows' first 32 bytes fall in 8 different groups (a
  // half-warp's 8-byte fragment stores: rows l/4, columns 2(l%4)); rows of
  // 32 bytes also the XOR from pairs of rows (below).
  auto swizzlesFor = [&](int64_t rowExtent) {
    llvm::SmallVector<std::pair<int, int>, 2> out;
    int64_t rowBytes = rowExtent * eb(value);
    int64_t rows = g->type(value).numElements() / rowExtent;
    if (rows < 2 || rowBytes < 32 || rowBytes > 8192 ||
        !llvm::isPowerOf2_64(rowBytes))
      return out;
    int lines = int(llvm::Log2_64(rowBytes)) - 4; // 1 (32 B) .. 9 (8 KiB)
    out.push_back({std::min(lines, 3), std::max(lines, 3)});
    if (lines > 3)
      out.push_back({3, lines - 1});
    // Rows of 32 bytes also take B = 2 with the XOR from pairs of rows
    // (S = 2): rows 4 apart, which a window of stride 2 reads with 8 lanes
    // a row, then fall in different 32-byte groups of their 128 bytes.
    if (lines == 1 && rows >= 8)
      out.push_back({2, 2});
    return out;
  };
  if (r >= 1)
    for (auto [b, shift] : swizzlesFor(shape[r - 1]))
      out.push_back(Layout::rowMajor(b, shift));
  if (twoD)
    for (auto [b, shift] : swizzlesFor(shape[r - 2]))
      out.push_back(Layout::colMajor(b, shift));
  // Padding (Layout::pad) where no swizzle spans the row: rows of an even
  // number of 16-byte chunks (160 or 96 bytes) get one chunk more, so that
  // the pitch is odd in chunks. Rows that are not whole chunks (a
  // contraction of 27 halves, 54 bytes) of a tensor-core operand get
  // 16-byte aligned starts, which ldmatrix needs, at the next chunk and,
  // where that is even and the tile has rows to spread, at the next odd
  // one.
  bool mmaOperand = llvm::any_of(g->ops, [&](const Op &op) {
    return runsOnTensorCores(*g, op) && llvm::is_contained(op.operands, value);
  });
  auto pads = [&](int64_t rowExtent) {
    llvm::SmallVector<int, 2> out;
    int64_t rowBytes = rowExtent * eb(value);
    int64_t rows = g->type(value).numElements() / rowExtent;
    int64_t chunks = llvm::divideCeil(rowBytes, 16);
    if (rowBytes > 4096)
      return out;
    if (rowBytes % 16 != 0 && mmaOperand)
      out.push_back(int(chunks * 16 - rowBytes));
    if (rows >= 2 && chunks % 2 == 0 &&
        (rowBytes % 16 != 0 ? mmaOperand : !llvm::isPowerOf2_64(rowBytes)))
      out.push_back(int((chunks + 1) * 16 - rowBytes));
    return out;
  };
  if (r >= 1)
    for (int pad : pads(shape[r - 1]))
      out.push_back(Layout::padded(LayoutKind::RowMajor, pad));
  if (twoD)
    for (int pad : pads(shape[r - 2]))
      out.push_back(Layout::padded(LayoutKind::ColMajor, pad));
  return out;
}

int ProblemBuilder::addTile(int value, int op, int result) {
  LayoutTensor t;
  t.name = "kernel " + std::to_string(kernelOp) + ": tile %" +
           std::to_string(value) + " (" +
           stringifyOpKind(g->ops[op].kind).str() + ")";
  t.level = LayoutLevel::Block;
  t.kernelOp = kernelOp;
  t.op = op;
  t.result = result;
  t.candidates = tileCandidates(value);
  // An iterator's tile keeps the copy width the kernel plan gives it in
  // row-major order (copyFits): the layout never narrows the copies.
  const Op &producer = g->ops[op];
  if (producer.kind == OpKind::BlockInput) {
    const TensorType &type = g->type(value);
    int64_t bytes = producer.copyBytes
                        ? producer.copyBytes
                        : copyChunkBytes(type, Layout::rowMajor());
    // (A width that does not fit even row-major is the plan's error,
    // reported by verifyKernelPlan.)
    if (copyFits(type, Layout::rowMajor(), bytes))
      llvm::erase_if(t.candidates, [&](const Layout &l) {
        return !copyFits(type, l, bytes);
      });
  }
  return tile[value] = problem.addTensor(std::move(t));
}

/// A tensor-core matmul's product stays in the accumulator registers
/// exactly where the lowering keeps it there: the sums of an accumulator
/// fragmentAccumulatedMatmul names (for the kernel's planned threads per
/// block, or the planner's default). Its reader then holds mma fragments and
/// the product is never stored to shared memory nor read back; every other
/// product is stored and read, as emitted. fusedInto[product] names the
/// reader.
void ProblemBuilder::fuseProducts(const Schedule &s) {
  fusedInto.assign(g->values.size(), -1);
  for (size_t i = 0; i < g->ops.size(); ++i) {
    const Op &op = g->ops[i];
    if (op.kind != OpKind::Accum)
      continue;
    int m = fragmentAccumulatedMatmul(*g, op, plannedThreads(*g));
    if (m < 0 || s.phase[m] != s.phase[i])
      continue;
    fusedInto[g->ops[m].results[0]] = i;
  }
}

void ProblemBuilder::blockInput(int i, int64_t runs) {
  const Op &op = g->ops[i];
  int x = op.results[0];
  // The block graph's input u is the kernel op's operand of the same
  // position.
  int u = op.operands[0];
  int pos = llvm::find(g->inputs, u) - g->inputs.begin();
  int tensor = program.ops[kernelOp].operands[pos];
  llvm::ArrayRef<int64_t> tensorShape = program.type(tensor).shape;
  llvm::ArrayRef<int64_t> tileShape = g->type(x).shape;
  int64_t blocks = 1;
  for (int64_t e : g->grid)
    blocks *= e;

  // Device side: every block reads its box in the tensor's storage order;
  // short contiguous runs waste the rest of their 32-byte sectors.
  double moved = double(bytes(x)) * double(runs * blocks);
  addUnary(
      kernelVar(tensor),
      [&](const Layout &lt) {
        return devicePs(moved * sectorWaste(tensorShape, tileShape, eb(x), lt));
      },
      kernelOp);
  // Shared side: lanes follow the tensor's contiguous dim; when the tile
  // keeps that dim contiguous the copy moves 16-byte chunks (cp.async on
  // sm_80, TMA on sm_90), otherwise it writes element by element.
  addCost(
      kernelVar(tensor), tileVar(x),
      [&](const Layout &lt, const Layout &lx) {
        int d = contiguousDim(tensorShape, lt);
        return double(runs) * psPerBlockCycle *
               strips(x, lx, tileShape, d,
                      [](llvm::ArrayRef<int64_t> s,
                         llvm::SmallVectorImpl<int64_t> &xi) {
                        xi.assign(s.begin(), s.end());
                      });
      },
      kernelOp);
}

void ProblemBuilder::blockOutput(int i) {
  const Op &op = g->ops[i];
  int x = op.operands[0];
  int pos = llvm::find(g->outputs, op.results[0]) - g->outputs.begin();
  int tensor = program.ops[kernelOp].results[pos];
  llvm::ArrayRef<int64_t> tensorShape = program.type(tensor).shape;
  llvm::ArrayRef<int64_t> tileShape = g->type(x).shape;
  int64_t blocks = 1;
  for (int64_t e : g->grid)
    blocks *= e;
  double moved = double(bytes(x)) * double(blocks);
  addUnary(
      kernelVar(tensor),
      [&](const Layout &lt) {
        return devicePs(moved * sectorWaste(tensorShape, tileShape, eb(x), lt));
      },
      kernelOp);
  addCost(
      tileVar(x), kernelVar(tensor),
      [&](const Layout &lx, const Layout &lt) {
        int d = contiguousDim(tensorShape, lt);
        return psPerBlockCycle * strips(x, lx, tileShape, d,
                                        [](llvm::ArrayRef<int64_t> s,
                                           llvm::SmallVectorImpl<int64_t> &xi) {
                                          xi.assign(s.begin(), s.end());
                                        });
      },
      kernelOp);
}

void ProblemBuilder::matmul(int i, int64_t runs) {
  const Op &op = g->ops[i];
  int a = op.operands[0], b = op.operands[1], c = op.results[0];
  double scale = double(runs) * psPerBlockCycle;
  size_t r = g->type(c).shape.size();
  if (!runsOnTensorCores(*g, op)) {
    // CUDA-core outer products: a warp reads a column of A along m and a
    // row of B along n per step of k, and writes C along n.
    addUnary(
        tileVar(a),
        [&](const Layout &l) {
          return scale * stripsBroadcast(a, l, g->type(a).shape, r - 2);
        },
        kernelOp);
    addUnary(
        tileVar(b),
        [&](const Layout &l) {
          return scale * stripsBroadcast(b, l, g->type(b).shape, r - 1);
        },
        kernelOp);
    addUnary(
        tileVar(c),
        [&](const Layout &l) {
          return scale * stripsBroadcast(c, l, g->type(c).shape, r - 1);
        },
        kernelOp);
    return;
  }

  bool operandsPriced = false;
  // wgmma reads its operands through matrix descriptors, which describe
  // the canonical layouts only (wgmmaOperandLayout): where both operands
  // have such candidates, the others are forbidden, and the hardware reads
  // each canonical tile once per instruction without conflicts.
  auto canonical = [&](int operand, int position, const Layout &l) {
    return wgmmaOperandLayout(g->type(operand).shape, g->type(operand).dtype,
                              l, position)
        .has_value();
  };
  // A layout the IR records is pinned (planTileLayouts): only it counts.
  auto anyCanonical = [&](int operand, int position) {
    for (const Op &producer : g->ops)
      for (auto [r, result] : llvm::enumerate(producer.results))
        if (result == operand && r < producer.layouts.size())
          return canonical(operand, position, producer.layouts[r]);
    return llvm::any_of(candidates(tileVar(operand)), [&](const Layout &l) {
      return canonical(operand, position, l);
    });
  };
  if (wgmmaShaped(op) && anyCanonical(a, 0) && anyCanonical(b, 1)) {
    static const char *const wgmmaRule =
        "a wgmma operand needs a layout its matrix descriptor describes";
    for (auto [position, operand] : llvm::enumerate(op.operands)) {
      const auto &cands = candidates(tileVar(operand));
      for (int k = 0, e = cands.size(); k < e; ++k)
        if (!canonical(operand, position, cands[k]))
          problem.forbids.push_back({tile[operand], k, wgmmaRule});
      addUnary(
          tileVar(operand),
          [&](const Layout &) { return scale * double(ideal(operand)); },
          kernelOp);
    }
    operandsPriced = true;
  }
  for (int operand : {a, b}) {
    if (operandsPriced)
      break;
    llvm::ArrayRef<int64_t> shape = g->type(operand).shape;
    DType dtype = g->type(operand).dtype;
    const auto &cands = candidates(tileVar(operand));
    // sm_80: ldmatrix (or ldmatrix.trans) loads the fragments; it needs
    // whole 16-byte rows along the contiguous dim. Layouts it cannot load
    // are forbidden when some candidate can be loaded.
    // Padded candidates compete by price only: the capacity bound on
    // padding (limitPadding) may rule every one of them out.
    bool anyLoadable = llvm::any_of(cands, [&](const Layout &l) {
      return !l.pad && ldmatrixWavefronts(shape, dtype, l).has_value();
    });
    int t = tile[operand];
    static const char *const ldmatrixRule =
        "a tensor-core matmul operand needs whole 16-byte rows along its "
        "contiguous dim (ldmatrix)";
    for (int k = 0, e = cands.size(); k < e; ++k) {
      bool known = llvm::any_of(problem.forbids, [&](const LayoutForbid &f) {
        return f.tensor == t && f.candidate == k && f.why == ldmatrixRule;
      });
      if (anyLoadable && !known && !ldmatrixWavefronts(shape, dtype, cands[k]))
        problem.forbids.push_back({t, int(k), ldmatrixRule});
    }
    addUnary(
        tileVar(operand),
        [&](const Layout &l) {
          if (std::optional<int64_t> w = ldmatrixWavefronts(shape, dtype, l))
            return scale * double(*w);
          // Not loadable by ldmatrix (an f32 operand, rows that do not
          // start at multiples of 16 bytes): the lowering loads the
          // fragment values at their coordinates. A's — rows l/4 and
          // l/4 + 8, column pairs 2(l%4) — are the accumulator's pattern
          // over A's m x k; B's — n l/4, k pairs 2(l%4) — the same pattern
          // over B's n x k.
          if (operand == a)
            return scale * fragment(operand, l, shape);
          size_t rb = shape.size();
          llvm::SmallVector<int64_t, 4> nk(shape.begin(), shape.end());
          std::swap(nk[rb - 2], nk[rb - 1]);
          return scale *
                 memoized("fragment transposed " + describe(operand, l, nk),
                          [&] {
                            return double(fragmentWavefronts(
                                mem(operand, l), nk,
                                [&](llvm::ArrayRef<int64_t> s,
                                    llvm::SmallVectorImpl<int64_t> &xi) {
                                  xi.assign(s.begin(), s.end());
                                  std::swap(xi[rb - 2], xi[rb - 1]);
                                }));
                          });
        },
        kernelOp);
  }
  // The product leaves the accumulators; when its only reader keeps it in
  // registers, that reader prices the store (see fuseProducts).
  if (fusedInto[c] < 0)
    addUnary(
        tileVar(c), [&](const Layout &l) { return scale * storeProduct(c, l); },
        kernelOp);
}

/// An accumulator folds each iteration's tile into its own. Where the
/// lowering keeps the sums in mma registers (fuseProducts), the product is
/// never stored and the sums leave the registers once, fragment by
/// fragment, after the loop. Otherwise every iteration reads the
/// accumulator and its operand and writes the accumulator, walking the
/// accumulator's storage order (emitAccum). A concatenating accumulator
/// copies each iteration's tile into its slice, row by row (copyBox).
void ProblemBuilder::accum(int i, int64_t runs) {
  const Op &op = g->ops[i];
  int p = op.operands[0], acc = op.results[0];
  llvm::ArrayRef<int64_t> iter = g->type(p).shape;
  llvm::ArrayRef<int64_t> shape = g->type(acc).shape;
  double perIteration = double(runs) * psPerBlockCycle;
  if (fusedInto[p] == i) {
    addUnary(
        tileVar(acc),
        [&](const Layout &la) {
          return psPerBlockCycle * storeProduct(acc, la);
        },
        kernelOp);
    return;
  }
  if (op.fmap != kReplica) {
    int d = static_cast<int>(iter.size()) - 1;
    addUnary(
        tileVar(p),
        [&](const Layout &lp) {
          return perIteration * stripsBroadcast(p, lp, iter, d);
        },
        kernelOp);
    addUnary(
        tileVar(acc),
        [&](const Layout &la) {
          return perIteration * strips(acc, la, iter, d,
                                       [](llvm::ArrayRef<int64_t> s,
                                          llvm::SmallVectorImpl<int64_t> &xi) {
                                         xi.assign(s.begin(), s.end());
                                       });
        },
        kernelOp);
    return;
  }
  // The sum or max reads P along the element walk over the accumulator.
  addCost(
      tileVar(p), tileVar(acc),
      [&](const Layout &lp, const Layout &la) {
        return perIteration * walkedRead(op, p, lp, la);
      },
      kernelOp);
  addUnary(
      tileVar(acc),
      [&](const Layout &la) {
        return 2.0 * perIteration *
               stripsBroadcast(acc, la, shape, contiguousDim(shape, la));
      },
      kernelOp);
}

/// A thread graph walks its first result in storage order
/// (emitThreadGraph), reading every operand and writing every result at
/// the same index: an element-wise op whose further results are written
/// in the first one's order.
void ProblemBuilder::threadGraph(int i, int64_t runs) {
  elementwise(i, runs);
  const Op &op = g->ops[i];
  int first = op.results[0];
  llvm::ArrayRef<int64_t> out = g->type(first).shape;
  double scale = double(runs) * psPerBlockCycle;
  for (int res : llvm::drop_begin(op.results))
    addCost(
        tileVar(res), tileVar(first),
        [&](const Layout &lr, const Layout &lf) {
          return scale * stripsBroadcast(res, lr, out, contiguousDim(out, lf));
        },
        kernelOp);
}

/// Element-wise ops, reductions and data movement: the op writes its result
/// in strips along the result's contiguous dim and reads each operand at the
/// matching index; an operand stored in another order is read strided or
/// converted. A reduction reads along the reduced dim.
void ProblemBuilder::elementwise(int i, int64_t runs) {
  const Op &op = g->ops[i];
  int res = op.results[0];
  llvm::ArrayRef<int64_t> out = g->type(res).shape;
  double scale = double(runs) * psPerBlockCycle;
  addUnary(
      tileVar(res),
      [&](const Layout &l) {
        return scale * stripsBroadcast(res, l, out, contiguousDim(out, l));
      },
      kernelOp);

  switch (op.kind) {
  case OpKind::ReduceSum:
  case OpKind::ReduceMax: {
    int o = op.operands[0];
    llvm::ArrayRef<int64_t> in = g->type(o).shape;
    addUnary(
        tileVar(o),
        [&](const Layout &l) {
          return scale * stripsBroadcast(o, l, in, op.dim);
        },
        kernelOp);
    return;
  }
  case OpKind::Transpose:
  case OpKind::Reshape:
  case OpKind::Repeat:
  case OpKind::Slice:
  case OpKind::Im2Col: {
    // Data movement: the operand read along the element walk over the
    // result, at the index the op maps each element to (movementReadAt).
    int o = op.operands[0];
    addCost(
        tileVar(o), tileVar(res),
        [&](const Layout &lo, const Layout &lr) {
          return scale * walkedRead(op, o, lo, lr);
        },
        kernelOp);
    return;
  }
  case OpKind::Concat: {
    // Each operand is copied into its slice of the result: read in strips
    // along the result's contiguous dim, written at the slice's offset.
    int64_t offset = 0;
    for (int o : op.operands) {
      llvm::ArrayRef<int64_t> in = g->type(o).shape;
      int64_t off = offset;
      offset += in[op.dim];
      addCost(
          tileVar(o), tileVar(res),
          [&](const Layout &lo, const Layout &lr) {
            int d = contiguousDim(out, lr);
            double read = strips(o, lo, in, d,
                                 [](llvm::ArrayRef<int64_t> s,
                                    llvm::SmallVectorImpl<int64_t> &xi) {
                                   xi.assign(s.begin(), s.end());
                                 });
            double write = std::min(
                double(stripWavefronts(mem(res, lr), in, d,
                                       [&](llvm::ArrayRef<int64_t> s,
                                           llvm::SmallVectorImpl<int64_t> &xi) {
                                         xi.assign(s.begin(), s.end());
                                         xi[op.dim] += off;
                                       })),
                conversion(o));
            return scale * (read + write);
          },
          kernelOp);
    }
    return;
  }
  default:
    break;
  }
  // Element-wise (with broadcasting) and anything else shaped like it: each
  // operand read along the element walk the lowering takes over the result.
  for (int o : op.operands) {
    if (llvm::failed(broadcastShape(g->type(o).shape, out)))
      continue;
    addCost(
        tileVar(o), tileVar(res),
        [&](const Layout &lo, const Layout &lr) {
          return scale * walkedRead(op, o, lo, lr);
        },
        kernelOp);
  }
}

double ProblemBuilder::walkedRead(const Op &op, int operand, const Layout &lo,
                                  const Layout &lr) {
  int result = op.results[0];
  int64_t threads = plannedThreads(*g);
  // The read depends on the op through movementReadAt, which reads its
  // kind and perm.
  std::string key = "walk " + stringifyOpKind(op.kind).str() + ' ';
  for (int64_t p : op.perm)
    key += std::to_string(p) + ',';
  key += describe(operand, lo) + describe(result, lr) + std::to_string(threads);
  return memoized(key, [&] {
    TileAccess res{llvm::to_vector<4>(g->type(result).shape), eb(result), lr};
    TileAccess read{llvm::to_vector<4>(g->type(operand).shape), eb(operand), lo,
                    movementReadAt(*g, op)};
    // The walk repeats with the tile's rows: price its first elements and
    // scale to the whole tile.
    constexpr int64_t kSample = kElementWalkSample;
    ElementWalk walk = planElementWalk(res, read, threads, true);
    int64_t n = g->type(result).numElements();
    int64_t rounds = ceilDiv(n, threads);
    int64_t sampled = std::min(rounds, ceilDiv(kSample, threads));
    double fronts = double(elementWalkWavefronts(walk, res, read, threads,
                                                 /*writeResult=*/false, kSample)
                               .taken);
    return fronts * double(rounds) / double(sampled);
  });
}

/// A pre-defined kernel op is a library kernel. Matmuls take any operand
/// order (a transpose flag) and write either order; element-wise kernels
/// stream all operands in one order, so an operand stored in another order
/// is transposed first: one more read and write of it in device memory.
void ProblemBuilder::buildKernelLevelOp(int i) {
  const Op &op = program.ops[i];
  if (!isElementwiseBinary(op.kind) && !isElementwiseUnary(op.kind))
    return;
  int res = op.results[0];
  for (int o : op.operands) {
    if (program.type(o).shape != program.type(res).shape)
      continue;
    double moved = 2.0 * double(program.type(o).numElements() *
                                dtypeBytes(program.type(o).dtype));
    llvm::ArrayRef<int64_t> shape = program.type(o).shape;
    addCost(
        kernelVar(o), kernelVar(res),
        [&](const Layout &lo, const Layout &lr) {
          return contiguousDim(shape, lo) == contiguousDim(shape, lr)
                     ? 0.0
                     : devicePs(moved);
        },
        i);
  }
}

void ProblemBuilder::limitPadding(const Schedule &schedule) {
  // Every tile resident at once (no reuse), each buffer of a pipelined
  // input counted: padding fits where even that leaves room for it.
  int64_t total = 0;
  llvm::DenseMap<int, int64_t> buffers;
  for (const TileLifetime &t : tileLifetimes(*g, schedule)) {
    total += bytes(t.value);
    ++buffers[t.value];
  }
  LayoutCapacity capacity;
  for (auto [v, n] : buffers) {
    if (v >= int(tile.size()) || tile[v] < 0)
      continue;
    for (auto [c, l] : llvm::enumerate(problem.tensors[tile[v]].candidates))
      if (l.pad)
        capacity.terms.push_back(
            {tile[v], int(c),
             n * (layoutStorageBytes(g->type(v).shape, eb(v), l) - bytes(v))});
  }
  if (capacity.terms.empty())
    return;
  capacity.limit = std::max<int64_t>(0, target.sharedMemoryPerBlock - total);
  capacity.why = "kernel " + std::to_string(kernelOp) +
                 ": padded rows fit in the shared memory beside every tile";
  problem.capacities.push_back(std::move(capacity));
}

llvm::LogicalResult ProblemBuilder::buildKernel(int k, std::string *why) {
  kernelOp = k;
  g = program.ops[k].body.get();
  std::string scheduleWhy;
  llvm::FailureOr<Schedule> s = plannedSchedule(*g, &scheduleWhy);
  if (failed(s)) {
    if (why)
      *why =
          "kernel op " + std::to_string(k) + ": block graph: " + scheduleWhy;
    return llvm::failure();
  }
  int64_t blocks = 1;
  for (int64_t e : g->grid)
    blocks *= e;
  int64_t busiest = ceilDiv(blocks, target.numSMs);
  psPerBlockCycle = double(busiest) * 1e12 / target.clockHz;
  int64_t f = std::max<int64_t>(g->forloop, 1);

  tile.assign(g->values.size(), -1);
  fuseProducts(*s);
  for (size_t i = 0; i < g->ops.size(); ++i) {
    const Op &op = g->ops[i];
    if (isPassThroughAccum(*g, op)) {
      // No tile and no code of its own: its readers read its operand's.
      tile[op.results[0]] = tile[op.operands[0]];
      continue;
    }
    if (op.kind != OpKind::BlockOutput)
      for (auto [r, v] : llvm::enumerate(op.results))
        addTile(v, i, r);
  }
  limitPadding(*s);

  for (size_t i = 0; i < g->ops.size(); ++i) {
    const Op &op = g->ops[i];
    int64_t runs = s->phase[i] == Phase::Loop ? f : 1;
    switch (op.kind) {
    case OpKind::BlockInput:
      // A loop-invariant tile is loaded once (as in the cost model).
      blockInput(i, op.fmap == kReplica ? 1 : f);
      break;
    case OpKind::BlockOutput:
      blockOutput(i);
      break;
    case OpKind::Matmul:
      matmul(i, runs);
      break;
    case OpKind::Accum:
      if (!isPassThroughAccum(*g, op))
        accum(i, runs);
      break;
    case OpKind::ThreadGraph:
      threadGraph(i, runs);
      break;
    case OpKind::RunningMax:
      // Reads no tile (each row's maximum is kept per row) and writes a
      // column per row once per block: its saver prices the tile.
      break;
    default:
      elementwise(i, runs);
      break;
    }
  }
  return llvm::success();
}

llvm::FailureOr<LayoutProblem> ProblemBuilder::build(std::string *why) {
  if (program.level != Level::Kernel) {
    if (why)
      *why = "not a kernel graph";
    return llvm::failure();
  }
  // Device tensors passed between kernels get a variable; program inputs
  // and outputs keep the row-major layout of the program's interface.
  kernelTensor.assign(program.values.size(), -1);
  llvm::DenseSet<int> interface(program.inputs.begin(), program.inputs.end());
  interface.insert(program.outputs.begin(), program.outputs.end());
  for (size_t i = 0; i < program.ops.size(); ++i)
    for (auto [r, v] : llvm::enumerate(program.ops[i].results)) {
      if (interface.contains(v))
        continue;
      LayoutTensor t;
      t.name = "tensor %" + std::to_string(v) + " (result " +
               std::to_string(r) + " of op " + std::to_string(i) + ", " +
               stringifyOpKind(program.ops[i].kind).str() + ")";
      t.level = LayoutLevel::Kernel;
      t.kernelOp = i;
      t.result = r;
      llvm::ArrayRef<int64_t> shape = program.type(v).shape;
      size_t rank = shape.size();
      // The lowering stores device tensors row-major (bgraph.layout on a
      // kernel-level op may only say so), so that is the one candidate; the
      // tensor stays in the problem for the sectors its copies cost.
      (void)rank;
      t.candidates = {Layout::rowMajor()};
      kernelTensor[v] = problem.addTensor(std::move(t));
    }

  for (size_t i = 0; i < program.ops.size(); ++i) {
    const Op &op = program.ops[i];
    if (op.kind == OpKind::Kernel && op.body) {
      if (failed(buildKernel(i, why)))
        return llvm::failure();
    } else {
      buildKernelLevelOp(i);
    }
  }
  return std::move(problem);
}

llvm::FailureOr<LayoutProblem>
tsopt::buildLayoutProblem(const Graph &program, const TargetDesc &target,
                          const LayoutOptions &options, std::string *why) {
  return ProblemBuilder(program, target, options).build(why);
}
