"""Lanes: one search split into independent lanes whose result is the same on any
number of processes (pysolver.nonogram.generate's expert level, on every core).

A lane is a generator that yields after each small piece of its search (an edit,
a what-if test) and returns its success, or None when it has run out. Its WORK is the line solves (propagate.solved) made while it
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


def run(lanes, bound=None, report=None):
    """Advance the lanes ({index: generator}) least (work, index) first, until none is
    left or the least exceeds the best success here or ``bound()`` (an outside best
    (work, index), or None). Returns (work, index, value) of the least success here,
    or None.
    ``report(floor, best)``: after each advance, the least (work, index) of the
    unfinished lanes (None: none left) and the best (work, index) so far (or None)."""
    work = dict.fromkeys(lanes, 0)
    live = dict(lanes)
    best = None
    while live:
        k = min(live, key=lambda j: (work[j], j))
        limit = best[:2] if best is not None else None
        outside = bound() if bound is not None else None
        if outside is not None and (limit is None or tuple(outside) < limit):
            limit = tuple(outside)
        if limit is not None and (work[k], k) > limit:
            break  # no lane left here can beat it
        before = solved()
        try:
            next(live[k])
            ended, value = False, None
        except StopIteration as stop:
            ended, value = True, stop.value
        work[k] += solved() - before
        if ended:
            del live[k]
            if value is not None and (best is None or (work[k], k) < best[:2]):
                best = (work[k], k, value)
        if report is not None:
            floor = min(((work[j], j) for j in live), default=None)
            report(floor, best[:2] if best is not None else None)
    for steps in live.values():
        steps.close()
    return best
