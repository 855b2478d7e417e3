//===- BGraphOps.cpp - Block-level ops, maps and verifiers ---------------===//

#include "tsopt/Core/ShapeRules.h"
#include "tsopt/Dialect/BGraph/IR/BGraph.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

#include <limits>

using namespace mlir;
using namespace tsopt;
using namespace tsopt::bgraph;

//===----------------------------------------------------------------------===//
// Map syntax: `{x = 0, y = replica}` for grid maps, `1` or `replica` for the
// loop map. Internally an entry is a tensor dim or kReplica (-1).
//===----------------------------------------------------------------------===//

static constexpr StringLiteral kGridDimNames[] = {"x", "y", "z"};

static ParseResult parseMapEntry(OpAsmParser &parser, int64_t &entry) {
  if (succeeded(parser.parseOptionalKeyword("replica"))) {
    entry = kReplica;
    return success();
  }
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseInteger(entry))
    return failure();
  if (entry < 0)
    return parser.emitError(loc, "map entries are a dim >= 0 or 'replica'");
  return success();
}

static void printMapEntry(OpAsmPrinter &printer, int64_t entry) {
  if (entry == kReplica)
    printer << "replica";
  else
    printer << entry;
}

static ParseResult parseGridMap(OpAsmParser &parser, DenseI64ArrayAttr &map) {
  SmallVector<int64_t, 3> entries;
  auto parseOne = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef name;
    if (parser.parseKeyword(&name))
      return failure();
    if (entries.size() >= 3)
      return parser.emitError(loc, "a grid has at most 3 dims (x, y, z), "
                                   "but the map names a fourth, '")
             << name << "'";
    if (name != kGridDimNames[entries.size()])
      return parser.emitError(loc, "expected grid dim '")
             << kGridDimNames[entries.size()]
             << "' (maps list grid dims x, y, z in order), got '" << name
             << "'";
    int64_t entry;
    if (parser.parseEqual() || parseMapEntry(parser, entry))
      return failure();
    entries.push_back(entry);
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Braces, parseOne))
    return failure();
  map = DenseI64ArrayAttr::get(parser.getContext(), entries);
  return success();
}

static void printGridMap(OpAsmPrinter &printer, Operation *,
                         DenseI64ArrayAttr map) {
  printer << "{";
  llvm::interleaveComma(
      llvm::enumerate(map.asArrayRef()), printer, [&](auto it) {
        printer << kGridDimNames[std::min<size_t>(it.index(), 2)] << " = ";
        printMapEntry(printer, it.value());
      });
  printer << "}";
}

static ParseResult parseLoopMap(OpAsmParser &parser, IntegerAttr &map) {
  int64_t entry;
  if (parseMapEntry(parser, entry))
    return failure();
  map = IntegerAttr::get(IntegerType::get(parser.getContext(), 64), entry);
  return success();
}

static void printLoopMap(OpAsmPrinter &printer, Operation *, IntegerAttr map) {
  printMapEntry(printer, map.getInt());
}

#define GET_OP_CLASSES
#include "tsopt/Dialect/BGraph/IR/BGraphOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult tsopt::bgraph::verifyInBlockGraph(Operation *op) {
  Operation *parent = op->getParentOp();
  if (!parent || !isa<LaunchOpInterface>(parent))
    return op->emitOpError(
        "must be in a block graph (the body of a graph-defined kernel)");
  return success();
}

static LaunchOpInterface launchOf(Operation *op) {
  return cast<LaunchOpInterface>(op->getParentOp());
}

/// Checks that every map entry is `replica` or a dim that fits the core
/// representation (the shape rules then check it against the rank).
static LogicalResult checkMapEntries(Operation *op, StringRef name,
                                     ArrayRef<int64_t> map) {
  for (auto [g, d] : llvm::enumerate(map))
    if (d != kReplica && (d < 0 || d > std::numeric_limits<int>::max()))
      return op->emitOpError()
             << name << " entry for grid dim "
             << kGridDimNames[std::min<size_t>(g, 2)] << " is " << d
             << "; an entry is a dim or 'replica'";
  return success();
}

/// The loop-map counterpart of checkMapEntries.
static LogicalResult checkLoopMapEntry(Operation *op, int64_t d) {
  if (d != kReplica && (d < 0 || d > std::numeric_limits<int>::max()))
    return op->emitOpError()
           << "fmap entry is " << d << "; an entry is a dim or 'replica'";
  return success();
}

static LogicalResult checkSameElementType(Operation *op, Type a, Type b) {
  Type ea = cast<ShapedType>(a).getElementType();
  Type eb = cast<ShapedType>(b).getElementType();
  if (ea != eb)
    return op->emitOpError("element type changes from ") << ea << " to " << eb;
  return success();
}

static SmallVector<int> toIntMap(ArrayRef<int64_t> map) {
  return SmallVector<int>(map.begin(), map.end());
}

LogicalResult InputOp::verify() {
  LaunchOpInterface launch = launchOf(*this);
  if (!isa<BlockArgument>(getSource()) ||
      getSource().getParentBlock() != getOperation()->getBlock())
    return emitOpError("source must be an argument of the enclosing block "
                       "graph (a kernel tensor)");
  if (failed(checkMapEntries(*this, "imap", getImap())) ||
      failed(checkLoopMapEntry(*this, static_cast<int64_t>(getFmap()))) ||
      failed(checkSameElementType(*this, getSource().getType(),
                                  getResult().getType())))
    return failure();
  std::string why;
  FailureOr<Shape> tile =
      inputTileShape(getSource().getType().getShape(), launch.getGrid(),
                     launch.getForloop(), toIntMap(getImap()), getFmap(), &why);
  if (failed(tile))
    return emitOpError(why);
  if (ArrayRef<int64_t>(*tile) != getResult().getType().getShape())
    return emitOpError("tile shape implied by imap/fmap/grid/forloop is ")
           << formatShape(*tile) << ", but the result type has "
           << formatShape(getResult().getType().getShape());
  return success();
}

LogicalResult AccumOp::verify() {
  LaunchOpInterface launch = launchOf(*this);
  bool concat = getKind() == AccumKind::concat;
  if (concat != getFmap().has_value())
    return emitOpError(concat ? "concat accumulator needs fmap = <dim>"
                              : "sum/max accumulator takes no fmap (only "
                                "concat concatenates along a dim)");
  if (concat && static_cast<int64_t>(*getFmap()) < 0)
    return emitOpError("concat accumulator fmap must be a dim >= 0, got ")
           << static_cast<int64_t>(*getFmap());
  // A running sum or max may be held wider than its operand (an f32
  // accumulator of f16 tiles); a concatenation only collects tiles.
  if (concat && failed(checkSameElementType(*this, getInput().getType(),
                                            getResult().getType())))
    return failure();
  std::string why;
  FailureOr<Shape> shape =
      accumShape(getInput().getType().getShape(), launch.getForloop(),
                 concat ? static_cast<int>(*getFmap()) : kReplica, &why);
  if (failed(shape))
    return emitOpError(why);
  if (ArrayRef<int64_t>(*shape) != getResult().getType().getShape())
    return emitOpError("accumulator result shape must be ")
           << formatShape(*shape) << ", got "
           << formatShape(getResult().getType().getShape());
  if (Value maxima = getMaxima()) {
    if (getKind() != AccumKind::sum)
      return emitOpError("only a sum accumulator merges partials relative to "
                         "row maxima");
    if (failed(checkRowMaxima(getInput().getType().getShape(),
                              cast<TileType>(maxima.getType()).getShape(),
                              &why)))
      return emitOpError(why);
  }
  return success();
}

LogicalResult RunningMaxOp::verify() {
  auto acc = getInput().getDefiningOp<AccumOp>();
  if (!acc || acc.getKind() != AccumKind::sum || acc.getMaxima())
    return emitOpError("reads the rows of a sum accumulator (without maxima "
                       "of its own)");
  auto tile = cast<TileType>(getInput().getType());
  auto maxima = cast<TileType>(getResult().getType());
  if (!maxima.getElementType().isF32())
    return emitOpError("row maxima are f32, got ") << maxima.getElementType();
  std::string why;
  if (failed(checkRowMaxima(tile.getShape(), maxima.getShape(), &why)))
    return emitOpError(why);
  return success();
}

LogicalResult OutputOp::verify() {
  LaunchOpInterface launch = launchOf(*this);
  // The tile is converted to the tensor's element type as it is written.
  if (failed(checkMapEntries(*this, "omap", getOmap())))
    return failure();
  std::string why;
  FailureOr<Shape> shape =
      outputTensorShape(getInput().getType().getShape(), launch.getGrid(),
                        toIntMap(getOmap()), &why);
  if (failed(shape))
    return emitOpError(why);
  if (ArrayRef<int64_t>(*shape) != getResult().getType().getShape())
    return emitOpError("result tensor shape implied by omap/grid is ")
           << formatShape(*shape) << ", but the result type has "
           << formatShape(getResult().getType().getShape());
  return success();
}

LogicalResult YieldOp::verify() {
  for (auto [i, v] : llvm::enumerate(getValues()))
    if (!v.getDefiningOp<OutputOp>())
      return emitOpError("operand ")
             << i << " must be the result of a bgraph.output (an output "
             << "saver)";
  Operation *parent = getOperation()->getParentOp();
  if (parent->getNumResults() != getNumOperands() ||
      parent->getResultTypes() != getOperandTypes())
    return emitOpError("operand types must match the enclosing kernel's "
                       "result types");
  return success();
}
