"""Probing: one-cell lookahead with propagation.

For each undecided cell, every colour it may still take is tried in turn and
propagated. A colour that leads to a contradiction is removed; a cell colour on
which all surviving trials agree is fixed (the union of the surviving states is
kept). When a whole pass changes nothing, the trials of the cell that splits the
search best (largest "fewest cells decided by any of its values") become the
branches of the search, already propagated.
"""
from __future__ import annotations


class Stop(Exception):
    """Raised inside probing/search when the caller asked to stop or time ran out."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


def set_cell(rows, cols, y, x, c):
    """Copies of (rows, cols) with cell (y, x) set to colour c."""
    rows = list(rows)
    cols = list(cols)
    xb = 1 << x
    yb = 1 << y
    r = rows[y]
    rows[y] = tuple((m | xb) if d == c else (m & ~xb) for d, m in enumerate(r))
    t = cols[x]
    cols[x] = tuple((m | yb) if d == c else (m & ~yb) for d, m in enumerate(t))
    return rows, cols


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
        """Propagated state after setting (y, x) to c: (changes, rows, cols) or None."""
        r2, c2 = set_cell(rows, cols, y, x, c)
        self.probes += 1
        if not self.probes & 31:
            self.check()
        n = self.eng.run(r2, c2, {y}, {x})
        if n < 0:
            return None
        return n, r2, c2

    def fixpoint(self, rows, cols):
        """Probe to a fixpoint.

        Returns None when the state has no solution, else ``(rows, cols,
        branches)`` where branches is a list of propagated ``(changes, rows,
        cols)`` states, one per colour of the chosen branching cell (empty when
        the state is complete). Complete states met along the way are reported
        through ``on_solution``.
        """
        eng = self.eng
        ncol = eng.ncol
        h = eng.h
        while True:
            self.passes += 1
            changed = False
            best = None
            best_score = -1
            for y in range(h):
                seen = multi = 0
                for m in rows[y]:
                    multi |= seen & m
                    seen |= m
                while multi:
                    low = multi & -multi
                    multi ^= low
                    r = rows[y]
                    options = [c for c in range(ncol) if r[c] & low]
                    if len(options) < 2:
                        continue  # decided by an earlier probe in this pass
                    x = low.bit_length() - 1
                    results = []
                    for c in options:
                        res = self.try_cell(rows, cols, y, x, c)
                        if res is not None:
                            results.append(res)
                            if eng.complete(res[1]):
                                self.on_solution(res[1])
                    if not results:
                        return None
                    if len(results) == 1:
                        _, rows, cols = results[0]
                        changed = True
                        continue
                    if len(results) < len(options):
                        rows, cols = _union(results)
                        if eng.run_all(rows, cols) < 0:
                            return None
                        changed = True
                        continue
                    urows, ucols = _union(results)
                    if urows != rows:
                        drows = {i for i in range(h) if urows[i] != rows[i]}
                        dcols = {i for i in range(eng.w) if ucols[i] != cols[i]}
                        rows, cols = urows, ucols
                        if eng.run(rows, cols, drows, dcols) < 0:
                            return None
                        changed = True
                        continue
                    if not changed:
                        score = min(res[0] for res in results)
                        if score > best_score:
                            best_score = score
                            best = results
            if changed:
                self.productive_passes += 1
                continue
            return rows, cols, (best or [])


def _union(results):
    """Per line and colour, the OR of several states (what any of them allows)."""
    _, rows, cols = results[0]
    for _, r2, c2 in results[1:]:
        rows = [a if a == b else tuple(p | q for p, q in zip(a, b)) for a, b in zip(rows, r2)]
        cols = [a if a == b else tuple(p | q for p, q in zip(a, b)) for a, b in zip(cols, c2)]
    return rows, cols


def reduce(puzzle, cells=None, probing=True, should_stop=None, engine=None):
    """Propagation (and probing) to a fixpoint from an optional partial grid.

    For the hybrid ASP mode and the hint module. Returns a dict: ``status``
    ("contradiction", "solved" or "open"), ``cells`` (flat masks, None on a
    contradiction), ``failed`` (the line that failed first, when propagation
    alone found the contradiction) and ``probes``.
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
        res = prober.fixpoint(rows, cols)
        if res is None:
            return {"status": "contradiction", "cells": None, "failed": None,
                    "probes": prober.probes}
        rows, cols = res[0], res[1]
    return {"status": "solved" if eng.complete(rows) else "open", "cells": eng.cells(rows),
            "failed": None, "probes": prober.probes if prober else 0}
