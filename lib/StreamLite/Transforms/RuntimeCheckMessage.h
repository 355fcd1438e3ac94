//===- RuntimeCheckMessage.h - messages of runtime checks -------*- C++ -*-===//
//
// Private to the passes that insert cf.assert checks
// (insert-runtime-checks, check-resource-sizes): one message format,
// `FILE:LINE:COL: 'OP' op WHAT`, which layout-run reports as is.
//
//===----------------------------------------------------------------------===//

#ifndef STREAMLITE_TRANSFORMS_RUNTIMECHECKMESSAGE_H
#define STREAMLITE_TRANSFORMS_RUNTIMECHECKMESSAGE_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace layoutopt::stream_lite::detail {

/// `FILE:LINE:COL: 'OP' op WHAT`: a failed check points at the op.
inline std::string formatCheckMessage(mlir::Operation *op,
                                      llvm::StringRef what) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (auto fileLoc = op->getLoc()->findInstanceOf<mlir::FileLineColLoc>())
    os << fileLoc.getFilename().getValue() << ":" << fileLoc.getLine() << ":"
       << fileLoc.getColumn() << ": ";
  os << "'" << op->getName() << "' op " << what;
  return text;
}

} // namespace layoutopt::stream_lite::detail

#endif // STREAMLITE_TRANSFORMS_RUNTIMECHECKMESSAGE_H
