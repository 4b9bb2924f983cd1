"""Processes for a command-line batch: one api call over many puzzles, in order.

The search never starts processes; this module does, for a batch's ``--jobs N``
(pysolver.app.race for one puzzle's, and for ``--engine auto``): a spawn
pool whose workers ignore Ctrl-C (the parent alone reports it, then ends them)
and end themselves when the parent disappears, even by SIGKILL. SIGTERM in the
parent ends the pool the same way. A progress line goes to stderr on a terminal.
"""
from __future__ import annotations

import os
import signal
import sys
import time

from .. import api
from ..errors import PuzzleError
from . import processes, race

# solve and check take --engine auto and --jobs: their racing versions (same arguments)
RACED = {"solve": race.solve, "analyse": race.analyse}
BATCH_TIMEOUT_S = 10.0  # per puzzle, when a batch has no --timeout (README: what TAAI costs)


def cores() -> int:
    """The processors this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def job(work):
    """One api call on one puzzle of a batch: (label, puzzle, method, keyword arguments)."""
    label, puzzle, method, kwargs = work
    try:
        out = RACED.get(method, api.METHODS[method])(puzzle, **kwargs)
    except PuzzleError as e:
        out = {"status": "error", "error": str(e), "solutions": []}
    return dict(file=label, title=puzzle.title, **out)


class Terminated(Exception):
    """SIGTERM reached the parent of a batch."""


def _on_sigterm(signum, frame):
    raise Terminated


def run(method, items, kwargs, jobs):
    """api.<method>(puzzle, **kwargs) for every (label, puzzle), in order, over `jobs` processes."""
    work = [(label, p, method, kwargs) for label, p in items]
    if jobs <= 1 or len(work) <= 1:
        for w in work:
            yield job(w)
        return
    import multiprocessing
    # Workers start with Ctrl-C ignored (inherited across exec): a Ctrl-C while they
    # start prints nothing from them.
    old_int = signal.signal(signal.SIGINT, signal.SIG_IGN)
    old_term = signal.signal(signal.SIGTERM, _on_sigterm)
    try:
        pool = multiprocessing.get_context("spawn").Pool(
            min(jobs, len(work)), initializer=processes.worker_start, initargs=(os.getpid(),))
    finally:
        signal.signal(signal.SIGINT, old_int)
    try:
        with pool:  # leaving it (done, Ctrl-C, SIGTERM, an error) terminates the workers
            yield from pool.imap(job, work)
    finally:
        signal.signal(signal.SIGTERM, old_term)


class Progress:
    """A one-line progress bar on stderr, rewritten in place: done/total, rate, time
    left and counts by status. Silent unless the stream is a terminal (and not in CI)."""

    def __init__(self, total: int, stream=None):
        self.stream = stream if stream is not None else sys.stderr
        self.on = (total > 1 and hasattr(self.stream, "isatty") and self.stream.isatty()
                   and not os.environ.get("CI"))
        self.total, self.done, self.counts = total, 0, {}
        self.start = self.last = time.monotonic()
        self.shown = False

    def add(self, status: str) -> None:
        """One more puzzle done, with its status; redrawn at most every 0.2 s."""
        self.done += 1
        self.counts[status] = self.counts.get(status, 0) + 1
        now = time.monotonic()
        if self.on and (not self.shown or now - self.last >= 0.2 or self.done == self.total):
            self.last, self.shown = now, True
            self.stream.write("\r" + self.line(now) + "\x1b[K")
            self.stream.flush()

    def line(self, now: float) -> str:
        elapsed = max(now - self.start, 1e-9)
        rate = self.done / elapsed
        left = (self.total - self.done) / rate if rate > 0 else 0
        width = 24
        filled = int(width * self.done / self.total)
        counts = " ".join(f"{s} {n}" for s, n in self.counts.items() if n)
        return (f"[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} "
                f"{rate:.1f}/s ETA {int(left // 60)}:{int(left % 60):02d}  {counts}")

    def clear(self) -> None:
        """Erase the bar (before printing a result); the next add draws it again."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False

    def finish(self) -> None:
        """Leave the last bar on its own line."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False
