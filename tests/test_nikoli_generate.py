"""The Nurikabe generator's clue fixing (generate_nurikabe): the places where a
second solution differs are split into areas, each fixed on its own, and a 30x30
comes out unique."""
import random

import pytest

pytest.importorskip("clingo")

from pysolver.nikoli import aspsolve, generate, generate_options, generate_nurikabe as gn, rules, shapes  # noqa: E402
from pysolver.asp.tasks import Ask, solve_native  # noqa: E402
from pysolver.nikoli.model import Grid  # noqa: E402


def ambiguous(seed, n=15):
    """(grid, our rows, a second solution) of a carved solution with one clue per island."""
    rng = random.Random(seed)
    rows = shapes.nurikabe_islands(n, n, rng)
    grid = Grid("nurikabe", n, n)
    gn._place_clues(grid, rows, rng)
    ref = "".join(f"ref({x},{y})." for y, r in enumerate(rows) for x, ch in enumerate(r) if ch == "#")
    ans = solve_native(Ask(aspsolve.program(grid) + ref + "\n" + generate_options.differ("nurikabe")))
    assert ans["sat"], "the carved clues happen to be unique: pick another seed"
    return grid, rows, aspsolve.rows_from_atoms(grid, ans["models"][0]), rng


def test_areas_split_the_differences_and_each_is_fixed_alone():
    grid, rows, other, rng = ambiguous(3)
    areas = gn._areas(grid, rows, other)
    assert len(areas) > 1 and set().union(*areas) == gn._diff(rows, other)
    assert not any(a & b for i, a in enumerate(areas) for b in areas[i + 1:])
    variants = [gn._apply(rows, other, a) for a in areas]
    alone = [v for v in variants if not rules.violations(grid, v)]
    assert alone, "some area is a second solution on its own"
    seen = []
    for v in alone:
        seen.append((gn._zone(gn._diff(rows, v), grid.width, grid.height), v))
        new = gn._fix(grid, rows, v, seen, rng)
        if new is not None:
            rows = new
            assert rules.violations(grid, rows) == []  # still our solution
            assert rules.violations(grid, v)  # the variant is ruled out
    assert any(rules.violations(grid, v) for v in alone)


@pytest.mark.slow  # about 10 s of CPU
def test_nurikabe_30x30_is_generated_unique():
    g, info = generate.generate("nurikabe", 30, 30, 4, minimal=False)
    r = aspsolve.solve(g, 2)
    assert r["status"] == "unique" and rules.violations(g, r["solutions"][0]) == []
    assert info["clues"] == len(g.clues) > 100
