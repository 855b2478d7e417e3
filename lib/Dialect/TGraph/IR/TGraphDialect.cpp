//===- TGraphDialect.cpp - The thread-level dialect ----------------------===//

#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Dialect/TGraph/IR/TGraph.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace tsopt;
using namespace tsopt::tgraph;

#include "tsopt/Dialect/TGraph/IR/TGraphOpsDialect.cpp.inc"

void TGraphDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tsopt/Dialect/TGraph/IR/TGraphOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "tsopt/Dialect/TGraph/IR/TGraphOps.cpp.inc"

LogicalResult GraphOp::verifyRegions() {
  Block &body = getBody().front();
  if (getInputs().empty() || getNumResults() == 0)
    return emitOpError("must have at least one tile operand and one result");
  for (Operation &op : body)
    if (!isa_and_nonnull<TGraphDialect>(op.getDialect()))
      return op.emitOpError("is not a thread graph op (tgraph scalar ops "
                            "only)");
  if (body.getNumArguments() != getInputs().size())
    return emitOpError("thread graph has ")
           << body.getNumArguments() << " arguments for " << getInputs().size()
           << " tile operands";
  std::string why;
  Shape shape;
  for (auto [i, arg, in] : llvm::enumerate(body.getArguments(), getInputs())) {
    auto tile = cast<bgraph::TileType>(in.getType());
    // Registers hold the tile's element type or f32 (the load converts).
    if (arg.getType() != tile.getElementType() && !arg.getType().isF32())
      return emitOpError("argument #")
             << i << " must be the element type " << tile.getElementType()
             << " of operand #" << i << " or f32, got " << arg.getType();
    FailureOr<Shape> b = i == 0 ? FailureOr<Shape>(Shape(tile.getShape()))
                                : broadcastShape(shape, tile.getShape(), &why);
    if (failed(b))
      return emitOpError("tile operands do not broadcast: ") << why;
    shape = *b;
  }
  // Every op is a tgraph op (checked above) and the block ends in a
  // terminator, so it ends in tgraph.yield.
  auto yield = cast<YieldOp>(body.getTerminator());
  if (yield.getNumOperands() != getNumResults())
    return emitOpError("yields ") << yield.getNumOperands() << " scalars for "
                                  << getNumResults() << " results";
  for (auto [i, v, r] : llvm::enumerate(yield.getValues(), getResults())) {
    auto tile = cast<bgraph::TileType>(r.getType());
    if (v.getType() != tile.getElementType() && !v.getType().isF32())
      return emitOpError("result #")
             << i << " has element type " << tile.getElementType()
             << " but the thread graph yields " << v.getType()
             << " (the tile's element type or f32)";
    if (tile.getShape() != ArrayRef<int64_t>(shape))
      return emitOpError("result #")
             << i << " must have the broadcast shape " << formatShape(shape)
             << ", got " << formatShape(tile.getShape());
  }
  return success();
}
