// RUN: layout-run %s --function=f32 --input=5xf32=1.25,1.5,-2.5,3.75,0.5 --input=index=5 --compare-to-reference --check-padding > %t.f32
// RUN: %python %S/Inputs/check_math.py f32 1.25,1.5,-2.5,3.75,0.5 %t.f32
// RUN: layout-run %s --function=f64 --input=5xf64=1.25,1.5,-2.5,3.75,0.5 --input=index=5 --compare-to-reference --check-padding > %t.f64
// RUN: %python %S/Inputs/check_math.py f64 1.25,1.5,-2.5,3.75,0.5 %t.f64
// RUN: layout-run %s --function=i32 --input=4xi32=7,-3,1024,0 --input=index=4 --compare-to-reference --check-padding > %t.i32
// RUN: %python %S/Inputs/check_math.py i32 7,-3,1024,0 %t.i32

// User kernels compute with every math op: those LLVM has intrinsics for
// lower to them, `clampf` is expanded, `ipowi` outlined in software, and the
// rest (`erf`, `cbrt`, `acosh`, ...) call libm, which the JIT finds in the
// process. Column j of the result is op j of the input (check_math.py holds
// the list and computes each value independently with Python's math). The
// input and the result are tiled, the output relayout fused.

#t4 = #stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [4]>
#t48 = #stream_lite.tiled<inner_dims_pos = [0, 1], inner_tiles = [4, 8]>
stream_lite.device @cpu targets([#stream_lite.target<"llvm-cpu">])

stream_lite.executable private @ex {
  stream_lite.executable.export public @math_f32
  stream_lite.executable.export public @math_f64
  stream_lite.executable.export public @math_i32
  builtin.module {
    func.func @math_f32(%a: !stream_lite.binding, %n: index, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %quarter = arith.constant 0.25 : f32
      %half = arith.constant 0.5 : f32
      %two = arith.constant 2.0 : f32
      %three = arith.constant 3 : i32
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?xf32>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x36xf32>>{%n}
      %in = stream_lite.dispatch.tensor.load %av, offsets = [0], sizes = [%n], strides = [1] : !stream_lite.dispatch.tensor<readonly:tensor<?xf32>>{%n} -> tensor<?xf32>
      %e = tensor.empty(%n) : tensor<?x36xf32>
      %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%in : tensor<?xf32>) outs(%e : tensor<?x36xf32>) {
      ^bb0(%x: f32, %unused: f32):
        %j = linalg.index 1 : index
        %v = scf.index_switch %j -> f32
          case 0 {
            %r = math.absf %x : f32
            scf.yield %r : f32
          }
          case 1 {
            %q = arith.mulf %x, %quarter : f32
            %r = math.acos %q : f32
            scf.yield %r : f32
          }
          case 2 {
            %r = math.acosh %x : f32
            scf.yield %r : f32
          }
          case 3 {
            %q = arith.mulf %x, %quarter : f32
            %r = math.asin %q : f32
            scf.yield %r : f32
          }
          case 4 {
            %r = math.asinh %x : f32
            scf.yield %r : f32
          }
          case 5 {
            %r = math.atan %x : f32
            scf.yield %r : f32
          }
          case 6 {
            %q = arith.mulf %x, %quarter : f32
            %r = math.atanh %q : f32
            scf.yield %r : f32
          }
          case 7 {
            %r = math.cbrt %x : f32
            scf.yield %r : f32
          }
          case 8 {
            %r = math.ceil %x : f32
            scf.yield %r : f32
          }
          case 9 {
            %r = math.cos %x : f32
            scf.yield %r : f32
          }
          case 10 {
            %r = math.cosh %x : f32
            scf.yield %r : f32
          }
          case 11 {
            %r = math.erf %x : f32
            scf.yield %r : f32
          }
          case 12 {
            %r = math.erfc %x : f32
            scf.yield %r : f32
          }
          case 13 {
            %r = math.exp %x : f32
            scf.yield %r : f32
          }
          case 14 {
            %r = math.exp2 %x : f32
            scf.yield %r : f32
          }
          case 15 {
            %r = math.expm1 %x : f32
            scf.yield %r : f32
          }
          case 16 {
            %r = math.floor %x : f32
            scf.yield %r : f32
          }
          case 17 {
            %r = math.log %x : f32
            scf.yield %r : f32
          }
          case 18 {
            %r = math.log10 %x : f32
            scf.yield %r : f32
          }
          case 19 {
            %r = math.log1p %x : f32
            scf.yield %r : f32
          }
          case 20 {
            %r = math.log2 %x : f32
            scf.yield %r : f32
          }
          case 21 {
            %r = math.round %x : f32
            scf.yield %r : f32
          }
          case 22 {
            %r = math.roundeven %x : f32
            scf.yield %r : f32
          }
          case 23 {
            %r = math.rsqrt %x : f32
            scf.yield %r : f32
          }
          case 24 {
            %r = math.sin %x : f32
            scf.yield %r : f32
          }
          case 25 {
            %r = math.sinh %x : f32
            scf.yield %r : f32
          }
          case 26 {
            %r = math.sqrt %x : f32
            scf.yield %r : f32
          }
          case 27 {
            %r = math.tan %x : f32
            scf.yield %r : f32
          }
          case 28 {
            %r = math.tanh %x : f32
            scf.yield %r : f32
          }
          case 29 {
            %r = math.trunc %x : f32
            scf.yield %r : f32
          }
          case 30 {
            %r = math.atan2 %x, %half : f32
            scf.yield %r : f32
          }
          case 31 {
            %r = math.powf %x, %half : f32
            scf.yield %r : f32
          }
          case 32 {
            %r = math.fpowi %x, %three : f32, i32
            scf.yield %r : f32
          }
          case 33 {
            %r = math.clampf %x to [%half, %two] : f32
            scf.yield %r : f32
          }
          case 34 {
            %r = math.fma %x, %x, %half : f32
            scf.yield %r : f32
          }
          case 35 {
            %r = math.copysign %x, %half : f32
            scf.yield %r : f32
          }
          default {
            scf.yield %x : f32
          }
        linalg.yield %v : f32
      } -> tensor<?x36xf32>
      stream_lite.dispatch.tensor.store %y, %ov, offsets = [0, 0], sizes = [%n, 36], strides = [1, 1] : tensor<?x36xf32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x36xf32>>{%n}
      return
    }
    func.func @math_f64(%a: !stream_lite.binding, %n: index, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %quarter = arith.constant 0.25 : f64
      %half = arith.constant 0.5 : f64
      %two = arith.constant 2.0 : f64
      %three = arith.constant 3 : i32
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?xf64>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x36xf64>>{%n}
      %in = stream_lite.dispatch.tensor.load %av, offsets = [0], sizes = [%n], strides = [1] : !stream_lite.dispatch.tensor<readonly:tensor<?xf64>>{%n} -> tensor<?xf64>
      %e = tensor.empty(%n) : tensor<?x36xf64>
      %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%in : tensor<?xf64>) outs(%e : tensor<?x36xf64>) {
      ^bb0(%x: f64, %unused: f64):
        %j = linalg.index 1 : index
        %v = scf.index_switch %j -> f64
          case 0 {
            %r = math.absf %x : f64
            scf.yield %r : f64
          }
          case 1 {
            %q = arith.mulf %x, %quarter : f64
            %r = math.acos %q : f64
            scf.yield %r : f64
          }
          case 2 {
            %r = math.acosh %x : f64
            scf.yield %r : f64
          }
          case 3 {
            %q = arith.mulf %x, %quarter : f64
            %r = math.asin %q : f64
            scf.yield %r : f64
          }
          case 4 {
            %r = math.asinh %x : f64
            scf.yield %r : f64
          }
          case 5 {
            %r = math.atan %x : f64
            scf.yield %r : f64
          }
          case 6 {
            %q = arith.mulf %x, %quarter : f64
            %r = math.atanh %q : f64
            scf.yield %r : f64
          }
          case 7 {
            %r = math.cbrt %x : f64
            scf.yield %r : f64
          }
          case 8 {
            %r = math.ceil %x : f64
            scf.yield %r : f64
          }
          case 9 {
            %r = math.cos %x : f64
            scf.yield %r : f64
          }
          case 10 {
            %r = math.cosh %x : f64
            scf.yield %r : f64
          }
          case 11 {
            %r = math.erf %x : f64
            scf.yield %r : f64
          }
          case 12 {
            %r = math.erfc %x : f64
            scf.yield %r : f64
          }
          case 13 {
            %r = math.exp %x : f64
            scf.yield %r : f64
          }
          case 14 {
            %r = math.exp2 %x : f64
            scf.yield %r : f64
          }
          case 15 {
            %r = math.expm1 %x : f64
            scf.yield %r : f64
          }
          case 16 {
            %r = math.floor %x : f64
            scf.yield %r : f64
          }
          case 17 {
            %r = math.log %x : f64
            scf.yield %r : f64
          }
          case 18 {
            %r = math.log10 %x : f64
            scf.yield %r : f64
          }
          case 19 {
            %r = math.log1p %x : f64
            scf.yield %r : f64
          }
          case 20 {
            %r = math.log2 %x : f64
            scf.yield %r : f64
          }
          case 21 {
            %r = math.round %x : f64
            scf.yield %r : f64
          }
          case 22 {
            %r = math.roundeven %x : f64
            scf.yield %r : f64
          }
          case 23 {
            %r = math.rsqrt %x : f64
            scf.yield %r : f64
          }
          case 24 {
            %r = math.sin %x : f64
            scf.yield %r : f64
          }
          case 25 {
            %r = math.sinh %x : f64
            scf.yield %r : f64
          }
          case 26 {
            %r = math.sqrt %x : f64
            scf.yield %r : f64
          }
          case 27 {
            %r = math.tan %x : f64
            scf.yield %r : f64
          }
          case 28 {
            %r = math.tanh %x : f64
            scf.yield %r : f64
          }
          case 29 {
            %r = math.trunc %x : f64
            scf.yield %r : f64
          }
          case 30 {
            %r = math.atan2 %x, %half : f64
            scf.yield %r : f64
          }
          case 31 {
            %r = math.powf %x, %half : f64
            scf.yield %r : f64
          }
          case 32 {
            %r = math.fpowi %x, %three : f64, i32
            scf.yield %r : f64
          }
          case 33 {
            %r = math.clampf %x to [%half, %two] : f64
            scf.yield %r : f64
          }
          case 34 {
            %r = math.fma %x, %x, %half : f64
            scf.yield %r : f64
          }
          case 35 {
            %r = math.copysign %x, %half : f64
            scf.yield %r : f64
          }
          default {
            scf.yield %x : f64
          }
        linalg.yield %v : f64
      } -> tensor<?x36xf64>
      stream_lite.dispatch.tensor.store %y, %ov, offsets = [0, 0], sizes = [%n, 36], strides = [1, 1] : tensor<?x36xf64> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x36xf64>>{%n}
      return
    }
    func.func @math_i32(%a: !stream_lite.binding, %n: index, %o: !stream_lite.binding) {
      %c0 = arith.constant 0 : index
      %three = arith.constant 3 : i32
      %av = stream_lite.binding.subspan %a[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<readonly:tensor<?xi32>>{%n}
      %ov = stream_lite.binding.subspan %o[%c0] : !stream_lite.binding -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xi32>>{%n}
      %in = stream_lite.dispatch.tensor.load %av, offsets = [0], sizes = [%n], strides = [1] : !stream_lite.dispatch.tensor<readonly:tensor<?xi32>>{%n} -> tensor<?xi32>
      %e = tensor.empty(%n) : tensor<?x5xi32>
      %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%in : tensor<?xi32>) outs(%e : tensor<?x5xi32>) {
      ^bb0(%x: i32, %unused: i32):
        %j = linalg.index 1 : index
        %v = scf.index_switch %j -> i32
          case 0 {
            %r = math.ipowi %x, %three : i32
            scf.yield %r : i32
          }
          case 1 {
            %r = math.absi %x : i32
            scf.yield %r : i32
          }
          case 2 {
            %r = math.ctlz %x : i32
            scf.yield %r : i32
          }
          case 3 {
            %r = math.cttz %x : i32
            scf.yield %r : i32
          }
          case 4 {
            %r = math.ctpop %x : i32
            scf.yield %r : i32
          }
          default {
            scf.yield %x : i32
          }
        linalg.yield %v : i32
      } -> tensor<?x5xi32>
      stream_lite.dispatch.tensor.store %y, %ov, offsets = [0, 0], sizes = [%n, 5], strides = [1, 1] : tensor<?x5xi32> -> !stream_lite.dispatch.tensor<writeonly:tensor<?x5xi32>>{%n}
      return
    }

  }
}

func.func @f32(%arg: tensor<?xf32>, %n: index) -> tensor<?x36xf32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<?xf32>{%n} : index
  %i = stream_lite.tensor.import %arg : tensor<?xf32> -> tensor<?xf32>{%n} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?xf32, #t4>{%n} : index
  %ti = stream_lite.tensor.encode %i : tensor<?xf32>{%n} in !stream_lite.resource<external>{%sz} -> tensor<?xf32, #t4>{%n} in !stream_lite.resource<*>{%tsz}
  %osz = stream_lite.tensor.sizeof tensor<?x36xf32>{%n} : index
  %o = stream_lite.tensor.dispatch @ex::@math_f32(%ti, %n) : (tensor<?xf32, #t4>{%n} in !stream_lite.resource<*>{%tsz}, index) -> tensor<?x36xf32>{%n} in !stream_lite.resource<*>{%osz}
  %otsz = stream_lite.tensor.sizeof tensor<?x36xf32, #t48>{%n} : index
  %to = stream_lite.tensor.encode %o : tensor<?x36xf32>{%n} in !stream_lite.resource<*>{%osz} -> tensor<?x36xf32, #t48>{%n} in !stream_lite.resource<*>{%otsz}
  %d = stream_lite.tensor.encode %to : tensor<?x36xf32, #t48>{%n} in !stream_lite.resource<*>{%otsz} -> tensor<?x36xf32>{%n} in !stream_lite.resource<external>{%osz}
  %r = stream_lite.tensor.export %d : tensor<?x36xf32>{%n} in !stream_lite.resource<external>{%osz} -> tensor<?x36xf32>
  return %r : tensor<?x36xf32>
}

func.func @f64(%arg: tensor<?xf64>, %n: index) -> tensor<?x36xf64> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<?xf64>{%n} : index
  %i = stream_lite.tensor.import %arg : tensor<?xf64> -> tensor<?xf64>{%n} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?xf64, #t4>{%n} : index
  %ti = stream_lite.tensor.encode %i : tensor<?xf64>{%n} in !stream_lite.resource<external>{%sz} -> tensor<?xf64, #t4>{%n} in !stream_lite.resource<*>{%tsz}
  %osz = stream_lite.tensor.sizeof tensor<?x36xf64>{%n} : index
  %o = stream_lite.tensor.dispatch @ex::@math_f64(%ti, %n) : (tensor<?xf64, #t4>{%n} in !stream_lite.resource<*>{%tsz}, index) -> tensor<?x36xf64>{%n} in !stream_lite.resource<*>{%osz}
  %otsz = stream_lite.tensor.sizeof tensor<?x36xf64, #t48>{%n} : index
  %to = stream_lite.tensor.encode %o : tensor<?x36xf64>{%n} in !stream_lite.resource<*>{%osz} -> tensor<?x36xf64, #t48>{%n} in !stream_lite.resource<*>{%otsz}
  %d = stream_lite.tensor.encode %to : tensor<?x36xf64, #t48>{%n} in !stream_lite.resource<*>{%otsz} -> tensor<?x36xf64>{%n} in !stream_lite.resource<external>{%osz}
  %r = stream_lite.tensor.export %d : tensor<?x36xf64>{%n} in !stream_lite.resource<external>{%osz} -> tensor<?x36xf64>
  return %r : tensor<?x36xf64>
}

func.func @i32(%arg: tensor<?xi32>, %n: index) -> tensor<?x5xi32> attributes {stream_lite.affinity = #stream_lite.affinity<@cpu>} {
  %sz = stream_lite.tensor.sizeof tensor<?xi32>{%n} : index
  %i = stream_lite.tensor.import %arg : tensor<?xi32> -> tensor<?xi32>{%n} in !stream_lite.resource<external>{%sz}
  %tsz = stream_lite.tensor.sizeof tensor<?xi32, #t4>{%n} : index
  %ti = stream_lite.tensor.encode %i : tensor<?xi32>{%n} in !stream_lite.resource<external>{%sz} -> tensor<?xi32, #t4>{%n} in !stream_lite.resource<*>{%tsz}
  %osz = stream_lite.tensor.sizeof tensor<?x5xi32>{%n} : index
  %o = stream_lite.tensor.dispatch @ex::@math_i32(%ti, %n) : (tensor<?xi32, #t4>{%n} in !stream_lite.resource<*>{%tsz}, index) -> tensor<?x5xi32>{%n} in !stream_lite.resource<*>{%osz}
  %otsz = stream_lite.tensor.sizeof tensor<?x5xi32, #t48>{%n} : index
  %to = stream_lite.tensor.encode %o : tensor<?x5xi32>{%n} in !stream_lite.resource<*>{%osz} -> tensor<?x5xi32, #t48>{%n} in !stream_lite.resource<*>{%otsz}
  %d = stream_lite.tensor.encode %to : tensor<?x5xi32, #t48>{%n} in !stream_lite.resource<*>{%otsz} -> tensor<?x5xi32>{%n} in !stream_lite.resource<external>{%osz}
  %r = stream_lite.tensor.export %d : tensor<?x5xi32>{%n} in !stream_lite.resource<external>{%osz} -> tensor<?x5xi32>
  return %r : tensor<?x5xi32>
}
