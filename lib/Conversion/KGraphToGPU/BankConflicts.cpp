//===- BankConflicts.cpp - Shared-memory bank conflicts of lowered kernels ===//
//
// Runs the index arithmetic of every lowered kernel (a gpu.func of
// convert-kgraph-to-gpu) lane by lane for the threads of one block, records
// the byte address every lane gives each shared-memory access, and counts,
// for every warp instruction, the wavefronts the 32 four-byte banks need:
// within each phase of the access (the whole warp up to 4-byte accesses,
// half-warps for 8 bytes, quarter-warps for 16 bytes and for ldmatrix's
// 8x8 matrices) a bank serves one distinct 4-byte word per wavefront, so
// the phase takes as many wavefronts as its busiest bank has distinct
// words. The degree of an access is its wavefronts over its phases (1: no
// conflict).
//
// Only integer and index values are computed; a float is never needed for
// an address. Each scf.for runs at most kLoopSample iterations per entry,
// enough to cycle a pipeline's stages; an address or a branch that depends
// on something the emulation does not compute (a loaded value) is counted
// as unresolved.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Conversion/Passes.h"
#include "tsopt/Core/Layout.h"
#include "tsopt/Support/Format.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/TypeSwitch.h"

#include <optional>

namespace tsopt {
#define GEN_PASS_DEF_TSOPTREPORTBANKCONFLICTS
#include "tsopt/Conversion/Passes.h.inc"
} // namespace tsopt

using namespace mlir;
using tsopt::LaneAccess;

namespace {

constexpr int64_t kLoopSample = 8;
constexpr int64_t kStepBudget = 20'000'000; // interpreted ops per kernel,
                                            // shared by its lanes

/// A view of the dynamic shared memory: its byte offset and row-major
/// shape.
struct View {
  int64_t offset = 0;
  SmallVector<int64_t> shape;
  int64_t elementBytes = 0;
};

/// Interprets one thread of a kernel.
class Lane {
public:
  Lane(int64_t tid, int64_t blockSize,
       llvm::function_ref<void(Operation *, int64_t, LaneAccess)> record)
      : tid(tid), blockSize(blockSize), record(record) {}

  void run(Block &block) {
    for (Operation &op : block)
      if (!step(op))
        return;
  }

  int64_t unresolved = 0;
  bool outOfBudget = false;

private:
  std::optional<int64_t> get(Value v) const {
    auto it = ints.find(v);
    if (it == ints.end())
      return std::nullopt;
    return it->second;
  }

  std::optional<int64_t> address(Value memref, ValueRange indices) {
    auto it = views.find(memref);
    if (it == views.end())
      return std::nullopt;
    const View &view = it->second;
    int64_t linear = 0;
    for (auto [i, index] : llvm::enumerate(indices)) {
      std::optional<int64_t> x = get(index);
      if (!x)
        return std::nullopt;
      linear = linear * view.shape[i] + *x;
    }
    return view.offset + linear * view.elementBytes;
  }

  void access(Operation *op, Value memref, ValueRange indices, int64_t bytes) {
    if (!views.count(memref))
      return; // not shared memory
    std::optional<int64_t> a = address(memref, indices);
    if (!a) {
      ++unresolved;
      return;
    }
    record(op, counts[op]++, {tid % 32, *a, bytes});
  }

  static std::optional<int64_t> fold(Operation &op, int64_t a, int64_t b) {
    return llvm::TypeSwitch<Operation *, std::optional<int64_t>>(&op)
        .Case([&](arith::AddIOp) { return a + b; })
        .Case([&](arith::SubIOp) { return a - b; })
        .Case([&](arith::MulIOp) { return a * b; })
        .Case([&](arith::DivSIOp) -> std::optional<int64_t> {
          return b ? std::optional<int64_t>(a / b) : std::nullopt;
        })
        .Case([&](arith::DivUIOp) -> std::optional<int64_t> {
          return b ? std::optional<int64_t>(uint64_t(a) / uint64_t(b))
                   : std::nullopt;
        })
        .Case([&](arith::RemSIOp) -> std::optional<int64_t> {
          return b ? std::optional<int64_t>(a % b) : std::nullopt;
        })
        .Case([&](arith::RemUIOp) -> std::optional<int64_t> {
          return b ? std::optional<int64_t>(uint64_t(a) % uint64_t(b))
                   : std::nullopt;
        })
        .Case([&](arith::CeilDivSIOp) -> std::optional<int64_t> {
          return b ? std::optional<int64_t>((a + b - 1) / b) : std::nullopt;
        })
        .Case([&](arith::FloorDivSIOp) -> std::optional<int64_t> {
          if (!b)
            return std::nullopt;
          int64_t q = a / b;
          return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
        })
        .Case([&](arith::AndIOp) { return a & b; })
        .Case([&](arith::OrIOp) { return a | b; })
        .Case([&](arith::XOrIOp) { return a ^ b; })
        .Case([&](arith::ShLIOp) { return a << b; })
        .Case([&](arith::ShRUIOp) { return int64_t(uint64_t(a) >> b); })
        .Case([&](arith::ShRSIOp) { return a >> b; })
        .Case([&](arith::MinSIOp) { return std::min(a, b); })
        .Case([&](arith::MaxSIOp) { return std::max(a, b); })
        .Case([&](arith::MinUIOp) {
          return int64_t(std::min(uint64_t(a), uint64_t(b)));
        })
        .Case([&](arith::MaxUIOp) {
          return int64_t(std::max(uint64_t(a), uint64_t(b)));
        })
        .Case([&](arith::CmpIOp cmp) -> std::optional<int64_t> {
          return int64_t(arith::applyCmpPredicate(
              cmp.getPredicate(), APInt(64, uint64_t(a), true),
              APInt(64, uint64_t(b), true)));
        })
        .Default([](Operation *) { return std::nullopt; });
  }

  /// Runs `region`'s block with `args` bound and returns what its
  /// terminator yields (nullopt where unknown).
  SmallVector<std::optional<int64_t>>
  runRegion(Region &region, ArrayRef<std::optional<int64_t>> args) {
    Block &block = region.front();
    for (auto [arg, value] : llvm::zip(block.getArguments(), args)) {
      if (value)
        ints[arg] = *value;
      else
        ints.erase(arg);
    }
    for (Operation &op : block.without_terminator())
      if (!step(op))
        return {};
    SmallVector<std::optional<int64_t>> out;
    for (Value v : block.getTerminator()->getOperands())
      out.push_back(get(v));
    return out;
  }

  void bind(ValueRange results, ArrayRef<std::optional<int64_t>> values) {
    for (auto [r, v] : llvm::zip(results, values)) {
      if (v)
        ints[r] = *v;
      else
        ints.erase(r);
    }
  }

  bool step(Operation &op) {
    if (++steps > kStepBudget / blockSize) {
      outOfBudget = true;
      return false;
    }
    if (auto c = dyn_cast<arith::ConstantOp>(op)) {
      if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
        ints[c.getResult()] = i.getValue().getSExtValue();
      return true;
    }
    if (auto t = dyn_cast<gpu::ThreadIdOp>(op)) {
      ints[t.getResult()] = t.getDimension() == gpu::Dimension::x ? tid : 0;
      return true;
    }
    if (isa<gpu::BlockIdOp>(op)) {
      ints[op.getResult(0)] = 0;
      return true;
    }
    if (auto d = dyn_cast<gpu::BlockDimOp>(op)) {
      ints[d.getResult()] =
          d.getDimension() == gpu::Dimension::x ? blockSize : 1;
      return true;
    }
    if (isa<gpu::DynamicSharedMemoryOp>(op)) {
      shared = op.getResult(0);
      return true;
    }
    if (auto view = dyn_cast<memref::ViewOp>(op)) {
      std::optional<int64_t> shift = get(view.getByteShift());
      if (view.getSource() == shared && shift &&
          view.getType().hasStaticShape()) {
        View v;
        v.offset = *shift;
        v.shape = llvm::to_vector(view.getType().getShape());
        v.elementBytes =
            view.getType().getElementType().getIntOrFloatBitWidth() / 8;
        views[view.getResult()] = v;
      }
      return true;
    }
    if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
            arith::ExtUIOp, arith::TruncIOp>(op)) {
      if (std::optional<int64_t> x = get(op.getOperand(0)))
        ints[op.getResult(0)] = *x;
      else
        ints.erase(op.getResult(0));
      return true;
    }
    if (auto sel = dyn_cast<arith::SelectOp>(op)) {
      std::optional<int64_t> c = get(sel.getCondition());
      std::optional<int64_t> v =
          c ? get(*c ? sel.getTrueValue() : sel.getFalseValue()) : std::nullopt;
      bind(sel->getResults(), {v});
      return true;
    }
    if (op.getNumOperands() == 2 && op.getNumResults() == 1 &&
        op.getDialect() && isa<arith::ArithDialect>(op.getDialect())) {
      std::optional<int64_t> a = get(op.getOperand(0)),
                             b = get(op.getOperand(1));
      bind(op.getResults(),
           {a && b ? fold(op, *a, *b) : std::optional<int64_t>()});
      return true;
    }
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      access(&op, load.getMemRef(), load.getIndices(),
             load.getType().getIntOrFloatBitWidth() / 8);
      return true;
    }
    if (auto store = dyn_cast<memref::StoreOp>(op)) {
      access(&op, store.getMemRef(), store.getIndices(),
             store.getValueToStore().getType().getIntOrFloatBitWidth() / 8);
      return true;
    }
    if (auto load = dyn_cast<vector::LoadOp>(op)) {
      VectorType t = load.getVectorType();
      access(&op, load.getBase(), load.getIndices(),
             t.getNumElements() * t.getElementTypeBitWidth() / 8);
      return true;
    }
    if (auto store = dyn_cast<vector::StoreOp>(op)) {
      VectorType t = store.getVectorType();
      access(&op, store.getBase(), store.getIndices(),
             t.getNumElements() * t.getElementTypeBitWidth() / 8);
      return true;
    }
    if (auto ld = dyn_cast<nvgpu::LdMatrixOp>(op)) {
      // Lanes 8j .. 8j + 7 give the rows of matrix j, 16 bytes each.
      if (tid % 32 < 8 * int64_t(ld.getNumTiles()))
        access(&op, ld.getSrcMemref(), ld.getIndices(), 16);
      return true;
    }
    if (auto copy = dyn_cast<nvgpu::DeviceAsyncCopyOp>(op)) {
      auto dst = cast<MemRefType>(copy.getDst().getType());
      access(&op, copy.getDst(), copy.getDstIndices(),
             int64_t(copy.getDstElements().getZExtValue()) *
                 dst.getElementTypeBitWidth() / 8);
      return true;
    }
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      std::optional<int64_t> lb = get(loop.getLowerBound()),
                             ub = get(loop.getUpperBound()),
                             st = get(loop.getStep());
      if (!lb || !ub || !st || *st <= 0) {
        ++unresolved;
        bind(loop.getResults(), SmallVector<std::optional<int64_t>>(
                                    loop.getNumResults(), std::nullopt));
        return true;
      }
      SmallVector<std::optional<int64_t>> carried;
      for (Value v : loop.getInitArgs())
        carried.push_back(get(v));
      int64_t runs = 0;
      for (int64_t i = *lb; i < *ub && runs < kLoopSample; i += *st, ++runs) {
        SmallVector<std::optional<int64_t>> args{i};
        args.append(carried);
        carried = runRegion(loop.getRegion(), args);
        if (carried.size() != loop.getNumResults())
          return false; // out of budget
      }
      // A sampled loop's results are not the full loop's.
      bool whole = runs == 0 || *lb + runs * *st >= *ub;
      bind(loop.getResults(), whole ? carried
                                    : SmallVector<std::optional<int64_t>>(
                                          loop.getNumResults(), std::nullopt));
      return true;
    }
    if (auto branch = dyn_cast<scf::IfOp>(op)) {
      std::optional<int64_t> c = get(branch.getCondition());
      if (!c) {
        ++unresolved;
        bind(branch.getResults(), SmallVector<std::optional<int64_t>>(
                                      branch.getNumResults(), std::nullopt));
        return true;
      }
      Region &taken = *c ? branch.getThenRegion() : branch.getElseRegion();
      if (taken.empty())
        return true;
      SmallVector<std::optional<int64_t>> out = runRegion(taken, {});
      if (out.size() != branch.getNumResults())
        return false;
      bind(branch.getResults(), out);
      return true;
    }
    return true; // floats, barriers, vector element moves: no address
  }

  int64_t tid, blockSize, steps = 0;
  llvm::function_ref<void(Operation *, int64_t, LaneAccess)> record;
  Value shared;
  llvm::DenseMap<Value, int64_t> ints;
  llvm::DenseMap<Value, View> views;
  llvm::DenseMap<Operation *, int64_t> counts;
};

/// The shared-memory tile `op` accesses (the lowering keeps no per-op
/// locations: the tile's type names the access).
Type accessedTile(Operation *op) {
  return llvm::TypeSwitch<Operation *, Type>(op)
      .Case([](memref::LoadOp o) { return o.getMemRefType(); })
      .Case([](memref::StoreOp o) { return o.getMemRefType(); })
      .Case([](vector::LoadOp o) { return o.getMemRefType(); })
      .Case([](vector::StoreOp o) { return o.getMemRefType(); })
      .Case([](nvgpu::LdMatrixOp o) { return o.getSrcMemref().getType(); })
      .Case([](nvgpu::DeviceAsyncCopyOp o) { return o.getDst().getType(); })
      .Default([](Operation *) { return Type(); });
}

struct ReportBankConflictsPass
    : public tsopt::impl::TSOptReportBankConflictsBase<
          ReportBankConflictsPass> {
  using Base::Base;

  void runOnOperation() override {
    getOperation()->walk([&](gpu::GPUFuncOp func) {
      if (!func.isKernel() || func.getBody().empty())
        return;
      int64_t blockSize = 128;
      if (std::optional<ArrayRef<int32_t>> known = func.getKnownBlockSize())
        blockSize = (*known)[0];
      // (site, warp, occurrence) -> the lanes' parts.
      llvm::MapVector<std::tuple<Operation *, int64_t, int64_t>,
                      SmallVector<LaneAccess, 32>>
          instructions;
      int64_t unresolved = 0;
      bool outOfBudget = false;
      for (int64_t tid = 0; tid < blockSize; ++tid) {
        int64_t warp = tid / 32;
        auto record = [&](Operation *site, int64_t occurrence, LaneAccess a) {
          instructions[{site, warp, occurrence}].push_back(a);
        };
        Lane lane(tid, blockSize, record);
        lane.run(func.getBody().front());
        unresolved += lane.unresolved;
        outOfBudget |= lane.outOfBudget;
      }
      int64_t accesses = 0, fronts = 0, ideal = 0;
      llvm::MapVector<Operation *, std::pair<int64_t, int64_t>> bySite;
      for (auto &[key, lanes] : instructions) {
        tsopt::Wavefronts w = tsopt::sharedMemoryWavefronts(lanes);
        ++accesses;
        fronts += w.taken;
        ideal += w.conflictFree;
        auto &site = bySite[std::get<0>(key)];
        site.first += w.taken;
        site.second += w.conflictFree;
      }
      // The access that costs the most: the most wavefronts past its
      // conflict-free count.
      Operation *worst = nullptr;
      double worstDegree = 1;
      int64_t worstExcess = 0;
      for (auto &[site, wp] : bySite) {
        int64_t excess = wp.first - wp.second;
        if (excess > worstExcess) {
          worst = site;
          worstExcess = excess;
          worstDegree = double(wp.first) / double(wp.second);
        }
      }
      InFlightDiagnostic diag = emitRemark(func.getLoc());
      diag << "bank conflicts of @" << func.getName() << ": " << accesses
           << " shared-memory warp accesses";
      if (accesses) {
        diag << ", " << fronts << " wavefronts for " << ideal
             << " conflict-free, degree "
             << tsopt::formatFixed(double(fronts) / double(ideal));
        if (worst)
          diag << "; worst: " << worst->getName() << " of "
               << accessedTile(worst) << " (degree "
               << tsopt::formatFixed(worstDegree) << ", " << worstExcess
               << " wavefronts past conflict-free)";
      }
      if (outOfBudget)
        diag << "; emulation stopped at its budget";
      if (unresolved)
        diag << "; " << unresolved << " lane accesses or branches unresolved";
      if (worst)
        diag.attachNote(worst->getLoc()) << "worst access";
    });
  }
};

} // namespace
