//===- Layout.h - Layout selection as a 0-1 ILP -----------------*- C++ -*-===//
//
// Chooses how every tensor of a µGraph is laid out (DESIGN §1, the µGraph
// optimizer): device tensors passed between kernels (row- or column-major),
// shared-memory tiles (row- or column-major, optionally with the 32/64/128-byte
// swizzles of TMA and wgmma) and the registers of accumulators and thread
// graphs (mma fragments or per-thread strips). Layouts never change results
// (DESIGN §2); they change how many device-memory sectors and shared-memory
// wavefronts the kernels spend.
//
// The choice is a 0-1 integer linear program: one boolean per (tensor,
// candidate layout), exactly one true per tensor, constraints from what each
// op's implementation accepts, a cost per candidate and per pair of
// candidates of two tensors (a conversion between a producer's and a
// consumer's layout), products of booleans linearized with auxiliary
// variables. The formulas are stated once, in docs/optimizer.md ("Layouts");
// the code cites them.
//
// The problem is generic (LayoutProblem): buildLayoutProblem derives one from
// a kernel graph and a target, solveLayoutProblem solves any instance with
// Z3's optimizer, and checkLayoutAssignment / layoutObjective check and price
// an assignment without the solver (the tests compare the solver with brute
// force through them).
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_OPTIMIZE_LAYOUT_H
#define TSOPT_OPTIMIZE_LAYOUT_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/Layout.h"
#include "tsopt/Core/Target.h"
#include "tsopt/Optimize/CostModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tsopt {

//===----------------------------------------------------------------------===//
// Layouts
//===----------------------------------------------------------------------===//

/// Shared-memory wavefronts (128 bytes, one per SM clock when free of bank
/// conflicts) that loading a 16-bit tensor-core operand tile of `shape` in
/// `layout` takes with ldmatrix (ldmatrix.trans when the second-to-last dim
/// is contiguous): one 8-lane phase per 8 rows x 16 bytes, each replayed
/// once per extra bank conflict. nullopt when ldmatrix cannot load it (not
/// 16-bit, or its rows do not start at multiples of 16 bytes:
/// storesAlignedRows).
std::optional<int64_t> ldmatrixWavefronts(llvm::ArrayRef<int64_t> shape,
                                          DType dtype, const Layout &layout);

/// Device-memory bytes moved (whole 32-byte sectors) when every block reads
/// or writes its box of `box` out of a device tensor of `tensor` shape stored
/// in `layout`, per byte the box holds (1 when the box's contiguous runs fill
/// whole sectors).
double sectorWaste(llvm::ArrayRef<int64_t> tensor, llvm::ArrayRef<int64_t> box,
                   int64_t elementBytes, const Layout &layout);

//===----------------------------------------------------------------------===//
// The element walk
//===----------------------------------------------------------------------===//

/// A shared-memory tile as an address computation sees it.
struct TileAccess {
  llvm::SmallVector<int64_t, 4> shape;
  int64_t elementBytes = 4;
  Layout layout;
  /// For a tile an element walk reads: the index it reads for an element
  /// of the walked result (a transpose's permutation, a reshape's
  /// reinterpretation); when empty, the result's index broadcast numpy
  /// style.
  std::function<void(llvm::ArrayRef<int64_t> result,
                     llvm::SmallVectorImpl<int64_t> &index)>
      readAt;
};

/// The order in which the lowering walks the elements of an element-wise
/// op's result tile (docs/optimizer.md, "The element walk"): thread t's
/// k-th element is the one at storage-linear index k * threads + t, whose
/// coordinate along `rotated` (the second-fastest stored dim) is then
/// advanced by step * (c / group) modulo its extent, c the element's
/// coordinate along `along` (the contiguous dim). For each c the rotation
/// is a bijection, so every element is still visited once. It spreads the
/// lanes of a warp, which hold consecutive c, over the banks of an operand
/// stored with `rotated` contiguous (a transposed read), whose rows they
/// would otherwise all read at one column.
struct ElementWalk {
  int rotated = -1; ///< -1: the plain storage order
  int along = -1;
  int64_t step = 0, group = 1;

  bool isPlain() const { return rotated < 0; }
  /// Applies the rotation to an index in the plain storage order.
  void apply(llvm::ArrayRef<int64_t> shape,
             llvm::MutableArrayRef<int64_t> index) const;
};

/// Where data-movement op `op` of block graph `bg` (transpose, reshape,
/// repeat, slice, im2col) reads its operand for an element of its result, as
/// TileAccess::readAt; empty for any other op.
std::function<void(llvm::ArrayRef<int64_t>, llvm::SmallVectorImpl<int64_t> &)>
movementReadAt(const Graph &bg, const Op &op);

/// Shared-memory wavefronts of walking `result` with `walk` over `threads`
/// threads, each thread reading every tile of `reads` (at its readAt, or
/// broadcast to the result's shape) and, when `writeResult`, writing the
/// result, one warp instruction per tile and element. With `maxElements`
/// > 0 only the walk's first elements are counted (a whole number of
/// warps' rounds), for pricing.
Wavefronts elementWalkWavefronts(const ElementWalk &walk,
                                 const TileAccess &result,
                                 llvm::ArrayRef<TileAccess> reads,
                                 int64_t threads, bool writeResult = true,
                                 int64_t maxElements = 0);

/// The walk the lowering takes over `result` whose elements read `reads`:
/// the plain storage order unless a rotation takes fewer wavefronts (the
/// fewest, counted by elementWalkWavefronts over the walk's first
/// kElementWalkSample elements, whose pattern the rest of a tile repeats;
/// the plain order on ties). One decision, for the lowering and the layout
/// ILP's price of it.
ElementWalk planElementWalk(const TileAccess &result,
                            llvm::ArrayRef<TileAccess> reads, int64_t threads,
                            bool writeResult = true);
constexpr int64_t kElementWalkSample = 2048;

//===----------------------------------------------------------------------===//
// The 0-1 ILP
//===----------------------------------------------------------------------===//

enum class LayoutLevel : uint8_t {
  Kernel, ///< a device tensor passed between two kernels
  Block,  ///< a shared-memory tile
};

llvm::StringRef stringifyLayoutLevel(LayoutLevel level);

/// A tensor to lay out: one boolean per candidate.
struct LayoutTensor {
  /// For messages: buildLayoutProblem names a tensor after its kernel op,
  /// value and op kind; a pass may rename tensors after its IR.
  std::string name;
  LayoutLevel level = LayoutLevel::Block;
  /// Kernel level: the kernel-graph op producing the tensor. Block level:
  /// the kernel op (kgraph.kernel) whose block graph holds it.
  int kernelOp = -1;
  /// Block level: the block-graph op producing the tile.
  int op = -1;
  /// Kernel and block level: which result of the producing op.
  int result = 0;
  llvm::SmallVector<Layout, 4> candidates;
};

/// x[tensor][candidate] = 0.
struct LayoutForbid {
  int tensor = -1;
  int candidate = -1;
  std::string why;
};

/// x[a][i] + x[b][j] <= 1: the two choices exclude each other.
struct LayoutForbidPair {
  int a = -1, i = -1, b = -1, j = -1;
  std::string why;
};

/// sum of weight * x[tensor][candidate] <= limit.
struct LayoutCapacity {
  struct Term {
    int tensor = -1;
    int candidate = -1;
    int64_t weight = 0;
  };
  llvm::SmallVector<Term, 4> terms;
  int64_t limit = 0;
  std::string why;
};

/// A cost, in picoseconds (integers, so that the solver, the brute force
/// and the checker agree exactly). With `a < 0`: the constant cost[0]; with
/// `b < 0`: cost[i] when tensor a takes candidate i; otherwise
/// cost[i * |candidates of b| + j] when a takes i and b takes j.
struct LayoutCost {
  int a = -1, b = -1;
  std::vector<int64_t> cost;
  /// Which kernel the cost belongs to (an op index of the kernel graph), for
  /// the per-kernel breakdown; -1 when none.
  int owner = -1;
};

/// Which constraint a message or an infeasibility is about.
struct LayoutConstraintRef {
  enum Kind : uint8_t { ExactlyOne, Forbid, ForbidPair, Capacity };
  Kind kind = ExactlyOne;
  /// A tensor (ExactlyOne) or an index into the problem's list of that kind.
  int index = -1;
};

struct LayoutProblem {
  std::vector<LayoutTensor> tensors;
  std::vector<LayoutCost> costs;
  std::vector<LayoutForbid> forbids;
  std::vector<LayoutForbidPair> forbidPairs;
  std::vector<LayoutCapacity> capacities;

  int addTensor(LayoutTensor tensor);
  int numCandidates(int tensor) const {
    return static_cast<int>(tensors[tensor].candidates.size());
  }
  /// The candidate index of `layout` for `tensor`, or -1.
  int findCandidate(int tensor, const Layout &layout) const;
  /// One line naming a constraint, its tensors and their candidates.
  std::string describe(LayoutConstraintRef ref) const;
};

/// The candidate index chosen for each tensor.
using LayoutAssignment = std::vector<int>;

/// Checks `assignment` against every constraint of `problem` without a
/// solver: one candidate per tensor (a valid index), no forbidden candidate
/// or pair, every capacity respected. On failure `violated` (when non-null)
/// names the constraint and `why` (when non-null) describes it.
llvm::LogicalResult checkLayoutAssignment(
    const LayoutProblem &problem, const LayoutAssignment &assignment,
    std::string *why = nullptr, LayoutConstraintRef *violated = nullptr);

/// The objective of `assignment`: the sum of every cost it selects; with
/// `owner` >= 0, only the costs of that owner. The assignment must be
/// well-formed (one valid index per tensor).
int64_t layoutObjective(const LayoutProblem &problem,
                        const LayoutAssignment &assignment, int owner = -1);

struct LayoutSolveOptions {
  /// Z3 gives up after this many milliseconds (0: no limit).
  unsigned timeoutMs = 60000;
};

struct LayoutSolution {
  LayoutAssignment assignment;
  int64_t objective = 0; ///< picoseconds
  /// Booleans of the ILP: one per candidate plus the auxiliary products.
  unsigned numVariables = 0;
  unsigned numAuxiliary = 0; ///< of which products of two booleans
  unsigned numConstraints = 0;
  double seconds = 0; ///< wall time of the solve
};

/// Solves `problem` with Z3's optimizer: minimizes the objective, then (on
/// ties) the sum of the chosen candidate indices, so that the earlier, plainer
/// candidate wins between equals. An infeasible problem fails with `why`
/// naming the constraints that conflict (an unsat core) and `conflict` (when
/// non-null) listing them; a solver that gives up fails with its reason.
llvm::FailureOr<LayoutSolution>
solveLayoutProblem(const LayoutProblem &problem,
                   const LayoutSolveOptions &options = {},
                   std::string *why = nullptr,
                   std::vector<LayoutConstraintRef> *conflict = nullptr);

/// Restricts `tensor` to `layout` (forbids its other candidates, with `why`
/// as the reason). Fails when `layout` is not a candidate of `tensor`.
llvm::LogicalResult pinLayout(LayoutProblem &problem, int tensor,
                              const Layout &layout, llvm::StringRef why,
                              std::string *error = nullptr);

//===----------------------------------------------------------------------===//
// The problem of a kernel graph
//===----------------------------------------------------------------------===//

struct LayoutOptions {
  /// The cost model's assumptions the layout costs share (memory
  /// efficiency).
  CostOptions cost;
};

/// The layout ILP of a kernel graph on `target` (docs/optimizer.md,
/// "Layouts"): a tensor per device tensor passed between kernels (program
/// inputs and outputs stay row-major and get none), per tile of every block
/// graph, and per accumulator and thread graph; costs and constraints from
/// every op. Fails, with the reason in `why`, when a block graph violates
/// Mirage Def. 2.1 (3).
llvm::FailureOr<LayoutProblem>
buildLayoutProblem(const Graph &program, const TargetDesc &target,
                   const LayoutOptions &options = {},
                   std::string *why = nullptr);

/// The layout step of the kernel plan: chooses the memory layout of every
/// tile of `program`'s graph-defined kernels that has none (Op::layouts)
/// with the layout ILP on `target`, keeping those already chosen as pins.
/// Does nothing, and runs no solver, when every tile has its layout. Fails,
/// with the reason in `why`, when no assignment satisfies the pins.
llvm::LogicalResult planTileLayouts(Graph &program, const TargetDesc &target,
                                    std::string *why = nullptr);

} // namespace tsopt

#endif // TSOPT_OPTIMIZE_LAYOUT_H
