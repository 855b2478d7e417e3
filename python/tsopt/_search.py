"""The search from Python: options, progress display, the resulting µGraph."""

import re
import sys

from . import _tsopt
from ._program import Program

__all__ = ["superoptimize", "fuse_blocks", "MuGraph", "SearchError",
           "search_options"]


#: The search cannot run on the program, or found nothing within its limits
#: (a RuntimeError).
SearchError = _tsopt.SearchError


class MuGraph(Program):
    """A verified µGraph found by :func:`superoptimize`.

    Everything a :class:`Program` does (``ir()``, ``dot()``, ``render()``,
    calling it on numpy arrays), plus what the search knows about it.
    """

    #: The δ-bounded verification record (p, q, trials, δ, float check).
    verification = None
    #: Estimated run time on the search's target, in µs.
    cost_us = None
    #: The input program's estimate on the same target, in µs.
    program_cost_us = None
    #: The program it was found for.
    reference = None
    #: Search counters (states, pruned, candidates, verified, seconds...).
    stats = None
    #: A planned search's derived choices, one phrase each (empty with
    #: ``plan=False``).
    derived = ()
    #: A planned search's spaces in plan order, each a dict with ``name``,
    #: ``seconds``, ``finished``, ``skipped`` and ``best_us``.
    spaces = ()
    #: The runners-up, best first (each a MuGraph without a record).
    alternatives = ()
    #: The algebraic rewrite rules of the program form it was found from,
    #: comma separated ("": the program as written).
    rewrites = ""
    #: How it was found when not by the search ("rule-based fusion (rules
    #: 4, 9, 3)"), else "".
    origin = ""

    def __repr__(self):
        cost = f"{self.cost_us:.2f} us" if self.cost_us is not None else "?"
        return f"<tsopt.MuGraph {self.name}: {self.structure}; {cost}>"


_OPTIONS = [name for name in dir(_tsopt.SearchOptions)
            if not name.startswith("_")]


def search_options(**options):
    """A ``SearchOptions`` with the given fields set; the names are
    SearchOptions' fields in snake case (max_block_ops, target, ...)."""
    opts = _tsopt.SearchOptions()
    for key, value in options.items():
        if key not in _OPTIONS:
            raise TypeError(f"unknown search option {key!r}; known: "
                            f"{', '.join(sorted(_OPTIONS))}")
        setattr(opts, key, value)
    return opts


_ITEMS = re.compile(r"work items (\d+)/(\d+)")


class _Progress:
    """Shows the search's progress lines: a tqdm bar over work items when
    tqdm is installed, else a line on stderr (rewritten in place on a
    terminal)."""

    def __init__(self):
        try:
            from tqdm.auto import tqdm
        except ImportError:
            tqdm = None
        self.bar = tqdm(desc="superoptimize", unit="item") if tqdm else None
        self.tty = sys.stderr.isatty()
        self.shown = False

    def __call__(self, line):
        m = _ITEMS.search(line)
        if self.bar is not None:
            if m:
                self.bar.total = int(m.group(2))
                self.bar.n = int(m.group(1))
            self.bar.set_postfix_str(line.split(", ", 2)[-1], refresh=False)
            self.bar.refresh()
            return
        if self.tty:
            sys.stderr.write("\r\x1b[K" + line)
        else:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()
        self.shown = True

    def abort(self):
        if self.bar is not None:
            self.bar.close()
        elif self.tty and self.shown:
            sys.stderr.write("\n")

    def close(self, stats):
        summary = (f"search done in {stats.seconds:.1f}s: {stats.states} "
                   f"states, {stats.candidates} candidates, "
                   f"{stats.verified} verified")
        if self.bar is not None:
            self.bar.n = self.bar.total or self.bar.n
            self.bar.set_postfix_str(summary, refresh=False)
            self.bar.close()
            return
        if self.tty and self.shown:
            sys.stderr.write("\r\x1b[K")
        sys.stderr.write(summary + "\n")
        sys.stderr.flush()


#: Seconds a search takes at most when the caller gives no time_limit.
DEFAULT_TIME_LIMIT = 60.0


#: With plan, programs of more primitives than this (after fission) are
#: orchestrated instead of searched whole (as tsopt-superoptimize's
#: orchestrate-above).
ORCHESTRATE_ABOVE = 16


def superoptimize(program, progress=False, plan=True, **options):
    """Searches for the fastest verified µGraph equivalent to `program`.

    `options` are SearchOptions' fields (see :func:`search_options`):
    max_kernel_ops, max_block_ops, max_kernel_outputs, max_grid_dims,
    min_grid_dims, require_forloop, no_kernel_ops, no_block_ops,
    grid_extents, forloop_extents, block_ops, kernel_ops, expr_pruning,
    graph_defined_kernels, stop_after_items, canonical_order,
    program_templates, algebraic_rewrites, rule_fusion, target,
    threads, seed, delta, time_limit, checkpoint, top_n, progress_interval.

    `plan` (default True): rule-based fusion (:func:`fuse_blocks`) gives the
    incumbent first (``rule_fusion``, on by default), then options not
    given are derived from the program
    and the search runs spaces from small to large within ``time_limit``
    (default :data:`DEFAULT_TIME_LIMIT` seconds; 0: none), each finished
    space contributing its best; False: one search with the options as
    given (docs/search.md, "Defaults"). With `plan`, a program of more
    than :data:`ORCHESTRATE_ABOVE` primitives is beyond the search's reach
    and goes to :func:`orchestrate` instead, with ``time_limit`` as its
    deadline (docs/orchestration.md). The limit is one deadline for all of
    it, verification included (docs/search.md, "Time limit").

    `progress`: False (quiet), True (a tqdm bar if tqdm is installed, else a
    line on stderr) or a callable taking each progress line.

    Returns a :class:`MuGraph`; raises :class:`SearchError` when the program
    is not searchable or nothing equivalent is found within the limits (for
    an orchestrated program: nothing estimated faster than the program).
    """
    if not isinstance(program, Program):
        raise TypeError(f"superoptimize: expected a tsopt.Program, got "
                        f"{type(program).__name__}")
    graph = program._final()
    if plan and _tsopt.primitive_count(graph) > ORCHESTRATE_ABOVE:
        limit = options.get("time_limit", DEFAULT_TIME_LIMIT)
        m = orchestrate(
            program, target=options.get("target", "sm_90"),
            search_time=limit if limit else 60.0, time_limit=limit,
            seed=options.get("seed", 0),
            delta=options.get("delta", 2.0 ** -40),
            threads=options.get("threads", 2))
        # As tsopt-superoptimize keeps a function that orchestration does
        # not make faster, and as the search path reports finding nothing.
        if not m.cost_us < m.program_cost_us:
            raise SearchError(
                f"orchestrating {program.name} found no set of kernels "
                f"estimated faster than the program ({m.cost_us:.2f} vs "
                f"{m.program_cost_us:.2f} us) within the limits; raise the "
                "time limit")
        return m
    show = None
    if progress is True:
        show = _Progress()
        options.setdefault("progress_interval", 0.5)
    elif callable(progress):
        show = progress
    elif progress not in (False, None):
        raise TypeError("progress must be True, False or a callable")
    given = sorted(options) if plan else None
    options.setdefault("time_limit", DEFAULT_TIME_LIMIT)
    opts = search_options(**options)
    try:
        ranked, record, program_cost, stats, derived, spaces = \
            _tsopt.superoptimize(graph, opts, show, given)
    except BaseException:
        if isinstance(show, _Progress):
            show.abort()
        raise
    if isinstance(show, _Progress):
        show.close(stats)
    if not ranked:
        raise SearchError(
            f"no equivalent µGraph for {program.name} within the limits "
            f"({stats!r}); raise max_block_ops/max_kernel_ops or the time "
            "limit")
    results = []
    for graph, cost, structure, rewrites, origin in ranked:
        m = MuGraph._wrap(graph, program.name, program.input_names)
        m.cost_us = cost
        m.rewrites = rewrites
        m.origin = origin
        m.program_cost_us = program_cost
        m.reference = program
        m.stats = stats
        m.derived = tuple(derived)
        m.spaces = tuple(spaces)
        m.target = opts.target
        results.append(m)
    best = results[0]
    best.verification = record
    best.alternatives = tuple(results[1:])
    return best


def orchestrate(program, target="sm_90", max_ops=20, max_linear=4,
                solve_time=60.0, search_time=0.0, time_limit=0.0, seed=0,
                delta=2.0 ** -40, threads=2):
    """The cheapest set of kernels for a whole program (Korch).

    Fission splits composite ops; every convex, connected subgraph of at
    most `max_ops` primitives and `max_linear` matmuls is a candidate
    kernel priced by its best implementation (its ops as they are, or
    rule-fused; with `search_time` seconds, µGraph searches of the chosen
    kernels); a binary linear program solved by CBC picks the cheapest set
    that computes the outputs (docs/orchestration.md). `time_limit` (0:
    none) is one deadline for all of it: kernels whose verification it
    would cut run as their ops. Returns a
    :class:`MuGraph` with ``kernels`` (a tuple of (ops, cost_us, origin,
    verification) in run order, the ops numbering the program after
    fission), ``orchestration`` (states, candidates, the BLP's size, solve
    time, gap, ...) and ``opaque`` (ops left as their own kernels, with the
    reason); ``verification`` is the check of the whole. Raises
    :class:`SearchError` when the program cannot be orchestrated or the
    result fails the float check.
    """
    if not isinstance(program, Program):
        raise TypeError(f"orchestrate: expected a tsopt.Program, got "
                        f"{type(program).__name__}")
    graph = program._final()
    (g, cost, program_cost, kernels, whole, stable, incumbent, stats,
     opaque) = _tsopt.orchestrate(graph, target, max_ops, max_linear,
                                  solve_time, search_time, time_limit, seed,
                                  delta, threads)
    if not stable:
        raise SearchError(f"the orchestrated {program.name} fails the float "
                          f"check: {whole}")
    m = MuGraph._wrap(g, program.name, program.input_names)
    m.cost_us = cost
    m.program_cost_us = program_cost
    m.reference = program
    m.origin = incumbent or "orchestration"
    m.target = target
    m.verification = whole
    m.kernels = tuple(kernels)
    m.orchestration = dict(stats)
    m.opaque = tuple(opaque)
    return m


def fuse_blocks(program, target="sm_90", algebraic=True, extensions=True,
                seed=0, delta=2.0 ** -40, threads=2):
    """Fuses `program` into graph-defined kernels by Blockbuster's rules.

    Milliseconds at any program size (docs/fusion.md). Returns a
    :class:`MuGraph` of the snapshot the cost model ranks first, verified
    against the program (``verification``), with ``snapshots``: every
    snapshot as a MuGraph carrying ``cost_us``, ``fusion_steps`` (a tuple of
    (rule number, what it did)) and ``guided``; and ``unfused``: the ops the
    rules do not know, each with the reason. Raises :class:`SearchError`
    when the best snapshot does not verify.
    """
    if not isinstance(program, Program):
        raise TypeError(f"fuse_blocks: expected a tsopt.Program, got "
                        f"{type(program).__name__}")
    graph = program._final()
    snaps, best, record, program_cost, unfused, seconds = _tsopt.fuse_blocks(
        graph, target, algebraic, extensions, seed, delta, threads)
    results = []
    for g, cost, steps, guided in snaps:
        m = MuGraph._wrap(g, program.name, program.input_names)
        m.cost_us = cost
        m.fusion_steps = tuple(steps)
        m.guided = guided
        m.program_cost_us = program_cost
        m.reference = program
        m.origin = "rule-based fusion"
        m.target = target
        results.append(m)
    chosen = results[best]
    if record is None or not (record.equivalent and record.float_stable):
        raise SearchError(f"the fused µGraph of {program.name} does not "
                          f"verify: {record!r}")
    chosen.verification = record
    chosen.snapshots = tuple(results)
    chosen.unfused = tuple(unfused)
    chosen.fusion_seconds = seconds
    return chosen
