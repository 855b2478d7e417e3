//===- CoreOpInterface.h - Ops that map onto core µGraph ops ----*- C++ -*-===//

#ifndef TSOPT_DIALECT_COMMON_COREOPINTERFACE_H
#define TSOPT_DIALECT_COMMON_COREOPINTERFACE_H

#include "tsopt/Core/Graph.h"

#include "mlir/IR/OpDefinition.h"

namespace tsopt {
/// Checks the shape rules of a compute op (any level) through
/// tsopt/Core/ShapeRules.h: operand/result shapes, attributes in range, and
/// one element type throughout. Ops on scalars (thread level) only get the
/// element-type check from their traits.
llvm::LogicalResult verifyCoreOpShapes(mlir::Operation *op);
} // namespace tsopt

#include "tsopt/Dialect/Common/CoreOpInterface.h.inc"

#endif // TSOPT_DIALECT_COMMON_COREOPINTERFACE_H
