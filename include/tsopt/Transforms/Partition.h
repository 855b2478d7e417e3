//===- Partition.h - Splitting programs for the search ----------*- C++ -*-===//
//
// The search handles programs of a few ops inside the LAX fragment (at most
// one exp on every input→output path). A larger program is cut, in program
// order, into consecutive parts that each stay within both bounds; each part
// is searched alone and the results are stitched back (the passes
// tsopt-partition-lax and tsopt-inline-partitions).
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_TRANSFORMS_PARTITION_H
#define TSOPT_TRANSFORMS_PARTITION_H

#include "tsopt/Core/Graph.h"

#include <vector>

namespace tsopt {

/// For each op of `program` (a kernel graph of pre-defined ops), the index
/// of its part. Parts are runs of consecutive ops, numbered from 0: an op
/// opens a new part when the current one already has `maxOps` ops or when
/// adding it would put two exps on one path of the part.
std::vector<unsigned> partitionLax(const Graph &program, unsigned maxOps);

/// Part `part` as a program of its own: its inputs are the values its ops
/// read from outside it (in order of first use), its outputs the values it
/// produces that later ops or the program's outputs read (in program order).
/// `inputs`/`outputs` give those values' ids in `program`.
struct Subprogram {
  Graph graph;
  std::vector<int> inputs, outputs;
};
Subprogram extractPart(const Graph &program,
                       const std::vector<unsigned> &partOf, unsigned part);

} // namespace tsopt

#endif // TSOPT_TRANSFORMS_PARTITION_H
