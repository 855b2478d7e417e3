//===- ReadFile.h - Reading a whole file for the runtime --------*- C++ -*-===//
//
// The runtime reads launch manifests, PTX and .npy files whole. A path
// naming a directory made the C++ stream throw out of the reader, and a
// device such as /dev/zero never ends; both are refused with a message.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_RUNTIME_READFILE_H
#define TSOPT_RUNTIME_READFILE_H

#include <cstdint>
#include <string>
#include <vector>

namespace tsopt {
namespace runtime {

/// Reads the regular file (or pipe) at `path` into `bytes`. Fails, with the
/// reason in `error`, on what cannot be opened or read, on a directory or
/// device, and on a file longer than `maxBytes` (checked before reading a
/// regular file, and while reading a pipe).
bool readFileBytes(const std::string &path, std::vector<char> &bytes,
                   std::string *error, uint64_t maxBytes = UINT64_MAX);

} // namespace runtime
} // namespace tsopt

#endif // TSOPT_RUNTIME_READFILE_H
