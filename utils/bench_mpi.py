#!/usr/bin/env python3
"""The search and orchestration over the ranks of an MPI job (tsopt-mpi).

Times, with 1 and 2 ranks (mpirun -np N tsopt-mpi, threads=1 per rank), the
search of published workloads at a fixed space (plan=false) and the
orchestration of a four-layer decoder stack; checks that every job's output
is the single process's; prints the distribution of work-item sizes from
the 1-rank job's trace (TSOPT_MPI_TRACE); and from those sizes simulates
the job at 8, 64 and 512 ranks: the batches of items (one per
distributedFor: a search's generation, its pricing, one screen's or one
verification's evaluations, orchestration's pricing) one after another, each
batch's items handed out in order to whichever rank is free first (what the
coordinator does), plus the part of the run that is not items (ranking, the
BLP, the float check), which stays on rank 0.

  utils/bench_mpi.py                      # rmsnorm and lora, decoder stack
  utils/bench_mpi.py --ranks 1 2 3 --workloads rmsnorm
"""

import argparse
import collections
import heapq
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
BIN = ROOT / "build" / "bin"
SEARCH = "max-kernel-ops=2 max-block-ops=3 plan=false time-limit=0 threads=1 progress=false"


def mpirun(ranks, args, trace=None):
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1",
               OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    if trace:
        env["TSOPT_MPI_TRACE"] = str(trace)
    cmd = ["mpirun", "--oversubscribe", "-np", str(ranks),
           str(BIN / "tsopt-mpi"), *args]
    start = time.perf_counter()
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stderr[-2000:]}")
    return wall, proc.stderr


def simulate(batches, serial, ranks):
    """Batches one after another; in each, items handed out in order to the
    first free rank."""
    total = serial
    for sizes in batches:
        free = [0.0] * ranks
        heapq.heapify(free)
        for s in sizes:
            heapq.heappush(free, heapq.heappop(free) + s)
        total += max(free)
    return total


def report(name, program, pass_args, ranks, tmp):
    outputs, walls = {}, {}
    trace = tmp / f"{name}.trace"
    for n in ranks:
        out = tmp / f"{name}.{n}.mlir"
        walls[n], stderr = mpirun(n, [str(program), pass_args, "-o", str(out)],
                                  trace if n == 1 else None)
        outputs[n] = out.read_text()
        z3 = re.search(r"\((\d+) Z3 queries\)", stderr)
        extra = f", {z3.group(1)} Z3 queries" if z3 else ""
        print(f"  {n} rank{'s' if n > 1 else ' '}: {walls[n]:7.2f} s"
              f" (x{walls[ranks[0]] / walls[n]:.2f}){extra}")
    same = all(outputs[n] == outputs[ranks[0]] for n in ranks)
    print(f"  outputs identical across rank counts: {same}")
    by_task = collections.defaultdict(list)
    batches = collections.defaultdict(list)
    for line in trace.read_text().splitlines():
        task, batch, _, _, seconds = line.split()
        by_task[task].append(float(seconds))
        batches[int(batch)].append(float(seconds))
    ordered = [batches[b] for b in sorted(batches)]
    items = []
    for task, sizes in sorted(by_task.items()):
        s = sorted(sizes)
        q = lambda f: s[min(len(s) - 1, int(f * len(s)))]
        print(f"  {task}: {len(s)} items, {sum(s):.2f} s in all; median "
              f"{q(0.5) * 1e3:.2f} ms, p90 {q(0.9) * 1e3:.2f} ms, p99 "
              f"{q(0.99) * 1e3:.2f} ms, largest {s[-1]:.3f} s "
              f"({100 * s[-1] / max(sum(s), 1e-9):.1f} % of the task)")
        items += sizes
    total = sum(items)
    serial = max(walls[1] - total, 0.0)
    print(f"  rank 0 alone (not items): {serial:.2f} s of {walls[1]:.2f} s")
    cap = serial + sum(max(b) for b in ordered)
    print(f"  {len(ordered)} batches; rank 0 alone plus each batch's largest "
          f"item bound any job: x{walls[1] / cap:.2f}")
    for n in (2, 8, 64, 512):
        t = simulate(ordered, serial, n)
        print(f"  simulated {n:3d} ranks: {t:7.2f} s, speedup x{walls[1] / t:.2f}")
    return same


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ranks", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--workloads", nargs="+", default=["rmsnorm", "lora"])
    ap.add_argument("--decoder-size", default="small",
                    choices=["small", "llama2-7b"])
    args = ap.parse_args()
    if not shutil.which("mpirun") or not (BIN / "tsopt-mpi").exists():
        sys.exit("needs mpirun and build/bin/tsopt-mpi (MPI found at build)")
    if args.ranks[0] != 1:
        args.ranks.insert(0, 1)
    ok = True
    with tempfile.TemporaryDirectory() as d:
        tmp = pathlib.Path(d)
        for w in args.workloads:
            program = tmp / f"{w}.mlir"
            program.write_text(subprocess.run(
                [sys.executable, str(ROOT / "utils/workload_reference.py"),
                 str(ROOT / "utils/workloads" / f"{w}.mlir"), w],
                check=True, capture_output=True, text=True).stdout)
            print(f"search of {w} (published shapes; {SEARCH})")
            ok &= report(w, program, f"--tsopt-superoptimize={SEARCH}",
                         args.ranks, tmp)
        program = tmp / "decoder.mlir"
        program.write_text(subprocess.run(
            [sys.executable, str(ROOT / "utils/gen_decoder.py"), "--layers",
             "4", "--size", args.decoder_size, "--dtype", "f16"],
            check=True, capture_output=True, text=True).stdout)
        print(f"orchestration of 4 decoder layers ({args.decoder_size}, f16)")
        ok &= report("decoder", program, "--tsopt-orchestrate=threads=1",
                     args.ranks, tmp)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
