"""The value and cell orders, put into pysolver.nonogram.solver.search for a comparison.

The learned value order is the search's default now (``pysolver.nonogram.solver.search._order``
with :mod:`pysolver.nonogram.solver.value_model`); ``_SHARES`` is the order it replaced (row
share x column share), the baseline "today" of :mod:`.compare`.
:func:`learned_order` replaces ``pysolver.nonogram.solver.search._order`` (the step that sorts
a branching cell's trials so that the likeliest value is explored first) for
the duration of a ``with`` block with the model of given weights (the shipped
ones give the default's very order, draws included); colour puzzles keep the
shares order. :func:`make_branch` replaces ``Prober.branch`` (which cell to branch
on): the cell whose prediction is the most confident. ``Stats`` counts the
calls and the CPU time spent in a step, so that the inference cost per node
can be compared with today's step.
"""
from __future__ import annotations

import time
from contextlib import contextmanager

from pysolver.nonogram.solver import search
from pysolver.nonogram.solver.density import shares
from pysolver.nonogram.solver.line import undecided
from pysolver.nonogram.solver.probe import Prober

from . import model as _model

_DEFAULT = search._order


def _SHARES(eng, rows, cols, cell, branches, rng=None, likely=True):
    """The value order before issue 20: row share x column share on every puzzle
    (without ``likely``, as search._order: the value deciding the fewest cells)."""
    like = search.share_likelihood(eng, rows, cols, cell, branches) if likely not in (False, "open") else None
    search.arrange(branches, like if like is not None
                   else {b[5]: 1 / (1 + b[0]) for b in branches}, rng)


_TODAY_BRANCH = Prober.branch


class Stats:
    """Calls of the order step and CPU seconds spent in it."""

    def __init__(self):
        self.calls = 0
        self.seconds = 0.0


def make_order(weights, stats=None):
    """An ``_order(eng, rows, cols, cell, branches, rng, likely)`` using ``weights``."""

    def order(eng, rows, cols, cell, branches, rng=None, likely=True):
        t0 = time.process_time()
        try:
            if eng.ncol != 2 or len(branches) != 2 or likely in (False, "open"):
                return _SHARES(eng, rows, cols, cell, branches, rng, likely)
            y, x = cell
            rs = shares(eng.row_clues[y], eng.w, rows[y], eng.work)
            cs = shares(eng.col_clues[x], eng.h, cols[x], eng.work)
            f = _model.features(eng, rows, cols, y, x, rs, cs)
            if f is None:
                return _SHARES(eng, rows, cols, cell, branches, rng)
            p = _model.predict(weights, f)
            black_last = p >= 0.5 if rng is None else rng.random() < p
            # the branch last in the list is explored first
            branches.sort(key=lambda b: (b[5] == 1) == black_last)
        finally:
            if stats is not None:
                stats.calls += 1
                stats.seconds += time.process_time() - t0
    return order


def confidences(eng, rows, cols, cells, weights):
    """{(y, x): |P(black) - 0.5|} of ``cells``, each line's shares computed once."""
    rsh, csh, out = {}, {}, {}
    for y, x in cells:
        if y not in rsh:
            rsh[y] = shares(eng.row_clues[y], eng.w, rows[y], eng.work)
        if x not in csh:
            csh[x] = shares(eng.col_clues[x], eng.h, cols[x], eng.work)
        f = _model.features(eng, rows, cols, y, x, rsh[y], csh[x])
        out[y, x] = -1.0 if f is None else abs(_model.predict(weights, f) - 0.5)
    return out


def make_branch(weights, stats=None, top=None):
    """A ``Prober.branch`` that branches on the undecided cell whose predicted
    value is the most confident, among the ``top`` best probe scores (None:
    among all undecided cells); ties go to the better score, then row-major.
    With ``rng`` (restarts): a random cell among the three most confident."""

    def branch(self, rows, cols, memo, rng=None):
        t0 = time.process_time()
        try:
            eng = self.eng
            if eng.ncol != 2:
                return _TODAY_BRANCH(self, rows, cols, memo, rng)
            w = eng.w
            cands = []
            for y, r in enumerate(rows):
                eng.work(w)
                multi = undecided(r)
                while multi:
                    low = multi & -multi
                    multi ^= low
                    x = low.bit_length() - 1
                    cands.append((memo[y * w + x][2], -y, -x))
            if not cands:
                return None, []
            if top is not None:
                cands = sorted(cands, reverse=True)[:top]
            conf = confidences(eng, rows, cols, [(-my, -mx) for _, my, mx in cands], weights)
            ranked = sorted(((conf[-my, -mx], sc, my, mx) for sc, my, mx in cands), reverse=True)
            _, _, my, mx = rng.choice(ranked[:3]) if rng is not None else ranked[0]
            return (-my, -mx), self.trials(rows, cols, -my, -mx)
        finally:
            if stats is not None:
                stats.calls += 1
                stats.seconds += time.process_time() - t0
    return branch


def timed(step, stats):
    """``step`` (a value order or a branch method), counted in ``stats``."""

    def call(*args):
        t0 = time.process_time()
        try:
            return step(*args)
        finally:
            stats.calls += 1
            stats.seconds += time.process_time() - t0
    return call


def timed_today(stats):
    """The shares order step, counted in ``stats`` (the same-run baseline)."""
    return timed(_SHARES, stats)


@contextmanager
def patched(order=None, branch=None):
    """Run the block with ``order`` as pysolver.nonogram.solver.search's value order and
    ``branch`` as Prober.branch (None: the package's)."""
    search._order = order or _DEFAULT
    Prober.branch = branch or _TODAY_BRANCH
    try:
        yield
    finally:
        search._order = _DEFAULT
        Prober.branch = _TODAY_BRANCH


def learned_order(weights=None, stats=None):
    """Context manager: the search uses the learned order inside the block."""
    return patched(make_order(weights or _model.load(), stats))
