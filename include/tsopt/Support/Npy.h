//===- Npy.h - Reading and writing numpy .npy files -------------*- C++ -*-===//
//
// tsopt-run exchanges tensors with numpy through .npy files (format 1.0 to
// 3.0, little-endian float16, float32 or bfloat16 bits, C order), read by
// the runtime's reader (tsopt/Runtime/NpyIO.h) and widened to float.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_SUPPORT_NPY_H
#define TSOPT_SUPPORT_NPY_H

#include "tsopt/Core/Graph.h"
#include "tsopt/Core/Precision.h" // roundToDType, for callers

#include "llvm/Support/LogicalResult.h"

#include <string>
#include <vector>

namespace tsopt {

/// A numpy array read from disk, widened to float.
struct NpyArray {
  Shape shape;
  std::string descr; ///< numpy dtype string, e.g. "<f4"
  std::vector<float> data;
};

/// Reads a C-ordered little-endian float16, float32 or bfloat16-bits
/// ("<u2") array.
llvm::FailureOr<NpyArray> readNpy(llvm::StringRef path, std::string *why);

/// Writes `data` with `shape` as float32 (numpy has no bfloat16, and f16
/// outputs are computed in float anyway).
llvm::LogicalResult writeNpy(llvm::StringRef path,
                             llvm::ArrayRef<int64_t> shape,
                             llvm::ArrayRef<float> data, std::string *why);

/// The numpy dtype string matching a storage type ("<f2", "<f4"); bf16 has
/// none and is exchanged as "<f4".
llvm::StringRef npyDescrFor(DType dtype);

} // namespace tsopt

#endif // TSOPT_SUPPORT_NPY_H
