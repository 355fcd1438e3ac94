// RUN: layout-run %s --input=5x6x7xi2=1,1,0,0,-2,-2,-1,1,0,1,0,-1,-2,0,1,1,0,0,-1,1,0,0,-1,-1,1,-2,-1,1,-2,1,1,0,0,0,0,-2,-1,1,1,-2,-2,-1,-1,-1,-2,-1,1,1,-2,0,-2,-2,1,-1,-2,-2,1,1,0,0,0,-1,0,-1,-1,1,0,0,-1,-1,-1,0,0,-1,1,-1,-2,0,-2,-2,0,1,1,-1,0,-1,1,-1,0,-1,0,-1,-2,-1,-1,0,-2,1,1,1,-2,-1,0,0,1,-2,1,-2,0,-2,1,0,-1,1,0,-2,0,0,-1,0,1,-2,-1,-2,-2,0,1,-2,-1,-1,1,0,1,1,0,1,-1,1,-1,0,-1,-2,0,0,0,1,-2,1,-1,0,1,-1,0,1,0,-1,0,1,-1,1,-2,-2,-2,-2,-2,-2,-1,-1,0,0,-2,-2,0,1,1,-1,-1,0,-2,-2,1,0,-2,-1,0,1,-1,-2,1,1,-1,0,-2,0,0,0,-1,-2,-2,-2,1,-2,-2,-1,0,1,-1,1,1,1 --compare-to-reference --check-padding | FileCheck %s

// A random program (the differential fuzzer's, cut after the relayout it
// found): packed i2 data relayouted from 18x1x5 tiles into tiles of 1 on
// dim 0 (%e14), a tiled layout that is physically dense rows. One builtin
// serves it and the relayout into plain rows (%e11): the 210 elements end
// in the middle of the last byte, whose tail bits a tiled layout keeps
// zero, so the builtin zeroes them in every fresh packed result.
// CHECK: 5x6x7xi2=
// CHECK: 5x6x7xi2=
stream_lite.device @d0 targets([#stream_lite.target<"plain0">])
stream_lite.executable private @ex_view3 {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%b0: !stream_lite.binding, %bo: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %v0 = stream_lite.binding.subspan %b0[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [14], outer_dims_perm = [0, 2, 1]>>>
      %x0 = stream_lite.dispatch.tensor.load %v0, offsets = [0, 0, 0], sizes = [5, 6, 7], strides = [1, 1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [14], outer_dims_perm = [0, 2, 1]>>> -> tensor<5x6x7xi2>
      %e = tensor.empty() : tensor<5x6x7xi2>
      %s = linalg.add ins(%x0, %x0 : tensor<5x6x7xi2>, tensor<5x6x7xi2>) outs(%e : tensor<5x6x7xi2>) -> tensor<5x6x7xi2>
      %ov = stream_lite.binding.subspan %bo[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [14], outer_dims_perm = [0, 2, 1]>>>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0, 0], sizes = [5, 6, 7], strides = [1, 1, 1] : tensor<5x6x7xi2> -> !stream_lite.dispatch.tensor<writeonly:tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [14], outer_dims_perm = [0, 2, 1]>>>
      return
    }
  }
}
stream_lite.executable private @ex_view8 {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%b0: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %v0 = stream_lite.binding.subspan %b0[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readwrite:tensor<5x6x7xi2>>
      %x0 = stream_lite.dispatch.tensor.load %v0, offsets = [1, 0, 3], sizes = [4, 6, 4], strides = [1, 1, 1] : !stream_lite.dispatch.tensor<readwrite:tensor<5x6x7xi2>> -> tensor<4x6x4xi2>
      %e = tensor.empty() : tensor<4x6x4xi2>
      %s = linalg.add ins(%x0, %x0 : tensor<4x6x4xi2>, tensor<4x6x4xi2>) outs(%e : tensor<4x6x4xi2>) -> tensor<4x6x4xi2>
      stream_lite.dispatch.tensor.store %s, %v0, offsets = [1, 0, 3], sizes = [4, 6, 4], strides = [1, 1, 1] : tensor<4x6x4xi2> -> !stream_lite.dispatch.tensor<readwrite:tensor<5x6x7xi2>>
      return
    }
  }
}
stream_lite.executable private @ex_view15 {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%b0: !stream_lite.binding, %b1: !stream_lite.binding, %bo: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %v0 = stream_lite.binding.subspan %b0[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<5x6x7xi2>>
      %x0 = stream_lite.dispatch.tensor.load %v0, offsets = [0, 0, 0], sizes = [5, 6, 7], strides = [1, 1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<5x6x7xi2>> -> tensor<5x6x7xi2>
      %v1 = stream_lite.binding.subspan %b1[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [1], swizzle = #stream_lite.swizzle<expand_shape = [[1]], permutation = [0]>>>>
      %x1 = stream_lite.dispatch.tensor.load %v1, offsets = [0, 0, 0], sizes = [5, 6, 7], strides = [1, 1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [1], swizzle = #stream_lite.swizzle<expand_shape = [[1]], permutation = [0]>>>> -> tensor<5x6x7xi2>
      %e = tensor.empty() : tensor<5x6x7xi2>
      %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x0, %x1 : tensor<5x6x7xi2>, tensor<5x6x7xi2>) outs(%e : tensor<5x6x7xi2>) {
      ^bb0(%in0: i2, %in1: i2, %out: i2):
        %kc = arith.constant -1 : i2
        %m0 = arith.xori %in0, %in1 : i2
        %m1 = arith.addi %m0, %kc : i2
        linalg.yield %m1 : i2
      } -> tensor<5x6x7xi2>
      %ov = stream_lite.binding.subspan %bo[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [3]>>>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0, 0], sizes = [5, 6, 7], strides = [1, 1, 1] : tensor<5x6x7xi2> -> !stream_lite.dispatch.tensor<writeonly:tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [3]>>>
      return
    }
  }
}
stream_lite.executable private @ex_inplace22 {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%a: !stream_lite.binding) {
      return
    }
  }
}
stream_lite.executable private @ex_view23 {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%b0: !stream_lite.binding, %bo: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %v0 = stream_lite.binding.subspan %b0[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<1x1x1xi2, #stream_lite.padding<[0, 0, ?]>>>
      %x0 = stream_lite.dispatch.tensor.load %v0, offsets = [0, 0, 0], sizes = [1, 1, 1], strides = [1, 1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<1x1x1xi2, #stream_lite.padding<[0, 0, ?]>>> -> tensor<1x1x1xi2>
      %e = tensor.empty() : tensor<1x1x1xi2>
      %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x0 : tensor<1x1x1xi2>) outs(%e : tensor<1x1x1xi2>) {
      ^bb0(%in0: i2, %out: i2):
        %kc = arith.constant 0 : i2
        %m1 = arith.subi %kc, %in0 : i2
        linalg.yield %m1 : i2
      } -> tensor<1x1x1xi2>
      %ov = stream_lite.binding.subspan %bo[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<1x1x1xi2>>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0, 0], sizes = [1, 1, 1], strides = [1, 1, 1] : tensor<1x1x1xi2> -> !stream_lite.dispatch.tensor<writeonly:tensor<1x1x1xi2>>
      return
    }
  }
}
stream_lite.executable private @ex_view28 {
  stream_lite.executable.export public @entry
  builtin.module {
    func.func @entry(%b0: !stream_lite.binding, %bo: !stream_lite.binding, %br: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %v0 = stream_lite.binding.subspan %b0[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<1x1x1xi2>>
      %x0 = stream_lite.dispatch.tensor.load %v0, offsets = [0, 0, 0], sizes = [1, 1, 1], strides = [1, 1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<1x1x1xi2>> -> tensor<1x1x1xi2>
      %rv = stream_lite.binding.subspan %br[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<1x1x1xi2>>
      %e = stream_lite.dispatch.tensor.load %rv, offsets = [0, 0, 0], sizes = [1, 1, 1], strides = [1, 1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<1x1x1xi2>> -> tensor<1x1x1xi2>
      %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%x0 : tensor<1x1x1xi2>) outs(%e : tensor<1x1x1xi2>) {
      ^bb0(%in0: i2, %out: i2):
        %kc = arith.constant -2 : i2
        %m1 = arith.muli %in0, %kc : i2
        linalg.yield %m1 : i2
      } -> tensor<1x1x1xi2>
      %ov = stream_lite.binding.subspan %bo[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<1x1x1xi2, #stream_lite.padding<[0, 0, ?]>>>
      stream_lite.dispatch.tensor.store %s, %ov, offsets = [0, 0, 0], sizes = [1, 1, 1], strides = [1, 1, 1] : tensor<1x1x1xi2> -> !stream_lite.dispatch.tensor<writeonly:tensor<1x1x1xi2, #stream_lite.padding<[0, 0, ?]>>>
      return
    }
  }
}
func.func @main(%in: tensor<5x6x7xi2>) -> (tensor<5x6x7xi2>, tensor<5x6x7xi2>) attributes {stream_lite.affinity = #stream_lite.affinity<@d0>} {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %sz1 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@d0>) tensor<5x6x7xi2> : index
  %a = stream_lite.tensor.import on(#stream_lite.affinity<@d0>) %in : tensor<5x6x7xi2> -> tensor<5x6x7xi2> in !stream_lite.resource<external>{%sz1}
  %sz2 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@d0>) tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [14], outer_dims_perm = [0, 2, 1]>> : index
  %e3 = stream_lite.tensor.encode on(#stream_lite.affinity<@d0>) %a : tensor<5x6x7xi2> in !stream_lite.resource<external>{%sz1} -> tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [14], outer_dims_perm = [0, 2, 1]>> in !stream_lite.resource<*>{%sz2}
  %sz6 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@d0>) tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [14], outer_dims_perm = [0, 2, 1]>> : index
  %vk5 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@d0>) @ex_view3::@entry(%e3) : (tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [14], outer_dims_perm = [0, 2, 1]>> in !stream_lite.resource<*>{%sz2}) -> tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [14], outer_dims_perm = [0, 2, 1]>> in !stream_lite.resource<*>{%sz6}
  %sz7 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@d0>) tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [0, 1, 2], inner_tiles = [18, 1, 5]>> : index
  %e8 = stream_lite.tensor.encode on(#stream_lite.affinity<@d0>) %vk5 : tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [1], inner_tiles = [14], outer_dims_perm = [0, 2, 1]>> in !stream_lite.resource<*>{%sz6} -> tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [0, 1, 2], inner_tiles = [18, 1, 5]>> in !stream_lite.resource<*>{%sz7}
  %sz10 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@d0>) tensor<5x6x7xi2> : index
  %e11 = stream_lite.tensor.encode on(#stream_lite.affinity<@d0>) %e8 : tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [0, 1, 2], inner_tiles = [18, 1, 5]>> in !stream_lite.resource<*>{%sz7} -> tensor<5x6x7xi2> in !stream_lite.resource<*>{%sz10}
  %vk12 = stream_lite.tensor.dispatch on(#stream_lite.affinity<@d0>) @ex_view8::@entry(%e11) : (tensor<5x6x7xi2> in !stream_lite.resource<*>{%sz10}) -> tensor<5x6x7xi2> in %e11 as !stream_lite.resource<*>{%sz10}
  %sz13 = stream_lite.tensor.sizeof on(#stream_lite.affinity<@d0>) tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [1], swizzle = #stream_lite.swizzle<expand_shape = [[1]], permutation = [0]>>> : index
  %e14 = stream_lite.tensor.encode on(#stream_lite.affinity<@d0>) %e8 : tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [0, 1, 2], inner_tiles = [18, 1, 5]>> in !stream_lite.resource<*>{%sz7} -> tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [1], swizzle = #stream_lite.swizzle<expand_shape = [[1]], permutation = [0]>>> in !stream_lite.resource<*>{%sz13}
  %back = stream_lite.tensor.encode on(#stream_lite.affinity<@d0>) %e14 : tensor<5x6x7xi2, #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [1], swizzle = #stream_lite.swizzle<expand_shape = [[1]], permutation = [0]>>> in !stream_lite.resource<*>{%sz13} -> tensor<5x6x7xi2> in !stream_lite.resource<external>{%sz1}
  %out = stream_lite.tensor.export on(#stream_lite.affinity<@d0>) %back : tensor<5x6x7xi2> in !stream_lite.resource<external>{%sz1} -> tensor<5x6x7xi2>
  %o2 = stream_lite.tensor.export on(#stream_lite.affinity<@d0>) %vk12 : tensor<5x6x7xi2> in !stream_lite.resource<*>{%sz10} -> tensor<5x6x7xi2>
  return %out, %o2 : tensor<5x6x7xi2>, tensor<5x6x7xi2>
}
