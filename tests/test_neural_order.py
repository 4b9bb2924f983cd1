"""The search with the learned value order (bench/experiments/neural/order.py)
gives the same verdicts and solution sets as with today's order: small random
black-and-white puzzles with one, several and no solutions."""
import random

from bench.experiments.neural.model import load
from bench.experiments.neural.order import _TODAY, Stats, learned_order
from pysolver import search
from pysolver.puzzle import clues_from_grid, puzzle_from_grid

CAP = 4


def bw_puzzles(seed, count):
    """Random 5-9 square boards; every third with the columns of a shuffled
    board (same black count, usually no solution)."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        n = rng.randint(5, 9)
        grid = [[int(rng.random() < 0.5) for _ in range(n)] for _ in range(n)]
        p = puzzle_from_grid(grid)
        if i % 3 == 2:
            flat = [c for r in grid for c in r]
            rng.shuffle(flat)
            p.cols = list(clues_from_grid([flat[y * n:(y + 1) * n] for y in range(n)])[1])
        out.append(p)
    return out


def test_same_verdicts_and_solutions():
    weights = load()
    kinds = {}
    stats = Stats()
    for p in bw_puzzles(7, 90):
        for kw in ({}, {"restart_unit": 1}):  # restarts draw the value by the model
            a = search.solve(p, max_solutions=CAP, **kw)
            with learned_order(weights, stats):
                b = search.solve(p, max_solutions=CAP, **kw)
            assert search._order is _TODAY  # restored after the block
            assert (a.status, a.count_exact) == (b.status, b.count_exact)
            if a.count_exact:
                assert sorted(a.solutions) == sorted(b.solutions)
            else:
                assert len(a.solutions) == len(b.solutions) == CAP
        kinds[a.status] = kinds.get(a.status, 0) + 1
    assert {"unique", "multiple", "none"} <= set(kinds), kinds
    assert stats.calls > 50  # the learned order really ordered branches
