//===- CudaRuntime.cpp - The CUDA driver API, loaded at run time ----------===//
//
// The driver library is opened with dlopen and the few entry points the
// runtime uses are resolved by name, so nothing here needs cuda.h or links
// against libcuda: the types and enum values below are the driver API's own,
// declared by hand.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Runtime/Runtime.h"
#include "tsopt/Runtime/ReadFile.h"

#include <dlfcn.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <map>

using namespace tsopt::runtime;

//===----------------------------------------------------------------------===//
// The driver API
//===----------------------------------------------------------------------===//

namespace {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctxOpaque *;
using CUmodule = struct CUmodOpaque *;
using CUfunction = struct CUfuncOpaque *;
using CUstream = struct CUstreamOpaque *;
using CUevent = struct CUeventOpaque *;
using CUjitOption = int;

constexpr CUresult kCudaSuccess = 0;
// CUdevice_attribute
constexpr int kAttrComputeCapabilityMajor = 75;
constexpr int kAttrComputeCapabilityMinor = 76;
constexpr int kAttrMaxSharedMemoryPerBlockOptin = 97;
// CUfunction_attribute
constexpr int kFuncAttrMaxDynamicSharedSizeBytes = 8;
// CUjit_option
constexpr CUjitOption kJitErrorLogBuffer = 5;
constexpr CUjitOption kJitErrorLogBufferSizeBytes = 6;
// Dynamic shared memory a kernel may use without opting in.
constexpr uint32_t kDefaultSharedMemoryLimit = 48 * 1024;

} // namespace

/// The resolved entry points of the driver library.
struct tsopt::runtime::Driver {
  void *library = nullptr;
  std::string libraryName;

  CUresult (*init)(unsigned) = nullptr;
  CUresult (*deviceGetCount)(int *) = nullptr;
  CUresult (*deviceGet)(CUdevice *, int) = nullptr;
  CUresult (*deviceGetName)(char *, int, CUdevice) = nullptr;
  CUresult (*deviceGetAttribute)(int *, int, CUdevice) = nullptr;
  CUresult (*primaryCtxRetain)(CUcontext *, CUdevice) = nullptr;
  CUresult (*primaryCtxRelease)(CUdevice) = nullptr;
  CUresult (*ctxSetCurrent)(CUcontext) = nullptr;
  CUresult (*ctxSynchronize)() = nullptr;
  CUresult (*moduleLoadDataEx)(CUmodule *, const void *, unsigned,
                               CUjitOption *, void **) = nullptr;
  CUresult (*moduleUnload)(CUmodule) = nullptr;
  CUresult (*moduleGetFunction)(CUfunction *, CUmodule, const char *) = nullptr;
  CUresult (*funcSetAttribute)(CUfunction, int, int) = nullptr;
  CUresult (*memAlloc)(CUdeviceptr *, size_t) = nullptr;
  CUresult (*memFree)(CUdeviceptr) = nullptr;
  CUresult (*memcpyHtoD)(CUdeviceptr, const void *, size_t) = nullptr;
  CUresult (*memcpyDtoH)(void *, CUdeviceptr, size_t) = nullptr;
  CUresult (*memsetD8)(CUdeviceptr, unsigned char, size_t) = nullptr;
  CUresult (*launchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, unsigned, CUstream, void **,
                           void **) = nullptr;
  CUresult (*getErrorName)(CUresult, const char **) = nullptr;
  CUresult (*getErrorString)(CUresult, const char **) = nullptr;
  CUresult (*eventCreate)(CUevent *, unsigned) = nullptr;
  CUresult (*eventRecord)(CUevent, CUstream) = nullptr;
  CUresult (*eventSynchronize)(CUevent) = nullptr;
  CUresult (*eventElapsedTime)(float *, CUevent, CUevent) = nullptr;
  CUresult (*eventDestroy)(CUevent) = nullptr;
  /// Optional (drivers for CUDA 12 and later): only kernels that copy by the
  /// TMA need it.
  CUresult (*tensorMapEncodeTiled)(void *, int, uint32_t, void *,
                                   const uint64_t *, const uint64_t *,
                                   const uint32_t *, const uint32_t *, int, int,
                                   int, int) = nullptr;

  /// "CUDA_ERROR_NO_DEVICE (no CUDA-capable device is detected)".
  std::string describe(CUresult result) const {
    const char *name = nullptr;
    const char *text = nullptr;
    if (getErrorName)
      getErrorName(result, &name);
    if (getErrorString)
      getErrorString(result, &text);
    std::string s = name ? name : "CUDA error " + std::to_string(result);
    if (text)
      s += std::string(" (") + text + ")";
    return s;
  }
};

static bool fail(std::string *error, const std::string &message) {
  if (error)
    *error = message;
  return false;
}

/// Resolves `name` (or, failing that, `fallback`) into `fn`.
template <typename Fn>
static bool resolve(Driver &driver, Fn &fn, const char *name,
                    const char *fallback, std::string &missing) {
  void *symbol = dlsym(driver.library, name);
  if (!symbol && fallback)
    symbol = dlsym(driver.library, fallback);
  if (!symbol) {
    if (!missing.empty())
      missing += ", ";
    missing += name;
    return false;
  }
  fn = reinterpret_cast<Fn>(symbol);
  return true;
}

/// Opens the driver library and resolves its entry points, once per
/// process. The library stays loaded until the process exits (the driver
/// does not support being unloaded while it has state).
static const Driver *loadDriver(std::string *error) {
  static std::string loadError;
  static const Driver *driver = []() -> const Driver * {
    auto d = std::make_unique<Driver>();
    std::string firstError;
    for (const char *name : {"libcuda.so.1", "libcuda.so"}) {
      d->library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
      if (d->library) {
        d->libraryName = name;
        break;
      }
      if (firstError.empty()) {
        const char *why = dlerror();
        firstError = why ? why : "";
      }
    }
    if (!d->library) {
      if (firstError.empty() ||
          firstError.find("No such file") != std::string::npos)
        loadError = "no CUDA driver: libcuda.so.1 not found (this machine "
                    "has no NVIDIA driver)";
      else
        loadError = "no CUDA driver: cannot load libcuda.so.1: " + firstError;
      return nullptr;
    }
    std::string missing;
    resolve(*d, d->init, "cuInit", nullptr, missing);
    resolve(*d, d->deviceGetCount, "cuDeviceGetCount", nullptr, missing);
    resolve(*d, d->deviceGet, "cuDeviceGet", nullptr, missing);
    resolve(*d, d->deviceGetName, "cuDeviceGetName", nullptr, missing);
    resolve(*d, d->deviceGetAttribute, "cuDeviceGetAttribute", nullptr,
            missing);
    resolve(*d, d->primaryCtxRetain, "cuDevicePrimaryCtxRetain", nullptr,
            missing);
    resolve(*d, d->primaryCtxRelease, "cuDevicePrimaryCtxRelease_v2",
            "cuDevicePrimaryCtxRelease", missing);
    resolve(*d, d->ctxSetCurrent, "cuCtxSetCurrent", nullptr, missing);
    resolve(*d, d->ctxSynchronize, "cuCtxSynchronize", nullptr, missing);
    resolve(*d, d->moduleLoadDataEx, "cuModuleLoadDataEx", nullptr, missing);
    resolve(*d, d->moduleUnload, "cuModuleUnload", nullptr, missing);
    resolve(*d, d->moduleGetFunction, "cuModuleGetFunction", nullptr, missing);
    resolve(*d, d->funcSetAttribute, "cuFuncSetAttribute", nullptr, missing);
    resolve(*d, d->memAlloc, "cuMemAlloc_v2", nullptr, missing);
    resolve(*d, d->memFree, "cuMemFree_v2", nullptr, missing);
    resolve(*d, d->memcpyHtoD, "cuMemcpyHtoD_v2", nullptr, missing);
    resolve(*d, d->memcpyDtoH, "cuMemcpyDtoH_v2", nullptr, missing);
    resolve(*d, d->memsetD8, "cuMemsetD8_v2", nullptr, missing);
    resolve(*d, d->launchKernel, "cuLaunchKernel", nullptr, missing);
    resolve(*d, d->getErrorName, "cuGetErrorName", nullptr, missing);
    resolve(*d, d->getErrorString, "cuGetErrorString", nullptr, missing);
    resolve(*d, d->eventCreate, "cuEventCreate", nullptr, missing);
    resolve(*d, d->eventRecord, "cuEventRecord", nullptr, missing);
    resolve(*d, d->eventSynchronize, "cuEventSynchronize", nullptr, missing);
    resolve(*d, d->eventElapsedTime, "cuEventElapsedTime", nullptr, missing);
    resolve(*d, d->eventDestroy, "cuEventDestroy_v2", "cuEventDestroy",
            missing);
    d->tensorMapEncodeTiled =
        reinterpret_cast<decltype(d->tensorMapEncodeTiled)>(
            dlsym(d->library, "cuTensorMapEncodeTiled"));
    if (!missing.empty()) {
      loadError = "the CUDA driver " + d->libraryName +
                  " lacks entry points (driver too old?): " + missing;
      dlclose(d->library);
      return nullptr;
    }
    return d.release();
  }();
  if (!driver)
    fail(error, loadError);
  return driver;
}

//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

std::unique_ptr<Device> Device::open(std::string *error, int ordinal) {
  const Driver *driver = loadDriver(error);
  if (!driver)
    return nullptr;
  CUresult r = driver->init(0);
  if (r != kCudaSuccess) {
    fail(error, "cuInit failed: " + driver->describe(r));
    return nullptr;
  }
  int count = 0;
  r = driver->deviceGetCount(&count);
  if (r != kCudaSuccess) {
    fail(error, "cuDeviceGetCount failed: " + driver->describe(r));
    return nullptr;
  }
  if (ordinal < 0 || ordinal >= count) {
    fail(error, "no CUDA device " + std::to_string(ordinal) +
                    ": the machine has " + std::to_string(count) +
                    (count == 1 ? " device" : " devices"));
    return nullptr;
  }
  std::unique_ptr<Device> device(new Device());
  device->driver = driver;
  device->deviceOrdinal = ordinal;
  CUdevice handle;
  r = driver->deviceGet(&handle, ordinal);
  if (r != kCudaSuccess) {
    fail(error, "cuDeviceGet(" + std::to_string(ordinal) +
                    ") failed: " + driver->describe(r));
    return nullptr;
  }
  device->device = handle;
  char name[256] = {0};
  if (driver->deviceGetName(name, sizeof(name) - 1, handle) == kCudaSuccess)
    device->deviceName = name;
  int major = 0, minor = 0, optin = 0;
  driver->deviceGetAttribute(&major, kAttrComputeCapabilityMajor, handle);
  driver->deviceGetAttribute(&minor, kAttrComputeCapabilityMinor, handle);
  driver->deviceGetAttribute(&optin, kAttrMaxSharedMemoryPerBlockOptin, handle);
  device->capability = major * 10 + minor;
  device->sharedOptin = optin;
  CUcontext context = nullptr;
  r = driver->primaryCtxRetain(&context, handle);
  if (r != kCudaSuccess) {
    fail(error, "cannot create a context on CUDA device " +
                    std::to_string(ordinal) + ": " + driver->describe(r));
    return nullptr;
  }
  device->context = context;
  if (!device->makeCurrent(error))
    return nullptr;
  return device;
}

Device::~Device() {
  if (context)
    driver->primaryCtxRelease(device);
}

bool Device::makeCurrent(std::string *error) const {
  CUresult r = driver->ctxSetCurrent(static_cast<CUcontext>(context));
  if (r != kCudaSuccess)
    return fail(error, "cuCtxSetCurrent failed: " + driver->describe(r));
  return true;
}

//===----------------------------------------------------------------------===//
// Program
//===----------------------------------------------------------------------===//

/// The number of "sm_90", "sm_90a" or "sm_100f" (90, 90, 100), or 0.
static int targetCapability(const std::string &target) {
  if (target.compare(0, 3, "sm_") != 0)
    return 0;
  int value = 0;
  size_t i = 3;
  for (; i < target.size() && target[i] >= '0' && target[i] <= '9'; ++i) {
    if (value > 100000)
      return 0;
    value = value * 10 + (target[i] - '0');
  }
  return i == 3 ? 0 : value;
}

static std::string capabilityName(int capability) {
  return "sm_" + std::to_string(capability);
}

std::unique_ptr<Program> Program::load(Device &device, Manifest manifest,
                                       std::string *error) {
  std::string path = manifest.ptxPath();
  std::vector<char> bytes;
  std::string why;
  if (!readFileBytes(path, bytes, &why)) {
    fail(error, "the PTX: " + why);
    return nullptr;
  }
  return loadPtx(device, std::move(manifest),
                 std::string(bytes.begin(), bytes.end()), error);
}

std::unique_ptr<Program> Program::loadPtx(Device &device, Manifest manifest,
                                          const std::string &ptx,
                                          std::string *error) {
  const Driver &driver = *device.driver;
  std::string source = manifest.ptx.empty() ? "<ptx>" : manifest.ptx;
  int needed = targetCapability(manifest.target);
  if (needed && device.computeCapability() &&
      device.computeCapability() < needed) {
    fail(error, "'" + source + "' targets " + manifest.target +
                    ", but CUDA device " + std::to_string(device.ordinal()) +
                    " '" + device.name() + "' is " +
                    capabilityName(device.computeCapability()));
    return nullptr;
  }
  if (!device.makeCurrent(error))
    return nullptr;
  std::unique_ptr<Program> program(new Program(device, std::move(manifest)));

  std::string log(16384, '\0');
  CUjitOption options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSizeBytes};
  void *values[] = {&log[0], reinterpret_cast<void *>(log.size() - 1)};
  CUmodule module = nullptr;
  CUresult r =
      driver.moduleLoadDataEx(&module, ptx.c_str(), 2, options, values);
  if (r != kCudaSuccess) {
    log.resize(std::strlen(log.c_str()));
    while (!log.empty() && (log.back() == '\n' || log.back() == ' '))
      log.pop_back();
    fail(error, "cannot load '" + source + "': " + driver.describe(r) +
                    (log.empty() ? "" : "\n" + log));
    return nullptr;
  }
  program->module = module;

  // Resolve every kernel, and raise the dynamic shared memory limit of
  // those that need more than the default to the most any launch asks.
  std::map<CUfunction, uint32_t> sharedNeeded;
  const Manifest &spec = program->spec;
  program->kernels.resize(spec.functions.size());
  for (size_t f = 0; f < spec.functions.size(); ++f) {
    const FunctionSpec &fn = spec.functions[f];
    for (size_t k = 0; k < fn.kernels.size(); ++k) {
      const KernelSpec &kernel = fn.kernels[k];
      std::string where = "functions[" + std::to_string(f) + "].kernels[" +
                          std::to_string(k) + "]";
      CUfunction handle = nullptr;
      r = driver.moduleGetFunction(&handle, module, kernel.name.c_str());
      if (r != kCudaSuccess) {
        fail(error, where + ": no kernel '" + kernel.name + "' in '" + source +
                        "': " + driver.describe(r));
        return nullptr;
      }
      program->kernels[f].push_back(handle);
      if (kernel.sharedMemoryBytes <= kDefaultSharedMemoryLimit)
        continue;
      if (device.maxSharedMemoryPerBlockOptin() > 0 &&
          kernel.sharedMemoryBytes >
              static_cast<uint32_t>(device.maxSharedMemoryPerBlockOptin())) {
        fail(error, where + ": kernel '" + kernel.name + "' needs " +
                        std::to_string(kernel.sharedMemoryBytes) +
                        " bytes of shared memory; CUDA device " +
                        std::to_string(device.ordinal()) + " '" +
                        device.name() + "' allows at most " +
                        std::to_string(device.maxSharedMemoryPerBlockOptin()) +
                        " per block");
        return nullptr;
      }
      uint32_t &most = sharedNeeded[handle];
      most = std::max(most, kernel.sharedMemoryBytes);
    }
  }
  for (const auto &[handle, bytes] : sharedNeeded) {
    r = driver.funcSetAttribute(handle, kFuncAttrMaxDynamicSharedSizeBytes,
                                static_cast<int>(bytes));
    if (r != kCudaSuccess) {
      fail(error, "cannot allow " + std::to_string(bytes) +
                      " bytes of dynamic shared memory "
                      "(MAX_DYNAMIC_SHARED_SIZE_BYTES) in '" +
                      source + "': " + driver.describe(r));
      return nullptr;
    }
  }
  return program;
}

Program::~Program() {
  if (!module)
    return;
  if (device.makeCurrent(nullptr))
    device.driver->moduleUnload(static_cast<CUmodule>(module));
}

namespace {

/// The device buffers of one run, freed on destruction.
struct DeviceBuffers {
  explicit DeviceBuffers(const Driver &driver) : driver(driver) {}
  ~DeviceBuffers() {
    for (CUdeviceptr p : pointers)
      if (p)
        driver.memFree(p);
  }
  const Driver &driver;
  std::vector<CUdeviceptr> pointers;
};

/// Encodes the TMA descriptor `map` of the tensor at `address` and copies
/// it to new device memory at `out` (freed by the caller).
static bool encodeTensorMap(const Driver &driver, const TensorMapSpec &map,
                            CUdeviceptr address, CUdeviceptr &out,
                            std::string *error) {
  if (!driver.tensorMapEncodeTiled)
    return fail(error, "the kernel copies by the TMA, and the CUDA driver " +
                           driver.libraryName +
                           " has no cuTensorMapEncodeTiled (CUDA 12 or later)");
  // CUtensorMapDataType: FLOAT16 6, FLOAT32 7, BFLOAT16 9; CUtensorMapSwizzle:
  // NONE 0, 32B 1, 64B 2, 128B 3.
  int dataType = map.dtype == DType::F16 ? 6 : map.dtype == DType::F32 ? 7 : 9;
  int swizzle = map.swizzle == 0    ? 0
                : map.swizzle == 32 ? 1
                : map.swizzle == 64 ? 2
                                    : 3;
  size_t rank = map.shape.size();
  uint64_t dims[5], strides[4];
  uint32_t box[5], elementStrides[5];
  uint64_t stride = elementSize(map.dtype);
  for (size_t d = 0; d < rank; ++d) {
    // Innermost first.
    size_t from = rank - 1 - d;
    dims[d] = static_cast<uint64_t>(map.shape[from]);
    box[d] = static_cast<uint32_t>(map.box[from]);
    elementStrides[d] = 1;
    if (d > 0)
      strides[d - 1] = stride;
    stride *= dims[d];
  }
  alignas(64) unsigned char descriptor[128] = {};
  CUresult r = driver.tensorMapEncodeTiled(
      descriptor, dataType, static_cast<uint32_t>(rank),
      reinterpret_cast<void *>(static_cast<uintptr_t>(address)), dims, strides,
      box, elementStrides, /*interleave=*/0, swizzle, /*l2Promotion=*/2,
      /*oobFill=*/0);
  if (r != kCudaSuccess)
    return fail(error, "cannot encode the TMA descriptor of a " +
                           formatShape(map.shape) + " tensor in boxes of " +
                           formatShape(map.box) + ": " + driver.describe(r));
  r = driver.memAlloc(&out, sizeof(descriptor));
  if (r == kCudaSuccess) {
    r = driver.memcpyHtoD(out, descriptor, sizeof(descriptor));
    if (r != kCudaSuccess) {
      driver.memFree(out);
      out = 0;
    }
  }
  if (r != kCudaSuccess)
    return fail(error, "cannot copy a TMA descriptor to the device: " +
                           driver.describe(r));
  return true;
}

/// Events of a timed run, destroyed on destruction.
struct Events {
  explicit Events(const Driver &driver) : driver(driver) {}
  ~Events() {
    for (CUevent e : events)
      if (e)
        driver.eventDestroy(e);
  }
  const Driver &driver;
  std::vector<CUevent> events;
};

std::string plural(size_t n, const char *word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

} // namespace

bool Program::run(const std::string &function,
                  const std::vector<ConstHostBuffer> &inputs,
                  const std::vector<HostBuffer> &outputs, std::string *error,
                  unsigned repeat, Timing *timing) {
  const Driver &driver = *device.driver;
  size_t f = 0;
  while (f < spec.functions.size() && spec.functions[f].name != function)
    ++f;
  if (f == spec.functions.size()) {
    std::string names;
    for (const FunctionSpec &fn : spec.functions)
      names += (names.empty() ? "" : ", ") + fn.name;
    return fail(error, "no function '" + function + "' in the manifest" +
                           (names.empty() ? " (it has none)"
                                          : " (it has: " + names + ")"));
  }
  const FunctionSpec &fn = spec.functions[f];
  size_t numInputs = fn.numInputs();
  size_t numOutputs = fn.numOutputs();
  if (inputs.size() != numInputs)
    return fail(error, "function '" + fn.name + "' takes " +
                           plural(numInputs, "input") + ", got " +
                           std::to_string(inputs.size()));
  if (outputs.size() != numOutputs)
    return fail(error, "function '" + fn.name + "' has " +
                           plural(numOutputs, "output") + ", got " +
                           std::to_string(outputs.size()) + " output buffers");
  // `what` is "input" or "output", `i` its position, `b` its buffer.
  auto checkSize = [&](const char *what, size_t i, const BufferSpec &b,
                       size_t bytes, const void *data) {
    std::string which = std::string(what) + " " + std::to_string(i) + " ('" +
                        b.name + "') of function '" + fn.name + "'";
    if (bytes != b.bytes)
      return fail(error, which + ": " + std::to_string(bytes) +
                             " bytes given, the manifest says " +
                             std::to_string(b.bytes) + " (" +
                             dtypeName(b.dtype) + " " + formatShape(b.shape) +
                             ")");
    if (bytes && !data)
      return fail(error, which + ": null data pointer");
    return true;
  };
  for (size_t i = 0; i < numInputs; ++i)
    if (!checkSize("input", i, fn.buffers[fn.inputIndex(i)], inputs[i].bytes,
                   inputs[i].data))
      return false;
  for (size_t i = 0; i < numOutputs; ++i)
    if (!checkSize("output", i, fn.buffers[fn.outputIndex(i)], outputs[i].bytes,
                   outputs[i].data))
      return false;

  if (!device.makeCurrent(error))
    return false;
  DeviceBuffers buffers(driver);
  for (size_t b = 0; b < fn.buffers.size(); ++b) {
    const BufferSpec &buffer = fn.buffers[b];
    CUdeviceptr p = 0;
    if (buffer.bytes) {
      CUresult r = driver.memAlloc(&p, buffer.bytes);
      if (r != kCudaSuccess)
        return fail(error, "cannot allocate " + std::to_string(buffer.bytes) +
                               " bytes for buffer '" + buffer.name +
                               "' of function '" + fn.name +
                               "': " + driver.describe(r));
    }
    buffers.pointers.push_back(p);
  }
  for (size_t i = 0; i < numInputs; ++i) {
    const BufferSpec &b = fn.buffers[fn.inputIndex(i)];
    if (!b.bytes)
      continue;
    CUresult r = driver.memcpyHtoD(buffers.pointers[fn.inputIndex(i)],
                                   inputs[i].data, b.bytes);
    if (r != kCudaSuccess)
      return fail(error, "cannot copy input '" + b.name +
                             "' to the device: " + driver.describe(r));
  }
  for (size_t i = 0; i < numOutputs; ++i) {
    const BufferSpec &b = fn.buffers[fn.outputIndex(i)];
    if (!b.bytes)
      continue;
    CUresult r =
        driver.memsetD8(buffers.pointers[fn.outputIndex(i)], 0, b.bytes);
    if (r != kCudaSuccess)
      return fail(error, "cannot clear output '" + b.name +
                             "': " + driver.describe(r));
  }

  // The kernels' TMA descriptors, encoded for the buffers just allocated
  // and copied to device memory (kernels take their addresses).
  std::vector<std::vector<CUdeviceptr>> tensorMaps(fn.kernels.size());
  for (size_t k = 0; k < fn.kernels.size(); ++k)
    for (const TensorMapSpec &map : fn.kernels[k].tensorMaps) {
      CUdeviceptr p = 0;
      if (!encodeTensorMap(driver, map, buffers.pointers[map.buffer], p,
                           error)) {
        if (error)
          *error = "function '" + fn.name + "', kernel " + std::to_string(k) +
                   " '" + fn.kernels[k].name + "': " + *error;
        return false;
      }
      buffers.pointers.push_back(p);
      tensorMaps[k].push_back(p);
    }

  std::vector<CUdeviceptr> args;
  std::vector<void *> params;
  auto launch = [&](size_t k) {
    const KernelSpec &kernel = fn.kernels[k];
    args.clear();
    for (size_t a : kernel.args)
      args.push_back(buffers.pointers[a]);
    for (CUdeviceptr map : tensorMaps[k])
      args.push_back(map);
    params.clear();
    for (CUdeviceptr &a : args)
      params.push_back(&a);
    CUresult r = driver.launchKernel(
        static_cast<CUfunction>(kernels[f][k]), kernel.grid[0], kernel.grid[1],
        kernel.grid[2], kernel.block[0], kernel.block[1], kernel.block[2],
        kernel.sharedMemoryBytes, nullptr,
        params.empty() ? nullptr : params.data(), nullptr);
    if (r != kCudaSuccess)
      return fail(error, "function '" + fn.name + "', kernel " +
                             std::to_string(k) + " '" + kernel.name +
                             "': launch failed: " + driver.describe(r));
    return true;
  };
  auto kernelName = [&](size_t k) {
    return "function '" + fn.name + "', kernel " + std::to_string(k) + " '" +
           fn.kernels[k].name + "'";
  };

  // The checked run waits after each kernel, to name the one that fails.
  for (size_t k = 0; k < fn.kernels.size(); ++k) {
    if (!launch(k))
      return false;
    CUresult r = driver.ctxSynchronize();
    if (r != kCudaSuccess)
      return fail(error, kernelName(k) + " failed: " + driver.describe(r));
  }
  for (size_t i = 0; i < numOutputs; ++i) {
    const BufferSpec &b = fn.buffers[fn.outputIndex(i)];
    if (!b.bytes)
      continue;
    CUresult r = driver.memcpyDtoH(
        outputs[i].data, buffers.pointers[fn.outputIndex(i)], b.bytes);
    if (r != kCudaSuccess)
      return fail(error, "cannot copy output '" + b.name +
                             "' from the device: " + driver.describe(r));
  }
  if (repeat == 0 || fn.kernels.empty()) {
    if (timing) {
      *timing = Timing();
      timing->repeat = repeat;
      timing->kernelMs.assign(fn.kernels.size(), 0.0);
    }
    return true;
  }

  size_t numKernels = fn.kernels.size();
  Events events(driver);
  for (size_t e = 0; e <= numKernels; ++e) {
    CUevent event = nullptr;
    CUresult r = driver.eventCreate(&event, 0);
    if (r != kCudaSuccess)
      return fail(error, "cannot create a CUDA event: " + driver.describe(r));
    events.events.push_back(event);
  }
  Timing result;
  result.repeat = repeat;
  result.kernelMs.assign(numKernels, 0.0);
  result.minTotalMs = std::numeric_limits<double>::infinity();
  double sum = 0;
  for (unsigned i = 0; i < repeat; ++i) {
    CUresult r = driver.eventRecord(events.events[0], nullptr);
    for (size_t k = 0; r == kCudaSuccess && k < numKernels; ++k) {
      if (!launch(k))
        return false;
      r = driver.eventRecord(events.events[k + 1], nullptr);
    }
    if (r == kCudaSuccess)
      r = driver.eventSynchronize(events.events[numKernels]);
    if (r != kCudaSuccess)
      return fail(error, "timed run " + std::to_string(i) + " of function '" +
                             fn.name + "' failed: " + driver.describe(r));
    for (size_t k = 0; k < numKernels; ++k) {
      float ms = 0;
      r = driver.eventElapsedTime(&ms, events.events[k], events.events[k + 1]);
      if (r != kCudaSuccess)
        return fail(error,
                    "cannot time " + kernelName(k) + ": " + driver.describe(r));
      result.kernelMs[k] += ms;
    }
    float total = 0;
    r = driver.eventElapsedTime(&total, events.events[0],
                                events.events[numKernels]);
    if (r != kCudaSuccess)
      return fail(error, "cannot time function '" + fn.name +
                             "': " + driver.describe(r));
    sum += total;
    result.minTotalMs = std::min(result.minTotalMs, static_cast<double>(total));
  }
  for (double &ms : result.kernelMs)
    ms /= repeat;
  result.totalMs = sum / repeat;
  if (timing)
    *timing = std::move(result);
  return true;
}
