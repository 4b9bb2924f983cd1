"""What a Nikoli hint is about, read from the player's state rows: the units (cells;
Masyu: joins of neighbouring cells), the marks the rows say, the cells the clues
decide, and which units are nearest the marks. Shared by the hints (hints.py) and
the hint walk (walk.py), which needs no clingo."""
from __future__ import annotations

from ..memo import Memo
from . import families, model, rules
from .model import Grid

STEP = {"e": (1, 0), "w": (-1, 0), "s": (0, 1), "n": (0, -1)}
_kings_memo = Memo("nikoli.marks.kings", 4)  # (w, h) -> _kings


def units(grid: Grid) -> list:
    """The units a hint is about: cells, or for Masyu the joins of neighbours."""
    if families.of(grid.family).loop:
        return [(x, y, u, v) for (x, y) in grid.cells()
                for u, v in ((x + 1, y), (x, y + 1)) if u < grid.width and v < grid.height]
    return list(grid.cells())


def read(grid: Grid, state) -> dict:
    """{unit: bool} the player's marks say (True: shaded / inside / line)."""
    if families.of(grid.family).loop:
        cells = rules.read_rows(grid, state, "?." + "".join(model.DIRS))
        out = {}
        for (x, y), ch in cells.items():
            if ch == "?":
                continue
            ds = model.DIRS.get(ch, frozenset())
            full = ch == "." or len(ds) == 2
            for d, (dx, dy) in STEP.items():
                u, v = x + dx, y + dy
                if not (0 <= u < grid.width and 0 <= v < grid.height):
                    continue
                key = (min(x, u), min(y, v), max(x, u), max(y, v))
                if d in ds:
                    out[key] = True
                elif full:
                    out.setdefault(key, False)
        return out
    cells = rules.read_rows(grid, state, "#.?")
    on = families.of(grid.family).on
    return {c: ch == on for c, ch in cells.items() if ch != "?"}


def implied(grid: Grid, state) -> set:
    """Masyu: the joins the rows say have no line only because a cell beside them holds
    two lines already (a '.' cell's joins are marks of the player's: "no line can pass").
    A mistake names the player's lines, not these: the player never marked them."""
    if not families.of(grid.family).loop:
        return set()
    cells = rules.read_rows(grid, state, "?." + "".join(model.DIRS))
    return {u for u, v in read(grid, state).items()
            if not v and cells[u[:2]] != "." and cells[u[2:]] != "."}


def drawn(grid, state, found, unmarked) -> list:
    """The units ``found`` (those a hint's reasoning read) as the player's marks: a Masyu
    join of ``unmarked`` (implied(): empty only because a cell beside it holds two lines)
    is the lines of that cell, which the player drew; the rest as they are."""
    if not unmarked:
        return list(found)
    cells = rules.read_rows(grid, state, "?." + "".join(model.DIRS))
    out = []
    for unit in found:
        lines = [unit]
        if unit in unmarked:
            ends = [c for c in (unit[:2], unit[2:]) if len(model.DIRS.get(cells[c], ())) == 2]
            lines = [(min(x, x + STEP[d][0]), min(y, y + STEP[d][1]), max(x, x + STEP[d][0]),
                      max(y, y + STEP[d][1])) for x, y in ends for d in sorted(model.DIRS[cells[(x, y)]])]
        out.extend(j for j in lines if j not in out)
    return out


def given(grid) -> set:
    """The cells the clues decide: Nurikabe's and Bag's numbered cells are never
    shaded (never hinted; the trials and explanations take them so)."""
    return set(grid.clues) if families.of(grid.family).given_open else set()


def _kings(w, h) -> list:
    """[cell index: the indices of its king-move neighbours] (index y * w + x)."""
    found = _kings_memo.get((w, h))
    if found is None:
        found = [[v * w + u for v in (y - 1, y, y + 1) for u in (x - 1, x, x + 1)
                  if 0 <= u < w and 0 <= v < h and (u, v) != (x, y)]
                 for y in range(h) for x in range(w)]
        _kings_memo.put((w, h), found)
    return found


def nearness(grid, marks):
    """Sort key of a unit: its distance (king moves) to the nearest mark or clue, then
    reading order: hints start next to what the player or the clues already say."""
    w, h = grid.width, grid.height
    dist = [w + h] * (w * h)  # w + h: no mark and no clue at all
    todo = []
    for x, y in [*grid.clues, *(c for u in marks for c in (u[:2], u[2:]) if c)]:
        if dist[y * w + x]:
            dist[y * w + x] = 0
            todo.append(y * w + x)
    kings = _kings(w, h)
    for i in todo:  # breadth first from every anchor at once (a list read as it grows)
        d = dist[i] + 1
        for n in kings[i]:
            if dist[n] > d:
                dist[n] = d
                todo.append(n)

    def key(unit):
        if len(unit) == 4:
            return min(dist[unit[1] * w + unit[0]], dist[unit[3] * w + unit[2]]), unit[1], unit[0]
        return dist[unit[1] * w + unit[0]], unit[1], unit[0]
    return key
