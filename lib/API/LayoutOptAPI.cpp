//===- LayoutOptAPI.cpp - the library for scripting languages -------------===//
//
// Each call builds its own MLIRContext and runs on the tools' large stack
// (ToolSupport.h), so deep input cannot overflow the caller's thread.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/API/LayoutOptAPI.h"

#include "StreamLite/Analysis/LayoutDraw.h"
#include "StreamLite/Analysis/LayoutImage.h"
#include "StreamLite/InitAll.h"
#include "StreamLite/Registration/ToolSupport.h"
#include "StreamLite/Runtime/HostTensor.h"
#include "StreamLite/Runtime/JitSession.h"
#include "StreamLite/Runtime/Trace.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace mlir;
namespace rt = layoutopt::runtime;
namespace sl = layoutopt::stream_lite;

namespace layoutopt::api {

namespace {

/// A context with every dialect stream-lite programs use (and the LLVM IR
/// translations the JIT needs) loaded, and the passes registered.
std::unique_ptr<MLIRContext> makeContext() {
  static std::once_flag registered;
  std::call_once(registered, [] { registerAllPasses(); });
  DialectRegistry registry;
  registerAllDialects(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  auto ctx = std::make_unique<MLIRContext>(registry);
  ctx->loadAllAvailableDialects();
  return ctx;
}

/// Collects every diagnostic of a context as `loc: error: message` text.
struct DiagnosticCapture {
  DiagnosticCapture(MLIRContext &ctx)
      : stream(text), handler(sourceMgr, &ctx, stream) {}
  std::string take() {
    std::string result = llvm::StringRef(text).rtrim("\n").str();
    text.clear();
    return result;
  }

  std::string text;
  llvm::raw_string_ostream stream;
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler;
};

/// Parses program text into a module; on failure the status has the
/// parser's diagnostics.
Status parseProgram(const std::string &text, MLIRContext &ctx,
                    DiagnosticCapture &diagnostics,
                    OwningOpRef<ModuleOp> &module) {
  std::string refused;
  if (failed(checkToolInput(text, refused)))
    return Status::failure("cannot parse the program: " + refused);
  diagnostics.sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "<program>"), llvm::SMLoc());
  module = parseSourceFile<ModuleOp>(diagnostics.sourceMgr, &ctx);
  if (!module)
    return Status::failure(diagnostics.take());
  return Status::success();
}

/// `body` on the tools' large stack.
Status onToolStack(llvm::function_ref<Status()> body) {
  Status status;
  runWithToolStack([&] {
    status = body();
    return 0;
  });
  return status;
}

/// Runs `body` on the tools' stack with a fresh context whose diagnostics
/// are collected as messages alone, one a line (a type has no location).
Status withTypeContext(
    llvm::function_ref<LogicalResult(MLIRContext &)> body) {
  return onToolStack([&]() -> Status {
    std::unique_ptr<MLIRContext> ctx = makeContext();
    std::string messages;
    ScopedDiagnosticHandler handler(ctx.get(), [&](Diagnostic &diag) {
      messages += (messages.empty() ? "" : "\n") + diag.str();
      return success();
    });
    if (failed(body(*ctx)))
      return Status::failure(messages);
    return Status::success();
  });
}

/// Reports (and returns false for) type or attribute text the tools refuse
/// before parsing (checkToolInput: nesting deeper than the stack holds, a
/// dense array of index).
bool passesScreen(MLIRContext &ctx, llvm::StringRef what,
                  const std::string &text) {
  std::string refused;
  if (succeeded(checkToolInput(text, refused)))
    return true;
  emitError(UnknownLoc::get(&ctx)) << "cannot parse the " << what << ": "
                                   << refused;
  return false;
}

RankedTensorType parseScreenedType(MLIRContext &ctx, const std::string &text) {
  if (!passesScreen(ctx, "type", text))
    return {};
  return sl::parseTensorType(&ctx, text);
}

Attribute parseScreenedAttribute(MLIRContext &ctx, const std::string &text) {
  if (!passesScreen(ctx, "attribute", text))
    return {};
  return sl::parseAttributeText(&ctx, text);
}

Status withLayoutImage(const std::string &typeText,
                       llvm::function_ref<void(const sl::LayoutImage &)> use) {
  return withTypeContext([&](MLIRContext &ctx) -> LogicalResult {
    RankedTensorType type = parseScreenedType(ctx, typeText);
    if (!type)
      return failure();
    FailureOr<sl::LayoutImage> image = sl::buildLayoutImage(
        type, [&] { return emitError(UnknownLoc::get(&ctx)); });
    if (failed(image))
      return failure();
    use(*image);
    return success();
  });
}

} // namespace

Status runPipeline(const std::string &text, const std::string &pipeline,
                   std::string &output) {
  return onToolStack([&]() -> Status {
    std::unique_ptr<MLIRContext> ctx = makeContext();
    DiagnosticCapture diagnostics(*ctx);
    OwningOpRef<ModuleOp> module;
    if (Status status = parseProgram(text, *ctx, diagnostics, module);
        !status.ok)
      return status;
    PassManager pm(ctx.get());
    llvm::StringRef passes = llvm::StringRef(pipeline).trim();
    // The anchored form names the module the manager already runs on.
    if (passes.consume_front("builtin.module(") && !passes.consume_back(")"))
      return Status::failure("malformed pipeline '" + pipeline +
                             "': unbalanced 'builtin.module('");
    std::string pipelineErrors;
    llvm::raw_string_ostream pipelineErrorStream(pipelineErrors);
    if (failed(parsePassPipeline(passes, pm, pipelineErrorStream)))
      return Status::failure("malformed pipeline '" + pipeline +
                             "': " + llvm::StringRef(pipelineErrors).trim().str());
    if (failed(pm.run(*module)))
      return Status::failure(diagnostics.take());
    llvm::raw_string_ostream os(output);
    module->print(os);
    return Status::success();
  });
}

Status getStorageSize(const std::string &type, int64_t &bytes) {
  return withLayoutImage(
      type, [&](const sl::LayoutImage &image) { bytes = image.storageBytes; });
}

Status getLayoutImage(const std::string &type, LayoutImage &result) {
  return withLayoutImage(type, [&](const sl::LayoutImage &image) {
    result.shape.assign(image.type.getShape().begin(),
                        image.type.getShape().end());
    result.elementBits = image.elementBits;
    result.elementBytes = image.elementBytes;
    result.storageBytes = image.storageBytes;
    result.offsets.clear();
    result.offsets.reserve(image.slots.size());
    for (int64_t slot : image.slots)
      result.offsets.push_back(image.getSlotOffset(slot));
    llvm::raw_string_ostream os(result.layout);
    os << Attribute(image.layout);
  });
}

Status resolveLayout(const std::string &typeText, const std::string &target,
                     ResolvedLayout &result) {
  return withTypeContext([&](MLIRContext &ctx) -> LogicalResult {
    RankedTensorType type = parseScreenedType(ctx, typeText);
    if (!type)
      return failure();
    Attribute targetAttr;
    if (!llvm::StringRef(target).trim().empty() &&
        !(targetAttr = parseScreenedAttribute(ctx, target)))
      return failure();
    FailureOr<sl::ResolvedLayout> resolved = sl::resolveLayout(
        type, targetAttr, [&] { return emitError(UnknownLoc::get(&ctx)); });
    if (failed(resolved))
      return failure();
    result.type.clear();
    result.layout.clear();
    llvm::raw_string_ostream(result.type) << resolved->type;
    llvm::raw_string_ostream(result.layout) << resolved->layout;
    result.storageBytes = resolved->storageBytes.value_or(-1);
    return success();
  });
}

Status drawLayout(const std::string &type, std::string &svg) {
  return withLayoutImage(type, [&](const sl::LayoutImage &image) {
    svg.clear();
    llvm::raw_string_ostream os(svg);
    sl::drawLayoutSvg(image, std::nullopt, sl::DrawOptions(), os);
  });
}

struct Program::Impl {
  std::unique_ptr<MLIRContext> ctx;
  std::unique_ptr<DiagnosticCapture> diagnostics;
  OwningOpRef<ModuleOp> module;
  RunOptions options;
  rt::ProgramSignature signature;
  std::vector<ArgumentType> argumentTypes;
  rt::ProgramOptions programOptions;
  std::unique_ptr<rt::JitSession> session;
  /// With options.compareToReference.
  std::unique_ptr<rt::JitSession> referenceSession;
  /// A session runs one call at a time (its heap and failure state).
  std::mutex running;
  /// With options.trace: the last run's trace as JSON.
  std::string lastTrace;

  /// `inputs` as host arrays checked against the signature.
  Status toHostArrays(const std::vector<Array> &inputs,
                      std::vector<rt::HostArray> &hostInputs) const;
  Status runLocked(const std::vector<Array> &inputs,
                   std::vector<Array> &results);
};

Program::Program(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
Program::~Program() = default;

const std::vector<ArgumentType> &Program::getArgumentTypes() const {
  return impl->argumentTypes;
}

const std::string &Program::getLastTrace() const { return impl->lastTrace; }

Status Program::compile(const std::string &text, const RunOptions &options,
                        std::unique_ptr<Program> &program) {
  return onToolStack([&]() -> Status {
    auto impl = std::make_unique<Impl>();
    impl->ctx = makeContext();
    impl->diagnostics = std::make_unique<DiagnosticCapture>(*impl->ctx);
    impl->options = options;
    if (Status status =
            parseProgram(text, *impl->ctx, *impl->diagnostics, impl->module);
        !status.ok)
      return status;
    const std::string &name = options.function;
    auto signature =
        rt::getProgramSignature(*impl->module, name, "the program");
    if (!signature)
      return Status::failure(llvm::toString(signature.takeError()));
    for (auto [i, hostType] : llvm::enumerate(signature->resultTypes))
      if (!rt::getNpyDescr(hostType.elementType))
        return Status::failure("result " + std::to_string(i) + " of @" +
                               name + " has type " +
                               rt::typeToString(hostType.elementType) +
                               ", which numpy arrays cannot hold");
    for (const rt::HostType &hostType : signature->argTypes) {
      ArgumentType &argument = impl->argumentTypes.emplace_back();
      argument.dtype =
          rt::getNpyDescr(hostType.elementType).value_or(std::string());
      argument.elementType = rt::typeToString(hostType.elementType);
      for (int64_t dim : hostType.shape)
        argument.shape.push_back(ShapedType::isDynamic(dim) ? -1 : dim);
      argument.isScalar = hostType.isScalar;
    }
    impl->signature = std::move(*signature);

    rt::ProgramOptions &programOptions = impl->programOptions;
    programOptions.checkPadding = options.checkPadding;
    programOptions.trace = options.trace;
    // The reference run reuses the program's freed buffers.
    programOptions.bufferPool = std::make_shared<rt::BufferPool>();
    // A failed check inside JIT-ed code comes back as the run's error
    // (JitSession.h), so callers (Python) get it as any other failure.
    auto failure = [&](llvm::Error error) {
      std::string message = llvm::toString(std::move(error));
      std::string details = impl->diagnostics->take();
      return Status::failure(details.empty() ? message
                                             : details + "\n" + message);
    };
    auto session = rt::compileProgram(*impl->module, name, programOptions);
    if (!session)
      return failure(session.takeError());
    impl->session = std::move(*session);
    if (options.compareToReference) {
      auto reference = rt::compileProgram(
          *impl->module, name, rt::getReferenceOptions(programOptions));
      if (!reference)
        return failure(reference.takeError());
      impl->referenceSession = std::move(*reference);
    }
    program.reset(new Program(std::move(impl)));
    return Status::success();
  });
}

Status Program::Impl::toHostArrays(
    const std::vector<Array> &inputs,
    std::vector<rt::HostArray> &hostInputs) const {
  const std::string &name = options.function;
  const std::vector<rt::HostType> &argTypes = signature.argTypes;
  if (inputs.size() != argTypes.size())
    return Status::failure("@" + name + " takes " +
                           std::to_string(argTypes.size()) + " argument(s), " +
                           std::to_string(inputs.size()) + " input(s) given");
  for (auto [i, input] : llvm::enumerate(inputs)) {
    const rt::HostType &expected = argTypes[i];
    std::string what = "input " + std::to_string(i);
    std::optional<std::string> want = rt::getNpyDescr(expected.elementType);
    if (!want || !rt::npyDescrMatches(input.dtype, expected.elementType))
      return Status::failure(
          what + ": dtype '" + input.dtype + "' does not match the " +
          "function's element type " + rt::typeToString(expected.elementType) +
          (want ? " (dtype '" + *want + "')" : std::string()));
    rt::HostArray array;
    array.elementType = expected.elementType;
    array.shape.assign(input.shape.begin(), input.shape.end());
    array.isScalar = expected.isScalar;
    if (llvm::Error error = rt::checkShape(array, expected, what))
      return Status::failure(llvm::toString(std::move(error)));
    if (int64_t(input.bytes.size()) !=
        array.getNumElements() * int64_t(array.getElementBytes()))
      return Status::failure(what + ": " + std::to_string(input.bytes.size()) +
                             " bytes do not hold shape " +
                             rt::shapePrefix(array));
    array.bytes = input.bytes;
    hostInputs.push_back(std::move(array));
  }
  return Status::success();
}

Status Program::run(const std::vector<Array> &inputs,
                    std::vector<Array> &results) {
  std::lock_guard<std::mutex> lock(impl->running);
  return onToolStack([&] { return impl->runLocked(inputs, results); });
}

Status Program::Impl::runLocked(const std::vector<Array> &inputs,
                                std::vector<Array> &results) {
  std::vector<rt::HostArray> hostInputs;
  if (Status status = toHostArrays(inputs, hostInputs); !status.ok)
    return status;
  const std::string &name = options.function;
  lastTrace.clear();
  auto run = rt::runCompiledProgram(*session, name, hostInputs,
                                    signature.resultTypes, programOptions);
  if (!run)
    return Status::failure(llvm::toString(run.takeError()));
  std::optional<rt::ProgramRun> reference;
  auto runReference = [&]() -> Status {
    auto referenceRun = rt::runCompiledProgram(
        *referenceSession, name, hostInputs, signature.resultTypes,
        rt::getReferenceOptions(programOptions));
    if (!referenceRun)
      return Status::failure(llvm::toString(referenceRun.takeError()));
    reference = std::move(*referenceRun);
    return Status::success();
  };
  // A trace matters most when a check fails: taken (with the reference's)
  // before the checks.
  if (options.trace) {
    if (referenceSession)
      if (Status status = runReference(); !status.ok)
        return status;
    rt::TraceJsonOptions traceOptions;
    traceOptions.function = name;
    traceOptions.maxElements = 0;
    traceOptions.reference = reference ? &reference->trace : nullptr;
    llvm::raw_string_ostream os(lastTrace);
    rt::writeTraceJson(os, run->trace, traceOptions);
  }
  if (!run->paddingViolations.empty()) {
    std::string message;
    for (const std::string &description : run->paddingViolations)
      message += (message.empty() ? "" : "\n") +
                 std::string("check_padding: padding bytes of a tiled "
                             "tensor are not zero after ") +
                 description;
    return Status::failure(message);
  }
  if (referenceSession) {
    if (!reference)
      if (Status status = runReference(); !status.ok)
        return status;
    if (std::optional<std::string> difference =
            rt::findFirstDifference(run->results, reference->results))
      return Status::failure(*difference);
  }
  for (const rt::HostArray &r : run->results) {
    Array array;
    array.dtype = *rt::getNpyDescr(r.elementType);
    array.shape.assign(r.shape.begin(), r.shape.end());
    array.isScalar = r.isScalar;
    array.bytes = r.bytes;
    results.push_back(std::move(array));
  }
  return Status::success();
}

Status runProgram(const std::string &program, const std::vector<Array> &inputs,
                  const RunOptions &options, std::vector<Array> &results) {
  std::unique_ptr<Program> compiled;
  if (Status status = Program::compile(program, options, compiled); !status.ok)
    return status;
  return compiled->run(inputs, results);
}

} // namespace layoutopt::api
