"""Puzzles from a goal image: a text grid of '#' and '.', or a PBM (P1 or P4).

The clues come from the picture (``puzzle.puzzle_from_grid``), so a designer can
draw a picture and get its puzzle. In a text grid ``#``, ``X`` and ``1`` are
filled and ``.``, ``-`` and ``0`` empty; rows may be framed by ``|`` as in
webpbn's images. PBM is netpbm's bitmap: ``1`` bits are black.
"""
from __future__ import annotations

import re

from ... import limits
from ...decode import SPACE, lines as text_lines
from ...errors import PuzzleError
from ..puzzle import BACKGROUND, BLACK
from .common import finish

FILLED, EMPTY = "#X1", ".-0"
CELLS = str.maketrans(dict.fromkeys(FILLED, "#") | dict.fromkeys(EMPTY, "."))
NAME = "grid"


def detect_grid(text: str) -> bool:
    # rows of unequal length are still a picture: parse_grid names the short row
    rows = [r.strip() for r in _rows(text)]  # any space: the reader says which is not one
    return bool(rows) and all(set(r) <= set(FILLED + EMPTY) for r in rows) and any(
        set(r) & set("#X.-") for r in rows)


def _rows(text: str) -> list:
    out = []
    for line in text_lines(text):
        line = line.strip(SPACE)
        if len(line) >= 2 and line[0] == line[-1] == "|":
            line = line[1:-1]
        if line:
            out.append(line)
    return out


def parse_grid(text: str) -> list:
    """[Puzzle] from a text grid (the formats-registry reader signature)."""
    try:
        rows = _rows(text)
        if not rows:
            raise PuzzleError("the picture is empty")
        width = len(rows[0])
        limits.check_shape(width, len(rows), "picture")
        goal, cells = [], set(FILLED + EMPTY)
        for y, row in enumerate(rows):  # a row at a time: a cell at a time took seconds
            if len(row) != width:
                raise PuzzleError(f"picture row {y + 1} has {len(row)} cells, the first has {width}")
            if not cells.issuperset(row):
                x, ch = next((x, ch) for x, ch in enumerate(row) if ch not in cells)
                raise PuzzleError(f"picture row {y + 1}, column {x + 1}: {ch!r} is "
                                  "neither filled (# X 1) nor empty (. - 0)")
            goal.append(row.translate(CELLS))
        return [finish(None, None, [BACKGROUND, BLACK], goal)]
    except PuzzleError as e:
        return [e]


def is_pbm(data) -> bool:
    head = data[:2]
    return head in (b"P1", b"P4", "P1", "P4")


def parse_pbm(data) -> list:
    """[Puzzle] from PBM bytes (P1 or P4) or P1 text."""
    try:
        return [_pbm(data.encode("latin-1") if isinstance(data, str) else data)]
    except PuzzleError as e:
        return [e]
    except UnicodeEncodeError as e:
        line = data.count("\n", 0, e.start) + 1
        return [PuzzleError(f"line {line}: {data[e.start]!r} is not PBM text (a PBM file "
                            "holds only ASCII text or bytes)")]


_PIXELS = bytes.maketrans(b"01", b".#")
_BITS = str.maketrans("01", ".#")


def _pbm(data: bytes):
    magic = data[:2]
    if magic not in (b"P1", b"P4"):
        raise PuzzleError("not a PBM image (expected P1 or P4)")
    pos, fields = 2, []
    token = re.compile(rb"\s*(?:#[^\n]*\n\s*)*(\d+)")
    for what in ("width", "height"):
        m = token.match(data, pos)
        if not m:
            raise PuzzleError(f"PBM: the {what} is missing or not a number")
        value = limits.number(m.group(1).decode("ascii"), "PBM", what)
        fields.append(limits.check_side(value, "PBM", what))
        pos = m.end()
    width, height = fields
    limits.check_shape(width, height, "PBM")
    if magic == b"P1":
        bits = re.sub(rb"#[^\n]*", b"", data[pos:]).translate(None, b" \t\r\n\v\f")
        if len(bits) < width * height:
            raise PuzzleError(f"PBM: {len(bits)} pixels for a {width}x{height} image")
        bits = bits[:width * height]
        if bits.translate(None, b"01"):  # a byte at a time only to name the one that is not
            bad = next(i for i, b in enumerate(bits) if b not in b"01")
            b = bits[bad]
            shown = repr(chr(b)) if 32 < b < 127 else f"the byte 0x{b:02x}"
            raise PuzzleError(f"PBM: the pixel at row {bad // width + 1}, column "
                              f"{bad % width + 1} is {shown}; P1 pixels are 0 or 1")
        text = bits.translate(_PIXELS).decode("ascii")
        goal = [text[k:k + width] for k in range(0, width * height, width)]
    else:
        if pos >= len(data) or data[pos:pos + 1] not in b" \t\r\n":
            raise PuzzleError("PBM: expected one whitespace byte before the pixels")
        raster = data[pos + 1:]
        stride = (width + 7) // 8
        if len(raster) < stride * height:
            raise PuzzleError(f"PBM: the raster has {len(raster)} bytes, "
                              f"a {width}x{height} image needs {stride * height}")
        goal = []
        for y in range(height):  # a row's bits as one number written in binary
            row = int.from_bytes(raster[y * stride:(y + 1) * stride], "big")
            goal.append(f"{row:0{stride * 8}b}"[:width].translate(_BITS))
    return finish(None, None, [BACKGROUND, BLACK], goal)  # untitled: a file is called by its name
