"""Nurikabe's count steps for grids with few shaded cells, for cells between two
islands and for cells an island must take (pysolver/nikoli/counts.py), and the hint without clingo where an island is
too large for it (hints_large.py, issue 30: janko 1030_32x32): every step holds
in every solution of small instances, on random partial states; the large-island hint
makes no clingo call."""
import random
import re

import pytest

pytest.importorskip("clingo")

from pysolver import api  # noqa: E402
from pysolver.asp import tasks as asprun  # noqa: E402
from pysolver.nikoli import aspsolve, counts, hints, hints_large, url  # noqa: E402
from pysolver.nikoli.model import Grid  # noqa: E402
from pysolver.nikoli import read  # noqa: E402
from test_nikoli_hints import agreeing, partial, unit_of  # noqa: E402
from test_nikoli_solve import small_instances  # noqa: E402
from test_nikoli_trial import LIBRARY  # noqa: E402

# janko.at Nurikabe 1030 (puzzlekit-dataset 53de2fc): islands of 994 and 20, 10 shaded cells
J1030 = "https://puzz.link/p?nurikabe/32/32/zzy+3e2zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzj-14zzy"


def few_shaded(seed):
    """A small Nurikabe with a handful of shaded cells and at least one solution."""
    rng = random.Random(seed)
    while True:
        w, h = rng.randint(5, 7), rng.randint(5, 7)
        cells = [(x, y) for x in range(w) for y in range(h)]
        picked = rng.sample(cells, rng.randint(2, 3))
        k = rng.randint(2, 6)
        sizes = [rng.randint(1, 8) for _ in picked[1:]]
        first = w * h - k - sum(sizes)
        if first < 1:
            continue
        g = Grid("nurikabe", w, h)
        g.clues = dict(zip(picked, [first] + sizes))
        solutions = aspsolve.solve(g, 0)["solutions"]
        if solutions and len(solutions) <= 50:
            return g, solutions


def count_cases():
    yield from (("few shaded", seed) for seed in range(12))
    yield from (("small", seed) for seed in range(12))
    yield from (("built-in", name) for name in ("nurikabe-7x7-1.txt", "nurikabe-10x10-2.txt"))


def instance(kind, which):
    if kind == "few shaded":
        return few_shaded(which)
    if kind == "small":
        grid = list(small_instances("nurikabe", 12))[which]
    else:
        grid = read.parse((LIBRARY / which).read_text(encoding="utf-8"))
    return grid, aspsolve.solve(grid, 0)["solutions"]


@pytest.mark.parametrize("kind, which", list(count_cases()))
def test_the_counts_hold_in_every_solution(kind, which):
    grid, solutions = instance(kind, which)
    if not solutions:
        return
    rng, found = random.Random(str(which)), 0
    for share in (0.0, 0.0, 0.2, 0.4, 0.6):
        state = partial(grid, rng.choice(solutions), rng, share)
        marks = hints._marks(grid, state)
        agree = agreeing(grid, marks, solutions)
        for cell, (value, names, read, words) in counts._nurikabe(grid, marks).items():
            found += 1
            assert cell not in marks and cell not in grid.clues
            assert all(hints._marks(grid, s)[cell] == value for s in agree), (state, cell, words)
            assert names and all(c in marks for c in read)
    assert found or kind != "few shaded"  # the few shaded cells give counts on these grids


def test_1030s_first_hint_is_a_count_without_clingo():
    """The first hint of janko 1030 (3.2 s of CPU and "none" before): a step a person
    reads off the count of shaded cells, with no clingo call."""
    grid = url.read_url(J1030)
    api.clear_caches()

    def no_clingo(ask):
        raise AssertionError("a clingo call")
    r = asprun.drive(hints.hint_task(grid, ["?" * 32] * 32), no_clingo)
    assert r["kind"] == "deduction" and r["cells"] == [{"row": 1, "column": 27, "value": "."}], r
    assert "Only 10 cells are shaded" in r["explanation"]
    assert "within 29 steps" in r["explanation"]


def walk_without_clingo(grid):
    state, seen = ["?" * grid.width] * grid.height, []

    def no_clingo(ask):
        raise AssertionError("a clingo call")
    while True:
        r = asprun.drive(hints.hint_task(grid, state), no_clingo)
        seen.append(r)
        if r["kind"] not in ("deduction", "reveal"):
            return state, seen
        state = hints.played(grid, state, r)


@pytest.mark.parametrize("seed", range(4))
def test_large_islands_hint_without_clingo_and_say_when_beyond(seed, monkeypatch):
    """Past CLINGO_ISLAND_CELLS (lowered here onto small grids) the hints are the
    checker's and the counts' steps, each true in every solution; when none is left the
    hint says the puzzle is beyond the explained hints; once a solve proved the
    solution unique in this process, Hint reveals from it, labelled so."""
    monkeypatch.setattr(hints_large, "CLINGO_ISLAND_CELLS", 1)
    grid, solutions = few_shaded(100 + seed)
    api.clear_caches()
    state, seen = walk_without_clingo(grid)
    for r in seen[:-1]:
        unit, value = unit_of(grid, r["cells"][0])
        assert all(hints._marks(grid, s)[unit] == value for s in solutions), r
    last = seen[-1]
    if last["explanation"] == "The grid is complete.":
        return
    assert last["kind"] == "none" and "beyond the explained hints" in last["explanation"]
    if len(solutions) > 1:
        return
    aspsolve.solve(grid)  # a solve that proves the solution unique: it is at hand
    state, seen = walk_without_clingo(grid)
    assert seen[-1]["explanation"] == "The grid is complete."
    reveals = [r for r in seen if r["kind"] == "reveal"]
    assert reveals and all("one solution (found by Solve)" in r["explanation"] for r in reveals)
    assert all(state[y][x] == solutions[0][y][x] for x, y in grid.cells() if (x, y) not in grid.clues)


def test_a_mark_the_checker_refutes_is_named_without_clingo(monkeypatch):
    monkeypatch.setattr(hints_large, "CLINGO_ISLAND_CELLS", 1)
    grid, solutions = few_shaded(7)
    api.clear_caches()
    x, y = next(iter(grid.clues))
    rows = [list("?" * grid.width) for _ in range(grid.height)]
    # shade every neighbour of a number and the number's island cannot grow (N4), unless it is 1
    for u, v in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
        if 0 <= u < grid.width and 0 <= v < grid.height and (u, v) not in grid.clues:
            rows[v][u] = "#"
    if grid.clues[(x, y)] == 1:
        return
    r = asprun.drive(hints.hint_task(grid, ["".join(r) for r in rows]), lambda ask: 1 / 0)
    assert r["kind"] == "mistake" and r["cells"] and r["rules"], r
    # the rule in How to play's words, as the Check says it ("they break N4: ..." said a code)
    assert re.search(r"(it breaks|they break) the rule: [a-z]", r["explanation"]), r
    assert not re.search(r"\b[NHMB]\d\b", r["explanation"]), r


def test_a_small_grid_with_a_question_mark_still_asks_clingo():
    """A "?" island may reach every cell: only on a grid of CLINGO_ISLAND_CELLS cells or
    more does that put the hint past clingo."""
    from pysolver.nikoli.model import UNKNOWN
    grid = Grid("nurikabe", 5, 5)
    grid.clues = {(0, 0): UNKNOWN, (4, 4): 3}
    asks = []

    def solve(ask):
        asks.append(ask)
        return asprun.solve_native(ask)
    api.clear_caches()
    r = asprun.drive(hints.hint_task(grid, ["?????"] * 5), solve)
    assert asks and r["kind"] in ("deduction", "none", "reveal"), r
    assert hints_large.beyond_clingo(url.read_url(J1030))
