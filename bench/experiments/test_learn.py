"""The learning search (bench/experiments/learn.py, an experiment kept out of pysolver): verdicts and solution sets against
brute-force enumeration and the probing search, proofs of "unique" and "none",
starting cells, cancel, timeout and progress."""
import random
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(BENCH), str(BENCH.parent / "tests")]
from experiments import learn  # noqa: E402
from test_crosscheck import CAP, brute_count, random_puzzles  # noqa: E402

from pysolver.nonogram.puzzle import (BACKGROUND, BLACK, Puzzle, clues_from_grid, puzzle_from_grid,
    satisfies)
from pysolver.nonogram.solver.search import solve as probe_solve

CONFIGS = [
    {},  # root probing; probing with union facts at every node; score branching
    {"probing": False, "branch": "activity"},
    {"root_probe": False, "probing": False, "branch": "activity", "minimize": False,
     "shrink": True},
    {"root_probe": False, "restart_unit": 2, "union": False, "branch": "activity"},
    {"root_probe": False, "minimize": False, "shrink": True},
]


def diagonal(n):
    return Puzzle(rows=[((1, 1),)] * n, cols=[((1, 1),)] * n)


def status_of(n):
    return "none" if n == 0 else "unique" if n == 1 else "multiple"


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_matches_enumeration(config):
    kw = CONFIGS[config]
    kinds = {0: 0, 1: 0, "many": 0}
    for seed in (2000, 2001, 2002):
        for p in random_puzzles(seed, 90):
            if len(p.colors) != 2:
                continue
            truth = brute_count(p, CAP)
            n = len(truth)
            kinds[n if n < 2 else "many"] += 1
            res = learn.solve(p, max_solutions=CAP, **kw)
            assert all(satisfies(p, s) for s in res.solutions)
            assert res.status == status_of(n)
            if n < CAP:
                assert sorted(map(str, res.solutions)) == sorted(map(str, truth))
                assert res.count_exact
            else:
                assert len(set(map(str, res.solutions))) == CAP
            two = learn.solve(p, max_solutions=2, **kw)
            assert two.status == status_of(n)
    assert all(v > 0 for v in kinds.values()), kinds


def random_bw(rng, lo, hi):
    w, h = rng.randint(lo, hi), rng.randint(lo, hi)
    dens = rng.choice([0.3, 0.4, 0.5, 0.6])
    grid = [[1 if rng.random() < dens else 0 for _ in range(w)] for _ in range(h)]
    rows, cols = clues_from_grid(grid)
    if rng.random() < 0.3:  # column clues of a shuffled grid: usually no solution
        flat = [c for r in grid for c in r]
        rng.shuffle(flat)
        cols = clues_from_grid([flat[y * w:(y + 1) * w] for y in range(h)])[1]
    return Puzzle(rows=list(rows), cols=list(cols), colors=[BACKGROUND, BLACK])


@pytest.mark.parametrize("config", range(len(CONFIGS)))
def test_matches_probing_search_on_larger_puzzles(config):
    # 5x5 to 12x12: beyond brute force; the two engines share only the line solver
    kw = CONFIGS[config]
    rng = random.Random(77 + config)
    for _ in range(60):
        p = random_bw(rng, 5, 12)
        a = probe_solve(p, max_solutions=30)
        b = learn.solve(p, max_solutions=30, **kw)
        assert all(satisfies(p, s) for s in b.solutions)
        assert b.status == a.status and len(b.solutions) == len(a.solutions)
        assert b.count_exact == a.count_exact
        if a.count_exact:
            assert sorted(map(str, a.solutions)) == sorted(map(str, b.solutions))


def test_unique_none_and_counts():
    grid = [[1, 1, 0, 1], [0, 1, 1, 1], [1, 0, 0, 0], [1, 1, 1, 1]]
    r = learn.solve(puzzle_from_grid(grid))
    assert r.status == "unique" and r.solutions == [grid] and r.count_exact
    p = Puzzle(rows=[((1, 1), (1, 1)), ((1, 1), (1, 1)), ()],
               cols=[((2, 1),), ((1, 1),), ((1, 1),)])
    r = learn.solve(p)
    assert r.status == "none" and r.solutions == [] and r.count_exact
    for kw in CONFIGS:
        # 5! permutation matrices: line logic and probing fix nothing
        r = learn.solve(diagonal(5), max_solutions=1000, **kw)
        assert r.status == "multiple" and len(r.solutions) == 120 and r.count_exact
        assert len(set(map(str, r.solutions))) == 120
        r = learn.solve(diagonal(5), max_solutions=1, **kw)
        assert r.status == "solved" and len(r.solutions) == 1 and not r.count_exact


def test_starting_cells():
    cells = [3] * 9
    cells[0] = 2  # top-left filled
    r = learn.solve(diagonal(3), max_solutions=10, cells=cells)
    assert r.status == "multiple" and r.count_exact
    assert len(r.solutions) == 2 and all(s[0][0] == 1 for s in r.solutions)


def test_multicolour_is_refused():
    from test_crosscheck import COLOURS
    p = Puzzle(rows=[((1, 2),)], cols=[((1, 2),)], colors=COLOURS[:3])
    with pytest.raises(ValueError):
        learn.solve(p)


def test_cancel_timeout_progress(monkeypatch):
    r = learn.solve(diagonal(9), max_solutions=10**6, should_stop=lambda: True)
    assert r.status == "cancelled"
    ticks = iter(range(10**9))
    r = learn.solve(diagonal(9), max_solutions=10**6, timeout=50, clock=lambda: next(ticks))
    assert r.status == "timeout" and not r.count_exact
    import pysolver.nonogram.solver.search as s
    monkeypatch.setattr(s, "PROGRESS_INTERVAL", 0.0)
    calls = []
    r = learn.solve(diagonal(6), max_solutions=30, progress=calls.append)
    assert calls and set(calls[-1]) == {"known", "total", "nodes", "probes", "solutions",
                                        "time_s"}
    assert calls[-1]["total"] == 36
