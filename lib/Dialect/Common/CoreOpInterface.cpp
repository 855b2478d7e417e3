//===- CoreOpInterface.cpp - Shape verification of compute ops -----------===//

#include "tsopt/Dialect/Common/CoreOpInterface.h"
#include "tsopt/Core/ShapeRules.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;
using namespace tsopt;

#include "tsopt/Dialect/Common/CoreOpInterface.cpp.inc"

/// Shapes of all values, or nothing when one is not shaped (thread level).
static std::optional<llvm::SmallVector<Shape>> shapesOf(ValueRange values) {
  llvm::SmallVector<Shape> shapes;
  for (Value v : values) {
    auto shaped = dyn_cast<ShapedType>(v.getType());
    if (!shaped || !shaped.hasStaticShape())
      return std::nullopt;
    shapes.emplace_back(shaped.getShape());
  }
  return shapes;
}

FailureOr<ConvWindow> tsopt::convWindowOf(Operation *op, std::string *why) {
  auto fail = [&](const Twine &msg) -> FailureOr<ConvWindow> {
    if (why)
      *why = msg.str();
    return failure();
  };
  auto read = [&](StringRef name,
                  std::initializer_list<int64_t *> into) -> LogicalResult {
    auto attr = op->getAttrOfType<DenseI64ArrayAttr>(name);
    if (!attr || attr.size() != static_cast<int64_t>(into.size()))
      return failure();
    for (auto [i, field] : llvm::enumerate(into))
      *field = attr[i];
    return success();
  };
  ConvWindow w;
  if (op->hasAttr("kernel")) {
    if (failed(read("kernel", {&w.kernel[0], &w.kernel[1]})))
      return fail("'kernel' must hold 2 extents (height, width)");
  } else if (op->getNumOperands() == 2) {
    auto filter = dyn_cast<ShapedType>(op->getOperand(1).getType());
    if (!filter || !filter.hasRank() || filter.getRank() != 4)
      return fail("the filters must be of rank 4 (F, C / groups, KH, KW)");
    w.kernel = {filter.getDimSize(2), filter.getDimSize(3)};
  }
  if (failed(read("stride", {&w.stride[0], &w.stride[1]})))
    return fail("'stride' must hold 2 extents (height, width)");
  if (failed(read("padding",
                  {&w.padLow[0], &w.padLow[1], &w.padHigh[0], &w.padHigh[1]})))
    return fail("'padding' must hold 4 extents (top, left, bottom, right)");
  if (failed(read("dilation", {&w.dilation[0], &w.dilation[1]})))
    return fail("'dilation' must hold 2 extents (height, width)");
  return w;
}

LogicalResult tsopt::verifyCoreOpShapes(Operation *op) {
  // Element counts and byte sizes must fit in 64 bits: a count that wraps
  // would make tools compare or allocate nothing.
  for (Type t : llvm::concat<Type>(op->getOperandTypes(),
                                   op->getResultTypes())) {
    auto shaped = dyn_cast<ShapedType>(t);
    if (!shaped || !shaped.hasStaticShape())
      continue;
    if (llvm::any_of(shaped.getShape(), [](int64_t d) { return d <= 0; }))
      return op->emitOpError("type ")
             << t << " has a zero-sized dim: tensors and tiles hold at least "
                     "one element";
    std::optional<int64_t> n = checkedNumElements(shaped.getShape());
    int64_t bytes;
    unsigned bits = shaped.getElementType().getIntOrFloatBitWidth();
    if (!n || llvm::MulOverflow(*n, int64_t((bits + 7) / 8), bytes))
      return op->emitOpError("type ")
             << t << " has more elements or bytes than 64 bits count";
  }
  // Scalar constants (mul_scalar's factor, rms_norm's epsilon, im2col's
  // pad value) must be finite: NaN and infinities have no value in the
  // verifier's field.
  for (StringRef name : {"scalar", "epsilon", "pad_value"})
    if (auto f = op->getAttrOfType<FloatAttr>(name);
        f && !std::isfinite(f.getValueAsDouble()))
      return op->emitOpError("'")
             << name << "' must be finite, got " << f.getValueAsDouble();
  OpKind kind = cast<CoreOpInterface>(op).getCoreKind();
  // Block-level boundary ops and kernels check their maps and launch
  // attributes in their own verifiers; thread-level ops are scalar.
  if (kind == OpKind::Kernel || kind == OpKind::BlockInput ||
      kind == OpKind::Accum || kind == OpKind::BlockOutput ||
      kind == OpKind::ThreadGraph)
    return success();
  auto ins = shapesOf(op->getOperands());
  auto outs = shapesOf(op->getResults());
  if (!ins || !outs)
    return success();

  // A computing op reads its operands at their element types, computes in
  // f32 and stores its result in the result's (docs/design.md, precision):
  // torch's f32 norm over f16 activations is an f16 operand and an f32
  // result. Data movement converts nothing: a reshape is a view of its
  // operand's buffer. (A concatenation copies each operand in: it may
  // widen.)
  bool movesData = kind == OpKind::Reshape || kind == OpKind::Transpose ||
                   kind == OpKind::Repeat || kind == OpKind::Slice ||
                   kind == OpKind::Im2Col;
  Type elemTy;
  for (Type t :
       llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
    Type e = cast<ShapedType>(t).getElementType();
    if (movesData && elemTy && e != elemTy)
      return op->emitOpError("moves data but mixes element types ")
             << elemTy << " and " << e << "; only computing ops convert";
    elemTy = e;
  }

  std::string why;
  const Shape &result = outs->front();
  auto expectResult = [&](FailureOr<Shape> expected) -> LogicalResult {
    if (failed(expected))
      return op->emitOpError(why);
    if (*expected != result)
      return op->emitOpError("result shape must be ")
             << formatShape(*expected) << ", got " << formatShape(result);
    return success();
  };
  auto check = [&](LogicalResult r) -> LogicalResult {
    return failed(r) ? op->emitOpError(why) : success();
  };
  auto intAttr = [&](StringRef name) {
    return cast<IntegerAttr>(op->getAttr(name)).getInt();
  };

  if (isElementwiseBinary(kind))
    return expectResult(broadcastShape((*ins)[0], (*ins)[1], &why));
  switch (kind) {
  case OpKind::Matmul:
    return expectResult(matmulShape((*ins)[0], (*ins)[1], &why));
  case OpKind::ReduceSum:
  case OpKind::ReduceMax:
    return check(checkReduce((*ins)[0], intAttr("dim"), result, &why));
  case OpKind::Repeat:
    return check(checkRepeat((*ins)[0], result, &why));
  case OpKind::Reshape:
    return check(checkReshape((*ins)[0], result, &why));
  case OpKind::Transpose:
    return expectResult(transposeShape(
        (*ins)[0],
        cast<DenseI64ArrayAttr>(op->getAttr("permutation")).asArrayRef(),
        &why));
  case OpKind::Concat:
    return expectResult(concatShape(*ins, intAttr("dim"), &why));
  case OpKind::Slice:
    return check(checkSlice(
        (*ins)[0],
        cast<DenseI64ArrayAttr>(op->getAttr("offsets")).asArrayRef(), result,
        &why));
  case OpKind::RmsNorm:
    return expectResult(rmsNormShape((*ins)[0], (*ins)[1], &why));
  case OpKind::Im2Col:
  case OpKind::Conv2d: {
    FailureOr<ConvWindow> w = convWindowOf(op, &why);
    if (failed(w))
      return op->emitOpError(why);
    if (kind == OpKind::Im2Col)
      return expectResult(im2colShape((*ins)[0], *w, &why));
    return expectResult(
        conv2dShape((*ins)[0], (*ins)[1], *w, intAttr("groups"), &why));
  }
  default:
    return success(); // Element-wise unary: SameOperandsAndResultType.
  }
}
