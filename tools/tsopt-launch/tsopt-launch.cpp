//===- tsopt-launch.cpp - Run tsopt's PTX on a GPU -----------------------===//
//
// Loads a launch manifest and its PTX, runs one function on the GPU on
// inputs from .npy files (or seeded random inputs), writes its outputs as
// <output-dir>/result<i>.npy and, with --repeat, prints the time of each
// kernel and of the whole function. Every error is one line on stderr and
// exit status 2; that includes a machine without a GPU or driver.
//
// No LLVM: the options are parsed by hand.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Runtime/NpyIO.h"
#include "tsopt/Runtime/Runtime.h"
#include "tsopt/Support/SplitMix.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace tsopt::runtime;

namespace {

constexpr int kErrorStatus = 2;

const char *kUsage =
    "usage: tsopt-launch MANIFEST [--function=NAME] [--input=FILE.npy ...]\n"
    "                    [--output-dir=DIR] [--repeat=N] [--seed=N]\n"
    "                    [--device=N]\n"
    "\n"
    "Runs function NAME of the launch manifest MANIFEST (written by\n"
    "tsopt-translate --tsopt-to-ptx) on the GPU.\n"
    "\n"
    "  --function=NAME   function to run (default: the only one)\n"
    "  --input=FILE.npy  one per input, in order; none: seeded random\n"
    "                    inputs, uniform in [-1, 1)\n"
    "  --output-dir=DIR  where to write result<i>.npy (default: .)\n"
    "  --repeat=N        time N more launches with CUDA events and print\n"
    "                    the mean time of each kernel and of the function\n"
    "  --seed=N          seed of the random inputs (default: 0)\n"
    "  --device=N        CUDA device ordinal (default: 0)\n"
    "\n"
    ".npy dtypes: <f2 for f16, <f4 for f32, <u2 (raw bits) for bf16; a <f4\n"
    "file is also accepted for f16 and bf16 inputs and rounded to nearest.\n";

int error(const std::string &message) {
  std::fprintf(stderr, "tsopt-launch: error: %s\n", message.c_str());
  return kErrorStatus;
}

struct Options {
  std::string manifest;
  std::string function;
  std::vector<std::string> inputs;
  std::string outputDir = ".";
  unsigned long long repeat = 0;
  unsigned long long seed = 0;
  unsigned long long device = 0;
};

/// Parses a non-negative decimal integer no larger than `max`.
bool parseUnsigned(const std::string &text, unsigned long long max,
                   unsigned long long &out) {
  if (text.empty() || text.size() > 20)
    return false;
  for (char c : text)
    if (c < '0' || c > '9')
      return false;
  errno = 0;
  out = std::strtoull(text.c_str(), nullptr, 10);
  return errno == 0 && out <= max;
}

/// Parses the command line into `options`; returns false with `why` set (or
/// empty for --help).
bool parseOptions(int argc, char **argv, Options &options, std::string &why) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const char *flag, std::string &out) {
      std::string prefix = std::string(flag) + "=";
      if (arg.compare(0, prefix.size(), prefix) != 0)
        return false;
      out = arg.substr(prefix.size());
      return true;
    };
    std::string v;
    if (arg == "-h" || arg == "--help") {
      why.clear();
      return false;
    }
    if (value("--function", v)) {
      options.function = v;
    } else if (value("--input", v)) {
      if (v.empty()) {
        why = "--input needs a file name";
        return false;
      }
      options.inputs.push_back(v);
    } else if (value("--output-dir", v)) {
      if (v.empty()) {
        why = "--output-dir needs a directory";
        return false;
      }
      options.outputDir = v;
    } else if (value("--repeat", v)) {
      if (!parseUnsigned(v, 1000000, options.repeat)) {
        why = "--repeat expects a count up to 1000000, got '" + v + "'";
        return false;
      }
    } else if (value("--seed", v)) {
      if (!parseUnsigned(v, UINT64_MAX, options.seed)) {
        why = "--seed expects a non-negative integer, got '" + v + "'";
        return false;
      }
    } else if (value("--device", v)) {
      if (!parseUnsigned(v, 1024, options.device)) {
        why = "--device expects a device ordinal, got '" + v + "'";
        return false;
      }
    } else if (arg.size() > 1 && arg[0] == '-') {
      why = "unknown option '" + arg + "' (see --help)";
      return false;
    } else if (options.manifest.empty()) {
      options.manifest = arg;
    } else {
      why = "more than one manifest given: '" + options.manifest + "' and '" +
            arg + "'";
      return false;
    }
  }
  if (options.manifest.empty()) {
    why = "no manifest given (see --help)";
    return false;
  }
  return true;
}

/// splitmix64 (tsopt/Support/SplitMix.h): a small, portable generator, so
/// that a seed gives the same inputs everywhere.
struct Random : tsopt::SplitMix64 {
  /// Uniform in [-1, 1), a multiple of 2^-23.
  float uniform() {
    return static_cast<float>(static_cast<int64_t>(next() >> 40) -
                              (int64_t(1) << 23)) /
           static_cast<float>(1 << 23);
  }
};

std::vector<char> randomBuffer(const BufferSpec &spec, Random &random) {
  uint64_t n = spec.numElements();
  std::vector<char> bytes(spec.bytes);
  for (uint64_t i = 0; i < n; ++i) {
    float x = random.uniform();
    if (spec.dtype == DType::F32) {
      std::memcpy(bytes.data() + 4 * i, &x, 4);
    } else {
      uint16_t h =
          spec.dtype == DType::F16 ? floatToHalfBits(x) : floatToBF16Bits(x);
      std::memcpy(bytes.data() + 2 * i, &h, 2);
    }
  }
  return bytes;
}

std::string describe(const BufferSpec &b) {
  return std::string(dtypeName(b.dtype)) + " " + formatShape(b.shape);
}

bool ensureDirectory(const std::string &dir, std::string &why) {
  struct stat st;
  if (::stat(dir.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode))
      return true;
    why = "--output-dir '" + dir + "' is not a directory";
    return false;
  }
  if (::mkdir(dir.c_str(), 0777) != 0) {
    why = "cannot create '" + dir + "': " + std::strerror(errno);
    return false;
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  Options options;
  std::string why;
  if (!parseOptions(argc, argv, options, why)) {
    if (why.empty()) {
      std::fputs(kUsage, stdout);
      return 0;
    }
    return error(why);
  }

  std::optional<Manifest> manifest = loadManifest(options.manifest, &why);
  if (!manifest)
    return error(why);
  if (options.function.empty()) {
    if (manifest->functions.size() != 1) {
      std::string names;
      for (const FunctionSpec &f : manifest->functions)
        names += " " + f.name;
      return error("choose a function with --function; the manifest has:" +
                   (names.empty() ? std::string(" none") : names));
    }
    options.function = manifest->functions.front().name;
  }
  const FunctionSpec *fn = manifest->findFunction(options.function);
  if (!fn) {
    std::string names;
    for (const FunctionSpec &f : manifest->functions)
      names += " " + f.name;
    return error("no function '" + options.function +
                 "' in the manifest; it has:" +
                 (names.empty() ? std::string(" none") : names));
  }

  // Inputs, checked against the manifest before touching the GPU.
  size_t numInputs = fn->numInputs();
  size_t numOutputs = fn->numOutputs();
  if (!options.inputs.empty() && options.inputs.size() != numInputs)
    return error("function '" + fn->name + "' takes " +
                 std::to_string(numInputs) + " inputs, " +
                 std::to_string(options.inputs.size()) +
                 " --input files given");
  std::vector<std::vector<char>> inputs;
  Random random{{options.seed}};
  for (size_t i = 0; i < numInputs; ++i) {
    const BufferSpec &spec = fn->buffers[fn->inputIndex(i)];
    if (options.inputs.empty()) {
      inputs.push_back(randomBuffer(spec, random));
      std::printf("input %zu '%s': %s, random (seed %llu)\n", i,
                  spec.name.c_str(), describe(spec).c_str(), options.seed);
      continue;
    }
    const std::string &path = options.inputs[i];
    std::optional<NpyData> npy = readNpyFile(path, &why);
    if (!npy)
      return error(why);
    std::optional<std::vector<char>> bytes = npyToBuffer(*npy, spec, &why);
    if (!bytes)
      return error("input " + std::to_string(i) + " '" + spec.name +
                   "' from '" + path + "': " + why);
    inputs.push_back(std::move(*bytes));
    std::printf("input %zu '%s': %s, from %s\n", i, spec.name.c_str(),
                describe(spec).c_str(), path.c_str());
  }
  if (!ensureDirectory(options.outputDir, why))
    return error(why);

  std::unique_ptr<Device> device =
      Device::open(&why, static_cast<int>(options.device));
  if (!device)
    return error(why);
  std::printf("device %d: %s (sm_%d)\n", device->ordinal(),
              device->name().c_str(), device->computeCapability());
  std::unique_ptr<Program> program = Program::load(*device, *manifest, &why);
  if (!program)
    return error(why);

  std::vector<ConstHostBuffer> inputViews;
  for (const std::vector<char> &in : inputs)
    inputViews.push_back({in.data(), in.size()});
  std::vector<std::vector<char>> outputs;
  std::vector<HostBuffer> outputViews;
  for (size_t i = 0; i < numOutputs; ++i)
    outputs.emplace_back(fn->buffers[fn->outputIndex(i)].bytes);
  for (std::vector<char> &out : outputs)
    outputViews.push_back({out.data(), out.size()});
  Timing timing;
  if (!program->run(fn->name, inputViews, outputViews, &why,
                    static_cast<unsigned>(options.repeat), &timing))
    return error(why);

  for (size_t i = 0; i < numOutputs; ++i) {
    const BufferSpec &spec = fn->buffers[fn->outputIndex(i)];
    std::string path = options.outputDir;
    if (path.back() != '/')
      path += '/';
    path += "result" + std::to_string(i) + ".npy";
    if (!writeNpyFile(path, npyDescrFor(spec.dtype), spec.shape,
                      outputs[i].data(), outputs[i].size(), &why))
      return error(why);
    std::printf("output %zu '%s': %s, written to %s\n", i, spec.name.c_str(),
                describe(spec).c_str(), path.c_str());
  }

  if (options.repeat > 0) {
    std::printf("time over %u launches (mean):\n", timing.repeat);
    size_t width = 8;
    for (const KernelSpec &k : fn->kernels)
      width = std::max(width, k.name.size());
    for (size_t k = 0; k < fn->kernels.size(); ++k)
      std::printf("  kernel %zu  %-*s %10.4f ms\n", k, static_cast<int>(width),
                  fn->kernels[k].name.c_str(), timing.kernelMs[k]);
    std::printf("  total     %-*s %10.4f ms (min %.4f ms)\n",
                static_cast<int>(width), "", timing.totalMs,
                fn->kernels.empty() ? 0.0 : timing.minTotalMs);
  }
  return 0;
}
