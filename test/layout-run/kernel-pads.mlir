// RUN: env MALLOC_PERTURB_=165 layout-run %s --function=readwrite_untied --input=5x3xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=RW
// RUN: env MALLOC_PERTURB_=165 layout-run %s --function=writeonly_tied --input=5x3xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=WO
// RUN: env MALLOC_PERTURB_=165 layout-run %s --function=packed_tail --input=2x3x7xi4=1,2,3,4,5,6,7,-1,-2,-3,-4,-5,-6,-7,0,1,2,3,4,5,6,7,6,5,4,3,2,1,0,-1,-2,-3,-4,-5,-6,-7,-8,1,2,3,4,5 --input=index=2 --compare-to-reference --check-padding --check-leaks | FileCheck %s --check-prefix=PACKED
// RUN: env MALLOC_PERTURB_=165 layout-run %s --function=never_viewed --input=5x3xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --check-padding --check-leaks | FileCheck %s --check-prefix=NEVER
// RUN: env MALLOC_PERTURB_=165 layout-run %s --function=only_read --input=5x3xf32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 --check-padding --check-leaks | FileCheck %s --check-prefix=READ
// RUN: layout-opt %s --stream-lite-to-llvm-pipeline -o /dev/null

// A kernel zeroes the pad slots of every view it may write (readwrite or
// writeonly), and only those: an untied result has zero pads whatever its
// view's access (the buffer it starts as held 7s, freed by the staging
// read before it), and a tied result keeps every element the kernel does
// not store, under any layout (so the reference agrees). An untied result
// the kernel never writes (never views, or views only readonly) is zeroed
// whole: its elements are undefined, its pads zero.

#t44 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 4]>
#t42 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 2]>
#t33 = #stream_lite.tiled<inner_dims_pos = [1, 2], inner_tiles = [3, 3]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

stream_lite.executable private @ex {
  stream_lite.executable.export public @copy_rw
  stream_lite.executable.export public @poke
  stream_lite.executable.export public @copy_packed
  builtin.module {
    func.func @copy_rw(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<5x3xf32>>
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readwrite:tensor<5x3xf32, #t44>>
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0], sizes = [5, 3], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<5x3xf32>> -> tensor<5x3xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0], sizes = [5, 3], strides = [1, 1] : tensor<5x3xf32> -> !stream_lite.dispatch.tensor<readwrite:tensor<5x3xf32, #t44>>
      return
    }
    // Stores one element, 9.0 at (2, 1), through a writeonly view.
    func.func @poke(%o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<5x3xf32, #t42>>
      %f = arith.constant 9.0 : f32
      %e = tensor.empty() : tensor<1x1xf32>
      %x = linalg.fill ins(%f : f32) outs(%e : tensor<1x1xf32>) -> tensor<1x1xf32>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [2, 1], sizes = [1, 1], strides = [1, 1] : tensor<1x1xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<5x3xf32, #t42>>
      return
    }
    // 3x3 tiles of i4 hold 4.5 bytes: the storage's last byte has pad bits
    // after the last slot.
    func.func @copy_packed(%a: !stream_lite.binding, %o: !stream_lite.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?x3x7xi4>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readwrite:tensor<?x3x7xi4, #t33>>{%n}
      %x = stream_lite.dispatch.tensor.load %av, offsets = [0, 0, 0], sizes = [%n, 3, 7], strides = [1, 1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<?x3x7xi4>>{%n} -> tensor<?x3x7xi4>
      stream_lite.dispatch.tensor.store %x, %ov, offsets = [0, 0, 0], sizes = [%n, 3, 7], strides = [1, 1, 1] : tensor<?x3x7xi4> -> !stream_lite.dispatch.tensor<readwrite:tensor<?x3x7xi4, #t33>>{%n}
      return
    }
  }
}

// RW: {{^}}f32=7{{$}}
// RW-NEXT: {{^}}5x3xf32=1 2 3 4 5 6 7 8 9 10 11 12 13 14 15{{$}}
func.func @readwrite_untied(%arg: tensor<5x3xf32>) -> (f32, tensor<5x3xf32>) attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 7.0 : f32
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<5x3xf32, #t44> : index
  %bsz = stream_lite.tensor.sizeof tensor<32xf32> : index
  %s = stream_lite.tensor.splat %v : f32 -> tensor<32xf32> in !stream_lite.resource<*>{%bsz}
  %st = stream_lite.async.transfer %s : !stream_lite.resource<*>{%bsz} -> !stream_lite.resource<staging>{%bsz}
  %x = stream_lite.tensor.load %st[%c0] : tensor<32xf32> in !stream_lite.resource<staging>{%bsz} -> f32
  %i = stream_lite.tensor.import %arg : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %o = stream_lite.tensor.dispatch @ex::@copy_rw(%i) : (tensor<5x3xf32> in !stream_lite.resource<external>{%sz}) -> tensor<5x3xf32, #t44> in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %o : tensor<5x3xf32, #t44> in !stream_lite.resource<*>{%tsz} -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32>
  return %x, %r : f32, tensor<5x3xf32>
}

// WO: {{^}}5x3xf32=1 2 3 4 5 6 7 9 9 10 11 12 13 14 15{{$}}
func.func @writeonly_tied(%arg: tensor<5x3xf32>) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %tsz = stream_lite.tensor.sizeof tensor<5x3xf32, #t42> : index
  %i = stream_lite.tensor.import %arg : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %e = stream_lite.tensor.encode %i : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32, #t42> in !stream_lite.resource<*>{%tsz}
  %o = stream_lite.tensor.dispatch @ex::@poke(%e) : (tensor<5x3xf32, #t42> in !stream_lite.resource<*>{%tsz}) -> tensor<5x3xf32, #t42> in %e as !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %o : tensor<5x3xf32, #t42> in !stream_lite.resource<*>{%tsz} -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// PACKED: {{^}}2x3x7xi4=1 2 3 4 5 6 7 -1 -2 -3 -4 -5 -6 -7 0 1 2 3 4 5 6 7 6 5 4 3 2 1 0 -1 -2 -3 -4 -5 -6 -7 -8 1 2 3 4 5{{$}}
func.func @packed_tail(%arg: tensor<?x3x7xi4>, %n: index) -> tensor<?x3x7xi4> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<?x3x7xi4>{%n} : index
  %tsz = stream_lite.tensor.sizeof tensor<?x3x7xi4, #t33>{%n} : index
  %i = stream_lite.tensor.import %arg : tensor<?x3x7xi4> -> tensor<?x3x7xi4>{%n} in !stream_lite.resource<external>{%sz}
  %o = stream_lite.tensor.dispatch @ex::@copy_packed(%i, %n) : (tensor<?x3x7xi4>{%n} in !stream_lite.resource<external>{%sz}, index) -> tensor<?x3x7xi4, #t33>{%n} in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %o : tensor<?x3x7xi4, #t33>{%n} in !stream_lite.resource<*>{%tsz} -> tensor<?x3x7xi4>{%n} in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<?x3x7xi4>{%n} in !stream_lite.resource<external>{%sz} -> tensor<?x3x7xi4>
  return %r : tensor<?x3x7xi4>
}

// NEVER: 5x3xf32=0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
stream_lite.executable private @ignores {
  stream_lite.executable.export public @ignore
  builtin.module {
    func.func @ignore(%a: !stream_lite.binding, %o: !stream_lite.binding) {
      return
    }
  }
}
func.func @never_viewed(%arg: tensor<5x3xf32>) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<5x3xf32, #t44> : index
  %o = stream_lite.tensor.dispatch @ignores::@ignore(%i) : (tensor<5x3xf32> in !stream_lite.resource<external>{%sz}) -> tensor<5x3xf32, #t44> in !stream_lite.resource<*>{%tsz}
  %d = stream_lite.tensor.encode %o : tensor<5x3xf32, #t44> in !stream_lite.resource<*>{%tsz} -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %d : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}

// READ: 5x3xf32=1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
stream_lite.executable private @peeks {
  stream_lite.executable.export public @peek
  builtin.module {
    func.func @peek(%a: !stream_lite.binding, %o: !stream_lite.binding, %p: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1.0 : f32
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<5x3xf32>>
      %pv = stream_lite.binding.subspan %p[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<5x3xf32>>
      %x = stream_lite.dispatch.tensor.load %ov, offsets = [0, 0], sizes = [5, 3], strides = [1, 1] : !stream_lite.dispatch.tensor<readonly:tensor<5x3xf32>> -> tensor<5x3xf32>
      %y = linalg.fill ins(%one : f32) outs(%x : tensor<5x3xf32>) -> tensor<5x3xf32>
      stream_lite.dispatch.tensor.store %y, %pv, offsets = [0, 0], sizes = [5, 3], strides = [1, 1] : tensor<5x3xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<5x3xf32>>
      return
    }
  }
}
// The first result is viewed only readonly: --check-padding holds after the
// dispatch (its pads are zero); the second is written.
func.func @only_read(%arg: tensor<5x3xf32>) -> tensor<5x3xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<5x3xf32> : index
  %i = stream_lite.tensor.import %arg : tensor<5x3xf32> -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<5x3xf32, #t44> : index
  %o:2 = stream_lite.tensor.dispatch @peeks::@peek(%i) : (tensor<5x3xf32> in !stream_lite.resource<external>{%sz}) -> (tensor<5x3xf32, #t44> in !stream_lite.resource<*>{%tsz}, tensor<5x3xf32> in !stream_lite.resource<*>{%sz})
  %d = stream_lite.tensor.encode %o#0 : tensor<5x3xf32, #t44> in !stream_lite.resource<*>{%tsz} -> tensor<5x3xf32> in !stream_lite.resource<external>{%sz}
  %r = stream_lite.tensor.export %o#1 : tensor<5x3xf32> in !stream_lite.resource<*>{%sz} -> tensor<5x3xf32>
  %unused = stream_lite.tensor.export %d : tensor<5x3xf32> in !stream_lite.resource<external>{%sz} -> tensor<5x3xf32>
  return %r : tensor<5x3xf32>
}
