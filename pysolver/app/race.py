"""Races on one puzzle: several searches at once, the first decided answer wins.

:func:`solve` and :func:`analyse` are ``api.solve`` and ``api.analyse`` with the
command line's processes: engine "auto" or jobs > 1 run the default search here
and, in child processes, native clingo ("auto") and differently configured
searches (:func:`member_options`, the portfolio); the children start after
START_CHECKS of the search's work checks. That search polls them between its
nodes (its ``should_stop``) and stops when one of them has decided; a child
still running when the answer is known is killed. Children are forks of this
process (a batch's pool workers start them too), or where it may not fork,
``python -m pysolver.app.race`` processes reading one JSON request on stdin (:class:`Child`);
each writes one JSON result and ends itself when its parent disappears
(processes.worker_start), even by SIGKILL. Only the command line and benchmarks call
this: never Pyodide.
"""
from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from ..asp import run as asp_run
from ..errors import PuzzleError
from ..nonogram import engines, service
from ..nonogram import genre as nonogram_genre
from ..nonogram.formats import jsonfmt
from ..nonogram.puzzle import cells_from_state, grid_from_rows
from . import processes

DECIDED = ("unique", "multiple", "none", "solved")
# The children start at the search's START_CHECKS-th work check (its should_stop
# calls: one per node, one per propagate.CHECK_CELLS cells of line solving):
# what it decides sooner (most puzzles) costs no child. Work, not seconds: who
# races does not depend on the machine's speed.
START_CHECKS = 12


def member_options(k: int) -> dict:
    """search.solve options of portfolio member k. Member 0 is the default search
    (the learned value order; so one job is today's answer). Member 1 is the same
    search in the "shares" value order, the one the learned order replaced: neither
    order decides every family's hard tail (the shares order wins TAAI's, the
    learned one random 40x40 pictures), the two racing decide what the better of
    them does (PERF.md, "Value order per family"). Member 2 runs two complete
    searches in turn and no restarts: one varied (``vary``: cell and value order
    drawn), one in the "open" value order (the only order found to decide TAAI
    #531). The others seed their restarts apart and vary the complete search."""
    if k == 0:
        return {}
    if k == 1:
        return {"values": "shares"}
    return {"vary": 1, "second": "open"} if k == 2 else {"seed": 1 + k, "vary": k}


def canonical(out: dict) -> dict:
    """Solutions in sorted order: which two solutions a "multiple" reports then
    does not depend on the order the winning member found them in."""
    out["solutions"] = sorted(out["solutions"])
    return out


class Child:
    """One member in a child process, started at once; its answer read when ready.

    Forked where this process may fork (POSIX, no other threads than the
    parent watcher: a fork copies only the calling thread, so a lock another
    thread holds would stay held in the child): the child starts in about a
    millisecond with this process's modules and the puzzle at hand. Elsewhere
    a fresh ``python -m pysolver.app.race`` (0.12-0.15 s to start, importing the
    engine again), sent the request as JSON. Either way the child ends itself
    when this process disappears (processes.worker_start), even by SIGKILL, and
    writes nothing but its answer.
    """

    def __init__(self, p, request: dict, work=None):
        self.result = self.proc = None
        if work is not None or can_fork():  # work (a function) only ever forks: call()
            read, write = os.pipe()
            parent = os.getpid()
            self.pid = os.fork()
            if self.pid == 0:
                os.close(read)
                _forked(write, work or (lambda: answer(p, request)), parent)  # never returns
            os.close(write)
            self.stdout = os.fdopen(read, "rb")
            return
        root = str(Path(__file__).resolve().parents[2])  # the child imports this pysolver
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [root] + [path for path in [os.environ.get("PYTHONPATH")] if path]))
        self.proc = subprocess.Popen([sys.executable, "-m", "pysolver.app.race"], env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.pid, self.stdout = self.proc.pid, self.proc.stdout
        try:
            self.proc.stdin.write(json.dumps(dict(request, puzzle=jsonfmt.to_dict(p),
                                                  parent=os.getpid())).encode())
            self.proc.stdin.close()
        except BrokenPipeError:
            self.result = {"status": "error", "error": "the race's child ended at start"}

    def ready(self, wait=0.0) -> bool:
        """Whether the answer is in (reads it then); ``wait`` seconds at most."""
        if self.result is None and select.select([self.stdout], [], [], wait)[0]:
            data = self.stdout.read()  # the child writes once, then ends
            try:
                self.result = json.loads(data)
            except ValueError:
                self.result = {"status": "error", "error": "the race's child ended without an answer"}
        return self.result is not None

    def stop(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
        else:
            os.kill(self.pid, signal.SIGKILL)  # unreaped till here: never another process
            os.waitpid(self.pid, 0)
        self.stdout.close()


def can_fork() -> bool:
    """Whether a child may be forked: os.fork exists and this process runs no
    other thread than the parent watcher (processes.py) (sleeping between getppid calls)."""
    return hasattr(os, "fork") and all(
        t is threading.main_thread() or t.name == processes.WATCHER for t in threading.enumerate())


def call(work, timeout):
    """``work()`` (a JSON-able result) in a forked child: its result, or None when
    ``timeout`` seconds pass first (the child is killed then, whatever it is doing:
    the command line's hint --timeout). Where this process may not fork (another
    thread runs), in a daemon thread waited for as long: past the limit it runs on
    unwaited (the command line ends right after)."""
    if not can_fork():
        out = []
        thread = threading.Thread(target=lambda: out.append(work()), name="pysolver-call", daemon=True)
        thread.start()
        thread.join(timeout)
        return out[0] if out else None
    child = Child(None, {}, work)
    try:
        return child.result if child.ready(timeout) else None
    finally:
        child.stop()


def _forked(write, work, parent):
    """The forked child: work, write, and leave at once (os._exit: none of the
    parent's buffered output, atexit hooks or finally blocks run twice)."""
    try:
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the parent's handler is not ours
        processes.worker_start(parent)
        data = memoryview(json.dumps(work()).encode())
        while data:
            data = data[os.write(write, data):]
    finally:
        os._exit(0)


def run(local, p, requests, timeout, should_stop):
    """``local(should_stop)`` here, the ``requests`` on ``p`` in children once it
    has made START_CHECKS work checks; the first decided answer, else the local
    one (a time-out, a cancel)."""
    start = time.monotonic()
    children, checks = [], [0]
    try:
        won = []

        def stop_local():
            if should_stop is not None and should_stop():
                return True
            checks[0] += 1
            if checks[0] == START_CHECKS:
                left = None if timeout is None else max(1e-3, timeout - (time.monotonic() - start))
                children.extend(Child(p, dict(r, timeout=left)) for r in requests)
            for c in children:
                if c.result is None and c.ready() and c.result["status"] in DECIDED:
                    won.append(c.result)
            return bool(won)

        out = local(stop_local)
        if out["status"] in DECIDED and not won:  # once a child won, the answer here may be
            return out  # one cut short (a check stopped counting still says "multiple")
        cancelled = should_stop is not None and should_stop()
        # this search ran out of time or budget: the children may still decide
        deadline = None if timeout is None else start + timeout + 1.0  # + their start-up
        while not won and not cancelled:
            left = [c for c in children if c.result is None]
            wait = 0.1 if deadline is None else min(0.1, deadline - time.monotonic())
            if not left or wait <= 0:
                break
            ready = select.select([c.stdout for c in left], [], [], wait)[0]
            for c in left:
                if c.stdout in ready and c.ready() and c.result["status"] in DECIDED:
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


ENGINES = service.ENGINES + ("auto",)


def solve(puzzle, max_solutions=2, timeout=None, engine="pysolver", state=None,
          progress=None, should_stop=None, jobs=1, work=None) -> dict:
    """``api.solve``, and a race when asked for. ``engine`` "auto": pysolver and native
    clingo side by side, the first decided answer, ``engine`` naming who gave it
    (pysolver alone where clingo is not installed, said in stats["note"]).
    ``jobs`` > 1: that many processes; with "pysolver" a portfolio of differently
    configured searches, with "auto" clingo and ``jobs - 1`` of them; the solutions
    then come sorted. Without either, api.solve itself."""
    if engine not in ENGINES:
        raise PuzzleError(f"unknown engine {engine!r} (choose one of {', '.join(ENGINES)})")
    service.whole_number(jobs, "jobs", 1)
    if work is not None and (engine != "pysolver" or jobs > 1):
        raise PuzzleError("a work budget applies to one pysolver search (engine pysolver, jobs 1)")
    clingo = engine == "auto" and asp_run.clingo_available()
    if engine == "clingo" or not (clingo or jobs > 1):
        out = service.solve(puzzle, max_solutions, timeout, "pysolver" if engine == "auto" else engine,
                            state, progress, should_stop, work)
        if engine == "auto":
            out["stats"]["note"] = "clingo is not installed: pysolver alone"
        return out
    start = time.monotonic()
    service.check_timeout(timeout)
    p = service.to_puzzle(puzzle)
    service.whole_number(max_solutions, "max_solutions", 1)
    cells = cells_from_state(p, state) if state is not None else None
    timeout = service.time_left(timeout, start)
    requests = [request("clingo", max_solutions, timeout, cells)] if clingo else []
    requests += [request("pysolver", max_solutions, timeout, cells, k)
                 for k in range(1, max(jobs, 1 + clingo) - len(requests))]
    out = run(lambda stop: engines.solve_pysolver(p, max_solutions, timeout, cells, progress, stop),
              p, requests, timeout, should_stop)
    out = canonical(out) if len(requests) > int(clingo) else out
    if engine == "auto" and not clingo:
        out["stats"]["note"] = "clingo is not installed: pysolver alone"
    return out


def analyse(puzzle, timeout=None, progress=None, should_stop=None, count_cap=2, givens=None,
            engine="pysolver", work=None, rate=False) -> dict:
    """``api.analyse``; with ``engine`` "auto" it races native clingo counting up to
    ``count_cap`` (when installed), and the result adds ``"engine"``, who answered
    (clingo cannot classify: "unknown" for a unique puzzle, no difficulty). ``rate``: a
    unique puzzle's stars too, from its hint walk within the same ``timeout``, as the
    batch rates it (nonogram.genre.rated)."""
    start = time.monotonic()
    out = _analyse(puzzle, timeout, progress, should_stop, count_cap, givens, engine, work)
    return nonogram_genre.rated(puzzle, out, givens, timeout, start) if rate else out


def _analyse(puzzle, timeout, progress, should_stop, count_cap, givens, engine, work) -> dict:
    if engine not in ("pysolver", "auto"):
        raise PuzzleError(f"unknown engine {engine!r} for a check (choose pysolver or auto)")
    if engine == "pysolver" or not asp_run.clingo_available():
        return service.analyse(puzzle, timeout, progress, should_stop, count_cap, givens, work)
    start = time.monotonic()
    service.check_timeout(timeout)
    p = service.to_puzzle(puzzle)
    service.whole_number(count_cap, "count_cap", 2)
    cells = service.shown_cells(p, givens)
    left = service.time_left(timeout, start)

    def local(stop):
        return service.analyse(p, left, progress, stop, count_cap, givens, work)
    out = run(local, p, [request("clingo", count_cap, left, cells)], left, should_stop)
    if out.get("engine") == "clingo":
        status = out["status"]
        out = service.verdict(p, status, [grid_from_rows(p, s) for s in out["solutions"]],
                              out["stats"]["exhausted"], "unknown" if status == "unique" else status,
                              None, {"choices": out["stats"]["choices"],
                                     "conflicts": out["stats"]["conflicts"]}, start)
    return dict(out, engine=out.get("engine", "pysolver"))


def request(engine, max_solutions, timeout, cells, member=0):
    return {"engine": engine, "max_solutions": max_solutions, "timeout": timeout,
            "cells": cells, "member": member}


def answer(p, req: dict) -> dict:
    """A child's work: one engine or portfolio member on ``p``."""
    args = (p, req["max_solutions"], req["timeout"], req["cells"])
    try:
        if req["engine"] == "clingo":
            return engines.solve_clingo(*args)
        out = engines.solve_pysolver(*args, None, None, options=member_options(req["member"]))
    except PuzzleError as e:
        return {"status": "error", "error": str(e)}
    out["stats"]["member"] = req["member"]
    return out


def main() -> None:
    """A spawned child: one request on stdin, one result on stdout."""
    req = json.loads(sys.stdin.buffer.read())
    processes.worker_start(req["parent"])  # Ctrl-C is the parent's; end with the parent
    sys.stdout.write(json.dumps(answer(jsonfmt.from_dict(req["puzzle"]), req)))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
