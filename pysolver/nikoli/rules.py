"""The rule checker: a complete or partial grid against a family's rules.

The independent referee for every solver answer in the tests, in pure Python and
sharing no code with the encodings. ``violations(grid, rows)`` returns the broken
rules, each ``{"rule": "N8", "message": ..., "cells": [[row, column], ...]}``
(1-based), named as the seed names them. Rows use the solve output's characters,
plus ``?`` for a cell not decided yet; a rule is reported only when the decided
cells already break it whatever the undecided ones become.
"""
from __future__ import annotations

from ..memo import Memo
from .model import BLACK, UNKNOWN, WHITE, Grid, NikoliError

_tables = Memo("nikoli.rules.neighbours", 4)  # (w, h) -> {cell: (neighbours...)}

MESSAGES = {
    "N1": "a numbered cell is shaded",
    "N2": "white cells belong to no island (no number)",
    "N4": "an island's size differs from its number",
    "N6": "two numbers are in one island",
    "N7": "the shaded cells are not connected",
    "N8": "shaded cells form a 2x2 square",
    "H1": "shaded cells are side by side",
    "H2": "the unshaded cells are not connected",
    "H3": "a room's number of shaded cells differs from its number",
    "H5": "unshaded cells in a line pass through more than two rooms",
    "M1": "the line is not a single loop",
    "M2": "a white pearl is not passed straight with a turn next to it",
    "M3": "a black pearl is not turned on with straight lines after it",
    "B1": "the line is not a single loop",
    "B2": "a number is outside the loop",
    "B3": "a number does not see that many cells inside the loop",
}


def _result(rule, cells):
    return {"rule": rule, "message": MESSAGES[rule],
            "cells": [[y + 1, x + 1] for x, y in sorted(cells, key=lambda c: (c[1], c[0]))]}


def _neighbours(w, h) -> dict:
    """{cell: its orthogonal neighbours in the grid} (the checker's inner loops
    read it many times per call: the hints' trials call the checker often)."""
    table = _tables.get((w, h))
    if table is None:
        table = {(x, y): tuple((u, v) for u, v in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                               if 0 <= u < w and 0 <= v < h)
                 for y in range(h) for x in range(w)}
        _tables.put((w, h), table)
    return table


def components(cells: set, w: int, h: int) -> list:
    """Orthogonally connected groups of the given cells."""
    seen, out, nbrs = set(), [], _neighbours(w, h)
    for start in sorted(cells):
        if start in seen:
            continue
        seen.add(start)
        comp, stack = [], [start]
        while stack:
            c = stack.pop()
            comp.append(c)
            for n in nbrs[c]:
                if n in cells and n not in seen:
                    seen.add(n)
                    stack.append(n)
        out.append(comp)
    return out


def _reached(start, walls: set, w: int, h: int) -> set:
    """The cells joined to ``start`` orthogonally, not crossing ``walls``."""
    nbrs, seen, stack = _neighbours(w, h), {start}, [start]
    while stack:
        for n in nbrs[stack.pop()]:
            if n not in seen and n not in walls:
                seen.add(n)
                stack.append(n)
    return seen


def read_rows(grid: Grid, rows, allowed: str) -> dict:
    if len(rows) != grid.height:
        raise NikoliError(f"the grid has {len(rows)} rows, expected {grid.height}")
    out = {}
    for y, row in enumerate(rows):
        if len(row) != grid.width:
            raise NikoliError(f"row {y + 1} has {len(row)} cells, expected {grid.width}")
        for x, ch in enumerate(row):
            if ch not in allowed:
                raise NikoliError(f"row {y + 1} column {x + 1}: {ch!r} is not one of "
                                  f"{' '.join(allowed)}")
            out[(x, y)] = ch
    return out


def violations(grid: Grid, rows) -> list:
    return {"nurikabe": _nurikabe, "heyawake": _heyawake, "masyu": _masyu,
            "bag": _bag}[grid.family](grid, rows)


def _enclosed(comp, cells, w, h, closed) -> bool:
    """True when no neighbour of the group is undecided (it cannot grow)."""
    nbrs, group = _neighbours(w, h), set(comp)
    return all(cells[n] in closed for c in comp for n in nbrs[c] if n not in group)


def _nurikabe(grid, rows):
    w, h = grid.width, grid.height
    cells = read_rows(grid, rows, "#.?")
    out = []
    black = {c for c, v in cells.items() if v == "#"}
    white = {c for c, v in cells.items() if v == "."}
    bad = [c for c in grid.clues if c in black]
    if bad:
        out.append(_result("N1", bad))
    for x, y in black:
        sq = {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}
        if sq <= black:
            out.append(_result("N8", sq))
    for comp in components(white | set(grid.clues), w, h):
        clues = [c for c in comp if c in grid.clues]
        shut = _enclosed(comp, cells, w, h, "#")
        if len(clues) > 1:
            out.append(_result("N6", comp))
        elif not clues and shut:
            out.append(_result("N2", comp))
        elif clues and grid.clues[clues[0]] != UNKNOWN:
            n = grid.clues[clues[0]]
            if len(comp) > n or (shut and len(comp) < n):
                out.append(_result("N4", comp))
    groups = components(black, w, h)
    if len(groups) > 1 and any(_enclosed(g, cells, w, h, ".") for g in groups):
        out.append(_result("N7", black))
    return out


def _heyawake(grid, rows):
    w, h = grid.width, grid.height
    cells = read_rows(grid, rows, "#.?")
    out = []
    black = {c for c, v in cells.items() if v == "#"}
    for x, y in sorted(black):
        for n in ((x + 1, y), (x, y + 1)):
            if n in black:
                out.append(_result("H1", [(x, y), n]))
    whites = {c for c, v in cells.items() if v == "."}
    if whites and not whites <= _reached(min(whites), black, w, h):
        out.append(_result("H2", whites))
    numbers = grid.room_numbers()
    shaded, open_ = {}, {}
    for i, ch in enumerate("".join(rows)):
        if ch != ".":
            count = shaded if ch == "#" else open_
            count[grid.rooms[i]] = count.get(grid.rooms[i], 0) + 1
    for r, n in sorted(numbers.items()):
        if n != UNKNOWN and (shaded.get(r, 0) > n or shaded.get(r, 0) + open_.get(r, 0) < n):
            out.append(_result("H3", grid.room_cells()[r]))
    room_of = lambda c: grid.rooms[c[1] * w + c[0]]  # noqa: E731
    for line in [[(x, y) for x in range(w)] for y in range(h)] + \
            [[(x, y) for y in range(h)] for x in range(w)]:
        run = []
        for c in line + [None]:
            if c is not None and cells[c] == ".":
                run.append(c)
                continue
            if len(run) > 2 and len({room_of(r) for r in run}) > 2:
                out.append(_result("H5", run))
            run = []
    return out


def _masyu_links(grid, cells):
    """{cell: set of directions} from the characters; mismatched ends in ``bad``."""
    from .aspsolve import DIRS

    links = {c: set(DIRS.get(v, ())) for c, v in cells.items()}
    step = {"e": (1, 0, "w"), "w": (-1, 0, "e"), "s": (0, 1, "n"), "n": (0, -1, "s")}
    bad = set()
    for (x, y), ds in links.items():
        for d in ds:
            dx, dy, back = step[d]
            n = (x + dx, y + dy)
            if n not in cells or (cells[n] != "?" and back not in links[n]):
                bad.add((x, y))
    return links, bad


def _loops(on, links) -> list:
    """Groups of cells joined along the line."""
    step = {"e": (1, 0), "w": (-1, 0), "s": (0, 1), "n": (0, -1)}
    seen, out = set(), []
    for start in sorted(on):
        if start in seen:
            continue
        seen.add(start)
        comp, stack = [], [start]
        while stack:
            x, y = c = stack.pop()
            comp.append(c)
            for d in links[c]:
                n = (x + step[d][0], y + step[d][1])
                if n in links and n not in seen:
                    seen.add(n)
                    stack.append(n)
        out.append(comp)
    return out


def _masyu(grid, rows):
    from .aspsolve import DIRS

    w, h = grid.width, grid.height
    cells = read_rows(grid, rows, "." + "?" + "".join(DIRS))
    links, bad = _masyu_links(grid, cells)
    complete = "?" not in cells.values()
    out = []
    ends = {c for c, ds in links.items() if len(ds) == 1 and complete}
    on = {c for c, ds in links.items() if ds}
    loops = _loops(on, links) if complete else []
    if bad or ends or len(loops) > 1 or (complete and not on):
        out.append(_result("M1", bad | ends | (on if len(loops) > 1 else set())))
    step = {"e": (1, 0), "w": (-1, 0), "s": (0, 1), "n": (0, -1)}
    for (x, y), kind in grid.clues.items():
        ds, v = links[(x, y)], cells[(x, y)]
        if v == "?":
            continue
        nxt = {d: links.get((x + step[d][0], y + step[d][1]), set()) for d in ds}
        known = all(cells.get((x + step[d][0], y + step[d][1])) not in (None, "?") for d in ds)
        straight = ds in ({"e", "w"}, {"n", "s"})
        if kind == WHITE:
            both_straight = known and all(d in nxt[d] and len(nxt[d]) == 2 for d in ds)
            if v == "." or (len(ds) == 2 and not straight) or (straight and both_straight):
                out.append(_result("M2", [(x, y)]))
        elif kind == BLACK:
            turned_off = any(cells.get((x + step[d][0], y + step[d][1])) not in (None, "?")
                             and d not in nxt[d] for d in ds)
            if v == "." or straight or turned_off:
                out.append(_result("M3", [(x, y)]))
    return out


def _bag(grid, rows):
    w, h = grid.width, grid.height
    cells = read_rows(grid, rows, "#.?")
    inside = {c for c, v in cells.items() if v == "."}
    outside = {c for c, v in cells.items() if v == "#"}
    out = []
    broken = _bag_split(inside, outside, cells, w, h) | _bag_holes(inside, outside, cells, w, h)
    if broken or (not inside and "?" not in cells.values()):
        out.append(_result("B1", broken))
    bad = [c for c in grid.clues if c in outside]
    if bad:
        out.append(_result("B2", bad))
    cols = ["".join(row[x] for row in rows) for x in range(w)]
    for (x, y), n in grid.clues.items():
        if n == UNKNOWN or cells[(x, y)] == "#":
            continue
        least, most = 1, 1
        # the four rays from the clue, each up to the first outside cell
        for ray in (rows[y][x + 1:], rows[y][:x][::-1], cols[x][y + 1:], cols[x][:y][::-1]):
            seen = ray.split("#", 1)[0]
            most += len(seen)
            least += len(seen) - len(seen.lstrip("."))  # the sure ones: inside up to a "?"
        if least > n or most < n:
            out.append(_result("B3", [(x, y)]))
    return out


def _wall(region, cells, w, h, value) -> set:
    """The cells of ``value`` next to the region (what shuts it in)."""
    nbrs = _neighbours(w, h)
    return {n for c in region for n in nbrs[c] if n not in region and cells[n] == value}


def _bag_split(inside, outside, cells, w, h) -> set:
    """The inside cells and the outside ones cutting them apart, when no way through
    cells not outside joins them all (the inside of one loop is connected); else
    an empty set."""
    if len(inside) < 2:
        return set()
    parts = [set(g) for g in components(set(cells) - outside, w, h) if not inside.isdisjoint(g)]
    if len(parts) < 2:
        return set()
    return inside | _wall(min(parts, key=len), cells, w, h, "#")


def _bag_holes(inside, outside, cells, w, h) -> set:
    """The outside cells from which no way through cells not inside reaches the
    grid's edge (the loop would have a hole there), with the inside cells around
    them; else an empty set."""
    out = set()
    for g in components(set(cells) - inside, w, h):
        if outside.isdisjoint(g) or any(c[0] in (0, w - 1) or c[1] in (0, h - 1) for c in g):
            continue
        out |= (outside & set(g)) | _wall(g, cells, w, h, ".")
    return out
