"""Lanes: one search split into independent lanes whose result is the same on any
number of processes (pysolver.nonogram.generate's expert level, on every core).

A lane is a generator that yields (None) after each small piece of its search (an
edit, a what-if test) and returns its success, or None when it has run out. Lanes
may share a TRUNK: one lane run until it yields the point where the others branch
off (``trunk``), made alike by every part. Its WORK is the line solves (propagate.solved) made while it
advanced: counted, not timed, so the same natively and in the browser. The
result is the success of the lane with the least (work at success, lane index).
``run`` always advances the lane with the least (work, index), so it stops as
soon as that exceeds the best success: exactly that argmin. A PART of the lanes
run elsewhere (another process or worker: ``part_of``) stops as well once its
FLOOR, the least (work, index) of its unfinished lanes, exceeds the best success
seen anywhere (``bound``): none of its lanes can win. The least success over the
parts is then the same whatever the number of parts. Pure Python, no I/O.
"""
from __future__ import annotations

from ..errors import PuzzleError
from .solver.propagate import solved

MAX_PARTS = 64


def part_of(part, count) -> list:
    """The lanes (indexes below ``count``) of ``part`` = (i, n): those k with k % n == i;
    None is every lane. PuzzleError in plain words for a malformed part."""
    if part is None:
        return list(range(count))
    if not isinstance(part, (list, tuple)) or len(part) != 2 or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in part):
        raise PuzzleError(f"a part is two whole numbers [i, n] (part i of n), not "
                          f"{repr(part)[:40]}")
    i, n = part
    if not 1 <= n <= MAX_PARTS:
        raise PuzzleError(f"a search is split into 1 to {MAX_PARTS} parts, not {n}")
    if not 0 <= i < n:
        raise PuzzleError(f"part {i} of {n} does not exist: parts are numbered from 0 to {n - 1}")
    return list(range(i, count, n))


def advance(steps):
    """One advance of a generator: (the line solves it made, ended, what it yielded or
    returned)."""
    before = solved()
    try:
        value, ended = next(steps), False
    except StopIteration as stop:
        value, ended = stop.value, True
    return solved() - before, ended, value


def trunk(steps, report=None):
    """Advance a lane until it yields something (the point where other lanes branch
    off it) or ends: (its work, ended, what it yielded or returned). Every part of a
    search runs it alike, so its work counts in every lane's. ``report(work)`` after
    each advance."""
    work = 0
    while True:
        spent, ended, value = advance(steps)
        work += spent
        if ended or value is not None:
            return work, ended, value
        if report is not None:
            report(work)


def run(lanes, bound=None, report=None, start=0, hold=0):
    """Advance the lanes ({index: generator}) least (work, index) first, until none is
    left or the least exceeds the best success here or ``bound()`` (an outside best
    (work, index), or None). Returns (work, index, value) of the least success here,
    or None. Every lane's work starts at ``start`` (a trunk's); every lane but lane 0
    counts as having done at least ``hold`` (lane 0, the trunk's own, goes first
    until then: a search whose lane 0 succeeds early costs one lane).
    ``report(floor, best)``: after each advance, the least (work, index) of the
    unfinished lanes (None: none left) and the best (work, index) so far (or None)."""
    work = dict.fromkeys(lanes, start)

    def key(k):
        return (work[k] if k == 0 else max(work[k], hold), k)
    live = dict(lanes)
    best = None
    while live:
        k = min(live, key=key)
        limit = best[:2] if best is not None else None
        outside = bound() if bound is not None else None
        if outside is not None and (limit is None or tuple(outside) < limit):
            limit = tuple(outside)
        if limit is not None and key(k) > limit:
            if report is not None:
                report(key(k), best[:2] if best is not None else None)
            break  # no lane left here can beat it
        spent, ended, value = advance(live[k])
        work[k] += spent
        if ended:
            del live[k]
            if value is not None and (best is None or key(k) < best[:2]):
                best = (*key(k), value)
        if report is not None:
            floor = min((key(j) for j in live), default=None)
            report(floor, best[:2] if best is not None else None)
    for steps in live.values():
        steps.close()
    return best
