//===- Passes.h - tsopt lowering passes -------------------------*- C++ -*-===//

#ifndef TSOPT_CONVERSION_PASSES_H
#define TSOPT_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "tsopt/Dialect/KGraph/IR/KGraph.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

#include <string>

namespace tsopt {

#define GEN_PASS_DECL
#include "tsopt/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tsopt/Conversion/Passes.h.inc"

/// Options of the lowering pipelines.
struct LoweringPipelineOptions {
  /// GPU: sm_80 or sm_90 (or a name the target table knows).
  std::string target = "sm_90";
  int64_t threadsPerBlock = 128;
  /// Half-precision matmuls on tensor cores, pipelined copies: options of
  /// tsopt-plan-kernels, which the pipelines run first (for pre-defined
  /// ops and kernels that carry no plan).
  bool tensorCores = true;
  bool pipeline = true;
  /// Report each kernel's shared-memory bank conflicts as a remark
  /// (tsopt-report-bank-conflicts, on the kernels as emitted).
  bool reportBankConflicts = false;
};

/// kgraph -> LLVM dialect for the host CPU: tsopt-plan-kernels (for the
/// module's target), convert-kgraph-to-scf, then the
/// upstream conversions to LLVM with bare-pointer memref arguments.
void buildLowerToCPUPipeline(mlir::OpPassManager &pm);

/// kgraph -> gpu.module of LLVM/NVVM ops (before serialization):
/// tsopt-plan-kernels (pre-defined ops expanded, kernels without a plan
/// planned), convert-kgraph-to-gpu, then convert-gpu-to-nvvm (bare-pointer
/// memref arguments) and nvvm-attach-target.
void buildLowerToNVVMPipeline(mlir::OpPassManager &pm,
                              const LoweringPipelineOptions &options);

/// Registers the pipelines `tsopt-lower-to-cpu` and `tsopt-lower-to-nvvm`.
void registerLoweringPipelines();

/// The PTX chip name of a target ("sm_90a" for h100 and h200, "sm_80" for
/// a100: TargetDesc::ptxTarget), or empty.
std::string ptxChipOf(llvm::StringRef target);

} // namespace tsopt

#endif // TSOPT_CONVERSION_PASSES_H
