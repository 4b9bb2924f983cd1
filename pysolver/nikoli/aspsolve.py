"""The clingo route for the Nikoli families: facts, programs, solving and counting.

Programs are ``encodings/grid_common.lp`` + ``encodings/<family>.lp`` (the
project's encodings) or ``encodings/seed_<family>.lp`` (the seed paper's
formulation in clingo syntax, the baseline), plus the instance facts written
here. Every program shows the same atoms, so one decoder serves both:
``shade/2`` (Nurikabe, Heyawake), ``inside/2`` (Bag), ``line/4`` (Masyu).
"""
from __future__ import annotations

import math
import re
import time

from ..asp import run as asp
from ..asp.tasks import Ask
from .. import limits, stars
from ..memo import Memo
from . import families, walk
from .model import BOX, UNKNOWN, WHITE, Grid, NikoliError, check_work, island_reach
from .read import meta_text, parse

SHOWN = {f.name: f.shown for f in families.FAMILIES.values()}
# (family, facts) -> the rows of the one solution a strong solve proved unique in this
# process: what a hint beyond its explained steps reveals from (hints_large.checker_only)
_solved = Memo("nikoli.aspsolve.solved", 4)
_ATOM = re.compile(r"(\w+)\(([-\d,]+)\)")


def encoding_text(grid: Grid, baseline: bool = False) -> str:
    if baseline:
        return asp.encoding_file(f"seed_{grid.family}")
    return "\n".join(asp.encoding_file(name) for name in ("grid_common", grid.family))


def facts(grid: Grid) -> str:
    out = [f"size({grid.width},{grid.height})."]
    clues = families.of(grid.family).clues
    if clues == "numbers":
        for (x, y), n in sorted(grid.clues.items()):
            out.append(f"clue({x},{y})." + ("" if n == UNKNOWN else f" number({x},{y},{n})."))
    elif clues == "pearls":
        for (x, y), n in sorted(grid.clues.items()):
            out.append(f"pearl({x},{y},{'white' if n == WHITE else 'black'}).")
    else:
        w = grid.width
        out.extend(f"room({i % w},{i // w},{r})." for i, r in enumerate(grid.rooms))
        out.extend(f"count({r},{n})." for r, n in sorted(grid.room_numbers().items())
                   if n != UNKNOWN)
    return "\n".join(out) + "\n"


def room_blocks(grid: Grid):
    """Heyawake: each numbered room cut greedily into 2x2 blocks (at most 2 black cells,
    rule H1), dominoes and single cells (at most 1): ``blk(R, B, X, Y)``, ``cap(R, B, C)``
    and the room's slack ``slack(R, S)``, the most black cells the pieces hold less its
    number, so a full room fills every piece at once."""
    numbers = grid.room_numbers()
    for r, cells in enumerate(grid.room_cells()):
        n = numbers.get(r, UNKNOWN)
        if n < 0 or len(cells) < 2:
            continue
        free = set(cells)
        total = 0
        for b, (x, y) in enumerate(sorted(cells, key=lambda c: (c[1], c[0]))):
            if (x, y) not in free:
                continue
            for piece in ([(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)],
                          [(x, y), (x + 1, y)], [(x, y), (x, y + 1)], [(x, y)]):
                if free.issuperset(piece):
                    break
            free.difference_update(piece)
            cap = 2 if len(piece) == 4 else 1
            total += cap
            yield f"cap({r},{b},{cap}).\n" + "".join(f"blk({r},{b},{u},{v}).\n" for u, v in piece)
        yield f"slack({r},{total - n}).\n"


def program(grid: Grid, baseline: bool = False, strong: bool = False) -> str:
    """One self-contained program (clingo-wasm takes it as it is). ``strong``: with the
    implied reasoning the solve uses (encodings/grid_common.lp, ``strong``); without it,
    the program the difficulty labels are calibrated on (clingo's conflicts)."""
    if not strong and not baseline:
        check_work(grid, plain=True)  # reading checked the solve's (smaller) reach only
    text = encoding_text(grid, baseline) + "\n" + facts(grid)
    if strong and not baseline:
        text += "strong.\n"
        if grid.family == "nurikabe":
            text += "".join(f"near({x},{y},{a},{b}).\n"
                            for (a, b), cells in island_reach(grid).items() for x, y in cells)
            if few_blacks(grid):
                text += f"few_blacks({few_blacks(grid)}).\n"
        if grid.family == "heyawake":
            text += "".join(room_blocks(grid))
    return text


# few_blacks/1 grounds a rule over every pair of cells: on grids up to this many only
FEW_BLACKS_CELLS = 1600


def few_blacks(grid: Grid) -> int | None:
    """Nurikabe: the number K of black cells (the cells less the clues' sum) where two
    cells of the grid can lie K steps apart or more: N7 joins the K cells, so no two
    black ones do (``few_blacks/1`` in encodings/nurikabe.lp). Else None: the usual
    puzzle, whose black cells are far more than the grid is long. Janko 1030_32x32 (10
    black cells among 1,024): undecided in 60 s without it, 5 s with it."""
    if any(n == UNKNOWN for n in grid.clues.values()):
        return None
    w, h = grid.width, grid.height
    k = w * h - sum(grid.clues.values())
    return k if 0 < k <= w + h - 2 and w * h <= FEW_BLACKS_CELLS else None


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
    if families.of(grid.family).loop:
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


# A strong solve still searching after this much CPU is raced by clingo's `trendy`
# configuration (asp.run_program's ``then``): neither wins everywhere, and a long search
# is where they differ most (janko 680_45x31: 4 s with trendy, undecided in 30 s
# without; 683_14x24: 3.7 s against trendy's 3.6); small puzzles end before it starts.
RACE = {"nurikabe": (3.0, ("--configuration=trendy",))}
# Nurikabe grids this large: one round of clingo's failed-literal detection before the
# search (--lookahead=atom,1: each cell tried both ways at the root; on 690 a probe of
# that kind fixes 1073 cells where the propagation alone fixes 567), and no race (the
# rival would halve the search's CPU). On the noqx set (2026-11-27, bench/noqx_compare.py):
# 690_50x50 and 1055_57x40 decided (40 s, 5 s; undecided in 60 s without), 680_45x31
# 0.5 s against 11.2, 683_14x24 1.0 against 4.0; under 200 cells the root pass costs more
# than it saves (169_10x18: 0.20 s against 0.05)
LOOKAHEAD_CELLS = 200


def solve_args(grid: Grid) -> tuple:
    """The strong solve's own clingo options, the same natively and on clingo-wasm
    (:func:`solve_task`): the root lookahead on large Nurikabe grids."""
    if grid.family == "nurikabe" and grid.width * grid.height >= LOOKAHEAD_CELLS:
        return ("--lookahead=atom,1",)
    return ()


def solve(grid: Grid, max_solutions=2, timeout=None, baseline=False, strong=True,
          args=()) -> dict:
    """The api solve-result dict from native clingo (``solutions``: row strings);
    ``strong=False``: the calibrated program (its conflicts give the difficulty);
    ``args``: more clingo options."""
    work = check_work(grid, plain=not strong)
    # the rival grounds the program again: only where twice that stays well in the caps
    race = strong and not baseline and work <= limits.MAX_NURIKABE_WORK // 2
    if strong and not baseline and solve_args(grid):
        race, args = False, (*args, *solve_args(grid))
    run = asp.run_program(program(grid, baseline, strong), lambda syms: rows_from_atoms(grid, syms),
                          max_solutions, timeout, args, quick=work <= asp.QUICK_WORK,
                          then=RACE.get(grid.family) if race else None)
    run["stats"]["encoding"] = f"seed_{grid.family}" if baseline else grid.family
    remember(grid, run["status"], run.get("solutions"))
    return run


def remember(grid: Grid, status, solutions) -> None:
    """Keep a unique puzzle's solution for the hints (:func:`solved`)."""
    if status == "unique" and solutions:
        _solved.put((grid.family, facts(grid)), solutions[0])


# conflicts for a solve that settles a puzzle's solution when nothing has (Play's question on
# opening, genre.diagnose; a hint whose search found no solution agreeing with the marks)
SETTLE_CONFLICTS = 20_000


def settle_task(grid: Grid, limit=None):
    """Task: (status, solutions) of the strong solve stopped after ``limit`` conflicts, two
    solutions at most (``limit`` None: SETTLE_CONFLICTS); a unique one is remembered (:func:`solved`)."""
    ans = yield Ask(program(grid, strong=True), solve_args(grid), models=2,
                    limit=SETTLE_CONFLICTS if limit is None else limit)
    found = [rows_from_atoms(grid, m) for m in ans["models"]]
    status = asp.status_of(len(found), ans["exhausted"], False)
    remember(grid, status, found)
    return status, found


def solved(grid: Grid):
    """The rows of the puzzle's one solution when a solve in this process proved it
    unique, else None."""
    return _solved.get((grid.family, facts(grid)))


def solve_task(puzzle, max_solutions=2):
    """The solve as a task (asprun): one ask; the same dict as :func:`solve` with the
    stats both drivers give (conflicts, count, exhausted, encoding)."""

    cap = solution_cap(max_solutions)
    grid = as_grid(puzzle)
    ans = yield Ask(program(grid, strong=True), solve_args(grid), models=cap)
    found = [rows_from_atoms(grid, m) for m in ans["models"]]
    stats = {"conflicts": ans["conflicts"], "count": len(found),
             "exhausted": ans["exhausted"], "encoding": grid.family}
    cut = not ans["exhausted"] and (cap == 0 or len(found) < cap)  # the limit stopped it
    status = asp.status_of(len(found), ans["exhausted"], cut)
    remember(grid, status, found)
    return {"status": status,
            "solutions": found, "time_s": ans["time_s"], "stats": stats,
            "engine": "clingo", "family": grid.family}


def solution_cap(value) -> int:
    """A task's ``max_solutions`` from JSON: a whole number, 0 (or none given) for
    every solution; clingo takes at most MAX_DIGITS digits here too."""
    if value is None:
        return 0
    if isinstance(value, float) and value.is_integer():
        value = int(value)  # a JavaScript number
    top = 10 ** limits.MAX_DIGITS - 1
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        shown = repr(value) if isinstance(value, (int, float)) else type(value).__name__
        raise NikoliError(f"max_solutions must be a whole number from 0 (every solution) "
                          f"to {top}, not {shown[:20]}")
    return value


def as_grid(puzzle) -> Grid:
    """A task's puzzle argument: a Grid, its text (a URL or the family's format), or
    the puzzle dict api.read gives (by its URL)."""
    if isinstance(puzzle, Grid):
        return puzzle
    if isinstance(puzzle, dict) and isinstance(puzzle.get("url"), str):
        grid = parse(puzzle["url"])
        grid.title, grid.author = meta_text(puzzle.get("title")), meta_text(puzzle.get("author"))
        return grid
    if not isinstance(puzzle, str):  # str() of a JSON value could be anything, or recurse
        raise NikoliError(f"the puzzle must be its link or text, not {type(puzzle).__name__}")
    return parse(puzzle)


LABELS = ("easy", "medium", "hard", "expert")
# Per family: the conflicts (finding the solution and proving it unique) of a typical
# puzzle the generator makes, the median at each calibrated size (cells, conflicts:
# minimal puzzles 7x7-20x20, Nurikabe's 30x30 too; bench/nikoli_difficulty.py,
# PERF.md "Difficulty"), and the score (conflicts against that typical count) up to
# which a puzzle is easy, medium, hard: the quartiles over every size, so each size's
# generated puzzles spread over the four labels alike.
DIFFICULTY = {f.name: f.difficulty for f in families.FAMILIES.values()}


def score(family: str, width: int, height: int, conflicts: int) -> float:
    """The measure the labels read: (1 + conflicts) against the typical count of the
    family at this many cells (1: a typical puzzle of its size), the medians joined
    by straight lines on a log-log scale (the end lines carried on past the ends)."""
    points, _ = DIFFICULTY[family]
    x = math.log(width * height)
    for (c0, m0), (c1, m1) in zip(points, points[1:]):
        x0, y0, x1, y1 = math.log(c0), math.log(m0), math.log(c1), math.log(m1)
        if x <= x1:
            break
    return (1 + conflicts) / math.exp(y0 + (x - x0) * (y1 - y0) / (x1 - x0))


def difficulty(family: str, width: int, height: int, conflicts: int) -> str:
    """The engine's difficulty: how much clingo must guess and back out of (its
    conflicts while it finds the solution and proves it unique) against a typical
    generated puzzle of the same family and size (:func:`score`), cut at the
    quartiles. Work counted, not seconds: the same clingo gives the same label on
    any machine. Conflicts grow much faster than the grid (the typical count about
    cells ** 1.4-2.4 from 7x7 to 20x20: a larger grid gives the search more places
    to guess wrong), so a count per cell made most large puzzles expert and most
    7x7 easy; against its own size, a
    label says how much lookahead the puzzle's steps need, what a player feels as
    hard, and the size is shown beside it."""
    rate = score(family, width, height, conflicts)
    for cap, name in zip(DIFFICULTY[family][1], LABELS):
        if rate <= cap:
            return name
    return LABELS[-1]


def expert_conflicts(grid: Grid) -> int:
    """The plain program's conflicts from which the puzzle is expert whatever follows
    (:func:`difficulty`: over the hard cap against the typical count)."""
    hard = DIFFICULTY[grid.family][1][-1]
    return math.floor(hard / score(grid.family, grid.width, grid.height, 0)) + 1


def analyse(grid: Grid, count_cap=2, timeout=None, rate=True, work=None) -> dict:
    """Uniqueness, a bounded solution count, the difficulty and stars of a puzzle.

    The label reads the plain program's conflicts (the calibrated count), so that
    program runs first, stopped once the puzzle is sure to be expert; the strong
    program (the solve's, same answers) then decides it. Over the plain program's
    grounding cap, only the strong one runs and the puzzle is not rated. The stars
    come from the hint walk (walk.py: pure Python, seconds at 20x20); ``rate=False``
    skips it (``walk`` and ``stars`` None). The walk honours ``timeout`` too, and
    ``work`` (its checker calls, pysolver.nikoli.walk): cut short, its ``end`` is
    "stopped" and ``stars_at_least`` True (its stars a lower bound)."""
    t0 = time.perf_counter()
    limit = expert_conflicts(grid)
    try:
        r = solve(grid, count_cap, timeout, strong=False, args=(f"--solve-limit={limit}",))
    except NikoliError:  # too large for the plain program (model.check_work)
        r = None
    # stopped by the limit before it decided, or before it counted count_cap solutions
    cut = r is not None and r["stats"]["conflicts"] >= limit and (
        r["status"] in ("timeout", "solved")
        or r["status"] == "multiple" and not r["stats"]["exhausted"] and len(r["solutions"]) < count_cap)
    conflicts = r["stats"]["conflicts"] if r else None
    if r is None or cut:
        left = None if timeout is None else max(0.0, timeout - (time.perf_counter() - t0))
        r = solve(grid, count_cap, left, strong=True)
    unique = {"unique": True, "multiple": False, "none": False}.get(r["status"])
    if conflicts is None or not unique:
        label = None
    else:
        label = "expert" if cut else difficulty(grid.family, grid.width, grid.height, conflicts)
    # the one scale of every genre (pysolver.stars): from the puzzle's hint walk
    stop = None if timeout is None else (lambda: time.perf_counter() - t0 > timeout)
    played = walk.walk(grid, r["solutions"][0], budget=work, stop=stop) if unique and rate else None
    return {"family": grid.family, "status": r["status"], "unique": unique,
            "count": len(r["solutions"]), "count_exact": r["stats"]["exhausted"],
            "difficulty": label, "walk": played,
            "stars": stars.nikoli(grid.width, grid.height, played) if played else None,
            "minutes": round(stars.nikoli_minutes(grid.width, grid.height, played), 1) if played else None,
            "stars_at_least": stars.at_least(played) if played else None,
            "conflicts": conflicts, "solutions": r["solutions"],
            "time_s": round(time.perf_counter() - t0, 4)}
