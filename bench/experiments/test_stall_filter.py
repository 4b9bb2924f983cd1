"""The look measured in bench/experiments/stall_filter.py (the walk's deeper what-if at
the climb's stall, the solution known) agrees with the full hint walk on the unique
stalls a climb meets: where it finds no cell, the walk ends unfinished at that stall;
where it finds one, the walk's first deeper what-if is made from that stall. The
climb's path is main's (the look's line solves are not counted)."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from experiments import stall_filter  # noqa: E402

from pysolver.nonogram import climb, edit, generate as gen, walk  # noqa: E402
from pysolver.nonogram.solver.propagate import Engine  # noqa: E402


def test_columns_are_the_rows_read_down():
    p = gen.generate(10, 10, 1, "hard", 3)[0]
    eng = Engine(p)
    rows, cols = edit.lines(eng)
    assert stall_filter.columns(rows, eng.w) == list(cols)


def test_the_look_cuts_only_walks_that_end_at_the_stall(monkeypatch):
    log = []
    monkeypatch.setattr(climb, "_expert", stall_filter.watch(log, [3]))
    gen.generate(15, 15, 1, "expert", 3)
    assert {r["look"] for r in log} == {True, False}  # both verdicts met
    for r in log:
        full = walk.walk(r["puzzle"], keep_states=True)
        deep = [state for kind, state in full["before"] if kind == "deep"]
        assert full["finished"] == r["walk"]
        if r["look"]:
            assert deep and deep[0] == r["stall"]
        else:
            assert not full["finished"] and not deep and full["state"] == r["stall"]
