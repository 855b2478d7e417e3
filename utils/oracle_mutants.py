#!/usr/bin/env python3
"""Mutation test of the linalg oracle (utils/linalg_oracle.py).

Generates single-change mutants of exported layers by textual edits of the
linalg fixtures, and checks that the oracle tells each from the original.
Two checks per mutant, both against upstream's execution of the original:
  criterion  upstream on the mutant (linalg_oracle --candidate-upstream):
             tests the oracle's regimes and tolerances alone;
  tsopt      tsopt on the mutant (imported, no further passes, run by
             tsopt-run's CPU backend, or --backend=evaluator).
Both must report DIFFER; the unmutated fixture must agree in both.

Mutants (each one edit of one op or one use of a constant):
  keep-lhs / keep-rhs  an addf or mulf of a linalg.generic payload is
                       replaced by one of its operands: a residual add or
                       a rotary add without one term, a norm without its
                       gain or its rsqrt, silu without its gate, ...
                       (an additive attention mask would be dropped by
                       the same rule);
  drop-div             a divf replaced by its dividend (softmax without
                       its normalization, a mean without its count, ...);
  swap                 the operands of a subf or divf exchanged;
  drop-neg             a negf replaced by its operand (rotate_half's sign);
  eps*10, eps/10, eps=0.1
                       a norm's epsilon (a float constant in (0, 1e-3)),
                       changed at one use;
  const*2              any other float constant other than 0 and +-1 (the
                       softmax scale, a mean's count), doubled at one use.
A subf is not dropped: dropping softmax's max subtraction leaves the
function unchanged, so that mutant is equivalent and cannot be caught.
Ops of reduction generics that read the accumulator are not mutated.

Each mutant is checked to parse and verify with upstream mlir-opt and to
differ from the original textually. A mutant tsopt-opt refuses to import
(a named refusal of the importer) is reported as 'refused' and not
counted. Prints a table (mutant, dtype, per check the largest error /
tolerance over the regimes, caught) and exits 1 if a mutant is missed, an
original fails, tsopt-run fails on a mutant or a mutant is invalid; 2 if a
tool fails otherwise. docs/oracle.md has the measured table.

Usage: utils/oracle_mutants.py [FIXTURE ...] [--backend cpu|evaluator]
       [--candidate-upstream] [--regimes ...] [--seed N] [--jobs N]
       [--markdown] [--list] [--write DIR] [--tools DIR] [--llvm DIR]
Without fixtures: llama_{decoder_layer,attention,mlp,rmsnorm}_{f32,f16} of
test/Conversion/LinalgToKGraph.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import linalg_oracle as oracle  # noqa: E402  (re-runs under a numpy python)

import argparse  # noqa: E402
import tempfile  # noqa: E402
from concurrent.futures import ThreadPoolExecutor  # noqa: E402

FIXTURE_DIR = os.path.join(oracle.ROOT, "test", "Conversion",
                           "LinalgToKGraph")
DEFAULT_FIXTURES = [f"llama_{layer}_{dt}.mlir"
                    for layer in ("decoder_layer", "attention", "mlp",
                                  "rmsnorm")
                    for dt in ("f32", "f16")]

BINARY = re.compile(r"^(\s*)(%[\w$.]+) = arith\.(addf|mulf|subf|divf) "
                    r"(%[\w$.]+), (%[\w$.]+)(.*)$")
NEG = re.compile(r"^(\s*)(%[\w$.]+) = arith\.negf (%[\w$.]+)(.*)$")
CONST = re.compile(r"^(\s*)(%[\w$.]+) = arith\.constant (dense<)?"
                   r"([-+]?(?:\d+\.?\d*(?:[eE][-+]?\d+)?))(>)? : (\S+)\s*$")
RESULT = re.compile(r"^\s*(%[\w$.]+)(?::\d+)? = linalg\.generic")


def _uses(name):
    return re.compile(re.escape(name) + r"(?![\w$.])")


def _fmt(v):
    return f"{v:.9e}"


def generics(lines):
    """The linalg.generic regions: (result, first body line, end line,
    block argument -> operand name, is a reduction)."""
    out = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if "linalg.generic" in line and line.rstrip().endswith("{"):
            m = RESULT.match(line)
            result = m.group(1) if m else "%?"
            ins = re.search(r"ins\(([^:)]*)", line)
            outs = re.search(r"outs\(([^:)]*)", line)
            operands = []
            for g in (ins, outs):
                if g:
                    operands += [o.strip() for o in g.group(1).split(",")
                                 if o.strip()]
            bb = re.match(r"^\s*\^bb0\((.*)\):", lines[i + 1])
            blockargs = re.findall(r"(%[\w$.]+):", bb.group(1)) if bb else []
            names = dict(zip(blockargs, operands))
            n_ins = len([o for o in (ins.group(1).split(",") if ins else [])
                         if o.strip()])
            acc = set(blockargs[n_ins:])
            reduction = '"reduction"' in line
            j = i + 2
            while not re.match(r"^\s*\} -> ", lines[j]):
                j += 1
            out.append(dict(result=result, start=i + 2, end=j, names=names,
                            acc=acc, reduction=reduction))
            i = j
        i += 1
    return out


def mutants(text):
    """[(id, kind, description, mutated text)] of `text` (a fixture)."""
    lines = text.splitlines()
    found = []

    def emit(kind, desc, new_lines):
        found.append((f"{len(found) + 1:02d}", kind, desc,
                      "\n".join(new_lines) + "\n"))

    def replace_uses(name, by, start, end):
        """The program with `name` read as `by` on lines [start, end)."""
        new = list(lines)
        pat = _uses(name)
        for k in range(start, end):
            new[k] = pat.sub(by, new[k])
        return new

    regions = generics(lines)

    for g in regions:
        names = g["names"]
        defs = {}
        for k in range(g["start"], g["end"]):
            d = re.match(r"^\s*(%[\w$.]+) = (?:arith|math)\.(\w+) "
                         r"([^:{]*)", lines[k])
            if d:
                defs[d.group(1)] = (d.group(2),
                                    [o.strip() for o in d.group(3).split(",")
                                     if o.strip()])

        def show(v, depth=0):
            """A payload value as an expression of the generic's operands."""
            if v in names:
                return names[v]
            if v in defs and depth < 4:
                op, operands = defs[v]
                args = ", ".join(show(o, depth + 1) for o in operands)
                return f"{op}({args})"
            return v

        for k in range(g["start"], g["end"]):
            m = BINARY.match(lines[k])
            if m:
                _, res, op, lhs, rhs, _ = m.groups()
                if g["reduction"] and (lhs in g["acc"] or rhs in g["acc"]):
                    continue
                where = (f"{g['result']} = {op}({show(lhs)}, {show(rhs)})")
                if op in ("addf", "mulf"):
                    for kind, keep in (("keep-lhs", lhs), ("keep-rhs", rhs)):
                        # Keeping a constant operand is not a sensible edit.
                        if keep in names or _defined_in(lines, g, keep):
                            emit(kind, where,
                                 replace_uses(res, keep, k + 1, g["end"]))
                else:
                    swapped = list(lines)
                    swapped[k] = lines[k].replace(f"{op} {lhs}, {rhs}",
                                                  f"{op} {rhs}, {lhs}", 1)
                    emit("swap", where, swapped)
                    if op == "divf" and (lhs in names or
                                         _defined_in(lines, g, lhs)):
                        emit("drop-div", where,
                             replace_uses(res, lhs, k + 1, g["end"]))
                continue
            m = NEG.match(lines[k])
            if m:
                _, res, src, _ = m.groups()
                emit("drop-neg", f"{g['result']} = negf({show(src)})",
                     replace_uses(res, src, k + 1, g["end"]))

    # Float constants, one use at a time: a fresh constant next to the
    # original, the use renamed.
    for d, line in enumerate(lines):
        m = CONST.match(line)
        if not m:
            continue
        indent, name, dense, value, _, typ = m.groups()
        if not re.search(r"(^|[<x])(bf16|f16|f32|f64)>?$", typ):
            continue
        v = float(value)
        if v in (0.0, 1.0, -1.0):
            continue
        if 0 < abs(v) < 1e-3:
            changes = [("eps*10", v * 10), ("eps/10", v / 10),
                       ("eps=0.1", 0.1)]
        else:
            changes = [("const*2", v * 2)]
        pat = _uses(name)
        uses = [u for u in range(len(lines))
                if u != d and pat.search(lines[u])]
        for u in uses:
            where = _enclosing(lines, regions, u)
            for kind, nv in changes:
                fresh = f"{name}_mut"
                lit = (f"dense<{_fmt(nv)}>" if dense else _fmt(nv))
                new = list(lines)
                new[u] = pat.sub(fresh, lines[u])
                new.insert(d + 1, f"{indent}{fresh} = arith.constant {lit} "
                                  f": {typ}")
                emit(kind, f"{name} = {value} in {where} -> {_fmt(nv)}", new)
    return found


def _defined_in(lines, g, value):
    """Whether `value` is defined in the payload of generic `g`."""
    pat = re.compile(r"^\s*" + re.escape(value) + r" = ")
    return any(pat.match(lines[k]) for k in range(g["start"], g["end"]))


def _enclosing(lines, regions, u):
    """The result of the generic whose payload holds line u, else of the
    op on line u."""
    for g in regions:
        if g["start"] <= u < g["end"]:
            return g["result"]
    m = re.match(r"^\s*(%[\w$.]+)", lines[u])
    return m.group(1) if m else f"line {u + 1}"


def verify_upstream(path, llvm):
    r = subprocess.run([os.path.join(llvm, "bin", "mlir-opt"), path],
                       capture_output=True, text=True)
    return r.returncode == 0, r.stderr


def _best(rows, key):
    """The regime row with the largest error / tolerance (key=max), or
    None when every regime was skipped."""
    live = [r for r in rows if not r["skipped"]]
    if not live:
        return None
    return key(live, key=lambda r: r["error"] / r["tol"])


def run_fixture(fixture, args, cache):
    """One row per original and mutant: dict(fixture, dtype, id, kind,
    desc, and per side -- 'criterion' (upstream on the mutant) and 'tsopt'
    (tsopt-run on the mutant), against upstream on the original -- a dict
    (ratio, regime, verdict, note)). verdict: 'agrees' / 'FAILS' for the
    original; for a mutant 'yes' (DIFFER), 'MISSED', 'refused' (tsopt-opt
    rejects the mutant: nothing to compare), 'run failed' (tsopt-run fails
    on it), 'INVALID' (the mutant does not verify upstream: a generator
    bug)."""
    name = os.path.basename(fixture)
    dt = "f16" if "f16" in name else "f32"
    with open(fixture) as f:
        text = f.read()
    rows = []
    common = dict(backend=args.backend, regimes=args.regimes,
                  tools=args.tools, llvm=args.llvm, out=None, seed=args.seed,
                  ref_cache=cache)
    sides = ["criterion"] + ([] if args.candidate_upstream else ["tsopt"])

    def cell(best, verdict, note=""):
        return dict(ratio=best["error"] / best["tol"] if best else None,
                    regime=best["regime"] if best else None,
                    verdict=verdict, note=note)

    def run(path, side, reference):
        try:
            agree, rs = oracle.check(path, reference=reference,
                                     candidate_upstream=side == "criterion",
                                     **common)
        except oracle.OracleError as e:
            if e.stage not in ("import", "run"):
                raise
            first = str(e).splitlines()[1:2] or [str(e)]
            return cell(None, "refused" if e.stage == "import"
                        else "run failed",
                        first[0].split("error: ")[-1][:90])
        if reference is None:
            return cell(_best(rs, max), "agrees" if agree else "FAILS")
        # The regime that tells the mutant apart best.
        return cell(_best(rs, max), "MISSED" if agree else "yes")

    base = dict(fixture=name, dtype=dt, id="--", kind="original",
                desc="(unmutated)")
    orig = dict(base)
    for side in sides:
        orig[side] = run(fixture, side, None)
        if orig[side]["verdict"] in ("refused", "run failed"):
            orig[side]["verdict"] = "FAILS"
    rows.append(orig)
    for mid, kind, desc, mtext in mutants(text):
        path = os.path.join(args.workdir, f"{name[:-5]}.{mid}.mlir")
        with open(path, "w") as f:
            f.write(mtext)
        row = dict(base, id=mid, kind=kind, desc=desc)
        rows.append(row)
        problem = None
        if mtext == text:
            problem = "identical to the original"
        else:
            good, err = verify_upstream(path, args.llvm)
            if not good:
                problem = ("does not verify: " +
                           err.strip().splitlines()[0][:100])
        for side in sides:
            row[side] = (cell(None, "INVALID", problem) if problem
                         else run(path, side, fixture))
    return rows


BAD = ("FAILS", "MISSED", "run failed", "INVALID")


def _cell_text(c):
    ratio = "-" if c["ratio"] is None else f"{c['ratio']:.3g}"
    reg = f" ({c['regime']})" if c["regime"] else ""
    return f"{ratio}{reg} {c['verdict']}"


def main():
    ap = argparse.ArgumentParser(description="Mutation test of the linalg "
                                 "oracle.")
    ap.add_argument("fixtures", nargs="*")
    ap.add_argument("--backend", choices=("cpu", "evaluator"), default="cpu")
    ap.add_argument("--candidate-upstream", action="store_true",
                    help="run the mutants through upstream too (checks the "
                    "criterion without tsopt)")
    ap.add_argument("--regimes", default=",".join(oracle.REGIMES))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=2,
                    help="fixtures checked at once (default 2)")
    ap.add_argument("--markdown", action="store_true",
                    help="print the table as markdown")
    ap.add_argument("--list", action="store_true",
                    help="list the mutants and exit")
    ap.add_argument("--write", metavar="DIR",
                    help="keep the mutant files in DIR "
                    "(<fixture>.<id>.mlir)")
    ap.add_argument("--tools", default=os.path.join(oracle.ROOT, "build",
                                                    "bin"))
    ap.add_argument("--llvm", default="/usr/lib/llvm-22")
    args = ap.parse_args()
    args.regimes = [r for r in args.regimes.split(",") if r]
    for r in args.regimes:
        if r not in oracle.REGIMES:
            ap.error(f"unknown regime {r!r}; known: "
                     f"{', '.join(oracle.REGIMES)}")
    fixtures = args.fixtures or [os.path.join(FIXTURE_DIR, f)
                                 for f in DEFAULT_FIXTURES]
    if args.list:
        for fx in fixtures:
            with open(fx) as f:
                for mid, kind, desc, _ in mutants(f.read()):
                    print(f"{os.path.basename(fx)} {mid} {kind:8s} {desc}")
        return
    cache = {}
    with tempfile.TemporaryDirectory() as tmp:
        args.workdir = args.write or tmp
        os.makedirs(args.workdir, exist_ok=True)
        try:
            with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
                results = list(pool.map(
                    lambda fx: run_fixture(fx, args, cache), fixtures))
        except oracle.OracleError as e:
            print(f"oracle_mutants: {e}", file=sys.stderr)
            sys.exit(2)
    rows = [r for rs in results for r in rs]
    sides = ["criterion"] + ([] if args.candidate_upstream else ["tsopt"])
    tsopt_side = f"tsopt-run --backend={args.backend}"
    print(f"reference: upstream on the original; criterion: upstream on the "
          f"mutant; tsopt: {tsopt_side} on the imported mutant (no passes); "
          f"regimes: {', '.join(args.regimes)}; seed {args.seed}; cells: "
          f"worst error / tolerance (regime) caught")
    if args.markdown:
        _markdown(rows, sides)
    else:
        print(f"{'fixture':28s} {'id':3s} {'kind':9s} {'dtype':5s} " +
              " ".join(f"{s:28s}" for s in sides) + " mutant")
        for r in rows:
            notes = "; ".join(r[s]["note"] for s in sides if r[s]["note"])
            print(f"{r['fixture']:28s} {r['id']:3s} {r['kind']:9s} "
                  f"{r['dtype']:5s} " +
                  " ".join(f"{_cell_text(r[s]):28s}" for s in sides) +
                  f" {r['desc']}" + (f"  [{notes}]" if notes else ""))
    bad = 0
    for s in sides:
        muts = [r[s] for r in rows if r["kind"] != "original"]
        origs = [r[s] for r in rows if r["kind"] == "original"]
        count = {v: sum(1 for c in muts if c["verdict"] == v)
                 for v in ("yes", "MISSED", "refused", "run failed",
                           "INVALID")}
        agree = sum(1 for c in origs if c["verdict"] == "agrees")
        print(f"{s}: {count['yes']} of {len(muts)} mutants caught, "
              f"{count['MISSED']} missed, {count['refused']} refused by "
              f"tsopt-opt, {count['run failed']} failed in tsopt-run, "
              f"{count['INVALID']} invalid; {agree} of {len(origs)} "
              f"originals agree")
        bad += sum(1 for c in muts + origs if c["verdict"] in BAD)
    sys.exit(1 if bad else 0)


def _markdown(rows, sides):
    """One row per layer and mutant id, the dtypes side by side."""
    layers = {}
    for r in rows:
        layer = re.sub(r"_(f16|f32)\.mlir$", "", r["fixture"])
        layers.setdefault((layer, r["id"]), {})[r["dtype"]] = r
    dts = ["f32", "f16"]
    head = [f"{dt} {s}" for dt in dts for s in sides]
    print("\n| layer | id | mutant (as in f32) | " + " | ".join(head) + " |")
    print("|---|---|---|" + "---|" * len(head))
    for (layer, mid), by_dt in layers.items():
        first = by_dt.get("f32") or next(iter(by_dt.values()))
        what = (first["kind"] if first["kind"] == "original" else
                f"{first['kind']} `{first['desc']}`").replace("|", "\\|")
        cells = []
        for dt in dts:
            for s in sides:
                c = by_dt.get(dt, {}).get(s)
                cells.append(_cell_text(c) if c else "")
        print(f"| {layer} | {mid} | {what} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
