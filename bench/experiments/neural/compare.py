"""The shares value order (the default before issue 20) against the learned orders (:mod:`.order`), same run.

Usage (repository root):
  python3 -m bench.experiments.neural.compare --set slow --work 300000
  python3 -m bench.experiments.neural.compare --set taai --every 10 --work 300000
  python3 -m bench.experiments.neural.compare --set random --count 3 --densities 0.35,0.4,0.45,0.5

Variants: ``today`` (the order the measurement started from: shares value
order, ``order._SHARES``), ``value`` (learned value order from
weights.json: the package's default with the shipped weights), ``default``
(pysolver.nonogram.solver.search as shipped, to confirm it is ``value``), ``cell``
(learned branching cell, shares value order), ``both``. Each puzzle
is solved (two solutions asked) by every variant back to back in this
process, caches emptied before each, under a budget of line solves
(``--work``: "decided" means the same on every machine and under any load)
with a CPU-time safety net (``--cap``). Prints per puzzle verdicts, nodes,
line solves and CPU s, then totals with the CPU per call of the value-order
and branching-cell steps (the inference cost per node); exits 1 when two
decided runs disagree on the verdict or on the solutions of an exact count.
``slow``: the 30 slowest TAAI-2011 puzzles of bench/reference/taai2011-two-solutions.md.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from pysolver.nonogram import formats
from pysolver import memo
from pysolver.nonogram.puzzle import puzzle_from_grid
from pysolver.nonogram.solver.search import solve

from .data import SHARED
from .model import load
from .order import _DEFAULT, _TODAY_BRANCH, Stats, make_branch, make_order, patched, timed, timed_today

DECIDED = ("unique", "multiple", "none", "solved")
# the 29 time-outs at 20 s and the next slowest (#857, 19.8 s) of the reference run
SLOW = (372, 395, 465, 469, 478, 493, 500, 507, 510, 531, 549, 555, 559, 563, 574,
        579, 582, 587, 591, 597, 608, 652, 678, 685, 705, 731, 735, 752, 823, 857)


def taai(every, only):
    text = (SHARED / "puzzles" / "taai" / "taai2011-question.txt").read_text()
    ps = formats.parse(text, "taai2011-question.txt")
    keep = set(only) if only else None
    return [(f"taai2011#{i + 1}", p) for i, p in enumerate(ps)
            if (i + 1 in keep if keep else i % every == 0)]


def random_set(count, densities, seed=2026):
    """``count`` random 35-40 square boards per density (seeded)."""
    rng = random.Random(seed)
    out = []
    for density in densities:
        for k in range(count):
            n = rng.randint(35, 40)
            grid = [[1 if rng.random() < density else 0 for _ in range(n)] for _ in range(n)]
            out.append((f"random{n}x{n}-d{density}-{k}", puzzle_from_grid(grid)))
    return out


def variants(weights, top):
    """name -> (order, branch) factories taking (order stats, branch stats)."""
    today_branch = (lambda s: timed(_TODAY_BRANCH, s))
    learned_branch = (lambda s: make_branch(weights, s, top))
    learned_value = (lambda s: make_order(weights, s))
    shipped = (lambda s: timed(_DEFAULT, s))
    return {"today": (timed_today, today_branch), "value": (learned_value, today_branch),
            "default": (shipped, today_branch),
            "cell": (timed_today, learned_branch), "both": (learned_value, learned_branch)}


def run(puzzle, order, branch, work, cap):
    so, sb = Stats(), Stats()
    memo.clear_all()  # each run starts with cold line caches
    with patched(order(so), branch(sb)):
        t0 = time.process_time()
        r = solve(puzzle, max_solutions=2, work=work, timeout=cap, clock=time.process_time)
        cpu = time.process_time() - t0
    return r, cpu, so, sb


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", choices=("taai", "slow", "random"), default="slow")
    ap.add_argument("--every", type=int, default=10)
    ap.add_argument("--only", default="", help="comma-separated 1-based TAAI numbers")
    ap.add_argument("--count", type=int, default=3, help="random boards per density")
    ap.add_argument("--densities", default="0.35,0.4,0.45,0.5")
    ap.add_argument("--work", type=int, default=300_000, help="line solves per run")
    ap.add_argument("--cap", type=float, default=600.0, help="CPU s safety net per run")
    ap.add_argument("--variants", default="today,value,cell,both")
    ap.add_argument("--part", default="1/1", help="K/N: every Nth puzzle from the Kth (parallel runs)")
    ap.add_argument("--top", type=int, default=None,
                    help="learned cell among the TOP best probe scores (default: all cells)")
    a = ap.parse_args(argv)
    only = [int(x) for x in a.only.split(",") if x]
    if a.set == "random":
        puzzles = random_set(a.count, [float(d) for d in a.densities.split(",")])
    else:
        puzzles = taai(a.every, SLOW if a.set == "slow" and not only else only)
    k, n = map(int, a.part.split("/"))
    puzzles = puzzles[k - 1::n]
    chosen = {k: v for k, v in variants(load(), a.top).items() if k in a.variants.split(",")}
    keys = ("decided", "nodes", "solves", "cpu", "ocalls", "os", "bcalls", "bs")
    tot = {name: dict.fromkeys(keys, 0) for name in chosen}
    bad = 0
    print("| puzzle | " + " | ".join(f"{n}: verdict, nodes, k solves, CPU s" for n in chosen) + " |")
    print("|---" * (len(chosen) + 1) + "|")
    for label, p in puzzles:
        cells, decided = [], []
        for name, (order, branch) in chosen.items():
            r, cpu, so, sb = run(p, order, branch, a.work, a.cap)
            t = tot[name]
            for k, v in zip(keys, (r.status in DECIDED, r.nodes, r.line_solves, cpu,
                                   so.calls, so.seconds, sb.calls, sb.seconds)):
                t[k] += v
            cells.append(f"{r.status} {r.nodes} {r.line_solves / 1000:.0f} {cpu:.1f}")
            if r.status in DECIDED:
                decided.append(r)
        for r in decided[1:]:
            same = r.status == decided[0].status
            if same and r.count_exact and decided[0].count_exact:
                same = sorted(r.solutions) == sorted(decided[0].solutions)
            bad += not same
        print(f"| {label} | " + " | ".join(cells) + " |", flush=True)
    print()
    for name, t in tot.items():
        per = [t[s] / t[c] * 1e6 if t[c] else 0.0 for s, c in (("os", "ocalls"), ("bs", "bcalls"))]
        print(f"{name}: decided {t['decided']}/{len(puzzles)}, nodes {t['nodes']}, "
              f"line solves {t['solves']}, CPU {t['cpu']:.1f} s; per node: value order "
              f"{per[0]:.0f} us, branching cell {per[1]:.0f} us")
    print(f"verdict/solution mismatches: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
