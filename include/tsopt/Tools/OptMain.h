//===- OptMain.h - The tsopt pass driver ------------------------*- C++ -*-===//
//
// The main function of tsopt-opt, shared with tsopt-mpi, whose coordinator
// process runs it with the job's workers taking work items.
//
//===----------------------------------------------------------------------===//

#ifndef TSOPT_TOOLS_OPTMAIN_H
#define TSOPT_TOOLS_OPTMAIN_H

namespace tsopt {
/// Parses the command line of tsopt-opt, runs its passes on the input and
/// writes the output; the process's exit code.
int tsoptOptMain(int argc, char **argv);
} // namespace tsopt

#endif // TSOPT_TOOLS_OPTMAIN_H
