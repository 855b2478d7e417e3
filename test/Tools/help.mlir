// Each tool's --help lists its own options: the code-generation flags of the
// LLVM backends linked into the tools are hidden (still accepted, and listed
// by --help-hidden).
// RUN: tsopt-opt --help | FileCheck %s --check-prefix=OPT
// RUN: tsopt-mpi --help | FileCheck %s --check-prefix=OPT
// RUN: tsopt-run --help | FileCheck %s --check-prefix=TOOLEXEC
// RUN: tsopt-translate --help | FileCheck %s --check-prefix=TRANSLATE
// RUN: tsopt-opt --help-hidden | FileCheck %s --check-prefix=HIDDEN
// RUN: tsopt-opt %s --x86-asm-syntax=intel | FileCheck %s --check-prefix=ACCEPTED

// OPT-NOT: --amdgpu-
// OPT-NOT: --x86-
// OPT: --tsopt-superoptimize
// OPT-NOT: --amdgpu-
// OPT-NOT: --x86-
// TOOLEXEC-NOT: --amdgpu-
// TOOLEXEC: --backend
// TOOLEXEC-NOT: --amdgpu-
// TRANSLATE-NOT: --amdgpu-
// TRANSLATE: --tsopt-to-ptx
// TRANSLATE-NOT: --amdgpu-
// HIDDEN: --x86-asm-syntax
// ACCEPTED: func.func @f

func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
