"""The checker's what-if refutations (pysolver/nikoli/trial.py) are sound: checked
against every solution of small instances, on every undecided cell and both values
(not only the forced ones, so a wrong refutation cannot hide)."""
import random
from pathlib import Path

import pytest

pytest.importorskip("clingo")

from pysolver.asp import tasks as asprun
from pysolver.nikoli import aspsolve, hints, model, trial, url  # noqa: E402
from test_nikoli_formats import EXAMPLES  # noqa: E402
from test_nikoli_hints import agreeing, partial  # noqa: E402
from test_nikoli_solve import small_instances  # noqa: E402

FAMILIES = ("nurikabe", "heyawake", "bag", "masyu")
LIBRARY = Path(__file__).resolve().parent.parent / "web" / "puzzles" / "nikoli"


def cases():
    for family in FAMILIES:
        yield from ((family, g) for g in small_instances(family, 6))
        yield family, url.read_url(EXAMPLES[family])


@pytest.mark.parametrize("family, grid", list(cases()))
def test_refutations_hold_in_every_solution(family, grid):
    solutions = aspsolve.solve(grid, 0)["solutions"]
    if not solutions:
        return
    rng, refuted = random.Random(url.write_url(grid)), 0
    for share in (0.0, 0.3, 0.5, 0.7):
        state = partial(grid, rng.choice(solutions), rng, share)
        marks = hints._marks(grid, state)
        agree = agreeing(grid, marks, solutions)
        for unit in hints.units(grid):
            if unit in marks:
                continue
            for value in (True, False):
                found = trial.explain(grid, marks, [(unit, value)])
                assert marks == hints._marks(grid, state)  # the marks are left as they were
                if found is None:
                    continue
                refuted += 1
                said, names, read = found[:2], found[2], found[3]
                assert said == (unit, value)
                assert all(hints._marks(grid, s)[unit] == value for s in agree), (state, found)
                assert names and all(n[0] == family[0].upper() for n in names)
                assert all(m in marks for m in read)
    assert refuted or len(solutions) > 1


def walk_asks(grid):
    """The clingo calls of a whole hint walk from the empty grid (it must complete)."""
    state, crosses, asks = ["?" * grid.width] * grid.height, [], []
    hints._consequences.clear()

    def solve(ask):
        asks.append(ask)
        return asprun.solve_native(ask)
    while True:
        r = asprun.drive(hints.hint_task(grid, state, crosses), solve)
        if r["kind"] != "deduction":
            break
        if r["cells"][0]["value"] == "no line":
            crosses.append(r["cells"][0])
        state = hints.played(grid, state, r, crosses)
    assert r["explanation"] == "The grid is complete.", r
    return len(asks)


@pytest.mark.parametrize("family", ["nurikabe", "heyawake", "masyu"])
def test_trials_save_clingo_calls(family, monkeypatch):
    """Along the built-in 7x7's hint walk, the trials explain hints that clingo
    explains without them (2026-11-24: Nurikabe 1 call against 25, Heyawake 29
    against 58, Masyu 1 against 19)."""
    grid = model.parse((LIBRARY / f"{family}-7x7-1.txt").read_text(encoding="utf-8"))
    with_trials = walk_asks(grid)
    monkeypatch.setattr(trial, "BUDGET", {f: 0 for f in trial.BUDGET})  # at once only
    assert with_trials < walk_asks(grid)


def test_the_join_checker_names_each_rule():
    """joins.violation on hand-made partial join sets of a 4x4 Masyu with a white
    pearl at (1, 1) and a black one at (2, 2) (x, y from 0)."""
    from pysolver.nikoli.joins import violation
    from pysolver.nikoli.model import BLACK, WHITE, Grid
    g = Grid("masyu", 4, 4)
    g.clues = {(1, 1): WHITE, (2, 2): BLACK}
    e = lambda x, y: (x, y, x + 1, y)  # noqa: E731  the join to the right
    s = lambda x, y: (x, y, x, y + 1)  # noqa: E731  the join below

    def rule(state):
        v = violation(g, state)
        return v and v["rule"]
    assert rule({}) is None
    assert rule({e(0, 0): True, s(0, 0): True, e(0, 1): True, s(0, 1): True}) == "M1"  # 3 lines
    assert rule({e(0, 3): True, e(1, 3): False, s(1, 2): False}) == "M1"  # a dead end
    assert rule({e(0, 1): True, s(1, 0): True}) == "M2"  # a turn on the white pearl
    assert rule({e(0, 1): False, s(1, 0): False}) == "M2"  # neither way straight
    assert rule({e(0, 1): True, e(1, 1): True}) is None
    assert rule({e(1, 2): True, e(2, 2): True}) == "M3"  # straight through the black pearl
    assert rule({e(2, 2): True, e(3, 2): False}) == "M3"  # the line leaves off the grid
    assert rule({e(1, 2): True, e(0, 2): False}) == "M3"  # and turns at once
    assert rule({e(2, 2): False, e(1, 2): False}) == "M3"  # no way across
    square = {e(2, 0): True, e(2, 1): True, s(2, 0): True, s(3, 0): True}
    assert rule(square) == "M2"  # a closed loop with the white pearl off it
    assert rule({**square, e(0, 3): True}) == "M1"  # a closed loop and another line
