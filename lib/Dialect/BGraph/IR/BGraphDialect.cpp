//===- BGraphDialect.cpp - The block-level dialect -----------------------===//

#include "tsopt/Dialect/BGraph/IR/BGraph.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tsopt;
using namespace tsopt::bgraph;

#include "tsopt/Dialect/BGraph/IR/BGraphEnums.cpp.inc"
#include "tsopt/Dialect/BGraph/IR/BGraphInterfaces.cpp.inc"
#include "tsopt/Dialect/BGraph/IR/BGraphOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tsopt/Dialect/BGraph/IR/BGraphOpsTypes.cpp.inc"

void BGraphDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "tsopt/Dialect/BGraph/IR/BGraphOps.cpp.inc"
      >();
  addTypes<
#define GET_TYPEDEF_LIST
#include "tsopt/Dialect/BGraph/IR/BGraphOpsTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// TileType
//===----------------------------------------------------------------------===//

Type TileType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseGreater())
    return {};
  return parser.getChecked<TileType>(parser.getContext(), shape, elementType);
}

void TileType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t d : getShape())
    printer << d << "x";
  printer << getElementType() << ">";
}

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType) {
  for (int64_t d : shape)
    if (d < 1)
      return emitError() << "tile dims must be >= 1, got " << d;
  if (!elementType.isF16() && !elementType.isBF16() && !elementType.isF32())
    return emitError() << "tile element type must be f16, bf16 or f32, got "
                       << elementType;
  return success();
}

TileType TileType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                             Type elementType) const {
  return TileType::get(getContext(), shape ? *shape : getShape(), elementType);
}

//===----------------------------------------------------------------------===//
// The kernel plan's attributes
//===----------------------------------------------------------------------===//

LogicalResult BGraphDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  if (name == kMmaAttrName) {
    auto unit = dyn_cast<StringAttr>(attr.getValue());
    if (!isa<MatmulOp>(op) || !unit ||
        (unit.getValue() != "m16n8k16" && unit.getValue() != "cuda_cores"))
      return op->emitError("'")
             << name
             << "' belongs on a bgraph.matmul: \"m16n8k16\" or \"cuda_cores\"";
  }
  if (name == kCopyBytesAttrName) {
    auto bytes = dyn_cast<IntegerAttr>(attr.getValue());
    if (!isa<InputOp>(op) || !bytes ||
        !llvm::is_contained({2, 4, 8, 16}, bytes.getInt()))
      return op->emitError("'")
             << name << "' belongs on a bgraph.input: 2, 4, 8 or 16 bytes";
  }
  if (name == kStagesAttrName) {
    auto stages = dyn_cast<IntegerAttr>(attr.getValue());
    if (!isa<LaunchOpInterface>(op) || !stages || stages.getInt() < 1 ||
        stages.getInt() > 16)
      return op->emitError("'")
             << name << "' belongs on a graph-defined kernel: 1 to 16 stages";
  }
  return success();
}
