#!/usr/bin/env python3
"""How long `tokenc lsp` takes to answer a keystroke: Benchmarks/lsp-latency.py TOKENC N [N …].

For each N, a set of N tokens (Benchmarks/generate.py) in a new folder; the server is started there, opens
the set's first file, and the script types 21 edits, each a change of one color's hex that leaves the file
valid, one at a time: the time from sending the change to the `publishDiagnostics` for that file, which
includes the server's 15 ms debounce and a whole check of the set. The first edit warms up and is left out;
the median and the slowest of the other 20 are printed, in milliseconds, with hover's median on an alias.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))


def main():
    tokenc, sizes = os.path.abspath(sys.argv[1]), [int(n) for n in sys.argv[2:]]
    print("| tokens | keystroke → findings, median | slowest | hover, median |")
    print("| ---: | ---: | ---: | ---: |")
    for n in sizes:
        with tempfile.TemporaryDirectory() as root:
            subprocess.run([sys.executable, os.path.join(here, "generate.py"), str(n), os.path.join(root, "Tokens")], check=True)
            print(measure(tokenc, root, n))


def measure(tokenc, root, n):
    server = subprocess.Popen([tokenc, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=root)

    def send(message):
        body = json.dumps(message).encode()
        server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        server.stdin.flush()

    def receive():
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            header += server.stdout.read(1)
        length = int(header.split(b"Content-Length:")[1].split(b"\r\n")[0])
        return json.loads(server.stdout.read(length))

    files = sorted(f for f in os.listdir(os.path.join(root, "Tokens")))
    path = os.path.join(root, "Tokens", files[0])
    uri = "file://" + path
    text = open(path).read()
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"rootUri": "file://" + root, "capabilities": {}}})
    receive()
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": {"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
    # The first check publishes every file with findings and the open one: read until the open one comes.
    while receive().get("params", {}).get("uri") != uri:
        pass
    lines = text.split("\n")
    target = next(i for i, line in enumerate(lines) if '$value: "#' in line)
    column = lines[target].index('"#') + 2
    times = []
    for version in range(2, 23):
        digits = "%06X" % (version * 123457 % 0xFFFFFF)
        change = {"range": {"start": {"line": target, "character": column}, "end": {"line": target, "character": column + 6}}, "text": digits}
        start = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange",
              "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}})
        while True:
            message = receive()
            if message.get("method") == "textDocument/publishDiagnostics" and message["params"]["uri"] == uri:
                break
        times.append((time.perf_counter() - start) * 1000)
    alias = next(i for i, line in enumerate(lines) if '"{' in line)
    hovers = []
    for request in range(20):
        start = time.perf_counter()
        send({"jsonrpc": "2.0", "id": 100 + request, "method": "textDocument/hover",
              "params": {"textDocument": {"uri": uri}, "position": {"line": alias, "character": lines[alias].index('"{') + 3}}})
        while "id" not in receive():
            pass
        hovers.append((time.perf_counter() - start) * 1000)
    send({"jsonrpc": "2.0", "id": 9, "method": "shutdown"})
    receive()
    send({"jsonrpc": "2.0", "method": "exit"})
    server.wait()
    kept = times[1:]
    return "| %d | %.0f ms | %.0f ms | %.1f ms |" % (n, statistics.median(kept), max(kept), statistics.median(hovers))


main()
