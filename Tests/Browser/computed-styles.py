"""Loads CSS into headless Chromium and reports computed values per scenario (used by CSSBrowserTests).

Usage: computed-styles.py REQUEST.json  →  prints {scenario: {probe-id: computed value}} as JSON.
REQUEST: {"css": path, "probes": [{"id", "property", "value"}], "scenarios": [{"name", "features": [{name, value}], "theme"}]}
Each probe is an element styled `property: value` (e.g. `color: var(--color-accent)`); the computed value is what the
browser resolved, which proves the custom property reached a real property. Media features are emulated through
the DevTools protocol (Emulation.setEmulatedMedia) over --remote-debugging-pipe (fd 3 in, fd 4 out, NUL-separated).
"""
import json
import os
import subprocess
import sys
import tempfile

request = json.load(open(sys.argv[1]))
css = open(request["css"]).read()
probes = request["probes"]
body = "".join(f'<div id="p{i}" style="{p["property"]}: {p["value"]}"></div>' for i, p in enumerate(probes))
page = tempfile.NamedTemporaryFile("w", suffix=".html", delete=False)
page.write(f"<!doctype html><html><head><style>{css}</style></head><body>{body}</body></html>")
page.close()

import fcntl


def high(fd):
    """Moves a descriptor above 10, so 3 and 4 are free for the browser's pipe."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
    os.close(fd)
    return moved


to_browser_r, to_browser_w = os.pipe()
from_browser_r, from_browser_w = os.pipe()
to_browser_r, to_browser_w, from_browser_r, from_browser_w = map(high, (to_browser_r, to_browser_w, from_browser_r, from_browser_w))
os.dup2(to_browser_r, 3)
os.dup2(from_browser_w, 4)
browser = subprocess.Popen(
    ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--no-first-run",
     "--user-data-dir=" + tempfile.mkdtemp(), "about:blank"],
    pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
for fd in (3, 4, to_browser_r, from_browser_w):
    os.close(fd)
outgoing = os.fdopen(to_browser_w, "wb", buffering=0)
incoming = os.fdopen(from_browser_r, "rb", buffering=0)
buffer = b""
next_id = 0


def call(method, params=None, session=None):
    global next_id, buffer
    next_id += 1
    message = {"id": next_id, "method": method, "params": params or {}}
    if session:
        message["sessionId"] = session
    outgoing.write(json.dumps(message).encode() + b"\0")
    while True:
        while b"\0" not in buffer:
            chunk = incoming.read(65536)
            if not chunk:
                raise SystemExit("chromium closed the pipe")
            buffer += chunk
        raw, buffer = buffer.split(b"\0", 1)
        reply = json.loads(raw)
        if reply.get("id") == next_id:
            if "error" in reply:
                raise SystemExit(f"{method}: {reply['error']}")
            return reply.get("result", {})


results = {}
try:
    for scenario in request["scenarios"]:
        target = call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        call("Emulation.setEmulatedMedia", {"features": scenario["features"]}, session)
        call("Page.enable", {}, session)
        call("Page.navigate", {"url": "file://" + page.name}, session)
        script = "new Promise(r => { const go = () => {"
        if scenario.get("theme"):
            script += f"document.documentElement.setAttribute('data-theme', {json.dumps(scenario['theme'])});"
        script += "const out = {};"
        for i, p in enumerate(probes):
            script += f"out[{json.dumps(p['id'])}] = getComputedStyle(document.getElementById('p{i}')).getPropertyValue({json.dumps(p['property'])});"
        script += "r(JSON.stringify(out)); }; if (document.readyState === 'complete') go(); else addEventListener('load', go); })"
        value = call("Runtime.evaluate", {"expression": script, "awaitPromise": True, "returnByValue": True}, session)
        results[scenario["name"]] = json.loads(value["result"]["value"])
        call("Target.closeTarget", {"targetId": target})
finally:
    browser.kill()
    os.unlink(page.name)
print(json.dumps(results, sort_keys=True))
