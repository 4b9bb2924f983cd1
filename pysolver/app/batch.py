"""Check a whole collection, resumably: ``pysolver batch PATH... --db RESULTS.sqlite``.

Every puzzle of the files and folders given (folders recursively, puzzle file
suffixes only; a multi-puzzle file gives one entry per puzzle) gets api.check's
verdict, stored in SQLite (pysolver.app.batch_db) as it arrives. A re-run checks only
what is new or asked again. The work runs in local processes (``--jobs``) or on
a Dask cluster (``--dask``); either way results stream back to this one process,
the only writer of the database.

A worker lost mid-run (killed from outside, out of memory) costs only a retry of
the puzzles it may have been on. A puzzle that loses its worker a second time is
not retried again in this run: it is counted "lost" and left unchecked (nothing
is stored), so the next run tries it again. Locally the second try runs the
puzzle alone, so only the puzzle that killed it is lost; Dask applies its own
limit on workers killed per task.
"""
from __future__ import annotations

import argparse
import os
import signal
import sys

from .. import api
from ..nonogram import formats
from .batch_db import Store
from .pool import Progress, worker_start
from ..errors import PuzzleError

DEFAULT_TIMEOUT = 60.0  # seconds per puzzle
SUFFIXES = (".xml", ".non", ".nin", ".txt", ".g", ".json", ".pbm", ".nonpack", ".cwd")
LOCAL_WORKERS = 2  # workers of `--dask local`


# -- finding the puzzles ------------------------------------------------------

def discover(paths) -> list:
    """The files to read: files as given, folders walked (sorted, hidden names skipped)."""
    files = []
    for path in paths:
        if os.path.isfile(path):
            files.append(path)
        elif os.path.isdir(path):
            for root, dirs, names in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                files.extend(os.path.join(root, n) for n in sorted(names)
                             if not n.startswith(".") and n.lower().endswith(SUFFIXES))
        else:
            raise PuzzleError(f"{path}: no such file or folder")
    return list(dict.fromkeys(files))


def scan(store: Store, files) -> tuple:
    """Record every file's puzzles (or parse errors) in the store: (keys found, parse
    errors). A file whose size and modification time are those recorded is not read again."""
    keys, errors = [], 0
    for file in files:
        try:
            st = os.stat(file)
            stamp = (st.st_size, st.st_mtime_ns)
        except OSError:
            stamp = None
        known = store.file_entries(file, stamp) if stamp else None
        if known is None:
            try:
                with open(file, "rb") as fh:
                    items = formats.parse_each(fh.read(), file)
            except OSError as e:
                items = [PuzzleError(f"{file}: cannot read ({e.strerror or e})")]
            known = store.record_file(file, items, stamp)
        keys.extend(k for k in known if k is not None)
        errors += sum(k is None for k in known)
    store.commit()
    return keys, errors


# -- the work of one puzzle (module level: pickled to processes and Dask workers) --

def check_one(job):
    """(key, puzzle JSON text, timeout) -> (key, verdict dict)."""
    key, puzzle, timeout = job
    try:
        r = api.check(puzzle, timeout=timeout)
        out = {k: r[k] for k in ("status", "classification", "difficulty", "time_s")}
        out.update(engine="pysolver", nodes=r["stats"]["nodes"], solutions=r["solutions"][:2])
    except PuzzleError as e:
        out = {"status": "error", "error": str(e)}
    except Exception as e:  # an engine bug costs one puzzle, not the run
        out = {"status": "error", "error": f"internal error: {type(e).__name__}: {e}"}
    return key, out


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
        pending[pool.submit(check_one, job)] = (job, alone)

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


def run_dask(address: str, work):
    """check_one over ``work`` on a Dask cluster (``local``: a LocalCluster of
    LOCAL_WORKERS processes). Several tasks per worker thread are in flight at a
    time; a task whose worker dies is rerun by Dask; one that kills workers
    repeatedly comes back as (key, None) and stays unchecked."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise PuzzleError("--dask needs dask.distributed: pip install 'pysolver[dask]'") from None
    cluster = None
    if address == "local":
        cluster = LocalCluster(n_workers=LOCAL_WORKERS, threads_per_worker=1, processes=True,
                               dashboard_address="127.0.0.1:0")  # any free port, this machine only
    try:
        with Client(cluster or address, timeout="20s") as client:
            window = max(64, 8 * sum(client.nthreads().values()))  # keeps workers fed across round trips
            jobs = iter(work)
            pending = {}
            done = as_completed()

            def submit():
                job = next(jobs, None)
                if job is not None:
                    fut = client.submit(check_one, job, key=f"pysolver-check-{job[0]}", pure=False)
                    pending[fut.key] = job[0]
                    done.add(fut)

            for _ in range(window):
                submit()
            for fut in done:
                key = pending.pop(fut.key)
                try:
                    yield fut.result()
                except Exception:  # KilledWorker and the like: left for the next run
                    yield key, None
                fut.release()
                submit()
    except OSError as e:
        raise PuzzleError(f"--dask {address}: cannot reach the scheduler ({e})") from None
    finally:
        if cluster is not None:
            cluster.close()


# -- the run --------------------------------------------------------------------

def run(paths, db: str, timeout=DEFAULT_TIMEOUT, retry_timeouts=False, jobs=1, dask=None,
        progress_stream=None) -> dict:
    """Check every puzzle under ``paths`` into database ``db``; a summary dict:
    ``files``, ``entries``, ``puzzles`` (distinct), ``parse_errors``, ``checked`` (now),
    ``skipped`` (decided earlier), ``lost``, ``counts`` (status -> puzzles checked now)."""
    files = discover(paths)
    store = Store(db)
    try:
        keys, parse_errors = scan(store, files)
        todo = store.todo(keys, timeout, retry_timeouts)
        work = ((key, store.puzzle_json(key), timeout) for key in todo)
        if not todo:  # nothing to do: start no pool or cluster
            results = iter(())
        else:
            results = run_dask(dask, work) if dask else run_local(min(jobs, len(todo)), work)
        bar = Progress(len(todo), progress_stream)
        try:
            for key, verdict in results:
                if verdict is None:
                    bar.add("lost")
                    continue
                store.save(key, verdict, timeout)
                bar.add(verdict["status"])
        finally:
            bar.finish()
        counts = {s: n for s, n in bar.counts.items() if n and s != "lost"}
        return {"files": len(files), "entries": len(keys) + parse_errors,
                "puzzles": len(set(keys)), "parse_errors": parse_errors, "checked": bar.done - bar.counts.get("lost", 0),
                "skipped": len(set(keys)) - len(todo), "lost": bar.counts.get("lost", 0), "counts": counts}
    finally:
        store.close()


# -- the command ------------------------------------------------------------------

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
    except KeyboardInterrupt:
        print(f"pysolver: stopped; every finished result is in {args.db} (run again to go on)",
              file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGTERM, previous)
    counts = ", ".join(f"{n} {status}" for status, n in sorted(s["counts"].items())) or "nothing new"
    lost = f"; {s['lost']} lost with their workers (run again)" if s["lost"] else ""
    print(f"{s['entries']} puzzles in {s['files']} files ({s['puzzles']} distinct, "
          f"{s['parse_errors']} parse errors): checked {s['checked']} now ({counts}), "
          f"{s['skipped']} decided earlier{lost}; results in {args.db}")
    return 0


def register(sub):
    """Add the ``batch`` subcommand to the CLI's subparsers."""
    b = sub.add_parser("batch", help="check every puzzle of files and folders into a database")
    b.add_argument("paths", nargs="+", metavar="PATH", help="puzzle files and folders")
    b.add_argument("--db", required=True, metavar="RESULTS.sqlite")
    b.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT,
                   help=f"seconds per puzzle (default {DEFAULT_TIMEOUT:g}; 0: no limit)")
    b.add_argument("--retry-timeouts", action="store_true",
                   help="check timed-out puzzles again (a larger --timeout also does)")
    b.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                   help="local processes (default: one per core)")
    b.add_argument("--dask", metavar="tcp://HOST:PORT|local",
                   help="run on a Dask cluster instead (local: a LocalCluster of 2 workers)")
    b.set_defaults(run=cmd_batch)


def _seconds(text):
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if v < 0:
        raise argparse.ArgumentTypeError("must be 0 (no limit) or more")
    return v
