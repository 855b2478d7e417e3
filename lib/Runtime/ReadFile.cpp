//===- ReadFile.cpp - Reading a whole file for the runtime ----------------===//

#include "tsopt/Runtime/ReadFile.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <new>

bool tsopt::runtime::readFileBytes(const std::string &path,
                                   std::vector<char> &bytes,
                                   std::string *error, uint64_t maxBytes) {
  auto fail = [&](const std::string &why) {
    if (error)
      *error = "cannot read '" + path + "': " + why;
    return false;
  };
  struct stat info;
  if (stat(path.c_str(), &info) != 0)
    return fail(std::strerror(errno));
  if (!S_ISREG(info.st_mode) && !S_ISFIFO(info.st_mode))
    return fail(S_ISDIR(info.st_mode) ? "it is a directory"
                                      : "it is not a regular file");
  if (S_ISREG(info.st_mode) && static_cast<uint64_t>(info.st_size) > maxBytes)
    return fail("it has " + std::to_string(info.st_size) +
                " bytes, more than the " + std::to_string(maxBytes) +
                " it may have");
  std::unique_ptr<FILE, int (*)(FILE *)> file(std::fopen(path.c_str(), "rb"),
                                              &std::fclose);
  if (!file)
    return fail(std::strerror(errno));
  bytes.clear();
  try {
    if (S_ISREG(info.st_mode))
      bytes.reserve(static_cast<size_t>(info.st_size));
    char chunk[1 << 16];
    size_t got;
    while ((got = std::fread(chunk, 1, sizeof chunk, file.get())) > 0) {
      if (bytes.size() + got > maxBytes)
        return fail("it has more than the " + std::to_string(maxBytes) +
                    " bytes it may have");
      bytes.insert(bytes.end(), chunk, chunk + got);
    }
  } catch (const std::bad_alloc &) {
    return fail("it does not fit in memory");
  }
  if (std::ferror(file.get()))
    return fail(std::strerror(errno));
  return true;
}
