//===- KernelPlan.cpp - The decisions a kernel is emitted with ------------===//

#include "tsopt/Optimize/KernelPlan.h"
#include "tsopt/Core/Precision.h"
#include "tsopt/Core/RunningMax.h"
#include "tsopt/Optimize/Layout.h"
#include "tsopt/Optimize/MemoryPlan.h"
#include "tsopt/Optimize/Schedule.h"
#include "tsopt/Optimize/SoftmaxPlan.h"

#include "llvm/ADT/DenseSet.h"

#include <algorithm>
#include <cassert>

using namespace tsopt;

bool tsopt::copyFits(const TensorType &tile, const Layout &layout,
                     int64_t bytes) {
  int64_t element = dtypeBytes(tile.dtype);
  if (bytes == element)
    return true;
  // A chunk runs along the device tensor's last dim (row-major): the tile
  // must store that dim contiguously too. A swizzle moves whole 16-byte
  // blocks, so an aligned chunk of at most 16 bytes stays contiguous.
  return (bytes == 4 || bytes == 8 || bytes == 16) && bytes % element == 0 &&
         !tile.shape.empty() && tile.shape.back() % (bytes / element) == 0 &&
         contiguousDim(tile.shape, layout) ==
             contiguousDim(tile.shape, Layout::rowMajor());
}

int64_t tsopt::copyChunkBytes(const TensorType &tile, const Layout &layout) {
  for (int64_t bytes : {16, 8, 4})
    if (copyFits(tile, layout, bytes))
      return bytes;
  return dtypeBytes(tile.dtype);
}

bool tsopt::fitsTma(const Graph &bg, const Op &op, std::string *why) {
  auto no = [&](const std::string &reason) {
    if (why)
      *why = reason;
    return false;
  };
  if (op.kind != OpKind::BlockInput)
    return no("it is not an input iterator");
  if (op.fmap == kReplica)
    return no("it is not copied in the for-loop (no fmap)");
  const TensorType &tensor = bg.type(op.operands[0]);
  const TensorType &tile = bg.type(op.results[0]);
  if (tile.dtype != tensor.dtype)
    return no("its tile converts the device tensor's element type");
  if (tile.shape.empty() || tile.shape.size() > 5)
    return no("its tile has rank " + std::to_string(tile.shape.size()) +
              " (1 to 5)");
  for (int64_t extent : tile.shape)
    if (extent > kTmaMaxBoxExtent)
      return no("its tile has an extent of " + std::to_string(extent) +
                " (at most 256 per box dim)");
  Layout layout = op.layoutOf(0);
  int64_t element = dtypeBytes(tile.dtype);
  int64_t rowBytes = tile.shape.back() * element;
  if (layout.kind != LayoutKind::RowMajor || layout.pad ||
      (layout.swizzle && !layout.isTmaSwizzle()))
    return no("its layout '" + layout.str() +
              "' is not row-major, unpadded, unswizzled or in a TMA swizzle");
  if (layout.swizzle && rowBytes != tmaSwizzleBytes(layout))
    return no("its rows of " + std::to_string(rowBytes) +
              " bytes are not the span of its swizzle");
  if (rowBytes % 16)
    return no("its rows of " + std::to_string(rowBytes) +
              " bytes are not whole 16-byte chunks");
  if (tensor.shape.back() * element % 16)
    return no("the device tensor's rows of " +
              std::to_string(tensor.shape.back() * element) +
              " bytes are not whole 16-byte chunks");
  return true;
}

int64_t tsopt::plannedSharedMemoryBytes(const Graph &bg,
                                        const MemoryPlan &plan) {
  int64_t end = plan.totalBytes;
  std::optional<SoftmaxRescale> rescale = plannedSoftmaxRescale(bg, end, &end);
  end = std::max(end, plannedTmaBarriers(bg, end).end());
  llvm::FailureOr<ReductionTrees> trees =
      plannedReductionTrees(bg, rescale ? &*rescale : nullptr, end);
  if (succeeded(trees) && !trees->empty())
    end = std::max(end, trees->offset + trees->bytes);
  return end;
}

llvm::SmallVector<int, 4> tsopt::tmaInputs(const Graph &bg) {
  llvm::SmallVector<int, 4> inputs;
  for (auto [i, op] : llvm::enumerate(bg.ops))
    if (op.kind == OpKind::BlockInput && op.tma)
      inputs.push_back(static_cast<int>(i));
  return inputs;
}

TmaBarriers tsopt::plannedTmaBarriers(const Graph &bg, int64_t endBytes) {
  TmaBarriers barriers;
  barriers.arrivals = static_cast<int64_t>(tmaInputs(bg).size());
  if (barriers.arrivals) {
    barriers.offset = llvm::alignTo(endBytes, 8);
    barriers.count = std::max<int64_t>(bg.stages, 1);
  }
  return barriers;
}

/// Whether a matmul planned as wgmma reads tile `v`.
static bool readByWgmma(const Graph &bg, int v) {
  return llvm::any_of(bg.ops, [&](const Op &op) {
    return op.kind == OpKind::Matmul && op.mma == uint8_t(MmaPlan::Wgmma) &&
           llvm::is_contained(op.operands, v);
  });
}

bool tsopt::runsOnTensorCores(const Graph &bg, const Op &op) {
  if (op.kind != OpKind::Matmul)
    return false;
  return op.mma ? op.mma == uint8_t(MmaPlan::M16N8K16) ||
                      op.mma == uint8_t(MmaPlan::Wgmma)
                : isTensorCoreMatmul(bg, op);
}

bool tsopt::wgmmaShapeFits(const Graph &bg, const Op &op, int64_t threads) {
  if (!isTensorCoreMatmul(bg, op) || threads % kWarpgroupThreads)
    return false;
  const TensorType &a = bg.type(op.operands[0]), &b = bg.type(op.operands[1]);
  const TensorType &c = bg.type(op.results[0]);
  DType input = matmulInputType(a.dtype, b.dtype);
  size_t r = c.shape.size();
  int64_t rows = c.shape[r - 2], cols = c.shape[r - 1], k = a.shape.back();
  int64_t warpgroups = threads / kWarpgroupThreads;
  return a.dtype == input && b.dtype == input &&
         a.numElements() == rows * k && b.numElements() == k * cols &&
         rows % kWgmmaRows == 0 && (rows / kWgmmaRows) % warpgroups == 0 &&
         cols % 8 == 0 && cols <= kWgmmaMaxColumns && k % 16 == 0;
}

std::optional<WgmmaOperand> tsopt::wgmmaOperand(const Graph &bg, const Op &op,
                                                int operand) {
  if (op.kind != OpKind::Matmul)
    return std::nullopt;
  const TensorType &tile = bg.type(op.operands[operand]);
  return wgmmaOperandLayout(tile.shape, tile.dtype,
                            tileLayout(bg, op.operands[operand]), operand);
}

std::optional<WgmmaOperand>
tsopt::wgmmaOperandLayout(llvm::ArrayRef<int64_t> shape, DType dtype,
                          const Layout &layout, int operand) {
  size_t r = shape.size();
  if (dtypeBytes(dtype) != 2 || r < 2 || !layout.isTmaSwizzle())
    return std::nullopt;
  // A is m x k and B is k x n.
  int kDim = operand == 0 ? int(r) - 1 : int(r) - 2;
  int mnDim = operand == 0 ? int(r) - 2 : int(r) - 1;
  int stored = layout.kind == LayoutKind::ColMajor ? int(r) - 2 : int(r) - 1;
  WgmmaOperand view{stored == mnDim, layout.swizzle};
  // One stored row is the swizzle's span; MN-major, that row holds the
  // instruction's whole m (A) or the tile's n (B).
  if (shape[stored] * 2 != view.rowBytes() ||
      shape[stored == kDim ? mnDim : kDim] % 8 != 0 ||
      (view.mnMajor && operand == 0 && shape[mnDim] != kWgmmaRows))
    return std::nullopt;
  return view;
}

bool tsopt::fitsWgmma(const Graph &bg, const Op &op, int64_t threads) {
  return wgmmaShapeFits(bg, op, threads) && wgmmaOperand(bg, op, 0) &&
         wgmmaOperand(bg, op, 1);
}

FragmentLoad tsopt::fragmentLoad(const Graph &bg, const Op &op, int operand) {
  if (!runsOnTensorCores(bg, op) || op.mma == uint8_t(MmaPlan::Wgmma))
    return FragmentLoad::Elements;
  const TensorType &a = bg.type(op.operands[0]), &b = bg.type(op.operands[1]);
  const TensorType &tile = operand == 0 ? a : b;
  DType input = matmulInputType(a.dtype, b.dtype);
  size_t r = tile.shape.size();
  // Any extents: the lowering points the rows past the tile at its last
  // row and the 8-element runs past it at its last run (values of result
  // rows or columns it does not store), and zeroes the values past k.
  if (tile.dtype != input || dtypeBytes(input) != 2 ||
      !storesAlignedRows(tile.shape, 2, tileLayout(bg, op.operands[operand])))
    return FragmentLoad::Elements;
  int contiguous =
      contiguousDim(tile.shape, tileLayout(bg, op.operands[operand]));
  // A is m x k and B is k x n: k is A's last dim and B's second-to-last.
  int kDim = operand == 0 ? static_cast<int>(r) - 1 : static_cast<int>(r) - 2;
  int otherDim =
      operand == 0 ? static_cast<int>(r) - 2 : static_cast<int>(r) - 1;
  if (contiguous == kDim)
    return FragmentLoad::Ldmatrix;
  if (contiguous == otherDim)
    return FragmentLoad::LdmatrixTrans;
  return FragmentLoad::Elements;
}

SaverCopy tsopt::saverCopy(const Graph &bg, const Op &op) {
  SaverCopy copy;
  const TensorType &tile = bg.type(op.operands[0]);
  const TensorType &tensor = bg.type(op.results[0]);
  int64_t elements = tile.numElements();
  assert(&op >= bg.ops.data() && &op < bg.ops.data() + bg.ops.size() &&
         "an op of the block graph");
  int saver = static_cast<int>(&op - bg.ops.data());
  std::vector<int> savedBy = opsComputedBySavers(bg);
  auto computed = llvm::find(savedBy, saver);
  if (computed != savedBy.end())
    copy.computes = static_cast<int>(computed - savedBy.begin());
  int last = static_cast<int>(tile.shape.size()) - 1;
  std::vector<int> producer = producers(bg);
  std::vector<bool> loaded = inputsLoadedBySavers(bg);
  auto fromDevice = [&](int v) {
    return producer[v] >= 0 && loaded[producer[v]];
  };
  // Whether operand `v` holds a chunk's values contiguously: a tile that
  // stores its rows contiguously, or an input's row-major device tensor.
  auto alongRows = [&](int v) {
    const Shape &shape = bg.type(v).shape;
    if (shape.empty() || shape.back() != tile.shape.back())
      return false;
    return fromDevice(v) || contiguousDim(shape, tileLayout(bg, v)) ==
                                static_cast<int>(shape.size()) - 1;
  };
  auto broadcastRows = [&](int v) {
    const Shape &shape = bg.type(v).shape;
    return shape.empty() || (shape.back() == 1 && tile.shape.back() > 1);
  };
  // A chunk is 16 bytes of the tensor, or fewer when a computing saver
  // loads a wider operand a chunk at a time (16 bytes at most).
  int64_t widest = dtypeBytes(tensor.dtype);
  if (copy.computes >= 0)
    for (int v : bg.ops[copy.computes].operands)
      if (alongRows(v))
        widest = std::max(widest, dtypeBytes(bg.type(v).dtype));
  int64_t chunk = 16 / widest;
  if (!tile.shape.empty() && chunk >= 2 && tile.shape.back() % chunk == 0 &&
      tensor.shape.back() % chunk == 0)
    copy.storeElements = chunk;
  if (copy.computes < 0) {
    if (copy.storeElements &&
        contiguousDim(tile.shape, tileLayout(bg, op.operands[0])) == last)
      copy.loadElements = std::min(chunk, 16 / dtypeBytes(tile.dtype));
    copy.sharedLoads = (elements + copy.loadElements - 1) / copy.loadElements;
    return copy;
  }
  // Each operand: one load per chunk where the chunk shares its value
  // (broadcast rows) or it holds the chunk contiguously (from device memory
  // only where its rows keep every chunk aligned), else one per value.
  for (int v : bg.ops[copy.computes].operands) {
    SaverCopy::OperandLoad load;
    load.fromDevice = fromDevice(v);
    int64_t rowExtent =
        load.fromDevice ? bg.type(bg.ops[producer[v]].operands[0]).shape.back()
                        : 0;
    if (copy.storeElements && broadcastRows(v))
      load.load = SaverCopy::Load::Shared;
    else if (copy.storeElements && alongRows(v) &&
             (!load.fromDevice || rowExtent % copy.storeElements == 0))
      load.load = SaverCopy::Load::Vector;
    (load.fromDevice ? copy.globalLoads : copy.sharedLoads) +=
        load.load == SaverCopy::Load::Element ? elements
                                              : elements / copy.storeElements;
    copy.operands.push_back(load);
  }
  return copy;
}

int64_t tsopt::mmaBlocks(llvm::ArrayRef<int64_t> shape) {
  size_t r = shape.size();
  return numElements(shape) / (shape[r - 2] * shape[r - 1]) *
         ((shape[r - 2] + 15) / 16) * ((shape[r - 1] + 7) / 8);
}

bool tsopt::storesFragmentPairs(llvm::ArrayRef<int64_t> shape) {
  return !shape.empty() && shape.back() % 2 == 0;
}

int tsopt::fragmentAccumulatedMatmul(const Graph &bg, const Op &accum,
                                     int64_t threads) {
  if (accum.kind != OpKind::Accum || accum.accum != AccumKind::Sum ||
      accum.fmap != kReplica || accum.operands.size() != 1 || bg.forloop < 2)
    return -1;
  std::vector<int> producer = producers(bg);
  std::vector<int> readers(bg.values.size(), 0);
  for (const Op &op : bg.ops)
    for (int v : op.operands)
      ++readers[v];
  int product = accum.operands[0];
  int m = producer[product];
  if (m < 0 || readers[product] != 1)
    return -1;
  const Op &matmul = bg.ops[m];
  if (matmul.kind != OpKind::Matmul || !runsOnTensorCores(bg, matmul))
    return -1;
  // What the product is computed from: it must change every iteration
  // (read an iterated input) and involve no exp.
  bool iterated = false, fromExp = false;
  std::vector<bool> seen(bg.values.size(), false);
  llvm::SmallVector<int, 8> work(matmul.operands.begin(),
                                 matmul.operands.end());
  while (!work.empty()) {
    int v = work.pop_back_val();
    if (seen[v] || producer[v] < 0)
      continue;
    seen[v] = true;
    const Op &op = bg.ops[producer[v]];
    iterated |= op.kind == OpKind::BlockInput && op.fmap != kReplica;
    fromExp |= op.kind == OpKind::Exp || op.kind == OpKind::ThreadGraph;
    work.append(op.operands.begin(), op.operands.end());
  }
  if (!iterated || fromExp)
    return -1;
  int64_t blocks = mmaBlocks(bg.type(product).shape);
  int64_t warps = std::max<int64_t>(1, threads / 32);
  if ((blocks + warps - 1) / warps > kMaxFragmentBlocksPerWarp)
    return -1;
  return m;
}

static llvm::LogicalResult fail(std::string *why, std::string msg) {
  if (why)
    *why = std::move(msg);
  return llvm::failure();
}

/// Shared memory the lowering places after the plan's tiles, bounded from
/// above: the running-max form's per-row maximum and factor (f32) beside
/// every exp, and the per-element maximum of an accumulator that merges
/// split partials. (The TMA copies' mbarriers are placed only where they
/// keep the resident blocks; reduction trees fit themselves into what is
/// left.)
static int64_t reservedAfterPlan(const Graph &bg) {
  int64_t bytes = 0;
  for (const Op &op : bg.ops) {
    const Shape &shape = bg.type(op.results.empty() ? 0 : op.results[0]).shape;
    if (op.kind == OpKind::Exp || op.kind == OpKind::ThreadGraph)
      bytes += 2 * (numElements(llvm::ArrayRef(shape).drop_back()) * 4 +
                    kTileAlignment);
    if (op.kind == OpKind::Accum && op.operands.size() == 2)
      bytes += numElements(shape) * 4 + kTileAlignment;
  }
  return bytes;
}

/// The blocks an SM keeps resident by their shared memory alone.
static int64_t residentBlocksBySharedMemory(const TargetDesc &target,
                                            int64_t bytes) {
  return target.sharedMemoryPerSM /
         (bytes + target.sharedMemoryReservedPerBlock);
}

/// The stage count: the most, up to kMaxStages, whose plan (and what the
/// lowering adds after it) fits the per-block limit and keeps as many
/// resident blocks per SM as one stage does, or two, whichever is fewer.
static llvm::FailureOr<int64_t> chooseStages(Graph &bg,
                                             const TargetDesc &target,
                                             std::string *why) {
  if (!llvm::any_of(bg.ops,
                    [&](const Op &op) { return isPipelinedInput(bg, op); }))
    return 1;
  llvm::FailureOr<Schedule> schedule = plannedSchedule(bg, why);
  if (failed(schedule))
    return llvm::failure();
  int64_t reserved = reservedAfterPlan(bg);
  auto bytesWith = [&](int64_t stages) -> llvm::FailureOr<int64_t> {
    bg.stages = stages;
    llvm::FailureOr<MemoryPlan> plan =
        planSharedMemory(bg, *schedule, kTileAlignment, why);
    if (failed(plan))
      return llvm::failure();
    return plan->totalBytes + reserved;
  };
  auto residentBlocks = [&](int64_t bytes) {
    return residentBlocksBySharedMemory(target, bytes);
  };
  llvm::FailureOr<int64_t> one = bytesWith(1);
  if (failed(one))
    return llvm::failure();
  int64_t wanted = std::min<int64_t>(2, residentBlocks(*one));
  int64_t best = 1;
  for (int64_t s = 2; s <= kMaxStages; ++s) {
    llvm::FailureOr<int64_t> bytes = bytesWith(s);
    if (failed(bytes))
      return llvm::failure();
    if (*bytes > target.sharedMemoryPerBlock || residentBlocks(*bytes) < wanted)
      break;
    best = s;
  }
  bg.stages = 0;
  return best;
}

bool tsopt::startsInSharedMemory(const Graph &g, const Op &accum,
                                 int64_t threads) {
  return accum.kind == OpKind::Accum && accum.fmap == kReplica &&
         !isPassThroughAccum(g, accum) &&
         fragmentAccumulatedMatmul(g, accum, threads) < 0;
}

std::vector<bool> tsopt::loopInvariantOps(const Graph &g,
                                          const Schedule &schedule,
                                          const MemoryPlan &plan,
                                          int shiftedExp) {
  std::vector<bool> hoisted(g.ops.size(), false);
  if (g.forloop <= 1 || schedule.numDepths[int(Phase::Loop)] == 0)
    return hoisted;
  int loopEnd = schedule.numDepths[int(Phase::Loop)] - 1;
  std::vector<bool> invariant(g.values.size(), false);
  for (auto [idx, op] : llvm::enumerate(g.ops)) {
    if (schedule.phase[idx] != Phase::Loop || op.kind == OpKind::Accum ||
        op.kind == OpKind::BlockOutput || static_cast<int>(idx) == shiftedExp)
      continue;
    bool ok = op.kind == OpKind::BlockInput
                  ? op.fmap == kReplica
                  : !op.operands.empty() &&
                        llvm::all_of(op.operands,
                                     [&](int v) { return invariant[v]; });
    for (int v : op.results) {
      const TileAllocation *t = plan.lookup(v);
      ok &= t && t->firstStep == 0 && t->lastStep >= loopEnd;
    }
    if (!ok)
      continue;
    hoisted[idx] = true;
    for (int v : op.results)
      invariant[v] = true;
  }
  return hoisted;
}

llvm::LogicalResult tsopt::planKernel(Graph &bg, const TargetDesc &target,
                                      const KernelPlanOptions &options,
                                      std::string *why) {
  if (bg.threads == 0)
    bg.threads = options.threadsPerBlock;
  llvm::SmallDenseSet<int64_t, 4> unplannedCopies;
  for (Op &op : bg.ops) {
    if (op.kind == OpKind::Matmul && !op.mma) {
      MmaPlan unit = MmaPlan::CudaCores;
      if (options.tensorCores && target.hasWarpgroupMma() &&
          fitsWgmma(bg, op, bg.threads))
        unit = MmaPlan::Wgmma;
      else if (options.tensorCores && isTensorCoreMatmul(bg, op))
        unit = MmaPlan::M16N8K16;
      op.mma = static_cast<uint8_t>(unit);
    }
    if (op.kind == OpKind::BlockInput && !op.copyBytes) {
      op.copyBytes = static_cast<uint8_t>(
          copyChunkBytes(bg.type(op.results[0]), op.layoutOf(0)));
      unplannedCopies.insert(&op - &bg.ops[0]);
    }
  }
  // The exps: the one runningMaxForm finds (recorded, or the default
  // choice) in the running-max form, every other as written.
  if (std::optional<RunningMaxForm> form = runningMaxForm(bg))
    bg.ops[form->expOp].expForm = uint8_t(ExpForm::RunningMax);
  for (Op &op : bg.ops)
    if (producesExp(op) && op.expForm == uint8_t(ExpForm::Unplanned))
      op.expForm = uint8_t(ExpForm::Literal);
  if (bg.stages == 0) {
    int64_t stages = 1;
    if (options.pipeline) {
      llvm::FailureOr<int64_t> chosen = chooseStages(bg, target, why);
      if (failed(chosen))
        return llvm::failure();
      stages = *chosen;
    }
    bg.stages = stages;
  }
  // The schedule and the memory plan, for these stages: kept where the
  // graph records them whole (and they hold), else planned anew.
  if (llvm::any_of(bg.ops, [](const Op &op) { return op.depth < 0; })) {
    llvm::FailureOr<Schedule> computed = scheduleBlockGraph(bg, why);
    if (failed(computed))
      return llvm::failure();
    for (auto [i, op] : llvm::enumerate(bg.ops))
      op.depth = computed->depth[i];
  }
  llvm::FailureOr<Schedule> schedule = plannedSchedule(bg, why);
  if (failed(schedule))
    return llvm::failure();
  llvm::FailureOr<MemoryPlan> memory = plannedMemory(bg, *schedule, why);
  if (failed(memory))
    return llvm::failure();
  for (Op &op : bg.ops)
    op.offsets.clear();
  for (const TileAllocation &t : memory->tiles)
    bg.ops[t.op].offsets.push_back(t.offset);
  // The reduction trees, in what shared memory has left past the tiles and
  // the softmax's buffers.
  int64_t end = memory->totalBytes;
  std::optional<SoftmaxRescale> rescale = plannedSoftmaxRescale(bg, end, &end);
  // The tensor memory accelerator copies the tiles a wgmma reads where they
  // fit it (decided with the copies: a recorded copy is kept), unless its
  // mbarriers, placed next, would cost an SM a resident block. (The tiles
  // a wgmma reads are aligned for the TMA already: the memory plan holds.)
  llvm::SmallVector<Op *, 4> tmaCandidates;
  for (Op &op : bg.ops)
    if (op.kind == OpKind::BlockInput && !op.tma &&
        unplannedCopies.contains(&op - &bg.ops[0]) && target.hasTma() &&
        readByWgmma(bg, op.results[0]) && fitsTma(bg, op))
      tmaCandidates.push_back(&op);
  if (!tmaCandidates.empty()) {
    int64_t with = static_cast<int64_t>(llvm::alignTo(end, 8)) + 8 * bg.stages;
    if (with <= target.sharedMemoryPerBlock &&
        residentBlocksBySharedMemory(target, with) >=
            residentBlocksBySharedMemory(target, end))
      for (Op *op : tmaCandidates)
        op->tma = true;
  }
  end = std::max(end, plannedTmaBarriers(bg, end).end());
  planTreeWidths(bg, rescale ? &*rescale : nullptr, end,
                 target.sharedMemoryPerBlock);
  return verifyKernelPlan(bg, why);
}

llvm::LogicalResult tsopt::planKernels(Graph &program, const TargetDesc &target,
                                       const KernelPlanOptions &options,
                                       std::string *why) {
  for (size_t i = 0; i < program.ops.size(); ++i) {
    Op &op = program.ops[i];
    if (op.kind != OpKind::Kernel || !op.body || isPlanned(*op.body))
      continue;
    auto body = std::make_shared<Graph>(*op.body);
    std::string reason;
    if (failed(planKernel(*body, target, options, &reason)))
      return fail(why, "op #" + std::to_string(i) + " (kernel): " + reason);
    op.body = std::move(body);
  }
  return llvm::success();
}

llvm::LogicalResult tsopt::planProgram(Graph &program, const TargetDesc &target,
                                       const KernelPlanOptions &options,
                                       std::string *why) {
  addSplitSoftmaxMaxima(program);
  // Threads first: the layout ILP prices the sums kept in mma registers,
  // which depend on them.
  for (Op &op : program.ops)
    if (op.kind == OpKind::Kernel && op.body && op.body->threads == 0) {
      auto body = std::make_shared<Graph>(*op.body);
      body->threads = options.threadsPerBlock;
      op.body = std::move(body);
    }
  // Layouts next: an iterator's copies are as wide as its tile's layout
  // stores contiguously.
  std::string reason;
  if (failed(planTileLayouts(program, target, &reason)))
    return fail(why, "cannot choose the tiles' layouts: " + reason);
  if (failed(planKernels(program, target, options, &reason)))
    return fail(why, "cannot plan the kernels: " + reason);
  return llvm::success();
}

bool tsopt::isPlanned(const Graph &bg) {
  if (bg.stages <= 0 || bg.threads <= 0)
    return false;
  // Offsets exactly on the ops with tiles.
  std::vector<bool> withTiles = opsWithTiles(bg);
  std::optional<SoftmaxRescale> rescale = plannedSoftmaxRescale(bg, 0);
  for (auto [i, op] : llvm::enumerate(bg.ops)) {
    if (!op.treeWidth && foldsGroups(bg, i, rescale ? &*rescale : nullptr))
      return false;
    if ((op.kind == OpKind::Matmul && !op.mma) ||
        (op.kind == OpKind::BlockInput && !op.copyBytes) ||
        (producesExp(op) && !op.expForm) || op.depth < 0 ||
        op.offsets.empty() == withTiles[i])
      return false;
  }
  return true;
}

llvm::LogicalResult tsopt::verifyKernelPlan(const Graph &bg,
                                            std::string *why) {
  if (bg.stages < 0 || bg.stages > 16)
    return fail(why, "a stage count of " + std::to_string(bg.stages) +
                         " (1 to 16)");
  if (bg.threads != 0 && !isValidBlockThreads(bg.threads))
    return fail(why, std::to_string(bg.threads) +
                         " threads per block (a multiple of 32 from 32 to "
                         "1024)");
  std::optional<SoftmaxRescale> rescale = plannedSoftmaxRescale(bg, 0);
  for (auto [i, op] : llvm::enumerate(bg.ops))
    if (op.treeWidth && !foldsGroups(bg, i, rescale ? &*rescale : nullptr))
      return fail(why, "op #" + std::to_string(i) + " (" +
                           stringifyOpKind(op.kind).str() +
                           ") has a tree width but folds no groups");
  if (bg.threads != 0 && failed(plannedReductionTrees(
                             bg, rescale ? &*rescale : nullptr, 0, 0, why)))
    return llvm::failure();
  int seenRunningMax = 0;
  for (auto [i, op] : llvm::enumerate(bg.ops)) {
    std::string at = "op #" + std::to_string(i) + " (" +
                     stringifyOpKind(op.kind).str() + ")";
    if (op.kind == OpKind::Matmul && op.mma > uint8_t(MmaPlan::Wgmma))
      return fail(why, at + " has an unknown matmul unit");
    if (op.kind == OpKind::Matmul && runsOnTensorCores(bg, op) &&
        !isTensorCoreMatmul(bg, op))
      return fail(why, at + " is planned on tensor cores, but its input type "
                            "is not a half type (or its tiles are not "
                            "matrices)");
    if (op.kind == OpKind::Matmul && op.mma == uint8_t(MmaPlan::Wgmma) &&
        bg.threads != 0 && !fitsWgmma(bg, op, bg.threads))
      return fail(why,
                  at + " is planned as wgmma, but " +
                      (wgmmaShapeFits(bg, op, bg.threads)
                           ? "an operand tile is not in a layout its matrix "
                             "descriptor can describe (16-bit rows of exactly "
                             "the span of a 32-, 64- or 128-byte swizzle, "
                             "along k, A's 64 rows or B's columns)"
                           : "its product is not one matrix of rows a "
                             "multiple of 64 shared evenly by the block's "
                             "warpgroups, columns a multiple of 8 up to 256 "
                             "and a contraction a multiple of 16, from tiles "
                             "of its input type"));
    if (op.expForm > uint8_t(ExpForm::RunningMax) ||
        (op.expForm && !producesExp(op)))
      return fail(why, at + " has an exp form but computes no exp");
    if (op.expForm == uint8_t(ExpForm::RunningMax) && seenRunningMax++)
      return fail(why, at + " is a second exp planned in the running-max "
                            "form (a kernel keeps one row maximum)");
    if (op.expForm == uint8_t(ExpForm::RunningMax) && !runningMaxFormAt(bg, i))
      return fail(why, at + " is planned in the running-max form, but its "
                            "values do not reach sum accumulators only "
                            "through row-preserving matmuls and row sums, "
                            "in the for-loop, with the sums only divided by "
                            "each other or written out");
    if (!op.layouts.empty() && op.layouts.size() != op.results.size())
      return fail(why, at + " has " + std::to_string(op.layouts.size()) +
                           " tile layouts for " +
                           std::to_string(op.results.size()) + " results");
    for (auto [r, layout] : llvm::enumerate(op.layouts)) {
      const TensorType &tile = bg.type(op.results[r]);
      std::string reason;
      if (!isAddressableTileLayout(tile.shape, dtypeBytes(tile.dtype), layout,
                                   &reason))
        return fail(why, at + ": " + reason);
    }
    if (op.tma) {
      std::string reason;
      if (!fitsTma(bg, op, &reason))
        return fail(why, at + " is copied by the TMA, but " + reason);
    }
    if (op.kind == OpKind::BlockInput && op.copyBytes) {
      const TensorType &tile = bg.type(op.results[0]);
      if (!copyFits(tile, op.layoutOf(0), op.copyBytes))
        return fail(why, at + " copies " + std::to_string(op.copyBytes) +
                             "-byte chunks, which do not divide its tile's "
                             "rows of " +
                             (tile.shape.empty()
                                  ? std::string("one element")
                                  : std::to_string(tile.shape.back() *
                                                   dtypeBytes(tile.dtype)) +
                                        " bytes") +
                             " in its layout '" + op.layoutOf(0).str() + "'");
    }
  }
  return llvm::success();
}
