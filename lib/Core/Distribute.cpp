//===- Distribute.cpp - Work items spread over a job's processes ----------===//

#include "tsopt/Core/Distribute.h"

#include <chrono>
#include <system_error>
#include <thread>

void tsopt::distributedFor(size_t n, unsigned threads,
                           const std::function<void(size_t)> &local,
                           const RemoteWork *remote,
                           const std::function<bool()> &more) {
  std::atomic<size_t> next{0};
  auto take = [&]() -> std::optional<size_t> {
    if (next.load() >= n || (more && !more()))
      return std::nullopt;
    size_t i = next++;
    return i < n ? std::optional<size_t>(i) : std::nullopt;
  };
  WorkDistributor *distributor = remote ? workDistributor() : nullptr;
  static std::atomic<uint64_t> batches{0};
  uint64_t batch = distributor ? ++batches : 0;
  std::vector<size_t> redo;
  std::thread dispatcher;
  if (distributor && distributor->workers() > 0 && n > 0) {
    try {
      dispatcher = std::thread([&] {
        redo = distributor->run(remote->task, batch, take, remote->request,
                                remote->reply);
      });
    } catch (const std::system_error &) {
      // No thread for the dispatcher: every item is run here.
    }
  }
  runWorkers(
      static_cast<unsigned>(std::min<size_t>(workerThreads(threads), n)), [&] {
        while (std::optional<size_t> i = take()) {
          auto start = std::chrono::steady_clock::now();
          local(*i);
          if (distributor)
            distributor->ranHere(remote->task, batch, *i,
                                 std::chrono::duration<double>(
                                     std::chrono::steady_clock::now() - start)
                                     .count());
        }
      });
  if (dispatcher.joinable())
    dispatcher.join();
  parallelFor(redo.size(), threads, [&](size_t j) { local(redo[j]); });
}
