"""Nikoli hints without clingo, where its hint program is too large to ground within a
hint's work (issue 30: janko 1030_32x32, a 994-cell island: 0.9 s of CPU to ground, 3.2 s
to find nothing): the rule checker's mistakes, the counts' and the checker's trials'
steps, a reveal from a solution Solve proved, else said plainly."""
from __future__ import annotations

from . import aspsolve, checked, counts, model, trial
from .hint_words import deduction, mistake, nothing, reveal
from .marks import given as _given, nearness as _nearness, read as _marks, units
from .model import UNKNOWN, check_work

# Nurikabe: the hint program grounds each island over its number's diamond, a part growing
# as its square; an island reaching this many cells or more puts even the grounding past a
# hint's work: there the hint takes the checker's and the counts' steps only
CLINGO_ISLAND_CELLS = 700


def beyond_clingo(grid) -> bool:
    """Whether an island of the hint program may reach CLINGO_ISLAND_CELLS cells or more
    (the program grounds it over its number's diamond; check_work refused the larger)."""
    if grid.family != "nurikabe":
        return False
    check_work(grid, plain=True)  # the refusal a clingo hint would give, first
    w, h = grid.width, grid.height
    return any((w * h if n == UNKNOWN else model.diamond(x, y, n - 1, w, h)) >= CLINGO_ISLAND_CELLS
               for (x, y), n in grid.clues.items())  # a "?" island may reach every cell


def checker_only(grid, state, marks) -> dict:
    """The hint without clingo: marks that already break a rule (a mistake), else those the
    puzzle's solution solved before in this session contradicts, else the nearest step a
    count or the checker's trials prove (every open unit, both values) from the marks, when
    that solution shows them right, else from those earlier hints proved (checked.py: the
    rest unchecked, said), else a unit of that solution (a reveal), else "beyond the
    explained hints", said."""
    broken = trial.checker(grid, marks).violation()
    if broken is not None:
        cells = {(c - 1, r - 1) for r, c in broken["cells"]}
        # the marks the broken rule names, else those beside its cells (an island walled in)
        wrong = [u for u in marks if u in cells] or \
            [(x, y) for x, y in marks if cells & {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}]
        if wrong:
            return mistake(grid, marks, wrong, [broken["rule"]], broken=True)
    wrong = checked.against_solution(grid, marks)
    if wrong:
        return mistake(grid, marks, wrong, [], why="the puzzle's one solution (found by Solve) "
                       "differs", many="are wrong")
    sure, wrong = (marks, []) if wrong == [] else checked.proved(grid, marks)
    if wrong:  # a step an earlier hint proved says otherwise
        return mistake(grid, marks, wrong, *trial.why_wrong(grid, state, marks, wrong))
    given = _given(grid)
    near = _nearness(grid, marks)
    todo = sorted(((u, v) for u in units(grid) if u not in marks and u not in given
                   for v in (True, False)), key=lambda f: near(f[0]))
    if not todo:
        return nothing("The grid is complete.")
    found = counts.find(grid, sure, todo) if broken is None else None
    if found is None and broken is None:
        found = trial.explain(grid, sure, todo)
    if found is not None:
        unit, value, names, because, words = found
        hint = deduction(grid, unit, value, names, [(u, marks[u]) for u in because], words)
        return hint if sure is marks else checked.remember(grid, hint, unit, value,
                                                          len(sure) < len(marks))
    solution = aspsolve.solved(grid)
    if solution is not None:
        shown = _marks(grid, solution)
        unit, value = next((u, v) for u, v in todo if shown.get(u) == v)
        return reveal(grid, unit, value, "This is the puzzle's one solution (found by Solve): "
                                         "the reasoning from here is beyond the explained hints.")
    return nothing("This puzzle is beyond the explained hints from here: no short step is "
                   "left that a hint can show on a grid with islands this large. Solve shows "
                   "the answer (then Hint reveals it cell by cell).")
