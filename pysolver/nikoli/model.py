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

from dataclasses import dataclass, field

from .. import limits
from ..errors import PuzzleError

UNKNOWN = -2  # a "?" clue (pzprjs's qnum -2)
WHITE, BLACK = 1, 2  # Masyu pearls
FAMILIES = ("nurikabe", "heyawake", "masyu", "bag")
ALIASES = {"nurikabe": "nurikabe", "heyawake": "heyawake", "heyawacky": "heyawake",
           "masyu": "masyu", "mashu": "masyu", "pearl": "masyu",
           "bag": "bag", "cave": "bag", "corral": "bag"}


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
        raise NikoliError(f"{where}unknown puzzle family {name!r} "
                          f"(choose one of {', '.join(FAMILIES)})")
    return fam


def check_size(width: int, height: int, where: str = ""):
    """The project's one size policy (pysolver.limits: sides and cells), as for nonograms;
    solving a very large grid is then bounded by the caller's timeout, not refused here."""
    if width < 1 or height < 1:
        raise NikoliError(f"{where}size {width}x{height} is out of range (at least 1 per side)")
    try:
        limits.check_shape(width, height)
    except PuzzleError as e:
        raise NikoliError(f"{where}{e}") from None


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
    if fam == "masyu":
        pearl = {"w": WHITE, "o": WHITE, "b": BLACK, "x": BLACK}.get(tok.lower())
        if pearl is None:
            raise NikoliError(f"{where}{tok!r} is not a Masyu cell ('.', 'w' or 'b')")
        return pearl
    if tok == "?":
        return UNKNOWN
    if not tok.isdigit() or int(tok) > 999999:
        raise NikoliError(f"{where}{tok!r} is not a clue ('.', '?' or a number up to 999999)")
    return int(tok)


def parse_text(text: str, name: str = "puzzle") -> Grid:
    lines = [(k, ln.split(" #")[0].strip()) for k, ln in enumerate(text.splitlines(), 1)]
    lines = [(k, ln) for k, ln in lines if ln and not ln.startswith("#")]
    if not lines:
        raise NikoliError(f"{name}: empty file")
    k, head = lines[0]
    parts = head.split()
    if len(parts) != 2 or "x" not in parts[1]:
        raise NikoliError(f"{name}:{k}: expected 'FAMILY WxH', got {head[:40]!r}")
    fam = family_name(parts[0], f"{name}:{k}: ")
    try:
        width, height = (int(v) for v in parts[1].lower().split("x"))
    except ValueError:
        raise NikoliError(f"{name}:{k}: {parts[1]!r} is not a size WxH") from None
    check_size(width, height, f"{name}:{k}: ")
    rows = lines[1:]
    if len(rows) != height:
        raise NikoliError(f"{name}: expected {height} rows after the header, found {len(rows)}")
    grid = Grid(fam, width, height)
    labels = []
    for y, (k, ln) in enumerate(rows):
        toks = ln.split()
        if len(toks) != width:
            raise NikoliError(f"{name}:{k}: row {y + 1} has {len(toks)} cells, expected {width}")
        for x, tok in enumerate(toks):
            where = f"{name}:{k}: row {y + 1} column {x + 1}: "
            if fam == "heyawake":
                label, _, num = tok.partition(":")
                if not label:
                    raise NikoliError(f"{where}missing room label in {tok!r}")
                labels.append(label)
                tok = num or "."
            clue = _clue_token(tok, where, fam)
            if clue is not None:
                grid.clues[(x, y)] = clue
    if fam == "heyawake":
        grid.rooms = relabel_rooms(labels, width)
        grid.clues = _room_clues(grid, name)
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
    rows = []
    for y in range(grid.height):
        toks = []
        for x in range(grid.width):
            c = grid.clues.get((x, y))
            if grid.family == "masyu":
                tok = {None: ".", WHITE: "w", BLACK: "b"}[c]
            else:
                tok = "." if c is None else "?" if c == UNKNOWN else str(c)
            if grid.family == "heyawake":
                room = _label(grid.rooms[y * grid.width + x])
                tok = room if c is None else f"{room}:{tok}"
            toks.append(tok)
        rows.append(toks)
    width = max(len(t) for toks in rows for t in toks)  # aligned columns
    return "\n".join([f"{grid.family} {grid.width}x{grid.height}"]
                     + [" ".join(t.ljust(width) for t in toks).rstrip() for toks in rows]) + "\n"


def looks_like(text: str) -> bool:
    """True when the text is one of ours: a puzz.link-style URL or a family header."""
    from .url import is_url

    for ln in text.splitlines():
        ln = ln.strip()
        if not ln or ln.startswith("#"):
            continue
        if is_url(ln):
            return True
        parts = ln.split()
        return len(parts) == 2 and parts[0].lower() in ALIASES and "x" in parts[1].lower()
    return False


def parse(text: str, name: str = "puzzle") -> Grid:
    """A grid from a file's text: a URL on its first line, or the text format."""
    from .url import is_url, read_url

    first = next((ln.strip() for ln in text.splitlines()
                  if ln.strip() and not ln.strip().startswith("#")), "")
    if is_url(first):
        return read_url(first, name)
    return parse_text(text, name)
