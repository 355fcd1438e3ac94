//===- layout-lsp-server.cpp - LSP server for stream-lite files -----------===//
//
// Upstream's mlir-lsp-server (MlirLspServerMain) with two additions it has
// no hook for: hover shows the layouts of stream_lite encodings
// (describeOpLayouts, StreamLite/Analysis/LayoutDraw.h), and `initialize`
// names this server and the project's version in `serverInfo`.
//
// MlirLspServerMain reads stdin and writes stdout itself, so it runs on a
// thread whose stdin and stdout are pipes to a relay: the relay passes
// every client message through (keeping the documents' text, and the ids
// of `initialize` and hover requests), and rewrites those two replies on
// their way back. Everything else is upstream's.
//
// The relay also screens every document as the other tools screen their
// input (checkToolInput: nesting depth, dense arrays of index, on which
// MLIR's parser crashes). The server never sees a document that fails: it
// gets an empty one instead, and its diagnostics for that document are
// replaced by the screen's error, at the line it names. Once the document
// passes again, the server gets its whole text back.
//
// Runs on the tools' large stack (ToolSupport.h): documents are parsed by
// MLIR's recursive parser, and a deeply nested one must not crash the
// server.
//
//===----------------------------------------------------------------------===//

#include "StreamLite/Analysis/LayoutDraw.h"
#include "StreamLite/InitAll.h"
#include "StreamLite/Registration/ToolSupport.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/LSP/Protocol.h"
#include "llvm/Support/LSP/Transport.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdio>
#include <fcntl.h>
#include <future>
#include <map>
#include <set>
#include <mutex>
#include <thread>
#include <unistd.h>

#ifndef LAYOUT_OPT_VERSION
#define LAYOUT_OPT_VERSION "unknown"
#endif

using namespace mlir;
namespace json = llvm::json;
namespace llsp = llvm::lsp;

namespace {

/// What the relay remembers of the client's messages.
struct RelayState {
  std::mutex mutex;
  llvm::StringMap<std::string> documents;
  /// Hover request id (printed) -> (uri, position).
  std::map<std::string, std::pair<std::string, llsp::Position>> hovers;
  std::set<std::string> initializeIds;
  /// Documents the screen refuses now (uri -> its message), which the
  /// server holds as empty text.
  llvm::StringMap<std::string> refused;
  /// The same for every refused version: the server's diagnostics for a
  /// version may arrive after the client has sent the next one.
  std::map<std::pair<std::string, int64_t>, std::string> refusedVersions;
  /// The nesting the server's thread holds (it parses the documents):
  /// kMaxNestingDepth unless the system granted it a small stack.
  unsigned serverNestingLimit = layoutopt::kMaxNestingDepth;
};

/// The diagnostic that stands for a refused document's own: the screen's
/// message (which starts with "line N: ") on line N.
json::Value refusedDiagnostic(const std::string &message) {
  unsigned line = 1;
  llvm::StringRef rest = message;
  if (rest.consume_front("line ")) {
    rest.consumeInteger(10, line);
    line = std::max(line, 1u);
  }
  json::Object start{{"line", int(line) - 1}, {"character", 0}};
  json::Object end{{"line", int(line)}, {"character", 0}};
  return json::Object{
      {"range", json::Object{{"start", std::move(start)},
                             {"end", std::move(end)}}},
      {"severity", 1},
      {"source", "layout-lsp-server"},
      {"message", message}};
}

/// Upstream's server crashes placing a diagnostic that follows a carriage
/// return with no line feed after it (its line table and the lexer
/// disagree on such a line end), so the relay refuses those documents too.
LogicalResult checkLineEnds(llvm::StringRef text, std::string &message) {
  for (size_t at = text.find('\r'); at != llvm::StringRef::npos;
       at = text.find('\r', at + 1)) {
    if (at + 1 < text.size() && text[at + 1] == '\n')
      continue;
    message = ("line " + llvm::Twine(1 + text.take_front(at).count('\n')) +
               ": a carriage return without a line feed after it ends a "
               "line here; use \\n or \\r\\n line ends")
                  .str();
    return failure();
  }
  return success();
}

/// The message to send the server for a client message: the same one,
/// unless it opens or changes a document that the screen refuses (then the
/// document is sent as empty text) or that it refused before (then its
/// whole text is sent back). Empty when nothing is to be sent.
std::string screenClientMessage(json::Value &message, std::string text,
                                RelayState &state) {
  json::Object *object = message.getAsObject();
  std::optional<llvm::StringRef> method =
      object ? object->getString("method") : std::nullopt;
  json::Object *params = object ? object->getObject("params") : nullptr;
  if (!method || !params ||
      (*method != "textDocument/didOpen" && *method != "textDocument/didChange"))
    return text;
  json::Object *document = params->getObject("textDocument");
  const json::Value *uriValue = document ? document->get("uri") : nullptr;
  // Keyed as observeClientMessage keys documents (the parsed URI's form).
  llsp::URIForFile parsedUri;
  json::Path::Root root;
  if (!uriValue || !llsp::fromJSON(*uriValue, parsedUri, root))
    return text;
  std::string uri = parsedUri.uri().str();
  std::lock_guard<std::mutex> lock(state.mutex);
  auto current = state.documents.find(uri);
  // A change of a document the client never opened is a protocol error,
  // and upstream's server can crash on one: it is not passed on.
  if (current == state.documents.end())
    return *method == "textDocument/didChange" ? std::string() : text;
  std::string error;
  bool passes = succeeded(layoutopt::checkToolInput(
                    current->second, error, state.serverNestingLimit)) &&
                succeeded(checkLineEnds(current->second, error));
  bool wasRefused = state.refused.count(uri);
  if (passes && !wasRefused)
    return text;
  llvm::StringRef sent = passes ? llvm::StringRef(current->second) : "";
  if (passes) {
    state.refused.erase(uri);
  } else {
    state.refused[uri] = error;
    if (std::optional<int64_t> version = document->getInteger("version"))
      state.refusedVersions[{uri, *version}] = error;
  }
  if (*method == "textDocument/didOpen")
    (*document)["text"] = sent;
  else
    (*params)["contentChanges"] = json::Array{json::Object{{"text", sent}}};
  return llvm::formatv("{0}", message).str();
}

std::string printId(const json::Value &id) {
  std::string text;
  llvm::raw_string_ostream(text) << id;
  return text;
}

/// Remembers what the relay needs from a client message.
void observeClientMessage(const json::Value &message, RelayState &state) {
  const json::Object *object = message.getAsObject();
  if (!object)
    return;
  std::optional<llvm::StringRef> method = object->getString("method");
  const json::Value *params = object->get("params");
  if (!method || !params)
    return;
  std::lock_guard<std::mutex> lock(state.mutex);
  if (*method == "initialize") {
    if (const json::Value *id = object->get("id"))
      state.initializeIds.insert(printId(*id));
    return;
  }
  if (*method == "textDocument/didOpen") {
    llsp::DidOpenTextDocumentParams open;
    json::Path::Root root;
    if (llsp::fromJSON(*params, open, root))
      state.documents[open.textDocument.uri.uri()] = open.textDocument.text;
    return;
  }
  if (*method == "textDocument/didChange") {
    llsp::DidChangeTextDocumentParams change;
    json::Path::Root root;
    if (!llsp::fromJSON(*params, change, root))
      return;
    // As upstream's server takes a change: it announces full-document sync
    // and reads the one change's text as the whole document (a range is
    // ignored, as are messages with several changes). The relay keeps what
    // the server will parse, which is what it must screen.
    auto it = state.documents.find(change.textDocument.uri.uri());
    if (it != state.documents.end() && change.contentChanges.size() == 1)
      it->second = change.contentChanges.front().text;
    return;
  }
  if (*method == "textDocument/didClose") {
    llsp::DidCloseTextDocumentParams close;
    json::Path::Root root;
    if (llsp::fromJSON(*params, close, root)) {
      std::string uri = close.textDocument.uri.uri().str();
      state.documents.erase(uri);
      state.refused.erase(uri);
      for (auto it = state.refusedVersions.begin();
           it != state.refusedVersions.end();)
        it = it->first.first == uri ? state.refusedVersions.erase(it)
                                    : std::next(it);
    }
    return;
  }
  if (*method == "textDocument/hover") {
    llsp::TextDocumentPositionParams hover;
    json::Path::Root root;
    const json::Value *id = object->get("id");
    if (id && llsp::fromJSON(*params, hover, root))
      state.hovers[printId(*id)] = {hover.textDocument.uri.uri().str(),
                                    hover.position};
  }
}

/// The layouts of the ops that start on the hovered line, as Markdown
/// (empty when there are none, or the document does not parse).
std::string describeLayoutsAt(const DialectRegistry &registry,
                              const std::string &text, int line) {
  std::string refusal;
  if (failed(layoutopt::checkToolInput(text, refusal)))
    return {};
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  // The editor shows the document's own diagnostics (upstream's); these
  // would repeat them.
  ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "document"), llvm::SMLoc());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &ctx);
  if (!module)
    return {};
  std::string markdown;
  llvm::raw_string_ostream os(markdown);
  module->walk([&](Operation *op) {
    auto loc = dyn_cast<FileLineColLoc>(op->getLoc());
    if (loc && int(loc.getLine()) == line + 1)
      layoutopt::stream_lite::describeOpLayouts(op, *module, os);
  });
  return markdown;
}

/// Rewrites a server reply the relay takes part in.
void rewriteServerMessage(json::Value &message, RelayState &state,
                          const DialectRegistry &registry) {
  json::Object *object = message.getAsObject();
  if (!object)
    return;
  if (std::optional<llvm::StringRef> method = object->getString("method")) {
    json::Object *params = object->getObject("params");
    std::optional<llvm::StringRef> uri =
        params ? params->getString("uri") : std::nullopt;
    if (*method != "textDocument/publishDiagnostics" || !uri)
      return;
    std::lock_guard<std::mutex> lock(state.mutex);
    std::optional<int64_t> version = params->getInteger("version");
    if (!version) {
      auto refused = state.refused.find(*uri);
      if (refused != state.refused.end())
        (*params)["diagnostics"] =
            json::Array{refusedDiagnostic(refused->second)};
      return;
    }
    auto refused = state.refusedVersions.find({uri->str(), *version});
    if (refused == state.refusedVersions.end())
      return;
    (*params)["diagnostics"] = json::Array{refusedDiagnostic(refused->second)};
    state.refusedVersions.erase(refused);
    return;
  }
  const json::Value *idValue = object->get("id");
  if (!idValue)
    return;
  std::string id = printId(*idValue);
  std::unique_lock<std::mutex> lock(state.mutex);
  if (state.initializeIds.erase(id)) {
    if (json::Object *result = object->getObject("result"))
      (*result)["serverInfo"] = json::Object{
          {"name", "layout-lsp-server"}, {"version", LAYOUT_OPT_VERSION}};
    return;
  }
  auto hover = state.hovers.find(id);
  if (hover == state.hovers.end())
    return;
  auto [uri, position] = hover->second;
  state.hovers.erase(hover);
  auto document = state.documents.find(uri);
  if (document == state.documents.end())
    return;
  std::string text = document->second;
  lock.unlock();
  // Parsed on the tools' large stack, as the server parses it.
  std::string layouts;
  int line = position.line;
  layoutopt::runWithToolStack([&] {
    layouts = describeLayoutsAt(registry, text, line);
    return 0;
  });
  if (layouts.empty())
    return;
  layouts = "**Layouts**\n\n" + layouts;
  json::Value *result = object->get("result");
  if (!result)
    return;
  json::Object *existing = result->getAsObject();
  json::Object *contents = existing ? existing->getObject("contents") : nullptr;
  std::optional<llvm::StringRef> value =
      contents ? contents->getString("value") : std::nullopt;
  if (value) {
    (*contents)["value"] = value->str() + "\n\n---\n\n" + layouts;
    return;
  }
  // Upstream has nothing to say here (`null`): the layouts are the hover.
  *result = json::Object{
      {"contents", json::Object{{"kind", "markdown"}, {"value", layouts}}}};
}

void writeMessage(std::FILE *out, const json::Value &message, bool pretty) {
  // As upstream's JSONTransport frames and prints its messages.
  std::string text = pretty ? llvm::formatv("{0:2}\n", message).str()
                            : llvm::formatv("{0}", message).str();
  std::fprintf(out, "Content-Length: %zu\r\n\r\n%s", text.size(),
               text.c_str());
  std::fflush(out);
}

/// Reads messages from `in` (in `style`) until the end, calling `each`.
void readMessages(std::FILE *in, llsp::JSONStreamStyle style,
                  llvm::function_ref<void(std::string &)> each) {
  llsp::JSONTransportInputOverFile input(in, style);
  while (!input.isEndOfInput() && !input.hasError()) {
    std::string text;
    if (failed(input.readMessage(text)))
      continue;
    each(text);
  }
}

/// Runs upstream's server on the tools' stack, after `onStack` there.
int runUpstream(int argc, char **argv, DialectRegistry &registry,
                llvm::function_ref<void()> onStack = {}) {
  return layoutopt::runWithToolStack([&] {
    if (onStack)
      onStack();
    return failed(MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
  });
}

int runServer(int argc, char **argv) {
  DialectRegistry registry;
  layoutopt::registerAllDialects(registry);
  // --help and --version print text and exit, no JSON-RPC: no relay.
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = llvm::StringRef(argv[i]).ltrim('-');
    if (arg.starts_with("help") || arg == "version")
      return runUpstream(argc, argv, registry);
  }

  // The relay reads the client's framing; upstream always gets standard
  // framing and keeps its other options (pretty output included).
  llsp::JSONStreamStyle clientStyle = llsp::JSONStreamStyle::Standard;
  bool pretty = false;
  std::vector<char *> serverArgs;
  static char prettyFlag[] = "--pretty";
  for (int i = 0; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (arg == "-lit-test" || arg == "--lit-test") {
      clientStyle = llsp::JSONStreamStyle::Delimited;
      pretty = true;
      serverArgs.push_back(prettyFlag);
      continue;
    }
    if (arg == "--input-style=delimited" || arg == "-input-style=delimited") {
      clientStyle = llsp::JSONStreamStyle::Delimited;
      continue;
    }
    pretty |= arg == "--pretty" || arg == "-pretty";
    serverArgs.push_back(argv[i]);
  }
  serverArgs.push_back(nullptr);

  int toServer[2], fromServer[2];
  if (pipe(toServer) || pipe(fromServer)) {
    std::perror("layout-lsp-server: pipe");
    return 1;
  }
  int clientIn = dup(STDIN_FILENO), clientOut = dup(STDOUT_FILENO);
  dup2(toServer[0], STDIN_FILENO);
  dup2(fromServer[1], STDOUT_FILENO);
  close(toServer[0]);
  close(fromServer[1]);
  std::FILE *clientInFile = fdopen(clientIn, "r");
  std::FILE *clientOutFile = fdopen(clientOut, "w");
  std::FILE *serverInFile = fdopen(toServer[1], "w");
  std::FILE *serverOutFile = fdopen(fromServer[0], "r");

  // The relay to the server is detached at the end (the client may keep
  // its end open): it owns what it uses, and the state it shares with the
  // other relay outlives this function.
  auto state = std::make_shared<RelayState>();
  // It screens documents for the server's thread, whose stack is known
  // once that runs.
  std::promise<unsigned> serverLimit;
  std::thread toServerRelay([state, clientInFile, serverInFile, clientStyle,
                             serverLimitKnown =
                                 serverLimit.get_future()]() mutable {
    state->serverNestingLimit = serverLimitKnown.get();
    readMessages(clientInFile, clientStyle, [&](std::string &text) {
      llvm::Expected<json::Value> message = json::parse(text);
      if (message) {
        observeClientMessage(*message, *state);
        text = screenClientMessage(*message, std::move(text), *state);
        if (text.empty())
          return;
      } else {
        llvm::consumeError(message.takeError());
      }
      std::fprintf(serverInFile, "Content-Length: %zu\r\n\r\n%s",
                   text.size(), text.c_str());
      std::fflush(serverInFile);
    });
    std::fclose(serverInFile);
  });
  std::thread fromServerRelay([&] {
    readMessages(serverOutFile, llsp::JSONStreamStyle::Standard,
                 [&](std::string &text) {
                   llvm::Expected<json::Value> message = json::parse(text);
                   if (!message) {
                     llvm::consumeError(message.takeError());
                     return;
                   }
                   rewriteServerMessage(*message, *state, registry);
                   writeMessage(clientOutFile, *message, pretty);
                 });
  });

  int status = runUpstream(
      int(serverArgs.size()) - 1, serverArgs.data(), registry,
      [&] { serverLimit.set_value(layoutopt::currentThreadNestingLimit()); });
  // The server is done: end its output so the relay drains and stops.
  std::fflush(stdout);
  llvm::outs().flush();
  int devNull = open("/dev/null", O_WRONLY);
  dup2(devNull, STDOUT_FILENO);
  close(devNull);
  fromServerRelay.join();
  std::fflush(clientOutFile);
  // The client may keep its end open; the server no longer reads it.
  toServerRelay.detach();
  return status;
}

} // namespace

int main(int argc, char **argv) {
  layoutopt::setToolVersionPrinter();
  return runServer(argc, argv);
}
