//===- TileWalks.cpp - Tile addressing and element walks -----------------===//
//
// How the block-graph lowering reaches a tile's elements: every tile is a
// view of shared memory in its planned layout (swizzled or padded), every
// access goes through at(); element-wise ops, data movement and
// accumulators walk a result tile in its storage order, rotated by the
// element walk the layout plan prices (planElementWalk), and reduction
// walks are staggered over the banks.
//
//===----------------------------------------------------------------------===//

#include "BlockEmitter.h"

namespace tsopt::block_lowering {

SmallVector<Value, 4> BlockEmitter::delinearize(Value i,
                                                llvm::ArrayRef<int64_t> shape) {
  Shape strides = stridesOf(shape);
  SmallVector<Value, 4> index;
  for (size_t d = 0; d < shape.size(); ++d) {
    Value v = i;
    if (strides[d] > 1)
      v = arith::DivUIOp::create(b, loc, v, cIndex(strides[d]));
    if (d > 0 && shape[d] > 1)
      v = arith::RemUIOp::create(b, loc, v, cIndex(shape[d]));
    if (shape[d] == 1)
      v = cIndex(0);
    index.push_back(v);
  }
  return index;
}

void BlockEmitter::forEachElement(llvm::ArrayRef<int64_t> shape,
                                  llvm::function_ref<void(ValueRange)> body) {
  forEachIndex(numElements(shape),
               [&](Value i) { body(delinearize(i, shape)); });
}

llvm::ArrayRef<int64_t> BlockEmitter::tileShape(Value memref) {
  auto it = paddedShapes.find(memref);
  if (it != paddedShapes.end())
    return it->second;
  return cast<MemRefType>(memref.getType()).getShape();
}

Value BlockEmitter::tileView(int v, Value offset) {
  const TensorType &type = g.type(v);
  Layout layout = tileLayout(g, v);
  Shape shape(type.shape.begin(), type.shape.end());
  if (layout.pad && !shape.empty())
    shape[storageFastestFirst(shape.size(), layout)[0]] +=
        layout.pad / dtypeBytes(type.dtype);
  Attribute space;
  if (gpu)
    space = gpu::AddressSpaceAttr::get(b.getContext(),
                                       gpu::AddressSpace::Workgroup);
  auto viewType =
      MemRefType::get(shape, exportElementType(b.getContext(), type.dtype),
                      MemRefLayoutAttrInterface(), space);
  Value view = memref::ViewOp::create(b, loc, viewType, ctx.sharedMemory,
                                      offset, ValueRange{});
  tileLayouts[view] = layout;
  if (layout.pad)
    paddedShapes[view] = type.shape;
  return view;
}

TileAccess BlockEmitter::tileAccess(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  return TileAccess{llvm::to_vector<4>(tileShape(memref)),
                    type.getElementTypeBitWidth() / 8,
                    tileLayouts.lookup(memref)};
}

SmallVector<TileAccess, 4>
BlockEmitter::broadcastReads(ArrayRef<Value> memrefs) {
  SmallVector<TileAccess, 4> reads;
  for (Value m : memrefs)
    if (isa<MemRefType>(m.getType()))
      reads.push_back(tileAccess(m));
  return reads;
}

void BlockEmitter::forEachStoredElement(
    Value memref, ArrayRef<TileAccess> reads,
    llvm::function_ref<void(ValueRange)> body) {
  llvm::ArrayRef<int64_t> shape = tileShape(memref);
  int rank = static_cast<int>(shape.size());
  // Dims slowest first in storage: the linear index walks the storage.
  SmallVector<int, 4> order = llvm::to_vector(
      llvm::reverse(storageFastestFirst(rank, tileLayouts.lookup(memref))));
  Shape stored;
  for (int d : order)
    stored.push_back(shape[d]);
  ElementWalk walk = planElementWalk(tileAccess(memref), reads, ctx.threads);
  forEachIndex(numElements(stored), [&](Value i) {
    SmallVector<Value, 4> at = delinearize(i, stored);
    SmallVector<Value, 4> index(rank);
    for (auto [k, d] : llvm::enumerate(order))
      index[d] = at[k];
    if (!walk.isPlain()) {
      // ElementWalk::apply: the rotated coordinate advances by
      // step * (along / group), modulo its extent.
      Value by = mulIndex(
          arith::DivUIOp::create(b, loc, index[walk.along], cIndex(walk.group)),
          walk.step);
      index[walk.rotated] =
          arith::RemUIOp::create(b, loc, addIndex(index[walk.rotated], by),
                                 cIndex(shape[walk.rotated]));
    }
    body(index);
  });
}

void BlockEmitter::forEachIndex(int64_t n,
                                llvm::function_ref<void(Value)> body) {
  OpBuilder::InsertionGuard guard(b);
  if (!gpu) {
    auto loop = scf::ForOp::create(b, loc, cIndex(0), cIndex(n), cIndex(1));
    b.setInsertionPointToStart(loop.getBody());
    body(loop.getInductionVar());
    return;
  }
  // Thread t takes indices t, t + threads, ...: a loop over the rounds
  // with a trip count known at compile time (not one from t to n, whose
  // trip count depends on t), so that LLVM unrolls it and a thread's
  // independent elements overlap their latencies. A last partial round is
  // guarded.
  int64_t rounds = llvm::divideCeil(n, ctx.threads);
  Value i = ctx.threadId;
  if (rounds > 1) {
    auto loop =
        scf::ForOp::create(b, loc, cIndex(0), cIndex(rounds), cIndex(1));
    b.setInsertionPointToStart(loop.getBody());
    i = addIndex(mulIndex(loop.getInductionVar(), ctx.threads), i);
  }
  if (n % ctx.threads != 0) {
    auto inside = scf::IfOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, i, cIndex(n)),
        /*withElseRegion=*/false);
    b.setInsertionPointToStart(inside.thenBlock());
  }
  body(i);
}

void BlockEmitter::forEachThread(llvm::function_ref<void(Value)> body) {
  if (gpu) {
    body(ctx.threadId);
    return;
  }
  auto loop =
      scf::ForOp::create(b, loc, cIndex(0), cIndex(ctx.threads), cIndex(1));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  body(loop.getInductionVar());
}

bool BlockEmitter::storedAlong(Value memref, int dim) {
  return contiguousDim(tileShape(memref), tileLayouts.lookup(memref)) == dim;
}

Value BlockEmitter::staggeredRun(Value memref, int dim, ValueRange runStart,
                                 Value o, int64_t size, int64_t width,
                                 Value j) {
  auto type = cast<MemRefType>(memref.getType());
  int64_t eb = type.getElementTypeBitWidth() / 8;
  int64_t stride = std::max<int64_t>(std::max<int64_t>(width, 1),
                                     std::max<int64_t>(1, 4 / eb));
  Layout layout = tileLayouts.lookup(memref);
  int64_t block = int64_t(16) << layout.swizzle;
  if (!storedAlong(memref, dim) || size % stride != 0 || size <= stride ||
      (layout.swizzle && (size * eb) % block != 0))
    return j;
  Value start =
      arith::RemUIOp::create(b, loc, mulIndex(o, stride), cIndex(size));
  Value p = arith::RemUIOp::create(b, loc, addIndex(j, start), cIndex(size));
  if (!layout.swizzle)
    return p;
  // The run's storage begins at its first element's linear place (a
  // multiple of the run, so of the swizzle's block); the swizzle, an
  // involution, maps storage position p to the logical one.
  Value base = storageLinear(memref, runStart);
  Value logical = swizzled(memref, addIndex(base, p));
  return arith::SubIOp::create(b, loc, logical, base).getResult();
}

Value BlockEmitter::linearAt(Value memref, ValueRange index) {
  // layoutByteOffset's formula: the linear index in storage order, and its
  // byte offset with bits [4 + S, 4 + S + B) XORed into [4, 4 + B).
  Value linear = swizzled(memref, storageLinear(memref, index));
  Layout layout = tileLayouts.lookup(memref);
  if (!layout.pad)
    return linear;
  // A padded tile's stored rows are `pad` bytes apart more.
  ArrayRef<int64_t> shape = tileShape(memref);
  int64_t row = shape[storageFastestFirst(shape.size(), layout)[0]];
  int64_t eb = cast<MemRefType>(memref.getType()).getElementTypeBitWidth() / 8;
  Value rows = arith::DivUIOp::create(b, loc, linear, cIndex(row));
  Value within = arith::RemUIOp::create(b, loc, linear, cIndex(row));
  return addIndex(mulIndex(rows, row + layout.pad / eb), within);
}

Value BlockEmitter::storageLinear(Value memref, ValueRange index) {
  ArrayRef<int64_t> shape = tileShape(memref);
  Value linear = cIndex(0);
  for (int d : llvm::reverse(
           storageFastestFirst(shape.size(), tileLayouts.lookup(memref))))
    linear = addIndex(mulIndex(linear, shape[d]), index[d]);
  return linear;
}

Value BlockEmitter::swizzled(Value memref, Value linear) {
  Layout layout = tileLayouts.lookup(memref);
  if (!layout.swizzle)
    return linear;
  int64_t eb = cast<MemRefType>(memref.getType()).getElementTypeBitWidth() / 8;
  Value bytes = mulIndex(linear, eb);
  Value line =
      arith::ShRUIOp::create(b, loc, bytes, cIndex(4 + layout.swizzleShift));
  Value bits = arith::AndIOp::create(
      b, loc, line, cIndex((int64_t(1) << layout.swizzle) - 1));
  bytes = arith::XOrIOp::create(b, loc, bytes,
                                arith::ShLIOp::create(b, loc, bits, cIndex(4)));
  return arith::DivUIOp::create(b, loc, bytes, cIndex(eb));
}

SmallVector<Value, 4> BlockEmitter::at(Value memref, ValueRange index) {
  if (tileLayouts.lookup(memref) == Layout::rowMajor())
    return SmallVector<Value, 4>(index.begin(), index.end());
  return delinearize(linearAt(memref, index),
                     cast<MemRefType>(memref.getType()).getShape());
}

} // namespace tsopt::block_lowering
