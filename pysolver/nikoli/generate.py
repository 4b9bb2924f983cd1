"""Uniquely solvable puzzles: a random solution, clues read from it, clingo for uniqueness.

A task (asprun): it yields clingo asks and returns the puzzle, so the same code runs
natively (:func:`generate`) and in the browser (task ``generate``).

1. A random solution: pure Python for Nurikabe (carved islands), Masyu (the border
   of a branchy region of the faces between cell centres) and Bag (a region whose
   border is one loop); for Heyawake's shading in random rectangular rooms, clingo's
   own search steered by a ``#heuristic`` to shade a random share of cells first
   (random decisions took about 8x the conflicts at 30x30).
2. Every clue that solution allows is an option. One program per solution holds
   the encoding, the options (clue ``use(X,Y)`` is an assumption) and the solution
   itself with ``:- not differ.``: an answer is a *second* solution, so one solve
   says "unique" (unsatisfiable) or shows where another solution differs. The
   program is grounded once; every check is a solve with other assumptions.
3. Clues are added where the other solution differs (a batch anywhere when the check
   runs out of conflicts) until none is left (Bag); all
   of them are on from the start for Heyawake and Masyu (a Masyu loop that is not
   unique with every pearl walks to the other solution: its pearls include ours; a
   Heyawake layout that is not unique with every count has the rooms where the
   solutions differ cut into rectangles whose counts tell them apart).
   Nurikabe has one clue per island and moves clues or edits its solution instead,
   wherever a second solution differs (:mod:`generate_nurikabe`).
4. ``minimal``: each clue in random order is dropped while the puzzle stays unique
   (each check within ``WORK_CAP`` conflicts: past it, the clue stays).
Every check counts clingo conflicts, never seconds. The same family, size and seed
give the same puzzle on the same driver and clingo version (each generation grounds
its own programs: a reused Control would answer from what it learnt before).
"""
from __future__ import annotations

import itertools
import random

from .. import stars
from ..errors import PuzzleError
from . import aspsolve, families, model, rules, shapes
from ..asp.tasks import Ask, run_native
from .generate_nurikabe import nurikabe
from .model import BLACK, WHITE, Grid, check_size, family_name, relabel_rooms, top_cells
from .url import read_url, write_url

ATTEMPTS = 30
WORK_CAP = 400  # clingo conflicts a clue-removal check may take
ADD_CAP = 1000  # conflicts for a check while clues are added, per 200 cells
WALKS = 8  # Masyu: moves to the other solution; Heyawake: room cuts
HEYAWAKE_SHARE = 0.3  # cells the random solution tries to shade first
_RUNS = itertools.count()  # a fresh Control per generation (see the module text)


def generate(family: str, width: int, height: int, seed: int = 1, minimal: bool = True):
    """(Grid, info) of a uniquely solvable puzzle, natively; PuzzleError after
    ATTEMPTS tries. ``minimal=False`` skips the clue removal (quicker; benchmarks)."""
    result = run_native(generate_task(family, width, height, seed, minimal))
    grid = read_url(result["url"])
    grid.title = result["title"]
    return grid, result


def generate_task(family, width, height, seed=1, minimal=True):
    """The generator as a task: its result is ``info`` with the puzzle's ``url``."""
    family = family_name(str(family))
    width, height, seed = int(width), int(height), int(seed)
    check_size(width, height)
    rng = random.Random(f"{family}/{width}x{height}/{seed}")
    tag = f"% generate {family} {width}x{height} seed {seed} run {next(_RUNS)}\n"
    for attempt in range(ATTEMPTS):
        grid = Grid(family, width, height)
        if family == "nurikabe":
            ok = yield from nurikabe(grid, rng, tag, _DIFFER["nurikabe"])
        else:
            ok = yield from _with_options(grid, rng, tag, minimal)
        if not ok:
            continue
        ans = yield Ask(tag + aspsolve.program(grid), models=2)
        sols = [aspsolve.rows_from_atoms(grid, m) for m in ans["models"]]
        assert len(sols) == 1 and ans["exhausted"] and not rules.violations(grid, sols[0])
        grid.title = f"{family} {width}x{height} #{seed}"
        label = aspsolve.difficulty(family, width, height, ans["conflicts"])
        return {"family": family, "width": width, "height": height, "seed": seed,
                "attempts": attempt + 1, "clues": len(grid.clues),
                "difficulty": label, "stars": stars.nikoli(width, height, label),
                "conflicts": ans["conflicts"],
                "url": write_url(grid), "title": grid.title}
    raise PuzzleError(f"no unique {family} {width}x{height} found in {ATTEMPTS} attempts "
                      f"(seed {seed}); try another seed")


def _solution(grid, rng, tag):
    """Row strings of a random solution (an ask for Heyawake), or None."""
    w, h = grid.width, grid.height
    if grid.family == "masyu":
        return shapes.masyu_loop(w, h, rng)
    if grid.family == "bag":
        return shapes.bag_region(w, h, rng)
    grid.rooms = shapes.heyawake_rooms(w, h, rng)
    # clingo's own search, steered to shade a random share of the cells first: varied
    # solutions for a fraction of the conflicts random decisions take
    prefer = "".join(f"prefer({x},{y})." for y in range(h) for x in range(w)
                     if rng.random() < HEYAWAKE_SHARE)
    extra = ("active(h1). active(h2). active(h5).\n" + prefer + "\n"
             "#heuristic shade(X, Y) : prefer(X, Y). [1, true]\n"
             "#heuristic shade(X, Y) : cell(X, Y), not prefer(X, Y). [1, false]\n")
    ans = yield Ask(tag + aspsolve.program(grid) + extra, ("-c", "hint=1", "--heuristic=Domain"),
                    limit=20 * w * h)
    return aspsolve.rows_from_atoms(grid, ans["models"][0]) if ans["sat"] else None


def _with_options(grid, rng, tag, minimal):
    """Heyawake, Masyu, Bag: clues on a grounded program of options (module text)."""
    rows = yield from _solution(grid, rng, tag)
    if rows is None:
        return False
    cap = ADD_CAP * max(1, grid.width * grid.height // 200)
    for _ in range(WALKS):
        options = clue_options(grid, rows)
        prog = tag + _option_program(grid, rows, options)
        on = set(options) if grid.family != "bag" else set()
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
        if not ans["sat"] or grid.family == "bag":
            return False
        if grid.family == "heyawake":  # every count is on: rooms change instead
            rooms = _split_rooms(grid, rows, other, rng)
            if rooms is None:  # then the other solution may be ours
                rows, other = other, rows
                rooms = _split_rooms(grid, rows, other, rng)
            if rooms is None:
                return False
            grid.rooms = rooms
            continue
        rows = other  # every pearl of ours holds there too: it has more
    else:
        return False
    if minimal:
        for c in rng.sample(sorted(on), len(on)):
            if (yield _check(prog, options, on - {c}, WORK_CAP))["sat"] is False:
                on.discard(c)
    grid.clues = {c: options[c] for c in on}
    return True


def _split_rooms(grid, rows, other, rng):
    """Heyawake's rooms with each room where ``other`` differs from ``rows`` cut into
    rectangles (a piece, and the strips around it) so that the two solutions shade a
    different number of cells in a piece, whose count then rules ``other`` out; the
    fewest pieces for which ``rows`` still keeps the rules. None when no room can be cut."""

    w, rooms, cut = grid.width, list(grid.rooms), False
    for cells in grid.room_cells():
        if all(rows[y][x] == other[y][x] for x, y in cells):
            continue
        options = _cuts(min(cells), max(cells))
        rng.shuffle(options)
        for pieces in sorted(options, key=len):
            if all(sum(rows[y][x] == "#" for x, y in p) == sum(other[y][x] == "#" for x, y in p)
                   for p in pieces):
                continue
            trial, new = list(rooms), max(rooms)
            for p in pieces[1:]:
                new += 1
                for x, y in p:
                    trial[y * w + x] = new
            if not rules.violations(Grid("heyawake", w, grid.height, rooms=trial), rows):
                rooms, cut = trial, True
                break
    return relabel_rooms(rooms, w) if cut else None


def _cuts(lo, hi):
    """Ways to cut the rectangle lo..hi (corner cells) into a rectangle and the strips
    around it: above and below full width (or left and right full height), the rest
    beside it. Each a list of cell lists (two or more), no two alike."""
    def rect(x0, y0, x1, y1):
        return [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)]

    (x0, y0), (x1, y1) = lo, hi
    out = set()
    for ax in range(x0, x1 + 1):
        for bx in range(ax, x1 + 1):
            for ay in range(y0, y1 + 1):
                for by in range(ay, y1 + 1):
                    for pieces in ([rect(ax, ay, bx, by), rect(x0, y0, x1, ay - 1),
                                    rect(x0, by + 1, x1, y1), rect(x0, ay, ax - 1, by),
                                    rect(bx + 1, ay, x1, by)],
                                   [rect(ax, ay, bx, by), rect(x0, y0, ax - 1, y1),
                                    rect(bx + 1, y0, x1, y1), rect(ax, y0, bx, ay - 1),
                                    rect(ax, by + 1, bx, y1)]):
                        pieces = tuple(sorted(tuple(p) for p in pieces if p))
                        if len(pieces) > 1:
                            out.add(pieces)
    return [list(map(list, p)) for p in sorted(out)]


def _check(prog, options, on, limit):
    return Ask(prog, assume=tuple((f"use({x},{y})", (x, y) in on) for x, y in sorted(options)),
               limit=limit)


MAP_OPTIONS = {
    "bag": "clue(X, Y) :- use(X, Y).\nnumber(X, Y, N) :- opt(X, Y, N), use(X, Y).\n",
    "masyu": (f"pearl(X, Y, white) :- opt(X, Y, {WHITE}), use(X, Y).\n"
              f"pearl(X, Y, black) :- opt(X, Y, {BLACK}), use(X, Y).\n"),
    "heyawake": "count(R, N) :- opt(X, Y, N), use(X, Y), room(X, Y, R).\n",
}


def _option_program(grid, rows, options) -> str:
    """The encoding, the options and ``:- not differ.`` against the solution ``rows``."""
    bare = Grid(grid.family, grid.width, grid.height, rooms=grid.rooms)
    out = [aspsolve.program(bare), "{ use(X, Y) } :- opt(X, Y, _).", MAP_OPTIONS[grid.family]]
    out += [f"opt({x},{y},{v})." for (x, y), v in sorted(options.items())]
    out += [f"ref({a})." for a in shown_atoms(grid.family, rows)]
    out.append(_DIFFER[grid.family])
    return "\n".join(out) + "\n"


_DIFFER = {fam: f"differ :- {p}, not ref({a}).\ndiffer :- ref({a}), not {p}.\n:- not differ.\n"
           for fam, (p, a) in {"masyu": ("line(X, Y, U, V)", "X, Y, U, V"),
                               "bag": ("inside(X, Y)", "X, Y"),
                               "heyawake": ("shade(X, Y)", "X, Y"),
                               "nurikabe": ("shade(X, Y)", "X, Y")}.items()}


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


def clue_options(grid, rows) -> dict:
    """{cell: clue value} every clue the solution allows."""
    fam, w, h = grid.family, grid.width, grid.height
    if fam == "bag":
        out = {}
        for y in range(h):
            for x in range(w):
                if rows[y][x] != ".":
                    continue
                n = 1
                for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    k = 1
                    while 0 <= x + dx * k < w and 0 <= y + dy * k < h and \
                            rows[y + dy * k][x + dx * k] == ".":
                        n, k = n + 1, k + 1
                out[(x, y)] = n
        return out
    if fam == "masyu":
        return _pearls(rows, w, h)
    tops, top = {}, top_cells(grid)
    for r, room in enumerate(grid.room_cells()):
        tops[top[r]] = sum(rows[y][x] == "#" for x, y in room)
    return tops


def _pearls(rows, w, h):
    DIRS = model.DIRS
    step = {"e": (1, 0), "w": (-1, 0), "s": (0, 1), "n": (0, -1)}
    links = {(x, y): DIRS.get(rows[y][x], frozenset()) for y in range(h) for x in range(w)}
    out = {}
    for (x, y), ds in links.items():
        if not ds:
            continue
        straight = ds in (frozenset("ew"), frozenset("ns"))
        nxt = [links[(x + step[d][0], y + step[d][1])] for d in ds]
        nstraight = [n in (frozenset("ew"), frozenset("ns")) for n in nxt]
        if not straight and all(nstraight):
            out[(x, y)] = BLACK
        elif straight and not all(nstraight):
            out[(x, y)] = WHITE
    return out


def _near(c, rows, other):
    """True when c or a neighbour of c differs between the two solutions."""
    x, y = c
    return any(0 <= y + dy < len(rows) and 0 <= x + dx < len(rows[0])
               and rows[y + dy][x + dx] != other[y + dy][x + dx]
               for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)))
