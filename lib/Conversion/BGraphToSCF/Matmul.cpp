//===- Matmul.cpp - Block matmuls on CUDA cores and tensor cores ----------===//
//
// The block-graph lowering of bgraph.matmul: an f32 dot product per result
// element, or mma.sync m16n8k16 fragments (padded where the tile does not
// divide), or wgmma (Wgmma.cpp) into the same accumulator blocks, with the
// CPU emulation of the same fragments.
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

LogicalResult BlockEmitter::emitTensorCoreMatmul(const Op &op, Value regs,
                                                 Value flushTo) {
  using nvgpu::MatMulOperandRole;
  constexpr int64_t kM = 16, kN = 8, kK = 16, kWarp = kWarpSize;
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
  // wgmma (fitsWgmma: nothing padded) reads the operands itself; its
  // accumulators hold the same 16x8 blocks in the same registers.
  bool wgmma = op.mma == uint8_t(MmaPlan::Wgmma);
  // The 16x8 blocks of the result (with its batch dims). A dim the
  // instruction does not divide is padded: fragment values past the tile
  // read as zero, result values past it are not stored.
  int64_t rows = rs[r - 2], cols = rs[r - 1];
  bool padded = rows % kM || cols % kN || k % kK;
  int64_t kSpan = (k + kK - 1) / kK * kK;
  // Steps below kWhole are whole; a contraction that is not a multiple of
  // 16 takes its last step apart, its fragment values past k zero.
  int64_t kWhole = k / kK * kK;
  Shape blocks(rs.begin(), rs.end());
  blocks[r - 2] = (rows + kM - 1) / kM;
  blocks[r - 1] = (cols + kN - 1) / kN;
  int64_t numBlocks = numElements(blocks);
  auto below = [&](Value i, int64_t n) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, i,
                                 cIndex(n));
  };
  // Element `at` of `memref`, or zero where dims (d0, d1) pass (n0, n1).
  auto loadPadded = [&](Value memref, SmallVector<Value, 4> index, size_t d0,
                        int64_t n0, size_t d1, int64_t n1) -> Value {
    if (!padded)
      return memref::LoadOp::create(b, loc, memref, at(memref, index));
    Value inside = arith::AndIOp::create(b, loc, below(index[d0], n0),
                                         below(index[d1], n1));
    index[d0] = arith::MinUIOp::create(b, loc, index[d0], cIndex(n0 - 1));
    index[d1] = arith::MinUIOp::create(b, loc, index[d1], cIndex(n1 - 1));
    Value x = memref::LoadOp::create(b, loc, memref, at(memref, index));
    Value zero = arith::ConstantOp::create(
        b, loc, x.getType(), b.getFloatAttr(x.getType(), 0.0));
    return arith::SelectOp::create(b, loc, inside, x, zero);
  };
  // Runs `body` unless `index` of the result is padding.
  Value target = flushTo ? flushTo : c;
  auto unlessPadding = [&](ArrayRef<Value> index,
                           llvm::function_ref<void()> body) {
    if (rows % kM == 0 && cols % kN == 0)
      return body();
    Value inside = arith::AndIOp::create(b, loc, below(index[r - 2], rows),
                                         below(index[r - 1], cols));
    auto guard = scf::IfOp::create(b, loc, inside, /*withElse=*/false);
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(guard.thenBlock());
    body();
  };

  // A lane's result values v and v + 1 (v even) sit in adjacent columns of
  // one row, both inside the tile or both past it when its columns are
  // even (storesFragmentPairs); where the tile stores its columns
  // contiguously they land in one 8-byte (f32) or 4-byte (f16) word pair
  // of the same 16-byte chunk (a swizzle moves whole chunks), so one vector
  // store writes both: the access the layout plan prices
  // (fragmentWavefronts).
  Type targetType = cast<MemRefType>(target.getType()).getElementType();
  bool pairs = storesFragmentPairs(shapeOf(op.results[0])) &&
               targetType.getIntOrFloatBitWidth() <= 32 &&
               contiguousDim(shapeOf(op.results[0]),
                             tileLayouts.lookup(target)) == int(r) - 1;
  auto storeResults =
      [&](llvm::function_ref<Value(int64_t)> value,
          llvm::function_ref<SmallVector<Value, 4>(int64_t)> index) {
        for (int64_t v = 0; v < kValuesC; v += pairs ? 2 : 1) {
          SmallVector<Value, 4> i = index(v);
          unlessPadding(i, [&] {
            if (!pairs)
              return store(value(v), target, i);
            Value both = vector::FromElementsOp::create(
                b, loc, VectorType::get({2}, targetType),
                ValueRange{convertTo(value(v), target),
                           convertTo(value(v + 1), target)});
            int64_t bytes = 2 * targetType.getIntOrFloatBitWidth() / 8;
            vector::StoreOp::create(b, loc, both, target, at(target, i),
                                    /*nontemporal=*/false,
                                    b.getI64IntegerAttr(bytes));
          });
        }
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

  // ldmatrix (FragmentLoad): lane l gives the start of one stored row of 8
  // elements; a .x4 (A) or .x2 (B) load delivers matrix j's values to
  // register j. The rows, as (row, col) of the operand (A: m x k, B: k x n)
  // relative to the fragment's corner, in the order of the registers of
  // mma.sync: A's matrices are (m 0-7, k 0-7), (m 8-15, k 0-7),
  // (m 0-7, k 8-15), (m 8-15, k 8-15); B's are (k 0-7) and (k 8-15) of n
  // 0-7. Rows run along k (plain) or along m / n (.trans). An A of at most
  // 8 rows loads its matrices 0 and 2 with .x2 (as B does); 1 and 3 are
  // zero.
  FragmentLoad loads[2] = {fragmentLoad(g, op, 0), fragmentLoad(g, op, 1)};
  bool halfA = rows <= kM / 2 && loads[0] != FragmentLoad::Elements;
  auto rowStart = [&](MatMulOperandRole role, Value l) -> std::array<Value, 2> {
    auto rem = [&](Value x, int64_t n) {
      return arith::RemUIOp::create(b, loc, x, cIndex(n)).getResult();
    };
    auto quot = [&](Value x, int64_t n) {
      return arith::DivUIOp::create(b, loc, x, cIndex(n)).getResult();
    };
    Value r8 = rem(l, 8), j = quot(l, 8);
    if (role == MatMulOperandRole::A) {
      // Matrix j: m block j % 2, k block j / 2 (8 rows: k block j % 2).
      Value mBlock = halfA ? cIndex(0) : mulIndex(rem(j, 2), 8);
      Value kBlock = halfA ? mulIndex(rem(j, 2), 8) : mulIndex(quot(j, 2), 8);
      if (loads[0] == FragmentLoad::Ldmatrix)
        return {addIndex(mBlock, r8), kBlock};
      return {mBlock, addIndex(kBlock, r8)};
    }
    // Matrix j (lanes 16-31 repeat 0-15: .x2 reads only 0-15): k block j % 2.
    Value kBlock = mulIndex(rem(j, 2), 8);
    if (loads[1] == FragmentLoad::Ldmatrix)
      return {kBlock, r8};
    return {addIndex(kBlock, r8), cIndex(0)};
  };
  // The operand index of a row start of block `blk` at `k0`. Where the
  // instruction does not divide the operand, a row past it reads its last
  // row and a run of 8 past it its last run of 8 (inside the stored row's
  // padding: storesAlignedRows); those values are zeroed (k) or feed
  // results that are not stored (m, n). Along k only the last step
  // (`lastK`) can reach past the tile.
  auto operandIndex = [&](MatMulOperandRole role, Block &blk, Value k0,
                          std::array<Value, 2> rc, bool lastK) {
    bool isA = role == MatMulOperandRole::A;
    SmallVector<Value, 4> i =
        isA ? aIndex(blk, k0, {rc[0], rc[1]}) : bIndex(blk, k0, {rc[1], rc[0]});
    const Shape &shape = isA ? as : bs;
    size_t d0 = shape.size() - 2, d1 = shape.size() - 1;
    // The instruction's extent along dims d0 and d1 (A: m x k, B: k x n),
    // and the dim the rows run along.
    int64_t span[2] = {isA ? (halfA ? kM / 2 : kM) : kK, isA ? kK : kN};
    bool plain = loads[isA ? 0 : 1] == FragmentLoad::Ldmatrix;
    size_t runs = isA == plain ? d1 : d0;
    size_t kDim = isA ? d1 : d0;
    for (auto [d, n] : {std::pair{d0, span[0]}, std::pair{d1, span[1]}}) {
      if (shape[d] % n == 0 || (d == kDim && !lastK))
        continue;
      int64_t last = d == runs ? llvm::alignTo(shape[d], 8) - 8 : shape[d] - 1;
      i[d] = arith::MinUIOp::create(b, loc, i[d], cIndex(last));
    }
    return i;
  };
  // Value v of a lane's fragment of `role` at step `k0`, zero past k.
  auto insideK = [&](MatMulOperandRole role, Value lane, int64_t v, Value k0) {
    return below(addIndex(k0, fragmentCoord(role, lane, v)[1]), k);
  };

  if (gpu) {
    Value warp = arith::DivUIOp::create(b, loc, ctx.threadId, cIndex(kWarp));
    Value lane = arith::RemUIOp::create(b, loc, ctx.threadId, cIndex(kWarp));
    int64_t warps = ctx.threads / kWarp;
    // A fragment holds the input type: an f32 operand tile is rounded to
    // it as it is loaded.
    Type inputType = exportElementType(b.getContext(), input);
    auto inInputType = [&](Value x) -> Value {
      return x.getType() == inputType
                 ? x
                 : arith::TruncFOp::create(b, loc, inputType, x).getResult();
    };
    // The fragment of operand `role` of block `blk` at `k0`:
    // vector<n x 2 x input>, row j holding register j's two values. In the
    // last step of a contraction that is not a multiple of 16
    // (`partialK`) the values past k are zero.
    auto fragment = [&](MatMulOperandRole role, Block &blk, Value k0,
                        bool partialK) -> Value {
      bool isA = role == MatMulOperandRole::A;
      int64_t values = isA ? kValuesA : kValuesB;
      auto type = VectorType::get({values / 2, 2}, inputType);
      FragmentLoad how = loads[isA ? 0 : 1];
      Value memref = isA ? a : bm;
      Value frag = arith::ConstantOp::create(
          b, loc, type,
          DenseElementsAttr::get(type, FloatAttr::get(inputType, 0.0)));
      if (how != FragmentLoad::Elements) {
        // An A of at most 8 rows loads its matrices 0 and 2 (k 0-7 and
        // 8-15 of rows 0-7), whose row starts lanes 0-15 give (rowStart);
        // its registers 1 and 3 stay zero.
        SmallVector<int64_t, 4> registers;
        for (int64_t j = 0; j < values / 2; j += isA && halfA ? 2 : 1)
          registers.push_back(j);
        int64_t n = registers.size();
        Value loaded = nvgpu::LdMatrixOp::create(
            b, loc, VectorType::get({n, 2}, inputType), memref,
            at(memref,
               operandIndex(role, blk, k0, rowStart(role, lane), partialK)),
            how == FragmentLoad::LdmatrixTrans, n);
        if (n == values / 2)
          frag = loaded;
        else
          for (auto [j, reg] : llvm::enumerate(registers))
            frag = vector::InsertOp::create(
                b, loc,
                vector::ExtractOp::create(b, loc, loaded,
                                          ArrayRef<int64_t>{int64_t(j)}),
                frag, ArrayRef<int64_t>{reg});
        if (!partialK)
          return frag;
        Value zero = arith::ConstantOp::create(b, loc, inputType,
                                               b.getFloatAttr(inputType, 0.0));
        for (int64_t v = 0; v < values; ++v) {
          SmallVector<int64_t, 2> pos = {v / 2, v % 2};
          Value x = vector::ExtractOp::create(b, loc, frag, pos);
          x = arith::SelectOp::create(b, loc, insideK(role, lane, v, k0), x,
                                      zero);
          frag = vector::InsertOp::create(b, loc, x, frag, pos);
        }
        return frag;
      }
      for (int64_t v = 0; v < values; ++v) {
        Value x =
            isA ? loadPadded(a, aIndex(blk, k0, fragmentCoord(role, lane, v)),
                             as.size() - 2, rows, as.size() - 1, k)
                : loadPadded(bm, bIndex(blk, k0, fragmentCoord(role, lane, v)),
                             bs.size() - 2, k, bs.size() - 1, cols);
        frag = vector::InsertOp::create(b, loc, inInputType(x), frag,
                                        ArrayRef<int64_t>{v / 2, v % 2});
      }
      return frag;
    };
    // One mma.sync: the 4 f32 accumulator values of a lane in and out.
    // f16 goes through nvgpu.mma.sync; bf16 to nvvm.mma.sync directly
    // (upstream's nvgpu.mma.sync lowering takes f16 only), as 32-bit
    // registers of two values each, in the same order (the layouts are the
    // f16 ones).
    auto mma = [&](Value fa, Value fb, ValueRange acc) {
      SmallVector<Value, 4> out;
      if (input == DType::BF16) {
        Type i32 = b.getI32Type();
        auto registers = [&](Value frag) {
          auto type = cast<VectorType>(frag.getType());
          SmallVector<Value, 4> regs;
          for (int64_t j = 0; j < type.getDimSize(0); ++j) {
            Value pair =
                vector::ExtractOp::create(b, loc, frag, ArrayRef<int64_t>{j});
            Value word = vector::BitCastOp::create(
                b, loc, VectorType::get({1}, i32), pair);
            regs.push_back(
                vector::ExtractOp::create(b, loc, word, ArrayRef<int64_t>{0}));
          }
          return regs;
        };
        auto resultType = LLVM::LLVMStructType::getLiteral(
            b.getContext(), SmallVector<Type>(kValuesC, b.getF32Type()));
        Value d = NVVM::MmaOp::create(
            b, loc, resultType, registers(fa), registers(fb), acc,
            ArrayRef<int64_t>{kM, kN, kK}, std::nullopt, std::nullopt,
            std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::bf16,
                                          NVVM::MMATypes::bf16},
            std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                           NVVM::MMALayout::col});
        for (int64_t v = 0; v < kValuesC; ++v)
          out.push_back(LLVM::ExtractValueOp::create(b, loc, d, v));
        return out;
      }
      auto accType = VectorType::get({2, 2}, b.getF32Type());
      Value in = arith::ConstantOp::create(
          b, loc, accType, DenseElementsAttr::get(accType, 0.0f));
      for (int64_t v = 0; v < kValuesC; ++v)
        in = vector::InsertOp::create(b, loc, acc[v], in,
                                      ArrayRef<int64_t>{v / 2, v % 2});
      Value d = nvgpu::MmaSyncOp::create(b, loc, fa, fb, in,
                                         ArrayRef<int64_t>{kM, kN, kK});
      for (int64_t v = 0; v < kValuesC; ++v)
        out.push_back(vector::ExtractOp::create(
            b, loc, d, ArrayRef<int64_t>{v / 2, v % 2}));
      return out;
    };
    // The products of blocks `blks` from accumulators `init` (4 values per
    // block): one K loop, each step loading every block's fragments (the
    // same fragment twice is one load once LLVM sees both: blocks of one
    // warp share A along a row of blocks) and issuing its mma.sync.
    auto step = [&](MutableArrayRef<Block> blks, Value k0, ValueRange acc,
                    bool partialK) {
      SmallVector<Value> next;
      for (auto [i, blk] : llvm::enumerate(blks)) {
        Value fa = fragment(MatMulOperandRole::A, blk, k0, partialK);
        Value fb = fragment(MatMulOperandRole::B, blk, k0, partialK);
        llvm::append_range(next,
                           mma(fa, fb, acc.slice(i * kValuesC, kValuesC)));
      }
      return next;
    };
    auto products = [&](MutableArrayRef<Block> blks, ValueRange init) {
      SmallVector<Value> sums(init.begin(), init.end());
      if (kWhole > 0) {
        auto kLoop = scf::ForOp::create(b, loc, cIndex(0), cIndex(kWhole),
                                        cIndex(kK), init);
        OpBuilder::InsertionGuard kGuard(b);
        b.setInsertionPointToStart(kLoop.getBody());
        scf::YieldOp::create(b, loc,
                             step(blks, kLoop.getInductionVar(),
                                  kLoop.getRegionIterArgs(), false));
        sums.assign(kLoop.getResults().begin(), kLoop.getResults().end());
      }
      if (kWhole < kSpan)
        sums = step(blks, cIndex(kWhole), sums, true);
      return sums;
    };
    auto storeBlock = [&](Block &blk, ValueRange values) {
      storeResults([&](int64_t v) { return values[v]; },
                   [&](int64_t v) {
                     return cIndexOf(
                         blk, fragmentCoord(MatMulOperandRole::C, lane, v));
                   });
    };

    // wgmma: warp w is warp w % 4 of warpgroup w / 4 (G warpgroups); the
    // warpgroup computes 64-row blocks g, g + G, ..., each by one wgmma per
    // step of k, whose accumulators give warp w % 4 the 16 rows of its
    // quarter, every 16x8 block of them along the columns, each in the
    // registers and order of an mma.sync m16n8 block. So slot i of warp w
    // holds that block of 64-row block g + (i / C) G, column block i % C
    // (C column blocks).
    int64_t colBlocks = cols / kN;
    int64_t warpgroups = ctx.threads / kWarpgroupThreads;
    Value warpInGroup = arith::RemUIOp::create(b, loc, warp, cIndex(4));
    Value warpgroup = arith::DivUIOp::create(b, loc, warp, cIndex(4));
    auto rowBlockOf = [&](int64_t slot) {
      return addIndex(warpgroup, cIndex(slot / colBlocks * warpgroups));
    };
    auto wgmmaBlockOf = [&](int64_t slot) {
      Value rows16 = addIndex(mulIndex(rowBlockOf(slot), kWgmmaRows / kM),
                              warpInGroup);
      return addIndex(mulIndex(rows16, colBlocks), cIndex(slot % colBlocks));
    };
    int64_t wgmmaSlots =
        wgmma ? rows / kWgmmaRows / warpgroups * colBlocks : 0;

    if (!regs && wgmma) {
      for (int64_t first = 0; first < wgmmaSlots; first += colBlocks) {
        SmallVector<Value> sums = emitWgmma(op, rowBlockOf(first), {});
        for (int64_t j = 0; j < colBlocks; ++j) {
          Block blk = blockAt(wgmmaBlockOf(first + j));
          storeBlock(blk, ArrayRef<Value>(sums).slice(j * kValuesC, kValuesC));
        }
      }
      return success();
    }
    if (!regs) {
      // Warp w computes blocks w, w + W, ... (W warps); every lane of a
      // warp runs the same iterations, as mma.sync requires.
      auto loop =
          scf::ForOp::create(b, loc, warp, cIndex(numBlocks), cIndex(warps));
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      SmallVector<Block, 1> blk = {blockAt(loop.getInductionVar())};
      storeBlock(blk[0],
                 products(blk, SmallVector<Value>(kValuesC, cF32(0.0))));
      return success();
    }
    // Register accumulators (`regs`): slot i of warp w holds block
    // w * S + i (S slots) when the warps divide the blocks — a run of
    // blocks along a row, so one K loop computes them all and shares their
    // A fragments — and block w + i * W otherwise (one K loop per slot,
    // the last guarded). The slots are unrolled, so that every register
    // index is a constant and the array stays in registers.
    int64_t slots = (numBlocks + warps - 1) / warps;
    bool whole = numBlocks % warps == 0;
    auto blockOf = [&](int64_t slot) {
      if (wgmma)
        return wgmmaBlockOf(slot);
      return whole ? addIndex(mulIndex(warp, slots), cIndex(slot))
                   : addIndex(warp, cIndex(slot * warps));
    };
    auto slotValues = [&](int64_t slot) {
      SmallVector<Value, 4> values;
      for (int64_t v = 0; v < kValuesC; ++v)
        values.push_back(memref::LoadOp::create(
            b, loc, regs, ValueRange{cIndex(slot), cIndex(v)}));
      return values;
    };
    auto setSlotValues = [&](int64_t slot, ValueRange values) {
      for (int64_t v = 0; v < kValuesC; ++v)
        memref::StoreOp::create(b, loc, values[v], regs,
                                ValueRange{cIndex(slot), cIndex(v)});
    };
    if (wgmma && !flushTo) {
      for (int64_t first = 0; first < wgmmaSlots; first += colBlocks) {
        SmallVector<Value> init;
        for (int64_t slot = first; slot < first + colBlocks; ++slot)
          llvm::append_range(init, slotValues(slot));
        SmallVector<Value> sums = emitWgmma(op, rowBlockOf(first), init);
        for (int64_t j = 0; j < colBlocks; ++j)
          setSlotValues(first + j,
                        ArrayRef<Value>(sums).slice(j * kValuesC, kValuesC));
      }
      return success();
    }
    if (whole && !flushTo) {
      SmallVector<Block> blks;
      SmallVector<Value> init;
      for (int64_t slot = 0; slot < slots; ++slot) {
        blks.push_back(blockAt(blockOf(slot)));
        llvm::append_range(init, slotValues(slot));
      }
      SmallVector<Value> sums = products(blks, init);
      for (int64_t slot = 0; slot < slots; ++slot)
        setSlotValues(slot,
                      ArrayRef<Value>(sums).slice(slot * kValuesC, kValuesC));
      return success();
    }
    for (int64_t slot = 0; slot < slots; ++slot) {
      Value s = blockOf(slot);
      OpBuilder::InsertionGuard guard(b);
      if (!whole && (slot + 1) * warps > numBlocks) {
        auto inside = scf::IfOp::create(b, loc, below(s, numBlocks),
                                        /*withElse=*/false);
        b.setInsertionPointToStart(inside.thenBlock());
      }
      SmallVector<Block, 1> blk = {blockAt(s)};
      if (flushTo)
        storeBlock(blk[0], slotValues(slot));
      else
        setSlotValues(slot, products(blk, slotValues(slot)));
    }
    return success();
  }

  // The CPU: the same fragment loads and stores for each lane of one warp,
  // the blocks one after another; the warp's multiply-accumulate reads the
  // fragments back at the coordinates the hardware gives them: A's values
  // into a 16x16 matrix, B's into 16x8 (k x n), and each C value is the dot
  // product of its row of A and column of B.
  //
  // An ldmatrix is emulated by its definition: value e of register j of
  // lane l is element 2 (l % 4) + e of the row that lane 8 j + l / 4 gives
  // (.trans: element l / 4 of the row lane 8 j + 2 (l % 4) + e gives), read
  // at that many elements past the row's start in the tile's storage. So
  // the row starts, the tile's layout and the register order are all
  // checked against the per-element coordinates of mma.sync.
  auto ldmatrixValue = [&](MatMulOperandRole role, Block &blk, Value k0,
                           Value l, int64_t v) -> Value {
    bool isA = role == MatMulOperandRole::A;
    Value memref = isA ? a : bm;
    Value quarter = arith::RemUIOp::create(b, loc, l, cIndex(4));
    Value group = arith::DivUIOp::create(b, loc, l, cIndex(4));
    int64_t j = v / 2, e = v % 2;
    if (isA && halfA) {
      // Registers 1 and 3 (rows 8-15) are zero; 0 and 2 are the .x2's.
      if (j % 2)
        return arith::ConstantOp::create(
            b, loc, cast<MemRefType>(memref.getType()).getElementType(),
            b.getFloatAttr(cast<MemRefType>(memref.getType()).getElementType(),
                           0.0));
      j /= 2;
    }
    Value source, offset;
    if (loads[isA ? 0 : 1] == FragmentLoad::Ldmatrix) {
      source = addIndex(cIndex(8 * j), group);
      offset = addIndex(mulIndex(quarter, 2), cIndex(e));
    } else {
      source = addIndex(cIndex(8 * j + e), mulIndex(quarter, 2));
      offset = group;
    }
    Value start =
        linearAt(memref, operandIndex(role, blk, k0, rowStart(role, source),
                                      /*lastK=*/true));
    auto shape = cast<MemRefType>(memref.getType()).getShape();
    Value x = memref::LoadOp::create(
        b, loc, memref, delinearize(addIndex(start, offset), shape));
    if (k % kK == 0)
      return x;
    Value zero = arith::ConstantOp::create(b, loc, x.getType(),
                                           b.getFloatAttr(x.getType(), 0.0));
    return arith::SelectOp::create(b, loc, insideK(role, l, v, k0), x, zero)
        .getResult();
  };
  auto f32 = b.getF32Type();
  Value aTile = memref::AllocOp::create(b, loc, MemRefType::get({kM, kK}, f32));
  Value bTile = memref::AllocOp::create(b, loc, MemRefType::get({kK, kN}, f32));
  Value accs =
      memref::AllocOp::create(b, loc, MemRefType::get({kWarp, kValuesC}, f32));
  // Register accumulators (`regs`): every block's lanes' values.
  auto regsAt = [&](Value s, Value lane, int64_t v) {
    return SmallVector<Value, 3>{s, lane, cIndex(v)};
  };
  forEach(0, numBlocks, 1, [&](Value s) {
    Block blk = blockAt(s);
    if (flushTo) {
      forEach(0, kWarp, 1, [&](Value lane) {
        storeResults(
            [&](int64_t v) -> Value {
              return memref::LoadOp::create(b, loc, regs, regsAt(s, lane, v));
            },
            [&](int64_t v) {
              return cIndexOf(blk,
                              fragmentCoord(MatMulOperandRole::C, lane, v));
            });
      });
      return;
    }
    forEach(0, kWarp, 1, [&](Value lane) {
      for (int64_t v = 0; v < kValuesC; ++v)
        memref::StoreOp::create(
            b, loc,
            regs ? memref::LoadOp::create(b, loc, regs, regsAt(s, lane, v))
                       .getResult()
                 : cF32(0.0),
            accs, ValueRange{lane, cIndex(v)});
    });
    // wgmma: the block's rows lie in 64-row block m0 / 64 of the
    // instruction, at rows m0 % 64 + m; its columns at n0 + n.
    Value rowBlock, rowInBlock;
    if (wgmma) {
      rowBlock = arith::DivUIOp::create(b, loc, blk.m0, cIndex(kWgmmaRows));
      rowInBlock = arith::RemUIOp::create(b, loc, blk.m0, cIndex(kWgmmaRows));
    }
    forEach(0, kSpan, kK, [&](Value k0) {
      forEach(0, kWarp, 1, [&](Value lane) {
        for (int64_t v = 0; v < kValuesA; ++v) {
          auto mk = fragmentCoord(MatMulOperandRole::A, lane, v);
          Value x =
              wgmma ? wgmmaOperandValue(op, 0, rowBlock, k0,
                                        addIndex(rowInBlock, mk[0]), mk[1])
              : loads[0] != FragmentLoad::Elements
                  ? ldmatrixValue(MatMulOperandRole::A, blk, k0, lane, v)
                  : loadPadded(a, aIndex(blk, k0, mk), as.size() - 2, rows,
                               as.size() - 1, k);
          memref::StoreOp::create(b, loc, widenVia(x, input), aTile,
                                  ValueRange{mk[0], mk[1]});
        }
        for (int64_t v = 0; v < kValuesB; ++v) {
          auto nk = fragmentCoord(MatMulOperandRole::B, lane, v);
          Value x =
              wgmma ? wgmmaOperandValue(op, 1, rowBlock, k0,
                                        addIndex(blk.n0, nk[0]), nk[1])
              : loads[1] != FragmentLoad::Elements
                  ? ldmatrixValue(MatMulOperandRole::B, blk, k0, lane, v)
                  : loadPadded(bm, bIndex(blk, k0, nk), bs.size() - 2, k,
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
      auto acc = [&](int64_t v) -> Value {
        return memref::LoadOp::create(b, loc, accs,
                                      ValueRange{lane, cIndex(v)});
      };
      if (!regs) {
        storeResults(acc, [&](int64_t v) {
          return cIndexOf(blk, fragmentCoord(MatMulOperandRole::C, lane, v));
        });
        return;
      }
      for (int64_t v = 0; v < kValuesC; ++v)
        memref::StoreOp::create(b, loc, acc(v), regs, regsAt(s, lane, v));
    });
  });
  for (Value buffer : {aTile, bTile, accs})
    memref::DeallocOp::create(b, loc, buffer);
  return success();
}

Value BlockEmitter::allocateFragmentRegisters(const Op &matmul) {
  int64_t blocks = mmaBlocks(shapeOf(matmul.results[0]));
  Type f32 = b.getF32Type();
  if (gpu) {
    int64_t warps = ctx.threads / 32;
    int64_t slots = (blocks + warps - 1) / warps;
    Value regs =
        memref::AllocaOp::create(b, loc, MemRefType::get({slots, 4}, f32));
    for (int64_t slot = 0; slot < slots; ++slot)
      for (int64_t v = 0; v < 4; ++v)
        memref::StoreOp::create(b, loc, cF32(0.0), regs,
                                ValueRange{cIndex(slot), cIndex(v)});
    return regs;
  }
  Value regs =
      memref::AllocOp::create(b, loc, MemRefType::get({blocks, 32, 4}, f32));
  forEachIndex(blocks * 32 * 4, [&](Value i) {
    memref::StoreOp::create(b, loc, cF32(0.0), regs,
                            delinearize(i, {blocks, 32, 4}));
  });
  return regs;
}

} // namespace tsopt::block_lowering
