//===- RuntimeTest.cpp - Tests of the GPU runtime -------------------------===//
//
// Manifest parsing and validation, .npy files and float conversions, and
// opening a device. None of these needs a GPU: where there is no driver or
// no device, Device::open must fail with a message, and the one test that
// launches kernels skips itself.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Runtime/Runtime.h"
#include "tsopt/Runtime/Manifest.h"
#include "tsopt/Runtime/NpyIO.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

using namespace tsopt::runtime;

namespace {

/// The example of docs/launch-manifest.md.
const char *kManifest = R"({
  "format": "tsopt-launch-manifest",
  "version": 1,
  "target": "sm_90",
  "ptx": "prog.ptx",
  "functions": [
    {
      "name": "gated_mlp_opt",
      "buffers": [
        {"name": "arg0",    "role": "input",     "shape": [8, 4096],    "dtype": "f16", "bytes": 65536},
        {"name": "arg1",    "role": "input",     "shape": [4096, 4096], "dtype": "f16", "bytes": 33554432},
        {"name": "arg2",    "role": "input",     "shape": [4096, 4096], "dtype": "f16", "bytes": 33554432},
        {"name": "result0", "role": "output",    "shape": [8, 4096],    "dtype": "f16", "bytes": 65536},
        {"name": "tmp0",    "role": "temporary", "shape": [8, 4096],    "dtype": "f16", "bytes": 65536}
      ],
      "kernels": [
        {"name": "gated_mlp_opt_kernel0", "grid": [32, 1, 1], "block": [128, 1, 1],
         "shared_memory_bytes": 12288, "args": [0, 1, 2, 4]}
      ]
    }
  ]
})";

/// `text` with the one occurrence of `from` replaced by `to`.
std::string replaced(const std::string &text, const std::string &from,
                     const std::string &to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "'" << from << "' not in the text";
  EXPECT_EQ(text.find(from, at + 1), std::string::npos)
      << "'" << from << "' occurs more than once";
  if (at == std::string::npos)
    return text;
  return text.substr(0, at) + to + text.substr(at + from.size());
}

/// The error of parsing `text`, or "" if it parses.
std::string parseError(const std::string &text) {
  std::string error;
  std::optional<Manifest> m = parseManifest(text, &error);
  if (m)
    return "";
  EXPECT_FALSE(error.empty());
  return error;
}

std::string tempPath(const std::string &name) {
  return testing::TempDir() + "tsopt-runtime-test-" + name;
}

void writeFile(const std::string &path, const std::string &text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
}

//===----------------------------------------------------------------------===//
// Manifests
//===----------------------------------------------------------------------===//

TEST(ManifestTest, ParsesEveryField) {
  std::string error;
  std::optional<Manifest> m = parseManifest(kManifest, &error);
  ASSERT_TRUE(m) << error;
  EXPECT_EQ(m->version, 1);
  EXPECT_EQ(m->target, "sm_90");
  EXPECT_EQ(m->ptx, "prog.ptx");
  EXPECT_EQ(m->ptxPath(), "prog.ptx");
  ASSERT_EQ(m->functions.size(), 1u);
  const FunctionSpec &f = m->functions[0];
  EXPECT_EQ(f.name, "gated_mlp_opt");
  EXPECT_EQ(m->findFunction("gated_mlp_opt"), &f);
  EXPECT_EQ(m->findFunction("nope"), nullptr);
  ASSERT_EQ(f.buffers.size(), 5u);
  EXPECT_EQ(f.numInputs(), 3u);
  EXPECT_EQ(f.numOutputs(), 1u);
  EXPECT_EQ(f.numTemporaries(), 1u);
  EXPECT_EQ(f.outputIndex(0), 3u);
  const BufferSpec &b1 = f.buffers[1];
  EXPECT_EQ(b1.name, "arg1");
  EXPECT_EQ(b1.role, BufferRole::Input);
  EXPECT_EQ(b1.shape, (std::vector<int64_t>{4096, 4096}));
  EXPECT_EQ(b1.dtype, DType::F16);
  EXPECT_EQ(b1.bytes, 33554432u);
  EXPECT_EQ(b1.numElements(), 4096u * 4096u);
  EXPECT_EQ(f.buffers[3].role, BufferRole::Output);
  EXPECT_EQ(f.buffers[4].role, BufferRole::Temporary);
  EXPECT_EQ(f.buffers[4].name, "tmp0");
  ASSERT_EQ(f.kernels.size(), 1u);
  const KernelSpec &k = f.kernels[0];
  EXPECT_EQ(k.name, "gated_mlp_opt_kernel0");
  EXPECT_EQ(k.grid, (std::array<uint32_t, 3>{32, 1, 1}));
  EXPECT_EQ(k.block, (std::array<uint32_t, 3>{128, 1, 1}));
  EXPECT_EQ(k.sharedMemoryBytes, 12288u);
  EXPECT_EQ(k.args, (std::vector<size_t>{0, 1, 2, 4}));
}

TEST(ManifestTest, OtherDTypesAndShapes) {
  std::string text =
      replaced(kManifest,
               R"("shape": [8, 4096],    "dtype": "f16", "bytes": 65536},
        {"name": "arg1")",
               R"("shape": [], "dtype": "f32", "bytes": 4},
        {"name": "arg1")");
  text = replaced(
      text,
      R"("tmp0",    "role": "temporary", "shape": [8, 4096],    "dtype": "f16", "bytes": 65536)",
      R"("tmp0", "role": "temporary", "shape": [3, 0], "dtype": "bf16", "bytes": 0)");
  std::string error;
  std::optional<Manifest> m = parseManifest(text, &error);
  ASSERT_TRUE(m) << error;
  const FunctionSpec &f = m->functions[0];
  EXPECT_TRUE(f.buffers[0].shape.empty());
  EXPECT_EQ(f.buffers[0].dtype, DType::F32);
  EXPECT_EQ(f.buffers[0].numElements(), 1u);
  EXPECT_EQ(f.buffers[4].dtype, DType::BF16);
  EXPECT_EQ(f.buffers[4].bytes, 0u);
}

TEST(ManifestTest, EmptyFunctionsAndExtraFields) {
  std::string error;
  std::optional<Manifest> m = parseManifest(
      R"({"format": "tsopt-launch-manifest", "version": 1, "target": "sm_80",
          "ptx": "p.ptx", "functions": [], "comment": {"any": [1, null]}})",
      &error);
  ASSERT_TRUE(m) << error;
  EXPECT_TRUE(m->functions.empty());
}

TEST(ManifestTest, StringEscapes) {
  std::string text = replaced(kManifest, R"("name": "gated_mlp_opt",)",
                              R"("name": "a\"b\\c\/\n\t\u00e9\ud83d\ude00",)");
  std::string error;
  std::optional<Manifest> m = parseManifest(text, &error);
  ASSERT_TRUE(m) << error;
  EXPECT_EQ(m->functions[0].name,
            "a\"b\\c/\n\t\xc3\xa9\xf0\x9f\x98\x80"); // é, U+1F600
}

TEST(ManifestTest, BadJson) {
  EXPECT_EQ(parseError(R"({"format": )"),
            "invalid JSON at line 1, column 12: unexpected end of input, "
            "expected a value");
  EXPECT_EQ(parseError("{\n  \"format\": \"x\",\n  \"version\" 1}"),
            "invalid JSON at line 3, column 13: expected ':' after key "
            "\"version\"");
  EXPECT_EQ(parseError(std::string(kManifest) + " x"),
            "invalid JSON at line 22, column 3: unexpected text after the "
            "top-level value");
  EXPECT_EQ(parseError(R"({"a": [1, 2,]})"),
            "invalid JSON at line 1, column 13: unexpected character ']', "
            "expected a value");
  EXPECT_EQ(parseError(R"({"a": "x\q"})"),
            "invalid JSON at line 1, column 10: invalid escape '\\q'");
  EXPECT_EQ(parseError(R"({"a": "\ud800"})"),
            "invalid JSON at line 1, column 14: unpaired surrogate in \\u "
            "escape");
  EXPECT_EQ(parseError(R"({"a": 1, "a": 2})"),
            "invalid JSON at line 1, column 10: duplicate key \"a\"");
  EXPECT_EQ(parseError(R"({"a": 99999999999999999999})"),
            "invalid JSON at line 1, column 7: integer out of range");
  EXPECT_EQ(parseError(R"({"a": 01})"),
            "invalid JSON at line 1, column 7: leading zero in number");
  EXPECT_EQ(parseError("\"abc"),
            "invalid JSON at line 1, column 5: unterminated string");
  EXPECT_EQ(parseError(""),
            "invalid JSON at line 1, column 1: unexpected end of input, "
            "expected a value");
  EXPECT_EQ(parseError(std::string(100, '[') + std::string(100, ']')),
            "invalid JSON at line 1, column 66: nesting deeper than 64");
}

TEST(ManifestTest, FormatAndVersion) {
  EXPECT_EQ(parseError("[]"), "manifest: expected an object, got an array");
  EXPECT_EQ(
      parseError(replaced(kManifest, "\"tsopt-launch-manifest\"", "\"other\"")),
      "format: expected \"tsopt-launch-manifest\", got \"other\"");
  EXPECT_EQ(parseError(replaced(kManifest, "\"version\": 1", "\"version\": 2")),
            "version: unsupported version 2 (this reader knows version 1)");
  EXPECT_EQ(
      parseError(replaced(kManifest, "\"version\": 1", "\"version\": \"1\"")),
      "version: expected an integer, got \"1\"");
  EXPECT_EQ(
      parseError(replaced(kManifest, "\"version\": 1", "\"version\": 1.0")),
      "version: expected an integer, got 1.0");
}

TEST(ManifestTest, MissingFields) {
  EXPECT_EQ(parseError(replaced(kManifest, "\"format\"", "\"formats\"")),
            "manifest: missing field 'format'");
  EXPECT_EQ(parseError(replaced(kManifest, "\"ptx\"", "\"PTX\"")),
            "manifest: missing field 'ptx'");
  EXPECT_EQ(parseError(replaced(kManifest, "\"functions\"", "\"function\"")),
            "manifest: missing field 'functions'");
  EXPECT_EQ(parseError(replaced(kManifest, "\"kernels\"", "\"kernel\"")),
            "functions[0]: missing field 'kernels'");
  EXPECT_EQ(
      parseError(replaced(kManifest, R"("dtype": "f16", "bytes": 33554432},
        {"name": "arg2")",
                          R"("bytes": 33554432},
        {"name": "arg2")")),
      "functions[0].buffers[1]: missing field 'dtype'");
  EXPECT_EQ(parseError(replaced(kManifest, "\"shared_memory_bytes\"",
                                "\"shared_memory\"")),
            "functions[0].kernels[0]: missing field 'shared_memory_bytes'");
  EXPECT_EQ(parseError(replaced(kManifest, ", \"args\": [0, 1, 2, 4]", "")),
            "functions[0].kernels[0]: missing field 'args'");
}

TEST(ManifestTest, Buffers) {
  EXPECT_EQ(
      parseError(replaced(
          kManifest, R"("shape": [8, 4096],    "dtype": "f16", "bytes": 65536},
        {"name": "arg1")",
          R"("shape": [8, 4096],    "dtype": "f64", "bytes": 65536},
        {"name": "arg1")")),
      "functions[0].buffers[0].dtype: unknown dtype \"f64\" (expected "
      "f16, bf16 or f32)");
  EXPECT_EQ(parseError(replaced(
                kManifest, "\"bytes\": 33554432},\n        {\"name\": \"arg2\"",
                "\"bytes\": 33554430},\n        {\"name\": \"arg2\"")),
            "functions[0].buffers[1].bytes: 33554430 does not match shape "
            "[4096, 4096] of f16 (33554432 bytes)");
  EXPECT_EQ(parseError(replaced(kManifest, "\"role\": \"temporary\"",
                                "\"role\": \"scratch\"")),
            "functions[0].buffers[4].role: unknown role \"scratch\" "
            "(expected input, output or temporary)");
  EXPECT_EQ(parseError(
                replaced(kManifest,
                         "\"shape\": [4096, 4096], \"dtype\": \"f16\", "
                         "\"bytes\": 33554432},\n        {\"name\": \"arg2\"",
                         "\"shape\": [4096, -1], \"dtype\": \"f16\", "
                         "\"bytes\": 33554432},\n        {\"name\": \"arg2\"")),
            "functions[0].buffers[1].shape[1]: expected a non-negative "
            "extent, got -1");
  EXPECT_EQ(parseError(replaced(kManifest, "{\"name\": \"arg0\",    ",
                                "{\"name\": \"\",    ")),
            "functions[0].buffers[0].name: expected a non-empty name");
  EXPECT_EQ(
      parseError(
          replaced(kManifest,
                   "\"shape\": [8, 4096],    \"dtype\": \"f16\", \"bytes\": "
                   "65536},\n        {\"name\": \"arg1\"",
                   "\"shape\": [4294967296, 4294967296], \"dtype\": \"f16\", "
                   "\"bytes\": 65536},\n        {\"name\": \"arg1\"")),
      "functions[0].buffers[0].shape: [4294967296, 4294967296] has too many "
      "elements");
}

TEST(ManifestTest, BufferOrder) {
  // result0 moved before arg2.
  std::string text = replaced(
      kManifest,
      R"({"name": "arg2",    "role": "input",     "shape": [4096, 4096], "dtype": "f16", "bytes": 33554432},
        {"name": "result0", "role": "output",    "shape": [8, 4096],    "dtype": "f16", "bytes": 65536},)",
      R"({"name": "result0", "role": "output",    "shape": [8, 4096],    "dtype": "f16", "bytes": 65536},
        {"name": "arg2",    "role": "input",     "shape": [4096, 4096], "dtype": "f16", "bytes": 33554432},)");
  EXPECT_EQ(parseError(text),
            "functions[0].buffers[3]: input buffer 'arg2' follows output "
            "buffer 'result0' (buffers must be the inputs, then the outputs, "
            "then the temporaries)");
  // A temporary before the output.
  text = replaced(kManifest, "\"role\": \"output\"", "\"role\": \"temporary\"");
  text = replaced(text, "\"tmp0\",    \"role\": \"temporary\"",
                  "\"tmp0\",    \"role\": \"output\"");
  EXPECT_EQ(parseError(text),
            "functions[0].buffers[4]: output buffer 'tmp0' follows temporary "
            "buffer 'result0' (buffers must be the inputs, then the outputs, "
            "then the temporaries)");
}

TEST(ManifestTest, Kernels) {
  EXPECT_EQ(parseError(replaced(kManifest, "[0, 1, 2, 4]", "[0, 1, 2, 7]")),
            "functions[0].kernels[0].args[3]: buffer index 7 out of range "
            "(5 buffers)");
  EXPECT_EQ(parseError(replaced(kManifest, "[0, 1, 2, 4]", "[0, -1]")),
            "functions[0].kernels[0].args[1]: buffer index -1 out of range "
            "(5 buffers)");
  EXPECT_EQ(parseError(replaced(kManifest, "[0, 1, 2, 4]", "[0, \"arg1\"]")),
            "functions[0].kernels[0].args[1]: expected a buffer index, got "
            "\"arg1\"");
  EXPECT_EQ(parseError(replaced(kManifest, "\"grid\": [32, 1, 1]",
                                "\"grid\": [32, 1]")),
            "functions[0].kernels[0].grid: expected 3 entries, got 2");
  EXPECT_EQ(parseError(replaced(kManifest, "\"block\": [128, 1, 1]",
                                "\"block\": [128, 0, 1]")),
            "functions[0].kernels[0].block[1]: expected a positive integer, "
            "got 0");
  EXPECT_EQ(
      parseError(replaced(kManifest, "\"grid\": [32, 1, 1]", "\"grid\": 32")),
      "functions[0].kernels[0].grid: expected an array, got 32");
  EXPECT_EQ(parseError(replaced(kManifest, "12288", "-4")),
            "functions[0].kernels[0].shared_memory_bytes: expected a "
            "non-negative integer, got -4");
  EXPECT_EQ(
      parseError(replaced(kManifest, "\"name\": \"gated_mlp_opt_kernel0\"",
                          "\"name\": null")),
      "functions[0].kernels[0].name: expected a string, got null");
}

TEST(ManifestTest, TensorMaps) {
  // Buffer 1 (4096 x 4096 f16) copied in 64 x 64 boxes, 128-byte swizzle.
  const std::string map =
      R"("args": [0, 1, 2, 4], "tensor_maps": [{"buffer": 1, "shape": [4096, 4096], "dtype": "f16", "box": [64, 64], "swizzle": 128}])";
  std::string text = replaced(kManifest, "\"args\": [0, 1, 2, 4]", map);
  std::string error;
  std::optional<Manifest> m = parseManifest(text, &error);
  ASSERT_TRUE(m) << error;
  const KernelSpec &k = m->functions[0].kernels[0];
  ASSERT_EQ(k.tensorMaps.size(), 1u);
  EXPECT_EQ(k.tensorMaps[0].buffer, 1u);
  EXPECT_EQ(k.tensorMaps[0].shape, (std::vector<int64_t>{4096, 4096}));
  EXPECT_EQ(k.tensorMaps[0].box, (std::vector<int64_t>{64, 64}));
  EXPECT_EQ(k.tensorMaps[0].dtype, DType::F16);
  EXPECT_EQ(k.tensorMaps[0].swizzle, 128);
  // A reshaped view of the buffer is described by its own shape.
  EXPECT_EQ(parseError(replaced(
                text, "\"shape\": [4096, 4096], \"dtype\": \"f16\", \"box\"",
                "\"shape\": [2, 2048, 4096], \"dtype\": \"f16\", \"box\"")),
            "functions[0].kernels[0].tensor_maps[0].box: a box of rank 2 for "
            "a tensor of rank 3");
  const std::string where = "functions[0].kernels[0].tensor_maps[0].";
  EXPECT_EQ(parseError(replaced(text, "\"buffer\": 1", "\"buffer\": 5")),
            where + "buffer: expected a buffer index in range, got 5");
  EXPECT_EQ(parseError(replaced(text, "\"swizzle\": 128", "\"swizzle\": 48")),
            where + "swizzle: expected 0, 32, 64 or 128, got 48");
  EXPECT_EQ(
      parseError(replaced(text, "\"box\": [64, 64]", "\"box\": [64, 512]")),
      where + "box[1]: expected a box extent from 1 to 256, got 512");
  EXPECT_EQ(parseError(replaced(text, "\"swizzle\": 128", "\"swizzle\": 64")),
            where + "box: box rows of 128 bytes (multiples of 16, at most "
                    "the swizzle's span)");
  EXPECT_EQ(parseError(replaced(text, "\"box\": [64, 64]", "\"box\": [64, 4]")),
            where + "box: box rows of 8 bytes (multiples of 16, at most the "
                    "swizzle's span)");
  EXPECT_EQ(parseError(replaced(text, "\"dtype\": \"f16\", \"box\"",
                                "\"dtype\": \"f32\", \"box\"")),
            where + "dtype: f32 for buffer 'arg1' of f16");
  EXPECT_EQ(parseError(replaced(
                text, "\"shape\": [4096, 4096], \"dtype\": \"f16\", \"box\"",
                "\"shape\": [4096, 2048], \"dtype\": \"f16\", \"box\"")),
            where + "shape: [4096, 2048] is not the 16777216 elements of "
                    "buffer 'arg1'");
}

TEST(ManifestTest, Functions) {
  std::string error;
  std::optional<Manifest> m = parseManifest(kManifest, &error);
  ASSERT_TRUE(m) << error;
  // Two functions with the same name.
  size_t start = std::string(kManifest).find("    {\n      \"name\"");
  size_t end = std::string(kManifest).rfind("    }\n");
  std::string fn = std::string(kManifest).substr(start, end + 5 - start);
  std::string twice = replaced(kManifest, fn, fn + ",\n" + fn);
  EXPECT_EQ(parseError(twice),
            "functions[1].name: duplicate function name \"gated_mlp_opt\"");
  EXPECT_EQ(parseError(
                replaced(kManifest, "\"functions\": [", "\"functions\": [1, ")),
            "functions[0]: expected an object, got 1");
}

TEST(ManifestTest, LoadFromFile) {
  std::string path = tempPath("manifest.json");
  writeFile(path, kManifest);
  std::string error;
  std::optional<Manifest> m = loadManifest(path, &error);
  ASSERT_TRUE(m) << error;
  EXPECT_EQ(m->ptxPath(), m->directory + "prog.ptx");
  EXPECT_EQ(m->directory, path.substr(0, path.rfind('/') + 1));

  writeFile(path, replaced(kManifest, "\"version\": 1", "\"version\": 3"));
  EXPECT_FALSE(loadManifest(path, &error));
  EXPECT_EQ(error, path + ": version: unsupported version 3 (this reader "
                          "knows version 1)");

  std::string missing = tempPath("no-such-manifest.json");
  EXPECT_FALSE(loadManifest(missing, &error));
  EXPECT_EQ(error, "cannot read '" + missing + "': No such file or directory");
  std::remove(path.c_str());
}

TEST(ManifestTest, PtxPath) {
  Manifest m;
  m.ptx = "p.ptx";
  EXPECT_EQ(m.ptxPath(), "p.ptx");
  m.directory = "dir";
  EXPECT_EQ(m.ptxPath(), "dir/p.ptx");
  m.directory = "dir/";
  EXPECT_EQ(m.ptxPath(), "dir/p.ptx");
  m.ptx = "/abs/p.ptx";
  EXPECT_EQ(m.ptxPath(), "/abs/p.ptx");
}

//===----------------------------------------------------------------------===//
// Float conversions and .npy files
//===----------------------------------------------------------------------===//

TEST(NpyIOTest, HalfConversion) {
  EXPECT_EQ(floatToHalfBits(0.0f), 0x0000);
  EXPECT_EQ(floatToHalfBits(-0.0f), 0x8000);
  EXPECT_EQ(floatToHalfBits(1.0f), 0x3c00);
  EXPECT_EQ(floatToHalfBits(-2.0f), 0xc000);
  EXPECT_EQ(floatToHalfBits(65504.0f), 0x7bff);
  EXPECT_EQ(floatToHalfBits(65519.0f), 0x7bff);
  EXPECT_EQ(floatToHalfBits(65520.0f), 0x7c00); // rounds up to infinity
  EXPECT_EQ(floatToHalfBits(INFINITY), 0x7c00);
  EXPECT_EQ(floatToHalfBits(std::ldexp(1.0f, -24)), 0x0001);
  EXPECT_EQ(floatToHalfBits(std::ldexp(1.0f, -25)), 0x0000); // tie to even
  EXPECT_EQ(floatToHalfBits(std::ldexp(1.5f, -25)), 0x0001);
  EXPECT_EQ(floatToHalfBits(std::ldexp(3.0f, -25)), 0x0002); // tie to even
  EXPECT_EQ(floatToHalfBits(std::ldexp(1.0f, -14)), 0x0400);
  EXPECT_EQ(floatToHalfBits(std::ldexp(1023.5f, -24)), 0x0400); // carries
  EXPECT_EQ(floatToHalfBits(1.0f + std::ldexp(1.0f, -11)), 0x3c00);
  EXPECT_EQ(floatToHalfBits(1.0f + std::ldexp(3.0f, -11)), 0x3c02);
  EXPECT_EQ(floatToHalfBits(1.0f + std::ldexp(1.0f, -12)), 0x3c00);
  uint16_t nan = floatToHalfBits(NAN);
  EXPECT_EQ(nan & 0x7c00, 0x7c00);
  EXPECT_NE(nan & 0x3ff, 0);
  // Every finite half survives a round trip through float.
  for (uint32_t h = 0; h < 0x10000; ++h) {
    if ((h & 0x7c00) == 0x7c00)
      continue;
    float f = halfBitsToFloat(static_cast<uint16_t>(h));
    ASSERT_EQ(floatToHalfBits(f), h) << "half 0x" << std::hex << h;
  }
  EXPECT_EQ(halfBitsToFloat(0x0001), std::ldexp(1.0f, -24));
  EXPECT_EQ(halfBitsToFloat(0x7bff), 65504.0f);
  EXPECT_EQ(halfBitsToFloat(0xfc00), -INFINITY);
}

TEST(NpyIOTest, BF16Conversion) {
  EXPECT_EQ(floatToBF16Bits(1.0f), 0x3f80);
  EXPECT_EQ(floatToBF16Bits(-2.0f), 0xc000);
  EXPECT_EQ(floatToBF16Bits(1.0f + std::ldexp(1.0f, -8)), 0x3f80); // even
  EXPECT_EQ(floatToBF16Bits(1.0f + std::ldexp(3.0f, -8)), 0x3f82);
  EXPECT_EQ(bf16BitsToFloat(0x3f80), 1.0f);
  uint16_t nan = floatToBF16Bits(NAN);
  EXPECT_TRUE(std::isnan(bf16BitsToFloat(nan)));
  for (uint32_t b = 0; b < 0x10000; ++b) {
    if ((b & 0x7f80) == 0x7f80)
      continue;
    ASSERT_EQ(floatToBF16Bits(bf16BitsToFloat(static_cast<uint16_t>(b))), b);
  }
}

TEST(NpyIOTest, RoundTrip) {
  std::string path = tempPath("roundtrip.npy");
  std::vector<uint16_t> data = {0x3c00, 0xc000, 0x0001, 0x7bff, 0, 0x1234};
  std::string error;
  ASSERT_TRUE(
      writeNpyFile(path, "<f2", {2, 3}, data.data(), data.size() * 2, &error))
      << error;
  // The header is padded so that the payload starts at a multiple of 64.
  std::ifstream in(path, std::ios::binary);
  std::string file((std::istreambuf_iterator<char>(in)),
                   std::istreambuf_iterator<char>());
  ASSERT_GT(file.size(), 12u);
  EXPECT_EQ((file.size() - 12) % 64, 0u);
  EXPECT_EQ(file.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  EXPECT_EQ(file[file.size() - 13], '\n');
  EXPECT_NE(file.find("'shape': (2, 3)"), std::string::npos);

  std::optional<NpyData> npy = readNpyFile(path, &error);
  ASSERT_TRUE(npy) << error;
  EXPECT_EQ(npy->descr, "<f2");
  EXPECT_EQ(npy->shape, (std::vector<int64_t>{2, 3}));
  ASSERT_EQ(npy->bytes.size(), 12u);
  EXPECT_EQ(std::memcmp(npy->bytes.data(), data.data(), 12), 0);

  // 1-d and 0-d shapes.
  float one = 1.5f;
  ASSERT_TRUE(writeNpyFile(path, "<f4", {1}, &one, 4, &error)) << error;
  npy = readNpyFile(path, &error);
  ASSERT_TRUE(npy) << error;
  EXPECT_EQ(npy->shape, (std::vector<int64_t>{1}));
  ASSERT_TRUE(writeNpyFile(path, "<u2", {}, data.data(), 2, &error)) << error;
  npy = readNpyFile(path, &error);
  ASSERT_TRUE(npy) << error;
  EXPECT_TRUE(npy->shape.empty());
  EXPECT_EQ(npy->descr, "<u2");
  std::remove(path.c_str());
}

TEST(NpyIOTest, ReadErrors) {
  std::string path = tempPath("bad.npy");
  std::string error;
  writeFile(path, "not a numpy file");
  EXPECT_FALSE(readNpyFile(path, &error));
  EXPECT_EQ(error, "'" + path + "' is not a .npy file");

  double d[2] = {1, 2};
  ASSERT_TRUE(writeNpyFile(path, "<f8", {2}, d, sizeof(d), &error));
  EXPECT_FALSE(readNpyFile(path, &error));
  EXPECT_EQ(error, "'" + path +
                       "' has dtype '<f8'; expected '<f2' "
                       "(float16), '<f4' (float32) or '<u2' (bfloat16 bits)");

  ASSERT_TRUE(writeNpyFile(path, "<f4", {3}, d, sizeof(d), &error));
  EXPECT_FALSE(readNpyFile(path, &error));
  EXPECT_EQ(error, "'" + path + "' holds 16 data bytes, its header says 12");

  std::string fortran = "{'descr': '<f4', 'fortran_order': True, "
                        "'shape': (1,), }";
  fortran.append(128 - 10 - fortran.size() - 1, ' ');
  fortran += '\n';
  writeFile(path, std::string("\x93NUMPY\x01\x00", 8) +
                      std::string(1, static_cast<char>(fortran.size())) +
                      std::string(1, '\0') + fortran + "abcd");
  EXPECT_FALSE(readNpyFile(path, &error));
  EXPECT_EQ(error, "'" + path + "' is Fortran-ordered; save it in C order");

  std::string missing = tempPath("no-such.npy");
  EXPECT_FALSE(readNpyFile(missing, &error));
  EXPECT_EQ(error, "cannot read '" + missing + "': No such file or directory");
  std::remove(path.c_str());
}

TEST(NpyIOTest, ToBuffer) {
  BufferSpec spec;
  spec.name = "arg0";
  spec.shape = {2};
  spec.dtype = DType::F16;
  spec.bytes = 4;
  NpyData npy;
  npy.shape = {2};
  float values[2] = {1.0f, -2.0f};
  npy.descr = "<f4";
  npy.bytes.assign(reinterpret_cast<char *>(values),
                   reinterpret_cast<char *>(values) + 8);
  std::string error;
  std::optional<std::vector<char>> bytes = npyToBuffer(npy, spec, &error);
  ASSERT_TRUE(bytes) << error;
  ASSERT_EQ(bytes->size(), 4u);
  uint16_t h[2];
  std::memcpy(h, bytes->data(), 4);
  EXPECT_EQ(h[0], 0x3c00);
  EXPECT_EQ(h[1], 0xc000);

  spec.dtype = DType::BF16;
  bytes = npyToBuffer(npy, spec, &error);
  ASSERT_TRUE(bytes) << error;
  std::memcpy(h, bytes->data(), 4);
  EXPECT_EQ(h[0], 0x3f80);
  EXPECT_EQ(h[1], 0xc000);

  npy.descr = "<u2";
  npy.bytes.resize(4);
  bytes = npyToBuffer(npy, spec, &error);
  ASSERT_TRUE(bytes) << error;
  EXPECT_EQ(*bytes, npy.bytes);

  spec.dtype = DType::F16;
  EXPECT_FALSE(npyToBuffer(npy, spec, &error));
  EXPECT_EQ(error, "dtype '<u2' does not fit a f16 buffer (expected '<f2' or "
                   "'<f4')");
  npy.shape = {1, 2};
  EXPECT_FALSE(npyToBuffer(npy, spec, &error));
  EXPECT_EQ(error, "shape [1, 2] does not match [2]");
}

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

TEST(DeviceTest, OpenSucceedsOrExplains) {
  std::string error;
  std::unique_ptr<Device> device = Device::open(&error);
  if (device) {
    EXPECT_GT(device->computeCapability(), 0);
    EXPECT_TRUE(device->makeCurrent(&error)) << error;
  } else {
    EXPECT_FALSE(error.empty());
    EXPECT_TRUE(error.rfind("no CUDA driver: ", 0) == 0 ||
                error.rfind("cuInit failed: ", 0) == 0 ||
                error.rfind("no CUDA device ", 0) == 0)
        << error;
  }
  // Asking again gives the same answer, not a crash.
  std::string again;
  std::unique_ptr<Device> second = Device::open(&again);
  EXPECT_EQ(static_cast<bool>(second), static_cast<bool>(device));
  if (!device) {
    EXPECT_EQ(again, error);
  }
  // A device ordinal no machine has.
  EXPECT_FALSE(Device::open(&error, 100000));
  EXPECT_FALSE(error.empty());
  EXPECT_FALSE(Device::open(nullptr, -1));
}

/// out = a + b over 256 floats (block 128, grid 2), from LLVM's NVPTX
/// backend at sm_60.
const char *kAddPtx = R"(
.version 5.0
.target sm_60
.address_size 64

.visible .entry add_kernel(
	.param .u64 .ptr .global .align 1 add_kernel_param_0,
	.param .u64 .ptr .global .align 1 add_kernel_param_1,
	.param .u64 .ptr .global .align 1 add_kernel_param_2
)
{
	.reg .b32 	%r<8>;
	.reg .b64 	%rd<8>;

	ld.param.b64 	%rd1, [add_kernel_param_0];
	ld.param.b64 	%rd2, [add_kernel_param_1];
	mov.u32 	%r1, %tid.x;
	ld.param.b64 	%rd3, [add_kernel_param_2];
	mov.u32 	%r2, %ctaid.x;
	mov.u32 	%r3, %ntid.x;
	mad.lo.s32 	%r4, %r2, %r3, %r1;
	mul.wide.u32 	%rd4, %r4, 4;
	add.s64 	%rd5, %rd1, %rd4;
	add.s64 	%rd6, %rd2, %rd4;
	add.s64 	%rd7, %rd3, %rd4;
	ld.global.b32 	%r5, [%rd5];
	ld.global.b32 	%r6, [%rd6];
	add.rn.f32 	%r7, %r5, %r6;
	st.global.b32 	[%rd7], %r7;
	ret;
}
)";

/// tmp0 = arg0 + arg1; result0 = tmp0 + arg0.
std::string addManifest(uint32_t sharedBytes) {
  std::string s = std::to_string(sharedBytes);
  return R"({"format": "tsopt-launch-manifest", "version": 1,
    "target": "sm_60", "ptx": "add.ptx", "functions": [{
      "name": "add2",
      "buffers": [
        {"name": "arg0", "role": "input", "shape": [256], "dtype": "f32", "bytes": 1024},
        {"name": "arg1", "role": "input", "shape": [2, 128], "dtype": "f32", "bytes": 1024},
        {"name": "result0", "role": "output", "shape": [256], "dtype": "f32", "bytes": 1024},
        {"name": "tmp0", "role": "temporary", "shape": [256], "dtype": "f32", "bytes": 1024}
      ],
      "kernels": [
        {"name": "add_kernel", "grid": [2, 1, 1], "block": [128, 1, 1],
         "shared_memory_bytes": 0, "args": [0, 1, 3]},
        {"name": "add_kernel", "grid": [2, 1, 1], "block": [128, 1, 1],
         "shared_memory_bytes": )" +
         s + R"(, "args": [3, 0, 2]}
      ]}]})";
}

TEST(DeviceTest, RunsKernelsWhereThereIsAGpu) {
  std::string error;
  std::unique_ptr<Device> device = Device::open(&error);
  if (!device)
    GTEST_SKIP() << "no GPU: " << error;
  // Above 48 KiB where the device allows it, to exercise the attribute.
  uint32_t shared =
      device->maxSharedMemoryPerBlockOptin() >= 64 * 1024 ? 64 * 1024 : 1024;
  std::optional<Manifest> manifest = parseManifest(addManifest(shared), &error);
  ASSERT_TRUE(manifest) << error;
  std::unique_ptr<Program> program =
      Program::loadPtx(*device, *manifest, kAddPtx, &error);
  ASSERT_TRUE(program) << error;

  std::vector<float> a(256), b(256), out(256, -1.0f);
  for (int i = 0; i < 256; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = static_cast<float>(1000 * i);
  }
  Timing timing;
  ASSERT_TRUE(program->run("add2", {{a.data(), 1024}, {b.data(), 1024}},
                           {{out.data(), 1024}}, &error, 3, &timing))
      << error;
  for (int i = 0; i < 256; ++i)
    ASSERT_EQ(out[i], 1002.0f * i) << "element " << i;
  EXPECT_EQ(timing.repeat, 3u);
  ASSERT_EQ(timing.kernelMs.size(), 2u);
  EXPECT_GE(timing.totalMs, 0.0);
  EXPECT_LE(timing.minTotalMs, timing.totalMs);

  EXPECT_FALSE(
      program->run("add2", {{a.data(), 1024}}, {{out.data(), 1024}}, &error));
  EXPECT_EQ(error, "function 'add2' takes 2 inputs, got 1");
  EXPECT_FALSE(program->run("add2", {{a.data(), 1024}, {b.data(), 1000}},
                            {{out.data(), 1024}}, &error));
  EXPECT_EQ(error, "input 1 ('arg1') of function 'add2': 1000 bytes given, "
                   "the manifest says 1024 (f32 [2, 128])");
  EXPECT_FALSE(program->run("add2", {{a.data(), 1024}, {b.data(), 1024}},
                            {{out.data(), 4}}, &error));
  EXPECT_EQ(error, "output 0 ('result0') of function 'add2': 4 bytes given, "
                   "the manifest says 1024 (f32 [256])");
  EXPECT_FALSE(program->run("nope", {}, {}, &error));
  EXPECT_EQ(error, "no function 'nope' in the manifest (it has: add2)");

  // A kernel the PTX does not define.
  std::string text = addManifest(0);
  text.replace(text.rfind("add_kernel"), 10, "sub_kernel");
  std::optional<Manifest> wrong = parseManifest(text, &error);
  ASSERT_TRUE(wrong) << error;
  EXPECT_FALSE(Program::loadPtx(*device, *wrong, kAddPtx, &error));
  EXPECT_EQ(error.rfind("functions[0].kernels[1]: no kernel 'sub_kernel' in "
                        "'add.ptx': ",
                        0),
            0u)
      << error;

  // PTX that does not compile names the problem.
  EXPECT_FALSE(Program::loadPtx(*device, *manifest, "not ptx", &error));
  EXPECT_EQ(error.rfind("cannot load 'add.ptx': ", 0), 0u) << error;
}

} // namespace
