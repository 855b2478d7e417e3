// tsopt-orchestrate refuses a time limit that is not a number of seconds
// >= 0 with a diagnostic, before any work.
// RUN: tsopt-opt %s --tsopt-orchestrate=time-limit=-1 -verify-diagnostics -o /dev/null

// expected-error @+1 {{tsopt-orchestrate: time-limit must be a number of seconds >= 0 (0: none)}}
module {
  func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %e = kgraph.exp %x : tensor<4x8xf32>
    return %e : tensor<4x8xf32>
  }
}
