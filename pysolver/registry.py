"""The registered puzzle genres (pysolver.genre.Genre): a line each here, the Nikoli
families one line each in nikoli/families.py. The order is the order in which they
are asked to recognise a text (the nonogram, which reads any text grid or picture,
last)."""
from __future__ import annotations

from .errors import PuzzleError
from .nikoli import genre as nikoli
from .nonogram import genre as nonogram

GENRES = {g.name: g for g in (
    *nikoli.GENRES,  # one per family of nikoli/families.py
    nonogram.GENRE,
)}
_BY_ALIAS = {alias: g for g in GENRES.values() for alias in (g.name, *g.aliases)}


def get(name):
    """The genre called ``name`` (or one of its aliases)."""
    genre = _BY_ALIAS.get(name.lower()) if isinstance(name, str) else None
    if genre is None:
        raise PuzzleError(f"unknown genre {name!r}; one of {', '.join(GENRES)}")
    return genre


def recognise(text: str, filename: str | None = None):
    """The first genre that recognises the text as one of its puzzles."""
    for genre in GENRES.values():
        if genre.recognise(text, filename):
            return genre
    raise PuzzleError(f"{filename or 'the text'}: not a puzzle of any genre here ({', '.join(GENRES)})")
