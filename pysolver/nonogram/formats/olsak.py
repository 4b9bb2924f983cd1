"""Mirek and Petr Olšák's ``.g`` format (the ``grid`` solver's input).

Free text until a line starting with ``:`` (rows follow), then ``:`` (columns
follow), then an optional closing ``:``; one clue per line, numbers separated by
spaces, an empty line for an empty clue. Colour puzzles start with a ``#d`` line
followed by declarations ``<inchar>:<outchar> <name or #rrggbb> [comment]``;
``0`` declares the background and ``1`` the default block colour; a block is
then written ``3m`` (length and inchar). Triddlers (``#t``) are not supported.
"""
from __future__ import annotations

import re

from ... import limits
from ...decode import SPACE, lines as text_lines, unlike_ascii
from ...errors import PuzzleError
from ..puzzle import BACKGROUND, BLACK, Color
from .common import colour_name, finish, positive, rgb_value, single

NAME = "g"
DECL = re.compile(r"\s*(\S):(\S?)\s+(\S+)", re.ASCII)


def detect(text: str) -> bool:
    lines = text_lines(text)
    colons = sum(1 for x in lines if x.startswith(":"))
    return colons >= 2 or any(x[:2] in ("#d", "#D") for x in lines) and colons >= 1


def parse(text: str) -> list:
    return single(_parse, text)


def _parse(text: str):
    lines = text_lines(text)
    i = 0
    colors = None
    inchars = {}
    default = None
    while i < len(lines) and not lines[i].startswith(":"):
        head = lines[i][:2]
        if head in ("#t", "#T"):
            raise PuzzleError(f"line {i + 1}: triddlers (#t) are not supported")
        if head in ("#d", "#D"):
            colors = [BACKGROUND]
            i += 1
            while i < len(lines) and not lines[i].lstrip(SPACE).startswith(":"):
                if lines[i].strip(SPACE):
                    m = DECL.match(lines[i])
                    if not m:
                        raise PuzzleError(f"line {i + 1}: expected a colour declaration "
                                          f"'<inchar>:<outchar> <colour>'{unlike_ascii(lines[i])}")
                    inchar, outchar, word = m.groups()
                    if inchar.isdigit() and inchar not in "01" or inchar == ",":
                        raise PuzzleError(f"line {i + 1}: {inchar!r} cannot name a colour")
                    if inchar in inchars or inchar == "0" and colors[0] is not BACKGROUND:
                        raise PuzzleError(f"line {i + 1}: colour {inchar!r} is declared twice")
                    try:
                        rgb = rgb_value(word, f"line {i + 1}")
                        name = word if not word.startswith("#") else colour_name(rgb)
                    except PuzzleError:
                        rgb, name = "808080", word  # an X11 name we do not know
                    char = outchar or inchar
                    if not char.isprintable():
                        raise PuzzleError(f"line {i + 1}: {char!r} cannot be a colour's "
                                          "character (not printable)")
                    if inchar == "0":
                        colors[0] = Color(name, ".", rgb)
                    else:
                        inchars[inchar] = len(colors)
                        colors.append(Color(name, char, rgb))
                        if inchar == "1":
                            default = inchars[inchar]
                i += 1
            break
        i += 1
    while i < len(lines) and not lines[i].lstrip(SPACE).startswith(":"):
        i += 1
    if i >= len(lines):
        raise PuzzleError("no line starting with ':' begins the row clues")
    if colors is None:
        colors, default = [BACKGROUND, BLACK], 1
    sections, where, numbers = [], {}, limits.ClueCount()
    for what in ("row", "column"):
        i += 1
        start, clues, past = i, [], 0  # past: blank lines after MAX_SIDE clues, not kept
        while i < len(lines) and not lines[i].startswith(":"):
            if len(clues) < limits.MAX_SIDE:
                clues.append((i + 1, lines[i]))
            elif lines[i].strip(SPACE):
                raise PuzzleError(f"line {i + 1}: more than {limits.MAX_SIDE} {what} clues, "
                                  "the size limit")
            else:
                past += 1
            i += 1
        if i >= len(lines):  # no closing ':' -- trailing blank lines are not clues
            while clues and not clues[-1][1].strip(SPACE):
                clues.pop()
        elif past:  # closed: those blank lines were empty clues
            raise PuzzleError(f"line {i + 1}: more than {limits.MAX_SIDE} {what} clues, "
                              "the size limit")
        if not clues and i >= len(lines) and what == "column":
            raise PuzzleError(f"line {start}: the file ends before the column clues")
        sections.append([_clue(line, k, inchars, default, numbers) for k, line in clues])
        where.update({(what, n): k for n, (k, _) in enumerate(clues)})
    return finish(sections[0], sections[1], colors, lines=where)


def _clue(line, k, inchars, default, numbers):
    out = []
    tokens = re.split(r"[ \t,]+", line.strip(SPACE))
    numbers.add(len(tokens), f"line {k}")
    for token in tokens:
        if not token:
            continue
        m = re.fullmatch(r"(\d+)(\D?)", token)
        why = unlike_ascii(token)
        if not m or why:
            raise PuzzleError(f"line {k}: {token[:20]!r} is not a block like 3 or 3a{why}")
        if m.group(1).strip("0") == "" and not m.group(2):
            continue
        n = positive(m.group(1), f"line {k}")
        ch = m.group(2)
        if ch:
            if ch not in inchars:
                raise PuzzleError(f"line {k}: unknown colour {ch!r} in {token!r}")
            out.append((n, inchars[ch]))
        elif default is None:
            raise PuzzleError(f"line {k}: block {token!r} has no colour and no default colour is declared")
        else:
            out.append((n, default))
    return out
