//===- SplitMix.h - splitmix64, the one hash and stream of seeds -*- C++
//-*-===//
//
// splitmix64 (Steele, Lea, Flood): its finalizer mixes 64 bits
// bijectively (hash-consing, per-trial seeds), and its generator expands
// one seed into a portable stream (the field's key and ω, tsopt-launch's
// inputs). Header-only and free of LLVM, so the runtime uses it too.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_SUPPORT_SPLITMIX_H
#define TSOPT_SUPPORT_SPLITMIX_H

#include <cstdint>

namespace tsopt {

/// The generator's increment (2^64 / φ).
constexpr uint64_t kSplitMixGamma = 0x9e3779b97f4a7c15ull;

/// splitmix64's finalizer.
constexpr uint64_t splitMix64(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/// The value of stream `stream` of `seed` (independent streams of one seed).
constexpr uint64_t splitMixStream(uint64_t seed, uint64_t stream) {
  return splitMix64(seed + kSplitMixGamma * (stream + 1));
}

/// splitmix64's generator: the same stream for a seed everywhere.
struct SplitMix64 {
  uint64_t state;
  uint64_t next() { return splitMix64(state += kSplitMixGamma); }
};

} // namespace tsopt

#endif // TSOPT_SUPPORT_SPLITMIX_H
