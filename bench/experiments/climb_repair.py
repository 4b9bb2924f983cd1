"""What a climb step's tests yield, logged, and the step's stall repairs as variants (issue 31).

    nice -n 19 .venv/bin/python bench/experiments/climb_repair.py --size 25 --seeds 1-40 \
        --variants main,VARIANT[,...] [--jobs 2] [--log FILE.jsonl]
    .venv/bin/python bench/experiments/climb_repair.py --report FILE.jsonl

pysolver.nonogram.climb._step is replaced by a copy of main 192f9c9's (``main``: the same
draws, tests and verdicts, so the same puzzles) that logs every what-if test (kind: a step's
candidate or a swap corner's flip; its rank, the cells line logic leaves open, the outcome:
finished, stalled and ambiguous by a swap or by the search, unique and expert or not; the
open cells at the stall; its CPU). Variants change only what follows a stall (black and
white from climb.RISE_CELLS cells on, past the rise):

- ``screen``: a swap's corner flips screened by line logic first (cheap), the corners
  tested most open first, only those tied for the most open; a corner flip that finishes
  is a candidate for the step's kept flip like any other;
- ``nocorner``: no corner flips (the step goes on with its own candidates);
- ``chase``: a corner flip whose stall is again ambiguous by a swap has its own corners
  tried (depth 2), each flip screened and tested as in ``screen``;
- ``more:N``: after a stall that is ambiguous, the step tests up to N of its candidates
  (main: climb.RISE_PROBES) regardless of ties (the parent is near a stall);
- ``bigcorner``: a swap's corners only when its stall leaves NEAR cells open or more (a
  small stall's corner flips nearly never end the climb);
- ``near:N``: bigcorner, and after a stall leaving NEAR cells open or more (any verdict)
  the step tests up to N of its candidates regardless of ties;
- ``preswap``: a candidate whose picture has a swap on the lines its flip changed
  (``picture_swap``: exactly the candidates whose stall would show a swap) is not tested,
  its swap's corners are (main's path, a test fewer); ``avoid``: such a candidate is
  passed over uncounted (the step tests the next), no corners; ``prechase``: as preswap,
  corner flips screened and looked at the same way, one level deeper.

``bigcorner`` is what pysolver.nonogram.climb now does from SLIP_CELLS cells (PERF.md "B/W
expert, seventh round"; near:8 was built, judged on fresh seeds and not kept): on a later
tree ``main`` is still the patched copy of main 192f9c9's step, ``plain`` (the package's
own climb, no log) the kept one.

Every (variant, seed) runs ``generate.generate(S, S, 1, "expert", seed)`` in its own fresh
process (no warm caches), CPU seconds by process_time; per variant p50 / p95 / max / sum,
tests, puzzles changed against main's. The log holds every test of every lane that ran.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, ROOT)

from pysolver.nonogram import climb as C, edit  # noqa: E402
from pysolver.nonogram.puzzle import puzzle_from_grid  # noqa: E402
from pysolver.nonogram.solver.line import undecided  # noqa: E402
from pysolver.nonogram.solver.propagate import Engine  # noqa: E402
from pysolver.nonogram.walk import level_of  # noqa: E402

EVENTS = []
NEAR = 50  # a stall leaving this many cells open is big (bigcorner, near)
VARIANT = {"name": "main", "more": None}


def _open(rows):
    return sum(bin(undecided(r)).count("1") for r in rows)


def _verdict(summary, corners, q):
    if corners:
        return "swap"
    if summary is None:
        return "multi"  # another solution, or the search's budget ended
    return "expert" if level_of(summary, q.width, q.height) == "expert" else "unique"


def _test(eng, rows, cols, g, log):
    t = time.process_time()
    rows, trials = C._stall(eng, rows, cols, g)
    log["cpu"] = time.process_time() - t
    log["trials"] = trials
    return rows, trials


def _corner_flips(g, corners, symmetry, colors, screened):
    """[(opened, grid, puzzle, engine, rows, cols)] of the corners' flips, in main's order or
    (screened) most open first, only those tied for the most (none finished by line logic)."""
    out = []
    for y, x in corners:
        g2 = edit.change(g, y, x, symmetry, len(colors))
        q2 = puzzle_from_grid(g2, colors)
        eng2 = Engine(q2)
        rows2, cols2 = edit.lines(eng2)
        out.append((eng2.unknown(rows2), g2, q2, eng2, rows2, cols2))
    if screened:
        out = [c for c in out if c[0]]
        out.sort(key=lambda c: -c[0])
        out = [c for c in out if c[0] == out[0][0]] if out else []
    return out


def picture_swap(g, parent):
    """A second solution of ``g``'s puzzle by a swap (four cells at a rectangle's corners
    whose values swap with all four lines' clues kept), looked for only among rectangles
    with a side on a line where ``g`` differs from ``parent`` (whose puzzle is unique: a
    rectangle on unchanged lines would be a swap of ``parent``'s too): the four corners in
    climb.swap's order, or None. Every corner of a swap stays open under any sound
    deduction, so the stall of ``g``'s test would show a swap (climb.swap finds one)."""
    h, w = len(g), len(g[0])
    rows = [y for y in range(h) if g[y] != parent[y]]
    cols = sorted({x for y in rows for x in range(w) if g[y][x] != parent[y][x]})
    colv = {}

    def col(x):
        c = colv.get(x)
        if c is None:
            c = colv[x] = [row[x] for row in g]
        return c
    same = C._same_runs
    for y in rows:
        r = g[y]
        for x1 in range(w):
            a = r[x1]
            for x2 in range(x1 + 1, w):
                if r[x2] == a or not same(r, x1, x2):
                    continue
                for y2 in range(h):
                    if y2 == y:
                        continue
                    r2 = g[y2]
                    if r2[x1] != r[x2] or r2[x2] != a or not same(r2, x1, x2):
                        continue
                    lo, hi = min(y, y2), max(y, y2)
                    if same(col(x1), lo, hi) and same(col(x2), lo, hi):
                        return [(lo, x1), (lo, x2), (hi, x1), (hi, x2)]
    for x in cols:
        c = col(x)
        for y1 in range(h):
            a = c[y1]
            for y2 in range(y1 + 1, h):
                if c[y2] == a or not same(c, y1, y2):
                    continue
                for x2 in range(w):
                    if x2 == x:
                        continue
                    c2 = col(x2)
                    if c2[y1] != c[y2] or c2[y2] != a or not same(c2, y1, y2):
                        continue
                    if same(g[y1], min(x, x2), max(x, x2)) and same(g[y2], min(x, x2), max(x, x2)):
                        lo, hi = min(x, x2), max(x, x2)
                        return [(y1, lo), (y1, hi), (y2, lo), (y2, hi)]
    return None


def step(rng, grid, colors, symmetry, rising):
    """climb._step (main 192f9c9) with the log and the variants."""
    best, walks = None, 0
    big = C._big(grid, colors)
    name = VARIANT["name"] if big and not rising else "main"
    probes = C.CLIMB_PROBES if rising or not big else C.RISE_PROBES
    edges = edit.edge_cells(grid)
    cands = C.screen([edit.change(grid, y, x, symmetry, len(colors))
                      for y, x in rng.sample(edges, min(C.CLIMB_TRIES, len(edges)))], colors)
    yield
    near = False  # a stall of this step was ambiguous
    # the picture's swap looked for before a test: past the rise (mainchk: logged only), and
    # for preswap and avoid while rising too
    pre = big and (name == "mainchk" or VARIANT["name"] in ("preswap", "avoid", "prechase"))
    if pre and VARIANT["name"] in ("preswap", "avoid", "prechase"):
        name = VARIANT["name"]
    skipped, top = 0, None
    for k, (opened, g, q, eng, rows, cols) in enumerate(cands):
        k -= skipped
        if top is None:
            top = opened
        wide = near and VARIANT["more"] and name in ("more", "near")
        limit = VARIANT["more"] if wide else probes
        if k == limit or (best is not None and (rising or opened < top) and not wide):
            break
        known = None
        if pre:
            t = time.process_time()
            known = picture_swap(g, grid)
            t = time.process_time() - t
            if known and name != "mainchk":
                EVENTS.append({"kind": "skip", "k": k, "opened": opened, "rising": rising,
                               "variant": name, "cpu": t, "out": "swap"})
                if name == "avoid":
                    skipped += 1
                    top = None if k == 0 else top
                    continue
                if rising:
                    continue
                found, best, w = yield from _repair(g, known, symmetry, colors,
                                                    "prechase" if name == "prechase" else "main",
                                                    best, 1)
                walks += w
                if found:
                    return found, best, walks
                continue
        if k:
            yield  # one what-if test per advance
        log = {"kind": "step", "k": k, "opened": opened, "top": cands[0][0], "rising": rising,
               "variant": name}
        rows, trials = _test(eng, rows, cols, g, log)
        EVENTS.append(log)
        if pre and name == "mainchk":
            log["pre"] = bool(known)
            log["precpu"] = t
        if eng.complete(rows):
            log["out"] = "done"
            score = trials + C.CLIMB_OPEN * opened
            if best is None or score > best[0]:
                best = (score, g, trials)
            continue
        log["stall_open"] = _open(rows)
        if rising:
            log["out"] = "passed"
            continue
        summary, corners = C._expert(q, eng, rows, g)
        log["out"] = _verdict(summary, corners, q)
        if name == "more" and log["out"] in ("swap", "multi"):
            near = True
        if name == "near" and log["stall_open"] >= NEAR:
            near = True  # a big stall: this parent is near a unique one
        walks += summary is not None
        if summary and level_of(summary, q.width, q.height) == "expert":
            return (q, summary), best, walks
        found = None
        if corners and name != "nocorner" and (
                name not in ("bigcorner", "near") or log["stall_open"] >= NEAR):
            found, best, w = yield from _repair(g, corners, symmetry, colors, name, best, 1)
            walks += w
        if found:
            return found, best, walks
    return None, best, walks


def _repair(g, corners, symmetry, colors, name, best, depth):
    """The corner flips of a swap at a stall (main's loop, or screened / chased): (found or
    None, best, walks)."""
    walks = 0
    screened = name in ("screen", "chase", "prechase")
    flips = _corner_flips(g, corners, symmetry, colors, screened)
    for n, (opened, g2, q2, eng2, rows2, cols2) in enumerate(flips):
        if name == "prechase":  # a swap of g2 on the lines the corner changed (others: missed)
            t = time.process_time()
            known = picture_swap(g2, g)
            EVENTS.append({"kind": "skip", "k": n, "opened": opened, "depth": depth,
                           "variant": name, "cpu": time.process_time() - t,
                           "out": "swap" if known else "none"})
            if known:
                if depth < 2:
                    found, best, w = yield from _repair(g2, known, symmetry, colors, name,
                                                        best, depth + 1)
                    walks += w
                    if found:
                        return found, best, walks
                continue
        log = {"kind": "corner", "k": n, "opened": opened, "depth": depth, "variant": name,
               "n": len(flips)}
        rows2, trials = _test(eng2, rows2, cols2, g2, log)
        EVENTS.append(log)
        if eng2.complete(rows2):
            log["out"] = "done"
            if screened and opened:  # a finished flip: a candidate like the step's
                score = trials + C.CLIMB_OPEN * opened
                if best is None or score > best[0]:
                    best = (score, g2, trials)
            continue
        log["stall_open"] = _open(rows2)
        summary, more = C._expert(q2, eng2, rows2, g2)
        log["out"] = _verdict(summary, more, q2)
        walks += summary is not None
        if summary is not None:
            # main: the first corner whose stall is unique ends the corners (expert or not)
            if level_of(summary, q2.width, q2.height) == "expert":
                return (q2, summary), best, walks
            return None, best, walks
        if more and name in ("chase", "prechase") and depth < 2:
            found, best, w = yield from _repair(g2, more, symmetry, colors, name, best, depth + 1)
            walks += w
            if found:
                return found, best, walks
    if False:
        yield
    return None, best, walks


def one(size, seed, variant):
    """Make one seed's puzzle in this process with ``variant``: a JSON line."""
    VARIANT["name"] = variant.split(":")[0]
    VARIANT["more"] = int(variant.split(":")[1]) if ":" in variant else None
    if variant != "plain":
        C._step = step
    from pysolver.nonogram import generate as G
    t = time.process_time()
    p, info = G.generate(size, size, 1, "expert", seed)
    cpu = time.process_time() - t
    goal = hashlib.sha1("\n".join(p.goal).encode()).hexdigest()[:12]
    return {"seed": seed, "variant": variant, "cpu": cpu, "goal": goal,
            "lane": info["lane"], "attempts": info["attempts"], "events": EVENTS}


def _seeds(text):
    a, _, b = text.partition("-")
    return range(int(a), int(b or a) + 1)


def _pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, round(q * len(xs)) - 1))] if xs else float("nan")


def report(rows):
    by = {}
    for r in rows:
        by.setdefault(r["variant"], {})[r["seed"]] = r
    main = by.get("main", {})
    print("variant | p50 / p95 / max / sum CPU (s) | tests | tests/seed | changed vs main")
    for v, rs in by.items():
        cpu = [r["cpu"] for r in rs.values()]
        tests = sum(len(r["events"]) for r in rs.values())
        changed = sum(1 for s, r in rs.items() if s in main and main[s]["goal"] != r["goal"])
        print(f"{v} | {statistics.median(cpu):.2f} / {_pct(cpu, .95):.2f} / {max(cpu):.2f} / "
              f"{sum(cpu):.1f} | {tests} | {tests / len(rs):.1f} | {changed} of {len(rs)}")
    print("\nper test, past the rise (all lanes run): kind -> outcomes")
    for v, rs in by.items():
        tally = {}
        for r in rs.values():
            for e in r["events"]:
                if e.get("rising"):
                    continue
                key = (e["kind"], e.get("depth", 0))
                t = tally.setdefault(key, {"n": 0, "cpu": 0.0})
                t["n"] += 1
                t["cpu"] += e["cpu"]
                t[e["out"]] = t.get(e["out"], 0) + 1
        for key, t in sorted(tally.items()):
            print(f"  {v} {key}: {t['n']} tests, {t['cpu']:.1f} s, " + ", ".join(
                f"{k} {n}" for k, n in sorted(t.items()) if k not in ("n", "cpu")) +
                f"; expert per test {t.get('expert', 0) / t['n']:.2%}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=25)
    ap.add_argument("--seeds", default="1-40")
    ap.add_argument("--variants", default="main")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--log")
    ap.add_argument("--one", nargs=2, metavar=("SEED", "VARIANT"))
    ap.add_argument("--report", nargs="+")
    a = ap.parse_args()
    if a.one:
        print(json.dumps(one(a.size, int(a.one[0]), a.one[1])))
        return
    if a.report:
        rows = [json.loads(line) for f in a.report for line in open(f)]
        report(rows)
        return
    variants = a.variants.split(",")
    jobs = [(s, v) for s in _seeds(a.seeds) for v in variants]
    out = open(a.log, "a") if a.log else None

    def run(job):
        s, v = job
        res = subprocess.run([sys.executable, __file__, "--size", str(a.size), "--one",
                              str(s), v], capture_output=True, text=True, check=True)
        row = json.loads(res.stdout)
        print(f"seed {s} {v}: CPU {row['cpu']:.2f} s, tests {len(row['events'])}, "
              f"lane {row['lane']['lane']}, goal {row['goal']}", file=sys.stderr, flush=True)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
        return row

    with ThreadPoolExecutor(a.jobs) as pool:
        rows = list(pool.map(run, jobs))
    report(rows)


if __name__ == "__main__":
    main()
