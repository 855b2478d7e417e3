//===- tsopt-mpi.cpp - tsopt-opt over the processes of an MPI job ---------===//
//
// `mpirun -np N tsopt-mpi <tsopt-opt arguments>`: rank 0 is tsopt-opt, with
// the other N - 1 ranks taking the work items of every search and
// orchestration it runs (tsopt/Distributed/Mpi.h). The result is the one
// tsopt-opt gives with the same input and options, whatever N. A driver of
// its own, rather than an option of the passes, because an MPI job is a
// property of the processes that start together, not of one pass: the
// workers must be running the worker loop before the coordinator parses its
// input, and tsopt-opt itself then needs no MPI.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Tools/OptMain.h"

#include "tsopt/Distributed/Mpi.h"
#include "tsopt/Orchestrate/Orchestrate.h"
#include "tsopt/Search/Search.h"
#include "tsopt/Verify/Equivalence.h"

#include "llvm/Support/raw_ostream.h"

#include <mpi.h>

#include <cstdlib>

namespace {
tsopt::MpiDistributor *coordinator = nullptr;

/// tsopt-opt's main may end the process by exit() (--help, --version):
/// the workers are stopped and MPI finalized then too.
void finishJob() {
  if (coordinator) {
    coordinator->stopWorkers();
    tsopt::workDistributor() = nullptr;
    coordinator = nullptr;
  }
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized)
    MPI_Finalize();
}
} // namespace

int main(int argc, char **argv) {
  int provided = 0;
  if (MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided) !=
      MPI_SUCCESS) {
    llvm::errs() << "tsopt-mpi: MPI could not be initialized\n";
    return 1;
  }
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (rank != 0) {
    tsopt::TaskRegistry tasks;
    tsopt::registerSearchTasks(tasks);
    tsopt::registerOrchestrateTasks(tasks);
    tsopt::registerVerifyTasks(tasks);
    int rc = tsopt::runMpiWorker(tasks);
    MPI_Finalize();
    return rc;
  }
  // The dispatcher talks to MPI from a thread of its own, one at a time.
  if (provided < MPI_THREAD_SERIALIZED && ranks > 1) {
    llvm::errs() << "tsopt-mpi: this MPI does not allow calls from more than "
                    "one thread (MPI_THREAD_SERIALIZED); running on rank 0 "
                    "alone\n";
    ranks = 1;
  }
  static tsopt::MpiDistributor distributor(ranks);
  if (const char *path = std::getenv("TSOPT_MPI_TRACE"))
    distributor.traceTo(path);
  // With one rank, the distributor only traces.
  coordinator = &distributor;
  tsopt::workDistributor() = coordinator;
  std::atexit(finishJob);
  int rc = tsopt::tsoptOptMain(argc, argv);
  finishJob();
  return rc;
}
