//===- SoftmaxPlan.cpp - Running maxima and reduction trees ---------------===//

#include "tsopt/Optimize/SoftmaxPlan.h"
#include "tsopt/Optimize/MemoryPlan.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <memory>

using namespace tsopt;

namespace {

/// The partial results of a split softmax and the kernels that merge them
/// (FlashDecoding's combine step).
struct SplitSoftmax {
  /// Producer block output ops (by index) of the partials, the kernel
  /// result each writes, and that result's position in the kernel.
  struct Partial {
    int output, tensor;
  };
  llvm::SmallVector<Partial, 2> partials;
  /// Consumer kernel (op index in the function) and the operand position
  /// of a partial in it.
  struct Use {
    int kernel, operand;
  };
  llvm::SmallVector<Use, 2> uses;
};

/// Whether the partials written by kernel `producer` (its accumulators
/// `accums`, rescaled to their rows' running maxima) can be merged by their
/// consumers: every use is a graph-defined kernel whose input iterator feeds
/// the tile, unchanged, to a sum accumulator, and the merged accumulators of
/// each consumer meet only as quotients of each other (so the common factor
/// cancels). No partial may be a result of the function.
std::optional<SplitSoftmax> findSplitSoftmax(const Graph &g, int producer,
                                             const Graph &body,
                                             llvm::ArrayRef<int> accums) {
  SplitSoftmax split;
  for (int a : accums)
    for (auto [i, o] : llvm::enumerate(body.ops)) {
      if (o.kind != OpKind::BlockOutput ||
          o.operands[0] != body.ops[a].results[0])
        continue;
      int pos = llvm::find(body.outputs, o.results[0]) - body.outputs.begin();
      int tensor = g.ops[producer].results[pos];
      if (llvm::is_contained(g.outputs, tensor))
        return std::nullopt;
      split.partials.push_back({static_cast<int>(i), tensor});
    }
  // Merged accumulators of each consumer, by accumulator result value.
  llvm::DenseMap<int, llvm::SmallDenseSet<int, 4>> merged;
  for (const SplitSoftmax::Partial &p : split.partials)
    for (auto [k, op] : llvm::enumerate(g.ops)) {
      for (auto [pos, v] : llvm::enumerate(op.operands)) {
        if (v != p.tensor)
          continue;
        if (op.kind != OpKind::Kernel)
          return std::nullopt;
        const Graph &cb = *op.body;
        if (llvm::any_of(cb.ops, [](const Op &o) {
              return o.kind == OpKind::Exp || o.kind == OpKind::ThreadGraph;
            }))
          return std::nullopt;
        int in = -1, acc = -1, readers = 0;
        for (auto [j, o] : llvm::enumerate(cb.ops))
          if (llvm::is_contained(o.operands, cb.inputs[pos])) {
            ++readers;
            in = j;
          }
        if (readers != 1 || cb.ops[in].kind != OpKind::BlockInput)
          return std::nullopt;
        int tile = cb.ops[in].results[0], tileUsers = 0;
        for (auto [j, o] : llvm::enumerate(cb.ops))
          if (llvm::is_contained(o.operands, tile)) {
            ++tileUsers;
            acc = j;
          }
        if (tileUsers != 1 || cb.ops[acc].kind != OpKind::Accum ||
            cb.ops[acc].accum != AccumKind::Sum ||
            cb.ops[acc].fmap != kReplica)
          return std::nullopt;
        merged[k].insert(cb.ops[acc].results[0]);
        split.uses.push_back({static_cast<int>(k), static_cast<int>(pos)});
      }
    }
  for (auto &[k, values] : merged) {
    const Graph &cb = *g.ops[k].body;
    bool divided = false;
    for (const Op &o : cb.ops)
      for (int v : o.operands) {
        if (!values.contains(v) || o.kind == OpKind::Accum)
          continue;
        if (o.kind != OpKind::Div || !values.contains(o.operands[0]) ||
            !values.contains(o.operands[1]))
          return std::nullopt;
        divided = true;
      }
    if (!divided)
      return std::nullopt;
  }
  return split;
}

/// Adds the row maxima of `split`'s partials to `g`: a kernel result (f32)
/// next to each partial, written by a second output saver in `producerBody`
/// (recorded in `maxOutputs`), and, in each consumer, an input iterator
/// reading it with the partial's maps, given to the partial's accumulator as
/// its second operand.
void addRowMaxima(Graph &g, int producer, Graph &producerBody,
                  const SplitSoftmax &split,
                  llvm::SmallVectorImpl<int> &maxOutputs) {
  // One maximum per row of each producer tile, as FlashDecoding writes one
  // log-sum-exp per row and split: the maxima tensor is the partial's shape
  // with its last dim divided by G, the last extent of the producer's tile,
  // so that every tile's columns share one value per row. G falls back to
  // 1 (a maximum per element) where a consumer's tile does not hold whole
  // producer tiles along the last dim.
  llvm::DenseMap<int, int> maxima; // partial tensor -> its maxima tensor
  auto narrowed = [](Shape shape, int64_t group) {
    shape.back() /= group;
    return shape;
  };
  for (const SplitSoftmax::Partial &p : split.partials) {
    Op saver = producerBody.ops[p.output];
    int acc = saver.operands[0];
    const TensorType &accType = producerBody.type(acc);
    int64_t group = accType.shape.back();
    for (const SplitSoftmax::Use &u : split.uses) {
      const Op &kernel = g.ops[u.kernel];
      if (kernel.operands[u.operand] != p.tensor)
        continue;
      for (const Op &o : kernel.body->ops)
        if (o.kind == OpKind::BlockInput &&
            o.operands[0] == kernel.body->inputs[u.operand] &&
            kernel.body->type(o.results[0]).shape.back() % group != 0)
          group = 1;
    }
    // The saver's tile: the accumulator's first columns, whose shape it
    // carries (the lowering writes each row's maximum in their place).
    Op columns;
    columns.kind = OpKind::Slice;
    columns.operands = {acc};
    columns.perm.assign(accType.shape.size(), 0);
    int c = producerBody.addOp(
        columns, {{narrowed(accType.shape, group), accType.dtype}});
    saver.operands = {c};
    TensorType type{narrowed(g.type(p.tensor).shape, group), DType::F32};
    maxOutputs.push_back(producerBody.ops.size());
    int r = producerBody.addOp(saver, {type});
    producerBody.outputs.push_back(r);
    int m = g.values.size();
    g.values.push_back(type);
    g.ops[producer].results.push_back(m);
    maxima[p.tensor] = m;
  }
  for (const SplitSoftmax::Use &u : split.uses) {
    Op &kernel = g.ops[u.kernel];
    int partialTensor = kernel.operands[u.operand];
    int m = maxima.lookup(partialTensor);
    int64_t group =
        g.type(partialTensor).shape.back() / g.type(m).shape.back();
    kernel.operands.push_back(m);
    auto body = std::make_shared<Graph>(*kernel.body);
    // The partial's iterator (found again: earlier insertions moved it).
    auto partial = llvm::find_if(body->ops, [&](const Op &o) {
      return o.kind == OpKind::BlockInput &&
             o.operands[0] == body->inputs[u.operand];
    });
    Op read = *partial;
    read.copyBytes = 0; // another tile type: planned anew
    int tileOf = partial->results[0];
    int in = body->addInput(g.type(m));
    read.operands = {in};
    TensorType tile{narrowed(body->type(tileOf).shape, group), DType::F32};
    int t = body->values.size();
    body->values.push_back(tile);
    read.results = {t};
    for (Op &o : body->ops)
      if (o.kind == OpKind::Accum && o.operands.size() == 1 &&
          o.operands[0] == tileOf)
        o.operands.push_back(t);
    // Before every use: at the front.
    body->ops.insert(body->ops.begin(), read);
    // A kernel with other ops: scheduled and placed anew as a whole.
    dropScheduleAndMemoryPlan(*body);
    kernel.body = std::move(body);
  }
}

} // namespace

namespace tsopt {

ReductionTrees planReductionTrees(const Graph &bg,
                                  const SoftmaxRescale *rescale,
                                  int64_t threads, int64_t endBytes,
                                  int64_t limitBytes) {
  int64_t offset =
      (endBytes + kTileAlignment - 1) / kTileAlignment * kTileAlignment;
  // Scratch slots (f32): one per thread, fewer where the limit says so.
  int64_t maxSlots = threads;
  if (limitBytes > 0)
    maxSlots = std::min(maxSlots, std::max<int64_t>(0, limitBytes - offset) / 4);
  // A group of `size` elements, `groups` of them: split each over the
  // largest power of two of threads that leaves every group at least
  // kMinPerThread elements and fits all groups in the scratch slots.
  constexpr int64_t kMinPerThread = 4;
  auto widthFor = [&](int64_t groups, int64_t size) -> int64_t {
    int64_t width = 1;
    while (groups * width * 2 <= maxSlots &&
           size >= width * 2 * kMinPerThread)
      width *= 2;
    return width >= 2 ? width : 0;
  };
  ReductionTrees trees;
  int64_t slots = 0;
  for (auto [idx, op] : llvm::enumerate(bg.ops)) {
    int64_t groups = 0, size = 0;
    if (op.kind == OpKind::ReduceSum || op.kind == OpKind::ReduceMax) {
      const Shape &in = bg.type(op.operands[0]).shape;
      const Shape &out = bg.type(op.results[0]).shape;
      groups = numElements(out);
      size = in[op.dim] / out[op.dim];
    } else if (op.kind == OpKind::RmsNorm) {
      const Shape &xs = bg.type(op.operands[0]).shape;
      size = xs.back();
      groups = numElements(xs) / size;
    } else if (rescale && rescale->expOp == static_cast<int>(idx)) {
      groups = numElements(rescale->rows);
      size = bg.type(op.results[0]).shape.back();
    } else {
      continue;
    }
    if (int64_t width = widthFor(groups, size)) {
      trees.width[idx] = width;
      slots = std::max(slots, groups * width);
    }
  }
  if (trees.empty())
    return trees;
  trees.offset = offset;
  trees.bytes = slots * 4;
  return trees;
}

std::optional<SoftmaxRescale> findSoftmaxRescale(const Graph &bg,
                                                 const Schedule &schedule,
                                                 int64_t planBytes,
                                                 bool allowOutputs) {
  // Users of every value.
  std::vector<llvm::SmallVector<int, 2>> users(bg.values.size());
  for (auto [idx, op] : llvm::enumerate(bg.ops))
    for (int v : op.operands)
      users[v].push_back(idx);
  auto producesExp = [&](const Op &op) {
    if (op.kind == OpKind::Exp)
      return true;
    if (op.kind != OpKind::ThreadGraph || op.results.size() != 1)
      return false;
    const Graph &tg = *op.body;
    return llvm::any_of(tg.ops, [&](const Op &t) {
      return t.kind == OpKind::Exp && t.results[0] == tg.outputs[0];
    });
  };
  for (auto [idx, op] : llvm::enumerate(bg.ops)) {
    if (schedule.phase[idx] != Phase::Loop || !producesExp(op))
      continue;
    int e = op.results[0];
    const Shape &es = bg.type(e).shape;
    if (es.size() < 2 || users[e].empty())
      continue;
    Shape rows(es.begin(), es.end() - 1);
    SoftmaxRescale r;
    r.expOp = idx;
    r.rows = rows;
    bool ok = true;
    for (int u : users[e]) {
      const Op &use = bg.ops[u];
      const Shape &us = bg.type(use.results[0]).shape;
      bool rowPreserving =
          (use.kind == OpKind::Matmul && use.operands[0] == e &&
           use.operands[1] != e) ||
          (use.kind == OpKind::ReduceSum &&
           use.dim == static_cast<int64_t>(es.size()) - 1 && us.back() == 1);
      rowPreserving &= us.size() == es.size() &&
                       llvm::ArrayRef<int64_t>(us).drop_back() ==
                           llvm::ArrayRef<int64_t>(rows);
      const auto &next = users[use.results[0]];
      if (!rowPreserving || next.size() != 1) {
        ok = false;
        break;
      }
      const Op &acc = bg.ops[next[0]];
      if (acc.kind != OpKind::Accum || acc.accum != AccumKind::Sum ||
          acc.fmap != kReplica) {
        ok = false;
        break;
      }
      r.accums.push_back(next[0]);
    }
    if (!ok)
      continue;
    // After the loop, the accumulators only meet as quotients of each other,
    // or (the producing half of a split softmax) are only written out.
    llvm::SmallDenseSet<int, 4> accValues;
    for (int a : r.accums)
      accValues.insert(bg.ops[a].results[0]);
    bool divided = false, written = true;
    for (int a : r.accums)
      for (int u : users[bg.ops[a].results[0]]) {
        const Op &use = bg.ops[u];
        bool quotient = use.kind == OpKind::Div &&
                        accValues.contains(use.operands[0]) &&
                        accValues.contains(use.operands[1]);
        ok &= quotient;
        divided |= quotient;
        // Written out, or (a split softmax's row maxima) a column of it
        // written out.
        written &= use.kind == OpKind::BlockOutput ||
                   (use.kind == OpKind::Slice &&
                    llvm::all_of(users[use.results[0]], [&](int w) {
                      return bg.ops[w].kind == OpKind::BlockOutput;
                    }));
      }
    if (!(ok && divided) && !(allowOutputs && written))
      continue;
    r.writtenOut = !(ok && divided);
    int64_t rowBytes = numElements(rows) * 4;
    auto align = [](int64_t x) {
      return (x + kTileAlignment - 1) / kTileAlignment * kTileAlignment;
    };
    r.maxOffset = align(planBytes);
    r.scaleOffset = align(r.maxOffset + rowBytes);
    return r;
  }
  return std::nullopt;
}

} // namespace tsopt

llvm::DenseMap<int, llvm::SmallVector<int, 2>>
tsopt::addSplitSoftmaxMaxima(Graph &program) {
  llvm::DenseMap<int, llvm::SmallVector<int, 2>> producers;
  for (size_t i = 0; i < program.ops.size(); ++i) {
    const Op &op = program.ops[i];
    if (op.kind != OpKind::Kernel || !op.body ||
        llvm::none_of(op.body->ops, [](const Op &o) {
          return o.kind == OpKind::Exp || o.kind == OpKind::ThreadGraph;
        }))
      continue;
    llvm::FailureOr<Schedule> schedule = plannedSchedule(*op.body);
    if (failed(schedule))
      continue;
    std::optional<SoftmaxRescale> rescale =
        findSoftmaxRescale(*op.body, *schedule, 0, /*allowOutputs=*/true);
    if (!rescale || !rescale->writtenOut)
      continue;
    std::optional<SplitSoftmax> split =
        findSplitSoftmax(program, i, *op.body, rescale->accums);
    if (!split)
      continue;
    auto body = std::make_shared<Graph>(*op.body);
    llvm::SmallVector<int, 2> maxOutputs;
    addRowMaxima(program, i, *body, *split, maxOutputs);
    dropScheduleAndMemoryPlan(*body);
    program.ops[i].body = std::move(body);
    producers[i] = std::move(maxOutputs);
  }
  return producers;
}
