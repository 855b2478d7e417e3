//===- TGraph.h - The thread-level dialect ----------------------*- C++ -*-===//

#ifndef TSOPT_DIALECT_TGRAPH_IR_TGRAPH_H
#define TSOPT_DIALECT_TGRAPH_IR_TGRAPH_H

#include "tsopt/Dialect/BGraph/IR/BGraph.h"
#include "tsopt/Dialect/Common/CoreOpInterface.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "tsopt/Dialect/TGraph/IR/TGraphOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "tsopt/Dialect/TGraph/IR/TGraphOps.h.inc"

#endif // TSOPT_DIALECT_TGRAPH_IR_TGRAPH_H
