// A resource made by an op of an unknown dialect (unregistered-ops.mlir).
func.func @resource_results() -> !stream_lite.resource<variable> {
  %0 = "test.make"() : () -> !stream_lite.resource<variable>
  return %0 : !stream_lite.resource<variable>
}
