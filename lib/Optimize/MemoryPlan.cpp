//===- MemoryPlan.cpp - Shared-memory plan of a block graph ---------------===//

#include "tsopt/Optimize/MemoryPlan.h"
#include "tsopt/Core/Target.h"

#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>
#include <numeric>
#include <tuple>

using namespace tsopt;

const TileAllocation *MemoryPlan::lookup(int value, int stage) const {
  for (const TileAllocation &t : tiles)
    if (t.value == value && t.stage == stage)
      return &t;
  return nullptr;
}

std::vector<TileLifetime> tsopt::tileLifetimes(const Graph &g,
                                               const Schedule &s) {
  // Last step reading each value, -1 when nobody does.
  std::vector<int> lastUse(g.values.size(), -1);
  for (size_t i = 0; i < g.ops.size(); ++i)
    for (int v : g.ops[i].operands)
      lastUse[v] = std::max(lastUse[v], s.step(i));
  // A saver that computes an op's values reads that op's operands.
  std::vector<int> savedBy = opsComputedBySavers(g);
  std::vector<bool> withTiles = opsWithTiles(g);
  for (auto [i, saver] : llvm::enumerate(savedBy))
    if (saver >= 0)
      for (int v : g.ops[i].operands)
        lastUse[v] = std::max(lastUse[v], s.step(saver));

  // Loop invariance only matters when there is a later iteration to read a
  // tile computed once.
  bool manyIterations = g.forloop > 1;
  std::vector<bool> invariant(g.values.size(), false);
  int loopEnd = s.numDepths[static_cast<int>(Phase::Loop)] - 1;

  std::vector<TileLifetime> tiles;
  // The tile (index into `tiles`) holding each value: a pass-through
  // accumulator's result is its operand's tile, which then lives as long
  // as the accumulator's result would.
  std::vector<int> tileOf(g.values.size(), -1);
  for (size_t i = 0; i < g.ops.size(); ++i) {
    const Op &op = g.ops[i];
    if (isPassThroughAccum(g, op)) {
      int t = tileOf[op.operands[0]];
      tileOf[op.results[0]] = t;
      if (t >= 0)
        tiles[t].lastStep =
            std::max({tiles[t].lastStep, lastUse[op.results[0]], loopEnd});
      continue;
    }
    if (!withTiles[i])
      continue;
    bool isInvariant = false;
    if (manyIterations && s.phase[i] == Phase::Loop &&
        op.kind != OpKind::Accum) {
      if (op.kind == OpKind::BlockInput)
        isInvariant = op.fmap == kReplica;
      else
        isInvariant =
            llvm::all_of(op.operands, [&](int v) { return invariant[v]; });
    }
    for (int v : op.results) {
      invariant[v] = isInvariant;
      TileLifetime t;
      t.value = v;
      t.op = static_cast<int>(i);
      t.bytes = layoutStorageBytes(g.type(v).shape, dtypeBytes(g.type(v).dtype),
                                   tileLayout(g, v));
      t.firstStep = s.step(i);
      t.lastStep = std::max(t.firstStep, lastUse[v]);
      bool pipelined = g.stages > 1 && isPipelinedInput(g, op);
      if (op.kind == OpKind::Accum || isInvariant || pipelined) {
        t.firstStep = 0;
        t.lastStep = std::max(t.lastStep, loopEnd);
      }
      tileOf[v] = static_cast<int>(tiles.size());
      tiles.push_back(t);
      for (int stage = 1; pipelined && stage < g.stages; ++stage) {
        t.stage = stage;
        tiles.push_back(t);
      }
    }
  }
  // The tiles a TMA writes, every buffer of them: a swizzled one on a
  // repeat of its swizzle (the TMA XORs absolute address bits too), an
  // unswizzled one on 128 bytes.
  for (const Op &op : g.ops) {
    if (!op.tma || tileOf[op.results[0]] < 0)
      continue;
    int64_t alignment =
        op.layoutOf(0).swizzle ? kWgmmaTileAlignment : kTmaTileAlignment;
    for (TileLifetime &t : tiles)
      if (t.value == op.results[0])
        t.alignment = std::max(t.alignment, alignment);
  }
  // The tiles a wgmma reads, every buffer of them.
  for (const Op &op : g.ops) {
    if (op.kind != OpKind::Matmul || op.mma != uint8_t(MmaPlan::Wgmma))
      continue;
    for (int v : op.operands) {
      if (tileOf[v] < 0)
        continue;
      int value = tiles[tileOf[v]].value;
      for (TileLifetime &t : tiles)
        if (t.value == value)
          t.alignment = std::max(t.alignment, kWgmmaTileAlignment);
    }
  }
  return tiles;
}

static llvm::LogicalResult fail(std::string *why, std::string msg) {
  if (why)
    *why = std::move(msg);
  return llvm::failure();
}

static llvm::LogicalResult checkScheduleFits(const Graph &g, const Schedule &s,
                                             std::string *why) {
  if (s.phase.size() == g.ops.size())
    return llvm::success();
  return fail(why, "the schedule is not the graph's: it has " +
                       std::to_string(s.phase.size()) + " ops, the graph " +
                       std::to_string(g.ops.size()));
}

/// The tiles of `g` under `s` with their lifetimes and the plan's bounds,
/// not placed yet.
static MemoryPlan unplacedTiles(const Graph &g, const Schedule &s,
                                int64_t alignment) {
  MemoryPlan plan;
  plan.alignment = alignment;
  for (const TileLifetime &t : tileLifetimes(g, s)) {
    TileAllocation a;
    static_cast<TileLifetime &>(a) = t;
    plan.tiles.push_back(a);
    plan.noReuseBytes += t.bytes;
  }
  std::vector<int64_t> live(s.numSteps(), 0);
  for (const TileAllocation &t : plan.tiles)
    for (int step = t.firstStep; step <= t.lastStep; ++step)
      live[step] += t.bytes;
  for (int64_t b : live)
    plan.peakLiveBytes = std::max(plan.peakLiveBytes, b);
  return plan;
}

llvm::FailureOr<MemoryPlan> tsopt::planSharedMemory(const Graph &g,
                                                    const Schedule &s,
                                                    int64_t alignment,
                                                    std::string *why) {
  if (alignment <= 0 || !llvm::isPowerOf2_64(alignment))
    return fail(why, "alignment " + std::to_string(alignment) +
                         " is not a power of two");
  if (failed(checkScheduleFits(g, s, why)))
    return llvm::failure();
  MemoryPlan plan = unplacedTiles(g, s, alignment);

  // Big tiles first: they are the hardest to fit into gaps left by others.
  std::vector<int> byPriority(plan.tiles.size());
  std::iota(byPriority.begin(), byPriority.end(), 0);
  std::stable_sort(byPriority.begin(), byPriority.end(), [&](int a, int b) {
    const TileAllocation &x = plan.tiles[a], &y = plan.tiles[b];
    return std::make_tuple(-x.bytes, x.firstStep, x.value, x.stage) <
           std::make_tuple(-y.bytes, y.firstStep, y.value, y.stage);
  });

  std::vector<int> placed;
  for (int idx : byPriority) {
    TileAllocation &t = plan.tiles[idx];
    llvm::SmallVector<const TileAllocation *, 8> conflicts;
    for (int p : placed)
      if (plan.tiles[p].overlapsInTime(t))
        conflicts.push_back(&plan.tiles[p]);
    llvm::sort(conflicts, [](const TileAllocation *a, const TileAllocation *b) {
      return std::make_tuple(a->offset, a->value, a->stage) <
             std::make_tuple(b->offset, b->value, b->stage);
    });
    // Sweep the conflicting tiles bottom-up; the first gap below one of them
    // (or the end of all of them) that holds the tile is the lowest offset.
    uint64_t align = std::max(alignment, t.alignment);
    int64_t candidate = 0;
    for (const TileAllocation *c : conflicts) {
      if (candidate + t.bytes <= c->offset)
        break;
      candidate = std::max(
          candidate,
          static_cast<int64_t>(llvm::alignTo(c->offset + c->bytes, align)));
    }
    t.offset = candidate;
    plan.totalBytes = std::max(plan.totalBytes, t.offset + t.bytes);
    placed.push_back(idx);
  }

  assert(succeeded(verifyPlan(g, s, plan)) && "overlapping live tiles");
  return plan;
}

llvm::FailureOr<MemoryPlan>
tsopt::planSharedMemory(const Graph &g, int64_t alignment, std::string *why) {
  llvm::FailureOr<Schedule> s = plannedSchedule(g, why);
  if (failed(s))
    return llvm::failure();
  return planSharedMemory(g, *s, alignment, why);
}

static std::string describe(const Graph &g, const TileAllocation &t) {
  llvm::StringRef kind = t.op >= 0 && static_cast<size_t>(t.op) < g.ops.size()
                             ? stringifyOpKind(g.ops[t.op].kind)
                             : "no op";
  return "tile %" + std::to_string(t.value) + " (" + kind.str() + ", " +
         std::to_string(t.bytes) + " bytes at " + std::to_string(t.offset) +
         ", steps " + std::to_string(t.firstStep) + ".." +
         std::to_string(t.lastStep) + ")";
}

llvm::LogicalResult tsopt::verifyPlan(const Graph &g, const Schedule &s,
                                      const MemoryPlan &plan,
                                      std::string *why) {
  if (failed(checkScheduleFits(g, s, why)))
    return llvm::failure();
  std::vector<TileLifetime> want = tileLifetimes(g, s);
  if (want.size() != plan.tiles.size())
    return fail(why, "the plan places " + std::to_string(plan.tiles.size()) +
                         " tiles, the graph has " +
                         std::to_string(want.size()));
  if (plan.alignment <= 0 || !llvm::isPowerOf2_64(plan.alignment))
    return fail(why, "alignment " + std::to_string(plan.alignment) +
                         " is not a power of two");
  for (size_t i = 0; i < want.size(); ++i) {
    const TileAllocation &t = plan.tiles[i];
    const TileLifetime &w = want[i];
    if (t.value != w.value || t.op != w.op || t.bytes != w.bytes ||
        t.firstStep != w.firstStep || t.lastStep != w.lastStep ||
        t.stage != w.stage)
      return fail(why, describe(g, t) + " does not match the graph's tile %" +
                           std::to_string(w.value));
    int64_t align = std::max(plan.alignment, w.alignment);
    if (t.offset < 0 || t.offset % align != 0)
      return fail(why, describe(g, t) +
                           " is not at a non-negative multiple of " +
                           std::to_string(align) +
                           (w.alignment > plan.alignment
                                ? (g.ops[w.op].tma ? " (a TMA copy writes it)"
                                                   : " (a wgmma reads it)")
                                : ""));
    if (t.offset + t.bytes > plan.totalBytes)
      return fail(why, describe(g, t) + " ends past the plan's total " +
                           std::to_string(plan.totalBytes));
  }
  for (size_t i = 0; i < plan.tiles.size(); ++i)
    for (size_t j = i + 1; j < plan.tiles.size(); ++j) {
      const TileAllocation &a = plan.tiles[i], &b = plan.tiles[j];
      if (a.overlapsInTime(b) && a.offset < b.offset + b.bytes &&
          b.offset < a.offset + a.bytes)
        return fail(why, describe(g, a) + " and " + describe(g, b) +
                             " are live at once and overlap");
    }
  return llvm::success();
}

llvm::FailureOr<MemoryPlan>
tsopt::plannedMemory(const Graph &g, const Schedule &s, std::string *why) {
  if (failed(checkScheduleFits(g, s, why)))
    return llvm::failure();
  MemoryPlan plan = unplacedTiles(g, s, kTileAlignment);
  // Each op's recorded offsets, in the order of its tiles; an op whose
  // count differs (no plan, or a plan of other stages) leaves the plan to
  // the allocator. So does a pass-through accumulator that records an
  // offset: it has no tile, so the plan was made when it had one.
  std::vector<size_t> tilesOf(g.ops.size(), 0);
  for (const TileAllocation &t : plan.tiles)
    ++tilesOf[t.op];
  for (auto [i, op] : llvm::enumerate(g.ops))
    if (op.offsets.size() != tilesOf[i])
      return planSharedMemory(g, s, kTileAlignment, why);
  std::vector<size_t> next(g.ops.size(), 0);
  for (TileAllocation &t : plan.tiles) {
    t.offset = g.ops[t.op].offsets[next[t.op]++];
    plan.totalBytes = std::max(plan.totalBytes, t.offset + t.bytes);
  }
  std::string bad;
  if (failed(verifyPlan(g, s, plan, &bad)))
    return fail(why, "the recorded shared-memory plan does not hold: " + bad);
  return plan;
}
