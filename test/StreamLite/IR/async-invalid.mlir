// RUN: layout-opt --split-input-file --verify-diagnostics %s

// Every diagnostic of the async-phase op verifiers and parsers (docs/language.md,
// Verifier rules): one bad op per chunk, each with the exact message.

//===----------------------------------------------------------------------===//
// Parsers
//===----------------------------------------------------------------------===//

// Tests that the tied result of an async op names the op's target.
func.func @fill_tied_other_operand(%r: !stream_lite.resource<*>, %x: !stream_lite.resource<*>, %sz: index, %v: i32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{the tied result must name the target operand %r}}
  %0 = stream_lite.async.fill %v, %r[%c0 to %c0 for %c0] : i32 -> %x as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that the affinity prefix of an async.dispatch takes a #stream_lite.affinity.
func.func @dispatch_on_not_affinity() {
  // expected-error @+1 {{expected #stream_lite.affinity, got #stream_lite.identity}}
  stream_lite.async.dispatch on(#stream_lite.identity) @ex::@entry() : () -> ()
  return
}

// -----

// Tests that a resource operand of an async.dispatch needs a byte range.
func.func @dispatch_resource_without_range(%r: !stream_lite.resource<*>, %sz: index) {
  // expected-error @+1 {{operand %r is a resource and needs a byte range [offset to end for length]}}
  stream_lite.async.dispatch @ex::@entry(%r) : (!stream_lite.resource<*>{%sz}) -> ()
  return
}

// -----

// Tests that a scalar operand of an async.dispatch takes no byte range.
func.func @dispatch_scalar_with_range(%i: index) {
  // expected-error @+1 {{operand %i is not a resource and takes no byte range}}
  stream_lite.async.dispatch @ex::@entry(%i[%i to %i for %i]) : (index) -> ()
  return
}

// -----

// Tests that an async.dispatch has one type per operand.
func.func @dispatch_type_count(%i: index) {
  // expected-error @+1 {{has 2 operands but 1 operand types}}
  stream_lite.async.dispatch @ex::@entry(%i, %i) : (index) -> ()
  return
}

// -----

// Tests that a tied async.dispatch result names one of the operands.
func.func @dispatch_tied_not_operand(%r: !stream_lite.resource<*>, %x: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{tied result names %x, which is not an operand}}
  %0 = stream_lite.async.dispatch @ex::@entry(%r[%sz to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> %x as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

//===----------------------------------------------------------------------===//
// Lifetimes and pattern types (ODS constraints)
//===----------------------------------------------------------------------===//

// -----

// Tests that async.alloca rejects a staging result (only load and store take
// staging resources).
func.func @alloca_staging(%sz: index) -> !stream_lite.resource<staging> {
  // expected-error @+1 {{'stream_lite.async.alloca' op result #0 must be non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.async.alloca : !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

// -----

// Tests that async.slice rejects a staging source.
func.func @slice_staging(%st: !stream_lite.resource<staging>, %sz: index) -> !stream_lite.resource<staging> {
  // expected-error @+1 {{'stream_lite.async.slice' op operand #0 must be non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.async.slice %st[%sz to %sz] : !stream_lite.resource<staging>{%sz} -> !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

// -----

// Tests that async.update rejects a staging update.
func.func @update_staging(%r: !stream_lite.resource<*>, %st: !stream_lite.resource<staging>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.async.update' op operand #4 must be non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.async.update %st, %r[%sz to %sz] : !stream_lite.resource<staging>{%sz} -> %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that async.load takes a staging source.
func.func @load_not_staging(%r: !stream_lite.resource<*>, %sz: index) -> f32 {
  // expected-error @+1 {{'stream_lite.async.load' op operand #0 must be staging resource, but got '!stream_lite.resource<*>'}}
  %0 = stream_lite.async.load %r[%sz] : !stream_lite.resource<*>{%sz} -> f32
  return %0 : f32
}

// -----

// Tests that async.store takes a staging target.
func.func @store_not_staging(%r: !stream_lite.resource<transient>, %sz: index, %v: f32) -> !stream_lite.resource<transient> {
  // expected-error @+1 {{'stream_lite.async.store' op operand #0 must be staging resource, but got '!stream_lite.resource<transient>'}}
  %0 = stream_lite.async.store %v, %r[%sz] : f32 -> %r as !stream_lite.resource<transient>{%sz}
  return %0 : !stream_lite.resource<transient>
}

// -----

// Tests that a splat pattern is an integer (floats are bitcast first): the
// custom form does not parse.
func.func @splat_float(%v: f32, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{custom op 'stream_lite.async.splat' invalid kind of type specified: expected builtin.integer, but found 'f32'}}
  %0 = stream_lite.async.splat %v : f32 -> !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a splat pattern is an integer in the generic form too.
func.func @splat_float_generic(%v: f32, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.async.splat' op operand #0 must be fill pattern (signless integer), but got 'f32'}}
  %0 = "stream_lite.async.splat"(%v, %sz) : (f32, index) -> !stream_lite.resource<*>
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that async.dispatch rejects a staging resource operand.
func.func @dispatch_staging_operand(%st: !stream_lite.resource<staging>, %sz: index) {
  // expected-error @+1 {{'stream_lite.async.dispatch' op operand 0 is a staging resource; only load and store take staging resources}}
  stream_lite.async.dispatch @ex::@entry(%st[%sz to %sz for %sz]) : (!stream_lite.resource<staging>{%sz}) -> ()
  return
}

// -----

// Tests that async.dispatch rejects a staging result.
func.func @dispatch_staging_result(%sz: index) -> !stream_lite.resource<staging> {
  // expected-error @+1 {{'stream_lite.async.dispatch' op result #0 must be variadic of non-staging resource, but got '!stream_lite.resource<staging>'}}
  %0 = stream_lite.async.dispatch @ex::@entry() : () -> !stream_lite.resource<staging>{%sz}
  return %0 : !stream_lite.resource<staging>
}

//===----------------------------------------------------------------------===//
// Sizes and byte ranges
//===----------------------------------------------------------------------===//

// -----

// Tests that a constant size is not negative.
func.func @alloca_negative_size() -> !stream_lite.resource<*> {
  %c-1 = arith.constant -1 : index
  // expected-error @+1 {{'stream_lite.async.alloca' op result size -1 is negative}}
  %0 = stream_lite.async.alloca : !stream_lite.resource<*>{%c-1}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a constant range offset is not negative.
func.func @slice_negative_offset(%r: !stream_lite.resource<*>, %sz: index, %end: index) -> !stream_lite.resource<*> {
  %c-4 = arith.constant -4 : index
  // expected-error @+1 {{'stream_lite.async.slice' op source offset -4 is negative}}
  %0 = stream_lite.async.slice %r[%c-4 to %end] : !stream_lite.resource<*>{%sz} -> !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a constant range end is not negative.
func.func @slice_negative_end(%r: !stream_lite.resource<*>, %sz: index, %off: index) -> !stream_lite.resource<*> {
  %c-4 = arith.constant -4 : index
  // expected-error @+1 {{'stream_lite.async.slice' op source end -4 is negative}}
  %0 = stream_lite.async.slice %r[%off to %c-4] : !stream_lite.resource<*>{%sz} -> !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a constant range does not end before it starts.
func.func @slice_reversed(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'stream_lite.async.slice' op source range [8 to 4] ends before it starts}}
  %0 = stream_lite.async.slice %r[%c8 to %c4] : !stream_lite.resource<*>{%sz} -> !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a constant range ends inside a constant size.
func.func @slice_past_size(%r: !stream_lite.resource<*>, %off: index, %len: index) -> !stream_lite.resource<*> {
  %c16 = arith.constant 16 : index
  %c20 = arith.constant 20 : index
  // expected-error @+1 {{'stream_lite.async.slice' op source range end 20 is past the source size 16}}
  %0 = stream_lite.async.slice %r[%off to %c20] : !stream_lite.resource<*>{%c16} -> !stream_lite.resource<*>{%len}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a slice's constant range is as long as its constant result size.
func.func @slice_length_mismatch(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'stream_lite.async.slice' op source range [0 to 8] is 8 bytes but the result size is 4}}
  %0 = stream_lite.async.slice %r[%c0 to %c8] : !stream_lite.resource<*>{%sz} -> !stream_lite.resource<*>{%c4}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a constant length is not negative.
func.func @fill_negative_length(%r: !stream_lite.resource<*>, %sz: index, %off: index, %end: index, %v: i8) -> !stream_lite.resource<*> {
  %c-4 = arith.constant -4 : index
  // expected-error @+1 {{'stream_lite.async.fill' op length -4 is negative}}
  %0 = stream_lite.async.fill %v, %r[%off to %end for %c-4] : i8 -> %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a fill's constant range is as long as its constant length.
func.func @fill_length_mismatch(%r: !stream_lite.resource<*>, %sz: index, %v: i32) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'stream_lite.async.fill' op target range [0 to 8] is 8 bytes but the length is 4}}
  %0 = stream_lite.async.fill %v, %r[%c0 to %c8 for %c4] : i32 -> %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that an update's constant range is as long as its constant update size.
func.func @update_length_mismatch(%r: !stream_lite.resource<*>, %u: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'stream_lite.async.update' op target range [4 to 16] is 12 bytes but the update size is 8}}
  %0 = stream_lite.async.update %u, %r[%c4 to %c16] : !stream_lite.resource<*>{%c8} -> %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that both ranges of a copy are as long as its length (here the target's).
func.func @copy_target_length_mismatch(%s: !stream_lite.resource<*>, %t: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'stream_lite.async.copy' op target range [0 to 8] is 8 bytes but the length is 4}}
  %0 = stream_lite.async.copy %s[%c0 to %c4], %t[%c0 to %c8], %c4 : !stream_lite.resource<*>{%sz} -> %t as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a copy within one resource does not overlap (as memcpy).
func.func @copy_overlap(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  // expected-error @+1 {{'stream_lite.async.copy' op source range [0 to 8] and target range [4 to 12] overlap in the same resource}}
  %0 = stream_lite.async.copy %r[%c0 to %c8], %r[%c4 to %c12], %c8 : !stream_lite.resource<*>{%sz} -> %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a clone's constant sizes are equal.
func.func @clone_size_mismatch(%r: !stream_lite.resource<*>) -> !stream_lite.resource<*> {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'stream_lite.async.clone' op source size 16 and result size 32 differ (a clone copies the whole resource)}}
  %0 = stream_lite.async.clone %r : !stream_lite.resource<*>{%c16} -> !stream_lite.resource<*>{%c32}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a load stays inside its constant source size.
func.func @load_past_size(%st: !stream_lite.resource<staging>) -> f32 {
  %c14 = arith.constant 14 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'stream_lite.async.load' op reads 'f32' (4 bytes) at offset 14, past the source size 16}}
  %0 = stream_lite.async.load %st[%c14] : !stream_lite.resource<staging>{%c16} -> f32
  return %0 : f32
}

// -----

// Tests that a load's constant offset is not negative.
func.func @load_negative_offset(%st: !stream_lite.resource<staging>, %sz: index) -> f32 {
  %c-1 = arith.constant -1 : index
  // expected-error @+1 {{'stream_lite.async.load' op source offset -1 is negative}}
  %0 = stream_lite.async.load %st[%c-1] : !stream_lite.resource<staging>{%sz} -> f32
  return %0 : f32
}

// -----

// Tests that a store stays inside its constant target size.
func.func @store_past_size(%st: !stream_lite.resource<staging>, %v: i64) -> !stream_lite.resource<staging> {
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'stream_lite.async.store' op writes 'i64' (8 bytes) at offset 12, past the target size 16}}
  %0 = stream_lite.async.store %v, %st[%c12] : i64 -> %st as !stream_lite.resource<staging>{%c16}
  return %0 : !stream_lite.resource<staging>
}

//===----------------------------------------------------------------------===//
// Constants, patterns and tied results
//===----------------------------------------------------------------------===//

// -----

// Tests that an async.constant value has a static shaped type.
func.func @constant_scalar(%sz: index) -> !stream_lite.resource<constant> {
  // expected-error @+1 {{'stream_lite.async.constant' op value must have a static shaped type, got 'i32'}}
  %0 = stream_lite.async.constant : !stream_lite.resource<constant>{%sz} = 1 : i32
  return %0 : !stream_lite.resource<constant>
}

// -----

// Tests that a constant result size holds the whole value.
func.func @constant_too_small() -> !stream_lite.resource<constant> {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'stream_lite.async.constant' op result size 8 is smaller than the value 'tensor<4xf32>'}}
  %0 = stream_lite.async.constant : !stream_lite.resource<constant>{%c8} = dense<1.0> : tensor<4xf32>
  return %0 : !stream_lite.resource<constant>
}

// -----

// Tests that a splat pattern is 8, 16, 32 or 64 bits wide.
func.func @splat_pattern_width(%v: i24, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.async.splat' op pattern type 'i24' is not an 8, 16, 32 or 64-bit integer}}
  %0 = stream_lite.async.splat %v : i24 -> !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a constant splat size is a whole number of patterns.
func.func @splat_size_not_multiple(%v: i32) -> !stream_lite.resource<*> {
  %c6 = arith.constant 6 : index
  // expected-error @+1 {{'stream_lite.async.splat' op result size 6 is not a multiple of the 4-byte pattern 'i32'}}
  %0 = stream_lite.async.splat %v : i32 -> !stream_lite.resource<*>{%c6}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a constant fill length is a whole number of patterns.
func.func @fill_length_not_multiple(%r: !stream_lite.resource<*>, %sz: index, %off: index, %end: index, %v: i64) -> !stream_lite.resource<*> {
  %c12 = arith.constant 12 : index
  // expected-error @+1 {{'stream_lite.async.fill' op length 12 is not a multiple of the 8-byte pattern 'i64'}}
  %0 = stream_lite.async.fill %v, %r[%off to %end for %c12] : i64 -> %r as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a tied result has its target's type (only the generic form can
// spell another type).
func.func @fill_tied_type(%r: !stream_lite.resource<*>, %sz: index, %v: i32) -> !stream_lite.resource<transient> {
  // expected-error @+1 {{'stream_lite.async.fill' op result type '!stream_lite.resource<transient>' differs from its tied target type '!stream_lite.resource<*>'}}
  %0 = "stream_lite.async.fill"(%r, %sz, %sz, %sz, %sz, %v) : (!stream_lite.resource<*>, index, index, index, index, i32) -> !stream_lite.resource<transient>
  return %0 : !stream_lite.resource<transient>
}

//===----------------------------------------------------------------------===//
// async.dispatch
//===----------------------------------------------------------------------===//

// -----

// Tests that an async.dispatch names at least one entry point.
func.func @dispatch_no_entry_point() {
  // expected-error @+1 {{'stream_lite.async.dispatch' op must name at least one entry point}}
  "stream_lite.async.dispatch"() <{entry_points = [], operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0>}> : () -> ()
  return
}

// -----

// Tests that async.dispatch entry points are @executable::@export.
func.func @dispatch_flat_entry_point() {
  // expected-error @+1 {{'stream_lite.async.dispatch' op entry point @entry must be @executable::@export}}
  stream_lite.async.dispatch @entry() : () -> ()
  return
}

// -----

// Tests that an async.dispatch has one size per resource operand.
func.func @dispatch_size_count(%r: !stream_lite.resource<*>, %i: index) {
  // expected-error @+1 {{'stream_lite.async.dispatch' op has 1 resource operands but 0 operand sizes}}
  "stream_lite.async.dispatch"(%r, %i, %i, %i) <{entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 0, 1, 0, 1, 1, 1, 0>}> : (!stream_lite.resource<*>, index, index, index) -> ()
  return
}

// -----

// Tests that an async.dispatch has one byte range per resource operand.
func.func @dispatch_range_count(%r: !stream_lite.resource<*>, %i: index) {
  // expected-error @+1 {{'stream_lite.async.dispatch' op has 1 resource operands but 0 operand lengths}}
  "stream_lite.async.dispatch"(%r, %i, %i, %i) <{entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 0, 0>}> : (!stream_lite.resource<*>, index, index, index) -> ()
  return
}

// -----

// Tests that an async.dispatch operand range lies inside the operand.
func.func @dispatch_range_past_size(%r: !stream_lite.resource<*>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'stream_lite.async.dispatch' op operand 0 range end 32 is past the operand 0 size 16}}
  stream_lite.async.dispatch @ex::@entry(%r[%c0 to %c32 for %c32]) : (!stream_lite.resource<*>{%c16}) -> ()
  return
}

// -----

// Tests that an async.dispatch has one size per result.
func.func @dispatch_result_size_count() -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.async.dispatch' op has 1 results but 0 result sizes}}
  %0 = "stream_lite.async.dispatch"() <{entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0>}> : () -> !stream_lite.resource<*>
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a constant async.dispatch result size is not negative.
func.func @dispatch_negative_result_size() -> !stream_lite.resource<*> {
  %c-1 = arith.constant -1 : index
  // expected-error @+1 {{'stream_lite.async.dispatch' op result 0 size -1 is negative}}
  %0 = stream_lite.async.dispatch @ex::@entry() : () -> !stream_lite.resource<*>{%c-1}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that tied_operands has one entry per result.
func.func @dispatch_tied_count(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.async.dispatch' op tied_operands has 2 entries but the op has 1 results}}
  %0 = "stream_lite.async.dispatch"(%r, %sz, %sz, %sz, %sz, %sz) <{entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1>, tied_operands = [0, -1]}> : (!stream_lite.resource<*>, index, index, index, index, index) -> !stream_lite.resource<*>
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that an async.dispatch result is tied to a resource operand.
func.func @dispatch_tied_scalar(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<*> {
  // expected-error @+1 {{'stream_lite.async.dispatch' op result 0 is tied to operand 1, which is not a resource operand}}
  %0 = stream_lite.async.dispatch @ex::@entry(%r[%sz to %sz for %sz], %sz) : (!stream_lite.resource<*>{%sz}, index) -> %sz as !stream_lite.resource<*>{%sz}
  return %0 : !stream_lite.resource<*>
}

// -----

// Tests that a tied async.dispatch result has its operand's type.
func.func @dispatch_tied_type(%r: !stream_lite.resource<*>, %sz: index) -> !stream_lite.resource<transient> {
  // expected-error @+1 {{'stream_lite.async.dispatch' op result 0 type '!stream_lite.resource<transient>' differs from its tied operand type '!stream_lite.resource<*>'}}
  %0 = stream_lite.async.dispatch @ex::@entry(%r[%sz to %sz for %sz]) : (!stream_lite.resource<*>{%sz}) -> %r as !stream_lite.resource<transient>{%sz}
  return %0 : !stream_lite.resource<transient>
}

// -----

// Tests that a tied async.dispatch result has its operand's constant size.
func.func @dispatch_tied_size(%r: !stream_lite.resource<*>, %o: index, %e: index, %l: index) -> !stream_lite.resource<*> {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'stream_lite.async.dispatch' op result 0 size 32 differs from its tied operand size 16}}
  %0 = stream_lite.async.dispatch @ex::@entry(%r[%o to %e for %l]) : (!stream_lite.resource<*>{%c16}) -> %r as !stream_lite.resource<*>{%c32}
  return %0 : !stream_lite.resource<*>
}

// -----

func.func @import_encoded_host_tensor(%t: tensor<4xf32, #stream_lite.identity>, %sz: index) -> !stream_lite.resource<external> {
  // expected-error @+1 {{'stream_lite.async.import' op host tensor type 'tensor<4xf32, #stream_lite.identity>' must not carry an encoding (host data is dense row-major)}}
  %0 = stream_lite.async.import %t : tensor<4xf32, #stream_lite.identity> -> !stream_lite.resource<external>{%sz}
  return %0 : !stream_lite.resource<external>
}

// -----

func.func @import_too_small(%t: tensor<4xf32>) -> !stream_lite.resource<external> {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'stream_lite.async.import' op result size 8 is smaller than the host tensor 'tensor<4xf32>'}}
  %0 = stream_lite.async.import %t : tensor<4xf32> -> !stream_lite.resource<external>{%c8}
  return %0 : !stream_lite.resource<external>
}

// -----

func.func @export_too_small(%r: !stream_lite.resource<external>) -> tensor<2x4xf32> {
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'stream_lite.async.export' op source size 16 is smaller than the host tensor 'tensor<2x4xf32>'}}
  %0 = stream_lite.async.export %r : !stream_lite.resource<external>{%c16} -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @export_missing_dims(%r: !stream_lite.resource<external>, %sz: index) -> tensor<?x4xf32> {
  // expected-error @+1 {{'stream_lite.async.export' op host tensor 'tensor<?x4xf32>' has 1 dynamic dims but 0 result dims are given}}
  %0 = stream_lite.async.export %r : !stream_lite.resource<external>{%sz} -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

func.func @export_extra_dims(%r: !stream_lite.resource<external>, %d: index) -> tensor<2x4xf32> {
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'stream_lite.async.export' op host tensor 'tensor<2x4xf32>' has 0 dynamic dims but 1 result dims are given}}
  %0 = stream_lite.async.export %r : !stream_lite.resource<external>{%c32} -> tensor<2x4xf32>{%d}
  return %0 : tensor<2x4xf32>
}
