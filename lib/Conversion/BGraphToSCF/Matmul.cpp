//===- Matmul.cpp - Block matmuls on CUDA cores and tensor cores ---------===//
//
// The block-graph lowering of bgraph.matmul: an f32 dot product per result
// element, or mma.sync m16n8k16 fragments (padded where the tile does not
// divide), with the CPU emulation of the same fragments.
//
//===----------------------------------------------------------------------===//

#include "BlockEmitter.h"

namespace tsopt::block_lowering {

void BlockEmitter::emitMatmul(const Op &op) {
  const Shape &as = shapeOf(op.operands[0]), &bs = shapeOf(op.operands[1]);
  const Shape &rs = shapeOf(op.results[0]);
  size_t r = rs.size();
  int64_t k = as.back();
  Value a = memrefOf(op.operands[0]), bm = memrefOf(op.operands[1]);
  Value c = memrefOf(op.results[0]);
  DType input = matmulInputType(g.type(op.operands[0]).dtype,
                                g.type(op.operands[1]).dtype);
  forEachElement(rs, [&](ValueRange index) {
    // Batch dims broadcast like element-wise operands.
    SmallVector<Value, 4> ai = broadcastIndex(index, as, rs);
    SmallVector<Value, 4> bi = broadcastIndex(index, bs, rs);
    bi[bs.size() - 1] = index[r - 1];
    Value dot = fold(k, cF32(0.0), [&](Value kk, Value acc) {
      ai[as.size() - 1] = kk;
      bi[bs.size() - 2] = kk;
      return add(acc, mul(loadAs(a, ai, input), loadAs(bm, bi, input)));
    });
    store(dot, c, index);
  });
}

std::array<Value, 2> BlockEmitter::fragmentCoord(nvgpu::MatMulOperandRole role,
                                                 Value lane, int64_t v) {
  AffineMap map = fragmentMaps[static_cast<int>(role)];
  std::array<Value, 2> coord;
  for (int i = 0; i < 2; ++i)
    coord[i] = affine::expandAffineExpr(
        b, loc, map.getResult(i), ValueRange{lane, cIndex(v)}, ValueRange{});
  return coord;
}

LogicalResult BlockEmitter::emitTensorCoreMatmul(const Op &op) {
  using nvgpu::MatMulOperandRole;
  constexpr int64_t kM = 16, kN = 8, kK = 16, kWarp = 32;
  // Values per lane: A 16x16 f16 in 4 registers of 2, B 8x16 (n x k) in 2,
  // C 16x8 f32 in 2 registers of 2.
  constexpr int64_t kValuesA = 8, kValuesB = 4, kValuesC = 4;
  if (!fragmentMaps[0]) {
    Type f16 = b.getF16Type(), f32 = b.getF32Type();
    const std::pair<MatMulOperandRole, VectorType> operands[] = {
        {MatMulOperandRole::A, VectorType::get({kM, kK}, f16)},
        {MatMulOperandRole::B, VectorType::get({kN, kK}, f16)},
        {MatMulOperandRole::C, VectorType::get({kM, kN}, f32)}};
    for (auto [role, type] : operands) {
      FailureOr<AffineMap> map = nvgpu::getLaneIdAndValueIdToOperandCoord(
          b, loc, nvgpu::WarpMatrixInfo{type, role});
      if (failed(map))
        return emitError(loc) << "no mma.sync fragment layout for " << type;
      fragmentMaps[static_cast<int>(role)] = *map;
    }
  }
  const Shape &as = shapeOf(op.operands[0]), &bs = shapeOf(op.operands[1]);
  const Shape &rs = shapeOf(op.results[0]);
  size_t r = rs.size();
  int64_t k = as.back();
  Value a = memrefOf(op.operands[0]), bm = memrefOf(op.operands[1]);
  Value c = memrefOf(op.results[0]);
  DType input = matmulInputType(g.type(op.operands[0]).dtype,
                                g.type(op.operands[1]).dtype);
  // The 16x8 blocks of the result (with its batch dims). A dim the
  // instruction does not divide is padded: fragment values past the tile
  // read as zero, result values past it are not stored.
  int64_t rows = rs[r - 2], cols = rs[r - 1];
  bool padded = rows % kM || cols % kN || k % kK;
  int64_t kSpan = (k + kK - 1) / kK * kK;
  Shape blocks(rs.begin(), rs.end());
  blocks[r - 2] = (rows + kM - 1) / kM;
  blocks[r - 1] = (cols + kN - 1) / kN;
  int64_t numBlocks = numElements(blocks);
  auto below = [&](Value i, int64_t n) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, i,
                                 cIndex(n));
  };
  // Element `at` of `memref`, or zero where dims (d0, d1) pass (n0, n1).
  auto loadPadded = [&](Value memref, SmallVector<Value, 4> at, size_t d0,
                        int64_t n0, size_t d1, int64_t n1) -> Value {
    if (!padded)
      return memref::LoadOp::create(b, loc, memref, at);
    Value inside = arith::AndIOp::create(b, loc, below(at[d0], n0),
                                         below(at[d1], n1));
    at[d0] = arith::MinUIOp::create(b, loc, at[d0], cIndex(n0 - 1));
    at[d1] = arith::MinUIOp::create(b, loc, at[d1], cIndex(n1 - 1));
    Value x = memref::LoadOp::create(b, loc, memref, at);
    Value zero = arith::ConstantOp::create(
        b, loc, x.getType(), b.getFloatAttr(x.getType(), 0.0));
    return arith::SelectOp::create(b, loc, inside, x, zero);
  };
  // Stores result value `x` at `at` unless it is padding.
  auto storeResult = [&](Value x, SmallVector<Value, 4> at) {
    if (!padded)
      return store(x, c, at);
    Value inside = arith::AndIOp::create(b, loc, below(at[r - 2], rows),
                                         below(at[r - 1], cols));
    auto guard = scf::IfOp::create(b, loc, inside, /*withElse=*/false);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(guard.thenBlock());
    store(x, c, at);
  };

  // Element (row, col) of block `index` in A (k0 + col), B (row k0 + ...)
  // and C: indices with the batch dims broadcast as in emitMatmul.
  struct Block {
    SmallVector<Value, 4> a, b, c;
    Value m0, n0;
  };
  auto blockAt = [&](Value s) {
    Block blk;
    blk.c = delinearize(s, blocks);
    blk.m0 = mulIndex(blk.c[r - 2], kM);
    blk.n0 = mulIndex(blk.c[r - 1], kN);
    blk.a = broadcastIndex(blk.c, as, rs);
    blk.b = broadcastIndex(blk.c, bs, rs);
    return blk;
  };
  auto aIndex = [&](Block &blk, Value k0, std::array<Value, 2> mk) {
    SmallVector<Value, 4> i(blk.a);
    i[as.size() - 2] = addIndex(blk.m0, mk[0]);
    i[as.size() - 1] = addIndex(k0, mk[1]);
    return i;
  };
  auto bIndex = [&](Block &blk, Value k0, std::array<Value, 2> nk) {
    SmallVector<Value, 4> i(blk.b);
    i[bs.size() - 2] = addIndex(k0, nk[1]);
    i[bs.size() - 1] = addIndex(blk.n0, nk[0]);
    return i;
  };
  auto cIndexOf = [&](Block &blk, std::array<Value, 2> mn) {
    SmallVector<Value, 4> i(blk.c);
    i[r - 2] = addIndex(blk.m0, mn[0]);
    i[r - 1] = addIndex(blk.n0, mn[1]);
    return i;
  };
  auto forEach = [&](int64_t lb, int64_t ub, int64_t step,
                     llvm::function_ref<void(Value)> body) {
    auto loop =
        scf::ForOp::create(b, loc, cIndex(lb), cIndex(ub), cIndex(step));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    body(loop.getInductionVar());
  };

  if (gpu) {
    // Warp w computes blocks w, w + W, ... (W warps); every lane of a warp
    // runs the same iterations, as mma.sync requires.
    Value warp = arith::DivUIOp::create(b, loc, ctx.threadId, cIndex(kWarp));
    Value lane = arith::RemUIOp::create(b, loc, ctx.threadId, cIndex(kWarp));
    auto loop = scf::ForOp::create(b, loc, warp, cIndex(numBlocks),
                                   cIndex(ctx.threads / kWarp));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Block blk = blockAt(loop.getInductionVar());
    // A fragment holds the input type: an f32 operand tile is rounded to
    // it as it is loaded.
    Type inputType = exportElementType(b.getContext(), input);
    auto inInputType = [&](Value x) -> Value {
      return x.getType() == inputType
                 ? x
                 : arith::TruncFOp::create(b, loc, inputType, x).getResult();
    };
    auto loadA = [&](Value k0, int64_t v) -> Value {
      return inInputType(loadPadded(
          a, aIndex(blk, k0, fragmentCoord(MatMulOperandRole::A, lane, v)),
          as.size() - 2, rows, as.size() - 1, k));
    };
    auto loadB = [&](Value k0, int64_t v) -> Value {
      return inInputType(loadPadded(
          bm, bIndex(blk, k0, fragmentCoord(MatMulOperandRole::B, lane, v)),
          bs.size() - 2, k, bs.size() - 1, cols));
    };
    if (input == DType::BF16) {
      // bf16: upstream's nvgpu.mma.sync lowering takes f16 only, so the
      // fragments go to nvvm.mma.sync directly, two values per 32-bit
      // register, in the same order (the layouts are the f16 ones).
      Type bf16 = b.getBF16Type(), f32 = b.getF32Type(), i32 = b.getI32Type();
      auto pairType = VectorType::get({2}, bf16);
      auto registers = [&](Value k0, int64_t values,
                           llvm::function_ref<Value(Value, int64_t)> element) {
        SmallVector<Value, 4> regs;
        for (int64_t v = 0; v < values; v += 2) {
          Value pair = arith::ConstantOp::create(
              b, loc, pairType,
              DenseElementsAttr::get(pairType, FloatAttr::get(bf16, 0.0)));
          for (int64_t i = 0; i < 2; ++i)
            pair = vector::InsertOp::create(b, loc, element(k0, v + i), pair,
                                            ArrayRef<int64_t>{i});
          Value word = vector::BitCastOp::create(
              b, loc, VectorType::get({1}, i32), pair);
          regs.push_back(
              vector::ExtractOp::create(b, loc, word, ArrayRef<int64_t>{0}));
        }
        return regs;
      };
      SmallVector<Value, 4> zeros(kValuesC, cF32(0.0));
      auto kLoop = scf::ForOp::create(b, loc, cIndex(0), cIndex(kSpan),
                                      cIndex(kK), zeros);
      {
        OpBuilder::InsertionGuard kGuard(b);
        b.setInsertionPointToStart(kLoop.getBody());
        Value k0 = kLoop.getInductionVar();
        SmallVector<Value, 4> fa = registers(k0, kValuesA, loadA);
        SmallVector<Value, 4> fb = registers(k0, kValuesB, loadB);
        auto resultType = LLVM::LLVMStructType::getLiteral(
            b.getContext(), SmallVector<Type>(kValuesC, f32));
        Value d = NVVM::MmaOp::create(
            b, loc, resultType, fa, fb, kLoop.getRegionIterArgs(),
            ArrayRef<int64_t>{kM, kN, kK}, std::nullopt, std::nullopt,
            std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::bf16,
                                          NVVM::MMATypes::bf16},
            std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                           NVVM::MMALayout::col});
        SmallVector<Value, 4> next;
        for (int64_t v = 0; v < kValuesC; ++v)
          next.push_back(LLVM::ExtractValueOp::create(b, loc, d, v));
        scf::YieldOp::create(b, loc, next);
      }
      for (int64_t v = 0; v < kValuesC; ++v)
        storeResult(kLoop.getResult(v),
              cIndexOf(blk, fragmentCoord(MatMulOperandRole::C, lane, v)));
      return success();
    }
    Type f16 = b.getF16Type();
    auto accType = VectorType::get({2, 2}, b.getF32Type());
    auto aType = VectorType::get({kValuesA / 2, 2}, f16);
    auto bType = VectorType::get({kValuesB / 2, 2}, f16);
    Value zero = arith::ConstantOp::create(
        b, loc, accType, DenseElementsAttr::get(accType, 0.0f));
    auto kLoop = scf::ForOp::create(b, loc, cIndex(0), cIndex(kSpan), cIndex(kK),
                                    ValueRange{zero});
    {
      OpBuilder::InsertionGuard kGuard(b);
      b.setInsertionPointToStart(kLoop.getBody());
      Value k0 = kLoop.getInductionVar();
      auto fragment = [&](VectorType type, int64_t values,
                          llvm::function_ref<Value(Value, int64_t)> element) {
        Value frag = arith::ConstantOp::create(
            b, loc, type,
            DenseElementsAttr::get(type, FloatAttr::get(f16, 0.0)));
        for (int64_t v = 0; v < values; ++v)
          frag = vector::InsertOp::create(b, loc, element(k0, v), frag,
                                          ArrayRef<int64_t>{v / 2, v % 2});
        return frag;
      };
      Value fa = fragment(aType, kValuesA, loadA);
      Value fb = fragment(bType, kValuesB, loadB);
      Value acc =
          nvgpu::MmaSyncOp::create(b, loc, fa, fb, kLoop.getRegionIterArgs()[0],
                                   ArrayRef<int64_t>{kM, kN, kK});
      scf::YieldOp::create(b, loc, acc);
    }
    for (int64_t v = 0; v < kValuesC; ++v) {
      Value x = vector::ExtractOp::create(b, loc, kLoop.getResult(0),
                                          ArrayRef<int64_t>{v / 2, v % 2});
      storeResult(x, cIndexOf(blk, fragmentCoord(MatMulOperandRole::C, lane, v)));
    }
    return success();
  }

  // The CPU: the same fragment loads and stores for each lane of one warp,
  // the blocks one after another; the warp's multiply-accumulate reads the
  // fragments back at the coordinates the hardware gives them: A's values
  // into a 16x16 matrix, B's into 16x8 (k x n), and each C value is the dot
  // product of its row of A and column of B.
  auto f32 = b.getF32Type();
  Value aTile = memref::AllocOp::create(b, loc, MemRefType::get({kM, kK}, f32));
  Value bTile = memref::AllocOp::create(b, loc, MemRefType::get({kK, kN}, f32));
  Value accs =
      memref::AllocOp::create(b, loc, MemRefType::get({kWarp, kValuesC}, f32));
  forEach(0, numBlocks, 1, [&](Value s) {
    Block blk = blockAt(s);
    forEach(0, kWarp, 1, [&](Value lane) {
      for (int64_t v = 0; v < kValuesC; ++v)
        memref::StoreOp::create(b, loc, cF32(0.0), accs,
                                ValueRange{lane, cIndex(v)});
    });
    forEach(0, kSpan, kK, [&](Value k0) {
      forEach(0, kWarp, 1, [&](Value lane) {
        for (int64_t v = 0; v < kValuesA; ++v) {
          auto mk = fragmentCoord(MatMulOperandRole::A, lane, v);
          Value x = loadPadded(a, aIndex(blk, k0, mk), as.size() - 2, rows,
                               as.size() - 1, k);
          memref::StoreOp::create(b, loc, widenVia(x, input), aTile,
                                  ValueRange{mk[0], mk[1]});
        }
        for (int64_t v = 0; v < kValuesB; ++v) {
          auto nk = fragmentCoord(MatMulOperandRole::B, lane, v);
          Value x = loadPadded(bm, bIndex(blk, k0, nk), bs.size() - 2, k,
                               bs.size() - 1, cols);
          memref::StoreOp::create(b, loc, widenVia(x, input), bTile,
                                  ValueRange{nk[1], nk[0]});
        }
      });
      forEach(0, kWarp, 1, [&](Value lane) {
        for (int64_t v = 0; v < kValuesC; ++v) {
          auto mn = fragmentCoord(MatMulOperandRole::C, lane, v);
          Value init =
              memref::LoadOp::create(b, loc, accs, ValueRange{lane, cIndex(v)});
          Value dot = fold(kK, init, [&](Value kk, Value sum) {
            Value x =
                memref::LoadOp::create(b, loc, aTile, ValueRange{mn[0], kk});
            Value y =
                memref::LoadOp::create(b, loc, bTile, ValueRange{kk, mn[1]});
            return add(sum, mul(x, y));
          });
          memref::StoreOp::create(b, loc, dot, accs,
                                  ValueRange{lane, cIndex(v)});
        }
      });
    });
    forEach(0, kWarp, 1, [&](Value lane) {
      for (int64_t v = 0; v < kValuesC; ++v) {
        Value x =
            memref::LoadOp::create(b, loc, accs, ValueRange{lane, cIndex(v)});
        storeResult(x,
                    cIndexOf(blk, fragmentCoord(MatMulOperandRole::C, lane, v)));
      }
    });
  });
  for (Value buffer : {aTile, bTile, accs})
    memref::DeallocOp::create(b, loc, buffer);
  return success();
}

} // namespace tsopt::block_lowering
