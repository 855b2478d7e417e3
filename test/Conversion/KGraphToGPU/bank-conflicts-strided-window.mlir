// A window of stride 2 over tiles of 32-byte rows: the max pool of the
// ResNet stem export, as im2col of a 1x4x16x16 f16 tile. A warp's lanes read
// every other element of a row, 8 lanes a row, rows 2 apart, so rows 4
// apart meet in the same banks of row-major storage (a degree of 1.12).
// The layout ILP offers such tiles the XOR from pairs of rows,
// swizzle<2,4,2>, which puts them in different banks; the cp.async copies
// into it stay conflict-free. (The CPU path runs the same addressing and
// agrees with upstream MLIR: the oracle lines of
// test/Conversion/LinalgToKGraph/torch_resnet_stem_f16.mlir, whose plan for
// sm_90 takes this layout too.)
// RUN: tsopt-opt %S/../LinalgToKGraph/torch_resnet_stem_f16.mlir --convert-linalg-to-kgraph --tsopt-orchestrate=target=sm_80 --tsopt-plan-kernels=target=sm_80 -o %t.mlir
// RUN: FileCheck %s --check-prefix=PLAN < %t.mlir
// RUN: tsopt-translate --tsopt-to-ptx --bank-conflicts --target=sm_80 %t.mlir -o /dev/null 2>&1 | FileCheck %s

// PLAN: bgraph.input {{.*}}bgraph.layout = "row_major_swizzle<2,4,2>"{{.*}} -> !bgraph.tile<1x4x16x16xf16>
// PLAN-NEXT: bgraph.im2col {{.*}}stride = [2, 2]
// CHECK: bank conflicts of @resnet_stem_kernel3: {{[0-9]+}} shared-memory warp accesses, {{[0-9]+}} wavefronts for {{[0-9]+}} conflict-free, degree 1.0{{[0-9]}}
