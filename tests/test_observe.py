"""The solver's event stream (pysolver.nonogram.solver.observe): golden traces, progress with the
grid's state, and the propagation steps the hint module reads."""
import os
import random
from pathlib import Path

import pytest

from pysolver.nonogram.solver import observe, search
from pysolver.nonogram.solver.propagate import Engine, propagate
from pysolver.nonogram.puzzle import puzzle_from_grid

import pictures

GOLDEN = Path(__file__).resolve().parent / "golden"
REGEN = os.environ.get("PYSOLVER_REGEN_GOLDEN") == "1"  # rewrite the files instead of comparing


def random_puzzle(seed):
    """Seed 1740 gives a board whose search meets a dead branch (with the learned
    value order; 1655 did with the shares order)."""
    rng = random.Random(seed)
    n, density = rng.choice([8, 10, 12]), rng.choice([0.3, 0.4, 0.5])
    return puzzle_from_grid([[int(rng.random() < density) for _ in range(n)] for _ in range(n)])


def compare(name, lines):
    path = GOLDEN / name
    text = "\n".join(lines) + "\n"
    if REGEN:
        path.write_text(text)
    assert text == path.read_text(), f"the event sequence differs from {path}"


@pytest.mark.parametrize("name, puzzle, events", [
    # line logic alone: every line event, then the solution
    ("trace-dancer.txt", pictures.bw(pictures.DANCER), ("line", "solution")),
    # needs search, with a dead branch: the search's own events
    ("trace-search.txt", random_puzzle(1740), ("branch", "backtrack", "solution")),
])
def test_golden_trace(name, puzzle, events):
    trace = observe.Trace(puzzle, events)
    assert all(getattr(trace, e) is None for e in observe.EVENTS if e not in events)
    res = search.solve(puzzle, max_solutions=2, observer=trace)
    kinds = {line.split()[0] for line in trace.lines}
    assert kinds == set(events) and res.status in ("unique", "multiple")
    assert sum(line.startswith("solution") for line in trace.lines) == len(res.solutions)
    compare(name, trace.lines)


def test_progress_carries_the_grid_as_known(monkeypatch):
    monkeypatch.setattr(search, "PROGRESS_INTERVAL", 0.0)
    p = random_puzzle(1740)
    reports, seen = [], []

    class Watch:
        def progress(self, info):
            seen.append(info)
    search.solve(p, max_solutions=2, progress=reports.append, observer=Watch())
    assert reports and reports == seen
    assert set(reports[-1]) == {"known", "total", "nodes", "probes", "solutions", "time_s", "state"}
    for info in reports:
        state = info["state"]
        assert len(state) == 12 and all(len(r) == 12 and set(r) <= set("?.#") for r in state)
        assert sum(r.count("?") for r in state) == info["total"] - info["known"]


def test_steps_observer_gives_propagations_steps():
    """propagate(record=True) and Engine.run's record list (hint.py) both come from
    the Steps observer: one step per line that changed, in order."""
    p = pictures.bw(pictures.DANCER)
    steps = propagate(p, record=True).steps
    eng = Engine(p)
    rows, cols = eng.initial()
    listed = []
    eng.run(rows, cols, set(range(eng.h)), set(range(eng.w)), listed)
    assert steps == listed and steps
    assert all(set(s) == {"axis", "index", "cells", "values", "reason"} for s in steps)
    eng = Engine(p)
    watched = observe.Steps(eng)
    eng.observe(watched)
    rows, cols = eng.initial()
    eng.run_all(rows, cols)
    assert watched.steps == steps
    assert propagate(p).steps == []  # no observer, no steps
