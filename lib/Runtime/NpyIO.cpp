//===- NpyIO.cpp - Minimal .npy files for the GPU runtime -----------------===//

#include "tsopt/Runtime/NpyIO.h"
#include "tsopt/Runtime/ReadFile.h"

#include <cerrno>
#include <cstring>
#include <fstream>

using namespace tsopt::runtime;

static bool fail(std::string *error, const std::string &message) {
  if (error)
    *error = message;
  return false;
}

//===----------------------------------------------------------------------===//
// Float conversions
//===----------------------------------------------------------------------===//

uint16_t tsopt::runtime::floatToBF16Bits(float value) {
  uint32_t x;
  std::memcpy(&x, &value, 4);
  if ((x & 0x7f800000u) == 0x7f800000u && (x & 0x7fffffu))
    return static_cast<uint16_t>((x >> 16) | 0x40u); // quiet NaN
  x += 0x7fffu + ((x >> 16) & 1u);
  return static_cast<uint16_t>(x >> 16);
}

float tsopt::runtime::bf16BitsToFloat(uint16_t bits) {
  uint32_t x = static_cast<uint32_t>(bits) << 16;
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

//===----------------------------------------------------------------------===//
// .npy files
//===----------------------------------------------------------------------===//

const char *tsopt::runtime::npyDescrFor(DType dtype) {
  switch (dtype) {
  case DType::F16:
    return "<f2";
  case DType::BF16:
    return "<u2";
  case DType::F32:
    return "<f4";
  }
  return "?";
}

/// The text after `'key':` in a numpy header dict, or npos.
static size_t headerValue(const std::string &header, const char *key) {
  std::string quoted = std::string("'") + key + "'";
  size_t at = header.find(quoted);
  if (at == std::string::npos)
    return at;
  at = header.find(':', at + quoted.size());
  if (at == std::string::npos)
    return at;
  at = header.find_first_not_of(' ', at + 1);
  return at;
}

static bool parseShape(const std::string &text, std::vector<int64_t> &shape) {
  // text is the inside of a tuple: "8, 4096" or "8," or "".
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == ','))
      ++i;
    if (i == text.size())
      break;
    if (text[i] < '0' || text[i] > '9')
      return false;
    int64_t d = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      if (d > (INT64_MAX - 9) / 10)
        return false;
      d = d * 10 + (text[i++] - '0');
    }
    shape.push_back(d);
  }
  return true;
}

std::optional<NpyData> tsopt::runtime::readNpyFile(const std::string &path,
                                                   std::string *error) {
  std::vector<char> file;
  if (!readFileBytes(path, file, error))
    return std::nullopt;
  if (file.size() < 10 || std::memcmp(file.data(), "\x93NUMPY", 6) != 0) {
    fail(error, "'" + path + "' is not a .npy file");
    return std::nullopt;
  }
  auto byteAt = [&](size_t i) {
    return static_cast<uint32_t>(static_cast<unsigned char>(file[i]));
  };
  uint32_t major = byteAt(6);
  size_t headerStart, headerLen;
  if (major == 1) {
    headerStart = 10;
    headerLen = byteAt(8) | (byteAt(9) << 8);
  } else if ((major == 2 || major == 3) && file.size() >= 12) {
    headerStart = 12;
    headerLen =
        byteAt(8) | (byteAt(9) << 8) | (byteAt(10) << 16) | (byteAt(11) << 24);
  } else {
    fail(error, "'" + path + "' has an unsupported .npy version " +
                    std::to_string(major));
    return std::nullopt;
  }
  if (file.size() < headerStart + headerLen) {
    fail(error, "'" + path + "' has a truncated header");
    return std::nullopt;
  }
  std::string header(file.data() + headerStart, headerLen);
  NpyData npy;
  size_t descr = headerValue(header, "descr");
  size_t order = headerValue(header, "fortran_order");
  size_t shape = headerValue(header, "shape");
  if (descr == std::string::npos || order == std::string::npos ||
      shape == std::string::npos || header[descr] != '\'' ||
      header[shape] != '(') {
    fail(error, "'" + path + "' has a malformed header");
    return std::nullopt;
  }
  size_t descrEnd = header.find('\'', descr + 1);
  size_t shapeEnd = header.find(')', shape);
  if (descrEnd == std::string::npos || shapeEnd == std::string::npos ||
      !parseShape(header.substr(shape + 1, shapeEnd - shape - 1), npy.shape)) {
    fail(error, "'" + path + "' has a malformed header");
    return std::nullopt;
  }
  npy.descr = header.substr(descr + 1, descrEnd - descr - 1);
  if (header.compare(order, 5, "False") != 0) {
    fail(error, "'" + path + "' is Fortran-ordered; save it in C order");
    return std::nullopt;
  }
  size_t width = npy.descr == "<f4"                           ? 4
                 : (npy.descr == "<f2" || npy.descr == "<u2") ? 2
                                                              : 0;
  if (!width) {
    fail(error, "'" + path + "' has dtype '" + npy.descr +
                    "'; expected '<f2' (float16), '<f4' (float32) or '<u2' "
                    "(bfloat16 bits)");
    return std::nullopt;
  }
  uint64_t elements = 1;
  for (int64_t d : npy.shape) {
    if (d != 0 && elements > UINT64_MAX / 8 / static_cast<uint64_t>(d)) {
      fail(error, "'" + path + "' has a shape too large");
      return std::nullopt;
    }
    elements *= static_cast<uint64_t>(d);
  }
  size_t payload = file.size() - headerStart - headerLen;
  if (payload != elements * width) {
    fail(error, "'" + path + "' holds " + std::to_string(payload) +
                    " data bytes, its header says " +
                    std::to_string(elements * width));
    return std::nullopt;
  }
  npy.bytes.assign(file.begin() + headerStart + headerLen, file.end());
  return npy;
}

bool tsopt::runtime::writeNpyFile(const std::string &path,
                                  const std::string &descr,
                                  const std::vector<int64_t> &shape,
                                  const void *bytes, size_t size,
                                  std::string *error) {
  std::string dims;
  for (size_t i = 0; i < shape.size(); ++i)
    dims += (i ? ", " : "") + std::to_string(shape[i]);
  if (shape.size() == 1)
    dims += ","; // a 1-tuple
  std::string header = "{'descr': '" + descr +
                       "', 'fortran_order': False, 'shape': (" + dims + "), }";
  // magic (6) + version (2) + length (2) + header + '\n' is padded to a
  // multiple of 64 bytes.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  if (header.size() > 0xffff)
    return fail(error, "'" + path + "': shape too long for a .npy header");
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out)
    return fail(error, "cannot write '" + path + "': " + std::strerror(errno));
  char prefix[10] = {'\x93',
                     'N',
                     'U',
                     'M',
                     'P',
                     'Y',
                     1,
                     0,
                     static_cast<char>(header.size() & 0xff),
                     static_cast<char>(header.size() >> 8)};
  out.write(prefix, sizeof(prefix));
  out.write(header.data(), header.size());
  out.write(static_cast<const char *>(bytes), size);
  out.close();
  if (!out)
    return fail(error, "cannot write '" + path + "'");
  return true;
}

std::optional<std::vector<char>>
tsopt::runtime::npyToBuffer(const NpyData &npy, const BufferSpec &spec,
                            std::string *error) {
  if (npy.shape != spec.shape) {
    fail(error, "shape " + formatShape(npy.shape) + " does not match " +
                    formatShape(spec.shape));
    return std::nullopt;
  }
  const char *descr = npyDescrFor(spec.dtype);
  if (npy.descr == descr)
    return npy.bytes;
  if (npy.descr != "<f4") {
    fail(error, "dtype '" + npy.descr + "' does not fit a " +
                    dtypeName(spec.dtype) + " buffer (expected '" + descr +
                    "' or '<f4')");
    return std::nullopt;
  }
  size_t n = npy.bytes.size() / 4;
  std::vector<char> out(n * 2);
  for (size_t i = 0; i < n; ++i) {
    float f;
    std::memcpy(&f, npy.bytes.data() + 4 * i, 4);
    uint16_t h =
        spec.dtype == DType::F16 ? floatToHalfBits(f) : floatToBF16Bits(f);
    std::memcpy(out.data() + 2 * i, &h, 2);
  }
  return out;
}
