# -*- Python -*-
# lit configuration of the tsopt tests (FileCheck, tsopt-opt, tsopt-run,
# tsopt-translate).

import os
import shutil
import subprocess
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "TSOPT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tsopt_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Unit", "Inputs"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
llvm_config.use_default_substitutions()
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
# Strict FileCheck: named captures do not leak across CHECK-LABELs.
config.environment["FILECHECK_OPTS"] = (
    "-enable-var-scope --allow-unused-prefixes=false"
)

tool_dirs = [config.tsopt_tools_dir, config.llvm_tools_dir]
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(
    ["tsopt-opt", "tsopt-run", "tsopt-translate"], tool_dirs
)

# tsopt-mpi (built where MPI is found) under Open MPI's mpirun: tests that
# need it say `REQUIRES: mpi`. Ranks oversubscribe the cores (the tests run
# 2 and 3 ranks on 2 cores), and root may run them (containers, CI).
mpirun = shutil.which("mpirun")
if mpirun and os.path.isfile(os.path.join(config.tsopt_tools_dir, "tsopt-mpi")):
    config.available_features.add("mpi")
    llvm_config.add_tool_substitutions(["tsopt-mpi"], tool_dirs)
    config.substitutions.append(("%mpirun", f"{mpirun} --oversubscribe"))
    config.environment["OMPI_ALLOW_RUN_AS_ROOT"] = "1"
    config.environment["OMPI_ALLOW_RUN_AS_ROOT_CONFIRM"] = "1"

# Graphviz renders the DOT of tsopt-print-dot; tests that need it use
# `%if graphviz`, so they pass (less that check) where it is not installed.
if shutil.which("dot"):
    config.available_features.add("graphviz")

# ptxas (CUDA toolkit) assembles the PTX of tsopt-translate; tests that need
# it say `REQUIRES: ptxas` and are unsupported where it is not installed.
def find_ptxas():
    found = shutil.which("ptxas")
    if found:
        return found
    for var in ("CUDA_HOME", "CUDA_PATH"):
        root = os.environ.get(var)
        if root:
            candidate = os.path.join(root, "bin", "ptxas")
            if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                return candidate
    default = "/usr/local/cuda/bin/ptxas"
    if os.path.isfile(default) and os.access(default, os.X_OK):
        return default
    return None


ptxas = find_ptxas()
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))

# The importer's oracle (utils/linalg_oracle.py) runs a linalg program with
# upstream's mlir-opt and mlir-runner and compares with tsopt-run; it needs
# numpy and mlir-runner.
llvm_root = os.path.dirname(config.llvm_tools_dir)
if (
    os.path.isfile(os.path.join(config.llvm_tools_dir, "mlir-runner"))
    and subprocess.run([sys.executable, "-c", "import numpy"]).returncode == 0
):
    config.available_features.add("linalg-oracle")
    config.substitutions.append(
        (
            "%linalg-oracle",
            f"{sys.executable} "
            f"{os.path.join(os.path.dirname(config.test_source_root), 'utils', 'linalg_oracle.py')} "
            f"--tools {config.tsopt_tools_dir} --llvm {llvm_root}",
        )
    )

# The consistency check of the kernel plan (utils/check_kernel_plan.py):
# what the cost model charges against the PTX tsopt-translate emits. It needs
# the Python standard library only.
config.substitutions.append(
    (
        "%check-kernel-plan",
        f"{sys.executable} "
        f"{os.path.join(os.path.dirname(config.test_source_root), 'utils', 'check_kernel_plan.py')} "
        f"--bin {config.tsopt_tools_dir}",
    )
)
config.substitutions.append(
    ("%repo", os.path.dirname(config.test_source_root))
)
config.substitutions.append(("%python", sys.executable))
