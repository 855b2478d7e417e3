//===- Memo.h - Process-wide memo of pure results by key --------*- C++ -*-===//
//
// A thread-safe map from string keys to values for results that depend on
// nothing but their key (prices and plans the search and fusion ask for
// again and again). Bounded: past its capacity it forgets everything, so a
// long-lived process does not grow without end.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_SUPPORT_MEMO_H
#define TSOPT_SUPPORT_MEMO_H

#include "llvm/ADT/StringMap.h"

#include <mutex>
#include <optional>

namespace tsopt {

template <typename T> class Memo {
public:
  explicit Memo(size_t capacity) : capacity(capacity) {}

  std::optional<T> lookup(llvm::StringRef key) const {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = values.find(key);
    if (it == values.end())
      return std::nullopt;
    return it->second;
  }

  void insert(llvm::StringRef key, const T &value) {
    std::lock_guard<std::mutex> lock(mutex);
    if (values.size() >= capacity)
      values.clear();
    values.insert_or_assign(key, value);
  }

private:
  size_t capacity;
  mutable std::mutex mutex;
  llvm::StringMap<T> values;
};

} // namespace tsopt

#endif // TSOPT_SUPPORT_MEMO_H
