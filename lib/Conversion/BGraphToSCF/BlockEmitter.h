//===- BlockEmitter.h - The block-graph emitter, private ----------*- C++ -*-===//
//
// The class that emits one block's body as loops on memrefs, shared by the
// files of the block-graph lowering: BGraphToSCF.cpp (element-wise ops,
// reductions, the schedule and the pipeline), Iterators.cpp (input
// iterators, accumulators, output savers) and Matmul.cpp (matmuls, on CUDA
// cores and tensor cores). Private to lib/Conversion/BGraphToSCF.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_LIB_CONVERSION_BGRAPHTOSCF_BLOCKEMITTER_H
#define TSOPT_LIB_CONVERSION_BGRAPHTOSCF_BLOCKEMITTER_H

#include "mlir/Dialect/Affine/Utils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/NVGPU/Utils/MMAUtils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "tsopt/Conversion/BGraphToSCF/BGraphToSCF.h"
#include "tsopt/Core/Precision.h"
#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Interchange/Export.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Optimize/KernelPlan.h"
#include "tsopt/Optimize/Layout.h"
#include "llvm/ADT/DenseMap.h"
#include <cmath>
#include <limits>

namespace tsopt::block_lowering {
using namespace mlir;

/// The threads of a warp.
constexpr int64_t kWarpSize = 32;

/// The bytes of one element of `dtype`.
inline int64_t byteWidth(DType dtype) { return dtype == DType::F32 ? 4 : 2; }

/// Row-major strides of `shape`.
inline Shape stridesOf(llvm::ArrayRef<int64_t> shape) {
  Shape strides(shape.size(), 1);
  for (int d = static_cast<int>(shape.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  return strides;
}

class BlockEmitter {
public:
  BlockEmitter(OpBuilder &b, Location loc, const Graph &g,
               const Schedule &schedule, const MemoryPlan &plan,
               ValueRange operands, ValueRange results, const BlockContext &ctx,
               const SoftmaxRescale *rescale, const ReductionTrees *trees,
               ValueRange tensorMaps, const TmaBarriers *tma)
      : b(b), loc(loc), g(g), schedule(schedule), plan(plan), ctx(ctx),
        rescale(rescale), trees(trees && !trees->empty() ? trees : nullptr),
        tma(tma && tma->count ? tma : nullptr),
        gpu(ctx.target == LoweringTarget::GPU) {
    for (auto [i, v] : llvm::enumerate(g.inputs))
      memrefs[v] = operands[i];
    this->results.assign(results.begin(), results.end());
    usesWgmma = llvm::any_of(g.ops, [](const Op &op) {
      return op.kind == OpKind::Matmul && op.mma == uint8_t(MmaPlan::Wgmma);
    });
    for (int idx : tmaInputs(g))
      this->tensorMaps[idx] = tensorMaps[this->tensorMaps.size()];
  }

  LogicalResult run();

private:
  //===--- Building blocks ------------------------------------------------===//

  Value cIndex(int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); }
  Value cI64(int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  }
  /// An index as i64.
  Value toI64(Value index) {
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  }
  Value cF32(double v) {
    return arith::ConstantOp::create(b, loc, b.getF32FloatAttr(v));
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value addIndex(Value x, Value y) {
    return arith::AddIOp::create(b, loc, x, y);
  }
  Value mulIndex(Value x, int64_t c) {
    return arith::MulIOp::create(b, loc, x, cIndex(c));
  }

  /// Index values of the element with linear index `i` in `shape`.
  SmallVector<Value, 4> delinearize(Value i, llvm::ArrayRef<int64_t> shape);

  /// Runs `body` for every element of `shape`: a plain loop on the CPU; on a
  /// GPU, thread t takes elements t, t + T, t + 2T, ...
  void forEachElement(llvm::ArrayRef<int64_t> shape,
                      llvm::function_ref<void(ValueRange)> body);

  /// forEachElement over `memref`'s elements in the order its layout
  /// stores them (thread t takes the t-th stored element, ...), rotated by
  /// the element walk planned for the tiles `reads` that each element reads
  /// (planElementWalk).
  void forEachStoredElement(Value memref, ArrayRef<TileAccess> reads,
                            llvm::function_ref<void(ValueRange)> body);
  /// The shape, element bytes and planned layout of tile `memref`.
  TileAccess tileAccess(Value memref);
  /// tileAccess of each of `memrefs` that is a memref, read at the walked
  /// element's broadcast index.
  SmallVector<TileAccess, 4> broadcastReads(ArrayRef<Value> memrefs);

  /// The index into an operand of shape `operand` for element `index` of a
  /// result of shape `result` under numpy broadcasting (right-aligned; a
  /// size-1 operand dim reads element 0).
  SmallVector<Value, 4> broadcastIndex(ValueRange index,
                                       llvm::ArrayRef<int64_t> operand,
                                       llvm::ArrayRef<int64_t> result);

  /// Copies the box of `shape` at `srcOffset` in `src` to `dstOffset` in
  /// `dst`, element by element in the stored type; an empty offset is 0.
  void copyBox(Value src, ArrayRef<Value> srcOffset, Value dst,
               ArrayRef<Value> dstOffset, llvm::ArrayRef<int64_t> shape);

  /// result[index] = operand[sourceIndex(index)] for every element of the
  /// result of `op`: data movement as an index map; `readAt` is the same
  /// map on integers, for the element walk.
  void gather(const Op &op,
              llvm::function_ref<SmallVector<Value, 4>(ValueRange)> sourceIndex,
              std::function<void(llvm::ArrayRef<int64_t>,
                                 llvm::SmallVectorImpl<int64_t> &)>
                  readAt);

  /// `v` converted to the element type of `memref` (a tile stored in f32
  /// written to an f16 tensor, an f16 tile concatenated into an f32 one).
  Value convertTo(Value v, Value memref);

  /// A serial loop i = 0 .. n-1 folding an f32 from `init` with `step`.
  Value fold(int64_t n, Value init,
             llvm::function_ref<Value(Value i, Value acc)> step);

  /// Runs `body` for every linear index i < n, shared by the threads like
  /// forEachElement.
  void forEachIndex(int64_t n, llvm::function_ref<void(Value)> body);

  /// Runs `body(t)` for every thread t of the block: on a GPU, once with the
  /// thread's own id; on the CPU, a loop over all ids. Between two barriers
  /// the threads' work is independent, so the CPU's serial order computes
  /// the same values.
  void forEachThread(llvm::function_ref<void(Value)> body);

  /// The threads per group of op `idx` when it is lowered as a reduction
  /// tree, or 0.
  int64_t treeWidth(unsigned idx) const {
    if (!trees)
      return 0;
    auto it = trees->width.find(static_cast<int>(idx));
    return it == trees->width.end() ? 0 : it->second;
  }

  /// A reduction tree (ReductionTrees): for every group o < groups, the
  /// fold over j < size of element(o)(j) with `combine` from `init`, split
  /// over `width` threads per group. Leaves group o's result in
  /// scratch[o * width] and returns that scratch view; the last step is
  /// followed by a barrier, so every thread may read any result. Lane l
  /// of a group folds j = l, l + width, ...: element() maps j to the
  /// element it stands for (staggeredRun spreads the groups of a warp over
  /// the banks, keeping each lane's j mod width).
  Value
  treeFold(int64_t groups, int64_t size, int64_t width, double init, bool isMax,
           llvm::function_ref<std::function<Value(Value)>(Value)> element);
  /// The coordinate along `dim` that the `j`-th step of a walk over run `o`
  /// of `size` elements of `memref` reads, the run starting at `runStart`
  /// (its `dim` coordinate the run's first). Runs walked in step by one
  /// warp (a thread, or `width` threads, per run) lie a run's length apart
  /// and would read the same few banks; where `dim` is stored contiguously
  /// run o starts o · stride storage positions on (stride: `width`, at
  /// least one 4-byte word; mod the run, so each lane keeps its positions
  /// mod `width`) and the positions are storage positions, mapped back
  /// through the tile's swizzle (an involution that permutes 16-byte
  /// chunks within the run). Otherwise `j` itself, unrotated.
  Value staggeredRun(Value memref, int dim, ValueRange runStart, Value o,
                     int64_t size, int64_t width, Value j);
  /// treeFold on a GPU: each thread's partial fold, then a butterfly of
  /// warp shuffles inside each group's lanes, and across warps through the
  /// scratch slots (one barrier per level: one for a group within a warp,
  /// two for a wider one) instead of a barrier per tree step.
  void warpTreeFold(int64_t groups, int64_t width, double init,
                    llvm::function_ref<Value(Value, Value)> combine,
                    llvm::function_ref<Value(Value t, Value lane)> partialFold);
  /// Whether dim `dim` of `memref`'s tile is the one its layout stores
  /// contiguously.
  bool storedAlong(Value memref, int dim);
  /// The shape of the tile `memref` holds (a padded tile's view is wider).
  llvm::ArrayRef<int64_t> tileShape(Value memref);
  /// A view of block value `v`'s tile at byte `offset` of the shared
  /// memory, recorded with its layout: the tile's shape, or for a padded
  /// layout the shape whose stored rows take the padding too.
  Value tileView(int v, Value offset);

  /// Where element `index` of `memref` is stored: the index itself, or, for
  /// a shared-memory tile planned in another layout (Op::layouts), the
  /// index in the row-major view of the element layoutByteOffset places it
  /// at. Every access to a tile goes through this.
  SmallVector<Value, 4> at(Value memref, ValueRange index);
  /// The linear place of element `index` in `memref`'s storage
  /// (layoutByteOffset in elements): what at() delinearizes.
  Value linearAt(Value memref, ValueRange index);
  /// linearAt before the swizzle: the linear index in storage order.
  Value storageLinear(Value memref, ValueRange index);
  /// Linear place `linear` of `memref`'s storage order under its tile's
  /// swizzle (XORing bits [4 + S, 4 + S + B) of the byte offset into
  /// [4, 4 + B): an involution).
  Value swizzled(Value memref, Value linear);

  /// Loads an element as f32; stores an f32 as the memref's element type.
  Value load(Value memref, ValueRange index);
  /// load, rounded to `input` first when that is a half type the memref is
  /// wider than (a matmul reads its operands in its input type).
  Value loadAs(Value memref, ValueRange index, DType input);
  /// A loaded value as f32, rounded to `input` first (loadAs's conversion).
  Value widenVia(Value v, DType input);
  void store(Value value, Value memref, ValueRange index);

  /// exp, sqrt and erf: the GPU path uses PTX instructions directly, since
  /// the math library (libdevice) is not part of the build.
  Value exp(Value x);
  /// exp(from - to): what a sum relative to maximum `from` is multiplied by
  /// to be relative to `to` (>= from); 1 while `to` is -inf (nothing has
  /// been added yet).
  Value rescaleFactor(Value from, Value to);
  /// The index of `op` in the block graph.
  int indexOf(const Op &op) const { return &op - g.ops.data(); }
  Value sqrt(Value x);
  /// tanh, accurate relative to its value at every magnitude (an odd
  /// polynomial near 0, where 1 - 2/(exp(2x) + 1) cancels).
  Value tanh(Value x);
  Value erf(Value x);
  /// One scalar of an element-wise op.
  Value scalar(const Op &op, ArrayRef<Value> args);
  /// Thread graph `op`'s scalar ops on its inputs' values (f32), its
  /// outputs appended to `outputs`; with `stopAtExp`, returns the argument
  /// of its final exp instead (with `shift`, the exp's argument is shifted
  /// first).
  Value runThreadGraph(const Op &op, ArrayRef<Value> inputs, Value shift,
                       bool stopAtExp, SmallVectorImpl<Value> &outputs);
  /// One value of element-wise op or thread graph `op` (of one result)
  /// from its operands' values, in f32.
  Value computeInRegisters(const Op &op, ArrayRef<Value> args) {
    if (op.kind != OpKind::ThreadGraph)
      return scalar(op, args);
    SmallVector<Value, 1> outputs;
    (void)runThreadGraph(op, args, Value(), /*stopAtExp=*/false, outputs);
    return outputs.front();
  }

  /// Commits the copies issued since the last commit as one group.
  Value commitCopies() {
    Value group = nvgpu::DeviceAsyncCreateGroupOp::create(
        b, loc, nvgpu::DeviceAsyncTokenType::get(b.getContext()), copyTokens);
    copyTokens.clear();
    return group;
  }

  /// Ends a schedule step. The step's asynchronous copies land before any
  /// thread reads them: all of them, or all but the `copyGroupsInFlight`
  /// groups committed last (the pipeline's later iterations).
  void barrier() {
    scratchBusy = false;
    if (pendingTmaIteration)
      waitTmaCopies();
    if (!gpu)
      return;
    if (!copyTokens.empty())
      pendingCopies = commitCopies();
    if (pendingCopies) {
      nvgpu::DeviceAsyncWaitOp::create(
          b, loc, pendingCopies,
          copyGroupsInFlight ? b.getI32IntegerAttr(copyGroupsInFlight)
                             : IntegerAttr());
      pendingCopies = Value();
      copyGroupsInFlight = 0;
    }
    // wgmma reads shared memory through the async proxy: what the threads
    // wrote is made visible to it before they meet.
    // So do the TMA's writes of a buffer follow every thread's reads of it.
    if (usesWgmma || tma)
      NVVM::FenceProxyOp::create(
          b, loc, NVVM::ProxyKind::async_shared,
          NVVM::SharedSpaceAttr::get(b.getContext(),
                                     NVVM::SharedSpace::shared_cta));
    gpu::BarrierOp::create(b, loc);
  }

  //===--- Ops --------------------------------------------------------------===//

  Value memrefOf(int value) const { return memrefs.lookup(value); }
  const Shape &shapeOf(int value) const { return g.type(value).shape; }

  LogicalResult emitOp(unsigned idx, Value iter);
  /// The loop-body ops computed once before the loop (loop invariant, their
  /// tiles kept by the plan for the whole loop).
  llvm::SmallDenseSet<unsigned, 8> loopInvariantOps() const;
  /// Where input iterator `op`'s tile of iteration `iter` starts in its
  /// device tensor (the evaluator's rule; `iter` unused for fmap = replica).
  SmallVector<Value, 4> iteratorOffset(const Op &op, Value iter);
  /// Copies iteration `iter`'s tile of input iterator `op` into `dst` (its
  /// planned tile when null), in chunks of the plan's copy bytes.
  void emitInput(const Op &op, Value iter, Value dst = Value());

  //===--- TMA copies (Tma.cpp) -------------------------------------------===//

  /// The body of an `scf.if` that only thread 0 runs, built here (the GPU).
  Block *firstThreadBlock();
  /// An LLVM shared-memory pointer to byte `address` (i64) of it.
  Value sharedPointer(Value address);
  /// The mbarrier of iteration `iter`'s TMA copies (its stage's).
  Value tmaBarrier(Value iter);
  /// One thread initializes the mbarriers (the GPU; nothing on the CPU).
  void initTmaBarriers();
  /// Issues iteration `iter`'s TMA copy of input iterator `op` into `dst`
  /// (emulated on the CPU) and leaves its wait to the next barrier.
  void emitTmaCopy(const Op &op, Value iter, Value dst);
  /// Every thread waits for the TMA copies of pendingTmaIteration.
  void waitTmaCopies();
  /// The CPU's TMA copy: the box at `offset` of `tensor` written where the
  /// TMA writes it in `dst`.
  void emulateTmaCopy(const Op &op, ArrayRef<Value> offset, Value tensor,
                      Value dst);
  /// The pipelined iterators' copies of iteration `iter` (a value that may
  /// be past the loop: nothing is copied then), into the buffers of stage
  /// iter % stages, committed as one group.
  void emitPrefetch(ArrayRef<unsigned> inputs, Value iter);
  /// The view of value `v`'s buffer for iteration `iter` (stage iter % stages).
  Value stageBuffer(int v, Value iter);
  /// Starts an accumulator's tile (0 or -inf); for those startsInSharedMemory
  /// holds.
  void emitAccumInit(const Op &op);
  void emitAccum(const Op &op, Value iter, bool rescaled);
  void emitOutput(const Op &op);
  /// Output saver `op`'s copy of its tile to the box at `offset` of device
  /// tensor `dst`, as saverCopy plans it: 16-byte vector stores (from
  /// vector loads where the tile's layout allows) or element by element.
  void emitSaverCopy(const Op &op, Value dst, ArrayRef<Value> offset);
  /// A saver that computes op `copy.computes` in registers: per chunk (or
  /// element), its operands' values, the op, one store.
  void emitComputingSaver(const Op &op, const SaverCopy &copy, Value dst,
                          ArrayRef<Value> offset);
  void emitMatmul(const Op &op);
  /// A matmul on tensor cores (isTensorCoreMatmul), or its CPU emulation.
  /// With `regs` (fragmentAccumulatedMatmul), the products are added into
  /// those accumulator registers instead of stored; with `flushTo` as well,
  /// nothing is multiplied and the registers are stored to that tile.
  LogicalResult emitTensorCoreMatmul(const Op &op, Value regs = Value(),
                                     Value flushTo = Value());
  /// The shared-memory address of tile view `tile` (i64): its address in
  /// the shared window on a GPU, its offset in the shared buffer on the CPU.
  Value sharedAddress(Value tile);
  /// The matrix descriptor (i64) of operand `operand` of wgmma matmul `op`
  /// for the instruction at 64-row block `rowBlock` (A only) and k `k0`.
  Value wgmmaDescriptor(const Op &op, int operand, Value rowBlock, Value k0);
  /// One warpgroup's wgmma products of 64-row block `rowBlock` of matmul
  /// `op` over the whole contraction, added to the accumulators `acc` (the
  /// instruction's N/2 f32 registers per thread, in its order; none: from
  /// zero); the sums.
  SmallVector<Value> emitWgmma(const Op &op, Value rowBlock, ValueRange acc);
  /// The CPU emulation of a wgmma operand read: the value at row or column
  /// `mn` and k `kk` of the instruction at (`rowBlock`, `k0`), read at the
  /// address its matrix descriptor gives.
  Value wgmmaOperandValue(const Op &op, int operand, Value rowBlock, Value k0,
                          Value mn, Value kk);
  /// The register accumulators of the sums fragmentAccumulatedMatmul keeps
  /// in registers, zero: per warp slot on a GPU (slots x 4 f32), per block
  /// and lane on the CPU (blocks x 32 x 4 f32).
  Value allocateFragmentRegisters(const Op &matmul);
  /// Row and column, in the operand of `role` of an m16n8k16 mma.sync, of
  /// value `v` of lane `lane`'s fragment (upstream's
  /// getLaneIdAndValueIdToOperandCoord; B's coordinates are (n, k)).
  std::array<Value, 2> fragmentCoord(nvgpu::MatMulOperandRole role, Value lane,
                                     int64_t v);
  /// Reductions and rms_norm: by a tree of `width` threads per group when
  /// `width` is nonzero, otherwise a serial fold per output element.
  void emitReduce(const Op &op, int64_t width);
  void emitRmsNorm(const Op &op, int64_t width);
  void emitThreadGraph(const Op &op);
  /// Evaluates thread graph `op` at element `index` of its result shape;
  /// with `shift`, the exp producing its first output computes
  /// exp(x - shift), and with `stopAtExp`, that exp's argument is returned
  /// instead of the outputs being stored.
  Value evalThreadGraph(const Op &op, ValueRange index, Value shift,
                        bool stopAtExp);
  /// The running-max step before the exp op: new row maxima and factors.
  void emitRowMax(const Op &op, int64_t width);
  /// The row index of element `index` of a tile (its dims but the last).
  SmallVector<Value, 4> rowOf(ValueRange index) {
    return SmallVector<Value, 4>(index.drop_back());
  }

  OpBuilder &b;
  Location loc;
  const Graph &g;
  const Schedule &schedule;
  const MemoryPlan &plan;
  const BlockContext &ctx;
  const SoftmaxRescale *rescale;
  const ReductionTrees *trees;
  /// The TMA copies' mbarriers (null: no copy is the TMA's), the
  /// descriptor argument of each TMA-copied input (op index), and the
  /// iteration whose copies the next barrier waits for.
  const TmaBarriers *tma;
  llvm::DenseMap<int, Value> tensorMaps;
  Value pendingTmaIteration;
  bool gpu;
  /// Whether a matmul of the block graph is planned as wgmma.
  bool usesWgmma = false;
  /// The reduction trees' f32 scratch buffer (a view), and whether a tree's
  /// results in it may still be read by some thread (no barrier since).
  Value scratch;
  bool scratchBusy = false;
  /// Copies issued and not yet committed, the last group of them not yet
  /// waited for, and how many groups the next wait may leave in flight.
  SmallVector<Value> copyTokens;
  Value pendingCopies;
  int64_t copyGroupsInFlight = 0;
  /// Pipelined iterators (Graph::stages > 1): value -> its buffers' offsets
  /// by stage.
  llvm::DenseMap<int, SmallVector<int64_t, 4>> stageOffsets;
  /// The fragment maps of the A, B and C operands of m16n8k16 mma.sync.
  std::array<AffineMap, 3> fragmentMaps;
  /// The running-max form: per-row maximum and rescale factor (f32 views).
  Value rowMax, rowScale;
  /// Merged split-softmax accumulators (op index) -> their per-element
  /// running maximum (f32 view).
  llvm::DenseMap<int, Value> mergeMax;
  llvm::SmallVector<Value> results;
  /// Value id -> its memref: kernel tensors and shared-memory tile views.
  llvm::DenseMap<int, Value> memrefs;
  /// Accumulators kept in mma registers (op index) -> their matmul, and
  /// those matmuls -> their registers.
  llvm::DenseMap<int, int> fragmentAccums;
  llvm::DenseMap<int, Value> fragmentRegs;
  /// Shared-memory tile views -> their planned layout (row-major when absent).
  llvm::DenseMap<Value, Layout> tileLayouts;
  /// Views of padded tiles -> the tile's shape; the view's own shape has
  /// the padding in its stored rows (tileView).
  llvm::DenseMap<Value, Shape> paddedShapes;
  /// Per op, the output saver that computes its values (opsComputedBySavers),
  /// and whether it is an input its savers load (inputsLoadedBySavers).
  std::vector<int> savedBy;
  std::vector<bool> loadedBySavers;
};

} // namespace tsopt::block_lowering

#endif // TSOPT_LIB_CONVERSION_BGRAPHTOSCF_BLOCKEMITTER_H
