// RUN: layout-opt --split-input-file '--stream-lite-layout-report=json=-' %s -o /dev/null | FileCheck %s
// RUN: layout-opt --split-input-file '--stream-lite-layout-report=json=- assume-dynamic-dim=6' %s -o /dev/null | FileCheck %s --check-prefix=ASSUME
// RUN: layout-opt --split-input-file --stream-lite-materialize-builtins '--stream-lite-layout-report=json=-' %s -o /dev/null | FileCheck %s --check-prefix=BUILTIN
// RUN: layout-opt --split-input-file '--stream-lite-layout-report=table=true' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TABLE
// RUN: layout-opt --split-input-file '--stream-lite-layout-report=json=%t.json' %s | FileCheck %s --check-prefix=IR
// RUN: FileCheck %s --check-prefix=FILE < %t.json
// The report on serialized layouts: bytes per resource, peak per device,
// bytes per transfer. The IR is unchanged.

stream_lite.device @gpu targets([#stream_lite.target<"rocm">])
#pad = #stream_lite.padding<[0, 28]>

// IR-LABEL: func.func @padding_waste
// IR: stream_lite.tensor.empty
// CHECK-LABEL: "function": "padding_waste"
// 8x100xf16 is 1600 bytes; rows padded to 128 elements, 2048.
// CHECK-NEXT: "op": "stream_lite.tensor.empty",
// CHECK-NEXT: "loc": "{{.*}}stream-lite-layout-report.mlir:[[@LINE+12]]:{{[0-9]+}}",
// CHECK-NEXT: "result": 0,
// CHECK-NEXT: "device": "gpu",
// CHECK-NEXT: "type": "tensor<8x100xf16, #stream_lite.padding<[0, 28]>>",
// CHECK-NEXT: "layout": "#stream_lite.padding<[0, 28]>",
// CHECK-NEXT: "logical_bytes": 1600,
// CHECK-NEXT: "physical_bytes": 2048,
// CHECK-NEXT: "waste_bytes": 448,
// CHECK-NEXT: "growth": 1.280
// TABLE-LABEL: resources:
// TABLE: padding_waste  stream_lite.tensor.empty  {{.*}}  gpu  1600  2048  1.28x  #stream_lite.padding<[0, 28]>
func.func @padding_waste(%sz: index) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@gpu>} {
  %e = stream_lite.tensor.empty : tensor<8x100xf16, #pad> in !stream_lite.resource<*>{%sz}
  return %e : !stream_lite.resource<*>
}
// CHECK: "devices": [
// CHECK: "device": "gpu",
// CHECK-NEXT: "peak_live_bytes": 2048,

// -----

// Liveness: %a (256 bytes) is last used by the clone, so %a and %b are live
// together there (512); then %b, %c and, at its creator only (it is never
// used), %d: 256 + 128 + 48 = 432. The peak is 512. The tiled %c takes 4x8
// elements (128 bytes) for 3x5 (60). Transfers: the clone is one DMA of
// the whole 256 bytes; the fill of 2x2 cuts tiles (a dispatch writing 16
// bytes), and so does the update (60 bytes).

#t44 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

// CHECK-LABEL: "function": "liveness"
// CHECK: "logical_bytes": 256,
// CHECK: "logical_bytes": 256,
// CHECK: "logical_bytes": 60,
// CHECK-NEXT: "physical_bytes": 128,
// CHECK-NEXT: "waste_bytes": 68,
// CHECK-NEXT: "growth": 2.133
// CHECK: "logical_bytes": 48,
// CHECK: "device": "cpu",
// CHECK-NEXT: "peak_live_bytes": 512,
// CHECK-NEXT: "resources": 4,
// CHECK-NEXT: "unknown_size_resources": 0
// CHECK: "kind": "clone",
// CHECK-NEXT: "device": "cpu",
// CHECK-NEXT: "path": "dma",
// CHECK-NEXT: "bytes": 256
// CHECK: "kind": "fill",
// CHECK-NEXT: "device": "cpu",
// CHECK-NEXT: "path": "dispatch",
// CHECK-NEXT: "bytes": 16
// CHECK: "kind": "update",
// CHECK-NEXT: "device": "cpu",
// CHECK-NEXT: "path": "dispatch",
// CHECK-NEXT: "bytes": 60
// CHECK: "totals": {
// CHECK-NEXT: "logical_bytes": 620,
// CHECK-NEXT: "physical_bytes": 688,
// CHECK-NEXT: "dma_bytes": 256,
// CHECK-NEXT: "dispatch_bytes": 76
// BUILTIN-LABEL: "function": "liveness"
// BUILTIN: "kind": "clone",
// BUILTIN: "kind": "fill",
// BUILTIN-NEXT: "device": "cpu",
// BUILTIN-NEXT: "path": "dispatch",
// BUILTIN-NEXT: "bytes": 16
// BUILTIN: "kind": "update",
// BUILTIN-NEXT: "device": "cpu",
// BUILTIN-NEXT: "path": "dispatch",
// BUILTIN-NEXT: "bytes": 60
func.func @liveness(%sz: index, %v: f32) -> !stream_lite.resource<*> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %a = stream_lite.tensor.empty : tensor<8x8xf32, #t44> in !stream_lite.resource<*>{%sz}
  %b = stream_lite.tensor.clone %a : tensor<8x8xf32, #t44> in !stream_lite.resource<*>{%sz} -> tensor<8x8xf32, #t44> in !stream_lite.resource<*>{%sz}
  %c = stream_lite.tensor.empty : tensor<3x5xf32, #t44> in !stream_lite.resource<*>{%sz}
  %f = stream_lite.tensor.fill %v, %c[%c0, %c0 for %c2, %c2] : f32 -> tensor<3x5xf32, #t44> in %c as !stream_lite.resource<*>{%sz}
  %d = stream_lite.tensor.empty : tensor<12xf32> in !stream_lite.resource<*>{%sz}
  %g = stream_lite.tensor.update %f, %b[%c0, %c0] : tensor<3x5xf32, #t44> in !stream_lite.resource<*>{%sz} -> tensor<8x8xf32, #t44> in %b as !stream_lite.resource<*>{%sz}
  return %g : !stream_lite.resource<*>
}

// -----

// A builtin dispatch is known by its executable's stream_lite.builtin_kind
// (materialize-builtins sets it), not by its name: @renamed is a splat
// kernel (4x4xf32, 64 bytes), while @__builtin_splat_4x4xf32, unmarked, is
// a user kernel and no transfer.
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
stream_lite.executable private @renamed attributes {stream_lite.builtin_kind = "splat"} {
  stream_lite.executable.export public @renamed
  builtin.module {
    func.func @renamed(%o: !stream_lite.binding) {
      return
    }
  }
}
stream_lite.executable private @__builtin_splat_4x4xf32 {
  stream_lite.executable.export public @__builtin_splat_4x4xf32
  builtin.module {
    func.func @__builtin_splat_4x4xf32(%o: !stream_lite.binding) {
      return
    }
  }
}
// CHECK-LABEL: "function": "marked_kernels"
// CHECK: "transfers": [
// CHECK-NEXT: {
// CHECK-NEXT: "function": "marked_kernels",
// CHECK-NEXT: "op": "stream_lite.tensor.dispatch",
// CHECK-NEXT: "loc": "{{.*}}stream-lite-layout-report.mlir:[[@LINE+9]]:{{[0-9]+}}",
// CHECK-NEXT: "kind": "splat",
// CHECK-NEXT: "device": "cpu",
// CHECK-NEXT: "path": "dispatch",
// CHECK-NEXT: "bytes": 64
// CHECK-NEXT: }
// CHECK-NEXT: ],
// CHECK: "dispatch_bytes": 64,
func.func @marked_kernels(%sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %a = stream_lite.tensor.dispatch @renamed::@renamed() : () -> tensor<4x4xf32> in !stream_lite.resource<*>{%sz}
  %b = stream_lite.tensor.dispatch @__builtin_splat_4x4xf32::@__builtin_splat_4x4xf32() : () -> tensor<4x4xf32> in !stream_lite.resource<*>{%sz}
  return %a, %b : !stream_lite.resource<*>, !stream_lite.resource<*>
}

// -----

// Dynamic dims: unknown (null) unless assumed; a constant dim is known
// (3x3xf32: 36 bytes, in 4x4 tiles 64).
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])
#t44 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>

// CHECK-LABEL: "function": "dynamic"
// CHECK: "logical_bytes": null,
// CHECK-NEXT: "physical_bytes": null,
// CHECK-NEXT: "waste_bytes": null,
// CHECK-NEXT: "growth": null
// CHECK: "logical_bytes": 36,
// CHECK-NEXT: "physical_bytes": 64,
// CHECK: "peak_live_bytes": 64,
// CHECK-NEXT: "resources": 2,
// CHECK-NEXT: "unknown_size_resources": 1
// 6x3xf32 is 72 bytes, in 4x4 tiles 8x4 (128).
// The JSON file holds the report of the last split (each split writes it).
// FILE: "function": "dynamic"
// FILE: "unknown_size_resources": 1
// ASSUME-LABEL: "function": "dynamic"
// ASSUME: "logical_bytes": 72,
// ASSUME-NEXT: "physical_bytes": 128,
// ASSUME: "peak_live_bytes": 192,
// ASSUME-NEXT: "resources": 2,
// ASSUME-NEXT: "unknown_size_resources": 0
func.func @dynamic(%n: index, %sz: index) -> (!stream_lite.resource<*>, !stream_lite.resource<*>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c3 = arith.constant 3 : index
  %a = stream_lite.tensor.empty : tensor<?x3xf32, #t44>{%n} in !stream_lite.resource<*>{%sz}
  %b = stream_lite.tensor.empty : tensor<?x3xf32, #t44>{%c3} in !stream_lite.resource<*>{%sz}
  return %a, %b : !stream_lite.resource<*>, !stream_lite.resource<*>
}
