//===- tsopt-opt.cpp - The tsopt pass driver -----------------------------===//
//
// Parses, verifies, transforms and prints kgraph/bgraph/tgraph IR; the lit
// tests drive every tsopt pass through it (OptMain.h).
//
//===----------------------------------------------------------------------===//

#include "tsopt/Tools/OptMain.h"

int main(int argc, char **argv) { return tsopt::tsoptOptMain(argc, argv); }
