"""The search with the learned value order (the default) and the learned
branching cell (bench/experiments/neural/order.py) gives the same verdicts and
solution sets as with the shares value order it replaced: small random
black-and-white puzzles with one, several and no solutions."""
import random

import pytest

from bench.experiments.neural.model import load
from bench.experiments.neural.order import (_DEFAULT, _SHARES, _TODAY_BRANCH, Stats, confidences,
                                            learned_order, make_branch, make_order, patched)
from pysolver.nonogram.solver import search
from pysolver.nonogram.solver.probe import Prober
from pysolver.nonogram.solver.propagate import Engine
from pysolver.nonogram.puzzle import clues_from_grid, puzzle_from_grid

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


def same_as_today(puzzles, learned):
    """Every puzzle solved with the shares value order and today's branching
    cell and inside ``learned()`` (a context manager), deterministic and with
    restarts: the same verdicts and solution sets."""
    kinds = {}
    for p in puzzles:
        for kw in ({}, {"restart_unit": 1}):  # restarts draw by the model too
            with patched(_SHARES):
                a = search.solve(p, max_solutions=CAP, **kw)
            with learned():
                b = search.solve(p, max_solutions=CAP, **kw)
            assert search._order is _DEFAULT and Prober.branch is _TODAY_BRANCH  # restored
            assert (a.status, a.count_exact) == (b.status, b.count_exact)
            if a.count_exact:
                assert sorted(a.solutions) == sorted(b.solutions)
            else:
                assert len(a.solutions) == len(b.solutions) == CAP
        kinds[a.status] = kinds.get(a.status, 0) + 1
    assert {"unique", "multiple", "none"} <= set(kinds), kinds


def test_same_verdicts_and_solutions():
    weights = load()
    stats = Stats()
    same_as_today(bw_puzzles(7, 90), lambda: learned_order(weights, stats))
    assert stats.calls > 50  # the learned order really ordered branches
    same_as_today(bw_puzzles(8, 60), patched)  # the package as shipped


def test_shipped_weights_give_the_measured_order():
    """The package's default order is the one measured as ``value`` in
    bench/experiments/neural/compare.py: the same nodes and solutions, restarts
    (random draws) included; and the shares order really differs."""
    weights = load()
    differs = 0
    for p in bw_puzzles(5, 45):
        for kw in ({}, {"restart_unit": 1}):
            a = search.solve(p, max_solutions=CAP, **kw)
            with learned_order(weights):
                b = search.solve(p, max_solutions=CAP, **kw)
            with patched(_SHARES):
                c = search.solve(p, max_solutions=CAP, **kw)
            assert (a.status, a.nodes, a.solutions) == (b.status, b.nodes, b.solutions)
            differs += (a.nodes, a.solutions) != (c.nodes, c.solutions)
    assert differs > 0


@pytest.mark.parametrize("top", [None, 3])
@pytest.mark.parametrize("value", [False, True])
def test_learned_cell_same_verdicts_and_solutions(top, value):
    weights = load()
    stats = Stats()
    same_as_today(bw_puzzles(11, 45), lambda: patched(
        make_order(weights) if value else None, make_branch(weights, stats, top)))
    assert stats.calls > 20  # the learned cell really was the branching cell


def test_learned_cell_is_the_most_confident():
    weights = load()
    for p in bw_puzzles(3, 30):  # the first that probing leaves open
        eng = Engine(p)
        prober = Prober(eng)
        out = prober.fixpoint(*eng.initial())
        if out and len(out[2]) > 4:
            break
    rows, cols, memo = out
    undecided = [(k // eng.w, k % eng.w) for k in memo]
    assert len(undecided) > 4
    conf = confidences(eng, rows, cols, undecided, weights)
    cell, trials = make_branch(weights)(prober, rows, cols, memo)
    assert conf[cell] == max(conf.values())
    assert sorted(t[5] for t in trials) == [0, 1]
    best = max(memo[k][2] for k in memo)  # top=1: the best probe score only
    cell, _ = make_branch(weights, top=1)(prober, rows, cols, memo)
    assert memo[cell[0] * eng.w + cell[1]][2] == best
