// RUN: layout-run %s --input=2xi64=1,2 --input=i1=0 --compare-to-reference --check-padding | FileCheck %s
// RUN: layout-run %s --input=2xi64=1,2 --input=i1=1 --compare-to-reference --check-padding | FileCheck %s
// RUN: layout-opt --canonicalize --cse %s | layout-run - --input=2xi64=1,2 --input=i1=0 --compare-to-reference --check-padding | FileCheck %s
// RUN: layout-opt --canonicalize --cse %s | layout-run - --input=2xi64=1,2 --input=i1=1 --compare-to-reference --check-padding | FileCheck %s
// RUN: layout-opt --canonicalize --cse %s | FileCheck %s --check-prefix=CANON

// Two arms of an scf.if make a padded tensor on devices whose resolvers
// disagree (16 bytes on @a, 32 on @b), each yielding its size, defined
// before the if. --canonicalize makes that yielded size an arith.select on
// the if's condition; specialize-encodings moves it back into the if, so
// the @a arm's relayout to @b's layout passes its new size either way.
// CHECK: 2xi64=1 2
// CANON: arith.select
#p = #stream_lite.padding<[?]>
stream_lite.device @a targets([#stream_lite.target<"plain">])
stream_lite.device @b targets([#stream_lite.target<"gpu", resolver = #stream_lite.padding_resolver<cache_line_bytes = 16, cache_sets = 1>>])
func.func @main(%in: tensor<2xi64>, %c: i1) -> tensor<2xi64> attributes {stream_lite.affinity = #stream_lite.affinity<@a>} {
  %sz = stream_lite.tensor.sizeof tensor<2xi64> : index
  %i = stream_lite.tensor.import %in : tensor<2xi64> -> tensor<2xi64> in !stream_lite.resource<external>{%sz}
  %asz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@a>) tensor<2xi64, #p> : index
  %x = stream_lite.tensor.encode on(#stream_lite.affinity<@a>) %i : tensor<2xi64> in !stream_lite.resource<external>{%sz} -> tensor<2xi64, #p> in !stream_lite.resource<*>{%asz}
  %bsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@b>) tensor<2xi64, #p> : index
  %m:2 = scf.if %c -> (!stream_lite.resource<*>, index) {
    %y = stream_lite.tensor.clone on(#stream_lite.affinity<@a>) %x : tensor<2xi64, #p> in !stream_lite.resource<*>{%asz} -> tensor<2xi64, #p> in !stream_lite.resource<*>{%asz}
    scf.yield %y, %asz : !stream_lite.resource<*>, index
  } else {
    %t = stream_lite.async.transfer %x : !stream_lite.resource<*>{%asz} from(#stream_lite.affinity<@a>) -> to(#stream_lite.affinity<@b>) !stream_lite.resource<*>{%asz}
    %z = stream_lite.tensor.encode on(#stream_lite.affinity<@b>) %t : tensor<2xi64, #p> in !stream_lite.resource<*>{%asz} -> tensor<2xi64, #p> in !stream_lite.resource<*>{%bsz}
    scf.yield %z, %bsz : !stream_lite.resource<*>, index
  }
  %dsz = stream_lite.tensor.sizeof on(#stream_lite.affinity<@b>) tensor<2xi64> : index
  %d = stream_lite.tensor.encode on(#stream_lite.affinity<@b>) %m#0 : tensor<2xi64, #p> in !stream_lite.resource<*>{%m#1} -> tensor<2xi64> in !stream_lite.resource<external>{%dsz}
  %r = stream_lite.tensor.export on(#stream_lite.affinity<@b>) %d : tensor<2xi64> in !stream_lite.resource<external>{%dsz} -> tensor<2xi64>
  return %r : tensor<2xi64>
}
