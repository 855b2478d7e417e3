//===- Npy.cpp - Reading and writing numpy .npy files --------------------===//

#include "tsopt/Support/Npy.h"
#include "tsopt/Support/Half.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace tsopt;
using llvm::failure;
using llvm::StringRef;
using llvm::success;

static llvm::LogicalResult fail(std::string *why, const llvm::Twine &msg) {
  if (why)
    *why = msg.str();
  return failure();
}

float tsopt::roundToDType(float x, DType dtype) {
  switch (dtype) {
  case DType::F32:
    return x;
  case DType::F16:
    return halfBitsToFloat(floatToHalfBits(x));
  case DType::BF16: {
    uint32_t bits;
    std::memcpy(&bits, &x, 4);
    if ((bits & 0x7f800000u) != 0x7f800000u) // finite: round to nearest even
      bits += 0x7fffu + ((bits >> 16) & 1u);
    bits &= 0xffff0000u;
    float y;
    std::memcpy(&y, &bits, 4);
    return y;
  }
  }
  return x;
}

StringRef tsopt::npyDescrFor(DType dtype) {
  return dtype == DType::F16 ? "<f2" : "<f4";
}

/// Extracts the value text of `'key': value` from a numpy header dict.
static std::optional<StringRef> headerField(StringRef header, StringRef key) {
  size_t pos = header.find(("'" + key + "'").str());
  if (pos == StringRef::npos)
    return std::nullopt;
  StringRef rest = header.drop_front(pos).split(':').second.ltrim();
  if (rest.starts_with("(")) // shape tuple
    return rest.take_until([](char c) { return c == ')'; }).drop_front();
  return rest.take_until([](char c) { return c == ',' || c == '}'; }).trim();
}

llvm::FailureOr<NpyArray> tsopt::readNpy(StringRef path, std::string *why) {
  auto buffer = llvm::MemoryBuffer::getFile(path);
  if (!buffer)
    return fail(why,
                "cannot read '" + path + "': " + buffer.getError().message());
  StringRef bytes = (*buffer)->getBuffer();
  if (bytes.size() < 10 || !bytes.starts_with("\x93NUMPY"))
    return fail(why, "'" + path + "' is not a .npy file");
  uint8_t major = bytes[6];
  size_t headerLen, headerStart;
  if (major == 1) {
    headerLen = uint8_t(bytes[8]) | (uint8_t(bytes[9]) << 8);
    headerStart = 10;
  } else if (bytes.size() >= 12) {
    headerLen = uint32_t(uint8_t(bytes[8])) |
                (uint32_t(uint8_t(bytes[9])) << 8) |
                (uint32_t(uint8_t(bytes[10])) << 16) |
                (uint32_t(uint8_t(bytes[11])) << 24);
    headerStart = 12;
  } else {
    return fail(why, "'" + path + "' has a truncated header");
  }
  if (bytes.size() < headerStart + headerLen)
    return fail(why, "'" + path + "' has a truncated header");
  StringRef header = bytes.substr(headerStart, headerLen);
  NpyArray array;
  auto descr = headerField(header, "descr");
  auto order = headerField(header, "fortran_order");
  auto shape = headerField(header, "shape");
  if (!descr || !order || !shape)
    return fail(why, "'" + path + "' has a malformed header");
  array.descr = descr->trim("'\"").str();
  if (*order != "False")
    return fail(why, "'" + path + "' is Fortran-ordered; save it C-ordered");
  llvm::SmallVector<StringRef> dims;
  shape->split(dims, ',', -1, /*KeepEmpty=*/false);
  for (StringRef d : dims) {
    int64_t v;
    if (d.trim().getAsInteger(10, v))
      return fail(why, "'" + path + "' has a malformed shape");
    array.shape.push_back(v);
  }
  size_t width = array.descr == "<f2"   ? 2
                 : array.descr == "<f4" ? 4
                 : array.descr == "<f8" ? 8
                                        : 0;
  if (!width)
    return fail(why, "'" + path + "' has dtype '" + array.descr +
                         "'; tsopt reads float16, float32 and float64 (<f2, "
                         "<f4, <f8)");
  size_t n = numElements(array.shape);
  StringRef payload = bytes.drop_front(headerStart + headerLen);
  if (payload.size() != n * width)
    return fail(why, "'" + path + "' holds " + llvm::Twine(payload.size()) +
                         " data bytes, expected " + llvm::Twine(n * width));
  array.data.resize(n);
  const char *p = payload.data();
  for (size_t i = 0; i < n; ++i) {
    if (width == 2) {
      uint16_t h;
      std::memcpy(&h, p + 2 * i, 2);
      array.data[i] = halfBitsToFloat(h);
    } else if (width == 4) {
      std::memcpy(&array.data[i], p + 4 * i, 4);
    } else {
      double d;
      std::memcpy(&d, p + 8 * i, 8);
      array.data[i] = static_cast<float>(d);
    }
  }
  return array;
}

llvm::LogicalResult tsopt::writeNpy(StringRef path,
                                    llvm::ArrayRef<int64_t> shape,
                                    llvm::ArrayRef<float> data,
                                    std::string *why) {
  std::string dims;
  for (int64_t d : shape)
    dims += std::to_string(d) + ", ";
  if (shape.size() > 1)
    dims.resize(dims.size() - 1); // (2, 3) but (2,)
  else if (shape.size() == 1)
    dims.pop_back();
  std::string header =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (" + dims + "), }";
  // Pad so that magic (6) + version (2) + length (2) + header is a multiple
  // of 64, ending in a newline.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header.push_back('\n');
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return fail(why, "cannot write '" + path + "': " + ec.message());
  os << "\x93NUMPY" << char(1) << char(0) << char(header.size() & 0xff)
     << char(header.size() >> 8) << header;
  os.write(reinterpret_cast<const char *>(data.data()), data.size() * 4);
  return success();
}
