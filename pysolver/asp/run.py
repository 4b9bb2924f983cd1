"""The generic clingo layer: the ASP encodings and the native clingo runner.

The encodings live in the repository's ``encodings/`` folder, the single source of
truth; ``pysolver/encodings`` is a symbolic link to it, so the same path works in a
source checkout, an editable install and the wheel (pyproject lists ``*.lp`` as
package data of ``pysolver.encodings``; setuptools copies the files through the
link). Every genre's ASP route (pysolver.nonogram.asp, pysolver.nikoli.aspsolve)
and the task driver (pysolver.asp.tasks) run their programs here.

Native solving needs the optional ``clingo`` module (``pip install 'pysolver[asp]'``);
everything else here is pure Python and imports without it.
"""
from __future__ import annotations

import contextlib
import threading
import time
from pathlib import Path

from ..errors import PuzzleError
from ..memo import Memo

ENCODINGS_DIR = Path(__file__).resolve().parent.parent / "encodings"


class ClingoMissing(PuzzleError):
    """The native clingo module is not installed."""


_TEXTS = Memo("asp.encoding_file", 16)


def encoding_file(name: str) -> str:
    """The text of encodings/<name>.lp, any of them (Nikoli's too), read once:
    hints ask for it on every call."""
    text = _TEXTS.get(name)
    if text is None:
        text = (ENCODINGS_DIR / f"{name}.lp").read_text(encoding="utf-8")
        _TEXTS.put(name, text)
    return text


def status_of(found: int, exhausted: bool, timed_out: bool) -> str:
    """The api status word for a model count (shared by the native and wasm routes)."""
    if found >= 2:
        return "multiple"
    if timed_out:
        return "timeout"
    if found == 0:
        return "none" if exhausted else "timeout"
    if exhausted:
        return "unique"
    return "solved"  # one model and max_solutions == 1: uniqueness not asked


def clingo_available() -> bool:
    """True when native clingo can be used (the command line; never in Pyodide)."""
    try:
        clingo_module()
    except ClingoMissing:
        return False
    return True


def clingo_module():
    """The native clingo module, or ClingoMissing saying how to install it."""
    try:
        import clingo
    except ImportError:
        raise ClingoMissing(
            "the clingo engine needs the clingo Python module: "
            "pip install 'pysolver[asp]' (or pip install clingo)") from None
    return clingo


def run_program(text: str, decode_model, max_solutions=2, timeout=None, args=(),
                quick=False, then=None) -> dict:
    """Ground and solve one program with native clingo; models through ``decode_model``.

    The api solve-result dict (engine "clingo") with the decoded models as
    ``solutions``; shared by the nonogram and the Nikoli routes. ``quick``: the
    caller knows the grounding takes a moment (:func:`ground`). ``then``: (CPU
    seconds, more options): a search still running after that much of the process's
    CPU is raced by a second one with those options (another configuration, on its own
    clingo thread); the first to end answers (both answer the same question).
    """
    clingo = clingo_module()
    t0 = time.perf_counter()
    cap = int(max_solutions or 0)

    def control(extra=()):
        ctl = clingo.Control([f"--models={cap}", "--stats", *args, *extra],
                             logger=lambda code, msg: None)
        ctl.add("base", [], text)
        return ctl

    ctl = control()
    deadline = None if timeout is None else t0 + timeout
    grounded = ground(ctl, deadline, quick)
    t_ground = time.perf_counter() - t0
    grids, exhausted, timed_out = [], False, not grounded
    if grounded:
        with contextlib.ExitStack() as stack:
            runs = [_Search(stack, ctl, decode_model)]
            cpu0 = time.process_time()
            done = None
            while done is None:
                now = time.perf_counter()
                if deadline is not None and now >= deadline:
                    break
                until = now + SLICE_S if deadline is None else min(now + SLICE_S, deadline)
                done = next((r for r in runs if r.step(until, len(runs))), None)
                if done is None and then and len(runs) == 1 \
                        and time.process_time() - cpu0 >= then[0]:
                    rival = control(then[1])
                    if ground(rival, deadline, quick):
                        runs.append(_Search(stack, rival, decode_model))
            timed_out = done is None
            if done is not None:
                ctl, grids, exhausted = done.ctl, done.grids, done.exhausted
    elapsed = time.perf_counter() - t0
    stats = _stats(ctl.statistics) if grounded else _stats({})
    stats.update(ground_s=round(t_ground, 4), count=len(grids), exhausted=exhausted)
    return {
        "status": status_of(len(grids), exhausted, timed_out),
        "solutions": grids,
        "time_s": round(elapsed, 4),
        "stats": stats,
        "engine": "clingo",
    }


class _Search:
    """One clingo search yielding its models, waited for in slices (two may race)."""

    def __init__(self, stack, ctl, decode_model):
        # models are read here, not in a callback: a callback runs on clingo's solving
        # thread and would wait for the interpreter lock that the wait holds
        self.ctl, self.decode, self.grids, self.exhausted = ctl, decode_model, [], False
        self.handle = stack.enter_context(ctl.solve(yield_=True, async_=True))
        self.handle.resume()

    def step(self, until: float, share: int) -> bool:
        """Wait until ``until`` (perf_counter; a share of it when several race);
        True when the search has ended."""
        end = time.perf_counter() + (until - time.perf_counter()) / share
        while True:
            left = end - time.perf_counter()
            if left <= 0 or not self.handle.wait(left):
                return False
            model = self.handle.model()
            if model is None:
                self.exhausted = self.handle.get().exhausted
                return True
            self.grids.append(self.decode(model.symbols(shown=True)))
            self.handle.resume()


SLICE_S = 0.1  # waits on clingo in slices this long, so Ctrl-C is handled promptly
_abandoned = []  # grounding threads left behind by a deadline or Ctrl-C
_started = []  # every grounding thread of this process


QUICK_WORK = 2500  # grounding work (cells' worth) done on the caller's thread: ~0.1 s


def ground(ctl, deadline=None, quick=False) -> bool:
    """Ground the base part; False when ``deadline`` (perf_counter) passed first.

    clingo cannot interrupt its grounder, so it runs on a helper thread (clingo
    releases the interpreter lock) while this one waits in slices: the deadline
    and Ctrl-C hold. A grounding left behind runs on to its end, bounded by the
    size policy (pysolver.limits: a few seconds); the command line ends its
    process with os._exit then (see :func:`abandoned`). ``quick`` (the caller
    estimated the work under QUICK_WORK) grounds here: Ctrl-C and the deadline wait
    that moment.
    """
    if quick:  # a moment's work: a helper thread would cost more than it saves
        ctl.ground([("base", [])])
        return True
    failure = []

    def run():
        try:
            ctl.ground([("base", [])])
        except BaseException as e:  # handed to the waiting thread
            failure.append(e)

    thread = threading.Thread(target=run, name="clingo-ground", daemon=True)
    _started.append(thread)
    thread.start()
    try:
        while thread.is_alive():
            left = SLICE_S if deadline is None else min(SLICE_S, deadline - time.perf_counter())
            if left <= 0:
                _abandoned.append(thread)
                return False
            thread.join(left)
    except BaseException:  # Ctrl-C: the grounder is left behind
        _abandoned.append(thread)
        raise
    if failure:
        raise failure[0]
    return True


def abandoned() -> bool:
    """True when a grounding was left behind (a deadline or Ctrl-C) in this process:
    the interpreter's shutdown can crash under clingo then, so the command line ends
    with os._exit."""
    return bool(_abandoned)


def grounded_here() -> bool:
    """True when this process has run clingo's grounder (its threads may linger)."""
    return bool(_started)


def grounding_busy() -> bool:
    """True while a grounding left behind still runs."""
    return any(t.is_alive() for t in _abandoned)


def wait(handle, deadline) -> bool:
    """Wait for an async solve handle; False when the deadline passed first."""
    while True:
        left = SLICE_S if deadline is None else min(SLICE_S, deadline - time.perf_counter())
        if left <= 0:
            return False
        if handle.wait(left):
            return True


def _stats(s) -> dict:
    solving = s.get("solving", {}).get("solvers", {})
    problem = s.get("problem", {}).get("lp", {})
    return {
        "choices": int(solving.get("choices", 0)),
        "conflicts": int(solving.get("conflicts", 0)),
        "restarts": int(solving.get("restarts", 0)),
        "atoms": int(problem.get("atoms", 0)),
        "rules": int(problem.get("rules", 0)),
    }
