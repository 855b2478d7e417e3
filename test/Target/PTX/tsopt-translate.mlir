// RUN: rm -rf %t && mkdir -p %t
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %s -o %t/prog.ptx
// RUN: FileCheck %s --check-prefix=PTX --input-file=%t/prog.ptx
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t/prog.json

// --function selects functions; --manifest names the manifest.
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --function=gmlp %s -o %t/gmlp.ptx --manifest=%t/launch.json
// RUN: FileCheck %s --check-prefix=SEL-PTX --input-file=%t/gmlp.ptx
// RUN: FileCheck %s --check-prefix=SEL-JSON --input-file=%t/launch.json
// RUN: not ls %t/gmlp.json

// --threads-per-block sets the block of every kernel.
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --threads-per-block=64 --function=ew %s -o %t/t64.ptx
// RUN: FileCheck %s --check-prefix=T64-PTX --input-file=%t/t64.ptx
// RUN: FileCheck %s --check-prefix=T64-JSON --input-file=%t/t64.json

// PTX on stdout: no manifest unless one is named.
// RUN: tsopt-translate --tsopt-to-ptx --target=a100 %s -o - | FileCheck %s --check-prefix=PTX
// RUN: tsopt-translate --tsopt-to-ptx --target=h200 %s -o - --manifest=%t/stdout.json | FileCheck %s --check-prefix=H200
// RUN: FileCheck %s --check-prefix=STDOUT-JSON --input-file=%t/stdout.json

// Errors.
// RUN: not tsopt-translate --tsopt-to-ptx --target=sm_80 --function=ew,nope %s -o %t/bad.ptx 2>&1 | FileCheck %s --check-prefix=NOFN
// RUN: not ls %t/bad.ptx
// RUN: not tsopt-translate %s -o %t/none.ptx 2>&1 | FileCheck %s --check-prefix=CHOOSE
// RUN: not tsopt-translate --tsopt-to-ptx --target=sm_70 %s -o %t/none.ptx 2>&1 | FileCheck %s --check-prefix=TARGET

// NOFN: error: no function named 'nope'
// CHOOSE: tsopt-translate: choose a translation (--tsopt-to-ptx)
// TARGET: error: unknown target 'sm_70'; known: sm_80 (a100, a100-40gb), sm_90 (h100, h200)

// Two kernels for @ew (exp, then mul), one for @gmlp; dynamic shared
// memory is declared extern, sized at launch.
// PTX: .target sm_80
// PTX: .address_size 64
// PTX: .extern .shared .align 1024 .b8 [[SMEM:[A-Za-z0-9_]+]][];
// PTX-NOT: .shared
// PTX-LABEL: .visible .entry ew_kernel0(
// PTX-NEXT: .param .u64 {{.*}}ew_kernel0_param_0,
// PTX-NEXT: .param .u64 {{.*}}ew_kernel0_param_1
// PTX-NEXT: )
// PTX-NEXT: .maxntid 128, 1, 1
// PTX-DAG: mov.u32 {{.+}}, %ctaid.x;
// PTX-DAG: mov.u32 {{.+}}, %tid.x;
// Element-wise kernels need no shared memory and no barrier: the output
// saver loads 16 bytes of the input, computes the exponentials in
// registers and stores 16 bytes.
// PTX-NOT: bar.sync
// PTX: ld.global.v4.b32
// PTX: ex2.approx.ftz.f32
// PTX: st.global.v4.b32
// PTX-NOT: bar.sync
// PTX: ret;
// PTX-LABEL: .visible .entry ew_kernel1(
// PTX-NEXT: .param .u64 {{.*}}ew_kernel1_param_0,
// PTX-NEXT: .param .u64 {{.*}}ew_kernel1_param_1,
// PTX-NEXT: .param .u64 {{.*}}ew_kernel1_param_2
// PTX-NOT: bar.sync
// PTX: ld.global.v4.b32
// PTX: ld.global.v4.b32
// PTX: st.global.v4.b32
// PTX: ret;
// PTX-LABEL: .visible .entry gmlp_kernel0(
// PTX-COUNT-4: .param .u64
// PTX: bar.sync 0;
// PTX: ex2.approx.ftz.f32
// PTX: ret;
// PTX-NOT: .entry

// The manifest (keys in alphabetical order).
// JSON: "format": "tsopt-launch-manifest",
// JSON-NEXT: "functions": [
// JSON-NEXT: {
// JSON-NEXT: "buffers": [
// JSON-NEXT: {
// JSON-NEXT: "bytes": 8192,
// JSON-NEXT: "dtype": "f16",
// JSON-NEXT: "name": "arg0",
// JSON-NEXT: "role": "input",
// JSON-NEXT: "shape": [
// JSON-NEXT: 64,
// JSON-NEXT: 64
// JSON-NEXT: ]
// JSON-NEXT: },
// JSON: "name": "arg1",
// JSON-NEXT: "role": "input",
// JSON: "name": "result0",
// JSON-NEXT: "role": "output",
// JSON: "bytes": 8192,
// JSON-NEXT: "dtype": "f16",
// JSON-NEXT: "name": "tmp0",
// JSON-NEXT: "role": "temporary",
// JSON: "kernels": [
// JSON-NEXT: {
// ew_kernel0 reads arg0 and writes tmp0 (buffer 3).
// JSON-NEXT: "args": [
// JSON-NEXT: 0,
// JSON-NEXT: 3
// JSON-NEXT: ],
// JSON-NEXT: "block": [
// JSON-NEXT: 128,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "grid": [
// JSON-NEXT: 2,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "name": "ew_kernel0",
// JSON-NEXT: "shared_memory_bytes": 0
// JSON-NEXT: },
// ew_kernel1 reads tmp0 and arg1 and writes result0.
// JSON-NEXT: {
// JSON-NEXT: "args": [
// JSON-NEXT: 3,
// JSON-NEXT: 1,
// JSON-NEXT: 2
// JSON-NEXT: ],
// JSON: "grid": [
// JSON-NEXT: 2,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "name": "ew_kernel1",
// JSON-NEXT: "shared_memory_bytes": 0
// JSON-NEXT: }
// JSON-NEXT: ],
// JSON-NEXT: "name": "ew"
// JSON: "buffers": [
// JSON: "name": "arg2",
// JSON-NEXT: "role": "input",
// JSON-NEXT: "shape": [
// JSON-NEXT: 16,
// JSON-NEXT: 32
// JSON: "bytes": 512,
// JSON-NEXT: "dtype": "f32",
// JSON-NEXT: "name": "result0",
// JSON-NEXT: "role": "output",
// JSON-NOT: temporary
// JSON: "kernels": [
// JSON-NEXT: {
// JSON-NEXT: "args": [
// JSON-NEXT: 0,
// JSON-NEXT: 1,
// JSON-NEXT: 2,
// JSON-NEXT: 3
// JSON-NEXT: ],
// JSON-NEXT: "block": [
// JSON-NEXT: 128,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "grid": [
// JSON-NEXT: 2,
// JSON-NEXT: 1,
// JSON-NEXT: 1
// JSON-NEXT: ],
// JSON-NEXT: "name": "gmlp_kernel0",
// JSON-NEXT: "shared_memory_bytes": {{[1-9][0-9]*}}
// JSON-NEXT: }
// JSON-NEXT: ],
// JSON-NEXT: "name": "gmlp"
// JSON-NEXT: }
// JSON-NEXT: ],
// JSON-NEXT: "ptx": "prog.ptx",
// JSON-NEXT: "target": "sm_80",
// JSON-NEXT: "version": 1
// JSON-NEXT: }

// Only @gmlp, for sm_90.
// SEL-PTX: .target sm_90a
// SEL-PTX: .extern .shared .align 1024 .b8
// SEL-PTX-NOT: .entry ew_kernel
// SEL-PTX: .visible .entry gmlp_kernel0(
// SEL-PTX-NOT: .entry
// SEL-JSON: "format": "tsopt-launch-manifest",
// SEL-JSON-NOT: "name": "ew"
// SEL-JSON: "name": "gmlp_kernel0",
// SEL-JSON: "name": "gmlp"
// SEL-JSON-NOT: "name": "ew"
// SEL-JSON: "ptx": "gmlp.ptx",
// SEL-JSON-NEXT: "target": "sm_90a",
// SEL-JSON-NEXT: "version": 1

// T64-PTX: .visible .entry ew_kernel0(
// T64-PTX: .maxntid 64, 1, 1
// T64-PTX: .visible .entry ew_kernel1(
// T64-PTX: .maxntid 64, 1, 1
// T64-JSON: "block": [
// T64-JSON-NEXT: 64,
// T64-JSON: "name": "ew_kernel0",
// T64-JSON: "block": [
// T64-JSON-NEXT: 64,
// T64-JSON: "name": "ew_kernel1",

// Device names select the chip.
// H200: .target sm_90a
// STDOUT-JSON: "ptx": "kernels.ptx",
// STDOUT-JSON-NEXT: "target": "sm_90a",

func.func @ew(%x: tensor<64x64xf16>, %y: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %e = kgraph.exp %x : tensor<64x64xf16>
  %m = kgraph.mul %e, %y : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
  return %m : tensor<64x64xf16>
}

func.func @gmlp(%x: tensor<4x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<16x32xf32>) -> tensor<4x32xf32> {
  %o = kgraph.kernel grid = [2] forloop = 2 ins(%x, %w1, %w2 : tensor<4x16xf32>, tensor<16x32xf32>, tensor<16x32xf32>) -> (tensor<4x32xf32>) {
  ^bb0(%xb: tensor<4x16xf32>, %w1b: tensor<16x32xf32>, %w2b: tensor<16x32xf32>):
    %xt = bgraph.input %xb imap = {x = replica} fmap = 1 : tensor<4x16xf32> -> !bgraph.tile<4x8xf32>
    %w1t = bgraph.input %w1b imap = {x = 1} fmap = 0 : tensor<16x32xf32> -> !bgraph.tile<8x16xf32>
    %w2t = bgraph.input %w2b imap = {x = 1} fmap = 0 : tensor<16x32xf32> -> !bgraph.tile<8x16xf32>
    %a = bgraph.matmul %xt, %w1t : !bgraph.tile<4x8xf32>, !bgraph.tile<8x16xf32> -> !bgraph.tile<4x16xf32>
    %b = bgraph.matmul %xt, %w2t : !bgraph.tile<4x8xf32>, !bgraph.tile<8x16xf32> -> !bgraph.tile<4x16xf32>
    %aa = bgraph.accum sum %a : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32>
    %ba = bgraph.accum sum %b : !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32>
    %y = tgraph.graph %aa, %ba : !bgraph.tile<4x16xf32>, !bgraph.tile<4x16xf32> -> !bgraph.tile<4x16xf32> {
    ^bb0(%p: f32, %q: f32):
      %s = tgraph.silu %p : f32
      %m = tgraph.mul %s, %q : f32
      tgraph.yield %m : f32
    }
    %oo = bgraph.output %y omap = {x = 1} : !bgraph.tile<4x16xf32> -> tensor<4x32xf32>
    bgraph.yield %oo : tensor<4x32xf32>
  }
  return %o : tensor<4x32xf32>
}
