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
from ..solver import search
from ..solver.line import positions, undecided
from .mistakes import scaled, work_budget
from ..solver.probe import set_cell

PROBE_WORK = 30_000  # line solves the one-cell tests may spend (best so far wins)
PROBE_CANDIDATES = 3  # usable probe cells compared before the simplest is chosen
DEEP_CELLS = 12  # cells a deeper what-if tests
DEEP_WORK = 150  # search nodes per deeper test (mistakes.scaled: fewer above 25x25)
REVEAL_WORK = 20_000  # line solves spent looking for the most useful cell to reveal


def probe_order(eng, rows):
    """The undecided cells (y, x), those next to the most decided cells first."""
    w, h = eng.w, eng.h
    multis = [undecided(r) for r in rows]
    order = []
    for y in range(h):
        for x in positions(multis[y]):
            near = 0
            for yy, xx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                if 0 <= yy < h and 0 <= xx < w and not multis[yy] >> xx & 1:
                    near += 1
            order.append((-near, y, x))
    order.sort()
    return [(y, x) for _, y, x in order]


def _cell(puzzle, y, x, c):
    return {"row": y + 1, "column": x + 1, "value": puzzle.colors[c].char}


def probe_hint(puzzle, eng, rows, cols, blame, budget=PROBE_WORK):
    """A cell whose other values each make some line impossible by line logic, or None.

    Cells next to decided cells are tried first (a person tries those); the
    first PROBE_CANDIDATES usable cells are compared and the one with the
    shortest chain of line steps wins. ``blame(eng, (y, x))``: the no-solution
    hint when a cell no value fits shows the clues contradict, else None.
    """
    limit = eng.line_solves + budget
    found = []
    for y, x in probe_order(eng, rows):
        if eng.line_solves > limit:
            break
        survivors, failing = [], []
        for c in range(eng.ncol):
            if rows[y][c] >> x & 1:
                r2, c2 = set_cell(rows, cols, y, x, c)
                (failing if eng.run(r2, c2, {y}, {x}) < 0 else survivors).append(c)
        if not failing:
            continue
        failures = []
        for c in failing:
            r2, c2 = set_cell(rows, cols, y, x, c)
            steps = []
            eng.run(r2, c2, {y}, {x}, steps)
            failures.append((c, eng.failed, len(steps), steps))
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


def chain(puzzle, steps, failed):
    """The steps of a failing trial for the page: per line in order, the cells it
    decided ({row, column, value}, 1-based), then the line that cannot be completed."""
    out = []
    for s in steps:
        cells = []
        for p, m in zip(s["cells"], s["values"]):
            if m & (m - 1) == 0:  # decided (a colour puzzle's line may only narrow a cell)
                y, x = (s["index"], p) if s["axis"] == "row" else (p, s["index"])
                cells.append(_cell(puzzle, y, x, m.bit_length() - 1))
        out.append({"axis": s["axis"], "index": s["index"] + 1, "cells": cells, "fails": False})
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
            res = search.solve(puzzle, max_solutions=1, cells=eng.cells(r2), should_stop=stop,
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
