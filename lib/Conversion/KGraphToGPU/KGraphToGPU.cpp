//===- KGraphToGPU.cpp - Kernel graphs as GPU kernels ---------------------===//
//
// DESIGN §5: each kernel becomes a gpu.func in one gpu.module, launched from
// a host function by gpu.launch_func; the block graph becomes the kernel
// body (BGraphToSCF) with tiles in dynamic shared memory.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Conversion/BGraphToSCF/BGraphToSCF.h"
#include "tsopt/Conversion/Passes.h"
#include "tsopt/Core/Target.h"
#include "tsopt/Interchange/KernelGraphs.h"
#include "tsopt/Optimize/CostModel.h"
#include "tsopt/Optimize/MemoryPlan.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"

namespace tsopt {
#define GEN_PASS_DEF_CONVERTKGRAPHTOGPU
#define GEN_PASS_DEF_TSOPTEXTERNDYNAMICSHAREDMEMORY
#include "tsopt/Conversion/Passes.h.inc"
} // namespace tsopt

using namespace mlir;
using namespace tsopt;

namespace {

/// Builds `gpu.func @<kernel.name>` in `module`.
FailureOr<gpu::GPUFuncOp> buildGPUKernel(gpu::GPUModuleOp module, Location loc,
                                         const PlannedKernel &kernel,
                                         TypeRange argTypes,
                                         const TargetDesc &target,
                                         int smVersion) {
  int64_t threadsPerBlock = kernel.body.threads;
  OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
  auto fn = gpu::GPUFuncOp::create(mb, loc, kernel.name,
                                   mb.getFunctionType(argTypes, {}));
  fn->setAttr(gpu::GPUDialect::getKernelFuncAttrName(), mb.getUnitAttr());
  fn.setKnownBlockSizeAttr(mb.getDenseI32ArrayAttr(
      {static_cast<int32_t>(threadsPerBlock), 1, 1}));
  // The registers a thread may use: as many as keep the occupancy the cost
  // model prices (its registers per thread, the planned shared memory).
  // Without a bound ptxas aims at an occupancy of its own and spills
  // rather than use more than 64 registers in blocks of 128 threads.
  int64_t blocks =
      residentBlocksPerSM(target, threadsPerBlock, kernel.plan.totalBytes,
                          CostOptions().registersPerThread);
  fn->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
              mb.getI32IntegerAttr(static_cast<int32_t>(
                  registerBudget(target, threadsPerBlock, blocks))));
  Block &entry = fn.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);

  BlockContext ctx;
  ctx.target = LoweringTarget::GPU;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  const gpu::Dimension dims[] = {gpu::Dimension::x, gpu::Dimension::y,
                                 gpu::Dimension::z};
  for (int d = 0; d < 3; ++d)
    ctx.blockIds[d] = d < static_cast<int>(kernel.body.grid.size()) &&
                              kernel.body.grid[d] > 1
                          ? gpu::BlockIdOp::create(b, loc, dims[d]).getResult()
                          : zero;
  ctx.threads = threadsPerBlock;
  ctx.asyncCopy = smVersion >= 80;
  ctx.threadId = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  ctx.numThreads = arith::ConstantIndexOp::create(b, loc, threadsPerBlock);
  auto workgroup = gpu::AddressSpaceAttr::get(b.getContext(),
                                              gpu::AddressSpace::Workgroup);
  ctx.sharedMemory = gpu::DynamicSharedMemoryOp::create(
      b, loc,
      MemRefType::get({ShapedType::kDynamic}, b.getI8Type(),
                      MemRefLayoutAttrInterface(), workgroup));
  size_t numInputs = kernel.body.inputs.size();
  size_t numOutputs = kernel.body.outputs.size();
  if (failed(emitBlockGraph(
          b, loc, kernel.body, kernel.schedule, kernel.plan,
          entry.getArguments().take_front(numInputs),
          entry.getArguments().slice(numInputs, numOutputs), ctx,
          kernel.rescale ? &*kernel.rescale : nullptr, &kernel.trees,
          entry.getArguments().drop_front(numInputs + numOutputs),
          &kernel.tma)))
    return failure();
  b.setInsertionPointToEnd(&entry);
  gpu::ReturnOp::create(b, loc);
  return fn;
}

struct ConvertKGraphToGPUPass
    : public tsopt::impl::ConvertKGraphToGPUBase<ConvertKGraphToGPUPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    const TargetDesc *desc =
        lookupTargetOrEmit(module, target, target.hasValue());
    if (!desc)
      return signalPassFailure();
    SmallVector<func::FuncOp> functions = kernelGraphFunctions(module);
    if (functions.empty())
      return;
    // The compute capability of "sm_XY": XY.
    int smVersion = 0;
    if (!desc->name.starts_with("sm_") ||
        desc->name.drop_front(3).getAsInteger(10, smVersion)) {
      emitError(module.getLoc())
          << "target '" << desc->name << "' has no sm_<version> name";
      return signalPassFailure();
    }

    OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
    auto gpuModule = module.lookupSymbol<gpu::GPUModuleOp>(moduleName);
    if (!gpuModule)
      gpuModule = gpu::GPUModuleOp::create(mb, module.getLoc(), moduleName);
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    mb.getUnitAttr());

    HostHooks hooks;
    hooks.allowCopies = false;
    hooks.sharedMemoryLimit = desc->sharedMemoryPerBlock;
    hooks.target = desc;
    hooks.allocate = [](OpBuilder &b, Location loc, MemRefType type) {
      return gpu::AllocOp::create(b, loc, type, /*asyncToken=*/Type(),
                                  ValueRange{}, ValueRange{}, ValueRange{})
          .getMemref();
    };
    hooks.deallocate = [](OpBuilder &b, Location loc, Value v) {
      gpu::DeallocOp::create(b, loc, /*asyncToken=*/Type(), ValueRange{}, v);
    };
    hooks.launch = [&](OpBuilder &b, Location loc, const PlannedKernel &k,
                       ValueRange args) -> LogicalResult {
      if (k.plan.totalBytes > desc->sharedMemoryPerBlock)
        return emitError(loc)
               << k.name << " needs " << k.plan.totalBytes
               << " bytes of shared memory; " << desc->name << " ("
               << desc->device << ") allows " << desc->sharedMemoryPerBlock
               << " per block";
      if (gpuModule.lookupSymbol(k.name))
        return emitError(loc) << "symbol '" << k.name << "' exists already in @"
                              << moduleName;
      if (!desc->hasWarpgroupMma() && llvm::any_of(k.body.ops, [](const tsopt::Op &op) {
            return op.kind == OpKind::Matmul &&
                   op.mma == uint8_t(MmaPlan::Wgmma);
          }))
        return emitError(loc)
               << k.name << " has a matmul planned as wgmma, which "
               << desc->name << " does not have (sm_90 only)";
      SmallVector<int, 4> tmaCopies = tmaInputs(k.body);
      if (!desc->hasTma() && !tmaCopies.empty())
        return emitError(loc)
               << k.name << " has an input copied by the TMA, which "
               << desc->name << " does not have (sm_90 and later)";
      FailureOr<gpu::GPUFuncOp> fn =
          buildGPUKernel(gpuModule, loc, k, args.getTypes(), *desc, smVersion);
      if (failed(fn))
        return failure();
      ++numKernels;
      auto c = [&](int64_t v) {
        return arith::ConstantIndexOp::create(b, loc, v).getResult();
      };
      std::array<int64_t, 3> grid = {1, 1, 1};
      for (size_t d = 0; d < k.body.grid.size(); ++d)
        grid[d] = k.body.grid[d];
      Value smem = arith::ConstantIntOp::create(b, loc, b.getI32Type(),
                                                k.plan.totalBytes);
      auto launch = gpu::LaunchFuncOp::create(
          b, loc, *fn, gpu::KernelDim3{c(grid[0]), c(grid[1]), c(grid[2])},
          gpu::KernelDim3{c(k.body.threads), c(1), c(1)}, smem, args);
      if (!tmaCopies.empty()) {
        SmallVector<Attribute, 4> maps;
        for (int idx : tmaCopies) {
          const tsopt::Op &input = k.body.ops[idx];
          maps.push_back(b.getDictionaryAttr(
              {b.getNamedAttr("box", b.getDenseI64ArrayAttr(
                                         k.body.type(input.results[0]).shape)),
               b.getNamedAttr("swizzle", b.getI64IntegerAttr(tmaSwizzleBytes(
                                             input.layoutOf(0))))}));
        }
        launch->setAttr(kTensorMapsAttrName, b.getArrayAttr(maps));
      }
      return success();
    };
    for (func::FuncOp func : functions)
      if (failed(lowerKernelGraphFunction(func, hooks)))
        return signalPassFailure();
  }
};

struct ExternDynamicSharedMemoryPass
    : public tsopt::impl::TSOptExternDynamicSharedMemoryBase<
          ExternDynamicSharedMemoryPass> {
  void runOnOperation() override {
    getOperation().walk([](LLVM::GlobalOp global) {
      auto array = dyn_cast<LLVM::LLVMArrayType>(global.getGlobalType());
      if (global.getAddrSpace() == 3 && array && array.getNumElements() == 0) {
        global.setLinkage(LLVM::Linkage::External);
        // wgmma applies a swizzle to absolute shared-memory addresses: the
        // tiles it reads sit at multiples of kWgmmaTileAlignment of a base
        // aligned as much.
        global.setAlignment(kWgmmaTileAlignment);
      }
    });
  }
};

} // namespace
