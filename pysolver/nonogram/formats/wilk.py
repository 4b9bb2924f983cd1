"""Jakub Wilk's ``.nin``: ``W H``, then H row clues, then W column clues.

Numbers are separated by spaces; ``0`` (or an empty line) is an empty line.
Black and white only; no metadata. Lines after the W + H clues are ignored, as
Wilk's own reader does (one corpus file repeats its clues).
"""
from __future__ import annotations

import re

from ... import limits
from ...decode import SPACE, lines as text_lines, unlike_ascii, words
from ...errors import PuzzleError
from ..puzzle import BACKGROUND, BLACK
from .common import finish, positive, single, size

NAME = "nin"


def detect(text: str) -> bool:
    # the 'W H' line decides (no other format begins so): a bad clue line below it is
    # then named with its line (a paste has no file name to say .nin), not "unknown format"
    first = next((x for x in text_lines(text) if x.strip(SPACE)), "")
    return re.fullmatch(r"\s*\d+\s+\d+\s*", first) is not None


def parse(text: str) -> list:
    return single(_parse, text)


def _parse(text: str):
    lines = text_lines(text)
    first = 0
    while first < len(lines) and not lines[first].strip(SPACE):
        first += 1
    if first == len(lines):
        raise PuzzleError("the file is empty")
    head = words(lines[first])
    if len(head) != 2:
        raise PuzzleError(f"line {first + 1}: expected 'width height'{unlike_ascii(lines[first])}")
    width, height = size(head[0], f"line {first + 1}"), size(head[1], f"line {first + 1}")
    body = lines[first + 1:]
    while body and not body[-1].strip(SPACE):
        body.pop()
    if len(body) < width + height:
        raise PuzzleError(f"expected {height} row and {width} column clue lines "
                          f"({width + height}) after line {first + 1}, found {len(body)}")
    body = body[:width + height]  # like jwilk's reader, ignore anything after the clues
    clues, numbers = [], limits.ClueCount()
    for k, line in enumerate(body):
        where = f"line {first + 2 + k}"
        tokens = words(line)
        numbers.add(len(tokens), where)
        nums = [positive(t, where) if t.strip("0") else 0 for t in tokens]
        if 0 in nums and len(nums) > 1:
            raise PuzzleError(f"{where}: 0 may only stand alone for an empty line")
        clues.append(tuple((n, 1) for n in nums if n))
    lines = {("row", k): first + 2 + k for k in range(height)}
    lines.update({("column", k): first + 2 + height + k for k in range(width)})
    return finish(clues[:height], clues[height:], [BACKGROUND, BLACK], lines=lines)


def dump(p) -> str:
    if p.is_color:
        raise PuzzleError(".nin holds black-and-white puzzles only")
    out = [f"{p.width} {p.height}"]
    out += [" ".join(str(n) for n, _ in c) or "0" for c in list(p.rows) + list(p.cols)]
    return "\n".join(out) + "\n"
