"""Generation by clue options (generate.py, steps 2-4), the way of the families whose
clues are read from a random solution and chosen by clingo: each such family's
module (generate_heyawake.py, generate_masyu.py, generate_bag.py) fills a :class:`Way`.

Every clue the solution allows is an option; one program per solution holds the
encoding, the options (clue ``use(X,Y)`` is an assumption) and the solution itself
with ``:- not differ.``, so one solve says "unique" (unsatisfiable) or shows where
another solution differs. Clues are added where it differs (or all are on from the
start: ``Way.all_on``); a layout not unique with every clue on is changed by the
family's ``Way.walk``, or given up. Budgets are clingo conflicts, never seconds.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from . import aspsolve, families, model
from ..asp.tasks import Ask
from .model import Grid

WORK_CAP = 400  # clingo conflicts a clue-removal check may take
ADD_CAP = 1000  # conflicts for a check while clues are added, per 200 cells
WALKS = 8  # changes of the layout (Way.walk) before a new attempt


@dataclass(frozen=True)
class Way:
    """One family's generator by clue options.

    ``solution(grid, rng, tag)``: a task (it may ask clingo) returning the row strings
    of a random solution (setting what else the grid needs, e.g. rooms), or None.
    ``options(grid, rows)``: {cell: clue value}, every clue that solution allows.
    ``uses``: program lines deriving the family's clue atoms from ``opt(X, Y, N)``
    and ``use(X, Y)``. ``all_on``: every option on from the start (else clues are
    added where another solution differs). ``walk(grid, rows, other, rng)``: when
    every clue is on and ``other`` still solves it, the rows to go on with (the
    grid changed as needed), or None to give up; no walk: give up at once.
    """
    solution: Callable
    options: Callable
    uses: str
    all_on: bool
    walk: Callable | None = None


def differ(family: str) -> str:
    """``:- not differ.``: an answer differs from the solution given as ``ref`` atoms."""
    fam = families.of(family)
    args = "X, Y, U, V" if fam.loop else "X, Y"
    return (f"differ :- {fam.shown}({args}), not ref({args}).\n"
            f"differ :- ref({args}), not {fam.shown}({args}).\n:- not differ.\n")


def shown_atoms(family, rows):
    """The arguments of the shown atoms of a solution (``x,y`` or ``x,y,u,v``)."""
    if families.of(family).loop:
        out = []
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                ds = model.DIRS.get(ch, ())
                out += [f"{x},{y},{x + 1},{y}"] if "e" in ds else []
                out += [f"{x},{y},{x},{y + 1}"] if "s" in ds else []
        return out
    mark = families.of(family).on
    return [f"{x},{y}" for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == mark]


def with_options(grid, rng, tag, minimal, way: Way, dropped=None):
    """Clues on a grounded program of options (module text): True with ``grid.clues``
    set, or False for a new attempt. ``dropped``: a list given gets the clues
    ``minimal`` dropped, (cell, value) in their order (pysolver.nikoli.generate's
    levels put some back)."""
    rows = yield from way.solution(grid, rng, tag)
    if rows is None:
        return False
    cap = ADD_CAP * max(1, grid.width * grid.height // 200)
    for _ in range(WALKS):
        options = way.options(grid, rows)
        prog = tag + _option_program(grid, rows, options, way)
        on = set(options) if way.all_on else set()
        while True:
            ans = yield _check(prog, options, on, cap)
            if ans["sat"] is False:
                break
            other = aspsolve.rows_from_atoms(grid, ans["models"][0]) if ans["sat"] else None
            off = sorted(set(options) - on)
            if not off:
                break
            near = [c for c in off if other and _near(c, rows, other)]
            if near:
                on.add(rng.choice(near))
            else:  # out of conflicts: a few more clues anywhere make the next check easier
                on.update(rng.sample(off, max(1, len(off) // 16)))
        if ans["sat"] is False:
            break
        if not ans["sat"] or way.walk is None:
            return False
        rows = way.walk(grid, rows, other, rng)
        if rows is None:
            return False
    else:
        return False
    if minimal:
        for c in rng.sample(sorted(on), len(on)):
            if (yield _check(prog, options, on - {c}, WORK_CAP))["sat"] is False:
                on.discard(c)
                if dropped is not None:
                    dropped.append((c, options[c]))
    grid.clues = {c: options[c] for c in on}
    return True


def _check(prog, options, on, limit):
    return Ask(prog, assume=tuple((f"use({x},{y})", (x, y) in on) for x, y in sorted(options)),
               limit=limit)


def _option_program(grid, rows, options, way) -> str:
    """The encoding, the options and ``:- not differ.`` against the solution ``rows``."""
    bare = Grid(grid.family, grid.width, grid.height, rooms=grid.rooms)
    out = [aspsolve.program(bare), "{ use(X, Y) } :- opt(X, Y, _).", way.uses]
    out += [f"opt({x},{y},{v})." for (x, y), v in sorted(options.items())]
    out += [f"ref({a})." for a in shown_atoms(grid.family, rows)]
    out.append(differ(grid.family))
    return "\n".join(out) + "\n"


def _near(c, rows, other):
    """True when c or a neighbour of c differs between the two solutions."""
    x, y = c
    return any(0 <= y + dy < len(rows) and 0 <= x + dx < len(rows[0])
               and rows[y + dy][x + dx] != other[y + dy][x + dx]
               for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)))
