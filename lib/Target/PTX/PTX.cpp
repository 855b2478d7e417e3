//===- PTX.cpp - Kernel graphs to PTX and a launch manifest ---------------===//

#include "tsopt/Target/PTX.h"
#include "tsopt/Conversion/BGraphToSCF/BGraphToSCF.h"
#include "tsopt/Interchange/Import.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Utils.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstdlib>

using namespace mlir;

namespace tsopt {

namespace {

/// The manifest's name of an element type ("f16", "bf16", "f32"), or empty.
std::string dtypeName(Type t) {
  FailureOr<DType> dtype = importElementType(t);
  return succeeded(dtype) ? stringifyDType(*dtype).str() : std::string();
}

llvm::json::Object describeBuffer(const std::string &name, StringRef role,
                                  MemRefType type) {
  llvm::json::Array shape;
  for (int64_t d : type.getShape())
    shape.push_back(d);
  int64_t bytes = type.getNumElements() *
                  (type.getElementTypeBitWidth() / 8);
  return llvm::json::Object{{"name", name},
                            {"role", role},
                            {"shape", std::move(shape)},
                            {"dtype", dtypeName(type.getElementType())},
                            {"bytes", bytes}};
}

FailureOr<int64_t> constantOf(Value v) {
  APInt value;
  if (!matchPattern(v, m_ConstantInt(&value)))
    return failure();
  return value.getSExtValue();
}

FailureOr<llvm::json::Object> describeFunction(func::FuncOp func) {
  auto numInputs = func->getAttrOfType<IntegerAttr>(kNumInputsAttrName);
  llvm::json::Array buffers, kernels;
  llvm::DenseMap<Value, int64_t> index;
  for (auto [i, arg] : llvm::enumerate(func.getArguments())) {
    auto type = dyn_cast<MemRefType>(arg.getType());
    if (!type || dtypeName(type.getElementType()).empty())
      return func.emitError() << "argument " << i
                              << " is not a memref of f16, bf16 or f32";
    bool input = static_cast<int64_t>(i) < numInputs.getInt();
    std::string name =
        input ? "arg" + std::to_string(i)
              : "result" + std::to_string(i - numInputs.getInt());
    index[arg] = buffers.size();
    buffers.push_back(describeBuffer(name, input ? "input" : "output", type));
  }
  int64_t temporaries = 0;
  WalkResult walk = func.walk([&](Operation *op) -> WalkResult {
    if (auto alloc = dyn_cast<gpu::AllocOp>(op)) {
      index[alloc.getMemref()] = buffers.size();
      buffers.push_back(describeBuffer("tmp" + std::to_string(temporaries++),
                                       "temporary", alloc.getType()));
      return WalkResult::advance();
    }
    // A view (a reshape that is not a result) is its source's buffer:
    // kernels take bare pointers.
    if (auto view = dyn_cast<memref::ReinterpretCastOp>(op)) {
      auto it = index.find(view.getSource());
      if (it == index.end())
        return view.emitError("a view of neither an argument nor a gpu.alloc");
      index[view.getResult()] = it->second;
      return WalkResult::advance();
    }
    auto launch = dyn_cast<gpu::LaunchFuncOp>(op);
    if (!launch)
      return WalkResult::advance();
    llvm::json::Array grid, block, args;
    gpu::KernelDim3 g = launch.getGridSizeOperandValues();
    gpu::KernelDim3 b = launch.getBlockSizeOperandValues();
    for (Value v : {g.x, g.y, g.z, b.x, b.y, b.z}) {
      FailureOr<int64_t> c = constantOf(v);
      if (failed(c))
        return launch.emitError("launch dimensions must be constants");
      (grid.size() < 3 ? grid : block).push_back(*c);
    }
    int64_t smem = 0;
    if (Value s = launch.getDynamicSharedMemorySize()) {
      FailureOr<int64_t> c = constantOf(s);
      if (failed(c))
        return launch.emitError("dynamic shared memory must be a constant");
      smem = *c;
    }
    // The last operands stand for TMA descriptors of their tensors.
    ArrayAttr maps = launch->getAttrOfType<ArrayAttr>(kTensorMapsAttrName);
    size_t numMaps = maps ? maps.size() : 0;
    OperandRange operands = launch.getKernelOperands();
    if (numMaps > operands.size())
      return launch.emitError("more tensor maps than kernel operands");
    llvm::json::Array tensorMaps;
    for (auto [i, operand] : llvm::enumerate(operands)) {
      auto it = index.find(operand);
      if (it == index.end())
        return launch.emitError(
            "kernel operand is neither an argument nor a gpu.alloc");
      size_t first = operands.size() - numMaps;
      if (i < first) {
        args.push_back(it->second);
        continue;
      }
      auto map = dyn_cast<DictionaryAttr>(maps[i - first]);
      auto box = map ? map.getAs<DenseI64ArrayAttr>("box") : nullptr;
      auto swizzle = map ? map.getAs<IntegerAttr>("swizzle") : nullptr;
      auto type = cast<MemRefType>(operand.getType());
      if (!box || !swizzle)
        return launch.emitError("a tensor map without its box and swizzle");
      llvm::json::Array shape, boxShape;
      for (int64_t d : type.getShape())
        shape.push_back(d);
      for (int64_t d : box.asArrayRef())
        boxShape.push_back(d);
      tensorMaps.push_back(
          llvm::json::Object{{"buffer", it->second},
                             {"shape", std::move(shape)},
                             {"dtype", dtypeName(type.getElementType())},
                             {"box", std::move(boxShape)},
                             {"swizzle", swizzle.getInt()}});
    }
    llvm::json::Object kernel{{"name", launch.getKernelName().getValue()},
                              {"grid", std::move(grid)},
                              {"block", std::move(block)},
                              {"shared_memory_bytes", smem},
                              {"args", std::move(args)}};
    if (numMaps)
      kernel["tensor_maps"] = std::move(tensorMaps);
    kernels.push_back(std::move(kernel));
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  return llvm::json::Object{{"name", func.getSymName()},
                            {"buffers", std::move(buffers)},
                            {"kernels", std::move(kernels)}};
}

} // namespace

FailureOr<llvm::json::Value> describeLaunches(ModuleOp module,
                                              StringRef target,
                                              StringRef ptxFileName) {
  llvm::json::Array functions;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func->hasAttr(kNumInputsAttrName))
      continue;
    FailureOr<llvm::json::Object> f = describeFunction(func);
    if (failed(f))
      return failure();
    functions.push_back(std::move(*f));
  }
  return llvm::json::Value(llvm::json::Object{
      {"format", "tsopt-launch-manifest"},
      {"version", 1},
      {"target", ptxChipOf(target)},
      {"ptx", ptxFileName},
      {"functions", std::move(functions)}});
}

FailureOr<PTXResult> translateToPTX(ModuleOp module,
                                    const PTXOptions &options) {
  if (!options.functions.empty()) {
    llvm::StringSet<> wanted;
    for (const std::string &name : options.functions) {
      if (!module.lookupSymbol<func::FuncOp>(name))
        return module.emitError() << "no function named '" << name << "'";
      wanted.insert(name);
    }
    for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (!wanted.contains(func.getSymName()))
        func.erase();
      else
        func->removeAttr("tsopt.reference");
  }

  PassManager pm(module.getContext());
  buildLowerToNVVMPipeline(pm, options.lowering);
  if (failed(pm.run(module)))
    return failure();
  FailureOr<llvm::json::Value> manifest =
      describeLaunches(module, options.lowering.target, options.ptxFileName);
  if (failed(manifest))
    return failure();

  // The kernels call no math library, so libdevice is not needed: when the
  // CUDA toolkit's copy is missing, the serializer is told not to look.
  {
    llvm::SmallString<256> libdevice(NVVM::getCUDAToolkitPath());
    llvm::sys::path::append(libdevice, "nvvm", "libdevice", "libdevice.10.bc");
    if (!llvm::sys::fs::is_regular_file(libdevice))
      ::setenv("CUDA_ROOT", "", /*overwrite=*/1);
  }
  PassManager serialize(module.getContext());
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = "isa";
  serialize.addPass(createGpuModuleToBinaryPass(binary));
  if (failed(serialize.run(module)))
    return failure();

  PTXResult result;
  result.manifest = std::move(*manifest);
  for (auto bin : module.getOps<gpu::BinaryOp>())
    for (Attribute a : bin.getObjects())
      result.ptx += cast<gpu::ObjectAttr>(a).getObject().getValue().str();
  if (result.ptx.empty())
    return module.emitError() << "no PTX was produced";
  return result;
}

} // namespace tsopt
