"""Which of the player's marks a Nikoli hint may stand on.

A hint drawn from a wrong mark teaches something false, so a hint reads the marks only
once it knows they agree with a solution: the cautious run found one (hints.py), or
they agree with the puzzle's one solution when a solve proved it in this process
(aspsolve.solved: Play's question on opening, Solve, or a hint's own bounded solve).
When neither is known within the work (the largest puzzles), the marks are unchecked:
a hint then reads only the marks earlier unchecked hints proved from the clues (and
such marks) and names a mark that contradicts one of those; it says so in its words.
"""
from __future__ import annotations

from ..memo import Memo
from . import aspsolve
from .marks import read

# (family, facts) -> {unit: value}: the steps hints proved from the clues alone (and such
# steps) while the marks were unchecked: what the next unchecked hint may read
_proved = Memo("nikoli.checked.proved", 4)

UNCHECKED = ("Hint could not check all your marks within its work, so it used only the clues "
             "and earlier hints' steps.")
# said when no such step was found either
CHECK = "Check shows any rule your marks break."


def _key(grid):
    return grid.family, aspsolve.facts(grid)


def against_solution(grid, marks, unmarked=()):
    """The marks that differ from the puzzle's one solution ([] when none does), but for
    ``unmarked`` ones (Masyu's joins the rows imply: a line beside them is named instead);
    None when no solution is known in this process."""
    solution = aspsolve.solved(grid)
    if solution is None:
        return None
    shown = read(grid, solution)
    return [u for u, v in marks.items() if shown.get(u, False) != v and u not in unmarked]


def proved(grid, marks, unmarked=()):
    """(the marks with the value an earlier unchecked hint proved, the marks that
    contradict such a step: wrong for sure, but for ``unmarked`` ones)."""
    steps = _proved.get(_key(grid), {})
    return ({u: v for u, v in marks.items() if steps.get(u) == v},
            [u for u, v in marks.items() if steps.get(u) is (not v) and u not in unmarked])


def remember(grid, hint, unit, value, unchecked=True) -> dict:
    """A hint (a deduction or reveal of ``unit``) drawn from the clues and proved steps
    only, its step kept for the next; ``unchecked``: some marks it did not read, which its
    words say."""
    steps = _proved.get(_key(grid))
    if steps is None:
        steps = _proved.put(_key(grid), {})
    steps[unit] = value
    return {**hint, "explanation": f"{hint['explanation']} {UNCHECKED}"} if unchecked else hint
