// Identity functions on scalars, for the number-parsing tests in
// errors.test: what is read is printed back.
func.func @f32(%x: f32) -> f32 {
  return %x : f32
}
func.func @i64(%x: i64) -> i64 {
  return %x : i64
}
func.func @i8(%x: i8) -> i8 {
  return %x : i8
}
func.func @ui8(%x: ui8) -> ui8 {
  return %x : ui8
}
func.func @dynamic(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  return %x : tensor<?x?xf32>
}
