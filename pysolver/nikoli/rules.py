"""The rule checker: a complete or partial grid against a family's rules.

The independent referee for every solver answer in the tests, in pure Python and
sharing no code with the encodings. ``violations(grid, rows)`` returns the broken
rules, each ``{"rule": "N8", "message": ..., "cells": [[row, column], ...]}``
(1-based), named as the seed names them. Rows use the solve output's characters,
plus ``?`` for a cell not decided yet; a rule is reported only when the decided
cells already break it whatever the undecided ones become.
"""
from __future__ import annotations

import re

from ..memo import Memo
from . import families
from .model import BLACK, DIRS, UNKNOWN, WHITE, Grid, NikoliError

_tables = Memo("nikoli.rules.neighbours", 4)  # (w, h) -> {cell: (neighbours...)}

MESSAGES = {rule: text for f in families.FAMILIES.values() for rule, text in f.messages.items()}


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


def _row_strings(rows) -> None:
    """A state from JSON (the page, the API) must be a list of row strings."""
    if not isinstance(rows, (list, tuple)):
        raise NikoliError(f"the state must be a list of rows, not {type(rows).__name__}")
    for y, row in enumerate(rows):
        if not isinstance(row, str):
            raise NikoliError(f"row {y + 1} of the state is not text but {type(row).__name__}")


def read_rows(grid: Grid, rows, allowed: str) -> dict:
    _row_strings(rows)
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


def _room_masks(grid) -> tuple:
    """((room, number, bit mask of its cells), ...) for the numbered rooms, and the
    room of each cell (Heyawake; the trials check often)."""
    key = ("rooms", grid.width, tuple(grid.rooms), tuple(sorted(grid.clues.items())))
    found = _tables.get(key)
    if found is None:
        masks = {}
        for i, r in enumerate(grid.rooms):
            masks[r] = masks.get(r, 0) | (1 << i)
        found = tuple((r, n, masks[r]) for r, n in sorted(grid.room_numbers().items())
                      if n != UNKNOWN)
        _tables.put(key, found)
    return found


def _heyawake(grid, rows):
    w, h = grid.width, grid.height
    flat = _flat(grid, rows, "#.?")
    out = []
    black = _bits(flat, "#")
    if black & (((black >> 1) & _bit_masks(w, h)[1]) | (black >> w)):  # side by side
        for i in range(w * h):
            for n in ((i + 1) if i % w < w - 1 else None, i + w):
                if n is not None and n < w * h and flat[i] == flat[n] == "#":
                    out.append(_result("H1", [(i % w, i // w), (n % w, n // w)]))
    whites = _bits(flat, ".")
    if whites & ~_flood(whites & -whites, _bits(flat, ".?"), w, h):
        out.append(_result("H2", _cells_of(flat, w, ".")))
    maybe = black | _bits(flat, "?")
    for r, n, mask in _room_masks(grid):
        if bin(black & mask).count("1") > n or bin(maybe & mask).count("1") < n:
            out.append(_result("H3", grid.room_cells()[r]))
    # runs of 3 or more unshaded cells in a row or column, by their cell indices
    lines = [range(y * w, (y + 1) * w) for y in range(h)] + [range(x, w * h, w) for x in range(w)]
    for line in lines:
        for run in re.finditer(r"\.{3,}", flat[line.start:line.stop:line.step]):
            idx = line[run.start():run.end()]
            if len({grid.rooms[i] for i in idx}) > 2:
                out.append(_result("H5", [(i % w, i // w) for i in idx]))
    return out


def _masyu_links(grid, cells):
    """{cell: set of directions} from the characters; mismatched ends in ``bad``."""
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
            # a neighbour with a half line (the line still growing: its other sides may
            # come) has not turned it yet; a hint's line from the pearl was called broken
            turned_off = any(cells.get((x + step[d][0], y + step[d][1])) not in (None, "?")
                             and d not in nxt[d] and (complete or len(nxt[d]) != 1) for d in ds)
            if v == "." or straight or turned_off:
                out.append(_result("M3", [(x, y)]))
    return out


def _flat(grid, rows, allowed) -> str:
    """The rows as one string, checked (read_rows words the error)."""
    _row_strings(rows)
    flat = "".join(rows) if len(rows) == grid.height else ""
    if len(flat) != grid.width * grid.height or any(len(r) != grid.width for r in rows) \
            or not set(flat) <= set(allowed):
        read_rows(grid, rows, allowed)
    return flat


def _bag(grid, rows):
    w, h = grid.width, grid.height
    flat = _flat(grid, rows, "#.?")
    out = []
    broken = _bag_split(flat, w, h) | _bag_holes(flat, w, h) | _bag_checker(flat, w, h)
    if broken or ("." not in flat and "?" not in flat):
        out.append(_result("B1", broken))
    bad = [(x, y) for x, y in grid.clues if flat[y * w + x] == "#"]
    if bad:
        out.append(_result("B2", bad))
    for (x, y), n in grid.clues.items():
        i = y * w + x
        if n == UNKNOWN or flat[i] == "#":
            continue
        least, most = 1, 1
        # the four rays from the clue, each up to the first outside cell
        for ray in (flat[i + 1:(y + 1) * w], flat[y * w:i][::-1], flat[i + w::w], flat[x:i:w][::-1]):
            seen = ray.split("#", 1)[0]
            most += len(seen)
            least += len(seen) - len(seen.lstrip("."))  # the sure ones: inside up to a "?"
        if least > n or most < n:
            out.append(_result("B3", [(x, y)]))
    return out


def _bag_checker(flat, w, h) -> set:
    """The cells of a 2x2 block shaded like a checkerboard (inside and outside cells
    meeting only at corners): the loop would cross itself there, so the inside would
    cut an outside cell off from the edge or the inside apart. A player sees it at a
    glance; the connectivity checks only once the region is closed. Bit masks: bit i
    set where such a block has its top left cell at i."""
    ins, outs, not_last = _bits(flat, "."), _bits(flat, "#"), _bit_masks(w, h)[1]
    found = not_last & ((ins & (outs >> 1) & (outs >> w) & (ins >> (w + 1)))
                        | (outs & (ins >> 1) & (ins >> w) & (outs >> (w + 1))))
    out = set()
    while found:
        i = (found & -found).bit_length() - 1
        found &= found - 1
        x, y = i % w, i // w
        out |= {(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)}
    return out


def _cells_of(flat, w, value) -> set:
    return {(i % w, i // w) for i, ch in enumerate(flat) if ch == value}


def _wall(region, cells, w, h, value) -> set:
    """The cells of ``value`` next to the region (what shuts it in)."""
    nbrs = _neighbours(w, h)
    return {n for c in region for n in nbrs[c] if n not in region and cells[n] == value}


def _bit_masks(w, h) -> tuple:
    """(cells not in the first column, not in the last, on the edge) as bit masks,
    bit y * w + x for cell (x, y): Bag's floods shift whole rows at once."""
    masks = _tables.get(("bits", w, h))
    if masks is None:
        def mask(keep):
            return sum(1 << (y * w + x) for y in range(h) for x in range(w) if keep(x, y))
        masks = (mask(lambda x, y: x > 0), mask(lambda x, y: x < w - 1),
                 mask(lambda x, y: x in (0, w - 1) or y in (0, h - 1)))
        _tables.put(("bits", w, h), masks)
    return masks


def _bits(flat, chars) -> int:
    """The cells whose character is one of ``chars``, as a bit mask."""
    table = {ord(c): "1" if c in chars else "0" for c in "#.?"}
    return int(flat.translate(table)[::-1], 2)


def _flood(seed, open_, w, h) -> int:
    """The cells of ``open_`` joined to ``seed`` orthogonally (bit masks)."""
    not_first, not_last, _ = _bit_masks(w, h)
    reach = seed & open_
    while True:
        grown = (reach | ((reach << 1) & not_first) | ((reach >> 1) & not_last)
                 | (reach << w) | (reach >> w)) & open_
        if grown == reach:
            return reach
        reach = grown


def _bag_split(flat, w, h) -> set:
    """The inside cells and the outside ones cutting them apart, when no way through
    cells not outside joins them all (the inside of one loop is connected); else
    an empty set."""
    ins = _bits(flat, ".")
    if not ins & ~_flood(ins & -ins, _bits(flat, ".?"), w, h):
        return set()
    cells = {(i % w, i // w): ch for i, ch in enumerate(flat)}
    inside = _cells_of(flat, w, ".")
    parts = [set(g) for g in components(inside | _cells_of(flat, w, "?"), w, h)
             if not inside.isdisjoint(g)]
    return inside | _wall(min(parts, key=len), cells, w, h, "#")


def _bag_holes(flat, w, h) -> set:
    """The outside cells from which no way through cells not inside reaches the
    grid's edge (the loop would have a hole there), with the inside cells around
    them; else an empty set."""
    if not _bits(flat, "#") & ~_flood(_bit_masks(w, h)[2], _bits(flat, "#?"), w, h):
        return set()
    cells = {(i % w, i // w): ch for i, ch in enumerate(flat)}
    outside, out = _cells_of(flat, w, "#"), set()
    for g in components(outside | _cells_of(flat, w, "?"), w, h):
        if outside.isdisjoint(g) or any(c[0] in (0, w - 1) or c[1] in (0, h - 1) for c in g):
            continue
        out |= (outside & set(g)) | _wall(g, cells, w, h, ".")
    return out
