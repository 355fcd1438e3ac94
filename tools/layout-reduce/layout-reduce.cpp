//===- layout-reduce.cpp - mlir-reduce for stream-lite programs -----------===//
//
// Upstream's MlirReduceMain with the dialects layout-opt registers and the
// stream-lite reduction patterns (include/StreamLite/Transforms/
// ReductionPatterns.h), docs/tools.md:
//
//   layout-reduce prog.mlir -o reduced.mlir \
//     '-reduction-tree=traversal-mode=0 test=scripts/interesting-mismatch.sh'
//
// Before handing over, it checks that each -reduction-tree names a test
// script it can execute (upstream would stop at the first candidate with
// "LLVM ERROR: Error running interestingness test"), that the output
// file can be written (upstream fails silently), and that the input is
// nothing layout-opt refuses before parsing (MLIR's parser crashes on it).
// It keeps standard error readable: the rejected candidates' verifier
// errors are counted, not shown (unless the reduction fails), each smaller
// interesting candidate prints one progress line (the tree runs each test
// script through layout-reduce-run-test, or through this executable in
// wrapper mode when that is not beside it), and a summary ends it.
//
//===----------------------------------------------------------------------===//

#include "../layout-reduce-run-test/RunReduceTest.h"
#include "StreamLite/InitAll.h"
#include "StreamLite/Registration/ToolSupport.h"
#include "StreamLite/Transforms/ReductionPatterns.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <string>

/// The `test=` values of a -reduction-tree option (`-reduction-tree=...`
/// or a `reduction-tree{...}` in a pipeline); std::nullopt when `arg` is
/// not about the reduction tree. Values may be quoted with '' or "".
static std::optional<std::vector<std::string>>
testScripts(llvm::StringRef arg) {
  size_t at = arg.find("reduction-tree");
  if (at == llvm::StringRef::npos)
    return std::nullopt;
  std::vector<std::string> scripts;
  llvm::StringRef rest = arg.drop_front(at + strlen("reduction-tree"));
  while (!rest.empty()) {
    rest = rest.ltrim(" ={}()");
    size_t end = rest.find_first_of(" {}");
    llvm::StringRef token = rest.take_front(end);
    rest = rest.drop_front(token.size());
    if (!token.consume_front("test="))
      continue;
    if (token.size() >= 2 && (token.front() == '\'' || token.front() == '"') &&
        token.back() == token.front())
      token = token.drop_front().drop_back();
    scripts.push_back(token.str());
  }
  return scripts;
}

/// Reports (and returns false for) a -reduction-tree without a test script
/// layout-reduce can run.
static bool checkTestScripts(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    std::optional<std::vector<std::string>> scripts = testScripts(argv[i]);
    if (!scripts)
      continue;
    auto error = []() -> llvm::raw_ostream & {
      return llvm::WithColor::error(llvm::errs(), "layout-reduce");
    };
    if (scripts->empty()) {
      error() << "'" << argv[i]
              << "' names no interestingness test: add test=SCRIPT\n";
      return false;
    }
    for (const std::string &script : *scripts)
      if (!llvm::sys::fs::exists(script) ||
          llvm::sys::fs::is_directory(script) ||
          !llvm::sys::fs::can_execute(script)) {
        error() << "interestingness test '" << script
                << "' is not an executable file\n";
        return false;
      }
  }
  return true;
}

/// Reports (and returns false for) an `-o` file that cannot be written:
/// MlirReduceMain gives up on it without a word.
static bool checkOutputFile(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    std::string path;
    if ((arg == "-o" || arg == "--o") && i + 1 < argc)
      path = argv[++i];
    else if (arg.consume_front("-o=") || arg.consume_front("--o="))
      path = arg.str();
    else
      continue;
    if (path == "-")
      continue;
    // Not kept: removed again, as MlirReduceMain removes its output when
    // the reduction fails.
    std::string message;
    if (!mlir::openOutputFile(path, &message)) {
      llvm::WithColor::error(llvm::errs(), "layout-reduce") << message << "\n";
      return false;
    }
  }
  return true;
}

/// Reports (and returns false for) an input file that layout-opt would
/// refuse before parsing (layoutopt::checkToolInput: MLIR's parser crashes
/// on some inputs). The input is the argument that is neither an option nor
/// the value of `-o`, as MlirReduceMain reads it; standard input is left to
/// MlirReduceMain.
static bool checkInputFile(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (arg == "-o" || arg == "--o") {
      ++i;
      continue;
    }
    if (arg.starts_with("-"))
      continue;
    std::string message;
    std::unique_ptr<llvm::MemoryBuffer> file =
        mlir::openInputFile(arg, &message);
    if (!file)
      continue; // MlirReduceMain reports it.
    if (mlir::failed(layoutopt::checkToolInput(file->getBuffer(), message))) {
      llvm::errs() << file->getBufferIdentifier() << ": error: " << message
                   << "\n";
      return false;
    }
  }
  return true;
}

/// Prints a diagnostic as MLIR's default handler would, warnings and notes
/// included (the context's default handler drops warnings, such as the
/// tree's "uninterested module will not be reduced" before it fails).
static void printDiagnostic(mlir::Diagnostic &diag) {
  llvm::raw_ostream &os = llvm::errs();
  os << diag.getLocation() << ": ";
  switch (diag.getSeverity()) {
  case mlir::DiagnosticSeverity::Error:
    os << "error: ";
    break;
  case mlir::DiagnosticSeverity::Warning:
    os << "warning: ";
    break;
  case mlir::DiagnosticSeverity::Note:
    os << "note: ";
    break;
  case mlir::DiagnosticSeverity::Remark:
    os << "remark: ";
    break;
  }
  os << diag << "\n";
  for (const mlir::Diagnostic &note : diag.getNotes())
    os << note.getLocation() << ": note: " << note << "\n";
}

/// The input file's argument (see checkInputFile), or "" for stdin.
static std::string inputPath(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (arg == "-o" || arg == "--o") {
      ++i;
      continue;
    }
    if (!arg.starts_with("-"))
      return arg.str();
  }
  return "";
}

/// The `-o` file's argument, or "" when none.
static std::string outputPath(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if ((arg == "-o" || arg == "--o") && i + 1 < argc)
      return argv[i + 1];
    if (arg.consume_front("-o=") || arg.consume_front("--o="))
      return arg.str();
  }
  return "";
}

/// Lines of `path`, or -1 (the count the progress lines use).
static int64_t countLines(const std::string &path) {
  return layoutopt::reduce::countFileLines(path.c_str());
}

using layoutopt::reduce::kProgressEnv;
static const char *const kWrapFlag = "--layout-reduce-run-test=";

/// Wrapper mode (`layout-reduce --layout-reduce-run-test=SCRIPT ARG...`):
/// what layout-reduce-run-test does (runReduceTest), for when that is not
/// installed next to this executable; the tree runs it otherwise, since it
/// starts faster.
static int runTestWrapper(int argc, char **argv) {
  std::vector<char *> scriptArgv = {argv[1] + strlen(kWrapFlag)};
  for (int i = 2; i < argc; ++i)
    scriptArgv.push_back(argv[i]);
  scriptArgv.push_back(nullptr);
  return layoutopt::reduce::runReduceTest(scriptArgv.data());
}

/// `arg` with every `test=SCRIPT` of a -reduction-tree option turned into
/// `runner` running SCRIPT (`runner`'s first argument: `prefix` and
/// SCRIPT; the script's own test-args follow, as the tree passes them).
static std::string wrapTests(llvm::StringRef arg, llvm::StringRef runner,
                             llvm::StringRef prefix) {
  if (!arg.contains("reduction-tree"))
    return arg.str();
  std::string out;
  while (!arg.empty()) {
    size_t at = arg.find("test=");
    // `test-arg=` and other keys ending in "test=" are not the script.
    while (at != llvm::StringRef::npos && at > 0 &&
           !llvm::StringRef(" {=").contains(arg[at - 1]))
      at = arg.find("test=", at + 1);
    if (at == llvm::StringRef::npos) {
      out += arg.str();
      break;
    }
    out += arg.take_front(at).str();
    arg = arg.drop_front(at + strlen("test="));
    size_t end = arg.find_first_of(" {}");
    llvm::StringRef script = arg.take_front(end);
    arg = arg.drop_front(script.size());
    out += "test=" + runner.str() + " test-arg=" + prefix.str() + script.str();
  }
  return out;
}

/// Everything after LLVM's set-up, on the tools' stack: the input is
/// parsed here and by MlirReduceMain, whose parser recurses per nesting
/// level.
static int runLayoutReduce(int argc, char **argv) {
  if (!checkTestScripts(argc, argv) || !checkOutputFile(argc, argv) ||
      !checkInputFile(argc, argv))
    return 1;
  layoutopt::registerAllPasses();
  mlir::DialectRegistry registry;
  layoutopt::registerAllDialects(registry);
  layoutopt::stream_lite::registerStreamLiteReductionInterface(registry);

  // The input's own errors are shown in full; once it parses, errors come
  // from candidates the verifier rejects ("null operand found" when the
  // tree erased an op still used), which are noise.
  std::string input = inputPath(argc, argv);
  int64_t linesBefore = -1;
  if (!input.empty()) {
    mlir::MLIRContext parseContext(registry);
    parseContext.printOpOnDiagnostic(false);
    parseContext.getDiagEngine().registerHandler(printDiagnostic);
    llvm::SourceMgr sourceMgr;
    std::string message;
    std::unique_ptr<llvm::MemoryBuffer> file =
        mlir::openInputFile(input, &message);
    if (file) {
      sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
      if (!mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &parseContext))
        return 1;
      linesBefore = countLines(input);
    }
  }

  // Point the tree at a wrapper of each test script, so that each smaller
  // interesting candidate prints one progress line: layout-reduce-run-test
  // next to this executable, else this executable in wrapper mode.
  std::string self = llvm::sys::fs::getMainExecutable(
      argv[0], reinterpret_cast<void *>(&runTestWrapper));
  llvm::SmallString<256> runner(llvm::sys::path::parent_path(self));
  llvm::sys::path::append(runner, "layout-reduce-run-test");
  llvm::StringRef prefix = "";
  if (!llvm::sys::fs::can_execute(runner)) {
    runner = self;
    prefix = kWrapFlag;
  }
  std::vector<std::string> wrapped;
  for (int i = 0; i < argc; ++i)
    wrapped.push_back(i ? wrapTests(argv[i], runner, prefix) : argv[i]);
  std::vector<char *> args;
  for (std::string &arg : wrapped)
    args.push_back(arg.data());
  args.push_back(nullptr);
  llvm::SmallString<128> progressFile;
  if (linesBefore >= 0 &&
      !llvm::sys::fs::createTemporaryFile("layout-reduce-progress", "txt",
                                          progressFile)) {
    if (auto out = mlir::openOutputFile(progressFile)) {
      out->os() << linesBefore << "\n";
      out->keep();
    }
    setenv(kProgressEnv, progressFile.c_str(), 1);
  }

  mlir::MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  // Errors are held back: on success they were all rejected candidates'
  // (counted in the summary); on failure they are shown, since one of them
  // says why (an unsupported option, say).
  std::vector<std::string> heldErrors;
  context.getDiagEngine().registerHandler([&](mlir::Diagnostic &diag) {
    if (diag.getSeverity() == mlir::DiagnosticSeverity::Error) {
      std::string text;
      llvm::raw_string_ostream(text)
          << diag.getLocation() << ": error: " << diag << "\n";
      heldErrors.push_back(std::move(text));
      return;
    }
    printDiagnostic(diag);
  });
  bool ok = mlir::succeeded(
      mlir::mlirReduceMain(int(args.size()) - 1, args.data(), context));
  size_t rejected = heldErrors.size();
  if (!ok)
    for (const std::string &error : heldErrors)
      llvm::errs() << error;
  if (!progressFile.empty())
    llvm::sys::fs::remove(progressFile);
  std::string output = outputPath(argc, argv);
  if (ok && linesBefore >= 0 && !output.empty() && output != "-")
    llvm::errs() << "layout-reduce: " << linesBefore << " lines -> "
                 << countLines(output) << " lines"
                 << (rejected ? " (" + std::to_string(rejected) +
                                    " candidates failed to verify)"
                              : std::string())
                 << "\n";
  return ok ? 0 : 1;
}

int main(int argc, char **argv) {
  if (argc > 1 && llvm::StringRef(argv[1]).starts_with(kWrapFlag))
    return runTestWrapper(argc, argv);
  llvm::InitLLVM initLLVM(argc, argv);
  layoutopt::setToolVersionPrinter();
  return layoutopt::runWithToolStack(
      [&] { return runLayoutReduce(argc, argv); });
}
