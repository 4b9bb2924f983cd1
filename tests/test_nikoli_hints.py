"""ASP hints for the Nikoli families are sound: checked against every solution."""
import random

import pytest

pytest.importorskip("clingo")

from pysolver.nikoli import aspsolve, hints, url  # noqa: E402
from test_nikoli_formats import EXAMPLES  # noqa: E402
from test_nikoli_solve import small_instances  # noqa: E402


def unit_of(grid, cell):
    if grid.family == "masyu":
        unit = (cell["column"] - 1, cell["row"] - 1, cell["to_column"] - 1, cell["to_row"] - 1)
        return unit, cell["value"] == "line"
    on = "." if grid.family == "bag" else "#"
    return (cell["column"] - 1, cell["row"] - 1), cell["value"] == on


def partial(grid, solution, rng, share):
    """The solution with some cells forgotten ('?')."""
    return ["".join(ch if rng.random() < share else "?" for ch in row) for row in solution]


def agreeing(grid, marks, solutions):
    return [s for s in solutions
            if all(hints._marks(grid, s).get(u) == v for u, v in marks.items())]


def cases():
    for family in ("nurikabe", "heyawake", "masyu", "bag"):
        yield from ((family, g) for g in small_instances(family, 3))
        yield family, url.read_url(EXAMPLES[family])


@pytest.mark.parametrize("family, grid", list(cases()))
def test_hints_sound(family, grid):
    rng = random.Random(url.write_url(grid))
    solutions = aspsolve.solve(grid, 0)["solutions"]
    if not solutions:
        r = hints.hint(grid, ["?" * grid.width] * grid.height)
        assert r["kind"] == "no-solution"
        return
    for share in (0.0, 0.5):
        state = partial(grid, rng.choice(solutions), rng, share)
        r = hints.hint(grid, state)
        marks = hints._marks(grid, state)
        agree = agreeing(grid, marks, solutions)
        assert agree  # the state came from a solution
        if r["kind"] == "deduction":
            unit, value = unit_of(grid, r["cells"][0])
            assert unit not in marks
            assert all(hints._marks(grid, s)[unit] == value for s in agree), r
            assert r["rules"] and all(n[0] == family[0].upper() for n in r["rules"])
        else:
            assert r["kind"] in ("none",), r


@pytest.mark.parametrize("family", sorted(EXAMPLES))
def test_mistake_named(family):
    grid = url.read_url(EXAMPLES[family])
    (solution,) = aspsolve.solve(grid, 2)["solutions"]
    flip = {"#": ".", ".": "#", "─": ".", "│": ".", "┌": ".", "┐": ".", "└": ".", "┘": "."}
    x, y = next((x, y) for y, row in enumerate(solution) for x, ch in enumerate(row)
                if (x, y) not in grid.clues and ch != ".")
    state = ["?" * grid.width] * grid.height
    state[y] = state[y][:x] + flip[solution[y][x]] + state[y][x + 1:]
    r = hints.hint(grid, state)
    assert r["kind"] == "mistake" and r["rules"], r
    assert (r["cells"][0]["row"], r["cells"][0]["column"]) == (y + 1, x + 1) or \
        grid.family == "masyu"
    assert "no solution agrees" in r["explanation"]
