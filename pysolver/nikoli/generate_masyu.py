"""Masyu's generator (generate_options.Way): the loop is the border of a branchy
region of the faces between cell centres (shapes.masyu_loop), its pearls are every
cell where the loop's shape allows one, all on from the start; a loop not unique
with every pearl walks to the other solution (its pearls include ours)."""
from __future__ import annotations

from . import shapes
from .generate_options import Way, with_options
from .model import BLACK, DIRS, WHITE

FAMILY = "masyu"
STEP = {"e": (1, 0), "w": (-1, 0), "s": (0, 1), "n": (0, -1)}


def solution(grid, rng, tag):
    return shapes.masyu_loop(grid.width, grid.height, rng)
    yield  # a task that asks nothing


def pearls(grid, rows) -> dict:
    """{cell: WHITE or BLACK}: a black pearl where the loop turns between two straights,
    a white one where it goes straight beside a turn."""
    w, h = grid.width, grid.height
    links = {(x, y): DIRS.get(rows[y][x], frozenset()) for y in range(h) for x in range(w)}
    out = {}
    for (x, y), ds in links.items():
        if not ds:
            continue
        straight = ds in (frozenset("ew"), frozenset("ns"))
        nstraight = [links[(x + STEP[d][0], y + STEP[d][1])] in (frozenset("ew"), frozenset("ns"))
                     for d in ds]
        if not straight and all(nstraight):
            out[(x, y)] = BLACK
        elif straight and not all(nstraight):
            out[(x, y)] = WHITE
    return out


WAY = Way(solution, pearls,
          uses=(f"pearl(X, Y, white) :- opt(X, Y, {WHITE}), use(X, Y).\n"
                f"pearl(X, Y, black) :- opt(X, Y, {BLACK}), use(X, Y).\n"),
          all_on=True,
          walk=lambda grid, rows, other, rng: other)  # every pearl of ours holds there too


def make(grid, rng, tag, minimal, dropped=None):
    return (yield from with_options(grid, rng, tag, minimal, WAY, dropped))
