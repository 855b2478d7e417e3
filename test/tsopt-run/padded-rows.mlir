// Padded tile rows (bgraph.layout = "row_major_pad<16>"): A's operand is
// two tiles concatenated into rows of 80 halves (160 bytes, ten 16-byte
// chunks), which no swizzle spans: ldmatrix's 8 rows would start in 4 bank
// groups (2-way). One chunk of padding per row makes the pitch odd.
// Compiled for the CPU and run against the reference, with the padding
// written and as the planner chooses it by itself; the lowered view is the
// padded one; the emitted kernel's bank conflicts counted with and without
// the padding; a column-major padded operand (ldmatrix.trans) too.
// RUN: tsopt-run %s --backend=cpu --fn=padded | FileCheck %s --check-prefix=AGREE
// RUN: sed -e 's/ {bgraph.layout = "[a-z_<>0-9,]*"}//g' %s | tsopt-opt --tsopt-plan-kernels=target=sm_80 | FileCheck %s --check-prefix=PLAN
// RUN: sed -e 's/ {bgraph.layout = "[a-z_<>0-9,]*"}//g' %s | tsopt-opt --tsopt-plan-kernels=target=sm_80 | tsopt-run --backend=cpu --fn=padded | FileCheck %s --check-prefix=AGREE
// RUN: tsopt-opt %s --tsopt-plan-kernels=target=sm_80 --convert-kgraph-to-gpu=target=sm_80 | FileCheck %s --check-prefix=VIEW
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --bank-conflicts --function=padded %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=PADDED
// RUN: sed -e 's/"row_major_pad<16>"/"row_major"/g' %s | tsopt-translate --tsopt-to-ptx --target=sm_80 --bank-conflicts --function=padded -o %t.ptx 2>&1 | FileCheck %s --check-prefix=UNPADDED
// RUN: tsopt-run %s --backend=cpu --fn=padded_col --reference=padded_ref | FileCheck %s --check-prefix=COL
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --bank-conflicts --function=padded_col %s -o %t.col.ptx 2>&1 | FileCheck %s --check-prefix=COLBANKS
// RUN: sed -e 's/"col_major_pad<16>"/"col_major"/g' %s | tsopt-translate --tsopt-to-ptx --target=sm_80 --bank-conflicts --function=padded_col -o %t.col.ptx 2>&1 | FileCheck %s --check-prefix=UNCOL

// AGREE: @padded vs @padded_ref: agree
// PLAN-LABEL: func.func @padded(
// PLAN: bgraph.concat {{.*}}bgraph.layout = "row_major_pad<16>"
// VIEW: memref.view {{.*}} to memref<32x88xf16, #gpu.address_space<workgroup>>
// PADDED: remark: bank conflicts of @padded_kernel0: {{.*}} degree 1.00
// UNPADDED: remark: bank conflicts of @padded_kernel0: {{.*}}, degree {{1\.[1-9][0-9]}}; worst: nvgpu.ldmatrix of 'memref<32x80xf16, {{.*}} (degree 2.00
// COL: @padded_col vs @padded_ref: agree
// COLBANKS: remark: bank conflicts of @padded_col_kernel0: {{.*}}, degree 1.04; worst: memref.store of 'memref<88x64xf16
// UNCOL: remark: bank conflicts of @padded_col_kernel0: {{.*}}, degree 1.19; worst: nvgpu.ldmatrix of 'memref<80x64xf16, {{.*}} (degree 2.00

func.func @padded_ref(%a: tensor<32x64xf16>, %x: tensor<32x16xf16>, %b: tensor<80x64xf16>) -> tensor<32x64xf16> {
  %l = kgraph.concat %a, %x dim = 1 : tensor<32x64xf16>, tensor<32x16xf16> -> tensor<32x80xf16>
  %c = kgraph.matmul %l, %b : tensor<32x80xf16>, tensor<80x64xf16> -> tensor<32x64xf16>
  return %c : tensor<32x64xf16>
}

func.func @padded(%a: tensor<32x64xf16>, %x: tensor<32x16xf16>, %b: tensor<80x64xf16>) -> tensor<32x64xf16> attributes {tsopt.reference = @padded_ref} {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %x, %b : tensor<32x64xf16>, tensor<32x16xf16>, tensor<80x64xf16>) -> (tensor<32x64xf16>) {
  ^bb0(%ab: tensor<32x64xf16>, %xb: tensor<32x16xf16>, %bb: tensor<80x64xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica {bgraph.layout = "row_major"} : tensor<32x64xf16> -> !bgraph.tile<32x64xf16>
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica {bgraph.layout = "row_major"} : tensor<32x16xf16> -> !bgraph.tile<32x16xf16>
    %bt = bgraph.input %bb imap = {x = replica} fmap = replica {bgraph.layout = "row_major_swizzle<3,4,3>"} : tensor<80x64xf16> -> !bgraph.tile<80x64xf16>
    %l = bgraph.concat %at, %xt dim = 1 {bgraph.layout = "row_major_pad<16>"} : !bgraph.tile<32x64xf16>, !bgraph.tile<32x16xf16> -> !bgraph.tile<32x80xf16>
    %p = bgraph.matmul %l, %bt {bgraph.layout = "row_major_swizzle<3,4,3>"} : !bgraph.tile<32x80xf16>, !bgraph.tile<80x64xf16> -> !bgraph.tile<32x64xf32>
    %s = bgraph.accum sum %p {bgraph.layout = "row_major_swizzle<3,4,3>"} : !bgraph.tile<32x64xf32> -> !bgraph.tile<32x64xf32>
    %o = bgraph.output %s omap = {x = replica} : !bgraph.tile<32x64xf32> -> tensor<32x64xf16>
    bgraph.yield %o : tensor<32x64xf16>
  }
  return %c : tensor<32x64xf16>
}

func.func @padded_col(%a: tensor<32x64xf16>, %x: tensor<32x16xf16>, %b: tensor<80x64xf16>) -> tensor<32x64xf16> {
  %c = kgraph.kernel grid = [1] forloop = 1 ins(%a, %x, %b : tensor<32x64xf16>, tensor<32x16xf16>, tensor<80x64xf16>) -> (tensor<32x64xf16>) {
  ^bb0(%ab: tensor<32x64xf16>, %xb: tensor<32x16xf16>, %bb: tensor<80x64xf16>):
    %at = bgraph.input %ab imap = {x = replica} fmap = replica {bgraph.layout = "row_major"} : tensor<32x64xf16> -> !bgraph.tile<32x64xf16>
    %xt = bgraph.input %xb imap = {x = replica} fmap = replica {bgraph.layout = "row_major"} : tensor<32x16xf16> -> !bgraph.tile<32x16xf16>
    %bt = bgraph.input %bb imap = {x = replica} fmap = replica {bgraph.layout = "row_major"} : tensor<80x64xf16> -> !bgraph.tile<80x64xf16>
    %bn = bgraph.neg %bt {bgraph.layout = "col_major_pad<16>"} : !bgraph.tile<80x64xf16> -> !bgraph.tile<80x64xf16>
    %l = bgraph.concat %at, %xt dim = 1 {bgraph.layout = "row_major_pad<16>"} : !bgraph.tile<32x64xf16>, !bgraph.tile<32x16xf16> -> !bgraph.tile<32x80xf16>
    %p = bgraph.matmul %l, %bn {bgraph.layout = "row_major_swizzle<3,4,3>"} : !bgraph.tile<32x80xf16>, !bgraph.tile<80x64xf16> -> !bgraph.tile<32x64xf32>
    %s = bgraph.accum sum %p {bgraph.layout = "row_major_swizzle<3,4,3>"} : !bgraph.tile<32x64xf32> -> !bgraph.tile<32x64xf32>
    %n = bgraph.neg %s {bgraph.layout = "row_major_swizzle<3,4,3>"} : !bgraph.tile<32x64xf32> -> !bgraph.tile<32x64xf32>
    %o = bgraph.output %n omap = {x = replica} : !bgraph.tile<32x64xf32> -> tensor<32x64xf16>
    bgraph.yield %o : tensor<32x64xf16>
  }
  return %c : tensor<32x64xf16>
}
