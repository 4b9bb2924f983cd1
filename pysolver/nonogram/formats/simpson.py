"""Steve Simpson's ``.non`` format with mikix's extensions: read and write.

One ``key value`` per line; unknown keys are ignored. ``width``/``height`` come
before ``rows``/``columns`` (each followed by exactly that many clue lines; a
blank line or ``0`` is an empty line) and ``goal`` (row-major, ``0`` empty, ``1``
or a colour letter filled; also accepted as ``height`` lines after a bare
``goal``, as pbnsolve writes it). Colour: ``color a #ff0000`` and clues like
``3a,1b``. Bundles (``.nonpack``) separate puzzles with a ``====`` line. A ``givens``
line holds the cells a puzzle shows at the start (givens.py).
"""
from __future__ import annotations

import re

from ... import limits
from ...decode import SPACE, lines as text_lines, unlike_ascii, words
from ...errors import PuzzleError
from ..puzzle import BACKGROUND, BLACK, Color, Puzzle
from . import givens, jsonfmt
from .common import colour_name, finish, positive, rgb_value, size, unescape

NAME = "non"
KEYS = {"catalogue", "title", "by", "copyright", "license", "width", "height",
        "rows", "columns", "goal", "color", "givens"}
TOKEN = re.compile(r"(\d+)([^\d,\s]?)$")
_GOAL = str.maketrans("01", ".#")
DEFAULT_PALETTE = ["FF0000", "00A000", "0000FF", "FFA500", "A000A0", "00A0A0",
                   "A52A2A", "808080", "FFC0CB", "808000"]


def detect(text: str) -> bool:
    seen = set()
    for line in text_lines(text)[:400]:
        word = (line.split(None, 1) or [""])[0].lower()  # any space: the reader says which
        if word in KEYS:
            seen.add(word)
    return bool(seen & {"width", "height"}) and bool(seen & {"rows", "columns", "goal"})


def parse(text: str) -> list:
    chunks, start, lines = [], 0, text_lines(text)
    for i, line in enumerate(lines):
        if line.strip(SPACE) == "====":
            chunks.append((start, lines[start:i]))
            start = i + 1
    chunks.append((start, lines[start:]))
    chunks = [(s, c) for s, c in chunks if any(x.strip(SPACE) for x in c)]
    if len(chunks) > limits.MAX_PUZZLES:
        limits.check_puzzles(len(chunks), f"line {chunks[limits.MAX_PUZZLES][0] + 1}")
    out, numbers = [], limits.ClueCount()
    for k, (offset, chunk) in enumerate(chunks):
        try:
            out.append(_parse_one(chunk, offset, numbers))
        except limits.FileLimit:
            raise
        except PuzzleError as e:
            out.append(PuzzleError(f"puzzle {k + 1}: {e}") if len(chunks) > 1 else e)
    if not out:
        out.append(PuzzleError("the file is empty"))
    return out


def _string(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] == '"':
        value = value[1:-1]
    return unescape(value)


def _parse_one(lines, offset, numbers) -> Puzzle:
    meta, width, height = {}, None, None
    rows = cols = goal = None
    designations = {}  # colour letter -> rgb (None when not declared)
    where_lines = {}  # (axis, index) -> file line, for validation messages
    seen = {}  # width, height, rows, columns, goal, givens -> where it was given
    shown = None  # the givens line: (its JSON text, where)
    i = 0

    def where(k):
        return f"line {offset + k + 1}"

    def section(count, what):
        nonlocal i
        axis = "row" if what == "rows" else "column"
        for k in range(count):
            where_lines[axis, k] = offset + i + 2 + k
        got = lines[i + 1:i + 1 + count]
        if len(got) < count:
            raise PuzzleError(f"{where(i)}: '{what}' needs {count} clue lines, "
                              f"the file ends after {len(got)}")
        for k, line in enumerate(got):
            if line.strip(SPACE).split(" ", 1)[0].lower() in KEYS:
                raise PuzzleError(f"{where(i + 1 + k)}: '{what}' needs {count} clue lines "
                                  f"but only {k} come before {line.strip(SPACE)[:20]!r}")
        clues = [_clue(line, where(i + 1 + k), designations, numbers) for k, line in enumerate(got)]
        i += count
        return clues

    while i < len(lines):
        line = lines[i].strip(SPACE)
        if not line:
            i += 1
            continue
        key, _, value = line.partition(" ")
        if unlike_ascii(key) and key.split()[0].lower() in KEYS:
            raise PuzzleError(f"{where(i)}: {line[:20]!r} is not '{key.split()[0].lower()} "
                              f"<value>'{unlike_ascii(key)}")
        key, value = key.lower(), value.strip(SPACE)
        part = {"columns": "width", "rows": "height"}.get(key, key) if value else key
        if part in ("width", "height", "rows", "columns", "goal", "givens"):  # which one would count?
            if part in seen:
                raise PuzzleError(f"{where(i)}: '{part}' is given twice (first on {seen[part]})")
            seen[part] = where(i)
        if key in ("width", "columns") and value:
            width = size(value, where(i))
        elif key in ("height", "rows") and value:
            height = size(value, where(i))
        elif key == "rows":
            if height is None:
                raise PuzzleError(f"{where(i)}: 'rows' comes before 'height'")
            rows = section(height, "rows")
        elif key == "columns":
            if width is None:
                raise PuzzleError(f"{where(i)}: 'columns' comes before 'width'")
            cols = section(width, "columns")
        elif key == "goal":
            if width is None or height is None:
                raise PuzzleError(f"{where(i)}: 'goal' comes before 'width' and 'height'")
            if value:
                cells = _string(value)
            else:
                cells = "".join(lines[i + 1:i + 1 + height])
                i += height
            cells = "".join(words(cells))
            if len(cells) != width * height:
                raise PuzzleError(f"{where(i)}: the goal has {len(cells)} cells, "
                                  f"expected {width}x{height} = {width * height}")
            goal = [cells[y * width:(y + 1) * width] for y in range(height)]
            for ch in dict.fromkeys(cells):  # each character once, in order of first use
                if ch in "01":
                    continue
                # a colour letter (in order of first use), refused as a color line refuses it
                if not ch.isprintable() or ch.isdigit() or ch in ',."?':
                    raise PuzzleError(f"{where(i)}: the goal's {ch!r} cannot name a colour")
                designations.setdefault(ch, None)
        elif key == "color":
            parts = words(value)
            if len(parts) < 2 or len(parts[0]) != 1:
                raise PuzzleError(f"{where(i)}: expected 'color <letter> #rrggbb'")
            ch = parts[0]
            if ch.isdigit() or ch in ',."?':
                raise PuzzleError(f"{where(i)}: {ch!r} cannot name a colour")
            designations[ch] = rgb_value(parts[1], where(i))
        elif key == "givens":
            shown = (value, f"{where(i)}: givens")
        elif key in ("title", "copyright", "catalogue"):
            meta["source" if key == "catalogue" else key] = _string(value)
        elif key == "by":
            meta["author"] = _string(value)
        elif key == "license":
            meta["license"] = _string(value)
        elif key == "description":
            meta["description"] = _string(value)
        elif key not in KEYS and all(TOKEN.match(t) for t in re.split(r"[, \t]+", line)):
            # a section's line too many (other unknown lines are other programs' keys)
            sizes = f"height {height}, width {width}"
            raise PuzzleError(f"{where(i)}: clue numbers {line[:20]!r} outside the 'rows' and "
                              f"'columns' sections, which take one line a row and column ({sizes})")
        i += 1
    if width is None or height is None:
        raise PuzzleError("the file gives no width and height")
    if (rows is None or cols is None) and goal is None:
        missing = "rows" if rows is None else "columns"
        raise PuzzleError(f"the file has no '{missing}' section and no goal")

    colors = [BACKGROUND, BLACK]
    index = {"1": 1}
    for k, (ch, rgb) in enumerate(designations.items()):
        rgb = rgb or DEFAULT_PALETTE[k % len(DEFAULT_PALETTE)]
        index[ch] = len(colors)
        colors.append(Color(colour_name(rgb), ch, rgb))
    if rows is not None and cols is not None:
        rows = [tuple((n, index[c]) for n, c in clue) for clue in rows]
        cols = [tuple((n, index[c]) for n, c in clue) for clue in cols]
    else:
        rows = cols = None
    if goal is not None:
        goal = [row.translate(_GOAL) for row in goal]  # the colour letters stay as they are
    p = finish(rows, cols, colors, goal, lines=where_lines, **meta)
    if shown:
        p.givens = givens.check(p, jsonfmt.value(*shown), shown[1])
    return p


def _clue(line: str, where: str, designations, numbers) -> list:
    out = []
    tokens = re.split(r"[, \t]+", line.strip(SPACE))
    numbers.add(len(tokens), where)
    for token in tokens:
        if not token:
            continue
        m = TOKEN.match(token)
        if not m:
            raise PuzzleError(f"{where}: {token[:20]!r} is not a clue number{unlike_ascii(token)}")
        if m.group(1).strip("0") == "" and not m.group(2):
            continue  # "0": an empty line
        n = positive(m.group(1), where)
        ch = m.group(2) or "1"
        if ch != "1":
            if ch in '."?':
                raise PuzzleError(f"{where}: {ch!r} cannot name a colour")
            designations.setdefault(ch, None)
        out.append((n, ch))
    return out


def _quote(text: str) -> str:
    # .non has no escapes of its own. Only what would end the string (") or be
    # read back as an entity (an & before a letter, digit or #) is written as
    # an HTML entity, so other readers show "Tom & Jerry <3" as it is; a line break
    # (a description's) as &#10;, which this reader reads back as one.
    text = re.sub(r"&(?=[#A-Za-z0-9])", "&amp;", text)
    text = "&#10;".join(" ".join(line.split()) for line in text.split("\n"))
    return '"' + text.replace('"', "&quot;") + '"'


def dump(p: Puzzle) -> str:
    out = []
    if p.source:
        out.append(f"catalogue {_quote(p.source)}")
    if p.title:
        out.append(f"title {_quote(p.title)}")
    if p.author:
        out.append(f"by {_quote(p.author)}")
    if p.copyright:
        out.append(f"copyright {_quote(p.copyright)}")
    if p.license:
        spdx = re.fullmatch(r"[A-Za-z0-9.+-]+", p.license)
        out.append(f"license {p.license if spdx else _quote(p.license)}")
    if p.description:
        out.append(f"description {_quote(p.description)}")
    # a colour that is not black is named, one alone too ('1' is black to every reader)
    named = p.is_color or p.colors[1].rgb != BLACK.rgb
    letter = [c.char if p.is_color else "a" for c in p.colors]
    if named:
        out += [f"color {letter[k]} #{c.rgb.lower()}" for k, c in enumerate(p.colors) if k]
    out += [f"width {p.width}", f"height {p.height}", "", "rows"]

    def clue(c):
        if not c:
            return "0"
        if named:
            return ",".join(f"{n}{letter[k]}" for n, k in c)
        return ",".join(str(n) for n, _ in c)

    out += [clue(c) for c in p.rows]
    out += ["", "columns"]
    out += [clue(c) for c in p.cols]
    if p.goal:
        table = {c.char: (letter[k] if named else "1") for k, c in enumerate(p.colors)}
        table[p.colors[0].char] = "0"
        out += ["", 'goal "' + "".join(table[ch] for row in p.goal for ch in row) + '"']
    return "\n".join(out) + "\n"
