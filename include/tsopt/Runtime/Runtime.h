//===- Runtime.h - Loading PTX and launching kernels on a GPU ---*- C++ -*-===//
//
// A small runtime that runs tsopt's PTX per its launch manifest through the
// CUDA driver API. The driver (libcuda.so.1) is loaded at run time with
// dlopen, so this library builds, links and runs on machines without CUDA:
// there Device::open fails with a message saying so. No LLVM or MLIR.
//
// Typical use:
//
//   std::string error;
//   std::optional<Manifest> m = loadManifest("prog.json", &error);
//   std::unique_ptr<Device> device = Device::open(&error);
//   std::unique_ptr<Program> program = Program::load(*device, *m, &error);
//   program->run("f", {{x, xBytes}, {w, wBytes}}, {{y, yBytes}}, &error);
//
// Every call reports failure through its `error` argument (may be null) and
// its return value; none throws or aborts.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_RUNTIME_RUNTIME_H
#define TSOPT_RUNTIME_RUNTIME_H

#include "tsopt/Runtime/Manifest.h"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace tsopt {
namespace runtime {

struct Driver;

/// One GPU, with its primary context retained while the Device lives.
class Device {
public:
  /// Loads the CUDA driver (libcuda.so.1, then libcuda.so), initializes it
  /// and opens device `ordinal`. Returns null with a message in `error` when
  /// there is no driver ("no CUDA driver: libcuda.so.1 not found (this
  /// machine has no NVIDIA driver)"), no device ("cuInit failed:
  /// CUDA_ERROR_NO_DEVICE (...)") or no device `ordinal`.
  static std::unique_ptr<Device> open(std::string *error, int ordinal = 0);

  ~Device();
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  /// The device's name, e.g. "NVIDIA H100 80GB HBM3".
  const std::string &name() const { return deviceName; }
  int ordinal() const { return deviceOrdinal; }
  /// Compute capability as major * 10 + minor, e.g. 90 for sm_90.
  int computeCapability() const { return capability; }
  /// The most dynamic shared memory one block may opt in to, in bytes.
  int maxSharedMemoryPerBlockOptin() const { return sharedOptin; }

  /// Makes the device's context current on the calling thread.
  bool makeCurrent(std::string *error) const;

private:
  friend class Program;
  Device() = default;

  const Driver *driver = nullptr;
  int device = 0;
  void *context = nullptr;
  std::string deviceName;
  int deviceOrdinal = 0;
  int capability = 0;
  int sharedOptin = 0;
};

/// Host memory handed to Program::run: read for inputs.
struct ConstHostBuffer {
  const void *data = nullptr;
  size_t bytes = 0;
};

/// Host memory handed to Program::run: written for outputs.
struct HostBuffer {
  void *data = nullptr;
  size_t bytes = 0;
};

/// Times measured with CUDA events over repeated launches of a function.
struct Timing {
  /// Number of timed launches of the whole function.
  unsigned repeat = 0;
  /// Mean milliseconds of each kernel, in manifest order.
  std::vector<double> kernelMs;
  /// Mean and minimum milliseconds of the whole function (first kernel
  /// start to last kernel end).
  double totalMs = 0;
  double minTotalMs = 0;
};

/// The PTX module of a manifest loaded on a device, every kernel resolved.
/// The Device must outlive the Program.
class Program {
public:
  /// Reads the PTX file of `manifest` (Manifest::ptxPath()) and loads it.
  static std::unique_ptr<Program> load(Device &device, Manifest manifest,
                                       std::string *error);
  /// Loads PTX given as text.
  static std::unique_ptr<Program> loadPtx(Device &device, Manifest manifest,
                                          const std::string &ptx,
                                          std::string *error);

  ~Program();
  Program(const Program &) = delete;
  Program &operator=(const Program &) = delete;

  const Manifest &manifest() const { return spec; }

  /// Runs function `function`: allocates its buffers, copies `inputs` (one
  /// per input buffer, of exactly its size) to the device, zeroes the
  /// outputs, launches the kernels in order, waits, and copies the outputs
  /// into `outputs` (one per output buffer, of exactly its size). With
  /// `repeat` > 0 it then launches the whole function `repeat` more times,
  /// timing each kernel with events, and fills `timing` (may be null). The
  /// buffers are freed on return. After a failed kernel the CUDA context is
  /// usually unusable; later runs report that error again.
  bool run(const std::string &function,
           const std::vector<ConstHostBuffer> &inputs,
           const std::vector<HostBuffer> &outputs, std::string *error,
           unsigned repeat = 0, Timing *timing = nullptr);

private:
  Program(Device &device, Manifest manifest)
      : device(device), spec(std::move(manifest)) {}

  Device &device;
  Manifest spec;
  void *module = nullptr;
  /// The driver handle of kernels[f][k] of each function f of the manifest.
  std::vector<std::vector<void *>> kernels;
};

} // namespace runtime
} // namespace tsopt

#endif // TSOPT_RUNTIME_RUNTIME_H
