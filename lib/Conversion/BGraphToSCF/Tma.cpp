//===- Tma.cpp - Tensor-memory-accelerator copies and their emulation ----===//
//
// The block-graph lowering of an input iterator planned as a TMA copy
// (Op::tma): once per iteration one thread announces the tile's bytes on
// the mbarrier of the iteration's pipeline stage and issues one bulk
// tensor copy of the whole tile (cp.async.bulk.tensor) through the
// tensor's TMA descriptor; every thread waits for that mbarrier's phase
// before the tile is read. The CPU emulation writes every element at the
// shared-memory byte the TMA writes it to — the box stored row-major, the
// swizzle mode XORing its address bits — and not through the tile's
// planned layout, so a plan whose layout is not what the TMA writes reads
// wrong values on the CPU path.
//
//===----------------------------------------------------------------------===//

#include "BlockEmitter.h"

namespace tsopt::block_lowering {

Value BlockEmitter::sharedPointer(Value address) {
  auto type = LLVM::LLVMPointerType::get(
      b.getContext(), static_cast<unsigned>(NVVM::NVVMMemorySpace::Shared));
  return LLVM::IntToPtrOp::create(b, loc, type, address);
}

Value BlockEmitter::tmaBarrier(Value iter) {
  Value stage = arith::RemUIOp::create(b, loc, iter, cIndex(tma->count));
  Value base =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, ctx.sharedMemory);
  Value offset = addIndex(cIndex(tma->offset), mulIndex(stage, 8));
  return sharedPointer(toI64(addIndex(base, offset)));
}

Block *BlockEmitter::firstThreadBlock() {
  Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      ctx.threadId, cIndex(0));
  return scf::IfOp::create(b, loc, first, /*withElseRegion=*/false).thenBlock();
}

void BlockEmitter::initTmaBarriers() {
  if (!gpu)
    return;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(firstThreadBlock());
  Value arrivals = arith::ConstantOp::create(
      b, loc, b.getI32IntegerAttr(static_cast<int32_t>(tma->arrivals)));
  for (int64_t s = 0; s < tma->count; ++s)
    NVVM::MBarrierInitOp::create(b, loc, tmaBarrier(cIndex(s)), arrivals,
                                 /*predicate=*/Value());
  // The initialized mbarriers are visible to the TMA unit (the async
  // proxy) before any copy names them.
  NVVM::FenceMbarrierInitOp::create(b, loc);
}

void BlockEmitter::emitTmaCopy(const Op &op, Value iter, Value dst) {
  if (!iter)
    iter = cIndex(0);
  const TensorType &tile = g.type(op.results[0]);
  SmallVector<Value, 4> offset = iteratorOffset(op, iter);
  Value map = tensorMaps.lookup(&op - &g.ops[0]);
  assert(map && "every TMA-copied input has its tensor's descriptor");
  if (!gpu) {
    emulateTmaCopy(op, offset, map, dst);
    return;
  }
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(firstThreadBlock());
    Value barrier = tmaBarrier(iter);
    int64_t bytes = tile.numElements() * byteWidth(tile.dtype);
    NVVM::MBarrierArriveExpectTxOp::create(
        b, loc, /*res=*/Type(), barrier,
        arith::ConstantOp::create(
            b, loc, b.getI32IntegerAttr(static_cast<int32_t>(bytes))),
        NVVM::MemScopeKind::CTA, /*relaxed=*/false, /*predicate=*/Value());
    // The descriptor's address: the kernel parameter that the launch fills
    // with the tensor's TMA descriptor.
    Value descriptor = LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(b.getContext()),
        toI64(memref::ExtractAlignedPointerAsIndexOp::create(b, loc, map)));
    // Coordinates innermost first, in elements.
    SmallVector<Value, 5> coordinates;
    for (Value o : llvm::reverse(offset))
      coordinates.push_back(
          arith::IndexCastOp::create(b, loc, b.getI32Type(), o));
    // The tile's shared::cta address, as the shared::cluster address that
    // names it in the block's own shared memory.
    Value destination = LLVM::AddrSpaceCastOp::create(
        b, loc,
        LLVM::LLVMPointerType::get(
            b.getContext(),
            static_cast<unsigned>(NVVM::NVVMMemorySpace::SharedCluster)),
        sharedPointer(toI64(
            memref::ExtractAlignedPointerAsIndexOp::create(b, loc, dst))));
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        b, loc, destination, descriptor, coordinates, barrier,
        /*im2colOffsets=*/ValueRange{}, /*multicastMask=*/Value(),
        /*l2CacheHint=*/Value(), NVVM::TMALoadMode::TILE,
        /*isCTAOnly=*/false, /*group=*/nullptr, /*predicate=*/Value());
  }
  pendingTmaIteration = iter;
}

void BlockEmitter::waitTmaCopies() {
  Value iter = pendingTmaIteration;
  pendingTmaIteration = Value();
  if (!gpu)
    return;
  Value phase = arith::AndIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, iter, cIndex(tma->count)),
      cIndex(1));
  NVVM::MBarrierTryWaitParityOp::create(
      b, loc, tmaBarrier(iter),
      arith::IndexCastOp::create(b, loc, b.getI32Type(), phase),
      arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(0x989680)));
}

void BlockEmitter::emulateTmaCopy(const Op &op, ArrayRef<Value> offset,
                                  Value tensor, Value dst) {
  const TensorType &tile = g.type(op.results[0]);
  const Shape &shape = tile.shape;
  int64_t element = byteWidth(tile.dtype);
  int swizzle = op.layoutOf(0).swizzle;
  forEachIndex(tile.numElements(), [&](Value q) {
    SmallVector<Value, 4> index = delinearize(q, shape);
    SmallVector<Value, 4> from(offset);
    for (size_t d = 0; d < from.size(); ++d)
      from[d] = addIndex(from[d], index[d]);
    Value v = memref::LoadOp::create(b, loc, tensor, from);
    // The box lies row-major from the tile's start; the swizzle mode XORs
    // bits [7, 7 + B) of each byte address into bits [4, 4 + B).
    Value byte = mulIndex(q, element);
    if (swizzle) {
      Value line = arith::AndIOp::create(
          b, loc, arith::ShRUIOp::create(b, loc, byte, cIndex(7)),
          cIndex((1 << swizzle) - 1));
      byte = arith::XOrIOp::create(
          b, loc, byte, arith::ShLIOp::create(b, loc, line, cIndex(4)));
    }
    Value stored = arith::DivUIOp::create(b, loc, byte, cIndex(element));
    memref::StoreOp::create(b, loc, v, dst, delinearize(stored, shape));
  });
}

} // namespace tsopt::block_lowering
