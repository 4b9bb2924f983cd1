"""The size policy: the largest puzzle input the project accepts, in one place.

Every reader (pysolver.nonogram.formats, pysolver.nonogram.formats.image), the command line's file reading
and the site's share links (build.py writes ``as_dict()`` to ``site/limits.json``)
use these numbers. They are far above any real puzzle (the largest in the shared
corpus is 75 cells a side with 965 clue numbers; a TAAI file holds 1000 puzzles in
1.3 MB) and keep a hostile file from costing more than a few seconds and a few
hundred MB before it is refused: a random 1000x1000 puzzle at any density fits
every cap; an empty 10000x10000 one does not. Each refusal is a PuzzleError
naming the limit.
"""
from __future__ import annotations

from .decode import unlike_ascii
from .errors import PuzzleError

MAX_SIDE = 2000  # cells in a row or a column
MAX_CELLS = 4_000_000  # width x height
MAX_CLUES = 1_000_000  # clue numbers in one file (all its puzzles together)
# puzzles in one file (a TAAI file holds 1000): 16 MB of 1x1 puzzles would be 1.4
# million, 30 s and 1.5 GB to read; 100,000 take 5 s and 300 MB
MAX_PUZZLES = 100_000
# colours besides the background (the corpus has at most 4, the generator makes 4): the
# colour line solver's updates grow with the square of the colours, and one line's
# update is not interrupted: 128 colours on a 128x128 grid took 1.8 s, 300 took 40 s
# whatever the timeout; 64 on a 2000-cell line take 0.2 s
MAX_COLOURS = 64
MAX_FILE_BYTES = 16 * 1024 * 1024  # a file, a pasted text, an unpacked share link
MAX_XML_ELEMENTS = 1_000_000  # counted while expat reads, before the tree grows further
MAX_XML_DEPTH = 64
MAX_DIGITS = 9  # digits of one number (leading zeros count): block lengths, sizes
# Nikoli grids (pysolver.nikoli) are solved by clingo, which grounds every rule for
# every cell before it can be interrupted: their caps keep that grounding to a few
# seconds and a few hundred MB (measured, ARCHITECTURE.md "Size policy").
MAX_NIKOLI_CELLS = 40_000  # width x height (200x200)
MAX_NIKOLI_CLUE = 999_999  # a clue number
# cells of all the grids in one file (a file of URLs, one a line): reading a grid costs
# about 2.5 us a cell (Heyawake's rooms; Nurikabe 0.7), and a 30-byte line declares
# 200x200; 400,000 cells is about a second (10 grids of 200x200, 1,000 of 20x20)
MAX_NIKOLI_FILE_CELLS = 400_000
# Nurikabe grounds each island over the cells it may reach (r; for the solve, those a
# short path reaches past other clues; for hints and difficulty, its number's diamond;
# a "?" reaches them all), and the largest island with a part growing as r^2: the
# estimated work in cells' worth, cells + 1.5 x (sum of r) + (largest r)^2 / 50, is
# capped (80,000: about 4 s and 450 MB; one "?" in 44x44 fits, in 45x45 not)
MAX_NURIKABE_WORK = 80_000


def as_dict() -> dict:
    """The caps the site checks before it allocates (site/limits.json)."""
    return {"max_side": MAX_SIDE, "max_cells": MAX_CELLS, "max_clues": MAX_CLUES,
            "max_file_bytes": MAX_FILE_BYTES, "max_xml_elements": MAX_XML_ELEMENTS,
            "max_digits": MAX_DIGITS, "max_nikoli_cells": MAX_NIKOLI_CELLS,
            "max_nikoli_clue": MAX_NIKOLI_CLUE, "max_nurikabe_work": MAX_NURIKABE_WORK,
            "max_colours": MAX_COLOURS}


def megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):g} MB"


def number(token: str, where: str, what: str = "number") -> int:
    """A decimal token as an int, refusing (before converting) one with too many digits."""
    if not token.isascii() or not token.isdigit():
        raise PuzzleError(f"{where}: {token[:20]!r} is not a {what}{unlike_ascii(token)}")
    if len(token) > MAX_DIGITS:
        raise PuzzleError(f"{where}: a {what} of {len(token)} digits "
                          f"({token[:12]}…) is over the limit of {MAX_DIGITS} digits")
    return int(token)


def check_text_size(n: int, label: str = "") -> None:
    """A text of n bytes (or characters) against MAX_FILE_BYTES."""
    if n > MAX_FILE_BYTES:
        raise PuzzleError(f"{label}the file is larger than the limit of "
                          f"{megabytes(MAX_FILE_BYTES)} ({MAX_FILE_BYTES} bytes)")


def check_side(n: int, where: str, what: str = "size") -> int:
    if not 1 <= n <= MAX_SIDE:
        raise PuzzleError(f"{where}: {what} {n} is out of range (1..{MAX_SIDE}, the size limit)")
    return n


def check_shape(width: int, height: int, where: str = "") -> None:
    """A puzzle of width x height against MAX_SIDE and MAX_CELLS (before any grid is built)."""
    prefix = f"{where}: " if where else ""
    if width > MAX_SIDE or height > MAX_SIDE:
        raise PuzzleError(f"{prefix}the puzzle is {width}x{height}; the limit is "
                          f"{MAX_SIDE} cells a side")
    if width * height > MAX_CELLS:
        raise PuzzleError(f"{prefix}the puzzle has {width * height} cells; the limit is "
                          f"{MAX_CELLS}")


class FileLimit(PuzzleError):
    """A cap passed by the file as a whole: the reader stops there (a reader that
    reports each puzzle's own errors and goes on re-raises this one)."""


def check_puzzles(n: int, where: str) -> None:
    """The n-th puzzle (or puzzle's error) of a file against MAX_PUZZLES."""
    if n > MAX_PUZZLES:
        raise FileLimit(f"{where}: more than {MAX_PUZZLES} puzzles in the file (the limit)")


class ClueCount:
    """Clue numbers read so far from one file, refused past MAX_CLUES as they come."""

    __slots__ = ("total",)
    WHAT = "clue numbers in the file"

    def __init__(self):
        self.total = 0

    @staticmethod
    def cap() -> int:
        return MAX_CLUES  # read when used: tests lower it

    def add(self, n: int, where: str) -> None:
        self.total += n
        if self.total > self.cap():
            raise FileLimit(f"{where}: more than {self.cap()} {self.WHAT} (the limit)")


class NikoliCells(ClueCount):
    """Cells of the Nikoli grids read so far from one file, refused past
    MAX_NIKOLI_FILE_CELLS as each grid's size is read (before its body is decoded)."""

    __slots__ = ()
    WHAT = "cells in the file's puzzles"

    @staticmethod
    def cap() -> int:
        return MAX_NIKOLI_FILE_CELLS
