//===- TestUtil.h - shared helpers for the layout-opt unit tests -*- C++ -*-===//
//
// A context with every dialect layout-opt registers, and small wrappers to
// parse attributes, types and IR while capturing diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUTOPT_UNITTESTS_TESTUTIL_H
#define LAYOUTOPT_UNITTESTS_TESTUTIL_H

#include "StreamLite/InitAll.h"
#include "StreamLite/IR/StreamLiteAttrs.h"
#include "StreamLite/IR/StreamLiteDialect.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace layoutopt::test {

/// A fresh context with every dialect layout-opt registers, all loaded.
inline std::unique_ptr<mlir::MLIRContext> makeContext() {
  mlir::DialectRegistry registry;
  layoutopt::registerAllDialects(registry);
  auto ctx = std::make_unique<mlir::MLIRContext>(
      registry, mlir::MLIRContext::Threading::DISABLED);
  ctx->loadAllAvailableDialects();
  return ctx;
}

/// Collects every diagnostic emitted on `ctx` while alive (and keeps them
/// off stderr).
class DiagnosticCapture {
public:
  explicit DiagnosticCapture(mlir::MLIRContext &ctx)
      : handler(&ctx, [this](mlir::Diagnostic &diag) {
          messages.push_back(diag.str());
          return mlir::success();
        }) {}

  /// All messages joined with newlines.
  std::string text() const {
    std::string result;
    for (const std::string &m : messages) {
      if (!result.empty())
        result += '\n';
      result += m;
    }
    return result;
  }
  bool empty() const { return messages.empty(); }
  void clear() { messages.clear(); }

  std::vector<std::string> messages;

private:
  mlir::ScopedDiagnosticHandler handler;
};

/// Parses an attribute; null on failure (diagnostics go to `diags` when set,
/// otherwise they are swallowed).
inline mlir::Attribute parseAttr(mlir::MLIRContext &ctx, llvm::StringRef text,
                                 std::string *diags = nullptr) {
  DiagnosticCapture capture(ctx);
  mlir::Attribute attr = mlir::parseAttribute(text, &ctx);
  if (diags)
    *diags = capture.text();
  return attr;
}

/// Parses a type; null on failure.
inline mlir::Type parseType(mlir::MLIRContext &ctx, llvm::StringRef text,
                            std::string *diags = nullptr) {
  DiagnosticCapture capture(ctx);
  mlir::Type type = mlir::parseType(text, &ctx);
  if (diags)
    *diags = capture.text();
  return type;
}

/// Parses a ranked tensor type (null when `text` is not one).
inline mlir::RankedTensorType parseTensorType(mlir::MLIRContext &ctx,
                                              llvm::StringRef text,
                                              std::string *diags = nullptr) {
  return llvm::dyn_cast_if_present<mlir::RankedTensorType>(
      parseType(ctx, text, diags));
}

/// Parses a module; null on failure.
inline mlir::OwningOpRef<mlir::ModuleOp>
parseModule(mlir::MLIRContext &ctx, llvm::StringRef text,
            std::string *diags = nullptr) {
  DiagnosticCapture capture(ctx);
  auto module = mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
  if (diags)
    *diags = capture.text();
  return module;
}

/// The printed form of an attribute or type.
inline std::string print(mlir::Attribute value) {
  std::string s;
  llvm::raw_string_ostream os(s);
  value.print(os);
  return s;
}
inline std::string print(mlir::Type value) {
  std::string s;
  llvm::raw_string_ostream os(s);
  value.print(os);
  return s;
}

/// Comma-joined list, e.g. "[1, 2, 3]".
template <typename Range>
std::string listStr(const Range &values) {
  std::string s = "[";
  bool first = true;
  for (const auto &v : values) {
    if (!first)
      s += ", ";
    first = false;
    s += std::to_string(v);
  }
  return s + "]";
}

/// A tiny interpreter for the index arithmetic the layout math emits: block
/// arguments are bound by the test, arith ops are evaluated recursively
/// (memoized). Anything else is an error recorded in `error`.
class IndexInterpreter {
public:
  void bind(mlir::Value value, int64_t x) { values[value] = x; }

  std::optional<int64_t> eval(mlir::OpFoldResult ofr) {
    if (auto attr = llvm::dyn_cast_if_present<mlir::Attribute>(ofr)) {
      std::optional<int64_t> c = mlir::getConstantIntValue(attr);
      if (!c)
        fail("non-integer attribute in an OpFoldResult");
      return c;
    }
    return eval(llvm::cast<mlir::Value>(ofr));
  }

  std::optional<int64_t> eval(mlir::Value value) {
    if (!value) {
      fail("null value");
      return std::nullopt;
    }
    auto it = values.find(value);
    if (it != values.end())
      return it->second;
    mlir::Operation *op = value.getDefiningOp();
    if (!op) {
      fail("unbound block argument");
      return std::nullopt;
    }
    if (!value.getType().isIndex())
      fail("non-index value produced by " + op->getName().getStringRef().str());
    std::optional<int64_t> result;
    if (auto constant = llvm::dyn_cast<mlir::arith::ConstantOp>(op)) {
      if (auto intAttr = llvm::dyn_cast<mlir::IntegerAttr>(constant.getValue()))
        result = intAttr.getInt();
      else
        fail("non-integer arith.constant");
    } else if (op->getNumOperands() == 2) {
      std::optional<int64_t> a = eval(op->getOperand(0));
      std::optional<int64_t> b = eval(op->getOperand(1));
      if (!a || !b)
        return std::nullopt;
      uint64_t ua = static_cast<uint64_t>(*a), ub = static_cast<uint64_t>(*b);
      bool divides = llvm::isa<mlir::arith::DivUIOp, mlir::arith::CeilDivUIOp,
                               mlir::arith::RemUIOp, mlir::arith::DivSIOp,
                               mlir::arith::CeilDivSIOp, mlir::arith::FloorDivSIOp,
                               mlir::arith::RemSIOp>(op);
      if (divides && *b == 0) {
        fail("division by zero in " + op->getName().getStringRef().str());
        return std::nullopt;
      }
      result =
          llvm::TypeSwitch<mlir::Operation *, std::optional<int64_t>>(op)
              .Case([&](mlir::arith::AddIOp) { return *a + *b; })
              .Case([&](mlir::arith::SubIOp) { return *a - *b; })
              .Case([&](mlir::arith::MulIOp) { return *a * *b; })
              .Case([&](mlir::arith::DivUIOp) { return int64_t(ua / ub); })
              .Case([&](mlir::arith::CeilDivUIOp) {
                return int64_t(ua == 0 ? 0 : (ua - 1) / ub + 1);
              })
              .Case([&](mlir::arith::RemUIOp) { return int64_t(ua % ub); })
              .Case([&](mlir::arith::MaxUIOp) { return int64_t(std::max(ua, ub)); })
              .Case([&](mlir::arith::MinUIOp) { return int64_t(std::min(ua, ub)); })
              .Case([&](mlir::arith::MaxSIOp) { return std::max(*a, *b); })
              .Case([&](mlir::arith::MinSIOp) { return std::min(*a, *b); })
              .Case([&](mlir::arith::DivSIOp) { return *a / *b; })
              .Case([&](mlir::arith::RemSIOp) { return *a % *b; })
              .Case([&](mlir::arith::CeilDivSIOp) {
                int64_t q = *a / *b;
                return (q * *b != *a && ((*a > 0) == (*b > 0))) ? q + 1 : q;
              })
              .Case([&](mlir::arith::FloorDivSIOp) {
                int64_t q = *a / *b;
                return (q * *b != *a && ((*a < 0) != (*b < 0))) ? q - 1 : q;
              })
              .Default([&](mlir::Operation *) -> std::optional<int64_t> {
                fail("unsupported op " + op->getName().getStringRef().str());
                return std::nullopt;
              });
    } else {
      fail("unsupported op " + op->getName().getStringRef().str());
    }
    if (result)
      values[value] = *result;
    return result;
  }

  /// The first error, or empty.
  std::string error;

private:
  void fail(const std::string &message) {
    if (error.empty())
      error = message;
  }
  llvm::DenseMap<mlir::Value, int64_t> values;
};

} // namespace layoutopt::test

#endif // LAYOUTOPT_UNITTESTS_TESTUTIL_H
