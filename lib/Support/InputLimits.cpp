//===- InputLimits.cpp - Limits on IR text before it is parsed ------------===//

#include "tsopt/Support/InputLimits.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"

#include <cerrno>
#include <cstdio>
#include <cstring>

using namespace llvm;

std::unique_ptr<MemoryBuffer>
tsopt::readIRInput(StringRef path, std::string *why, uint64_t limit) {
  auto tooLarge = [&] {
    if (why)
      *why = (path == "-" ? std::string("standard input") : path.str()) +
             ": the input is larger than " + std::to_string(limit) +
             " bytes, more than any program's text; refused before parsing";
    return nullptr;
  };
  bool stdinput = path == "-";
  // A regular file is refused by its size before it is read.
  sys::fs::file_status status;
  if (!stdinput && !sys::fs::status(path, status) &&
      sys::fs::is_regular_file(status) && status.getSize() > limit)
    return tooLarge();
  std::FILE *file = stdinput ? stdin : std::fopen(path.str().c_str(), "rb");
  if (!file) {
    if (why)
      *why = "cannot open input file '" + path.str() +
             "': " + std::strerror(errno);
    return nullptr;
  }
  std::string text;
  char chunk[1 << 16];
  bool failedRead = false;
  while (true) {
    size_t n = std::fread(chunk, 1, sizeof(chunk), file);
    text.append(chunk, n);
    if (text.size() > limit)
      break;
    if (n < sizeof(chunk)) {
      failedRead = std::ferror(file);
      break;
    }
  }
  if (!stdinput)
    std::fclose(file);
  if (text.size() > limit)
    return tooLarge();
  if (failedRead) {
    if (why)
      *why = "cannot read input file '" + path.str() + "'";
    return nullptr;
  }
  return MemoryBuffer::getMemBufferCopy(text, stdinput ? "<stdin>" : path);
}

LogicalResult tsopt::checkIRNesting(StringRef text, std::string *why,
                                    unsigned limit) {
  unsigned depth = 0, line = 1;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    switch (c) {
    case '\n':
      ++line;
      break;
    case '"': // a string literal, with backslash escapes
      for (++i; i < e && text[i] != '"'; ++i) {
        if (text[i] == '\\')
          ++i;
        else if (text[i] == '\n')
          ++line;
      }
      break;
    case '/':
      if (i + 1 < e && text[i + 1] == '/')
        while (i + 1 < e && text[i + 1] != '\n')
          ++i;
      break;
    case '(':
    case '[':
    case '{':
    case '<':
      if (++depth > limit) {
        if (why)
          *why = "line " + std::to_string(line) +
                 ": brackets nest deeper than " + std::to_string(limit) +
                 " levels, more than tsopt reads (MLIR's parser recurses "
                 "once per level)";
        return failure();
      }
      break;
    case '>':
      if (i > 0 && text[i - 1] == '-')
        break; // an arrow
      [[fallthrough]];
    case ')':
    case ']':
    case '}':
      if (depth > 0)
        --depth;
      break;
    default:
      break;
    }
  }
  return success();
}

bool tsopt::parseSurvives(function_ref<void()> parse) {
  CrashRecoveryContext::Enable();
  CrashRecoveryContext context;
  bool survived = context.RunSafely(parse);
  CrashRecoveryContext::Disable();
  return survived;
}
