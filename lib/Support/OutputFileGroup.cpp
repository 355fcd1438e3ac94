//===- OutputFileGroup.cpp - files written together or not at all --------===//

#include "StreamLite/Support/OutputFileGroup.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

#include <system_error>

namespace layoutopt {

namespace {
std::string cannotWrite(const std::string &path, const llvm::Twine &reason) {
  return ("cannot write '" + path + "': " + reason).str();
}

/// The reason of a stream's error, cleared: a stream destroyed with an
/// unreported error aborts.
std::optional<std::string> takeStreamError(llvm::raw_fd_ostream &os) {
  if (!os.has_error())
    return std::nullopt;
  std::string reason = os.error().message();
  os.clear_error();
  return reason;
}
} // namespace

bool OutputFileGroup::isWrittenInPlace(const std::string &path) {
  llvm::sys::fs::file_status status;
  return path == "-" || (!llvm::sys::fs::status(path, status) &&
                         !llvm::sys::fs::is_regular_file(status) &&
                         !llvm::sys::fs::is_directory(status));
}

std::optional<std::string>
OutputFileGroup::add(const std::string &path,
                     llvm::function_ref<void(llvm::raw_ostream &)> write) {
  if (path == "-") {
    write(llvm::outs());
    llvm::outs().flush();
    return std::nullopt;
  }
  if (llvm::sys::fs::is_directory(path))
    return cannotWrite(
        path, std::make_error_code(std::errc::is_a_directory).message());
  if (isWrittenInPlace(path)) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
    if (ec)
      return cannotWrite(path, ec.message());
    write(os);
    os.close();
    if (std::optional<std::string> reason = takeStreamError(os))
      return cannotWrite(path, *reason);
    return std::nullopt;
  }
  llvm::Expected<llvm::sys::fs::TempFile> temp =
      llvm::sys::fs::TempFile::create(path + ".tmp-%%%%%%");
  if (!temp)
    return cannotWrite(path, llvm::toString(temp.takeError()));
  pending.push_back({path, std::move(*temp)});
  llvm::raw_fd_ostream os(pending.back().temp.FD, /*shouldClose=*/false);
  write(os);
  os.flush();
  if (std::optional<std::string> reason = takeStreamError(os))
    return cannotWrite(path, *reason);
  return std::nullopt;
}

std::optional<std::string> OutputFileGroup::commit() {
  std::optional<std::string> message;
  for (Pending &file : pending)
    if (llvm::Error error = file.temp.keep(file.path)) {
      if (!message)
        message = cannotWrite(file.path, llvm::toString(std::move(error)));
      else
        llvm::consumeError(std::move(error));
    }
  // keep() discarded those whose rename failed; the rest are in place.
  pending.clear();
  return message;
}

void OutputFileGroup::discard() {
  for (Pending &file : pending)
    llvm::consumeError(file.temp.discard());
  pending.clear();
}

} // namespace layoutopt
