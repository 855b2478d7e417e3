//===- CostModel.cpp - Analytic cost of a µGraph --------------------------===//
//
// Every formula here is written out in docs/cost-model.md; keep the two in
// step.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Core/GraphText.h"
#include "tsopt/Core/Precision.h"
#include "tsopt/Optimize/KernelExpansion.h"
#include "tsopt/Optimize/KernelPlan.h"
#include "tsopt/Optimize/MemoryPlan.h"
#include "tsopt/Optimize/Schedule.h"
#include "tsopt/Optimize/SoftmaxPlan.h"
#include "tsopt/Support/Memo.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

using namespace tsopt;

static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
static int64_t roundUp(int64_t a, int64_t b) { return ceilDiv(a, b) * b; }

static int64_t bytesOf(const Graph &g, int value) {
  return g.type(value).numElements() * dtypeBytes(g.type(value).dtype);
}

/// CUDA-core FLOPs and special-function ops per element of an element-wise
/// op: the instructions a fast-math lowering issues (tsopt/Core/OpKinds.def).
static Work elementwiseWork(OpKind kind) {
  const OpKindInfo &info = opKindInfo(kind);
  return {0, info.flops, info.specialFunctionOps};
}

/// A batch of m x k by k x n products: on tensor cores, as mma.m16n8k16
/// issues them (a tile smaller than the instruction still occupies it), or
/// on CUDA cores.
static Work matmulWork(int64_t batch, int64_t m, int64_t n, int64_t k,
                       bool tensorCores) {
  if (tensorCores)
    return {2 * batch * roundUp(m, 16) * roundUp(n, 8) * roundUp(k, 16), 0, 0};
  return {0, 2 * batch * m * n * k, 0};
}

Work tsopt::opWork(const Op &op, const Graph &g) {
  auto elements = [&](int value) { return g.type(value).numElements(); };
  switch (op.kind) {
  case OpKind::Matmul: {
    const TensorType &a = g.type(op.operands[0]);
    const TensorType &c = g.type(op.results[0]);
    size_t rank = c.shape.size();
    int64_t m = c.shape[rank - 2], n = c.shape[rank - 1];
    int64_t k = a.shape[rank - 1];
    int64_t batch = c.numElements() / (m * n);
    // As the lowering emits it (the plan's choice, padded to the
    // instruction); a kernel-level matmul by its input type, which is what
    // the default plan reads.
    bool tensorCores =
        g.level == Level::Block
            ? runsOnTensorCores(g, op)
            : isHalf(matmulInputType(a.dtype, g.type(op.operands[1]).dtype));
    Work w = matmulWork(batch, m, n, k, tensorCores);
    if (op.mma == uint8_t(MmaPlan::Wgmma))
      w.warpgroupFlops = w.tensorCoreFlops;
    return w;
  }
  case OpKind::Conv2d: {
    // Its fission's matmul: per image and group, (F/G x Cg·KH·KW) by
    // (Cg·KH·KW x OH·OW).
    const TensorType &x = g.type(op.operands[0]), &f = g.type(op.operands[1]);
    const Shape &y = g.type(op.results[0]).shape;
    int64_t groups = std::max<int64_t>(op.dim, 1);
    return matmulWork(x.shape[0] * groups, f.shape[0] / groups, y[2] * y[3],
                      f.shape[1] * f.shape[2] * f.shape[3],
                      isHalf(matmulInputType(x.dtype, f.dtype)));
  }
  case OpKind::ReduceSum:
  case OpKind::ReduceMax:
    return {0, elements(op.operands[0]), 0};
  case OpKind::RmsNorm: {
    // Per element: square, accumulate, scale by G, scale by the row's
    // rsqrt; per row: the mean (and epsilon) and one rsqrt.
    const TensorType &x = g.type(op.operands[0]);
    int64_t rows = x.shape.empty() ? 1 : x.numElements() / x.shape.back();
    return {0, 4 * x.numElements() + 2 * rows, rows};
  }
  case OpKind::Accum:
    // A concatenating accumulator only moves its operand.
    if (op.fmap != kReplica)
      return {};
    return {0, elements(op.operands[0]), 0};
  case OpKind::ThreadGraph: {
    // The scalar ops run once per element of the (broadcast) result.
    int64_t n = 0;
    for (int r : op.results)
      n = std::max(n, elements(r));
    Work w;
    if (op.body)
      for (const Op &scalar : op.body->ops)
        w += elementwiseWork(scalar.kind).scaled(n);
    return w;
  }
  default:
    if (isElementwiseBinary(op.kind) || isElementwiseUnary(op.kind))
      return elementwiseWork(op.kind).scaled(elements(op.results[0]));
    return {}; // data movement
  }
}

llvm::StringRef KernelCost::bound() const {
  double compute = computeUs + syncUs;
  if (threadUs > std::max({memoryUs, compute, sharedMemoryUs}))
    return "latency";
  if (memoryUs >= compute && memoryUs >= sharedMemoryUs)
    return "memory";
  if (compute >= sharedMemoryUs)
    return "compute";
  return "shared-memory";
}

int64_t ProgramCost::bytesRead() const {
  int64_t n = 0;
  for (const KernelCost &k : kernels)
    n += k.bytesRead;
  return n;
}

int64_t ProgramCost::bytesWritten() const {
  int64_t n = 0;
  for (const KernelCost &k : kernels)
    n += k.bytesWritten;
  return n;
}

/// Seconds the arithmetic `w` takes at the whole chip's (efficiency-scaled)
/// peaks, its tensor-core work at `tensorCoreRate` (the instruction's: a
/// library kernel reaches the chip's peak, a generated kernel's mma.sync
/// its own rate; wgmma's work at the chip's peak). The units are used one
/// after another: a block graph's ops are separated by barriers, and a
/// library kernel's epilogue follows its main loop.
static double computeSeconds(const Work &w, double tensorCoreRate,
                             const TargetDesc &t, const CostOptions &o) {
  return double(w.tensorCoreFlops - w.warpgroupFlops) /
             (tensorCoreRate * o.tensorCoreEfficiency) +
         double(w.warpgroupFlops) /
             (t.tensorCoreFlops * o.tensorCoreEfficiency) +
         double(w.cudaCoreFlops) / (t.cudaCoreFlops * o.cudaCoreEfficiency) +
         double(w.specialFunctionOps) /
             (t.specialFunctionRate() * o.cudaCoreEfficiency);
}

/// The time of a kernel's work apart from its device-memory traffic.
static double workUs(const KernelCost &k) {
  return std::max({k.computeUs + k.syncUs, k.sharedMemoryUs, k.threadUs});
}

static void finish(KernelCost &k) {
  if (!k.fits) {
    k.timeUs = std::numeric_limits<double>::infinity();
    return;
  }
  k.timeUs = std::max(k.memoryUs, workUs(k)) + k.exposedUs + k.latencyUs;
}

/// A pre-defined op is one library kernel: it reads its operands and writes
/// its results once, and is assumed to fill the GPU.
static KernelCost predefinedCost(const Graph &program, const Op &op,
                                 const TargetDesc &t, const CostOptions &o) {
  KernelCost k;
  k.kind = op.kind;
  for (int v : op.operands)
    k.bytesRead += bytesOf(program, v);
  for (int v : op.results)
    k.bytesWritten += bytesOf(program, v);
  k.work = opWork(op, program);
  k.readBandwidth = t.memoryBandwidth * o.memoryEfficiency;
  k.memoryUs = 1e6 * double(k.bytesRead + k.bytesWritten) / k.readBandwidth;
  k.computeUs = 1e6 * computeSeconds(k.work, t.tensorCoreFlops, t, o);
  k.latencyUs = 1e6 * t.memoryLatencySec;
  finish(k);
  return k;
}

/// How many blocks load each tile of a block input with grid map
/// `gridMap`: over the whole grid (the product of the grid dims the input
/// is replicated along), and on average among `window` blocks resident at
/// once, which are consecutive in launch order (x fastest).
static std::pair<double, double> tileSharing(llvm::ArrayRef<int64_t> grid,
                                             const std::array<int, 3> &gridMap,
                                             int64_t window) {
  double overGrid = 1, distinctInWindow = 1;
  int64_t below = 1;
  for (size_t d = 0; d < grid.size(); ++d) {
    int64_t covered = std::min(grid[d], ceilDiv(window, below));
    if (gridMap[d] == kReplica)
      overGrid *= double(grid[d]);
    else
      distinctInWindow *= double(covered);
    below *= grid[d];
  }
  double inWindow = std::max(1.0, double(window) / distinctInWindow);
  return {overGrid, std::min(overGrid, inWindow)};
}

/// planBlockGraph of a body that carries no plan decision at all, kept for
/// the process by the body's text and the target: fusion and the search
/// price the same bodies again and again, and the layout ILP is the
/// expensive part of a price.
static llvm::FailureOr<Graph>
planUnplannedBody(const Graph &body, const TargetDesc &t, std::string *why) {
  bool undecided = body.stages <= 0 && body.threads <= 0 &&
                   llvm::all_of(body.ops, [](const Op &op) {
                     return op.layouts.empty() && !op.mma && !op.copyBytes &&
                            !op.expForm && !op.treeWidth && op.depth < 0 &&
                            op.offsets.empty();
                   });
  if (!undecided)
    return planBlockGraph(body, t, {}, why);
  std::string key = t.key() + "\n" + serializeGraph(body);
  static Memo<Graph> plans(4096);
  if (std::optional<Graph> known = plans.lookup(key))
    return std::move(*known);
  llvm::FailureOr<Graph> plan = planBlockGraph(body, t, {}, why);
  if (succeeded(plan))
    plans.insert(key, *plan);
  return plan;
}

static llvm::FailureOr<KernelCost> graphDefinedCost(const Op &op,
                                                    const TargetDesc &t,
                                                    const CostOptions &o,
                                                    std::string *why) {
  // Priced as planned (KernelPlan.h): a body without a plan gets the one
  // the lowering would give it (a copy; a planned body is read in place).
  // Its tiles' layouts decide whether a product runs as wgmma: where one
  // could, the body is planned whole, the layout ILP included
  // (planBlockGraph); elsewhere the terms priced here do not depend on the
  // layouts, and the ILP's solve is spared (the search prices many bodies).
  std::optional<Graph> planned;
  if (!isPlanned(*op.body)) {
    const Graph &body = *op.body;
    bool layoutsDecide =
        t.hasWarpgroupMma() && llvm::any_of(body.ops, [&](const Op &bop) {
          return bop.kind == OpKind::Matmul && !bop.mma &&
                 wgmmaShapeFits(body, bop, plannedThreads(body));
        });
    if (layoutsDecide) {
      llvm::FailureOr<Graph> plan = planUnplannedBody(body, t, why);
      if (failed(plan))
        return llvm::failure();
      planned.emplace(std::move(*plan));
    } else {
      planned.emplace(body);
      if (failed(planKernel(*planned, t, {}, why)))
        return llvm::failure();
    }
  }
  const Graph &g = planned ? *planned : *op.body;
  // Inputs their savers load from device memory: no copy, no tile.
  std::vector<bool> loadedBySavers = inputsLoadedBySavers(g);
  KernelCost k;
  k.kind = op.kind;
  k.graphDefined = true;
  k.stages = g.stages;
  for (const Op &bop : g.ops) {
    if (bop.kind == OpKind::Matmul) {
      ++(runsOnTensorCores(g, bop) ? k.tensorCoreMatmuls : k.cudaCoreMatmuls);
      k.warpgroupMatmuls += bop.mma == uint8_t(MmaPlan::Wgmma);
      for (int operand : {0, 1})
        k.ldmatrixOperands +=
            fragmentLoad(g, bop, operand) != FragmentLoad::Elements;
    }
    if (bop.kind == OpKind::BlockInput && bop.tma)
      ++k.tmaCopies;
    else if (bop.kind == OpKind::BlockInput &&
             !loadedBySavers[&bop - g.ops.data()])
      k.copyBytes.push_back(bop.copyBytes);
    for (const Layout &layout : bop.layouts)
      k.swizzledTiles += layout.swizzle != 0;
  }

  std::string scheduleWhy;
  llvm::FailureOr<Schedule> schedule = plannedSchedule(g, &scheduleWhy);
  if (failed(schedule)) {
    if (why)
      *why = "block graph: " + scheduleWhy;
    return llvm::failure();
  }

  int64_t blocks = 1;
  for (int64_t e : g.grid)
    blocks *= e;
  int64_t f = std::max<int64_t>(g.forloop, 1);
  k.blocks = blocks;
  k.forloop = f;
  k.grid.assign(g.grid.begin(), g.grid.end());

  // What one block does. A loop-invariant input (fmap = replica) is loaded
  // once and stays resident; every other input loads a tile per iteration.
  int64_t readPerBlock = 0, writePerBlock = 0, smemPerBlock = 0;
  // Shared-memory access instructions of one block, as the lowering emits
  // them: a copy per chunk, a fragment load per 16 bytes (ldmatrix), one
  // access per element and operand everywhere else.
  int64_t accessesPerBlock = 0;
  auto elementsOf = [&](int v) { return g.type(v).numElements(); };
  // Each input's bytes per block and its grid map, for the L2 below.
  llvm::SmallVector<std::pair<int64_t, std::array<int, 3>>, 4> inputReads;
  Work workPerBlock;
  // Sums kept in mma registers (fragmentAccumulatedMatmul): their products
  // are never stored, and the accumulator's tile is written once.
  llvm::SmallDenseSet<int, 4> inRegisters;
  for (const Op &bop : g.ops) {
    int m = fragmentAccumulatedMatmul(g, bop, g.threads);
    if (m >= 0)
      inRegisters.insert(g.ops[m].results[0]);
  }
  // Ops whose values their savers compute (the saver counts the loads).
  std::vector<int> savedBy = opsComputedBySavers(g);
  // The memory plan (for the occupancy below, and for which loop ops the
  // lowering hoists: they run once, before the loop).
  llvm::FailureOr<MemoryPlan> memoryPlan = plannedMemory(g, *schedule);
  std::vector<bool> hoisted(g.ops.size(), false);
  std::optional<SoftmaxRescale> rescale;
  if (succeeded(memoryPlan)) {
    // The running-max form as planned (a split softmax's producer is
    // planned in it by addSplitSoftmaxMaxima, which estimateCost runs on
    // an unplanned program).
    rescale = plannedSoftmaxRescale(g, memoryPlan->totalBytes);
    hoisted = loopInvariantOps(g, *schedule, *memoryPlan,
                               rescale ? rescale->expOp : -1);
  }
  for (auto [i, bop] : llvm::enumerate(g.ops)) {
    int64_t runs = schedule->phase[i] == Phase::Loop && !hoisted[i] ? f : 1;
    if (savedBy[i] >= 0) {
      workPerBlock += opWork(bop, g).scaled(runs);
      continue;
    }
    if (bop.kind == OpKind::Accum && inRegisters.contains(bop.operands[0])) {
      smemPerBlock += bytesOf(g, bop.results[0]);
      accessesPerBlock += elementsOf(bop.results[0]);
      continue;
    }
    if (isPassThroughAccum(g, bop))
      continue; // its result is its operand's tile: no code
    switch (bop.kind) {
    case OpKind::BlockInput: {
      int64_t loads = bop.fmap == kReplica ? 1 : f;
      int64_t tile = bytesOf(g, bop.results[0]);
      readPerBlock += tile * loads;
      inputReads.push_back({tile * loads, bop.gridMap});
      if (loadedBySavers[i])
        break;                      // read into registers by the savers
      smemPerBlock += tile * loads; // the copy lands in shared memory
      // The threads' chunks, or one bulk copy the TMA writes.
      accessesPerBlock +=
          (bop.tma ? 1 : ceilDiv(tile, std::max<int64_t>(bop.copyBytes, 1))) *
          loads;
      break;
    }
    case OpKind::BlockOutput: {
      // Written in the tensor's dtype.
      int64_t tile = g.type(bop.operands[0]).numElements() *
                     dtypeBytes(g.type(bop.results[0]).dtype);
      writePerBlock += tile;
      smemPerBlock += tile;
      accessesPerBlock += saverCopy(g, bop).sharedLoads;
      break;
    }
    case OpKind::RunningMax:
      // Writes each row's maximum (kept in f32 per row) into its tile.
      smemPerBlock += bytesOf(g, bop.results[0]);
      accessesPerBlock += elementsOf(bop.results[0]);
      break;
    case OpKind::Accum:
      // Reads the iteration's tile and writes it into the accumulator.
      smemPerBlock += 2 * bytesOf(g, bop.operands[0]) * runs;
      accessesPerBlock += 2 * elementsOf(bop.operands[0]) * runs;
      workPerBlock += opWork(bop, g).scaled(runs);
      break;
    default: {
      int64_t traffic = 0, accesses = 0;
      bool tensorCores =
          bop.kind == OpKind::Matmul && runsOnTensorCores(g, bop);
      // A wgmma's operands are read by the tensor cores themselves: no
      // load instruction of the threads.
      bool wgmma = bop.kind == OpKind::Matmul &&
                   bop.mma == uint8_t(MmaPlan::Wgmma);
      for (auto [i, v] : llvm::enumerate(bop.operands)) {
        traffic += bytesOf(g, v);
        if (wgmma)
          continue;
        accesses += tensorCores && fragmentLoad(g, bop, int(i)) !=
                                       FragmentLoad::Elements
                        ? ceilDiv(bytesOf(g, v), 16)
                        : elementsOf(v);
      }
      for (int v : bop.results)
        if (!inRegisters.contains(v)) {
          traffic += bytesOf(g, v);
          // Fragment results are stored in pairs.
          accesses += tensorCores ? ceilDiv(elementsOf(v), 2) : elementsOf(v);
        }
      smemPerBlock += traffic * runs;
      accessesPerBlock += accesses * runs;
      workPerBlock += opWork(bop, g).scaled(runs);
      break;
    }
    }
  }
  k.bytesRead = readPerBlock * blocks;
  k.bytesWritten = writePerBlock * blocks;
  k.work = workPerBlock.scaled(blocks);
  k.sharedMemoryTraffic = smemPerBlock * blocks;
  // One barrier between consecutive dependent steps: the loop body's depths
  // in every iteration (its last barrier is the back edge), then the
  // post-loop depths.
  // A depth holding only sums kept in registers, pass-through accumulators
  // or ops their savers compute emits nothing, so it needs no barrier (the
  // step before ends the iteration, or separates its neighbours).
  // Hoisted ops run before the loop, a barrier after each of their steps.
  auto depthsWithWork = [&](Phase phase, bool hoistedOps) {
    int64_t n = 0;
    for (int d = 0; d < schedule->numDepths[int(phase)]; ++d) {
      bool work = false;
      for (auto [i, bop] : llvm::enumerate(g.ops))
        work |= schedule->phase[i] == phase && schedule->depth[i] == d &&
                hoisted[i] == hoistedOps &&
                !(bop.kind == OpKind::Accum &&
                  inRegisters.contains(bop.operands[0])) &&
                !isPassThroughAccum(g, bop) && savedBy[i] < 0 &&
                !loadedBySavers[i];
      n += work;
    }
    return n;
  };
  // Sums initialized in shared memory (or running maxima), then a barrier.
  bool initialized =
      rescale.has_value() || llvm::any_of(g.ops, [&](const Op &bop) {
        return startsInSharedMemory(g, bop, g.threads);
      });
  k.barriersPerBlock = std::max<int64_t>(
      0, int64_t(initialized) + depthsWithWork(Phase::Loop, true) +
             f * depthsWithWork(Phase::Loop, false) +
             depthsWithWork(Phase::PostLoop, false) - 1);

  // Occupancy.
  k.sharedMemoryPerBlock = sharedMemoryUpperBound(g);
  if (o.useMemoryPlan && succeeded(memoryPlan))
    k.sharedMemoryPerBlock = plannedSharedMemoryBytes(g, *memoryPlan);
  k.blocksPerSM = residentBlocksPerSM(t, g.threads, k.sharedMemoryPerBlock,
                                      o.registersPerThread);
  k.fits =
      k.sharedMemoryPerBlock <= t.sharedMemoryPerBlock && k.blocksPerSM >= 1;
  if (!k.fits) {
    finish(k);
    return k;
  }

  // Blocks are spread over the SMs; the busiest SM sets the time.
  int64_t sms = t.numSMs;
  int64_t perSM = ceilDiv(blocks, sms);
  int64_t active = std::min(blocks, sms);
  int64_t resident = std::min(perSM, k.blocksPerSM);
  k.blocksOnBusiestSM = perSM;
  k.waves = ceilDiv(blocks, sms * k.blocksPerSM);
  k.smUtilization = double(blocks) / double(sms * perSM);

  // L2: a tile several blocks load comes from device memory once and from
  // L2 after that — for the whole grid when the kernel's distinct input
  // bytes fit in L2, else among the blocks resident at once.
  int64_t window = std::min(blocks, sms * k.blocksPerSM);
  double distinctBytes = 0;
  for (const auto &[bytes, gridMap] : inputReads)
    distinctBytes += double(bytes) * double(blocks) /
                     tileSharing(g.grid, gridMap, window).first;
  bool fitsL2 = distinctBytes <= double(t.l2CacheBytes);
  double fromDevicePerBlock = 0;
  for (const auto &[bytes, gridMap] : inputReads) {
    auto [overGrid, inWindow] = tileSharing(g.grid, gridMap, window);
    fromDevicePerBlock += double(bytes) / (fitsL2 ? overGrid : inWindow);
  }
  double fromL2PerBlock = double(readPerBlock) - fromDevicePerBlock;
  k.l2HitBytes = int64_t(fromL2PerBlock * double(blocks));

  // Memory: the active SMs share the bandwidth; an SM draws at most what
  // its resident blocks keep in flight, per Little's law. L2 hits share
  // L2's bandwidth.
  double share = t.memoryBandwidth * o.memoryEfficiency / double(active);
  double l2Share = t.l2Bandwidth() * o.memoryEfficiency / double(active);
  int64_t inFlight =
      std::min(readPerBlock, g.stages * ceilDiv(readPerBlock, f));
  double perSMRead =
      std::min(share, double(resident * inFlight) / t.memoryLatencySec);
  k.readBandwidth = perSMRead * double(active);
  double readSeconds =
      fromDevicePerBlock / perSMRead + fromL2PerBlock / l2Share;
  k.memoryUs =
      1e6 * double(perSM) * (readSeconds + double(writePerBlock) / share);

  // Compute and shared memory: an SM has 1/SMs of every peak.
  k.computeUs = 1e6 * double(perSM * sms) *
                computeSeconds(workPerBlock, t.mmaSyncFlops, t, o);
  k.sharedMemoryUs = 1e6 * double(perSM * sms) * double(smemPerBlock) /
                     t.sharedMemoryBandwidth();
  // Blocks resident together overlap each other's stalls; waves do not.
  k.syncUs = 1e6 * double(k.waves) * double(k.barriersPerBlock) * t.syncCycles /
             t.clockHz;
  // One thread's dependent chain: its share of the block's shared-memory
  // accesses, arithmetic and special functions, and every barrier, each at
  // its exposed latency. Blocks resident together hide each other's
  // latency; an SM runs its blocks in rounds of the resident ones.
  double threads = double(g.threads);
  k.sharedAccessesPerBlock = accessesPerBlock;
  double chainCycles =
      double(accessesPerBlock) / threads * t.sharedAccessCycles +
      double(workPerBlock.cudaCoreFlops) / threads * t.arithmeticCycles +
      double(workPerBlock.specialFunctionOps) / threads *
          t.specialFunctionCycles +
      double(k.barriersPerBlock) * t.syncCycles;
  if (!o.libraryKernels) {
    k.threadUs =
        1e6 * double(ceilDiv(perSM, resident)) * chainCycles / t.clockHz;
    // Loads overlap computation only where the plan pipelines them: one
    // stage (or one iteration) waits for every load; a pipelined loop
    // hides part of the shorter (the target's measured share).
    double exposed = g.stages > 1 && f > 1 ? t.pipelinedExposedShare : 1.0;
    k.exposedUs = exposed * std::min(k.memoryUs, workUs(k));
  }
  k.latencyUs = 1e6 * t.memoryLatencySec;
  finish(k);
  return k;
}

llvm::FailureOr<KernelCost>
tsopt::estimateKernelCost(const Graph &program, int opIndex,
                          const TargetDesc &target, const CostOptions &options,
                          std::string *why) {
  assert(opIndex >= 0 && size_t(opIndex) < program.ops.size() &&
         "op index out of range");
  const Op &op = program.ops[opIndex];
  llvm::FailureOr<KernelCost> k;
  if (op.kind == OpKind::Kernel && op.body) {
    k = graphDefinedCost(op, target, options, why);
  } else if (llvm::FailureOr<Graph> body =
                 options.libraryKernels
                     ? llvm::FailureOr<Graph>(llvm::failure())
                     : planExpandedKernel(program, op, target, {});
             succeeded(body)) {
    // Priced as emitted: the kernel the lowering runs the op as.
    Op kernel = op;
    kernel.kind = OpKind::Kernel;
    kernel.body = std::make_shared<const Graph>(std::move(*body));
    k = graphDefinedCost(kernel, target, options, why);
    if (succeeded(k)) {
      k->kind = op.kind;
      k->expanded = true;
    }
  } else {
    // A library kernel (asked for, or an op without an expansion).
    k = predefinedCost(program, op, target, options);
  }
  if (succeeded(k))
    k->opIndex = opIndex;
  return k;
}

bool tsopt::lowersToView(const Graph &program, int opIndex) {
  const Op &op = program.ops[opIndex];
  return program.level == Level::Kernel && op.kind == OpKind::Reshape &&
         !llvm::is_contained(program.outputs, op.results[0]);
}

llvm::FailureOr<ProgramCost> tsopt::estimateCost(const Graph &program,
                                                 const TargetDesc &target,
                                                 const CostOptions &options,
                                                 std::string *why) {
  if (program.level != Level::Kernel) {
    if (why)
      *why = "not a kernel graph";
    return llvm::failure();
  }
  // The program as the lowering emits it: convolutions too large for one
  // kernel over bands of rows, split softmaxes with their row maxima (as
  // tsopt-plan-kernels records them; a planned program has them already).
  ConvolutionKernels asKernels = convolutionsAsKernels(program, target);
  Graph &emitted = asKernels.graph;
  addSplitSoftmaxMaxima(emitted);
  ProgramCost p;
  for (int i = 0, e = emitted.ops.size(); i < e; ++i) {
    if (lowersToView(emitted, i))
      continue;
    llvm::FailureOr<KernelCost> k =
        estimateKernelCost(emitted, i, target, options, why);
    if (failed(k))
      return llvm::failure();
    k->opIndex = asKernels.origin[i];
    p.fits &= k->fits;
    p.kernelUs += k->timeUs;
    p.kernels.push_back(*k);
  }
  p.launchUs = 1e6 * double(p.kernels.size()) * target.launchOverheadSec;
  p.totalUs = p.kernelUs + p.launchUs;
  return p;
}

double tsopt::estimatedUs(const Graph &program, const TargetDesc &target) {
  llvm::FailureOr<ProgramCost> cost = estimateCost(program, target);
  return succeeded(cost) && cost->fits
             ? cost->totalUs
             : std::numeric_limits<double>::infinity();
}
