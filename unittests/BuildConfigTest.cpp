//===- BuildConfigTest.cpp - what the build options promise ---------------===//
//
// LAYOUT_OPT_ENABLE_ASSERTIONS: assertions are on exactly when configured,
// and the classes we share with libMLIR.so keep the layout it was built
// with (cmake/assertions-prelude.h, docs/tools.md#assertions).
//
//===----------------------------------------------------------------------===//

#include "mlir/Pass/Pass.h"
#include "llvm/ADT/Statistic.h"

#include <catch2/catch.hpp>

#ifdef NDEBUG
constexpr bool kAssertionsOn = false;
#else
constexpr bool kAssertionsOn = true;
#endif

TEST_CASE("build: assertions are on with LAYOUT_OPT_ENABLE_ASSERTIONS",
          "[build]") {
  if (LAYOUT_OPT_EXPECT_ASSERTIONS)
    CHECK(kAssertionsOn);
  else
    SUCCEED("option off: the build type decides");
}

TEST_CASE("build: mlir::Pass::Statistic has libMLIR.so's (NDEBUG) layout",
          "[build]") {
  // The library constructs these objects; a TrackingStatistic base (what
  // the header gives without NDEBUG, e.g. in a plain Debug build) would be
  // 40 bytes it never initializes.
  if (!LAYOUT_OPT_EXPECT_ASSERTIONS && kAssertionsOn) {
    WARN("a Debug build without LAYOUT_OPT_ENABLE_ASSERTIONS has no prelude");
    return;
  }
  CHECK(sizeof(mlir::Pass::Statistic) == sizeof(llvm::NoopStatistic));
  CHECK(!LLVM_ENABLE_STATS);
}
