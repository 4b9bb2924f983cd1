"""pysolver.api: the dict-in, dict-out calls shared by the command line and the worker."""
import json
import sys
import threading
from pathlib import Path

import pytest

from pysolver import api
from pysolver.app import race
from pysolver.asp import run as asp_run
from pysolver.nonogram import formats, service
from pysolver.nonogram.formats import jsonfmt
from pysolver.errors import PuzzleError
from pysolver.nonogram.puzzle import Puzzle, puzzle_from_grid

import pictures

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "web" / "py"))
import bridge  # noqa: E402  (the worker's Python side, web/py/bridge.py)

DANCER = pictures.bw(pictures.DANCER, title="dancer")
CHECKER = pictures.bw(pictures.DIAGONAL, title="two solutions")
# 10! solutions and no deduction at all: any engine must search, checking its clock and stop flag.
PERM = puzzle_from_grid([[int(x == y) for x in range(10)] for y in range(10)], title="permutations")
FRAMED = pictures.bw(pictures.CHECKER)
IMPOSSIBLE = "GRID Impossible\nROWS\n[ 1 1 ]\n[ 1 1 ]\n[ 1 1 ]\nCOLUMNS\n[ ]\n[ 3 ]\n[ 3 ]\n"


def as_dict(p):
    return jsonfmt.to_dict(p)


def test_parse_returns_puzzle_dicts():
    out = api.parse(formats.dump(DANCER, "non"), "dancer.non")
    assert out["format"] == "non" and len(out["puzzles"]) == 1
    d = out["puzzles"][0]
    assert d["width"] == 5 and d["height"] == 10 and d["goal"] == DANCER.goal
    assert api.to_puzzle(d).rows == DANCER.rows
    assert api.to_puzzle(json.dumps(d)).cols == DANCER.cols
    with pytest.raises(PuzzleError, match="x.non: "):
        api.parse("width 2\nheight 2\nrows\n", "x.non")


@pytest.mark.parametrize("text, kind", [(None, "NoneType"), ([0, 0], "list"), (7, "int")])
def test_parse_of_what_is_not_text(text, kind):
    """The worker's and the API's parse take JSON: anything but a string is one line."""
    with pytest.raises(PuzzleError) as e:
        api.parse(text, "x.non")
    assert str(e.value) == f"x.non: a puzzle file's text must be a string, not {kind}"


def nested(depth):
    d = inner = {}
    for _ in range(depth):
        inner["rows"] = inner = {}
    return d


def test_a_puzzle_nested_past_the_recursion_limit():
    """A dict from the API has no JSON parser's depth limit: cleaning it recursed."""
    with pytest.raises(PuzzleError, match="^the puzzle is nested too deeply$"):
        api.solve(nested(100_000))
    with pytest.raises(PuzzleError, match="^the puzzle is nested too deeply$"):
        api.run("nonogram", "hint", {"puzzle": {"rows": [[1]], "columns": [[1]],
                                                "title": nested(100_000)}, "state": ["?"]})
    with pytest.raises(PuzzleError, match="^the puzzle's JSON is nested too deeply$"):
        api.solve("[" * 100_000)


@pytest.mark.parametrize("puzzle, kind", [(None, "NoneType"), (5, "int"), ([1], "list"),
                                          ({"url": 5}, "dict")])
def test_a_nikoli_puzzle_must_be_a_link_or_text(puzzle, kind):
    """str() of any JSON value was read as the puzzle (and of a deep one, recursed)."""
    for task in ("solve", "check", "hint"):
        args = {"puzzle": puzzle} if task == "solve" else {"puzzle": puzzle, "state": ["?"]}
        with pytest.raises(PuzzleError) as e:
            api.task("nurikabe", task, args)
        assert str(e.value) == f"the puzzle must be its link or text, not {kind}"
    with pytest.raises(PuzzleError, match="not dict"):
        api.task("nurikabe", "solve", {"puzzle": nested(100_000)})


def test_solve_pysolver_result_shape():
    r = api.solve(as_dict(DANCER))
    assert r["status"] == "unique" and r["classification"] == "line" and r["engine"] == "pysolver"
    assert r["solutions"] == [DANCER.goal]
    assert {"nodes", "probes", "line_solves"} <= set(r["stats"]) and r["time_s"] >= 0
    r = api.solve(as_dict(CHECKER), max_solutions=5)
    assert r["status"] == "multiple" and sorted(r["solutions"]) == [["#.", ".#"], [".#", "#."]]
    assert r["stats"]["count_exact"] is True
    r = api.solve(as_dict(CHECKER), state=["#?", "??"])
    assert r["status"] == "unique" and r["solutions"] == [["#.", ".#"]]
    (imp,) = formats.parse(IMPOSSIBLE)
    assert api.solve(imp)["status"] == "none"


@pytest.mark.parametrize("kwargs, message", [
    ({"engine": "magic"}, "unknown engine 'magic'"),
    ({"max_solutions": 0}, "max_solutions must be a whole number"),
    ({"timeout": -1}, "timeout must be a positive number"),
    ({"state": ["??"]}, "the state has 1 row"),
    ({"work": 0}, "work must be a whole number of at least 1"),
    ({"work": 1000, "engine": "clingo"}, "a work budget applies to one pysolver search"),
])
@pytest.mark.parametrize("solve", [api.solve, race.solve], ids=["api", "race"])
def test_solve_bad_arguments(solve, kwargs, message):
    with pytest.raises(PuzzleError, match=message):
        solve(as_dict(CHECKER), **kwargs)


@pytest.mark.parametrize("kwargs, message", [
    ({"jobs": 0}, "jobs must be a whole number of at least 1"),
    ({"work": 1000, "jobs": 2}, "a work budget applies to one pysolver search"),
    ({"work": 1000, "engine": "auto"}, "a work budget applies to one pysolver search"),
    ({"engine": "auto", "timeout": -1}, "timeout must be a positive number"),
])
def test_race_bad_arguments(kwargs, message):
    with pytest.raises(PuzzleError, match=message):
        race.solve(as_dict(CHECKER), **kwargs)


def test_work_budget_gives_the_same_answer_on_every_machine(puzzles_dir):
    """A budget of line solves ends the search at the same point whatever the speed:
    status "budget", the same nodes twice; check() reports it undecided."""
    p = formats.parse_one((puzzles_dir / "webpbn" / "6574.xml").read_text())
    runs = []
    for _ in range(2):
        api.clear_caches()
        runs.append(api.solve(p, work=20_000))
    assert [r["status"] for r in runs] == ["budget", "budget"]
    assert runs[0]["stats"] == runs[1]["stats"]
    api.clear_caches()
    c = api.analyse(p, work=20_000)
    assert c["status"] == "budget" and c["unique"] is None and c["classification"] == "unknown"
    assert api.solve(as_dict(CHECKER), work=20_000)["status"] == "multiple"  # decided within it


def test_solve_cancel_and_progress(puzzles_dir):
    p = formats.parse_one((puzzles_dir / "webpbn" / "6574.xml").read_text())
    seen = []
    # stopped once it has reported progress: the same on a fast or a loaded machine
    r = api.solve(p, progress=seen.append, should_stop=lambda: bool(seen))
    assert r["status"] == "cancelled"
    assert seen and {"known", "total", "nodes"} <= set(seen[0])
    assert api.solve(as_dict(PERM), should_stop=lambda: True)["status"] == "cancelled"


def test_solve_with_clingo_and_auto():
    pytest.importorskip("clingo")
    r = api.solve(as_dict(DANCER), engine="clingo")
    assert r["engine"] == "clingo" and r["status"] == "unique" and r["solutions"] == [DANCER.goal]
    r = api.solve(as_dict(CHECKER), engine="clingo", max_solutions=3)
    assert r["status"] == "multiple" and len(r["solutions"]) == 2
    r = race.solve(as_dict(DANCER), engine="auto")
    assert r["engine"] == "pysolver" and r["status"] == "unique"
    # racing processes is the command line's, not the engine's public calls
    with pytest.raises(PuzzleError, match="--engine auto"):
        api.solve(as_dict(DANCER), engine="auto")


def test_auto_without_clingo_explains(monkeypatch):
    monkeypatch.setattr(asp_run, "clingo_available", lambda: False)
    r = race.solve(as_dict(PERM), engine="auto", timeout=5)
    assert r["engine"] == "pysolver" and r["status"] == "multiple"
    assert "clingo is not installed" in r["stats"]["note"]


def test_check_classification_and_alternative():
    r = api.analyse(as_dict(DANCER))
    assert r["classification"] == "line" and r["unique"] is True and r["goal_unique"] is True
    assert r["alternative"] is None and r["difficulty"] >= 1
    r = api.analyse(as_dict(CHECKER))
    assert r["classification"] == "multiple" and r["unique"] is False
    assert r["alternative"] == [".#", "#."] and r["goal_unique"] is False
    assert r["differences"] == [{"row": 1, "column": 1}, {"row": 1, "column": 2},
                                {"row": 2, "column": 1}, {"row": 2, "column": 2}]
    (imp,) = formats.parse(IMPOSSIBLE)
    r = api.analyse(imp)
    assert r["classification"] == "none" and r["unique"] is False and r["goal_unique"] is None


def test_check_counts_up_to_the_cap():
    out = api.analyse(FRAMED, count_cap=20)
    assert out["status"] == "multiple" and out["classification"] == "multiple"
    assert out["count"] == 2 and out["count_exact"] is True and len(out["solutions"]) == 2
    assert sorted((d["row"], d["column"]) for d in out["differences"]) == [(3, 3), (3, 4), (4, 3), (4, 4)]
    alt = pictures.bw(out["alternative"])
    assert out["alternative"] != pictures.CHECKER and alt.rows == FRAMED.rows and alt.cols == FRAMED.cols
    out = api.analyse(pictures.bw(pictures.TWO_CHECKERS), count_cap=3)
    assert out["count"] == 3 and out["count_exact"] is False
    out = api.analyse(pictures.bw(pictures.TWO_CHECKERS))  # the default only decides uniqueness
    assert out["count"] == 2 and out["count_exact"] is False
    out = api.analyse(pictures.bw(pictures.UNIQUE), count_cap=20)
    assert out["status"] == "unique" and out["count"] == 1 and out["count_exact"] is True
    assert out["alternative"] is None and out["goal_unique"] is True
    assert out["classification"] in ("line", "probe", "search") and out["difficulty"] >= 1


def test_check_with_shown_cells():
    # a shown cell of the goal settles the checker
    assert api.analyse(FRAMED, givens=[{"row": 3, "column": 3}])["status"] == "unique"
    out = api.analyse(pictures.bw(pictures.TWO_CHECKERS), givens=[{"row": 3, "column": 3}], count_cap=5)
    assert out["status"] == "multiple" and out["count"] == 2 and out["count_exact"] is True
    assert all(d["column"] >= 6 for d in out["differences"])  # only the right checker is open
    assert api.analyse(FRAMED, givens=[])["status"] == "multiple"


@pytest.mark.parametrize("kwargs, message", [
    ({"count_cap": 1}, "count_cap must be a whole number of at least 2"),
    ({"count_cap": "20"}, "count_cap must be a whole number"),
    ({"timeout": 0}, "timeout must be a positive number"),
    ({"givens": [{"row": 7, "column": 1}]}, r"givens\[0\]: row 7, column 1 is outside the 7x6 grid"),
    ({"givens": [{"row": 1}]}, r"givens\[0\] must be an object with whole-number row and column"),
    ({"givens": [[1, 1]]}, r"givens\[0\] must be an object"),
    ({"givens": {"row": 1, "column": 1}}, "givens must be a list"),
])
def test_check_bad_arguments(kwargs, message):
    with pytest.raises(PuzzleError, match=message):
        api.analyse(FRAMED, **kwargs)


def test_check_without_a_goal():
    no_goal = Puzzle(rows=FRAMED.rows, cols=FRAMED.cols)
    out = api.analyse(no_goal)
    assert out["status"] == "multiple" and out["goal_unique"] is None
    assert out["alternative"] == out["solutions"][1] and len(out["differences"]) == 4
    with pytest.raises(PuzzleError, match="givens need the puzzle's goal image"):
        api.analyse(no_goal, givens=[{"row": 1, "column": 1}])


def test_check_colour_alternative_uses_colour_chars():
    rows = ["rrrrrrr", "r.....r", "r.b...r", "r..b..r", "r.....r", "rrrrrrr"]
    out = api.analyse(pictures.colour(rows), count_cap=20)
    assert out["count"] == 2 and out["count_exact"] is True
    assert set("".join(out["alternative"])) <= set(".rb") and out["alternative"] != rows


def test_check_cancel_and_timeout():
    # 10! solutions: counting stops at the cap, and a stop request cancels at once
    out = api.analyse(as_dict(PERM), count_cap=7)
    assert out["status"] == "multiple" and out["count"] == 7 and out["count_exact"] is False
    assert len({tuple(s) for s in out["solutions"]}) == 7
    assert api.analyse(as_dict(PERM), count_cap=20, should_stop=lambda: True)["status"] == "cancelled"


def test_check_counts_within_a_work_budget(monkeypatch):
    """Counting beyond two stops after a number of line solves, not seconds: the
    same count on a fast and a slow machine (here: a clock that races ahead)."""
    monkeypatch.setattr(service, "COUNT_LINE_SOLVES", 60_000)
    first = api.analyse(as_dict(PERM), count_cap=10**6)
    assert first["status"] == "multiple" and first["count_exact"] is False and first["count"] > 2
    from pysolver.nonogram.solver import search
    ticks = iter(range(0, 10**12, 1000))
    real = search.solve
    monkeypatch.setattr(search, "solve", lambda *a, **k: real(*a, clock=lambda: next(ticks) * 1e-9, **k))
    assert api.analyse(as_dict(PERM), count_cap=10**6)["count"] == first["count"]


def test_hint_through_the_api():
    r = api.hint(as_dict(DANCER), ["?" * 5] * 10)
    assert r["kind"] == "line" and r["cells"] and r["explanation"]
    assert api.hint(as_dict(DANCER), DANCER.goal)["kind"] == "solved"


def test_convert_every_writer():
    text = formats.dump(DANCER, "xml")
    for to in ("non", "xml", "json", "nin"):
        (q,) = formats.parse(api.convert(text, to))
        assert q.rows == DANCER.rows and q.cols == DANCER.cols
    assert "clue(r(0),1,2,1)" in api.convert(text, "asp")
    both = formats.dump(DANCER, "non") + "====\n" + formats.dump(CHECKER, "non")
    for to in ("non", "xml", "json"):
        assert [p.title for p in formats.parse(api.convert(both, to))] == ["dancer", "two solutions"]
    with pytest.raises(PuzzleError, match="a nin file holds one puzzle; this input has 2"):
        api.convert(both, "nin")
    with pytest.raises(PuzzleError, match="cannot convert to 'pdf'"):
        api.convert(text, "pdf")
    assert formats.parse(api.convert(as_dict(CHECKER), "non"))[0].goal == CHECKER.goal


def test_clues_from_grid():
    d = api.clues_from_grid(["#.#", ".#."], title="pic")
    assert d["rows"] == [[1, 1], [1]] and d["columns"] == [[1], [1], [1]] and d["title"] == "pic"
    colors = [{"name": "white", "char": ".", "rgb": "FFFFFF"},
              {"name": "red", "char": "r", "rgb": "FF0000"},
              {"name": "blue", "char": "b", "rgb": "0000FF"}]
    d = api.clues_from_grid(["rrb", "..b"], colors)
    assert d["rows"] == [[[2, "r"], [1, "b"]], [[1, "b"]]]
    assert d["columns"] == [[[1, "r"]], [[1, "r"]], [[2, "b"]]]
    with pytest.raises(PuzzleError, match="row 1, column 2: unknown colour character 'x'"):
        api.clues_from_grid(["rx"], colors)
    with pytest.raises(PuzzleError, match="picture row 2 has 1 cells"):
        api.clues_from_grid(["##", "#"])


def test_fix_passthrough():
    pytest.importorskip("pysolver.nonogram.player.fix")
    out = api.fix(as_dict(CHECKER), timeout=20)
    assert out["suggestions"]
    for s in out["suggestions"]:
        assert s["verified"] is True and s["cells"]
    assert api.fix(as_dict(DANCER), timeout=20) == {"suggestions": []}
    with pytest.raises(PuzzleError, match="no goal"):
        api.fix({"rows": [[1]], "columns": [[1]]})
    # the cell shown at the start settles the left checker: one more for the right one
    out = api.fix(pictures.bw(pictures.TWO_CHECKERS), givens=[{"row": 3, "column": 3}], timeout=20)
    assert out["suggestions"] and all(c["column"] >= 6 for s in out["suggestions"] for c in s["cells"])
    with pytest.raises(PuzzleError, match="max_suggestions must be"):
        api.fix(as_dict(CHECKER), max_suggestions=0)


def test_mark_modes():
    """api.check_marks: the play view's check, the same for the command line and the worker."""
    state = ["#???#"] + ["?" * 5] * 9  # row 1's clue is 2
    out = api.check_marks(as_dict(DANCER), state, "lines")
    assert out["mode"] == "lines" and out["cells"] == []
    assert out["lines"] == [{"axis": "row", "index": 1}]
    assert out["message"] == "1 line whose marks contradict the clue"
    # an open run is never blamed by "runs"; a closed one is
    assert api.check_marks(as_dict(DANCER), state, "runs")["lines"] == []
    closed = ["#." + "?" * 3] + ["?" * 5] * 9
    assert api.check_marks(as_dict(DANCER), closed, "runs")["lines"] == [{"axis": "row", "index": 1}]
    assert api.check_marks(as_dict(DANCER), state, "solution")["cells"] == [{"row": 1, "column": 1},
                                                                      {"row": 1, "column": 5}]
    off = api.check_marks(as_dict(DANCER), DANCER.goal, "off")
    assert off["message"] == "" and all(all(r) for r in off["clues"]["rows"])
    with pytest.raises(PuzzleError, match="unknown check mode 'nope'"):
        api.check_marks(as_dict(DANCER), state, "nope")
    with pytest.raises(PuzzleError, match="the state has 1 row"):
        api.check_marks(as_dict(DANCER), ["?"], "lines")


def test_clear_caches_empties_every_memo():
    from pysolver.nonogram.solver import line
    from pysolver import memo
    d = as_dict(DANCER)
    d["goal"] = None
    api.check_marks(d, ["?" * 5] * 10, "solution", timeout=5)
    assert any(fn.cache for fn in line._solvers.values())
    assert len(memo._registry) >= 2 and any(len(m) for m in memo._registry)
    api.clear_caches()
    assert all(len(m) == 0 for m in memo._registry)
    assert all(fn.cache == {} for fn in line._solvers.values())
    api.solve(d)
    assert any(fn.cache for fn in line._solvers.values())
    memo.clear_all()  # the worker's reset and api.clear_caches: line results too
    assert all(fn.cache == {} for fn in line._solvers.values())


# -- web/py/bridge.py: the worker's "check" request ------------------------------------

def bridge_call(kind, payload):
    out = json.loads(bridge.call(kind, json.dumps(payload)))
    assert "result" in out, out
    return out["result"]


def test_bridge_json_protocol():
    out = json.loads(bridge.call("hint", json.dumps({"puzzle": as_dict(DANCER), "state": ["?" * 5] * 10})))
    assert out["result"]["kind"] == "line"
    out = json.loads(bridge.call("hint", json.dumps({"puzzle": as_dict(DANCER), "state": ["?"]})))
    assert out["error"]["kind"] == "puzzle" and "the state has 1 row" in out["error"]["message"]
    assert json.loads(bridge.call("nope", "{}"))["error"]["message"] == "unknown request type 'nope'"
    assert "not valid JSON" in json.loads(bridge.call("solve", "{"))["error"]["message"]

    def interrupt(message):  # the page's interrupt buffer raises KeyboardInterrupt in Python
        raise KeyboardInterrupt
    out = json.loads(bridge.call("solve", json.dumps({"puzzle": as_dict(PERM), "max_solutions": 10**6}),
                                 interrupt))
    assert out["error"] == {"kind": "cancelled", "message": "cancelled"}
    out = json.loads(bridge.call("parse", json.dumps({"text": formats.dump(DANCER, "non")})))
    assert out["result"]["puzzles"][0]["title"] == "dancer"
    assert bridge_call("convert", {"puzzle": as_dict(DANCER), "format": "non"}) == {
        "text": formats.dump(DANCER, "non")}


def check_solution(d, state):
    return bridge_call("check", {"puzzle": d, "state": state, "mode": "solution"})


def test_bridge_reports_its_solution_search_limit(monkeypatch):
    """The page quotes the limit the search runs under from this report, not its own copy."""
    bridge.call("reset", "{}")
    monkeypatch.setattr(bridge, "SOLUTION_WORK", 5000)
    d = as_dict(DANCER)
    d["goal"] = None
    reports = []
    out = json.loads(bridge.call("check", json.dumps({"puzzle": d, "state": ["?" * 5] * 10,
                                                      "mode": "solution"}), reports.append))
    assert "result" in out, out
    assert [json.loads(r) for r in reports] == [
        {"searching": "solution", "work": 5000, "limit_s": bridge.SOLUTION_TIME_S}]
    # remembered: no search, no report
    reports.clear()
    bridge.call("check", json.dumps({"puzzle": d, "state": ["?" * 5] * 10, "mode": "solution"}),
                reports.append)
    assert reports == []


def test_bridge_diagnose():
    assert bridge_call("diagnose", {"puzzle": {"rows": [[2], []], "columns": [[], [2]]}}) == {
        "no_solution": True, "line": {"axis": "column", "index": 1},
        "notice": ("These clues have no solution: column 1 cannot be completed with its clue "
                   "0 (empty), working line by line from the empty grid."),
        "explanation": ("Column 1, clue 0 (empty): this puzzle has no solution. Working line by line "
                        "from the empty grid, before any of your marks, this column cannot be "
                        "completed: the clues contradict each other, so no grid can satisfy them all."),
        "solutions": 0, "unique": False}
    # a solvable puzzle: its solution is searched for (hints then catch mistakes)
    out = bridge_call("diagnose", {"puzzle": as_dict(DANCER)})
    assert out["no_solution"] is False and out["solutions"] == 1 and out["unique"] is True


def test_bridge_solution_check_without_a_goal_is_bounded_and_remembered(puzzles_dir, monkeypatch):
    """Puzzle 510 has no goal and takes pysolver minutes: "against the solution" must
    give up at its work budget, say why there is nothing to compare, never search
    again for the same puzzle, and leave the worker free for the next hint."""
    text = (puzzles_dir / "taai" / "taai2011-question.txt").read_text()
    d = next(p for p in api.parse(text, "taai2011-question.txt")["puzzles"] if p["title"] == "Puzzle 510")
    assert not d["goal"]
    bridge.call("reset", "{}")
    monkeypatch.setattr(bridge, "SOLUTION_WORK", 100_000)
    # the seconds are only the safety net: far out of reach, so the counted work decides on
    # any machine, however loaded (at 30 s a niced run under load once hit the clock first)
    monkeypatch.setattr(bridge, "SOLUTION_TIME_S", 900.0)
    searches = []
    real_solve = service.solve
    monkeypatch.setattr(service, "solve", lambda *a, **k: searches.append(k) or real_solve(*a, **k))
    state = ["?" * d["width"]] * d["height"]
    answers = []
    worker = threading.Thread(target=lambda: answers.append(check_solution(d, state)), daemon=True)
    worker.start()
    worker.join(900)  # a safety net: the budget is counted work, reached on any machine
    assert answers, "the check held the worker for 900 s"
    first = answers[0]
    assert first["message"] == ("This puzzle has no stored solution and the check's search did not "
                                "find one, so the check against the solution is unavailable (the other "
                                "check modes still work).")
    assert first["detail"] == "search limit: 100,000 line solves"
    assert first["cells"] == []
    service._puzzles.clear()  # a new Puzzle object for the same puzzle: still remembered
    assert check_solution(d, ["#" + state[0][1:]] + state[1:])["message"] == first["message"]
    assert len(searches) == 1  # remembered, not searched again
    assert bridge_call("hint", {"puzzle": d, "state": state})["kind"] == "line"


def test_bridge_solution_check_of_a_second_solution():
    """Two solutions: a grid that fits every clue is never reported as wrong; while it
    is incomplete, the stored picture is the reference."""
    d = as_dict(pictures.bw(pictures.CHECKER))
    other = next(s for s in api.solve(d)["solutions"] if s != d["goal"])
    out = check_solution(d, other)
    assert out["cells"] == []
    assert out["message"] == ("Every clue is satisfied: the grid is a valid solution, different from "
                              "the stored one (this puzzle has more than one solution).")
    # unknown cells count as empty, as in the page's win check
    assert check_solution(d, [r.replace(".", "?") for r in other])["message"] == out["message"]
    assert check_solution(d, d["goal"])["message"] == "Every clue is satisfied: the grid is the solution."
    # incomplete: compared with the stored picture
    first_diff = next((y, x) for y, r in enumerate(other) for x, ch in enumerate(r)
                      if ch == "#" and d["goal"][y][x] != "#")
    partial = [["?"] * len(r) for r in other]
    partial[first_diff[0]][first_diff[1]] = "#"
    out = check_solution(d, ["".join(r) for r in partial])
    assert out["message"] == "1 cell differs from the solution"
    assert out["cells"] == [{"row": first_diff[0] + 1, "column": first_diff[1] + 1}]


def test_bridge_solution_check_of_several_solutions_without_a_goal():
    """No stored picture and two solutions (the diagonals of a 2x2): a mark that one of them
    agrees with is not called wrong, as the hints do not call it a mistake (the check
    compared with the first solution found and blamed a mark the hint went on from)."""
    bridge.call("reset", "{}")
    d = {"rows": [[1], [1]], "columns": [[1], [1]]}
    assert bridge_call("diagnose", {"puzzle": d})["solutions"] == 2  # Play's search on opening
    for state in (["#?", "??"], ["?#", "??"]):
        assert bridge_call("hint", {"puzzle": d, "state": state})["kind"] != "mistake"
        out = check_solution(d, state)
        assert out["cells"] == [], (state, out)
        assert out["message"] == "Every marked cell agrees with one of the puzzle's solutions (it has more than one)."
    out = check_solution(d, ["##", "??"])  # no solution has both: the nearest one is compared with
    assert len(out["cells"]) == 1
    assert out["message"] == "1 cell differs from the solution nearest your marks (this puzzle has more than one)"
    assert check_solution(d, ["#.", ".#"])["message"] == (
        "Every clue is satisfied: the grid is one of the puzzle's solutions (it has more than one).")


def test_bridge_solution_check_without_a_goal():
    bridge.call("reset", "{}")
    impossible = {"rows": [[2], []], "columns": [[], [2]]}
    assert check_solution(impossible, ["??", "??"])["message"] == (
        "This puzzle has no solution: its clues contradict each other, so there is nothing "
        "to check against.")
    dancer = as_dict(DANCER)
    dancer["goal"] = None  # found by the search (quick here) and compared with
    wrong = ["#" + DANCER.goal[0][1:]] + ["?" * 5] * 9
    out = check_solution(dancer, wrong)
    # the check's own search stops at one solution: it does not call it the only one (a mark
    # that differs from it was called wrong though another solution might agree with it)
    assert out["message"] == "1 cell differs from a solution found (this puzzle may have others)"
    assert out["cells"] == [{"row": 1, "column": 1}]
    # once Play's search on opening proved it the only one (diagnose), it is "the solution"
    assert bridge_call("diagnose", {"puzzle": dancer})["unique"] is True
    out = check_solution(dancer, wrong)
    assert out["message"] == "1 cell differs from the solution"
    assert out["cells"] == [{"row": 1, "column": 1}]
