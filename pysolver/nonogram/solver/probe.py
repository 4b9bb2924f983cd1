"""Probing: one-cell lookahead with propagation.

For each undecided cell, every colour it may still take is tried in turn and
propagated. A colour that leads to a contradiction is removed; a cell colour on
which all surviving trials agree is fixed (the union of the surviving states is
kept). When a whole pass changes nothing, the trials of the cell that splits the
search best (largest "fewest cells decided by any of its values") become the
branches of the search, already propagated.

Probes are remembered: a cell whose trials taught nothing is not tried again
until a line its trials touched changes. Propagation reaches the greatest
fixpoint, so if the state narrows only in other lines, each trial's result is
the old result plus the new facts, consistent and still uninformative. This
memo is handed to child nodes too, which makes probing below the root cheap.
"""
from __future__ import annotations

from .line import positions, undecided


class Stop(Exception):
    """Raised inside probing/search when the caller asked to stop or time ran out."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


def set_cell(rows, cols, y, x, c):
    """Copies of (rows, cols) with cell (y, x) set to colour c (c must be allowed)."""
    rows = list(rows)
    cols = list(cols)
    nx = ~(1 << x)
    ny = ~(1 << y)
    r = rows[y]
    t = cols[x]
    if len(r) == 2:
        if c:
            rows[y] = (r[0] & nx, r[1])
            cols[x] = (t[0] & ny, t[1])
        else:
            rows[y] = (r[0], r[1] & nx)
            cols[x] = (t[0], t[1] & ny)
    else:
        rows[y] = tuple(m if d == c else m & nx for d, m in enumerate(r))
        cols[x] = tuple(m if d == c else m & ny for d, m in enumerate(t))
    return rows, cols


def invalidate(memo, drows, dcols):
    """Forget the probes whose trials touched a changed line."""
    if drows or dcols:
        dead = [k for k, v in memo.items() if v[0] & drows or v[1] & dcols]
        for k in dead:
            del memo[k]


def diff(old, new):
    """Bit mask of the positions where two line-state lists differ."""
    out = 0
    for i, (a, b) in enumerate(zip(old, new)):
        if a is not b and a != b:
            out |= 1 << i
    return out


class Prober:
    """Probing with counters; ``check()`` is called regularly to allow stopping."""

    def __init__(self, engine, check=None, on_solution=None):
        self.eng = engine
        self.check = check or (lambda: None)
        self.on_solution = on_solution or (lambda rows: None)
        self.probes = 0
        self.passes = 0
        self.productive_passes = 0

    def try_cell(self, rows, cols, y, x, c):
        """Propagated trial of (y, x) = c: ``(changes, rows, cols, lines_r, lines_c)``.

        ``lines_r``/``lines_c`` are masks of the rows/columns the trial changed;
        None on a contradiction.
        """
        r2, c2 = set_cell(rows, cols, y, x, c)
        self.probes += 1
        if not self.probes & 31:
            self.check()
        eng = self.eng
        n = eng.run(r2, c2, {y}, {x})
        if n < 0:
            return None
        return n, r2, c2, eng.chg_rows | (1 << y), eng.chg_cols | (1 << x)

    def trials(self, rows, cols, y, x):
        """Trials of every colour cell (y, x) may take; contradictions left out.

        Each is a :meth:`try_cell` result with the colour tried appended.
        """
        r = rows[y]
        low = 1 << x
        out = []
        for c in range(len(r)):
            if r[c] & low:
                res = self.try_cell(rows, cols, y, x, c)
                if res is not None:
                    out.append(res + (c,))
        return out

    def fixpoint(self, rows, cols, memo=None):
        """Probe to a fixpoint.

        Returns None when the state has no solution, else ``(rows, cols,
        memo)``; memo maps every undecided cell (whose trials taught nothing)
        to ``(lines_r, lines_c, score)``; see :meth:`branch`.
        Complete states met along the way go to ``on_solution``.
        """
        eng = self.eng
        ncol = eng.ncol
        h, w = eng.h, eng.w
        complete = eng.complete
        memo = {} if memo is None else memo
        work = eng.work
        while True:
            self.passes += 1
            changed = False
            for y in range(h):
                work(w)
                multi = undecided(rows[y])
                base = y * w
                while multi:
                    low = multi & -multi
                    multi ^= low
                    x = low.bit_length() - 1
                    if base + x in memo:
                        continue
                    r = rows[y]
                    options = [c for c in range(ncol) if r[c] & low]
                    if len(options) < 2:
                        continue  # decided by an earlier probe in this pass
                    results = []
                    for c in options:
                        res = self.try_cell(rows, cols, y, x, c)
                        if res is not None:
                            results.append(res)
                            if complete(res[1]):
                                self.on_solution(res[1])
                    if not results:
                        return None
                    changed_here = True
                    if len(results) == 1:
                        _, nrows, ncols, dr, dc = results[0]
                    else:
                        nrows, ncols, dr, dc = _union(rows, cols, results)
                        if not (dr or dc):
                            changed_here = False
                            lr = lc = 0
                            for res in results:
                                lr |= res[3]
                                lc |= res[4]
                            memo[base + x] = (lr, lc, _score(results))
                        elif eng.run(nrows, ncols, set(positions(dr)), set(positions(dc))) < 0:
                            return None
                        else:
                            dr, dc = diff(rows, nrows), diff(cols, ncols)
                    if changed_here:
                        rows, cols = nrows, ncols
                        invalidate(memo, dr, dc)
                        work(len(memo))
                        changed = True
            if changed:
                self.productive_passes += 1
                continue
            break
        return rows, cols, memo

    def branch(self, rows, cols, memo, rng=None):
        """``((y, x), trials)`` of the branching cell chosen from the memo scores
        (``(None, [])`` when the state is complete).

        Deterministic: the best score, first in row-major order. With ``rng``:
        a random cell among the three best scores (diversifies restarts).
        """
        w = self.eng.w
        work = self.eng.work
        cands = []
        best = None
        best_score = -1
        for y, r in enumerate(rows):
            work(w)
            multi = undecided(r)
            while multi:
                low = multi & -multi
                multi ^= low
                x = low.bit_length() - 1
                sc = memo[y * w + x][2]
                if rng is not None:
                    cands.append((sc, y, x))
                elif sc > best_score:
                    best_score = sc
                    best = (y, x)
        if rng is not None and cands:
            cands.sort(reverse=True)
            _, y, x = rng.choice(cands[:3])
            best = (y, x)
        if best is None:
            return None, []
        return best, self.trials(rows, cols, *best)


def _score(results):
    """Branching score: the fewest cells any value of the cell decides."""
    return min(res[0] for res in results)


def _union(rows, cols, results):
    """What any trial allows: ``(rows, cols, changed_rows, changed_cols)``.

    Trials only narrow the current state, so the union can differ from it only
    in lines every trial changed.
    """
    common_r = common_c = -1
    for res in results:
        common_r &= res[3]
        common_c &= res[4]
    out = []
    for lines, common, idx in ((rows, common_r, 1), (cols, common_c, 2)):
        new = None
        changed = 0
        while common:
            low = common & -common
            common ^= low
            i = low.bit_length() - 1
            u = results[0][idx][i]
            for res in results[1:]:
                v = res[idx][i]
                u = tuple(p | q for p, q in zip(u, v))
            if u != lines[i]:
                if new is None:
                    new = list(lines)
                new[i] = u
                changed |= low
        out.append((lines if new is None else new, changed))
    (nrows, dr), (ncols, dc) = out
    return nrows, ncols, dr, dc


def reduce(puzzle, cells=None, probing=True, should_stop=None, engine=None):
    """Propagation (and probing) to a fixpoint from an optional partial grid.

    For the hybrid ASP mode and the hint module. Returns a dict: ``status``
    ("contradiction", "solved", "open" or "cancelled"), ``cells`` (flat masks;
    None on a contradiction; on "cancelled" the state reached so far is not
    kept and the propagated cells are returned), ``failed`` (the line that
    failed first, when propagation alone found the contradiction) and
    ``probes``.
    """
    from .propagate import Engine

    eng = engine or Engine(puzzle)
    rows, cols = eng.initial(cells)
    if eng.run_all(rows, cols) < 0:
        return {"status": "contradiction", "cells": None, "failed": eng.failed, "probes": 0}
    prober = None
    if probing and not eng.complete(rows):
        def check():
            if should_stop is not None and should_stop():
                raise Stop("cancelled")
        prober = Prober(eng, check)
        tick, eng.tick = eng.tick, check
        try:
            res = prober.fixpoint(rows, cols)
        except Stop:
            return {"status": "cancelled", "cells": eng.cells(rows), "failed": None,
                    "probes": prober.probes}
        finally:
            eng.tick = tick
        if res is None:
            return {"status": "contradiction", "cells": None, "failed": None,
                    "probes": prober.probes}
        rows, cols = res[0], res[1]
    return {"status": "solved" if eng.complete(rows) else "open", "cells": eng.cells(rows),
            "failed": None, "probes": prober.probes if prober else 0}

