//===- BGraph.h - The block-level dialect -----------------------*- C++ -*-===//

#ifndef TSOPT_DIALECT_BGRAPH_IR_BGRAPH_H
#define TSOPT_DIALECT_BGRAPH_IR_BGRAPH_H

#include "tsopt/Dialect/Common/CoreOpInterface.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tsopt/Dialect/BGraph/IR/BGraphEnums.h.inc"
#include "tsopt/Dialect/BGraph/IR/BGraphOpsDialect.h.inc"

#define GET_TYPEDEF_CLASSES
#include "tsopt/Dialect/BGraph/IR/BGraphOpsTypes.h.inc"

#include "tsopt/Dialect/BGraph/IR/BGraphInterfaces.h.inc"

namespace tsopt::bgraph {
/// The kernel plan (tsopt/Optimize/KernelPlan.h), as the IR carries it.
/// On a matmul: "m16n8k16" (mma.sync), "wgmma" (warpgroup mma) or
/// "cuda_cores".
inline constexpr llvm::StringLiteral kMmaAttrName = "bgraph.mma";
/// On an op of a block graph that produces an exp (a bgraph.exp, or a
/// thread graph whose result is an exp): "running_max" (exp(x - m), m the
/// running row maximum, the sums it reaches rescaled) or "literal"
/// (Core/RunningMax.h).
inline constexpr llvm::StringLiteral kExpFormAttrName = "bgraph.exp_form";
/// On an op of a block graph that folds groups of elements (a reduce_sum,
/// reduce_max or rms_norm, or the exp of the running-max form, whose rows
/// fold to their maxima): the threads folding each group (i64), 1 or a
/// power of two up to 1024 (a reduction tree, Optimize/SoftmaxPlan.h).
inline constexpr llvm::StringLiteral kTreeWidthAttrName = "bgraph.tree_width";
/// On an input iterator: the bytes of one copy (i64).
inline constexpr llvm::StringLiteral kCopyBytesAttrName = "bgraph.copy_bytes";
/// On an input iterator: copied by the tensor memory accelerator (unit).
inline constexpr llvm::StringLiteral kTmaAttrName = "bgraph.tma";
/// On a graph-defined kernel: the pipeline stages of its loop (i64, >= 1).
inline constexpr llvm::StringLiteral kStagesAttrName = "bgraph.stages";
/// On a graph-defined kernel: the threads of one block (i64, a multiple of
/// 32 from 32 to 1024).
inline constexpr llvm::StringLiteral kBlockThreadsAttrName =
    "bgraph.block_threads";
/// On an op producing tiles: the memory layout of its tile (a string, or an
/// array with one per result), tsopt/Core/Layout.h's spelling. On a
/// kernel-level op, the layout of the device tensors it produces: row_major.
inline constexpr llvm::StringLiteral kLayoutAttrName = "bgraph.layout";
/// On every op of a block graph: its depth within its phase (i64), the
/// schedule (tsopt/Optimize/Schedule.h).
inline constexpr llvm::StringLiteral kDepthAttrName = "bgraph.depth";
/// On every op producing tiles: the shared-memory byte offset of each tile
/// (i64; array<i64> with one per result, then one per further pipeline
/// buffer), the memory plan (tsopt/Optimize/MemoryPlan.h).
inline constexpr llvm::StringLiteral kOffsetAttrName = "bgraph.offset";
/// On a kernel, printed by tsopt-schedule: its barriers (array<i64: loop,
/// post-loop>).
inline constexpr llvm::StringLiteral kBarriersAttrName = "bgraph.barriers";
/// On a kernel, printed by tsopt-plan-shared-memory: the bytes of shared
/// memory its plan needs (i64).
inline constexpr llvm::StringLiteral kSharedMemoryAttrName =
    "bgraph.shared_memory";

/// The layout strings of `attr` (a string, or an array of one string per
/// result of `op`), or an error on `op`.
llvm::FailureOr<llvm::SmallVector<llvm::StringRef, 1>>
layoutStrings(mlir::Operation *op, mlir::Attribute attr);

/// Checks that `op` sits directly in a block graph: the region of an op that
/// implements LaunchOpInterface.
llvm::LogicalResult verifyInBlockGraph(mlir::Operation *op);

/// Op trait: the op belongs to a block graph.
template <typename ConcreteType>
class InBlockGraph
    : public mlir::OpTrait::TraitBase<ConcreteType, InBlockGraph> {
public:
  static llvm::LogicalResult verifyTrait(mlir::Operation *op) {
    return verifyInBlockGraph(op);
  }
};
} // namespace tsopt::bgraph

#define GET_OP_CLASSES
#include "tsopt/Dialect/BGraph/IR/BGraphOps.h.inc"

#endif // TSOPT_DIALECT_BGRAPH_IR_BGRAPH_H
