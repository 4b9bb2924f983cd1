#!/usr/bin/env python3
"""Hint latency per genre on a broad set, native and in the browser (issue 30).

Target: a hint within 1 s natively and 3 s in the browser on any puzzle that
`solve` decides within 10 s. The sets (fixed by these rules before any result):
  nonograms: bench/value_order.py's families (webpbn, jwilk, nonogram-db and
    NonoDataset hard tails, TAAI every --taai-every-th of the tail, random 25-40
    squared at five densities, seeds 1-2), kept where `solve` (two solutions,
    the default search) decides within 10 s of CPU (--decided: value_order.py's
    JSON lines, the "likely" runs, and only the puzzles they reached; else solved here);
  Nikoli: the first --per-file instances of every bench/nikoli-instances file
    (Bag, Heyawake, Masyu, Nurikabe at 10, 15, 20 and 30 squared) and the
    built-in library (web/puzzles/nikoli), and with --puzzlekit FILE (the janko.at
    Heyawake and Nurikabe of SmilingWayne/puzzlekit-dataset 53de2fc, not in this
    repository: fetch it and pass assets/data/*/*_dataset.json) every
    --puzzlekit-every-th puzzle plus PUZZLEKIT_HARD (the slowest of the 2026-11-26
    hint run, PERF.md "Nikoli against noqx"), kept where `solve` (two solutions,
    native clingo) decides within 10 s of CPU.
Per puzzle, from cold caches (api.clear_caches, the worker's "reset"): nonograms
first Play's opening (diagnose: the bounded search for the solutions, timed
apart), then the first hint on the empty grid and --hints - 1 more, each applied
before the next (a player following the hints); Nikoli the same walk
(hints.played). Then, again from cold caches (nonograms: diagnose first, untimed),
the hint on two partial states: 30 % and 60 % of a solution's cells shown
(seeded): the later hints of a game, where the easy steps are gone; with
--stuck (nonograms) also the state where the hint walk leaves lines and one-cell
what-ifs (bench/hint_stuck.py), where the deeper what-ifs and reveals run. Native: CPU time (process_time; clingo runs in this process).
Browser (--browser N: every N-th puzzle of the native set): the built site's
engine worker in headless Chromium (window.nonogramApp.engine, as bench/browser.py
and bench/nikoli_browser.py drive it), timed in the page (performance.now: wall
time, the only clock there; the machine's load inflates it), each puzzle's walk
then run again in this process as its CPython peer, timed by the wall clock too
(perf_counter), and the page's times given over the peer's, per family (the load
inflates both alike: the ratio is what a quiet machine's page adds to CPython).
--only / --only-from JSON: the nonograms of those labels or of an earlier run (reruns).

    python bench/hint_latency.py [--genres nonogram,nikoli] [--decided FILE.jsonl ...]
        [--browser N] [--json OUT]
"""
from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "bench"))

import value_order  # noqa: E402
from hint_stuck import stuck_state  # noqa: E402
from browser import FLAGS, pct, serve  # noqa: E402
from engine import DECIDED  # noqa: E402
from pysolver import api  # noqa: E402
from pysolver.nikoli import aspsolve, hints, read, url  # noqa: E402
from pysolver.nonogram import service  # noqa: E402
from pysolver.nonogram.formats import jsonfmt  # noqa: E402
from pysolver.nonogram.puzzle import rows_text  # noqa: E402
from pysolver.nonogram.solver.search import solve  # noqa: E402

SOLVE_LIMIT = 10.0  # CPU seconds: the target covers puzzles solve decides within this
NIKOLI_LIBRARY = ROOT / "web" / "puzzles" / "nikoli"
NIKOLI_INSTANCES = ROOT / "bench" / "nikoli-instances"
PUZZLEKIT_HARD = {"648_10x18", "660_14x24", "667_14x24", "825_15x21", "1108_20x15", "86_24x14",
                  "350_31x45", "591_15x24", "300_20x36", "646_14x24"}


def nonogram_set(a):
    """[(family, label, puzzle)] of the value-order families that solve decides."""
    done = {}
    for name in a.decided or ():
        for ln in open(name, encoding="utf-8"):
            if ln.strip():
                row = json.loads(ln)
                if "likely" in row:
                    done[row["label"]] = row["likely"]
    vo = argparse.Namespace(taai_every=a.taai_every, nonodataset_every=6,
                            seeds=list(value_order.RANDOM_SEEDS),
                            densities=list(value_order.RANDOM_DENSITIES))
    out = []
    for family in value_order.FAMILIES:
        for label, p in value_order.puzzles(family, vo):
            r = done.get(label)
            if r is None and a.decided:  # only the puzzles those runs reached
                continue
            if r is None:
                t0 = time.process_time()
                res = solve(p, max_solutions=2, timeout=SOLVE_LIMIT, clock=time.process_time)
                r = {"status": res.status, "cpu": time.process_time() - t0}
            if r["status"] in DECIDED and r["cpu"] <= SOLVE_LIMIT:
                out.append((family, label, p))
    return out


def nikoli_set(a):
    """[(family, label, link text)] of the instance files' first --per-file and the library."""
    out = []
    for path in sorted(NIKOLI_INSTANCES.glob("*.txt")):
        lines = [ln.split() for ln in path.read_text().splitlines() if ln.strip()]
        for seed, link in lines[:a.per_file]:
            out.append((path.stem.split("-")[0], f"{path.stem}#{seed}", link))
    for path in sorted(NIKOLI_LIBRARY.glob("*.txt")):
        out.append((path.stem.split("-")[0], f"library/{path.stem}",
                    path.read_text(encoding="utf-8").strip()))
    from nikoli_hints import puzzlekit  # bench/nikoli_hints.py: the dataset's reader
    for name in a.puzzlekit or ():
        family = "heyawake" if "heyawake" in name.lower() else "nurikabe"
        for k, (label, grid) in enumerate(puzzlekit(Path(name), family)):
            if k % a.puzzlekit_every == 0 or label in PUZZLEKIT_HARD:
                out.append((f"{family} (janko)", f"janko-{family}#{label}", url.write_url(grid)))
    return out


def apply_nonogram(state, h):
    rows = [list(r) for r in state]
    for c in h.get("cells") or ():
        rows[c["row"] - 1][c["column"] - 1] = c["value"]
    return ["".join(r) for r in rows]


SHARES = (0.3, 0.6)  # partial states: this share of a solution's cells shown


def partial(solution, share, seed):
    rng = random.Random(seed)
    return ["".join(ch if rng.random() < share else "?" for ch in row) for row in solution]


def native_nonogram(p, count, stuck=False, clock=time.process_time):
    """(diagnose s, [hint s], [kinds], [partial-state hint s]) from cold caches, CPU time
    (``clock``: perf_counter for the browser run's peer, wall as in the page)."""
    api.clear_caches()
    t0 = clock()
    service.diagnose(p)
    diag = clock() - t0
    state, times, kinds = ["?" * p.width] * p.height, [], []
    for _ in range(count):
        t0 = clock()
        h = service.hint(p, state)
        times.append(clock() - t0)
        kinds.append(h["kind"])
        if not h.get("cells"):
            break
        state = apply_nonogram(state, h)
    res = solve(p, max_solutions=1, timeout=SOLVE_LIMIT, clock=time.process_time)
    states = [partial(rows_text(p, res.solutions[0]), share, k)
              for k, share in enumerate(SHARES if res.solutions else ())]
    if stuck:
        states.append(stuck_state(p))
    later = []
    for state in states:
        api.clear_caches()
        service.diagnose(p)
        t0 = clock()
        h = service.hint(p, state)
        later.append(clock() - t0)
    if stuck:
        kinds.append("stuck: " + h["kind"])
    return diag, times, kinds, later


def native_nikoli(link, count, clock=time.process_time):
    """(solve s, [hint s], [kinds], [partial-state hint s]) or None when solve does not
    decide within SOLVE_LIMIT (CPU); hints timed by ``clock`` (see native_nonogram)."""
    grid = read.parse(link)
    api.clear_caches()
    t0 = time.process_time()
    res = aspsolve.solve(grid, 2, timeout=6 * SOLVE_LIMIT)  # wall: a cap under load
    solve_s = time.process_time() - t0
    if res["status"] not in ("unique", "multiple") or solve_s > SOLVE_LIMIT:
        return None
    api.clear_caches()
    state, crosses, times, kinds = ["?" * grid.width] * grid.height, [], [], []
    for _ in range(count):
        t0 = clock()
        h = hints.run_native(hints.hint_task(grid, state, crosses))
        times.append(clock() - t0)
        kinds.append(h["kind"])
        if h["kind"] != "deduction":
            break
        if h["cells"][0]["value"] == "no line":  # Masyu: rows cannot always say it
            crosses.append(h["cells"][0])
        state = hints.played(grid, state, h, crosses)
    later = []
    for k, share in enumerate(SHARES):
        api.clear_caches()
        t0 = clock()
        hints.run_native(hints.hint_task(grid, partial(res["solutions"][0], share, k)))
        later.append(clock() - t0)
    return solve_s, times, kinds, later


# the walk in the page, as Play asks: reset (cold caches), diagnose, then each hint
NONOGRAM_WALK = """async ([puzzle, count]) => {
  const engine = window.nonogramApp.engine;
  await engine.call("reset", {});
  let t = performance.now();
  await engine.call("diagnose", {puzzle});
  const diagnose_ms = performance.now() - t;
  let state = Array.from({length: puzzle.height}, () => "?".repeat(puzzle.width));
  const ms = [], kinds = [];
  for (let k = 0; k < count; k++) {
    t = performance.now();
    const h = await engine.call("hint", {puzzle, state});
    ms.push(performance.now() - t);
    kinds.push(h.kind);
    if (!h.cells || !h.cells.length) break;
    const rows = state.map(r => [...r]);
    for (const c of h.cells) rows[c.row - 1][c.column - 1] = c.value;
    state = rows.map(r => r.join(""));
  }
  return {diagnose_ms, ms, kinds};
}"""

# a hint on a partial state from cold caches, after Play's opening (untimed)
NONOGRAM_PARTIAL = """async ([puzzle, state]) => {
  const engine = window.nonogramApp.engine;
  await engine.call("reset", {});
  await engine.call("diagnose", {puzzle});
  const t = performance.now();
  await engine.call("hint", {puzzle, state});
  return performance.now() - t;
}"""


def browser_runs(nonograms, nikolis, count):
    """{label: (ms list, kinds)} in one headless Chromium page on the built site."""
    from playwright.sync_api import sync_playwright

    from nikoli_browser import READY, RUN  # bench/nikoli_browser.py: runTask timed in the page
    httpd, url = serve()
    out = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
            page = browser.new_context().new_page()
            page.goto(url)
            page.wait_for_function(READY, timeout=300_000)
            # warm-ups, untimed in the tables: the engine's first call and clingo-wasm's start
            for family, label, p in nonograms[:1]:
                r = page.evaluate(NONOGRAM_WALK, [jsonfmt.to_dict(p), 1])
                print(f"browser warm-up {label}: {r['ms'][0]:.0f} ms", flush=True)
            for family, label, link in nikolis[:1]:
                grid = read.parse(link)
                r = page.evaluate(RUN, ["hint", {"puzzle": link, "state": ["?" * grid.width]
                                                 * grid.height, "crosses": []}])
                print(f"browser warm-up {label} (clingo-wasm starts): {r['ms']:.0f} ms", flush=True)
            for family, label, p in nonograms:
                r = page.evaluate(NONOGRAM_WALK, [jsonfmt.to_dict(p), count])
                res = solve(p, max_solutions=1, timeout=SOLVE_LIMIT, clock=time.process_time)
                later = [page.evaluate(NONOGRAM_PARTIAL, [jsonfmt.to_dict(p), partial(
                    rows_text(p, res.solutions[0]), share, k)]) for k, share in enumerate(SHARES)
                    if res.solutions]
                peer = native_nonogram(p, count, clock=time.perf_counter)
                out[label] = (r["ms"], r["kinds"], r["diagnose_ms"], later, peer)
                print(f"browser {label}: diagnose {r['diagnose_ms']:.0f} ms, hints "
                      f"{[round(x) for x in r['ms']]} ms {r['kinds']}, partial "
                      f"{[round(x) for x in later]} ms; CPython peer (wall) diagnose "
                      f"{1000 * peer[0]:.0f} ms, hints {[round(1000 * x) for x in peer[1]]} ms "
                      f"{peer[2]}", flush=True)
            for family, label, link in nikolis:
                grid = read.parse(link)
                page.evaluate("() => window.nonogramApp.engine.call('reset', {})")
                state, crosses, ms, kinds = ["?" * grid.width] * grid.height, [], [], []
                for _ in range(count):
                    r = page.evaluate(RUN, ["hint", {"puzzle": link, "state": state,
                                                     "crosses": crosses}])
                    h = r["result"]
                    ms.append(r["ms"])
                    kinds.append(h["kind"])
                    if h["kind"] != "deduction":
                        break
                    if h["cells"][0]["value"] == "no line":
                        crosses.append(h["cells"][0])
                    state = hints.played(grid, state, h, crosses)
                solution = aspsolve.solve(grid, 1)["solutions"][0]
                later = []
                for k, share in enumerate(SHARES):
                    page.evaluate("() => window.nonogramApp.engine.call('reset', {})")
                    later.append(page.evaluate(RUN, ["hint", {"puzzle": link, "state": partial(
                        solution, share, k), "crosses": []}])["ms"])
                got = native_nikoli(link, count, clock=time.perf_counter)
                peer = (None, *got[1:]) if got else None
                out[label] = (ms, kinds, None, later, peer)
                print(f"browser {label}: hints {[round(x) for x in ms]} ms {kinds}, partial "
                      f"{[round(x) for x in later]} ms; native peer (wall) hints "
                      f"{[round(1000 * x) for x in peer[1]] if peer else '-'} ms", flush=True)
            browser.close()
    finally:
        httpd.shutdown()
    return out


def ratios(got, fam):
    """Page over CPython peer, wall both, the same hints in the same run (the load
    inflates both alike): per family p50 / max over the hints of 0.05 s and more
    natively (shorter ones measure the worker's round trip), and diagnose's."""
    print("\nBrowser over the CPython peer in the same run (wall / wall; hints of >= 0.05 s "
          "natively)\n\n| family | hints | ratio p50 / max | diagnose ratio p50 / max |\n"
          "|---|---|---|---|")
    per = {}
    for label, (ms, _, diag_ms, later, peer) in got.items():
        if not peer:
            continue
        pairs = [*zip(ms, peer[1]), *zip(later, peer[3])]  # (page ms, peer s)
        hs = [b / 1000 / n for b, n in pairs if n >= 0.05]
        ds = [diag_ms / 1000 / peer[0]] if diag_ms is not None and (peer[0] or 0) >= 0.05 else []
        f = per.setdefault(fam[label], ([], []))
        f[0].extend(hs)
        f[1].extend(ds)
    for family, (hs, ds) in per.items():
        show = (lambda xs: f"{pct(xs, .5):.2f} / {max(xs):.2f}" if xs else "–")
        print(f"| {family} | {len(hs)} | {show(hs)} | {show(ds)} |", flush=True)


def table(title, rows, unit, limit):
    """rows: [(family, label, [walk hints], [partial-state hints])] -> markdown per family."""
    print(f"\n{title}\n\n| family | puzzles | first hint p50 / p95 / max {unit} | next hints "
          f"of the walk | later states, cold (30 %, 60 % shown; --stuck: the stuck state) | over {limit:g} {unit} | worst |")
    print("|---|---|---|---|---|---|---|")

    def ppm(xs):
        return f"{pct(xs, .5):.3f} / {pct(xs, .95):.3f} / {max(xs):.3f}" if xs else "–"
    for family in dict.fromkeys(r[0] for r in rows):
        rs = [r for r in rows if r[0] == family]
        every = [r[2] + r[3] for r in rs]
        over = sum(t > limit for ts in every for t in ts)
        worst = max(rs, key=lambda r: max(r[2] + r[3]))
        print(f"| {family} | {len(rs)} | {ppm([r[2][0] for r in rs])} | "
              f"{ppm([t for r in rs for t in r[2][1:]])} | {ppm([t for r in rs for t in r[3]])} | "
              f"{over} of {sum(map(len, every))} | {worst[1]} {max(worst[2] + worst[3]):.3f} |",
              flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--genres", default="nonogram,nikoli")
    ap.add_argument("--decided", action="append", help="value_order.py JSON lines")
    ap.add_argument("--taai-every", type=int, default=5)
    ap.add_argument("--per-file", type=int, default=3, help="Nikoli instances per file")
    ap.add_argument("--puzzlekit", action="append", help="a puzzlekit-dataset JSON file")
    ap.add_argument("--puzzlekit-every", type=int, default=40)
    ap.add_argument("--nikoli-only", default="", help="comma-separated labels (reruns)")
    ap.add_argument("--only", default="", help="comma-separated nonogram labels (reruns)")
    ap.add_argument("--only-from", action="append", metavar="JSON",
                    help="nonograms: only the labels of an earlier run's --json (its native "
                         "and browser walks): the same set again")
    ap.add_argument("--hints", type=int, default=5, help="hints per walk (the first + later)")
    ap.add_argument("--stuck", action="store_true",
                    help="nonograms: also the hint where the walk leaves lines and one-cell "
                         "what-ifs (bench/hint_stuck.py; the deeper what-ifs and reveals run there)")
    ap.add_argument("--browser", type=int, default=0, metavar="N",
                    help="also in the browser, every N-th puzzle of the native set")
    ap.add_argument("--no-native", action="store_true", help="browser only")
    ap.add_argument("--json", help="write every walk here")
    a = ap.parse_args()
    genres = a.genres.split(",")
    print(f"python {platform.python_version()} on {platform.machine()}, "
          f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}", flush=True)
    nonograms = nonogram_set(a) if "nonogram" in genres else []
    nikolis = nikoli_set(a) if "nikoli" in genres else []
    if a.nikoli_only:
        nikolis = [n for n in nikolis if n[1] in a.nikoli_only.split(",")]
    if a.only or a.only_from:
        keep = set(filter(None, a.only.split(",")))
        for name in a.only_from or ():
            old = json.loads(Path(name).read_text())
            keep.update(old["native"], old["browser"])
        nonograms = [n for n in nonograms if n[1] in keep]
    native, skipped, record = [], [], {"native": {}, "browser": {}}
    for family, label, p in nonograms if not a.no_native else ():
        diag, times, kinds, later = native_nonogram(p, a.hints, a.stuck)
        native.append(("nonogram " + family, label, times, later))
        record["native"][label] = {"diagnose_s": diag, "hints_s": times, "kinds": kinds,
                                   "partial_s": later}
        print(f"native {label} {p.width}x{p.height}: diagnose {diag:.3f} s, hints "
              f"{[round(t, 3) for t in times]} {kinds}, partial {[round(t, 3) for t in later]}",
              flush=True)
    kept = []
    for family, label, link in nikolis:
        if a.no_native:
            kept.append((family, label, link))
            continue
        got = native_nikoli(link, a.hints)
        if got is None:
            skipped.append(label)
            print(f"native {label}: solve undecided within {SOLVE_LIMIT:g} s: skipped", flush=True)
            continue
        solve_s, times, kinds, later = got
        kept.append((family, label, link))
        native.append((family, label, times, later))
        record["native"][label] = {"solve_s": solve_s, "hints_s": times, "kinds": kinds,
                                   "partial_s": later}
        print(f"native {label}: solve {solve_s:.2f} s, hints {[round(t, 3) for t in times]} "
              f"{kinds}, partial {[round(t, 3) for t in later]}", flush=True)
    if native:
        table("Native (CPU s)", native, "s", 1.0)
        diags = [v["diagnose_s"] for v in record["native"].values() if "diagnose_s" in v]
        if diags:
            print(f"\nnonogram diagnose (Play's opening) p50 / p95 / max CPU s: "
                  f"{pct(diags, .5):.3f} / {pct(diags, .95):.3f} / {max(diags):.3f}")
        if skipped:
            print(f"Nikoli not decided by solve within {SOLVE_LIMIT:g} s: {', '.join(skipped)}")
    if a.browser:
        got = browser_runs(nonograms[::a.browser], kept[::a.browser], a.hints)
        fam = {label: family for family, label, _ in kept}
        fam.update({label: "nonogram " + family for family, label, _ in nonograms})
        rows = [(fam[label], label, [t / 1000 for t in ms], [t / 1000 for t in later])
                for label, (ms, _, _, later, _) in got.items() if ms]
        record["browser"] = {k: {"hints_ms": v[0], "kinds": v[1], "diagnose_ms": v[2],
                                 "partial_ms": v[3], "peer_s": v[4]} for k, v in got.items()}
        table("Browser (wall s in the page)", rows, "s", 3.0)
        ratios(got, fam)
        diags = [v[2] / 1000 for v in got.values() if v[2] is not None]
        if diags:
            print(f"\nnonogram diagnose in the browser p50 / p95 / max s: "
                  f"{pct(diags, .5):.3f} / {pct(diags, .95):.3f} / {max(diags):.3f}")
    if a.json:
        Path(a.json).write_text(json.dumps(record, indent=1))


if __name__ == "__main__":
    main()
