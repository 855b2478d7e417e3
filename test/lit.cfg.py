# -*- Python -*-
# lit configuration of the tsopt tests (FileCheck, tsopt-opt, tsopt-run).

import os
import shutil

import lit.formats
from lit.llvm import llvm_config

config.name = "TSOPT"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tsopt_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Unit"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
llvm_config.use_default_substitutions()
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
# Strict FileCheck: named captures do not leak across CHECK-LABELs.
config.environment["FILECHECK_OPTS"] = (
    "-enable-var-scope --allow-unused-prefixes=false"
)

tool_dirs = [config.tsopt_tools_dir, config.llvm_tools_dir]
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(["tsopt-opt", "tsopt-run"], tool_dirs)

# Graphviz renders the DOT of tsopt-print-dot; tests that need it use
# `%if graphviz`, so they pass (less that check) where it is not installed.
if shutil.which("dot"):
    config.available_features.add("graphviz")
