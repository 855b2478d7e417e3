//===- Payload.cpp - Element-wise payloads of linalg ops into kgraph -----===//
//
// Part of convert-linalg-to-kgraph (ImportGraph.h): the scalar region of a
// linalg op (a generic's payload, a reduction's combiner) as element-wise
// kgraph ops over the op's iteration space, with the forms raising looks
// for (scalar adds, reciprocals, erf) and the constants folded as they are
// read.
//
//===----------------------------------------------------------------------===//

#include "ImportGraph.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <functional>
#include <optional>

namespace tsopt::linalg_import {

std::optional<double> constantOf(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (isa<arith::ExtFOp, arith::TruncFOp>(def)) {
      v = def->getOperand(0);
      continue;
    }
    auto c = dyn_cast<arith::ConstantOp>(def);
    if (!c)
      return std::nullopt;
    if (auto f = dyn_cast<FloatAttr>(c.getValue()))
      return f.getValueAsDouble();
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      return static_cast<double>(i.getInt());
    return std::nullopt;
  }
  return std::nullopt;
}

/// The value of element-wise op `op` when every operand is a constant
/// (`constantOf`), computed in double; nullopt otherwise.
static std::optional<double> foldConstants(
    Operation &op,
    llvm::function_ref<std::optional<double>(Value)> constantOf) {
  if (op.getNumOperands() == 0 || op.getNumOperands() > 2 ||
      op.getNumResults() != 1 || !isa<FloatType>(op.getResult(0).getType()))
    return std::nullopt;
  SmallVector<double, 2> x;
  for (Value v : op.getOperands()) {
    std::optional<double> c = constantOf(v);
    if (!c)
      return std::nullopt;
    x.push_back(*c);
  }
  return llvm::TypeSwitch<Operation *, std::optional<double>>(&op)
      .Case([&](math::SqrtOp) { return std::sqrt(x[0]); })
      .Case([&](math::RsqrtOp) { return 1.0 / std::sqrt(x[0]); })
      .Case([&](math::ExpOp) { return std::exp(x[0]); })
      .Case([&](math::TanhOp) { return std::tanh(x[0]); })
      .Case([&](math::ErfOp) { return std::erf(x[0]); })
      .Case([&](arith::NegFOp) { return -x[0]; })
      .Case([&](arith::AddFOp) { return x[0] + x[1]; })
      .Case([&](arith::SubFOp) { return x[0] - x[1]; })
      .Case([&](arith::MulFOp) { return x[0] * x[1]; })
      .Case([&](arith::DivFOp) { return x[0] / x[1]; })
      .Case<math::PowFOp, math::FPowIOp>(
          [&](Operation *) { return std::pow(x[0], x[1]); })
      .Default([](Operation *) { return std::nullopt; });
}

FailureOr<int> Importer::importPayload(Block &block, llvm::ArrayRef<int> args,
                                       const Shape &domain, DType dtype,
                                       Operation *op, int accumulatorArg,
                                       OpKind *combiner,
                                       unsigned yieldIndex) {
  // Only the ops the yielded value `yieldIndex` depends on (the others
  // compute results nobody reads: the indices of torch's max(dim)).
  llvm::DenseSet<Operation *> needed;
  {
    llvm::SmallVector<Value> work{
        block.getTerminator()->getOperand(yieldIndex)};
    while (!work.empty()) {
      Operation *def = work.pop_back_val().getDefiningOp();
      if (def && def->getBlock() == &block && needed.insert(def).second)
        work.append(def->operand_begin(), def->operand_end());
    }
  }
  llvm::DenseMap<Value, int> local;
  for (auto [i, arg] : llvm::enumerate(block.getArguments()))
    if (static_cast<int>(i) != accumulatorArg && !argConstants.count(arg))
      local[arg] = args[i];
  // A scalar constant: an arith.constant in the payload, or an argument
  // standing for a splat constant tensor.
  // Values computed from constants only (sqrt(2) in an f16 export's gelu),
  // folded as the payload is read.
  llvm::DenseMap<Value, double> folded;
  // Comparisons of a value with a constant, by their i1 result.
  struct Comparison {
    int x;
    double c;
    bool greater; // x > c (or >=); else x < c (or <=)
  };
  llvm::DenseMap<Value, Comparison> comparisons;
  auto constantOf = [&](Value v) -> std::optional<double> {
    if (auto it = argConstants.find(v); it != argConstants.end())
      return it->second;
    if (auto it = folded.find(v); it != folded.end())
      return it->second;
    return linalg_import::constantOf(v);
  };
  Location loc = op->getLoc();
  auto un = [&](OpKind k, int x, double s = 0) {
    return addOp(k, {x}, domain, dtype, loc, s);
  };
  auto form = [&](Form f, int x, double s) {
    Node n{f, OpKind::Add, {x}, domain, dtype, s, 0, {}, -1, loc};
    return add(std::move(n));
  };
  auto isAcc = [&](Value v) {
    return accumulatorArg >= 0 && v == block.getArgument(accumulatorArg);
  };
  std::optional<int> result;
  for (Operation &inner : block) {
    auto fail = [&](const Twine &why) -> FailureOr<int> {
      return inner.emitError() << "cannot import '" << inner.getName()
                               << "' of a linalg payload: " << why;
    };
    if (auto y = dyn_cast<linalg::YieldOp>(inner)) {
      Value v = y.getOperand(yieldIndex);
      if (combiner && *combiner != OpKind::Kernel) {
        // The reduction's combine: acc + f(x) or max(acc, f(x)).
        Operation *def = v.getDefiningOp();
        if (!def || def->getNumOperands() != 2)
          return fail("a reduction must yield acc + f(inputs) or max(acc, "
                      "f(inputs))");
        Value other = isAcc(def->getOperand(0)) ? def->getOperand(1)
                                                : def->getOperand(0);
        if (!local.count(other))
          return fail("the reduction's operand is not computed from the "
                      "inputs");
        return local[other];
      }
      if (!local.count(v)) {
        if (std::optional<double> c = constantOf(v)) {
          // A broadcast constant: a constant node, for the ops that read it
          // to absorb.
          Node n{Form::Constant, OpKind::Add, {}, domain, dtype, *c, 0, {},
                 -1, loc};
          return add(std::move(n));
        }
        return fail("the yielded value is not computed from the inputs");
      }
      return local[v];
    }
    if (isa<arith::ConstantOp>(inner) || !needed.contains(&inner))
      continue;
    if (isa<arith::ExtFOp, arith::TruncFOp>(inner)) {
      if (local.count(inner.getOperand(0)))
        local[inner.getResult(0)] = local[inner.getOperand(0)];
      else if (folded.count(inner.getOperand(0)))
        folded[inner.getResult(0)] = folded[inner.getOperand(0)];
      continue;
    }
    // The accumulator appears in the combine only.
    if (llvm::any_of(inner.getOperands(), isAcc)) {
      if (!combiner)
        return fail("reads the output's current value");
      OpKind k = isa<arith::AddFOp>(inner) ? OpKind::ReduceSum
                 : isa<arith::MaximumFOp, arith::MaxNumFOp>(inner)
                     ? OpKind::ReduceMax
                     : OpKind::Kernel;
      if (k == OpKind::Kernel || *combiner != OpKind::Add)
        return fail("a reduction combines by addf or maximumf, once");
      *combiner = k;
      continue;
    }
    if (inner.getNumResults() != 1)
      return fail("one result expected");
    Value r = inner.getResult(0);
    if (std::optional<double> value = foldConstants(inner, constantOf)) {
      folded[r] = *value;
      continue;
    }
    auto operand = [&](unsigned i) -> std::optional<int> {
      auto it = local.find(inner.getOperand(i));
      if (it == local.end())
        return std::nullopt;
      return it->second;
    };
    // Clamps as torch-mlir writes them: select(x > c, x, c) is max(x, c)
    // (relu for c = 0), select(x < c, c, x) too, and select(x > c, c, x) and
    // select(x < c, x, c) are min(x, c); the comparison ordered or not (a
    // NaN gives c or NaN, both outside what the program computes on finite
    // inputs). The constant may come first (c < x is x > c).
    if (auto cmp = dyn_cast<arith::CmpFOp>(inner)) {
      using P = arith::CmpFPredicate;
      P pred = cmp.getPredicate();
      bool greater = llvm::is_contained({P::OGT, P::UGT, P::OGE, P::UGE}, pred);
      bool less = llvm::is_contained({P::OLT, P::ULT, P::OLE, P::ULE}, pred);
      std::optional<int> x = operand(0);
      std::optional<double> c = constantOf(inner.getOperand(1));
      if (!x && !c) {
        x = operand(1);
        c = constantOf(inner.getOperand(0));
        std::swap(greater, less);
      }
      if (!x || !c || !std::isfinite(*c) || !(greater || less))
        return fail("only a comparison of a value with a finite constant, "
                    "by <, <=, > or >= (a clamp), is supported");
      comparisons[r] = {*x, *c, greater};
      continue;
    }
    if (isa<arith::SelectOp>(inner)) {
      auto cond = comparisons.find(inner.getOperand(0));
      std::optional<int> a = operand(1), b = operand(2);
      std::optional<double> ca = constantOf(inner.getOperand(1)),
                            cb = constantOf(inner.getOperand(2));
      if (cond == comparisons.end())
        return fail("only a select by a comparison with a constant (a "
                    "clamp) is supported");
      const Comparison &k = cond->second;
      // Which of x and c the select takes when the comparison holds.
      bool takesX = a && *a == k.x && cb && *cb == k.c;
      bool takesC = b && *b == k.x && ca && *ca == k.c;
      if (!takesX && !takesC)
        return fail("only select(x > c, x, c), select(x < c, c, x) and "
                    "their min forms (a clamp) are supported");
      // x when x > c (or c when x < c): the larger of the two.
      bool isMax = takesX == k.greater;
      local[r] = isMax ? (k.c == 0 ? un(OpKind::Relu, k.x)
                                   : un(OpKind::MaxScalar, k.x, k.c))
                       : un(OpKind::MinScalar, k.x, k.c);
      continue;
    }
    if (inner.getNumOperands() == 1) {
      std::optional<int> x = operand(0);
      if (!x)
        return fail("its operand is not computed from the inputs");
      if (isa<arith::NegFOp>(inner))
        local[r] = un(OpKind::Neg, *x);
      else if (isa<math::ExpOp>(inner))
        local[r] = un(OpKind::Exp, *x);
      else if (isa<math::SqrtOp>(inner))
        local[r] = un(OpKind::Sqrt, *x);
      else if (isa<math::RsqrtOp>(inner))
        local[r] = un(OpKind::Rsqrt, *x);
      else if (isa<math::ErfOp>(inner))
        local[r] = form(Form::Erf, *x, 0);
      else if (isa<math::TanhOp>(inner))
        local[r] = un(OpKind::Tanh, *x);
      else
        return fail("kgraph has no such element-wise op");
      continue;
    }
    if (inner.getNumOperands() != 2)
      return fail("kgraph has no such element-wise op");
    std::optional<int> a = operand(0), b = operand(1);
    std::optional<double> ca = constantOf(inner.getOperand(0)),
                          cb = constantOf(inner.getOperand(1));
    if (isa<math::PowFOp, math::FPowIOp>(inner)) {
      if (!a || !cb)
        return fail("only x raised to a constant power is supported");
      // A power whose exponent is a multiple of 1/2, |e| <= 64: of x, or of
      // sqrt(x) for a half-integer e, by repeated squaring (x^6 is
      // (x^3)^2, x^3 is x^2 * x), its reciprocal for a negative e (which
      // the raiser keeps only inside sigmoid and silu), and 1 for e = 0 (as
      // pow gives for every x). rsqrt for -1/2.
      double e = *cb;
      if (!(std::fabs(e) <= 64) || std::floor(2 * e) != 2 * e)
        return fail("only powers that are multiples of 1/2, at most 64 in "
                    "magnitude, have kgraph ops");
      if (e == 0) {
        folded[r] = 1.0; // a constant its readers take as a scalar
        continue;
      }
      if (e == -0.5) {
        local[r] = un(OpKind::Rsqrt, *a);
        continue;
      }
      int base = *a;
      int64_t n = static_cast<int64_t>(std::fabs(e));
      if (std::floor(e) != e) {
        base = un(OpKind::Sqrt, *a);
        n = static_cast<int64_t>(std::fabs(2 * e));
      }
      std::function<int(int64_t)> power = [&](int64_t k) -> int {
        if (k == 1)
          return base;
        int half = power(k / 2);
        int squared = un(OpKind::Square, half);
        return k % 2 ? addOp(OpKind::Mul, {squared, base}, domain, dtype, loc)
                     : squared;
      };
      int p = power(n);
      local[r] = e < 0 ? form(Form::Reciprocal, p, 0) : p;
      continue;
    }
    if (a && b) {
      OpKind k = isa<arith::AddFOp>(inner)   ? OpKind::Add
                 : isa<arith::SubFOp>(inner) ? OpKind::Sub
                 : isa<arith::MulFOp>(inner) ? OpKind::Mul
                 : isa<arith::DivFOp>(inner) ? OpKind::Div
                                             : OpKind::Kernel;
      if (k == OpKind::Kernel)
        return fail("kgraph has no such element-wise op");
      local[r] = k == OpKind::Mul && *a == *b ? un(OpKind::Square, *a)
                                              : addOp(k, {*a, *b}, domain,
                                                      dtype, loc);
      continue;
    }
    // One operand a scalar constant.
    int x = a ? *a : (b ? *b : -1);
    std::optional<double> c = a ? cb : ca;
    if (x < 0 || !c)
      return fail("its operands are not computed from the inputs");
    bool constFirst = !a;
    if (isa<arith::MulFOp>(inner)) {
      local[r] = *c == 1 ? x : un(OpKind::MulScalar, x, *c);
    } else if (isa<arith::DivFOp>(inner)) {
      if (!constFirst)
        local[r] = un(OpKind::MulScalar, x, 1.0 / *c);
      else if (*c == 1)
        local[r] = form(Form::Reciprocal, x, 0);
      else
        local[r] = un(OpKind::MulScalar, form(Form::Reciprocal, x, 0), *c);
    } else if (isa<arith::AddFOp>(inner)) {
      local[r] = *c == 0 ? x : form(Form::AddScalar, x, *c);
    } else if (isa<arith::SubFOp>(inner)) {
      if (!constFirst)
        local[r] = *c == 0 ? x : form(Form::AddScalar, x, -*c);
      else
        local[r] = form(Form::AddScalar, un(OpKind::Neg, x), *c);
    } else if (isa<arith::MaximumFOp, arith::MaxNumFOp>(inner) && *c == 0) {
      local[r] = un(OpKind::Relu, x);
    } else if (isa<arith::MaximumFOp, arith::MaxNumFOp>(inner) &&
               std::isinf(*c) && *c < 0) {
      local[r] = x; // max(x, -inf) = x (JAX's max with an initial -inf)
    } else if (isa<arith::MinimumFOp, arith::MinNumFOp>(inner) &&
               std::isinf(*c) && *c > 0) {
      local[r] = x; // min(x, inf) = x
    } else if (isa<arith::MaximumFOp, arith::MaxNumFOp>(inner) &&
               std::isfinite(*c)) {
      local[r] = un(OpKind::MaxScalar, x, *c); // JAX's clip, relu6
    } else if (isa<arith::MinimumFOp, arith::MinNumFOp>(inner) &&
               std::isfinite(*c)) {
      local[r] = un(OpKind::MinScalar, x, *c);
    } else {
      return fail("kgraph has no such op with a scalar constant");
    }
  }
  return op->emitError() << "a linalg payload without a yield";
}

} // namespace tsopt::linalg_import
