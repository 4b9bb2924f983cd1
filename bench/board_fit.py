#!/usr/bin/env python3
"""The board's fitted size in headless Chromium, at 1280x800 and at 390x844 (touch), for a
few built-in puzzles opened one after another; screenshots of each.

    python bench/board_fit.py [--out DIR] [ID ...]

Needs a built site (`python build.py`) and Debian's chromium. Prints, per viewport and
puzzle: the cell size, the clue font, the board box the layout gives and the board's size
in it, and where the toolbar ends (the share of the height the header and tools take).
Sizes, not times: they depend on the layout alone, not on the machine.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ["welcome-heart", "webpbn-6", "webpbn-knotty", "webpbn-47", "webpbn-36459", "webpbn-6"]
VIEWPORTS = [("desktop", 1280, 800, False), ("phone", 390, 844, True)]
MEASURE = """() => {
  const v = window.nonogramApp.play.view, r = v.root.getBoundingClientRect();
  const t = document.querySelector('#view-play .toolbar').getBoundingClientRect();
  return {cell: v.cell, font: v.font, box: [Math.round(r.width), Math.round(r.height)],
          board: [v.totalW, v.totalH], tools_end: Math.round(t.bottom)};
}"""


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ids", nargs="*", default=DEFAULT)
    ap.add_argument("--out", type=Path, default=ROOT / "test-artifacts" / "board")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    handler = functools.partial(_Quiet, directory=str(ROOT / "site"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"])
        for name, w, h, touch in VIEWPORTS:
            ctx = browser.new_context(viewport={"width": w, "height": h}, has_touch=touch, is_mobile=touch)
            page = ctx.new_page()
            page.goto(url)
            page.wait_for_selector("html[data-booted=true]")
            for k, pid in enumerate(args.ids):
                page.click("#nav-library")
                page.click(f"button.open-builtin[data-id='{pid}']")
                page.wait_for_function("id => window.nonogramApp.play.game.key === 'builtin:' + id", arg=pid)
                m = page.evaluate(MEASURE)
                print(f"{name} {w}x{h} {pid:14} cell {m['cell']:2} px, clue font {m['font']:2} px, "
                      f"board {m['board'][0]}x{m['board'][1]} in box {m['box'][0]}x{m['box'][1]}, "
                      f"tools end at {m['tools_end']} px ({100 * m['tools_end'] / h:.0f} % of the height)")
                page.screenshot(path=str(args.out / f"{name}-{k}-{pid}.png"))
            ctx.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
