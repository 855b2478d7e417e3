//===- Deadline.h - One time limit, shared by its consumers --*- C++ -*-===//
//-*-===//
//
// A time limit given once, at the top (`time-limit=T` of
// tsopt-superoptimize), becomes one absolute deadline. Each stage below it
// (the plan's spaces, a search's generation, screening and verification,
// orchestration's pricing, BLP solves and searches) takes a share of what is
// left, or the whole, and stops at it: a stage never has a budget of its own
// that could outlast its caller's.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_SUPPORT_DEADLINE_H
#define TSOPT_SUPPORT_DEADLINE_H

#include <algorithm>
#include <chrono>
#include <limits>
#include <optional>

namespace tsopt {

class Deadline {
public:
  using Clock = std::chrono::steady_clock;

  /// No deadline: never expires.
  Deadline() = default;

  /// A limit this long (about 31 years) or longer is no limit: the clock
  /// cannot represent every such time point.
  static constexpr double kLongestSeconds = 1e9;

  /// `seconds` from now; 0 (or less, or NaN) is no limit, the meaning of a
  /// time-limit option of 0, and so is kLongestSeconds or more.
  static Deadline in(double seconds) {
    Deadline d;
    if (seconds > 0 && seconds < kLongestSeconds)
      d.at = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                std::chrono::duration<double>(seconds));
    return d;
  }

  bool isSet() const { return at.has_value(); }
  bool expired() const { return at && Clock::now() >= *at; }

  /// Seconds left (0 once expired; infinity without a deadline).
  double secondsLeft() const {
    if (!at)
      return std::numeric_limits<double>::infinity();
    return std::max(0.0,
                    std::chrono::duration<double>(*at - Clock::now()).count());
  }

  /// The earlier of the two.
  Deadline sooner(const Deadline &other) const {
    if (!at)
      return other;
    if (!other.at)
      return *this;
    return *at <= *other.at ? *this : other;
  }

  /// A share of what is left: the deadline `fraction` (in [0, 1]) of the
  /// way from now to this one. No deadline stays none.
  Deadline share(double fraction) const {
    if (!at)
      return *this;
    Deadline d;
    auto now = Clock::now();
    auto left = *at > now ? *at - now : Clock::duration::zero();
    d.at = now + std::chrono::duration_cast<Clock::duration>(
                     left * std::clamp(fraction, 0.0, 1.0));
    return d;
  }

private:
  std::optional<Clock::time_point> at;
};

} // namespace tsopt

#endif // TSOPT_SUPPORT_DEADLINE_H
