"""A Nikoli hint walk: a puzzle played from the empty grid by the Hint button alone.

The Nikoli hints (hints.py) give one unit (a cell; Masyu: a join) per step: among
the units every solution agrees on, nearest the marks and clues first (Masyu: lines
before gaps), the first the rule checker refutes the other way of (trial.py), else
the first of them explained by clingo. For a unique puzzle what every solution
agrees on is the solution, so the walk takes it (``solution``: the solve's rows)
and replays those choices with the checker alone, with no clingo call: the same
units in the same order as pressing Hint again and again (tests/test_stars_nikoli.py
compares a few steps with hints.hint). Each step is counted by kind:

* ``rule``: the other way breaks a rule at once (a glance);
* ``trial``: a what-if: the other way, followed unit by unit with the checker,
  leaves a unit with no possible value; its depth is the units its refutation
  read, that one included (summed in ``chain_steps``, the largest in
  ``longest_chain``);
* ``deep``: no short what-if refutes it (the hint names the rules clingo needed):
  a long chain a player must find alone.

Work is counted in checker calls, capped by ``cap`` (WORK_PER_UNIT per unit):
past it the walk stops with ``finished`` False and ``end`` "cap", never a hang. A
caller with a budget of its own (``pysolver check --timeout``) stops it sooner:
``end`` "stopped", and its stars are a lower bound (pysolver.stars.at_least).
Pure Python, no I/O, runs unchanged in the browser.
"""
from __future__ import annotations

from .. import stars
from . import families, joins, trial
from .marks import given, nearness, read, units

KINDS = ("rule", "count", "trial", "deep")
# checker calls a walk may make per unit of the grid (measured: the built-ins and
# bench/nikoli-instances use 1-15 a unit; bench/stars.py --nikoli)
WORK_PER_UNIT = 1000


def walk(grid, solution, cap=None, trace=False, budget=None, stop=None, ceiling=None) -> dict:
    """Play ``grid`` by hints to ``solution`` (the solve's rows); the summary dict.

    Keys: ``finished`` (True: every unit decided), ``steps`` ({kind: count}),
    ``chain_steps`` (units set by every what-if), ``longest_chain``, ``units`` (the
    units decided: Masyu's steps and the gaps its full cells imply), ``work`` (checker
    calls), ``end`` ("solved"; "cap": past the puzzle's cap, the checker cannot
    finish it; "stopped": the caller's ``budget`` of checker calls ran out, or its
    ``stop()`` said so between steps: the steps so far are a lower bound; "past": its
    steps already show a level above ``ceiling``, one of stars.LEVELS, and a level only
    grows with more steps: the generator's levels need no more). With ``trace``,
    ``played``: [(unit, value, kind), ...] in order."""
    sol = read(grid, solution)
    clued = given(grid)
    todo = [u for u in units(grid) if u not in clued]
    missing = [u for u in todo if u not in sol]
    if missing:
        raise ValueError(f"the solution does not decide {len(missing)} units of the grid")
    cap = WORK_PER_UNIT * len(todo) if cap is None else cap
    loop = families.of(grid.family).loop
    marks, calls = {}, [0]
    steps = dict.fromkeys(KINDS, 0)
    chained = longest = 0
    end = "solved"
    played = []
    while len(marks) < len(todo):
        if calls[0] >= cap:
            end = "cap"
            break
        if (budget is not None and calls[0] >= budget) or (stop is not None and stop()):
            end = "stopped"
            break
        near = nearness(grid, marks)
        forced = sorted(((u, sol[u]) for u in todo if u not in marks), key=lambda f: near(f[0]))
        if loop:  # lines first, as the hint gives them
            forced.sort(key=lambda f: not f[1])
        found = trial.step(grid, marks, forced, calls)
        if found is None:
            (unit, value), kind = forced[0], "deep"
        else:
            unit, value, _, _, depth, words = found
            kind = "count" if words else "trial" if depth else "rule"
            chained += depth
            longest = max(longest, depth)
        steps[kind] += 1
        marks[unit] = value
        played.append((unit, value, kind))
        if loop and value:
            _close(grid, marks, unit)
        if ceiling is not None and _past(grid, steps, longest, ceiling):
            end = "past"
            break
    out = {"finished": end == "solved", "steps": steps, "chain_steps": chained,
           "longest_chain": longest, "units": len(marks), "work": calls[0], "end": end}
    if trace:
        out["played"] = played
    return out


def level_of(grid, summary):
    """The generator's level that a walk's steps show, or None: not finished
    (pysolver.stars.level, the rule of every genre: a what-if is a ``trial``, its chain
    counts the units its refutation read; a ``count`` is read off the numbers, no what-if)."""
    return stars.level(grid.width, grid.height, summary, "trial")


def _past(grid, steps, longest, ceiling):
    """Whether the steps so far show a level above ``ceiling`` (as if finished)."""
    got = level_of(grid, {"finished": True, "steps": steps, "longest_chain": longest})
    return stars.LEVELS.index(got) > stars.LEVELS.index(ceiling)


def _close(grid, marks, unit):
    """A cell with two lines has no other: the page's rows say so (a full cell), so
    the hints read its other joins as marked "no line" (no step of their own)."""
    for cell in (unit[:2], unit[2:]):
        around = joins.of_cell(grid, cell)
        if sum(marks.get(j) is True for j in around) == 2:
            for j in around:
                marks.setdefault(j, False)
