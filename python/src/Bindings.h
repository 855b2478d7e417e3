//===- Bindings.h - What the files of the _tsopt module share ---*- C++ -*-===//

#ifndef TSOPT_PYTHON_BINDINGS_H
#define TSOPT_PYTHON_BINDINGS_H

#include <pybind11/pybind11.h>

#include <stdexcept>

namespace tsopt::python {

/// Raised to Python as tsopt.SearchError (a RuntimeError): the search,
/// fusion or orchestration cannot run on a program.
struct SearchFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Rule-based fusion, orchestration and fission (FusionBindings.cpp).
void bindFusionAndOrchestration(pybind11::module_ &m);

} // namespace tsopt::python

#endif // TSOPT_PYTHON_BINDINGS_H
