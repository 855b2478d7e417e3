//===- Mpi.cpp - Work items over the processes of an MPI job --------------===//
//
// See Mpi.h. Messages are byte strings: a request is packFields({task,
// request}) from rank 0 to a worker, a reply the handler's text back, and
// an empty message with kStopTag ends a worker.
//
//===----------------------------------------------------------------------===//

#include "tsopt/Distributed/Mpi.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <mpi.h>

#include <chrono>
#include <cstdlib>
#include <thread>

using namespace tsopt;

namespace {
constexpr int kRequestTag = 1;
constexpr int kReplyTag = 2;
constexpr int kStopTag = 3;

/// Waits for a message from `source` with `tag` (either may be a wildcard),
/// polling with sleeps that grow from 20 us to 2 ms.
bool waitForMessage(int source, int tag, MPI_Status &status) {
  auto pause = std::chrono::microseconds(20);
  while (true) {
    int ready = 0;
    if (MPI_Iprobe(source, tag, MPI_COMM_WORLD, &ready, &status) != MPI_SUCCESS)
      return false;
    if (ready)
      return true;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(2000));
  }
}

/// Receives the message `status` announced.
bool receive(const MPI_Status &status, std::string &text) {
  int count = 0;
  MPI_Status probed = status;
  if (MPI_Get_count(&probed, MPI_CHAR, &count) != MPI_SUCCESS || count < 0)
    return false;
  text.assign(static_cast<size_t>(count), '\0');
  return MPI_Recv(text.data(), count, MPI_CHAR, status.MPI_SOURCE,
                  status.MPI_TAG, MPI_COMM_WORLD,
                  MPI_STATUS_IGNORE) == MPI_SUCCESS;
}

bool send(const std::string &text, int rank, int tag) {
  if (text.size() > static_cast<size_t>(INT32_MAX))
    return false;
  return MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, rank,
                  tag, MPI_COMM_WORLD) == MPI_SUCCESS;
}
} // namespace

MpiDistributor::MpiDistributor(int ranks) : ranks(ranks) {
  // Report failures instead of aborting inside MPI.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

unsigned MpiDistributor::workers() const {
  return ranks > 1 ? static_cast<unsigned>(ranks - 1) : 0;
}

std::vector<size_t>
MpiDistributor::run(llvm::StringRef task, uint64_t batch,
                    llvm::function_ref<std::optional<size_t>()> take,
                    llvm::function_ref<std::string(size_t, unsigned)> request,
                    llvm::function_ref<void(size_t, llvm::StringRef)> reply) {
  std::vector<size_t> redo;
  std::unique_lock<std::mutex> lock(busy, std::try_to_lock);
  if (!lock.owns_lock())
    return redo; // another run talks to the workers: this one stays here
  std::vector<std::optional<size_t>> held(ranks);
  std::vector<std::chrono::steady_clock::time_point> sent(ranks);
  std::vector<bool> failed(ranks, false);
  int inFlight = 0;
  auto fail = [&](int rank, size_t item, llvm::StringRef why) {
    llvm::errs() << "tsopt-mpi: worker rank " << rank << " could not run item "
                 << item << " of " << task << " (" << why
                 << "); it is run on rank 0\n";
    redo.push_back(item);
  };
  auto hand = [&](int rank) {
    while (!failed[rank]) {
      std::optional<size_t> item = take();
      if (!item)
        return;
      std::string text = request(*item, static_cast<unsigned>(rank - 1));
      if (text.empty()) { // an item that runs on rank 0
        redo.push_back(*item);
        continue;
      }
      if (!send(packFields({task, text}), rank, kRequestTag)) {
        failed[rank] = true;
        fail(rank, *item, "the request could not be sent");
        return;
      }
      held[rank] = *item;
      sent[rank] = std::chrono::steady_clock::now();
      ++inFlight;
      return;
    }
  };
  for (int rank = 1; rank < ranks; ++rank)
    hand(rank);
  while (inFlight > 0) {
    MPI_Status status;
    std::string text;
    if (!waitForMessage(MPI_ANY_SOURCE, kReplyTag, status) ||
        !receive(status, text)) {
      // The job has lost a worker: every item in flight is run here.
      for (int rank = 1; rank < ranks; ++rank)
        if (held[rank]) {
          failed[rank] = true;
          fail(rank, *held[rank], "no reply");
          held[rank].reset();
        }
      break;
    }
    int rank = status.MPI_SOURCE;
    if (rank <= 0 || rank >= ranks || !held[rank])
      continue; // not an answer to a request of this run
    size_t item = *held[rank];
    held[rank].reset();
    --inFlight;
    trace(task, batch, item, rank,
          std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                        sent[rank])
              .count());
    if (isTaskError(text))
      fail(rank, item, llvm::StringRef(text).drop_front(7));
    else
      reply(item, text);
    hand(rank);
  }
  return redo;
}

void MpiDistributor::ranHere(llvm::StringRef task, uint64_t batch, size_t item,
                             double seconds) {
  trace(task, batch, item, 0, seconds);
}

void MpiDistributor::traceTo(llvm::StringRef path) {
  std::lock_guard<std::mutex> lock(traceMutex);
  traceFile.reset();
  if (path.empty())
    return;
  std::error_code ec;
  traceFile = std::make_unique<llvm::raw_fd_ostream>(path, ec);
  if (ec) {
    llvm::errs() << "tsopt-mpi: cannot write the trace '" << path
                 << "': " << ec.message() << "\n";
    traceFile.reset();
  }
}

void MpiDistributor::trace(llvm::StringRef task, uint64_t batch, size_t item,
                           int rank, double seconds) {
  std::lock_guard<std::mutex> lock(traceMutex);
  if (traceFile)
    *traceFile << task << ' ' << batch << ' ' << item << ' ' << rank << ' '
               << llvm::format("%.6f", seconds) << '\n';
}

void MpiDistributor::stopWorkers() {
  for (int rank = 1; rank < ranks; ++rank)
    (void)send(std::string(), rank, kStopTag);
}

int tsopt::runMpiWorker(const TaskRegistry &tasks) {
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  int64_t faultAfter = -1;
  if (const char *env = std::getenv("TSOPT_MPI_FAULT_AFTER"))
    faultAfter = std::atoll(env);
  int64_t served = 0;
  while (true) {
    MPI_Status status;
    std::string text;
    if (!waitForMessage(0, MPI_ANY_TAG, status) || !receive(status, text))
      return 1;
    if (status.MPI_TAG == kStopTag)
      return 0;
    if (faultAfter >= 0 && served++ == faultAfter)
      std::abort();
    std::string answer;
    std::optional<std::vector<llvm::StringRef>> fields = unpackFields(text);
    if (!fields || fields->size() != 2) {
      answer = taskError("not a request");
    } else if (auto it = tasks.find((*fields)[0]); it == tasks.end()) {
      answer = taskError("no task '" + (*fields)[0].str() + "'");
    } else {
      answer = it->second((*fields)[1]);
    }
    if (!send(answer, 0, kReplyTag))
      return 1;
  }
}
