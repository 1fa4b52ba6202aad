#!/usr/bin/env python3
"""Stress test of the language server over stdio (issue 15): framed JSON-RPC to
`java -jar cli/target/ptxlint.jar --lsp`, in bounded loops, covering malformed framing and
bodies, random edits (positions out of range included), odd URIs and a huge document. Checks
that every request is answered within a time budget, that everything the server writes is a
well-formed frame, that its memory (RSS) stays under a bound, and that shutdown and exit end it
with status 0.

    scripts/lsp-stress.py [--budget SECONDS] [--seed N] [--jar PATH] [--heap 512m] [--max-rss-mb 1200]
                          [--huge-mb 10]

Exit status 0 when every check held, 1 otherwise (each failure is printed). Only the local
process is involved: no network.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def frame(body):
    if isinstance(body, (dict, list)):
        body = json.dumps(body, separators=(",", ":"))
    if isinstance(body, str):
        body = body.encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    def __init__(self, args):
        self.stderr = tempfile.TemporaryFile()
        cmd = ["java", "-Xmx" + args.heap, "-XX:+UseSerialGC", "-jar", args.jar, "--lsp"]
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr)
        self.lock = threading.Condition()
        self.responses = {}
        self.publishes = 0
        self.messages = 0
        self.out_bytes = 0
        self.errors = []
        self.closed = False
        self.max_rss_kb = 0
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._watch_memory, daemon=True).start()

    def _read(self):
        f = self.p.stdout
        try:
            while True:
                length = None
                while True:
                    line = f.readline()
                    if not line:
                        return
                    if line in (b"\r\n", b"\n"):
                        break
                    name, _, value = line.decode("ascii").partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value.strip())
                if length is None:
                    self.fail("server wrote a header without Content-Length")
                    return
                body = f.read(length)
                self.out_bytes += length
                try:
                    msg = json.loads(body.decode("utf-8"))
                except ValueError as e:
                    self.fail("server wrote a body that is not JSON: %s" % e)
                    continue
                with self.lock:
                    self.messages += 1
                    if "method" not in msg and "id" in msg:
                        self.responses[json.dumps(msg.get("id"))] = msg
                    elif msg.get("method") == "textDocument/publishDiagnostics":
                        self.publishes += 1
                    self.lock.notify_all()
        finally:
            with self.lock:
                self.closed = True
                self.lock.notify_all()

    def _watch_memory(self):
        while self.p.poll() is None:
            try:
                with open("/proc/%d/status" % self.p.pid) as s:
                    for line in s:
                        if line.startswith("VmRSS:"):
                            self.max_rss_kb = max(self.max_rss_kb, int(line.split()[1]))
            except OSError:
                return
            time.sleep(0.2)

    def fail(self, what):
        self.errors.append(what)
        print("lsp-stress: FAIL: " + what, file=sys.stderr)

    def send(self, data):
        try:
            self.p.stdin.write(data)
            self.p.stdin.flush()
        except BrokenPipeError:
            self.fail("the server closed its input")

    def request(self, method, params, raw_id=None):
        rid = self.next_id if raw_id is None else raw_id
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(frame(msg))
        return rid

    def notify(self, method, params):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send(frame(msg))

    def wait(self, rid, budget, what):
        key = json.dumps(rid)
        deadline = time.monotonic() + budget
        with self.lock:
            while key not in self.responses:
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    self.fail("%s: request %s not answered within %.0f s" % (what, rid, budget))
                    return None
                self.lock.wait(left)
            return self.responses.pop(key)

    def call(self, method, params, budget, what):
        return self.wait(self.request(method, params), budget, what)


def open_doc(s, uri, text, version=1):
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "ptx", "version": version,
                                                       "text": text}})


def symbols(s, uri, budget, what):
    r = s.call("textDocument/documentSymbol", {"textDocument": {"uri": uri}}, budget, what)
    if r is not None and "error" in r:
        s.fail("%s: documentSymbol answered with an error: %s" % (what, json.dumps(r)[:200]))
    return r


def malformed_inputs(rnd):
    umlaut = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file:///stress/u.ptx", "languageId": "ptx", "version": 1,
        "text": "// gr\u00fc\u00df \u00fc\n" * 200}}}, ensure_ascii=False)
    ub = umlaut.encode("utf-8")
    arr = "[" + ",".join('{"jsonrpc":"2.0","id":%d,"method":"x"}' % i for i in range(6000)) + "]"
    noise = bytes(rnd.getrandbits(8) for _ in range(32 * 1024))
    yield "100 KB message whose id is an object", frame('{"jsonrpc":"2.0","id":{"a":"%s"},"method":"x"}' % ("x" * 100000))
    yield "200 KB top-level array", frame(arr)
    yield "Content-Length in characters", b"Content-Length: %d\r\n\r\n" % len(umlaut) + ub
    yield "Content-Length too large", b"Content-Length: %d\r\n\r\n" % (len(ub) + 40) + ub
    yield "charset=bogus", b"Content-Length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=bogus\r\n\r\n" % len(ub) + ub
    yield "truncated header", b"Content-Len"
    yield "garbage header lines", b"Hello: world\r\nnot a header\r\n\r\n"
    yield "bad Content-Length", b"Content-Length: -1\r\n\r\n"
    yield "body not UTF-8", frame(b'{"id":1,"method":"\xff\xfe"}')
    yield "deep nesting", frame("[" * 50000 + "]" * 50000)
    yield "1 MB header line", b"x" * (1 << 20) + b"\r\n"
    yield "random bytes", noise + b"\r\n\r\n"
    yield "request with null params", frame('{"jsonrpc":"2.0","id":"np","method":"textDocument/hover","params":null}')
    yield "huge position", frame(json.dumps({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": "file:///stress/k.ptx", "version": 999}, "contentChanges": [{"range": {
            "start": {"line": 2 ** 40, "character": 3000000000}, "end": {"line": 2 ** 40, "character": -7}},
            "text": "\n"}]}}))


def random_edit(rnd, text):
    lines = text.split("\n")
    def pos():
        r = rnd.random()
        if r < 0.05:
            return {"line": rnd.choice([2 ** 31 - 1, 2 ** 31, 2 ** 40, -1]), "character": rnd.randrange(0, 2 ** 32)}
        line = rnd.randrange(0, len(lines) + 2)
        width = len(lines[line]) if line < len(lines) else 0
        return {"line": line, "character": rnd.randrange(0, width + 3)}
    snippets = ["", "x", "\n", ";", "{", "}", "\tadd.s32 %r1, %r2, 1;\n", "// ptxlint-disable-line\n", "\u00fc",
                "\x00", "1+" * 50, "(" * 300, ".entry k()\n{\n", "\tret;\n}\n", "%r<99999999999999999999>"]
    return {"range": {"start": pos(), "end": pos()}, "text": rnd.choice(snippets)}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--budget", type=float, default=60, help="seconds for the whole run (loops stop early)")
    ap.add_argument("--seed", type=int, default=int(os.environ.get("STRESS_SEED", "15")))
    ap.add_argument("--jar", default=os.path.join(ROOT, "cli", "target", "ptxlint.jar"))
    ap.add_argument("--heap", default="512m")
    ap.add_argument("--max-rss-mb", type=int, default=1200)
    ap.add_argument("--huge-mb", type=int, default=10)
    ap.add_argument("--request-budget", type=float, default=15, help="seconds each request may take")
    args = ap.parse_args()
    if not os.path.isfile(args.jar):
        print("lsp-stress: no jar at %s (mvn -B package -DskipTests)" % args.jar, file=sys.stderr)
        return 2
    rnd = random.Random(args.seed)
    start = time.monotonic()
    deadline = start + args.budget
    s = Server(args)
    rb = args.request_budget
    counts = {"requests": 0, "edits": 0, "malformed": 0}

    # before initialize: refused
    r = s.call("textDocument/documentSymbol", {"textDocument": {"uri": "file:///x.ptx"}}, rb, "before initialize")
    if r is not None and r.get("error", {}).get("code") != -32002:
        s.fail("a request before initialize got %s, not error -32002" % json.dumps(r)[:200])
    r = s.call("initialize", {"processId": None, "rootUri": None, "capabilities": {},
                              "initializationOptions": {"debounceMs": 0}}, 30, "initialize")
    s.notify("initialized", {})
    uri = "file:///stress/k.ptx"
    fixtures = []
    for dirpath, _, files in os.walk(os.path.join(ROOT, "testdata", "fixtures")):
        fixtures += [os.path.join(dirpath, f) for f in sorted(files) if f.endswith(".ptx")]
    fixtures.sort()
    base = open(os.path.join(ROOT, "examples", "mistakes.ptx"), encoding="utf-8").read()
    open_doc(s, uri, base)
    symbols(s, uri, rb, "first request")
    counts["requests"] += 2

    # 1. malformed input, each followed by requests that must be answered
    for name, data in malformed_inputs(rnd):
        s.send(data)
        counts["malformed"] += 1
        for _ in range(3):
            symbols(s, uri, rb, "after " + name)
            counts["requests"] += 1
        if time.monotonic() > deadline:
            break

    # 2. random edits on fixtures, with requests at random positions
    text = base
    version = 1
    methods = ["textDocument/hover", "textDocument/completion", "textDocument/definition", "textDocument/references",
               "textDocument/documentSymbol", "textDocument/semanticTokens/full", "textDocument/codeAction"]
    edit_deadline = start + args.budget * 0.4
    while time.monotonic() < edit_deadline and counts["edits"] < 3000:
        if rnd.random() < 0.02 and fixtures:
            text = open(rnd.choice(fixtures), encoding="utf-8", errors="replace").read()
            version += 1
            s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                                "contentChanges": [{"text": text}]})
        changes = [random_edit(rnd, text) for _ in range(rnd.randrange(1, 4))]
        version += 1
        s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes})
        counts["edits"] += 1
        if rnd.random() < 0.3:
            m = rnd.choice(methods)
            p = {"textDocument": {"uri": uri}, "position": {"line": rnd.randrange(0, 60), "character": rnd.randrange(0, 80)}}
            if m == "textDocument/references":
                p["context"] = {"includeDeclaration": True}
            if m == "textDocument/codeAction":
                p = {"textDocument": {"uri": uri}, "range": {"start": {"line": 0, "character": 0},
                                                               "end": {"line": 40, "character": 0}},
                     "context": {"diagnostics": []}}
            if m in ("textDocument/documentSymbol", "textDocument/semanticTokens/full"):
                p = {"textDocument": {"uri": uri}}
            r = s.call(m, p, rb, "after %d edits: %s" % (counts["edits"], m))
            counts["requests"] += 1
            if r is not None and "error" in r:
                s.fail("%s answered with an error: %s" % (m, json.dumps(r)[:300]))
    symbols(s, uri, rb, "after the random edits")

    # 3. odd URIs
    for odd in ["", "file:", "file:///../../../etc/passwd", "untitled:Untitled-1", "http://[::1", "file:///%00%ff",
                "file:///" + "a" * 5000 + ".ptx", "file:///sp ace/\u00fc.ptx", "\u0000", "file://host/share/x.ptx"]:
        open_doc(s, odd, ".version 9.0\n.target sm_90\n@@@\n")
        r = s.call("textDocument/hover", {"textDocument": {"uri": odd}, "position": {"line": 2, "character": 1}}, rb,
                   "odd uri %r" % odd[:40])
        s.notify("textDocument/didClose", {"textDocument": {"uri": odd}})
        counts["requests"] += 1

    # 4. a huge document: HUGE MB of NUL bytes
    huge_uri = "file:///stress/huge.ptx"
    t0 = time.monotonic()
    open_doc(s, huge_uri, "\u0000" * (args.huge_mb << 20))
    symbols(s, huge_uri, max(rb, 45), "%d MB of NUL" % args.huge_mb)
    counts["requests"] += 1
    s.notify("textDocument/didClose", {"textDocument": {"uri": huge_uri}})
    huge_s = time.monotonic() - t0
    symbols(s, uri, rb, "after closing the huge document")

    # 5. shutdown and exit
    r = s.call("shutdown", None, rb, "shutdown")
    s.notify("exit", None)
    try:
        code = s.p.wait(timeout=10)
    except subprocess.TimeoutExpired:
        s.fail("the server did not exit within 10 s of 'exit'")
        s.p.kill()
        code = None
    if code not in (0, None):
        s.fail("exit status %s after shutdown and exit, not 0" % code)
    err_bytes = os.fstat(s.stderr.fileno()).st_size
    if s.max_rss_kb > args.max_rss_mb * 1024:
        s.fail("the server's RSS reached %d MB (bound %d MB)" % (s.max_rss_kb // 1024, args.max_rss_mb))
    if err_bytes > 64 << 20:
        s.fail("the server logged %d MB on stderr" % (err_bytes >> 20))
    elapsed = time.monotonic() - start
    print("lsp-stress: %d requests, %d edits, %d malformed inputs, %d publishes, %d messages (%d KB) from the server, "
          "max RSS %d MB, %d bytes of log, huge document %.1f s, %.1f s in all (seed %d)"
          % (counts["requests"], counts["edits"], counts["malformed"], s.publishes, s.messages, s.out_bytes >> 10,
             s.max_rss_kb // 1024, err_bytes, huge_s, elapsed, args.seed))
    if s.errors:
        print("lsp-stress: %d failed, 0 passed" % len(s.errors), file=sys.stderr)
        return 1
    print("lsp-stress: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
