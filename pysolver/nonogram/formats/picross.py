"""The picross-solver text format (pierre-dejoue/picross-solver).

``GRID <name>`` starts a grid, then ``ROWS`` and ``COLUMNS`` each followed by one
clue per line written ``[ 1 2 ]`` (``[ ]`` is an empty line); ``#`` starts a
comment. A file holds several grids. A line that fits none of these is a syntax
error; reading resumes at the next ``GRID``.
"""
from __future__ import annotations

import re

from ... import limits
from ...decode import SPACE, lines as text_lines, unlike_ascii, words
from ...errors import PuzzleError
from ..puzzle import BACKGROUND, BLACK
from .common import finish, positive

NAME = "picross"
CLUE = re.compile(r"\[([^\]]*)\]$")


def detect(text: str) -> bool:
    for line in text_lines(text):
        line = line.split("#", 1)[0].strip(SPACE)
        if line:
            # any space: the reader says which is not one
            first = line.split()[:1]  # none: a line of other spaces only
            return bool(first) and first[0].upper() in ("GRID", "ROWS", "COLUMNS")
    return False


def parse(text: str) -> list:
    out, numbers = [], limits.ClueCount()
    grid = None  # dict(name, line, rows, cols, section)
    skipping, grids = False, 0

    def close():
        if grid is None:
            return
        rows = grid["rows"] if grid["rows"] is not None else []
        cols = grid["cols"] if grid["cols"] is not None else []
        try:
            out.append(finish(rows, cols, [BACKGROUND, BLACK], title=grid["name"],
                              lines=grid["where"]))
        except PuzzleError as e:
            out.append(PuzzleError(f"GRID {grid['name']} (line {grid['line']}): {e}"))

    for k, raw in enumerate(text_lines(text), 1):
        line = raw.split("#", 1)[0].strip(SPACE)
        if not line:
            continue
        word = words(line)[0]
        if word == "GRID":
            grids += 1
            limits.check_puzzles(grids, f"line {k}")
            close()
            skipping = False
            grid = {"name": line[4:].strip(SPACE), "line": k, "rows": None, "cols": None,
                    "section": None, "where": {}}
            continue
        if skipping:
            continue
        try:
            if grid is None:
                raise PuzzleError(f"expected 'GRID <name>'{unlike_ascii(line)}")
            if word in ("ROWS", "COLUMNS") and line == word:
                key = "rows" if word == "ROWS" else "cols"
                if grid[key] is not None:
                    raise PuzzleError(f"a second {word} section in GRID {grid['name']}")
                grid[key], grid["section"] = [], key
                continue
            m = CLUE.match(line)
            if not m:
                raise PuzzleError(f"syntax error: {line[:40]!r} is not GRID, ROWS, COLUMNS "
                                  f"or a clue like [ 1 2 ]{unlike_ascii(line)}")
            if grid["section"] is None:
                raise PuzzleError("a clue before ROWS or COLUMNS")
            tokens = words(m.group(1))
            try:
                if len(grid[grid["section"]]) >= limits.MAX_SIDE:  # not kept: refused here
                    raise PuzzleError(f"line {k}: more than {limits.MAX_SIDE} clues in "
                                      f"{grid['section'].upper()}, the size limit")
                numbers.add(len(tokens), f"line {k}")
                clue = tuple((positive(t, f"line {k}"), 1) for t in tokens)
            except limits.FileLimit:
                raise
            except PuzzleError as e:  # the grid itself is broken: report it, not a part
                out.append(PuzzleError(f"GRID {grid['name']}: {e}"))
                grid, skipping = None, True
                continue
            key = grid["section"]
            grid["where"]["row" if key == "rows" else "column", len(grid[key])] = k
            grid[key].append(clue)
        except limits.FileLimit:
            raise
        except PuzzleError as e:
            close()  # the grid so far is judged on its own
            grid, skipping = None, True
            out.append(PuzzleError(f"line {k}: {e}"))
    close()
    if not out:
        out.append(PuzzleError("the file has no GRID"))
    return out
