"""Stars for the Nikoli genres from a hint walk (issue 31): the walk plays the same
steps as the Hint button, is bounded, and its stars grow with size and reasoning;
every built-in's stars come from its walk."""
import json
from pathlib import Path

import pytest

pytest.importorskip("clingo")

from pysolver import stars  # noqa: E402
from pysolver.nikoli import aspsolve, hints, read, walk  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
NIKOLI = ROOT / "web" / "puzzles" / "nikoli"
INDEX = json.loads((NIKOLI / "index.json").read_text())["puzzles"]
FAMILIES = ("nurikabe", "heyawake", "masyu", "bag")


def builtin(name):
    return read.parse((NIKOLI / name).read_text(), name)


def solved(grid):
    r = aspsolve.solve(grid, 2)
    assert r["status"] == "unique"
    return r["solutions"][0]


def as_cell(grid, unit, value):
    """A walk step as the hint names its cell."""
    if len(unit) == 4:
        x, y, u, v = unit
        return {"row": y + 1, "column": x + 1, "to_row": v + 1, "to_column": u + 1,
                "value": "line" if value else "no line"}
    on = "." if grid.family == "bag" else "#"
    return {"row": unit[1] + 1, "column": unit[0] + 1, "value": on if value else "#."[on == "#"]}


@pytest.mark.parametrize("family", FAMILIES)
def test_the_walk_plays_the_hint_buttons_steps(family):
    """The first steps of the walk are the hints the page gives, pressed in turn
    (hints.hint by clingo, each followed), cell for cell."""
    grid = builtin(f"{family}-7x7-1.txt")
    played = walk.walk(grid, solved(grid), trace=True)["played"]
    state, crosses = ["?" * grid.width] * grid.height, []
    for unit, value, _ in played[:12]:
        h = hints.hint(grid, state) if not crosses else hints.run_native(
            hints.hint_task(grid, state, crosses))
        assert h["kind"] == "deduction", h
        assert h["cells"] == [as_cell(grid, unit, value)]
        new = hints.played(grid, state, h, crosses)
        if len(unit) == 4 and not value:
            crosses.append(h["cells"][0])
        state = new


@pytest.mark.parametrize("family", FAMILIES)
def test_a_walk_finishes_within_its_work_and_a_small_cap_says_so(family):
    grid = builtin(f"{family}-7x7-1.txt")
    sol = solved(grid)
    full = walk.walk(grid, sol)
    assert full["finished"] and full["end"] == "solved"
    assert full["work"] <= walk.WORK_PER_UNIT * full["units"]
    assert sum(full["steps"].values()) <= full["units"]  # Masyu: full cells close their gaps
    cut = walk.walk(grid, sol, cap=full["work"] // 2)
    assert not cut["finished"] and cut["end"] == "cap" and cut["units"] < full["units"]
    assert stars.nikoli(7, 7, cut) >= 4  # a walk that stops is never rated easy


def test_stars_grow_with_size_and_with_deeper_steps():
    small, big = builtin("bag-7x7-1.txt"), builtin("bag-10x10-2.txt")
    assert stars.nikoli(7, 7, walk.walk(small, solved(small))) < \
        stars.nikoli(10, 10, walk.walk(big, solved(big)))
    # the same grid: what-ifs cost more than rules seen at a glance, deeper steps more still
    base = {"steps": {"rule": 300, "trial": 20, "deep": 0}, "chain_steps": 60}
    trial = stars.nikoli_minutes(20, 20, base)
    glance = stars.nikoli_minutes(20, 20, dict(base, steps={"rule": 320, "trial": 0, "deep": 0},
                                                chain_steps=0))
    deep = stars.nikoli_minutes(20, 20, dict(base, steps={"rule": 300, "trial": 0, "deep": 20},
                                              chain_steps=0))
    assert glance < trial < deep
    assert stars.nikoli(20, 20, dict(base, steps={"rule": 300, "trial": 0, "deep": 100},
                                     chain_steps=0)) > stars.nikoli(20, 20, base)
    # nonograms on the same scale: a bigger grid and deeper what-ifs add stars
    line = {"steps": {"line": 20, "probe": 0, "deep": 0}, "chain_steps": 0}
    assert stars.nonogram(5, 5, line) < stars.nonogram(30, 30, dict(line, steps={
        "line": 200, "probe": 0, "deep": 0}))
    assert stars.nonogram(15, 15, line) < stars.nonogram(15, 15, dict(line, steps={
        "line": 20, "probe": 0, "deep": 12}))


def test_every_nikoli_builtin_has_stars_from_its_walk():
    """index.json keeps each built-in's walk; its stars are that walk's, and the 7x7
    ones' walks are played again here (tests/test_nikoli_solve.py rates the 10x10s
    again by the check)."""
    assert {p["family"] for p in INDEX} == set(FAMILIES)
    for p in INDEX:
        w = p["walk"]
        assert w["finished"], p["file"]
        assert p["stars"] == stars.nikoli(p["width"], p["height"], w), p["file"]
        if p["width"] <= 7:
            grid = builtin(p["file"])
            again = walk.walk(grid, solved(grid))
            assert {k: again[k] for k in w} == w, p["file"]


def test_every_nonogram_builtin_has_stars_from_its_walk():
    """The catalogue's stars (pysolver report --catalogue) are the hint walk's; the
    small puzzles' walks are played again here."""
    from pysolver.nonogram import formats
    from pysolver.nonogram.walk import walk as nonogram_walk
    entries = json.loads((ROOT / "web" / "puzzles" / "catalogue.json").read_text())["puzzles"]
    assert entries and all(p["stars"] in range(1, 6) for p in entries)
    for p in entries:
        if p["width"] * p["height"] <= 100:
            path = ROOT / "web" / "puzzles" / p["file"]
            puzzle = formats.parse_one(path.read_text(encoding="utf-8-sig"), str(path))
            assert p["stars"] == stars.nonogram(p["width"], p["height"], nonogram_walk(puzzle)), p["id"]


@pytest.mark.parametrize("name, words", [("bag-10x10-2.txt", "besides itself"),
                                         ("nurikabe-10x10-2.txt", "No island can reach it")])
def test_a_count_step_is_found_and_the_hint_says_it(name, words):
    """Counts (pysolver/nikoli/counts.py: a Bag number's four arms add up to its
    number; a Nurikabe cell no island can reach) are steps of their own kind, and
    the Hint button gives the same cell with the count in words."""
    grid = builtin(name)
    played = walk.walk(grid, solved(grid), trace=True)["played"]
    first = next(i for i, (_, _, kind) in enumerate(played) if kind == "count")
    marks = {unit: value for unit, value, _ in played[:first]}
    h = hints.hint(grid, ["".join(row) for row in hints._rows(grid, marks)])
    unit, value, _ = played[first]
    assert h["kind"] == "deduction" and h["cells"] == [as_cell(grid, unit, value)], h
    assert words in h["explanation"], h


def test_counts_take_the_bag_walk_off_deep_steps():
    """The 15x15 Bag's walk took 57 deep steps with the checker alone (2026-11-27):
    the counts and the checkerboard a person sees at a glance decide them all."""
    grid = builtin("bag-15x15-1.txt")
    steps = walk.walk(grid, solved(grid))["steps"]
    assert steps["count"] >= 1 and steps["deep"] <= 5, steps


def test_the_check_walk_honours_a_work_budget():
    """analyse's walk stops at the caller's budget (checker calls, the same on any
    machine; --timeout stops it the same way): its stars are then a lower bound."""
    grid = builtin("bag-10x10-2.txt")
    full = aspsolve.analyse(grid)
    assert full["walk"]["end"] == "solved" and full["stars_at_least"] is False
    cut = aspsolve.analyse(grid, work=full["walk"]["work"] // 3)
    assert cut["walk"]["end"] == "stopped" and not cut["walk"]["finished"]
    assert cut["walk"]["work"] < full["walk"]["work"] and cut["stars_at_least"] is True
    assert cut["stars"] <= full["stars"] and cut["minutes"] < full["minutes"]
    assert cut["minutes"] >= stars.nikoli_minutes(10, 10, dict(cut["walk"], steps={}, chain_steps=0))


def test_a_bag_checkerboard_breaks_the_loop_at_a_glance():
    """Inside and outside cells meeting only at the corners of a 2x2 block: the loop
    would cross itself. A player sees it at once, so the checker does too (before,
    only once a region was closed: most of the 15x15 Bag walk's deep steps)."""
    from pysolver.nikoli import rules
    grid = builtin("bag-7x7-1.txt")
    rows = ["?" * 7] * 7
    rows[0], rows[1] = ".#?????", "#.?????"
    assert any(v["rule"] == "B1" and [1, 1] in v["cells"] for v in rules.violations(grid, rows))
    rows[1] = "..?????"
    assert not any(v["rule"] == "B1" for v in rules.violations(grid, rows))
