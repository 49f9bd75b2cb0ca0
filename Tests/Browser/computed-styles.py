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

from cdp import call, close  # noqa: E402  (starts the browser)

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
    close()
    os.unlink(page.name)
print(json.dumps(results, sort_keys=True))
