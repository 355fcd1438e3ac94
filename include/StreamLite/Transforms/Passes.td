//===- Passes.td - stream_lite passes ----------------------*- tablegen -*-===//

#ifndef STREAMLITE_TRANSFORMS_PASSES_TD
#define STREAMLITE_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def SpecializeEncodingsPass
    : Pass<"stream-lite-specialize-encodings", "::mlir::ModuleOp"> {
  let summary = "Resolves every encoding on tensor-phase ops for the devices that hold the data";
  let description = [{
    Resolves the encoding of every tensor type on every tensor-phase op (spec
    section 3.3), including clone, slice, update, encode, constant, load and
    store: an unserialized encoding (`encoding<...>`, `padding<[..?..]>`)
    becomes `#stream_lite.layout<[...]>` and `testing<>` becomes
    `testing<layouts = [...]>`, with one entry per target of every device in
    the affinity (equal entries are deduplicated). No encoding, unrecognized
    encodings and serialized encodings are left alone.

    Layouts follow the data. A resource's layout is fixed by the op that
    creates it (empty, constant, splat, import, encode, slice, untied dispatch
    results), resolved for that op's affinity (inherited from the nearest
    `stream_lite.affinity` when there is no `on()`). Every other mention
    (operands, fill/update/store targets and their tied results, dispatch
    operands, load/store and export sources, clone sources and results)
    resolves with its creators' affinities, found by a dataflow analysis
    through `async.transfer`, tied results, `scf`/`cf` block arguments and
    region results, and calls. A resource with no visible creator resolves
    with the affinity of the op that mentions it. `sizeof` resolves with its
    own affinity.

    Executables reached by dispatches with different binding-layout lists
    (operand types, then untied result types) are duplicated as `@ex_dup0`,
    `@ex_dup1`, ... (the first list keeps `@ex`), the `binding.subspan` types
    in each copy are rewritten to the binding's layout, and the dispatches
    are repointed.

    Errors (each names the op; the pass fails and prints nothing else): an
    encoding a resolver cannot resolve, an affinity naming no device, an op
    with an encoding to resolve but no affinity, and a resource that may come
    from creators whose layouts differ.

    ```mlir
    // Before, on a device with a tiling_resolver<m = 8, n = 4, k = 1>:
    %e = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<16x4xf32, #stream_lite.encoding<operand_index = 0, op_type = matmul, element_types = [f32, f32, f32]>> in !stream_lite.resource<*>{%sz}
    // After:
    %e = stream_lite.tensor.empty on(#stream_lite.affinity<@cpu>) : tensor<16x4xf32, #stream_lite.layout<[#stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [8, 1]>]>> in !stream_lite.resource<*>{%sz}
    ```
  }];
}

#endif // STREAMLITE_TRANSFORMS_PASSES_TD
