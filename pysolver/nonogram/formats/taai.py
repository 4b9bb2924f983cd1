"""TAAI / TCGA / ICGA tournament text: many puzzles per file.

Each puzzle is a line ``$N`` followed by tab- (or space-) separated numbers:
first the n column clues (each top to bottom), then the n row clues (each left
to right), so a block of 2n lines is an n x n puzzle. A solution file has ``$N``
and n lines of n ``0``/``1`` values; such a block is read as a goal image and
its clues are derived from it. ``0`` alone is an empty clue; blank lines are
ignored.
"""
from __future__ import annotations

import re

from ... import limits
from ...decode import SPACE, lines as text_lines, unlike_ascii, words
from ...errors import PuzzleError
from ..puzzle import BACKGROUND, BLACK
from .common import finish, positive

NAME = "taai"
HEADER = re.compile(r"\$([0-9]+)$")
MEANT = re.compile(r"\$\d+\s*$")  # a header meant, in digits other than 0-9 too: said what is wrong


def detect(text: str) -> bool:
    for line in text_lines(text):
        if line.strip(SPACE):
            return MEANT.match(line.strip(SPACE)) is not None
    return False


def answers_only(text: str) -> bool:
    """Whether a TAAI text is a solution file: every block its puzzle's answer (n lines of
    n ``0``/``1`` values), none of them clues. A batch passes such a file over: its
    pictures' clues are those of the question file beside it."""
    if not detect(text):
        return False
    block = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if HEADER.match(line):
            if block is not None and not _answer(block):
                return False
            block = []
        else:
            block.append(line.split())
            if len(block) > limits.MAX_SIDE:
                return False
    return block is not None and _answer(block)


def _answer(rows) -> bool:
    """Whether a block's lines (their tokens) are an n x n picture of 0s and 1s."""
    n = len(rows)
    return n > 0 and all(len(t) == n and set(t) <= {"0", "1"} for t in rows)


def parse(text: str) -> list:
    """Each puzzle read as soon as its block ends (a block keeps at most the lines the
    size limit allows): a 10 MB block of 5 million lines held them all, 1.4 GB."""
    out, numbers = [], limits.ClueCount()
    block = None  # [number, header line, [(line no, tokens)], lines past the size limit]
    lines = text_lines(text)
    if text.count("$") > limits.MAX_PUZZLES:  # refused before any is built
        headers = [k for k, ln in enumerate(lines, 1) if MEANT.match(ln.strip(SPACE))]
        if len(headers) > limits.MAX_PUZZLES:
            limits.check_puzzles(len(headers), f"line {headers[limits.MAX_PUZZLES]}")

    def close():
        if block is None:
            return
        number, k, body, extra = block
        if number is None:  # a header not read: its puzzle is not either
            out.append(PuzzleError(f"line {k}: {lines[k - 1].strip(SPACE)[:20]!r} is not a "
                                   f"'$N' header{unlike_ascii(lines[k - 1])}"))
            return
        try:
            out.append(_block(number, k, body, extra, numbers))
        except limits.FileLimit:
            raise
        except PuzzleError as e:
            out.append(PuzzleError(f"puzzle ${number} (line {k}): {e}"))

    for k, raw in enumerate(lines, 1):
        line = raw.strip(SPACE)
        if not line:
            continue
        m = HEADER.match(line)
        if m or MEANT.match(line):
            close()
            block = [m and m.group(1), k, [], 0]
        elif block is None:
            return [PuzzleError(f"line {k}: expected a '$N' header before the clues")]
        elif len(block[2]) < 2 * limits.MAX_SIDE:
            block[2].append((k, words(line)))
        else:
            block[3] += 1  # counted for the message, not kept
    if block is None:
        return [PuzzleError("the file has no '$N' puzzle")]
    close()
    return out


def _block(number, k, lines, extra, numbers):
    # "$510" is the file's marker (TAAI, TCGA and ICGA files alike); a player reads "Puzzle 510"
    meta = {"title": f"Puzzle {number}", "source": f"TAAI ${number}"}
    n = len(lines) + extra
    if n > 2 * limits.MAX_SIDE:
        raise PuzzleError(f"{n} lines: larger than {limits.MAX_SIDE}x{limits.MAX_SIDE}, "
                          "the size limit")
    if not extra and _answer([t for _, t in lines]):
        goal = ["".join("#" if v == "1" else "." for v in t) for _, t in lines]
        return finish(None, None, [BACKGROUND, BLACK], goal, **meta)
    if n == 0 or n % 2:
        raise PuzzleError(f"expected 2n clue lines for an n x n puzzle, found {n}")
    clues = []
    for line_no, tokens in lines:
        where = f"line {line_no}"
        numbers.add(len(tokens), where)
        nums = [0 if t.strip("0") == "" and t.isdigit() else positive(t, where) for t in tokens]
        if 0 in nums and len(nums) > 1:
            raise PuzzleError(f"{where}: 0 may only stand alone for an empty line")
        clues.append(tuple((v, 1) for v in nums if v))
    half = n // 2
    where = {("column", k): lines[k][0] for k in range(half)}
    where.update({("row", k): lines[half + k][0] for k in range(half)})
    return finish(clues[half:], clues[:half], [BACKGROUND, BLACK], lines=where, **meta)
