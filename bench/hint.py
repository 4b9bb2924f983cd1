"""Hint latency on 30x30 and 60x60 corpus puzzles at many partial states, and
the time from opening a puzzle to its solution being known.

States: (a) every state along a hint walk from the empty grid to the solution
(what a player who follows the hints sees), (b) random shares (0-90 %) of
the solution's cells revealed (a player who solved parts on their own), and
(c) the same with one wrong mark (the hint is then the mistake).
For each state, ``pysolver.api.hint`` (the worker's call: the mistake check,
then the deduction) is timed once the puzzle's solution is known (found by
``api.diagnose`` first, untimed), and as a peer in the same run a
bare sweep of the line solver over every line of the same state (the least any
line hint must do), so the ratio survives a noisy machine. Both are timed with
the line solver's caches emptied first (the worst case: in play most lines are
unchanged since the previous hint and come from the cache; the "warm" column
times the walk's hints in their natural order, caches kept).

    python bench/hint.py [--puzzles DIR] [--states N] [--seed S]

Prints two markdown tables: hint latency (p50 / p95 / max in ms, per size
class and state kind), and per built-in puzzle (web/puzzles) the time
``api.diagnose`` takes from cold caches, which is what Play asks when a puzzle
opens: the time until hints can tell mistakes.
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

from browser import pct  # noqa: E402  (bench/browser.py: the percentile every bench table uses)
from engine import PUZZLES  # noqa: E402
from pysolver import api
from pysolver.nonogram import formats
from pysolver.nonogram.player import hint, mistakes
from pysolver.nonogram.solver import line, search  # noqa: E402
from pysolver.nonogram.solver.propagate import Engine  # noqa: E402
from pysolver.nonogram.puzzle import rows_text  # noqa: E402

SETS = {
    "30x30": ["webpbn/16.xml", "jwilk/data120.nin", "nonogram-db/qnonograms/collection1/100.non",
              "nonogram-db/qnonograms/collection1/104.non"],
    "60x60": ["webpbn/36459.xml", "webpbn/1611.xml", "webpbn/35105.xml",
              "nonogram-db/qnonograms/examples/sun.non"],
}


def sweep(puzzle, state):
    """The peer: every line solved once on the state (no choice, no explanation)."""
    eng = Engine(puzzle)
    rows, cols = hint.state_cans(puzzle, state)
    for y in range(eng.h):
        eng.row_solve[y](rows[y])
    for x in range(eng.w):
        eng.col_solve[x](cols[x])


def timed(fn, *args, cold=True):
    if cold:
        line._solvers.clear()
    t = time.perf_counter()
    out = fn(*args)
    return (time.perf_counter() - t) * 1000, out


def walk_states(puzzle, warm_times):
    state = ["?" * puzzle.width] * puzzle.height
    for _ in range(puzzle.width * puzzle.height):
        yield state
        ms, h = timed(api.hint, puzzle, state, cold=False)
        warm_times.append(ms)
        if h["kind"] not in ("line", "probe", "deep", "reveal"):
            return
        rows = [list(r) for r in state]
        for c in h["cells"]:
            rows[c["row"] - 1][c["column"] - 1] = c["value"]
        state = ["".join(r) for r in rows]


def random_states(solution, n, rng, wrong=False):
    for k in range(n):
        share = (k % 10) / 10
        rows = [[ch if rng.random() < share else "?" for ch in row] for row in solution]
        if wrong:
            y, x = rng.randrange(len(rows)), rng.randrange(len(rows[0]))
            rows[y][x] = "#" if solution[y][x] == "." else "."
        yield ["".join(r) for r in rows]


def opening_table():
    """Per built-in puzzle: api.diagnose from cold caches (Play asks it on opening)."""
    site = ROOT / "web" / "puzzles"
    print("| puzzle | size | class | diagnose ms | solutions known | unique |")
    print("|---|---|---|---|---|---|")
    for item in json.loads((site / "catalogue.json").read_text())["puzzles"]:
        p = formats.parse_one((site / item["file"]).read_text(), item["file"])
        api.clear_caches()
        t = time.perf_counter()
        d = api.diagnose(p)
        ms = (time.perf_counter() - t) * 1000
        print(f"| {item['id']} | {p.width}x{p.height} | {item.get('class', '?')} | {ms:.0f} | "
              f"{d['solutions']} | {d['unique']} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--puzzles", default=str(PUZZLES))
    ap.add_argument("--states", type=int, default=60, help="random states per puzzle")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-opening", action="store_true", help="skip the built-in puzzles' table")
    ap.add_argument("--only-opening", action="store_true", help="only the built-in puzzles' table")
    args = ap.parse_args()
    root = Path(args.puzzles)
    if not root.is_dir():
        sys.exit(f"bench/hint.py: corpus not found at {root}")
    rng = random.Random(args.seed)
    print(f"machine: {platform.machine()}, {platform.processor() or '?'}; "
          f"Python {platform.python_version()}; {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print()
    if args.only_opening:
        opening_table()
        return
    print("| size | states | puzzles | hints | p50 ms | p95 ms | max ms | sweep p50 ms | "
          "ratio p50 | warm p50 / p95 ms | kinds | probe hints p50 / max ms |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for size, names in SETS.items():
        for label in ("walk", "random", "one wrong"):
            times, peers, kinds, probes, warm = [], [], {}, [], []
            for name in names:
                p = formats.parse_one((root / name).read_text(), name)
                mistakes.find_solutions(p)  # as Play's diagnose on opening: untimed here
                if label == "walk":
                    states = list(walk_states(p, warm))
                else:
                    sol = p.goal or rows_text(p, search.solve(p, 1).solutions[0])
                    states = list(random_states(sol, args.states, rng, label == "one wrong"))
                for st in states:
                    ms, h = timed(api.hint, p, st)
                    times.append(ms)
                    kinds[h["kind"]] = kinds.get(h["kind"], 0) + 1
                    if h["kind"] == "probe":
                        probes.append(ms)
                    peers.append(timed(sweep, p, st)[0])
            ratio = statistics.median(t / max(q, 1e-6) for t, q in zip(times, peers))
            kind_text = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
            warm_text = (f"{statistics.median(warm):.2f} / {pct(warm, 0.95):.2f}" if warm else "-")
            probe_text = (f"{statistics.median(probes):.1f} / {max(probes):.1f}" if probes else "-")
            print(f"| {size} | {label} | {len(names)} | {len(times)} | "
                  f"{statistics.median(times):.2f} | {pct(times, 0.95):.2f} | {max(times):.2f} | "
                  f"{statistics.median(peers):.2f} | {ratio:.2f} | {warm_text} | {kind_text} | "
                  f"{probe_text} |")
    if not args.no_opening:
        print()
        opening_table()


if __name__ == "__main__":
    main()
