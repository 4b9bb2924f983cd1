#!/usr/bin/env python3
"""The site in headless Chromium: load times, hint latency, solving vs CPython.

    python bench/browser.py [--runs N] [--json OUT]

Needs a built site (`python build.py`) and Debian's chromium. Measures, on this
machine, in one run:
  - cold load (fresh profile) from navigation to the first hint answered, with the
    worker's own split (Pyodide start, micropip load, wheel install, bridge import);
    also with the wheel loaded by pyodide.loadPackage instead of micropip, to price
    micropip;
  - warm load (service worker cache, same profile) to the first hint answered;
  - hint latency (page -> worker -> page round trip) p50/p95 while playing through a
    30x30 and a 60x60 puzzle hint by hint;
  - a few engine benchmark puzzles solved in the browser and by CPython (same code:
    web/py/bridge.py "solve", i.e. classify with two solutions asked), with ratios.
Timings are reported, never asserted.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import json
import platform
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "web" / "py"))

FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
HINT_PUZZLES = [("30x30", "jwilk/data120.nin"), ("60x60", "webpbn/36459.xml")]
SOLVE_PUZZLES = ["webpbn/6574.xml", "webpbn/803.xml", "webpbn/1611.xml", "webpbn/436.xml",
                 "webpbn/35105.xml", "webpbn/47.xml", "jwilk/data120.nin", "nonogram-db/kde.non"]
HINTS_PER_PUZZLE = 60
RENDER_SIZE = 120  # a random picture this size: the board's redraw cost on a big grid


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *a):
        pass


def serve():
    httpd = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(Quiet, directory=str(SITE)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


FIRST_HINT = """async () => {
  while (!window.nonogramApp || !window.nonogramApp.getGame()) await new Promise(r => setTimeout(r, 10));
  const app = window.nonogramApp, g = app.getGame();
  await app.engine.call("hint", {puzzle: g.puzzle.dict, state: g.stateRows()});
  return {t: performance.now(), info: app.engine.info};
}"""

HINT_RUN = """async ([text, name, count]) => {
  const app = window.nonogramApp;
  const [puzzle] = (await app.engine.call("parse", {text, filename: name})).puzzles;
  const h = puzzle.height, w = puzzle.width;
  let state = Array.from({length: h}, () => "?".repeat(w));
  const times = [];
  for (let k = 0; k < count; k++) {
    const t0 = performance.now();
    const hint = await app.engine.call("hint", {puzzle, state});
    times.push(performance.now() - t0);
    if (!hint.cells || !hint.cells.length) break;
    const rows = state.map(r => [...r]);
    for (const c of hint.cells) rows[c.row - 1][c.column - 1] = c.value;
    state = rows.map(r => r.join(""));
  }
  return times;
}"""

SOLVE_RUN = """async ([text, name]) => {
  const app = window.nonogramApp;
  const [puzzle] = (await app.engine.call("parse", {text, filename: name})).puzzles;
  const t0 = performance.now();
  const res = await app.engine.call("solve", {puzzle, max_solutions: 2, timeout: 60});
  return {wall: (performance.now() - t0) / 1000, status: res.status, cls: res.classification,
          time_s: res.time_s};
}"""


RENDER_RUN = """async (dict) => {
  const app = window.nonogramApp;
  app.openPuzzle(dict);
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const v = app.view, g = app.getGame(), times = [];
  for (let k = 0; k < 30; k++) {
    g.apply([[k * 37 % g.cells.length, 2]], "bench");   // one move, then a full redraw
    const t0 = performance.now();
    v.drawCells(); v.drawClues(); v.updateAria();
    // reading a pixel makes the canvases really paint before the clock stops
    for (const c of [v.cellCanvas, v.rowCanvas, v.colCanvas]) c.getContext("2d").getImageData(0, 0, 1, 1);
    times.push(performance.now() - t0);
  }
  return times;
}"""


def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(q * (len(xs) - 1))))]


def cold_and_warm(browser, url, runs, installer=None):
    cold, warm, infos = [], [], []
    for _ in range(runs):
        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(url + (f"?installer={installer}" if installer else ""))
        r = page.evaluate(FIRST_HINT)
        cold.append(r["t"] / 1000)
        infos.append(r["info"]["timings_ms"])
        if not installer:
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.wait_for_function("navigator.serviceWorker.controller !== null")
            page.reload()
            warm.append(page.evaluate(FIRST_HINT)["t"] / 1000)
        ctx.close()
    return cold, warm, infos


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    if not (SITE / "index.html").is_file():
        sys.exit("site/ is not built: run `python build.py` first")
    from playwright.sync_api import sync_playwright

    import bridge  # web/py/bridge.py: the CPython side of the same calls

    httpd, url = serve()
    out = {"machine": f"{platform.machine()}, {platform.processor() or 'cpu'}, "
                      f"{__import__('os').cpu_count()} cores",
           "python": platform.python_version(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
           "loadavg_start": __import__("os").getloadavg()}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            out["chromium"] = browser.version
            cold, warm, infos = cold_and_warm(browser, url, args.runs)
            lp_cold, _, lp_infos = cold_and_warm(browser, url, args.runs, installer="loadPackage")
            out["load"] = {
                "cold_to_first_hint_s": cold, "warm_to_first_hint_s": warm,
                "worker_ms": infos, "cold_loadPackage_s": lp_cold, "worker_loadPackage_ms": lp_infos,
            }
            ctx = browser.new_context()
            page = ctx.new_page()
            page.goto(url)
            page.evaluate(FIRST_HINT)
            out["hints"] = {}
            for label, rel in HINT_PUZZLES:
                text = (SITE / "puzzles" / rel).read_text()
                times = page.evaluate(HINT_RUN, [text, rel, HINTS_PER_PUZZLE])
                out["hints"][label] = {"puzzle": rel, "n": len(times),
                                       "p50_ms": round(statistics.median(times), 1),
                                       "p95_ms": round(pct(times, 0.95), 1),
                                       "max_ms": round(max(times), 1)}
                print(f"hint {label} {rel}: {out['hints'][label]}", flush=True)
            import random

            from pysolver import api
            rnd = random.Random(1)
            pic = ["".join("#" if rnd.random() < 0.5 else "." for _ in range(RENDER_SIZE))
                   for _ in range(RENDER_SIZE)]
            times = page.evaluate(RENDER_RUN, api.clues_from_grid(pic, title="render bench"))
            out["render"] = {"size": f"{RENDER_SIZE}x{RENDER_SIZE}",
                             "p50_ms": round(statistics.median(times), 1),
                             "p95_ms": round(pct(times, 0.95), 1)}
            print(f"render {out['render']}", flush=True)
            out["solve"] = []
            for rel in SOLVE_PUZZLES:
                text = (SITE / "puzzles" / rel).read_text()
                b = page.evaluate(SOLVE_RUN, [text, rel])
                d = json.loads(bridge.call("parse", json.dumps({"text": text, "filename": rel})))
                c = json.loads(bridge.call("solve", json.dumps(
                    {"puzzle": d["result"]["puzzles"][0], "max_solutions": 2, "timeout": 60})))["result"]
                cpy = c["time_s"]  # the engine's own clock on both sides
                row = {"puzzle": rel, "status": b["status"], "class": b["cls"],
                       "browser_s": round(b["time_s"], 3), "cpython_s": round(cpy, 3),
                       "ratio": round(b["time_s"] / cpy, 2) if cpy > 0 else None,
                       "cpython_status": c["status"]}
                out["solve"].append(row)
                print(f"solve {row}", flush=True)
            ctx.close()
            browser.close()
    finally:
        httpd.shutdown()
    out["loadavg_end"] = __import__("os").getloadavg()
    med = statistics.median
    load = out["load"]
    print(f"machine load average (1/5/15 min) at start {out['loadavg_start']}, at end {out['loadavg_end']}")
    print(f"cold load to first hint: median {med(load['cold_to_first_hint_s']):.2f} s "
          f"(runs {', '.join(f'{x:.2f}' for x in load['cold_to_first_hint_s'])})")
    print(f"warm load to first hint: median {med(load['warm_to_first_hint_s']):.2f} s")
    for key in ("pyodide", "micropip", "wheel", "bridge", "total"):
        print(f"  worker {key}: median {med(i[key] for i in load['worker_ms'])} ms (micropip) / "
              f"{med(i[key] for i in load['worker_loadPackage_ms'])} ms (loadPackage)")
    ratios = [r["ratio"] for r in out["solve"] if r["ratio"] and r["cpython_s"] > 0.05]
    if ratios:
        print(f"browser/CPython solve ratio: median {med(ratios):.2f} over {len(ratios)} puzzles > 0.05 s")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
