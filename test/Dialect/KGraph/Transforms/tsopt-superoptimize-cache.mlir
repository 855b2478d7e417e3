// The result cache: a second run takes the verified result from the cache;
// a cache file edited into a graph tsopt cannot have built (an exp with no
// operand) is ignored with the reason, and the search runs again (it used
// to crash the verifier).
// RUN: rm -rf %t && mkdir -p %t
// RUN: tsopt-opt %s --tsopt-superoptimize='cache-dir=%t time-limit=5' 2>&1 | FileCheck %s --check-prefix=FIRST
// RUN: tsopt-opt %s --tsopt-superoptimize='cache-dir=%t time-limit=5' 2>&1 | FileCheck %s --check-prefix=CACHED
// RUN: echo 'G 0 0 1 2 2 2 4 8 2 2 4 8 1 0 1 1 1 4 0 1 1 0 0 0 -1 -1 -1 -1 0 0 ' > %t.bad
// RUN: cp %t.bad %t/*.graph
// RUN: tsopt-opt %s --tsopt-superoptimize='cache-dir=%t time-limit=5' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: tsopt-opt %s --tsopt-superoptimize='cache-dir=%t time-limit=5' 2>&1 | FileCheck %s --check-prefix=CACHED

// FIRST-NOT: from the result cache
// FIRST: kgraph.kernel grid
// CACHED: remark: superoptimized (from the result cache)
// BAD: warning: ignoring the cached result '{{.*}}.graph': the serialized graph is malformed: op #0 (exp): expected 1 operands and 1 result(s), got 0 and 1
// BAD: kgraph.kernel grid
func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %y = kgraph.exp %x : tensor<4x8xf32>
  %z = kgraph.exp %y : tensor<4x8xf32>
  return %z : tensor<4x8xf32>
}
