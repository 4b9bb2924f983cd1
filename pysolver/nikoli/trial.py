"""What-if deductions with a rule checker: a hint's explanation without clingo.

When no forced unit's opposite breaks a rule at once, a player tries the opposite
and looks one step further: "if this cell were shaded, that neighbour could be
neither shaded (N8) nor unshaded (N6)". :func:`explain` does that for the nearest
forced units: the opposite value is set (a rule it breaks at once is the hint),
then the undecided units near it are tried both ways with the checker, which
reports a rule only when the decided units break it whatever the rest become (the
cell families: rules.violations; Masyu's joins: joins.violation). A unit with one
value breaking a rule takes the other one, and the units around it are tried
again; a unit with both values breaking rules refutes the opposite. Sound by
construction: every step follows from the rules the checker names. The rules and
units of the hint are those the refutation read (the violations' cells, traced
back through the units it had set). Work is counted in checker calls, so the
answer never depends on the machine's speed.
"""
from __future__ import annotations

from . import counts, families, joins, nurikabe_bits, rules

# per family (Family.trial, measured on the built-in 15x15 walks, 2026-11-24): the nearest forced
# units tried further; units tried at most this far (king moves) from the tried one
CANDIDATES = {f.name: f.trial[0] for f in families.FAMILIES.values()}
RADIUS = {f.name: f.trial[1] for f in families.FAMILIES.values()}
# checker calls per hint for the trials (its H2 groups every unshaded cell)
BUDGET = {f.name: f.trial[2] for f in families.FAMILIES.values()}
# forced units whose opposite is checked at once (one checker call each, nearest
# first): bounds the first pass on large grids (about 0.7 ms a call at 45x31)
FIRST_CALLS = 600


def _cells(unit):
    return (unit[:2], unit[2:]) if len(unit) == 4 else (unit,)


class _Cells:
    """The cell families' state as the checker's rows (True: shaded / inside);
    Nurikabe's also as bit masks of the shaded and unshaded cells, which its fast
    checker reads (nurikabe_bits.py: the same answer as the rows')."""

    def __init__(self, grid, marks):
        self.grid, self.on = grid, families.of(grid.family).on
        self.rows = [["?"] * grid.width for _ in range(grid.height)]
        self.bits = nurikabe_bits.clue_masks(grid) if grid.family == "nurikabe" else None
        self.black = self.white = 0
        if families.of(grid.family).given_open:  # numbered cells are unshaded / inside
            for x, y in grid.clues:
                self._put(x, y, ".")
        for unit, value in marks.items():
            self.set(unit, value)

    def get(self, unit):
        ch = self.rows[unit[1]][unit[0]]
        return None if ch == "?" else ch == self.on

    def set(self, unit, value):
        x, y = unit
        self._put(x, y, "?" if value is None else self.on if value else "#."[self.on == "#"])

    def _put(self, x, y, ch):
        self.rows[y][x] = ch
        bit = 1 << (y * self.grid.width + x)
        self.black = self.black | bit if ch == "#" else self.black & ~bit
        self.white = self.white | bit if ch == "." else self.white & ~bit

    def violation(self):
        if self.bits is not None:
            return nurikabe_bits.first(self.grid, self.black, self.white, *self.bits)
        broken = rules.violations(self.grid, ["".join(r) for r in self.rows])
        return min(broken, key=lambda b: len(b["cells"])) if broken else None

    def around(self, unit):
        x, y = unit
        return [(u, v) for v in (y - 1, y, y + 1) for u in (x - 1, x, x + 1)
                if 0 <= u < self.grid.width and 0 <= v < self.grid.height]


class _Joins:
    """Masyu's state: {join: True (line) / False (no line)}."""

    def __init__(self, grid, marks):
        self.grid, self.state, self.last = grid, dict(marks), None

    def get(self, unit):
        return self.state.get(unit)

    def set(self, unit, value):
        self.last = unit
        if value is None:
            self.state.pop(unit, None)
        else:
            self.state[unit] = value

    def violation(self):
        """The checker on the cells the last join set can affect (the trial checks
        after each unit it sets, from a state that broke no rule)."""
        return joins.violation(self.grid, self.state, self.last)

    def around(self, unit):
        return [j for c in _cells(unit) for j in joins.of_cell(self.grid, c)] + \
            [j for c in _cells(unit) for n in joins.neighbours(self.grid, c)
             for j in joins.of_cell(self.grid, n)]


def checker(grid, marks):
    """The rule checker's state of the marks (``violation()``: a rule they break)."""
    return (_Joins if families.of(grid.family).loop else _Cells)(grid, marks)


def explain(grid, marks, forced):
    """(unit, value, [rule, ...], [unit, ...], words) for a ``forced`` (unit, value)
    pair whose opposite the checker refutes or a count decides (counts.py), with
    the marks the reasoning read and, for a count, its words (else None); or None.
    The first (nearest) whose opposite breaks a rule at once wins (one checker call
    each: Bag's and Heyawake's connectivity is global, so a far unit may be the
    one), then the first a count decides, else the first of the nearest CANDIDATES
    a trial refutes. ``marks``: {unit: bool}."""
    found = step(grid, marks, forced)
    return found and found[:4] + found[5:]


def why_wrong(grid, state, marks, wrong, unmarked=()):
    """([rule, ...], broken) for the marks ``wrong``, which no solution agrees with: a
    rule the state rows break (broken True: the Check panel's checker on the same rows,
    so the two agree), else, for one wrong mark, the rules that refute it given the
    other marks (explain() on its opposite, which they force; ``unmarked``: units the
    rows imply, not the player's, left out), else none: the refutation is too long to
    show."""
    broken = rules.violations(grid, state)
    if broken:
        return [min(broken, key=lambda b: len(b["cells"]))["rule"]], True
    if len(wrong) == 1:
        unit = wrong[0]
        others = {u: v for u, v in marks.items() if u != unit and u not in unmarked}
        found = explain(grid, others, [(unit, not marks[unit])])
        if found is not None:
            return list(found[2]), False
    return [], False


def step(grid, marks, forced, calls=None):
    """(unit, value, rules, read, depth, words): explain()'s answer with the step's
    depth: 0 when the opposite breaks a rule at once or a count decides it (words
    not None), else the units of the what-if trial its refutation read, the last
    one (with no possible value) included (the chain a player follows; the hint
    walk, walk.py, counts them). ``calls``: [checker calls], added to (the walk's
    work; a count is one)."""
    calls = [0] if calls is None else calls
    state = checker(grid, marks)
    calls[0] += 1
    if state.violation() is not None:
        return None  # the checker sees a clash the solver does not: ask the solver
    found = _first(state, marks, forced[:FIRST_CALLS], None, calls)
    if found is None:
        calls[0] += 1
        counted = counts.find(grid, marks, forced)
        if counted is not None:
            unit, value, names, read, words = counted
            return unit, value, names, [m for m in read if m in marks], 0, words
        found = _first(state, marks, forced[:CANDIDATES[grid.family]], [BUDGET[grid.family]], calls)
    return found and found + (None,)


def _first(state, marks, forced, budget, calls):
    for unit, value in forced:
        found = _refute(state, unit, not value, budget, calls)
        if found is not None:
            names, cells, depth = found
            read = [m for m in marks if any(c in cells for c in _cells(m))]
            return unit, value, names, read, depth
        if budget is not None and budget[0] <= 0:
            break
    return None


def _refute(state, start, opposite, budget, calls):
    """([rule], cells, depth) when ``start`` set to ``opposite`` breaks a rule at
    once (depth 0) or (with a ``budget``: [checker calls left]) leads to a unit
    with no possible value (depth: the units set on the way that the refutation
    read, that one included),
    else None; the state is restored."""
    state.set(start, opposite)
    why = {}  # unit set by the trial -> the violation that set it
    try:
        v = state.violation()
        calls[0] += 1
        if v is not None:
            return _trace([v], why, start)[:2] + (0,)
        todo = _near(state, start, start) if budget else []
        while todo and budget[0] > 0:
            unit = todo.pop(0)
            if state.get(unit) is not None:
                continue
            seen = {}
            for value in (True, False):
                state.set(unit, value)
                v = state.violation()
                budget[0] -= 1
                calls[0] += 1
                if v is not None:
                    seen[value] = v
            state.set(unit, None)
            if len(seen) == 2:
                names, cells, used = _trace(seen.values(), why, start)
                return names, cells, used + 1
            if seen:
                (value, v), = seen.items()
                state.set(unit, not value)
                why[unit] = v
                todo.extend(u for u in _near(state, unit, start) if u not in todo)
        return None
    finally:
        state.set(start, None)
        for unit in why:
            state.set(unit, None)


def _near(state, centre, start):
    """The units around ``centre`` within the family's RADIUS of ``start``, nearest
    first (each unit's distance reckoned once: the trials ask often)."""
    radius, ends, out = RADIUS[state.grid.family], _cells(start), {}
    for u in state.around(centre):
        if u != centre and u != start and u not in out:
            d = min(max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a in _cells(u) for b in ends)
            if d <= radius:
                out[u] = d
    return sorted(out, key=lambda u: (out[u], u[1], u[0], u[2:]))


def _trace(violations, why, start):
    """The rules and cells behind the final violations, through the units the trial
    set (a join is read when one of its cells is), and how many of those units the
    refutation read (its chain)."""
    names, cells, todo, used = set(), set(), list(violations), set()
    while todo:
        v = todo.pop()
        names.add(v["rule"])
        for r, c in v["cells"]:
            cells.add((c - 1, r - 1))
        for unit, reason in why.items():
            if unit not in used and any(c in cells for c in _cells(unit)):
                used.add(unit)
                todo.append(reason)
    return sorted(names), cells, len(used)
