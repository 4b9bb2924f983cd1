"""`batch --dask`: the batch's puzzles checked on a Dask cluster (``local``: a
LocalCluster of LOCAL_WORKERS processes on this machine), results streamed back
to the one process that saves them (pysolver.app.batch). A Ctrl-C or SIGTERM is
the run's to report in one line: the local workers ignore SIGINT and log only
errors, and the run stops between results, never inside Dask's own waits."""
from __future__ import annotations

import logging
import os
import signal
import time

from ..errors import PuzzleError

LOCAL_WORKERS = 2  # workers of `--dask local`
POLL_S = 0.02  # how often the wait for results looks at a Ctrl-C
QUIET_WORKERS = ("DASK_LOGGING__DISTRIBUTED", "error")  # the workers' log level (environment)


def dask_setup(worker) -> None:
    """Run by Dask in each `--dask local` worker as it starts (LocalCluster's preload,
    on the worker's main thread): Ctrl-C is the batch's to report, not the worker's."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _local_cluster(LocalCluster):
    """`--dask local`: Ctrl-C is this process's to report (one line), not the workers'.
    They start with SIGINT ignored (inherited across spawn), ignore it again once up
    (dask_setup: also a worker its nanny restarts) and log only errors."""
    old_int = signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ[QUIET_WORKERS[0]] = QUIET_WORKERS[1]  # read by each worker (restarts too)
    try:
        return LocalCluster(n_workers=LOCAL_WORKERS, threads_per_worker=1, processes=True,
                            preload=[__name__],  # dask_setup above, in each worker
                            dashboard_address="127.0.0.1:0")  # any free port, this machine only
    finally:
        signal.signal(signal.SIGINT, old_int)


def _end_workers(cluster) -> None:
    """A stopped `--dask local` run: its worker processes are killed at once (SIGKILL,
    after their nannies are told not to restart them), not closed: a graceful close
    waits for a busy worker's puzzle, whose result would not be saved anyway, and took
    2 s under load (issue 29). Nothing is lost: every result is saved as it comes."""
    logging.getLogger("distributed.nanny").setLevel(logging.ERROR)
    # the scheduler then logs each killed worker's closed connection at INFO with its
    # traceback (distributed.batched, seen under load): the player asked for the stop
    # and gets our one line instead
    logging.getLogger("distributed").setLevel(logging.ERROR)
    for nanny in list(cluster.workers.values()):
        nanny.close_gracefully(reason="pysolver-stopped")  # only a flag: no restart
        pid = nanny.pid
        if pid:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:  # already gone
                pass


def run(address: str, check_one, work):
    """``check_one`` (batch.check_one) over ``work`` on a Dask cluster (``local``: a LocalCluster of
    LOCAL_WORKERS processes). Several tasks per worker thread are in flight at a
    time; a task whose worker dies is rerun by Dask; one that kills workers
    repeatedly comes back as (key, None) and stays unchecked. Ctrl-C and SIGTERM
    only note a stop, raised as KeyboardInterrupt between results: raised inside
    Dask's own waits, it would leave its threads logging tracebacks."""
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise PuzzleError("--dask needs dask.distributed: pip install 'pysolver[dask]'") from None
    stop, cluster = [], None
    handlers = {signum: signal.signal(signum, lambda *_: stop.append(signum))
                for signum in (signal.SIGINT, signal.SIGTERM)}
    try:
        if address == "local":
            cluster = _local_cluster(LocalCluster)
        try:
            client = Client(cluster or address, timeout="20s")
        except (ValueError, TypeError) as e:  # e.g. an unknown scheme: garbage://x
            raise PuzzleError(f"--dask {address[:60]}: not a scheduler address ({e}); give "
                              "tcp://HOST:PORT or local") from None
        with client:
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
            while not done.is_empty():
                if stop:
                    raise KeyboardInterrupt
                ready = done.next_batch(block=False)
                if not ready:
                    time.sleep(POLL_S)
                for fut in ready:
                    key = pending.pop(fut.key)
                    try:
                        yield fut.result()
                    except Exception:  # KilledWorker and the like: left for the next run
                        yield key, None
                    fut.release()
                    submit()
    except OSError as e:
        raise PuzzleError(f"--dask {address[:60]}: cannot reach the scheduler ({e})") from None
    finally:
        if cluster is not None:
            if stop:
                _end_workers(cluster)
            cluster.close()
        os.environ.pop(QUIET_WORKERS[0], None)
        for signum, handler in handlers.items():
            signal.signal(signum, handler)
    if stop:  # came as the last result did
        raise KeyboardInterrupt
