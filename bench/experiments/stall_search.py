"""The expert climb's uniqueness search from a stall: where its work goes, and value orders (issue 31).

    nice -n 19 .venv/bin/python bench/experiments/stall_search.py --size 25 --seeds 1-24 [--deep]

The climb (pysolver.nonogram.climb._expert) asks search.solve(max_solutions=2,
work=SEARCH_WORK) from each stall the swap test leaves. This makes the puzzles
as the generator does, keeps every such stall (puzzle, cells, picture), then
solves each again three ways, each run's order rotating:

- ``plain``: the call before ``known`` (must give the recorded status and line solves);
- ``known``: the picture passed as ``known`` (counted as found: ends at the first
  other solution), the climb's call;
- ``away``: ``known`` and each branching cell's other value tried first.

Per variant: the (recorded, new) status pairs, line solves per recorded status
and CPU. Also the root's probing fixpoint's share of the line solves. ``--deep``:
the stalls whose search the budget ended, solved again with 400,000 line solves
(unique or not), and the unique ones' hint walks (expert or not, CPU).
"""
from __future__ import annotations

import argparse
import collections
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))

from pysolver import api  # noqa: E402
from pysolver.nonogram import climb  # noqa: E402
from pysolver.nonogram.solver import search  # noqa: E402
from pysolver.nonogram.solver.probe import Prober  # noqa: E402
from pysolver.nonogram.solver.propagate import Engine  # noqa: E402
from pysolver.nonogram.walk import level_of, walk  # noqa: E402


def record(size, seeds):
    """[(puzzle, cells, picture)] of the stalls the climbs searched."""
    out = []
    ask = climb._expert

    def expert(q, eng, rows, g):
        if climb.swap(eng, rows, g) is None:  # else no search
            out.append((q, eng.cells(rows), [list(r) for r in g]))
        return ask(q, eng, rows, g)
    climb._expert = expert
    try:
        for seed in seeds:
            api.generate("nonogram", size, size, 1, "expert", seed)
    finally:
        climb._expert = ask
    return out


def away(goal):
    """search._order, then the picture's value put last (explored last)."""
    order = search._order

    def sort(eng, rows, cols, cell, branches, rng=None, likely="likely"):
        order(eng, rows, cols, cell, branches, rng, likely)
        branches.sort(key=lambda b: b[5] != goal[cell[0]][cell[1]])
    return sort


def run(kind, q, cells, g, work=climb.SEARCH_WORK):
    kw = {} if kind == "plain" else {"known": g}
    if kind != "away":
        return search.solve(q, max_solutions=2, cells=cells, work=work, **kw)
    order, search._order = search._order, away(g)
    try:
        return search.solve(q, max_solutions=2, cells=cells, work=work, **kw)
    finally:
        search._order = order


def root_share(q, cells):
    """Line solves of the root's propagation and probing fixpoint."""
    eng = Engine(q)
    rows, cols = eng.initial(cells)
    eng.run_all(rows, cols)
    Prober(eng).fixpoint(rows, cols)
    return eng.line_solves


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=25)
    ap.add_argument("--seeds", default="1-24")
    ap.add_argument("--deep", action="store_true")
    args = ap.parse_args()
    lo, _, hi = args.seeds.partition("-")
    stalls = record(args.size, range(int(lo), int(hi or lo) + 1))
    kinds = ("plain", "known", "away")
    pairs = {k: collections.Counter() for k in kinds}
    solves = {k: collections.Counter() for k in kinds}
    cpu = collections.Counter()
    base = []
    root = 0
    for n, (q, cells, g) in enumerate(stalls):
        got = {}
        for k in kinds[n % 3:] + kinds[:n % 3]:
            t = time.process_time()
            got[k] = run(k, q, cells, g)
            cpu[k] += time.process_time() - t
        base.append(got["plain"].status)
        for k in kinds:
            pairs[k][base[-1], got[k].status] += 1
            solves[k][base[-1]] += got[k].line_solves
        root += root_share(q, cells)
    print(f"{args.size}x{args.size} expert seeds {args.seeds}: {len(stalls)} stall searches")
    for k in kinds:
        print(f"  {k}: CPU {cpu[k]:.2f} s, line solves {sum(solves[k].values())} "
              f"{dict(solves[k])}; (plain, {k}) statuses {dict(pairs[k])}")
    print(f"  the root's propagation and probing fixpoint: {root} line solves")
    if not args.deep:
        return
    deep = collections.Counter()
    walked = collections.Counter()
    for (q, cells, g), status in zip(stalls, base):
        if status != "budget":
            continue
        res = run("known", q, cells, g, work=400_000)
        if res.status != "unique":
            deep[res.status] += 1
            continue
        t = time.process_time()
        level = level_of(walk(q), q.width, q.height) or "not finished"
        deep["unique, walks " + level] += 1
        walked[level] += time.process_time() - t
    print(f"  budget-ended searches with 400,000 line solves: {dict(deep)}; "
          f"their walks' CPU {({k: round(v, 2) for k, v in walked.items()})}")


if __name__ == "__main__":
    main()
