//===- BGraphToSCF.h - Block graphs as loops on memrefs ---------*- C++ -*-===//
//
// The one lowering of a block graph (DESIGN §5), shared by the CPU and the
// GPU paths: a graph-defined kernel's body becomes `scf.for` loops over
// memrefs. Every tile is a view of one byte buffer (shared memory on a GPU, a
// stack buffer on the CPU) at the offset of the shared-memory plan; the
// for-loop is an `scf.for`; each op is a loop over the elements of its
// result, which on a GPU the block's threads share (thread t takes elements
// t, t + T, ...) with a barrier between schedule steps. Element types are
// stored as declared and computed in f32.
//
// Pre-defined kernel-level ops (matmul, element-wise, reductions, ...) get a
// default block-graph expansion (expandKernelOp), so that every kernel is
// lowered by this one path.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CONVERSION_BGRAPHTOSCF_BGRAPHTOSCF_H
#define TSOPT_CONVERSION_BGRAPHTOSCF_BGRAPHTOSCF_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/Precision.h" // isTensorCoreMatmul
#include "tsopt/Core/Target.h"
#include "tsopt/Optimize/KernelExpansion.h"
#include "tsopt/Optimize/KernelPlan.h"
#include "tsopt/Optimize/MemoryPlan.h"
#include "tsopt/Optimize/Schedule.h"
#include "tsopt/Optimize/SoftmaxPlan.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <array>
#include <functional>
#include <optional>
#include <string>

namespace tsopt {

/// What the block graph runs on.
enum class LoweringTarget { CPU, GPU };

/// The environment of one block's execution.
struct BlockContext {
  LoweringTarget target = LoweringTarget::CPU;
  /// Block indices along x, y, z (index values; constant 0 for absent dims).
  std::array<mlir::Value, 3> blockIds;
  /// GPU: the thread index and the block size (index values). CPU: null.
  mlir::Value threadId, numThreads;
  /// The number of threads per block. The GPU runs that many; the CPU
  /// emulates them where an op's code depends on the thread index (the
  /// phases of a reduction tree: a loop over the thread ids per phase).
  int64_t threads = 128;
  /// GPU, sm_80 and later: input iterators copy with cp.async
  /// (nvgpu.device_async_copy) where their rows allow 4-, 8- or 16-byte
  /// chunks; the copies are waited for before the step's barrier.
  bool asyncCopy = false;
  /// The byte buffer that holds the tiles: a 1-D i8 memref with at least the
  /// plan's total bytes (workgroup memory on a GPU).
  mlir::Value sharedMemory;
};

/// Emits the body of one block: the loop phase, its accumulators and the
/// post-loop phase of `blockGraph`, in the order of `schedule`, with tiles
/// at the offsets of `plan`. `operands` are the kernel's input memrefs (one
/// per `blockGraph.inputs`), `results` its output memrefs (one per
/// `blockGraph.outputs`). `blockGraph` carries its kernel plan
/// (KernelPlan.h, isPlanned). `tensorMaps` are the TMA descriptors of its
/// TMA-copied inputs (tmaInputs; on the CPU, their tensors), whose copies
/// complete the mbarriers `tma`. Fails with an error at `loc` for a plan or
/// an op it cannot emit.
mlir::LogicalResult
emitBlockGraph(mlir::OpBuilder &b, mlir::Location loc, const Graph &blockGraph,
               const Schedule &schedule, const MemoryPlan &plan,
               mlir::ValueRange operands, mlir::ValueRange results,
               const BlockContext &ctx, const SoftmaxRescale *rescale = nullptr,
               const ReductionTrees *trees = nullptr,
               mlir::ValueRange tensorMaps = {},
               const TmaBarriers *tma = nullptr);

/// One kernel of a function, ready to be emitted: its block graph (a
/// graph-defined kernel's own, or the expansion of a pre-defined op), the
/// schedule and the shared-memory plan.
struct PlannedKernel {
  /// `<function>_kernel<i>`, i counting the function's kernels from 0.
  std::string name;
  Graph body;
  Schedule schedule;
  /// The plan; its totalBytes includes the running-max buffers of `rescale`,
  /// the mbarriers of `tma` and the scratch buffer of `trees`.
  MemoryPlan plan;
  std::optional<SoftmaxRescale> rescale;
  ReductionTrees trees;
  /// The mbarriers of its TMA copies, placed after the running-max buffers.
  TmaBarriers tma;
};

/// What differs between the host sides of the CPU and GPU paths.
struct HostHooks {
  /// Allocates a temporary device tensor.
  std::function<mlir::Value(mlir::OpBuilder &, mlir::Location,
                            mlir::MemRefType)>
      allocate;
  /// Frees a temporary after the last kernel.
  std::function<void(mlir::OpBuilder &, mlir::Location, mlir::Value)>
      deallocate;
  /// Runs `kernel` on `args` (the operand memrefs, then the result memrefs).
  std::function<mlir::LogicalResult(mlir::OpBuilder &, mlir::Location,
                                    const PlannedKernel &, mlir::ValueRange)>
      launch;
  /// Whether a function result may be an argument or repeat another result
  /// (satisfied by a copy); when false, such a function gets an error.
  bool allowCopies = true;
  /// Shared memory a block may use, or 0 for no limit: a planned reduction
  /// trees' scratch buffer that ends past it is an error
  /// (plannedReductionTrees).
  int64_t sharedMemoryLimit = 0;
  /// The target the kernels were planned for: the input the lowering adds to
  /// a kernel (a split softmax's row maxima) is planned for it.
  const TargetDesc *target = nullptr;
};

/// The functions of `module` whose bodies are kernel graphs still to be
/// lowered (they take or return tensors), in order.
llvm::SmallVector<mlir::func::FuncOp>
kernelGraphFunctions(mlir::ModuleOp module);

/// Rewrites kernel-level function `func` (tensors in, tensors out) into a
/// function on memrefs that returns nothing: its arguments are the inputs,
/// then one out-parameter per result, and it carries `tsopt.num_inputs`.
/// Every kgraph op must be a planned kernel (tsopt-plan-kernels) or a
/// reshape made a view (lowersToView); `hooks.launch` runs each kernel;
/// values between kernels live in temporaries. Errors (import, an op
/// without a plan, scheduling) are emitted on `func` or the op.
mlir::LogicalResult lowerKernelGraphFunction(mlir::func::FuncOp func,
                                             const HostHooks &hooks);

/// The attribute naming how many leading arguments of a lowered function
/// are inputs (the rest are results).
constexpr llvm::StringLiteral kNumInputsAttrName = "tsopt.num_inputs";
/// On a gpu.launch_func whose kernel copies tiles by the TMA: one
/// dictionary per TMA descriptor its last operands stand for, in order,
/// `{box = array<i64: ...>, swizzle = <bytes>}` (the tile's shape and the
/// TMA swizzle mode, 0, 32, 64 or 128); each such operand is the tensor
/// the descriptor describes, and the launch manifest turns it into the
/// kernel's `tensor_maps` entry.
constexpr llvm::StringLiteral kTensorMapsAttrName = "tsopt.tensor_maps";

/// The memref type of a kernel-level tensor.
mlir::MemRefType getTensorMemRefType(mlir::MLIRContext *context,
                                     const TensorType &type);

} // namespace tsopt

#endif // TSOPT_CONVERSION_BGRAPHTOSCF_BGRAPHTOSCF_H
