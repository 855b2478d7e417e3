//===- RunningMax.cpp - The running-max form of a softmax -----------------===//

#include "tsopt/Core/RunningMax.h"
#include "tsopt/Core/ShapeRules.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace tsopt;

bool tsopt::producesExp(const Op &op) {
  if (op.kind == OpKind::Exp)
    return true;
  if (op.kind != OpKind::ThreadGraph || op.results.size() != 1 || !op.body)
    return false;
  const Graph &tg = *op.body;
  return llvm::any_of(tg.ops, [&](const Op &t) {
    return t.kind == OpKind::Exp && t.results[0] == tg.outputs[0];
  });
}

/// Whether op `idx` of block graph `bg` runs in the for-loop body (Mirage
/// Def. 2.1 (3): past one input iterator, before any accumulator).
static bool inLoopBody(const Graph &bg, int idx) {
  std::vector<Stage> stage(bg.values.size(), Stage::Tensor);
  for (int i = 0; i <= idx; ++i) {
    const Op &op = bg.ops[i];
    llvm::SmallVector<Stage, 4> operands;
    for (int v : op.operands)
      operands.push_back(stage[v]);
    llvm::FailureOr<Stage> s = resultStage(op.kind, operands);
    if (failed(s))
      return false;
    for (int r : op.results)
      stage[r] = *s;
  }
  return stage[bg.ops[idx].results[0]] == Stage::Loop;
}

std::optional<RunningMaxForm> tsopt::runningMaxFormAt(const Graph &bg,
                                                      int idx) {
  if (idx < 0 || idx >= static_cast<int>(bg.ops.size()) ||
      !producesExp(bg.ops[idx]) || !inLoopBody(bg, idx))
    return std::nullopt;
  std::vector<llvm::SmallVector<int, 2>> users(bg.values.size());
  for (auto [i, op] : llvm::enumerate(bg.ops))
    for (int v : op.operands)
      users[v].push_back(i);
  int e = bg.ops[idx].results[0];
  const Shape &es = bg.type(e).shape;
  if (es.size() < 2 || users[e].empty())
    return std::nullopt;
  RunningMaxForm form;
  form.expOp = idx;
  form.rows.assign(es.begin(), es.end() - 1);
  for (int u : users[e]) {
    const Op &use = bg.ops[u];
    const Shape &us = bg.type(use.results[0]).shape;
    bool rowPreserving =
        (use.kind == OpKind::Matmul && use.operands[0] == e &&
         use.operands[1] != e) ||
        (use.kind == OpKind::ReduceSum &&
         use.dim == static_cast<int64_t>(es.size()) - 1 && us.back() == 1);
    rowPreserving &=
        us.size() == es.size() && llvm::ArrayRef<int64_t>(us).drop_back() ==
                                      llvm::ArrayRef<int64_t>(form.rows);
    const auto &next = users[use.results[0]];
    if (!rowPreserving || next.size() != 1)
      return std::nullopt;
    const Op &acc = bg.ops[next[0]];
    if (acc.kind != OpKind::Accum || acc.accum != AccumKind::Sum ||
        acc.fmap != kReplica || acc.operands.size() != 1)
      return std::nullopt;
    form.accums.push_back(next[0]);
  }
  // After the loop, the accumulators only meet as quotients of each other,
  // or (the producing half of a split softmax) are only written out.
  llvm::SmallDenseSet<int, 4> accValues;
  for (int a : form.accums)
    accValues.insert(bg.ops[a].results[0]);
  bool quotients = true, divided = false, written = true;
  for (int a : form.accums)
    for (int u : users[bg.ops[a].results[0]]) {
      const Op &use = bg.ops[u];
      bool quotient = use.kind == OpKind::Div &&
                      accValues.contains(use.operands[0]) &&
                      accValues.contains(use.operands[1]);
      quotients &= quotient;
      divided |= quotient;
      // Written out, beside (a split softmax planned) its rows' maxima.
      written &=
          use.kind == OpKind::BlockOutput || use.kind == OpKind::RunningMax;
    }
  if (quotients && divided)
    return form;
  if (!written)
    return std::nullopt;
  form.writtenOut = true;
  return form;
}

std::optional<RunningMaxForm> tsopt::runningMaxForm(const Graph &bg) {
  for (auto [i, op] : llvm::enumerate(bg.ops))
    if (op.expForm == uint8_t(ExpForm::RunningMax))
      return runningMaxFormAt(bg, i);
  for (auto [i, op] : llvm::enumerate(bg.ops)) {
    if (op.expForm != uint8_t(ExpForm::Unplanned) || !producesExp(op))
      continue;
    std::optional<RunningMaxForm> form = runningMaxFormAt(bg, i);
    if (form && !form->writtenOut)
      return form;
  }
  return std::nullopt;
}

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
            cb.ops[acc].accum != AccumKind::Sum || cb.ops[acc].fmap != kReplica)
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
/// next to each partial, computed by a bgraph.running_max of the partial's
/// accumulator in `producerBody` and written by a saver beside the
/// partial's, and, in each consumer, an input iterator reading it with the
/// partial's maps, given to the partial's accumulator as its second
/// operand.
void addRowMaxima(Graph &g, int producer, Graph &producerBody,
                  const SplitSoftmax &split) {
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
    Op rowMax;
    rowMax.kind = OpKind::RunningMax;
    rowMax.operands = {acc};
    int m = producerBody.addOp(rowMax,
                               {{narrowed(accType.shape, group), DType::F32}});
    saver.operands = {m};
    saver.offsets.clear();
    saver.depth = -1;
    TensorType type{narrowed(g.type(p.tensor).shape, group), DType::F32};
    int r = producerBody.addOp(saver, {type});
    producerBody.outputs.push_back(r);
    int t = g.values.size();
    g.values.push_back(type);
    g.ops[producer].results.push_back(t);
    maxima[p.tensor] = t;
  }
  for (const SplitSoftmax::Use &u : split.uses) {
    Op &kernel = g.ops[u.kernel];
    int partialTensor = kernel.operands[u.operand];
    int m = maxima.lookup(partialTensor);
    int64_t group = g.type(partialTensor).shape.back() / g.type(m).shape.back();
    kernel.operands.push_back(m);
    auto body = std::make_shared<Graph>(*kernel.body);
    // The partial's iterator (found again: earlier insertions moved it).
    auto partial = llvm::find_if(body->ops, [&](const Op &o) {
      return o.kind == OpKind::BlockInput &&
             o.operands[0] == body->inputs[u.operand];
    });
    Op read = *partial;
    read.copyBytes = 0; // another tile type: planned anew
    read.layouts.clear();
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

/// The running-max form of the exp of kernel body `body` that may be a
/// split softmax's producer: the exp planned in the form, or, where none
/// is, the first one not planned literal that fits it; only written-out
/// forms qualify.
static std::optional<RunningMaxForm> writtenOutForm(const Graph &body) {
  std::optional<RunningMaxForm> form = runningMaxForm(body);
  bool recorded = llvm::any_of(body.ops, [](const Op &o) {
    return o.expForm == uint8_t(ExpForm::RunningMax);
  });
  for (size_t e = 0; !form && !recorded && e < body.ops.size(); ++e)
    if (body.ops[e].expForm == uint8_t(ExpForm::Unplanned))
      form = runningMaxFormAt(body, e);
  if (!form || !form->writtenOut)
    return std::nullopt;
  return form;
}

void tsopt::planSplitSoftmaxForms(Graph &program) {
  for (size_t i = 0; i < program.ops.size(); ++i) {
    const Op &op = program.ops[i];
    if (op.kind != OpKind::Kernel || !op.body)
      continue;
    std::optional<RunningMaxForm> form = writtenOutForm(*op.body);
    if (!form || !findSplitSoftmax(program, i, *op.body, form->accums))
      continue;
    if (op.body->ops[form->expOp].expForm == uint8_t(ExpForm::RunningMax))
      continue;
    auto body = std::make_shared<Graph>(*op.body);
    body->ops[form->expOp].expForm = uint8_t(ExpForm::RunningMax);
    program.ops[i].body = std::move(body);
  }
}

bool tsopt::writesRowMaxima(const Graph &blockGraph) {
  return llvm::any_of(blockGraph.ops,
                      [](const Op &o) { return o.kind == OpKind::RunningMax; });
}

bool tsopt::addSplitSoftmaxMaxima(Graph &program) {
  planSplitSoftmaxForms(program);
  bool added = false;
  for (size_t i = 0; i < program.ops.size(); ++i) {
    const Op &op = program.ops[i];
    if (op.kind != OpKind::Kernel || !op.body || writesRowMaxima(*op.body))
      continue;
    const Graph &body = *op.body;
    std::optional<RunningMaxForm> form = runningMaxForm(body);
    if (!form || !form->writtenOut)
      continue;
    std::optional<SplitSoftmax> split =
        findSplitSoftmax(program, i, body, form->accums);
    if (!split)
      continue;
    auto planned = std::make_shared<Graph>(body);
    addRowMaxima(program, i, *planned, *split);
    dropScheduleAndMemoryPlan(*planned);
    program.ops[i].body = std::move(planned);
    added = true;
  }
  return added;
}

bool tsopt::readsRescaledAccumulator(const Graph &bg,
                                     llvm::ArrayRef<int> accums, const Op &op) {
  return op.kind == OpKind::RunningMax && llvm::any_of(accums, [&](int a) {
           return bg.ops[a].results[0] == op.operands[0];
         });
}
