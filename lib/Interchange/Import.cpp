//===- Import.cpp - MLIR kgraph/bgraph/tgraph -> core µGraph -------------===//

#include "tsopt/Interchange/Import.h"
#include "tsopt/Dialect/BGraph/IR/BGraph.h"
#include "tsopt/Dialect/KGraph/IR/KGraph.h"
#include "tsopt/Dialect/TGraph/IR/TGraph.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace tsopt;
using CoreOp = tsopt::Op;
using CoreType = tsopt::TensorType;

FailureOr<DType> tsopt::importElementType(Type type) {
  if (type.isF16())
    return DType::F16;
  if (type.isBF16())
    return DType::BF16;
  if (type.isF32())
    return DType::F32;
  return failure();
}

namespace {
/// Imports one region body (a function, block graph or thread graph).
class Importer {
public:
  FailureOr<CoreType> importType(Location loc, Type type) {
    Type elem = type;
    Shape shape;
    if (auto shaped = dyn_cast<ShapedType>(type)) {
      if (!shaped.hasStaticShape())
        return (emitError(loc)
                    << "tsopt executes static shapes only, got " << type,
                failure());
      elem = shaped.getElementType();
      shape.assign(shaped.getShape().begin(), shaped.getShape().end());
    }
    FailureOr<DType> dtype = importElementType(elem);
    if (failed(dtype))
      return (emitError(loc)
                  << "tsopt executes f16, bf16 and f32, got " << type,
              failure());
    return CoreType{shape, *dtype};
  }

  LogicalResult importBody(Block &block, Level level, Graph &g) {
    g.level = level;
    llvm::DenseMap<Value, int> ids;
    for (BlockArgument arg : block.getArguments()) {
      FailureOr<CoreType> t = importType(arg.getLoc(), arg.getType());
      if (failed(t))
        return failure();
      ids[arg] = g.addInput(*t);
    }
    for (Operation &op : block) {
      if (op.hasTrait<OpTrait::IsTerminator>()) {
        for (Value v : op.getOperands())
          g.outputs.push_back(ids.lookup(v));
        continue;
      }
      auto core = dyn_cast<CoreOpInterface>(&op);
      if (!core)
        return op.emitOpError("cannot be imported into a µGraph: not a "
                              "kgraph/bgraph/tgraph op");
      CoreOp node;
      node.kind = core.getCoreKind();
      for (Value v : op.getOperands())
        node.operands.push_back(ids.lookup(v));
      if (failed(importAttributes(op, node)))
        return failure();
      SmallVector<CoreType> resultTypes;
      for (Value r : op.getResults()) {
        FailureOr<CoreType> t = importType(op.getLoc(), r.getType());
        if (failed(t))
          return failure();
        resultTypes.push_back(*t);
      }
      int first = g.addOp(std::move(node), resultTypes);
      for (auto [i, r] : llvm::enumerate(op.getResults()))
        ids[r] = first + i;
    }
    return success();
  }

private:
  static std::array<int, 3> gridMap(ArrayRef<int64_t> map) {
    std::array<int, 3> out = {kReplica, kReplica, kReplica};
    for (auto [i, d] : llvm::enumerate(map))
      out[i] = d;
    return out;
  }

  LogicalResult importAttributes(Operation &op, CoreOp &node) {
    if (auto a = op.getAttrOfType<IntegerAttr>("dim"))
      node.dim = a.getInt();
    if (auto a = op.getAttrOfType<FloatAttr>("scalar"))
      node.scalar = a.getValueAsDouble();
    if (auto a = op.getAttrOfType<FloatAttr>("pad_value"))
      node.scalar = a.getValueAsDouble();
    if (auto a = op.getAttrOfType<FloatAttr>("epsilon"))
      node.scalar = a.getValueAsDouble();
    if (auto t = dyn_cast<kgraph::TransposeOp>(op))
      node.perm.assign(t.getPermutation().begin(), t.getPermutation().end());
    if (auto t = dyn_cast<bgraph::TransposeOp>(op))
      node.perm.assign(t.getPermutation().begin(), t.getPermutation().end());
    if (auto s = dyn_cast<kgraph::SliceOp>(op))
      node.perm.assign(s.getOffsets().begin(), s.getOffsets().end());
    if (auto s = dyn_cast<bgraph::SliceOp>(op))
      node.perm.assign(s.getOffsets().begin(), s.getOffsets().end());
    if (node.kind == OpKind::Im2Col || node.kind == OpKind::Conv2d) {
      std::string why;
      FailureOr<ConvWindow> window = convWindowOf(&op, &why);
      if (failed(window))
        return op.emitOpError(why);
      node.perm = window->encode();
      if (auto groups = op.getAttrOfType<IntegerAttr>("groups"))
        node.dim = groups.getInt();
    }
    if (auto in = dyn_cast<bgraph::InputOp>(op)) {
      node.gridMap = gridMap(in.getImap());
      node.fmap = in.getFmap();
      if (auto bytes = op.getAttrOfType<IntegerAttr>(bgraph::kCopyBytesAttrName))
        node.copyBytes = static_cast<uint8_t>(bytes.getInt());
      node.tma = op.hasAttr(bgraph::kTmaAttrName);
    }
    if (Attribute layouts = op.getAttr(bgraph::kLayoutAttrName)) {
      FailureOr<SmallVector<StringRef, 1>> texts =
          bgraph::layoutStrings(&op, layouts);
      if (failed(texts))
        return failure();
      for (StringRef text : *texts) {
        std::optional<Layout> layout = Layout::parse(text);
        if (!layout)
          return op.emitError("unknown memory layout '") << text << "'";
        node.layouts.push_back(*layout);
      }
    }
    if (auto depth = op.getAttrOfType<IntegerAttr>(bgraph::kDepthAttrName))
      node.depth = static_cast<int>(depth.getInt());
    if (Attribute offsets = op.getAttr(bgraph::kOffsetAttrName)) {
      if (auto one = dyn_cast<IntegerAttr>(offsets))
        node.offsets.push_back(one.getInt());
      else if (auto many = dyn_cast<DenseI64ArrayAttr>(offsets))
        node.offsets.assign(many.asArrayRef().begin(), many.asArrayRef().end());
    }
    if (auto width = op.getAttrOfType<IntegerAttr>(bgraph::kTreeWidthAttrName))
      node.treeWidth = width.getInt();
    if (auto form = op.getAttrOfType<StringAttr>(bgraph::kExpFormAttrName))
      node.expForm = static_cast<uint8_t>(form.getValue() == "running_max"
                                              ? ExpForm::RunningMax
                                              : ExpForm::Literal);
    if (auto unit = op.getAttrOfType<StringAttr>(bgraph::kMmaAttrName))
      node.mma = static_cast<uint8_t>(
          parseMmaPlan(unit.getValue()).value_or(MmaPlan::CudaCores));
    if (auto acc = dyn_cast<bgraph::AccumOp>(op)) {
      node.accum = acc.getKind() == bgraph::AccumKind::max ? AccumKind::Max
                                                           : AccumKind::Sum;
      node.fmap = acc.getFmap() ? static_cast<int>(*acc.getFmap()) : kReplica;
    }
    if (auto out = dyn_cast<bgraph::OutputOp>(op))
      node.gridMap = gridMap(out.getOmap());
    if (auto kernel = dyn_cast<kgraph::KernelOp>(op)) {
      auto body = std::make_shared<Graph>();
      body->grid.assign(kernel.getGrid().begin(), kernel.getGrid().end());
      body->forloop = kernel.getForloop();
      if (auto stages = op.getAttrOfType<IntegerAttr>(bgraph::kStagesAttrName))
        body->stages = stages.getInt();
      if (auto threads =
              op.getAttrOfType<IntegerAttr>(bgraph::kBlockThreadsAttrName))
        body->threads = threads.getInt();
      if (failed(importBody(kernel.getBody().front(), Level::Block, *body)))
        return failure();
      node.body = std::move(body);
    }
    if (auto thread = dyn_cast<tgraph::GraphOp>(op)) {
      auto body = std::make_shared<Graph>();
      if (failed(importBody(thread.getBody().front(), Level::Thread, *body)))
        return failure();
      node.body = std::move(body);
    }
    return success();
  }
};
} // namespace

FailureOr<Graph> tsopt::importFunction(func::FuncOp func) {
  if (func.isExternal())
    return func.emitError("cannot import a function declaration");
  if (!func.getBody().hasOneBlock())
    return func.emitError("a kernel graph function has a single block");
  for (Type t : llvm::concat<const Type>(func.getArgumentTypes(),
                                         func.getResultTypes()))
    if (auto shaped = dyn_cast<ShapedType>(t);
        shaped && shaped.hasStaticShape() &&
        !checkedNumElements(shaped.getShape()))
      return func.emitError("type ")
             << t << " has more elements than 64 bits count";
  Graph g;
  if (failed(Importer().importBody(func.getBody().front(), Level::Kernel, g)))
    return failure();
  return g;
}
