"""Hints by ASP, explained: what every solution agrees on, and the rules that force it.

From the clues and the player's marks only (never a stored answer):
1. the marks are assumed together with every rule guard (``active(R)``, see
   encodings/grid_common.lp); no answer set means some marks are wrong: the unsat
   core, shrunk, names the marks and rules that clash (``kind: mistake``);
2. brave and cautious consequences give the unmarked cells (Masyu: cell joins)
   that have one value in every solution;
3. for a few of them, in reading order, solving with the opposite value is
   unsatisfiable; its core, shrunk by dropping one assumption at a time, names the
   rules (and marks) that force the cell; the hint is the one with the fewest.
State rows use the solve output's characters and ``?``; Masyu rows may also use
the half lines ``╴ ╶ ╵ ╷`` (a line leaving the cell on one side only).
"""
from __future__ import annotations

from .. import asp
from ..puzzle import PuzzleError
from . import aspsolve, rules
from .model import Grid

RULES = {"nurikabe": ["n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8"],
         "heyawake": ["h1", "h2", "h3", "h4", "h5"], "masyu": ["m1", "m2", "m3"],
         "bag": ["b1", "b2", "b3"]}
CANDIDATES = 3  # cells explained per hint; the one with the smallest core wins
SHRINK_CONFLICTS = 200  # work per core-shrinking solve; past it the assumption stays
STEP = {"e": (1, 0), "w": (-1, 0), "s": (0, 1), "n": (0, -1)}
WORDS = {  # the seed's rules, as a player reads them
    "N1": "numbered cells stay unshaded", "N2": "every unshaded cell belongs to an island",
    "N3": "each island holds exactly one number",
    "N4": "an island has as many cells as its number", "N5": "an island is connected",
    "N6": "islands do not touch", "N7": "the shaded cells are connected",
    "N8": "no 2x2 block is shaded",
    "H1": "shaded cells do not touch side by side", "H2": "the unshaded cells are connected",
    "H3": "a room's number counts its shaded cells", "H4": "rooms without a number are free",
    "H5": "no line of unshaded cells passes through more than two rooms",
    "M1": "the line is a single loop",
    "M2": "the loop goes straight through a white pearl and turns next to it",
    "M3": "the loop turns on a black pearl and goes straight on both sides",
    "B1": "the line is a single loop", "B2": "every number is inside the loop",
    "B3": "a number counts the inside cells it sees, itself included",
}


class Session:
    """One grounded program (hint mode) and its atoms, for several solves."""

    def __init__(self, grid: Grid):
        clingo = asp._clingo()
        self.clingo = clingo
        self.ctl = clingo.Control(["-c", "hint=1", "--models=1"], logger=lambda c, m: None)
        self.ctl.add("base", [], aspsolve.program(grid))
        self.ctl.ground([("base", [])])
        self.rule_lits = {r: self.lit(clingo.Function("active", [clingo.Function(r)]))
                          for r in RULES[grid.family]}

    def lit(self, sym):
        atom = self.ctl.symbolic_atoms[sym]
        return None if atom is None else atom.literal

    def solve(self, assumptions, mode="auto", limit=None):
        """(satisfiable: True, False or None when ``limit`` conflicts ran out,
        core literals or the last model's shown symbols)."""
        conf = self.ctl.configuration.solve
        conf.enum_mode = mode
        conf.solve_limit = "umax" if limit is None else str(limit)
        conf.models = "0" if mode in ("brave", "cautious") else "1"
        core, last = [], []

        def on_model(m):
            last[:] = [set(m.symbols(shown=True))]

        res = self.ctl.solve(assumptions=list(assumptions), on_core=core.extend,
                             on_model=on_model)
        return res.satisfiable, (last[0] if res.satisfiable and last else set(core))


def _unit_atoms(grid: Grid, clingo):
    """{unit: (symbol, description)}: cells, or for Masyu the joins of neighbours."""
    F, N = clingo.Function, clingo.Number
    out = {}
    if grid.family == "masyu":
        for (x, y) in grid.cells():
            for u, v in ((x + 1, y), (x, y + 1)):
                if u < grid.width and v < grid.height:
                    out[(x, y, u, v)] = F("line", [N(x), N(y), N(u), N(v)])
    else:
        name = aspsolve.SHOWN[grid.family]
        out = {(x, y): F(name, [N(x), N(y)]) for (x, y) in grid.cells()}
    return out


def _marks(grid: Grid, state) -> dict:
    """{unit: bool} the player's marks say (True: shaded / inside / line)."""
    if grid.family == "masyu":
        cells = rules.read_rows(grid, state, "?." + "".join(aspsolve.DIRS))
        out = {}
        for (x, y), ch in cells.items():
            if ch == "?":
                continue
            ds = aspsolve.DIRS.get(ch, frozenset())
            full = ch == "." or len(ds) == 2
            for d, (dx, dy) in STEP.items():
                u, v = x + dx, y + dy
                if not (0 <= u < grid.width and 0 <= v < grid.height):
                    continue
                key = (min(x, u), min(y, v), max(x, u), max(y, v))
                if d in ds:
                    out[key] = True
                elif full:
                    out.setdefault(key, False)
        return out
    cells = rules.read_rows(grid, state, "#.?")
    on = "#" if grid.family != "bag" else "."
    return {c: ch == on for c, ch in cells.items() if ch != "?"}


def _describe(grid, unit, value) -> dict:
    if grid.family == "masyu":
        x, y, u, v = unit
        return {"row": y + 1, "column": x + 1, "to_row": v + 1, "to_column": u + 1,
                "value": "line" if value else "no line"}
    x, y = unit
    if grid.family == "bag":
        ch = "." if value else "#"
    else:
        ch = "#" if value else "."
    return {"row": y + 1, "column": x + 1, "value": ch}


def _where(grid, unit) -> str:
    if grid.family == "masyu":
        x, y, u, v = unit
        return f"between row {y + 1} column {x + 1} and row {v + 1} column {u + 1}"
    return f"at row {unit[1] + 1} column {unit[0] + 1}"


def _shrink(session, fixed, optional):
    """A small unsatisfiable subset: drop each optional assumption that is not needed
    (proved unsatisfiable without it within SHRINK_CONFLICTS; otherwise it stays)."""
    keep = list(optional)
    for a in list(keep):
        trial = [k for k in keep if k != a]
        if session.solve(fixed + trial, limit=SHRINK_CONFLICTS)[0] is False:
            keep = trial
    return keep


def hint(grid: Grid, state) -> dict:
    if len(state) != grid.height:
        raise PuzzleError(f"the state has {len(state)} rows, expected {grid.height}")
    s = Session(grid)
    units = _unit_atoms(grid, s.clingo)
    marks = _marks(grid, state)
    rule_of = {lit: r.upper() for r, lit in s.rule_lits.items() if lit is not None}
    rule_lits = list(rule_of)
    mark_lits = {}
    for unit, value in marks.items():
        lit = s.lit(units[unit])
        if lit is None:
            if value:  # a mark on something no solution can have
                return _mistake(grid, [unit], [], marks)
            continue
        mark_lits[lit if value else -lit] = unit
    ok, info = s.solve(rule_lits + list(mark_lits))
    if not ok:
        if not mark_lits or not s.solve(rule_lits)[0]:
            return {"kind": "no-solution", "cells": [], "rules": [],
                    "explanation": "The clues have no solution."}
        core = _shrink(s, rule_lits, list(mark_lits))
        rules_used = _shrink(s, core, rule_lits)
        return _mistake(grid, [mark_lits[c] for c in core], [rule_of[r] for r in rules_used],
                        marks)
    _, brave = s.solve(rule_lits + list(mark_lits), "brave")
    _, cautious = s.solve(rule_lits + list(mark_lits), "cautious")
    forced = []
    for unit, sym in units.items():
        if unit in marks or unit in grid.clues:  # clue cells are given, not deduced
            continue
        if sym in cautious:
            forced.append((unit, True))
        elif sym not in brave:
            forced.append((unit, False))
    if not forced:
        return {"kind": "none", "cells": [], "rules": [],
                "explanation": "Every solution agrees with your marks, and nothing more "
                               "is forced: the puzzle has several solutions from here."
                if any(u not in marks for u in units) else "The grid is complete."}
    if grid.family == "masyu":  # lines first: a forced line helps more than a forced gap
        forced.sort(key=lambda f: not f[1])
    best = None
    for unit, value in forced[:CANDIDATES]:
        lit = s.lit(units[unit])
        opposite = [-lit if value else lit] if lit is not None else []
        fixed = opposite + list(mark_lits)
        if s.solve(fixed + rule_lits)[0]:  # cannot happen for a sound consequence
            raise PuzzleError("internal: a forced cell has a solution with the other value")
        used = _shrink(s, opposite + rule_lits, list(mark_lits))
        needed = _shrink(s, opposite + used, rule_lits)
        cost = (len(needed) + len(used), len(used))
        if best is None or cost < best[0]:
            best = (cost, unit, value, needed, used)
    _, unit, value, needed, used = best
    names = sorted(rule_of[r] for r in needed)
    cell = _describe(grid, unit, value)
    because = [_describe(grid, mark_lits[m], marks[mark_lits[m]]) for m in used]
    what = {"line": "the loop passes", "no line": "the loop does not pass",
            "#": "shaded" if grid.family != "bag" else "outside the loop",
            ".": "unshaded" if grid.family != "bag" else "inside the loop"}[cell["value"]]
    reasons = "; ".join(f"{n}: {WORDS.get(n, n)}" for n in names) or "the clues alone"
    text = (f"{_where(grid, unit)[0].upper()}{_where(grid, unit)[1:]}: {what}. "
            f"The other way would break {reasons}")
    if because:
        text += f" (with your {len(because)} mark{'s' if len(because) > 1 else ''} shown)"
    return {"kind": "deduction", "cells": [cell], "rules": names, "because": because,
            "explanation": text + "."}


def _mistake(grid, units, names, marks) -> dict:
    cells = [_describe(grid, u, marks[u]) for u in units]
    reasons = ", ".join(names) or "the clues"
    what = (f"Your mark {_where(grid, units[0])} is wrong" if len(cells) == 1
            else f"These {len(cells)} marks cannot all be right")
    return {"kind": "mistake", "cells": cells, "rules": sorted(names),
            "explanation": f"{what}: no solution agrees (rules {reasons})."}
