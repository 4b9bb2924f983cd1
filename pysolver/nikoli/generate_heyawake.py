"""Heyawake's generator (generate_options.Way): random rectangular rooms, a shading
found by clingo's own search steered by a ``#heuristic`` to shade a random share of
cells first (random decisions took about 8x the conflicts at 30x30); every room's
count is an option, all on from the start; a layout not unique with every count has
the rooms where the two solutions differ cut into rectangles whose counts tell them
apart (the walk)."""
from __future__ import annotations

from . import aspsolve, rules, shapes
from ..asp.tasks import Ask
from .generate_options import Way, with_options
from .model import Grid, relabel_rooms, top_cells

FAMILY = "heyawake"
SHARE = 0.3  # cells the random solution tries to shade first


def solution(grid, rng, tag):
    """Random rooms and the row strings of a shading that keeps the rules, or None."""
    w, h = grid.width, grid.height
    grid.rooms = shapes.heyawake_rooms(w, h, rng)
    prefer = "".join(f"prefer({x},{y})." for y in range(h) for x in range(w)
                     if rng.random() < SHARE)
    extra = ("active(h1). active(h2). active(h5).\n" + prefer + "\n"
             "#heuristic shade(X, Y) : prefer(X, Y). [1, true]\n"
             "#heuristic shade(X, Y) : cell(X, Y), not prefer(X, Y). [1, false]\n")
    ans = yield Ask(tag + aspsolve.program(grid) + extra, ("-c", "hint=1", "--heuristic=Domain"),
                    limit=20 * w * h)
    return aspsolve.rows_from_atoms(grid, ans["models"][0]) if ans["sat"] else None


def counts(grid, rows) -> dict:
    """{a room's top cell: the shaded cells of the room}."""
    top = top_cells(grid)
    return {top[r]: sum(rows[y][x] == "#" for x, y in room)
            for r, room in enumerate(grid.room_cells())}


def walk(grid, rows, other, rng):
    """Every count is on and ``other`` still solves it: rooms change instead (cut
    where the solutions differ); the rows to go on with, or None."""
    rooms = split_rooms(grid, rows, other, rng)
    if rooms is None:  # then the other solution may be ours
        rows, other = other, rows
        rooms = split_rooms(grid, rows, other, rng)
    if rooms is None:
        return None
    grid.rooms = rooms
    return rows


def split_rooms(grid, rows, other, rng):
    """Heyawake's rooms with each room where ``other`` differs from ``rows`` cut into
    rectangles (a piece, and the strips around it) so that the two solutions shade a
    different number of cells in a piece, whose count then rules ``other`` out; the
    fewest pieces for which ``rows`` still keeps the rules. None when no room can be cut."""
    w, rooms, cut = grid.width, list(grid.rooms), False
    for cells in grid.room_cells():
        if all(rows[y][x] == other[y][x] for x, y in cells):
            continue
        options = cuts(min(cells), max(cells))
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


def cuts(lo, hi):
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


WAY = Way(solution, counts, uses="count(R, N) :- opt(X, Y, N), use(X, Y), room(X, Y, R).\n",
          all_on=True, walk=walk)


def make(grid, rng, tag, minimal, dropped=None):
    return (yield from with_options(grid, rng, tag, minimal, WAY, dropped))
