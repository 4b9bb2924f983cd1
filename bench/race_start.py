"""What starting a race's child costs (pysolver.race.Child): forked against spawned.

Usage (from the repository root):
  nice python3 bench/race_start.py --repeat 20

Per start path, ``--repeat`` times on webpbn/1.xml (a 5x10 puzzle: the child's
answer is almost all start), caches emptied before each: the wall time from the
call to its answer being read (start to ready), this process's CPU spent in the
call (what the search here pays), and the child's CPU (reaped, so
RUSAGE_CHILDREN), for native clingo and for portfolio member 1. Prints medians.
"""
from __future__ import annotations

import argparse
import resource
import statistics
import sys
import threading
import time

from engine import PUZZLES  # bench/engine.py: the corpus and sys.path

from pysolver import api, formats, race


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


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=20)
    a = ap.parse_args(argv)
    p = formats.parse_one((PUZZLES / "webpbn" / "1.xml").read_text(encoding="utf-8"), "1.xml")
    for how in ("fork", "spawn"):
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
