"""What every reader shares: building a checked Puzzle from parsed parts.

Readers turn text into rows, columns, colours and an optional goal; ``finish``
normalises the colours (background first with char '.', a puzzle of one colour as
[background '.', its colour '#']), derives clues from a goal when a file has
none, validates, and checks that a goal given next to clues matches them.
"""
from __future__ import annotations

import html
import re
from itertools import chain
from operator import itemgetter

from ... import limits
from ...errors import PuzzleError
from ..puzzle import (BACKGROUND, BLACK, Color, Puzzle, clues_from_grid, grid_from_rows,
                      validate_goal)

# Enough X11 / CSS names to give the usual colour words an RGB value.
NAMED_RGB = {
    "white": "FFFFFF", "black": "000000", "red": "FF0000", "green": "008000",
    "lime": "00FF00", "blue": "0000FF", "yellow": "FFFF00", "orange": "FFA500",
    "brown": "A52A2A", "gray": "808080", "grey": "808080", "pink": "FFC0CB",
    "purple": "800080", "violet": "EE82EE", "cyan": "00FFFF", "magenta": "FF00FF",
    "navy": "000080", "maroon": "800000", "olive": "808000", "teal": "008080",
    "silver": "C0C0C0", "gold": "FFD700", "beige": "F5F5DC", "tan": "D2B48C",
    "darkgreen": "006400", "lightblue": "ADD8E6", "darkblue": "00008B",
    "lightgreen": "90EE90", "darkred": "8B0000", "lightgray": "D3D3D3",
    "lightgrey": "D3D3D3", "darkgray": "A9A9A9", "darkgrey": "A9A9A9",
}
# The words a colour is named by for players (cell words, palette tooltips) when its file
# gives only its RGB: the nearest of these in CIELAB, each at typical shades of its name (two
# where CIELAB's distances alone called a pure blue "dark blue" or a hot pink "violet").
# The build writes this table to site/colour-words.json, by which Create names its colours.
COLOUR_WORDS = {
    "black": ("000000",), "dark grey": ("505050",), "grey": ("808080",), "light grey": ("C8C8C8",),
    "white": ("FFFFFF",), "red": ("E02020",), "dark red": ("8B0000",), "pink": ("FFA0B4", "F070B0"),
    "magenta": ("E020C0",), "orange": ("FF8C00",), "brown": ("8B4513", "8C564B"), "tan": ("D2B48C",),
    "beige": ("F5F0D0",), "yellow": ("FFE020",), "olive": ("808000",), "light green": ("90EE90",),
    "green": ("30A040", "00E000"), "dark green": ("006400",), "teal": ("008080",), "cyan": ("00D8E0",),
    "light blue": ("9CCCF0",), "blue": ("2060D0", "0000FF"), "dark blue": ("00008B",),
    "purple": ("7B2FA0",), "violet": ("C080F0",),
}

# Characters a colour may not use in state text and files.
UNUSABLE = set("?.0123456789,;|[]\"'&<> \t\r\n")
SPARE_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ*%@+=$~^!/-_:"


def single(parse_one, text: str) -> list:
    """A one-puzzle format's reader in the list-of-puzzles-or-errors form."""
    try:
        return [parse_one(text)]
    except PuzzleError as e:
        return [e]


def unescape(text: str) -> str:
    """HTML entities in quoted strings (.non) and stray names in XML text."""
    return html.unescape(text)


def rgb_value(word: str, where: str) -> str:
    """Six hex digits from '#rrggbb', 'rrggbb', 'rgb' shorthand or a colour name."""
    w = word.strip().lstrip("#")
    if re.fullmatch(r"[0-9A-Fa-f]{6}", w):
        return w.upper()
    if re.fullmatch(r"[0-9A-Fa-f]{3}", w):
        return "".join(ch * 2 for ch in w).upper()
    name = w.lower().replace(" ", "")
    if name in NAMED_RGB:
        return NAMED_RGB[name]
    raise PuzzleError(f"{where}: {word!r} is not a colour (expected #rrggbb or a colour name)")


def _lab(rgb: str) -> tuple:
    """CIELAB (D65) of six hex digits: distances there follow how far apart colours look."""
    def linear(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(rgb[k:k + 2], 16)) for k in (0, 2, 4))
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


_WORD_LABS = [(name, _lab(rgb)) for name, shades in COLOUR_WORDS.items() for rgb in shades]


def colour_name(rgb: str) -> str:
    """The player's word for a colour given only as RGB: the nearest of COLOUR_WORDS."""
    lab = _lab(rgb.upper())
    return min(_WORD_LABS, key=lambda w: sum((a - b) ** 2 for a, b in zip(lab, w[1])))[0]


def distinct_names(colors: list) -> list:
    """One puzzle's colours named apart: of two named alike the darker becomes "dark ..."
    (where that word is free), others "<name> 2", "<name> 3" from light to dark."""
    out, taken = list(colors), {c.name for c in colors}
    groups = {}
    for i, c in enumerate(out[1:], 1):
        groups.setdefault(c.name, []).append(i)
    for name, alike in groups.items():
        if len(alike) < 2:
            continue
        alike.sort(key=lambda i: -_lab(out[i].rgb)[0])
        dark = f"dark {name}"
        if len(alike) == 2 and not name.startswith(("dark ", "light ")) and dark not in taken:
            out[alike[1]] = Color(dark, out[alike[1]].char, out[alike[1]].rgb)
            taken.add(dark)
            continue
        k = 2
        for i in alike[1:]:
            while f"{name} {k}" in taken:
                k += 1
            out[i] = Color(f"{name} {k}", out[i].char, out[i].rgb)
            taken.add(out[i].name)
    return out


def positive(token: str, where: str) -> int:
    """A block length: a positive decimal number of sane size."""
    n = limits.number(token, where)
    if n < 1:
        raise PuzzleError(f"{where}: a block length must be at least 1, not {n}")
    if n > limits.MAX_SIDE:
        raise PuzzleError(f"{where}: block length {n} is longer than the size limit "
                          f"({limits.MAX_SIDE})")
    return n


def size(token: str, where: str) -> int:
    return limits.check_side(limits.number(token, where, "size"), where)


CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")  # Unicode's Cc: ESC, CSI, BEL, ...
CONTROL_BUT_NEWLINE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")
SURROGATE = re.compile("[\ud800-\udfff]")


def clean_text(value: str, multiline: bool = False) -> str:
    """Metadata text safe to print: control characters (terminal escapes included)
    become spaces, unpaired surrogates U+FFFD; newlines stay only when multiline."""
    value = (CONTROL_BUT_NEWLINE if multiline else CONTROL).sub(" ", value)
    return SURROGATE.sub("\ufffd", value).strip()


def finish(rows, cols, colors, goal=None, where: str = "", lines=None, **meta) -> Puzzle:
    """A validated, normalised Puzzle.

    rows / cols: lists of clues ((length, colour index) tuples) or None when the
    file gives only a goal. colors: list of Color, index 0 the background.
    goal: row strings in the colors' chars, or None.
    lines: optional {(axis, index): file line} so that a bad clue names its line.
    """
    prefix = f"{where}: " if where else ""
    meta = {k: clean_text(v, k == "description") for k, v in meta.items()}
    try:
        derived = rows is None or cols is None
        if derived:
            if goal is None:
                raise PuzzleError("the puzzle has neither clues nor a goal image")
            if not goal or not goal[0]:
                raise PuzzleError("the goal image is empty")
            width = len(goal[0])
            limits.check_shape(width, len(goal))
            for y, row in enumerate(goal):
                if len(row) != width:
                    raise PuzzleError(
                        f"goal image row {y + 1} has {len(row)} cells, the first has {width}")
            grid = grid_from_rows(Puzzle(rows=[()], cols=[()], colors=colors), goal)
            rows, cols = clues_from_grid(grid)
        limits.check_shape(len(cols), len(rows))
        puzzle = Puzzle(rows=[tuple(r) for r in rows], cols=[tuple(c) for c in cols],
                        colors=list(colors), goal=list(goal) if goal else None, **meta)
        puzzle = normalise_colors(puzzle)
        puzzle.validate()
        if puzzle.goal is not None and not derived:  # derived clues match it
            validate_goal_clues(puzzle)
    except PuzzleError as e:
        msg = str(e)
        m = re.match(r"(row|column) (\d+): ", msg)
        if m and lines and (m.group(1), int(m.group(2)) - 1) in lines:
            msg = f"line {lines[m.group(1), int(m.group(2)) - 1]}: {msg}"
        raise PuzzleError(prefix + msg) from None
    return puzzle


def normalise_colors(p: Puzzle) -> Puzzle:
    """Drop unused colours; background char '.'; one colour besides it as '#' (a
    black-and-white puzzle, whatever colour its cells are filled with)."""
    used = {0}.union(*(map(itemgetter(1), clue) for clue in chain(p.rows, p.cols)))
    index = {col.char: i for i, col in enumerate(p.colors)}
    if p.goal:
        seen = set().union(*p.goal)  # a row at a time: a cell at a time took seconds
        if not index.keys() >= seen:
            y, x, ch = next((y, x, ch) for y, row in enumerate(p.goal)
                            for x, ch in enumerate(row) if ch not in index)
            raise PuzzleError(f"goal image row {y + 1}, column {x + 1}: unknown colour {ch!r}")
        used.update(index[ch] for ch in seen)
    for c in used:
        if not 0 <= c < len(p.colors):
            raise PuzzleError(f"unknown colour index {c}")
    keep = sorted(used)
    if len(keep) == 1:  # an empty puzzle: still a black-and-white one
        keep = [0]
    if len(keep) == 1:
        new = [BACKGROUND, BLACK]
    elif len(keep) == 2:  # one colour: '#' in state text, as black, but drawn as its file says
        new = [Color(p.colors[0].name, ".", p.colors[0].rgb), Color(p.colors[keep[1]].name, "#",
                                                                      p.colors[keep[1]].rgb)]
    else:
        new, taken = [], set()
        for i in keep:
            col = p.colors[i]
            ch = "." if i == 0 else col.char
            if i and (ch in UNUSABLE or ch in taken or len(ch) != 1 or not ch.isprintable()
                      or ch.isspace()):
                ch = next(s for s in SPARE_CHARS if s not in taken and s not in
                          {p.colors[j].char for j in keep})
            taken.add(ch)
            new.append(Color(col.name, ch, col.rgb))
        new = distinct_names(new)
    remap = {old: new_i for new_i, old in enumerate(keep)}
    if len(keep) == 1:
        remap = {0: 0}
    if any(old != new_i for old, new_i in remap.items()):
        rows = [tuple((n, remap[c]) for n, c in clue) for clue in p.rows]
        cols = [tuple((n, remap[c]) for n, c in clue) for clue in p.cols]
    else:  # every colour kept where it was (black and white): the clues as they are
        rows, cols = [tuple(c) for c in p.rows], [tuple(c) for c in p.cols]
    goal = None
    if p.goal is not None:
        trans = str.maketrans({p.colors[old].char: new[i].char for old, i in remap.items()})
        goal = [row.translate(trans) for row in p.goal]
    p.rows, p.cols, p.colors, p.goal = rows, cols, new, goal
    return p


def validate_goal_clues(p: Puzzle) -> None:
    validate_goal(p, p.goal)
    rows, cols = clues_from_grid(grid_from_rows(p, p.goal))
    for axis, got, clues in (("row", rows, p.rows), ("column", cols, p.cols)):
        k = next((k for k, clue in enumerate(got) if clue != tuple(clues[k])), None)
        if k is not None:
            raise PuzzleError(f"the goal image does not match the clue of {axis} {k + 1}")


def clue_text(clue, colors, sep=" ") -> str:
    """Human text of a clue: '3 1' or '3a 1b' for colour puzzles."""
    if len(colors) <= 2:
        return sep.join(str(n) for n, _ in clue)
    return sep.join(f"{n}{colors[c].char}" for n, c in clue)
