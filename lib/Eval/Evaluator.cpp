//===- Evaluator.cpp - Float instantiations of the evaluator -------------===//
//
// The evaluator for the float number systems (the field's is in
// FieldDomain.cpp).
//
//===----------------------------------------------------------------------===//

#include "EvaluatorImpl.h"

namespace tsopt {
template class Evaluator<FloatDomain<float>>;
template class Evaluator<FloatDomain<double>>;
} // namespace tsopt
