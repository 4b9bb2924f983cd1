"""walk.stuck (the expert climb's test) against a copy of the function it replaced (main
7781691): on black-and-white puzzles from random pictures (10-25 cells a side) and on the
states the climb itself meets, the same end (rows, cols), the same trials and the same work
counted: propagate.solved() and the engine's line_solves (cache hits too), the line-cache
misses, the engine's tick allowance and its last failed line. The climb's path follows the
trials and the lanes' race follows the line solves, so equal counts keep every puzzle."""
from __future__ import annotations

import random

import pytest

from pysolver.nonogram import climb, edit, generate as gen, walk
from pysolver.nonogram.picture import picture
from pysolver.nonogram.puzzle import BACKGROUND, puzzle_from_grid
from pysolver.nonogram.solver import line, propagate
from pysolver.nonogram.solver.line import positions, undecided
from pysolver.nonogram.solver.probe import diff, invalidate, set_cell
from pysolver.nonogram.solver.propagate import Engine

COLORS = [BACKGROUND, gen.PALETTE[0]]


def old_stuck(eng, rows, cols, goal):
    """walk.stuck as at 7781691, word for word."""
    h, w, ncol = eng.h, eng.w, eng.ncol
    memo = {}
    trials = 0
    changed = True
    while changed:
        changed = False
        for y in range(h):
            for x in positions(undecided(rows[y])):
                if y * w + x in memo or not undecided(rows[y]) >> x & 1:
                    continue
                right = goal[y][x]
                for c in range(ncol):
                    if c == right or not rows[y][c] >> x & 1:
                        continue
                    r2, c2 = set_cell(rows, cols, y, x, c)
                    trials += 1
                    if eng.run(r2, c2, {y}, {x}) >= 0:
                        memo[y * w + x] = (eng.chg_rows | 1 << y, eng.chg_cols | 1 << x)
                        break
                else:
                    r2, c2 = set_cell(rows, cols, y, x, right)
                    walk.settle(eng, r2, c2, {y}, {x})
                    invalidate(memo, diff(rows, r2), diff(cols, c2))
                    rows[:], cols[:] = r2, c2
                    changed = True
    return rows, cols, trials


def outcome(fn, puzzle, rows, cols, goal, left):
    """fn's end and counts from (rows, cols), on cold line caches and a fresh engine."""
    line.clear_caches()
    eng = Engine(puzzle)
    eng.left = left
    solved, budget = propagate.solved(), line._budget[0]
    r, c, trials = fn(eng, list(rows), list(cols), goal)
    return (r, c, trials, propagate.solved() - solved, eng.line_solves,
            budget - line._budget[0], eng.left, eng.failed)


def assert_same(puzzle, rows, cols, goal, left=propagate.CHECK_CELLS):
    old = outcome(old_stuck, puzzle, rows, cols, goal, left)
    new = outcome(walk.stuck, puzzle, rows, cols, goal, left)
    assert new == old
    return old


def random_states(seed):
    """A random picture's puzzle, its goal, and two settled states: where line logic ends
    from the empty grid, and that with a few open cells set to the goal and settled."""
    rng = random.Random(seed)
    w, h = rng.randint(10, 25), rng.randint(10, 25)
    grid, _, _ = picture(rng, w, h, rng.uniform(0.35, 0.55), 1, grain=rng.random())
    p = puzzle_from_grid(grid, COLORS)
    eng = Engine(p)
    rows, cols = edit.lines(eng)
    yield p, grid, rows, cols
    opened = [(y, x) for y in range(h) for x in positions(undecided(rows[y]))]
    for y, x in rng.sample(opened, min(len(opened), rng.randint(1, 6))):
        if undecided(rows[y]) >> x & 1:
            rows, cols = set_cell(rows, cols, y, x, grid[y][x])
            walk.settle(eng, rows, cols, {y}, {x})
    yield p, grid, rows, cols


@pytest.mark.parametrize("seeds", [range(0, 60), range(60, 120)])
def test_same_from_random_pictures(seeds):
    decided = tried = 0
    for seed in seeds:
        for p, grid, rows, cols in random_states(seed):
            end, _, trials, *_ = assert_same(p, rows, cols, grid, left=100 + seed * 97)
            tried += trials
            decided += sum(undecided(a).bit_count() for a in rows) - \
                sum(undecided(a).bit_count() for a in end)
    assert tried > 300 and decided > 500  # the what-ifs worked: both outcomes were met


@pytest.mark.parametrize("size, seed", [(10, 1), (12, 2), (15, 3)])
def test_same_on_the_climbs_states(monkeypatch, size, seed):
    met = []
    real = climb.stuck

    def keep(eng, rows, cols, goal):
        met.append((eng.puzzle, list(rows), list(cols), [list(r) for r in goal], eng.left))
        return real(eng, rows, cols, goal)

    monkeypatch.setattr(climb, "stuck", keep)
    gen.generate(size, size, 1, "expert", seed)
    assert len(met) > 10
    for p, rows, cols, goal, left in met:
        assert_same(p, rows, cols, goal, left)
