//===- Manifest.h - The launch manifest of a PTX module ---------*- C++ -*-===//
//
// The in-memory form of the JSON launch manifest that tsopt-translate writes
// next to its PTX (docs/launch-manifest.md): for each function, the device
// buffers to allocate and the kernels to launch in order. Parsing validates
// the whole document and names the offending field on error. This header and
// its library depend on the C++ standard library only.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_RUNTIME_MANIFEST_H
#define TSOPT_RUNTIME_MANIFEST_H

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tsopt {
namespace runtime {

/// The `format` string of a launch manifest.
inline constexpr const char *kManifestFormat = "tsopt-launch-manifest";
/// The manifest version this reader understands.
inline constexpr int64_t kManifestVersion = 1;

/// Element type of a device buffer.
enum class DType { F16, BF16, F32 };

/// Bytes of one element of `dtype` (2 or 4).
size_t elementSize(DType dtype);
/// The manifest spelling of `dtype`: "f16", "bf16" or "f32".
const char *dtypeName(DType dtype);

/// What a buffer holds: a function argument, a function result, or a value
/// passed between kernels of the function.
enum class BufferRole { Input, Output, Temporary };

/// The manifest spelling of `role`: "input", "output" or "temporary".
const char *roleName(BufferRole role);

/// One device tensor of a function, row-major and contiguous.
struct BufferSpec {
  std::string name;
  BufferRole role = BufferRole::Input;
  std::vector<int64_t> shape;
  DType dtype = DType::F32;
  /// Product of `shape` times the element size (checked by the parser).
  uint64_t bytes = 0;

  /// Product of `shape` (1 for a 0-d tensor).
  uint64_t numElements() const;
};

/// A TMA descriptor (CUtensorMap) a kernel takes: buffer `buffer` read as
/// a row-major tensor of `shape` and `dtype`, copied in boxes of `box`
/// elements, written to shared memory in the swizzle mode of `swizzle`
/// bytes (0, 32, 64 or 128).
struct TensorMapSpec {
  size_t buffer = 0;
  std::vector<int64_t> shape;
  DType dtype = DType::F16;
  std::vector<int64_t> box;
  int64_t swizzle = 0;
};

/// One kernel launch. Parameter j of the kernel is the device address of
/// buffer `args[j]` of the enclosing function; after them, one parameter
/// per tensor map: the device address of its encoded descriptor.
struct KernelSpec {
  std::string name;
  std::array<uint32_t, 3> grid = {1, 1, 1};
  std::array<uint32_t, 3> block = {1, 1, 1};
  /// Dynamic shared memory passed at launch.
  uint32_t sharedMemoryBytes = 0;
  std::vector<size_t> args;
  std::vector<TensorMapSpec> tensorMaps;
};

/// One function: its buffers (inputs, then outputs, then temporaries) and
/// the kernels to launch in order on one stream.
struct FunctionSpec {
  std::string name;
  std::vector<BufferSpec> buffers;
  std::vector<KernelSpec> kernels;

  size_t numInputs() const;
  size_t numOutputs() const;
  size_t numTemporaries() const;
  /// Buffer index of input `i` (i itself: inputs come first).
  size_t inputIndex(size_t i) const { return i; }
  /// Buffer index of output `i`.
  size_t outputIndex(size_t i) const { return numInputs() + i; }
};

/// A whole launch manifest.
struct Manifest {
  int64_t version = kManifestVersion;
  /// The GPU architecture the PTX was generated for, e.g. "sm_90".
  std::string target;
  /// The PTX file as written in the manifest: relative to `directory`.
  std::string ptx;
  /// The directory of the manifest file ("" when parsed from text).
  std::string directory;
  std::vector<FunctionSpec> functions;

  /// The PTX file to load: `ptx` resolved against `directory` (an absolute
  /// `ptx` stays as it is).
  std::string ptxPath() const;
  /// The function named `name`, or null.
  const FunctionSpec *findFunction(const std::string &name) const;
};

/// Parses and validates the JSON text of a launch manifest. On error returns
/// nothing and, when `error` is not null, sets it to a message that names
/// the field, e.g. "functions[0].kernels[1].args[2]: buffer index 7 out of
/// range (5 buffers)".
std::optional<Manifest> parseManifest(const std::string &text,
                                      std::string *error);

/// Reads and parses the manifest file at `path`; sets `directory` to the
/// file's directory. Errors are prefixed with the path.
std::optional<Manifest> loadManifest(const std::string &path,
                                     std::string *error);

/// Formats a shape as "[8, 4096]".
std::string formatShape(const std::vector<int64_t> &shape);

} // namespace runtime
} // namespace tsopt

#endif // TSOPT_RUNTIME_MANIFEST_H
