//===- Manifest.cpp - Reading and validating launch manifests -------------===//
//
// A small JSON reader (objects, arrays, strings with escapes, integers,
// true/false/null; other numbers are kept only to be reported) and the
// validation of the manifest format of docs/launch-manifest.md.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Runtime/Manifest.h"
#include "tsopt/Runtime/ReadFile.h"

#include <cerrno>
#include <cstring>
#include <limits>
#include <set>

using namespace tsopt::runtime;

size_t tsopt::runtime::elementSize(DType dtype) {
  return dtype == DType::F32 ? 4 : 2;
}

const char *tsopt::runtime::dtypeName(DType dtype) {
  switch (dtype) {
  case DType::F16:
    return "f16";
  case DType::BF16:
    return "bf16";
  case DType::F32:
    return "f32";
  }
  return "?";
}

const char *tsopt::runtime::roleName(BufferRole role) {
  switch (role) {
  case BufferRole::Input:
    return "input";
  case BufferRole::Output:
    return "output";
  case BufferRole::Temporary:
    return "temporary";
  }
  return "?";
}

uint64_t BufferSpec::numElements() const {
  uint64_t n = 1;
  for (int64_t d : shape)
    n *= static_cast<uint64_t>(d);
  return n;
}

static size_t countRole(const std::vector<BufferSpec> &buffers,
                        BufferRole role) {
  size_t n = 0;
  for (const BufferSpec &b : buffers)
    n += b.role == role;
  return n;
}

size_t FunctionSpec::numInputs() const {
  return countRole(buffers, BufferRole::Input);
}
size_t FunctionSpec::numOutputs() const {
  return countRole(buffers, BufferRole::Output);
}
size_t FunctionSpec::numTemporaries() const {
  return countRole(buffers, BufferRole::Temporary);
}

std::string Manifest::ptxPath() const {
  if (directory.empty() || ptx.empty() || ptx.front() == '/')
    return ptx;
  if (directory.back() == '/')
    return directory + ptx;
  return directory + "/" + ptx;
}

const FunctionSpec *Manifest::findFunction(const std::string &name) const {
  for (const FunctionSpec &f : functions)
    if (f.name == name)
      return &f;
  return nullptr;
}

std::string tsopt::runtime::formatShape(const std::vector<int64_t> &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) {
    if (i)
      s += ", ";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

namespace {

/// A parsed JSON value. Numbers that are not integers (a fraction or an
/// exponent) are kept as their spelling, only to be named in errors.
struct JsonValue {
  enum class Kind { Null, Bool, Integer, Real, String, Array, Object };
  Kind kind = Kind::Null;
  bool boolean = false;
  int64_t integer = 0;
  /// The contents of a string, or the spelling of a real number.
  std::string text;
  /// The elements of an array, or the member values of an object.
  std::vector<JsonValue> elements;
  /// The member keys of an object, parallel to `elements`.
  std::vector<std::string> keys;

  const JsonValue *member(const std::string &key) const {
    for (size_t i = 0; i < keys.size(); ++i)
      if (keys[i] == key)
        return &elements[i];
    return nullptr;
  }
};

/// Recursive-descent JSON parser over a whole document.
class JsonParser {
public:
  explicit JsonParser(const std::string &text) : text(text) {}

  bool parseDocument(JsonValue &out) {
    skipSpace();
    if (!parseValue(out, 0))
      return false;
    skipSpace();
    if (pos != text.size())
      return fail("unexpected text after the top-level value");
    return true;
  }

  const std::string &error() const { return message; }

private:
  /// Nesting deeper than this is rejected rather than risking the stack.
  static constexpr unsigned kMaxDepth = 64;

  bool fail(const std::string &what) {
    size_t line = 1, column = 1;
    for (size_t i = 0; i < pos && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    message = "invalid JSON at line " + std::to_string(line) + ", column " +
              std::to_string(column) + ": " + what;
    return false;
  }

  bool atEnd() const { return pos >= text.size(); }

  void skipSpace() {
    while (!atEnd() && (text[pos] == ' ' || text[pos] == '\t' ||
                        text[pos] == '\n' || text[pos] == '\r'))
      ++pos;
  }

  bool parseValue(JsonValue &out, unsigned depth) {
    if (depth > kMaxDepth)
      return fail("nesting deeper than " + std::to_string(kMaxDepth));
    if (atEnd())
      return fail("unexpected end of input, expected a value");
    char c = text[pos];
    if (c == '{')
      return parseObject(out, depth);
    if (c == '[')
      return parseArray(out, depth);
    if (c == '"') {
      out.kind = JsonValue::Kind::String;
      return parseString(out.text);
    }
    if (c == '-' || (c >= '0' && c <= '9'))
      return parseNumber(out);
    if (text.compare(pos, 4, "true") == 0) {
      pos += 4;
      out.kind = JsonValue::Kind::Bool;
      out.boolean = true;
      return true;
    }
    if (text.compare(pos, 5, "false") == 0) {
      pos += 5;
      out.kind = JsonValue::Kind::Bool;
      out.boolean = false;
      return true;
    }
    if (text.compare(pos, 4, "null") == 0) {
      pos += 4;
      out.kind = JsonValue::Kind::Null;
      return true;
    }
    return fail(std::string("unexpected character '") + c +
                "', expected a value");
  }

  bool parseObject(JsonValue &out, unsigned depth) {
    out.kind = JsonValue::Kind::Object;
    ++pos; // '{'
    skipSpace();
    if (!atEnd() && text[pos] == '}') {
      ++pos;
      return true;
    }
    std::set<std::string> seen;
    while (true) {
      skipSpace();
      if (atEnd() || text[pos] != '"')
        return fail("expected a string key in object");
      size_t keyStart = pos;
      std::string key;
      if (!parseString(key))
        return false;
      if (!seen.insert(key).second) {
        pos = keyStart;
        return fail("duplicate key \"" + key + "\"");
      }
      skipSpace();
      if (atEnd() || text[pos] != ':')
        return fail("expected ':' after key \"" + key + "\"");
      ++pos;
      skipSpace();
      out.keys.push_back(std::move(key));
      out.elements.emplace_back();
      if (!parseValue(out.elements.back(), depth + 1))
        return false;
      skipSpace();
      if (atEnd())
        return fail("unexpected end of input in object");
      if (text[pos] == ',') {
        ++pos;
        continue;
      }
      if (text[pos] == '}') {
        ++pos;
        return true;
      }
      return fail("expected ',' or '}' in object");
    }
  }

  bool parseArray(JsonValue &out, unsigned depth) {
    out.kind = JsonValue::Kind::Array;
    ++pos; // '['
    skipSpace();
    if (!atEnd() && text[pos] == ']') {
      ++pos;
      return true;
    }
    while (true) {
      skipSpace();
      out.elements.emplace_back();
      if (!parseValue(out.elements.back(), depth + 1))
        return false;
      skipSpace();
      if (atEnd())
        return fail("unexpected end of input in array");
      if (text[pos] == ',') {
        ++pos;
        continue;
      }
      if (text[pos] == ']') {
        ++pos;
        return true;
      }
      return fail("expected ',' or ']' in array");
    }
  }

  static int hexDigit(char c) {
    if (c >= '0' && c <= '9')
      return c - '0';
    if (c >= 'a' && c <= 'f')
      return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
      return c - 'A' + 10;
    return -1;
  }

  /// Reads the four hex digits of a \u escape at `pos`.
  bool parseHex4(uint32_t &out) {
    if (pos + 4 > text.size())
      return fail("truncated \\u escape");
    out = 0;
    for (int i = 0; i < 4; ++i) {
      int d = hexDigit(text[pos + i]);
      if (d < 0)
        return fail("invalid \\u escape");
      out = out * 16 + d;
    }
    pos += 4;
    return true;
  }

  static void appendUtf8(std::string &s, uint32_t cp) {
    if (cp < 0x80) {
      s += static_cast<char>(cp);
    } else if (cp < 0x800) {
      s += static_cast<char>(0xc0 | (cp >> 6));
      s += static_cast<char>(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
      s += static_cast<char>(0xe0 | (cp >> 12));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      s += static_cast<char>(0x80 | (cp & 0x3f));
    } else {
      s += static_cast<char>(0xf0 | (cp >> 18));
      s += static_cast<char>(0x80 | ((cp >> 12) & 0x3f));
      s += static_cast<char>(0x80 | ((cp >> 6) & 0x3f));
      s += static_cast<char>(0x80 | (cp & 0x3f));
    }
  }

  bool parseString(std::string &out) {
    ++pos; // '"'
    out.clear();
    while (true) {
      if (atEnd())
        return fail("unterminated string");
      char c = text[pos];
      if (c == '"') {
        ++pos;
        return true;
      }
      if (static_cast<unsigned char>(c) < 0x20)
        return fail("control character in string");
      if (c != '\\') {
        out += c;
        ++pos;
        continue;
      }
      ++pos;
      if (atEnd())
        return fail("unterminated string");
      char e = text[pos++];
      switch (e) {
      case '"':
      case '\\':
      case '/':
        out += e;
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        uint32_t cp = 0;
        if (!parseHex4(cp))
          return false;
        if (cp >= 0xd800 && cp < 0xdc00) {
          // A high surrogate must be followed by an escaped low surrogate.
          uint32_t low = 0;
          if (text.compare(pos, 2, "\\u") != 0)
            return fail("unpaired surrogate in \\u escape");
          pos += 2;
          if (!parseHex4(low))
            return false;
          if (low < 0xdc00 || low >= 0xe000)
            return fail("unpaired surrogate in \\u escape");
          cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        } else if (cp >= 0xdc00 && cp < 0xe000) {
          return fail("unpaired surrogate in \\u escape");
        }
        appendUtf8(out, cp);
        break;
      }
      default:
        --pos;
        return fail(std::string("invalid escape '\\") + e + "'");
      }
    }
  }

  bool parseNumber(JsonValue &out) {
    size_t start = pos;
    bool negative = text[pos] == '-';
    if (negative)
      ++pos;
    if (atEnd() || text[pos] < '0' || text[pos] > '9')
      return fail("expected a digit");
    if (text[pos] == '0' && pos + 1 < text.size() && text[pos + 1] >= '0' &&
        text[pos + 1] <= '9')
      return fail("leading zero in number");
    // Accumulate the magnitude as a negative number so that INT64_MIN fits.
    int64_t value = 0;
    bool overflow = false;
    while (!atEnd() && text[pos] >= '0' && text[pos] <= '9') {
      int digit = text[pos] - '0';
      if (value < (std::numeric_limits<int64_t>::min() + digit) / 10)
        overflow = true;
      else
        value = value * 10 - digit;
      ++pos;
    }
    bool real = false;
    if (!atEnd() && text[pos] == '.') {
      real = true;
      ++pos;
      if (atEnd() || text[pos] < '0' || text[pos] > '9')
        return fail("expected a digit after '.'");
      while (!atEnd() && text[pos] >= '0' && text[pos] <= '9')
        ++pos;
    }
    if (!atEnd() && (text[pos] == 'e' || text[pos] == 'E')) {
      real = true;
      ++pos;
      if (!atEnd() && (text[pos] == '+' || text[pos] == '-'))
        ++pos;
      if (atEnd() || text[pos] < '0' || text[pos] > '9')
        return fail("expected a digit in exponent");
      while (!atEnd() && text[pos] >= '0' && text[pos] <= '9')
        ++pos;
    }
    if (real) {
      out.kind = JsonValue::Kind::Real;
      out.text = text.substr(start, pos - start);
      return true;
    }
    if (overflow ||
        (!negative && value == std::numeric_limits<int64_t>::min())) {
      pos = start;
      return fail("integer out of range");
    }
    out.kind = JsonValue::Kind::Integer;
    out.integer = negative ? value : -value;
    return true;
  }

  const std::string &text;
  size_t pos = 0;
  std::string message;
};

//===----------------------------------------------------------------------===//
// Validation
//===----------------------------------------------------------------------===//

const char *describeKind(JsonValue::Kind kind) {
  switch (kind) {
  case JsonValue::Kind::Null:
    return "null";
  case JsonValue::Kind::Bool:
    return "a boolean";
  case JsonValue::Kind::Integer:
    return "an integer";
  case JsonValue::Kind::Real:
    return "a non-integer number";
  case JsonValue::Kind::String:
    return "a string";
  case JsonValue::Kind::Array:
    return "an array";
  case JsonValue::Kind::Object:
    return "an object";
  }
  return "?";
}

/// Spells a value briefly for an error message.
std::string describeValue(const JsonValue &v) {
  switch (v.kind) {
  case JsonValue::Kind::Integer:
    return std::to_string(v.integer);
  case JsonValue::Kind::Real:
    return v.text;
  case JsonValue::Kind::String:
    return "\"" + v.text + "\"";
  case JsonValue::Kind::Bool:
    return v.boolean ? "true" : "false";
  default:
    return describeKind(v.kind);
  }
}

std::string childPath(const std::string &path, const std::string &key) {
  return path.empty() ? key : path + "." + key;
}

std::string indexPath(const std::string &path, size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

/// Validates a parsed document into a Manifest; the first error wins.
class Validator {
public:
  explicit Validator(std::string &error) : error(error) {}

  bool manifest(const JsonValue &root, Manifest &out) {
    if (root.kind != JsonValue::Kind::Object)
      return fail("", std::string("expected an object, got ") +
                          describeKind(root.kind));
    const JsonValue *format =
        field(root, "", "format", JsonValue::Kind::String);
    if (!format)
      return false;
    if (format->text != kManifestFormat)
      return fail("format", std::string("expected \"") + kManifestFormat +
                                "\", got \"" + format->text + "\"");
    const JsonValue *version =
        field(root, "", "version", JsonValue::Kind::Integer);
    if (!version)
      return false;
    if (version->integer != kManifestVersion)
      return fail("version", "unsupported version " +
                                 std::to_string(version->integer) +
                                 " (this reader knows version " +
                                 std::to_string(kManifestVersion) + ")");
    out.version = version->integer;
    const JsonValue *target =
        field(root, "", "target", JsonValue::Kind::String);
    const JsonValue *ptx =
        target ? field(root, "", "ptx", JsonValue::Kind::String) : nullptr;
    const JsonValue *functions =
        ptx ? field(root, "", "functions", JsonValue::Kind::Array) : nullptr;
    if (!functions)
      return false;
    if (ptx->text.empty())
      return fail("ptx", "expected a file name, got an empty string");
    out.target = target->text;
    out.ptx = ptx->text;
    std::set<std::string> names;
    for (size_t i = 0; i < functions->elements.size(); ++i) {
      std::string path = indexPath("functions", i);
      FunctionSpec fn;
      if (!function(functions->elements[i], path, fn))
        return false;
      if (!names.insert(fn.name).second)
        return fail(childPath(path, "name"),
                    "duplicate function name \"" + fn.name + "\"");
      out.functions.push_back(std::move(fn));
    }
    return true;
  }

private:
  bool fail(const std::string &path, const std::string &what) {
    error = (path.empty() ? std::string("manifest") : path) + ": " + what;
    return false;
  }

  /// The member `key` of object `obj` (at `path`), which must have `kind`.
  const JsonValue *field(const JsonValue &obj, const std::string &path,
                         const char *key, JsonValue::Kind kind) {
    const JsonValue *v = obj.member(key);
    if (!v) {
      fail(path, std::string("missing field '") + key + "'");
      return nullptr;
    }
    if (v->kind != kind) {
      fail(childPath(path, key), std::string("expected ") + describeKind(kind) +
                                     ", got " + describeValue(*v));
      return nullptr;
    }
    return v;
  }

  /// An integer in [lo, hi] at `path`; `what` describes the range.
  bool integer(const JsonValue &v, const std::string &path, int64_t lo,
               int64_t hi, const char *what, int64_t &out) {
    if (v.kind != JsonValue::Kind::Integer || v.integer < lo || v.integer > hi)
      return fail(path, std::string("expected ") + what + ", got " +
                            describeValue(v));
    out = v.integer;
    return true;
  }

  bool dtypeField(const JsonValue &obj, const std::string &path, DType &out) {
    const JsonValue *dtype = field(obj, path, "dtype", JsonValue::Kind::String);
    if (!dtype)
      return false;
    if (dtype->text == "f16")
      out = DType::F16;
    else if (dtype->text == "bf16")
      out = DType::BF16;
    else if (dtype->text == "f32")
      out = DType::F32;
    else
      return fail(childPath(path, "dtype"),
                  "unknown dtype \"" + dtype->text +
                      "\" (expected f16, bf16 or f32)");
    return true;
  }

  /// An array of 1 to 5 integers in [1, hi] at field `key`.
  bool extents(const JsonValue &obj, const std::string &path, const char *key,
               int64_t hi, const char *what, std::vector<int64_t> &out) {
    const JsonValue *array = field(obj, path, key, JsonValue::Kind::Array);
    if (!array)
      return false;
    if (array->elements.empty() || array->elements.size() > 5)
      return fail(childPath(path, key),
                  "expected 1 to 5 extents, got " +
                      std::to_string(array->elements.size()));
    for (size_t i = 0; i < array->elements.size(); ++i) {
      int64_t d;
      if (!integer(array->elements[i], indexPath(childPath(path, key), i), 1,
                   hi, what, d))
        return false;
      out.push_back(d);
    }
    return true;
  }

  /// A tensor map of a kernel: what cuTensorMapEncodeTiled accepts.
  bool tensorMap(const JsonValue &v, const std::string &path,
                 const std::vector<BufferSpec> &buffers, TensorMapSpec &out) {
    if (v.kind != JsonValue::Kind::Object)
      return fail(path,
                  std::string("expected an object, got ") + describeValue(v));
    const JsonValue *buffer = v.member("buffer");
    if (!buffer)
      return fail(path, "missing field 'buffer'");
    int64_t b;
    if (!integer(*buffer, childPath(path, "buffer"), 0,
                 static_cast<int64_t>(buffers.size()) - 1,
                 "a buffer index in range", b))
      return false;
    out.buffer = static_cast<size_t>(b);
    if (!extents(v, path, "shape", int64_t(1) << 32, "an extent from 1 to 2^32",
                 out.shape) ||
        !dtypeField(v, path, out.dtype) ||
        !extents(v, path, "box", 256, "a box extent from 1 to 256", out.box))
      return false;
    const JsonValue *swizzle = v.member("swizzle");
    if (!swizzle)
      return fail(path, "missing field 'swizzle'");
    if (!integer(*swizzle, childPath(path, "swizzle"), 0, 128,
                 "0, 32, 64 or 128", out.swizzle))
      return false;
    if (out.swizzle != 0 && out.swizzle != 32 && out.swizzle != 64 &&
        out.swizzle != 128)
      return fail(childPath(path, "swizzle"),
                  "expected 0, 32, 64 or 128, got " +
                      std::to_string(out.swizzle));
    const BufferSpec &target = buffers[out.buffer];
    if (out.dtype != target.dtype)
      return fail(childPath(path, "dtype"),
                  std::string(dtypeName(out.dtype)) + " for buffer '" +
                      target.name + "' of " + dtypeName(target.dtype));
    uint64_t elements = 1;
    for (int64_t d : out.shape)
      elements *= static_cast<uint64_t>(d);
    if (elements != target.numElements())
      return fail(childPath(path, "shape"),
                  formatShape(out.shape) + " is not the " +
                      std::to_string(target.numElements()) +
                      " elements of buffer '" + target.name + "'");
    if (out.box.size() != out.shape.size())
      return fail(childPath(path, "box"), "a box of rank " +
                                              std::to_string(out.box.size()) +
                                              " for a tensor of rank " +
                                              std::to_string(out.shape.size()));
    for (size_t d = 0; d < out.box.size(); ++d)
      if (out.box[d] > out.shape[d])
        return fail(childPath(path, "box"), formatShape(out.box) +
                                                " exceeds the tensor's " +
                                                formatShape(out.shape));
    int64_t element = static_cast<int64_t>(elementSize(out.dtype));
    if (out.shape.back() * element % 16)
      return fail(childPath(path, "shape"),
                  "rows of " + std::to_string(out.shape.back() * element) +
                      " bytes (the TMA's strides are multiples of 16 bytes)");
    int64_t boxRow = out.box.back() * element;
    if (boxRow % 16 || (out.swizzle && boxRow > out.swizzle))
      return fail(childPath(path, "box"),
                  "box rows of " + std::to_string(boxRow) +
                      " bytes (multiples of 16, at most the swizzle's span)");
    return true;
  }

  bool nonEmptyName(const JsonValue &obj, const std::string &path,
                    std::string &out) {
    const JsonValue *name = field(obj, path, "name", JsonValue::Kind::String);
    if (!name)
      return false;
    if (name->text.empty())
      return fail(childPath(path, "name"), "expected a non-empty name");
    out = name->text;
    return true;
  }

  bool function(const JsonValue &v, const std::string &path,
                FunctionSpec &out) {
    if (v.kind != JsonValue::Kind::Object)
      return fail(path,
                  std::string("expected an object, got ") + describeValue(v));
    if (!nonEmptyName(v, path, out.name))
      return false;
    const JsonValue *buffers =
        field(v, path, "buffers", JsonValue::Kind::Array);
    const JsonValue *kernels =
        buffers ? field(v, path, "kernels", JsonValue::Kind::Array) : nullptr;
    if (!kernels)
      return false;
    for (size_t i = 0; i < buffers->elements.size(); ++i) {
      std::string bpath = indexPath(childPath(path, "buffers"), i);
      BufferSpec b;
      if (!buffer(buffers->elements[i], bpath, b))
        return false;
      if (i > 0) {
        const BufferSpec &prev = out.buffers.back();
        if (static_cast<int>(b.role) < static_cast<int>(prev.role))
          return fail(bpath, std::string(roleName(b.role)) + " buffer '" +
                                 b.name + "' follows " + roleName(prev.role) +
                                 " buffer '" + prev.name +
                                 "' (buffers must be the inputs, then the "
                                 "outputs, then the temporaries)");
      }
      out.buffers.push_back(std::move(b));
    }
    for (size_t i = 0; i < kernels->elements.size(); ++i) {
      std::string kpath = indexPath(childPath(path, "kernels"), i);
      KernelSpec k;
      if (!kernel(kernels->elements[i], kpath, out.buffers, k))
        return false;
      out.kernels.push_back(std::move(k));
    }
    return true;
  }

  bool buffer(const JsonValue &v, const std::string &path, BufferSpec &out) {
    if (v.kind != JsonValue::Kind::Object)
      return fail(path,
                  std::string("expected an object, got ") + describeValue(v));
    if (!nonEmptyName(v, path, out.name))
      return false;
    const JsonValue *role = field(v, path, "role", JsonValue::Kind::String);
    if (!role)
      return false;
    if (role->text == "input")
      out.role = BufferRole::Input;
    else if (role->text == "output")
      out.role = BufferRole::Output;
    else if (role->text == "temporary")
      out.role = BufferRole::Temporary;
    else
      return fail(childPath(path, "role"),
                  "unknown role \"" + role->text +
                      "\" (expected input, output or temporary)");
    const JsonValue *shape = field(v, path, "shape", JsonValue::Kind::Array);
    if (!shape)
      return false;
    for (size_t i = 0; i < shape->elements.size(); ++i) {
      int64_t d;
      if (!integer(shape->elements[i], indexPath(childPath(path, "shape"), i),
                   0, std::numeric_limits<int64_t>::max(),
                   "a non-negative extent", d))
        return false;
      out.shape.push_back(d);
    }
    // Elements times 4 bytes must fit in an int64_t.
    uint64_t elements = 1;
    bool empty = false;
    for (int64_t d : out.shape)
      empty |= d == 0;
    for (int64_t d : out.shape) {
      if (empty)
        break;
      if (elements >
          static_cast<uint64_t>(std::numeric_limits<int64_t>::max() / 4 / d))
        return fail(childPath(path, "shape"),
                    formatShape(out.shape) + " has too many elements");
      elements *= static_cast<uint64_t>(d);
    }
    if (empty)
      elements = 0;
    if (!dtypeField(v, path, out.dtype))
      return false;
    const JsonValue *bytes = v.member("bytes");
    if (!bytes)
      return fail(path, "missing field 'bytes'");
    int64_t n;
    if (!integer(*bytes, childPath(path, "bytes"), 0,
                 std::numeric_limits<int64_t>::max(), "a non-negative integer",
                 n))
      return false;
    uint64_t expected = elements * elementSize(out.dtype);
    if (static_cast<uint64_t>(n) != expected)
      return fail(childPath(path, "bytes"),
                  std::to_string(n) + " does not match shape " +
                      formatShape(out.shape) + " of " + dtypeName(out.dtype) +
                      " (" + std::to_string(expected) + " bytes)");
    out.bytes = static_cast<uint64_t>(n);
    return true;
  }

  bool dims3(const JsonValue &kernelObj, const std::string &path,
             const char *key, std::array<uint32_t, 3> &out) {
    const JsonValue *v = field(kernelObj, path, key, JsonValue::Kind::Array);
    if (!v)
      return false;
    std::string dpath = childPath(path, key);
    if (v->elements.size() != 3)
      return fail(dpath, "expected 3 entries, got " +
                             std::to_string(v->elements.size()));
    for (size_t i = 0; i < 3; ++i) {
      int64_t d;
      if (!integer(v->elements[i], indexPath(dpath, i), 1,
                   std::numeric_limits<int32_t>::max(), "a positive integer",
                   d))
        return false;
      out[i] = static_cast<uint32_t>(d);
    }
    return true;
  }

  bool kernel(const JsonValue &v, const std::string &path,
              const std::vector<BufferSpec> &buffers, KernelSpec &out) {
    size_t numBuffers = buffers.size();
    if (v.kind != JsonValue::Kind::Object)
      return fail(path,
                  std::string("expected an object, got ") + describeValue(v));
    if (!nonEmptyName(v, path, out.name) || !dims3(v, path, "grid", out.grid) ||
        !dims3(v, path, "block", out.block))
      return false;
    const JsonValue *smem = v.member("shared_memory_bytes");
    if (!smem)
      return fail(path, "missing field 'shared_memory_bytes'");
    int64_t s;
    if (!integer(*smem, childPath(path, "shared_memory_bytes"), 0,
                 std::numeric_limits<int32_t>::max(), "a non-negative integer",
                 s))
      return false;
    out.sharedMemoryBytes = static_cast<uint32_t>(s);
    const JsonValue *args = field(v, path, "args", JsonValue::Kind::Array);
    if (!args)
      return false;
    for (size_t j = 0; j < args->elements.size(); ++j) {
      const JsonValue &a = args->elements[j];
      std::string apath = indexPath(childPath(path, "args"), j);
      if (a.kind != JsonValue::Kind::Integer)
        return fail(apath, "expected a buffer index, got " + describeValue(a));
      if (a.integer < 0 || static_cast<uint64_t>(a.integer) >= numBuffers)
        return fail(apath, "buffer index " + std::to_string(a.integer) +
                               " out of range (" + std::to_string(numBuffers) +
                               (numBuffers == 1 ? " buffer)" : " buffers)"));
      out.args.push_back(static_cast<size_t>(a.integer));
    }
    if (const JsonValue *maps = v.member("tensor_maps")) {
      if (maps->kind != JsonValue::Kind::Array)
        return fail(childPath(path, "tensor_maps"),
                    "expected an array, got " + describeValue(*maps));
      for (size_t j = 0; j < maps->elements.size(); ++j) {
        TensorMapSpec map;
        if (!tensorMap(maps->elements[j],
                       indexPath(childPath(path, "tensor_maps"), j), buffers,
                       map))
          return false;
        out.tensorMaps.push_back(std::move(map));
      }
    }
    return true;
  }

  std::string &error;
};

} // namespace

std::optional<Manifest> tsopt::runtime::parseManifest(const std::string &text,
                                                      std::string *error) {
  std::string message;
  JsonValue root;
  JsonParser parser(text);
  if (!parser.parseDocument(root)) {
    if (error)
      *error = parser.error();
    return std::nullopt;
  }
  Manifest manifest;
  Validator validator(message);
  if (!validator.manifest(root, manifest)) {
    if (error)
      *error = message;
    return std::nullopt;
  }
  return manifest;
}

std::optional<Manifest> tsopt::runtime::loadManifest(const std::string &path,
                                                     std::string *error) {
  std::vector<char> bytes;
  if (!readFileBytes(path, bytes, error))
    return std::nullopt;
  std::string message;
  std::optional<Manifest> manifest =
      parseManifest(std::string(bytes.begin(), bytes.end()), &message);
  if (!manifest) {
    if (error)
      *error = path + ": " + message;
    return std::nullopt;
  }
  size_t slash = path.rfind('/');
  manifest->directory =
      slash == std::string::npos ? "" : path.substr(0, slash + 1);
  return manifest;
}
