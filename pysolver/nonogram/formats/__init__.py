"""Puzzle files: detect the format from the content, read, and write.

Read: webpbn XML (``xml``), Simpson ``.non`` (``non``), Wilk ``.nin`` (``nin``),
TAAI tournament text (``taai``), picross-solver text (``picross``), Olšák ``.g``
(``g``), our JSON (``json``), and goal pictures (``grid``: a text grid of '#'
and '.'; ``pbm``: plain PBM). Write: ``non``, ``xml``, ``json`` (and ``nin`` for
black-and-white puzzles). The file name only labels messages; the content
decides the format. Every problem is a PuzzleError naming the file, the line or
element, and what is wrong.
"""
from __future__ import annotations

import json

from ... import limits
from ...decode import BINARY, NotText, text_of
from ...errors import PuzzleError
from ..puzzle import Puzzle
from . import givens, image, jsonfmt, olsak, picross, simpson, taai, webpbn, wilk



def _readers():
    return [
        ("xml", webpbn.detect, webpbn.parse),
        ("json", jsonfmt.detect, jsonfmt.parse),
        ("taai", taai.detect, taai.parse),
        ("picross", picross.detect, picross.parse),
        ("non", simpson.detect, simpson.parse),
        ("g", olsak.detect, olsak.parse),
        ("nin", wilk.detect, wilk.parse),
        ("pbm", lambda t: t.lstrip()[:2] == "P1", image.parse_pbm),
        ("grid", image.detect_grid, image.parse_grid),
    ]


# a file's extension, when its content is none a reader recognises: that reader says what is
# wrong with it ("line 3: 'x' is not a clue number"), not "unknown puzzle format"
EXTENSIONS = {"xml": "xml", "pbn": "xml", "json": "json", "non": "non", "nonpack": "non",
              "nin": "nin", "g": "g", "pbm": "pbm"}

WRITERS = {"non": simpson.dump, "xml": webpbn.dump, "json": jsonfmt.dump, "nin": wilk.dump}
GIVENS = ("json", "non", "xml")  # the formats the site writes shown cells into (givens.py)
READ_FORMATS = ("xml", "json", "taai", "picross", "non", "g", "nin", "pbm", "grid")


def detect(text: str, filename: str | None = None) -> str | None:
    """The format name of a text (else of its file name's ending: EXTENSIONS), or None."""
    for name, test, _ in _readers():
        if test(text):
            return name
    if text.strip() and isinstance(filename, str) and "." in filename:
        return EXTENSIONS.get(filename.rpartition(".")[2].lower())
    return None


def parse_each(text: str | bytes, filename: str | None = None, fmt: str | None = None) -> list:
    """Every puzzle in a text, each a Puzzle or the PuzzleError that one raised.

    A file that cannot be read at all gives a one-item list holding its error.
    """
    label = f"{filename}: " if filename else ""
    if not isinstance(text, (str, bytes)):  # the API's and the worker's callers send JSON
        return [PuzzleError(f"{label}a puzzle file's text must be a string, "
                            f"not {type(text).__name__}")]
    try:
        limits.check_text_size(len(text), label)
    except PuzzleError as e:
        return [e]
    if isinstance(text, bytes) and text[:2] == b"P4" and fmt in (None, "pbm"):
        items = image.parse_pbm(text)  # a raw PBM picture is bytes, not text
    else:
        items = _read(text, filename, fmt)
    return [PuzzleError(f"{label}{x}") if isinstance(x, PuzzleError) else x for x in items]


def _read(text, filename, fmt) -> list:
    """parse_each's puzzles (or errors, unlabelled) of a text or its bytes."""
    try:
        text = text_of(text) if isinstance(text, bytes) else text.lstrip("\ufeff")
    except NotText as e:
        return [PuzzleError(str(e))]
    if "\x00" in text:
        return [PuzzleError(BINARY)]
    readers = {name: read for name, _, read in _readers()}
    if fmt is None:
        fmt = detect(text, filename)
        if fmt is None:
            if not text.strip():
                return [PuzzleError("the file is empty")]
            return [PuzzleError(
                "unknown puzzle format (expected a nonogram as webpbn XML, .non, .nin, .g, "
                "TAAI, picross-solver text, JSON or a picture drawn in text or PBM, or a "
                "Nurikabe, Heyawake, Masyu or Bag puzz.link URL or text)")]
    elif fmt not in readers:
        return [PuzzleError(f"unknown format {fmt!r}")]
    try:
        items = readers[fmt](text)
    except PuzzleError as e:  # a reader may stop at a whole-file problem
        return [e]
    except RecursionError:
        return [PuzzleError("the file is nested too deeply")]
    return items


def parse(text: str | bytes, filename: str | None = None, fmt: str | None = None) -> list:
    """All puzzles of a text; the first problem raises PuzzleError."""
    items = parse_each(text, filename, fmt)
    for x in items:
        if isinstance(x, PuzzleError):
            raise x
    return items


def parse_one(text: str | bytes, filename: str | None = None) -> Puzzle:
    """The single puzzle of a text (PuzzleError when there are several)."""
    items = parse(text, filename)
    if len(items) != 1:
        label = f"{filename}: " if filename else ""
        raise PuzzleError(f"{label}the file holds {len(items)} puzzles; expected one")
    return items[0]


def dump(puzzle: Puzzle, fmt: str) -> str:
    """The puzzle written as ``non``, ``xml``, ``json`` or ``nin``."""
    if fmt not in WRITERS:
        raise PuzzleError(f"cannot write format {fmt!r} (choose one of {', '.join(WRITERS)})")
    if fmt not in GIVENS and givens.state(puzzle, puzzle.givens):  # without them: another puzzle
        n = len(givens.goal_cells(puzzle))
        raise PuzzleError(f"a .{fmt} file cannot hold the {n} cell{'s' * (n != 1)} this puzzle "
                          f"shows at the start, and without {'them' if n != 1 else 'it'} it may have other "
                          "solutions (non, xml and json hold them)")
    return givens.write(WRITERS[fmt](puzzle), fmt, puzzle.givens)


def dump_all(puzzles, fmt: str) -> str:
    """Several puzzles in one text: a .non bundle (``====``), one XML puzzleset, a JSON list."""
    puzzles = list(puzzles)
    if len(puzzles) == 1:
        return dump(puzzles[0], fmt)
    if fmt == "non":
        return "====\n".join(dump(p, "non") for p in puzzles)
    if fmt == "xml":
        return webpbn.dump_set(puzzles)
    if fmt == "json":
        return json.dumps([jsonfmt.to_dict(p) for p in puzzles], ensure_ascii=False, indent=1) + "\n"
    if fmt in WRITERS:
        raise PuzzleError(f"a {fmt} file holds one puzzle; this input has {len(puzzles)}")
    return dump(puzzles[0], fmt)  # raises the unknown-format error


_KEPT = {"title": "the title", "author": "the author", "copyright": "the copyright line",
         "license": "the licence", "description": "the description", "source": "the source",
         "rgb": "the colours", "colors": "the colour names", "goal": "the goal image",
         "rows": "the clues"}


def losses(puzzles, text: str, fmt: str) -> str | None:
    """What ``text`` (``puzzles`` written as ``fmt``) does not keep, read back: a sentence
    naming the fields it leaves out and those it changes (a .nin file has no title, .non
    no colour names...), or None when it keeps everything."""
    if fmt not in WRITERS:
        return None
    out, changed = [], []
    try:
        back = parse(text, fmt=fmt)
    except PuzzleError as e:  # a writer's fault, said rather than hidden
        return f"the .{fmt} output cannot be read back ({e})"
    for p, q in zip(puzzles, back):
        a, b = jsonfmt.to_dict(p), jsonfmt.to_dict(q)
        a["rgb"], b["rgb"] = ([c["rgb"] for c in d["colors"]] for d in (a, b))
        if a["rgb"] != b["rgb"]:
            b["colors"] = a["colors"]  # the colours changed: their names are not said as well
        for key, words in _KEPT.items():
            if a.get(key) != b.get(key) and words not in out + changed:
                (changed if b.get(key) else out).append(words)
    parts = [f"{verb} {_and(words)}" for verb, words in (("leaves out", out), ("changes", changed))
             if words]
    return f"the .{fmt} output {' and '.join(parts)}" if parts else None


def _and(words):
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"
