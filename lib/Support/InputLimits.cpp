//===- InputLimits.cpp - Limits on IR text before it is parsed ------------===//

#include "tsopt/Support/InputLimits.h"

#include "llvm/Support/CrashRecoveryContext.h"

using namespace llvm;

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
