"""How often each colour covers each cell among a line's arrangements.

Counting the arrangements consistent with a line's state (a forward and a
backward dynamic programme over block starts) gives, for every cell, the share
of arrangements that give it each colour. A row's and a column's shares for the
same cell, multiplied, estimate how likely each colour is in a solution: the
search tries the likeliest value of its branching cell first, which finds
solutions of puzzles with many of them far sooner than "least constraining
value first" (PERF.md, "Engine").
"""
from __future__ import annotations


def shares(clue, n, cans, work=None):
    """Per colour, the share of consistent arrangements giving each cell that colour.

    ``clue``: tuple of ``(length, colour)`` blocks; ``cans``: per-colour masks
    of the cells that may still take the colour (index 0 = background), as in
    :mod:`pysolver.nonogram.solver.line`. Returns a list (one per colour) of lists of n floats,
    or None when the line has no arrangement. ``work(cells)``, when given, is
    called once per block and pass (pysolver.nonogram.solver.propagate.Engine.work: long lines
    take long here, and the search's time checks must still come often).
    """
    ncol = len(cans)
    bg = cans[0]
    k = len(clue)
    full = (1 << n) - 1
    if not k:
        if bg & full != full:
            return None
        return [[1.0] * n] + [[0.0] * n for _ in range(ncol - 1)]
    free, end = _prefixes(clue, n, cans, work)
    total = free[k][n] + end[k][n]
    if not total:
        return None
    # The suffixes are the prefixes of the mirrored line: block j starting at s
    # with blocks j+1.. after it is mirrored block k-1-j ending at n-1-s.
    mirror = tuple(int(format(m & full, f"0{n}b")[::-1], 2) for m in cans)
    _, mend = _prefixes(clue[::-1], n, mirror, work)
    # Block j at start s: (ways to reach s) * (ways to finish from s).
    diff = [[0] * (n + 1) for _ in range(ncol)]
    for j in range(k):
        length, c = clue[j]
        d = diff[c]
        touch_prev = j and clue[j - 1][1] != c
        after = mend[k - j]
        if work is not None:
            work(n)
        for s in range(n - length + 1):
            w = after[n - s]
            if not w:
                continue
            before = free[j][s] + (end[j][s] if touch_prev else 0)
            if before:
                w *= before
                d[s] += w
                d[s + length] -= w
    # counts stay exact ints until the division (background = the rest)
    rest = [total] * n
    out = [None]
    for c in range(1, ncol):
        acc = 0
        col = []
        d = diff[c]
        for p in range(n):
            acc += d[p]
            col.append(acc / total)
            rest[p] -= acc
        out.append(col)
    out[0] = [r / total for r in rest]
    return out


def _prefixes(clue, n, cans, work=None):
    """Arrangement counts of line prefixes: ``free[j][s]`` ways to fill cells
    [0, s) with blocks 0..j-1 and cell s-1 background (or s == 0), ``end[j][s]``
    the same with block j-1 ending at cell s-1."""
    bg = cans[0]
    k = len(clue)
    run = {}  # run[c][p]: how many cells from p on may all take colour c
    for _, c in clue:
        if c not in run:
            m = cans[c]
            r = [0] * (n + 1)
            for p in range(n - 1, -1, -1):
                if (m >> p) & 1:
                    r[p] = r[p + 1] + 1
            run[c] = r
    free = [[0] * (n + 1) for _ in range(k + 1)]
    end = [[0] * (n + 1) for _ in range(k + 1)]
    free[0][0] = 1
    for j in range(k + 1):
        fj, ej = free[j], end[j]
        if work is not None:
            work(2 * n)
        if j:
            length, c = clue[j - 1]
            rc = run[c]
            touch = j >= 2 and clue[j - 2][1] != c
            fp, ep = free[j - 1], end[j - 1]
            for s in range(length, n + 1):
                st = s - length
                if rc[st] >= length:
                    ej[s] = fp[st] + (ep[st] if touch else 0)
        for s in range(1, n + 1):
            if (bg >> (s - 1)) & 1:
                fj[s] = fj[s - 1] + ej[s - 1]
    return free, end
