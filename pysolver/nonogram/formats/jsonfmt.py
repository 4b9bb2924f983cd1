"""The project's own JSON form (ARCHITECTURE.md): one object, or a list of them.

``{"format": "pysolver", "version": 1, "title", "author", "copyright",
"license", "description", "source", "width", "height", "colors": [{"name",
"char", "rgb"}...] (background first), "rows": [...], "columns": [...],
"goal": [row strings] | null}``. A clue is a list of blocks; a block is an int
(colour 1) or ``[length, "char"]``. Clues may be omitted when a goal is given. A file's
puzzle may add "givens", the cells it shows at the start (givens.py).
"""
from __future__ import annotations

import json
from operator import itemgetter

from ... import limits
from ...errors import PuzzleError
from ..puzzle import BACKGROUND, BLACK, Color, Puzzle
from . import givens
from .common import SURROGATE, colour_name, finish, rgb_value

NAME = "json"
META = ("title", "author", "copyright", "license", "description", "source")


def detect(text: str) -> bool:
    # no other format begins with '{' or '[': a list of anything is JSON, so a damaged one
    # ([[[...]]], [1, 2]) is told what is wrong, not "unknown format"
    return text.lstrip("\ufeff \t\r\n")[:1] in ("{", "[")


def parse(text: str) -> list:
    try:
        data = json.loads(text, parse_int=_int, object_pairs_hook=_once)
    except PuzzleError as e:
        return [e]
    except ValueError as e:
        return [PuzzleError(problem(e))]
    except RecursionError:
        return [PuzzleError("the JSON is nested too deeply")]
    items = data if isinstance(data, list) else pooled(data) or [data]
    if not items:
        return [PuzzleError("the JSON list holds no puzzle")]
    if len(items) > limits.MAX_PUZZLES:
        limits.check_puzzles(len(items), f"puzzle {limits.MAX_PUZZLES + 1}")
    out, numbers = [], limits.ClueCount()
    for k, item in enumerate(items):
        try:
            p = from_dict(item, numbers)
            if "givens" in item:
                p.givens = givens.check(p, item["givens"])
            out.append(p)
        except limits.FileLimit as e:
            raise limits.FileLimit(f"puzzle {k + 1}: {e}") from None
        except PuzzleError as e:
            out.append(PuzzleError(f"puzzle {k + 1}: {e}") if len(items) > 1 else e)
    return out


def pooled(data) -> list | None:
    """The puzzles of a pool of the site's generator (tools/build/pool.py: ``{"generator",
    "made": [{..., "puzzle": {...}}, ...]}``), each entry's puzzle; None for other JSON."""
    if not (isinstance(data, dict) and isinstance(data.get("generator"), str)
            and isinstance(data.get("made"), list) and data["made"]):
        return None
    return [m.get("puzzle") if isinstance(m, dict) else m for m in data["made"]]


# the json module's words for what is wrong, in a person's
_WORDS = {
    "Expecting value": "a value is missing (a number, a \"string\", a list [...] or an object {...})",
    "Expecting property name enclosed in double quotes": "expected a \"key\" in double quotes "
    "(or the end of the object, with no ',' before it)",
    "Expecting ':' delimiter": "expected ':' after the key",
    "Expecting ',' delimiter": "expected ',' between two items, or the closing bracket",
    "Unterminated string starting at": "a string is not closed by '\"'",
    "Invalid control character at": "a line break or tab inside a string (write \\n or \\t)",
    "Invalid \\escape": "an unknown escape after a backslash",
    "Invalid \\uXXXX escape": "a backslash-u not followed by four hex digits",
    "Extra data": "more text after the end of the JSON value",
}


def problem(e: ValueError) -> str:
    """Where and what is wrong with text json could not read (its JSONDecodeError)."""
    msg = getattr(e, "msg", None)
    if msg is None or getattr(e, "lineno", None) is None:
        return f"not valid JSON ({e})"
    return f"line {e.lineno}, column {e.colno}: not valid JSON: {_WORDS.get(msg, msg)}"


def value(text: str, label: str):
    """The JSON value another format holds as text (a .non line's, an XML element's); a
    PuzzleError naming ``label`` and what is wrong when it is not valid JSON."""
    try:
        return json.loads(text, parse_int=_int, object_pairs_hook=_once)
    except PuzzleError as e:
        raise PuzzleError(f"{label}: {e}") from None
    except ValueError as e:
        at = f" at character {e.pos + 1}" if getattr(e, "pos", None) is not None else ""
        words = _WORDS.get(getattr(e, "msg", ""), getattr(e, "msg", str(e)))
        raise PuzzleError(f"{label} is not valid JSON{at}: {words}") from None
    except RecursionError:
        raise PuzzleError(f"{label} is nested too deeply") from None


def _once(pairs) -> dict:
    """An object whose keys differ (of a key given twice, json keeps the last unsaid)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        twice = next(k for i, (k, _) in enumerate(pairs) if k in dict(pairs[:i]))
        raise PuzzleError(f"the key {twice[:40]!r} is given twice in one object")
    return out


def _int(token: str) -> int:
    # json's own int() would fail past 4300 digits with a ValueError of its own
    return limits.number(token.lstrip("-"), "JSON") * (-1 if token[0] == "-" else 1)


def _clean(value):
    """The JSON value with unpaired surrogates ("\\ud800") as U+FFFD: printable, encodable."""
    if isinstance(value, str):
        return SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_clean(v) for v in value]
    if isinstance(value, dict):
        return {_clean(k): _clean(v) for k, v in value.items()}
    return value


def kind(value) -> str:
    """A JSON value's kind, as the player wrote it."""
    if isinstance(value, bool) or value is None:
        return json.dumps(value)
    return {list: "a list [...]", str: "a string", int: "a number", float: "a number"}.get(
        type(value), type(value).__name__)


def from_dict(d, numbers=None) -> Puzzle:
    """A Puzzle from the JSON dict form; PuzzleError naming the bad field.

    ``numbers``: the file's limits.ClueCount when it holds several puzzles."""
    if not isinstance(d, dict):
        raise PuzzleError(f"a puzzle must be a JSON object {{...}}, not {kind(d)}")
    try:
        d = _clean(d)
    except RecursionError:  # a dict from the API: no JSON parser limited its depth
        raise PuzzleError("the puzzle is nested too deeply") from None
    numbers = numbers if numbers is not None else limits.ClueCount()
    fmt = d.get("format", "pysolver")
    if fmt != "pysolver":
        raise PuzzleError(f"'format' is {fmt!r}, expected 'pysolver'")
    version = d.get("version", 1)
    if version != 1:
        raise PuzzleError(f"'version' {version!r} is not supported (expected 1)")
    meta = {}
    for key in META:
        value = d.get(key)
        if value is not None:
            if not isinstance(value, str):
                raise PuzzleError(f"'{key}' must be a string")
            meta[key] = value
    colors = [BACKGROUND, BLACK]
    if d.get("colors") is not None:
        raw = d["colors"]
        if not isinstance(raw, list) or len(raw) < 2:
            raise PuzzleError("'colors' must list the background and at least one colour")
        colors = []
        for k, c in enumerate(raw):
            where = f"colors[{k}]"
            if not isinstance(c, dict):
                raise PuzzleError(f"{where} must be an object with name, char and rgb")
            name, char = c.get("name"), c.get("char")
            if not isinstance(name, (str, type(None))) or not isinstance(char, str) or len(char) != 1:
                raise PuzzleError(f"{where}: 'name' must be a string and 'char' one character")
            if not char.isprintable():
                raise PuzzleError(f"{where}: 'char' {char!r} is not a printable character")
            rgb = c.get("rgb", "808080")
            if not isinstance(rgb, str):
                raise PuzzleError(f"{where}: 'rgb' must be a string like 'FF0000'")
            rgb = rgb_value(rgb, where)
            colors.append(Color(colour_name(rgb) if name is None else name, char, rgb))
    if not {"rows", "columns", "goal"} & d.keys():  # a catalogue, an index, a generator's log
        raise PuzzleError("this JSON is not a puzzle: it has no 'rows' and 'columns', nor a 'goal'")
    index = {c.char: i for i, c in enumerate(colors)}
    rows = _clues(d, "rows", index, numbers)
    cols = _clues(d, "columns", index, numbers)
    goal = d.get("goal")
    if goal is not None:
        if not isinstance(goal, list) or not all(isinstance(r, str) for r in goal):
            raise PuzzleError("'goal' must be a list of row strings")
        limits.check_shape(max(map(len, goal), default=0), len(goal), "'goal'")
    if rows is not None and cols is not None:
        limits.check_shape(len(cols), len(rows))
    if (rows is None) != (cols is None):
        raise PuzzleError("give both 'rows' and 'columns', or neither and a 'goal'")
    puzzle = finish(rows, cols, colors, goal, **meta)
    for key, actual in (("width", puzzle.width), ("height", puzzle.height)):
        if key in d and d[key] != actual:
            raise PuzzleError(f"'{key}' is {d[key]!r} but the clues give {actual}")
    return puzzle


def _clues(d, key, index, numbers):
    raw = d.get(key)
    if raw is None:
        return None
    if not isinstance(raw, list):
        raise PuzzleError(f"'{key}' must be a list of clues")
    if len(raw) > limits.MAX_SIDE:
        raise PuzzleError(f"'{key}' holds {len(raw)} clues; the limit is {limits.MAX_SIDE} "
                          "cells a side")
    out = []
    for i, clue in enumerate(raw):
        where = f"{key}[{i}]"
        if not isinstance(clue, list):
            raise PuzzleError(f"{where} must be a list of blocks")
        numbers.add(len(clue), where)
        blocks = []
        for j, b in enumerate(clue):
            if isinstance(b, list) and len(b) == 2:
                n, ch = b
                if not isinstance(ch, str) or ch not in index:
                    raise PuzzleError(f"{where}[{j}]: unknown colour {ch!r}")
                col = index[ch]
            else:
                n, col = b, 1
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                raise PuzzleError(f"{where}[{j}]: {n!r} is not a positive block length")
            if col == 0:
                raise PuzzleError(f"{where}[{j}]: a block cannot have the background colour")
            blocks.append((n, col))
        out.append(blocks)
    return out


def to_dict(p: Puzzle, shown: bool = False) -> dict:
    """The JSON dict form; ``shown``: with the cells the puzzle shows at the start, when it
    has any (its "givens": what a JSON file holds and the page plays)."""
    chars = [c.char for c in p.colors]

    def blocks(clue):  # a black-and-white clue's lengths unzipped in one go: a block at a
        # time (the colour asked of each) took a second of a 2000x2000 picture's reading
        return [[n, chars[c]] for n, c in clue] if p.is_color else list(map(itemgetter(0), clue))

    d = {"format": "pysolver", "version": 1}
    for key in META:
        d[key] = getattr(p, key)
    d.update({
        "width": p.width, "height": p.height,
        "colors": [{"name": c.name, "char": c.char, "rgb": c.rgb} for c in p.colors],
        "rows": list(map(blocks, p.rows)),
        "columns": list(map(blocks, p.cols)),
        "goal": list(p.goal) if p.goal else None,
    })
    if shown and p.givens:
        d["givens"] = p.givens
    return d


def dump(p: Puzzle) -> str:
    """JSON text with one clue, colour or goal row per line (readable and diffable)."""
    parts = []
    for key, value in to_dict(p).items():
        if isinstance(value, list) and value:
            inner = ",\n  ".join(json.dumps(v, ensure_ascii=False) for v in value)
            parts.append(f' {json.dumps(key)}: [\n  {inner}\n ]')
        else:
            parts.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"
