"""Nurikabe's generator (:mod:`generate`'s hook for the family).

A carved solution gets one clue per island; clingo then looks for a second
solution (``:- not differ.`` against ours). At 30x30 a second solution differs
from ours in 20-45 independent places (an island cell swapped for a shaded one
beside it, mostly), so every check fixes each of them, not one:

- the differences are grouped into areas (cells of one island, ours or the other
  solution's, or touching corners, are one area); each area applied alone to our
  solution is a *variant*, a second solution in its own right when it keeps the
  rules;
- a variant is ruled out by moving its island's clue onto a cell the variant
  shades (a clue cell must stay white), or else by changing our solution at one
  cell of the area or next to it (an island cell shaded, or a shaded cell joined
  to an island or made an island of 1) so that it still keeps every rule and the
  variant does not;
- a fix must keep every variant met before near the cells it changes ruled out
  (so fixes do not undo each other).

The budget is work: NURIKABE_CHECKS checks per carved solution, each within a
conflict limit that grows with the grid; past either, a new attempt.
"""
from __future__ import annotations

from . import aspsolve, rules, shapes
from ..asp.tasks import Ask
from .generate_options import differ
from .model import Grid

FAMILY = "nurikabe"

NURIKABE_CHECKS = 40  # checks for one carved solution before a new attempt
CHECK_CAP = 1000  # conflicts for one check, per 200 cells (at least 1000)


def make(grid, rng, tag, minimal, dropped=None):
    """Nurikabe's generator (generate.py's hook): one clue per island, already
    minimal, so ``minimal`` changes nothing and no clue is ever ``dropped``."""
    return (yield from nurikabe(grid, rng, tag, differ(FAMILY)))


def nurikabe(grid, rng, tag, differ):
    """Carve a solution and fix its clues until unique (``grid.clues`` set): True,
    or False when the budget runs out. ``differ`` is the ``:- not differ.`` program
    part for Nurikabe (generate.py's)."""
    w, h = grid.width, grid.height
    rows = shapes.nurikabe_islands(w, h, rng)
    if rows is None:
        return False
    _place_clues(grid, rows, rng)
    cap = CHECK_CAP * max(1, w * h // 200)
    seen = []  # (zone, variant): variants met so far, ruled out by the clues
    for _ in range(NURIKABE_CHECKS):
        ref = "".join(f"ref({x},{y})." for y, r in enumerate(rows)
                      for x, ch in enumerate(r) if ch == "#")
        ans = yield Ask(tag + aspsolve.program(grid) + ref + "\n" + differ, limit=cap)
        if ans["sat"] is False:
            return True
        if not ans["sat"]:
            return False
        other = aspsolve.rows_from_atoms(grid, ans["models"][0])
        areas = _areas(grid, rows, other)
        if not any(not rules.violations(grid, _apply(rows, other, a)) for a in areas):
            areas = [_diff(rows, other)]  # the differences hold only together
        fixed = False
        for area in areas:  # each on our solution as the fixes so far left it
            variant = _apply(rows, other, area)
            if rules.violations(grid, variant):
                continue
            seen.append((_zone(area, w, h), variant))
            new = _fix(grid, rows, variant, seen, rng)
            if new is not None:
                rows, fixed = new, True
        if not fixed:
            return False
    return False


def _diff(rows, other) -> set:
    return {(x, y) for y, r in enumerate(rows) for x, ch in enumerate(r) if other[y][x] != ch}


def _zone(cells, w, h) -> frozenset:
    """The cells and their 8 neighbours: the cells a fix near them may touch."""
    return frozenset((x + dx, y + dy) for x, y in cells for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                     if 0 <= x + dx < w and 0 <= y + dy < h)


def _island_map(rows, w, h) -> dict:
    """{white cell: its island's index}."""
    white = {(x, y) for y in range(h) for x in range(w) if rows[y][x] == "."}
    return {c: i for i, isl in enumerate(rules.components(white, w, h)) for c in isl}


def _apply(rows, other, area) -> list:
    """``rows`` with the cells of ``area`` as ``other`` has them."""
    return ["".join(other[y][x] if (x, y) in area else ch for x, ch in enumerate(r))
            for y, r in enumerate(rows)]


def _areas(grid, rows, other) -> list:
    """The cells where ``other`` differs, in areas: cells joined when they touch
    (corners too) or lie in or beside one island of either solution."""
    w, h = grid.width, grid.height
    diff = _diff(rows, other)
    parent = {c: c for c in diff}

    def find(c):
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    def join(a, b):
        parent[find(a)] = find(b)

    for x, y in diff:
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (x + dx, y + dy) in diff:
                    join((x, y), (x + dx, y + dy))
    for sol in (rows, other):
        owner = {}
        isl = _island_map(sol, w, h)
        for x, y in diff:
            for c in ((x, y), (x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if c in isl:
                    if isl[c] in owner:
                        join((x, y), owner[isl[c]])
                    else:
                        owner[isl[c]] = (x, y)
    areas = {}
    for c in sorted(diff):
        areas.setdefault(find(c), set()).add(c)
    return list(areas.values())


def _fix(grid, rows, variant, seen, rng):
    """Rows (``grid.clues`` updated) that rule ``variant`` out: a clue moved, else our
    solution changed at one cell where they differ or next to one; each keeps the variants in
    ``seen`` near the cells it changes ruled out. None when nothing does."""
    w, h = grid.width, grid.height
    isl = _island_map(rows, w, h)
    clue_of = {isl[c]: c for c in grid.clues}
    diff = sorted(_diff(rows, variant))
    lost = [c for c in diff if rows[c[1]][c[0]] == "."]
    for c in rng.sample(lost, len(lost)):
        clues = dict(grid.clues)
        old = clue_of[isl[c]]
        clues[c] = clues.pop(old)
        if _rules_out(Grid("nurikabe", w, h, clues=clues), seen, {old, c}):
            grid.clues = clues
            return rows
    around = sorted(_zone(diff, w, h) - set(diff))  # when no differing cell will do
    for x, y in rng.sample(diff, len(diff)) + rng.sample(around, len(around)):
        if (x, y) in grid.clues:
            continue
        flip = "#" if rows[y][x] == "." else "."
        new = [r if j != y else r[:x] + flip + r[x + 1:] for j, r in enumerate(rows)]
        trial = Grid("nurikabe", w, h, clues=dict(grid.clues))
        _place_clues(trial, new, rng)
        if rules.violations(trial, new):
            continue
        changed = {(x, y)} | (set(trial.clues) ^ set(grid.clues)) | {
            c for c in trial.clues if trial.clues[c] != grid.clues.get(c)}
        if _rules_out(trial, seen, changed):
            grid.clues = trial.clues
            return new
    return None


def _rules_out(grid, seen, changed) -> bool:
    """True when every variant in ``seen`` whose zone meets the islands around the
    ``changed`` cells breaks a rule with ``grid``'s clues."""
    near = set(changed)
    for c in changed:
        near |= set(_zone({c}, grid.width, grid.height))
    return all(rules.violations(grid, v) for zone, v in seen if zone & near)


def _place_clues(grid, rows, rng):
    """Keep each island's clue cell if it has one, else pick one; numbers = sizes."""
    w, h = grid.width, grid.height
    white = {(x, y) for y in range(h) for x in range(w) if rows[y][x] == "."}
    old, grid.clues = grid.clues, {}
    for isl in rules.components(white, w, h):
        mine = [c for c in sorted(isl) if c in old]
        grid.clues[mine[0] if mine else rng.choice(sorted(isl))] = len(isl)
