//===- InputLimits.h - Limits on IR text before it is parsed ----*- C++ -*-===//
//
// MLIR's parser recurses once per level of nested brackets, with no limit of
// its own: twenty thousand nested parentheses in a type overflow the stack
// (found by the ir fuzzer, docs/fuzzing.md; upstream mlir-opt crashes the
// same way). tsopt's tools and the Python package check the nesting of the
// text first and refuse what is deeper than any program needs.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_SUPPORT_INPUTLIMITS_H
#define TSOPT_SUPPORT_INPUTLIMITS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

#include <string>

namespace tsopt {

/// The deepest bracket nesting tsopt's tools accept. Real programs nest a
/// few levels (a kernel's block graph holds a thread graph); the parser
/// overflows an 8 MiB stack near 20,000.
constexpr unsigned kMaxIRNesting = 1000;

/// Fails when brackets ('(', '[', '{', '<') nest deeper than `limit` in
/// `text`, outside string literals and `//` comments (the '>' of '->' closes
/// nothing). `why` then names the line where the limit is passed.
llvm::LogicalResult checkIRNesting(llvm::StringRef text, std::string *why,
                                   unsigned limit = kMaxIRNesting);

} // namespace tsopt

#endif // TSOPT_SUPPORT_INPUTLIMITS_H
