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
