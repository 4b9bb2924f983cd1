"""``pysolver generate nonogram --jobs J``: the expert level's lanes over J processes.

Each process runs one part (i, J) of the lanes (pysolver.nonogram.lanes) and
shares the best (work, lane) it has found through one array, which every part
reads as its bound: a part stops once none of its lanes can beat it. The puzzle
is the least success over the parts, the one a single process makes. The
processes are the batch's kind (pysolver.app.processes): Ctrl-C is the parent's,
and a part ends with its parent; SIGTERM ends them as it ends a batch. They are forks
where this process may fork (race.can_fork): a part starts in milliseconds where a
spawned one imports the package again (about 0.3 s), so every core is the default.
"""
from __future__ import annotations

import os
import signal

from ..nonogram import generate as gen
from . import pool, processes, race

_best = None  # a part's view of the shared (work, lane); -1: none yet


def generate(width, height, colours, level, seed, jobs):
    """(puzzle, info) as generate.generate makes it, over up to ``jobs`` processes."""
    n = min(jobs, gen.lane_count(level))
    if n <= 1:
        return gen.generate(width, height, colours, level, seed)
    with Parts(n) as parts:
        return parts.generate(width, height, colours, level, seed)


class Parts:
    """``n`` processes, each running its part (i, n) of a search's lanes; kept for
    several puzzles (a benchmark's seeds) until closed."""

    def __init__(self, n):
        import multiprocessing
        ctx = multiprocessing.get_context("fork" if race.can_fork() else "spawn")
        self.n, self.best = n, ctx.Array("q", [-1, -1])
        self.old_term = signal.signal(signal.SIGTERM, pool._on_sigterm)
        old_int = signal.signal(signal.SIGINT, signal.SIG_IGN)  # inherited by the parts
        try:
            self.pool = ctx.Pool(n, initializer=_start, initargs=(os.getpid(), self.best))
        except BaseException:
            signal.signal(signal.SIGTERM, self.old_term)
            raise
        finally:
            signal.signal(signal.SIGINT, old_int)

    def generate(self, width, height, colours, level, seed):
        args = (width, height, colours, level, seed)
        self.best[:] = [-1, -1]
        results = self.pool.map(_part, [(args, (i, self.n)) for i in range(self.n)])
        made = [r[1:] for r in results if r[0] == "made"]
        if made:
            return min(made, key=lambda m: (m[1]["lane"]["work"], m[1]["lane"]["lane"]))
        rejected = {}
        for _, _, why in results:
            for k, v in why.items():
                rejected[k] = rejected.get(k, 0) + v
        raise gen.NoPuzzle(*args, sum(r[1] for r in results), rejected)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """End the processes (done, Ctrl-C, SIGTERM, an error alike)."""
        try:
            self.pool.terminate()
            self.pool.join()
        finally:
            signal.signal(signal.SIGTERM, self.old_term)


def _start(parent, best):
    global _best
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a fork has its parent's: the pool ends parts by it
    processes.worker_start(parent)
    _best = best


def _bound():
    with _best.get_lock():
        work, lane = _best[:]
    return None if work < 0 else (work, lane)


def _publish(d):
    """A part's progress: its best success, shared when it beats the one there."""
    mine = d["best"]
    if mine is None:
        return
    with _best.get_lock():
        if _best[0] < 0 or tuple(mine) < tuple(_best[:]):
            _best[:] = mine


def _part(job):
    """("made", puzzle, info) or ("none", attempts, rejected) of one part."""
    args, part = job
    try:
        return ("made", *gen.generate(*args, progress=_publish, part=part, bound=_bound))
    except gen.NoPuzzle as e:
        return ("none", e.attempts, e.rejected)
