#!/usr/bin/env python3
"""Create-and-check benchmark: check time on goal puzzles, fix-assistant success rate.

    python bench/fix.py                  run, print the markdown section
    python bench/fix.py --write          also replace "## Create and check" in PERF.md
    python bench/fix.py --limit 20       a quick sample of each set

Check = what the editor's Check button runs in the worker (pysolver.api.analyse
with count_cap 20): uniqueness, classification, difficulty, and the solution
count up to 20. Fix = pysolver.nonogram.player.fix.suggest on every nonodataset board the
solver finds to have several solutions; a board counts as fixed when at least
one suggestion comes back, and each suggestion is re-solved here once more.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "bench"))
sys.path.insert(2, str(ROOT / "tests"))

from browser import FLAGS, pct, serve  # noqa: E402  (bench/browser.py: site server, percentiles)
from engine import PUZZLES  # noqa: E402
from pictures import apply_suggestion, masks  # noqa: E402  (tests/pictures.py: the tests' re-check)
from pysolver import api
from pysolver.nonogram.player import fix
from pysolver.nonogram.solver import search  # noqa: E402
from pysolver.nonogram.formats import parse  # noqa: E402

SETS = ["nonogram-db", "nonodataset"]
COUNT_CAP = 20  # as web/js/create/check.js


def check(puzzle, timeout):
    """The editor's Check (api.analyse: uniqueness, class, difficulty, count up to 20), timed."""
    t = time.perf_counter()
    res = api.analyse(puzzle, count_cap=COUNT_CAP, timeout=timeout)
    return res["status"], res["classification"], time.perf_counter() - t


def reverify(puzzle, sugg):
    """Apply a suggestion from its dict alone and re-solve: True when the goal is the one solution."""
    try:
        fixed_puzzle, fixed, goal = apply_suggestion(puzzle, sugg)
    except AssertionError:  # a given that is not the goal's colour, a toggle that changes nothing
        return False
    res = search.solve(fixed_puzzle, max_solutions=2, cells=masks(fixed_puzzle, fixed) if fixed else None)
    return res.status == "unique" and res.solutions == [goal]


def corpus(limit):
    rows = [line.split("\t") for line in (PUZZLES / "MANIFEST.tsv").read_text().splitlines()[1:]]
    out = {s: [] for s in SETS}
    for r in rows:
        s = r[0].split("/")[0]
        if s in out and (limit is None or len(out[s]) < limit):
            path = PUZZLES / r[0]
            p = parse(path.read_text(), path.name)[0]
            if p.goal is not None:
                out[s].append((r[0], p))
    return out


def run(limit, timeout, fix_timeout):
    sets = corpus(limit)
    lines = []
    check_rows, multi = [], []
    for s, items in sets.items():
        for name, p in items:
            verdict, cls, dt = check(p, timeout)
            check_rows.append((s, name, p.width, p.height, verdict, cls, dt))
            if s == "nonodataset" and verdict == "multiple":
                multi.append((name, p))
            print(f"check {name} {p.width}x{p.height} {verdict} {cls} {dt:.3f}s", file=sys.stderr)
    fix_rows = []
    for name, p in multi:
        t = time.perf_counter()
        out = fix.suggest(p, timeout=fix_timeout)
        dt = time.perf_counter() - t
        ok = all(reverify(p, sg) for sg in out)
        fix_rows.append((name, p.width, bool(out), ok, dt, out))
        print(f"fix {name} {len(out)} suggestions ok={ok} {dt:.2f}s "
              f"{[(sg['kind'], len(sg['cells'])) for sg in out]}", file=sys.stderr)

    lines.append("## Create and check")
    lines.append("")
    lines.append(f"`python bench/fix.py --write` on {datetime.date.today()}, "
                 f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()} "
                 f"(CPython, one process; other engineers were using the machine).")
    lines.append("")
    lines.append("Targets (issue 5): the check answers in under 1 s for puzzles up to 30×30 in the "
                 "browser; the fix assistant finds a verified fix for at least 90% of the "
                 "multi-solution 10×10 and 15×15 nonodataset boards. `--browser` adds the browser "
                 "table (headless Chromium; the Check button column is the time from the click to the "
                 "verdict on screen: the ASP facts request for clingo, the check in the Pyodide "
                 "worker and drawing the answer).")
    lines.append("")
    lines.append("### Check (api.analyse: uniqueness, classification, difficulty, count up to 20)")
    lines.append("")
    lines.append("| set | size | puzzles | unique | multiple | other | median s | p95 s | max s | under 1 s |")
    lines.append("|---|---|---|---|---|---|---|---|---|---|")
    groups = {}
    for s, name, w, h, verdict, cls, dt in check_rows:
        size = f"{w}x{h}" if s == "nonodataset" else ("≤30×30" if max(w, h) <= 30 else ">30")
        groups.setdefault((s, size), []).append((verdict, dt))
    for (s, size), g in sorted(groups.items()):
        ts = [dt for _, dt in g]
        n_u = sum(v == "unique" for v, _ in g)
        n_m = sum(v == "multiple" for v, _ in g)
        lines.append(f"| {s} | {size} | {len(g)} | {n_u} | {n_m} | {len(g) - n_u - n_m} | "
                     f"{statistics.median(ts):.3f} | {pct(ts, 0.95):.3f} | {max(ts):.3f} | "
                     f"{sum(t < 1 for t in ts)}/{len(ts)} |")
    lines.append("")
    lines.append(f"### Fix assistant on the multi-solution nonodataset boards ({fix_timeout:g} s limit each)")
    lines.append("")
    lines.append("| size | boards | fixed (verified) | rate | one-cell fix | median s | p90 s | max s | given / toggle suggestions |")
    lines.append("|---|---|---|---|---|---|---|---|---|")
    for size in sorted({r[1] for r in fix_rows}):
        g = [r for r in fix_rows if r[1] == size]
        fixed = [r for r in g if r[2] and r[3]]
        ts = [r[4] for r in g]
        one = sum(1 for r in g if any(len(sg["cells"]) == 1 for sg in r[5]))
        kinds = [sg["kind"] for r in g for sg in r[5]]
        lines.append(f"| {size}x{size} | {len(g)} | {len(fixed)} | {100 * len(fixed) / len(g):.1f}% | "
                     f"{one} | {statistics.median(ts):.2f} | {pct(ts, 0.9):.2f} | {max(ts):.2f} | "
                     f"{kinds.count('given')} / {kinds.count('toggle')} |")
    bad = [r[0] for r in fix_rows if r[2] and not r[3]]
    lines.append("")
    lines.append(f"Suggestions that failed the independent re-solve: {len(bad)}"
                 + (f" ({', '.join(bad)})" if bad else "") + ".")
    unfixed = [r[0] for r in fix_rows if not r[2]]
    if unfixed:
        lines.append(f"Boards with no verified fix: {', '.join(Path(n).stem for n in unfixed)}.")
    return "\n".join(lines) + "\n"


def browser_checks(limit):
    """The editor's check in headless Chromium (Pyodide worker) against CPython, same puzzles.

    Goal puzzles up to 30x35 from nonogram-db plus a sample of nonodataset boards.
    Per puzzle: web/py/bridge.py's "check_goal" handler in this CPython process
    (line caches cleared first), then the real Check button in the page (the time
    to the verdict on screen, and the engine's own time inside the worker).
    """
    from playwright.sync_api import sync_playwright
    sys.path.insert(0, str(ROOT / "web" / "py"))
    import bridge
    from pysolver.nonogram.solver import line
    from pysolver.nonogram.formats import jsonfmt

    site = ROOT / "site"
    if not (site / "index.html").is_file():
        sys.exit("site/ is not built: run `python build.py` first")
    sets = corpus(None)
    items = [(n, p) for n, p in sets["nonogram-db"] if p.width <= 30 and p.height <= 35]
    items += sets["nonodataset"][::max(1, len(sets["nonodataset"]) // (limit or 40))]
    httpd, url = serve()
    rows = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(url)
        page.wait_for_selector("#nav-editor", timeout=60_000)
        page.click("#nav-editor")
        page.wait_for_selector("#engine-status[data-status=ready]", timeout=120_000)
        for name, p in items:
            d = jsonfmt.to_dict(p)
            payload = json.dumps({"puzzle": d, "count_cap": COUNT_CAP})
            line._solvers.clear()  # cold line caches, as in the worker for a new puzzle
            cp = json.loads(bridge.call("check_goal", payload))["result"]
            cpy = cp["time_s"]  # api.analyse's own time, as engine_s in the worker
            ui, engine_s, status = ui_check(page, d)
            assert status == cp["status"], name
            rows.append((name, p.width, p.height, cp["status"], cpy, engine_s, ui))
            print(f"browser {name} {p.width}x{p.height} {cp['status']} cpython {cpy:.3f}s "
                  f"worker engine {engine_s:.3f}s button {ui:.3f}s", file=sys.stderr)
        browser.close()
    httpd.shutdown()
    lines = ["", "### Check in the browser (headless Chromium, Pyodide worker) against CPython, same run", "",
             "| puzzles | size | CPython median s | Pyodide engine median s | Pyodide engine max s | Check button median s | Check button max s | Pyodide/CPython (median of ratios) | Check button under 1 s |",
             "|---|---|---|---|---|---|---|---|---|"]
    groups = {}
    for r in rows:
        key = "nonodataset" if "nonodataset" in r[0] else "nonogram-db"
        size = f"{r[1]}x{r[2]}" if key == "nonodataset" else "≤30×35"
        groups.setdefault((key, size), []).append(r)
    for (key, size), g in sorted(groups.items()):
        cpy, wk, ui = [r[4] for r in g], [r[5] for r in g], [r[6] for r in g]
        ratio = statistics.median(w / max(c, 1e-4) for w, c in zip(wk, cpy))
        lines.append(f"| {key} ({len(g)}) | {size} | {statistics.median(cpy):.3f} | {statistics.median(wk):.3f} | "
                     f"{max(wk):.3f} | {statistics.median(ui):.3f} | {max(ui):.3f} | {ratio:.2f}× | "
                     f"{sum(u < 1 for u in ui)}/{len(ui)} |")
    slow = sorted(rows, key=lambda r: -r[6])[:3]
    lines.append("")
    lines.append("Slowest through the Check button: " + ", ".join(
        f"{Path(r[0]).name} ({r[1]}×{r[2]}, {r[3]}) {r[6]:.2f} s" for r in slow) + ".")
    return "\n".join(lines) + "\n"


def ui_check(page, d):
    """Load the goal into the editor, press Check, wait for the verdict.

    Returns (seconds from click to verdict, the engine's own time in the worker, status).
    """
    return page.evaluate("""async (d) => {
        const ed = window.nonogramApp.editor.tool;  // the nonogram editor in the Create frame
        const idx = new Map(d.colors.map((c, i) => [c.char, i]));
        ed.doc.replace({width: d.width, height: d.height, colors: d.colors,
                        cells: d.goal.join('').split('').map(c => idx.get(c) ?? 1), givens: []}, 'bench');
        await ed.currentPuzzle();
        const t = performance.now();
        const button = document.querySelector('#ed-check-run');
        button.click();
        while (!document.querySelector('#ed-verdict')) {
            if (!button.disabled) throw new Error(document.querySelector('#ed-check-result').textContent);
            await new Promise(r => setTimeout(r, 5));
        }
        const shown = (performance.now() - t) / 1000;  // clingo's count may come first
        while (button.disabled) await new Promise(r => setTimeout(r, 5));
        const last = ed.checker.last;
        if (!last) throw new Error(document.querySelector('#ed-check-result').textContent);
        return [shown, last.time_s, last.status];
    }""", d)


def write_section(text):
    perf = ROOT / "PERF.md"
    old = perf.read_text() if perf.exists() else "# Performance\n"
    start = old.find("## Create and check")
    if start < 0:
        new = old.rstrip("\n") + "\n\n" + text
    else:
        end = old.find("\n## ", start + 1)
        new = old[:start] + text + ("" if end < 0 else old[end:])
    perf.write_text(new)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=None, help="puzzles per set")
    ap.add_argument("--timeout", type=float, default=20.0, help="check limit per puzzle (s)")
    ap.add_argument("--fix-timeout", type=float, default=30.0, help="fix limit per board (s)")
    ap.add_argument("--write", action="store_true", help="update PERF.md")
    ap.add_argument("--browser", action="store_true",
                    help="also time the editor's check in headless Chromium (needs a built site)")
    args = ap.parse_args()
    if not PUZZLES.is_dir():
        sys.exit(f"puzzle corpus not found at {PUZZLES}")
    text = run(args.limit, args.timeout, args.fix_timeout)
    print(text, flush=True)
    if args.write:
        write_section(text)
    if args.browser:
        more = browser_checks(args.limit)
        print(more)
        if args.write:
            write_section(text + more)


if __name__ == "__main__":
    main()
