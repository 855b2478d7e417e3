// Sizes that overflow 64 bits are rejected by the verifiers (they used to
// wrap to zero elements and compare nothing); sizes that fit but exceed
// what an evaluation may allocate get an error naming the value and the
// bytes, before any allocation (they used to abort with out of memory);
// a malformed tsopt.reference is an error (it used to leave the function
// unchecked).
// RUN: not tsopt-run %s --fn=huge 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not tsopt-run %s --fn=bad_reference 2>&1 | FileCheck %s --check-prefix=BADREF
// RUN: TSOPT_MEMORY_LIMIT=1000 not tsopt-run %s --fn=small 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: not tsopt-opt %s --tsopt-verify-equivalence -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERIFY

// HUGE: tsopt-run: error: @huge: value 0 (100000000000x2) needs 800000000000 bytes; an evaluation may allocate {{[0-9]+}} bytes in all (TSOPT_MEMORY_LIMIT)
func.func @huge(%x: tensor<100000000000x2xf16>) -> tensor<100000000000x2xf16> {
  %e = kgraph.exp %x : tensor<100000000000x2xf16>
  return %e : tensor<100000000000x2xf16>
}

// LIMIT: tsopt-run: error: @small: value 0 (16x16) needs 1024 bytes; an evaluation may allocate 1000 bytes in all (TSOPT_MEMORY_LIMIT)
func.func @small(%x: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %e = kgraph.exp %x : tensor<16x16xf32>
  return %e : tensor<16x16xf32>
}

func.func @ref(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = kgraph.exp %x : tensor<4x4xf32>
  return %e : tensor<4x4xf32>
}

// BADREF: tsopt-run: error: @bad_reference: 'tsopt.reference' must be a symbol reference to a function (e.g. @ref), got "ref"
// VERIFY: error: 'tsopt.reference' must be a symbol reference to a function (e.g. @ref), got "ref"
func.func @bad_reference(%x: tensor<4x4xf32>) -> tensor<4x4xf32> attributes {tsopt.reference = "ref"} {
  %e = kgraph.neg %x : tensor<4x4xf32>
  return %e : tensor<4x4xf32>
}
