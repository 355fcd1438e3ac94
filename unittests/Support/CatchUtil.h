//===- CatchUtil.h - Catch2 helpers for the unit tests ----------*- C++ -*-===//
//
// Parse-or-fail helpers: each REQUIREs what it parses (the diagnostics are
// the INFO of a failure), so a test case stops at the first bad input.
// Unit tests only (the benchmarks do not use Catch2).
//
//===----------------------------------------------------------------------===//

#ifndef LAYOUTOPT_UNITTESTS_CATCHUTIL_H
#define LAYOUTOPT_UNITTESTS_CATCHUTIL_H

#include "TestUtil.h"

#include <catch2/catch.hpp>

namespace layoutopt::test {

/// Parses `text` as an attribute of class (or interface) AttrT; REQUIREs
/// both the parse and the cast.
template <typename AttrT>
AttrT requireAttr(mlir::MLIRContext &ctx, llvm::StringRef text) {
  std::string diags;
  mlir::Attribute attr = parseAttr(ctx, text, &diags);
  INFO("parsing " << text.str() << ": " << diags);
  REQUIRE(attr);
  auto typed = llvm::dyn_cast<AttrT>(attr);
  REQUIRE(typed);
  return typed;
}

/// Parses `text` as a ranked tensor type; REQUIREs it.
inline mlir::RankedTensorType requireTensorType(mlir::MLIRContext &ctx,
                                                llvm::StringRef text) {
  std::string diags;
  mlir::RankedTensorType type = parseTensorType(ctx, text, &diags);
  INFO("parsing " << text.str() << ": " << diags);
  REQUIRE(type);
  return type;
}

} // namespace layoutopt::test

#endif // LAYOUTOPT_UNITTESTS_CATCHUTIL_H
