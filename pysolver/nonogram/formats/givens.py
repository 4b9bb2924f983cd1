"""Cells a puzzle shows at the start ("givens"), as the site writes them into its files
(web/js/shell/share.js writeGivens, readGivens): the same [{row, column, value?}] JSON list
(1-based; ``value`` a state character, else the goal's) as the "givens" key of a JSON file,
a ``givens <list>`` line in .non (a bundle: its first puzzle's) and a <givens> element in
webpbn XML's <puzzle>. Read here so the command line, the batch and the API play the puzzle
the site made: a maker's puzzle that is unique with its shown cells is checked with them.
"""
from __future__ import annotations

import json
import re

_XML = re.compile(r"<givens>([^<]*)</givens>")
_NAMED = re.compile("givens", re.IGNORECASE)  # a file that never says the word has none
_ENTITIES = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}


def read(text: str) -> list:
    """The well-formed givens a puzzle text carries ([] when none), as readGivens."""
    if not _NAMED.search(text):  # most files: the text is not parsed a second time
        return []
    found = _raw(text)
    if not isinstance(found, list):
        return []
    out = []
    for g in found:
        if isinstance(g, dict) and all(_whole(g.get(k)) for k in ("row", "column")):
            v = g.get("value")
            out.append({"row": g["row"], "column": g["column"],
                        **({"value": v} if isinstance(v, str) and len(v) == 1 else {})})
    return out


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _json(s):
    try:
        return json.loads(s)
    except (ValueError, RecursionError):
        return None


def _raw(text):
    stripped = text.lstrip()
    if stripped[:1] in "[{":
        d = _json(text)
        return d.get("givens") if isinstance(d, dict) else None
    if stripped[:1] == "<":  # by pattern: untrusted XML is never parsed with entities
        m = _XML.search(text)
        return _json(re.sub(r"&(lt|gt|amp|quot|apos);", lambda e: _ENTITIES[e[1]], m[1])) if m else None
    for line in text.splitlines():  # .non: the first puzzle's line
        if line.strip() == "====":
            break
        m = re.match(r"\s*givens\s+(.*)$", line, re.IGNORECASE)
        if m:
            return _json(m[1])
    return None


def state(p, givens) -> list | None:
    """State rows with only the given cells known ("?" elsewhere), or None when none fits
    the puzzle: a cell outside the grid, or with no value and no goal, is skipped (untrusted
    input, as the page's givenCells)."""
    rows = [["?"] * p.width for _ in range(p.height)]
    chars = {c.char for c in p.colors}
    known = False
    for g in givens:
        y, x = g["row"] - 1, g["column"] - 1
        if not (0 <= y < p.height and 0 <= x < p.width):
            continue
        ch = g.get("value") or (p.goal[y][x] if p.goal else None)
        if ch == p.colors[0].char:
            ch = "."
        elif ch not in (None, "?") and not p.is_color:
            ch = p.colors[1].char  # black and white: any other mark is filled
        if ch == "." or ch in chars:
            rows[y][x], known = ch, True
    return ["".join(r) for r in rows] if known else None


def goal_cells(p) -> list:
    """(row, column) 0-based of the givens inside the grid: the cells the fixer keeps shown."""
    return [(g["row"] - 1, g["column"] - 1) for g in p.givens
            if 1 <= g["row"] <= p.height and 1 <= g["column"] <= p.width]


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
