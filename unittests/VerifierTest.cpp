//===- VerifierTest.cpp - attribute verifiers and verifyForType -----------===//
//
// Every rejected spelling is paired with a near-identical accepted one, so a
// failure is due to the verifier and not to the syntax.
//
//===----------------------------------------------------------------------===//

#include "TestUtil.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::test;

namespace {

struct Rejected {
  const char *bad;
  const char *good;
  /// A substring the diagnostic must contain (empty: any diagnostic).
  const char *message;
};

void checkRejected(MLIRContext &ctx, const Rejected &c) {
  INFO("accepted: " << c.good);
  std::string goodDiags;
  CHECK(parseAttr(ctx, c.good, &goodDiags));
  CHECK(goodDiags == "");

  INFO("rejected: " << c.bad);
  std::string diags;
  Attribute attr = parseAttr(ctx, c.bad, &diags);
  INFO("diagnostics: " << diags);
  CHECK_FALSE(attr);
  CHECK(diags != "");
  CHECK(diags.find(c.message) != std::string::npos);
}

} // namespace

TEST_CASE("tiled verifier", "[verifier][tiled]") {
  auto ctx = makeContext();
  const Rejected cases[] = {
      {"#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4]>",
       "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>",
       "inner_dims_pos has 2 entries but inner_tiles has 1"},
      {"#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4, 2]>",
       "#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4]>",
       "inner_dims_pos has 1 entries but inner_tiles has 2"},
      {"#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 0]>",
       "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 1]>",
       "inner_tiles must be positive"},
      {"#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [-2]>",
       "#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [2]>",
       "inner_tiles must be positive"},
      {"#stream_lite.tiled<inner_dims_pos = [1, 1], inner_tiles = [4, 4]>",
       "#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>",
       "distinct"},
      {"#stream_lite.tiled<inner_dims_pos = [-1], inner_tiles = [4]>",
       "#stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>",
       "non-negative"},
      {"#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4], outer_dims_perm = [0, 0]>",
       "#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4], outer_dims_perm = [1, 0]>",
       "outer_dims_perm must be a permutation"},
      {"#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4], outer_dims_perm = [1, 2]>",
       "#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4], outer_dims_perm = [1, 0]>",
       "outer_dims_perm must be a permutation"},
      {"#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4], outer_dims_perm = [2, 0, 3]>",
       "#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4], outer_dims_perm = [2, 0, 1]>",
       "outer_dims_perm must be a permutation"},
      {"#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4], outer_dims_perm = [-1, 0]>",
       "#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4], outer_dims_perm = [1, 0]>",
       "outer_dims_perm must be a permutation"},
  };
  for (const Rejected &c : cases)
    checkRejected(*ctx, c);
}

TEST_CASE("padding verifier", "[verifier][padding]") {
  auto ctx = makeContext();
  const Rejected cases[] = {
      {"#stream_lite.padding<[0, -1]>", "#stream_lite.padding<[0, 1]>",
       "padding entries must be non-negative"},
      {"#stream_lite.padding<[-4, ?]>", "#stream_lite.padding<[4, ?]>",
       "padding entries must be non-negative"},
  };
  for (const Rejected &c : cases)
    checkRejected(*ctx, c);
  auto request = dyn_cast_if_present<PaddingAttr>(
      parseAttr(*ctx, "#stream_lite.padding<[0, ?]>"));
  REQUIRE(request);
  CHECK_FALSE(request.isStatic());
  CHECK_FALSE(request.isSerialized());
  CHECK(print(request) == "#stream_lite.padding<[0, ?]>");
}

TEST_CASE("affinity verifier", "[verifier][affinity]") {
  auto ctx = makeContext();
  // The empty list is rejected (by the parser, before the verifier runs).
  std::string diags;
  CHECK_FALSE(parseAttr(*ctx, "#stream_lite.affinity<[]>", &diags));
  CHECK(diags != "");
  CHECK(parseAttr(*ctx, "#stream_lite.affinity<[@cpu]>"));
  CHECK(print(parseAttr(*ctx, "#stream_lite.affinity<[@cpu]>")) ==
        "#stream_lite.affinity<@cpu>");
  CHECK(print(parseAttr(*ctx, "#stream_lite.affinity<[@cpu, @gpu]>")) ==
        "#stream_lite.affinity<[@cpu, @gpu]>");

  // The verifier itself.
  DiagnosticCapture capture(*ctx);
  Location loc = UnknownLoc::get(ctx.get());
  auto empty = AffinityAttr::getChecked([&] { return emitError(loc); }, ctx.get(),
                                        ArrayRef<FlatSymbolRefAttr>{});
  CHECK_FALSE(empty);
  INFO(capture.text());
  CHECK(capture.text().find("affinity must name at least one device") !=
        std::string::npos);
}

// The affinity check reads an op's inherent affinities through their ODS
// accessors (getAffinityAttr, getSourceAffinityAttr, getResultAffinityAttr):
// an op with an affinity attribute of another name would go unchecked.
TEST_CASE("every inherent affinity has a checked name",
          "[verifier][affinity]") {
  auto ctx = makeContext();
  const std::set<std::string> checked = {"affinity", "source_affinity",
                                         "result_affinity"};
  int opsWithAffinity = 0;
  for (RegisteredOperationName op : ctx->getRegisteredOperations()) {
    if (op.getDialectNamespace() != "stream_lite")
      continue;
    bool hasAffinity = false;
    for (StringAttr name : op.getAttributeNames()) {
      if (!name.getValue().contains("affinity"))
        continue;
      INFO(op.getStringRef().str() << " attribute " << name.getValue().str());
      CHECK(checked.count(name.getValue().str()) == 1);
      hasAffinity = true;
    }
    opsWithAffinity += hasAffinity;
  }
  // The loop saw the ops (the dialect is loaded and its ops registered).
  CHECK(opsWithAffinity >= 20);
}

// A function's default affinity names devices, whether or not func.func
// was made a symbol user of them (registerStreamLiteExternalModels, which
// registerAllDialects calls and a library user may leave out): checked as
// a symbol use with it, by the attribute's verifier without it; a device
// declared after the function is found either way.
TEST_CASE("a function's default affinity is checked with or without the "
          "external models",
          "[verifier][affinity]") {
  const char *good = R"mlir(
    func.func @f() attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
      return
    }
    stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
  )mlir";
  const char *bad = R"mlir(
    func.func private @helper()
    func.func @f() attributes {stream_lite.affinity = #stream_lite.affinity<@helper>} {
      return
    }
  )mlir";
  for (bool models : {true, false}) {
    INFO("external models registered: " << models);
    DialectRegistry registry;
    registry.insert<StreamLiteDialect, func::FuncDialect>();
    if (models)
      registerStreamLiteExternalModels(registry);
    MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
    ctx.loadAllAvailableDialects();
    auto probe = func::FuncOp::create(UnknownLoc::get(&ctx), "probe",
                                      FunctionType::get(&ctx, {}, {}));
    CHECK(isa<SymbolUserOpInterface>(probe.getOperation()) == models);
    probe->erase();

    std::string diags;
    CHECK(parseModule(ctx, good, &diags));
    CHECK(diags == "");
    CHECK_FALSE(parseModule(ctx, bad, &diags));
    INFO(diags);
    CHECK(diags.find("affinity #stream_lite.affinity<@helper> names @helper, "
                     "which is not a stream_lite.device") != std::string::npos);
  }
}

TEST_CASE("resolver, target, encoding and layout-list verifiers", "[verifier]") {
  auto ctx = makeContext();
  const Rejected cases[] = {
      {"#stream_lite.padding_resolver<cache_line_bytes = 0, cache_sets = 4>",
       "#stream_lite.padding_resolver<cache_line_bytes = 64, cache_sets = 4>",
       "must be positive"},
      {"#stream_lite.padding_resolver<cache_line_bytes = 64, cache_sets = -1>",
       "#stream_lite.padding_resolver<cache_line_bytes = 64, cache_sets = 1>",
       "must be positive"},
      {"#stream_lite.tiling_resolver<m = 8, n = 0, k = 1>",
       "#stream_lite.tiling_resolver<m = 8, n = 4, k = 1>", "must be positive"},
      {"#stream_lite.target<\"\">", "#stream_lite.target<\"vmvx\">",
       "non-empty"},
      {"#stream_lite.target<\"vmvx\", resolver = #stream_lite.identity>",
       "#stream_lite.target<\"vmvx\", resolver = #stream_lite.identity_resolver>",
       "is not an encoding resolver"},
      {"#stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32]>",
       "#stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>",
       "needs 3 element_types"},
      {"#stream_lite.encoding<operand_index = 3, op_type = matmul, element_types = [f32, f32, f32]>",
       "#stream_lite.encoding<operand_index = 2, op_type = matmul, element_types = [f32, f32, f32]>",
       "out of range"},
      {"#stream_lite.layout<[]>", "#stream_lite.layout<[#stream_lite.identity]>",
       "must not be empty"},
      {"#stream_lite.layout<[#stream_lite.padding<[0, ?]>]>",
       "#stream_lite.layout<[#stream_lite.padding<[0, 4]>]>",
       "layout entries must be serialized layouts"},
      {"#stream_lite.layout<[#stream_lite.layout<[#stream_lite.identity]>]>",
       "#stream_lite.layout<[#stream_lite.identity]>",
       "layout entries must be serialized layouts"},
      {"#stream_lite.testing<layouts = [#stream_lite.encoding<operand_index = 0, "
       "op_type = matmul, element_types = [f32, f32, f32]>]>",
       "#stream_lite.testing<layouts = [#stream_lite.identity]>",
       "testing layouts must be serialized layouts"},
  };
  for (const Rejected &c : cases)
    checkRejected(*ctx, c);
}

TEST_CASE("verifyEncodingForType", "[verifier][types]") {
  auto ctx = makeContext();
  auto verifyType = [&](StringRef text, std::string &diags) {
    RankedTensorType type = parseTensorType(*ctx, text);
    INFO(text.str());
    REQUIRE(type);
    DiagnosticCapture capture(*ctx);
    Location loc = UnknownLoc::get(ctx.get());
    LogicalResult result =
        verifyEncodingForType(type, [&] { return emitError(loc); });
    diags = capture.text();
    return result;
  };
  struct Case {
    const char *type;
    const char *message; // null: must verify
  } cases[] = {
      {"tensor<4x4xf32, #stream_lite.padding<[0, 4]>>", nullptr},
      {"tensor<4xf32, #stream_lite.padding<[0, 4]>>", "padding has 2 entries"},
      {"tensor<4x4xf32, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>>",
       nullptr},
      {"tensor<4xf32, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [4]>>",
       "out of range"},
      {"tensor<4x4x4xf32, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = "
       "[4], outer_dims_perm = [1, 0]>>",
       "outer_dims_perm has 2 entries"},
      {"tensor<4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, "
       "element_types = [f32, f32, f32]>>",
       nullptr},
      {"tensor<4x4x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, "
       "element_types = [f32, f32, f32]>>",
       "expected rank 2"},
      {"tensor<4xf32, #stream_lite.layout<[#stream_lite.identity, "
       "#stream_lite.padding<[0, 1]>]>>",
       "padding has 2 entries"},
      {"tensor<4xf32, #stream_lite.unknown>", nullptr},
      {"tensor<4xf32>", nullptr},
  };
  for (const Case &c : cases) {
    INFO(c.type);
    std::string diags;
    LogicalResult result = verifyType(c.type, diags);
    INFO("diagnostics: " << diags);
    if (c.message) {
      CHECK(failed(result));
      CHECK(diags.find(c.message) != std::string::npos);
    } else {
      CHECK(succeeded(result));
      CHECK(diags == "");
    }
  }
}
