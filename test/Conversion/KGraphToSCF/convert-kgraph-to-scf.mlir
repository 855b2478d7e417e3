// RUN: tsopt-opt %s --tsopt-plan-kernels=pipeline=false --convert-kgraph-to-scf | FileCheck %s
// RUN: tsopt-opt %s --tsopt-plan-kernels=pipeline=false --convert-kgraph-to-scf | tsopt-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: tsopt-opt %s --tsopt-lower-to-cpu -o %t.llvm.mlir
// RUN: FileCheck %s --check-prefix=LLVM --input-file=%t.llvm.mlir
// RUN: FileCheck %s --check-prefix=CLEAN --input-file=%t.llvm.mlir

// The lowered module parses and verifies again.
// ROUNDTRIP-LABEL: func.func @ew(
// ROUNDTRIP-LABEL: func.func private @pass_kernel0(

//===----------------------------------------------------------------------===//
// Element-wise ops: one kernel each (default expansion: blocks of 32 whole
// rows, so a grid of 2), the value between them a temporary.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @ew(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<64x64xf16>, %[[Y:[a-z0-9]+]]: memref<64x64xf16>, %[[OUT:[a-z0-9]+]]: memref<64x64xf16>)
// CHECK-SAME: attributes {tsopt.num_inputs = 2 : i64}
// CHECK-NOT: tensor
// CHECK: %[[T:.+]] = memref.alloc() : memref<64x64xf16>
// CHECK-NEXT: call @ew_kernel0(%[[X]], %[[T]]) : (memref<64x64xf16>, memref<64x64xf16>) -> ()
// CHECK-NEXT: call @ew_kernel1(%[[T]], %[[Y]], %[[OUT]]) : (memref<64x64xf16>, memref<64x64xf16>, memref<64x64xf16>) -> ()
// CHECK-NEXT: memref.dealloc %[[T]] : memref<64x64xf16>
// CHECK-NEXT: return{{$}}
// CHECK-NEXT: }
func.func @ew(%x: tensor<64x64xf16>, %y: tensor<64x64xf16>) -> tensor<64x64xf16> {
  %e = kgraph.exp %x : tensor<64x64xf16>
  %m = kgraph.mul %e, %y : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf16>
  return %m : tensor<64x64xf16>
}

//===----------------------------------------------------------------------===//
// A matmul: output tiles of 16x64 (a grid of 2 along N, 1 along M), a
// for-loop of 2 over K in steps of 32.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @mm(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<16x64xf32>, %[[B:[a-z0-9]+]]: memref<64x128xf32>, %[[C:[a-z0-9]+]]: memref<16x128xf32>)
// CHECK-SAME: attributes {tsopt.num_inputs = 2 : i64}
// CHECK-NEXT: call @mm_kernel0(%[[A]], %[[B]], %[[C]]) : (memref<16x64xf32>, memref<64x128xf32>, memref<16x128xf32>) -> ()
// CHECK-NEXT: return{{$}}
func.func @mm(%a: tensor<16x64xf32>, %b: tensor<64x128xf32>) -> tensor<16x128xf32> {
  %c = kgraph.matmul %a, %b : tensor<16x64xf32>, tensor<64x128xf32> -> tensor<16x128xf32>
  return %c : tensor<16x128xf32>
}

//===----------------------------------------------------------------------===//
// A graph-defined kernel (gated MLP): grid [2], for-loop 2, two accumulators
// and a thread graph after the loop. Its reference is lowered as well and
// the attribute naming it is dropped.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @gmlp_ref(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<4x16xf32>, %[[W1:[a-z0-9]+]]: memref<16x32xf32>, %[[W2:[a-z0-9]+]]: memref<16x32xf32>, %[[OUT:[a-z0-9]+]]: memref<4x32xf32>)
// CHECK-SAME: attributes {tsopt.num_inputs = 3 : i64}
// CHECK: %[[T0:.+]] = memref.alloc() : memref<4x32xf32>
// CHECK-NEXT: call @gmlp_ref_kernel0(%[[X]], %[[W1]], %[[T0]])
// CHECK-NEXT: %[[T1:.+]] = memref.alloc() : memref<4x32xf32>
// CHECK-NEXT: call @gmlp_ref_kernel1(%[[T0]], %[[T1]])
// CHECK-NEXT: %[[T2:.+]] = memref.alloc() : memref<4x32xf32>
// CHECK-NEXT: call @gmlp_ref_kernel2(%[[X]], %[[W2]], %[[T2]])
// CHECK-NEXT: call @gmlp_ref_kernel3(%[[T1]], %[[T2]], %[[OUT]])
// CHECK-NEXT: memref.dealloc %[[T0]]
// CHECK-NEXT: memref.dealloc %[[T1]]
// CHECK-NEXT: memref.dealloc %[[T2]]
// CHECK-NEXT: return{{$}}
func.func @gmlp_ref(%x: tensor<4x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<16x32xf32>) -> tensor<4x32xf32> {
  %a = kgraph.matmul %x, %w1 : tensor<4x16xf32>, tensor<16x32xf32> -> tensor<4x32xf32>
  %s = kgraph.silu %a : tensor<4x32xf32>
  %b = kgraph.matmul %x, %w2 : tensor<4x16xf32>, tensor<16x32xf32> -> tensor<4x32xf32>
  %o = kgraph.mul %s, %b : tensor<4x32xf32>, tensor<4x32xf32> -> tensor<4x32xf32>
  return %o : tensor<4x32xf32>
}

// CHECK-LABEL: func.func @gmlp(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<4x16xf32>, %[[W1:[a-z0-9]+]]: memref<16x32xf32>, %[[W2:[a-z0-9]+]]: memref<16x32xf32>, %[[OUT:[a-z0-9]+]]: memref<4x32xf32>)
// CHECK-SAME: attributes {tsopt.num_inputs = 3 : i64} {
// CHECK-NEXT: call @gmlp_kernel0(%[[X]], %[[W1]], %[[W2]], %[[OUT]]) : (memref<4x16xf32>, memref<16x32xf32>, memref<16x32xf32>, memref<4x32xf32>) -> ()
// CHECK-NEXT: return{{$}}
func.func @gmlp(%x: tensor<4x16xf32>, %w1: tensor<16x32xf32>, %w2: tensor<16x32xf32>) -> tensor<4x32xf32> attributes {tsopt.reference = @gmlp_ref} {
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

//===----------------------------------------------------------------------===//
// Results that are an input, or repeat another result, are copied.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @pass(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<4x8xf32>, %[[R0:[a-z0-9]+]]: memref<4x8xf32>, %[[R1:[a-z0-9]+]]: memref<4x8xf32>)
// CHECK-SAME: attributes {tsopt.num_inputs = 1 : i64}
// CHECK-NEXT: call @pass_kernel0(%[[A]], %[[R0]]) : (memref<4x8xf32>, memref<4x8xf32>) -> ()
// CHECK-NEXT: memref.copy %[[A]], %[[R1]] : memref<4x8xf32> to memref<4x8xf32>
// CHECK-NEXT: return{{$}}
func.func @pass(%a: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = kgraph.exp %a : tensor<4x8xf32>
  return %e, %a : tensor<4x8xf32>, tensor<4x8xf32>
}

// CHECK-LABEL: func.func @twice(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<4x8xf32>, %[[R0:[a-z0-9]+]]: memref<4x8xf32>, %[[R1:[a-z0-9]+]]: memref<4x8xf32>)
// CHECK-SAME: attributes {tsopt.num_inputs = 1 : i64}
// CHECK-NEXT: call @twice_kernel0(%[[A]], %[[R0]])
// CHECK-NEXT: memref.copy %[[R0]], %[[R1]] : memref<4x8xf32> to memref<4x8xf32>
// CHECK-NEXT: return{{$}}
func.func @twice(%a: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xf32>) {
  %e = kgraph.exp %a : tensor<4x8xf32>
  return %e, %e : tensor<4x8xf32>, tensor<4x8xf32>
}

// CHECK-LABEL: func.func @identity(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<4x8xf32>, %[[R:[a-z0-9]+]]: memref<4x8xf32>)
// CHECK-SAME: attributes {tsopt.num_inputs = 1 : i64}
// CHECK-NEXT: memref.copy %[[A]], %[[R]] : memref<4x8xf32> to memref<4x8xf32>
// CHECK-NEXT: return{{$}}
func.func @identity(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  return %a : tensor<4x8xf32>
}

// Functions without tensors are left alone.
// CHECK-LABEL: func.func @scalar(%{{.*}}: f32) -> f32 {
// CHECK-NEXT: return
func.func @scalar(%a: f32) -> f32 {
  return %a : f32
}

//===----------------------------------------------------------------------===//
// The kernels, appended in order. ew_kernel0: exp on a 32x64 row block.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @ew_kernel0(
// CHECK-SAME: %[[IN:[a-z0-9]+]]: memref<64x64xf16>, %[[OUT:[a-z0-9]+]]: memref<64x64xf16>) {
// No tile at all: the accumulator, over a loop of one, passes the
// exponentials through, the output saver computes them and loads their
// input from device memory itself (a one-byte buffer stands for the empty
// shared memory).
// CHECK-NEXT: %[[SMEM:.+]] = memref.alloc() {alignment = 16 : i64} : memref<1xi8>
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// The grid: blocks one after another.
// CHECK: scf.for %[[BX:.+]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-NOT: memref.view
// The output saver writes the block's rows (32 * bx and on): per 8 values
// one vector load of the input, exp computed in f32, one vector store.
// CHECK: arith.muli %[[BX]], %{{.+}} : index
// CHECK: scf.for
// CHECK: %[[R:.+]] = vector.load %[[IN]][%{{.+}}, %{{.+}}] : memref<64x64xf16>, vector<8xf16>
// CHECK-NEXT: %[[L:.+]] = vector.extract %[[R]][0] : f16 from vector<8xf16>
// CHECK-NEXT: %[[F:.+]] = arith.extf %[[L]] : f16 to f32
// CHECK: %[[E:.+]] = math.exp %[[F]] : f32
// CHECK-NEXT: %[[H:.+]] = arith.truncf %[[E]] : f32 to f16
// CHECK-NEXT: vector.insert %[[H]], %{{.+}} [0] : f16 into vector<8xf16>
// CHECK: vector.store %{{.+}}, %[[OUT]][%{{.+}}, %{{.+}}] : memref<64x64xf16>, vector<8xf16>
// CHECK: return

// CHECK-LABEL: func.func private @ew_kernel1(
// CHECK-SAME: %{{.+}}: memref<64x64xf16>, %{{.+}}: memref<64x64xf16>, %{{.+}}: memref<64x64xf16>) {
// CHECK: memref.alloc() {alignment = 16 : i64} : memref<1xi8>
// CHECK: arith.mulf %{{.+}}, %{{.+}} : f32

//===----------------------------------------------------------------------===//
// mm_kernel0: a grid loop of 2, a for-loop of 2 over K, a 32-step dot
// product per element.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @mm_kernel0(
// CHECK-SAME: %[[A:[a-z0-9]+]]: memref<16x64xf32>, %[[B:[a-z0-9]+]]: memref<64x128xf32>, %[[C:[a-z0-9]+]]: memref<16x128xf32>) {
// CHECK-NEXT: %[[SMEM:.+]] = memref.alloc() {alignment = 16 : i64} : memref<18432xi8>
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK: scf.for %[[BX:.+]] = %[[C0]] to %[[C2]] step %[[C1]] {
// CHECK-DAG: %[[AT:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<18432xi8> to memref<16x32xf32>
// CHECK-DAG: %[[BT:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<18432xi8> to memref<32x64xf32>
// CHECK: %[[K2:.+]] = arith.constant 2 : index
// CHECK: scf.for %[[IT:.+]] = %{{.+}} to %[[K2]] step
// A's K chunk: columns 32 * it and on.
// CHECK: arith.muli %[[IT]], %{{.+}} : index
// CHECK: memref.load %[[A]]
// CHECK: memref.store %{{.+}}, %[[AT]]
// B's tile: rows 32 * it, columns 64 * bx.
// CHECK: arith.muli %[[BX]], %{{.+}} : index
// CHECK: arith.muli %[[IT]], %{{.+}} : index
// CHECK: memref.load %[[B]]
// CHECK: memref.store %{{.+}}, %[[BT]]
// CHECK: %[[K:.+]] = arith.constant 32 : index
// CHECK: %[[DOT:.+]] = scf.for %[[KK:.+]] = %{{.+}} to %[[K]] step %{{.+}} iter_args(%[[SUM:.+]] = %{{.+}}) -> (f32) {
// CHECK-NEXT: %[[BV:.+]] = memref.load %[[BT]][%[[KK]], %{{.+}}] : memref<32x64xf32>
// A's tile is swizzled by the layout plan: its place is computed.
// CHECK: %[[AV:.+]] = memref.load %[[AT]][%{{.+}}, %{{.+}}] : memref<16x32xf32>
// CHECK-NEXT: %[[P:.+]] = arith.mulf %[[AV]], %[[BV]] : f32
// CHECK-NEXT: %[[S:.+]] = arith.addf %[[SUM]], %[[P]] : f32
// CHECK-NEXT: scf.yield %[[S]] : f32
// CHECK: memref.store %[[DOT]]
// CHECK: vector.store %{{.+}}, %[[C]][%{{.+}}, %{{.+}}] : memref<16x128xf32>, vector<4xf32>
// CHECK: return

// CHECK-LABEL: func.func private @gmlp_ref_kernel0(
// CHECK-LABEL: func.func private @gmlp_ref_kernel1(
// CHECK: math.exp
// CHECK-LABEL: func.func private @gmlp_ref_kernel2(
// CHECK-LABEL: func.func private @gmlp_ref_kernel3(

//===----------------------------------------------------------------------===//
// gmlp_kernel0: the hand-written block graph.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func private @gmlp_kernel0(
// CHECK-SAME: %[[X:[a-z0-9]+]]: memref<4x16xf32>, %[[W1:[a-z0-9]+]]: memref<16x32xf32>, %[[W2:[a-z0-9]+]]: memref<16x32xf32>, %[[OUT:[a-z0-9]+]]: memref<4x32xf32>) {
// CHECK-NEXT: %[[SMEM:.+]] = memref.alloc() {alignment = 16 : i64} : memref<{{[0-9]+}}xi8>
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK: scf.for %[[BX:.+]] = %[[C0]] to %[[C2]] step %[[C1]] {
// One view per tile: x, w1, w2, the matmul results, the accumulators (the
// output saver computes the thread graph itself).
// CHECK: %[[XT:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<{{[0-9]+}}xi8> to memref<4x8xf32>
// CHECK: %[[W1T:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<{{[0-9]+}}xi8> to memref<8x16xf32>
// CHECK: %[[W2T:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<{{[0-9]+}}xi8> to memref<8x16xf32>
// CHECK: %[[AT:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<{{[0-9]+}}xi8> to memref<4x16xf32>
// CHECK: %[[BT:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<{{[0-9]+}}xi8> to memref<4x16xf32>
// CHECK: %[[AACC:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<{{[0-9]+}}xi8> to memref<4x16xf32>
// CHECK: %[[BACC:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<{{[0-9]+}}xi8> to memref<4x16xf32>
// CHECK-NOT: memref.view
// Both accumulators start at zero.
// CHECK: %[[Z0:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: memref.store %[[Z0]], %[[AACC]]
// CHECK: %[[Z1:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: memref.store %[[Z1]], %[[BACC]]
// The for-loop of 2; the iterators cut x along K (by the iteration) and the
// weights along N (by the block) and K (by the iteration).
// CHECK: %[[F2:.+]] = arith.constant 2 : index
// CHECK: scf.for %[[IT:.+]] = %{{.+}} to %[[F2]] step %{{.+}} {
// CHECK: arith.muli %[[IT]], %{{.+}} : index
// CHECK: %[[XV:.+]] = memref.load %[[X]]
// CHECK-NEXT: memref.store %[[XV]], %[[XT]]
// CHECK: arith.muli %[[BX]], %{{.+}} : index
// CHECK: arith.muli %[[IT]], %{{.+}} : index
// CHECK: %[[W1V:.+]] = memref.load %[[W1]]
// CHECK-NEXT: memref.store %[[W1V]], %[[W1T]]
// CHECK: arith.muli %[[BX]], %{{.+}} : index
// CHECK: arith.muli %[[IT]], %{{.+}} : index
// CHECK: %[[W2V:.+]] = memref.load %[[W2]]
// CHECK-NEXT: memref.store %[[W2V]], %[[W2T]]
// Two matmuls of 8 steps each.
// CHECK: %[[DA:.+]] = scf.for %{{.+}} iter_args
// CHECK-NEXT: memref.load %[[W1T]]
// CHECK-NEXT: memref.load %[[XT]]
// CHECK: memref.store %[[DA]], %[[AT]]
// CHECK: %[[DB:.+]] = scf.for %{{.+}} iter_args
// CHECK-NEXT: memref.load %[[W2T]]
// CHECK-NEXT: memref.load %[[XT]]
// CHECK: memref.store %[[DB]], %[[BT]]
// The accumulators add the iteration's products.
// CHECK: %[[OA:.+]] = memref.load %[[AACC]]
// CHECK-NEXT: %[[NA:.+]] = memref.load %[[AT]]
// CHECK-NEXT: %[[SA:.+]] = arith.addf %[[OA]], %[[NA]] : f32
// CHECK-NEXT: memref.store %[[SA]], %[[AACC]]
// CHECK: %[[OB:.+]] = memref.load %[[BACC]]
// CHECK-NEXT: %[[NB:.+]] = memref.load %[[BT]]
// CHECK-NEXT: %[[SB:.+]] = arith.addf %[[OB]], %[[NB]] : f32
// CHECK-NEXT: memref.store %[[SB]], %[[BACC]]
// After the loop the output saver at column 16 * bx computes silu(a) * b
// from 4 values of each accumulator at a time, and stores them.
// CHECK: arith.muli %[[BX]], %{{.+}} : index
// CHECK: %[[PA4:.+]] = vector.load %[[AACC]][%{{.+}}, %{{.+}}] : memref<4x16xf32>, vector<4xf32>
// CHECK-NEXT: %[[PA:.+]] = vector.extract %[[PA4]][0] : f32 from vector<4xf32>
// CHECK: %[[PB4:.+]] = vector.load %[[BACC]][%{{.+}}, %{{.+}}] : memref<4x16xf32>, vector<4xf32>
// CHECK-NEXT: %[[PB:.+]] = vector.extract %[[PB4]][0] : f32 from vector<4xf32>
// CHECK: %[[NEG:.+]] = arith.negf %[[PA]] : f32
// CHECK-NEXT: %[[EXP:.+]] = math.exp %[[NEG]] : f32
// CHECK: %[[DEN:.+]] = arith.addf %{{.+}}, %[[EXP]] : f32
// CHECK-NEXT: %[[SILU:.+]] = arith.divf %[[PA]], %[[DEN]] : f32
// CHECK-NEXT: %[[Y:.+]] = arith.mulf %[[SILU]], %[[PB]] : f32
// CHECK-NEXT: vector.insert %[[Y]], %{{.+}} [0] : f32 into vector<4xf32>
// CHECK: vector.store %{{.+}}, %[[OUT]][%{{.+}}, %{{.+}}] : memref<4x32xf32>, vector<4xf32>
// CHECK: return

// CHECK-LABEL: func.func private @pass_kernel0(
// pass_kernel0 has a grid of one block, and no tile: its saver loads the
// input, computes exp and stores.
// CHECK-NEXT: memref.alloc() {alignment = 16 : i64} : memref<1xi8>
// CHECK: math.exp
// CHECK-LABEL: func.func private @twice_kernel0(
// CHECK-NOT: func.func private

// The CPU pipeline: LLVM functions with bare pointers, nothing else left.
// LLVM-DAG: llvm.func @malloc(i64) -> !llvm.ptr
// LLVM-DAG: llvm.func @free(!llvm.ptr)
// LLVM-DAG: llvm.func @ew(%{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr) attributes {tsopt.num_inputs = 2 : i64}
// LLVM-DAG: llvm.func @ew_kernel0(%{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr)
// LLVM-DAG: llvm.func @mm_kernel0(
// LLVM-DAG: llvm.func @gmlp_kernel0(
// LLVM-DAG: llvm.func @pass(%{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr, %{{.+}}: !llvm.ptr) attributes {tsopt.num_inputs = 1 : i64}
// LLVM-DAG: "llvm.intr.memcpy"
// LLVM-DAG: llvm.intr.exp
// LLVM-DAG: llvm.call @malloc

// CLEAN-NOT: scf.
// CLEAN-NOT: memref.
// CLEAN-NOT: math.
// CLEAN-NOT: arith.
// CLEAN-NOT: {{ cf\.}}
// CLEAN-NOT: func.func
// CLEAN-NOT: func.call
// CLEAN-NOT: unrealized_conversion_cast
// CLEAN-NOT: tensor<
// CLEAN-NOT: kgraph.
