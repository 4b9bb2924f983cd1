"""The Nikoli hint walk's faster checkers give the same answers as before: Nurikabe's
bit masks (nurikabe_bits.first) the violation rules._nurikabe's list gives the trials,
Masyu's join check (joins.violation from a clean state) the one the check of every
cell near the join gave (kept here as the reference), and the walks of generated
puzzles and the puzzles generated at a level what the code before them recorded
(tests/golden/nikoli-walks.json, tests/nikoli_walk_golden.py)."""
import json
import random

import pytest

from nikoli_walk_golden import GOLDEN, walked
from pysolver.nikoli import joins, marks, nurikabe_bits, rules, trial
from pysolver.nikoli.model import BLACK, UNKNOWN, WHITE, Grid
from pysolver.nikoli.rules import _result
from pysolver.nikoli.url import read_url

RECORDED = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("case", RECORDED["walks"], ids=lambda c: c["url"].split("?")[1][:24])
def test_a_walk_plays_the_recorded_steps_with_the_recorded_work(case):
    grid = read_url(case["url"])
    assert walked(grid, case["solution"]) == case["walk"]


@pytest.mark.parametrize("case", RECORDED["levelled"],
                         ids=lambda c: "-".join(map(str, c["args"])))
def test_a_puzzle_generated_at_a_level_is_the_recorded_one(case):
    pytest.importorskip("clingo")
    from pysolver.nikoli import generate
    family, n, seed, level = case["args"]
    assert generate.generate(family, n, n, seed, level=level)[1] == case["result"]


def nurikabe_state(rng, w, h):
    grid = Grid("nurikabe", w, h)
    for _ in range(rng.randint(0, 5)):
        grid.clues[(rng.randrange(w), rng.randrange(h))] = rng.choice([UNKNOWN, 1, 2, 3, 5, 8])
    p = rng.random()  # how much is shaded, and (per cell) how much undecided
    rows = ["".join(rng.choices("#.?", weights=(p, 1 - p, rng.random()))[0]
                    for _ in range(w)) for _ in range(h)]
    return grid, rows


def test_nurikabes_bit_masks_give_the_rules_violation_the_trials_read():
    rng, seen = random.Random(5), set()
    for _ in range(4000):
        grid, rows = nurikabe_state(rng, rng.randint(1, 7), rng.randint(1, 7))
        broken = rules.violations(grid, rows)
        want = min(broken, key=lambda b: len(b["cells"])) if broken else None
        w = grid.width
        black, white = (sum(1 << (y * w + x) for y, r in enumerate(rows)
                            for x, ch in enumerate(r) if ch == c) for c in "#.")
        masks = nurikabe_bits.clue_masks(grid)
        assert nurikabe_bits.first(grid, black, white, *masks) == want, rows
        seen.add(want and want["rule"])
    assert seen == {None, "N1", "N2", "N4", "N6", "N7", "N8"}


def test_the_trials_state_keeps_its_masks_as_it_sets_cells():
    rng = random.Random(7)
    for _ in range(300):
        grid, rows = nurikabe_state(rng, 6, 5)
        state = trial.checker(grid, {})
        for _ in range(40):
            state.set((rng.randrange(6), rng.randrange(5)), rng.choice([True, False, None]))
            broken = rules.violations(grid, ["".join(r) for r in state.rows])
            want = min(broken, key=lambda b: len(b["cells"])) if broken else None
            assert state.violation() == want


def reference_violation(grid, state, near):
    """joins.violation as it was: every cell at most two cells from the join's (the
    pearls' rules, _white and _black, are unchanged)."""
    table = joins._table(grid)
    cells = {(x, y) for a, b in (near[:2], near[2:])
             for y in range(b - 2, b + 3) for x in range(a - 2, a + 3) if (x, y) in table}
    for cell in sorted(cells):
        vals = [joins._value(table, state, cell, d) for d in joins.STEPS]
        if vals.count(True) > 2 or (vals.count(True) == 1 and None not in vals):
            return _result("M1", [cell])
        kind = grid.clues.get(cell)
        rule = joins._white if kind == WHITE else joins._black
        bad = kind is not None and rule(table, state, cell)
        if bad:
            return _result(bad, [cell])
    return reference_loop(grid, state, [near[:2]] if state.get(near) else [])


def reference_loop(grid, state, starts):
    """joins._closed_loop as it was: every path followed to its end."""
    table, seen = joins._table(grid), set()
    lines = sum(1 for v in state.values() if v)
    for start in starts:
        if start in seen:
            continue
        comp, stack, closed = {start}, [start], True
        while stack:
            cell = stack.pop()
            links = [j for j in table[cell].values() if j is not None and state.get(j)]
            closed = closed and len(links) == 2
            for j in links:
                n = j[2:] if j[:2] == cell else j[:2]
                if n not in comp:
                    comp.add(n)
                    stack.append(n)
        seen |= comp
        if not closed:
            continue  # an open path
        if len(comp) < lines:
            return _result("M1", comp)
        off = [c for c in sorted(grid.clues) if c not in comp]
        if off:
            return _result("M2" if grid.clues[off[0]] == WHITE else "M3", [off[0]])
    return None


def test_masyus_join_check_from_a_clean_state_is_the_one_near_every_cell():
    """From a state breaking no rule (as the trials check) one join set: the same rule,
    whether a cell reading the join, a loop or nothing is found."""
    rng, seen = random.Random(3), set()
    for _ in range(1500):
        w, h = rng.randint(2, 7), rng.randint(2, 7)
        grid = Grid("masyu", w, h)
        for _ in range(rng.randint(0, 6)):
            grid.clues[(rng.randrange(w), rng.randrange(h))] = rng.choice([WHITE, BLACK])
        if joins.violation(grid, {}) is not None:
            continue  # a pearl in a corner: no clean state (the trials ask for none)
        every = [(x, y, u, v) for y in range(h) for x in range(w)
                 for u, v in ((x + 1, y), (x, y + 1)) if u < w and v < h]
        state = {}
        for j in rng.sample(every, len(every)):  # a clean state, grown one join at a time
            state[j] = rng.random() < 0.5
            if joins.violation(grid, state) is not None:
                del state[j]
        for near in rng.sample(every, min(8, len(every))):
            was = state.get(near)
            for value in (True, False):
                if was is None:
                    state[near] = value
                    got = joins.violation(grid, state, near)
                    assert got == reference_violation(grid, state, near), (grid.clues, state, near)
                    seen.add(got and got["rule"])
                    del state[near]
    assert seen == {None, "M1", "M2", "M3"}


def reference_nearness(grid, marks):
    """marks.nearness as it was: a breadth first search over a dict of cells."""
    w, h = grid.width, grid.height
    dist = {c: 0 for c in grid.clues}
    dist.update((c, 0) for u in marks for c in (u[:2], u[2:]) if c)
    todo = list(dist)
    for x, y in todo:
        for nx in (x - 1, x, x + 1):
            for ny in (y - 1, y, y + 1):
                if 0 <= nx < w and 0 <= ny < h and (nx, ny) not in dist:
                    dist[(nx, ny)] = dist[(x, y)] + 1
                    todo.append((nx, ny))

    def key(unit):
        cells = (unit[:2], unit[2:]) if len(unit) == 4 else (unit,)
        return min(dist.get(c, w + h) for c in cells), unit[1], unit[0]
    return key


@pytest.mark.parametrize("family", ["nurikabe", "masyu"])
def test_the_units_nearest_the_marks_come_first_as_before(family):
    rng = random.Random(11)
    for _ in range(300):
        w, h = rng.randint(1, 9), rng.randint(1, 9)
        grid = Grid(family, w, h)
        for _ in range(rng.randint(0, 3)):
            grid.clues[(rng.randrange(w), rng.randrange(h))] = 1
        every = marks.units(grid)
        picked = {u: True for u in rng.sample(every, rng.randint(0, min(4, len(every))))}
        new, old = marks.nearness(grid, picked), reference_nearness(grid, picked)
        assert [new(u) for u in every] == [old(u) for u in every]
