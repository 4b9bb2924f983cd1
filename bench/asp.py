"""Benchmark the answer-set route: encodings/nonogram.lp against the seed-style
baseline, the hybrid mode, pysolver alone, and clingo-wasm in headless Chromium.

Usage (from the repository root; --wasm needs the built site, `python build.py`):
  python3 bench/asp.py --set webpbn --repeat 3 --timeout 20 --jobs 2 --wasm
  python3 bench/asp.py --set taai2011 --every 10 --timeout 20 --jobs 2 --wasm
  python3 bench/asp.py --set webpbn --engines clingo,baseline --out /tmp/asp.md

Every (puzzle, engine) run is a fresh process, so no engine profits from caches
another one filled. Times: CPU seconds of the solving process (grounding and
solving for clingo; the engine's work for pysolver and the hybrid), the median of
--repeat runs; the time limit is wall-clock per run. Verdicts are checked: every
solution must satisfy the clues. clingo-wasm runs the same programs (written by
pysolver.nonogram.asp.program) through web/js/engine/clingo-client.js on a blank page of the
served site, timed in the page (wall clock), alternating with native clingo runs
in this process (wall clock), so both see the same machine load.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "bench"))

from browser import FLAGS, serve  # noqa: E402  (bench/browser.py: site server, Chromium flags)
from engine import PUZZLES, SETS, load  # noqa: E402  (bench/engine.py: corpus loading)
from pysolver.nonogram import asp  # noqa: E402
from pysolver.nonogram.puzzle import grid_from_rows, satisfies  # noqa: E402

ENGINES = ("clingo", "baseline", "hybrid", "pysolver")
CHROMIUM = "/usr/bin/chromium"
SHORT = {"unique": "u", "multiple": "m", "none": "n", "solved": "s", "timeout": "T",
         "cancelled": "C"}


def run_one(args):
    """One engine on one puzzle, in a fresh worker process: verdict, CPU and wall time."""
    engine, puzzle, timeout = args
    import clingo  # noqa: F401  (imports are not part of the timing)
    from pysolver.nonogram.solver import search  # noqa: F401

    c0, w0 = time.process_time(), time.perf_counter()
    if engine == "pysolver":
        from pysolver.nonogram.solver.search import solve

        res = solve(puzzle, 2, timeout=timeout)
        status = res.status
        grids = res.solutions
    else:
        if engine == "hybrid":
            from experiments.hybrid import solve_hybrid
            res = solve_hybrid(puzzle, 2, timeout)
        else:
            enc = "baseline_seed" if engine == "baseline" else "nonogram"
            res = asp.solve_native(puzzle, 2, timeout, encoding_name=enc)
        status = res["status"]
        grids = [grid_from_rows(puzzle, rows) for rows in res["solutions"]]
    cpu, wall = time.process_time() - c0, time.perf_counter() - w0
    ok = all(satisfies(puzzle, g) for g in grids)
    return {"status": status, "cpu": cpu, "wall": wall, "ok": ok}


def run_native(items, engines, timeout, repeat, jobs):
    """Round one runs everything; later rounds repeat only the runs that finished."""
    out = {}
    tasks = [(e, p, timeout) for _, p in items for e in engines]
    with ProcessPoolExecutor(jobs, max_tasks_per_child=1) as ex:
        for _ in range(repeat):
            for (e, p, _), r in zip(tasks, ex.map(run_one, tasks, chunksize=1)):
                out.setdefault((id(p), e), []).append(r)
            tasks = [t for t in tasks if out[(id(t[1]), t[0])][0]["status"] != "timeout"]
    table = {}
    for label, p in items:
        for e in engines:
            rs = out[(id(p), e)]
            table[(label, e)] = {
                "status": rs[0]["status"], "ok": all(r["ok"] for r in rs),
                "agree": len({r["status"] for r in rs}) == 1,
                "cpu": statistics.median(r["cpu"] for r in rs),
                "wall": statistics.median(r["wall"] for r in rs)}
    return table


def run_wasm(items, timeout, repeat):
    """clingo-wasm in headless Chromium on the same programs; wall seconds per puzzle."""
    from playwright.sync_api import sync_playwright

    site = ROOT / "site"
    if not (site / "clingo" / "clingo.wasm").is_file():
        raise SystemExit(f"{site} is not built: run `python build.py` first")
    httpd, url = serve()
    table = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
            page = browser.new_page()
            # a blank page of the site's origin: the app (and Pyodide) stay out of the timing
            page.route(url + "bench.html", lambda route: route.fulfill(
                content_type="text/html", body="<!doctype html><title>bench</title>"))
            page.goto(url + "bench.html")
            page.evaluate("async () => { window.cc = await import('./js/engine/clingo-client.js'); }")
            run = """async ([program, ms]) => {
                const t0 = performance.now();
                const r = await window.cc.solveWithClingo(program, { models: 2, timeoutMs: ms });
                return { status: r.status, wall: (performance.now() - t0) / 1000,
                         models: r.models };
            }"""
            page.evaluate(run, [asp.program(items[0][1]), 60_000])  # warm-up: wasm compile
            version = page.evaluate("navigator.userAgent")
            for label, p in items:
                prog = asp.program(p)
                rs, nat = [], []
                for _ in range(repeat):  # native and wasm alternate: same machine load
                    nat.append(asp.solve_native(p, 2, timeout)["time_s"])
                    rs.append(page.evaluate(run, [prog, int(timeout * 1000)]))
                    if rs[0]["status"] == "timeout":
                        break
                grids = [asp.decode(m, p) for m in rs[0]["models"]]
                table[label] = {"status": rs[0]["status"],
                                "ok": all(satisfies(p, g) for g in grids),
                                "wall": statistics.median(r["wall"] for r in rs),
                                "native": statistics.median(nat)}
                print(f"  wasm {label}: {table[label]['status']} {table[label]['wall']:.3f} s, "
                      f"native {table[label]['native']:.3f} s", flush=True)
            browser.close()
    finally:
        httpd.shutdown()
    return table, version


def cell(r, key="cpu"):
    if r is None:
        return "-"
    mark = "" if r["ok"] else " WRONG"
    return f"{r[key]:.3f} {SHORT.get(r['status'], r['status'])}{mark}"


def report(items, engines, native, wasm, a):
    head = ["puzzle", "size"] + [f"{e} CPU s" for e in engines]
    if wasm:
        head += ["clingo wall s", "clingo-wasm wall s", "wasm / native"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for label, p in items:
        row = [label, f"{p.width}x{p.height}"]
        row += [cell(native.get((label, e))) for e in engines]
        if wasm:
            w = wasm.get(label)
            row += [f"{w['native']:.3f}" if w else "-", cell(w, "wall"),
                    f"{w['wall'] / w['native']:.1f}" if w else "-"]
        lines.append("| " + " | ".join(row) + " |")
    lines.append("")
    lines.append("u unique, m multiple, n none, T time limit. "
                 f"timeout {a.timeout:g} s, median of {a.repeat}, jobs {a.jobs}.")
    lines.append("")
    decided = [lb for lb, _ in items
               if all(native[(lb, e)]["status"] != "timeout" for e in engines)]
    for e in engines:
        rs = [native[(lb, e)] for lb, _ in items]
        n = sum(r["status"] != "timeout" for r in rs)
        tot = sum(native[(lb, e)]["cpu"] for lb in decided)
        lines.append(f"- {e}: decided {n}/{len(rs)}; CPU on the {len(decided)} puzzles all "
                     f"engines decided: total {tot:.2f} s, max "
                     f"{max((native[(lb, e)]['cpu'] for lb in decided), default=0):.2f} s; "
                     f"wrong {sum(not r['ok'] for r in rs)}")
    for e in engines:
        if e == "clingo" or "clingo" not in engines:
            continue
        both = [lb for lb, _ in items if native[(lb, e)]["status"] != "timeout"
                or native[(lb, "clingo")]["status"] != "timeout"]
        ratio = [native[(lb, e)]["cpu"] / max(native[(lb, "clingo")]["cpu"], 1e-9) for lb in both]
        if not ratio:
            continue
        slower = [lb for lb in both
                  if native[(lb, e)]["cpu"] < native[(lb, "clingo")]["cpu"]]
        lines.append(f"- {e} / clingo (CPU, puzzles at least one of the two decided): total {sum(native[(lb, e)]['cpu'] for lb in both):.2f} / "
                     f"{sum(native[(lb, 'clingo')]['cpu'] for lb in both):.2f} s, median ratio "
                     f"{statistics.median(ratio):.2f}, min ratio {min(ratio):.2f}; "
                     f"{e} faster than clingo on {len(slower)}: {', '.join(slower) or 'none'}")
    if wasm:
        pairs = [(wasm[lb]["native"], wasm[lb]["wall"]) for lb, _ in items
                 if lb in wasm and wasm[lb]["status"] != "timeout"
                 and native[(lb, "clingo")]["status"] != "timeout"]
        if pairs:
            ratios = [w / n for n, w in pairs]
            lines.append(f"- clingo-wasm / native clingo (wall, alternating runs): total "
                         f"{sum(w for _, w in pairs):.2f} / {sum(n for n, _ in pairs):.2f} s = "
                         f"{sum(w for _, w in pairs) / sum(n for n, _ in pairs):.2f}x, median "
                         f"{statistics.median(ratios):.2f}x, max {max(ratios):.2f}x; wasm wrong "
                         f"{sum(not r['ok'] for r in wasm.values())}")
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", action="append", choices=sorted(SETS), help="repeatable")
    ap.add_argument("--every", type=int, default=1, help="sample: every Nth puzzle of a set")
    ap.add_argument("--limit", type=int, default=0, help="at most N puzzles per set")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds per run")
    ap.add_argument("--repeat", type=int, default=1, help="runs per puzzle and engine (median)")
    ap.add_argument("--engines", default=",".join(ENGINES))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--wasm", action="store_true", help="also clingo-wasm in Chromium")
    ap.add_argument("--out", help="markdown file to write")
    a = ap.parse_args(argv)
    if not PUZZLES.is_dir():
        print(f"puzzle corpus not found at {PUZZLES}", file=sys.stderr)
        return 2
    engines = [e for e in a.engines.split(",") if e]
    if any(e not in ENGINES for e in engines):
        ap.error(f"--engines: choose from {', '.join(ENGINES)}")
    items = []
    for s in a.set or ["webpbn"]:
        got = load(s)[::a.every]
        items += [(f"{s}:{label}", p) for label, p in (got[:a.limit] if a.limit else got)]
    t0 = time.monotonic()
    native = run_native(items, engines, a.timeout, a.repeat, a.jobs)
    for label, _ in items:
        print(label, " ".join(f"{e}={cell(native[(label, e)])}" for e in engines), flush=True)
    wasm, agent = (run_wasm(items, a.timeout, a.repeat) if a.wasm else (None, None))
    import clingo

    text = report(items, engines, native, wasm, a)
    text += (f"\n\nPython {sys.version.split()[0]}, clingo {clingo.__version__} (native), "
             f"{'clingo-wasm 0.6.0 (clingo 5.8.1) in ' + agent if agent else ''}; "
             f"wall {time.monotonic() - t0:.0f} s")
    print(text)
    if a.out:
        Path(a.out).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
