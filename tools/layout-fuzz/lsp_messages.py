#!/usr/bin/env python3
"""lsp_messages.py LAYOUT_LSP_SERVER FILE.mlir... [--seeds N] [--first N]

One server session per seed: it opens documents made from the given files
and mutated (a dense array of index inserted, brackets nested past the
tools' limit, bytes flipped, inserted or cut, the text truncated, lines
joined), changes them with random full and ranged edits, and asks for
hovers and definitions at random positions in between. The server must
answer every request, publish diagnostics for every version it is sent,
and exit 0 after shutdown and exit: never crash, hang or stop answering.
Prints one line per failing seed and a summary; exits 1 if any failed.
"""
import argparse
import json
import random
import subprocess
import sys

HAZARDS = [
    "\"test.op\"() {a = array<index: 1, 2>} : () -> ()\n",
    "\"test.op\"() {a = array<index>} : () -> ()\n",
    "!i = index\n\"test.op\"() {a = array<!i: 3>} : () -> ()\n",
    "(" * 2500 + ")" * 2500,
    "[" * 1900 + "]" * 1900,
    "#stream_lite.tiled<inner_dims_pos = [0], inner_tiles = [9223372036854775807]>",
    "tensor<?x?xi4, #stream_lite.padding<[0, ?]>>",
    "\x00\xff\"\\",
]


def mutate(rng, text):
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(6)
        at = rng.randint(0, len(text))
        if kind == 0:
            text = text[:at] + rng.choice(HAZARDS) + text[at:]
        elif kind == 1 and text:
            text = text[:at] + chr(rng.randint(1, 126)) + text[at + 1:]
        elif kind == 2:
            text = text[:at] + text[at + rng.randint(1, 40):]
        elif kind == 3:
            text = text[:at]
        elif kind == 4:
            text = text.replace("\n", " ", rng.randint(1, 5))
        else:
            text = text[:at] + text[max(0, at - 30):at] + text[at:]
    return text


class Session:
    def __init__(self, server):
        self.proc = subprocess.Popen([server], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(self, message):
        body = json.dumps(message).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                return None
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.proc.stdout.read(length))


def position(rng, text):
    lines = text.split("\n")
    line = rng.randrange(len(lines))
    return {"line": line, "character": rng.randint(0, len(lines[line]))}


def run_seed(server, files, seed, timeout):
    rng = random.Random(seed)
    session = Session(server)
    expected_ids, versions = set(), {}
    next_id = 1
    try:
        session.send({"jsonrpc": "2.0", "id": 0, "method": "initialize",
                      "params": {"processId": None, "rootUri": None, "capabilities": {}}})
        expected_ids.add(0)
        session.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        docs = {}
        for n in range(rng.randint(1, 3)):
            uri = "file:///fuzz/doc%d.mlir" % n
            text = mutate(rng, open(rng.choice(files), encoding="utf-8", errors="replace").read())
            docs[uri] = (text, 1)
            session.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                "textDocument": {"uri": uri, "languageId": "mlir", "version": 1, "text": text}}})
            versions[(uri, 1)] = True
        for _ in range(rng.randint(5, 25)):
            uri = rng.choice(list(docs))
            text, version = docs[uri]
            action = rng.randrange(4)
            if action < 2:
                version += 1
                if action == 0:
                    text = mutate(rng, text)
                    change = {"text": text}
                else:
                    start = position(rng, text)
                    insert = rng.choice(HAZARDS + ["", "index", "}", "%x = "])
                    change = {"range": {"start": start, "end": start}, "text": insert}
                    lines = text.split("\n")
                    line = lines[start["line"]]
                    lines[start["line"]] = line[:start["character"]] + insert + line[start["character"]:]
                    text = "\n".join(lines)
                docs[uri] = (text, version)
                versions[(uri, version)] = True
                session.send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
                    "textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
            else:
                method = "textDocument/hover" if action == 2 else "textDocument/definition"
                session.send({"jsonrpc": "2.0", "id": next_id, "method": method, "params": {
                    "textDocument": {"uri": uri}, "position": position(rng, text)}})
                expected_ids.add(next_id)
                next_id += 1
        session.send({"jsonrpc": "2.0", "id": next_id, "method": "shutdown"})
        expected_ids.add(next_id)
        shutdown_id = next_id
        while expected_ids:
            message = session.read()
            if message is None:
                return "the server stopped with requests %s unanswered" % sorted(expected_ids)
            if "id" in message and "method" not in message:
                if "error" in message and message["id"] == 0:
                    return "initialize failed: %s" % message["error"]
                expected_ids.discard(message["id"])
                if message["id"] == shutdown_id:
                    break
        session.send({"jsonrpc": "2.0", "method": "exit"})
        session.proc.stdin.close()
        code = session.proc.wait(timeout=timeout)
        if code != 0:
            return "exit code %d after shutdown and exit" % code
        if expected_ids:
            return "requests %s unanswered before shutdown" % sorted(expected_ids)
        return None
    except (BrokenPipeError, subprocess.TimeoutExpired, ValueError) as error:
        return "%s: %s" % (type(error).__name__, error)
    finally:
        if session.proc.poll() is None:
            session.proc.kill()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("server")
    parser.add_argument("files", nargs="+")
    parser.add_argument("--seeds", type=int, default=50)
    parser.add_argument("--first", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60)
    args = parser.parse_args()
    failed = 0
    for seed in range(args.first, args.first + args.seeds):
        problem = run_seed(args.server, args.files, seed, args.timeout)
        if problem:
            failed += 1
            print("FAIL seed %d: %s" % (seed, problem))
    print("lsp-messages: %d sessions, %d failed" % (args.seeds, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
