"""The learned value order, put into pysolver.search without editing it.

:func:`learned_order` replaces ``pysolver.search._order`` (the step that sorts
a branching cell's trials so that the likeliest value is explored first) for
the duration of a ``with`` block. On black-and-white puzzles the likelihood of
black is the model's P(black) (:mod:`.model`); colour puzzles keep today's
order. ``Stats`` counts the calls and the CPU time spent in the order step, so
that the inference cost per node can be compared with today's step.
"""
from __future__ import annotations

import time
from contextlib import contextmanager

from pysolver import search
from pysolver.density import shares

from . import model as _model

_TODAY = search._order


class Stats:
    """Calls of the order step and CPU seconds spent in it."""

    def __init__(self):
        self.calls = 0
        self.seconds = 0.0


def make_order(weights, stats=None):
    """An ``_order(eng, rows, cols, cell, branches, rng)`` using ``weights``."""

    def order(eng, rows, cols, cell, branches, rng=None):
        t0 = time.process_time()
        try:
            if eng.ncol != 2 or len(branches) != 2:
                return _TODAY(eng, rows, cols, cell, branches, rng)
            y, x = cell
            rs = shares(eng.row_clues[y], eng.w, rows[y], eng.work)
            cs = shares(eng.col_clues[x], eng.h, cols[x], eng.work)
            f = _model.features(eng, rows, cols, y, x, rs, cs)
            if f is None:
                return _TODAY(eng, rows, cols, cell, branches, rng)
            p = _model.predict(weights, f)
            black_last = p >= 0.5 if rng is None else rng.random() < p
            # the branch last in the list is explored first
            branches.sort(key=lambda b: (b[5] == 1) == black_last)
        finally:
            if stats is not None:
                stats.calls += 1
                stats.seconds += time.process_time() - t0
    return order


def timed_today(stats):
    """Today's order step, counted in ``stats`` (the same-run baseline)."""

    def order(eng, rows, cols, cell, branches, rng=None):
        t0 = time.process_time()
        try:
            return _TODAY(eng, rows, cols, cell, branches, rng)
        finally:
            stats.calls += 1
            stats.seconds += time.process_time() - t0
    return order


@contextmanager
def patched(order):
    """Run the block with ``order`` as pysolver.search's value order."""
    search._order = order
    try:
        yield
    finally:
        search._order = _TODAY


def learned_order(weights=None, stats=None):
    """Context manager: the search uses the learned order inside the block."""
    return patched(make_order(weights or _model.load(), stats))
