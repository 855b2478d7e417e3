//===- Pipelines.cpp - The lowering pipelines -----------------------------===//

#include "tsopt/Conversion/Passes.h"
#include "tsopt/Core/Target.h"
#include "tsopt/Dialect/BGraph/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace tsopt {

std::string ptxChipOf(llvm::StringRef target) {
  const TargetDesc *desc = lookupTarget(target);
  return desc ? desc->ptxTarget() : std::string();
}

void buildLowerToCPUPipeline(OpPassManager &pm) {
  // The CPU runs the kernels as planned for the GPU (the module's target):
  // the same tile layouts, copies and pipeline stages.
  pm.addNestedPass<func::FuncOp>(bgraph::createTSOptPlanKernels());
  pm.addPass(createConvertKGraphToSCF());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createSCFToControlFlowPass());
  // bf16 conversions as integer operations: the JIT has no library for them.
  arith::ArithExpandOpsPassOptions expand;
  expand.includeBf16 = true;
  pm.addPass(arith::createArithExpandOpsPass(expand));
  pm.addPass(memref::createExpandStridedMetadataPass());
  // The output savers' 16-byte stores.
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  ConvertFuncToLLVMPassOptions func;
  func.useBarePtrCallConv = true;
  pm.addPass(createConvertFuncToLLVMPass(func));
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void buildLowerToNVVMPipeline(OpPassManager &pm,
                              const LoweringPipelineOptions &options) {
  bgraph::TSOptPlanKernelsOptions plan;
  plan.target = options.target;
  plan.tensorCores = options.tensorCores;
  plan.pipeline = options.pipeline;
  plan.threadsPerBlock = options.threadsPerBlock;
  pm.addNestedPass<func::FuncOp>(bgraph::createTSOptPlanKernels(plan));
  ConvertKGraphToGPUOptions toGPU;
  toGPU.target = options.target;
  pm.addPass(createConvertKGraphToGPU(toGPU));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (options.reportBankConflicts)
    pm.addPass(createTSOptReportBankConflicts());
  OpPassManager &gm = pm.nest<gpu::GPUModuleOp>();
  gm.addPass(createSCFToControlFlowPass());
  gm.addPass(createConvertNVGPUToNVVMPass());
  ConvertGpuOpsToNVVMOpsOptions nvvm;
  nvvm.useBarePtrCallConv = true;
  gm.addPass(createConvertGpuOpsToNVVMOps(nvvm));
  gm.addPass(createConvertNVVMToLLVMPass());
  gm.addPass(createCanonicalizerPass());
  gm.addPass(createCSEPass());
  gm.addPass(createTSOptExternDynamicSharedMemory());
  GpuNVVMAttachTargetOptions attach;
  attach.chip = ptxChipOf(options.target);
  if (attach.chip.empty())
    attach.chip = options.target; // convert-kgraph-to-gpu reports the error
  attach.optLevel = 3;
  pm.addPass(createGpuNVVMAttachTarget(attach));
  pm.addPass(createReconcileUnrealizedCastsPass());
}

namespace {
struct NVVMPipelineOptions
    : public PassPipelineOptions<NVVMPipelineOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("Target GPU: sm_80 or sm_90"),
                             llvm::cl::init("sm_90")};
  Option<int64_t> threadsPerBlock{
      *this, "threads-per-block",
      llvm::cl::desc("Threads per block of kernels that carry no "
                     "plan (tsopt-plan-kernels)"),
      llvm::cl::init(128)};
  Option<bool> tensorCores{
      *this, "tensor-cores",
      llvm::cl::desc("Run f16 matmuls whose tiles divide into m16n8k16 on "
                     "tensor cores (mma.sync)"),
      llvm::cl::init(true)};
  Option<bool> pipeline{
      *this, "pipeline",
      llvm::cl::desc("Plan pipelined copies (several stages) where shared "
                     "memory allows"),
      llvm::cl::init(true)};
};
} // namespace

void registerLoweringPipelines() {
  PassPipelineRegistration<>(
      "tsopt-import-tosa",
      "Import a tosa program as a kernel graph: upstream's tosa-to-linalg "
      "pipeline, tosa-to-arith, tosa-to-tensor, canonicalize, then "
      "convert-linalg-to-kgraph",
      [](OpPassManager &pm) {
        tosa::addTosaToLinalgPasses(pm, TosaToLinalgOptions());
        pm.addNestedPass<func::FuncOp>(createTosaToArithPass());
        pm.addNestedPass<func::FuncOp>(createTosaToTensorPass());
        pm.addPass(createCanonicalizerPass());
        pm.addPass(createConvertLinalgToKGraph());
      });
  PassPipelineRegistration<>(
      "tsopt-lower-to-cpu",
      "Lower kernel graphs to the LLVM dialect for the host CPU",
      [](OpPassManager &pm) { buildLowerToCPUPipeline(pm); });
  PassPipelineRegistration<NVVMPipelineOptions>(
      "tsopt-lower-to-nvvm",
      "Lower kernel graphs to a gpu.module of NVVM/LLVM ops with a target "
      "attached, ready for gpu-module-to-binary",
      [](OpPassManager &pm, const NVVMPipelineOptions &o) {
        LoweringPipelineOptions options;
        options.target = o.target;
        options.threadsPerBlock = o.threadsPerBlock;
        options.tensorCores = o.tensorCores;
        options.pipeline = o.pipeline;
        buildLowerToNVVMPipeline(pm, options);
      });
}

} // namespace tsopt
