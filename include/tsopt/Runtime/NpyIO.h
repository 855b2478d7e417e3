//===- NpyIO.h - Minimal .npy files for the GPU runtime ---------*- C++ -*-===//
//
// tsopt-launch exchanges buffers with numpy through .npy files. This reader
// and writer handle exactly what it needs, with no LLVM dependency:
//
//   - format versions 1.0, 2.0 and 3.0 on reading, 1.0 on writing;
//   - C order only (fortran_order False);
//   - little-endian "<f2" (f16), "<f4" (f32) and "<u2" (bf16: numpy has no
//     bfloat16, so bf16 buffers travel as their raw 16-bit patterns; view
//     them with ml_dtypes.bfloat16, or widen with
//     `(a.astype(np.uint32) << 16).view(np.float32)`).
//
// It is the one .npy reader: tsopt-run reads through it too
// (tsopt/Support/Npy.h), so the fuzz target covers both tools.
//
// The payload is kept as raw bytes; the dtype conversions a launcher needs
// (float to f16/bf16 with round-to-nearest-even and back) are here too.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_RUNTIME_NPYIO_H
#define TSOPT_RUNTIME_NPYIO_H

#include "tsopt/Runtime/Manifest.h"
#include "tsopt/Support/Half.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tsopt {
namespace runtime {

/// The contents of a .npy file: its dtype string, shape and raw payload.
struct NpyData {
  std::string descr; ///< numpy dtype string, e.g. "<f2"
  std::vector<int64_t> shape;
  std::vector<char> bytes;
};

/// Reads a C-ordered .npy file with dtype "<f2", "<f4" or "<u2".
std::optional<NpyData> readNpyFile(const std::string &path, std::string *error);

/// Writes `bytes` (the row-major payload) as a .npy file with dtype `descr`
/// and `shape`.
bool writeNpyFile(const std::string &path, const std::string &descr,
                  const std::vector<int64_t> &shape, const void *bytes,
                  size_t size, std::string *error);

/// The .npy dtype string of a buffer dtype: "<f2", "<u2" (bf16) or "<f4".
const char *npyDescrFor(DType dtype);

/// The bytes of a buffer of `spec` from a .npy file: its shape must equal the
/// buffer's; its dtype must be npyDescrFor(spec.dtype), or "<f4", which is
/// rounded to f16/bf16 (round-to-nearest-even).
std::optional<std::vector<char>>
npyToBuffer(const NpyData &npy, const BufferSpec &spec, std::string *error);

/// IEEE binary16 and bfloat16 conversions (round-to-nearest-even; NaN stays
/// NaN, overflow goes to infinity).
using ::tsopt::floatToHalfBits;
using ::tsopt::halfBitsToFloat;
uint16_t floatToBF16Bits(float value);
float bf16BitsToFloat(uint16_t bits);

} // namespace runtime
} // namespace tsopt

#endif // TSOPT_RUNTIME_NPYIO_H
