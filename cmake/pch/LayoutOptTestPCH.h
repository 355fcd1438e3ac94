// Precompiled header of the unit tests, their support library, the benchmark
// and the fuzz targets (LAYOUT_OPT_PRECOMPILED_HEADERS). These are plain
// add_executable/add_library targets, compiled with exceptions, so they
// cannot share the libraries' header (LayoutOptPCH.h, -fno-exceptions); this
// one is that header plus what the test drivers have in common.
#include "LayoutOptPCH.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
