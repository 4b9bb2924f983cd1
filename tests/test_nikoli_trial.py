"""The checker's what-if refutations (pysolver/nikoli/trial.py) are sound: checked
against every solution of small instances, on every undecided cell and both values
(not only the forced ones, so a wrong refutation cannot hide)."""
import random

import pytest

pytest.importorskip("clingo")

from pysolver.nikoli import aspsolve, hints, trial, url  # noqa: E402
from test_nikoli_formats import EXAMPLES  # noqa: E402
from test_nikoli_hints import agreeing, partial  # noqa: E402
from test_nikoli_solve import small_instances  # noqa: E402

FAMILIES = ("nurikabe", "heyawake", "bag", "masyu")


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


def test_the_hint_walk_uses_trials_and_names_their_rules():
    """On the Nurikabe example some hints come from a trial: rules the checker names,
    the marks they read, no clingo call for the explanation."""
    grid = url.read_url(EXAMPLES["nurikabe"])
    state = ["?" * grid.width] * grid.height
    seen = []
    orig = trial.explain

    def spy(*args):
        found = orig(*args)
        seen.append(found)
        return found
    trial.explain = spy
    try:
        for _ in range(grid.width * grid.height):
            r = hints.hint(grid, state)
            if r["kind"] != "deduction":
                break
            state = hints.played(grid, state, r, ())
    finally:
        trial.explain = orig
    assert r["explanation"] == "The grid is complete."
    assert any(seen), "no hint of the walk came from a trial"
