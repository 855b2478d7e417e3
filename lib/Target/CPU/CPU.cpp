//===- CPU.cpp - Kernel graphs compiled for the host CPU ------------------===//

#include "tsopt/Target/CPU.h"
#include "tsopt/Conversion/Passes.h"
#include "tsopt/Core/Target.h"
#include "tsopt/Support/Npy.h"
#include "tsopt/Support/Half.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/Support/TargetSelect.h"

#include <cstring>

using namespace mlir;

namespace tsopt {

CPUExecutable::~CPUExecutable() = default;

FailureOr<std::unique_ptr<CPUExecutable>>
CPUExecutable::compile(ModuleOp module, std::string *why) {
  OwningOpRef<ModuleOp> copy(cast<ModuleOp>(module->clone()));
  PassManager pm(module.getContext());
  buildLowerToCPUPipeline(pm);
  if (failed(pm.run(*copy))) {
    *why = "lowering to the CPU failed";
    return failure();
  }
  static bool initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initialized;
  ExecutionEngineOptions options;
  options.transformer = makeOptimizingTransformer(/*optLevel=*/2,
                                                  /*sizeLevel=*/0,
                                                  /*targetMachine=*/nullptr);
  auto engine = ExecutionEngine::create(*copy, options);
  if (!engine) {
    *why = llvm::toString(engine.takeError());
    return failure();
  }
  std::unique_ptr<CPUExecutable> exe(new CPUExecutable());
  exe->engine = std::move(*engine);
  return exe;
}

LogicalResult CPUExecutable::run(StringRef name, ArrayRef<void *> buffers,
                                 std::string *why) {
  // The bare-pointer convention: each argument is one pointer, passed to the
  // packed interface by address.
  SmallVector<void *> pointers(buffers.begin(), buffers.end());
  SmallVector<void *> args;
  for (void *&p : pointers)
    args.push_back(&p);
  if (llvm::Error err = engine->invokePacked(name, args)) {
    *why = llvm::toString(std::move(err));
    return failure();
  }
  return success();
}

namespace {
void storeElement(double v, DType dtype, char *dst) {
  float f = static_cast<float>(v);
  switch (dtype) {
  case DType::F32:
    std::memcpy(dst, &f, 4);
    return;
  case DType::F16: {
    uint16_t h = floatToHalfBits(f);
    std::memcpy(dst, &h, 2);
    return;
  }
  case DType::BF16: {
    // Rounded to bf16, the float's low half is zero: its high half is the
    // bf16 encoding.
    float r = roundToDType(f, DType::BF16);
    uint32_t bits;
    std::memcpy(&bits, &r, 4);
    uint16_t half = static_cast<uint16_t>(bits >> 16);
    std::memcpy(dst, &half, 2);
    return;
  }
  }
}

double loadElement(DType dtype, const char *src) {
  switch (dtype) {
  case DType::F32: {
    float f;
    std::memcpy(&f, src, 4);
    return f;
  }
  case DType::F16: {
    uint16_t h;
    std::memcpy(&h, src, 2);
    return halfBitsToFloat(h);
  }
  case DType::BF16: {
    uint16_t half;
    std::memcpy(&half, src, 2);
    uint32_t bits = static_cast<uint32_t>(half) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  }
  return 0;
}
} // namespace

LogicalResult CPUExecutable::runOnFloats(
    StringRef name, ArrayRef<TensorType> inputTypes,
    ArrayRef<TensorType> resultTypes, ArrayRef<std::vector<double>> inputs,
    std::vector<std::vector<double>> &results, std::string *why) {
  std::vector<std::vector<char>> storage;
  for (auto [type, data] : llvm::zip(inputTypes, inputs)) {
    int64_t size = dtypeBytes(type.dtype);
    std::vector<char> bytes(data.size() * size);
    for (size_t i = 0; i < data.size(); ++i)
      storeElement(data[i], type.dtype, bytes.data() + i * size);
    storage.push_back(std::move(bytes));
  }
  for (const TensorType &type : resultTypes)
    storage.emplace_back(type.numElements() * dtypeBytes(type.dtype));
  SmallVector<void *> buffers;
  for (std::vector<char> &b : storage)
    buffers.push_back(b.data());
  if (failed(run(name, buffers, why)))
    return failure();
  results.clear();
  for (auto [j, type] : llvm::enumerate(resultTypes)) {
    const std::vector<char> &bytes = storage[inputTypes.size() + j];
    int64_t size = dtypeBytes(type.dtype);
    std::vector<double> out(type.numElements());
    for (size_t i = 0; i < out.size(); ++i)
      out[i] = loadElement(type.dtype, bytes.data() + i * size);
    results.push_back(std::move(out));
  }
  return success();
}

} // namespace tsopt
