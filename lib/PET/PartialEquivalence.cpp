//===- PartialEquivalence.cpp - Mutants examined, corrected, verified -----===//

#include "tsopt/PET/PartialEquivalence.h"

using namespace tsopt;
using llvm::failed;
using llvm::FailureOr;

std::string CorrectedMutant::summary() const {
  std::string s = mutation.name + ": " + mutation.description + ": ";
  if (exam)
    s += exam->summary() + "; ";
  if (record)
    s += std::to_string(exam->numDiffering()) +
         " corrected, verified: " + record->summary();
  if (!failure.empty())
    s += (record ? "; " : "") + failure;
  return s;
}

MutantScreen
tsopt::fasterThanReplaced(std::function<double(const Graph &)> estimateUs,
                          unsigned &screenedOut) {
  return [estimateUs = std::move(estimateUs),
          &screenedOut](const Graph &original, const Graph &mutant) {
    bool worth = estimateUs(mutant) < estimateUs(original);
    screenedOut += !worth;
    return worth;
  };
}

std::vector<CorrectedMutant>
tsopt::correctedMutants(const Graph &program, llvm::ArrayRef<std::string> names,
                        unsigned trials, uint64_t seed, Deadline deadline,
                        const MutantScreen &worthExamining) {
  std::vector<CorrectedMutant> out;
  for (Mutation &m :
       generateMutations(program, names, seed, deadline, worthExamining)) {
    CorrectedMutant c;
    c.mutation = std::move(m);
    const Mutation &mm = c.mutation;
    std::string why;
    FailureOr<BoxExamination> exam =
        examineBoxes(mm.original, mm.mutant, trials, seed, &why);
    if (failed(exam)) {
      c.failure = "not examined: " + why;
      out.push_back(std::move(c));
      continue;
    }
    c.exam = std::move(*exam);
    FailureOr<Graph> corrected = correct(mm.original, mm.mutant, *c.exam, &why);
    if (failed(corrected)) {
      c.failure = "no correction: " + why;
      out.push_back(std::move(c));
      continue;
    }
    VerifyOptions vo;
    vo.seed = seed;
    vo.deadline = deadline;
    FailureOr<VerifyRecord> record =
        verifyEquivalence(*corrected, mm.original, vo, &why);
    if (failed(record)) {
      c.failure = "not verified: " + why;
      out.push_back(std::move(c));
      continue;
    }
    c.record = std::move(*record);
    if (!c.record->equivalent)
      c.failure = "rejected";
    else
      c.program = spliceSubprogram(program, mm, *corrected);
    out.push_back(std::move(c));
  }
  return out;
}
