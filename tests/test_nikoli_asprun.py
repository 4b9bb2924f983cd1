"""Clingo work as data (pysolver.asp.tasks): asks, answers, the native driver."""
import json
import sys
from pathlib import Path

import pytest

pytest.importorskip("clingo")

from pysolver import api  # noqa: E402
from pysolver.asp import tasks as asprun  # noqa: E402
from pysolver.nikoli import aspsolve, hints, url  # noqa: E402
from pysolver.asp.tasks import Ask  # noqa: E402
from pysolver.errors import PuzzleError  # noqa: E402
from test_nikoli_formats import EXAMPLES  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))
import bridge  # noqa: E402  (the worker's Python side, web/py/bridge.py)

CHOICE = "{ a; b; c }. :- a, b. #show a/0. #show b/0. #show c/0."
# 8 pigeons, 7 holes: unsatisfiable, and far more than a few conflicts to prove it
PIGEONS = ("p(1..8). h(1..7). 1 { in(P, H) : h(H) } 1 :- p(P). "
           ":- in(P, H), in(Q, H), P < Q.")


def ask(**kw):
    return asprun.solve_native(Ask(**{"program": CHOICE, **kw}))


def test_ask_round_trips_through_json():
    a = Ask("a.", ("-c", "hint=1"), (("a", True), ("b", False)), "brave", 0, 50, True)
    assert Ask.from_dict(json.loads(json.dumps(a.as_dict()))) == a
    with pytest.raises(PuzzleError, match="mode 'some'"):
        Ask("a.", mode="some")


def test_auto_counts_models_and_says_when_exhausted():
    every = ask(models=0)
    assert every["sat"] is True and every["exhausted"] is True
    assert sorted(map(tuple, every["models"])) == sorted(
        [(), ("a",), ("b",), ("c",), ("a", "c"), ("b", "c")])
    two = ask(models=2)
    assert len(two["models"]) == 2 and two["exhausted"] is False


def test_assumptions_and_the_core_names_the_clashing_ones():
    r = ask(assume=(("c", True), ("a", True), ("b", True)), core=True)
    assert r["sat"] is False and r["exhausted"] is True
    assume = (("c", True), ("a", True), ("b", True))
    assert {1, 2} <= set(r["core"])  # clingo's core: unsatisfiable, not always minimal
    assert ask(assume=tuple(assume[i] for i in r["core"]))["sat"] is False
    assert ask(assume=(("a", True), ("b", True)))["core"] is None  # not asked for
    ok = ask(assume=(("a", True), ("c", False)), models=0)
    assert ok["models"] == [["a"]] and ok["core"] is None


def test_an_atom_no_rule_derives_is_false():
    r = ask(assume=(("a", True), ("zzz(1)", True)), core=True)
    assert r["sat"] is False and r["core"] == [1]
    assert ask(assume=(("zzz(1)", False),))["sat"] is True


def test_brave_and_cautious_consequences():
    assert ask(mode="brave")["models"] == [["a", "b", "c"]]
    assert ask(mode="cautious")["models"] == [[]]
    assert ask(mode="cautious", assume=(("a", True),))["models"] == [["a"]]
    r = ask(mode="brave", assume=(("a", True), ("b", True)))
    assert r["sat"] is False and r["models"] == []


def test_the_conflict_limit_leaves_the_answer_open():
    r = asprun.solve_native(Ask(PIGEONS, limit=5))
    assert r["sat"] is None and r["exhausted"] is False and r["conflicts"] <= 6
    done = asprun.solve_native(Ask(PIGEONS))
    assert done["sat"] is False and done["conflicts"] > 5


def test_one_grounding_serves_many_asks():
    asprun._controls.clear()
    for value in (True, False):
        ask(assume=(("a", value),))
    ask(args=("-c", "n=1"))
    assert len(asprun._controls) == 2


def test_a_task_runs_to_its_result():
    def task():
        first = yield Ask(CHOICE, assume=(("a", True), ("b", True)))
        second = yield Ask(CHOICE, mode="cautious", assume=(("a", True),))
        return first["sat"], second["models"]

    assert asprun.run_native(task()) == (False, [["a"]])


@pytest.mark.parametrize("family", sorted(EXAMPLES))
def test_the_solve_task_answers_as_the_cli_solve(family):
    grid = url.read_url(EXAMPLES[family])
    for cap in (1, 2, 0):
        mine = api.run(family, "solve", {"puzzle": EXAMPLES[family], "max_solutions": cap})
        theirs = aspsolve.solve(grid, cap)
        assert (mine["status"], mine["solutions"]) == (theirs["status"], theirs["solutions"])
        assert mine["family"] == family and mine["stats"]["count"] == len(mine["solutions"])


def test_tasks_are_started_by_name_with_checked_arguments():
    with pytest.raises(PuzzleError, match="unknown task 'nope' for Bag"):
        api.task("bag", "nope", {})
    with pytest.raises(PuzzleError, match="task solve:"):
        api.task("bag", "solve", {"puzzle": EXAMPLES["bag"], "colour": 1})
    with pytest.raises(PuzzleError, match="unknown genre 'cavern'"):
        api.task("cavern", "solve", {"puzzle": EXAMPLES["bag"]})
    with pytest.raises(PuzzleError):
        api.run("bag", "solve", {"puzzle": "not a puzzle"})


def bridge_call(kind, payload):
    return json.loads(bridge.call(kind, json.dumps(payload)))


def test_the_worker_runs_a_task_step_by_step():
    """nikoli_start / nikoli_step as the page uses them, each ask answered here."""
    bridge_call("reset", {})  # a hint another test asked for would come from the cache, unasked
    state = ["??????"] * 6
    reply = bridge_call("nikoli_start", {"task": "hint", "args": {"puzzle": EXAMPLES["masyu"],
                                                                   "state": state}})["result"]
    steps = 0
    while "result" not in reply:
        steps += 1
        answer = asprun.solve_native(Ask.from_dict(json.loads(json.dumps(reply["ask"]))))
        reply = bridge_call("nikoli_step", {"session": reply["session"], "answer": answer})["result"]
    assert steps >= 1 and reply["result"] == hints.hint(url.read_url(EXAMPLES["masyu"]), state)
    gone = bridge_call("nikoli_step", {"session": 999999, "answer": {"sat": True}})["error"]
    assert gone["kind"] == "puzzle" and "unknown or over" in gone["message"]
    bad = bridge_call("nikoli_start", {"task": "hint", "args": {"puzzle": EXAMPLES["bag"],
                                                                 "state": ["?"]}})["error"]
    assert bad == {"kind": "puzzle", "message": "the state has 1 row, expected 6"}
    assert "unknown task 'x'" in bridge_call("nikoli_start", {"task": "x"})["error"]["message"]


GOOD = {"sat": True, "models": [["shade(1,1)"]], "exhausted": True, "core": None,
        "conflicts": 0, "time_s": 0.01}


@pytest.mark.parametrize("change, message", [
    ({"models": -1}, "models must be a list of lists of atoms"),
    ({"models": [[1]]}, "models must be a list of lists of atoms"),
    ({"models": []}, "sat must be true exactly when it has models"),
    ({"sat": "yes"}, "sat must be true, false or null"),
    ({"sat": 1}, "sat must be true, false or null"),
    ({"exhausted": None}, "exhausted must be true or false"),
    ({"core": [True]}, "core must be null or a list of assumption indices"),
    ({"time_s": None}, "conflicts and time_s must be numbers"),
    ({"conflicts": float("nan")}, "conflicts and time_s must be numbers"),
])
def test_an_answer_of_another_shape_is_one_line(change, message):
    """The tasks read answers unchecked: a missing key or a model that is no list was a
    KeyError or TypeError deep in a task (and a session id that is a dict, in the memo)."""
    reply = api.task("nurikabe", "solve", {"puzzle": EXAMPLES["nurikabe"]})
    with pytest.raises(PuzzleError, match=f"the answer's {message}"):
        api.step(reply["session"], {**GOOD, **change})
    with pytest.raises(PuzzleError, match="the answer must be an object"):
        api.step(reply["session"], [GOOD])
    with pytest.raises(PuzzleError, match="is unknown or over"):
        api.step({"id": 1}, GOOD)


def test_the_solve_task_asks_clingo_wasm_for_the_native_solve_options():
    """The browser's solve (the task, on clingo-wasm) runs the options the native solve
    adds: the root lookahead on Nurikabe grids of LOOKAHEAD_CELLS and more only."""
    small = url.read_url(EXAMPLES["nurikabe"])
    big = url.read_url("https://puzz.link/p?nurikabe/15/15/1o2l1h3l2h2k1g3v1g2i1i1g1g1g4i1m1n5"
                       "i3m31h1s1h1g1h3h4h1h5o1h1l2l1k1o4k3i6h1j2w1h1i")  # nurikabe-15x15 #1
    assert small.width * small.height < aspsolve.LOOKAHEAD_CELLS <= big.width * big.height
    for grid, args in ((small, ()), (big, ("--lookahead=atom,1",))):
        task = aspsolve.solve_task(grid)
        first = next(task)
        assert first.args == args == aspsolve.solve_args(grid)
