//===- Wgmma.cpp - Warpgroup matmuls and their CPU emulation --------------===//
//
// The block-graph lowering of a bgraph.matmul planned as wgmma
// (MmaPlan::Wgmma): each warpgroup issues wgmma.mma_async m64nNk16 on its
// 64-row blocks of the product, both operands read by the tensor cores from
// shared memory through 64-bit matrix descriptors. The CPU emulation
// decodes the very descriptors the GPU code passes and reads every operand
// value at the address the hardware computes from them: start address,
// strides, the swizzle mode applied to the address, the advance of each
// step of k. So the descriptors, the tiles' alignment and their planned
// layouts are checked against the canonical layouts on the CPU path.
//
//===----------------------------------------------------------------------===//

#include "BlockEmitter.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace tsopt::block_lowering {

namespace {
/// The fields of a wgmma matrix descriptor (PTX ISA, "Matrix Descriptor
/// Format"): bits 0-13 the start address >> 4 (of an 18-bit shared-memory
/// address), 16-29 the leading and 32-45 the stride dimension byte offsets
/// >> 4, 62-63 the swizzle mode (1: 128-byte, 2: 64-byte, 3: 32-byte).
constexpr int64_t kAddressMask = 0x3FFFF, kFieldMask = 0x3FFF;
constexpr int kLeadingShift = 16, kStrideShift = 32, kModeShift = 62;
} // namespace

Value BlockEmitter::sharedAddress(Value tile) {
  Value p = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, tile);
  if (!gpu) {
    // The CPU's shared memory is an allocation of its own: addresses are
    // offsets in it (the tiles' offsets keep their alignment there).
    Value base =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, ctx.sharedMemory);
    p = arith::SubIOp::create(b, loc, p, base);
  }
  return toI64(p);
}

Value BlockEmitter::wgmmaDescriptor(const Op &op, int operand, Value rowBlock,
                                    Value k0) {
  WgmmaOperand view = *wgmmaOperand(g, op, operand);
  int value = op.operands[operand];
  Value tile = memrefOf(value);
  // The instruction's operand starts at k0 (and A at its 64-row block):
  // rows of k advance whole rows (MN-major), steps of k within a row 2
  // bytes per element (K-major); A's row block, K-major, 64 rows.
  int64_t rowBytes = view.rowBytes();
  Value advance = view.mnMajor
                      ? arith::MulIOp::create(b, loc, toI64(k0), cI64(rowBytes))
                      : arith::MulIOp::create(b, loc, toI64(k0), cI64(2));
  if (operand == 0 && !view.mnMajor)
    advance = arith::AddIOp::create(
        b, loc, advance,
        arith::MulIOp::create(b, loc, toI64(rowBlock),
                              cI64(kWgmmaRows * rowBytes)));
  Value address = arith::AddIOp::create(b, loc, sharedAddress(tile), advance);
  // Every 8 rows lie 8 rows apart (the stride dimension); the leading
  // dimension (K-major: unused with a swizzle; MN-major: the next
  // swizzle-wide block of m or n, which these tiles do not have) is set to
  // one 16-byte unit and to the tile's size.
  int64_t stride = 8 * rowBytes;
  int64_t leading =
      view.mnMajor ? g.type(value).numElements() * 2 : int64_t(16);
  int64_t mode = 4 - view.swizzle;
  int64_t fields = ((leading >> 4) & kFieldMask) << kLeadingShift |
                   ((stride >> 4) & kFieldMask) << kStrideShift |
                   mode << kModeShift;
  Value start = arith::ShRUIOp::create(
      b, loc, arith::AndIOp::create(b, loc, address, cI64(kAddressMask)),
      cI64(4));
  return arith::OrIOp::create(b, loc, start, cI64(fields));
}

SmallVector<Value> BlockEmitter::emitWgmma(const Op &op, Value rowBlock,
                                           ValueRange acc) {
  MLIRContext *context = b.getContext();
  const Shape &as = shapeOf(op.operands[0]);
  const Shape &rs = shapeOf(op.results[0]);
  int64_t cols = rs.back(), k = as.back();
  Type f32 = b.getF32Type();
  // No accumulators: the first step ignores them (scale-d 0), so nothing
  // is zeroed in registers before it.
  int64_t numValues = cols / 2;
  bool fromZero = acc.empty();
  auto accType = LLVM::LLVMStructType::getLiteral(
      context, SmallVector<Type>(numValues, f32));
  Value d = LLVM::UndefOp::create(b, loc, accType);
  for (auto [i, x] : llvm::enumerate(acc))
    d = LLVM::InsertValueOp::create(b, loc, d, x, int64_t(i));
  DType input = matmulInputType(g.type(op.operands[0]).dtype,
                                g.type(op.operands[1]).dtype);
  NVVM::WGMMATypes type =
      input == DType::BF16 ? NVVM::WGMMATypes::bf16 : NVVM::WGMMATypes::f16;
  // A "row" (K-major) or transposed; B "col" (K-major) or transposed.
  NVVM::MMALayout layoutA = wgmmaOperand(g, op, 0)->mnMajor
                                ? NVVM::MMALayout::col
                                : NVVM::MMALayout::row;
  NVVM::MMALayout layoutB = wgmmaOperand(g, op, 1)->mnMajor
                                ? NVVM::MMALayout::row
                                : NVVM::MMALayout::col;
  auto wgmmaAt = [&](Value k0, Value in, NVVM::WGMMAScaleOut scale) {
    return NVVM::WgmmaMmaAsyncOp::create(
               b, loc, accType, in, wgmmaDescriptor(op, 0, rowBlock, k0),
               wgmmaDescriptor(op, 1, rowBlock, k0),
               NVVM::MMAShapeAttr::get(context, kWgmmaRows, cols, 16), type,
               type, NVVM::WGMMATypes::f32, scale, NVVM::WGMMAScaleIn::one,
               NVVM::WGMMAScaleIn::one, layoutA, layoutB,
               /*satfinite=*/NVVM::MMAIntOverflowAttr())
        .getResult();
  };
  // The accumulators' registers are fenced before the first wgmma reads
  // them; the group is committed and waited for before they are read.
  NVVM::WgmmaFenceAlignedOp::create(b, loc);
  int64_t first = 0;
  if (fromZero) {
    d = wgmmaAt(cIndex(0), d, NVVM::WGMMAScaleOut::zero);
    first = 16;
  }
  auto kLoop = scf::ForOp::create(b, loc, cIndex(first), cIndex(k),
                                  cIndex(16), ValueRange{d});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(kLoop.getBody());
    scf::YieldOp::create(b, loc,
                         wgmmaAt(kLoop.getInductionVar(),
                                 kLoop.getRegionIterArgs()[0],
                                 NVVM::WGMMAScaleOut::one));
  }
  NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, uint64_t(0));
  SmallVector<Value> out;
  for (int64_t i = 0; i < numValues; ++i)
    out.push_back(LLVM::ExtractValueOp::create(b, loc, kLoop.getResult(0), i));
  return out;
}

Value BlockEmitter::wgmmaOperandValue(const Op &op, int operand, Value rowBlock,
                                      Value k0, Value mn, Value kk) {
  auto add = [&](Value x, Value y) {
    return arith::AddIOp::create(b, loc, x, y).getResult();
  };
  auto mul = [&](Value x, Value y) {
    return arith::MulIOp::create(b, loc, x, y).getResult();
  };
  auto shr = [&](Value x, int64_t n) {
    return arith::ShRUIOp::create(b, loc, x, cI64(n)).getResult();
  };
  auto field = [&](Value x, int shift, int64_t mask) {
    return arith::AndIOp::create(b, loc, shr(x, shift), cI64(mask)).getResult();
  };
  // The descriptor's fields, as the hardware reads them.
  Value desc = wgmmaDescriptor(op, operand, rowBlock, k0);
  Value start =
      arith::ShLIOp::create(b, loc, field(desc, 0, kFieldMask), cI64(4));
  Value leading = arith::ShLIOp::create(
      b, loc, field(desc, kLeadingShift, kFieldMask), cI64(4));
  Value stride = arith::ShLIOp::create(
      b, loc, field(desc, kStrideShift, kFieldMask), cI64(4));
  // Mode 1, 2, 3: a swizzle of B = 3, 2, 1 bits over rows of 16 << B bytes.
  Value bits =
      arith::SubIOp::create(b, loc, cI64(4), field(desc, kModeShift, 3));
  Value rowBytes = arith::ShLIOp::create(b, loc, cI64(16), bits);
  Value m = toI64(mn), kv = toI64(kk);
  // The canonical layouts (CUTLASS's GMMA layouts, in bytes for 16-bit
  // elements): K-major, row mn % 8 of a group of 8 rows at 16 << B bytes
  // apart, groups `stride` apart, k contiguous; MN-major, mn contiguous in
  // rows of 16 << B bytes, blocks of such rows `leading` apart, k rows by
  // 8 at 16 << B bytes apart, groups of 8 `stride` apart.
  Value offset;
  if (wgmmaOperand(g, op, operand)->mnMajor) {
    Value perRow = shr(rowBytes, 1);
    offset = add(add(mul(arith::RemUIOp::create(b, loc, m, perRow), cI64(2)),
                     mul(arith::DivUIOp::create(b, loc, m, perRow), leading)),
                 add(mul(arith::AndIOp::create(b, loc, kv, cI64(7)), rowBytes),
                     mul(shr(kv, 3), stride)));
  } else {
    offset = add(add(mul(arith::AndIOp::create(b, loc, m, cI64(7)), rowBytes),
                     mul(shr(m, 3), stride)),
                 mul(kv, cI64(2)));
  }
  Value address = add(start, offset);
  // The swizzle XORs address bits [7, 7 + B) into the 16-byte chunk's
  // bits [4, 4 + B).
  Value ones = arith::SubIOp::create(
      b, loc, arith::ShLIOp::create(b, loc, cI64(1), bits), cI64(1));
  Value chunkXor = arith::ShLIOp::create(
      b, loc, arith::AndIOp::create(b, loc, shr(address, 7), ones), cI64(4));
  address = arith::XOrIOp::create(b, loc, address, chunkXor);
  // The element at that address, in the tile's storage order.
  Value tile = memrefOf(op.operands[operand]);
  Value inTile = arith::SubIOp::create(
      b, loc, address,
      arith::AndIOp::create(b, loc, sharedAddress(tile), cI64(kAddressMask)));
  Value element = arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                             shr(inTile, 1));
  auto shape = cast<MemRefType>(tile.getType()).getShape();
  return memref::LoadOp::create(b, loc, tile, delinearize(element, shape));
}

} // namespace tsopt::block_lowering
