"""A Nikoli hint never rests on a wrong mark: when its search runs out before it finds a
solution agreeing with the marks, the marks are checked (the puzzle's solution, a bounded
solve) and a wrong one is named first; marks it cannot check are not read, and it says so."""
import random
from pathlib import Path

import pytest

pytest.importorskip("clingo")

from pysolver import api  # noqa: E402
from pysolver.asp import tasks as asprun  # noqa: E402
from pysolver.nikoli import aspsolve, checked, families, hints, hints_large, read, rules, url  # noqa: E402
from pysolver.nikoli.hint_words import describe  # noqa: E402
from pysolver.nikoli.marks import given, units  # noqa: E402
from test_nikoli_hint_counts import few_shaded  # noqa: E402

LIBRARY = Path(__file__).resolve().parent.parent / "web" / "puzzles" / "nikoli"
NOQX = Path(__file__).resolve().parent.parent / "bench" / "nikoli-instances" / "noqx-set.txt"


def rows_of(grid, marks):
    """The state rows (and Masyu's crosses) that say ``marks``."""
    blank = ["?" * grid.width] * grid.height
    rows = hints.played(grid, blank, {"kind": "deduction",
                                      "cells": [describe(grid, u, v) for u, v in marks.items()]})
    said = hints._marks(grid, rows)
    crosses = [describe(grid, u, v) for u, v in marks.items() if v is False and u not in said] \
        if families.of(grid.family).loop else []
    return rows, crosses


def with_wrong_mark(grid, solution, rng, keeps_rules=lambda marks: True):
    """(marks, wrong unit): a share of the solution's units marked and one unit marked the
    other way, breaking no rule (Masyu: a line the solution has not)."""
    sol = hints._marks(grid, solution)
    todo = [u for u in units(grid) if u not in given(grid)]
    marks = {u: sol[u] for u in todo if rng.random() < 0.2}
    spots = [u for u in todo if u not in marks and (sol[u] is False or not families.of(grid.family).loop)]
    for u in rng.sample(spots, len(spots)):
        trial = {**marks, u: not sol[u]}
        rows, _ = rows_of(grid, trial)
        if hints._marks(grid, rows).get(u) is not None and not rules.violations(grid, rows) \
                and keeps_rules(trial):
            return trial, u
    raise LookupError("no wrong mark keeps every rule")


def hint_of(grid, marks, solve=asprun.solve_native):
    rows, crosses = rows_of(grid, marks)
    return asprun.drive(hints.hint_task(grid, rows, crosses), solve), rows


def unit_value(grid, cell):
    """(unit, value) a hint's cell names."""
    if families.of(grid.family).loop:
        return (cell["column"] - 1, cell["row"] - 1, cell["to_column"] - 1, cell["to_row"] - 1), \
            cell["value"] == "line"
    return (cell["column"] - 1, cell["row"] - 1), cell["value"] == families.of(grid.family).on


def cut_short(grid, marks):
    """Whether the cautious run (cut at CAUTIOUS_CONFLICTS) ends without an answer."""
    text = hints.program(grid)
    rule_on = [(f"active({r})", True) for r in hints.RULES[grid.family]]
    ans = asprun.solve_native(asprun.Ask(text, hints.ARGS, tuple(rule_on + [
        (hints.atom(grid, u), v) for u, v in marks.items()]), "cautious", limit=hints.CAUTIOUS_CONFLICTS))
    return ans["sat"] is None


@pytest.mark.parametrize("family", ["bag", "heyawake", "masyu", "nurikabe"])
def test_past_the_search_the_first_hint_names_the_wrong_mark(family, monkeypatch):
    """The hint search cut short before it finds any solution agreeing with the marks (as on
    large puzzles): the hint gave a deduction, or revealed a unit, that could rest on a wrong
    mark; now a bounded solve settles the puzzle's solution and the wrong mark is named."""
    monkeypatch.setattr(hints, "CAUTIOUS_CONFLICTS", 1)
    for size in ("10x10-1", "10x10-2", "15x15-1", "20x20-1"):  # the first with such a mark
        grid = read.parse((LIBRARY / f"{family}-{size}.txt").read_text(encoding="utf-8"))
        (solution,) = aspsolve.solve(grid, 2)["solutions"]
        try:
            marks, wrong = with_wrong_mark(grid, solution, random.Random(3), lambda m: cut_short(grid, m))
            break
        except LookupError:
            continue
    api.clear_caches()  # no solve known: the hint must find out
    asks = []

    def solve(ask):
        asks.append(ask)
        return asprun.solve_native(ask)
    r, _ = hint_of(grid, marks, solve)
    assert r["kind"] == "mistake" and [unit_value(grid, c)[0] for c in r["cells"]] == [wrong], r
    assert all(a.limit is not None for a in asks)  # every ask's work is counted


def test_marks_it_cannot_check_are_not_read_and_it_says_so(monkeypatch):
    """A 24x15 Heyawake whose hint search runs out on an empty board, one wrong mark that
    breaks no rule, and no solve that settles anything within its work: the hints followed
    in turn came to a deduction read from the wrong mark, shown as true ("At row 13 column
    7: unshaded ... given your mark at row 14 column 7"); now each reads only the clues and
    the steps earlier hints proved, and says the marks went unchecked."""
    monkeypatch.setattr(aspsolve, "SETTLE_CONFLICTS", 1)
    monkeypatch.setattr(hints, "MARKS_CONFLICTS", 1)
    grid = url.read_url(NOQX.read_text().splitlines()[41].split()[0])
    (solution,) = aspsolve.solve(grid, 2)["solutions"]
    sol = hints._marks(grid, solution)
    api.clear_caches()
    wrong = (6, 13)
    marks = {wrong: not sol[wrong]}
    steps = []
    for _ in range(6):
        r, _ = hint_of(grid, marks)
        if r["kind"] not in ("deduction", "reveal"):
            break
        unit, value = unit_value(grid, r["cells"][0])
        assert sol[unit] == value, r
        assert {"row": 14, "column": 7} not in [{k: c[k] for k in ("row", "column")}
                                                 for c in r.get("because", [])], r
        assert checked.UNCHECKED in r["explanation"], r  # said
        marks[unit] = value
        steps.append(unit)
    assert r["kind"] == "none" and checked.UNCHECKED in r["explanation"] and "Check" in r["explanation"], r
    assert len(steps) >= 3
    # a mark against a step a hint proved is wrong for sure: named first
    marks[steps[0]] = not marks[steps[0]]
    r, _ = hint_of(grid, marks)
    assert r["kind"] == "mistake" and [unit_value(grid, c)[0] for c in r["cells"]] == [steps[0]], r


@pytest.mark.parametrize("seed", range(6))
def test_without_clingo_a_hint_reads_no_unchecked_mark(seed, monkeypatch):
    """Past CLINGO_ISLAND_CELLS (lowered onto small grids) no clingo call is made: a hint
    read the player's marks, a wrong one too; now it reads only the steps hints proved
    until a solve has shown the marks right, and once one has, a wrong mark is named first."""
    monkeypatch.setattr(hints_large, "CLINGO_ISLAND_CELLS", 1)
    grid, solutions = few_shaded(200 + seed)
    if len(solutions) > 1:
        return
    sol = hints._marks(grid, solutions[0])
    api.clear_caches()
    marks, wrong = with_wrong_mark(grid, solutions[0], random.Random(seed))

    def no_clingo(ask):
        raise AssertionError("a clingo call")
    for _ in range(30):
        r, _ = hint_of(grid, marks, no_clingo)
        if r["kind"] not in ("deduction", "reveal"):
            break
        unit, value = unit_value(grid, r["cells"][0])
        assert sol[unit] == value, (r, marks, wrong)
        marks[unit] = value
    aspsolve.solve(grid)  # a solve proved the solution: the wrong mark is named first
    r, _ = hint_of(grid, marks, no_clingo)
    assert r["kind"] == "mistake" and wrong in [unit_value(grid, c)[0] for c in r["cells"]], r


@pytest.mark.parametrize("family", ["bag", "heyawake", "masyu", "nurikabe"])
def test_a_mistake_names_only_the_wrong_marks_when_the_closest_solution_is_not_found(family, monkeypatch):
    """The search for the solution closest to the marks ran out (MISTAKE_CONFLICTS, cut here;
    a 45x31 Nurikabe's did after 2 s): every mark was named wrong, the right ones too; now
    the puzzle's solution, settled by one bounded solve, names the wrong mark alone."""
    monkeypatch.setattr(hints, "MISTAKE_CONFLICTS", 1)
    grid = read.parse((LIBRARY / f"{family}-10x10-1.txt").read_text(encoding="utf-8"))
    (solution,) = aspsolve.solve(grid, 2)["solutions"]
    marks, wrong = with_wrong_mark(grid, solution, random.Random(4))
    assert len(marks) > 1
    api.clear_caches()
    r, _ = hint_of(grid, marks)
    assert r["kind"] == "mistake" and [unit_value(grid, c)[0] for c in r["cells"]] == [wrong], r


def test_a_mistake_it_cannot_place_names_no_right_mark(monkeypatch):
    """Neither the puzzle's solution nor the solution closest to the marks found within the
    work (both cut here; a 24x14 Nurikabe's solve needs 21,484 conflicts, past the 20,000):
    the hint named all 26 marks wrong, and the page offered to clear them, the 25 right ones
    too; now it says some are wrong without naming any."""
    monkeypatch.setattr(hints, "MISTAKE_CONFLICTS", 1)
    monkeypatch.setattr(aspsolve, "SETTLE_CONFLICTS", 1)
    grid = read.parse((LIBRARY / "heyawake-10x10-1.txt").read_text(encoding="utf-8"))
    (solution,) = aspsolve.solve(grid, 2)["solutions"]
    marks, wrong = with_wrong_mark(grid, solution, random.Random(4))
    api.clear_caches()
    r, _ = hint_of(grid, marks)
    assert r["kind"] == "mistake" and r["cells"] == [] and "Some of your marks are wrong" in r["explanation"], r


def test_marks_each_wrong_are_not_said_to_be_wrong_only_together():
    """Two shaded cells of a 7x7 Nurikabe, each unshaded in its one solution, breaking no rule:
    the hint said no solution agrees with "them all", as if one of them might be right."""
    grid = url.read_url("https://puzz.link/p?nurikabe/7/7/1j1i1g1i1g3h2v3g1g1m")
    (solution,) = aspsolve.solve(grid, 2)["solutions"]
    sol = hints._marks(grid, solution)
    marks = {(1, 0): True, (2, 0): True, (0, 1): True, (3, 3): True, (4, 3): True}
    assert [u for u, v in marks.items() if sol[u] != v] == [(3, 3), (4, 3)]
    api.clear_caches()
    r, rows = hint_of(grid, marks)
    assert not rules.violations(grid, rows)
    assert r["kind"] == "mistake" and sorted(unit_value(grid, c)[0] for c in r["cells"]) == [(3, 3), (4, 3)], r
    assert r["explanation"].startswith("These 2 marks are wrong:"), r
    assert "any of them" in r["explanation"] and "them all" not in r["explanation"], r
