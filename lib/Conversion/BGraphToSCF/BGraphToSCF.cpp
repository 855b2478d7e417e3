//===- BGraphToSCF.cpp - Block graphs as loops on memrefs -----------------===//

#include "tsopt/Conversion/BGraphToSCF/BGraphToSCF.h"
#include "BlockEmitter.h"

#include <limits>

using namespace mlir;

namespace tsopt {

MemRefType getTensorMemRefType(MLIRContext *context, const TensorType &type) {
  return MemRefType::get(type.shape, exportElementType(context, type.dtype));
}

namespace block_lowering {

Value BlockEmitter::treeFold(
    int64_t groups, int64_t size, int64_t width, double init, bool isMax,
    llvm::function_ref<std::function<Value(Value)>(Value)> element) {
  assert(trees && width >= 2 && groups * width <= ctx.threads &&
         "a tree needs a scratch slot per thread it uses");
  // The previous tree's results may still be read: wait for every thread.
  if (scratchBusy)
    barrier();
  auto combine = [&](Value x, Value y) -> Value {
    return isMax ? arith::MaximumFOp::create(b, loc, x, y).getResult()
                 : add(x, y);
  };
  // Thread t works on group t / width as its lane t % width. Threads past
  // the last group (t >= groups * width) only take part in the barriers.
  auto ifActive = [&](Value t, Value lane, int64_t lanes,
                      llvm::function_ref<void()> body) {
    Value cond;
    auto both = [&](Value c) {
      cond = cond ? arith::AndIOp::create(b, loc, cond, c).getResult() : c;
    };
    if (groups * width < ctx.threads)
      both(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, t,
                                 cIndex(groups * width)));
    if (lanes < width)
      both(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, lane,
                                 cIndex(lanes)));
    if (!cond) {
      body();
      return;
    }
    auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    body();
  };
  // Partial folds: lane l of group o folds steps l, l + width, ...
  auto partialFold = [&](Value t, Value lane) -> Value {
    Value o = arith::DivUIOp::create(b, loc, t, cIndex(width));
    std::function<Value(Value)> at = element(o);
    auto loop = scf::ForOp::create(b, loc, lane, cIndex(size), cIndex(width),
                                   ValueRange{cF32(init)});
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value j = loop.getInductionVar();
    scf::YieldOp::create(b, loc, combine(loop.getRegionIterArgs()[0], at(j)));
    return loop.getResult(0);
  };
  if (gpu && ctx.threads % kWarpSize == 0 && llvm::isPowerOf2_64(width)) {
    warpTreeFold(groups, width, init, combine, partialFold);
    scratchBusy = true;
    return scratch;
  }
  forEachThread([&](Value t) {
    Value lane = arith::RemUIOp::create(b, loc, t, cIndex(width));
    ifActive(t, lane, width, [&] {
      memref::StoreOp::create(b, loc, partialFold(t, lane), scratch, t);
    });
  });
  barrier();
  // The tree: in the step of stride s, lane l < s combines slot l + s into
  // slot l of its group.
  for (int64_t s = width / 2; s >= 1; s /= 2) {
    forEachThread([&](Value t) {
      Value lane = arith::RemUIOp::create(b, loc, t, cIndex(width));
      ifActive(t, lane, s, [&] {
        Value x = memref::LoadOp::create(b, loc, scratch, t);
        Value y = memref::LoadOp::create(b, loc, scratch,
                                         ValueRange{addIndex(t, cIndex(s))});
        memref::StoreOp::create(b, loc, combine(x, y), scratch, t);
      });
    });
    barrier();
  }
  scratchBusy = true;
  return scratch;
}

void BlockEmitter::warpTreeFold(
    int64_t groups, int64_t width, double init,
    llvm::function_ref<Value(Value, Value)> combine,
    llvm::function_ref<Value(Value t, Value lane)> partialFold) {
  // Every thread of a warp takes part in its shuffles, so the partial fold
  // of a thread past the last group is `init`, not skipped.
  Value t = ctx.threadId;
  Value lane = arith::RemUIOp::create(b, loc, t, cIndex(width));
  auto when = [&](Value cond, llvm::function_ref<void()> body) {
    auto ifOp = scf::IfOp::create(b, loc, cond, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    body();
  };
  // Threads past the last group (t >= groups * width) hold no partial.
  Value active;
  if (groups * width < ctx.threads)
    active = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, t,
                                   cIndex(groups * width));
  auto andActive = [&](Value cond) -> Value {
    return active ? arith::AndIOp::create(b, loc, cond, active).getResult()
                  : cond;
  };
  Value v;
  if (active) {
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{b.getF32Type()}, active,
                                  /*withElseRegion=*/true);
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(ifOp.thenBlock());
      scf::YieldOp::create(b, loc, partialFold(t, lane));
      b.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(b, loc, cF32(init));
    }
    v = ifOp.getResult(0);
  } else {
    v = partialFold(t, lane);
  }
  // A butterfly over the group's lanes inside the warp (a group of
  // `width` threads starts at a multiple of `width`, so a group narrower
  // than a warp never crosses one): afterwards every lane holds its
  // group's (or its warp's part of the group's) result.
  int64_t inWarp = std::min<int64_t>(width, kWarpSize);
  Value warpWidth = arith::ConstantIntOp::create(b, loc, kWarpSize, 32);
  for (int64_t s = inWarp / 2; s >= 1; s /= 2) {
    Value offset = arith::ConstantIntOp::create(b, loc, s, 32);
    auto shuffle = gpu::ShuffleOp::create(b, loc, v, offset, warpWidth,
                                          gpu::ShuffleMode::XOR);
    v = combine(v, shuffle.getShuffleResult());
  }
  // The first lane of the group (of its warp, for a group wider than a
  // warp) stores the result in the group's slot.
  Value first = andActive(arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::RemUIOp::create(b, loc, t, cIndex(inWarp)), cIndex(0)));
  when(first, [&] { memref::StoreOp::create(b, loc, v, scratch, t); });
  barrier();
  if (width <= kWarpSize)
    return;
  // A group over several warps: its first thread combines the warps'
  // results.
  Value leader = andActive(
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, cIndex(0)));
  when(leader, [&] {
    Value acc = memref::LoadOp::create(b, loc, scratch, t);
    for (int64_t w = kWarpSize; w < width; w += kWarpSize)
      acc = combine(acc,
                    memref::LoadOp::create(b, loc, scratch,
                                           ValueRange{addIndex(t, cIndex(w))}));
    memref::StoreOp::create(b, loc, acc, scratch, t);
  });
  barrier();
}

SmallVector<Value, 4>
BlockEmitter::broadcastIndex(ValueRange index, llvm::ArrayRef<int64_t> operand,
                             llvm::ArrayRef<int64_t> result) {
  SmallVector<Value, 4> out;
  size_t shift = result.size() - operand.size();
  for (size_t d = 0; d < operand.size(); ++d)
    out.push_back(operand[d] == 1 && result[d + shift] != 1 ? cIndex(0)
                                                             : index[d + shift]);
  return out;
}

Value BlockEmitter::convertTo(Value v, Value memref) {
  Type element = cast<MemRefType>(memref.getType()).getElementType();
  Type from = getElementTypeOrSelf(v.getType());
  if (from == element)
    return v;
  // A vector converts element by element.
  auto like = [&](Type t) -> Type {
    if (auto vt = dyn_cast<VectorType>(v.getType()))
      return VectorType::get(vt.getShape(), t);
    return t;
  };
  if (element.getIntOrFloatBitWidth() > from.getIntOrFloatBitWidth())
    return arith::ExtFOp::create(b, loc, like(element), v);
  if (!from.isF32())
    v = arith::ExtFOp::create(b, loc, like(b.getF32Type()), v); // f16 <-> bf16
  return arith::TruncFOp::create(b, loc, like(element), v);
}

Value BlockEmitter::widenVia(Value v, DType input) {
  Type wanted = exportElementType(b.getContext(), input);
  if (v.getType() != wanted && !wanted.isF32())
    v = arith::TruncFOp::create(b, loc, wanted,
                                v.getType().isF32()
                                    ? v
                                    : arith::ExtFOp::create(b, loc,
                                                            b.getF32Type(), v)
                                          .getResult());
  return v.getType().isF32() ? v
                             : arith::ExtFOp::create(b, loc, b.getF32Type(), v)
                                   .getResult();
}

Value BlockEmitter::loadAs(Value memref, ValueRange index, DType input) {
  return widenVia(memref::LoadOp::create(b, loc, memref, at(memref, index)),
                  input);
}

Value BlockEmitter::load(Value memref, ValueRange index) {
  Value v = memref::LoadOp::create(b, loc, memref, at(memref, index));
  if (!v.getType().isF32())
    v = arith::ExtFOp::create(b, loc, b.getF32Type(), v);
  return v;
}

void BlockEmitter::store(Value value, Value memref, ValueRange index) {
  memref::StoreOp::create(b, loc, convertTo(value, memref), memref,
                          at(memref, index));
}

void BlockEmitter::copyBox(Value src, ArrayRef<Value> srcOffset, Value dst,
                           ArrayRef<Value> dstOffset,
                           llvm::ArrayRef<int64_t> shape) {
  auto shifted = [&](ValueRange index, ArrayRef<Value> offset) {
    SmallVector<Value, 4> at(index.begin(), index.end());
    for (size_t d = 0; d < offset.size(); ++d)
      at[d] = addIndex(offset[d], at[d]);
    return at;
  };
  forEachElement(shape, [&](ValueRange index) {
    SmallVector<Value, 4> from = shifted(index, srcOffset);
    SmallVector<Value, 4> to = shifted(index, dstOffset);
    Value v = memref::LoadOp::create(b, loc, src, at(src, from));
    memref::StoreOp::create(b, loc, convertTo(v, dst), dst, at(dst, to));
  });
}

void BlockEmitter::gather(
    const Op &op,
    llvm::function_ref<SmallVector<Value, 4>(ValueRange)> sourceIndex,
    std::function<void(llvm::ArrayRef<int64_t>,
                       llvm::SmallVectorImpl<int64_t> &)>
        readAt) {
  // In the result tile's storage order: a transpose into a tile stored
  // column-major (the layout plan's choice for a transposed operand) then
  // reads its source's rows and writes its own storage contiguously.
  Value src = memrefOf(op.operands[0]), dst = memrefOf(op.results[0]);
  TileAccess read = tileAccess(src);
  read.readAt = std::move(readAt);
  forEachStoredElement(dst, read, [&](ValueRange index) {
    Value v = memref::LoadOp::create(b, loc, src, at(src, sourceIndex(index)));
    memref::StoreOp::create(b, loc, convertTo(v, dst), dst, at(dst, index));
  });
}

Value BlockEmitter::fold(int64_t n, Value init,
                         llvm::function_ref<Value(Value, Value)> step) {
  auto loop = scf::ForOp::create(b, loc, cIndex(0), cIndex(n), cIndex(1),
                                 ValueRange{init});
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  scf::YieldOp::create(
      b, loc, step(loop.getInductionVar(), loop.getRegionIterArgs()[0]));
  return loop.getResult(0);
}

Value BlockEmitter::exp(Value x) {
  if (!gpu)
    return math::ExpOp::create(b, loc, x);
  // exp(x) = 2^(x log2 e); ex2.approx has a relative error of 2^-22.
  Value t = mul(x, cF32(1.4426950408889634));
  return NVVM::InlinePtxOp::create(b, loc, TypeRange{b.getF32Type()},
                                   ValueRange{t}, ValueRange{},
                                   "ex2.approx.ftz.f32 $0, $1;", Value())
      .getResult(0);
}

Value BlockEmitter::rescaleFactor(Value from, Value to) {
  Value none = arith::CmpFOp::create(
      b, loc, arith::CmpFPredicate::OEQ, to,
      cF32(-std::numeric_limits<double>::infinity()));
  return arith::SelectOp::create(b, loc, none, cF32(1.0),
                                 exp(arith::SubFOp::create(b, loc, from, to)));
}

Value BlockEmitter::sqrt(Value x) {
  if (!gpu)
    return math::SqrtOp::create(b, loc, x);
  return NVVM::InlinePtxOp::create(b, loc, TypeRange{b.getF32Type()},
                                   ValueRange{x}, ValueRange{},
                                   "sqrt.rn.f32 $0, $1;", Value())
      .getResult(0);
}

Value BlockEmitter::tanh(Value x) {
  // |x| >= 1/4: 1 - 2 / (exp(2x) + 1), ±1 where exp overflows or
  // underflows, within 2 ulp. Below, that form cancels (its absolute error
  // of 6e-8 is the whole value of tanh(1e-7)): the odd Taylor polynomial
  // through x^9, whose first omitted term is below 1e-8 of the value.
  Value far = arith::SubFOp::create(
      b, loc, cF32(1.0),
      div(cF32(2.0), add(exp(mul(cF32(2.0), x)), cF32(1.0))));
  Value x2 = mul(x, x);
  const double coeffs[] = {62.0 / 2835, -17.0 / 315, 2.0 / 15, -1.0 / 3, 1.0};
  Value poly = cF32(coeffs[0]);
  for (double c : llvm::ArrayRef(coeffs).drop_front())
    poly = add(mul(poly, x2), cF32(c));
  Value near = mul(poly, x);
  Value small =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT,
                            math::AbsFOp::create(b, loc, x), cF32(0.25));
  return arith::SelectOp::create(b, loc, small, near, far);
}

Value BlockEmitter::erf(Value x) {
  // Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7) on |x|, the
  // sign restored after: erf(|x|) = 1 - poly(t) exp(-x^2), t = 1/(1 + p|x|).
  Value ax = math::AbsFOp::create(b, loc, x);
  Value t = div(cF32(1.0), add(cF32(1.0), mul(cF32(0.3275911), ax)));
  const double coeffs[] = {1.061405429, -1.453152027, 1.421413741,
                           -0.284496736, 0.254829592};
  Value poly = cF32(coeffs[0]);
  for (double c : llvm::ArrayRef(coeffs).drop_front())
    poly = add(mul(poly, t), cF32(c));
  poly = mul(poly, t);
  Value e = exp(arith::NegFOp::create(b, loc, mul(ax, ax)));
  Value magnitude = arith::SubFOp::create(b, loc, cF32(1.0), mul(poly, e));
  return math::CopySignOp::create(b, loc, magnitude, x);
}

Value BlockEmitter::scalar(const Op &op, ArrayRef<Value> a) {
  switch (op.kind) {
  case OpKind::Add:
    return add(a[0], a[1]);
  case OpKind::Sub:
    return arith::SubFOp::create(b, loc, a[0], a[1]);
  case OpKind::Mul:
    return mul(a[0], a[1]);
  case OpKind::Div:
    return div(a[0], a[1]);
  case OpKind::Exp:
    return exp(a[0]);
  case OpKind::Square:
    return mul(a[0], a[0]);
  case OpKind::Sqrt:
    return sqrt(a[0]);
  case OpKind::Rsqrt:
    return div(cF32(1.0), sqrt(a[0]));
  case OpKind::Silu:
    return div(a[0],
               add(cF32(1.0), exp(arith::NegFOp::create(b, loc, a[0]))));
  case OpKind::Gelu:
    return mul(mul(cF32(0.5), a[0]),
               add(cF32(1.0), erf(mul(a[0], cF32(0.70710678118654752440)))));
  case OpKind::Relu:
    return arith::MaximumFOp::create(b, loc, a[0], cF32(0.0));
  case OpKind::Sigmoid:
    return div(cF32(1.0),
               add(cF32(1.0), exp(arith::NegFOp::create(b, loc, a[0]))));
  case OpKind::Tanh:
    return tanh(a[0]);
  case OpKind::Neg:
    return arith::NegFOp::create(b, loc, a[0]);
  case OpKind::MulScalar:
    return mul(a[0], cF32(op.scalar));
  case OpKind::AddScalar:
    return add(a[0], cF32(op.scalar));
  case OpKind::MaxScalar:
    return arith::MaximumFOp::create(b, loc, a[0], cF32(op.scalar));
  case OpKind::MinScalar:
    return arith::MinimumFOp::create(b, loc, a[0], cF32(op.scalar));
  default:
    llvm_unreachable("not an element-wise op");
  }
}

//===----------------------------------------------------------------------===//
// Compute ops (matmuls: Matmul.cpp; iterators, accumulators and output
// savers: Iterators.cpp)
//===----------------------------------------------------------------------===//

void BlockEmitter::emitReduce(const Op &op, int64_t width) {
  const Shape &in = shapeOf(op.operands[0]), &out = shapeOf(op.results[0]);
  int64_t dim = op.dim;
  int64_t group = in[dim] / out[dim];
  bool isSum = op.kind == OpKind::ReduceSum;
  Value src = memrefOf(op.operands[0]), dst = memrefOf(op.results[0]);
  if (width) {
    // Group o of the result's elements (linear index o) over `width`
    // threads, then one thread per element stores the tree's result.
    Value partials = treeFold(
        numElements(out), group, width,
        isSum ? 0.0 : -std::numeric_limits<double>::infinity(), !isSum,
        [&](Value o) -> std::function<Value(Value)> {
          SmallVector<Value, 4> run = delinearize(o, out);
          run[dim] = mulIndex(run[dim], group);
          return [=](Value j) {
            SmallVector<Value, 4> at(run.begin(), run.end());
            at[dim] = addIndex(run[dim],
                               staggeredRun(src, dim, run, o, group, width, j));
            return load(src, at);
          };
        });
    forEachIndex(numElements(out), [&](Value o) {
      Value r = memref::LoadOp::create(b, loc, partials,
                                       ValueRange{mulIndex(o, width)});
      store(r, dst, delinearize(o, out));
    });
    return;
  }
  forEachIndex(numElements(out), [&](Value o) {
    SmallVector<Value, 4> index = delinearize(o, out);
    SmallVector<Value, 4> run(index);
    run[dim] = mulIndex(index[dim], group);
    Value init =
        cF32(isSum ? 0.0 : -std::numeric_limits<double>::infinity());
    Value r = fold(group, init, [&](Value t, Value acc) {
      SmallVector<Value, 4> at(run);
      at[dim] = addIndex(run[dim], staggeredRun(src, dim, run, o, group, 1, t));
      Value x = load(src, at);
      return isSum ? add(acc, x)
                   : arith::MaximumFOp::create(b, loc, acc, x).getResult();
    });
    store(r, dst, index);
  });
}

void BlockEmitter::emitRmsNorm(const Op &op, int64_t width) {
  // Y[..., j] = X[..., j] * G[j] / sqrt(mean_j X[..., j]^2 + eps), one row
  // per element of the leading dims.
  const Shape &xs = shapeOf(op.operands[0]), &gs = shapeOf(op.operands[1]);
  int64_t n = xs.back();
  Shape rows(xs.begin(), xs.end() - 1);
  Value x = memrefOf(op.operands[0]), gain = memrefOf(op.operands[1]);
  Value y = memrefOf(op.results[0]);
  int last = int(xs.size()) - 1;
  if (width) {
    // The rows' sums of squares by a tree; then every element is scaled by
    // its row's factor, the threads sharing the elements.
    Value sums = treeFold(numElements(rows), n, width, 0.0, /*isMax=*/false,
                          [&](Value r) -> std::function<Value(Value)> {
                            SmallVector<Value, 4> row = delinearize(r, rows);
                            row.push_back(cIndex(0));
                            return [=](Value j) {
                              SmallVector<Value, 4> i(row);
                              i.back() =
                                  staggeredRun(x, last, row, r, n, width, j);
                              Value v = load(x, i);
                              return mul(v, v);
                            };
                          });
    Shape rowStrides = stridesOf(rows);
    forEachElement(xs, [&](ValueRange index) {
      Value r = cIndex(0);
      for (size_t d = 0; d < rows.size(); ++d)
        r = addIndex(r, mulIndex(index[d], rowStrides[d]));
      Value sumSq =
          memref::LoadOp::create(b, loc, sums, ValueRange{mulIndex(r, width)});
      Value mean = mul(sumSq, cF32(1.0 / n));
      Value scale = div(cF32(1.0), sqrt(add(mean, cF32(op.scalar))));
      SmallVector<Value, 4> gi(gs.size(), cIndex(0));
      gi.back() = index.back();
      store(mul(mul(load(x, index), load(gain, gi)), scale), y, index);
    });
    return;
  }
  forEachIndex(numElements(rows), [&](Value r) {
    SmallVector<Value, 4> row = delinearize(r, rows);
    row.push_back(cIndex(0));
    auto at = [&](Value j) {
      SmallVector<Value, 4> i(row);
      i.back() = staggeredRun(x, last, row, r, n, 1, j);
      return i;
    };
    Value sumSq = fold(n, cF32(0.0), [&](Value j, Value acc) {
      Value v = load(x, at(j));
      return add(acc, mul(v, v));
    });
    Value mean = mul(sumSq, cF32(1.0 / n));
    Value scale = div(cF32(1.0), sqrt(add(mean, cF32(op.scalar))));
    auto loop = scf::ForOp::create(b, loc, cIndex(0), cIndex(n), cIndex(1));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    SmallVector<Value, 4> i = at(loop.getInductionVar());
    SmallVector<Value, 4> gi(gs.size(), cIndex(0));
    gi.back() = i.back();
    store(mul(mul(load(x, i), load(gain, gi)), scale), y, i);
  });
}

Value BlockEmitter::runThreadGraph(const Op &op, ArrayRef<Value> inputs,
                                   Value shift, bool stopAtExp,
                                   SmallVectorImpl<Value> &outputs) {
  const Graph &tg = *op.body;
  llvm::DenseMap<int, Value> scalars;
  for (auto [v, x] : llvm::zip_equal(tg.inputs, inputs))
    scalars[v] = x;
  for (const Op &sop : tg.ops) {
    SmallVector<Value, 2> args;
    for (int v : sop.operands)
      args.push_back(scalars.lookup(v));
    bool final = sop.kind == OpKind::Exp && sop.results[0] == tg.outputs[0];
    if (final && stopAtExp)
      return args[0];
    if (final && shift)
      args[0] = arith::SubFOp::create(b, loc, args[0], shift);
    scalars[sop.results[0]] = scalar(sop, args);
  }
  for (int v : tg.outputs)
    outputs.push_back(scalars.lookup(v));
  return Value();
}

Value BlockEmitter::evalThreadGraph(const Op &op, ValueRange index, Value shift,
                                    bool stopAtExp) {
  const Shape &shape = shapeOf(op.results[0]);
  SmallVector<Value, 4> inputs;
  for (int operand : op.operands)
    inputs.push_back(load(memrefOf(operand),
                          broadcastIndex(index, shapeOf(operand), shape)));
  SmallVector<Value, 2> outputs;
  if (Value arg = runThreadGraph(op, inputs, shift, stopAtExp, outputs))
    return arg;
  for (auto [j, v] : llvm::enumerate(outputs))
    store(v, memrefOf(op.results[j]),
          broadcastIndex(index, shapeOf(op.results[j]), shape));
  return Value();
}

void BlockEmitter::emitThreadGraph(const Op &op) {
  bool shifted = rescale && rescale->hasExp() && &op == &g.ops[rescale->expOp];
  // In the result tile's storage order, as the layout plan prices it.
  SmallVector<Value, 4> reads;
  for (int operand : op.operands)
    reads.push_back(memrefOf(operand));
  forEachStoredElement(
      memrefOf(op.results[0]), broadcastReads(reads), [&](ValueRange index) {
        Value shift;
        if (shifted)
          shift = memref::LoadOp::create(b, loc, rowMax, rowOf(index));
        evalThreadGraph(op, index, shift, /*stopAtExp=*/false);
      });
}

void BlockEmitter::emitRowMax(const Op &op, int64_t width) {
  // The maximum of the exp's arguments over each row's columns (one thread
  // per row, or a tree of `width` threads per row), merged into the running
  // maximum; the factor that rescales what the accumulators hold is
  // exp(m_old - m_new) (1 while every argument so far is -inf).
  const Shape &shape = shapeOf(op.results[0]);
  int64_t cols = shape.back();
  double negInf = -std::numeric_limits<double>::infinity();
  // Step j of row r's walk, staggered over the banks by the layout of the
  // (first) operand the exp's argument reads.
  Value args = memrefOf(op.operands[0]);
  int last = int(shape.size()) - 1;
  auto argAt = [&](Value r, ValueRange row, Value j, int64_t lanes) {
    SmallVector<Value, 4> index(row.begin(), row.end());
    index.push_back(cIndex(0));
    index.back() = staggeredRun(args, last, index, r, cols, lanes, j);
    return op.kind == OpKind::Exp
               ? load(args, index)
               : evalThreadGraph(op, index, Value(), /*stopAtExp=*/true);
  };
  Value maxima;
  if (width)
    maxima = treeFold(
        numElements(rescale->rows), cols, width, negInf,
        /*isMax=*/true, [&](Value r) -> std::function<Value(Value)> {
          SmallVector<Value, 4> row = delinearize(r, rescale->rows);
          return [=, &argAt](Value j) { return argAt(r, row, j, width); };
        });
  forEachIndex(numElements(rescale->rows), [&](Value r) {
    SmallVector<Value, 4> row = delinearize(r, rescale->rows);
    Value tileMax;
    if (width) {
      tileMax = memref::LoadOp::create(b, loc, maxima,
                                       ValueRange{mulIndex(r, width)});
    } else {
      tileMax = fold(cols, cF32(negInf), [&](Value j, Value acc) {
        return arith::MaximumFOp::create(b, loc, acc, argAt(r, row, j, 1))
            .getResult();
      });
    }
    Value old = memref::LoadOp::create(b, loc, rowMax, row);
    Value next = arith::MaximumFOp::create(b, loc, old, tileMax);
    Value factor = rescaleFactor(old, next);
    memref::StoreOp::create(b, loc, next, rowMax, row);
    memref::StoreOp::create(b, loc, factor, rowScale, row);
  });
}

LogicalResult BlockEmitter::emitOp(unsigned idx, Value iter) {
  const Op &op = g.ops[idx];
  bool shifted = rescale && static_cast<int>(idx) == rescale->expOp;
  if (shifted) {
    emitRowMax(op, treeWidth(idx));
    barrier();
  }
  auto elementwise = [&] {
    const Shape &rs = shapeOf(op.results[0]);
    Value dst = memrefOf(op.results[0]);
    // In the result tile's storage order, as the layout plan prices it: a
    // tile stored column-major is written down its columns.
    SmallVector<Value, 4> reads;
    for (int v : op.operands)
      reads.push_back(memrefOf(v));
    forEachStoredElement(dst, broadcastReads(reads), [&](ValueRange index) {
      SmallVector<Value, 2> args;
      for (int v : op.operands)
        args.push_back(
            load(memrefOf(v), broadcastIndex(index, shapeOf(v), rs)));
      if (shifted)
        args[0] = arith::SubFOp::create(
            b, loc, args[0],
            memref::LoadOp::create(b, loc, rowMax, rowOf(index)));
      store(scalar(op, args), dst, index);
    });
  };
  switch (op.kind) {
  case OpKind::BlockInput:
    emitInput(op, iter);
    return success();
  case OpKind::Accum:
    if (fragmentAccums.contains(idx))
      return success(); // added into registers by its matmul
    if (isPassThroughAccum(g, op))
      return success(); // its result is its operand's tile
    emitAccum(op, iter,
              rescale && llvm::is_contained(rescale->accums,
                                            static_cast<int>(idx)));
    return success();
  case OpKind::BlockOutput:
    emitOutput(op);
    return success();
  case OpKind::RunningMax: {
    // Each row's maximum, in every column of the tile (one per row for
    // every group of the accumulator's columns); 0 where the accumulator
    // is not rescaled (the exp runs as written).
    Value dst = memrefOf(op.results[0]);
    bool shiftedExp = rescale && rescale->hasExp() &&
                      readsRescaledAccumulator(g, rescale->accums, op);
    forEachStoredElement(dst, {}, [&](ValueRange index) {
      Value m =
          shiftedExp
              ? memref::LoadOp::create(b, loc, rowMax, rowOf(index)).getResult()
              : cF32(0);
      store(m, dst, index);
    });
    return success();
  }
  case OpKind::Matmul:
    if (op.mma == uint8_t(MmaPlan::M16N8K16) ||
        op.mma == uint8_t(MmaPlan::Wgmma))
      return emitTensorCoreMatmul(op, fragmentRegs.lookup(idx));
    emitMatmul(op);
    return success();
  case OpKind::ReduceSum:
  case OpKind::ReduceMax:
    emitReduce(op, treeWidth(idx));
    return success();
  case OpKind::RmsNorm:
    emitRmsNorm(op, treeWidth(idx));
    return success();
  case OpKind::ThreadGraph:
    emitThreadGraph(op);
    return success();
  case OpKind::Repeat: {
    const Shape &in = shapeOf(op.operands[0]);
    gather(
        op,
        [&](ValueRange index) {
          SmallVector<Value, 4> at;
          for (size_t d = 0; d < in.size(); ++d)
            at.push_back(in[d] == 1 ? cIndex(0)
                                    : arith::RemUIOp::create(b, loc, index[d],
                                                             cIndex(in[d]))
                                          .getResult());
          return at;
        },
        movementReadAt(g, op));
    return success();
  }
  case OpKind::Reshape: {
    const Shape &in = shapeOf(op.operands[0]), &out = shapeOf(op.results[0]);
    Shape strides = stridesOf(out);
    gather(
        op,
        [&](ValueRange index) {
          Value linear = cIndex(0);
          for (size_t d = 0; d < out.size(); ++d)
            linear = addIndex(linear, mulIndex(index[d], strides[d]));
          return delinearize(linear, in);
        },
        movementReadAt(g, op));
    return success();
  }
  case OpKind::Slice: {
    gather(
        op,
        [&](ValueRange index) {
          SmallVector<Value, 4> at;
          for (size_t d = 0; d < index.size(); ++d)
            at.push_back(addIndex(index[d], cIndex(op.perm[d])));
          return at;
        },
        movementReadAt(g, op));
    return success();
  }
  case OpKind::Im2Col: {
    // Column (c, i, j), position (oh, ow) reads the image at
    // oh·sh + i·dh - pt, ow·sw + j·dw - pl; a read in the padding is a
    // clamped load whose value is replaced by the pad value, so no thread
    // branches.
    ConvWindow w = *ConvWindow::decode(op.perm);
    const Shape &in = shapeOf(op.operands[0]);
    std::array<int64_t, 2> out = {w.outputExtent(0, in[2]),
                                  w.outputExtent(1, in[3])};
    Value src = memrefOf(op.operands[0]), dst = memrefOf(op.results[0]);
    Type elem = cast<MemRefType>(src.getType()).getElementType();
    Value pad =
        arith::ConstantOp::create(b, loc, b.getFloatAttr(elem, op.scalar));
    TileAccess read = tileAccess(src);
    read.readAt = movementReadAt(g, op);
    forEachStoredElement(dst, read, [&](ValueRange index) {
      SmallVector<Value, 4> row =
          delinearize(index[1], {in[1], w.kernel[0], w.kernel[1]});
      SmallVector<Value, 4> pos = delinearize(index[2], out);
      SmallVector<Value, 4> at = {index[0], row[0]};
      Value inside;
      for (int d = 0; d < 2; ++d) {
        Value padded = addIndex(mulIndex(pos[d], w.stride[d]),
                                mulIndex(row[1 + d], w.dilation[d]));
        Value low = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                          padded, cIndex(w.padLow[d]));
        Value high =
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, padded,
                                  cIndex(w.padLow[d] + in[2 + d]));
        Value ok = arith::AndIOp::create(b, loc, low, high);
        inside = inside ? arith::AndIOp::create(b, loc, inside, ok) : ok;
        Value shifted =
            arith::SubIOp::create(b, loc, padded, cIndex(w.padLow[d]));
        at.push_back(arith::SelectOp::create(b, loc, ok, shifted, cIndex(0)));
      }
      Value v = memref::LoadOp::create(b, loc, src, this->at(src, at));
      v = arith::SelectOp::create(b, loc, inside, v, pad);
      memref::StoreOp::create(b, loc, convertTo(v, dst), dst,
                              this->at(dst, index));
    });
    return success();
  }
  case OpKind::Transpose: {
    gather(
        op,
        [&](ValueRange index) {
          SmallVector<Value, 4> at(index.size());
          for (size_t i = 0; i < op.perm.size(); ++i)
            at[op.perm[i]] = index[i];
          return at;
        },
        movementReadAt(g, op));
    return success();
  }
  case OpKind::Concat: {
    int64_t start = 0;
    for (int v : op.operands) {
      const Shape &shape = shapeOf(v);
      SmallVector<Value, 4> offset(shape.size(), cIndex(0));
      offset[op.dim] = cIndex(start);
      copyBox(memrefOf(v), {}, memrefOf(op.results[0]), offset, shape);
      start += shape[op.dim];
    }
    return success();
  }
  case OpKind::Kernel:
    return emitError(loc) << "a block graph cannot hold a kernel";
  default:
    if (isElementwiseBinary(op.kind) || isElementwiseUnary(op.kind) ||
        op.kind == OpKind::MulScalar) {
      elementwise();
      return success();
    }
    return emitError(loc) << "cannot lower block-graph op '"
                          << stringifyOpKind(op.kind) << "'";
  }
}

llvm::SmallDenseSet<unsigned, 8> BlockEmitter::loopInvariantOps() const {
  llvm::SmallDenseSet<unsigned, 8> hoisted;
  for (auto [idx, invariant] : llvm::enumerate(tsopt::loopInvariantOps(
           g, schedule, plan, rescale ? rescale->expOp : -1)))
    if (invariant)
      hoisted.insert(idx);
  return hoisted;
}

LogicalResult BlockEmitter::run() {
  // Views of every tile at its planned offset, made up front so that they
  // dominate every use.
  Attribute space;
  if (gpu)
    space = gpu::AddressSpaceAttr::get(b.getContext(),
                                       gpu::AddressSpace::Workgroup);
  for (const TileAllocation &t : plan.tiles) {
    if (g.stages > 1 && isPipelinedInput(g, g.ops[t.op])) {
      SmallVector<int64_t, 4> &offsets = stageOffsets[t.value];
      offsets.resize(std::max<size_t>(offsets.size(), t.stage + 1));
      offsets[t.stage] = t.offset;
    }
    if (t.stage != 0)
      continue;
    memrefs[t.value] = tileView(t.value, cIndex(t.offset));
  }
  savedBy = opsComputedBySavers(g);
  loadedBySavers = inputsLoadedBySavers(g);
  // A pass-through accumulator's result is its operand's tile.
  for (const Op &op : g.ops)
    if (isPassThroughAccum(g, op))
      memrefs[op.results[0]] = memrefOf(op.operands[0]);

  if (trees) {
    auto scratchType = MemRefType::get({trees->bytes / 4}, b.getF32Type(),
                                       MemRefLayoutAttrInterface(), space);
    scratch = memref::ViewOp::create(b, loc, scratchType, ctx.sharedMemory,
                                     cIndex(trees->offset), ValueRange{});
  }

  if (rescale) {
    for (auto [a, offset] : llvm::zip(rescale->merges, rescale->mergeOffsets)) {
      const Shape &shape = g.type(g.ops[a].results[0]).shape;
      Value view = memref::ViewOp::create(
          b, loc,
          MemRefType::get(shape, b.getF32Type(), MemRefLayoutAttrInterface(),
                          space),
          ctx.sharedMemory, cIndex(offset), ValueRange{});
      forEachElement(shape, [&](ValueRange index) {
        memref::StoreOp::create(
            b, loc, cF32(-std::numeric_limits<double>::infinity()), view,
            index);
      });
      mergeMax[a] = view;
    }
  }
  if (rescale && rescale->hasExp()) {
    auto rowsType = MemRefType::get(rescale->rows, b.getF32Type(),
                                    MemRefLayoutAttrInterface(), space);
    rowMax = memref::ViewOp::create(b, loc, rowsType, ctx.sharedMemory,
                                    cIndex(rescale->maxOffset), ValueRange{});
    rowScale = memref::ViewOp::create(b, loc, rowsType, ctx.sharedMemory,
                                      cIndex(rescale->scaleOffset),
                                      ValueRange{});
    forEachElement(rescale->rows, [&](ValueRange row) {
      memref::StoreOp::create(
          b, loc, cF32(-std::numeric_limits<double>::infinity()), rowMax, row);
    });
  }

  // Ops by phase and step, in schedule order.
  SmallVector<SmallVector<unsigned, 4>> loopSteps(schedule.numDepths[0]);
  SmallVector<SmallVector<unsigned, 4>> postSteps(schedule.numDepths[1]);
  for (int idx : schedule.order) {
    if (schedule.phase[idx] == Phase::Loop)
      loopSteps[schedule.depth[idx]].push_back(idx);
    else
      postSteps[schedule.depth[idx]].push_back(idx);
  }

  // Sums kept in mma registers start at zero there; their tiles are
  // written once, after the loop.
  for (auto [idx, op] : llvm::enumerate(g.ops)) {
    int m = fragmentAccumulatedMatmul(g, op, ctx.threads);
    if (m < 0)
      continue;
    fragmentAccums[idx] = m;
    fragmentRegs[m] = allocateFragmentRegisters(g.ops[m]);
  }
  // The stores that start the accumulators (and the running maxima above)
  // land before any thread reads them.
  bool initialized = rescale != nullptr;
  for (const Op &op : g.ops)
    if (startsInSharedMemory(g, op, ctx.threads)) {
      emitAccumInit(op);
      initialized = true;
    }
  if (tma) {
    initTmaBarriers();
    initialized = true;
  }
  if (initialized)
    barrier();

  // Loop-invariant ops run once, before the loop, step by step.
  llvm::SmallDenseSet<unsigned, 8> hoisted = loopInvariantOps();
  for (const auto &step : loopSteps) {
    bool any = false;
    for (unsigned idx : step) {
      if (!hoisted.contains(idx))
        continue;
      if (failed(emitOp(idx, Value())))
        return failure();
      any = true;
    }
    if (any)
      barrier();
  }

  // The pipeline (Graph::stages = s > 1): the iterated inputs' copies of
  // iteration i + s - 1 are issued before iteration i waits for its own
  // (the group committed s - 1 groups earlier) and reads them from buffer
  // i % s. The barrier ending iteration i keeps every thread's reads of
  // that buffer before iteration i + 1 refills it.
  SmallVector<unsigned, 4> pipelined;
  for (const auto &step : loopSteps)
    for (unsigned idx : step)
      if (stageOffsets.contains(g.ops[idx].results[0]))
        pipelined.push_back(idx);
  // Input iterators read no tile, so the schedule puts them in the loop's
  // first step (Schedule.h), where the prefetch replaces their copies.
  assert(llvm::all_of(pipelined,
                      [&](unsigned idx) { return schedule.depth[idx] == 0; }) &&
         "input iterators are in the loop's first step");
  llvm::DenseMap<int, Value> stageZero;
  for (unsigned idx : pipelined)
    stageZero[g.ops[idx].results[0]] = memrefOf(g.ops[idx].results[0]);
  for (int64_t i = 0; !pipelined.empty() && i + 1 < g.stages; ++i)
    emitPrefetch(pipelined, cIndex(i));

  auto loop = scf::ForOp::create(b, loc, cIndex(0), cIndex(g.forloop),
                                 cIndex(1));
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value iter = loop.getInductionVar();
    if (!pipelined.empty()) {
      emitPrefetch(pipelined, addIndex(iter, cIndex(g.stages - 1)));
      copyGroupsInFlight = pendingCopies ? g.stages - 1 : 0;
      // The TMA copies the barrier below waits for are this iteration's.
      if (tma)
        pendingTmaIteration = iter;
    }
    // The barrier after the last step is the loop's back edge (and exit). A
    // step left empty by hoisting needs none: the previous one's separates
    // its neighbours.
    for (const auto &step : loopSteps) {
      bool any = !pipelined.empty() && &step == &loopSteps.front();
      for (unsigned idx : step) {
        if (hoisted.contains(idx) || llvm::is_contained(pipelined, idx) ||
            savedBy[idx] >= 0 || loadedBySavers[idx])
          continue;
        if (failed(emitOp(idx, iter)))
          return failure();
        // A sum kept in registers, or an accumulator passing its operand
        // through, emits nothing here: no barrier for it.
        any |=
            !fragmentAccums.contains(idx) && !isPassThroughAccum(g, g.ops[idx]);
      }
      if (any)
        barrier();
      if (&step == &loopSteps.front())
        for (unsigned idx : pipelined) {
          int v = g.ops[idx].results[0];
          memrefs[v] = stageBuffer(v, iter);
        }
    }
  }
  for (unsigned idx : pipelined)
    memrefs[g.ops[idx].results[0]] = stageZero.lookup(g.ops[idx].results[0]);
  for (auto [accum, m] : fragmentAccums) {
    Value regs = fragmentRegs.lookup(m);
    if (failed(emitTensorCoreMatmul(g.ops[m], regs,
                                    memrefOf(g.ops[accum].results[0]))))
      return failure();
    if (!gpu)
      memref::DeallocOp::create(b, loc, regs);
  }
  if (!fragmentAccums.empty())
    barrier();
  // After the loop, a barrier before each step that follows one that
  // emitted something (an op its saver computes emits nothing in its step).
  bool emitted = false;
  for (const auto &step : postSteps) {
    bool any =
        llvm::any_of(step, [&](unsigned idx) { return savedBy[idx] < 0; });
    if (any && emitted)
      barrier();
    for (unsigned idx : step)
      if (savedBy[idx] < 0 && failed(emitOp(idx, Value())))
        return failure();
    emitted |= any;
  }
  return success();
}

} // namespace block_lowering

using block_lowering::BlockEmitter;

LogicalResult emitBlockGraph(OpBuilder &b, Location loc,
                             const Graph &blockGraph, const Schedule &schedule,
                             const MemoryPlan &plan, ValueRange operands,
                             ValueRange results, const BlockContext &ctx,
                             const SoftmaxRescale *rescale,
                             const ReductionTrees *trees, ValueRange tensorMaps,
                             const TmaBarriers *tma) {
  std::string why;
  assert(isPlanned(blockGraph) && "planned by lowerKernelGraphFunction");
  if (failed(verifyKernelPlan(blockGraph, &why)))
    return emitError(loc, "the kernel plan cannot be emitted: ") << why;
  size_t maps = tmaInputs(blockGraph).size();
  if (tensorMaps.size() != maps || (maps && (!tma || !tma->count)))
    return emitError(loc, "the kernel copies ")
           << maps << " tiles by the TMA but is given " << tensorMaps.size()
           << " tensor descriptors"
           << (maps && (!tma || !tma->count) ? " and no mbarriers" : "");
  return BlockEmitter(b, loc, blockGraph, schedule, plan, operands, results,
                      ctx, rescale, trees, tensorMaps, tma)
      .run();
}

} // namespace tsopt
