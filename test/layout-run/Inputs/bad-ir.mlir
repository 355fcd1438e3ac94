func.func @main( -> {
