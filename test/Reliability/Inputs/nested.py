"""nested.py KIND DEPTH: prints a program nesting DEPTH - 2 scf.if regions
inside func.func @f (brackets nest DEPTH - 1 deep; the scf.if count is
returned as an i32), a version with the nesting
in a comment (KIND=comment), or an LSP session opening it (KIND=lsp)."""
import json
import sys

kind, depth = sys.argv[1], int(sys.argv[2])
ifs = depth - 2
if kind == "comment":
    program = ("// " + "{" * depth + "\n"
               "func.func @f() {\n  return\n}\n")
else:
    lines = ["func.func @f(%c: i1) -> i32 {",
             "  %%n = arith.constant %d : i32" % ifs]
    lines += ["scf.if %c {"] * ifs
    lines += ["}"] * ifs
    lines += ["  return %n : i32", "}"]
    program = "\n".join(lines) + "\n"
if kind != "lsp":
    sys.stdout.write(program)
    sys.exit(0)
messages = [
    {"jsonrpc": "2.0", "id": 0, "method": "initialize",
     "params": {"processId": 1, "rootPath": "mlir", "capabilities": {}, "trace": "off"}},
    {"jsonrpc": "2.0", "method": "textDocument/didOpen",
     "params": {"textDocument": {"uri": "test:///deep.mlir", "languageId": "mlir",
                                 "version": 1, "text": program}}},
    {"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
    {"jsonrpc": "2.0", "method": "exit"},
]
# The -lit-test transport: messages separated by `// -----` lines.
sys.stdout.write("\n// -----\n".join(json.dumps(m) for m in messages) + "\n")
