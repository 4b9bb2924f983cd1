"""What starting a race's child costs (pysolver.app.race.Child): forked against spawned.

Usage (from the repository root):
  nice python3 bench/race_start.py --repeat 20
  nice python3 bench/race_start.py --repeat 0 --only 1,11,571,611
  nice python3 bench/race_start.py --repeat 0 --set webpbn --only 1,2,3

Per start path, ``--repeat`` times on webpbn/1.xml (a 5x10 puzzle: the child's
answer is almost all start), caches emptied before each: the wall time from the
call to its answer being read (start to ready), this process's CPU spent in the
call (what the search here pays), and the child's CPU (reaped, so
RUSAGE_CHILDREN), for native clingo and for portfolio member 1. Prints medians.

``--only``: puzzles of ``--set`` (1-based, as bench/race.py), each solved by pysolver alone (CPU
limit ``--limit``), native clingo alone and ``--engine auto``, in CPU seconds,
which a loaded machine does not stretch: auto's answer on two idle cores would
take its critical path, the CPU here until the children start plus the winning
child's CPU when a child wins (its start included), else the CPU here. Compared
with the target, 1.2 x the faster engine to decide + 0.3 s.
"""
from __future__ import annotations

import argparse
import resource
import statistics
import sys
import threading
import time

from engine import DECIDED, PUZZLES, load  # bench/engine.py: the corpus and sys.path

from pysolver import api
from pysolver.nonogram import formats
from pysolver.app import race
from pysolver.nonogram.solver import search


def kids_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def start_once(p, engine):
    api.clear_caches()
    w0, c0, k0 = time.monotonic(), time.process_time(), kids_cpu()
    child = race.Child(p, race.request(engine, 2, 60, None, member=1))
    c1 = time.process_time()
    assert child.ready(wait=60), "no answer within 60 s"
    wall = time.monotonic() - w0
    child.stop()
    assert child.result["status"] == "unique", child.result
    return wall, c1 - c0, kids_cpu() - k0


def critical_path(p, timeout):
    """(who answered, CPU s on auto's critical path, CPU s in all) of engine auto on p."""
    api.clear_caches()
    starts, init = [], race.Child.__init__

    def timed_init(self, *args, **kwargs):
        starts.append(time.process_time())
        init(self, *args, **kwargs)
    race.Child.__init__ = timed_init
    try:
        c0, k0 = time.process_time(), kids_cpu()
        r = race.solve(p, engine="auto", timeout=timeout)
        here, kids = time.process_time() - c0, kids_cpu() - k0
    finally:
        race.Child.__init__ = init
    path = starts[0] - c0 + kids if r["engine"] == "clingo" else here
    return f"{r['engine']} {r['status']}", path, here + kids


def cpu_of(f):
    api.clear_caches()
    c0 = time.process_time()
    status = f()
    return status, time.process_time() - c0


def puzzles(name, only, limit):
    items = load(name)
    margins = []
    for i in only:
        label, p = items[i - 1]
        pys, t_pys = cpu_of(lambda: search.solve(p, timeout=limit, clock=time.process_time).status)
        cl, t_cl = cpu_of(lambda: api.solve(p, engine="clingo", timeout=20 * limit)["status"])
        who, path, total = critical_path(p, 20 * limit)
        # the faster engine to decide: a time-out's time is no answer's
        bound = 1.2 * min(t for s, t in ((pys, t_pys), (cl, t_cl)) if s in DECIDED) + 0.3
        margins.append((bound - path, label))
        print(f"{label}: pysolver {pys} {t_pys:.2f} s, clingo {cl} {t_cl:.2f} s; auto by {who}: "
              f"critical path {path:.2f} s (target {bound:.2f} s{', MISSED' if path > bound else ''}), "
              f"CPU in all {total:.2f} s", flush=True)
    print(f"smallest margin under the target: {min(margins)[0]:+.2f} s ({min(margins)[1]}); "
          f"missed on {sum(m < 0 for m, _ in margins)} of {len(margins)}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--set", default="taai2011", choices=("webpbn", "taai2011"))
    ap.add_argument("--only", help="comma-separated 1-based indexes into the set")
    ap.add_argument("--limit", type=float, default=20.0, help="CPU seconds for pysolver alone")
    a = ap.parse_args(argv)
    if a.only:
        puzzles(a.set, [int(i) for i in a.only.split(",")], a.limit)
    p = formats.parse_one((PUZZLES / "webpbn" / "1.xml").read_text(encoding="utf-8"), "1.xml")
    for how in ("fork", "spawn") if a.repeat else ():
        stop = threading.Event()
        if how == "spawn":  # another thread running: race.Child spawns a fresh interpreter
            threading.Thread(target=stop.wait, daemon=True).start()
        try:
            assert race.can_fork() == (how == "fork")
            for engine in ("clingo", "pysolver"):
                runs = [start_once(p, engine) for _ in range(a.repeat)]
                wall, here, child = (statistics.median(r[i] for r in runs) for i in range(3))
                print(f"{how:5} {engine:8}: start to answer {wall * 1000:7.1f} ms wall; "
                      f"CPU here {here * 1000:6.1f} ms, in the child {child * 1000:6.1f} ms "
                      f"(medians of {a.repeat})", flush=True)
        finally:
            stop.set()
    return 0


if __name__ == "__main__":
    sys.exit(main())
