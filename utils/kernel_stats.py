#!/usr/bin/env python3
"""Static figures of the kernels tsopt emits, measured without a GPU.

Every graph-defined kernel of the given programs (the µGraphs of
utils/workloads/*.mlir by default) is translated for a target with
`tsopt-translate --tsopt-to-ptx`, assembled to a cubin with `ptxas -v` and
disassembled to SASS with `nvdisasm` (or `cuobjdump -sass`). One row per
kernel (docs/kernel-report.md explains every column):

  regs, smem, spill st/ld, stack, bars  ptxas -v: registers per thread,
              shared memory per block (static, plus the dynamic bytes of
              the launch manifest), spill bytes, stack frame bytes, named
              barriers
  grid, thr   blocks launched (manifest) and threads per block (manifest,
              else the PTX's .reqntid/.maxntid)
  blk/SM, warps/SM  the occupancy below
  bank deg    shared-memory bank conflicts (tsopt-translate --bank-conflicts):
              wavefronts over the conflict-free count of all the kernel's
              shared-memory warp accesses, each lane's address computed by
              running the kernel's index arithmetic (1.00: none)
  HMMA, HGMMA, LDSM, TMA, BAR  SASS instructions of that kind (TMA:
              UBLKCP, UTMALDG, UTMASTG)
  LDGSTS, LDG, STG, LDS, STS  cp.async copies, global and shared loads and
              stores by width, as bits:count (no width suffix is 32-bit)
  loop/TC     instructions of the main loop per tensor-core instruction in
              it: the range from a label to a branch back to it that holds
              the most HMMA/HGMMA (the innermost of equals)
  flags       spill: ptxas spills; no-mma: an f16/bf16 matmul (or
              convolution) kernel without HMMA/HGMMA; no-ldsm: HMMA without
              LDSM (fragments loaded value by value); no-fit: no block
              fits; conflicts: a bank-conflict degree above 1.1

Counts are static (instructions in the code; a loop body counts once, and
predicated-off `@!PT` padding is not counted).

Occupancy (resident blocks per SM, at the largest shared-memory carveout):

  warps     = ceil(threads / 32)
  by regs   = floor(R_SM / (ceil(regs * 32 / 256) * 256 * warps))
  by smem   = floor(S_SM / (ceil(smem / 128) * 128 + 1024))   (0 if smem > S_block)
  by warps  = floor(64 / warps);   blocks/SM = min(by regs, by smem, by warps, 32)
  warps/SM  = blocks/SM * warps    (of 64)

with R_SM = 65536 registers on both targets; S_SM = 164 KiB and S_block =
163 KiB on sm_80 (A100), 228 KiB and 227 KiB on sm_90 (H100); 1 KiB per
block is reserved by the driver on sm_80 and later.

Needs ptxas (CUDA toolkit) on PATH or in /usr/local/cuda/bin, and for the
SASS columns nvdisasm or cuobjdump (utils/setup_sass_tools.sh installs both
into .venv-sass; pass --sass-tools .venv-sass) or on PATH. Without them
those columns are left empty.

    utils/setup_sass_tools.sh
    utils/kernel_stats.py --bin build/bin --sass-tools .venv-sass \\
        --target sm_80,sm_90 --markdown
    utils/kernel_stats.py --sass-tools .venv-sass --target sm_80 --linalg \\
        test/Conversion/LinalgToKGraph/torch_*_f16.mlir
"""

import argparse
import glob
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

# Per-SM limits: registers, shared memory per SM and per block (bytes).
TARGETS = {
    "sm_80": {"gpu": "A100", "regs": 65536, "smem_sm": 164 * 1024,
              "smem_block": 163 * 1024},
    "sm_90": {"gpu": "H100", "regs": 65536, "smem_sm": 228 * 1024,
              "smem_block": 227 * 1024},
}
MAX_WARPS, MAX_BLOCKS = 64, 32
REG_UNIT, SMEM_UNIT, SMEM_RESERVED = 256, 128, 1024
TENSOR_CORE = ("HMMA", "HGMMA")
TMA = ("UBLKCP", "UTMALDG", "UTMASTG")


# ---------------------------------------------------------------- tools

def find_tools(sass_tools=None):
    """{ptxas, nvdisasm, cuobjdump: path or None}; sass_tools is a venv made
    by utils/setup_sass_tools.sh (its wheels keep the binaries under
    site-packages/nvidia/*/bin)."""
    tools = {}
    for name in ("ptxas", "nvdisasm", "cuobjdump"):
        found = None
        if sass_tools and name != "ptxas":
            hits = sorted(glob.glob(os.path.join(
                sass_tools, "lib", "python3*", "site-packages", "nvidia",
                "*", "bin", name)))
            found = hits[0] if hits else None
        found = found or shutil.which(name)
        default = os.path.join("/usr/local/cuda/bin", name)
        if not found and os.path.exists(default):
            found = default
        tools[name] = found
    return tools


def run(cmd):
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (os.path.basename(cmd[0]),
                                               (p.stderr or p.stdout)[-2000:]))
    return p


# ---------------------------------------------------------------- PTX

def ptx_entries(ptx_text):
    """{entry name: body text}."""
    out = {}
    entries = list(re.finditer(r"\.entry (\w+)\(", ptx_text))
    for i, m in enumerate(entries):
        end = entries[i + 1].start() if i + 1 < len(entries) else len(ptx_text)
        out[m.group(1)] = ptx_text[m.end():end]
    return out


def ptx_arch(ptx_text, default):
    m = re.search(r"^\s*\.target\s+(sm_\w+)", ptx_text, re.M)
    return m.group(1) if m else default


def ptx_threads(body):
    m = re.search(r"\.(?:reqntid|maxntid)\s+(\d+)(?:,\s*(\d+))?(?:,\s*(\d+))?",
                  body)
    return math.prod(int(g) for g in m.groups() if g) if m else None


def ptx_counts(body):
    """The PTX-text counts of docs/lowering.md ("Static figures")."""
    widths = {}
    for w in re.findall(r"cp\.async\.c[ag]\.shared\.global[^;]*,\s*(\d+);", body):
        widths[int(w) * 8] = widths.get(int(w) * 8, 0) + 1
    return {
        "mma.sync": len(re.findall(r"\bmma\.sync", body)),
        "ldmatrix": len(re.findall(r"\bldmatrix\.", body)),
        "ld.shared": len(re.findall(r"\bld\.shared\.", body)),
        "cp.async": widths,
        "st.global.v4": len(re.findall(r"\bst\.global\.v4\.(?:b|f|u)32\b", body)),
        "xor": len(re.findall(r"\bxor\.b(?:32|64)\b", body)),
    }


# ---------------------------------------------------------------- ptxas

def assemble(ptxas, ptx_path, arch, cubin_path):
    """Assembles ptx_path; {entry: {regs, smem, spill_st, spill_ld, stack,
    barriers}} from ptxas -v."""
    p = run([ptxas, "-arch=" + arch, "-v", ptx_path, "-o", cubin_path])
    figures, cur = {}, None
    for line in p.stderr.splitlines():
        m = re.search(r"(?:Compiling entry function|Function properties for) '?(\w+)'?", line)
        if m:
            cur = figures.setdefault(m.group(1), {
                "regs": 0, "smem": 0, "spill_st": 0, "spill_ld": 0,
                "stack": 0, "barriers": 0})
            continue
        if cur is None:
            continue
        for key, pattern in (("stack", r"(\d+) bytes stack frame"),
                             ("spill_st", r"(\d+) bytes spill stores"),
                             ("spill_ld", r"(\d+) bytes spill loads"),
                             ("regs", r"Used (\d+) registers"),
                             ("barriers", r"used (\d+) barriers"),
                             ("smem", r"(\d+) bytes smem")):
            m = re.search(pattern, line)
            if m:
                cur[key] = int(m.group(1))
    return figures


# ---------------------------------------------------------------- SASS

INSTR = re.compile(r"^\s*/\*([0-9a-f]+)\*/\s+(@!?U?P\w+\s+)?([A-Z][A-Za-z0-9_.]*)([^;]*);")
LABEL = re.compile(r"^\s*(\.L\w+):")


def disassemble(tools, cubin_path):
    """{kernel: (instructions, labels)}: instructions are (address,
    opcode, operands) in order, labels {name: address}. None without a
    disassembler."""
    if tools.get("nvdisasm"):
        text = run([tools["nvdisasm"], "-c", cubin_path]).stdout
        head = r"^\s*\.section\s+\.text\.(\w+),"
    elif tools.get("cuobjdump"):
        text = run([tools["cuobjdump"], "-sass", cubin_path]).stdout
        head = r"^\s*Function : (\w+)"
    else:
        return None
    kernels, instrs, labels, pending = {}, None, None, []
    for line in text.splitlines():
        m = re.match(head, line)
        if m:
            instrs, labels, pending = [], {}, []
            kernels[m.group(1)] = (instrs, labels)
            continue
        if instrs is None:
            continue
        m = LABEL.match(line)
        if m:
            pending.append(m.group(1))
            continue
        m = INSTR.match(line)
        if m:
            addr = int(m.group(1), 16)
            for name in pending:
                labels[name] = addr
            pending = []
            if (m.group(2) or "").strip() == "@!PT":
                continue  # never executed (scheduling padding)
            instrs.append((addr, m.group(3), m.group(4).strip()))
    return kernels


def width(opcode):
    """Bits moved by a load or store: its size suffix, 32 without one."""
    sizes = {"128": 128, "64": 64, "32": 32, "U16": 16, "S16": 16,
             "U8": 8, "S8": 8}
    for token in opcode.split(".")[1:]:
        if token in sizes:
            return sizes[token]
    return 32


def mma_flops(opcode):
    """FLOPs of one warp's tensor-core instruction: HMMA.16816 is a
    16x8x16 product; HGMMA.64xNx16 a warpgroup's, a quarter per warp."""
    m = re.match(r"HMMA\.(16)(8)(16|8)\b", opcode)
    if m:
        return 2 * math.prod(int(g) for g in m.groups())
    m = re.match(r"HGMMA\.(\d+)x(\d+)x(\d+)", opcode)
    if m:
        return 2 * math.prod(int(g) for g in m.groups()) // 4
    return 0


def loops(instrs, labels):
    """[(first, last)] instruction indices of every range from a label to a
    branch back to it."""
    index = {addr: i for i, (addr, _, _) in enumerate(instrs)}
    out = []
    for j, (addr, op, operands) in enumerate(instrs):
        m = op.startswith("BRA") and re.search(
            r"`?\(?(\.L\w+)\)?`?|\b0x([0-9a-f]+)\b", operands)
        if not m:
            continue
        target = labels.get(m.group(1)) if m.group(1) else int(m.group(2), 16)
        if target is not None and target <= addr and target in index:
            out.append((index[target], j))
    return out


def main_loop(instrs, labels):
    """The loop around the most tensor-core instructions, innermost among
    equals: {instrs, tc (tensor-core instructions), flops, inner (loops
    inside it)}; None without one."""
    ranges = loops(instrs, labels)
    best = None
    for first, last in ranges:
        tc = [o for _, o, _ in instrs[first:last + 1]
              if o.split(".")[0] in TENSOR_CORE]
        key = (len(tc), first - last)
        if tc and (best is None or key > best[0]):
            best = (key, first, last, tc)
    if not best:
        return None
    _, first, last, tc = best
    return {"instrs": last - first + 1, "tc": len(tc),
            "flops": sum(mma_flops(o) for o in tc),
            "inner": sum(first <= a and b < last for a, b in ranges)}


def sass_counts(instrs, labels):
    """Counts of one kernel's SASS."""
    c = {"instrs": 0, "HMMA": 0, "HGMMA": 0, "LDSM": 0, "LDGSTS": {},
         "TMA": 0, "BAR": 0, "LDG": {}, "STG": {}, "LDS": {}, "STS": {}}
    for _, op, _ in instrs:
        root = op.split(".")[0]
        if root == "NOP":
            continue
        c["instrs"] += 1
        if root in ("HMMA", "HGMMA", "LDSM", "BAR"):
            c[root] += 1
        elif root in TMA:
            c["TMA"] += 1
        elif root in ("LDG", "STG", "LDS", "STS", "LDGSTS"):
            w = width(op)
            c[root][w] = c[root].get(w, 0) + 1
    c["loop"] = main_loop(instrs, labels)
    return c


# ---------------------------------------------------------------- occupancy

def occupancy(target, regs, smem, threads):
    """(blocks per SM, warps per SM) by the formula of the docstring."""
    lim = TARGETS[target]
    warps = -(-threads // 32)
    bounds = [MAX_BLOCKS, MAX_WARPS // warps]
    if regs:
        per_warp = -(-regs * 32 // REG_UNIT) * REG_UNIT
        bounds.append(lim["regs"] // (per_warp * warps))
    if smem > lim["smem_block"]:
        bounds.append(0)
    bounds.append(lim["smem_sm"] //
                  (-(-smem // SMEM_UNIT) * SMEM_UNIT + SMEM_RESERVED))
    blocks = min(bounds)
    return blocks, blocks * warps


# ---------------------------------------------------------------- rows

def kernel_rows(ptx_path, target, tools, launch=None, matmuls=None,
                work=None):
    """One dict per kernel of the PTX file. launch: {kernel: {threads,
    smem (dynamic bytes), grid (blocks)}}; matmuls: {kernel: f16/bf16
    matmul?}."""
    launch, matmuls = launch or {}, matmuls or {}
    text = open(ptx_path).read()
    arch = ptx_arch(text, target)
    cubin = os.path.join(work or os.path.dirname(ptx_path),
                         os.path.basename(ptx_path) + ".cubin")
    figures = assemble(tools["ptxas"], ptx_path, arch, cubin)
    sass = disassemble(tools, cubin) or {}
    rows = []
    for name, body in ptx_entries(text).items():
        f = figures.get(name, {})
        run_as = launch.get(name, {})
        threads = run_as.get("threads") or ptx_threads(body)
        row = dict(f, kernel=name, target=target, arch=arch,
                   threads=threads or 0, grid=run_as.get("grid", ""),
                   ptx=ptx_counts(body))
        row["smem"] = f.get("smem", 0) + run_as.get("smem", 0)
        row["banks"] = run_as.get("banks", "")
        row["blocks"], row["warps"] = (occupancy(target, f.get("regs", 0),
                                                 row["smem"], threads)
                                       if threads else ("", ""))
        row["sass"] = sass_counts(*sass[name]) if name in sass else None
        row["matmul"] = matmuls.get(name)
        row["flags"] = flags(row)
        rows.append(row)
    return rows


def flags(row):
    out = []
    if row.get("spill_st") or row.get("spill_ld"):
        out.append("spill")
    s = row["sass"]
    if s is not None:
        tc = s["HMMA"] + s["HGMMA"]
        if row["matmul"] and not tc:
            out.append("no-mma")
        if s["HMMA"] and not s["LDSM"]:
            out.append("no-ldsm")
    if row["blocks"] == 0:
        out.append("no-fit")
    if row.get("banks") and row["banks"] > 1.1:
        out.append("conflicts")
    return out


# ---------------------------------------------------------------- µGraphs

def operand_types(kind):
    """A pattern of two operand types, e.g. `tensor<8x64xf16>, tensor<...>`,
    capturing their element types."""
    one = re.escape(kind) + r"<[^>]*x(\w+)>"
    return one + r",\s*" + one


def graph_functions(source):
    """{function: [(top-level kgraph op, f16/bf16 matmul?)] in order}
    (`f_kernel<i>` is op i, views aside)."""
    out = {}
    for chunk in source.split("func.func ")[1:]:
        m = re.match(r"(?:private |public )?@([\w.$-]+)\(", chunk)
        if not m:
            continue
        ops = list(re.finditer(r"=\s*kgraph\.(\w+)", chunk))
        kinds = []
        for i, op in enumerate(ops):
            end = ops[i + 1].start() if i + 1 < len(ops) else len(chunk)
            text = chunk[op.start():end]
            if op.group(1) == "kernel":
                mm = re.findall(r"bgraph\.matmul\b.*?:\s*" + operand_types("!bgraph.tile"), text)
            elif op.group(1) in ("matmul", "batch_matmul", "conv2d"):
                mm = re.findall(r":\s*" + operand_types("tensor"), text.split("\n")[0])
            else:
                mm = []
            kinds.append((op.group(1), any(set(t) & {"f16", "bf16"} for t in mm)))
        out[m.group(1)] = kinds
    return out


def superoptimize(bin_dir, path, target, work):
    """A linalg program (a front end's export) imported and superoptimized
    for the target: the path of the result."""
    out = os.path.join(work, os.path.basename(path))
    run([os.path.join(bin_dir, "tsopt-opt"), path, "--convert-linalg-to-kgraph",
         "--tsopt-superoptimize=target=" + target, "-o", out])
    return out


BANKS = re.compile(r"remark: bank conflicts of @(\w+): (\d+) shared-memory warp "
                   r"accesses(?:, (\d+) wavefronts for (\d+) conflict-free, "
                   r"degree ([0-9.]+))?")


def bank_conflicts(stderr):
    """{kernel: degree} from tsopt-translate --bank-conflicts: wavefronts
    over the conflict-free count of every shared-memory warp access, the
    lanes' addresses computed by running the kernel's index arithmetic."""
    out = {}
    for m in BANKS.finditer(stderr):
        out[m.group(1)] = float(m.group(5)) if m.group(5) else 1.0
    return out


def translate(bin_dir, path, target, work):
    """(ptx path, launch {kernel: {threads, smem, grid, banks}}, matmuls
    {kernel: bool}) of the graph-defined functions of one program."""
    functions = graph_functions(open(path).read())
    graphs = [f for f, ops in functions.items()
              if any(op == "kernel" for op, _ in ops)]
    ptx = os.path.join(work, os.path.splitext(os.path.basename(path))[0]
                       + "." + target + ".ptx")
    cmd = [os.path.join(bin_dir, "tsopt-translate"), "--tsopt-to-ptx",
           "--bank-conflicts", "--target=" + target, path, "-o", ptx]
    if graphs:  # a reference of library kernels may not fit at full shape
        cmd.insert(3, "--function=" + ",".join(graphs))
    banks = bank_conflicts(run(cmd).stderr)
    manifest = json.load(open(os.path.splitext(ptx)[0] + ".json"))
    launch = {k["name"]: {"threads": math.prod(k["block"]),
                          "smem": k["shared_memory_bytes"],
                          "grid": math.prod(k["grid"]),
                          "banks": banks.get(k["name"], "")}
              for f in manifest["functions"] for k in f["kernels"]}
    matmuls = {}
    for f in manifest["functions"]:
        ops = functions.get(f["name"], [])
        if len(ops) != len(f["kernels"]):  # reshapes may be views
            ops = [op for op in ops if op[0] != "reshape"]
        # Trust the numbering only where every op became one kernel.
        if len(ops) == len(f["kernels"]):
            for k, (_, mm) in zip(f["kernels"], ops):
                matmuls[k["name"]] = mm
    return ptx, launch, matmuls


# ---------------------------------------------------------------- output

def widths_text(counts):
    return " ".join("%d:%d" % (w, n) for w, n in
                    sorted(counts.items(), reverse=True)) or "-"


def loop_text(loop):
    return "%.1f" % (loop["instrs"] / loop["tc"]) if loop else "-"


SASS_COLUMNS = [
    ("HMMA", lambda s: s["HMMA"]), ("HGMMA", lambda s: s["HGMMA"]),
    ("LDSM", lambda s: s["LDSM"]), ("LDGSTS", lambda s: widths_text(s["LDGSTS"])),
    ("TMA", lambda s: s["TMA"]), ("LDG", lambda s: widths_text(s["LDG"])),
    ("STG", lambda s: widths_text(s["STG"])), ("LDS", lambda s: widths_text(s["LDS"])),
    ("STS", lambda s: widths_text(s["STS"])), ("BAR", lambda s: s["BAR"]),
    ("loop/TC", lambda s: loop_text(s["loop"])),
]


def table(rows, ptx_columns=False):
    """(headers, cells) of the report."""
    headers = ["kernel", "regs", "smem", "spill st/ld", "stack", "bars",
               "grid", "thr", "blk/SM", "warps/SM", "bank deg"]
    if ptx_columns:
        headers += ["mma.sync", "ldmatrix", "ld.shared", "cp.async",
                    "st.global.v4", "xor"]
    else:
        headers += [h for h, _ in SASS_COLUMNS]
    headers.append("flags")
    cells = []
    for r in rows:
        line = [r["kernel"], r.get("regs", ""), r["smem"],
                "%s/%s" % (r.get("spill_st", ""), r.get("spill_ld", "")),
                r.get("stack", ""), r.get("barriers", ""), r["grid"],
                r["threads"], r["blocks"], r["warps"],
                "%.2f" % r["banks"] if r.get("banks") else ""]
        if ptx_columns:
            p = r["ptx"]
            line += [p["mma.sync"], p["ldmatrix"], p["ld.shared"],
                     widths_text(p["cp.async"]), p["st.global.v4"], p["xor"]]
        else:
            s = r["sass"]
            line += [get(s) if s else "" for _, get in SASS_COLUMNS]
        line.append(",".join(r["flags"]) or "-")
        cells.append([str(c) for c in line])
    return headers, cells


def print_table(headers, cells, markdown=False, out=sys.stdout):
    if markdown:
        print("| " + " | ".join(headers) + " |", file=out)
        print("|" + "|".join("---" for _ in headers) + "|", file=out)
        for c in cells:
            print("| " + " | ".join(c) + " |", file=out)
        return
    w = [max(len(x) for x in col) for col in zip(headers, *cells)]
    fmt = "  ".join("%%-%ds" % n if i == 0 else "%%%ds" % n
                    for i, n in enumerate(w))
    print(fmt % tuple(headers), file=out)
    print("-" * (sum(w) + 2 * len(w) - 2), file=out)
    for c in cells:
        print(fmt % tuple(c), file=out)


def summary(rows):
    n = len(rows)
    if not any(r["sass"] for r in rows):
        return "%d kernels: %d spilling (no SASS)" % (
            n, len([r for r in rows if "spill" in r["flags"]]))
    tc = [r for r in rows if r["sass"] and r["sass"]["HMMA"] + r["sass"]["HGMMA"]]
    mm = [r for r in rows if r["matmul"]]
    spill = [r for r in rows if "spill" in r["flags"]]
    ldsm = [r for r in tc if r["sass"]["LDSM"]]
    free = [r for r in rows if r.get("banks") and r["banks"] <= 1.1]
    return ("%d kernels: %d spilling; %d of %d f16/bf16 matmul kernels on tensor"
            " cores (%d with tensor cores in all), %d of these with LDSM; "
            "%d with a bank-conflict degree of at most 1.1; "
            "flagged: %s" % (n, len(spill), len([r for r in mm if r in tc]),
                             len(mm), len(tc), len(ldsm), len(free),
                             ", ".join("%s (%s)" % (r["kernel"], ",".join(r["flags"]))
                                       for r in rows if r["flags"]) or "none"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default="build/bin", help="tsopt-translate's dir")
    ap.add_argument("--target", default="sm_90", help="sm_80, sm_90 or both: sm_80,sm_90")
    ap.add_argument("--sass-tools", help="venv of utils/setup_sass_tools.sh")
    ap.add_argument("--markdown", action="store_true", help="markdown tables")
    ap.add_argument("--ptx", action="store_true",
                    help="PTX-text counts (docs/lowering.md) instead of SASS")
    ap.add_argument("--linalg", action="store_true",
                    help="the files are linalg exports: import and "
                    "superoptimize each for the target first")
    ap.add_argument("files", nargs="*")
    args = ap.parse_args()
    files = args.files or sorted(glob.glob("utils/workloads/*.mlir"))
    tools = find_tools(args.sass_tools)
    if not tools["ptxas"]:
        print("no ptxas: install the CUDA toolkit", file=sys.stderr)
        return 1
    for target in args.target.split(","):
        rows = []
        with tempfile.TemporaryDirectory() as work:
            for path in files:
                stem = os.path.splitext(os.path.basename(path))[0]
                if args.linalg:
                    path = superoptimize(args.bin, path, target, work)
                ptx, launch, matmuls = translate(args.bin, path, target, work)
                for row in kernel_rows(ptx, target, tools, launch, matmuls, work):
                    rows.append(dict(row, program=stem))
        names = [r["kernel"] for r in rows]
        for r in rows:  # one function name in several files
            if names.count(r["kernel"]) > 1:
                r["kernel"] = r["program"] + ":" + r["kernel"]
        if args.markdown:
            print("\n#### %s (%s)\n" % (target, TARGETS[target]["gpu"]))
        else:
            print("\n== %s (%s)" % (target, TARGETS[target]["gpu"]))
        print_table(*table(rows, args.ptx), markdown=args.markdown)
        print("\n" + summary(rows))
    if not (tools["nvdisasm"] or tools["cuobjdump"]):
        print("note: no nvdisasm or cuobjdump (utils/setup_sass_tools.sh, "
              "--sass-tools): SASS columns left empty")
    return 0


if __name__ == "__main__":
    sys.exit(main())
