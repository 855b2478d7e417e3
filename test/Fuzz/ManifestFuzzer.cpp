//===- ManifestFuzzer.cpp - libFuzzer target: the launch-manifest reader --===//
//
// Any bytes through parseManifest: a manifest either parses into a
// consistent structure or is refused with a message, never a crash, an
// out-of-bounds read or undefined behaviour (built with ASan and UBSan by
// utils/fuzz.sh).
//
//===----------------------------------------------------------------------===//

#include "tsopt/Runtime/Manifest.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace tsopt::runtime;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  std::string error;
  std::optional<Manifest> m = parseManifest(text, &error);
  if (!m) {
    if (error.empty())
      abort(); // a refusal must say why
    return 0;
  }
  // What the runtime reads of a parsed manifest must be consistent.
  for (const FunctionSpec &f : m->functions) {
    for (const BufferSpec &b : f.buffers) {
      if (b.bytes != b.numElements() * elementSize(b.dtype))
        abort();
      (void)formatShape(b.shape);
      (void)dtypeName(b.dtype);
      (void)roleName(b.role);
    }
    if (m->findFunction(f.name) == nullptr)
      abort();
  }
  return 0;
}
