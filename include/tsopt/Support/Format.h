//===- Format.h - Numbers in diagnostics ------------------------*- C++ -*-===//
//
// One spelling of numbers in remarks: estimates with two decimals, measured
// quantities with three significant digits.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_SUPPORT_FORMAT_H
#define TSOPT_SUPPORT_FORMAT_H

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace tsopt {

/// "12.71": an estimate, two decimals.
inline std::string formatFixed(double v) {
  std::string s;
  llvm::raw_string_ostream(s) << llvm::format("%.2f", v);
  return s;
}

/// "1.36e-07", "0.01": three significant digits.
inline std::string formatSignificant(double v) {
  std::string s;
  llvm::raw_string_ostream(s) << llvm::format("%.3g", v);
  return s;
}

} // namespace tsopt

#endif // TSOPT_SUPPORT_FORMAT_H
