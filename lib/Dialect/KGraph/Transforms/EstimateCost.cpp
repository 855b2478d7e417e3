//===- EstimateCost.cpp - Analytic cost estimate of kernel graphs --------===//

#include "tsopt/Core/Target.h"
#include "tsopt/Dialect/KGraph/Transforms/Passes.h"
#include "tsopt/Support/Format.h"
#include "tsopt/Interchange/Import.h"
#include "tsopt/Interchange/KernelGraphs.h"
#include "tsopt/Optimize/CostModel.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace tsopt::kgraph {
#define GEN_PASS_DEF_TSOPTESTIMATECOST
#include "tsopt/Dialect/KGraph/Transforms/Passes.h.inc"
} // namespace tsopt::kgraph

using namespace mlir;
using namespace tsopt;

namespace {
/// One line per kernel: exact integers for what is counted, two decimals for
/// what is estimated.
std::string describe(const KernelCost &k, const TargetDesc &t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "kernel " << k.opIndex << " (" << stringifyOpKind(k.kind);
  if (k.graphDefined) {
    os << (k.expanded ? ", expanded, grid " : ", grid ");
    llvm::interleave(k.grid, os, "x");
    os << ", forloop " << k.forloop;
  } else {
    os << ", library";
  }
  os << "): ";
  if (!k.fits) {
    os << "does not fit: block graph needs " << k.sharedMemoryPerBlock
       << " bytes of shared memory; " << t.name << " (" << t.device
       << ") allows " << t.sharedMemoryPerBlock << " per block";
    return s;
  }
  os << formatFixed(k.timeUs) << " us, " << k.bound() << "-bound; read "
     << k.bytesRead << " B";
  if (k.graphDefined)
    os << " (" << k.l2HitBytes << " B from L2)";
  os << ", written " << k.bytesWritten << " B; tensor-core "
     << k.work.tensorCoreFlops << " FLOP, CUDA-core " << k.work.cudaCoreFlops
     << " FLOP, special " << k.work.specialFunctionOps;
  if (k.graphDefined)
    os << "; " << k.blocks << " blocks, " << k.sharedMemoryPerBlock
       << " B shared memory/block, " << k.blocksPerSM << " blocks/SM, "
       << k.waves << (k.waves == 1 ? " wave" : " waves") << ", SM utilization "
       << formatFixed(100 * k.smUtilization) << "%, " << k.barriersPerBlock
       << " barriers/block, shared-memory traffic " << k.sharedMemoryTraffic
       << " B (" << k.sharedAccessesPerBlock
       << " accesses/block), read bandwidth "
       << formatFixed(k.readBandwidth / 1e12) << " TB/s";
  if (k.graphDefined) {
    os << "; plan: " << k.tensorCoreMatmuls << " matmuls on tensor cores ("
       << k.warpgroupMatmuls << " by wgmma), " << k.cudaCoreMatmuls << " on CUDA cores, " << k.stages
       << (k.stages == 1 ? " stage" : " stages") << ", copies of ";
    llvm::interleave(k.copyBytes, os, "/");
    os << " B, " << k.tmaCopies << " by the TMA, " << k.ldmatrixOperands
       << " operands by ldmatrix, " << k.swizzledTiles << " swizzled tiles";
  }
  os << "; terms (us): memory " << formatFixed(k.memoryUs) << ", compute "
     << formatFixed(k.computeUs);
  if (k.graphDefined)
    os << ", sync " << formatFixed(k.syncUs) << ", shared memory "
       << formatFixed(k.sharedMemoryUs) << ", thread "
       << formatFixed(k.threadUs) << ", exposed " << formatFixed(k.exposedUs);
  os << ", latency " << formatFixed(k.latencyUs);
  return s;
}

struct EstimateCostPass
    : public kgraph::impl::TSOptEstimateCostBase<EstimateCostPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    const TargetDesc *desc = lookupTargetOrEmit(func, target, target.hasValue());
    if (!desc)
      return signalPassFailure();
    TargetDesc clocked = *desc;
    if (clockMHz != 0) {
      if (clockMHz > 10000) {
        func.emitError("clock-mhz = ")
            << static_cast<uint64_t>(clockMHz) << " is not an SM clock";
        return signalPassFailure();
      }
      clocked = withClock(*desc, 1e6 * double(clockMHz));
      desc = &clocked;
    }
    FailureOr<Graph> graph = importFunction(func);
    if (failed(graph))
      return signalPassFailure();
    CostOptions options;
    options.useMemoryPlan = useMemoryPlan;
    options.libraryKernels = libraryKernels;
    std::string why;
    FailureOr<ProgramCost> cost = estimateCost(*graph, *desc, options, &why);
    if (failed(cost)) {
      func.emitError("cannot estimate the cost: ") << why;
      return signalPassFailure();
    }

    ++numFunctions;
    // The importer keeps the body's ops in order, one core op per IR op.
    SmallVector<Operation *> irOps;
    for (Operation &op : func.getBody().front().without_terminator())
      irOps.push_back(&op);
    for (const KernelCost &k : cost->kernels) {
      ++numKernels;
      if (!k.graphDefined)
        continue;
      ++numGraphDefined;
      if (!k.fits)
        ++numNotFitting;
    }

    size_t n = cost->kernels.size();
    InFlightDiagnostic diag =
        cost->fits ? emitRemark(func.getLoc()) : emitWarning(func.getLoc());
    if (cost->fits)
      diag << "estimated " << formatFixed(cost->totalUs) << " us on " << desc->name
           << " (" << desc->device << "): " << n
           << (n == 1 ? " kernel " : " kernels ") << formatFixed(cost->kernelUs)
           << " us + launch " << formatFixed(cost->launchUs)
           << " us; device memory read " << cost->bytesRead() << " B, written "
           << cost->bytesWritten() << " B";
    else
      diag << "no estimate on " << desc->name << " (" << desc->device
           << "): a block graph does not fit in shared memory";
    for (const KernelCost &k : cost->kernels)
      diag.attachNote(irOps[k.opIndex]->getLoc()) << describe(k, *desc);
    if (cost->fits)
      func->setAttr(
          "tsopt.cost_us",
          FloatAttr::get(Float64Type::get(func.getContext()), cost->totalUs));
  }
};
} // namespace
