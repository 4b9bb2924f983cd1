"""Hints beyond one line: what-if tests of one cell, deeper what-ifs, and a reveal.

Tried in this order when no single line gives a cell (see pysolver.nonogram.player.hint):

* ``probe``: setting a cell to a value makes some line impossible by line
  logic, so it takes the other value. The result carries the ``chain``: the
  line steps of the failing trial in the order they were made, ending in the
  line that cannot be completed;
* ``deep``: the same test with a search (guesses and line logic, no lookahead)
  instead of line logic alone, bounded by DEEP_WORK nodes per cell; with the
  puzzle's solution known only the wrong value of a cell is tested;
* ``reveal``: with the solution known, the cell whose value lets line logic fix
  the most cells, told as a reveal (not a deduction).

Every budget counts work (line solves or search nodes), so a hint is the same
on every machine. Pure Python, no I/O.
"""
from __future__ import annotations

from . import hint_text as text
from ..solver import propagate, search
from ..solver.line import positions, undecided
from .mistakes import scaled, work_budget
from ..solver.probe import diff, invalidate, set_cell

PROBE_WORK = 30_000  # line solves the one-cell tests may spend (best so far wins)
PROBE_CANDIDATES = 3  # usable probe cells compared before the simplest is chosen
DEEP_CELLS = 12  # cells a deeper what-if tests
DEEP_WORK = 150  # search nodes per deeper test (mistakes.scaled: fewer above 25x25)
REVEAL_WORK = 20_000  # line solves spent looking for the most useful cell to reveal


def probe_order(eng, rows):
    """The undecided cells (y, x), those next to the most decided cells first
    (then by row, then column)."""
    h, full = eng.h, (1 << eng.w) - 1
    multis = [undecided(r) for r in rows]
    known = [full & ~m for m in multis]  # the decided cells
    by_near = [[], [], [], [], []]  # by decided neighbours: 0 to 4
    for y, m in enumerate(multis):
        if not m:
            continue
        k = known[y]
        # per cell, the count of decided neighbours in three bit planes (ones, twos, fours)
        ones = twos = fours = 0
        for v in (known[y - 1] if y else 0, known[y + 1] if y + 1 < h else 0,
                  k << 1, k >> 1):  # above, below, left, right
            carry = ones & v
            ones ^= v
            fours |= twos & carry
            twos ^= carry
        for near, cells in ((4, fours), (3, ones & twos), (2, twos & ~ones),
                            (1, ones & ~twos & ~fours), (0, ~(ones | twos | fours))):
            cells &= m
            if cells:
                by_near[near] += [(y, x) for x in positions(cells)]
    return by_near[4] + by_near[3] + by_near[2] + by_near[1] + by_near[0]


def _cell(puzzle, y, x, c):
    return {"row": y + 1, "column": x + 1, "value": puzzle.colors[c].char}


class Trials:
    """One-cell trials kept across the steps of a walk: a trial is not run again
    while every line it read is as it was (it would be the same run: the same
    outcome, steps and line solves, which are counted as if made, so budgets and
    the lanes' work (propagate.solved) are the same). ``at(rows, cols)``: the
    memo for that state."""

    def __init__(self):
        self.memo = {}  # (y, x, colour) -> _trial's result
        self.rows = self.cols = None

    def at(self, rows, cols):
        if self.rows is not None:
            invalidate(self.memo, diff(self.rows, rows), diff(self.cols, cols))
        self.rows, self.cols = list(rows), list(cols)
        return self.memo


def _trial(eng, rows, cols, y, x, c):
    """Cell (y, x) set to colour ``c`` and line logic run: (rows read, columns read,
    line solves, None when it survives, else (the line that failed, its line
    events in order: (axis, index, old, new, touched) as propagate's observer gets them))."""
    before = eng.line_solves
    if eng.run(*set_cell(rows, cols, y, x, c), {y}, {x}) >= 0:
        return eng.chg_rows | 1 << y, eng.chg_cols | 1 << x, eng.line_solves - before, None
    events = []  # the failing run again, its line steps kept (run(record=...)'s way)
    kept, eng.on_line = eng.on_line, lambda *e: events.append(e)
    try:
        eng.run(*set_cell(rows, cols, y, x, c), {y}, {x})
    finally:
        eng.on_line = kept
    read = [1 << y, 1 << x]  # a run solves y, x and lines a step changed (the one failing too)
    for axis, i, _, _, touched in events:
        a = axis != "row"
        read[a] |= 1 << i
        read[1 - a] |= touched
    return read[0], read[1], eng.line_solves - before, (eng.failed, events)


def probe_hint(puzzle, eng, rows, cols, blame, budget=PROBE_WORK, trials=None):
    """A cell whose other values each make some line impossible by line logic, or None.

    Cells next to decided cells are tried first (a person tries those); the
    first PROBE_CANDIDATES usable cells are compared and the one with the
    shortest chain of line steps wins. ``blame(eng, (y, x))``: the no-solution
    hint when a cell no value fits shows the clues contradict, else None.
    ``trials``: a walk's Trials (its memo of trials).
    """
    limit = eng.line_solves + budget
    found = []
    memo = trials.at(rows, cols) if trials is not None else None
    for y, x in probe_order(eng, rows):
        if eng.line_solves > limit:
            break
        survivors, failures = [], []
        for c in range(eng.ncol):
            if rows[y][c] >> x & 1:
                got = memo.get((y, x, c)) if memo is not None else None
                if got is None:
                    got = _trial(eng, rows, cols, y, x, c)
                    if memo is not None:
                        memo[y, x, c] = got
                else:  # counted as the run it replaces: the budget's and the lanes' count
                    eng.line_solves += got[2]
                    propagate._solved[0] += got[2]
                if got[3] is None:
                    survivors.append(c)
                else:
                    failures.append((c, got[3][0], len(got[3][1]), got[3][1]))
        if not failures:
            continue
        if not survivors:
            short = [f[:3] for f in failures]
            return blame(eng, (y, x)) or text.stuck(puzzle, y, x, short)
        if len(survivors) == 1:
            found.append((max(f[2] for f in failures), y, x, survivors[0], failures))
            if len(found) >= PROBE_CANDIDATES or found[-1][0] == 0:
                break
    if not found:
        return None
    cost, y, x, value, failures = min(found, key=lambda f: f[:3])
    explanation, (axis, idx) = text.probe_explanation(puzzle, y, x, value, [f[:3] for f in failures])
    shortest = min(failures, key=lambda f: f[2])
    return {"kind": "probe", "line": {"axis": axis, "index": idx + 1},
            "cells": [_cell(puzzle, y, x, value)],
            "explanation": explanation, "leftmost": None, "rightmost": None,
            "probe": {"row": y + 1, "column": x + 1, "steps": cost,
                      "tried": puzzle.colors[shortest[0]].char},
            "chain": chain(puzzle, shortest[3], shortest[1])}


def chain(puzzle, events, failed):
    """The steps of a failing trial for the page: per line in order (its line
    events, see _trial), the cells it decided ({row, column, value}, 1-based),
    then the line that cannot be completed."""
    out = []
    for axis, i, _, new, touched in events:
        cells = []
        # the cells decided (a colour puzzle's line may only narrow a cell)
        for p in positions(touched & ~undecided(new)):
            y, x = (i, p) if axis == "row" else (p, i)
            cells.append(_cell(puzzle, y, x, next(c for c, m in enumerate(new) if m >> p & 1)))
        out.append({"axis": axis, "index": i + 1, "cells": cells, "fails": False})
    out.append({"axis": failed[0], "index": failed[1] + 1, "cells": [], "fails": True})
    return out


def deep_hint(puzzle, eng, rows, cols, solution=None):
    """A cell whose wrong value(s) a bounded search refutes, or None.

    ``solution``: row strings of the known solution (then only the wrong value
    of each cell is tested; without it every value but one must fail).
    """
    chars = {c.char: k for k, c in enumerate(puzzle.colors)}
    work = scaled(DEEP_WORK, puzzle)
    for y, x in probe_order(eng, rows)[:DEEP_CELLS]:
        allowed = [c for c in range(eng.ncol) if rows[y][c] >> x & 1]
        right = chars[solution[y][x]] if solution else None
        refuted, stats, open_ = [], [], 0
        for c in allowed:
            if c == right:
                continue
            r2, c2 = set_cell(rows, cols, y, x, c)
            stop, _ = work_budget(work)
            # "open" order: a refutation explores the whole tree whatever the order,
            # so the hint is the same, and its nodes skip the likelihoods' cost
            res = search.solve(puzzle, max_solutions=1, cells=eng.cells(r2), used_up=stop,
                               probing=False, restarts=False, values="open")
            if res.status == "none":
                refuted.append(c)
                stats.append(res)
                continue
            open_ += 1  # a solution, or out of budget: not refuted
            if right is not None or open_ > 1:
                break
        left = [c for c in allowed if c not in refuted]
        if len(left) == 1 and refuted:
            value = left[0]
            nodes = max(r.nodes for r in stats)
            depth = max(r.depth for r in stats)
            return {"kind": "deep", "line": None, "cells": [_cell(puzzle, y, x, value)],
                    "explanation": text.deep_explanation(puzzle, y, x, value, refuted, nodes, depth),
                    "leftmost": None, "rightmost": None,
                    "probe": {"row": y + 1, "column": x + 1, "nodes": nodes, "depth": depth}}
    return None


def reveal_hint(puzzle, eng, rows, cols, solution, unique):
    """The cell of ``solution`` whose value lets line logic fix the most cells."""
    chars = {c.char: k for k, c in enumerate(puzzle.colors)}
    limit = eng.line_solves + REVEAL_WORK
    best = None
    for y, x in probe_order(eng, rows):
        if best is not None and eng.line_solves > limit:
            break
        c = chars[solution[y][x]]
        r2, c2 = set_cell(rows, cols, y, x, c)
        gained = eng.run(r2, c2, {y}, {x})
        if best is None or gained > best[0]:
            best = (gained, y, x, c)
    if best is None:
        return None
    gained, y, x, c = best
    return {"kind": "reveal", "line": None, "cells": [_cell(puzzle, y, x, c)],
            "explanation": text.reveal_explanation(puzzle, y, x, c, max(0, gained), unique),
            "leftmost": None, "rightmost": None,
            "probe": {"row": y + 1, "column": x + 1, "unlocks": max(0, gained)}}
