"""What-if deductions with the rule checker: a hint's explanation without clingo.

When no forced cell's opposite breaks a rule at once (hints._checked), a player
tries the opposite and looks one step further: "if this cell were shaded, that
neighbour could be neither shaded (N8) nor unshaded (N6)". :func:`explain` does
that for the nearest forced cells: the opposite value is set, then the undecided
cells near it are tried both ways with the checker (rules.violations, which
reports a rule only when the decided cells break it whatever the rest become); a
cell with one value breaking a rule takes the other one, and its neighbours are
tried again; a cell with both values breaking rules refutes the opposite. Sound
by construction: every step follows from the rules the checker names. The rules
and marks of the hint are those the refutation used (the violations' cells,
traced back through the cells it had set). Work is counted in checker calls, so
the answer never depends on the machine's speed.
"""
from __future__ import annotations

from . import rules

CANDIDATES = 16  # the nearest forced cells tried
RADIUS = 2  # cells tried: at most this far (king moves) from the tried cell
# checker calls per hint; Heyawake's checker costs ~3x the others (its H2 groups
# every unshaded cell)
BUDGET = {"nurikabe": 1200, "bag": 1200, "heyawake": 400}


def _violation(grid, rows):
    """The smallest broken rule of the rows, or None."""
    broken = rules.violations(grid, ["".join(r) for r in rows])
    return min(broken, key=lambda b: len(b["cells"])) if broken else None


def explain(grid, rows, forced, shaded="#"):
    """(unit, value, [rule, ...], [cell, ...]) for the first of the ``forced`` (unit,
    value) pairs whose opposite the trial refutes, the cells being those the
    refutation read (marks among them are the hint's "because"); or None. ``rows``
    are the state as lists of characters (``?`` undecided; not changed);
    ``shaded`` is the character of value True."""
    budget = [BUDGET[grid.family]]
    rows = [r[:] for r in rows]
    if grid.family in ("nurikabe", "bag"):  # numbered cells are unshaded / inside
        for x, y in grid.clues:
            rows[y][x] = "."
    for (x, y), value in forced[:CANDIDATES]:
        opposite = "#."[shaded == "#"] if value else shaded
        found = _refute(grid, rows, (x, y), opposite, budget)
        if found is not None:
            names, cells = found
            return (x, y), value, names, cells
        if budget[0] <= 0:
            break
    return None


def _refute(grid, rows, start, opposite, budget):
    """([rule], cells) when ``start`` set to ``opposite`` leads to a cell with no
    possible value, or None. ``rows`` are restored before returning."""
    x0, y0 = start
    rows[y0][x0] = opposite
    why = {}  # cell set by the trial -> (rule, cells of its violation)
    todo = _around(grid, start, start)
    try:
        while todo and budget[0] > 0:
            cx, cy = todo.pop(0)
            if rows[cy][cx] != "?":
                continue
            seen = {}
            for ch in "#.":
                rows[cy][cx] = ch
                v = _violation(grid, rows)
                budget[0] -= 1
                if v is not None:
                    seen[ch] = v
            rows[cy][cx] = "?"
            if len(seen) == 2:
                return _trace(seen.values(), why, start)
            if seen:
                (ch, v), = seen.items()
                rows[cy][cx] = "#."[ch == "#"]
                why[(cx, cy)] = v
                todo.extend(c for c in _around(grid, (cx, cy), start) if c not in todo)
        return None
    finally:
        rows[y0][x0] = "?"
        for cx, cy in why:
            rows[cy][cx] = "?"


def _around(grid, centre, start):
    """The cells around ``centre`` (king moves) within RADIUS of ``start``, nearest
    to ``start`` first."""
    x, y = centre
    out = [(u, v) for v in (y - 1, y, y + 1) for u in (x - 1, x, x + 1)
           if 0 <= u < grid.width and 0 <= v < grid.height and (u, v) != centre
           and max(abs(u - start[0]), abs(v - start[1])) <= RADIUS]
    return sorted(out, key=lambda c: (max(abs(c[0] - start[0]), abs(c[1] - start[1])), c[1], c[0]))


def _trace(violations, why, start):
    """The rules and cells behind the final violations, through the cells the trial set."""
    names, cells, todo = set(), set(), list(violations)
    while todo:
        v = todo.pop()
        names.add(v["rule"])
        for r, c in v["cells"]:
            cell = (c - 1, r - 1)
            if cell in cells:
                continue
            cells.add(cell)
            if cell in why:
                todo.append(why[cell])
    cells.discard(start)
    return sorted(names), sorted(cells, key=lambda c: (c[1], c[0]))
