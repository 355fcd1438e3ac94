//===- layout-reduce-run-test.cpp - layout-reduce's test runner -----------===//
//
// `layout-reduce-run-test SCRIPT ARG... CANDIDATE.mlir`: what upstream's
// reduction tree runs for each candidate when layout-reduce is given
// `test=SCRIPT` (docs/tools.md, layout-reduce). It runs `SCRIPT ARG...
// CANDIDATE.mlir`, answers with its exit code, and when the candidate is
// interesting (exit 1) and smaller than any before, prints one progress
// line (upstream's tree reports nothing of the variants it keeps).
//
// A program of its own, linked against nothing but the C++ runtime: the
// tree starts it once per candidate, and an executable linked against
// libMLIR.so and libLLVM.so spends about 0.1 s (0.2 s under the
// sanitizers) in the dynamic loader before main, more than most tests.
//
//===----------------------------------------------------------------------===//

#include "RunReduceTest.h"

#include <cstdio>

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: layout-reduce-run-test SCRIPT ARG... "
                         "CANDIDATE.mlir (run by layout-reduce)\n");
    return 2;
  }
  return layoutopt::reduce::runReduceTest(argv + 1);
}
