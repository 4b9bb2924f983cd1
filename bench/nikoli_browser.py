#!/usr/bin/env python3
"""Nikoli puzzles in headless Chromium: clingo-wasm solve times, the first hint, and
hint latency along a whole hint walk (issues 16 and 17).

    python bench/nikoli_browser.py [--cache DIR] [--walk 10,15] [--max-hints N] [--json OUT]
    python bench/nikoli_browser.py --instances 30 --walk ""   (solve times at 30x30)
    python bench/nikoli_browser.py --instances 10,15,20 --families bag --walk ""
    python bench/nikoli_browser.py --instances 10,15 --walks 5 --no-solve   (walks on generated puzzles)

Needs a built site (`python build.py`) and Debian's chromium. Instances: the
built-in library (web/puzzles/nikoli), instance files in --cache (bench/nikoli.py's
"seed URL" lines, <family>-<W>x<H>.txt as in bench/nikoli-instances, or older
<family>-<size>.json {seed: URL} caches), or with --instances the stored sets.
The walks take the first instance (--walks N: the first N) per family and size: the
library's built-ins, or with --instances the generated sets. Everything is timed in the page (performance.now)
through js/genres/nikoli/asp.js, i.e. the Python task in the engine worker and each of
its clingo calls on clingo-wasm, as the site runs them; native clingo on the same
calls in this process is the peer (the machine's load hits both alike):
  - solve: the "solve" task, two solutions asked (uniqueness), per instance;
  - first hint: a fresh page whose engine is ready (clingo-wasm not started yet),
    the hint on the empty grid of a 10x10 and a 15x15 of each family;
  - hint walk: from the empty grid, each hint applied (hints.played; Masyu's "no
    line" hints also kept as crosses) until the grid is complete; latency p50/p95 and the browser's hints compared with native.
Timings are reported, never asserted.
"""
from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from browser import FLAGS, pct, serve  # noqa: E402  (bench/browser.py)
from pysolver.nikoli import aspsolve, hints, model  # noqa: E402

LIBRARY = ROOT / "web" / "puzzles" / "nikoli"
READY = "() => window.nonogramApp && window.nonogramApp.engine.status === 'ready'"
# runTask's loop (js/genres/nikoli/asp.js) with its parts timed: the worker's Python steps
# and the clingo-wasm runs
RUN = """async ([task, args]) => {
  const m = await import("./js/genres/nikoli/asp.js");
  const engine = window.nonogramApp.engine;
  const t0 = performance.now();
  let py = 0, asks = 0, t = performance.now();
  let reply = await engine.call("nikoli_start", {task, args});
  py += performance.now() - t;
  while (!("result" in reply)) {
    const answer = await m.answerAsk(reply.ask);
    asks += 1;
    t = performance.now();
    reply = await engine.call("nikoli_step", {session: reply.session, answer});
    py += performance.now() - t;
  }
  const ms = performance.now() - t0;
  return {ms, py_ms: py, clingo_ms: ms - py, asks, result: reply.result};
}"""


def instances(cache: Path | None, sizes=()):
    """(family, size, name, text) of the library and the bench caches; with ``sizes``,
    bench/nikoli-instances of those sizes instead of the library."""
    for n in sizes:
        for p in sorted((ROOT / "bench" / "nikoli-instances").glob(f"*-{n}x{n}.txt")):
            for ln in p.read_text().splitlines():
                seed, link = ln.split()
                g = model.parse(link)
                yield g.family, g.width, f"{p.stem}-{seed}", link
    for p in sorted(LIBRARY.glob("*.txt")) if not sizes else ():
        g = model.parse(p.read_text(encoding="utf-8"))
        if g.width == g.height:
            yield g.family, g.width, p.stem, p.read_text(encoding="utf-8")
    for p in sorted(cache.glob("*.json")) + sorted(cache.glob("*.txt")) if cache else ():
        pairs = (json.loads(p.read_text()).items() if p.suffix == ".json" else
                 (ln.split() for ln in p.read_text().splitlines() if ln.strip()))
        for seed, link in pairs:
            if link:
                g = model.parse(link)
                yield g.family, g.width, f"{p.stem}-{seed}", link


def fresh_page(browser, url):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=300_000)
    return ctx, page


def run(page, task, args):
    return page.evaluate(RUN, [task, args])


def walk(page, grid, text, max_hints):
    ms, py, asks, native, same, kinds = [], [], [], [], 0, {}
    state, crosses = ["?" * grid.width] * grid.height, []
    for _ in range(max_hints):
        r = run(page, "hint", {"puzzle": text, "state": state, "crosses": crosses})
        t0 = time.perf_counter()
        mine = hints.run_native(hints.hint_task(grid, state, crosses))
        native.append(time.perf_counter() - t0)
        ms.append(r["ms"])
        py.append(r["py_ms"])
        asks.append(r["asks"])
        same += r["result"] == mine
        h = r["result"]
        kinds[h["kind"]] = kinds.get(h["kind"], 0) + 1
        if h["kind"] != "deduction":
            break
        if h["cells"][0]["value"] == "no line":  # Masyu: rows cannot always say it
            crosses.append(h["cells"][0])
        state = hints.played(grid, state, h, crosses)
    return {"hints": len(ms), "p50_s": pct(ms, 0.5) / 1000, "p95_s": pct(ms, 0.95) / 1000,
            "max_s": max(ms) / 1000, "python_share": sum(py) / sum(ms),
            "asks_mean": statistics.mean(asks), "asks_max": max(asks),
            "asked_share": sum(1 for a in asks if a) / len(asks),
            "clingo_s_per_ask": sum(m - p for m, p in zip(ms, py)) / max(sum(asks), 1) / 1000,
            "python_p95_s": pct(py, 0.95) / 1000, "native_p50_s": pct(native, 0.5),
            "native_p95_s": pct(native, 0.95), "same_as_native": same, "kinds": kinds,
            "complete": h["explanation"] == "The grid is complete."}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cache", type=Path, help="a folder of instance files (bench/nikoli.py's .txt or older .json)")
    ap.add_argument("--walk", default="10,15", help="sizes whose first instances per family are walked")
    ap.add_argument("--walks", type=int, default=1, help="instances walked per family and size (the first N)")
    ap.add_argument("--max-hints", type=int, default=1000)
    ap.add_argument("--no-solve", action="store_true")
    ap.add_argument("--instances", default="", help="sizes (e.g. 30) of bench/nikoli-instances "
                    "to time instead of the library")
    ap.add_argument("--families", default="", help="only these families (e.g. masyu,bag)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    items = [i for i in instances(args.cache, [int(n) for n in args.instances.split(",") if n])
             if not args.families or i[0] in args.families.split(",")]
    walk_sizes = {int(s) for s in args.walk.split(",") if s}
    out = {"machine": platform.platform(), "solve": [], "first_hint": [], "walk": []}
    httpd, url = serve()
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        if not args.no_solve:
            ctx, page = fresh_page(browser, url)
            run(page, "solve", {"puzzle": items[0][3], "max_solutions": 2})  # clingo-wasm started
            for family, size, name, text in items:
                r = run(page, "solve", {"puzzle": text, "max_solutions": 2})
                native = aspsolve.solve(model.parse(text), 2)
                row = {"family": family, "size": size, "name": name, "s": r["ms"] / 1000,
                       "status": r["result"]["status"], "native_s": native["time_s"],
                       "agree": r["result"]["solutions"] == native["solutions"]}
                out["solve"].append(row)
                print(json.dumps(row), flush=True)
            ctx.close()
        done = {}
        for family, size, name, text in items:
            if size not in walk_sizes or done.get((family, size), 0) >= args.walks:
                continue
            done[(family, size)] = done.get((family, size), 0) + 1
            grid = model.parse(text)
            ctx, page = fresh_page(browser, url)
            first = run(page, "hint", {"puzzle": text, "state": ["?" * grid.width] * grid.height})
            row = {"family": family, "size": size, "name": name, "first_hint_s": first["ms"] / 1000}
            out["first_hint"].append(row)
            print(json.dumps(row), flush=True)
            w = {"family": family, "size": size, "name": name,
                 **walk(page, grid, text, args.max_hints)}
            out["walk"].append(w)
            print(json.dumps(w), flush=True)
            ctx.close()
        browser.close()
    httpd.shutdown()
    report(out)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1))


def report(out):
    print("\nsolve (clingo-wasm in the worker, two solutions asked) vs native clingo")
    groups = {}
    for r in out["solve"]:
        groups.setdefault((r["family"], r["size"]), []).append(r)
    for (family, size), rows in sorted(groups.items()):
        b = [r["s"] for r in rows]
        n = [r["native_s"] for r in rows]
        print(f"  {family:9} {size}x{size}: n={len(rows)} median {statistics.median(b):.3f} s, "
              f"worst {max(b):.3f} s; native median {statistics.median(n):.3f} s "
              f"(ratio {sum(b) / max(sum(n), 1e-9):.1f}); all agree: {all(r['agree'] for r in rows)}")
    print("first hint (fresh page, engine ready) and hint walks")
    first = {r["name"]: r["first_hint_s"] for r in out["first_hint"]}
    for w in out["walk"]:
        print(f"  {w['family']:9} {w['size']}x{w['size']} {w['name']}: first {first[w['name']]:.3f} s; "
              f"{w['hints']} hints p50 {w['p50_s']:.3f} s p95 {w['p95_s']:.3f} s max {w['max_s']:.3f} s "
              f"(asks mean {w['asks_mean']:.1f} max {w['asks_max']}, Python {w['python_share']:.0%}; "
              f"hints asking {w['asked_share']:.1%}, {w['clingo_s_per_ask']:.3f} s per ask, "
              f"Python p95 {w['python_p95_s']:.3f} s); "
              f"native p50 {w['native_p50_s']:.3f} p95 {w['native_p95_s']:.3f}; "
              f"same as native {w['same_as_native']}/{w['hints']}; complete {w['complete']}")


if __name__ == "__main__":
    main()
