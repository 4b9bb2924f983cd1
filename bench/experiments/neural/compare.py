"""Today's value order against the learned one (:mod:`.order`), same run.

Usage (repository root):
  python3 -m bench.experiments.neural.compare --set taai --every 10 --timeout 20
  python3 -m bench.experiments.neural.compare --set taai --only 465,498,998
  python3 -m bench.experiments.neural.compare --set random --count 4 --density 0.4

Each puzzle is solved (two solutions asked) with today's order and then with
the learned order, back to back in this process, caches emptied before each, CPU-time cap.
Prints per puzzle verdicts, nodes, CPU s, and the order step's CPU per call
(the inference cost per node), then totals; exits 1 when two decided runs
disagree on the verdict or on the solutions of an exact count.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from pysolver import formats, memo
from pysolver.puzzle import puzzle_from_grid
from pysolver.search import solve

from .data import SHARED
from .model import load
from .order import Stats, make_order, patched, timed_today

DECIDED = ("unique", "multiple", "none", "solved")


def taai(every, only):
    text = (SHARED / "puzzles" / "taai" / "taai2011-question.txt").read_text()
    ps = formats.parse(text, "taai2011-question.txt")
    keep = set(only) if only else None
    return [(f"taai2011#{i + 1}", p) for i, p in enumerate(ps)
            if (i + 1 in keep if keep else i % every == 0)]


def random_set(count, density=0.5, seed=2026):
    """Random 35-40 square boards at ``density`` (seeded)."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        n = rng.randint(35, 40)
        grid = [[1 if rng.random() < density else 0 for _ in range(n)] for _ in range(n)]
        out.append((f"random{n}x{n}-d{density}-s{seed}-{k}", puzzle_from_grid(grid)))
    return out


def run(puzzle, order, timeout):
    stats = Stats()
    memo.clear_all()  # each run starts with cold line caches
    with patched(order(stats)):
        t0 = time.process_time()
        r = solve(puzzle, max_solutions=2, timeout=timeout, clock=time.process_time)
        cpu = time.process_time() - t0
    return r, cpu, stats


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", choices=("taai", "random"), default="taai")
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("--only", default="", help="comma-separated 1-based TAAI numbers")
    ap.add_argument("--count", type=int, default=4)
    ap.add_argument("--density", type=float, default=0.5)
    ap.add_argument("--timeout", type=float, default=20.0)
    a = ap.parse_args(argv)
    only = [int(x) for x in a.only.split(",") if x]
    puzzles = taai(a.every, only) if a.set == "taai" else random_set(a.count, a.density)
    weights = load()
    orders = (("today", timed_today), ("learned", lambda s: make_order(weights, s)))
    tot = {name: {"decided": 0, "nodes": 0, "cpu": 0.0, "calls": 0, "order_s": 0.0}
           for name, _ in orders}
    bad = 0
    print("| puzzle | today verdict | nodes | CPU s | learned verdict | nodes | CPU s |")
    print("|---|---|---|---|---|---|---|")
    for label, p in puzzles:
        out = []
        for name, order in orders:
            r, cpu, st = run(p, order, a.timeout)
            t = tot[name]
            t["decided"] += r.status in DECIDED
            t["nodes"] += r.nodes
            t["cpu"] += cpu
            t["calls"] += st.calls
            t["order_s"] += st.seconds
            out.append((r, cpu))
        (r0, c0), (r1, c1) = out
        if r0.status in DECIDED and r1.status in DECIDED:
            same = r0.status == r1.status
            if same and r0.count_exact and r1.count_exact:
                same = sorted(r0.solutions) == sorted(r1.solutions)
            bad += not same
        print(f"| {label} | {r0.status} | {r0.nodes} | {c0:.2f} | {r1.status} | "
              f"{r1.nodes} | {c1:.2f} |", flush=True)
    print()
    for name, t in tot.items():
        per = t["order_s"] / t["calls"] * 1e6 if t["calls"] else 0.0
        print(f"{name}: decided {t['decided']}/{len(puzzles)}, nodes {t['nodes']}, "
              f"CPU {t['cpu']:.1f} s, order step {t['calls']} calls, {per:.0f} us/call")
    print(f"verdict/solution mismatches: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
