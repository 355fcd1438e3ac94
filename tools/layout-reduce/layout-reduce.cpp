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
//
//===----------------------------------------------------------------------===//

#include "StreamLite/InitAll.h"
#include "StreamLite/Tools/ToolSupport.h"
#include "StreamLite/Transforms/ReductionPatterns.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

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

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  if (!checkTestScripts(argc, argv) || !checkOutputFile(argc, argv) ||
      !checkInputFile(argc, argv))
    return 1;
  layoutopt::registerAllPasses();
  mlir::DialectRegistry registry;
  layoutopt::registerAllDialects(registry);
  layoutopt::stream_lite::registerStreamLiteReductionInterface(registry);
  mlir::MLIRContext context(registry);
  // Candidates the verifier rejects are reported; their whole module is
  // noise.
  context.printOpOnDiagnostic(false);
  // MlirReduceMain installs no handler, and the context's default one
  // drops warnings, such as the tree's "uninterested module will not be
  // reduced" before it fails.
  context.getDiagEngine().registerHandler([](mlir::Diagnostic &diag) {
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
  });
  return mlir::failed(mlir::mlirReduceMain(argc, argv, context)) ? 1 : 0;
}
