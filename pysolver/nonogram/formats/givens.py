"""Cells a puzzle shows at the start ("givens"), as the site writes them into its files
(web/js/shell/share.js writeGivens): the same [{row, column, value?}] JSON list (1-based;
``value`` a state character, else the goal's) as the "givens" key of a JSON file, a
``givens <list>`` line in .non and a <givens> element in webpbn XML's <puzzle>. Each reader
reads its puzzle's and ``check`` refuses what does not fit the puzzle: the shown cells decide
whether it is unique, so one dropped or guessed would make it another puzzle. The command
line, the batch, the API and the page (from the engine's read) then play the puzzle the site
made: a maker's puzzle unique with its shown cells is checked with them.
"""
from __future__ import annotations

import json

from ...errors import PuzzleError

KEYS = ("row", "column", "value")


def check(p, listed, label: str = "givens") -> list:
    """``listed`` (a JSON value read for puzzle ``p``) as [{row, column, value?}]; PuzzleError
    naming ``label`` (a file's line or key) and the given for anything that is not a cell of the
    grid with one of the puzzle's values agreeing with its goal image and its other givens."""
    if not isinstance(listed, list):
        raise PuzzleError(f"{label} must be a list of {{row, column}} objects")
    values = _values(p)
    out, seen = [], {}
    for k, g in enumerate(listed):
        where = f"{label}[{k}]"
        if not isinstance(g, dict) or not all(_whole(g.get(key)) for key in ("row", "column")):
            raise PuzzleError(f"{where} must be an object with whole-number row and column")
        other = next((key for key in g if key not in KEYS), None)
        if other is not None:
            raise PuzzleError(f"{where}: unknown key {other[:40]!r} (a given has row, column "
                              "and value)")
        y, x = g["row"], g["column"]
        if not (1 <= y <= p.height and 1 <= x <= p.width):
            raise PuzzleError(f"{where}: row {y}, column {x} is outside the "
                              f"{p.width}x{p.height} grid")
        cell = f"{where}: row {y}, column {x}"
        goal = p.goal[y - 1][x - 1] if p.goal else None
        if "value" not in g:
            if goal is None:
                raise PuzzleError(f"{cell} has no value, and the puzzle has no goal image to "
                                  "take it from")
            shown = _plain(p, goal)
        elif not isinstance(g["value"], str) or g["value"] not in values:
            raise PuzzleError(f"{cell}: value {repr(g['value'])[:40]} is not one of this puzzle's "
                              f"({' '.join(values)})")
        else:
            shown = _plain(p, g["value"])
            if goal is not None and shown != _plain(p, goal):
                raise PuzzleError(f"{cell} shows {g['value']!r} but the goal image has "
                                  f"{goal!r} there")
        if seen.get((y, x), (k, shown))[1] != shown:
            raise PuzzleError(f"{cell} is shown as {shown!r}, but givens[{seen[y, x][0]}] "
                              f"shows it as {seen[y, x][1]!r}")
        seen.setdefault((y, x), (k, shown))
        out.append({key: g[key] for key in KEYS if key in g})
    return out


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _values(p) -> list:
    """The state characters a given may show: empty, the colours ('X' too in black and white)."""
    return [c.char for c in p.colors] + ([] if p.is_color else ["X"])


def _plain(p, ch) -> str:
    """A value as one character per cell value ('X' is '#' in black and white)."""
    return "#" if ch == "X" and not p.is_color else ch


def state(p, givens) -> list | None:
    """State rows with only the given cells known ("?" elsewhere), or None when there are none.
    ``givens`` as ``check`` returns them."""
    rows = [["?"] * p.width for _ in range(p.height)]
    for g in givens:
        y, x = g["row"] - 1, g["column"] - 1
        rows[y][x] = _plain(p, g.get("value") or p.goal[y][x])
    return ["".join(r) for r in rows] if givens else None


def goal_cells(p) -> list:
    """(row, column) 0-based of the givens: the cells the fixer keeps shown."""
    return [(g["row"] - 1, g["column"] - 1) for g in p.givens]


def write(text: str, fmt: str, givens: list) -> str:
    """``text`` (a puzzle written as ``fmt``) with the givens added, as writeGivens."""
    if not givens:
        return text
    listed = json.dumps(givens, separators=(",", ":"))
    if fmt == "json":
        end = text.rindex("}")
        return f'{text[:end].rstrip()},\n "givens": {listed}\n}}\n'
    if fmt == "non":
        return f"{text.rstrip()}\n\ngivens {listed}\n"
    if fmt == "xml":
        esc = listed.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        end = text.index("</puzzle>")
        return f"{text[:end]}<givens>{esc}</givens>\n{text[end:]}"
    return text  # .nin and the rest have no place for them
