"""Headless Chromium over the DevTools protocol (--remote-debugging-pipe: fd 3 in, fd 4 out, NUL-separated JSON).

Shared by computed-styles.py (CSS output) and page-probe.py (the preview and diff pages).
"""
import json
import os
import shutil
import subprocess
import tempfile
import time

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
# The browser's profile (2-3 MB), removed by close().
profile = tempfile.mkdtemp(prefix="tokenc-chromium-")
browser = subprocess.Popen(
    ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--no-first-run",
     "--user-data-dir=" + profile, "about:blank"],
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



def close():
    """Asks the browser to quit, waits for it, and removes its profile (a helper process may still be writing
    it for a moment). The browser used to be killed and its profile left: 342 of them, 800 MB, in /tmp."""
    try:
        call("Browser.close")
    except (SystemExit, OSError, ValueError):
        pass  # it closed the pipe before replying, or was gone already
    try:
        browser.wait(timeout=10)
    except subprocess.TimeoutExpired:
        browser.kill()
        browser.wait()
    for _ in range(20):
        shutil.rmtree(profile, ignore_errors=True)
        if not os.path.exists(profile):
            break
        time.sleep(0.1)
