//===- Parallel.cpp - Work on a bounded number of threads -----------------===//
//
// Out of line so that the headers need no exceptions: a thread the system
// refuses to start (std::system_error) is caught here, in a library built
// with exceptions, and never reaches code built without them.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Core/Parallel.h"

#include <system_error>
#include <thread>

void tsopt::runWorkers(unsigned threads, const std::function<void()> &worker) {
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < workerThreads(threads); ++t) {
    try {
      pool.emplace_back(worker);
    } catch (const std::system_error &) {
      break; // the system has no more threads to give: go on with these
    }
  }
  worker();
  for (std::thread &t : pool)
    t.join();
}
