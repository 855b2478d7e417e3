// REQUIRES: ptxas
// The PTX of every published workload (all its functions: the µGraph and
// its reference) assembles with ptxas for both targets.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %S/../../Workloads/flash_attention.mlir -o %t/flash_attention.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/flash_attention.sm_80.ptx -o %t/flash_attention.sm_80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t/flash_attention.sm_80.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %S/../../Workloads/flash_attention.mlir -o %t/flash_attention.sm_90.ptx
// RUN: %ptxas -arch=sm_90a %t/flash_attention.sm_90.ptx -o %t/flash_attention.sm_90.cubin
// RUN: FileCheck %s --check-prefix=SM90 --input-file=%t/flash_attention.sm_90.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %S/../../Workloads/gated_mlp.mlir -o %t/gated_mlp.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/gated_mlp.sm_80.ptx -o %t/gated_mlp.sm_80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t/gated_mlp.sm_80.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %S/../../Workloads/gated_mlp.mlir -o %t/gated_mlp.sm_90.ptx
// RUN: %ptxas -arch=sm_90a %t/gated_mlp.sm_90.ptx -o %t/gated_mlp.sm_90.cubin
// RUN: FileCheck %s --check-prefix=SM90 --input-file=%t/gated_mlp.sm_90.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %S/../../Workloads/gqa.mlir -o %t/gqa.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/gqa.sm_80.ptx -o %t/gqa.sm_80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t/gqa.sm_80.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %S/../../Workloads/gqa.mlir -o %t/gqa.sm_90.ptx
// RUN: %ptxas -arch=sm_90a %t/gqa.sm_90.ptx -o %t/gqa.sm_90.cubin
// RUN: FileCheck %s --check-prefix=SM90 --input-file=%t/gqa.sm_90.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %S/../../Workloads/lora.mlir -o %t/lora.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/lora.sm_80.ptx -o %t/lora.sm_80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t/lora.sm_80.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %S/../../Workloads/lora.mlir -o %t/lora.sm_90.ptx
// RUN: %ptxas -arch=sm_90a %t/lora.sm_90.ptx -o %t/lora.sm_90.cubin
// RUN: FileCheck %s --check-prefix=SM90 --input-file=%t/lora.sm_90.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %S/../../Workloads/mha.mlir -o %t/mha.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/mha.sm_80.ptx -o %t/mha.sm_80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t/mha.sm_80.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %S/../../Workloads/mha.mlir -o %t/mha.sm_90.ptx
// RUN: %ptxas -arch=sm_90a %t/mha.sm_90.ptx -o %t/mha.sm_90.cubin
// RUN: FileCheck %s --check-prefix=SM90 --input-file=%t/mha.sm_90.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %S/../../Workloads/mqa.mlir -o %t/mqa.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/mqa.sm_80.ptx -o %t/mqa.sm_80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t/mqa.sm_80.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %S/../../Workloads/mqa.mlir -o %t/mqa.sm_90.ptx
// RUN: %ptxas -arch=sm_90a %t/mqa.sm_90.ptx -o %t/mqa.sm_90.cubin
// RUN: FileCheck %s --check-prefix=SM90 --input-file=%t/mqa.sm_90.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %S/../../Workloads/rmsnorm.mlir -o %t/rmsnorm.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/rmsnorm.sm_80.ptx -o %t/rmsnorm.sm_80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t/rmsnorm.sm_80.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %S/../../Workloads/rmsnorm.mlir -o %t/rmsnorm.sm_90.ptx
// RUN: %ptxas -arch=sm_90a %t/rmsnorm.sm_90.ptx -o %t/rmsnorm.sm_90.cubin
// RUN: FileCheck %s --check-prefix=SM90 --input-file=%t/rmsnorm.sm_90.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %S/../../Workloads/qknorm_gqa.mlir -o %t/qknorm_gqa.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/qknorm_gqa.sm_80.ptx -o %t/qknorm_gqa.sm_80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t/qknorm_gqa.sm_80.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %S/../../Workloads/qknorm_gqa.mlir -o %t/qknorm_gqa.sm_90.ptx
// RUN: %ptxas -arch=sm_90a %t/qknorm_gqa.sm_90.ptx -o %t/qknorm_gqa.sm_90.cubin
// RUN: FileCheck %s --check-prefix=SM90 --input-file=%t/qknorm_gqa.sm_90.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %S/../../Workloads/ntrans.mlir -o %t/ntrans.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/ntrans.sm_80.ptx -o %t/ntrans.sm_80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t/ntrans.sm_80.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %S/../../Workloads/ntrans.mlir -o %t/ntrans.sm_90.ptx
// RUN: %ptxas -arch=sm_90a %t/ntrans.sm_90.ptx -o %t/ntrans.sm_90.cubin
// RUN: FileCheck %s --check-prefix=SM90 --input-file=%t/ntrans.sm_90.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %S/../../Workloads/mlp_adapter.mlir -o %t/mlp_adapter.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/mlp_adapter.sm_80.ptx -o %t/mlp_adapter.sm_80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t/mlp_adapter.sm_80.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %S/../../Workloads/mlp_adapter.mlir -o %t/mlp_adapter.sm_90.ptx
// RUN: %ptxas -arch=sm_90a %t/mlp_adapter.sm_90.ptx -o %t/mlp_adapter.sm_90.cubin
// RUN: FileCheck %s --check-prefix=SM90 --input-file=%t/mlp_adapter.sm_90.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %S/../../Workloads/layernorm_matmul.mlir -o %t/layernorm_matmul.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/layernorm_matmul.sm_80.ptx -o %t/layernorm_matmul.sm_80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t/layernorm_matmul.sm_80.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %S/../../Workloads/layernorm_matmul.mlir -o %t/layernorm_matmul.sm_90.ptx
// RUN: %ptxas -arch=sm_90a %t/layernorm_matmul.sm_90.ptx -o %t/layernorm_matmul.sm_90.cubin
// RUN: FileCheck %s --check-prefix=SM90 --input-file=%t/layernorm_matmul.sm_90.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %S/../../Workloads/rmsnorm_swiglu.mlir -o %t/rmsnorm_swiglu.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/rmsnorm_swiglu.sm_80.ptx -o %t/rmsnorm_swiglu.sm_80.cubin
// RUN: FileCheck %s --check-prefix=SM80 --input-file=%t/rmsnorm_swiglu.sm_80.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %S/../../Workloads/rmsnorm_swiglu.mlir -o %t/rmsnorm_swiglu.sm_90.ptx
// RUN: %ptxas -arch=sm_90a %t/rmsnorm_swiglu.sm_90.ptx -o %t/rmsnorm_swiglu.sm_90.cubin
// RUN: FileCheck %s --check-prefix=SM90 --input-file=%t/rmsnorm_swiglu.sm_90.ptx
// The tensor-core paths (f16 through nvgpu, bf16 through nvvm.mma.sync).
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 %S/tensor-cores.mlir -o %t/tensor-cores.sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/tensor-cores.sm_80.ptx -o %t/tensor-cores.sm_80.cubin
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 %S/tensor-cores.mlir -o %t/tensor-cores.sm_90.ptx
// RUN: %ptxas -arch=sm_90a %t/tensor-cores.sm_90.ptx -o %t/tensor-cores.sm_90.cubin
// RUN: ls %t | FileCheck %s --check-prefix=CUBINS
// Where the lowering's fast paths apply: FlashAttention's 16x16 f16 tiles
// multiply on tensor cores and its iterators copy with cp.async; gated_mlp's
// 8-row tiles are padded to m16n8k16 (rows past 8 read as zero, their
// results not stored) and run on tensor cores too; without tensor cores, no
// mma.sync.
// RUN: FileCheck %s --check-prefix=TC --input-file=%t/flash_attention.sm_80.ptx
// RUN: FileCheck %s --check-prefix=TC --input-file=%t/flash_attention.sm_90.ptx
// RUN: FileCheck %s --check-prefix=PADDED --input-file=%t/gated_mlp.sm_80.ptx
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --tensor-cores=false %S/../../Workloads/flash_attention.mlir -o %t/flash_attention.plain.ptx
// RUN: %ptxas -arch=sm_80 %t/flash_attention.plain.ptx -o %t/flash_attention.plain.cubin
// RUN: FileCheck %s --check-prefix=PLAIN --input-file=%t/flash_attention.plain.ptx

// SM80: .target sm_80
// SM80: .extern .shared .align 1024 .b8
// SM80: .visible .entry {{[a-z_]+}}_kernel0(
// SM90: .target sm_90a
// SM90: .extern .shared .align 1024 .b8
// SM90: .visible .entry {{[a-z_]+}}_kernel0(

// TC: .visible .entry flash_attention_opt_kernel0(
// TC: cp.async.cg.shared.global [%{{[a-z0-9]+}}{{(\+[0-9]+)?}}], [%{{[a-z0-9]+}}{{(\+[0-9]+)?}}], 16;
// TC: cp.async.commit_group;
// TC: cp.async.wait_group 0;
// TC-NEXT: bar.sync 0;
// TC: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// TC: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

// PADDED: cp.async.cg.shared.global
// PADDED: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32

// PLAIN-NOT: mma.sync
// PLAIN: cp.async.cg.shared.global
// The f32 dot product: f16 operands converted, multiplied, added.
// PLAIN: cvt.f32.f16
// PLAIN: mul.rn.f32
// PLAIN: add.rn.f32
// PLAIN-NOT: mma.sync

// CUBINS-DAG: flash_attention.sm_80.cubin
// CUBINS-DAG: flash_attention.sm_90.cubin
// CUBINS-DAG: gated_mlp.sm_80.cubin
// CUBINS-DAG: gated_mlp.sm_90.cubin
// CUBINS-DAG: gqa.sm_80.cubin
// CUBINS-DAG: gqa.sm_90.cubin
// CUBINS-DAG: lora.sm_80.cubin
// CUBINS-DAG: lora.sm_90.cubin
// CUBINS-DAG: mha.sm_80.cubin
// CUBINS-DAG: mha.sm_90.cubin
// CUBINS-DAG: mqa.sm_80.cubin
// CUBINS-DAG: mqa.sm_90.cubin
// CUBINS-DAG: rmsnorm.sm_80.cubin
// CUBINS-DAG: rmsnorm.sm_90.cubin
// CUBINS-DAG: qknorm_gqa.sm_80.cubin
// CUBINS-DAG: qknorm_gqa.sm_90.cubin
// CUBINS-DAG: ntrans.sm_80.cubin
// CUBINS-DAG: ntrans.sm_90.cubin
// CUBINS-DAG: mlp_adapter.sm_80.cubin
// CUBINS-DAG: mlp_adapter.sm_90.cubin
// CUBINS-DAG: layernorm_matmul.sm_80.cubin
// CUBINS-DAG: layernorm_matmul.sm_90.cubin
// CUBINS-DAG: rmsnorm_swiglu.sm_80.cubin
// CUBINS-DAG: rmsnorm_swiglu.sm_90.cubin
