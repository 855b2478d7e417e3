// When the options rule out the program's own kernels and the best µGraph
// left is estimated no faster than the program as written, the function
// stays as it is, with a remark saying why.
// RUN: tsopt-opt %s --tsopt-superoptimize='kernel-ops=none max-grid-dims=1 grid-extents=1 forloop-extents=1 progress=false plan=false time-limit=0' 2>&1 | FileCheck %s

// CHECK: remark: not superoptimized: the best µGraph found (1 op (1 graph-defined): kernel grid [1] forloop 1, {{.*}}) is estimated at {{[0-9.]+}} us, not faster than the program's {{[0-9.]+}} us on sm_90; search
// CHECK-LABEL: func.func @mm
// CHECK-NOT: tsopt.verification
// CHECK-NOT: kgraph.kernel
// CHECK: kgraph.matmul
// CHECK-NOT: kgraph.kernel
// CHECK: return
func.func @mm(%a: tensor<128x128xf16>, %b: tensor<128x128xf16>) -> tensor<128x128xf16> {
  %c = kgraph.matmul %a, %b : tensor<128x128xf16>, tensor<128x128xf16> -> tensor<128x128xf16>
  return %c : tensor<128x128xf16>
}
