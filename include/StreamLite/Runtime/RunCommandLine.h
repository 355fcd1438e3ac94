//===- RunCommandLine.h - layout-run's command line -------------*- C++ -*-===//
//
// layout-run's options (docs/tools.md), parsed and checked into what a run
// needs: the program, the function, its input and output specs, and the
// ProgramOptions of the run. The tool itself only reads the program, runs
// it and reports.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_RUNTIME_RUNCOMMANDLINE_H
#define STREAMLITE_RUNTIME_RUNCOMMANDLINE_H

#include "StreamLite/Runtime/JitSession.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace layoutopt::runtime {

/// One layout-run invocation, as its command line asks for it.
struct RunRequest {
  std::string programPath;
  std::string function;
  /// `--input` specs, in order (parseSpec's form).
  std::vector<std::string> inputSpecs;
  /// `--output` files (without their `@`), in order.
  std::vector<std::string> outputPaths;
  /// `--expected-output`: the file of expected results, or empty.
  std::string expectedOutputPath;
  /// `--expected-tolerance` (see compareToExpected).
  double expectedTolerance = 0;
  /// `--trace`: where the trace's JSON goes (`-`: stdout), or empty.
  std::string tracePath;
  /// `--trace-max-elements` (TraceJsonOptions::maxElements).
  size_t traceMaxElements = 4096;
  bool compareToReference = false;
  bool checkLeaks = false;
  bool timing = false;
  /// `--threads`, when given; otherwise getDefaultRunThreads.
  std::optional<unsigned> threads;
  /// Everything else the options say about the run (no timing scope; the
  /// threads are set from `threads` by the caller).
  ProgramOptions options;
};

/// Parses and checks layout-run's command line. A bad one fails with
/// layout-run's message (printed after `error: `, exit 2); when the usage
/// should precede it (the command line does not parse, no program),
/// `showUsage` is set. `--help` prints the help and exits.
llvm::Expected<RunRequest> parseRunCommandLine(int argc, char **argv,
                                               bool &showUsage);

/// Checks `request` against the function it runs: one `--input` per
/// argument, at most one `--output` per result, each of an element type
/// .npy files hold.
llvm::Error checkRunRequest(const RunRequest &request,
                            const ProgramSignature &signature);

/// layout-run's one-paragraph usage.
void printRunUsage(llvm::raw_ostream &os);

/// The kernel threads of a run without `--threads`: every thread this
/// process may run on when `inputs` hold at least two tasks' worth of
/// bytes, else 1.
unsigned getDefaultRunThreads(const std::vector<HostArray> &inputs);

} // namespace layoutopt::runtime

#endif // STREAMLITE_RUNTIME_RUNCOMMANDLINE_H
