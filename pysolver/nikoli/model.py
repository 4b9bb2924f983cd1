"""The puzzle model shared by the four families, and their plain text format.

A grid is ``width`` x ``height`` cells, (x, y) with x the column and y the row,
both from 0. ``clues`` maps a cell to its clue: a number (Nurikabe islands, Bag
visibility, Heyawake room counts at the room's top-left cell, as pzprjs keeps
them) or ``UNKNOWN`` for a "?" clue; for Masyu 1 is a white pearl and 2 a black
one (pzprjs's values). Heyawake also has ``rooms``: a room index per cell,
row-major, rooms numbered in the order of their first cell.

Text format (hand-written files)::

    nurikabe 5x5          # the family (or an alias) and the size
    2 . . . 1             # one line per row: '.' empty, a number, '?'
    ...

Masyu rows use ``w`` (white pearl) and ``b`` (black pearl). Heyawake rows hold
room labels (any letters or digits, one token per cell); a cell may carry its
room's number after a colon, ``a:3``, or ``a:?``. Tokens are separated by
spaces; ``#`` starts a comment only at the beginning of a line or after a space.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from .. import limits
from ..decode import SPACE, lines as split_lines, unlike_ascii, words
from ..errors import PuzzleError
from . import families

UNKNOWN = -2  # a "?" clue (pzprjs's qnum -2)
WHITE, BLACK = 1, 2  # Masyu pearls
FAMILIES = tuple(families.FAMILIES)
ALIASES = {alias: f.name for f in families.FAMILIES.values() for alias in (f.name, *f.aliases)}
# Masyu solution rows: a cell's character by the set of directions the loop leaves it in
BOX = {frozenset("ew"): "─", frozenset("ns"): "│", frozenset("es"): "┌",
       frozenset("ws"): "┐", frozenset("en"): "└", frozenset("wn"): "┘"}
HALF = {frozenset("w"): "╴", frozenset("e"): "╶", frozenset("n"): "╵", frozenset("s"): "╷"}
DIRS = {v: k for k, v in {**BOX, **HALF}.items()}


class NikoliError(PuzzleError):
    """Bad Nikoli puzzle input; the message names where and what is wrong."""


@dataclass
class Grid:
    family: str
    width: int
    height: int
    clues: dict = field(default_factory=dict)  # (x, y) -> int
    rooms: list | None = None  # Heyawake: room index per cell, row-major
    title: str = ""
    author: str = ""

    def cells(self):
        return ((x, y) for y in range(self.height) for x in range(self.width))

    def room_cells(self) -> list:
        """[[(x, y), ...] per room] in room order (Heyawake)."""
        out = [[] for _ in range(max(self.rooms) + 1)] if self.rooms else []
        for i, r in enumerate(self.rooms or ()):
            out[r].append((i % self.width, i // self.width))
        return out

    def room_numbers(self) -> dict:
        """{room: number or UNKNOWN} for the rooms that have one (Heyawake)."""
        return {self.rooms[y * self.width + x]: n for (x, y), n in self.clues.items()}


def clue_list(grid: Grid) -> list:
    """The clues as [[x, y, n], ...] in reading order (n: UNKNOWN for "?"; Masyu WHITE or
    BLACK), as the site's board and library thumbnails take them."""
    return [[x, y, n] for (x, y), n in sorted(grid.clues.items(), key=lambda kv: kv[0][::-1])]


def family_name(name: str, where: str = "") -> str:
    fam = ALIASES.get(name.lower())
    if fam is None:
        shown = name if len(name) <= 20 else name[:20] + "…"  # a link's text, maybe pages long
        # a mistyped link ("nurikabee") is told the name it was surely meant to have
        near = difflib.get_close_matches(name.lower(), ALIASES, n=1, cutoff=0.75) if len(name) <= 20 else []
        meant = f"did you mean {near[0]!r}? " if near else ""
        raise NikoliError(f"{where}unknown puzzle family {shown!r} "
                          f"({meant}choose one of {', '.join(FAMILIES)})")
    return fam


def check_size(width: int, height: int, where: str = ""):
    """The project's one size policy (pysolver.limits): sides and cells as for nonograms,
    and the Nikoli cell cap that keeps clingo's grounding short."""
    if width < 1 or height < 1:
        raise NikoliError(f"{where}size {width}x{height} is out of range (at least 1 per side)")
    try:
        limits.check_shape(width, height)
    except PuzzleError as e:
        raise NikoliError(f"{where}{e}") from None
    if width * height > limits.MAX_NIKOLI_CELLS:
        raise NikoliError(f"{where}the puzzle has {width * height} cells; the limit for "
                          f"these puzzles is {limits.MAX_NIKOLI_CELLS} (200x200)")


def check_work(grid: "Grid", where: str = "", plain: bool = False) -> int:
    """Refuse a grid whose grounding would pass the caps, before clingo sees it (see
    limits.MAX_NURIKABE_WORK: an island's rules grow with the cells it may reach);
    else its estimated grounding work in cells' worth (the cells, for the other
    families). The reach is what the program grounds: for the solve (every rule on),
    the cells a short path reaches past other clues (:func:`island_reach`); ``plain``
    (hints and difficulty, rules switchable): its number's diamond, a "?" every cell."""
    for n in grid.clues.values():
        if n > limits.MAX_NIKOLI_CLUE:
            raise NikoliError(f"{where}clue {n} is over the limit of {limits.MAX_NIKOLI_CLUE}")
    w, h = grid.width, grid.height
    work, largest = w * h, 0
    if grid.family != "nurikabe":
        return work
    beside = None if plain else _beside(grid)
    for (x, y), n in grid.clues.items():
        if plain:
            bound = w * h if n == UNKNOWN else min(w * h, 2 * n * (n - 1) + 1)  # r = n - 1
            reach = bound if bound < 100 or n == UNKNOWN else diamond(x, y, n - 1, w, h)
        else:  # a walk of at most this clue's reach: the total checked stays under the cap
            reach = len(_reach(grid, beside, (x, y), n))
        work += 3 * reach // 2
        largest = max(largest, reach)
        if work + largest * largest // 50 > limits.MAX_NURIKABE_WORK:
            raise NikoliError(
                f"{where}the puzzle is too large to {'explain or rate' if plain else 'solve'}: "
                f"its islands may reach too many cells (estimated grounding work over the "
                f"limit of {limits.MAX_NURIKABE_WORK} cells' worth, limits.MAX_NURIKABE_WORK)")
    return work + largest * largest // 50


def _beside(grid: "Grid") -> dict:
    """{cell: the clues it is or touches}."""
    beside = {}
    for (a, b) in grid.clues:
        for c in ((a, b), (a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
            beside.setdefault(c, set()).add((a, b))
    return beside


def _reach(grid: "Grid", beside: dict, clue: tuple, n: int) -> list:
    """The cells a path of fewer than n cells from the clue reaches without passing
    another clue or a cell beside one (such a cell, white, joins that clue's island:
    rules N3 and N6); a "?" (n UNKNOWN): any length."""
    w, h = grid.width, grid.height
    limit = w * h if n == UNKNOWN else n - 1  # steps from the clue
    seen, front = {clue}, [clue]
    for _ in range(limit):
        nxt = []
        for x, y in front:
            for c in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if c not in seen and 0 <= c[0] < w and 0 <= c[1] < h \
                        and beside.get(c, {clue}) == {clue}:
                    seen.add(c)
                    nxt.append(c)
        if not nxt:
            break
        front = nxt
    return sorted(seen)


def island_reach(grid: "Grid") -> dict:
    """{clue: the cells its island may hold} (Nurikabe, :func:`_reach`). Every rule is
    assumed, so only the strong solve has it (``near/4`` in encodings/nurikabe.lp)."""
    beside = _beside(grid)
    return {clue: _reach(grid, beside, clue, n) for clue, n in grid.clues.items()}


def diamond(x: int, y: int, r: int, w: int, h: int) -> int:
    """Cells of the w x h grid within Manhattan distance r of (x, y)."""
    count = 0
    for yy in range(max(0, y - r), min(h - 1, y + r) + 1):
        d = r - abs(yy - y)
        count += min(w - 1, x + d) - max(0, x - d) + 1
    return count


def read_size(text: str, where: str) -> tuple:
    """'WxH' as (width, height), its numbers refused past limits.MAX_DIGITS digits."""
    parts = text.lower().split("x")
    if len(parts) != 2:
        raise NikoliError(f"{where}{text[:20]!r} is not a size WxH")
    try:
        return tuple(limits.number(v, where.rstrip(": "), "size") for v in parts)
    except PuzzleError as e:
        raise NikoliError(str(e)) from None


def relabel_rooms(labels: list, width: int) -> list:
    """Connected areas of equal labels, numbered in order of their first cell."""
    height = len(labels) // width
    rooms = [-1] * len(labels)
    n = 0
    for start in range(len(labels)):
        if rooms[start] >= 0:
            continue
        rooms[start] = n
        stack = [start]
        while stack:
            i = stack.pop()
            x, y = i % width, i // width
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                j = ny * width + nx
                if 0 <= nx < width and 0 <= ny < height and rooms[j] < 0 \
                        and labels[j] == labels[i]:
                    rooms[j] = n
                    stack.append(j)
        n += 1
    return rooms


def _clue_token(tok: str, where: str, fam: str) -> int | None:
    if tok == ".":
        return None
    if families.of(fam).clues == "pearls":
        pearl = {"w": WHITE, "o": WHITE, "b": BLACK, "x": BLACK}.get(tok.lower())
        if pearl is None:
            raise NikoliError(f"{where}{tok!r} is not a Masyu cell ('.', 'w' or 'b')")
        return pearl
    if tok == "?":
        return UNKNOWN
    if not (tok.isascii() and tok.isdigit()) or len(tok) > 6:
        raise NikoliError(f"{where}{tok[:20]!r} is not a clue ('.', '?' or a number up to "
                          f"{limits.MAX_NIKOLI_CLUE}){unlike_ascii(tok)}")
    return int(tok)


def text_lines(text: str):
    """The lines of decode.lines, one at a time: a file of millions of lines is not
    split whole to read its first few (a split 16 MB text took 900 MB)."""
    start = 0
    while start < len(text):
        end = text.find("\n", start)
        end = len(text) if end < 0 else end + 1
        yield from split_lines(text[start:end])  # a piece ending at a "\n": a lone \r within
        start = end


def parse_text(text: str, name: str = "puzzle") -> Grid:
    limits.check_text_size(len(text), f"{name}: ")
    lines = ((k, ln.split(" #")[0].strip(SPACE)) for k, ln in enumerate(text_lines(text), 1))
    lines = ((k, ln) for k, ln in lines if ln and not ln.startswith("#"))
    k, head = next(lines, (0, ""))
    if not head:
        raise NikoliError(f"{name}: empty file")
    parts = words(head)
    if len(parts) != 2 or "x" not in parts[1]:
        raise NikoliError(f"{name}:{k}: expected 'FAMILY WxH', got {head[:40]!r}"
                          f"{unlike_ascii(head)}")
    fam = family_name(parts[0], f"{name}:{k}: ")
    width, height = read_size(parts[1], f"{name}:{k}: ")
    check_size(width, height, f"{name}:{k}: ")
    rows = [row for _, row in zip(range(height), lines)]
    found = len(rows) + sum(1 for _ in lines)  # the rest counted, not kept
    if found != height:
        raise NikoliError(f"{name}: expected {height} rows after the header, found {found}")
    grid = Grid(fam, width, height)
    rooms = families.of(fam).clues == "rooms"
    labels = []
    for y, (k, ln) in enumerate(rows):
        toks = words(ln)
        if len(toks) != width:
            raise NikoliError(f"{name}:{k}: row {y + 1} has {len(toks)} cells, expected {width}"
                              f"{unlike_ascii(ln)}")
        for x, tok in enumerate(toks):
            where = f"{name}:{k}: row {y + 1} column {x + 1}: "
            if rooms:
                label, _, num = tok.partition(":")
                if not label:
                    raise NikoliError(f"{where}missing room label in {tok!r}")
                labels.append(label)
                tok = num or "."
            clue = _clue_token(tok, where, fam)
            if clue is not None:
                grid.clues[(x, y)] = clue
    if rooms:
        grid.rooms = relabel_rooms(labels, width)
        grid.clues = _room_clues(grid, name)
    check_work(grid, f"{name}: ")
    return grid


def _room_clues(grid: Grid, name: str) -> dict:
    """Move each room's number to its top cell (pzprjs's place); one per room."""
    firsts, out = top_cells(grid), {}
    seen = {}
    for (x, y), n in sorted(grid.clues.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        r = grid.rooms[y * grid.width + x]
        if r in seen:
            raise NikoliError(f"{name}: row {y + 1} column {x + 1}: the room already has "
                              f"a number (row {seen[r][1] + 1} column {seen[r][0] + 1})")
        seen[r] = (x, y)
        out[firsts[r]] = n
    return out


def top_cells(grid: Grid) -> dict:
    """{room: its top cell}: pzprjs's getTopCell, the leftmost column's topmost cell."""
    tops = {}
    for i, r in enumerate(grid.rooms):
        cell = (i % grid.width, i // grid.width)
        tops[r] = min(tops.get(r, cell), cell)
    return tops


def _label(i: int) -> str:
    """Room labels a, b, ..., z, A, ..., Z, then a0, b0, ... (short, readable)."""
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return letters[i % 52] + (str(i // 52 - 1) if i >= 52 else "")


def to_text(grid: Grid) -> str:
    clues = families.of(grid.family).clues
    rows = []
    for y in range(grid.height):
        toks = []
        for x in range(grid.width):
            c = grid.clues.get((x, y))
            if clues == "pearls":
                tok = {None: ".", WHITE: "w", BLACK: "b"}[c]
            else:
                tok = "." if c is None else "?" if c == UNKNOWN else str(c)
            if clues == "rooms":
                room = _label(grid.rooms[y * grid.width + x])
                tok = room if c is None else f"{room}:{tok}"
            toks.append(tok)
        rows.append(toks)
    width = max(len(t) for toks in rows for t in toks)  # aligned columns
    return "\n".join([f"{grid.family} {grid.width}x{grid.height}"]
                     + [" ".join(t.ljust(width) for t in toks).rstrip() for toks in rows]) + "\n"
