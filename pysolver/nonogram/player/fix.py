"""Fix assistant: small, verified edits that make a multi-solution goal unique.

Two kinds of suggestion, both checked by re-solving the changed puzzle with
``search.solve(max_solutions=2)`` before they are returned:

* ``given``: show one or a few cells of the goal at the start (the clues stay
  the same). A single shown cell can only work where every known alternative
  differs from the goal; those are tried first, the ones that let line logic
  decide most first. Otherwise a greedy chain keeps showing the undecided cell
  (after propagation and probing) with the largest such gain, then drops the
  cells the others make redundant. Every alternative met on the way joins a
  shared pool that sharpens the next choice.
* ``toggle``: change one or two cells of the goal picture, which changes the
  clues of their row and column. Candidates come from the region where the
  goal and the alternatives differ; a second toggle is taken from the region
  where the first toggle's puzzle still differs from its own alternative.

``suggest`` is cancellable (``should_stop``) and time-bounded (``timeout``);
``progress`` receives small dicts ``{"phase", "tried", "found"}``.
"""
from __future__ import annotations

import time

from ..solver import probe, search
from .hint_text import value_word
from ..solver.propagate import Engine, propagate
from ...errors import PuzzleError
from ..puzzle import Puzzle, grid_from_rows, puzzle_from_grid, satisfies

MAX_TRIALS = 80          # re-solves per call, on top of the first check
SINGLE_TRIES = 10        # single-cell candidates tried per kind
MAX_GIVENS = 12          # chain length limit (or a tenth of the cells, if more)
WIDE_TRIES = 4           # single toggles tried when no single given worked
PAIR_REGION = 6          # follow a first toggle only if its alternative differs in so few cells
PAIR_TRIES = 9           # re-solves spent on toggle pairs
KIND_ORDER = {"given": 0, "toggle": 1}


class _Budget:
    """Counts re-solves and watches the deadline and the cancel flag."""

    def __init__(self, timeout, should_stop, progress, base=()):
        self.base = tuple(base)  # (y, x) cells the puzzle already shows at the start
        self.deadline = None if timeout is None else time.monotonic() + timeout
        self.should_stop = should_stop
        self.progress = progress
        self.tried = 0
        self.found = 0

    def remaining(self):
        return None if self.deadline is None else self.deadline - time.monotonic()

    def stopped(self):
        """Cancelled or out of time (not counting trials): for probing's stop check."""
        if self.should_stop is not None and self.should_stop():
            return True
        left = self.remaining()
        return left is not None and left <= 0

    def exhausted(self):
        return self.tried >= MAX_TRIALS or self.stopped()

    def masks(self, puzzle, grid, givens=()):
        """Start cells: the base givens and `givens` fixed to their colour in `grid`, or None."""
        if not self.base and not givens:
            return None
        w = puzzle.width
        cells = [puzzle.full_mask] * (puzzle.height * w)
        for y, x in (*self.base, *givens):
            cells[y * w + x] = 1 << grid[y][x]
        return cells

    def solve(self, puzzle, cells=None, phase=""):
        """solve() with two solutions asked, or None when out of time or cancelled."""
        if self.exhausted():
            return None
        self.tried += 1
        if self.progress is not None:
            self.progress({"phase": phase, "tried": self.tried, "found": self.found})
        res = search.solve(puzzle, max_solutions=2, cells=cells,
                           timeout=self.remaining(), should_stop=self.should_stop)
        if res.status in ("timeout", "cancelled"):
            return None
        return res


def _where(y, x):
    return f"row {y + 1}, column {x + 1}"


def _ranked_cells(goal, alts, exclude=()):
    """Cells where alternatives differ from the goal, most discriminating first.

    Ties go to cells whose row and column hold more differing cells: they sit
    in the middle of an ambiguous region rather than at its edge.
    """
    h, w = len(goal), len(goal[0])
    diff = [[0] * w for _ in range(h)]
    for a in alts:
        for y in range(h):
            ay, gy = a[y], goal[y]
            for x in range(w):
                if ay[x] != gy[x]:
                    diff[y][x] += 1
    row_d = [sum(1 for v in r if v) for r in diff]
    col_d = [sum(1 for y in range(h) if diff[y][x]) for x in range(w)]
    cells = [(y, x) for y in range(h) for x in range(w) if diff[y][x] and (y, x) not in exclude]
    cells.sort(key=lambda c: (-diff[c[0]][c[1]], -(row_d[c[0]] + col_d[c[1]]), c))
    return cells


def _add_alts(pool, goal, res):
    for g in res.solutions:
        if g != goal and g not in pool:
            pool.append(g)


def _given_suggestion(puzzle, goal, givens):
    cells = [{"row": y + 1, "column": x + 1, "value": puzzle.colors[goal[y][x]].char}
             for y, x in sorted(givens)]
    parts = [f"{_where(y, x)} ({value_word(puzzle, goal[y][x])})" for y, x in sorted(givens)]
    if len(parts) == 1:
        text = f"Show {parts[0]} at the start: the clues stay the same and the solution becomes unique."
    else:
        text = (f"Show {len(parts)} cells at the start: {'; '.join(parts)}. "
                "The clues stay the same and the solution becomes unique.")
    return {"kind": "given", "cells": cells, "description": text, "verified": True,
            "_givens": tuple(sorted(givens))}


def _toggle_suggestion(puzzle, goal, changes):
    cells = [{"row": y + 1, "column": x + 1, "value": puzzle.colors[v].char}
             for (y, x), v in sorted(changes)]
    parts = [f"{_where(y, x)} from {value_word(puzzle, goal[y][x])} to {value_word(puzzle, v)}"
             for (y, x), v in sorted(changes)]
    text = "Change " + " and ".join(parts) + ": the clues of those lines change and the solution becomes unique."
    return {"kind": "toggle", "cells": cells, "description": text, "verified": True,
            "_changes": tuple(sorted(changes))}


def _toggle_values(puzzle, goal, alts, cell):
    """New colours to try at `cell`: each alternative's colour there, then background."""
    y, x = cell
    vals = []
    for a in alts:
        v = a[y][x]
        if v != goal[y][x] and v not in vals:
            vals.append(v)
    if goal[y][x] != 0 and 0 not in vals:
        vals.append(0)
    if not vals:  # b/w: flip
        vals.append(1 - goal[y][x] if not puzzle.is_color else 1)
    return vals


def _changed_puzzle(puzzle, goal, changes):
    grid = [list(r) for r in goal]
    for (y, x), v in changes:
        grid[y][x] = v
    return grid, puzzle_from_grid(grid, puzzle.colors)


def _open_cells(puzzle, goal, givens, budget, eng):
    """Undecided cells after propagation and probing with `givens` shown, with their gain.

    The gain of a cell is how many further cells line logic decides once that
    cell is shown too: the cells a solver would most like to know.
    """
    w = puzzle.width
    try:
        red = probe.reduce(puzzle, budget.masks(puzzle, goal, givens),
                           should_stop=budget.stopped, engine=eng)
    except probe.Stop:
        return {}
    if red["status"] != "open":
        return {}
    state = red["cells"]
    out = {}
    for i, m in enumerate(state):
        if m & (m - 1):
            y, x = divmod(i, w)
            trial = list(state)
            trial[i] = 1 << goal[y][x]
            res = propagate(puzzle, trial, lines=[("row", y), ("column", x)], engine=eng)
            out[(y, x)] = res.changes if res.ok else 0
    return out


def _kills(cell, goal, alts):
    y, x = cell
    return sum(1 for a in alts if a[y][x] != goal[y][x])


def _single_givens(puzzle, goal, pool, budget, found, seen, want, eng):
    """One shown cell each: only cells where every known alternative differs can work."""
    gains = _open_cells(puzzle, goal, [], budget, eng)
    cells = [c for c in gains if _kills(c, goal, pool) == len(pool)]
    cells.sort(key=lambda c: (-gains[c], c))
    for cell in cells[:SINGLE_TRIES]:
        if len(found) >= want or budget.exhausted():
            return
        if _kills(cell, goal, pool) < len(pool):  # an alternative found meanwhile survives it
            continue
        _try_givens(puzzle, goal, pool, budget, found, seen, [cell])


def _try_givens(puzzle, goal, pool, budget, found, seen, givens):
    """Re-solve with `givens` shown; True (unique), False (multiple) or None (skipped)."""
    key = tuple(sorted(givens))
    if key in seen:
        return None
    seen.add(key)
    res = budget.solve(puzzle, budget.masks(puzzle, goal, givens), phase="given")
    if res is None:
        return None
    if res.status == "unique":
        found.append(_given_suggestion(puzzle, goal, givens))
        budget.found += 1
        return True
    _add_alts(pool, goal, res)
    return False


def _given_chain(puzzle, goal, pool, budget, found, seen, eng):
    """Greedy: keep showing the open cell that lets line logic decide the most."""
    givens = []
    limit = max(MAX_GIVENS, puzzle.width * puzzle.height // 10)
    while len(givens) < limit and not budget.exhausted():
        gains = _open_cells(puzzle, goal, givens, budget, eng)
        if not gains:
            return
        alive = [a for a in pool if all(a[y][x] == goal[y][x] for y, x in givens)]
        givens.append(max(gains, key=lambda c: (gains[c], _kills(c, goal, alive), c)))
        if _try_givens(puzzle, goal, pool, budget, found, seen, givens):
            if len(givens) > 1:
                _shorten(puzzle, goal, found, budget)
            return


def _shorten(puzzle, goal, found, budget):
    """Drop givens from the last chain that the others make redundant."""
    givens = list(found[-1]["_givens"])
    for cell in list(givens):
        if budget.exhausted() or len(givens) <= 1:
            break
        rest = [c for c in givens if c != cell]
        res = budget.solve(puzzle, budget.masks(puzzle, goal, rest), phase="given")
        if res is not None and res.status == "unique":
            givens = rest
    found[-1] = _given_suggestion(puzzle, goal, givens)


def _try_toggles(puzzle, goal, budget, found, seen, changes):
    """Re-solve the changed picture; True, None, or (grid, its alternatives)."""
    key = tuple(sorted(changes))
    if key in seen:
        return None
    seen.add(key)
    grid, changed = _changed_puzzle(puzzle, goal, changes)
    res = budget.solve(changed, budget.masks(changed, grid), phase="toggle")
    if res is None:
        return None
    if res.status == "unique":
        found.append(_toggle_suggestion(puzzle, goal, changes))
        budget.found += 1
        return True
    return grid, [g for g in res.solutions if g != grid]


def _single_toggles(puzzle, goal, pool, budget, found, seen, want, max_tries):
    """One changed cell each; returns follow-ups (first change, its grid, its alternatives)."""
    followups = []
    tries = 0
    for cell in _ranked_cells(goal, pool):
        for v in _toggle_values(puzzle, goal, pool, cell)[:2]:
            if len(found) >= want or budget.exhausted() or tries >= max_tries:
                return followups
            tries += 1
            out = _try_toggles(puzzle, goal, budget, found, seen, [(cell, v)])
            if isinstance(out, tuple) and out[1]:
                followups.append(((cell, v), out[0], out[1]))
    return followups


def _toggle_pairs(puzzle, goal, budget, found, seen, followups, want):
    """A second change where the first change's puzzle is still ambiguous.

    Only first changes that left a small ambiguous region are followed: one more
    cell cannot settle a large one, and each re-solve of a changed picture costs
    as much as a full check.
    """
    def left_open(f):
        _, grid, alts = f
        return min(sum(a[y][x] != grid[y][x] for y in range(len(a)) for x in range(len(a[0])))
                   for a in alts)
    small = sorted((f for f in followups if left_open(f) <= PAIR_REGION), key=left_open)
    tries = 0
    for first, grid, alts in small:
        for cell in _ranked_cells(grid, alts, exclude={first[0]})[:3]:
            for v in _toggle_values(puzzle, grid, alts, cell)[:1]:
                if len(found) >= want or budget.exhausted() or tries >= PAIR_TRIES:
                    return
                tries += 1
                _try_toggles(puzzle, goal, budget, found, seen, [first, (cell, v)])


def _rank(suggestions, max_suggestions):
    """Fewest changes first; keep the best of each kind before filling up."""
    order = sorted(suggestions, key=lambda s: (len(s["cells"]), KIND_ORDER[s["kind"]]))
    picked = []
    for kind in ("given", "toggle"):
        best = next((s for s in order if s["kind"] == kind), None)
        if best is not None and len(picked) < max_suggestions:
            picked.append(best)
    for s in order:
        if len(picked) >= max_suggestions:
            break
        if s not in picked:
            picked.append(s)
    return sorted(picked, key=lambda s: (len(s["cells"]), KIND_ORDER[s["kind"]]))


def _classify(puzzle, goal, sugg, budget):
    """Attach the classification and difficulty of the fixed puzzle."""
    from ..solver import classify  # lazy: classification is only needed for the few returned
    if sugg["kind"] == "toggle":
        grid, fixed = _changed_puzzle(puzzle, goal, sugg["_changes"])
        cells = budget.masks(fixed, grid)
    else:
        fixed, cells = puzzle, budget.masks(puzzle, goal, sugg["_givens"])
    left = budget.remaining()
    info = classify.classify(fixed, cells=cells, timeout=None if left is None else max(left, 0.5))
    sugg["classification"] = info["classification"]
    sugg["difficulty"] = info.get("difficulty")


def goal_grid(puzzle: Puzzle) -> list:
    """The goal as colour-index rows; PuzzleError when missing or not matching the clues."""
    if puzzle.goal is None:
        raise PuzzleError("the puzzle has no goal image, so there is nothing to check or fix")
    grid = grid_from_rows(puzzle, puzzle.goal)
    if not satisfies(puzzle, grid):
        raise PuzzleError("the goal image does not match the puzzle's clues")
    return grid


def suggest(puzzle: Puzzle, max_suggestions=3, timeout=None, should_stop=None,
            progress=None, givens=()) -> list:
    """Up to `max_suggestions` verified edits that make the puzzle's goal the only solution.

    Returns [] when the goal is already unique or when nothing was verified in
    time. Each suggestion: {"kind": "given"|"toggle", "cells": [{"row",
    "column", "value"}] (1-based, state chars), "description", "verified":
    True, "classification", "difficulty"}. For "given" the cells are shown at
    the start; for "toggle" they are the goal's new values. ``givens``: (row,
    column) pairs, 0-based, that the puzzle already shows at the start.
    """
    goal = goal_grid(puzzle)
    for y, x in givens:
        if not (0 <= y < puzzle.height and 0 <= x < puzzle.width):
            raise PuzzleError(f"given cell row {y + 1}, column {x + 1} is outside the grid")
    budget = _Budget(timeout, should_stop, progress, givens)
    res = budget.solve(puzzle, budget.masks(puzzle, goal), phase="check")
    if res is None or res.status != "multiple":
        return []
    pool = []
    _add_alts(pool, goal, res)
    givens, toggles, seen_g, seen_t = [], [], set(), set()
    # One-cell fixes of both kinds first (they rank first), then longer ones.
    # When no single shown cell settles the puzzle its ambiguity is wide, and a
    # changed cell rarely settles it either: fewer toggle trials then.
    eng = Engine(puzzle)
    _single_givens(puzzle, goal, pool, budget, givens, seen_g, max_suggestions, eng)
    if not givens:
        _given_chain(puzzle, goal, pool, budget, givens, seen_g, eng)
    tries = SINGLE_TRIES if givens and len(givens[0]["cells"]) == 1 else WIDE_TRIES
    followups = _single_toggles(puzzle, goal, pool, budget, toggles, seen_t, max_suggestions, tries)
    if not toggles:
        _toggle_pairs(puzzle, goal, budget, toggles, seen_t, followups, 1)
    found = givens + toggles
    picked = _rank(found, max_suggestions)
    for s in picked:
        if should_stop is not None and should_stop():
            break
        _classify(puzzle, goal, s, budget)
    for s in picked:
        s.pop("_givens", None)
        s.pop("_changes", None)
    return picked
