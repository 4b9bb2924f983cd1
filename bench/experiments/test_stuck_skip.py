"""The what-if cuts measured in bench/experiments/stuck_skip.py end where walk.stuck ends
(black and white and colour, finished and stalled), the copy of main's stuck is main's,
and the warm restart keeps the trial count while it solves fewer lines."""
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from experiments import stuck_skip  # noqa: E402

from pysolver.nonogram import edit, walk
from pysolver.nonogram.generate import PALETTE
from pysolver.nonogram.puzzle import BACKGROUND, puzzle_from_grid
from pysolver.nonogram.solver.propagate import Engine


def cases():
    """(grid, colours) of random pictures, 8x8 to 14x14, black and white and 3 colours."""
    rng = random.Random(31)
    out = []
    for i in range(36):
        w, h = rng.randint(8, 14), rng.randint(8, 14)
        ncol = 2 if i % 3 else 3
        dens = rng.choice([0.3, 0.45, 0.55, 0.65, 0.75])
        grid = [[rng.randint(1, ncol - 1) if rng.random() < dens else 0 for _ in range(w)]
                for _ in range(h)]
        out.append((grid, [BACKGROUND] + PALETTE[:ncol - 1]))
    return out


def run(fn, grid, colours):
    eng = Engine(puzzle_from_grid(grid, colours))
    rows, cols = edit.lines(eng)
    solves = eng.line_solves
    rows, cols, trials = fn(eng, rows, cols, grid)
    return rows, cols, trials, eng.line_solves - solves


def test_cuts_end_where_stuck_ends():
    finished = stalled = 0
    saved = {"dominance": 0, "warm": 0, "shortcut": 0}
    for grid, colours in cases():
        rows, cols, trials, solves = run(walk.stuck, grid, colours)
        assert run(stuck_skip.stuck_main, grid, colours) == (rows, cols, trials, solves)
        for name in saved:
            r, c, t, s = run(stuck_skip.VARIANTS[name], grid, colours)
            assert (r, c) == (rows, cols), name
            if name != "dominance":
                assert t == trials
            saved[name] += solves - s
        done = all(len([m for m in r if m >> x & 1]) == 1
                   for r in rows for x in range(len(grid[0])))
        finished += done
        stalled += not done
    # both kinds of end met, and both cuts solve fewer lines
    assert finished and stalled
    assert all(saved.values())


@pytest.mark.parametrize("name", ["dominance", "warm", "shortcut"])
def test_an_empty_state_is_left_as_is(name):
    grid = [[1, 0], [0, 1]]  # two solutions: nothing is decided
    colours = [BACKGROUND] + PALETTE[:1]
    rows, cols, trials, _ = run(stuck_skip.VARIANTS[name], grid, colours)
    assert (rows, cols, trials) == run(walk.stuck, grid, colours)[:3]
