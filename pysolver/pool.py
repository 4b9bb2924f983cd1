"""Processes for a command-line batch: one api call over many puzzles, in order.

The engine never starts processes; this module does, for ``--jobs N``: a spawn
pool whose workers ignore Ctrl-C (the parent alone reports it, then ends them)
and end themselves when the parent disappears, even by SIGKILL. SIGTERM in the
parent ends the pool the same way. A progress line goes to stderr on a terminal.
"""
from __future__ import annotations

import os
import signal
import sys
import threading
import time

from . import api
from .puzzle import PuzzleError

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
        out = api.METHODS[method](puzzle, **kwargs)
    except PuzzleError as e:
        out = {"status": "error", "error": str(e), "solutions": []}
    return dict(file=label, title=puzzle.title, **out)


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != parent:  # re-parented: the batch is gone
            os._exit(1)


def _worker_start(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


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
            min(jobs, len(work)), initializer=_worker_start, initargs=(os.getpid(),))
    finally:
        signal.signal(signal.SIGINT, old_int)
    try:
        with pool:  # leaving it (done, Ctrl-C, SIGTERM, an error) terminates the workers
            yield from pool.imap(job, work)
    finally:
        signal.signal(signal.SIGTERM, old_term)


class Progress:
    """``12/1000 puzzles, 3 s`` on stderr, rewritten in place; silent unless stderr is a terminal."""

    def __init__(self, total: int, stream=None):
        self.stream = stream or sys.stderr
        self.on = total > 1 and self.stream.isatty()
        self.total, self.done, self.start, self.shown = total, 0, time.monotonic(), False

    def step(self) -> None:
        self.done += 1
        if self.on:
            elapsed = time.monotonic() - self.start
            self.stream.write(f"\r{self.done}/{self.total} puzzles, {elapsed:.0f} s\x1b[K")
            self.stream.flush()
            self.shown = True

    def clear(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False
