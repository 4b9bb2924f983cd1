"""The puzzle model: size, colours, clues, metadata and an optional goal image.

Colour index 0 is always the background. A black-and-white puzzle has exactly
two colours, background '.' and black '#' (or another single colour, named and drawn as its
file says, still '#'). A clue is a tuple of blocks, each a
``(length, colour_index)`` pair with colour_index >= 1. Blocks of the same colour
need a background gap between them; blocks of different colours may touch
(webpbn semantics).

Cells in solver grids are bit masks over colour indices: bit c set means colour c
is still possible. For black-and-white: 1 = empty, 2 = filled, 3 = unknown.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import repeat
from operator import eq

from .. import limits
from ..decode import SPACE, lines as text_lines, words
from ..errors import PuzzleError

RESERVED_CHARS = "?"  # used for "unknown" in state text


@dataclass(frozen=True)
class Color:
    name: str
    char: str
    rgb: str  # six hex digits, no '#'


BACKGROUND = Color("white", ".", "FFFFFF")
BLACK = Color("black", "#", "000000")

Clue = tuple  # tuple[tuple[int, int], ...]


@dataclass
class Puzzle:
    rows: list  # list[Clue], top to bottom
    cols: list  # list[Clue], left to right
    colors: list = field(default_factory=lambda: [BACKGROUND, BLACK])
    title: str = ""
    author: str = ""
    copyright: str = ""
    license: str = ""
    description: str = ""
    source: str = ""  # catalogue / id
    goal: list | None = None  # list of row strings of colour chars
    # cells shown at the start, [{row, column, value?}] 1-based (formats/givens.py); the
    # clues' solutions are the same, so equality and clue_key leave them out
    givens: list = field(default_factory=list, compare=False)

    @property
    def width(self) -> int:
        return len(self.cols)

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def is_color(self) -> bool:
        return len(self.colors) > 2

    @property
    def full_mask(self) -> int:
        return (1 << len(self.colors)) - 1

    def lines(self):
        """Yield (axis, index, clue, length) for every row then every column."""
        for i, clue in enumerate(self.rows):
            yield "row", i, clue, self.width
        for j, clue in enumerate(self.cols):
            yield "column", j, clue, self.height

    def clue_key(self) -> tuple:
        """The clues and colour characters as a hashable key: puzzles equal in it
        have the same solutions (for caches of per-puzzle results)."""
        return (tuple(c.char for c in self.colors), tuple(map(tuple, self.rows)),
                tuple(map(tuple, self.cols)))

    def char_index(self) -> dict:
        return {c.char: i for i, c in enumerate(self.colors)}

    def validate(self) -> "Puzzle":
        """Raise PuzzleError naming the first problem; return self when fine."""
        if not self.rows:
            raise PuzzleError("the puzzle has no rows")
        if not self.cols:
            raise PuzzleError("the puzzle has no columns")
        if len(self.colors) < 2:
            raise PuzzleError("a puzzle needs a background and at least one colour")
        if len(self.colors) - 1 > limits.MAX_COLOURS:
            raise PuzzleError(f"the puzzle has {len(self.colors) - 1} colours besides the "
                              f"background; the limit is {limits.MAX_COLOURS}")
        chars = [c.char for c in self.colors]
        for c in self.colors:
            # unprintable: invisible in state text, and XML cannot hold control characters
            if len(c.char) != 1 or c.char in RESERVED_CHARS or not c.char.isprintable() \
                    or c.char.isspace():
                raise PuzzleError(f"colour {c.name!r} has an unusable character {c.char!r}")
        if len(set(chars)) != len(chars):
            raise PuzzleError("two colours share the same character")
        ncol = len(self.colors)
        totals = {}
        for axis, i, clue, length in self.lines():
            if not clue:
                continue
            # a clue at a time (its lengths and colours unzipped), not a block: a 2000x2000
            # picture's two million blocks took a second
            ns, cs = zip(*clue)
            if not (all(map(isinstance, ns, repeat(int))) and min(ns) >= 1 and min(cs) >= 1
                    and max(cs) < ncol):
                _refuse_block(clue, f"{axis} {i + 1}", ncol)
            need = sum(ns) + sum(map(eq, cs, cs[1:]))  # min_length
            if need > length:
                text = " ".join(str(n) for n, _ in clue)
                raise PuzzleError(
                    f"{axis} {i + 1}: clue {text} needs {need} cells but the line has {length}")
            per = totals.setdefault(axis, [0] * ncol)
            if ncol == 2:
                per[1] += sum(ns)
            else:
                for n, col in clue:
                    per[col] += n
        r, c = totals.get("row", [0] * ncol), totals.get("column", [0] * ncol)
        for col in range(1, ncol):
            if r[col] != c[col]:
                name = "filled" if ncol == 2 else self.colors[col].name
                cells = "cell" if r[col] == 1 else "cells"
                raise PuzzleError(
                    f"the rows have {r[col]} {name} {cells} but the columns have {c[col]}")
        if self.goal is not None:
            validate_goal(self, self.goal)
        return self


def _refuse_block(clue, where: str, ncol: int) -> None:
    """The PuzzleError of a clue's first block that is no positive length of a colour."""
    for n, col in clue:
        if not isinstance(n, int) or n < 1:
            raise PuzzleError(f"{where}: block length {n!r} is not a positive number")
        if not (1 <= col < ncol):
            raise PuzzleError(f"{where}: unknown colour index {col}")


def min_length(clue) -> int:
    """Fewest cells a clue needs: its blocks plus a gap between same-coloured neighbours."""
    total = sum(n for n, _ in clue)
    for a, b in zip(clue, clue[1:]):
        if a[1] == b[1]:
            total += 1
    return total


def clue_of(cells) -> tuple:
    """The clue of a fully known line given as colour indices (0 = background)."""
    if isinstance(cells, (list, tuple, bytes)):
        try:
            return _clue_of_bytes(bytes(cells))
        except ValueError:  # an index past 255: cell by cell
            pass
    return _clue_by_cell(cells)


def _clue_by_cell(cells) -> tuple:
    out = []
    prev = 0
    for c in cells:
        if c and c == prev:
            n, _ = out[-1]
            out[-1] = (n + 1, c)
        elif c:
            out.append((1, c))
        prev = c
    return tuple(out)


_BLOCKS = [(n, 1) for n in range(limits.MAX_SIDE + 1)]  # a black block of each length
_CLUES = {}  # line bytes -> clue: a generator's pictures differ from each other in a few lines


def _clue_of_bytes(line: bytes) -> tuple:
    """:func:`clue_of` of a line held one byte per cell: a black-and-white line's
    blocks are its runs between zero bytes (no loop per cell in Python)."""
    clue = _CLUES.get(line)
    if clue is None:
        if line.translate(None, b"\x00\x01"):
            clue = _clue_by_cell(line)
        else:
            runs = list(map(len, filter(None, line.split(b"\x00"))))
            # one tuple per length, shared: a 2000x2000 picture's two million blocks were as
            # many tuples (128 MB, and most of its reading time)
            clue = tuple(map(_BLOCKS.__getitem__, runs)) if not runs or max(runs) < len(
                _BLOCKS) else tuple(zip(runs, repeat(1)))
        if len(_CLUES) >= 50_000:  # memory bound
            _CLUES.clear()
        _CLUES[line] = clue
    return clue


def _flat(grid):
    """A rectangular grid of colour indices as bytes, row by row (None if it is not one)."""
    w = len(grid[0])
    if not all(len(r) == w for r in grid):
        return None
    try:
        return b"".join(map(bytes, grid))
    except (ValueError, TypeError):  # not a list of small ints
        return None


def grid_from_rows(puzzle: Puzzle, rows) -> list:
    """Colour-index grid from row strings of colour chars; PuzzleError on bad chars."""
    index = puzzle.char_index()
    if puzzle.is_color is False:
        index.setdefault("X", 1)  # common alternative spelling of black
    # a row at a time, not a cell (a 2000x2000 picture took seconds): each character as the
    # one of code point its index (str.translate), those as bytes, the bytes as ints
    table = {ord(ch): i for ch, i in index.items()}
    grid = []
    for y, row in enumerate(rows):
        if not index.keys() >= set(row):
            x, ch = next((x, ch) for x, ch in enumerate(row) if ch not in index)
            raise PuzzleError(f"row {y + 1}, column {x + 1}: unknown colour character {ch!r}")
        grid.append(list(row.translate(table).encode("latin-1")))
    return grid


def validate_goal(puzzle: Puzzle, goal) -> None:
    if len(goal) != puzzle.height or any(len(r) != puzzle.width for r in goal):
        raise PuzzleError(
            f"the goal image is not {puzzle.width}x{puzzle.height} (width x height)")
    allowed = set(puzzle.char_index()) | (set() if puzzle.is_color else {"X"})
    if not all(allowed.issuperset(row) for row in goal):
        grid_from_rows(puzzle, goal)  # names the first bad character


def clues_from_grid(grid, flat=None) -> tuple:
    """(row clues, column clues) of a colour-index grid (``flat``: its :func:`_flat`)."""
    h, w = len(grid), len(grid[0])
    flat = flat or _flat(grid)
    if flat is None:
        rows = [clue_of(r) for r in grid]
        cols = [clue_of([grid[y][x] for y in range(h)]) for x in range(w)]
        return rows, cols
    return ([_clue_of_bytes(flat[k:k + w]) for k in range(0, w * h, w)],
            [_clue_of_bytes(flat[x::w]) for x in range(w)])


def puzzle_from_grid(grid, colors=None, **meta) -> Puzzle:
    """A puzzle whose clues and goal come from a colour-index grid."""
    colors = list(colors or [BACKGROUND, BLACK])
    flat = _flat(grid)
    rows, cols = clues_from_grid(grid, flat)
    chars = "".join(c.char for c in colors)
    if flat and len(chars) == len(colors) and chars.isascii() and max(flat) < len(chars):
        text = flat.translate(bytes.maketrans(bytes(range(len(chars))), chars.encode())).decode()
        w = len(grid[0])
        goal = [text[k:k + w] for k in range(0, len(text), w)]
    else:
        goal = ["".join(colors[c].char for c in r) for r in grid]
    return Puzzle(rows=rows, cols=cols, colors=colors, goal=goal, **meta)


def satisfies(puzzle: Puzzle, grid) -> bool:
    """True when a full colour-index grid matches every clue."""
    if len(grid) != puzzle.height or any(len(r) != puzzle.width for r in grid):
        return False
    rows, cols = clues_from_grid(grid)
    return [tuple(c) for c in puzzle.rows] == rows and [tuple(c) for c in puzzle.cols] == cols


def state_lines(state, puzzle=None) -> list:
    """State text (or its rows, a JSON list of strings from the page or the API) as
    rows without line ends or trailing blank rows; PuzzleError for anything else. With
    ``puzzle`` (none of whose colours is written as a space), a row written with its
    cells apart ("? # .", as by hand) is read as the cells it spells."""
    if isinstance(state, str):
        state = text_lines(state)
    if not isinstance(state, (list, tuple)):
        raise PuzzleError(f"the state must be text or a list of rows, not {type(state).__name__}")
    for y, row in enumerate(state):
        if not isinstance(row, str):
            raise PuzzleError(f"state row {y + 1} is not text but {type(row).__name__}")
    rows = [r.rstrip("\r\n") for r in state]
    while rows and not rows[-1].strip(SPACE):
        rows.pop()
    # rows of the puzzle's count only: any other is refused by it (cells_from_state), and
    # 16 MB of short rows, five million, were copied again first (600 MB)
    if puzzle is not None and len(rows) == puzzle.height and all(c.char != " " for c in puzzle.colors):
        rows = [r if len(r) == puzzle.width else "".join(words(r)) for r in rows]
    return rows


def cells_from_state(puzzle: Puzzle, rows) -> list:
    """Flat solver masks from state text: '?' unknown, '.' empty, '#' or a colour char filled.

    For black-and-white puzzles 'X' also means filled. PuzzleError names the row
    and column of a bad character or the size that does not fit.
    """
    rows = state_lines(rows, puzzle)
    if len(rows) != puzzle.height:
        n = len(rows)
        raise PuzzleError(f"the state has {n} row{'' if n == 1 else 's'}; the puzzle has {puzzle.height}")
    index = {c.char: 1 << i for i, c in enumerate(puzzle.colors)}
    if not puzzle.is_color:
        index["X"] = 2
    index["?"] = puzzle.full_mask
    out = []
    for y, row in enumerate(rows):
        if len(row) != puzzle.width:
            raise PuzzleError(
                f"state row {y + 1} has {len(row)} cells; the puzzle has {puzzle.width}")
        for x, ch in enumerate(row):
            m = index.get(ch)
            if m is None:
                raise PuzzleError(f"state row {y + 1}, column {x + 1}: unknown character {ch!r} "
                                  f"(this puzzle's are {' '.join(index)})")
            out.append(m)
    return out


def state_char(puzzle: Puzzle, mask: int) -> str:
    """The state-text character of a solver mask ('?' when more than one colour is possible)."""
    if mask & (mask - 1) or not mask:
        return "?"
    return puzzle.colors[mask.bit_length() - 1].char


def state_rows(puzzle: Puzzle, cells) -> list:
    """State text rows of a flat list of masks."""
    w = puzzle.width
    return ["".join(state_char(puzzle, m) for m in cells[y * w:(y + 1) * w])
            for y in range(puzzle.height)]


def rows_text(puzzle: Puzzle, grid) -> list:
    """Row strings of a colour-index grid, in the puzzle's colour chars."""
    chars = [c.char for c in puzzle.colors]
    return ["".join(chars[k] for k in row) for row in grid]
