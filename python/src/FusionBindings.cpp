//===- FusionBindings.cpp - fuse_blocks, orchestrate, primitive_count -----===//
//
// The _tsopt module's bindings of rule-based fusion (tsopt/Search/
// BlockFusion.h), orchestration (tsopt/Orchestrate/Orchestrate.h) and
// fission; the Python API over them is in python/tsopt/_search.py.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "tsopt/Fusion/BlockFusion.h"
#include "tsopt/Orchestrate/Orchestrate.h"
#include "tsopt/Transforms/Fission.h"
#include "tsopt/Verify/Equivalence.h"

#include <pybind11/stl.h>

namespace py = pybind11;
using namespace tsopt;
using llvm::failed;
using llvm::failure;
using llvm::FailureOr;
using llvm::succeeded;

void tsopt::python::bindFusionAndOrchestration(py::module_ &m) {
  m.def(
      "fuse_blocks",
      [](const Graph &g, const std::string &target, bool algebraic,
         bool extensions, uint64_t seed, double delta, unsigned threads) {
        FusionOptions opts;
        opts.target = target;
        opts.algebraicRules = algebraic;
        opts.extensions = extensions;
        std::string why;
        FailureOr<FusionResult> r = failure();
        std::optional<VerifyRecord> record;
        {
          py::gil_scoped_release release;
          r = fuseBlocks(g, opts, &why);
          if (succeeded(r)) {
            VerifyOptions vopts;
            vopts.seed = seed;
            vopts.delta = delta;
            vopts.threads = std::max(1u, threads);
            auto rec = verifyEquivalence(r->snapshots[r->best].graph, g,
                                         vopts);
            if (succeeded(rec))
              record = *rec;
          }
        }
        if (failed(r))
          throw SearchFailure("cannot fuse: " + why);
        py::list snapshots;
        for (FusionSnapshot &s : r->snapshots) {
          py::list steps;
          for (const FusionStep &st : s.steps)
            steps.append(py::make_tuple(st.rule, st.what));
          snapshots.append(py::make_tuple(std::move(s.graph), s.costUs,
                                          steps, s.guided));
        }
        return py::make_tuple(snapshots, r->best, record, r->programCostUs,
                              r->unfused, r->seconds);
      },
      py::arg("program"), py::arg("target"), py::arg("algebraic"),
      py::arg("extensions"), py::arg("seed"), py::arg("delta"),
      py::arg("threads"),
      "Rule-based block fusion; returns (snapshots [(graph, cost_us, "
      "[(rule, what)], guided)], index of the best, verification record of "
      "the best or None, program cost_us, unfused notes, seconds)");

  m.def(
      "orchestrate",
      [](const Graph &g, const std::string &target, unsigned maxOps,
         unsigned maxLinear, double solveTime, double searchTime,
         double timeLimit, uint64_t seed, double delta, unsigned threads) {
        if (!(timeLimit >= 0))
          throw py::value_error(
              "time_limit must be a number of seconds >= 0 (0: none)");
        OrchestrateOptions opts;
        opts.deadline = Deadline::in(timeLimit);
        opts.target = target;
        opts.limits.maxOps = maxOps;
        opts.limits.maxLinear = maxLinear;
        opts.solveTimeLimit = solveTime;
        opts.searchTimeLimit = searchTime;
        opts.seed = seed;
        opts.delta = delta;
        opts.threads = std::max(1u, threads);
        std::string why;
        FailureOr<OrchestrateResult> r = failure();
        {
          py::gil_scoped_release release;
          r = orchestrate(g, opts, nullptr, &why);
        }
        if (failed(r))
          throw SearchFailure("cannot orchestrate: " + why);
        py::list kernels;
        for (const OrchestratedKernel &k : r->kernels)
          kernels.append(py::make_tuple(k.ops, k.costUs, k.origin,
                                        k.verification));
        py::dict stats;
        stats["states"] = r->states;
        stats["candidates"] = r->candidates;
        stats["distinct"] = r->distinct;
        stats["columns"] = r->columns;
        stats["rows"] = r->rows;
        stats["cuts"] = r->cuts;
        stats["solve_seconds"] = r->solveSeconds;
        stats["gap"] = r->gap;
        stats["optimal"] = r->optimal;
        stats["searches"] = r->searches;
        stats["search_improved"] = r->searchImproved;
        stats["seconds"] = r->seconds;
        stats["cover_us"] = r->coverUs;
        stats["composites_split"] = r->compositesSplit;
        py::list opaque;
        for (const OrchestrateResult::Opaque &o : r->opaque)
          opaque.append(py::make_tuple(o.op, o.name, o.reason));
        return py::make_tuple(std::move(r->graph), r->costUs,
                              r->programCostUs, kernels, r->wholeCheck,
                              r->wholeStable, r->incumbent, stats, opaque);
      },
      py::arg("program"), py::arg("target"), py::arg("max_ops"),
      py::arg("max_linear"), py::arg("solve_time"), py::arg("search_time"),
      py::arg("time_limit"), py::arg("seed"), py::arg("delta"),
      py::arg("threads"),
      "Orchestration (Korch); returns (graph, cost_us, program cost_us, "
      "kernels [(ops, cost_us, origin, verification)], whole check, whole "
      "float-stable, incumbent, stats, opaque [(op, name, reason)])");

  m.def(
      "primitive_count",
      [](const Graph &g) { return fission(g).graph.ops.size(); },
      py::arg("program"), "Ops of the program after fission (Korch)");

}
