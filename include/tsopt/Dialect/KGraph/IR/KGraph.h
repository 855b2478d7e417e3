//===- KGraph.h - The kernel-level dialect ----------------------*- C++ -*-===//

#ifndef TSOPT_DIALECT_KGRAPH_IR_KGRAPH_H
#define TSOPT_DIALECT_KGRAPH_IR_KGRAPH_H

#include "tsopt/Dialect/BGraph/IR/BGraph.h"
#include "tsopt/Dialect/Common/CoreOpInterface.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tsopt/Dialect/KGraph/IR/KGraphOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "tsopt/Dialect/KGraph/IR/KGraphOps.h.inc"

#endif // TSOPT_DIALECT_KGRAPH_IR_KGRAPH_H
