"""Races on one puzzle: several searches at once, the first decided answer wins.

:func:`solve` (``api.solve`` with engine "auto" or jobs > 1) runs the default
search here and, in child processes, native clingo ("auto") and differently
configured searches (:func:`member_options`, the portfolio); the children start
once the search here has used START_CPU_S. That search polls them between its
nodes (its ``should_stop``) and stops when one of them has decided; a child
still running when the answer is known is killed. Children are
plain ``python -m pysolver.race`` processes (a batch's pool workers may start
them too), reading one JSON request on stdin and writing one JSON result on
stdout; each ends itself when its parent disappears (pool.worker_start), even
by SIGKILL. Only the command line and benchmarks call this: never Pyodide.
"""
from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

from .formats import jsonfmt
from .puzzle import PuzzleError

DECIDED = ("unique", "multiple", "none", "solved")
# The children start once the search here has used this much CPU time: what it
# decides sooner (most puzzles) costs no process start (about 0.1-0.2 s of CPU each).
START_CPU_S = 0.1


def member_options(k: int) -> dict:
    """search.solve options of portfolio member k. Member 0 is the default search
    (so one job is today's answer). Member 1 runs two complete searches in turn
    and no restarts: one varied (``vary``: cell and value order drawn), one in
    the "open" value order; each decides hard puzzles of the TAAI sample that no
    other order tried here decides within 20 s (PERF.md, "Racing and portfolio").
    The others seed their restarts apart and vary the complete search."""
    if k == 0:
        return {}
    return {"vary": 1, "second": "open"} if k == 1 else {"seed": 1 + k, "vary": k}


def canonical(out: dict) -> dict:
    """Solutions in sorted order: which two solutions a "multiple" reports then
    does not depend on the order the winning member found them in."""
    out["solutions"] = sorted(out["solutions"])
    return out


class Child:
    """One member in a child process: started at once, its answer read when ready."""

    def __init__(self, request: dict):
        root = str(Path(__file__).resolve().parent.parent)  # the child imports this pysolver
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [root] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
        self.proc = subprocess.Popen([sys.executable, "-m", "pysolver.race"], env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.result = None
        try:
            self.proc.stdin.write(json.dumps(dict(request, parent=os.getpid())).encode())
            self.proc.stdin.close()
        except BrokenPipeError:
            self.result = {"status": "error", "error": "the race's child ended at start"}

    def ready(self, wait=0.0) -> bool:
        """Whether the answer is in (reads it then); ``wait`` seconds at most."""
        if self.result is None and select.select([self.proc.stdout], [], [], wait)[0]:
            data = self.proc.stdout.read()  # the child writes once, then ends
            try:
                self.result = json.loads(data)
            except ValueError:
                self.result = {"status": "error", "error": "the race's child ended without an answer"}
        return self.result is not None

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        self.proc.stdout.close()


def run(local, requests, timeout, should_stop):
    """``local(should_stop)`` here, the ``requests`` in children once it has used
    START_CPU_S; the first decided answer, else the local one (a time-out, a cancel)."""
    start, cpu0 = time.monotonic(), time.process_time()
    children = []
    try:
        won = []

        def stop_local():
            if should_stop is not None and should_stop():
                return True
            if not children and time.process_time() - cpu0 >= START_CPU_S:
                left = None if timeout is None else max(1e-3, timeout - (time.monotonic() - start))
                children.extend(Child(dict(r, timeout=left)) for r in requests)
            for c in children:
                if c.result is None and c.ready() and c.result["status"] in DECIDED:
                    won.append(c.result)
            return bool(won)

        out = local(stop_local)
        if out["status"] in DECIDED:
            return out
        cancelled = should_stop is not None and should_stop()
        # this search ran out of time or budget: the children may still decide
        deadline = None if timeout is None else start + timeout + 1.0  # + their start-up
        while not won and not cancelled:
            left = [c for c in children if c.result is None]
            wait = 0.1 if deadline is None else min(0.1, deadline - time.monotonic())
            if not left or wait <= 0:
                break
            ready = select.select([c.proc.stdout for c in left], [], [], wait)[0]
            for c in left:
                if c.proc.stdout in ready and c.ready() and c.result["status"] in DECIDED:
                    won.append(c.result)
            cancelled = should_stop is not None and should_stop()
        if won:
            res = won[0]
            res["time_s"] = round(time.monotonic() - start, 4)
            return res
        return out
    finally:
        for c in children:
            c.stop()


def solve(p, max_solutions, timeout, cells, progress, should_stop, jobs, clingo):
    """api.solve's race: the default search here against, in children, native clingo
    (when ``clingo``) and portfolio members 1, 2, ... up to ``jobs`` processes in
    all. Solutions come sorted when pysolver members race each other."""
    from . import api
    requests = [request(p, "clingo", max_solutions, timeout, cells)] if clingo else []
    requests += [request(p, "pysolver", max_solutions, timeout, cells, k)
                 for k in range(1, jobs - len(requests))]
    out = run(lambda stop: api._solve_pysolver(p, max_solutions, timeout, cells, progress, stop),
              requests, timeout, should_stop)
    return canonical(out) if len(requests) > int(clingo) else out


def request(p, engine, max_solutions, timeout, cells, member=0):
    return {"puzzle": jsonfmt.to_dict(p), "engine": engine, "max_solutions": max_solutions,
            "timeout": timeout, "cells": cells, "member": member}


def _answer(req: dict) -> dict:
    from . import api
    p = api.to_puzzle(req["puzzle"])
    args = (p, req["max_solutions"], req["timeout"], req["cells"])
    if req["engine"] == "clingo":
        return api._solve_clingo(*args)
    out = api._solve_pysolver(*args, None, None, options=member_options(req["member"]))
    out["stats"]["member"] = req["member"]
    return out


def main() -> None:
    """A child: one request on stdin, one result on stdout."""
    req = json.loads(sys.stdin.buffer.read())
    from . import pool
    pool.worker_start(req["parent"])  # Ctrl-C is the parent's; end with the parent
    try:
        out = _answer(req)
    except PuzzleError as e:
        out = {"status": "error", "error": str(e)}
    sys.stdout.write(json.dumps(out))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
