"""The hint walk (pysolver.nonogram.walk) is a player's walk: the same hints, summary and
counted line solves as hint.hint asked step by step from state text, with the
memo of its what-ifs (whatif.Trials) saving runs; and the what-ifs' helpers
(probe_order, chain) against their definitions."""
import random

import pytest

from pysolver import api
from pysolver.nonogram import walk
from pysolver.nonogram.player import hint, whatif
from pysolver.nonogram.puzzle import cells_from_state, puzzle_from_grid
from pysolver.nonogram.solver import propagate
from pysolver.nonogram.solver.line import positions, undecided
from pysolver.nonogram.solver.propagate import Engine


def counting_runs(monkeypatch):
    """A list that counts Engine.run calls from now on."""
    runs = []
    run = Engine.run

    def counted(self, *args, **kw):
        runs.append(1)
        return run(self, *args, **kw)
    monkeypatch.setattr(Engine, "run", counted)
    return runs


def players_walk(p):
    """The walk as a player asks it: hint.hint on the state text, step by step
    (a new engine and no memo each time): (hints, summary figures)."""
    state = ["?" * p.width] * p.height
    hints, before = [], []
    for _ in range(p.width * p.height + 1):
        h = hint.hint(p, state)
        hints.append(h)
        if h["kind"] not in walk.KINDS:
            break
        if h["kind"] != "line":
            before.append((h["kind"], state))
        rows = [list(r) for r in state]
        for c in h["cells"]:
            rows[c["row"] - 1][c["column"] - 1] = c["value"]
        state = ["".join(r) for r in rows]
    return hints, state, before


@pytest.mark.parametrize("w,h,colours,level,seed", [
    (10, 10, 1, "expert", 1), (12, 12, 1, "hard", 5), (12, 12, 3, "hard", 2),
    (10, 8, 2, "medium", 5)])
def test_the_walk_is_a_players_walk(monkeypatch, w, h, colours, level, seed):
    p = api.to_puzzle(api.generate("nonogram", w, h, colours, level, seed)["puzzle"])
    runs = counting_runs(monkeypatch)
    start = propagate.solved()
    hints, state, before = players_walk(p)
    theirs, their_runs = propagate.solved() - start, len(runs)
    seen = []
    monkeypatch.setattr(hint, "next_hint", lambda *a, _f=hint.next_hint, **k: seen.append(
        _f(*a, **k)) or seen[-1])
    runs.clear()
    start = propagate.solved()
    out = walk.walk(p, keep_states=True)
    assert seen == hints  # every hint word for word, chains too
    assert propagate.solved() - start == theirs  # the lanes' count: as if every trial ran
    assert len(runs) <= their_runs
    if out["steps"]["probe"] + out["steps"]["deep"] > 2:  # later what-ifs reuse trials
        assert len(runs) < their_runs
    kinds = [x["kind"] for x in hints]
    assert out["steps"] == {k: kinds.count(k) for k in walk.KINDS}
    assert (out["state"], out["before"], out["end"]) == (state, before, kinds[-1])
    assert out["deepest"] == max([x["probe"]["nodes"] for x in hints if x["kind"] == "deep"],
                                 default=0)


def test_a_memo_hit_counts_as_the_run_it_replaces():
    """Trials: a trial is run again only once a line it read has changed; its
    line solves count on the engine either way, so budgets are the same."""
    p = api.to_puzzle(api.generate("nonogram", 10, 10, 1, "expert", 1)["puzzle"])
    eng = Engine(p)
    rows, cols = eng.initial()
    walk.settle(eng, rows, cols, set(range(p.height)), set(range(p.width)))
    blame = lambda e, cell: None  # noqa: E731 - the clues do not contradict
    trials = whatif.Trials()
    solves = []
    for _ in range(2):
        before = eng.line_solves
        found = whatif.probe_hint(p, eng, rows, cols, blame, trials=trials)
        solves.append(eng.line_solves - before)
    assert found == whatif.probe_hint(p, Engine(p), rows, cols, blame)
    assert solves[0] == solves[1] > 0 and trials.memo
    # one cell decided: the trials that read its row or column are forgotten
    y, x = next((y, x) for y in range(p.height) for x in positions(undecided(rows[y])))
    kept = {k for k, v in trials.memo.items() if not (v[0] >> y & 1 or v[1] >> x & 1)}
    rows[y] = (rows[y][0] & ~(1 << x), rows[y][1])
    cols[x] = (cols[x][0] & ~(1 << y), cols[x][1])
    assert set(trials.at(rows, cols)) == kept


def test_probe_order_is_most_decided_neighbours_first():
    rng = random.Random(5)
    for _ in range(300):
        w, h = rng.randint(1, 12), rng.randint(1, 12)
        p = puzzle_from_grid([[rng.randrange(2) for _ in range(w)] for _ in range(h)])
        eng = Engine(p)
        rows, _ = eng.initial()
        for y in range(h):
            for x in range(w):
                if rng.random() < 0.5:
                    keep = rng.randrange(2)
                    rows[y] = tuple(m & ~(1 << x) if c != keep else m
                                    for c, m in enumerate(rows[y]))
        open_ = {(y, x) for y in range(h) for x in positions(undecided(rows[y]))}
        near = {(y, x): sum((y + dy, x + dx) not in open_ and 0 <= y + dy < h and 0 <= x + dx < w
                            for dy, dx in ((-1, 0), (1, 0), (0, -1), (0, 1)))
                for y, x in open_}
        assert whatif.probe_order(eng, rows) == sorted(open_, key=lambda c: (-near[c], c))


def test_a_chain_is_the_failing_trials_recorded_steps():
    """The chain shown with a one-cell what-if: the line steps that propagate
    records for the failing trial, in order, then the line that fails."""
    for level, seed in (("hard", 3), ("expert", 1)):
        p = api.to_puzzle(api.generate("nonogram", 10, 10, 1, level, seed)["puzzle"])
        hints, _, before = players_walk(p)
        probes = [(h, state) for h, (kind, state) in zip(
            [x for x in hints if x["kind"] in ("probe", "deep")], before) if kind == "probe"]
        assert probes
        for h, state in probes:
            cells = cells_from_state(p, state)
            k = (h["probe"]["row"] - 1) * p.width + h["probe"]["column"] - 1
            cells[k] = 1 << p.char_index()[h["probe"]["tried"]]
            res = propagate.propagate(p, cells, [("row", h["probe"]["row"] - 1),
                                                 ("column", h["probe"]["column"] - 1)],
                                      record=True)
            assert not res.ok
            want = []
            for s in res.steps:
                decided = [(p_, m) for p_, m in zip(s["cells"], s["values"]) if m & (m - 1) == 0]
                want.append({"axis": s["axis"], "index": s["index"] + 1, "fails": False, "cells": [
                    {"row": (s["index"] if s["axis"] == "row" else q) + 1,
                     "column": (q if s["axis"] == "row" else s["index"]) + 1,
                     "value": p.colors[m.bit_length() - 1].char} for q, m in decided]})
            want.append({"axis": res.failed[0], "index": res.failed[1] + 1, "cells": [],
                         "fails": True})
            assert h["chain"] == want  # black and white: one value fails
