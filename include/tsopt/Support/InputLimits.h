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

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>
#include <string>

namespace tsopt {

/// The deepest bracket nesting tsopt's tools accept. Real programs nest a
/// few levels (a kernel's block graph holds a thread graph); the parser
/// overflows an 8 MiB stack near 20,000.
constexpr unsigned kMaxIRNesting = 1000;

/// The most bytes of IR text a tool reads: far above any program's text
/// (weights are arguments, not constants), and a bound on what an endless
/// input (`/dev/zero`, a pipe that never closes) can make a tool read.
constexpr uint64_t kMaxIRBytes = uint64_t(256) << 20;

/// Reads `path` ("-": standard input) whole, at most `limit` bytes: a
/// larger input (a regular file by its size, anything else as it is read)
/// is refused with a message in `why`, as is one that cannot be opened.
std::unique_ptr<llvm::MemoryBuffer> readIRInput(llvm::StringRef path,
                                                std::string *why,
                                                uint64_t limit = kMaxIRBytes);

/// Fails when brackets ('(', '[', '{', '<') nest deeper than `limit` in
/// `text`, outside string literals and `//` comments (the '>' of '->' closes
/// nothing). `why` then names the line where the limit is passed.
llvm::LogicalResult checkIRNesting(llvm::StringRef text, std::string *why,
                                   unsigned limit = kMaxIRNesting);

/// Runs `parse`, a call of MLIR's parser, so that a crash inside it (a
/// malformed `linalg.transpose` makes upstream's parser dereference a null
/// attribute, docs/fuzzing.md) is caught: returns false then, and the
/// caller reports the input as unreadable and exits instead of dumping a
/// stack. Only the parse runs this way; a crash anywhere else still
/// crashes, with its stack. After a caught crash, what the parse touched
/// (the context, the block, the source manager) must be neither used nor
/// destroyed: the tools exit, the Python package leaves it allocated.
bool parseSurvives(llvm::function_ref<void()> parse);

/// The message for input the parser crashed on.
constexpr const char *kParserCrashed =
    "MLIR's parser crashed on this input (an upstream defect; malformed "
    "syntax of an upstream op); nothing was read";

} // namespace tsopt

#endif // TSOPT_SUPPORT_INPUTLIMITS_H
