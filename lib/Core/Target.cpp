//===- Target.cpp - GPU target descriptions ------------------------------===//

#include "tsopt/Core/Target.h"

#include "llvm/ADT/StringSwitch.h"

using namespace tsopt;

// Shared memory per block: the opt-in maximum of the CUDA C Programming
// Guide's compute-capability table (8.0: 163 KiB, 9.0: 227 KiB).
static const TargetDesc kSm80 = {"sm_80", "A100", 163 * 1024};
static const TargetDesc kSm90 = {"sm_90", "H100/H200", 227 * 1024};

const TargetDesc *tsopt::lookupTarget(llvm::StringRef name) {
  return llvm::StringSwitch<const TargetDesc *>(name.lower())
      .Cases({"sm_80", "a100"}, &kSm80)
      .Cases({"sm_90", "h100", "h200"}, &kSm90)
      .Default(nullptr);
}

llvm::StringRef tsopt::knownTargetNames() {
  return "sm_80 (a100), sm_90 (h100, h200)";
}

int64_t tsopt::dtypeBytes(DType dtype) { return dtype == DType::F32 ? 4 : 2; }

int64_t tsopt::sharedMemoryUpperBound(const Graph &blockGraph) {
  int64_t bytes = 0;
  for (const Op &op : blockGraph.ops) {
    if (op.kind == OpKind::BlockOutput) // writes device memory
      continue;
    for (int r : op.results)
      bytes += blockGraph.type(r).numElements() *
               dtypeBytes(blockGraph.type(r).dtype);
  }
  return bytes;
}
