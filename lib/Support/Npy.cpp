//===- Npy.cpp - Reading and writing numpy .npy files --------------------===//

#include "tsopt/Support/Npy.h"
#include "tsopt/Runtime/NpyIO.h"
#include "tsopt/Support/Half.h"

#include <cstring>

using namespace tsopt;
using llvm::failure;
using llvm::StringRef;
using llvm::success;

static llvm::LogicalResult fail(std::string *why, const std::string &msg) {
  if (why)
    *why = msg;
  return failure();
}

StringRef tsopt::npyDescrFor(DType dtype) {
  return dtype == DType::F16 ? "<f2" : "<f4";
}

llvm::FailureOr<NpyArray> tsopt::readNpy(StringRef path, std::string *why) {
  // One reader of .npy files, the runtime's (fuzzed, docs/fuzzing.md): it
  // checks the header, the shape's byte count and the payload's size.
  std::string error;
  std::optional<runtime::NpyData> npy =
      runtime::readNpyFile(path.str(), &error);
  if (!npy)
    return fail(why, error);
  NpyArray array;
  array.descr = npy->descr;
  array.shape.assign(npy->shape.begin(), npy->shape.end());
  // "<f2", "<u2" (bfloat16 bits) or "<f4", the payload's size checked.
  const char *p = npy->bytes.data();
  size_t width = array.descr == "<f4" ? 4 : 2;
  size_t n = npy->bytes.size() / width;
  array.data.resize(n);
  for (size_t i = 0; i < n; ++i) {
    if (width == 4) {
      std::memcpy(&array.data[i], p + 4 * i, 4);
      continue;
    }
    uint16_t bits;
    std::memcpy(&bits, p + 2 * i, 2);
    array.data[i] = array.descr == "<f2" ? halfBitsToFloat(bits)
                                         : runtime::bf16BitsToFloat(bits);
  }
  return array;
}

llvm::LogicalResult tsopt::writeNpy(StringRef path,
                                    llvm::ArrayRef<int64_t> shape,
                                    llvm::ArrayRef<float> data,
                                    std::string *why) {
  std::string error;
  if (!runtime::writeNpyFile(path.str(), "<f4",
                             std::vector<int64_t>(shape.begin(), shape.end()),
                             data.data(), data.size() * sizeof(float), &error))
    return fail(why, error);
  return success();
}
