//===- DistributeTest.cpp - Work items over a job's processes -------------===//

#include "tsopt/Core/Distribute.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>
#include <set>
#include <thread>

using namespace tsopt;

namespace {

TEST(PackFields, AnyBytesRoundTrip) {
  std::string binary("a\0b:c", 5);
  std::vector<llvm::StringRef> fields = {"", "12:x", binary, "last"};
  std::string text = packFields(fields);
  std::optional<std::vector<llvm::StringRef>> back = unpackFields(text);
  ASSERT_TRUE(back);
  ASSERT_EQ(back->size(), fields.size());
  for (size_t i = 0; i < fields.size(); ++i)
    EXPECT_EQ((*back)[i], fields[i]);
  EXPECT_TRUE(unpackFields("")->empty());
  EXPECT_FALSE(unpackFields("5:abc")); // shorter than its length
  EXPECT_FALSE(unpackFields("x:abc")); // no length
  EXPECT_FALSE(unpackFields("3abc"));  // no colon
}

TEST(PackFields, DoublesAndDeadlinesKeepTheirValue) {
  for (double x :
       {0.0, -0.0, 1.0 / 3, 1e-300, std::numeric_limits<double>::infinity()}) {
    std::optional<double> back = parseDoubleField(doubleField(x));
    ASSERT_TRUE(back);
    EXPECT_EQ(std::signbit(*back), std::signbit(x));
    EXPECT_EQ(*back, x);
  }
  EXPECT_FALSE(parseDoubleField("not hex"));
  EXPECT_FALSE(parseDeadlineField(deadlineField(Deadline()))->isSet());
  std::optional<Deadline> soon =
      parseDeadlineField(deadlineField(Deadline::in(100)));
  ASSERT_TRUE(soon && soon->isSet());
  EXPECT_GT(soon->secondsLeft(), 90);
  EXPECT_LE(soon->secondsLeft(), 100);
}

/// Workers that run items on a thread of their own (as the dispatcher of
/// a job does) and fail the items `fails` names.
class FakeWorkers : public WorkDistributor {
public:
  explicit FakeWorkers(std::set<size_t> fails) : fails(std::move(fails)) {}
  unsigned workers() const override { return 3; }
  std::vector<size_t>
  run(llvm::StringRef task, uint64_t,
      llvm::function_ref<std::optional<size_t>()> take,
      llvm::function_ref<std::string(size_t, unsigned)> request,
      llvm::function_ref<void(size_t, llvm::StringRef)> reply) override {
    EXPECT_EQ(task, "square");
    std::vector<size_t> redo;
    unsigned w = 0;
    while (std::optional<size_t> item = take()) {
      std::string text = request(*item, w++ % 3);
      if (fails.count(*item)) {
        redo.push_back(*item);
        continue;
      }
      int64_t x = std::stoll(text);
      reply(*item, std::to_string(x * x));
    }
    return redo;
  }
  std::set<size_t> fails;
};

TEST(DistributedFor, EveryItemOnceWhereverItRuns) {
  constexpr size_t n = 500;
  for (bool withWorkers : {false, true}) {
    FakeWorkers workers({3, 77, 401});
    workDistributor() = withWorkers ? &workers : nullptr;
    std::vector<int64_t> result(n, -1);
    std::vector<int> runs(n, 0);
    std::mutex mutex;
    size_t here = 0, remote = 0;
    RemoteWork square{"square",
                      [](size_t i, unsigned) { return std::to_string(i); },
                      [&](size_t i, llvm::StringRef text) {
                        std::lock_guard<std::mutex> lock(mutex);
                        result[i] = std::stoll(text.str());
                        ++runs[i];
                        ++remote;
                      }};
    distributedFor(
        n, 2,
        [&](size_t i) {
          // Slow enough that the dispatcher's thread takes items too.
          std::this_thread::sleep_for(std::chrono::microseconds(200));
          std::lock_guard<std::mutex> lock(mutex);
          result[i] = static_cast<int64_t>(i * i);
          ++runs[i];
          ++here;
        },
        &square);
    workDistributor() = nullptr;
    for (size_t i = 0; i < n; ++i) {
      EXPECT_EQ(result[i], static_cast<int64_t>(i * i)) << i;
      EXPECT_EQ(runs[i], 1) << i;
    }
    EXPECT_EQ(here + remote, n);
    if (withWorkers) {
      EXPECT_GT(remote, 0u);
      EXPECT_GE(here, 3u); // the failed items at least
    } else {
      EXPECT_EQ(remote, 0u);
    }
  }
}

TEST(DistributedFor, AStopHandsOutNoMore) {
  FakeWorkers workers({});
  workDistributor() = &workers;
  std::atomic<size_t> done{0};
  std::atomic<size_t> asked{0};
  RemoteWork square{"square",
                    [](size_t i, unsigned) { return std::to_string(i); },
                    [&](size_t, llvm::StringRef) { ++done; }};
  distributedFor(
      1000, 1, [&](size_t) { ++done; }, &square, [&] { return asked++ < 10; });
  workDistributor() = nullptr;
  EXPECT_LE(done.load(), 10u);
}

} // namespace
