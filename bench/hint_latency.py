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
time, the only clock there; the machine's load inflates it) and by the CPU time
its renderer processes used (/proc: the worker runs in them; the load hardly
touches it); each puzzle's walk then runs again in this process as its CPython
peer (CPU), and the page's CPU is given over the peer's per family.
--only / --only-from JSON: the nonograms of those labels or of an earlier run (reruns).

    python bench/hint_latency.py [--genres nonogram,nikoli] [--decided FILE.jsonl ...]
        [--browser N] [--json OUT]
"""
from __future__ import annotations

import argparse
import json
import os
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
PUZZLEKIT_HARD = {"648_10x18", "660_14x24", "667_14x24", "825_15x21", "1108_20x15", "86_24x14", "1030_32x32",
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
    """(diagnose s, [hint s], [kinds], [partial-state hint s]) from cold caches, CPU time."""
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


# one engine call in the page, timed there (wall: performance.now is the page's only clock)
CALL = """async ([task, args]) => {
  const t = performance.now();
  const result = await window.nonogramApp.engine.call(task, args);
  return {ms: performance.now() - t, result};
}"""


def _children():
    kids = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        kids.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    return kids


def renderers():
    """The pids of this process's Chromium renderers (the page, its workers: the engine)."""
    kids, todo, out = _children(), [os.getpid()], []
    while todo:
        pid = todo.pop()
        todo.extend(kids.get(pid, ()))
        try:
            if b"--type=renderer" in Path(f"/proc/{pid}/cmdline").read_bytes():
                out.append(pid)
        except OSError:
            pass
    return out


def cpu_of(pids):
    """CPU seconds (user + system) the processes ``pids`` have used so far."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


class Page:
    """Calls into the page, each timed by the page's wall clock and by the CPU its
    renderers used (the load inflates the wall, hardly the CPU)."""

    def __init__(self, page):
        self.page, self.pids = page, renderers()

    def call(self, script, args):
        c0 = cpu_of(self.pids)
        r = self.page.evaluate(script, args)
        return r, cpu_of(self.pids) - c0

    def nonogram(self, task, args):
        """(result, wall s, CPU s) of one nonogram engine call."""
        r, cpu = self.call(CALL, [task, args])
        return r["result"], r["ms"] / 1000, cpu


def page_nonogram(pg, p, count, states):
    """Play's opening then the hint walk, then each later state from cold caches:
    ((diagnose wall, CPU), [(hint wall, CPU)], kinds, [(later wall, CPU)])."""
    puzzle = jsonfmt.to_dict(p)
    pg.nonogram("reset", {})
    _, dw, dc = pg.nonogram("diagnose", {"puzzle": puzzle})
    state, walk, kinds = ["?" * p.width] * p.height, [], []
    for _ in range(count):
        h, w, c = pg.nonogram("hint", {"puzzle": puzzle, "state": state})
        walk.append((w, c))
        kinds.append(h["kind"])
        if not h.get("cells"):
            break
        state = apply_nonogram(state, h)
    later = []
    for state in states:
        pg.nonogram("reset", {})
        pg.nonogram("diagnose", {"puzzle": puzzle})
        _, w, c = pg.nonogram("hint", {"puzzle": puzzle, "state": state})
        later.append((w, c))
    return (dw, dc), walk, kinds, later


def page_nikoli(pg, grid, link, count, states):
    """The Nikoli hint walk and later states, as page_nonogram (no opening)."""
    from nikoli_browser import RUN  # bench/nikoli_browser.py: runTask timed in the page
    reset = "() => window.nonogramApp.engine.call('reset', {})"
    pg.page.evaluate(reset)
    state, crosses, walk, kinds = ["?" * grid.width] * grid.height, [], [], []
    for _ in range(count):
        r, c = pg.call(RUN, ["hint", {"puzzle": link, "state": state, "crosses": crosses}])
        h = r["result"]
        walk.append((r["ms"] / 1000, c))
        kinds.append(h["kind"])
        if h["kind"] != "deduction":
            break
        if h["cells"][0]["value"] == "no line":
            crosses.append(h["cells"][0])
        state = hints.played(grid, state, h, crosses)
    later = []
    for s in states:
        pg.page.evaluate(reset)
        r, c = pg.call(RUN, ["hint", {"puzzle": link, "state": s, "crosses": []}])
        later.append((r["ms"] / 1000, c))
    return (None, None), walk, kinds, later



def engine_page(pw, url):
    """Headless Chromium on the built site at ``url``, its engine ready: (browser, page)."""
    from nikoli_browser import READY
    browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=FLAGS)
    page = browser.new_context().new_page()
    page.goto(url)
    page.wait_for_function(READY, timeout=300_000)
    return browser, page

def browser_runs(nonograms, nikolis, count):
    """{label: (diagnose, walk, kinds, later, peer)} in one headless Chromium page on the
    built site: page times as (wall s, renderer CPU s); peer: the same walk natively
    right after (native_nonogram / native_nikoli, CPU), None where solve is undecided."""
    from playwright.sync_api import sync_playwright

    httpd, url = serve()
    out = {}
    try:
        with sync_playwright() as pw:
            browser, page = engine_page(pw, url)
            pg = Page(page)
            # warm-ups, untimed in the tables: the engine's first call and clingo-wasm's start
            for family, label, p in nonograms[:1]:
                r = page_nonogram(pg, p, 1, [])
                print(f"browser warm-up {label}: {r[1][0][0]:.2f} s", flush=True)
            for family, label, link in nikolis[:1]:
                r = page_nikoli(pg, read.parse(link), link, 1, [])
                print(f"browser warm-up {label} (clingo-wasm starts): {r[1][0][0]:.2f} s",
                      flush=True)
            pg.pids = renderers()  # clingo-wasm may have started one
            for family, label, p in nonograms:
                res = solve(p, max_solutions=1, timeout=SOLVE_LIMIT, clock=time.process_time)
                states = [partial(rows_text(p, res.solutions[0]), share, k)
                          for k, share in enumerate(SHARES) if res.solutions]
                got = page_nonogram(pg, p, count, states)
                out[label] = (*got, native_nonogram(p, count))
                show(label, out[label])
            for family, label, link in nikolis:
                grid = read.parse(link)
                solution = aspsolve.solve(grid, 1)["solutions"][0]
                got = page_nikoli(pg, grid, link, count,
                                  [partial(solution, share, k) for k, share in enumerate(SHARES)])
                peer = native_nikoli(link, count)
                out[label] = (*got, peer and (None, *peer[1:]))
                show(label, out[label])
            browser.close()
    finally:
        httpd.shutdown()
    return out


def show(label, run):
    (dw, dc), walk, kinds, later, peer = run
    ms = (lambda xs: [round(1000 * x) for x in xs])
    print(f"browser {label}: " + (f"diagnose {1000 * dw:.0f} ms wall, {1000 * dc:.0f} ms CPU; "
                                  if dw is not None else "")
          + f"hints wall {ms(w for w, _ in walk)} CPU {ms(c for _, c in walk)} ms {kinds}; "
          f"later wall {ms(w for w, _ in later)} CPU {ms(c for _, c in later)} ms; CPython peer "
          + (f"(CPU) diagnose {1000 * (peer[0] or 0):.0f}, hints {ms(peer[1])}, later "
             f"{ms(peer[3])} ms" if peer else "none (undecided)"), flush=True)


def ratios(got, fam):
    """Page CPU over the CPython peer's, the same calls in the same run, per family:
    p50 / max over the calls of 0.05 s and more natively (shorter ones measure the
    worker's round trip), and Play's opening (diagnose)."""
    print("\nBrowser CPU over the CPython peer's in the same run (calls of >= 0.05 s "
          "natively)\n\n| family | calls | ratio p50 / max | diagnose ratio p50 / max |\n"
          "|---|---|---|---|")
    per = {}
    for label, ((_, dc), walk, _, later, peer) in got.items():
        if not peer:
            continue
        pairs = [*zip(walk, peer[1]), *zip(later, peer[3])]
        f = per.setdefault(fam[label], ([], []))
        f[0].extend(c / n for (_, c), n in pairs if n >= 0.05)
        if dc is not None and (peer[0] or 0) >= 0.05:
            f[1].append(dc / peer[0])
    for family, (hs, ds) in per.items():
        def pm(xs):
            return f"{pct(xs, .5):.2f} / {max(xs):.2f}" if xs else "–"
        print(f"| {family} | {len(hs)} | {pm(hs)} | {pm(ds)} |", flush=True)


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
        record["browser"] = {k: {"diagnose_s": v[0], "hints_s": v[1], "kinds": v[2],
                                 "partial_s": v[3], "peer_s": v[4]} for k, v in got.items()}
        for k, unit in ((0, "wall s in the page"), (1, "CPU s of the page's renderers")):
            rows = [(fam[label], label, [t[k] for t in walk], [t[k] for t in later])
                    for label, (_, walk, _, later, _) in got.items() if walk]
            table(f"Browser ({unit})", rows, "s", 3.0)
        ratios(got, fam)
        for k, what in ((0, "wall"), (1, "CPU")):
            diags = [v[0][k] for v in got.values() if v[0][k] is not None]
            if diags:
                print(f"\nnonogram diagnose in the browser p50 / p95 / max {what} s: "
                      f"{pct(diags, .5):.3f} / {pct(diags, .95):.3f} / {max(diags):.3f}")
    if a.json:
        Path(a.json).write_text(json.dumps(record, indent=1))


if __name__ == "__main__":
    main()
