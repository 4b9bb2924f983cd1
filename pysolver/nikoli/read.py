"""A Nikoli puzzle's file: a puzz.link / pzv.jp URL on its first line (url.py), or
one URL a line (a collection), or the family's text format (model.py). Lines
starting with '#' are comments."""
from __future__ import annotations

from .. import limits
from ..errors import PuzzleError
from . import model
from .url import is_url, read_url, url_family


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


def parse_all(text: str, name: str = "puzzle") -> list:
    """Every puzzle of a file's text: a grid for each URL line, or the PuzzleError of that
    line (a collection's other puzzles still read); or the one grid of the text format."""
    first = _first_line(text)
    if not is_url(first):
        return [model.parse_text(text, name)]
    out, cells = [], limits.NikoliCells()
    for k, raw in enumerate(model.text_lines(text), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        limits.check_puzzles(len(out) + 1, f"{name}, line {k}")
        try:
            if not is_url(line):  # the text format after a URL was read as nothing before
                raise model.NikoliError(f"{name}, line {k}: not a puzz.link URL: a file that "
                                        "starts with one holds one URL a line")
            out.append(read_url(line, f"{name}, line {k}", cells))
        except limits.FileLimit:
            raise  # the whole file is refused
        except PuzzleError as e:
            out.append(e)
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
