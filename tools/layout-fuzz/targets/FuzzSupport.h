//===- FuzzSupport.h - shared pieces of the libFuzzer targets ---*- C++ -*-===//
//
// Contexts with everything layout-opt registers, diagnostics that go
// nowhere (a diagnostic is a clean failure, not a finding), and the one way
// a target reports a finding: print why and abort, so libFuzzer keeps the
// input as a crash.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUTOPT_FUZZ_FUZZSUPPORT_H
#define LAYOUTOPT_FUZZ_FUZZSUPPORT_H

#include "StreamLite/InitAll.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

namespace layoutopt::fuzz {

/// A context that knows every dialect layout-opt registers (loaded lazily,
/// as in layout-opt), single-threaded, with diagnostics discarded.
inline std::unique_ptr<mlir::MLIRContext> makeContext() {
  mlir::DialectRegistry registry;
  layoutopt::registerAllDialects(registry);
  auto ctx = std::make_unique<mlir::MLIRContext>(
      registry, mlir::MLIRContext::Threading::DISABLED);
  ctx->getDiagEngine().registerHandler(
      [](mlir::Diagnostic &) { return mlir::success(); });
  // The printer must not fall back to the generic form silently: the round
  // trip would then compare generic with generic and hide custom syntax.
  ctx->printOpOnDiagnostic(false);
  return ctx;
}

/// A context reused across inputs but renewed every `period` inputs:
/// attributes and types stay uniqued in a context forever, so one context
/// over a million inputs would only measure its own growth.
class RenewedContext {
public:
  explicit RenewedContext(unsigned period) : period(period) {}
  mlir::MLIRContext &get() {
    if (!ctx || ++uses > period) {
      ctx.reset();
      ctx = makeContext();
      uses = 1;
    }
    return *ctx;
  }

private:
  std::unique_ptr<mlir::MLIRContext> ctx;
  unsigned period;
  unsigned uses = 0;
};

/// A finding: the property `what` does not hold. Prints it with `detail`
/// and aborts (libFuzzer saves the input).
[[noreturn]] inline void finding(llvm::StringRef what,
                                 llvm::StringRef detail = "") {
  llvm::errs() << "FUZZ FINDING: " << what << "\n";
  if (!detail.empty())
    llvm::errs() << detail << "\n";
  llvm::errs().flush();
  std::abort();
}

/// `op` printed with `flags`.
inline std::string printOp(mlir::Operation *op, mlir::OpPrintingFlags flags) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, flags);
  return text;
}

} // namespace layoutopt::fuzz

#endif // LAYOUTOPT_FUZZ_FUZZSUPPORT_H
