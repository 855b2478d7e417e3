#!/usr/bin/env python3
"""Prints the reference function @<name>_ref of a workload file alone.

With --to-optimize, also prints a copy of it named @<name> that names the
reference as its `tsopt.reference` (tsopt-superoptimize leaves a function's
reference as written and searches the copy; the verifier then checks one
against the other).

Usage: utils/workload_reference.py FILE NAME [--to-optimize]
"""
import sys


def main(argv):
    if len(argv) not in (3, 4) or (len(argv) == 4 and argv[3] != "--to-optimize"):
        sys.exit(__doc__)
    path, name = argv[1], argv[2]
    text = open(path).read()
    start = text.find(f"func.func @{name}_ref(")
    if start < 0:
        sys.exit(f"{path}: no function @{name}_ref")
    end = text.index("\n}\n", start) + 3
    ref = text[start:end]
    print(ref)
    if len(argv) == 4:
        header, body = ref.split("{\n", 1)
        print(header.replace(f"@{name}_ref(", f"@{name}(") +
              f"attributes {{tsopt.reference = @{name}_ref}} {{\n" + body)


if __name__ == "__main__":
    main(sys.argv)
