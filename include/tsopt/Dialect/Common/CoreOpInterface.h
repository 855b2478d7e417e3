//===- CoreOpInterface.h - Ops that map onto core µGraph ops ----*- C++ -*-===//

#ifndef TSOPT_DIALECT_COMMON_COREOPINTERFACE_H
#define TSOPT_DIALECT_COMMON_COREOPINTERFACE_H

#include "tsopt/Core/Graph.h"

#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"

namespace tsopt {
/// Checks the shape rules of a compute op (any level) through
/// tsopt/Core/ShapeRules.h: operand/result shapes, attributes in range, and
/// one element type through data movement (computing ops convert: they read
/// their operands' types and store their result's). Ops on scalars (thread
/// level) only get the element-type check from their traits.
llvm::LogicalResult verifyCoreOpShapes(mlir::Operation *op);

/// The window of an im2col or conv2d op from its attributes (`kernel` or,
/// for conv2d, the filter type's last two dims; `stride`, `padding`,
/// `dilation`); a message in `why` when an attribute has the wrong length.
llvm::FailureOr<ConvWindow> convWindowOf(mlir::Operation *op,
                                         std::string *why = nullptr);

/// The types of a unary computing op: `T` when operand and result agree,
/// `T -> U` when the op converts (an f16 operand, an f32 result).
inline mlir::ParseResult parseComputeTypes(mlir::OpAsmParser &parser,
                                           mlir::Type &input,
                                           mlir::Type &result) {
  if (parser.parseType(input))
    return mlir::failure();
  if (mlir::succeeded(parser.parseOptionalArrow()))
    return parser.parseType(result);
  result = input;
  return mlir::success();
}
inline void printComputeTypes(mlir::OpAsmPrinter &printer, mlir::Operation *,
                              mlir::Type input, mlir::Type result) {
  printer << input;
  if (result != input)
    printer << " -> " << result;
}
} // namespace tsopt

#include "tsopt/Dialect/Common/CoreOpInterface.h.inc"

#endif // TSOPT_DIALECT_COMMON_COREOPINTERFACE_H
