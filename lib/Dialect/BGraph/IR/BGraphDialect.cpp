//===- BGraphDialect.cpp - The block-level dialect ------------------------===//

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/Layout.h"
#include "tsopt/Core/Target.h"
#include "tsopt/Dialect/BGraph/IR/BGraph.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
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

/// Whether `op` produces an exp: a bgraph.exp, or a thread graph (one
/// region) with one result, the exp its terminator yields.
static bool producesExp(Operation *op) {
  auto kindOf = [](Operation *o) -> std::optional<tsopt::OpKind> {
    if (auto core = dyn_cast_or_null<CoreOpInterface>(o))
      return core.getCoreKind();
    return std::nullopt;
  };
  if (kindOf(op) == tsopt::OpKind::Exp)
    return true;
  if (kindOf(op) != tsopt::OpKind::ThreadGraph || op->getNumResults() != 1 ||
      op->getNumRegions() != 1 || op->getRegion(0).empty())
    return false;
  Operation *yield = op->getRegion(0).front().getTerminator();
  return yield && yield->getNumOperands() == 1 &&
         kindOf(yield->getOperand(0).getDefiningOp()) == tsopt::OpKind::Exp;
}

LogicalResult BGraphDialect::verifyOperationAttribute(Operation *op,
                                                      NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  bool inBlockGraph = isa_and_nonnull<LaunchOpInterface>(op->getParentOp());
  if (name == kMmaAttrName) {
    auto unit = dyn_cast<StringAttr>(attr.getValue());
    if (!isa<MatmulOp>(op) || !unit || !tsopt::parseMmaPlan(unit.getValue()))
      return op->emitError("'")
             << name
             << "' belongs on a bgraph.matmul: \"m16n8k16\", \"wgmma\" or "
                "\"cuda_cores\"";
  }
  if (name == kExpFormAttrName) {
    auto form = dyn_cast<StringAttr>(attr.getValue());
    if (!inBlockGraph || !producesExp(op) || !form ||
        (form.getValue() != "running_max" && form.getValue() != "literal"))
      return op->emitError("'")
             << name
             << "' belongs on an op of a block graph that produces an exp "
                "(a bgraph.exp, or a thread graph whose result is an exp): "
                "\"running_max\" or \"literal\"";
  }
  if (name == kTreeWidthAttrName) {
    auto width = dyn_cast<IntegerAttr>(attr.getValue());
    auto core = dyn_cast<CoreOpInterface>(op);
    bool folds = core && (core.getCoreKind() == tsopt::OpKind::ReduceSum ||
                          core.getCoreKind() == tsopt::OpKind::ReduceMax ||
                          core.getCoreKind() == tsopt::OpKind::RmsNorm);
    if (!inBlockGraph || !(folds || producesExp(op)) || !width ||
        width.getInt() < 1 || width.getInt() > 1024 ||
        !llvm::isPowerOf2_64(width.getInt()))
      return op->emitError("'")
             << name
             << "' belongs on a reduce_sum, reduce_max, rms_norm or exp of "
                "a block graph: the threads folding each group, a power of "
                "two from 1 to 1024";
  }
  if (name == kCopyBytesAttrName) {
    auto bytes = dyn_cast<IntegerAttr>(attr.getValue());
    if (!isa<InputOp>(op) || !bytes ||
        !llvm::is_contained({2, 4, 8, 16}, bytes.getInt()))
      return op->emitError("'")
             << name << "' belongs on a bgraph.input: 2, 4, 8 or 16 bytes";
  }
  if (name == kTmaAttrName &&
      (!isa<InputOp>(op) || !isa<UnitAttr>(attr.getValue())))
    return op->emitError("'")
           << name << "' belongs on a bgraph.input, as a unit attribute";
  if (name == kStagesAttrName) {
    auto stages = dyn_cast<IntegerAttr>(attr.getValue());
    if (!isa<LaunchOpInterface>(op) || !stages || stages.getInt() < 1 ||
        stages.getInt() > 16)
      return op->emitError("'")
             << name << "' belongs on a graph-defined kernel: 1 to 16 stages";
  }
  if (name == kBlockThreadsAttrName) {
    auto threads = dyn_cast<IntegerAttr>(attr.getValue());
    if (!isa<LaunchOpInterface>(op) || !threads ||
        !tsopt::isValidBlockThreads(threads.getInt()))
      return op->emitError("'")
             << name
             << "' belongs on a graph-defined kernel: a multiple of 32 "
                "threads from 32 to 1024";
  }
  if (name == kLayoutAttrName) {
    FailureOr<SmallVector<StringRef, 1>> texts =
        layoutStrings(op, attr.getValue());
    if (failed(texts))
      return failure();
    for (StringRef text : *texts) {
      std::optional<tsopt::Layout> layout = tsopt::Layout::parse(text);
      if (!layout)
        return op->emitError("unknown memory layout '")
               << text << "' in '" << name << "'; expected "
               << tsopt::Layout::spellings();
      // The lowering stores device tensors row-major.
      if (!inBlockGraph && *layout != tsopt::Layout::rowMajor())
        return op->emitError("device tensors are stored row_major; '")
               << text << "' is a layout of shared-memory tiles";
    }
  }
  // The schedule and the memory plan: on ops of a block graph.
  if (name == kDepthAttrName) {
    auto depth = dyn_cast<IntegerAttr>(attr.getValue());
    if (!inBlockGraph || !depth || depth.getInt() < 0 ||
        depth.getInt() > (1 << 20))
      return op->emitError("'") << name
                                << "' belongs on an op of a block graph: a "
                                   "depth of 0 or more (i64)";
  }
  if (name == kOffsetAttrName) {
    SmallVector<int64_t> offsets;
    if (auto one = dyn_cast<IntegerAttr>(attr.getValue()))
      offsets.push_back(one.getInt());
    else if (auto many = dyn_cast<DenseI64ArrayAttr>(attr.getValue()))
      offsets.assign(many.asArrayRef().begin(), many.asArrayRef().end());
    if (!inBlockGraph || isa<OutputOp>(op) || op->getNumResults() == 0 ||
        offsets.empty() ||
        llvm::any_of(offsets, [](int64_t o) { return o < 0; }))
      return op->emitError("'")
             << name
             << "' belongs on an op of a block graph that produces tiles: a "
                "byte offset of 0 or more (i64), or one per tile "
                "(array<i64>)";
  }
  // A plan attribute the dialect does not define is a misspelling or a
  // leftover of another version: refused rather than ignored.
  static constexpr llvm::StringLiteral kKnown[] = {
      kMmaAttrName,          kExpFormAttrName,  kTreeWidthAttrName,
      kCopyBytesAttrName,    kTmaAttrName,      kStagesAttrName,
      kBlockThreadsAttrName, kLayoutAttrName,   kDepthAttrName,
      kOffsetAttrName,       kBarriersAttrName, kSharedMemoryAttrName};
  if (!llvm::is_contained(kKnown, name))
    return op->emitError("unknown attribute '")
           << name << "'; the bgraph dialect's are "
           << llvm::join(llvm::map_range(kKnown,
                                         [](llvm::StringLiteral n) {
                                           return "'" + n.str() + "'";
                                         }),
                         ", ");
  return success();
}

FailureOr<SmallVector<StringRef, 1>>
tsopt::bgraph::layoutStrings(Operation *op, Attribute attr) {
  unsigned n = op->getNumResults();
  SmallVector<StringRef, 1> texts;
  if (auto s = dyn_cast<StringAttr>(attr); s && n == 1)
    texts.push_back(s.getValue());
  else if (auto array = dyn_cast<ArrayAttr>(attr); array && array.size() == n)
    for (Attribute a : array)
      if (auto s = dyn_cast<StringAttr>(a))
        texts.push_back(s.getValue());
  if (texts.size() != n || n == 0) {
    InFlightDiagnostic diag = op->emitError("invalid '")
                              << kLayoutAttrName << "': expected ";
    if (n == 1)
      diag << "a layout string";
    else
      diag << "an array of " << n << " layout strings, one per result";
    return failure();
  }
  return texts;
}
