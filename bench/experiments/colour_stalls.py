"""Does colouring (shapes kept apart: colour_from_bw.py) make the black-and-white expert climb's
ambiguous stalls unique colour stalls? (issue 31)

    nice -n 19 .venv/bin/python bench/experiments/colour_stalls.py --size 15 --colours 2 --seeds 1-10

The recipe's black-and-white expert search runs as it is (the climb's path unchanged); each
stall it asks for uniqueness (climb._expert) that has a second solution gets up to 4
colourings (the fewest lines of two colours first), each tested: the probing fixpoint
stalls (else line logic and one-cell what-ifs finish it), a bounded search finds one
solution only, the hint walk says expert. Counts printed after each seed.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from experiments.colour_from_bw import candidates, components, paint  # noqa: E402
from pysolver.nonogram import climb, generate as gen  # noqa: E402
from pysolver.nonogram.puzzle import BACKGROUND, puzzle_from_grid  # noqa: E402
from pysolver.nonogram.solver import search  # noqa: E402
from pysolver.nonogram.solver.probe import reduce  # noqa: E402
from pysolver.nonogram.walk import level_of, walk  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--colours", type=int, default=2)
    ap.add_argument("--seeds", default="1-10")
    a = ap.parse_args()
    n, k = a.size, a.colours
    lo, hi = map(int, a.seeds.split("-"))
    stats = dict(stalls=0, ambiguous=0, colourings=0, colour_stall=0, colour_unique=0, expert=0)
    rng = random.Random(1)
    colors = [BACKGROUND] + gen.PALETTE[1:1 + k]
    asked = climb._expert

    def watched(q, eng, rows, g):
        out = asked(q, eng, rows, g)
        stats["stalls"] += 1
        if out[0] is not None:
            return out
        stats["ambiguous"] += 1
        groups = components(g, "none")
        for cols in candidates(rng, groups, k, n, draws=40)[:4]:
            stats["colourings"] += 1
            cq = puzzle_from_grid(paint(groups, cols, n), colors)
            if reduce(cq)["status"] != "open":
                continue
            stats["colour_stall"] += 1
            if search.solve(cq, max_solutions=2, work=climb.SEARCH_WORK).status != "unique":
                continue
            stats["colour_unique"] += 1
            cq.validate()
            stats["expert"] += level_of(walk(cq), n, n) == "expert"
        return out
    climb._expert = watched
    for seed in range(lo, hi + 1):
        gen.generate(n, n, 1, "expert", seed)
        print(seed, json.dumps(stats), flush=True)


if __name__ == "__main__":
    main()
