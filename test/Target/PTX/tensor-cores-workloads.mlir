// What the cost model charges is what the lowering emits: every published
// workload µGraph with a matmul is priced on tensor cores (isTensorCoreMatmul,
// the one predicate), so its PTX for sm_80 and sm_90 must hold mma.sync, also
// where a tile does not divide into m16n8k16 (padded: gated_mlp's 8 rows,
// lora's rank 16 contraction, mlp_adapter's thin matmul), or, on sm_90,
// wgmma where the plan chose it (fitsWgmma: the attention kernels of gqa,
// mqa and qknorm_gqa).
// RUN: rm -rf %t && mkdir -p %t
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --function=flash_attention_opt %S/../../../utils/workloads/flash_attention.mlir -o %t/flash_attention.sm_80.ptx
// RUN: FileCheck %s --input-file=%t/flash_attention.sm_80.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/flash_attention.sm_80.ptx -o %t/flash_attention.sm_80.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --function=flash_attention_opt %S/../../../utils/workloads/flash_attention.mlir -o %t/flash_attention.sm_90.ptx
// RUN: FileCheck %s --input-file=%t/flash_attention.sm_90.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/flash_attention.sm_90.ptx -o %t/flash_attention.sm_90.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --function=gated_mlp_opt %S/../../../utils/workloads/gated_mlp.mlir -o %t/gated_mlp.sm_80.ptx
// RUN: FileCheck %s --input-file=%t/gated_mlp.sm_80.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/gated_mlp.sm_80.ptx -o %t/gated_mlp.sm_80.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --function=gated_mlp_opt %S/../../../utils/workloads/gated_mlp.mlir -o %t/gated_mlp.sm_90.ptx
// RUN: FileCheck %s --input-file=%t/gated_mlp.sm_90.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/gated_mlp.sm_90.ptx -o %t/gated_mlp.sm_90.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --function=gqa_opt %S/../../../utils/workloads/gqa.mlir -o %t/gqa.sm_80.ptx
// RUN: FileCheck %s --input-file=%t/gqa.sm_80.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/gqa.sm_80.ptx -o %t/gqa.sm_80.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --function=gqa_opt %S/../../../utils/workloads/gqa.mlir -o %t/gqa.sm_90.ptx
// RUN: FileCheck %s --input-file=%t/gqa.sm_90.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/gqa.sm_90.ptx -o %t/gqa.sm_90.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --function=layernorm_matmul_opt %S/../../../utils/workloads/layernorm_matmul.mlir -o %t/layernorm_matmul.sm_80.ptx
// RUN: FileCheck %s --input-file=%t/layernorm_matmul.sm_80.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/layernorm_matmul.sm_80.ptx -o %t/layernorm_matmul.sm_80.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --function=layernorm_matmul_opt %S/../../../utils/workloads/layernorm_matmul.mlir -o %t/layernorm_matmul.sm_90.ptx
// RUN: FileCheck %s --input-file=%t/layernorm_matmul.sm_90.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/layernorm_matmul.sm_90.ptx -o %t/layernorm_matmul.sm_90.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --function=lora_opt %S/../../../utils/workloads/lora.mlir -o %t/lora.sm_80.ptx
// RUN: FileCheck %s --input-file=%t/lora.sm_80.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/lora.sm_80.ptx -o %t/lora.sm_80.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --function=lora_opt %S/../../../utils/workloads/lora.mlir -o %t/lora.sm_90.ptx
// RUN: FileCheck %s --input-file=%t/lora.sm_90.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/lora.sm_90.ptx -o %t/lora.sm_90.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --function=mha_opt %S/../../../utils/workloads/mha.mlir -o %t/mha.sm_80.ptx
// RUN: FileCheck %s --input-file=%t/mha.sm_80.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/mha.sm_80.ptx -o %t/mha.sm_80.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --function=mha_opt %S/../../../utils/workloads/mha.mlir -o %t/mha.sm_90.ptx
// RUN: FileCheck %s --input-file=%t/mha.sm_90.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/mha.sm_90.ptx -o %t/mha.sm_90.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --function=mlp_adapter_opt %S/../../../utils/workloads/mlp_adapter.mlir -o %t/mlp_adapter.sm_80.ptx
// RUN: FileCheck %s --input-file=%t/mlp_adapter.sm_80.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/mlp_adapter.sm_80.ptx -o %t/mlp_adapter.sm_80.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --function=mlp_adapter_opt %S/../../../utils/workloads/mlp_adapter.mlir -o %t/mlp_adapter.sm_90.ptx
// RUN: FileCheck %s --input-file=%t/mlp_adapter.sm_90.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/mlp_adapter.sm_90.ptx -o %t/mlp_adapter.sm_90.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --function=mqa_opt %S/../../../utils/workloads/mqa.mlir -o %t/mqa.sm_80.ptx
// RUN: FileCheck %s --input-file=%t/mqa.sm_80.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/mqa.sm_80.ptx -o %t/mqa.sm_80.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --function=mqa_opt %S/../../../utils/workloads/mqa.mlir -o %t/mqa.sm_90.ptx
// RUN: FileCheck %s --input-file=%t/mqa.sm_90.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/mqa.sm_90.ptx -o %t/mqa.sm_90.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --function=qknorm_gqa_opt %S/../../../utils/workloads/qknorm_gqa.mlir -o %t/qknorm_gqa.sm_80.ptx
// RUN: FileCheck %s --input-file=%t/qknorm_gqa.sm_80.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/qknorm_gqa.sm_80.ptx -o %t/qknorm_gqa.sm_80.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --function=qknorm_gqa_opt %S/../../../utils/workloads/qknorm_gqa.mlir -o %t/qknorm_gqa.sm_90.ptx
// RUN: FileCheck %s --input-file=%t/qknorm_gqa.sm_90.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/qknorm_gqa.sm_90.ptx -o %t/qknorm_gqa.sm_90.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --function=rmsnorm_opt %S/../../../utils/workloads/rmsnorm.mlir -o %t/rmsnorm.sm_80.ptx
// RUN: FileCheck %s --input-file=%t/rmsnorm.sm_80.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/rmsnorm.sm_80.ptx -o %t/rmsnorm.sm_80.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --function=rmsnorm_opt %S/../../../utils/workloads/rmsnorm.mlir -o %t/rmsnorm.sm_90.ptx
// RUN: FileCheck %s --input-file=%t/rmsnorm.sm_90.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/rmsnorm.sm_90.ptx -o %t/rmsnorm.sm_90.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_80 --function=rmsnorm_swiglu_opt %S/../../../utils/workloads/rmsnorm_swiglu.mlir -o %t/rmsnorm_swiglu.sm_80.ptx
// RUN: FileCheck %s --input-file=%t/rmsnorm_swiglu.sm_80.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t/rmsnorm_swiglu.sm_80.ptx -o %t/rmsnorm_swiglu.sm_80.cubin %}
// RUN: tsopt-translate --tsopt-to-ptx --target=sm_90 --function=rmsnorm_swiglu_opt %S/../../../utils/workloads/rmsnorm_swiglu.mlir -o %t/rmsnorm_swiglu.sm_90.ptx
// RUN: FileCheck %s --input-file=%t/rmsnorm_swiglu.sm_90.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/rmsnorm_swiglu.sm_90.ptx -o %t/rmsnorm_swiglu.sm_90.cubin %}

// CHECK: .target sm_{{80|90a}}
// CHECK: {{mma.sync.aligned.m16n8k16.row.col.f32.b?f16.b?f16.f32|wgmma.mma_async.sync.aligned.m64n[0-9]+k16.f32.b?f16.b?f16}}
