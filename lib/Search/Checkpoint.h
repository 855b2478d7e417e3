//===- Checkpoint.h - Resumable search state --------------*- C++ -*-===//
//
// Internal to the search: finished work items and their candidates, keyed by
// the program and every option that changes what the search finds.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_LIB_SEARCH_CHECKPOINT_H
#define TSOPT_LIB_SEARCH_CHECKPOINT_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tsopt::search {

struct Checkpoint {
  std::string programKey;
  std::map<size_t, std::vector<std::string>> done; // item -> candidates

  void load(llvm::StringRef path, const std::string &key) {
    auto buf = llvm::MemoryBuffer::getFile(path);
    if (!buf)
      return;
    llvm::SmallVector<llvm::StringRef> lines;
    (*buf)->getBuffer().split(lines, '\n', -1, false);
    if (lines.empty() || lines[0] != key)
      return; // another program or other options: start afresh
    programKey = key;
    for (llvm::StringRef line : llvm::drop_begin(lines)) {
      auto [head, rest] = line.split(' ');
      size_t item;
      if (head.consume_front("item:") && !head.getAsInteger(10, item)) {
        done[item];
        continue;
      }
      if (head.consume_front("cand:") && !head.getAsInteger(10, item))
        done[item].push_back(rest.str());
    }
  }
  /// Why a checkpoint cannot be kept at `path` (save writes `path`.tmp,
  /// then renames it), or nothing when it can.
  static std::optional<std::string> unwritable(llvm::StringRef path) {
    if (llvm::sys::fs::is_directory(path))
      return "cannot write the checkpoint '" + path.str() +
             "': it is a directory";
    std::string tmp = (path + ".tmp").str();
    std::error_code ec;
    {
      llvm::raw_fd_ostream os(tmp, ec);
    }
    if (ec)
      return "cannot write the checkpoint '" + path.str() + "': " +
             ec.message();
    llvm::sys::fs::remove(tmp);
    return std::nullopt;
  }
  void save(llvm::StringRef path, const std::string &key) const {
    std::string tmp = (path + ".tmp").str();
    std::error_code ec;
    {
      llvm::raw_fd_ostream os(tmp, ec);
      if (ec)
        return;
      os << key << '\n';
      for (const auto &[item, cands] : done) {
        os << "item:" << item << '\n';
        for (const std::string &c : cands)
          os << "cand:" << item << ' ' << c << '\n';
      }
    }
    llvm::sys::fs::rename(tmp, path);
  }
};

} // namespace tsopt::search

#endif // TSOPT_LIB_SEARCH_CHECKPOINT_H
