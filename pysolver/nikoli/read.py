"""A Nikoli puzzle's file: a puzz.link / pzv.jp URL on its first line (url.py) or
the family's text format (model.py)."""
from __future__ import annotations

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


def parse(text: str, name: str = "puzzle") -> model.Grid:
    """A grid from a file's text: a URL on its first line, or the text format."""
    first = _first_line(text)
    if is_url(first):
        return read_url(first, name)
    return model.parse_text(text, name)
