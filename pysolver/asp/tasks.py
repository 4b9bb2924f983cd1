"""Clingo work as data: tasks yield asks, a driver answers them.

The Nikoli algorithms that call clingo many times (hints, the generator) are
generator functions ("tasks"): ``answer = yield Ask(...)`` for each clingo call,
``return result`` at the end. A driver runs them: :func:`run_native` here with the
clingo module (one grounded Control per program, many solves with assumptions),
web/js/nikoli-asp.js in the browser with clingo-wasm (one run per ask: assumptions
become constraints, no unsat cores). Tasks never look at which driver runs them.

An answer is a dict: ``sat`` True / False / None (the conflict limit ran out first),
``models`` (auto: the models found, each a sorted list of shown atoms as text;
brave / cautious: one, the consequences), ``exhausted`` (the search was complete),
``core`` (indices into ``assume`` of an unsatisfiable subset, or None: not asked, or
the driver cannot tell; callers then treat every assumption as in the core),
``conflicts`` and ``time_s`` (the driver's time for this ask).
"""
from __future__ import annotations

import itertools
import time
from collections.abc import Generator
from dataclasses import dataclass

from ..errors import PuzzleError
from ..memo import Memo
from .run import clingo_module, ground, wait

MODES = ("auto", "brave", "cautious")
_controls = Memo("nikoli.asprun.controls", 4)  # (program, args) -> grounded Control


@dataclass(frozen=True)
class Ask:
    """One clingo call: a whole program, its options, assumptions and what to find."""
    program: str
    args: tuple = ()
    assume: tuple = ()  # ((atom text, value), ...)
    mode: str = "auto"
    models: int = 1  # auto: models wanted, 0 = all (optimisation: up to the optimum)
    limit: int | None = None  # conflicts; None: no limit
    core: bool = False

    def __post_init__(self):
        if self.mode not in MODES:
            raise PuzzleError(f"ask: mode {self.mode!r} is not one of {', '.join(MODES)}")
        object.__setattr__(self, "args", tuple(str(a) for a in self.args))
        object.__setattr__(self, "assume", tuple((str(a), bool(v)) for a, v in self.assume))

    def as_dict(self) -> dict:
        return {"program": self.program, "args": list(self.args),
                "assume": [[a, v] for a, v in self.assume], "mode": self.mode,
                "models": self.models, "limit": self.limit, "core": self.core}

    @classmethod
    def from_dict(cls, d: dict) -> "Ask":
        return cls(d["program"], tuple(d.get("args", ())),
                   tuple((a, v) for a, v in d.get("assume", ())), d.get("mode", "auto"),
                   int(d.get("models", 1)), d.get("limit"), bool(d.get("core", False)))


def answer(sat, models=(), exhausted=True, core=None, conflicts=0, time_s=0.0) -> dict:
    """An answer dict (both drivers build theirs with these keys)."""
    return {"sat": sat, "models": [sorted(m) for m in models], "exhausted": exhausted,
            "core": core, "conflicts": conflicts, "time_s": round(time_s, 4)}


class OutOfTime(Exception):
    """The deadline of a natively driven task passed (see :func:`run_native`)."""


def _control(program: str, args: tuple, deadline=None):
    key = (program, args)
    ctl = _controls.get(key)
    if ctl is None:
        clingo = clingo_module()
        ctl = clingo.Control(list(args), logger=lambda code, msg: None)
        ctl.add("base", [], program)
        if not ground(ctl, deadline):
            raise OutOfTime
        _controls.put(key, ctl)
    return ctl


def solve_native(ask: Ask, deadline=None) -> dict:
    """Answer one ask with the clingo module (the Control is kept for the next ask);
    OutOfTime when ``deadline`` (perf_counter) passes first."""
    clingo = clingo_module()
    t0 = time.perf_counter()
    ctl = _control(ask.program, ask.args, deadline)
    lits, index = [], {}
    for i, (text, value) in enumerate(ask.assume):
        atom = ctl.symbolic_atoms[clingo.parse_term(text)]
        if atom is None:  # an atom no rule can derive: false in every answer set
            if value:
                return answer(False, core=[i] if ask.core else None,
                              time_s=time.perf_counter() - t0)
            continue
        lit = atom.literal if value else -atom.literal
        index.setdefault(lit, i)
        lits.append(lit)
    conf = ctl.configuration.solve
    conf.enum_mode = ask.mode
    conf.models = str(ask.models if ask.mode == "auto" else 0)
    conf.solve_limit = "umax" if ask.limit is None else str(ask.limit)
    found, core = [], ()

    def on_model(m):
        found.append([str(s) for s in m.symbols(shown=True)])

    # asynchronous, so the deadline and Ctrl-C hold (the core is read from the handle:
    # on_core is not called for an asynchronous solve)
    with ctl.solve(assumptions=lits, on_model=on_model, async_=True) as handle:
        if not wait(handle, deadline):
            handle.cancel()
            raise OutOfTime
        res = handle.get()
        if ask.core and res.unsatisfiable:
            core = handle.core()
    if ask.mode != "auto":
        found = found[-1:]  # the last estimate is the consequences
    sat = True if found else (False if res.unsatisfiable else None)
    exhausted = bool(res.exhausted) and not res.interrupted
    want_core = ask.core and sat is False
    return answer(sat, found, exhausted,
                  sorted({index[c] for c in core if c in index}) if want_core else None,
                  int(ctl.statistics["solving"]["solvers"]["conflicts"]),
                  time.perf_counter() - t0)


def drive(task, solve):
    """Run a task to its end, each ask answered by ``solve(ask) -> answer``."""
    try:
        ask = next(task)
        while True:
            ask = task.send(solve(ask))
    except StopIteration as stop:
        return stop.value


def run_native(task, timeout=None):
    """The task's result, its asks answered by native clingo; OutOfTime when
    ``timeout`` seconds (grounding included) pass first."""
    deadline = None if timeout is None else time.perf_counter() + timeout
    return drive(task, lambda ask: solve_native(ask, deadline))


# -- sessions: a task run step by step, its asks answered elsewhere (the page) --------

_sessions = Memo("asp.tasks.sessions", 8)  # session id -> the task waiting for an answer
_session_ids = itertools.count(1)


def _advance(session, task, answer):
    try:
        ask = task.send(answer)
    except StopIteration as stop:
        return {"result": stop.value}
    _sessions.put(session, task)
    return {"session": session, "ask": ask.as_dict()}


def open_session(started) -> dict:
    """A started task's first ask as {"session", "ask"}, or its result {"result"}
    (so is anything that is not a task: a result at once)."""
    if not isinstance(started, Generator):
        return {"result": started}
    return _advance(next(_session_ids), started, None)


def continue_session(session, answer) -> dict:
    """The session's next ask, or its result. A session forgotten (clear_caches, or
    more than 8 at once) must be started again."""
    task = _sessions.get(session) if isinstance(session, int) else None  # ids are ints
    if task is None:
        raise PuzzleError(f"session {session!r} is unknown or over; start the task again")
    return _advance(session, task, checked_answer(answer))


def checked_answer(a) -> dict:
    """An answer from elsewhere (the page's clingo-wasm, an API caller) in the shape
    of :func:`answer`, which every task reads without checking; PuzzleError naming
    the field that is not."""
    def number(v):
        return isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v < float("inf")

    if not isinstance(a, dict):
        raise PuzzleError("the answer must be an object with sat, models, exhausted, core, "
                          "conflicts and time_s")
    sat, models, core = a.get("sat", "missing"), a.get("models"), a.get("core")
    if not (sat is True or sat is False or sat is None):
        raise PuzzleError("the answer's sat must be true, false or null")
    if not isinstance(models, list) or not all(
            isinstance(m, list) and all(isinstance(x, str) for x in m) for m in models):
        raise PuzzleError("the answer's models must be a list of lists of atoms (strings)")
    if (sat is True) != bool(models):
        raise PuzzleError("the answer's sat must be true exactly when it has models")
    if not isinstance(a.get("exhausted"), bool):
        raise PuzzleError("the answer's exhausted must be true or false")
    if core is not None and not (isinstance(core, list) and all(
            isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in core)):
        raise PuzzleError("the answer's core must be null or a list of assumption indices")
    if not number(a.get("conflicts")) or not number(a.get("time_s")):
        raise PuzzleError("the answer's conflicts and time_s must be numbers of at least 0")
    return answer(sat, models, a["exhausted"], core, int(a["conflicts"]), a["time_s"])


def finish_native(started):
    """A started task's result, its asks answered by native clingo (or a result as is)."""
    return run_native(started) if isinstance(started, Generator) else started
