"""Expert black-and-white nonograms on big boards, composed (pysolver.nonogram.generate).

The climb to expert (pysolver.nonogram.climb) costs several times more per
puzzle at 25x25 than at 15x15: each what-if test there is dearer and fewer
climbs end unique (PERF.md "Generated nonograms"). A big board's expert puzzle is
therefore composed: an expert CORE climbed at about 15x15, set in a picture of
the full size, with a GUTTER of background cells just outside the core on each
of its rows and columns. Once the cells outside the core are known, each of the
core's lines holds exactly its own clue: the outside runs are the line's first
and last blocks and the gutter parts them from the core's. So when line logic
and one-cell what-ifs find the frame without finishing the core, the whole
stalls where the core does and has one solution when the core and frame have.
That is not assumed: the whole puzzle is checked as the climb checks its own
(the what-ifs' stall, a second solution searched for, the hint walk), and a
frame that fails is drawn again, FRAMES per core.

The core and the frame share one symmetry, and the core sits where that
symmetry maps it onto itself (centred across each mirrored axis), so the whole
picture keeps the symmetry the climb's pictures have. A lane
(pysolver.nonogram.lanes) is a generator that yields after each edit or test
and returns (puzzle, its hint walk, style, symmetry) or None; its work is
counted, and the only randomness is its seeded ``random.Random``. Pure Python,
no I/O.
"""
from __future__ import annotations

import random

from .solver.propagate import Engine
from .puzzle import puzzle_from_grid
from . import climb, edit, picture as pic
from .walk import level_of, stuck

CORE = 15  # the core's side; one less along a side of even length, to sit centred
FRAMES = 4  # frame pictures drawn around one core before a new core
FROM_SIDE = 25  # black and white with both sides at least this long: composed


def composes(width, height, colours) -> bool:
    """Whether the expert level of this board is composed (else one climb)."""
    return colours == 1 and min(width, height) >= FROM_SIDE


def core_sides(width, height):
    """(width, height) of the core: CORE, less one where the board's side differs
    from it by an odd number (so the core can sit centred)."""
    return CORE - (width - CORE) % 2, CORE - (height - CORE) % 2


def lane(width, height, seed, k, tried, attempts, colors, density, grain):
    """(A generator: pysolver.nonogram.lanes) Lane k of a composed expert search,
    ``attempts`` cores at most, counted in ``tried`` ({attempts, walks, rejected}):
    returns (puzzle, its hint walk, style, symmetry) or None. ``density``: the
    (low, high) share of filled cells a picture is drawn with; ``grain`` its detail."""
    rng = random.Random(f"nonogram {width}x{height} 1 expert {seed} composed lane {k}")
    cw, ch = core_sides(width, height)
    for n in range(attempts):
        if n:
            yield
        tried["attempts"] += 1
        symmetry = rng.choice(pic.SYMMETRIES[1:])
        core, style, _ = pic.picture(rng, cw, ch, rng.uniform(*density), 1, grain=grain,
                                     symmetry=symmetry)
        found, why, walks = None, "too hard", 0
        start = yield from climb.start(rng, core, colors, symmetry)
        if start is not None:
            found, why, walks = yield from climb.climb(rng, edit.grid_of(start, colors), colors,
                                                       symmetry)
        tried["walks"] += walks
        if found:
            core = edit.grid_of(found[0], colors)
            for _ in range(FRAMES):
                yield
                frame = pic.picture(rng, width, height, rng.uniform(*density), 1, grain=grain,
                                    symmetry=symmetry)[0]
                grid = place(rng, frame, core, symmetry)
                made, why = _whole(grid, colors)
                tried["walks"] += made is not None
                if made is not None:
                    return (*made, style, symmetry)
        tried["rejected"][why] = tried["rejected"].get(why, 0) + 1
    return None


def place(rng, frame, core, symmetry):
    """The frame (rows of colour indexes) with ``core`` set in it and its gutter
    cleared: centred across each axis ``symmetry`` mirrors (half a turn: both),
    at either end of the other."""
    h, w, ch, cw = len(frame), len(frame[0]), len(core), len(core[0])
    x0, y0 = (w - cw) // 2, (h - ch) // 2
    if symmetry == "mirror-x":
        y0 = rng.choice((0, h - ch))
    elif symmetry == "mirror-y":
        x0 = rng.choice((0, w - cw))
    grid = [list(row) for row in frame]
    for y in range(ch):
        grid[y0 + y][x0:x0 + cw] = core[y]
    for y in (y0 - 1, y0 + ch):  # the gutter across the core's columns
        if 0 <= y < h:
            grid[y][x0:x0 + cw] = [0] * cw
    for x in (x0 - 1, x0 + cw):  # and along its rows
        if 0 <= x < w:
            for y in range(y0, y0 + ch):
                grid[y][x] = 0
    return grid


def _whole(grid, colors):
    """((puzzle, its hint walk), None) when the puzzle of ``grid`` is expert; else
    (None, why not): the climb's own test of a stall (climb._expert)."""
    p = puzzle_from_grid(grid, colors)
    eng = Engine(p)
    rows, cols = edit.lines(eng)
    if not eng.complete(rows):
        rows = stuck(eng, rows, cols, grid)[0]
    if eng.complete(rows):
        return None, "frame too easy"
    summary, _ = climb._expert(p, eng, rows, grid)
    if summary is None:
        return None, "frame not unique"
    if level_of(summary, p.width, p.height) != "expert":
        return None, "frame too hard"
    return (p, summary), None
