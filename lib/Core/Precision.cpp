//===- Precision.cpp - The tile precision plan ----------------------------===//

#include "tsopt/Core/Precision.h"
#include "tsopt/Core/RunningMax.h"

#include <functional>
#include <memory>
#include <optional>

using namespace tsopt;

bool tsopt::isTensorCoreMatmul(const Graph &bg, const Op &op) {
  if (op.kind != OpKind::Matmul)
    return false;
  const TensorType &a = bg.type(op.operands[0]), &b = bg.type(op.operands[1]);
  // A dim that m16n8k16 does not divide is padded by the lowering.
  return isHalf(matmulInputType(a.dtype, b.dtype)) &&
         bg.type(op.results[0]).shape.size() >= 2 && a.shape.size() >= 2 &&
         b.shape.size() >= 2;
}

void tsopt::planTilePrecision(Graph &bg) {
  if (bg.level != Level::Block)
    return;
  // Readers of every value: (op index, operand position).
  std::vector<llvm::SmallVector<std::pair<int, int>, 2>> uses(bg.values.size());
  for (auto [idx, op] : llvm::enumerate(bg.ops))
    for (auto [pos, v] : llvm::enumerate(op.operands))
      uses[v].push_back({static_cast<int>(idx), static_cast<int>(pos)});

  // The exps of a softmax in the running-max form lie in [0, 1].
  std::optional<RunningMaxForm> runningMax = runningMaxForm(bg);
  int boundedExp = runningMax ? bg.ops[runningMax->expOp].results[0] : -1;

  // The half type every reader of `v` wants, if they all want one: a matmul
  // operand whose other operand is of that half type (so that the product
  // can run on tensor cores), or an output saver to a tensor of it (which
  // rounds to it anyway); data movement passes the question on to its own
  // readers, since it stores what it reads. Such a tile loses nothing
  // stored in it. The exps of the running-max form are read by products
  // and by row sums: their tile is the products' half type (FlashAttention's
  // P), and the sums add the rounded terms the products multiply (values
  // in [0, 1], where a half rounds by at most 2^-11 relative).
  std::function<std::optional<DType>(int, int)> halfForReaders =
      [&](int v, int depth) -> std::optional<DType> {
    if (uses[v].empty() || depth > 8)
      return std::nullopt;
    std::optional<DType> want;
    for (auto [idx, pos] : uses[v]) {
      const Op &user = bg.ops[idx];
      if (v == boundedExp && user.kind == OpKind::ReduceSum)
        continue;
      std::optional<DType> t;
      if (user.kind == OpKind::BlockOutput) {
        t = bg.type(user.results[0]).dtype;
      } else if (user.kind == OpKind::Matmul) {
        int other = user.operands[1 - pos];
        if (other != v)
          t = bg.type(other).dtype;
      } else if (isDataMovement(user.kind) ||
                 (user.kind == OpKind::Accum && bg.forloop == 1)) {
        t = halfForReaders(user.results[0], depth + 1);
      }
      if (!t || !isHalf(*t) || (want && *want != *t))
        return std::nullopt;
      want = t;
    }
    return want;
  };

  // A matmul operand's plan reads the other operand's, which may come later
  // in the op order: sweep until nothing changes (twice in practice; the
  // bound only guards against a cycle of mutually dependent operands).
  bool changed = true;
  for (int sweep = 0; changed && sweep < 8; ++sweep) {
    changed = false;
    auto set = [&](int v, DType t) {
      changed |= bg.values[v].dtype != t;
      bg.values[v].dtype = t;
    };
    for (Op &op : bg.ops) {
      switch (op.kind) {
      case OpKind::BlockInput:
        // The tile holds the tensor's elements as stored.
        set(op.results[0], bg.type(op.operands[0]).dtype);
        continue;
      case OpKind::BlockOutput:
        continue; // the kernel tensor's dtype, the program's
      case OpKind::RunningMax:
        set(op.results[0], DType::F32); // maxima of exp's f32 arguments
        continue;
      case OpKind::Accum:
        // A running sum or max lives across iterations: always f32. A
        // concatenation only collects its operand's tiles, and over a
        // single iteration the accumulator is its operand.
        set(op.results[0], op.fmap == kReplica && bg.forloop > 1
                               ? DType::F32
                               : bg.type(op.operands[0]).dtype);
        continue;
      default:
        break;
      }
      for (int r : op.results) {
        if (isDataMovement(op.kind)) {
          // Data movement converts nothing: it stores what it reads (a
          // concatenation of tiles of two dtypes, the wider).
          DType t = bg.type(op.operands[0]).dtype;
          for (int o : op.operands)
            t = widerDType(t, bg.type(o).dtype);
          set(r, t);
          continue;
        }
        std::optional<DType> h = halfForReaders(r, 0);
        set(r, h ? *h : DType::F32);
      }
    }
  }
  for (Op &op : bg.ops) {
    if (op.kind == OpKind::ThreadGraph) {
      // The body's scalars are registers: f32. Loads convert from the
      // operand tiles, stores round to the result tiles.
      auto body = std::make_shared<Graph>(*op.body);
      for (TensorType &t : body->values)
        t.dtype = DType::F32;
      op.body = std::move(body);
    }
  }
}

void tsopt::planPrecision(Graph &g) {
  if (g.level == Level::Block)
    return planTilePrecision(g);
  if (g.level != Level::Kernel)
    return;
  // A split softmax's producer computes its exps in the running-max form,
  // which bounds them (only the program shows that its consumers merge).
  planSplitSoftmaxForms(g);
  for (Op &op : g.ops) {
    if (op.kind != OpKind::Kernel || !op.body)
      continue;
    auto body = std::make_shared<Graph>(*op.body);
    // The body's inputs are the kernel's operands and its outputs the
    // kernel's results: the kernel-level dtypes are the stored ones.
    for (auto [i, in] : llvm::enumerate(body->inputs))
      body->values[in].dtype = g.type(op.operands[i]).dtype;
    for (auto [i, out] : llvm::enumerate(body->outputs))
      body->values[out].dtype = g.type(op.results[i]).dtype;
    planTilePrecision(*body);
    op.body = std::move(body);
  }
}
