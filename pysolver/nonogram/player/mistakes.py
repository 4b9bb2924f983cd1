"""The player's mistakes: marks that no solution of the puzzle agrees with.

The puzzle's solutions are searched for once (:func:`find_solutions`, bounded
by SOLVE_WORK units of search work, never by seconds) and remembered per puzzle
in a :class:`~pysolver.memo.Memo`; :func:`check` then compares the marks with
them, which costs a string comparison per row. What counts as a mistake:

* a mark is never called wrong while some solution agrees with every mark;
* when every solution is known (the search finished: one solution, proven
  unique), the marks that differ from the solution are the mistakes;
* when the puzzle has several solutions (or uniqueness is not settled), the
  marks are wrong only when a search with the marks as fixed cells proves that
  no solution completes them (bounded by MARKS_WORK; out of budget, nothing is
  said). The cells named are the marks that differ from the known solution
  closest to the marks (the fewest differences): changing exactly those gives a
  grid some solution agrees with, so the player has the smallest known fix,
  though another solution might need other changes;
* when the solutions are not known yet (the background search has not run, or
  ran out of budget without one), nothing is said here: line logic in
  :mod:`pysolver.nonogram.player.hint` still names a line whose marks contradict its clue.

Pure Python, no I/O.
"""
from __future__ import annotations

from ..solver import search
from ...memo import Memo
from ..puzzle import cells_from_state, rows_text, state_lines

# Work units of search.solve: one per search node, and one per 32 cell trials
# (the search's own polling points); the same on every machine, about 3-6 ms of
# CPython each. Every built-in puzzle that line logic or one-cell tests solve
# needs at most about 130 (a 60x60 that line logic solves: 2); Forever (25x25,
# needs search) 2,600 to prove its solution unique.
SOLVE_WORK = 400  # Play's background search on opening (it delays the worker's next answers)
CLI_SOLVE_WORK = 20_000  # the command line's search before a hint (nothing waits behind it)
MARKS_WORK = 300  # a search with the player's marks fixed (several solutions, or not settled)
STUCK_WORK = 1_000  # a search from the player's grid when no deduction is left (see hint)
KEPT_SOLUTIONS = 8  # solutions remembered per puzzle (several-solution puzzles collect more)
# The grid the budgets were set on (25x25). A unit costs more on a bigger grid (a node's
# line logic and trials run over more and longer lines: a 40x40's 1,000 units of the
# stuck search took 0.5 s of CPython, 2-3x that in the browser), so scaled() shrinks
# the hint's search budgets in proportion to the cells above it.
REF_CELLS = 625

# clue key -> Known: the solutions found, and whether they are all there are
_known = Memo("mistakes.solutions", 8)
# (clue key, marks text) -> True (some solution agrees) | False (none does)
_verdicts = Memo("mistakes.verdicts", 64)


# the hint (and diagnosis) when the search proved that no grid satisfies the clues
NO_SOLUTION_HINT = {
    "kind": "contradiction", "line": None, "cells": [], "leftmost": None, "rightmost": None,
    "explanation": ("This puzzle has no solution: a complete search found no grid that "
                    "satisfies every clue, so the clues contradict each other."),
    "notice": "These clues have no solution: a search found no grid that satisfies them all."}


class _Key(tuple):
    """A clue key that hashes once: hashing a 60x60's clues costs more than a hint."""

    def __hash__(self):
        h = self.__dict__.get("h")
        if h is None:
            h = self.__dict__["h"] = tuple.__hash__(self)
        return h


def puzzle_key(puzzle):
    """``puzzle.clue_key()``, made once per Puzzle object (treated as read-only, as
    api.to_puzzle's are): the key of every per-puzzle memo of the hints."""
    key = puzzle.__dict__.get("_memo_key")
    if key is None:
        key = puzzle.__dict__["_memo_key"] = _Key(puzzle.clue_key())
    return key


class Known:
    """What the background search learnt about a puzzle's solutions."""

    def __init__(self, solutions, complete, status):
        self.solutions = solutions  # row strings per solution
        self.complete = complete    # True: no other solution exists
        self.status = status        # unique | multiple | none | partial (budget ran out)

    @property
    def unique(self):
        return self.complete and len(self.solutions) == 1


def scaled(work, puzzle):
    """``work`` units for ``puzzle``: as set for up to REF_CELLS cells, in proportion
    smaller above, so a hint's search costs about the same on any size (counted
    work, the same on every machine)."""
    cells = puzzle.width * puzzle.height
    return work if cells <= REF_CELLS else max(1, work * REF_CELLS // cells)


def work_budget(limit):
    """A ``used_up`` for search.solve that ends it after ``limit`` of its checks (between
    nodes and probe trials: the same count in any process, whatever the line caches
    hold), and its counter."""
    used = [0]

    def spent():
        used[0] += 1
        return used[0] > limit
    return spent, used


def find_solutions(puzzle, work=SOLVE_WORK) -> Known:
    """The puzzle's solutions (up to two), searched once per puzzle and remembered."""
    key = puzzle_key(puzzle)
    hit = _known.get(key)
    if hit is not None:
        return hit
    stop, _ = work_budget(work)
    res = search.solve(puzzle, max_solutions=2, used_up=stop)
    sols = [rows_text(puzzle, g) for g in res.solutions]
    if res.status in ("unique", "none"):
        known = Known(sols, True, res.status)
    else:
        known = Known(sols, False, "multiple" if res.status == "multiple" else "partial")
    return _known.put(key, known)


def known(puzzle):
    """The remembered Known for ``puzzle``, or None when no search ran yet."""
    return _known.get(puzzle_key(puzzle))


def solution_from(puzzle, cells, work=STUCK_WORK):
    """A solution (row strings) that agrees with ``cells`` (flat masks), or None;
    one found joins the puzzle's known solutions (a Known is made when none was)."""
    stop, _ = work_budget(work)
    res = search.solve(puzzle, max_solutions=1, cells=cells, used_up=stop)
    if not res.solutions:
        return None
    sol = rows_text(puzzle, res.solutions[0])
    key = puzzle_key(puzzle)
    rec = _known.get(key) or _known.put(key, Known([], False, "partial"))
    if sol not in rec.solutions and len(rec.solutions) < KEPT_SOLUTIONS:
        rec.solutions.append(sol)
    return sol


def _normal(puzzle, state):
    """State rows (puzzle.state_lines) with crosses written as the background, to compare
    with solutions."""
    rows = state_lines(state, puzzle)
    if not puzzle.is_color:
        rows = [r.replace("X", ".") for r in rows]
    return rows


def differences(rows, solution):
    """(y, x, right char) of every mark (not ``?``) that differs from ``solution``."""
    out = []
    for y, (mine, right) in enumerate(zip(rows, solution)):
        if mine == right or mine.count("?") == len(mine):
            continue
        for x, (a, b) in enumerate(zip(mine, right)):
            if a != b and a != "?":
                out.append((y, x, b))
    return out


def nearest(puzzle, state, solutions):
    """The one of ``solutions`` (row strings) that differs from the marks in ``state``
    at the fewest cells (the first of equals)."""
    rows = _normal(puzzle, state)
    return min(solutions, key=lambda s: len(differences(rows, s)))


def check(puzzle, state, work=MARKS_WORK):
    """The mistake hint for ``state``, or None (no mistake, or none provable cheaply).

    ``state`` must already be valid (hint.state_cans checked it).
    """
    rec = known(puzzle)
    if rec is None or not rec.solutions:
        return None
    rows = _normal(puzzle, state)
    diffs = [differences(rows, s) for s in rec.solutions]
    if not all(diffs):
        return None
    if not rec.complete and not _no_solution_agrees(puzzle, rec, rows, work):
        return None
    return mistake_hint(puzzle, min(diffs, key=len), rec)


def _no_solution_agrees(puzzle, rec, rows, work):
    """True when a search with the marks fixed proves no solution completes them.

    A solution it finds joins the known ones (so the next hint is a look-up).
    """
    key = (puzzle_key(puzzle), "\n".join(rows))
    verdict = _verdicts.get(key)
    if verdict is None:
        stop, _ = work_budget(work)
        res = search.solve(puzzle, max_solutions=1, cells=cells_from_state(puzzle, rows),
                           used_up=stop)
        if res.status == "none":
            verdict = True
        elif res.solutions:
            verdict = False
            if len(rec.solutions) < KEPT_SOLUTIONS:
                rec.solutions.append(rows_text(puzzle, res.solutions[0]))
        else:
            verdict = False  # out of budget: undecided, say nothing (not asked again for these marks)
        _verdicts.put(key, verdict)
    return verdict


def mistake_hint(puzzle, diffs, rec):
    """The hint naming the wrong marks ``diffs`` ((y, x, right char), 0-based)."""
    n = len(diffs)
    cells = [{"row": y + 1, "column": x + 1, "value": ch} for y, x, ch in diffs]
    marks = "1 of your marks is" if n == 1 else f"{n} of your marks are"
    if rec.complete:
        why = (f"{marks} wrong: {'it differs' if n == 1 else 'they differ'} from the solution "
               "(this puzzle has exactly one), so every deduction built on "
               f"{'it' if n == 1 else 'them'} would be wrong too.")
    else:
        why = (f"{marks} wrong: no solution of this puzzle agrees with all of your marks "
               "(a search with your marks fixed finds none). The puzzle has more than one "
               f"solution; changing {'this mark' if n == 1 else f'these {n} marks'} gives a "
               "grid that one of them agrees with.")
    return {"kind": "mistake", "line": None, "cells": cells, "count": n,
            "explanation": why, "leftmost": None, "rightmost": None}
