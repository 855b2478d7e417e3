//===- KernelPlan.h - The decisions a kernel is emitted with ----*- C++ -*-===//
//
// Every decision about how a block graph becomes code that the cost model
// prices is made here, once, and recorded in the block graph itself, so
// that the IR carries it (DESIGN, "the plan is IR") and the lowering emits
// exactly what was priced:
//
//  * Op::mma on every matmul: tensor cores when isTensorCoreMatmul holds
//    and the plan allows tensor cores — sm_90's warpgroup wgmma where
//    fitsWgmma holds on a target with it, else mma.sync m16n8k16, tiles
//    padded to the instruction — or a dot product per element on CUDA
//    cores;
//  * Op::expForm on every op producing an exp: the running-max form
//    (Core/RunningMax.h) for the one runningMaxForm finds, else literal;
//  * Op::treeWidth on every op that folds groups (SoftmaxPlan.h): the
//    threads per group of its reduction tree, or 1;
//  * Op::copyBytes on every input iterator: the bytes of one copy, the
//    largest of 16, 8 and 4 that divides the tile's rows (aligned in both
//    memories) and that the tile's layout (Op::layouts, chosen before by
//    the layout ILP) stores contiguously, or one element;
//  * Op::tma on the input iterators of a target with the tensor memory
//    accelerator whose tiles a wgmma reads, where fitsTma holds: one bulk
//    tensor copy per iteration, issued by one thread and awaited on an
//    mbarrier per pipeline stage, instead of the threads' chunks;
//  * Graph::stages: the iterations whose input tiles are in flight at once.
//    With s > 1 the iterated tiles (input iterators with an fmap) get s
//    buffers in shared memory (isPipelinedInput, Graph.h), the copies of
//    iteration i + s - 1 are issued before iteration i computes, and iteration
//    i waits only for its own. The planner takes the most stages (up to
//    kMaxStages) whose memory plan fits the target's per-block limit without
//    lowering the blocks an SM keeps resident below min(2, what one stage
//    allows);
//  * Op::depth on every op: the schedule (Schedule.h), and Op::offsets on
//    every op producing tiles: the memory plan for those stages
//    (MemoryPlan.h). The cost model and the lowering read them through
//    plannedSchedule and plannedMemory; an edited depth or offset is
//    emitted as edited, or refused when it breaks a dependence or makes
//    live tiles overlap.
//
// A decision already present (read from the IR, or edited by hand) is kept:
// planKernel fills only what is unplanned, and verifyKernelPlan checks that
// what is there can be emitted.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_OPTIMIZE_KERNELPLAN_H
#define TSOPT_OPTIMIZE_KERNELPLAN_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/Target.h"

#include "llvm/Support/LogicalResult.h"

#include <string>
#include <vector>

namespace tsopt {

struct MemoryPlan;

/// The most pipeline stages the planner chooses.
constexpr int64_t kMaxStages = 3;

/// Options of planning (not facts of the target).
struct KernelPlanOptions {
  /// Whether half-precision matmuls may run on tensor cores.
  bool tensorCores = true;
  /// Whether the copies may be pipelined across iterations.
  bool pipeline = true;
  /// Threads of one block (4 warps by default).
  int64_t threadsPerBlock = 128;
};

/// The threads per block of `blockGraph`: planned, or the planner's
/// default (what planKernel will record).
inline int64_t plannedThreads(const Graph &blockGraph) {
  return blockGraph.threads ? blockGraph.threads
                            : KernelPlanOptions().threadsPerBlock;
}

/// Whether copies of `bytes` bytes can fill `tile`, stored in `layout`,
/// from its row-major device tensor: one element, or 4, 8 or 16 bytes that
/// divide the tile's rows where the tile stores its rows contiguously.
bool copyFits(const TensorType &tile, const Layout &layout, int64_t bytes);

/// The largest copy (16, 8 or 4 bytes) that fits (copyFits), or the bytes
/// of one element.
int64_t copyChunkBytes(const TensorType &tile, const Layout &layout);

/// The most elements of one box dim of a TMA copy.
constexpr int64_t kTmaMaxBoxExtent = 256;

/// Whether input iterator `op` of `blockGraph` can be copied by the tensor
/// memory accelerator as one box per iteration (Op::tma): it is copied in
/// the for-loop (an fmap), its tile has the device tensor's element type,
/// rank 1 to 5 and extents of at most 256, it is stored row-major without
/// padding, unswizzled or in a TMA swizzle whose span is exactly one stored
/// row, its rows are whole 16-byte chunks, and so are the device tensor's
/// (the TMA's global strides). Fails with the reason in `why`.
bool fitsTma(const Graph &blockGraph, const Op &op, std::string *why = nullptr);

/// Bytes of the TMA swizzle mode a tile in `layout` is written with: 0, 32,
/// 64 or 128.
inline int64_t tmaSwizzleBytes(const Layout &layout) {
  return layout.swizzle ? int64_t(16) << layout.swizzle : 0;
}

/// The input iterators of `blockGraph` copied by the TMA (Op::tma), in op
/// order: a kernel takes one TMA descriptor for each, after its results.
llvm::SmallVector<int, 4> tmaInputs(const Graph &blockGraph);

/// The mbarriers the TMA copies of a block graph (Op::tma) complete: one
/// per pipeline stage, each awaiting one arrival per TMA-copied tile with
/// its bytes; iteration i's copies complete mbarrier i % stages in its
/// phase i / stages.
struct TmaBarriers {
  int64_t offset = 0; ///< bytes, 8-aligned
  int64_t count = 0;  ///< mbarriers (0: no copy is the TMA's)
  int64_t arrivals = 0;
  int64_t end() const { return offset + 8 * count; }
};
/// The mbarriers of `blockGraph`'s plan, placed at the first 8-aligned
/// offset from `endBytes` (the end of what shared memory holds so far).
TmaBarriers plannedTmaBarriers(const Graph &blockGraph, int64_t endBytes);

/// The shared memory a block of `blockGraph` uses as the lowering lays it
/// out: the plan's tiles (`plan`), then the running-max buffers, the TMA
/// copies' mbarriers and the reduction trees' scratch buffer.
int64_t plannedSharedMemoryBytes(const Graph &blockGraph,
                                 const MemoryPlan &plan);

/// Whether matmul `op` of `blockGraph` runs on tensor cores: its plan's
/// choice, or, unplanned, the choice planKernel makes by default
/// (isTensorCoreMatmul). The cost model, the layout ILP and the lowering
/// all ask this.
bool runsOnTensorCores(const Graph &blockGraph, const Op &op);

/// Threads of a warpgroup, the four warps that issue one wgmma together.
constexpr int64_t kWarpgroupThreads = 128;
/// Rows of the product one wgmma computes (m64nNk16).
constexpr int64_t kWgmmaRows = 64;
/// The most columns of one wgmma (N of m64nNk16).
constexpr int64_t kWgmmaMaxColumns = 256;

/// How a wgmma reads one operand tile from shared memory: a canonical
/// layout of its matrix descriptor, rows of `16 << swizzle` bytes (32, 64
/// or 128) swizzled within that span (the tile's swizzle<B,4,3>), every 8
/// rows 8 times that apart; K-major rows run along k, MN-major rows along
/// A's m or B's n.
struct WgmmaOperand {
  bool mnMajor = false;
  int swizzle = 0; ///< B: 1, 2 or 3 (the 32-, 64- and 128-byte modes)
  int64_t rowBytes() const { return int64_t(16) << swizzle; }
};

/// The canonical layout in which matmul `op`'s operand `operand` (0: A,
/// 1: B) lies for a wgmma, or nullopt: the tile holds the matmul's 16-bit
/// input type in a TMA swizzle whose span is exactly one stored row, its
/// rows running along k, or along A's m or B's n when that dim is one
/// instruction's whole extent (A: 64 rows; B: the tile's n). The product
/// must be one matrix (batch dims of 1).
std::optional<WgmmaOperand> wgmmaOperand(const Graph &blockGraph, const Op &op,
                                         int operand);
/// The same for an operand tile of `shape` and `dtype` stored in `layout`
/// (the layout ILP asks it of its candidates).
std::optional<WgmmaOperand> wgmmaOperandLayout(llvm::ArrayRef<int64_t> shape,
                                               DType dtype,
                                               const Layout &layout,
                                               int operand);

/// Whether matmul `op` has the shape of a wgmma in blocks of `threads`
/// threads: a half-precision product of one matrix whose rows are a
/// multiple of 64 that the block's warpgroups share evenly, whose columns
/// are a multiple of 8 up to 256 and whose contraction is a multiple of
/// 16, both operands tiles of the input type.
bool wgmmaShapeFits(const Graph &blockGraph, const Op &op, int64_t threads);

/// Whether matmul `op` can run as wgmma in blocks of `threads` threads on a
/// target that has it (TargetDesc::hasWarpgroupMma): wgmmaShapeFits, and
/// both operand tiles in a canonical layout (wgmmaOperand). The plan
/// chooses wgmma exactly where this holds, the plan's verifier refuses it
/// elsewhere, and the layout ILP offers the operands canonical layouts
/// where the shape fits.
bool fitsWgmma(const Graph &blockGraph, const Op &op, int64_t threads);

/// How a tensor-core matmul loads one operand tile into mma fragments.
enum class FragmentLoad : uint8_t {
  Elements,      ///< one shared-memory load per fragment value
  Ldmatrix,      ///< ldmatrix: the tile stores the k dim contiguously
  LdmatrixTrans, ///< ldmatrix.trans: the tile stores A's m (B's n) dim
                 ///< contiguously
};

/// How matmul `op` (on tensor cores through mma.sync) loads operand
/// `operand` (0: A, 1: B): with ldmatrix when the tile holds the matmul's
/// 16-bit input type and its layout stores one of its last two dims in
/// rows that start at multiples of 16 bytes (storesAlignedRows: whole
/// 16-byte rows, or rows padded to them; what the layout ILP's
/// ldmatrixWavefronts prices); .trans when that dim is A's m or B's n.
/// Whatever the extents: an 8 x 8 matrix that reaches past the tile reads
/// its last row or its last run of 8 again, and the lowering zeroes the
/// fragment values past k (an A of at most 8 rows loads only the matrices
/// of rows 0-7). Otherwise element by element.
FragmentLoad fragmentLoad(const Graph &blockGraph, const Op &op, int operand);

/// How output saver `op` of `blockGraph` writes its tile to device memory,
/// derived from the types, the tiles' layouts and opsComputedBySavers. The
/// lowering emits it and the cost model counts it.
struct SaverCopy {
  /// The op whose values the saver computes in registers
  /// (opsComputedBySavers), or -1: the saver copies its tile.
  int computes = -1;
  /// Elements of one vector store: where the tile's rows and the tensor's
  /// are whole chunks of 16 bytes of the tensor's type (fewer when a
  /// computing saver loads a wider operand, so that one chunk of it is at
  /// most 16 bytes); 0: element by element.
  int64_t storeElements = 0;
  /// A copying saver: elements of one shared-memory load (with vector
  /// stores from a tile that stores its rows contiguously, as many as 16
  /// bytes of the tile hold, at most a store's; else 1).
  int64_t loadElements = 1;
  /// Shared-memory load instructions for the whole tile. A computing saver
  /// loads each operand a chunk at once where it stores its rows
  /// contiguously, once per chunk where it is broadcast along the rows, and
  /// element by element otherwise.
  int64_t sharedLoads = 0;
  /// The same loads of operands that are inputs the saver loads from device
  /// memory itself (inputsLoadedBySavers).
  int64_t globalLoads = 0;
  /// A computing saver, per operand of the computed op: how it is loaded.
  enum class Load : uint8_t {
    Element, ///< one load per value
    Shared,  ///< one load per chunk: the chunk shares one value
    Vector,  ///< one vector load per chunk
  };
  struct OperandLoad {
    Load load = Load::Element;
    /// From the input's device tensor (inputsLoadedBySavers), not a tile.
    bool fromDevice = false;
  };
  llvm::SmallVector<OperandLoad, 4> operands;
};
SaverCopy saverCopy(const Graph &blockGraph, const Op &op);

/// The 16x8 blocks (of m16n8k16, padded) of a product of `shape`, its batch
/// dims included.
int64_t mmaBlocks(llvm::ArrayRef<int64_t> shape);

/// The most 16x8 blocks of a product one warp keeps in registers across
/// the loop (4 f32 registers each).
constexpr int64_t kMaxFragmentBlocksPerWarp = 16;

/// The matmul whose sums accumulator `accum` keeps in the accumulator
/// registers of mma.sync across the loop, or -1: a sum over the loop (one
/// operand, fmap replica) of a product on tensor cores that nothing else
/// reads, that changes every iteration and does not come from an exp or a
/// thread graph (a softmax's rescaled sums stay in shared memory), and
/// whose 16x8 blocks
/// give each warp of a block of `threads` at most kMaxFragmentBlocksPerWarp.
/// Then the product is never stored: each warp adds into its registers in
/// every iteration and writes the sums to the accumulator's tile after the
/// loop. The lowering and the cost model ask this.
int fragmentAccumulatedMatmul(const Graph &blockGraph, const Op &accum,
                              int64_t threads);

/// Whether the mma.m16n8k16 fragments of a tensor-core product of `shape`
/// are stored in column pairs (one access per lane for its two neighbouring
/// values): where the columns are even, so that the padding of a tile the
/// instruction does not divide never splits a pair. The lowering stores
/// them so and the layout ILP prices it.
bool storesFragmentPairs(llvm::ArrayRef<int64_t> shape);

/// Whether accumulator `accum` starts in shared memory: a sum or max over
/// the loop (fmap = replica; a concatenation writes every element once)
/// that is neither kept in mma registers (fragmentAccumulatedMatmul, for
/// blocks of `threads`) nor a pass-through of its operand. The lowering
/// initializes exactly these before the loop, then a barrier; the cost
/// model counts that barrier.
bool startsInSharedMemory(const Graph &blockGraph, const Op &accum,
                          int64_t threads);

struct Schedule;

/// The loop ops of `blockGraph` that run once, before its loop, instead of
/// in every iteration (by op index): with more than one iteration, an input
/// iterator with fmap = replica and every loop op (not an accumulator or an
/// output saver) reading only such values, whose tiles `plan` (under
/// `schedule`) keeps from the loop's first step to its last, so no other
/// tile takes their memory. The exp the running-max form shifts with each
/// iteration's maxima (`shiftedExp`, -1 for none) is not hoisted. The
/// lowering hoists exactly these; the cost model counts them once.
std::vector<bool> loopInvariantOps(const Graph &blockGraph,
                                   const Schedule &schedule,
                                   const MemoryPlan &plan, int shiftedExp = -1);

/// Fills the unplanned decisions of `blockGraph` for `target`. Fails, with
/// the reason in `why`, when the block graph cannot be scheduled.
llvm::LogicalResult planKernel(Graph &blockGraph, const TargetDesc &target,
                               const KernelPlanOptions &options = {},
                               std::string *why = nullptr);

/// Plans every graph-defined kernel of kernel graph `program` that is not
/// planned yet (planKernel).
llvm::LogicalResult planKernels(Graph &program, const TargetDesc &target,
                                const KernelPlanOptions &options = {},
                                std::string *why = nullptr);

/// The whole plan of kernel graph `program`, stage by stage: the row maxima
/// of its split softmaxes (addSplitSoftmaxMaxima, which adds kernel results
/// and operands), each kernel's threads, the tiles' layouts
/// (planTileLayouts), then every kernel (planKernels). tsopt-plan-kernels
/// and the search's result run it.
llvm::LogicalResult planProgram(Graph &program, const TargetDesc &target,
                                const KernelPlanOptions &options = {},
                                std::string *why = nullptr);

/// Whether every decision of `blockGraph` is planned.
bool isPlanned(const Graph &blockGraph);

/// Checks that the planned decisions of `blockGraph` can be emitted: tensor
/// cores only for a matmul whose input type is a half type, copies that
/// divide the tile's rows (or one element), at least one stage. Fails with
/// the first violation in `why`.
llvm::LogicalResult verifyKernelPlan(const Graph &blockGraph,
                                     std::string *why = nullptr);

} // namespace tsopt

#endif // TSOPT_OPTIMIZE_KERNELPLAN_H
