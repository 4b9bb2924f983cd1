"""A line's leftmost and rightmost arrangements, for the hints' explanations.

Built on the complete line solver (:mod:`pysolver.nonogram.solver.line`): the
block starts some full arrangement uses, then the extreme ones. Explanations
only: the solver never needs them.
"""
from __future__ import annotations

from .line import _lspread, _ncolors, _rspread, _runs, normalize_clue, solve_cans, to_cans


def _valid_starts(clue, n, cans):
    """Per block, the start positions used by some full arrangement (or None)."""
    r = solve_cans(clue, n, cans)
    if r is None:
        return None
    bg = cans[0]
    starts = []
    for length, c in clue:
        starts.append(_runs(cans[c], length))
    # Recompute forward/backward sets (cheap; explanations only).
    fs, p, prevc = [], 1, 0
    for j, (length, c) in enumerate(clue):
        x = (p & bg) << 1 if c == prevc else p
        f = _rspread(x, bg) & starts[j]
        fs.append(f)
        p = f << length
        prevc = c
    out = [0] * len(clue)
    h = _lspread(1 << n, bg, n)
    nextc = 0
    for j in range(len(clue) - 1, -1, -1):
        length, c = clue[j]
        t = bg & (h >> 1) if c == nextc else h
        b = starts[j] & (t >> length)
        out[j] = fs[j] & b
        h = _lspread(b, bg, n)
        nextc = c
    return out


def _gap_ok(bg, a, b):
    """Cells [a, b) may all be background."""
    if b <= a:
        return True
    span = ((1 << (b - a)) - 1) << a
    return bg & span == span


def extremes(clue, cells):
    """Leftmost and rightmost consistent arrangements as lists of block starts.

    Returns ``(left_starts, right_starts)`` (0-based start of each block) or
    None when the line has no consistent arrangement. Every block's start in
    the leftmost arrangement is the smallest it takes in any arrangement, and
    likewise for the rightmost; the hint module uses them for explanations.
    """
    clue = normalize_clue(clue)
    cells = tuple(cells)
    n = len(cells)
    cans = to_cans(cells, _ncolors(clue, cells))
    valid = _valid_starts(clue, n, cans)
    if valid is None:
        return None
    bg = cans[0]
    k = len(clue)
    left = []
    pos = 0
    for j, (length, c) in enumerate(clue):
        lo = pos + (1 if j and clue[j - 1][1] == c else 0)
        v = valid[j] >> lo
        s = lo
        while v:
            if v & 1 and _gap_ok(bg, pos, s):
                break
            v >>= 1
            s += 1
        left.append(s)
        pos = s + length
    right = [0] * k
    end = n
    for j in range(k - 1, -1, -1):
        length, c = clue[j]
        hi = end - length - (1 if j + 1 < k and clue[j + 1][1] == c else 0)
        s = hi
        while s >= 0:
            if (valid[j] >> s) & 1 and _gap_ok(bg, s + length, end):
                break
            s -= 1
        right[j] = s
        end = s
    return left, right
