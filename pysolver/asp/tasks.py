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

import importlib
import time
from dataclasses import dataclass

from .run import clingo_module
from ..memo import Memo
from ..errors import PuzzleError

MODES = ("auto", "brave", "cautious")
# name -> "module:function" in this package; the function takes the JSON args as
# keywords and returns the task (a generator). Names, not functions: the task
# modules import this one.
TASKS = {"hint": "hints:hint_task", "solve": "aspsolve:solve_task",
         "generate": "generate:generate_task"}
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


def _control(program: str, args: tuple):
    key = (program, args)
    ctl = _controls.get(key)
    if ctl is None:
        clingo = clingo_module()
        ctl = clingo.Control(list(args), logger=lambda code, msg: None)
        ctl.add("base", [], program)
        ctl.ground([("base", [])])
        _controls.put(key, ctl)
    return ctl


def solve_native(ask: Ask) -> dict:
    """Answer one ask with the clingo module (the Control is kept for the next ask)."""
    clingo = clingo_module()
    t0 = time.perf_counter()
    ctl = _control(ask.program, ask.args)
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
    found, core = [], []

    def on_model(m):
        found.append([str(s) for s in m.symbols(shown=True)])

    res = ctl.solve(assumptions=lits, on_model=on_model, on_core=core.extend)
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


def run_native(task):
    """The task's result, its asks answered by native clingo."""
    return drive(task, solve_native)


def start(name: str, args: dict):
    """The task registered as ``name``, started with its JSON ``args``."""
    where = TASKS.get(name)
    if where is None:
        raise PuzzleError(f"unknown Nikoli task {name!r}; one of {', '.join(sorted(TASKS))}")
    if not isinstance(args, dict):
        raise PuzzleError(f"task {name}: the arguments must be a JSON object")
    module, func = where.split(":")
    fn = getattr(importlib.import_module(f"..nikoli.{module}", __package__), func)
    try:
        return fn(**args)
    except TypeError as e:
        raise PuzzleError(f"task {name}: {e}") from None
