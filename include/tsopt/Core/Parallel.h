//===- Parallel.h - Work on a bounded number of threads ---------*- C++ -*-===//
//
// The verifier, the search and orchestration run independent work on the
// `threads` the user asks for. A count is a request: it is clamped to
// kMaxThreads, and threads the system refuses to start are done without
// (the calling thread always works), so no count makes the process abort.
// That is why this is not llvm::ThreadPool: LLVM's threads report a fatal
// error when the system refuses one (pthread_create failing), and a pool
// sized by a user's option must not abort the compiler.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CORE_PARALLEL_H
#define TSOPT_CORE_PARALLEL_H

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <vector>

namespace tsopt {

/// The most threads tsopt starts for one piece of work.
constexpr unsigned kMaxThreads = 256;

/// The threads to use for a request of `requested` (0 means 1).
inline unsigned workerThreads(unsigned requested) {
  return std::clamp(requested, 1u, kMaxThreads);
}

/// Runs `worker` on the calling thread and on up to workerThreads(threads)
/// - 1 more, and joins them. The workers share their work among themselves.
void runWorkers(unsigned threads, const std::function<void()> &worker);

/// Runs `work(i)` for i in [0, n) on up to `threads` threads. Each call
/// writes only its own results, so the outcome does not depend on the
/// schedule.
inline void parallelFor(size_t n, unsigned threads,
                        const std::function<void(size_t)> &work) {
  std::atomic<size_t> next{0};
  runWorkers(static_cast<unsigned>(std::min<size_t>(workerThreads(threads), n)),
             [&] {
               for (size_t i; (i = next++) < n;)
                 work(i);
             });
}

} // namespace tsopt

#endif // TSOPT_CORE_PARALLEL_H
