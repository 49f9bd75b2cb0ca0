"""Opens a tokenc HTML page (preview or diff) in headless Chromium and reports what the browser drew.

Usage: page-probe.py PAGE.html SCREENSHOT.png  →  prints JSON:
  {"swatches": [{token, mode, side, fallback, color}], "cells": [{pair, mode, pass}],
   "samples": [{token, kind, boxShadow, borderTop, backgroundImage, borderTopStyle, width, font, letterSpacing}]}
`color` is the swatch's computed background-color (what the browser resolved from the page's CSS), and a
sample's fields are its computed styles;
the screenshot of the whole page is written for a reviewer to look at.
"""
import base64
import json
import sys

from cdp import call, close  # starts the browser

page, screenshot = sys.argv[1], sys.argv[2]
script = """new Promise(r => { const go = () => {
  const swatches = [...document.querySelectorAll('.swatch[data-token]')].map(e => ({
    token: e.dataset.token, mode: e.dataset.mode, side: e.dataset.side || null, fallback: e.dataset.fallback === 'true',
    color: getComputedStyle(e).backgroundColor }));
  const cells = [...document.querySelectorAll('[data-pair]')].map(e => ({ pair: e.dataset.pair, mode: e.dataset.mode, pass: e.dataset.pass }));
  const samples = [...document.querySelectorAll('[class^="sample-"][data-token]')].map(e => { const s = getComputedStyle(e); return {
    token: e.dataset.token, kind: e.className.slice(7), boxShadow: s.boxShadow, borderTop: s.borderTop, backgroundImage: s.backgroundImage,
    borderTopStyle: s.borderTopStyle, width: s.width, font: s.font, letterSpacing: s.letterSpacing }; });
  r(JSON.stringify({swatches, cells, samples})); };
  if (document.readyState === 'complete') go(); else addEventListener('load', go); })"""
try:
    target = call("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    call("Page.enable", {}, session)
    call("Emulation.setDeviceMetricsOverride", {"width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session)
    call("Page.navigate", {"url": "file://" + page}, session)
    value = call("Runtime.evaluate", {"expression": script, "awaitPromise": True, "returnByValue": True}, session)
    shot = call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True}, session)
    with open(screenshot, "wb") as out:
        out.write(base64.b64decode(shot["data"]))
    print(value["result"]["value"])
finally:
    close()
