//===- NpyFuzzer.cpp - libFuzzer target: the .npy reader of the runtime ---===//
//
// Any bytes as a .npy file through readNpyFile, then, for what parses, into
// an f16, bf16 and f32 buffer of its shape through npyToBuffer: a refusal
// with a message, never a crash, an out-of-bounds access or undefined
// behaviour (built with ASan and UBSan by utils/fuzz.sh). The reader takes
// a path, so each input goes through one temporary file per process.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Runtime/NpyIO.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

using namespace tsopt::runtime;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static const std::string path =
      "/tmp/tsopt-npy-fuzz-" + std::to_string(getpid()) + ".npy";
  FILE *f = fopen(path.c_str(), "wb");
  if (!f)
    return 0;
  fwrite(data, 1, size, f);
  fclose(f);
  std::string error;
  std::optional<NpyData> npy = readNpyFile(path, &error);
  if (!npy) {
    if (error.empty())
      abort(); // a refusal must say why
    return 0;
  }
  for (DType dt : {DType::F16, DType::BF16, DType::F32}) {
    BufferSpec spec;
    spec.shape = npy->shape;
    spec.dtype = dt;
    // The buffer's size as the manifest parser computes it; a shape whose
    // size overflows is refused there, so it is skipped here.
    uint64_t n = 1;
    bool overflow = false;
    for (int64_t d : spec.shape) {
      if (d < 0 || (d != 0 && n > UINT64_MAX / 4 / static_cast<uint64_t>(d)))
        overflow = true;
      else
        n *= static_cast<uint64_t>(d);
    }
    if (overflow)
      continue;
    spec.bytes = n * elementSize(dt);
    std::string why;
    std::optional<std::vector<char>> bytes = npyToBuffer(*npy, spec, &why);
    if (bytes && bytes->size() != spec.bytes)
      abort();
    if (!bytes && why.empty())
      abort();
  }
  return 0;
}
