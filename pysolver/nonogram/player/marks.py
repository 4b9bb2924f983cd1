"""Checking a player's marks: the play view's check modes and its crossed-out clues.

Modes (:func:`check_marks`):
  ``off``       only the clue marks;
  ``lines``     lines whose marks no arrangement of the clue fits;
  ``runs``      the same, judging only filled runs closed on both sides (by a
                cross or the edge), so a run still growing is never blamed;
  ``solution``  cells that differ from the goal picture, or, without one, from a
                solution the hints' search found (the one nearest the marks when
                several are known; said to be "a solution found" while it is not
                proven the only one), else one found by a search bounded by
                ``work`` line solves (the same answer on every machine) and
                ``timeout`` seconds (the safety net); its outcome, found or not,
                is remembered by clues. With no solution to compare with the
                answer says ``unavailable``.
Clue marks: per line, per block, True when line logic pins the block to a run
the player filled (the board crosses that number out).
"""
from __future__ import annotations

from ..solver import line
from ..solver.arrangements import extremes
from . import mistakes
from ...memo import Memo
from ...errors import PuzzleError
from ..puzzle import cells_from_state, satisfies

MODES = ("off", "runs", "lines", "solution")
# (clues and colours, work, timeout) -> ("found", row strings) | ("none" | "budget" | "timeout", None)
_solutions = Memo("marks.solutions", 8)


def _lines(p, cells):
    w = p.width
    for axis, i, clue, _ in p.lines():
        idx = range(i * w, i * w + w) if axis == "row" else range(i, len(cells), w)
        yield axis, i, clue, tuple(cells[k] for k in idx)


def clue_marks(p, cells) -> dict:
    """Per line, per block: True when line logic pins the block to a run the player filled."""
    marks = {"rows": [], "columns": []}
    for axis, _, clue, line_cells in _lines(p, cells):
        done = [False] * len(clue)
        ext = extremes(clue, line_cells) if clue else None
        if ext is not None:
            left, right = ext
            for j, (n, c) in enumerate(clue):
                s = left[j]
                if s == right[j] and all(line_cells[k] == 1 << c for k in range(s, s + n)):
                    done[j] = True
        marks["rows" if axis == "row" else "columns"].append(done)
    return marks


def complete_runs(line_cells, full):
    """Keep only filled runs closed on both sides (by a cross or the edge), with their crosses."""
    n = len(line_cells)
    out = [full] * n
    k = 0
    while k < n:
        if line_cells[k] != 1 and line_cells[k] != full:
            e = k
            while e < n and line_cells[e] not in (1, full):
                e += 1
            closed_left = k == 0 or line_cells[k - 1] == 1
            closed_right = e == n or line_cells[e] == 1
            if closed_left and closed_right:
                for t in range(max(0, k - 1), min(n, e + 1)):
                    out[t] = line_cells[t]
            k = e
        else:
            k += 1
    return tuple(out)


def _solution(p, state, timeout, progress, solve, work=None):
    """(how, rows): the goal ("goal"), else a solution found: "found" when it is proven
    the only one, "found:several" when several are known (the one nearest the marks in
    ``state``), "found:maybe" when others may exist (the check's own search, within
    ``work`` line solves and ``timeout`` seconds, stops at one); or None with "none"
    (no solution) / "budget" / "timeout". Before a search, ``progress`` gets
    {"searching": "solution", "work": work, "limit_s": timeout}: the page quotes these
    limits, never its own."""
    if p.goal:
        return "goal", list(p.goal)
    seen = mistakes.known(p)  # Play's opening search (for the hints) may have found some
    if seen is not None and len(seen.solutions) > 1:
        # the hints' rule: no mark is called wrong that a known solution agrees with
        return "found:several", list(mistakes.nearest(p, state, seen.solutions))
    if seen is not None and seen.solutions:
        return ("found" if seen.unique else "found:maybe"), list(seen.solutions[0])
    key = (p.clue_key(), work, timeout)  # by content: the same puzzle may come as a new Puzzle
    hit = _solutions.get(key)
    if hit is None:
        if progress is not None:
            progress({"searching": "solution", "work": work, "limit_s": timeout})
        res = solve(p, max_solutions=1, timeout=timeout, work=work)
        sols = res["solutions"]
        hit = _solutions.put(key, ("found:maybe", sols[0]) if sols else
                             (res["status"] if res["status"] in ("none", "budget") else "timeout", None))
    return hit


def check_marks(p, state, mode, timeout, progress, solve, work=None) -> dict:
    """The check of the player's ``state`` in ``mode`` (see the module doc);
    ``solve``: :func:`pysolver.api.solve` (the solution search)."""
    if mode not in MODES:
        raise PuzzleError(f"unknown check mode {mode!r} (choose one of {', '.join(MODES)})")
    cells = cells_from_state(p, state)
    out = {"mode": mode, "lines": [], "cells": [], "message": "", "clues": clue_marks(p, cells)}
    if mode in ("runs", "lines"):
        for axis, i, clue, line_cells in _lines(p, cells):
            test = complete_runs(line_cells, p.full_mask) if mode == "runs" else line_cells
            if line.solve_line(clue, test) is None:
                out["lines"].append({"axis": axis, "index": i + 1})
        n = len(out["lines"])
        what = "complete runs" if mode == "runs" else "marks"
        out["message"] = (f"{n} line{'s' if n != 1 else ''} whose {what} contradict the clue"
                          if n else f"No line's {what} contradict its clue.")
    elif mode == "solution":
        _against_solution(p, state, cells, out, timeout, progress, solve, work)
    return out


def _against_solution(p, state, cells, out, timeout, progress, solve, work):
    how, sol = _solution(p, state, timeout, progress, solve, work)
    if sol is None:
        # the message in players' words; the limit the search stopped at in "detail"
        out["detail"] = (f"search limit: {work:,} line solves" if how == "budget" else
                         f"search limit: {timeout:g} s" if timeout is not None else "")
        out["unavailable"] = True  # nothing to compare with: not a verdict on the marks
        out["message"] = (
            "This puzzle has no solution: its clues contradict each other, so there is "
            "nothing to check against." if how == "none" else
            "This puzzle has no stored solution and the check's search did not find one, "
            "so the check against the solution is unavailable (the other check modes still work).")
        return
    chars = p.char_index()
    w = p.width
    # unknown cells count as empty, as in the page's win check
    grid = [[0 if m == p.full_mask else m.bit_length() - 1 for m in cells[y * w:(y + 1) * w]]
            for y in range(p.height)]
    if satisfies(p, grid):
        # a grid that fits every clue is never wrong, even when the puzzle has
        # several solutions and this is not the one compared against
        same = grid == [[chars[ch] for ch in row] for row in sol]
        out["message"] = ("Every clue is satisfied: the grid is one of the puzzle's solutions (it has "
                          "more than one)." if how == "found:several" else
                          "Every clue is satisfied: the grid is the solution." if same else
                          "Every clue is satisfied: the grid is a valid solution, different "
                          "from the stored one (this puzzle has more than one solution).")
        return
    for y, row in enumerate(sol):
        for x, ch in enumerate(row):
            m = cells[y * w + x]
            if m != p.full_mask and not (m >> chars.get(ch, 1)) & 1:
                out["cells"].append({"row": y + 1, "column": x + 1})
    n = len(out["cells"])
    differ = f"{n} cell{'s differ' if n != 1 else ' differs'}"
    if how == "found:several":
        out["message"] = (f"{differ} from the solution nearest your marks (this puzzle has more than "
                          "one)" if n else
                          "Every marked cell agrees with one of the puzzle's solutions (it has more than one).")
        return
    if how == "found:maybe":  # not proven the only one: a mark may fit another
        out["message"] = (f"{differ} from a solution found (this puzzle may have others)" if n else
                          "Every marked cell agrees with a solution found (this puzzle may have others).")
        return
    out["message"] = (f"{n} cell{'s differ' if n != 1 else ' differs'} from the solution"
                      if n else "Every marked cell agrees with the solution.")
