// Tests that layout-opt --help lists the generic MLIR passes the pipelines
// rely on, and that --show-dialects lists every registered dialect.

// RUN: layout-opt --help | FileCheck %s
// CHECK: OVERVIEW: layout-opt: stream-lite layout optimizer driver
// CHECK-DAG: {{^ +}}--canonicalize{{ +}}-
// CHECK-DAG: {{^ +}}--cse{{ +}}-
// CHECK-DAG: {{^ +}}--inline{{ +}}-
// CHECK-DAG: {{^ +}}--symbol-dce{{ +}}-

// The dialects are listed alphabetically, separated by commas; other dialects
// may appear in between.
// RUN: layout-opt --show-dialects | FileCheck %s --check-prefix=DIALECTS
// DIALECTS: Available Dialects: {{(.*,)?}}arith{{,|$}}
// DIALECTS-SAME: {{(.*,)?}}builtin{{,|$}}
// DIALECTS-SAME: {{(.*,)?}}cf{{,|$}}
// DIALECTS-SAME: {{(.*,)?}}complex{{,|$}}
// DIALECTS-SAME: {{(.*,)?}}func{{,|$}}
// DIALECTS-SAME: {{(.*,)?}}memref{{,|$}}
// DIALECTS-SAME: {{(.*,)?}}scf{{,|$}}
// DIALECTS-SAME: {{(.*,)?}}stream_lite{{,|$}}
// DIALECTS-SAME: {{(.*,)?}}tensor{{,|$}}
