"""Search verdicts and solution counts against exhaustive enumeration.

360 random puzzles up to 6x6 (black-and-white and 3-4 colours) are enumerated
exactly by a row-by-row brute force that shares no code with the engine (rows
are all full lines matching the row clue; column prefixes are checked against
every full column matching the column clue). Puzzles come from random grids of
varied density (many have several solutions) and from "mismatched" pairs: row
clues of one grid with column clues of another grid holding the same number of
cells of each colour, most of which have no solution.
"""
import itertools
import random

import pytest

from pysolver.nonogram.puzzle import (BACKGROUND, BLACK, Color, Puzzle, clue_of, clues_from_grid,
    satisfies)
from pysolver.nonogram.solver.search import solve

CAP = 4
COLOURS = [BACKGROUND, BLACK, Color("red", "r", "FF0000"), Color("blue", "b", "0000FF")]


def full_lines(clue, n, ncol, cells=None):
    """Every full line of n cells matching clue; with ``cells`` (one bitmask of the
    allowed colours per cell) only those within it, enumerated from the allowed
    colours alone (the same lines as filtering all ncol**n, far fewer tried)."""
    allowed = [range(ncol)] * n if cells is None else \
        [[c for c in range(ncol) if (cells[i] >> c) & 1] for i in range(n)]
    return [line for line in itertools.product(*allowed) if clue_of(line) == clue]


def brute_count(puzzle, cap, fixed=None):
    """Exact solution count (stopping at cap) and the solutions found; ``fixed``
    ({(row, column): colour index}) keeps only the solutions with those cells."""
    ncol = len(puzzle.colors)
    w, h = puzzle.width, puzzle.height
    fixed = fixed or {}
    row_opts = [[r for r in full_lines(tuple(c), w, ncol)
                 if all(r[x] == v for (yy, x), v in fixed.items() if yy == y)]
                for y, c in enumerate(puzzle.rows)]
    col_prefixes = []
    for c in puzzle.cols:
        pref = set()
        for line in full_lines(tuple(c), h, ncol):
            for k in range(h + 1):
                pref.add(line[:k])
        col_prefixes.append(pref)
    sols = []

    def rec(y, grid):
        if len(sols) >= cap:
            return
        if y == h:
            sols.append([list(r) for r in grid])
            return
        for r in row_opts[y]:
            grid.append(r)
            if all(tuple(g[x] for g in grid) in col_prefixes[x] for x in range(w)):
                rec(y + 1, grid)
            grid.pop()

    rec(0, [])
    return sols


def random_puzzles(seed, count):
    rng = random.Random(seed)
    out = []
    for i in range(count):
        w, h = rng.randint(1, 6), rng.randint(1, 6)
        ncol = rng.choice([2, 2, 3, 4])
        dens = rng.choice([0.2, 0.4, 0.5, 0.6, 0.8])
        grid = [[rng.randint(1, ncol - 1) if rng.random() < dens else 0 for _ in range(w)]
                for _ in range(h)]
        rows, cols = clues_from_grid(grid)
        if i % 3 == 2:
            # column clues of a shuffled grid: same colour totals, usually unsolvable
            flat = [c for r in grid for c in r]
            rng.shuffle(flat)
            other = [flat[y * w:(y + 1) * w] for y in range(h)]
            cols = clues_from_grid(other)[1]
        out.append(Puzzle(rows=list(rows), cols=list(cols), colors=COLOURS[:ncol]))
    return out


def _check(puzzle):
    truth = brute_count(puzzle, CAP)
    n = len(truth)
    # restart_unit=1 restarts after every node: the randomized branch order
    # (values drawn by likelihood) on real trials
    for res in (solve(puzzle, max_solutions=CAP), solve(puzzle, max_solutions=CAP, restart_unit=1)):
        for s in res.solutions:
            assert satisfies(puzzle, s)
        if n < CAP:
            assert sorted(map(str, res.solutions)) == sorted(map(str, truth))
            assert res.count_exact
        else:  # more than the cap exist: any CAP distinct ones will do
            assert len(set(map(str, res.solutions))) == CAP
        assert res.status == ("none" if n == 0 else "unique" if n == 1 else "multiple")
    two = solve(puzzle, max_solutions=2)
    assert two.status == ("none" if n == 0 else "unique" if n == 1 else "multiple")
    return n


@pytest.mark.parametrize("chunk", range(6))
def test_verdicts_match_enumeration(chunk):
    kinds = {0: 0, 1: 0, "many": 0}
    for p in random_puzzles(1000 + chunk, 60):
        n = _check(p)
        kinds[n if n < 2 else "many"] += 1
    # the generator must actually produce every kind of verdict
    assert all(v > 0 for v in kinds.values()), kinds


def test_empty_colour_lines():
    grid = [[0, 0, 0], [2, 3, 0], [0, 0, 0]]
    rows, cols = clues_from_grid(grid)
    p = Puzzle(rows=list(rows), cols=list(cols), colors=COLOURS)
    assert _check(p) == 1
