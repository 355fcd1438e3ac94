//===- StreamLiteOps.cpp - stream_lite ops --------------------------------===//
//
// The generated op classes. What they call lives by concern: the custom
// directives in StreamLiteOpsSyntax.cpp, the verifiers in
// StreamLiteOpsVerifiers.cpp, the folds in StreamLiteOpsFolds.cpp, the
// dispatch and executable ops in StreamLiteDispatch.cpp.
//
//===----------------------------------------------------------------------===//

#include "StreamLiteOpsInternal.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace layoutopt::stream_lite;
using namespace layoutopt::stream_lite::ops_internal;

#include "StreamLite/IR/StreamLiteOpInterfaces.cpp.inc"

#define GET_OP_CLASSES
#include "StreamLite/IR/StreamLiteOps.cpp.inc"
