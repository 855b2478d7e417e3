//===- Forms.h - The forms of a program the search explores --*- C++ -*-===//
//
// Internal to the search: the program as written and, with algebraic
// rewrites on, its rewritten form, each with its searcher, and their work
// items interleaved. The coordinator of a search and a worker running one
// of its items (Tasks.cpp) prepare the same forms from the same program and
// options, so item i is the same item in both.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_LIB_SEARCH_FORMS_H
#define TSOPT_LIB_SEARCH_FORMS_H

#include "Generation.h"

#include "tsopt/Transforms/Rewrite.h"

#include <memory>
#include <optional>
#include <vector>

namespace tsopt::search {

/// The forms of a program the search explores: the program as written and,
/// with algebraic rewrites on, the rewritten program (Rewrite.h), each with
/// its own abstract expressions and templates. Candidates of every form are
/// screened and verified against the program as written.
struct Forms {
  std::optional<RewrittenProgram> rewritten;
  std::vector<std::unique_ptr<Searcher>> searchers;
  std::vector<WorkItem> items;

  llvm::LogicalResult prepare(const Graph &program,
                              const SearchOptions &options, SearchControl &ctl,
                              ExprCache *cache, std::string *why) {
    // Form `f`'s expression state from the cache, if any.
    auto shared = [&](size_t f) -> std::shared_ptr<FormExprs> {
      if (!cache)
        return nullptr;
      if (cache->forms.size() <= f)
        cache->forms.resize(f + 1);
      if (!cache->forms[f])
        cache->forms[f] = std::make_shared<FormExprs>();
      return cache->forms[f];
    };
    searchers.push_back(
        std::make_unique<Searcher>(program, options, ctl, shared(0)));
    if (failed(searchers[0]->prepare(why)))
      return llvm::failure();
    if (options.algebraicRewrites)
      rewritten = rewriteAlgebraically(program);
    if (rewritten) {
      // Rewritten, a program moves reductions of its inputs ahead of the
      // normalizations that read them; cut there, its templates are the
      // reductions' cones and the epilogue after them. A rewritten form
      // the search cannot take is left out: the program as written is
      // still searched.
      auto s =
          std::make_unique<Searcher>(rewritten->graph, options, ctl, shared(1));
      s->cutAtReductions = true;
      if (succeeded(s->prepare(nullptr)))
        searchers.push_back(std::move(s));
      else
        rewritten.reset();
    }
    // The forms' work items interleaved, so that a search stopped by its
    // time limit has covered each form about as far.
    std::vector<std::vector<WorkItem>> lists;
    size_t longest = 0;
    for (auto [f, s] : llvm::enumerate(searchers)) {
      std::vector<WorkItem> &own = lists.emplace_back(s->workItems());
      if (options.graphDefinedKernels)
        ConfigLister::list(*s, own);
      for (WorkItem &w : own)
        w.form = f;
      longest = std::max(longest, own.size());
    }
    for (size_t i = 0; i < longest; ++i)
      for (std::vector<WorkItem> &own : lists)
        if (i < own.size())
          items.push_back(std::move(own[i]));
    return llvm::success();
  }

  void run(const WorkItem &item, std::vector<Found> &out) {
    searchers[item.form]->runItem(item, out);
  }
};

} // namespace tsopt::search

#endif // TSOPT_LIB_SEARCH_FORMS_H
