"""Masyu's rules on a partial set of joins: the checker the hints' trials use.

A join is two neighbouring cells (x, y, u, v), the second right of or below the
first; a state maps joins to True (the loop passes) or False (it does not), the
rest undecided. :func:`violation` names a rule the decided joins already break
whatever the undecided ones become (the seed's M1-M3, as rules.py words them),
or None. rules.py checks whole cells (their row characters cannot say one join
is "no line"); this module is its join-level counterpart for the hints.
"""
from __future__ import annotations

from ..memo import Memo
from .model import WHITE
from .rules import _result

STEPS = {"e": (1, 0), "w": (-1, 0), "s": (0, 1), "n": (0, -1)}
_tables = Memo("nikoli.joins.tables", 4)  # (w, h) -> {cell: {direction: join or None}}
_fast_tables = Memo("nikoli.joins.fast", 4)  # (w, h) -> _fast's tables


def join(cell, d):
    """The join leaving ``cell`` towards ``d`` (it may lie outside the grid)."""
    x, y = cell
    u, v = x + STEPS[d][0], y + STEPS[d][1]
    return min(x, u), min(y, v), max(x, u), max(y, v)


def _inside(grid, cell):
    return 0 <= cell[0] < grid.width and 0 <= cell[1] < grid.height


def neighbours(grid, cell):
    return [n for d in STEPS
            if _inside(grid, n := (cell[0] + STEPS[d][0], cell[1] + STEPS[d][1]))]


def of_cell(grid, cell):
    """The joins of a cell inside the grid."""
    return [join(cell, d) for d in STEPS
            if _inside(grid, (cell[0] + STEPS[d][0], cell[1] + STEPS[d][1]))]


def _table(grid) -> dict:
    """{cell: {direction: its join, None off the grid}} (the trials check often)."""
    key = (grid.width, grid.height)
    table = _tables.get(key)
    if table is None:
        table = {(x, y): {d: join((x, y), d) if _inside(grid, (x + dx, y + dy)) else None
                          for d, (dx, dy) in STEPS.items()}
                 for y in range(grid.height) for x in range(grid.width)}
        _tables.put(key, table)
    return table


def _value(table, state, cell, d):
    """True / False / None for the join from ``cell`` towards ``d`` (False off the grid)."""
    j = table[cell][d]
    return False if j is None else state.get(j)


def _fast(grid, table) -> tuple:
    """({cell: its joins inside the grid}, {join: the cells reading it}) for a size:
    one off the grid is "no line"; the second is filled as the trials ask."""
    key = (grid.width, grid.height)
    found = _fast_tables.get(key)
    if found is None:
        found = ({c: tuple(j for j in ds.values() if j is not None) for c, ds in table.items()}, {})
        _fast_tables.put(key, found)
    return found


def _readers(table, near) -> tuple:
    """((cell, whether the join is its own), ...) in reading order: the cells whose
    rules read the join ``near``. A cell's line count reads its own joins; a pearl's
    rule also reads the join beyond each neighbour, straight on (_white, _black)."""
    (x, y), (u, v) = near[:2], near[2:]
    dx, dy = u - x, v - y
    cells = ((x - dx, y - dy, False), (x, y, True), (u, v, True), (u + dx, v + dy, False))
    return tuple(((a, b), own) for a, b, own in sorted(cells, key=lambda c: (c[0], c[1]))
                 if (a, b) in table)


def violation(grid, state, near=None):
    """The first rule the decided joins break ({rule, message, cells}), or None.
    ``near``: the one join decided since a state known to break none (the trials'
    steps), so only the cells whose rules read it are checked (any rule broken now
    is one of theirs), and only a line can close a loop."""
    table = _table(grid)
    (inside, readers), get, clues = _fast(grid, table), state.get, grid.clues
    if near is None:
        cells = sorted({c for j, v in state.items() if v for c in (j[:2], j[2:])} | set(clues))
        cells = [(c, True) for c in cells]
    else:
        cells = readers.get(near) or readers.setdefault(near, _readers(table, near))
    for cell, own in cells:
        if own:
            vals = [get(j) for j in inside[cell]]
            lines = vals.count(True)
            if lines > 2 or (lines == 1 and None not in vals):
                return _result("M1", [cell])
        kind = clues.get(cell)
        bad = kind is not None and (_white if kind == WHITE else _black)(table, state, cell)
        if bad:
            return _result(bad, [cell])
    if near is None:
        starts = sorted({c for j, v in state.items() if v for c in (j[:2], j[2:])})
    else:
        starts = [near[:2]] if state.get(near) else []
    return _closed_loop(grid, state, starts, near is not None)


def _white(table, state, cell):
    """M2 when the white pearl cannot be passed straight with a turn next to it."""
    val = {d: _value(table, state, cell, d) for d in STEPS}
    x, y = cell
    for a, b, c, d in (("e", "w", "n", "s"), ("n", "s", "e", "w")):
        if val[a] is False or val[b] is False:
            if val[c] is False or val[d] is False:
                return "M2"  # neither way straight
        if (val[a] or val[b]) and (val[c] or val[d]):
            return "M2"  # a turn on the pearl
        if val[a] and val[b]:
            one = (x + STEPS[a][0], y + STEPS[a][1])
            two = (x + STEPS[b][0], y + STEPS[b][1])
            if _value(table, state, one, a) and _value(table, state, two, b):
                return "M2"  # straight on both sides too
    return None


def _black(table, state, cell):
    """M3 when the black pearl cannot be turned on with two straight cells each way."""
    val = {d: _value(table, state, cell, d) for d in STEPS}
    x, y = cell
    if (val["e"] and val["w"]) or (val["n"] and val["s"]):
        return "M3"
    for pair in (("e", "w"), ("n", "s")):
        ways = 0
        for d in pair:
            nxt = (x + STEPS[d][0], y + STEPS[d][1])
            onward = _value(table, state, nxt, d) if val[d] is not False else False
            if val[d] and onward is False:
                return "M3"  # the line leaves and turns at once
            ways += val[d] is not False and onward is not False
        if not ways:
            return "M3"
    return None


def _closed_loop(grid, state, starts, one=False):
    """M1 when a closed loop through one of ``starts`` leaves other lines out (M2 /
    M3: a pearl off it). ``one``: a single start, whose path is left at its first
    cell without two lines (an open path: nothing to report)."""
    inside, get, seen = _fast(grid, _table(grid))[0], state.get, set()
    for start in starts:
        if start in seen:
            continue
        comp, stack, closed = {start}, [start], True
        while stack:
            cell = stack.pop()
            links = [j for j in inside[cell] if get(j)]
            closed = closed and len(links) == 2
            if one and not closed:
                break
            for j in links:
                n = j[2:] if j[:2] == cell else j[:2]
                if n not in comp:
                    comp.add(n)
                    stack.append(n)
        seen |= comp
        if not closed:
            continue  # an open path
        if len(comp) < sum(1 for v in state.values() if v):
            return _result("M1", comp)
        off = [c for c in sorted(grid.clues) if c not in comp]
        if off:
            return _result("M2" if grid.clues[off[0]] == WHITE else "M3", [off[0]])
    return None
