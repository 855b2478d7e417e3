//===- Graph.h - Compact µGraph representation ------------------*- C++ -*-===//
//
// The lean, MLIR-free representation of a µGraph shared by the evaluator, the
// verifier and the search. MLIR is the interchange format; this is what the
// C++ libraries work on. One `Graph` type serves all three levels:
//
//  * kernel level: values are device-memory tensors; `Kernel` ops carry a block
//    graph in `body`;
//  * block level: `inputs` are the kernel op's operands (kernel tensors);
//    `BlockInput` turns one into a tile, `Accum` closes the for-loop and
//    `BlockOutput` turns a post-loop tile back into a kernel tensor, listed in
//    `outputs`; `ThreadGraph` ops carry a thread graph in `body`;
//  * thread level: `inputs` are rank-0 scalars standing for one element of each
//    tile operand; ops are element-wise.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CORE_GRAPH_H
#define TSOPT_CORE_GRAPH_H

#include "tsopt/Core/Layout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tsopt {

/// Storage element types of tensors.
enum class DType : uint8_t { F16, BF16, F32 };

llvm::StringRef stringifyDType(DType t);

/// Logical row-major static shape (rank <= 4 in practice; rank 0 = scalar).
using Shape = llvm::SmallVector<int64_t, 4>;

/// Number of elements of a shape (1 for rank 0).
int64_t numElements(llvm::ArrayRef<int64_t> shape);

/// Number of elements of a shape, or std::nullopt when a dim is negative or
/// the count overflows 64 bits (tensor<2^32 x 2^32 x ...> must not wrap).
std::optional<int64_t> checkedNumElements(llvm::ArrayRef<int64_t> shape);

/// Formats a shape as "2x64x128" for diagnostics.
std::string formatShape(llvm::ArrayRef<int64_t> shape);

struct TensorType {
  Shape shape;
  DType dtype = DType::F32;
  int64_t numElements() const { return tsopt::numElements(shape); }
};

/// What shape rule and which lowering family an op kind has.
enum class OpFamily : uint8_t {
  ElementwiseBinary, ///< numpy broadcasting of two operands
  ElementwiseUnary,  ///< one operand (mul_scalar, add_scalar: and a constant)
  Contraction,       ///< matmul, conv2d
  Reduction,         ///< over one dim, kept as extent 1
  DataMovement,      ///< moves elements only
  Composite,         ///< split into primitives by fission
  Structure,         ///< kernels, block-graph iterators, thread graphs
};

/// How the verifier's finite field reads an op kind (docs/finite-field.md).
enum class FieldReading : uint8_t {
  Polynomial,    ///< exactly, as field arithmetic
  Exp,           ///< the field's exponential
  Uninterpreted, ///< a keyed function of its operand(s)
  Defined,       ///< by its parts (a composite) or its body
};

/// Every op kind, from the one table (tsopt/Core/OpKinds.def).
enum class OpKind : uint8_t {
#define TSOPT_OP_KIND(Enum, Mnemonic, Family, Field, Flops, Sfu) Enum,
#include "tsopt/Core/OpKinds.def"
};

/// One row of tsopt/Core/OpKinds.def.
struct OpKindInfo {
  OpKind kind;
  llvm::StringLiteral mnemonic;
  OpFamily family;
  FieldReading field;
  /// Per element of an element-wise op: CUDA-core FLOPs (FMA = 2) and
  /// special-function instructions of a fast-math lowering.
  int64_t flops, specialFunctionOps;
};

/// The table, in enumerator order.
llvm::ArrayRef<OpKindInfo> allOpKinds();
const OpKindInfo &opKindInfo(OpKind k);

/// The kind whose mnemonic is `name` ("exp", "reduce_sum", "rms_norm").
std::optional<OpKind> parseOpKind(llvm::StringRef name);

llvm::StringRef stringifyOpKind(OpKind k);
bool isElementwiseBinary(OpKind k);
bool isElementwiseUnary(OpKind k);
/// Transpose, reshape, concat, repeat, slice, im2col: ops that only move
/// elements (im2col also writes the zeros of its padding).
bool isDataMovement(OpKind k);
/// An element-wise unary op that the verifier's field and the search's
/// abstract expressions read as a keyed, uninterpreted function of its
/// operand (sqrt, silu, tanh, ...).
bool isUninterpretedUnary(OpKind k);
/// An element-wise op with a constant operand (Op::scalar): mul_scalar,
/// add_scalar, max_scalar, min_scalar.
bool isScalarOp(OpKind k);
/// An op a program is written in (a kernel-level pre-defined kernel), as
/// opposed to the structure the search builds (kernels, iterators, thread
/// graphs).
bool isPredefinedOp(OpKind k);

/// Map entry meaning "replicated": the dimension is not partitioned.
constexpr int kReplica = -1;

/// Accumulator kind when `fmap` is replica; with fmap = d the accumulator
/// concatenates and the kind is ignored.
enum class AccumKind : uint8_t { Sum, Max };

enum class Level : uint8_t { Kernel, Block, Thread };

/// "kernel", "block" or "thread", for diagnostics.
const char *levelName(Level level);

struct Graph;

/// One operation. Attributes not used by `kind` keep their defaults.
struct Op {
  OpKind kind = OpKind::Add;
  llvm::SmallVector<int, 2> operands; ///< value ids in the enclosing graph
  llvm::SmallVector<int, 1> results;  ///< value ids in the enclosing graph
  /// ReduceSum/ReduceMax/Concat: the dimension. Conv2d: the groups.
  int64_t dim = 0;
  /// MulScalar: the factor; AddScalar: the addend; RmsNorm: epsilon added
  /// to the mean square.
  double scalar = 0.0;
  /// Transpose: result dim i is operand dim perm[i]. Slice: the offset of
  /// each dim (the sizes are the result's). Im2Col and Conv2d: the window
  /// (ConvWindow::encode).
  llvm::SmallVector<int64_t, 4> perm;
  /// BlockInput: imap (grid dim x/y/z -> tensor dim or kReplica);
  /// BlockOutput: omap (grid dim -> result tensor dim or kReplica).
  std::array<int, 3> gridMap = {kReplica, kReplica, kReplica};
  /// BlockInput and Accum: the for-loop dim -> tensor dim or kReplica.
  int fmap = kReplica;
  AccumKind accum = AccumKind::Sum;
  /// Kernel: its block graph. ThreadGraph: its thread graph.
  std::shared_ptr<const Graph> body;

  // The kernel plan's decisions for this op (tsopt/Optimize/KernelPlan.h);
  // 0 is "not planned yet".
  /// Matmul: how it runs (MmaPlan).
  uint8_t mma = 0;
  /// An op that produces an exp (producesExp, Core/RunningMax.h): how it
  /// is computed (ExpForm).
  uint8_t expForm = 0;
  /// An op that folds groups of elements (foldsGroups,
  /// Optimize/SoftmaxPlan.h): the threads that fold each group, 1 (one
  /// thread per group) or a power of two (a reduction tree); 0: not planned.
  int64_t treeWidth = 0;
  /// BlockInput: the bytes of one copy (16, 8, 4, or one element).
  uint8_t copyBytes = 0;
  /// BlockInput: copied by the tensor memory accelerator, one bulk tensor
  /// copy of the whole tile per iteration (sm_90; fitsTma, KernelPlan.h),
  /// instead of by the threads in copyBytes chunks.
  bool tma = false;
  /// Block-graph ops: the memory layout of each result's shared-memory tile
  /// (chosen by the layout ILP, tsopt/Optimize/Layout.h); empty is row-major
  /// for every result.
  llvm::SmallVector<Layout, 1> layouts;
  /// Block-graph ops, the schedule (tsopt/Optimize/Schedule.h): the op's
  /// depth within its phase; -1: not planned.
  int depth = -1;
  /// Block-graph ops producing tiles, the memory plan
  /// (tsopt/Optimize/MemoryPlan.h): the shared-memory byte offset of each of
  /// its tiles in tileLifetimes' order (each result, then each further
  /// pipeline buffer); empty: not planned.
  llvm::SmallVector<int64_t, 1> offsets;

  /// The memory layout of result `r`'s tile.
  Layout layoutOf(size_t r) const {
    return r < layouts.size() ? layouts[r] : Layout::rowMajor();
  }
};

/// The window of a 2-d convolution over NCHW images and of its im2col:
/// each of the two spatial dims (height, width) has a kernel extent, a
/// stride, zero padding before and after, and a dilation. Output extent
/// (in + padLow + padHigh - dilation·(kernel - 1) - 1) / stride + 1.
struct ConvWindow {
  std::array<int64_t, 2> kernel = {1, 1};
  std::array<int64_t, 2> stride = {1, 1};
  std::array<int64_t, 2> padLow = {0, 0};
  std::array<int64_t, 2> padHigh = {0, 0};
  std::array<int64_t, 2> dilation = {1, 1};

  /// As Op::perm holds it: kernel, stride, padLow, padHigh, dilation.
  llvm::SmallVector<int64_t, 4> encode() const;
  /// Reads Op::perm; nothing when it does not hold ten entries.
  static std::optional<ConvWindow> decode(llvm::ArrayRef<int64_t> perm);
  /// The output extent of spatial dim `d` (0 = height) for input extent
  /// `in`; 0 or less when the window does not fit once.
  int64_t outputExtent(int d, int64_t in) const {
    int64_t span = dilation[d] * (kernel[d] - 1) + 1;
    int64_t padded = in + padLow[d] + padHigh[d];
    return padded < span ? 0 : (padded - span) / stride[d] + 1;
  }
};

/// Forgets the schedule and the memory plan recorded in the ops of
/// `blockGraph` (Op::depth, Op::offsets), nested graphs included: for a
/// transformation that changed its ops, after which they are planned anew
/// (KernelPlan.h).
void dropScheduleAndMemoryPlan(struct Graph &blockGraph);

/// The plan's choice of unit for a block matmul (Op::mma).
enum class MmaPlan : uint8_t {
  Unplanned = 0,
  CudaCores = 1, ///< a dot product per result element, f32
  M16N8K16 = 2,  ///< tensor cores, mma.sync m16n8k16 with f32 accumulators
  Wgmma = 3, ///< tensor cores, sm_90's warpgroup wgmma.mma_async m64nNk16
             ///< (N the product's columns) with f32 accumulators, both
             ///< operands read from shared memory through matrix
             ///< descriptors (fitsWgmma, Optimize/KernelPlan.h)
};

/// The IR's spelling of an MmaPlan (`bgraph.mma`): "cuda_cores",
/// "m16n8k16", "wgmma"; empty for Unplanned.
llvm::StringRef stringifyMmaPlan(MmaPlan plan);
/// The inverse of stringifyMmaPlan; nullopt for anything else.
std::optional<MmaPlan> parseMmaPlan(llvm::StringRef text);

/// The plan's choice of how a block graph's exp is computed (Op::expForm;
/// Core/RunningMax.h).
enum class ExpForm : uint8_t {
  Unplanned = 0,
  Literal = 1,    ///< exp(x), as written
  RunningMax = 2, ///< exp(x - m), m the running row maximum, with the sums
                  ///< it reaches rescaled as m grows
};

/// A graph at one level; ops are stored in a topological order.
struct Graph {
  Level level = Level::Kernel;
  std::vector<TensorType> values;
  std::vector<Op> ops;
  std::vector<int> inputs;
  std::vector<int> outputs;
  /// Block level: grid extents (1 to 3 dims, x/y/z) and the for-loop extent.
  llvm::SmallVector<int64_t, 3> grid;
  int64_t forloop = 1;
  /// Block level, the kernel plan: iterations whose input tiles are in
  /// flight at once (1: copy, wait, compute; s > 1: the copies of iteration
  /// i + s - 1 are issued before iteration i computes); 0: not planned.
  int64_t stages = 0;
  /// Block level, the kernel plan: threads of one block (a multiple of 32
  /// from 32 to 1024); 0: not planned.
  int64_t threads = 0;

  /// Adds a graph argument and returns its value id.
  int addInput(TensorType type);
  /// Appends `op` with fresh result values of the given types; returns the id
  /// of its first result.
  int addOp(Op op, llvm::ArrayRef<TensorType> resultTypes);
  const TensorType &type(int value) const { return values[value]; }
};

/// Appends a copy of `op`, an op of `from`, to `to`: its operands renumbered
/// through `ids` (value ids of `from` -> of `to`), its results typed as in
/// `from` and recorded in `ids`. Returns the id of its first result.
int appendCopy(Graph &to, const Op &op, const Graph &from,
               std::vector<int> &ids);

/// `g` without the ops no output depends on (inputs are kept, in order).
Graph withoutDeadOps(const Graph &g);

/// Whether input iterator `op` of block graph `g` is copied anew in every
/// iteration of a loop of several: it has an fmap. Such an iterator gets a
/// buffer per pipeline stage (Graph::stages). One with fmap = replica is
/// loop invariant and copied once, before the loop.
bool isPipelinedInput(const Graph &g, const Op &op);

/// Whether accumulator `op` of block graph `g` passes its operand through
/// unchanged: a loop of one iteration (nothing to add to or concatenate
/// with) and a result of its operand's type. Such an accumulator has no
/// tile of its own: its result is its operand's tile, which the memory
/// plan keeps alive as long as the result (tileLifetimes), and the
/// lowering emits no code for it.
bool isPassThroughAccum(const Graph &g, const Op &op);

/// For each op of block graph `g`, the output saver (an op index) that
/// computes its values in registers, or -1. A saver computes the op whose
/// result it saves (through pass-through accumulators) when that op is
/// element-wise or a thread graph of one result, has the saver's tile
/// shape, and nothing else reads its result or the accumulators between
/// (so it is never the exp of a softmax's running-max form, whose values
/// reach matmuls or row sums): the saver loads the op's operands and stores
/// each value as it computes it, so the op's result has no tile (tileLifetimes
/// keeps the operands' tiles until the saver instead) and the op no step of its
/// own.
std::vector<int> opsComputedBySavers(const Graph &g);

/// For each op of block graph `g`, whether it is an input iterator whose
/// tile only ops computed by savers read (opsComputedBySavers), the same
/// in every iteration (fmap = replica): those savers load its values from
/// the device tensor themselves, so it has no tile, no copy and no step.
std::vector<bool> inputsLoadedBySavers(const Graph &g);

/// For each op of block graph `g`, whether it has shared-memory tiles of
/// its own: every op but output savers, pass-through accumulators, ops
/// their savers compute and inputs their savers load. The memory plan
/// places exactly these (one offset each, Op::offsets).
std::vector<bool> opsWithTiles(const Graph &g);

/// For each value of `g`, the index of the op producing it (-1: an input).
std::vector<int> producers(const Graph &g);

/// The planned memory layout of tile `value` (its producer's Op::layouts
/// entry for it; row-major for an input or an unplanned tile).
Layout tileLayout(const Graph &g, int value);

/// Checks that evaluating `g` (its kernel-level values, `bytesPerElement`
/// each) needs at most `limit` bytes; fails, naming the value and the bytes
/// it needs, when a size overflows or the total passes the limit. Every
/// allocation sized by the input is checked this way first.
llvm::LogicalResult checkMemoryNeeds(const Graph &g, int64_t bytesPerElement,
                                     int64_t limit, std::string *why);

/// What an evaluation may allocate: the environment variable
/// TSOPT_MEMORY_LIMIT (bytes) when set, else half the physical memory.
int64_t evaluationMemoryLimit();

/// An upper bound on the scalar operations evaluating `g` performs: per op,
/// the elements it reads or writes (a matmul, its multiply-adds), a block
/// graph's ops once per block and iteration, a thread graph's once per
/// element; nullopt when the count passes 2^62.
std::optional<int64_t> evaluationWork(const Graph &g);

/// Checks that evaluating `g` performs at most `limit` scalar operations
/// (evaluationWork); fails, with the count and the limit, otherwise. The
/// evaluator, the verifier and the CPU path check this before they run.
llvm::LogicalResult checkWorkNeeds(const Graph &g, int64_t limit,
                                   std::string *why);

/// How much an evaluation may compute: the environment variable
/// TSOPT_WORK_LIMIT (scalar operations) when set, else 2^40 (minutes of
/// one core's time).
int64_t evaluationWorkLimit();

} // namespace tsopt

#endif // TSOPT_CORE_GRAPH_H
