"""A Nikoli puzzle's file: a puzz.link / pzv.jp URL on its first line (url.py), or
one URL a line (a collection), or the family's text format (model.py). Lines
starting with '#' are comments; ``# title: …`` and ``# by: …`` before a puzzle (a
URL line, or the text format's header) are its title and author, which
:func:`write` writes (puzz.link's URLs carry neither; other readers skip the
comments)."""
from __future__ import annotations

import re

from .. import limits
from ..errors import PuzzleError
from ..nonogram.formats.common import clean_text
from . import model
from .url import is_url, read_url, url_family, write_url


def looks_like(text: str) -> bool:
    """True when the text is one of ours: a puzz.link-style URL or a family header."""
    first = _first_line(text)
    return is_url(first) or _header_family(first) is not None


def family_of(text: str, name: str = "puzzle") -> str | None:
    """The family of the puzzle in the text (None: not one of ours); NikoliError
    for a URL of a puzzle type we do not play."""
    first = _first_line(text)
    return url_family(first, name) if is_url(first) else _header_family(first)


def _first_line(text: str) -> str:
    return next((ln.strip() for ln in model.text_lines(text)
                 if ln.strip() and not ln.strip().startswith("#")), "")


def _header_family(line: str) -> str | None:
    parts = line.split()
    if len(parts) == 2 and "x" in parts[1].lower():
        return model.ALIASES.get(parts[0].lower())
    return None


# a title or author comment: "# title: The Lake", "# by: Ann"
META = re.compile(r"#\s*(title|by)\s*:(.*)", re.IGNORECASE)
MAX_META = 120  # characters of a title or an author (Create's fields take 120 and 80)
META_KEYS = {"title": "title", "by": "author"}


def meta_text(value) -> str:
    """A title or author as one line of at most MAX_META characters, cleaned as every
    puzzle's metadata is (clean_text: no control characters) ("" for a non-string)."""
    return " ".join(clean_text(value).split())[:MAX_META] if isinstance(value, str) else ""


def _meta(line: str, meta: dict) -> None:
    """A comment line's title or author into `meta`."""
    m = META.fullmatch(line)
    if m:
        meta[META_KEYS[m.group(1).lower()]] = meta_text(m.group(2))


def _named(grid: model.Grid, meta: dict) -> model.Grid:
    grid.title = meta.get("title", grid.title)
    grid.author = meta.get("author", grid.author)
    return grid


def write(grid: model.Grid, to: str = "url") -> str:
    """The puzzle's file: its title and author comments, then its puzz.link URL or the
    family's text format."""
    if to not in ("url", "text"):
        raise PuzzleError(f"convert: {to!r} is not url or text")
    head = [f"# {key}: {meta_text(value)}" for key, value in (("title", grid.title), ("by", grid.author))
            if meta_text(value)]
    body = write_url(grid) + "\n" if to == "url" else model.to_text(grid)
    return "".join(line + "\n" for line in head) + body


def parse_all(text: str, name: str = "puzzle") -> list:
    """Every puzzle of a file's text: a grid for each URL line, or the PuzzleError of that
    line (a collection's other puzzles still read); or the one grid of the text format.
    A title or author comment names the puzzle after it."""
    first = _first_line(text)
    meta = {}
    if not is_url(first):
        for raw in model.text_lines(text):
            line = raw.strip()
            if line and not line.startswith("#"):
                break
            _meta(line, meta)
        return [_named(model.parse_text(text, name), meta)]
    out, cells = [], limits.NikoliCells()
    for k, raw in enumerate(model.text_lines(text), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            _meta(line, meta)
            continue
        limits.check_puzzles(len(out) + 1, f"{name}, line {k}")
        try:
            if not is_url(line):  # the text format after a URL was read as nothing before
                raise model.NikoliError(f"{name}, line {k}: not a puzz.link URL: a file that "
                                        "starts with one holds one URL a line")
            out.append(_named(read_url(line, f"{name}, line {k}", cells), meta))
        except limits.FileLimit:
            raise  # the whole file is refused
        except PuzzleError as e:
            out.append(e)
        meta = {}
    if len(out) == 1 and isinstance(out[0], PuzzleError):  # one puzzle: its error, as before
        return [read_url(first, name)]
    return out


def grids(text: str, name: str = "puzzle") -> list:
    """Every grid of a file's text (parse_all); the first puzzle that does not read raises."""
    items = parse_all(text, name)
    for x in items:
        if isinstance(x, PuzzleError):
            raise x
    return items


def parse(text: str, name: str = "puzzle") -> model.Grid:
    """The one grid of a file's text: a URL on its first line, or the text format."""
    items = grids(text, name)
    if len(items) > 1:
        raise model.NikoliError(f"{name}: holds {len(items)} puzzles (one URL a line); this "
                                "takes one (pysolver batch checks them all)")
    return items[0]
