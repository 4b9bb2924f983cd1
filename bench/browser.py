#!/usr/bin/env python3
"""The site in headless Chromium: load times, hint latency, solving vs CPython.

    python bench/browser.py [--runs N] [--json OUT]

Needs a built site (`python build.py`) and Debian's chromium. Measures, on this
machine, in one run:
  - cold load (fresh profile) from navigation to the first hint answered, with the
    worker's own split (Pyodide start, micropip load, wheel install, bridge import);
    also with the wheel loaded by pyodide.loadPackage instead of micropip, to price
    micropip;
  - warm load (service worker cache, same profile, reload once the first visit has
    saved its engine snapshot) to the first hint answered, and the same reload with
    ?snapshot=off (a normal Pyodide start from the cache), interleaved, to price the
    snapshot;
  - hint latency (page -> worker -> page round trip) p50/p95 while playing through a
    30x30 and a 60x60 puzzle hint by hint, once the puzzle was diagnosed (its
    solutions found, as Play does on opening: the diagnosis time is reported);
  - a few engine benchmark puzzles solved in the browser and by CPython (same code:
    web/py/bridge.py "solve", i.e. classify with two solutions asked), with ratios.
    Each side solves each puzzle SOLVE_REPS times (--solve-reps), each time after a "reset" (every
    cache emptied), in a fresh page and process, the sides taking turns run by run:
    the first run (V8 still compiling and tiering up the interpreter's wasm) and
    the steady state (median of the others) are both reported. --peer PYTHON adds
    other CPython versions (e.g. 3.13, nearest to Pyodide's 3.14), run the same way.
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
SOLVE_REPS = 3
SNAPSHOT_SAVED = "window.nonogramApp.engine.snapshot !== null"
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
  while (!window.nonogramApp || !window.nonogramApp.play || !window.nonogramApp.play.game) await new Promise(r => setTimeout(r, 10));
  const app = window.nonogramApp, g = app.play.game;
  await app.engine.call("hint", {puzzle: g.puzzle.dict, state: g.stateRows()});
  const info = app.engine.info;
  // when the worker started, on the page's clock (navigation = 0)
  return {t: performance.now(), info, worker_at: info.time_origin - performance.timeOrigin};
}"""

HINT_RUN = """async ([text, name, count]) => {
  const app = window.nonogramApp;
  const [puzzle] = (await app.engine.call("parse", {text, filename: name})).puzzles;
  const h = puzzle.height, w = puzzle.width;
  let state = Array.from({length: h}, () => "?".repeat(w));
  const times = [];
  // as Play on opening: the solutions found first, so each hint checks the marks
  const t = performance.now();
  const known = await app.engine.call("diagnose", {puzzle});
  const diagnose_ms = performance.now() - t;
  for (let k = 0; k < count; k++) {
    const t0 = performance.now();
    const hint = await app.engine.call("hint", {puzzle, state});
    times.push(performance.now() - t0);
    if (!hint.cells || !hint.cells.length) break;
    const rows = state.map(r => [...r]);
    for (const c of hint.cells) rows[c.row - 1][c.column - 1] = c.value;
    state = rows.map(r => r.join(""));
  }
  return {times, diagnose_ms, unique: known.unique};
}"""

SOLVE_RUN = """async ([text, name]) => {
  const app = window.nonogramApp;
  const [puzzle] = (await app.engine.call("parse", {text, filename: name})).puzzles;
  await app.engine.call("reset", {});
  const res = await app.engine.call("solve", {puzzle, max_solutions: 2, timeout: 60});
  return {status: res.status, cls: res.classification, time_s: res.time_s};
}"""

# The CPython side of SOLVE_RUN: a fresh process of the given interpreter that
# answers one line per request ([name, text] -> {python, status, time_s}).
PEER = """
import json, sys
sys.path[:0] = [sys.argv[1], sys.argv[2]]
import bridge
for line in sys.stdin:
    rel, text = json.loads(line)
    d = json.loads(bridge.call("parse", json.dumps({"text": text, "filename": rel})))
    bridge.call("reset", "{}")
    # a progress callback as in the worker (called at most every 0.25 s)
    r = json.loads(bridge.call("solve", json.dumps(
        {"puzzle": d["result"]["puzzles"][0], "max_solutions": 2, "timeout": 60}),
        lambda text: None))["result"]
    print(json.dumps({"python": sys.version.split()[0], "status": r["status"], "time_s": r["time_s"]}),
          flush=True)
"""


class Peer:
    def __init__(self, python):
        import subprocess
        self.proc = subprocess.Popen([python, "-c", PEER, str(ROOT), str(ROOT / "web" / "py")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def solve(self, rel, text):
        self.proc.stdin.write(json.dumps([rel, text]) + "\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()


RENDER_RUN = """async (dict) => {
  const app = window.nonogramApp;
  app.openPuzzle(dict);
  await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
  const v = app.play.view, g = app.play.game, times = [];
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


def split(r):
    return {**r["info"]["timings_ms"], "worker_at": round(r["worker_at"]),
            "snapshot": r["info"].get("snapshot")}


def cold_and_warm(browser, url, runs, installer=None):
    """Per run, a fresh profile: the cold load; then (micropip path) reloads of the
    same profile with the snapshot off and on, in alternating order."""
    out = {"cold": [], "cold_split": [], "warm": [], "warm_split": [], "warm_off": [],
           "warm_off_split": []}
    for k in range(runs):
        ctx = browser.new_context()
        page = ctx.new_page()
        page.goto(url + (f"?installer={installer}" if installer else ""))
        r = page.evaluate(FIRST_HINT)
        out["cold"].append(r["t"] / 1000)
        out["cold_split"].append(split(r))
        if not installer:
            page.evaluate("navigator.serviceWorker.ready.then(() => true)")
            page.wait_for_function("navigator.serviceWorker.controller !== null")
            # the first visit saves the engine snapshot about a second after it is ready
            page.wait_for_function(SNAPSHOT_SAVED, timeout=120_000)
            for off in ((False, True) if k % 2 == 0 else (True, False)):
                page.goto(url + ("?snapshot=off" if off else ""))
                r = page.evaluate(FIRST_HINT)
                key = "warm_off" if off else "warm"
                out[key].append(r["t"] / 1000)
                out[key + "_split"].append(split(r))
        ctx.close()
    return out


def solve_both(browser, url, peers, reps=SOLVE_REPS):
    """SOLVE_PUZZLES in a fresh page and in fresh CPython processes, the same calls,
    run after run in turn (browser, then each CPython), so load drift hits all."""
    texts = [(rel, (SITE / "puzzles" / rel).read_text()) for rel in SOLVE_PUZZLES]
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(url)
    page.evaluate(FIRST_HINT)
    page.wait_for_function(SNAPSHOT_SAVED, timeout=120_000)  # its background work is done
    procs = [Peer(p) for p in [sys.executable] + peers]
    rows = []
    try:
        for rel, text in texts:
            runs = {"browser": [], **{k: [] for k in range(len(procs))}}
            for _ in range(reps):
                b = page.evaluate(SOLVE_RUN, [text, rel])
                runs["browser"].append(b["time_s"])
                for k, proc in enumerate(procs):
                    c = proc.solve(rel, text)
                    runs[k].append(c["time_s"])
                    runs[f"{k}_status"], runs[f"{k}_python"] = c["status"], c["python"]
            row = {"puzzle": rel, "status": b["status"], "class": b["cls"], "browser_runs": runs["browser"]}
            for k in range(len(procs)):
                tag = "cpython" if k == 0 else f"cpython{runs[f'{k}_python']}"
                row[tag + "_runs"], row[tag + "_status"] = runs[k], runs[f"{k}_status"]
                for which, pick in (("first", lambda xs: xs[0]), ("steady", lambda xs: statistics.median(xs[1:]))):
                    bt, ct = pick(runs["browser"]), pick(runs[k])
                    row[f"{tag}_{which}_ratio"] = round(bt / ct, 2) if ct > 0.05 else None
            rows.append(row)
            print(f"solve {row}", flush=True)
    finally:
        for proc in procs:
            proc.close()
        ctx.close()
    tags = [k for k in rows[0] if k.startswith("cpython") and k.endswith("_runs")]
    return {"peers": [t[:-len("_runs")] for t in tags], "rows": rows}


def report(out):
    med = statistics.median
    load = out.get("load", {})
    print(f"machine load average (1/5/15 min) at start {out['loadavg_start']}, at end {out['loadavg_end']}")
    for key, what in (("cold", "cold load (fresh profile)"), ("warm", "warm load (snapshot)"),
                      ("warm_off", "warm load, ?snapshot=off"), ("cold_loadPackage", "cold, loadPackage not micropip")):
        xs = load.get(key)
        if not xs:
            continue
        print(f"{what} to first hint: median {med(xs):.2f} s (runs {', '.join(f'{x:.2f}' for x in xs)})")
        sp = load[key + "_split"]
        parts = [f"{k} {med(v for i in sp if (v := i.get(k)) is not None)}" for k in
                 ("worker_at", "request", "before_start", "snapshot_read", "pyodide", "micropip", "wheel",
                  "bridge", "total")
                 if any(i.get(k) is not None for i in sp)]
        print(f"  worker split, median ms: {', '.join(parts)}; snapshot {sorted({i['snapshot'] for i in sp})}")
    solve = out.get("solve", {"peers": [], "rows": []})
    for tag in solve["peers"]:
        for which in ("first", "steady"):
            ratios = [r[f"{tag}_{which}_ratio"] for r in solve["rows"] if r[f"{tag}_{which}_ratio"]]
            if ratios:
                worst = max(solve["rows"], key=lambda r: r[f"{tag}_{which}_ratio"] or 0)
                print(f"browser/{tag} solve ratio, {which} run: median {med(ratios):.2f} over {len(ratios)} "
                      f"puzzles > 0.05 s (worst {worst['puzzle']} {worst[f'{tag}_{which}_ratio']})")
        # the whole benchmark's time, every run of every puzzle: what a session of solves costs
        total_b = sum(sum(r["browser_runs"]) for r in solve["rows"])
        total_c = sum(sum(r[f"{tag}_runs"]) for r in solve["rows"])
        if total_c > 0:
            print(f"browser/{tag} solve time, all runs of all puzzles: {total_b:.2f} s / {total_c:.2f} s "
                  f"= {total_b / total_c:.2f}")


def stale_wheel():
    """Engine modules whose source differs from the built site's wheel (the CPython
    side imports the working tree: both sides must run the same code)."""
    import zipfile
    wheel = json.loads((SITE / "build.json").read_text())["wheel"]
    with zipfile.ZipFile(SITE / wheel) as z:
        return [n for n in z.namelist() if n.startswith("pysolver/") and n.endswith(".py")
                and (not (ROOT / n).is_file() or (ROOT / n).read_bytes() != z.read(n))]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--solve-reps", type=int, default=SOLVE_REPS,
                    help="solves per puzzle and side (the first is reported apart)")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--parts", default="load,solve,hints",
                    help="comma-separated subset of load,solve,hints (default: all)")
    ap.add_argument("--peer", action="append", default=[], metavar="PYTHON",
                    help="another CPython to compare the solves with (repeatable)")
    args = ap.parse_args(argv)
    if not (SITE / "index.html").is_file():
        sys.exit("site/ is not built: run `python build.py` first")
    if stale := stale_wheel():
        sys.exit(f"site/ is older than the engine ({', '.join(stale)} changed): run `python build.py` first")
    from playwright.sync_api import sync_playwright

    httpd, url = serve()
    out = {"machine": f"{platform.machine()}, {platform.processor() or 'cpu'}, "
                      f"{__import__('os').cpu_count()} cores",
           "python": platform.python_version(), "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
           "loadavg_start": __import__("os").getloadavg()}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            out["chromium"] = browser.version
            parts = set(args.parts.split(","))
            if "load" in parts:
                mp = cold_and_warm(browser, url, args.runs)
                lp = cold_and_warm(browser, url, args.runs, installer="loadPackage")
                out["load"] = {**mp, "cold_loadPackage": lp["cold"], "cold_loadPackage_split": lp["cold_split"]}
            if "solve" in parts:
                out["solve"] = solve_both(browser, url, args.peer, max(2, args.solve_reps))
            if "hints" in parts:
                hints_and_render(browser.new_context(), url, out)
            browser.close()
    finally:
        httpd.shutdown()
    out["loadavg_end"] = __import__("os").getloadavg()
    report(out)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")
    return 0


def hints_and_render(ctx, url, out):
    """Hint latency while playing through two puzzles, and the board redraw cost."""
    page = ctx.new_page()
    page.goto(url)
    page.evaluate(FIRST_HINT)
    page.wait_for_function(SNAPSHOT_SAVED, timeout=120_000)
    out["hints"] = {}
    for label, rel in HINT_PUZZLES:
        text = (SITE / "puzzles" / rel).read_text()
        run = page.evaluate(HINT_RUN, [text, rel, HINTS_PER_PUZZLE])
        times = run["times"]
        out["hints"][label] = {"puzzle": rel, "n": len(times),
                               "diagnose_ms": round(run["diagnose_ms"]), "unique": run["unique"],
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
    ctx.close()


if __name__ == "__main__":
    sys.exit(main())
