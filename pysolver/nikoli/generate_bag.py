"""Bag's generator (generate_options.Way): the inside is a random region whose border
is one loop (shapes.bag_region); any inside cell may show how many cells it sees
inside (itself included); clues are added where another solution differs."""
from __future__ import annotations

from . import shapes
from .generate_options import Way, with_options

FAMILY = "bag"


def solution(grid, rng, tag):
    return shapes.bag_region(grid.width, grid.height, rng)
    yield  # a task that asks nothing


def counts(grid, rows) -> dict:
    """{inside cell: the inside cells it sees in the four directions, itself included}."""
    w, h, out = grid.width, grid.height, {}
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


WAY = Way(solution, counts,
          uses="clue(X, Y) :- use(X, Y).\nnumber(X, Y, N) :- opt(X, Y, N), use(X, Y).\n",
          all_on=False)  # no walk: not unique with every clue is a new attempt


def make(grid, rng, tag, minimal, dropped=None):
    return (yield from with_options(grid, rng, tag, minimal, WAY, dropped))
