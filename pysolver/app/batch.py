"""Check a whole collection, resumably: ``pysolver batch PATH... --db RESULTS.sqlite``.

Every puzzle of the files and folders given (folders recursively, puzzle file
suffixes only; a multi-puzzle file gives one entry per puzzle) gets its verdict
(api.analyse's; a Nikoli puzzle's by clingo) and, when unique, its difficulty stars
(pysolver.stars, from its hint walk, within the same time limit), stored in SQLite
(pysolver.app.batch_db) as it arrives. A re-run checks only what is new or asked
again (and a unique puzzle a database made before the stars holds without them).
The work runs in local processes (``--jobs``) or on a Dask cluster (``--dask``);
either way results stream back to this one process, the only writer of the database.

A worker lost mid-run (killed from outside, out of memory) costs only a retry of
the puzzles it may have been on. A puzzle that loses its worker a second time is
not retried again in this run: it is counted "lost" and left unchecked (nothing
is stored), so the next run tries it again. Locally the second try runs the
puzzle alone, so only the puzzle that killed it is lost; Dask applies its own
limit on workers killed per task.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import signal
import sqlite3
import sys

from .. import api
from ..errors import PuzzleError
from ..nonogram import genre as nonogram_genre
from ..nonogram.formats import jsonfmt
from ..nikoli import aspsolve, read as nikoli_read
from . import batch_dask
from .batch_db import CLINGO_MISSING, INTERNAL, NIKOLI_PREFIX, RATING, Store, database_error
from .batch_files import SUFFIXES, _real, discover, gone, scan
from .common import seconds, whole
from .pool import Progress
from .processes import worker_start

DEFAULT_TIMEOUT = 60.0  # seconds per puzzle


# -- the work of one puzzle (module level: pickled to processes and Dask workers) --

def check_one(job):
    """(key, puzzle JSON text, timeout) -> (key, verdict dict)."""
    key, puzzle, timeout = job
    if puzzle.startswith(NIKOLI_PREFIX):
        return key, check_nikoli(puzzle[len(NIKOLI_PREFIX):], timeout)
    try:
        d = json.loads(puzzle)
        shown = d.pop("givens", [])
        puzzle = jsonfmt.from_dict(d)  # its own Puzzle: the givens are set on it
        puzzle.givens = shown
        # rated: a unique puzzle's stars from its hint walk, within the same time limit
        r = nonogram_genre.analyse(puzzle, timeout=timeout, rate=True)
        out = {k: r.get(k) for k in ("status", "classification", "difficulty", "time_s", *RATING)}
        out.update(engine="pysolver", nodes=r["stats"]["nodes"], solutions=r["solutions"][:2])
    except PuzzleError as e:
        out = {"status": "error", "error": str(e)}
    except Exception as e:  # an engine bug costs one puzzle, not the run
        out = {"status": "error", "error": f"{INTERNAL}{type(e).__name__}: {e}"}
    return key, out


def check_nikoli(text: str, timeout) -> dict:
    """The verdict of a Nikoli puzzle (its URL) by clingo, as check_one's."""
    try:
        if not api.clingo_available():
            raise PuzzleError(CLINGO_MISSING)  # a Dask worker without it: checked again later
        grid = nikoli_read.parse(text)
        r = aspsolve.analyse(grid, 2, timeout)
    except PuzzleError as e:
        return {"status": "error", "error": str(e)}
    except Exception as e:  # an engine bug costs one puzzle, not the run
        return {"status": "error", "error": f"{INTERNAL}{type(e).__name__}: {e}"}
    return {"status": r["status"], "classification": grid.family,
            "difficulty": r["difficulty"], "time_s": r["time_s"], "engine": "clingo",
            "nodes": r["conflicts"], "solutions": r["solutions"][:2], **{k: r[k] for k in RATING}}


def run_local(jobs: int, work):
    """check_one over ``work`` in this process (1) or ``jobs`` spawned processes.

    This thread hands out the work (it reads the store), at most 4 jobs per process
    in flight, and the workers are ended however the loop ends. A worker that dies
    mid-puzzle breaks the executor: every puzzle then in flight becomes a suspect,
    and a fresh executor checks the suspects one at a time, nothing else running,
    before new work goes on; a suspect whose worker dies again, alone, comes back
    as (key, None): lost, left unchecked for the next run.
    """
    if jobs == 1:
        for job in work:
            yield check_one(job)
        return
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    from concurrent.futures.process import BrokenProcessPool
    fresh = iter(work)
    suspects = []  # jobs in flight when a worker died
    pending = {}  # future -> (job, run alone)
    pool = None

    def submit(job, alone):
        nonlocal pool
        if pool is None:
            pool = ProcessPoolExecutor(jobs, multiprocessing.get_context("spawn"),
                                       initializer=worker_start, initargs=(os.getpid(),))
        # workers start here with Ctrl-C ignored (inherited across exec): a Ctrl-C while
        # one starts up would end it with "Fatal Python error" and a traceback on screen
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            pending[pool.submit(check_one, job)] = (job, alone)
        finally:
            signal.signal(signal.SIGINT, previous)

    def top_up():
        if suspects:
            if not pending:
                submit(suspects.pop(0), True)
            return
        while len(pending) < 4 * jobs:
            job = next(fresh, None)
            if job is None:
                return
            submit(job, False)

    try:
        while True:
            top_up()
            if not pending:
                return
            done, _ = wait(pending, timeout=0.5, return_when=FIRST_COMPLETED)  # wakes up for Ctrl-C / SIGTERM
            if any(isinstance(f.exception(), BrokenProcessPool) for f in done):
                pool.shutdown(wait=True)  # settles every future of the broken executor
                pool, done = None, list(pending)
            retried = len(suspects)
            for fut in done:
                job, alone = pending.pop(fut)
                error = fut.exception() if fut.done() else BrokenProcessPool()
                if error is None:
                    yield fut.result()
                elif isinstance(error, BrokenProcessPool) and not alone:
                    suspects.append(job)
                else:  # it broke its worker alone (or could not be sent): left for the next run
                    yield job[0], None
            if len(suspects) > retried:
                print(f"pysolver: a worker process died; the {len(suspects) - retried} puzzles "
                      "then in flight are checked again, one at a time", file=sys.stderr)
    finally:
        if pool is not None:
            for proc in list((pool._processes or {}).values()):  # 3.14: pool.terminate_workers()
                proc.terminate()
            pool.shutdown(wait=True, cancel_futures=True)


# -- the run --------------------------------------------------------------------

def run(paths, db: str, timeout=DEFAULT_TIMEOUT, retry_timeouts=False, jobs=1, dask=None,
        progress_stream=None) -> dict:
    """Check every puzzle under ``paths`` into database ``db``; a summary dict:
    ``files`` (read for puzzles), ``entries``, ``puzzles`` (distinct), ``parse_errors``
    (and ``unread_files``, the files holding them), ``failed`` (puzzles whose verdict is
    an error, now or earlier: not checked), ``checked`` (now),
    ``skipped`` (decided earlier), ``skipped_timeouts`` (timed out earlier, not asked
    again), ``lost``, ``counts`` (status -> puzzles checked now), ``unlisted`` (folders),
    ``others`` (files not read for their names), ``passed`` (what files were read and
    passed over, holding no puzzles to check -> how many: batch_files.PassedOver),
    ``no_clingo`` (Nikoli puzzles left for a run with clingo). The database itself (and
    its journal) is never read, whatever its name."""
    problems, others = [], []
    files = discover(paths, problems, others)
    # the database kept beside its puzzles, whatever its name (results.json): never read
    ours = {_real(db + end) for end in ("", "-wal", "-shm", "-journal")}
    files, others = ([f for f in found if f not in ours] for found in (files, others))
    for line in problems:
        print(f"pysolver: {line}", file=progress_stream or sys.stderr)
    store = Store(db)
    try:
        keys, unread, passed = scan(store, files)
        missing = gone(store, paths, files, keys)
        if missing:  # else a renamed file would be reported twice, a deleted one for ever
            store.forget_files(missing)
            many = len(missing) > 1
            print(f"pysolver: {len(missing)} file{'s' if many else ''} recorded in {db} "
                  f"{'are' if many else 'is'} no longer there (deleted, renamed or moved): left "
                  "out of the results", file=progress_stream or sys.stderr)
        todo = store.todo(keys, timeout, retry_timeouts)
        left_timeouts = store.timed_out(set(keys) - set(todo))  # kept as they were
        # without clingo here, Nikoli puzzles wait (unchecked) for a run that has it
        no_clingo = store.nikoli(todo) if not dask and not api.clingo_available() else set()
        todo = [k for k in todo if k not in no_clingo]
        if no_clingo:
            print(f"pysolver: {len(no_clingo)} Nikoli puzzle{'s' if len(no_clingo) > 1 else ''} "
                  "not checked: they need the clingo Python module (pip install clingo, then run "
                  "again)", file=progress_stream or sys.stderr)
        if len(todo) + len(no_clingo) < len(set(keys)):  # a re-run: say at once what it skips
            skips = resumed(len(set(keys)) - len(todo) - len(no_clingo), left_timeouts)
            print(f"pysolver: resuming {db}: skips {skips}; {len(todo)} to check",
                  file=progress_stream or sys.stderr)
        # another run at work on this database walks the same keys in the same order: what
        # it decided meanwhile is not checked again, and once it is met (a key it decided,
        # or saved as this run did) this run goes on from the end: they meet in the middle
        taken, met = [], []

        def work():
            rest = collections.deque(todo)
            while rest:
                key = rest.pop() if met else rest.popleft()
                if store.todo([key], timeout, retry_timeouts):
                    yield key, store.puzzle_json(key), timeout
                else:
                    taken.append(key)
                    met.append(key)
                    bar.total -= 1

        work = work()
        if not todo:  # nothing to do: start no pool or cluster
            results = iter(())
        else:
            results = batch_dask.run(dask, check_one, work) if dask else run_local(min(jobs, len(todo)), work)
        bar = Progress(len(todo), progress_stream)
        try:
            for key, verdict in results:
                if verdict is None:
                    bar.add("lost")
                    continue
                if not met and not store.todo([key], timeout, retry_timeouts):  # saved by the other
                    met.append(key)
                store.save(key, verdict, timeout)
                bar.add(verdict["status"])
        except KeyboardInterrupt:  # Ctrl-C, SIGTERM: how far this run got
            raise Stopped(bar.done - bar.counts.get("lost", 0), len(todo) - len(taken)) from None
        finally:
            bar.finish()
        counts = {s: n for s, n in bar.counts.items() if n and s != "lost"}
        return {"files": len(files) - sum(passed.values()), "entries": len(keys) + len(unread),
                "unlisted": len(problems),
                "others": len(others),  # left unread for their names
                "passed": dict(passed),  # read, and found to be no puzzles: reports, answers
                "puzzles": len(set(keys)), "parse_errors": len(unread),
                "unread_files": len(set(unread)), "failed": store.failed(keys),
                "checked": bar.done - bar.counts.get("lost", 0),
                "skipped": len(set(keys)) - len(todo) + len(taken) - len(no_clingo) - left_timeouts,
                "no_clingo": len(no_clingo),
                "skipped_timeouts": left_timeouts, "lost": bar.counts.get("lost", 0), "counts": counts}
    finally:
        store.close()


def resumed(skipped: int, timeouts: int) -> str:
    """What a re-run skips, in words: the decided puzzles and the time-outs."""
    words = f"{skipped - timeouts} puzzle{'' if skipped - timeouts == 1 else 's'} decided earlier"
    return words + (f" and {timeouts} timed out earlier (--retry-timeouts or a larger --timeout "
                    "checks them again)" if timeouts else "")


# -- the command ------------------------------------------------------------------

class Stopped(KeyboardInterrupt):
    """A run stopped part-way: ``checked`` of the ``total`` puzzles it had to check."""

    def __init__(self, checked: int, total: int):
        super().__init__(checked, total)
        self.checked, self.total = checked, total


def _stop_on_sigterm(signum, frame):
    raise KeyboardInterrupt


def cmd_batch(args) -> int:
    if args.jobs < 1:
        raise PuzzleError("--jobs must be at least 1")
    timeout = None if args.timeout == 0 else args.timeout
    previous = signal.signal(signal.SIGTERM, _stop_on_sigterm)
    try:
        s = run(args.paths, args.db, timeout=timeout, retry_timeouts=args.retry_timeouts,
                jobs=args.jobs, dask=args.dask)
    except sqlite3.Error as e:  # clashing, damaged, locked, full: one line
        raise database_error(args.db, e) from None
    except OSError as e:  # e.g. the disk full while SQLite writes its journal
        raise PuzzleError(f"{args.db}: cannot be written ({e.strerror or e})") from None
    except KeyboardInterrupt as e:
        far = (f" after checking {e.checked} of {e.total} puzzles ({e.total - e.checked} left)"
               if isinstance(e, Stopped) else "")
        print(f"pysolver: stopped{far}; every finished result is in {args.db} (run again to go on)",
              file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGTERM, previous)
    counts = ", ".join(f"{n} {status}" for status, n in sorted(s["counts"].items())) or "nothing new"
    lost = f"; {s['lost']} lost with their workers (run again)" if s["lost"] else ""
    n = _count
    if s["no_clingo"]:
        lost += f"; {n(s['no_clingo'], 'Nikoli puzzle')} not checked (they need clingo)"
    timeouts = (f", {s['skipped_timeouts']} timed out earlier (not checked again: "
                "--retry-timeouts or a larger --timeout)" if s["skipped_timeouts"] else "")
    unlisted = f"; {n(s['unlisted'], 'folder')} could not be listed" if s["unlisted"] else ""
    if s["others"]:  # a folder of .pdf or .png, or of a format batch does not read: said
        unlisted += (f"; {n(s['others'], 'other file')} not read (names ending in none of "
                     f"{' '.join(SUFFIXES)})")
    if s["passed"]:  # named like puzzle files, read, and found to hold none
        kinds = ", ".join(n(k, what) for what, k in sorted(s["passed"].items()))
        unlisted += f"; {n(sum(s['passed'].values()), 'file')} passed over ({kinds}: no puzzles to check)"
    # the brackets next to the counts they tell of, the folders not listed after them
    print(f"{n(s['entries'], 'puzzle')} in {n(s['files'], 'file')} ({s['puzzles']} distinct, "
          f"{n(s['parse_errors'], 'parse error')}){unlisted}: checked {s['checked']} now ({counts}), "
          f"{s['skipped']} decided earlier{timeouts}{lost}; results in {args.db}")
    short = incomplete(s)
    if short:  # a script can tell: exit 1 (README.md, "Exit codes")
        print(f"Not everything was read and checked: {short} (exit code 1; the reports' "
              "error rows say why)")
        return 1
    return 0


def incomplete(s: dict) -> str:
    """What a run's summary ``s`` leaves unread or unchecked, in words ("" when nothing):
    files with parse errors, folders not listed, puzzles whose verdict is an error, lost
    with their workers or waiting for clingo. Several solutions, none, or a time-out are
    verdicts (the reports list them), not failures of the run."""
    n = _count
    parts = []
    if s["unread_files"]:  # a file of 7 puzzles, 5 of them wrong: read, but not all of it
        parts.append(f"{n(s['parse_errors'], 'parse error')} in {n(s['unread_files'], 'file')}")
    if s["unlisted"]:
        parts.append(f"{n(s['unlisted'], 'folder')} could not be listed")
    unchecked = s["failed"] + s["lost"] + s["no_clingo"]
    if unchecked:
        parts.append(f"{n(unchecked, 'puzzle')} could not be checked")
    return ", ".join(parts)


def _count(k: int, word: str) -> str:
    """``3 files``, ``1 file``: a count and its word."""
    return f"{k} {word}{'' if k == 1 else 's'}"


def register(sub):
    """Add the ``batch`` subcommand to the CLI's subparsers."""

    b = sub.add_parser("batch", help="check every puzzle of files and folders into a database")
    b.add_argument("paths", nargs="+", metavar="PATH", help="puzzle files and folders")
    b.add_argument("--db", required=True, metavar="RESULTS.sqlite",
                   help="the results database (created if missing; a re-run resumes it)")
    b.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT, metavar="S",
                   help=f"seconds per puzzle (default {DEFAULT_TIMEOUT:g}; 0: no limit)")
    b.add_argument("--retry-timeouts", action="store_true",
                   help="check timed-out puzzles again (a larger --timeout also does)")
    b.add_argument("--jobs", type=whole, default=os.cpu_count() or 1, metavar="N",
                   help="local processes (default: one per core)")
    b.add_argument("--dask", metavar="tcp://HOST:PORT|local",
                   help="run on a Dask cluster instead (local: a LocalCluster of 2 workers)")
    b.set_defaults(run=cmd_batch)


def _seconds(text):
    return seconds(text, zero=True)
