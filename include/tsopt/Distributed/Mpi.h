//===- Mpi.h - Work items over the processes of an MPI job ------*- C++ -*-===//
//
// The MPI side of Distribute.h. Rank 0 of MPI_COMM_WORLD is the
// coordinator: it runs the whole program (tsopt-mpi runs tsopt-opt's main
// there) with an MpiDistributor installed, and every other rank is a worker
// that runs items from their requests (runMpiWorker) until the coordinator
// stops it. A worker holds one item at a time, so a job of n ranks gives
// the coordinator n - 1 workers beside its own threads.
//
// Only one thread of the coordinator talks to MPI at a time (a run holds
// the distributor; a second, concurrent run hands out nothing and leaves
// its items to its own threads), so MPI_THREAD_SERIALIZED is enough. While
// waiting, both sides poll with short sleeps instead of spinning, so that a
// job oversubscribing its cores leaves them to the work.
//
// Faults: a worker's reply that it could not run an item (taskError) makes
// the coordinator report it and run the item itself. A rank that dies ends
// the job under Open MPI's default error handling (an MPI job without
// fault-tolerance extensions cannot go on with a lost member); what the
// search finished is in its checkpoint, which a later run, with any
// number of ranks, resumes.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_DISTRIBUTED_MPI_H
#define TSOPT_DISTRIBUTED_MPI_H

#include "tsopt/Core/Distribute.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <memory>
#include <mutex>

namespace tsopt {

/// The coordinator's distributor over the other ranks of MPI_COMM_WORLD.
class MpiDistributor : public WorkDistributor {
public:
  /// Over ranks 1 .. ranks - 1.
  explicit MpiDistributor(int ranks);
  unsigned workers() const override;
  std::vector<size_t>
  run(llvm::StringRef task, uint64_t batch,
      llvm::function_ref<std::optional<size_t>()> take,
      llvm::function_ref<std::string(size_t, unsigned)> request,
      llvm::function_ref<void(size_t, llvm::StringRef)> reply) override;
  /// Ends every worker's loop (runMpiWorker returns). Call once, after the
  /// last run.
  void stopWorkers();

  void ranHere(llvm::StringRef task, uint64_t batch, size_t item,
               double seconds) override;
  /// Writes a line per item, "task batch item rank seconds" (seconds from
  /// the request to the reply on a worker's item), to `path`; "" writes
  /// none.
  /// The job's distribution of item sizes (utils/bench_mpi.py reads it).
  void traceTo(llvm::StringRef path);

private:
  void trace(llvm::StringRef task, uint64_t batch, size_t item, int rank,
             double seconds);

  int ranks;
  std::mutex busy, traceMutex;
  std::unique_ptr<llvm::raw_fd_ostream> traceFile;
};

/// A worker rank's loop: receives requests from rank 0, runs each with the
/// handler of its task and replies, until stopped. Returns the exit code.
/// The environment variable TSOPT_MPI_FAULT_AFTER=n makes the worker abort
/// on its (n + 1)-th request, as a crashed worker would (fault tests).
int runMpiWorker(const TaskRegistry &tasks);

} // namespace tsopt

#endif // TSOPT_DISTRIBUTED_MPI_H
