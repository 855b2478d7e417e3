//===- Distribute.h - Work items spread over a job's processes --*- C++ -*-===//
//
// The search's work items, the pricing of its candidates and orchestration's
// pricing of candidate kernels are independent items whose results are kept
// by index. Beyond the threads of one process (Parallel.h), a job of several
// processes (an MPI job, tsopt/Distributed/Mpi.h) takes items too: this
// process is the coordinator, which runs every stage and decides everything
// time-dependent, and hands items to the other processes (workers) one at a
// time each, as they finish, because item sizes differ by orders of
// magnitude. A worker runs an item from its request text alone (a task
// registered by name) and replies with text; the coordinator merges replies
// by index, so the result is the one a single process computes.
//
// This header has no MPI in it: without a distributor installed (the
// default, and every build without MPI) distributedFor is parallelFor.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_CORE_DISTRIBUTE_H
#define TSOPT_CORE_DISTRIBUTE_H

#include "tsopt/Core/Parallel.h"
#include "tsopt/Support/Deadline.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/bit.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tsopt {

/// The other processes of a job, which run work items for this one.
class WorkDistributor {
public:
  virtual ~WorkDistributor() = default;
  /// How many worker processes take items.
  virtual unsigned workers() const = 0;
  /// Hands items of `task` to the workers, one at a time each, as long as
  /// `take` gives one; `request(i, w)` is item i's request text for worker
  /// w (in [0, workers())), empty for an item that runs here, and
  /// `reply(i, text)` gets a worker's reply, on the calling thread. Returns
  /// when every item handed out is answered, with the items whose worker
  /// failed (reported on stderr), for the caller to run itself.
  /// `batch` numbers the calls of distributedFor in this process (a trace
  /// groups items by it: one batch's items may run at once, batches run
  /// one after another).
  virtual std::vector<size_t>
  run(llvm::StringRef task, uint64_t batch,
      llvm::function_ref<std::optional<size_t>()> take,
      llvm::function_ref<std::string(size_t, unsigned)> request,
      llvm::function_ref<void(size_t, llvm::StringRef)> reply) = 0;
  /// Told of each item of `task` run here (distributedFor), with its
  /// seconds, for a job's trace of item sizes.
  virtual void ranHere(llvm::StringRef task, uint64_t batch, size_t item,
                       double seconds) {}
};

/// The distributor of this process; null (the default) keeps every item
/// here. Set once, before any work, by a driver (tsopt-mpi).
inline WorkDistributor *&workDistributor() {
  static WorkDistributor *distributor = nullptr;
  return distributor;
}

/// What a worker runs for a task: the request text in, the reply out.
using TaskHandler = std::function<std::string(llvm::StringRef request)>;

/// The tasks a worker process can run, by name (the type
/// registerSearchTasks and registerOrchestrateTasks fill).
using TaskRegistry = llvm::StringMap<TaskHandler>;

/// One kind of item as the coordinator hands it out.
struct RemoteWork {
  /// The registered task a worker runs.
  llvm::StringRef task;
  /// Item i's request for worker w (one thread at a time, the same as
  /// `reply`'s); empty: item i runs here.
  std::function<std::string(size_t i, unsigned w)> request;
  /// A worker's reply to item i (on one thread at a time).
  std::function<void(size_t, llvm::StringRef)> reply;
};

/// Runs `local(i)` for the items i in [0, n) on up to `threads` threads
/// here while, with a distributor and `remote`, its workers take items too;
/// `more()` false hands out no more items (a stop). Each item is run once,
/// here or by a worker (or here again, if its worker failed); results kept
/// by index do not depend on where.
void distributedFor(size_t n, unsigned threads,
                    const std::function<void(size_t)> &local,
                    const RemoteWork *remote = nullptr,
                    const std::function<bool()> &more = nullptr);

/// Request and reply texts of several fields: each one's length, a colon,
/// then its bytes, so that any bytes survive.
inline std::string packFields(llvm::ArrayRef<llvm::StringRef> fields) {
  std::string out;
  for (llvm::StringRef f : fields) {
    out += std::to_string(f.size());
    out += ':';
    out += f.str();
  }
  return out;
}

/// The fields of packFields' text; nullopt when it is not such a text.
inline std::optional<std::vector<llvm::StringRef>>
unpackFields(llvm::StringRef text) {
  std::vector<llvm::StringRef> fields;
  while (!text.empty()) {
    auto [len, rest] = text.split(':');
    size_t size;
    if (len.getAsInteger(10, size) || size > rest.size())
      return std::nullopt;
    fields.push_back(rest.take_front(size));
    text = rest.drop_front(size);
  }
  return fields;
}

/// A double as a field: its bits, so that the reader gets exactly the value
/// (an estimate computed by a worker is the one this process computes).
inline std::string doubleField(double x) {
  return llvm::utohexstr(llvm::bit_cast<uint64_t>(x));
}

inline std::optional<double> parseDoubleField(llvm::StringRef text) {
  uint64_t bits;
  if (text.getAsInteger(16, bits))
    return std::nullopt;
  return llvm::bit_cast<double>(bits);
}

/// The deadline of an item as a field: the seconds left (0: none, what
/// Deadline::in reads as no deadline).
inline std::string deadlineField(const Deadline &deadline) {
  return doubleField(deadline.isSet() ? std::max(deadline.secondsLeft(), 1e-9)
                                      : 0.0);
}

inline std::optional<Deadline> parseDeadlineField(llvm::StringRef text) {
  std::optional<double> seconds = parseDoubleField(text);
  if (!seconds)
    return std::nullopt;
  return Deadline::in(*seconds);
}

/// A worker's reply when it could not run an item: the coordinator runs
/// the item itself.
inline std::string taskError(llvm::StringRef why) {
  return ("error: " + why).str();
}
inline bool isTaskError(llvm::StringRef reply) {
  return reply.starts_with("error: ");
}

} // namespace tsopt

#endif // TSOPT_CORE_DISTRIBUTE_H
