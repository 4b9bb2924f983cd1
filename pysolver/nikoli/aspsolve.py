"""The clingo route for the Nikoli families: facts, programs, solving and counting.

Programs are ``encodings/grid_common.lp`` + ``encodings/<family>.lp`` (the
project's encodings) or ``encodings/seed_<family>.lp`` (the seed paper's
formulation in clingo syntax, the baseline), plus the instance facts written
here. Every program shows the same atoms, so one decoder serves both:
``shade/2`` (Nurikabe, Heyawake), ``inside/2`` (Bag), ``line/4`` (Masyu).
"""
from __future__ import annotations

import re

from .. import asp
from .model import UNKNOWN, WHITE, Grid, parse

SHOWN = {"nurikabe": "shade", "heyawake": "shade", "bag": "inside", "masyu": "line"}
# Masyu cell characters by the set of directions the loop leaves the cell in
BOX = {frozenset("ew"): "─", frozenset("ns"): "│", frozenset("es"): "┌",
       frozenset("ws"): "┐", frozenset("en"): "└", frozenset("wn"): "┘"}
HALF = {frozenset("w"): "╴", frozenset("e"): "╶", frozenset("n"): "╵", frozenset("s"): "╷"}
DIRS = {v: k for k, v in {**BOX, **HALF}.items()}
_ATOM = re.compile(r"(\w+)\(([-\d,]+)\)")


def encoding_text(grid: Grid, baseline: bool = False) -> str:
    if baseline:
        return asp.encoding_file(f"seed_{grid.family}")
    return "\n".join(asp.encoding_file(name) for name in ("grid_common", grid.family))


def facts(grid: Grid) -> str:
    out = [f"size({grid.width},{grid.height})."]
    if grid.family in ("nurikabe", "bag"):
        for (x, y), n in sorted(grid.clues.items()):
            out.append(f"clue({x},{y})." + ("" if n == UNKNOWN else f" number({x},{y},{n})."))
    elif grid.family == "masyu":
        for (x, y), n in sorted(grid.clues.items()):
            out.append(f"pearl({x},{y},{'white' if n == WHITE else 'black'}).")
    else:
        w = grid.width
        out.extend(f"room({i % w},{i // w},{r})." for i, r in enumerate(grid.rooms))
        out.extend(f"count({r},{n})." for r, n in sorted(grid.room_numbers().items())
                   if n != UNKNOWN)
    return "\n".join(out) + "\n"


def program(grid: Grid, baseline: bool = False) -> str:
    """One self-contained program (clingo-wasm takes it as it is)."""
    return encoding_text(grid, baseline) + "\n" + facts(grid)


def atoms(symbols):
    """(name, (ints...)) of each shown atom, from clingo Symbols or their text."""
    for sym in symbols:
        m = _ATOM.fullmatch(str(sym).replace(" ", ""))
        if m:
            yield m.group(1), tuple(int(v) for v in m.group(2).split(","))


def rows_from_atoms(grid: Grid, symbols) -> list:
    """The solution's row strings (the issue's characters) from its shown atoms."""
    w, h = grid.width, grid.height
    name = SHOWN[grid.family]
    if grid.family == "masyu":
        dirs = [[set() for _ in range(w)] for _ in range(h)]
        for n, args in atoms(symbols):
            if n == name:
                x, y, u, v = args
                a, b = ("e", "w") if v == y else ("s", "n")
                dirs[y][x].add(a)
                dirs[v][u].add(b)
        return ["".join(BOX.get(frozenset(d), ".") for d in row) for row in dirs]
    cells = {args for n, args in atoms(symbols) if n == name}
    on, off = ("#", ".") if name == "shade" else (".", "#")
    return ["".join(on if (x, y) in cells else off for x in range(w)) for y in range(h)]


def solve(grid: Grid, max_solutions=2, timeout=None, baseline=False) -> dict:
    """The api solve-result dict from native clingo (``solutions``: row strings)."""
    run = asp.run_program(program(grid, baseline), lambda syms: rows_from_atoms(grid, syms),
                          max_solutions, timeout)
    run["stats"]["encoding"] = f"seed_{grid.family}" if baseline else grid.family
    return run


def solve_task(puzzle, max_solutions=2):
    """The solve as a task (asprun): one ask; the same dict as :func:`solve` with the
    stats both drivers give (conflicts, count, exhausted, encoding)."""
    from .asprun import Ask

    grid = as_grid(puzzle)
    cap = int(max_solutions or 0)
    ans = yield Ask(program(grid), models=cap)
    found = [rows_from_atoms(grid, m) for m in ans["models"]]
    stats = {"conflicts": ans["conflicts"], "count": len(found),
             "exhausted": ans["exhausted"], "encoding": grid.family}
    cut = not ans["exhausted"] and (cap == 0 or len(found) < cap)  # the limit stopped it
    return {"status": asp.status_of(len(found), ans["exhausted"], cut),
            "solutions": found, "time_s": ans["time_s"], "stats": stats,
            "engine": "clingo", "family": grid.family}


def as_grid(puzzle) -> Grid:
    """A task's puzzle argument: a Grid, or its text (a URL or the family's format)."""
    return puzzle if isinstance(puzzle, Grid) else parse(str(puzzle))


LABELS = ("easy", "medium", "hard", "expert")
# clingo conflicts per 100 cells (finding the solution and proving it unique) up to which
# a puzzle is easy, medium, hard: the quartiles of minimal puzzles the generator makes
# (10x10 seeds 3-12, 15x15 seeds 2-4 per family, Nurikabe 10x10 only; PERF.md
# "Difficulty"), so a family's generated puzzles spread over the four labels
DIFFICULTY = {"nurikabe": (20, 32, 40), "heyawake": (55, 80, 125),
              "masyu": (40, 60, 120), "bag": (60, 90, 125)}


def difficulty(family: str, width: int, height: int, conflicts: int) -> str:
    """The engine's difficulty: clingo's conflicts per 100 cells while it finds the
    solution and proves it unique, against the family's quartiles (DIFFICULTY). Work
    counted, not seconds: the same clingo gives the same label on any machine. It
    grows with how much a solver must guess and back out of, which is what a player
    feels as a hard step; per cell, so a large grid of easy steps stays easy."""
    rate = 100 * conflicts / (width * height)
    for cap, name in zip(DIFFICULTY[family], LABELS):
        if rate <= cap:
            return name
    return LABELS[-1]


def check(grid: Grid, count_cap=2, timeout=None) -> dict:
    """Uniqueness, a bounded solution count and the difficulty of a puzzle."""
    r = solve(grid, count_cap, timeout)
    unique = {"unique": True, "multiple": False, "none": False}.get(r["status"])
    return {"family": grid.family, "status": r["status"], "unique": unique,
            "count": len(r["solutions"]), "count_exact": r["stats"]["exhausted"],
            "difficulty": difficulty(grid.family, grid.width, grid.height,
                                     r["stats"]["conflicts"]) if unique else None,
            "conflicts": r["stats"]["conflicts"], "solutions": r["solutions"],
            "time_s": r["time_s"]}
