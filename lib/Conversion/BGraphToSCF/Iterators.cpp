//===- Iterators.cpp - Input iterators, accumulators, output savers ------===//
//
// The block-graph lowering of the ops at a block graph's boundary: input
// iterators as (asynchronous, pipelined) copies of device-memory tiles into
// shared memory, accumulators across the for-loop (with the running-max
// merge of split softmax partials), and output savers.
//
//===----------------------------------------------------------------------===//

#include "BlockEmitter.h"

namespace tsopt::block_lowering {

SmallVector<Value, 4> BlockEmitter::iteratorOffset(const Op &op, Value iter) {
  const Shape &tensor = shapeOf(op.operands[0]);
  const Shape &tile = shapeOf(op.results[0]);
  // Offsets as in the evaluator: block b_g keeps chunk b_g of |d| / grid_g,
  // then iteration i keeps chunk i of what remains along the fmap dim.
  SmallVector<Value, 4> offset(tensor.size(), cIndex(0));
  for (size_t gd = 0; gd < g.grid.size(); ++gd) {
    int d = op.gridMap[gd];
    if (d != kReplica)
      offset[d] =
          addIndex(offset[d], mulIndex(ctx.blockIds[gd], tensor[d] / g.grid[gd]));
  }
  if (op.fmap != kReplica)
    offset[op.fmap] = addIndex(offset[op.fmap], mulIndex(iter, tile[op.fmap]));
  return offset;
}

void BlockEmitter::emitInput(const Op &op, Value iter, Value dst) {
  const Shape &tile = shapeOf(op.results[0]);
  SmallVector<Value, 4> offset = iteratorOffset(op, iter);
  Value src = memrefOf(op.operands[0]);
  if (!dst)
    dst = memrefOf(op.results[0]);
  if (op.tma) {
    emitTmaCopy(op, iter, dst);
    return;
  }
  // The plan's copy (KernelPlan.h): chunks of 4, 8 or 16 bytes, or single
  // elements.
  int64_t element = byteWidth(g.type(op.results[0]).dtype);
  int64_t chunk = op.copyBytes >= 4 ? op.copyBytes / element : 0;
  if (!chunk) {
    copyBox(src, offset, dst, {}, tile);
    return;
  }
  // Chunks of `chunk` contiguous elements: the tile's rows are a multiple of
  // them, and so are the offsets of every row in the tensor (the tile's last
  // extent divides the tensor's and every block's and iteration's offset
  // along it), so each chunk is aligned to its size in both memories.
  Shape chunks(tile.begin(), tile.end());
  chunks.back() /= chunk;
  auto chunkIndices = [&](Value q) {
    SmallVector<Value, 4> to = delinearize(q, chunks);
    to.back() = mulIndex(to.back(), chunk);
    SmallVector<Value, 4> from(to);
    for (size_t d = 0; d < from.size(); ++d)
      from[d] = addIndex(offset[d], from[d]);
    return std::make_pair(from, to);
  };
  if (!gpu || !ctx.asyncCopy) {
    // The same chunks, copied element by element.
    forEachIndex(numElements(chunks), [&](Value q) {
      auto [from, to] = chunkIndices(q);
      for (int64_t e = 0; e < chunk; ++e) {
        SmallVector<Value, 4> f(from), t(to);
        f.back() = addIndex(f.back(), cIndex(e));
        t.back() = addIndex(t.back(), cIndex(e));
        Value v = memref::LoadOp::create(b, loc, src, f);
        memref::StoreOp::create(b, loc, convertTo(v, dst), dst, at(dst, t));
      }
    });
    return;
  }
  // cp.async: each thread issues its chunks; the step's copies are
  // committed as one group and waited for before the step's barrier (or,
  // pipelined, before the barrier of the iteration that reads them). A
  // thread without chunks commits an empty group: the token it passes on is
  // never a copy's (the tokens only order the ops; none is read).
  Type tokenType = nvgpu::DeviceAsyncTokenType::get(b.getContext());
  Value none = ub::PoisonOp::create(b, loc, tokenType);
  auto loop =
      scf::ForOp::create(b, loc, ctx.threadId, cIndex(numElements(chunks)),
                         ctx.numThreads, ValueRange{none});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    auto [from, to] = chunkIndices(loop.getInductionVar());
    Value token = nvgpu::DeviceAsyncCopyOp::create(
        b, loc, tokenType, dst, at(dst, to), src, from, b.getIndexAttr(chunk),
        /*srcElements=*/Value(),
        op.copyBytes == 16 ? b.getUnitAttr() : UnitAttr());
    scf::YieldOp::create(b, loc, token);
  }
  copyTokens.push_back(loop.getResult(0));
}

Value BlockEmitter::stageBuffer(int v, Value iter) {
  const SmallVector<int64_t, 4> &offsets = stageOffsets.lookup(v);
  Value stage = arith::RemUIOp::create(b, loc, iter, cIndex(g.stages));
  Value offset = cIndex(offsets[0]);
  for (int64_t s = 1; s < g.stages; ++s) {
    Value isS = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, stage,
                                      cIndex(s));
    offset = arith::SelectOp::create(b, loc, isS, cIndex(offsets[s]), offset);
  }
  return tileView(v, offset);
}

void BlockEmitter::emitPrefetch(ArrayRef<unsigned> inputs, Value iter) {
  // Every iteration commits one group, empty past the loop's end, so that
  // the group of iteration i is always the stages-th last when i waits.
  // Copies by the TMA complete their stage's mbarrier instead: where every
  // pipelined copy is the TMA's, there are no groups.
  Value inLoop = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, iter,
                                       cIndex(g.forloop));
  bool groups = gpu && llvm::any_of(inputs, [&](unsigned idx) {
                  return !g.ops[idx].tma;
                });
  Type tokenType = nvgpu::DeviceAsyncTokenType::get(b.getContext());
  auto ifOp =
      scf::IfOp::create(b, loc, groups ? TypeRange{tokenType} : TypeRange{},
                        inLoop, /*withElseRegion=*/groups);
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    for (unsigned idx : inputs) {
      const Op &op = g.ops[idx];
      emitInput(op, iter, stageBuffer(op.results[0], iter));
    }
    if (groups) {
      scf::YieldOp::create(b, loc, commitCopies());
      b.setInsertionPointToStart(ifOp.elseBlock());
      scf::YieldOp::create(b, loc, commitCopies());
    }
  }
  if (groups)
    pendingCopies = ifOp.getResult(0);
}

void BlockEmitter::emitAccumInit(const Op &op) {
  assert(op.fmap == kReplica && "a concatenation writes every element once");
  double init = op.accum == AccumKind::Sum
                    ? 0.0
                    : -std::numeric_limits<double>::infinity();
  Value acc = memrefOf(op.results[0]);
  forEachStoredElement(
      acc, {}, [&](ValueRange index) { store(cF32(init), acc, index); });
}

void BlockEmitter::emitAccum(const Op &op, Value iter, bool rescaled) {
  Value tile = memrefOf(op.operands[0]), acc = memrefOf(op.results[0]);
  const Shape &shape = shapeOf(op.operands[0]);
  if (op.fmap != kReplica) {
    // Iteration i's tile lands at i * |tile[d]| along d.
    SmallVector<Value, 4> offset(shape.size(), cIndex(0));
    offset[op.fmap] = mulIndex(iter, shape[op.fmap]);
    copyBox(tile, {}, acc, offset, shape);
    return;
  }
  if (Value runMax = mergeMax.lookup(indexOf(op))) {
    // A partial that was accumulated relative to its rows' maximum c joins
    // the running sum relative to the running maximum m:
    //   acc = acc * exp(m - m') + x * exp(c - m'),  m' = max(m, c).
    Value maxima = memrefOf(op.operands[1]);
    forEachStoredElement(acc, broadcastReads(tile), [&](ValueRange index) {
      Value x = load(acc, index), y = load(tile, index);
      Value m = memref::LoadOp::create(b, loc, runMax, index);
      // One maximum per row for every `group` columns (bgraph.running_max).
      SmallVector<Value, 4> at(index);
      int64_t group = shape.back() / shapeOf(op.operands[1]).back();
      if (group > 1)
        at.back() = arith::DivUIOp::create(b, loc, at.back(), cIndex(group));
      Value c = load(maxima, at);
      Value next = arith::MaximumFOp::create(b, loc, m, c);
      Value kept = mul(x, rescaleFactor(m, next));
      Value added = mul(y, rescaleFactor(c, next));
      store(add(kept, added), acc, index);
      memref::StoreOp::create(b, loc, next, runMax, index);
    });
    return;
  }
  // In the accumulator's storage order, as the layout plan prices it.
  forEachStoredElement(acc, broadcastReads(tile), [&](ValueRange index) {
    Value x = load(acc, index), y = load(tile, index);
    if (rescaled)
      x = mul(x, memref::LoadOp::create(b, loc, rowScale, rowOf(index)));
    Value r = op.accum == AccumKind::Sum
                  ? add(x, y)
                  : arith::MaximumFOp::create(b, loc, x, y).getResult();
    store(r, acc, index);
  });
}

void BlockEmitter::emitSaverCopy(const Op &op, Value dst,
                                 ArrayRef<Value> offset) {
  // 16-byte stores where every chunk of the tile's rows starts 16-byte
  // aligned in the tensor (saverCopy): each thread reads a chunk from the
  // tile, in 16-byte vector loads where the tile stores its rows
  // contiguously (a swizzle moves whole 16-byte blocks, so an aligned load
  // stays contiguous; a quarter-warp's loads hit all 32 banks once), rounds
  // it to the tensor's type and stores it at once.
  Value src = memrefOf(op.operands[0]);
  const Shape &tile = shapeOf(op.operands[0]);
  SaverCopy plan = saverCopy(g, op);
  if (plan.computes >= 0) {
    emitComputingSaver(op, plan, dst, offset);
    return;
  }
  if (!plan.storeElements) {
    copyBox(src, {}, dst, offset, tile);
    return;
  }
  int64_t chunk = plan.storeElements, piece = plan.loadElements;
  auto type = cast<MemRefType>(dst.getType());
  Shape chunks(tile.begin(), tile.end());
  chunks.back() /= chunk;
  auto vectorType = VectorType::get({chunk}, type.getElementType());
  auto srcType = cast<MemRefType>(src.getType());
  auto pieceType = VectorType::get({piece}, srcType.getElementType());
  forEachIndex(numElements(chunks), [&](Value q) {
    SmallVector<Value, 4> index = delinearize(q, chunks);
    index.back() = mulIndex(index.back(), chunk);
    Value vec = arith::ConstantOp::create(
        b, loc, vectorType,
        DenseElementsAttr::get(vectorType,
                               FloatAttr::get(type.getElementType(), 0.0)));
    SmallVector<Value, 2> pieces;
    for (int64_t e = 0; e < chunk; e += piece) {
      SmallVector<Value, 4> from(index);
      from.back() = addIndex(from.back(), cIndex(e));
      if (piece == 1) {
        Value v = memref::LoadOp::create(b, loc, src, at(src, from));
        vec = vector::InsertOp::create(b, loc, convertTo(v, dst), vec,
                                       ArrayRef<int64_t>{e});
        continue;
      }
      Value loaded = convertTo(
          vector::LoadOp::create(
              b, loc, pieceType, src, at(src, from), /*nontemporal=*/false,
              gpu ? llvm::MaybeAlign(piece * srcType.getElementTypeBitWidth() /
                                     8)
                  : llvm::MaybeAlign()),
          dst);
      pieces.push_back(loaded);
    }
    // A piece is 16 bytes of the tile, so a chunk holds one or (an f32
    // tile to a half tensor) two; two join by a shuffle.
    if (!pieces.empty()) {
      assert(pieces.size() <= 2 && "a chunk of one or two 16-byte pieces");
      vec = pieces.size() == 1
                ? pieces[0]
                : vector::ShuffleOp::create(
                      b, loc, pieces[0], pieces[1],
                      llvm::to_vector(llvm::seq<int64_t>(0, chunk)))
                      .getResult();
    }
    SmallVector<Value, 4> to;
    for (auto [d, i] : llvm::enumerate(index))
      to.push_back(addIndex(offset[d], i));
    // The GPU's tensors are 16-byte aligned (its cp.async copies need it
    // too); the CPU's need not be, so its stores claim no alignment.
    vector::StoreOp::create(b, loc, vec, dst, to, /*nontemporal=*/false,
                            gpu ? b.getI64IntegerAttr(16) : IntegerAttr());
  });
}

void BlockEmitter::emitComputingSaver(const Op &op, const SaverCopy &copy,
                                      Value dst, ArrayRef<Value> offset) {
  const Op &computed = g.ops[copy.computes];
  const Shape &tile = shapeOf(op.operands[0]);
  auto target = [&](ValueRange index) {
    SmallVector<Value, 4> to;
    for (auto [d, i] : llvm::enumerate(index))
      to.push_back(addIndex(offset[d], i));
    return to;
  };
  // Where each operand's values are read, as saverCopy plans: its tile, or
  // the input's device tensor at the iterator's offset (rounded to the
  // tile's type, as a copy would store them).
  struct Source {
    Value memref;
    SmallVector<Value, 4> base; ///< the iterator's offset, from device memory
    DType type;                 ///< the tile's
  };
  std::vector<int> producer = producers(g);
  SmallVector<Source, 4> sources;
  for (auto [i, v] : llvm::enumerate(computed.operands)) {
    Source &src = sources.emplace_back();
    src.type = g.type(v).dtype;
    src.memref = memrefOf(v);
    if (copy.operands[i].fromDevice) {
      const Op &input = g.ops[producer[v]];
      src.memref = memrefOf(input.operands[0]);
      src.base = iteratorOffset(input, Value());
    }
  }
  auto place = [&](const Source &src, ArrayRef<Value> tileIndex) {
    if (src.base.empty())
      return at(src.memref, tileIndex);
    SmallVector<Value, 4> global;
    for (auto [d, t] : llvm::enumerate(tileIndex))
      global.push_back(addIndex(src.base[d], t));
    return global;
  };
  auto valueAt = [&](const Source &src, ArrayRef<Value> tileIndex) {
    return widenVia(
        memref::LoadOp::create(b, loc, src.memref, place(src, tileIndex)),
        src.type);
  };
  auto operandIndex = [&](int v, ValueRange index) {
    return broadcastIndex(index, shapeOf(v), tile);
  };

  if (!copy.storeElements) {
    forEachElement(tile, [&](ValueRange index) {
      SmallVector<Value, 4> args;
      for (auto [src, v] : llvm::zip_equal(sources, computed.operands))
        args.push_back(valueAt(src, operandIndex(v, index)));
      store(computeInRegisters(computed, args), dst, target(index));
    });
    return;
  }
  int64_t chunk = copy.storeElements;
  auto type = cast<MemRefType>(dst.getType());
  Shape chunks(tile.begin(), tile.end());
  chunks.back() /= chunk;
  forEachIndex(numElements(chunks), [&](Value q) {
    SmallVector<Value, 4> index = delinearize(q, chunks);
    index.back() = mulIndex(index.back(), chunk);
    // Each operand's values along the chunk.
    SmallVector<SmallVector<Value, 8>, 4> values;
    for (auto [i, v] : llvm::enumerate(computed.operands)) {
      const Source &src = sources[i];
      SmallVector<Value, 8> &vals = values.emplace_back();
      SmallVector<Value, 4> first = operandIndex(v, index);
      switch (copy.operands[i].load) {
      case SaverCopy::Load::Shared:
        vals.assign(chunk, valueAt(src, first));
        break;
      case SaverCopy::Load::Vector: {
        auto elemType = cast<MemRefType>(src.memref.getType()).getElementType();
        Value vec = vector::LoadOp::create(
            b, loc, VectorType::get({chunk}, elemType), src.memref,
            place(src, first), /*nontemporal=*/false,
            gpu ? llvm::MaybeAlign(chunk * elemType.getIntOrFloatBitWidth() / 8)
                : llvm::MaybeAlign());
        for (int64_t k = 0; k < chunk; ++k)
          vals.push_back(widenVia(
              vector::ExtractOp::create(b, loc, vec, ArrayRef<int64_t>{k}),
              src.type));
        break;
      }
      case SaverCopy::Load::Element:
        for (int64_t k = 0; k < chunk; ++k) {
          SmallVector<Value, 4> idx(index);
          idx.back() = addIndex(idx.back(), cIndex(k));
          vals.push_back(valueAt(src, operandIndex(v, idx)));
        }
        break;
      }
    }
    Value vec = arith::ConstantOp::create(
        b, loc, VectorType::get({chunk}, type.getElementType()),
        DenseElementsAttr::get(VectorType::get({chunk}, type.getElementType()),
                               FloatAttr::get(type.getElementType(), 0.0)));
    for (int64_t k = 0; k < chunk; ++k) {
      SmallVector<Value, 4> args;
      for (auto &vals : values)
        args.push_back(vals[k]);
      vec = vector::InsertOp::create(
          b, loc, convertTo(computeInRegisters(computed, args), dst), vec,
          ArrayRef<int64_t>{k});
    }
    vector::StoreOp::create(
        b, loc, vec, dst, target(index), /*nontemporal=*/false,
        gpu ? b.getI64IntegerAttr(chunk * type.getElementTypeBitWidth() / 8)
            : IntegerAttr());
  });
}

void BlockEmitter::emitOutput(const Op &op) {
  const Shape &tile = shapeOf(op.operands[0]);
  SmallVector<Value, 4> offset(tile.size(), cIndex(0));
  for (size_t gd = 0; gd < g.grid.size(); ++gd) {
    int d = op.gridMap[gd];
    if (d != kReplica)
      offset[d] = mulIndex(ctx.blockIds[gd], tile[d]);
  }
  for (auto [j, v] : llvm::enumerate(g.outputs))
    if (v == op.results[0])
      emitSaverCopy(op, results[j], offset);
}

} // namespace tsopt::block_lowering
