"""Uniquely solvable puzzles: a random solution, clues from it, clingo for uniqueness.

A random solution comes from the family's own encoding with only its shape rules
on (the guards of grid_common.lp) and clingo's random decisions (``--seed``), or,
for Nurikabe, from random island carving. Clues read off that solution are added
one at a time where two solutions still differ, until clingo finds one solution
only; then each clue, in random order, is dropped if the puzzle stays unique.
The same family, size and seed give the same puzzle (same clingo version).
"""
from __future__ import annotations

import random

from .. import asp
from ..puzzle import PuzzleError
from . import aspsolve, rules
from .model import BLACK, WHITE, Grid, relabel_rooms, top_cells

SHAPE_RULES = {"masyu": ("m1",), "bag": ("b1",), "heyawake": ("h1", "h2", "h5")}
MIN_SHARE = {"masyu": 0.5, "bag": 0.45, "heyawake": 0.2}
ATTEMPTS = 30
SPOT_SHARE = 5  # a black-pearl spot per this many cells, at least
SPOTS = """
spot(X, Y) :- on(X, Y), not straight(X, Y), straight(X + A, Y + B) : lk(X, Y, D), step(D, A, B).
"""


def _random_solution(grid: Grid, seed: int):
    """Row strings of a random grid obeying the family's shape rules."""
    share = int(MIN_SHARE[grid.family] * grid.width * grid.height)
    counted = {"masyu": "on", "bag": "inside", "heyawake": "shade"}[grid.family]
    extra = "".join(f"active({r}). " for r in SHAPE_RULES[grid.family])
    extra += f":- #count {{ X, Y : {counted}(X, Y) }} < {share}.\n"
    if grid.family == "masyu":  # loops with room for black pearls: more of them are unique
        extra += (SPOTS + f":- #count {{ X, Y : spot(X, Y) }} < "
                  f"{grid.width * grid.height // SPOT_SHARE}.\n")
    run = asp.run_program(aspsolve.program(grid) + extra,
                          lambda syms: aspsolve.rows_from_atoms(grid, syms), 1, 20,
                          args=("-c", "hint=1", f"--seed={seed}", "--rand-freq=1",
                                "--sign-def=rnd"))
    return run["solutions"][0] if run["solutions"] else None


def _rooms(w, h, rng):
    """A random partition into small rectangles (at most 6 cells: more rooms, more counts)."""
    rooms, stack, n = [0] * (w * h), [(0, 0, w, h)], 0
    while stack:
        x0, y0, rw, rh = stack.pop()
        if (rw * rh <= 6 and rng.random() < 0.6) or rw * rh <= 2:
            for y in range(y0, y0 + rh):
                for x in range(x0, x0 + rw):
                    rooms[y * w + x] = n
            n += 1
        elif rw >= rh:
            k = rng.randint(1, rw - 1)
            stack += [(x0, y0, k, rh), (x0 + k, y0, rw - k, rh)]
        else:
            k = rng.randint(1, rh - 1)
            stack += [(x0, y0, rw, k), (x0, y0 + k, rw, rh - k)]
    return relabel_rooms(rooms, w)


def _nurikabe_solution(w, h, rng, max_island=9):
    """Carve islands out of an all-black grid, keeping the black cells connected,
    islands apart and no larger than ``max_island``, until no 2x2 black is left."""
    black = {(x, y) for x in range(w) for y in range(h)}

    def nb(c):
        x, y = c
        return [n for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                if 0 <= n[0] < w and 0 <= n[1] < h]

    def island(c, white):
        seen, stack = {c}, [c]
        while stack:
            for n in nb(stack.pop()):
                if n in white and n not in seen:
                    seen.add(n)
                    stack.append(n)
        return seen

    for _ in range(w * h * 4):
        pools = [(x, y) for (x, y) in black
                 if {(x + 1, y), (x, y + 1), (x + 1, y + 1)} <= black]
        if not pools:
            break
        x, y = rng.choice(sorted(pools))
        c = rng.choice([(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)])
        white = {p for p in ((i, j) for i in range(w) for j in range(h)) if p not in black}
        touching = {min(island(n, white)) for n in nb(c) if n in white}
        if len(touching) > 1:
            continue
        if len(island(c, white | {c})) > max_island:
            continue
        rest = black - {c}
        if rest and len(rules.components(rest, w, h)) > 1:
            continue
        black = rest
    else:
        return None
    if any({(x + 1, y), (x, y + 1), (x + 1, y + 1)} <= black for (x, y) in black):
        return None
    return ["".join("#" if (x, y) in black else "." for x in range(w)) for y in range(h)]


def _clue_options(fam, rows, grid):
    """{cell: clue value} every clue the solution allows."""
    w, h = grid.width, grid.height
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
    DIRS = aspsolve.DIRS
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


WORK_CAP = 400  # clingo conflicts a uniqueness check may take while generating


def _is_unique(grid, cap=None):
    """(unique?, result); with ``cap``, more conflicts than that count as "not known
    unique": the clue stays, which keeps generated puzzles within a work budget."""
    args = () if cap is None else (f"--solve-limit={cap}",)
    r = asp.run_program(aspsolve.program(grid),
                        lambda syms: aspsolve.rows_from_atoms(grid, syms), 2, 120, args=args)
    return r["status"] == "unique" and r["stats"]["exhausted"], r


def generate(family: str, width: int, height: int, seed: int = 1, minimal: bool = True):
    """(Grid, info) of a uniquely solvable puzzle; PuzzleError after ATTEMPTS tries.
    ``minimal=False`` skips the clue removal (quicker; benchmarks)."""
    rng = random.Random(f"{family}/{width}x{height}/{seed}")
    for attempt in range(ATTEMPTS):
        grid = Grid(family, width, height)
        if family == "heyawake":
            grid.rooms = _rooms(width, height, rng)
        if family == "nurikabe":
            rows = _nurikabe_solution(width, height, rng)
            if rows is None:
                continue
            white = {(x, y) for y in range(height) for x in range(width) if rows[y][x] == "."}
            for isl in rules.components(white, width, height):
                grid.clues[rng.choice(sorted(isl))] = len(isl)
            options = {}
            if not _nurikabe_unique(grid, rows, rng):
                continue
        else:
            rows = _random_solution(grid, rng.randrange(1 << 30))
            if rows is None:
                continue
            options = _clue_options(family, rows, grid)
            if family != "bag":  # every room count / pearl at once: one check per try
                grid.clues, options = options, {}
        ok, r = _is_unique(grid, WORK_CAP * 5)
        while not ok and options:
            if r["status"] == "none" or len(r["solutions"]) < 2:
                break
            other = r["solutions"][0] if r["solutions"][0] != rows else r["solutions"][1]
            differ = [c for c in sorted(options) if rows[c[1]][c[0]] != other[c[1]][c[0]]
                      or _near(c, rows, other)]
            pick = rng.choice(differ or sorted(options))
            grid.clues[pick] = options.pop(pick)
            ok, r = _is_unique(grid, WORK_CAP * 5)
        if not ok:
            continue
        if family != "nurikabe" and minimal:
            for c in rng.sample(sorted(grid.clues), len(grid.clues)):
                v = grid.clues.pop(c)
                if not _is_unique(grid, WORK_CAP)[0]:
                    grid.clues[c] = v
        ok, r = _is_unique(grid)
        assert ok and not rules.violations(grid, r["solutions"][0])
        grid.title = f"{family} {width}x{height} #{seed}"
        return grid, {"family": family, "width": width, "height": height, "seed": seed,
                      "attempts": attempt + 1, "clues": len(grid.clues),
                      "difficulty": aspsolve.difficulty(r["stats"]),
                      "conflicts": r["stats"]["conflicts"]}
    raise PuzzleError(f"no unique {family} {width}x{height} found in {ATTEMPTS} attempts "
                      f"(seed {seed}); try another seed")


def _near(c, rows, other):
    """True when a neighbour of c differs between the two solutions (Masyu pearls
    constrain their neighbours too)."""
    x, y = c
    return any(0 <= y + dy < len(rows) and 0 <= x + dx < len(rows[0])
               and rows[y + dy][x + dx] != other[y + dy][x + dx]
               for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def _nurikabe_unique(grid, rows, rng, tries=12) -> bool:
    """Move the clues of islands next to where another solution differs (the clue's
    place decides which shapes fit), until the puzzle is unique or tries run out."""
    w, h = grid.width, grid.height
    white = {(x, y) for y in range(h) for x in range(w) if rows[y][x] == "."}
    islands = rules.components(white, w, h)
    for _ in range(tries):
        ok, r = _is_unique(grid, WORK_CAP * 5)
        if ok:
            return True
        if len(r["solutions"]) < 2:
            return False
        other = r["solutions"][0] if r["solutions"][0] != rows else r["solutions"][1]
        diff = {(x, y) for y in range(h) for x in range(w) if rows[y][x] != other[y][x]}
        near = diff | {(x + dx, y + dy) for x, y in diff
                       for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
        for isl in islands:
            if near & set(isl) and len(isl) > 1:
                old = next(c for c in isl if c in grid.clues)
                del grid.clues[old]
                grid.clues[rng.choice(sorted(isl))] = len(isl)
    return False
