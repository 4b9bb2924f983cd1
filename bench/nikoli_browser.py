#!/usr/bin/env python3
"""Nikoli hints in the site (headless Chromium, clingo-wasm): time to the first hint after
opening a puzzle, and hint latency p50/p95 along a whole hint walk (each hint applied, as a
player who follows them would, until the page says solved or the hints stop).

    python bench/nikoli_browser.py [--puzzles FILE...] [--json OUT]

Needs a built site (`python build.py`) and Debian's chromium. Puzzles: the built-in 10x10
and 15x15 of each family (web/puzzles/nikoli/), plus any URLs given with --url. One page,
the engine warm (Pyodide loaded); the first puzzle's first hint also starts clingo-wasm's
worker, reported apart. Timings are reported, never asserted.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from browser import FLAGS, SITE, pct, serve  # noqa: E402

PUZZLES = ["nurikabe-10x10-1.txt", "nurikabe-15x15-1.txt", "heyawake-10x10-1.txt", "heyawake-15x15-1.txt",
           "masyu-10x10-1.txt", "bag-10x10-1.txt", "bag-15x15-1.txt"]

WALK = """async ([text, name, limit]) => {
  const app = window.nonogramApp, nv = app.nikoli, asp = nv.panels.asp;
  const t0 = performance.now();
  await app.openText(text, name);            // the engine reads it; the view opens it
  const game = nv.game, url = game.puzzle.dict.url;
  const times = [], kinds = [];
  for (let k = 0; k < limit && !game.solved; k++) { // solved: the rule checker's verdict, a step behind at most
    const t = performance.now();
    const h = await asp.nikoliHint(app.engine, url, game.stateRows());
    times.push(performance.now() - (k ? t : t0));
    kinds.push(h.kind);
    if (h.kind !== "deduction") break;
    game.apply(game.hintChanges(h.cells), "hint");
  }
  // the walk ends solved: the rule checker's verdict, as the page gives it
  await new Promise((r) => setTimeout(r, 300));
  return {family: game.puzzle.family, size: `${game.puzzle.width}x${game.puzzle.height}`, times, kinds, solved: game.solved};
}"""


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", nargs="*", default=PUZZLES, help="files in web/puzzles/nikoli/")
    ap.add_argument("--url", action="append", default=[], help="a puzz.link URL to walk too")
    ap.add_argument("--limit", type=int, default=400, help="hints at most per walk")
    ap.add_argument("--json", help="write the figures here")
    args = ap.parse_args(argv)
    from playwright.sync_api import sync_playwright

    if not (SITE / "index.html").is_file():
        sys.exit("site/ is not built: run python build.py")
    httpd, url = serve()
    texts = [((ROOT / "web/puzzles/nikoli" / f).read_text(), f) for f in args.puzzles]
    texts += [(u, f"url{k + 1}") for k, u in enumerate(args.url)]
    out = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(url)
        page.wait_for_selector("#engine-status[data-status=ready]", timeout=180_000)
        for text, name in texts:
            r = page.evaluate(WALK, [text, name, args.limit])
            rest = r["times"][1:]
            row = {"puzzle": name, "family": r["family"], "size": r["size"], "hints": len(r["times"]),
                   "first_ms": round(r["times"][0]), "p50_ms": round(pct(rest, 0.5)) if rest else None,
                   "p95_ms": round(pct(rest, 0.95)) if rest else None, "max_ms": round(max(rest)) if rest else None,
                   "mean_ms": round(statistics.mean(rest)) if rest else None, "end": r["kinds"][-1], "solved": r["solved"]}
            out.append(row)
            print(json.dumps(row), flush=True)
        browser.close()
    httpd.shutdown()
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
