"""Mistake-aware hints, what-if chains, deeper what-ifs and reveals.

Mistakes are checked against every solution, enumerated by the solver: a state
some solution agrees with is never called a mistake; on a unique puzzle every
mark that differs from the solution is named, with its right value.
"""
import json
import random
import re
from pathlib import Path

import pytest

from pysolver import api, memo
from pysolver.app import cli
from pysolver.nonogram import formats
from pysolver.nonogram.player import hint, mistakes
from pysolver.nonogram.solver import search
from pysolver.nonogram.puzzle import cells_from_state, rows_text

from test_hint import assert_probe_hint_forced, random_puzzle

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ["webpbn/26167.xml", "webpbn/6.xml", "webpbn/47.xml", "webpbn/23.xml",
          "jwilk/data002.nin", "jwilk/data016.nin"]


def all_solutions(p):
    res = search.solve(p, max_solutions=10_000, timeout=60)
    assert res.count_exact
    return [rows_text(p, g) for g in res.solutions]


def agrees(state, solution, p):
    cross = "." if not p.is_color else None
    return all(a in ("?", b) or (a == "X" and b == cross)
               for r, s in zip(state, solution) for a, b in zip(r, s))


def test_cli_names_the_wrong_marks_on_corpus_puzzles(puzzles_dir, tmp_path, capsys):
    rng = random.Random(5)
    for name in CORPUS:
        p = formats.parse_one((puzzles_dir / name).read_text(), name)
        (solution,) = all_solutions(p)
        goal = [list(r) for r in solution]
        state = [[ch if rng.random() < 0.3 else "?" for ch in row] for row in goal]
        wrong = set()
        while len(wrong) < rng.randint(1, 3):
            wrong.add((rng.randrange(p.height), rng.randrange(p.width)))
        others = [c.char for c in p.colors]
        for y, x in wrong:
            state[y][x] = rng.choice([c for c in others if c != goal[y][x]])
        (tmp_path / "state.txt").write_text("\n".join("".join(r) for r in state) + "\n")
        memo.clear_all()
        code = cli.main(["hint", str(puzzles_dir / name), "--state", str(tmp_path / "state.txt"),
                         "--json"])
        out = json.loads(capsys.readouterr().out)
        assert code == 0 and out["kind"] == "mistake", (name, out)
        assert out["count"] == len(wrong)
        assert [(c["row"] - 1, c["column"] - 1, c["value"]) for c in out["cells"]] == \
            sorted((y, x, goal[y][x]) for y, x in wrong), name
    # the text form says which marks and what they should be
    cli.main(["hint", str(puzzles_dir / CORPUS[-1]), "--state", str(tmp_path / "state.txt")])
    assert "wrong marks: row " in capsys.readouterr().out


def test_never_a_mistake_when_a_solution_agrees():
    """Random partial states of unique and several-solution puzzles, checked
    against every solution: agreeing states never get a mistake; states no
    solution agrees with get one on unique puzzles (always) and on others
    (when named, fixing the named marks gives a state a solution agrees with)."""
    rng = random.Random(3)
    seen = {"unique": 0, "multiple": 0, "named": 0}
    while seen["unique"] < 25 or seen["multiple"] < 25:
        ncol = 2 if rng.random() < 0.7 else 3
        p = random_puzzle(rng, rng.randint(3, 7), rng.randint(3, 7), ncol, rng.uniform(0.3, 0.6))
        sols = all_solutions(p)
        kind = "unique" if len(sols) == 1 else "multiple"
        if seen[kind] >= 25:
            continue
        seen[kind] += 1
        memo.clear_all()
        for _ in range(6):
            base = rng.choice(sols)
            state = ["".join(ch if rng.random() < rng.random() else "?" for ch in row)
                     for row in base]
            if rng.random() < 0.5:  # one random mark, right or wrong
                y, x = rng.randrange(p.height), rng.randrange(p.width)
                row = list(state[y])
                row[x] = rng.choice([c.char for c in p.colors])
                state[y] = "".join(row)
            h = api.hint(p, state, find_solutions=True)
            fits = [s for s in sols if agrees(state, s, p)]
            if fits:
                assert h["kind"] != "mistake", (state, h)
                continue
            if kind == "unique":
                assert h["kind"] == "mistake", (state, h)
            if h["kind"] == "mistake":
                seen["named"] += 1
                fixed = [list(r) for r in state]
                for c in h["cells"]:
                    fixed[c["row"] - 1][c["column"] - 1] = c["value"]
                assert any(agrees(["".join(r) for r in fixed], s, p) for s in sols)
    assert seen["named"] > 20


def test_no_mistake_before_the_solutions_are_known():
    """The worker's hints never search for solutions: before diagnose() (Play asks
    on opening) a wrong mark that no line contradicts is not caught; after, it is."""
    p = formats.parse_one((ROOT / "web/puzzles/webpbn/26167.xml").read_text(), "26167.xml")
    state = ["?" * 10] * 10
    state[1] = "?????#????"
    api.clear_caches()
    assert api.hint(p, state)["kind"] != "mistake"
    assert api.diagnose(p)["unique"] is True
    h = api.hint(p, state)
    assert h["kind"] == "mistake" and h["cells"] == [{"row": 2, "column": 6, "value": "."}]
    api.clear_caches()  # the worker's reset: the solutions are forgotten with every other memo
    assert mistakes.known(p) is None


# Forever after 157 hints (line, what-if and deeper what-if hints followed from
# the empty grid): no deduction within the hint budgets is left
FOREVER_157 = """\
?????????????????????????
?????????????????????????
?????????????????????????
?????????.......?????????
?????...?..###..?...?????
?????.#############.?????
?????.#############.?????
?????.#############.?????
?????.####.....####.?????
????.####..###..####.????
?????###?.#####.?###?????
?????....#######....?????
???????..#######..???????
???????..#######..???????
???????..#######..???????
???????..#.#####..???????
???????.##.######.???????
??????.####.######.??????
?????.######.######.?????
??????.....###.....??????
???????????.#.???????????
????????????.????????????
?????????????????????????
?????????????????????????
?????????????????????????""".splitlines()


def test_where_deductions_end_a_cell_is_revealed(puzzles_dir):
    name = "webpbn/6574.xml"
    p = formats.parse_one((puzzles_dir / name).read_text(), name)
    api.clear_caches()
    assert hint.hint(p, FOREVER_157)["kind"] == "none"   # the pure hint, no search: stuck
    h = api.hint(p, FOREVER_157)                          # the api searches from the grid
    assert h["kind"] == "reveal" and h["explanation"].startswith("Reveal one cell")
    (c,) = h["cells"]
    (solution,) = mistakes.known(p).solutions
    assert solution[c["row"] - 1][c["column"] - 1] == c["value"]
    assert all(a in ("?", b) for r, s in zip(FOREVER_157, solution) for a, b in zip(r, s))


@pytest.mark.slow
def test_a_unique_puzzle_that_needs_search_never_gives_up(puzzles_dir):
    """Forever (unique, needs search): where line logic and one-cell what-ifs end
    (hint 124 in the issue, which then said "needs deeper search"), Hint goes on
    with deeper what-ifs (forced: the solver agrees) and then a reveal."""
    name = "webpbn/6574.xml"
    p = formats.parse_one((puzzles_dir / name).read_text(), name)
    (solution,) = all_solutions(p)
    api.clear_caches()
    # Play's search on opening is bounded: Forever's solution is not found within it...
    assert api.diagnose(p) == {"no_solution": False, "line": None, "notice": None,
                               "explanation": None, "solutions": 0, "unique": None}
    state = ["?" * p.width] * p.height
    kinds = []
    while "reveal" not in kinds:
        h = api.hint(p, state)
        kinds.append(h["kind"])
        assert h["kind"] in ("line", "probe", "deep", "reveal"), h
        if h["kind"] == "deep":
            assert h["explanation"].startswith("Deeper what-if")
            assert re.search(r"\(\d+ steps?, (one what-if deep|what-ifs up to \d+ deep)\)", h["explanation"])
            assert "guess" not in h["explanation"]  # the Hint's words: what-ifs, never guesses
            assert_probe_hint_forced(p, state, h)
        for c in h["cells"]:
            assert solution[c["row"] - 1][c["column"] - 1] == c["value"]
        rows = [list(r) for r in state]
        for c in h["cells"]:
            rows[c["row"] - 1][c["column"] - 1] = c["value"]
        state = ["".join(r) for r in rows]
    # ...so the reveal searched from the player's grid for one (and says it may not be the only one)
    assert kinds.index("deep") > 100 and kinds[-1] == "reveal"
    assert h["explanation"].startswith("Reveal one cell") and "line logic fixes" in h["explanation"]
    assert "may have others" in h["explanation"]
    assert mistakes.known(p).solutions == [solution]


def test_probe_hints_carry_their_chain():
    rng = random.Random(7)
    chains = 0
    while chains < 15:
        p = random_puzzle(rng, rng.randint(5, 9), rng.randint(5, 9), 2, 0.55)
        state = ["?" * p.width] * p.height
        for _ in range(200):
            h = hint.hint(p, state)
            if h["kind"] == "probe":
                chains += 1
                chain = h["chain"]
                # the chain ends in the line the hint names, the one that cannot be completed
                assert chain[-1]["fails"] and all(not s["fails"] for s in chain[:-1])
                assert {"axis": chain[-1]["axis"], "index": chain[-1]["index"]} == h["line"]
                assert len(chain) - 1 == h["probe"]["steps"]
                # replaying it from the tested value never contradicts a step's cells
                cells = cells_from_state(p, state)
                seen = {(h["probe"]["row"], h["probe"]["column"]): h["probe"]["tried"]}
                for s in chain[:-1]:
                    for c in s["cells"]:
                        key = (c["row"], c["column"])
                        assert seen.get(key, c["value"]) == c["value"]
                        assert cells[(key[0] - 1) * p.width + key[1] - 1] == p.full_mask
                        seen[key] = c["value"]
                    axis_ok = all((c["row"] if s["axis"] == "row" else c["column"]) == s["index"]
                                  for c in s["cells"])
                    assert axis_ok
            if h["kind"] not in ("line", "probe"):
                break
            rows = [list(r) for r in state]
            for c in h["cells"]:
                rows[c["row"] - 1][c["column"] - 1] = c["value"]
            state = ["".join(r) for r in rows]


def test_clues_only_a_search_refutes_are_said_to_have_no_solution(monkeypatch):
    from test_hint import Puzzle
    # rows 1 1 / 1 / 1 / 1 1, columns 2 / 1 1 / 1 / 1: no solution; the cheap tests
    # are switched off here, as for clues that only a search refutes
    p = Puzzle(rows=[((1, 1), (1, 1)), ((1, 1),), ((1, 1),), ((1, 1), (1, 1))],
               cols=[((2, 1),), ((1, 1), (1, 1)), ((1, 1),), ((1, 1),)]).validate()
    api.clear_caches()
    monkeypatch.setattr(hint, "no_solution", lambda puzzle: None)
    monkeypatch.setattr(hint, "known_no_solution", lambda puzzle: None)
    d = api.diagnose(p)
    assert d["no_solution"] is True and d["unique"] is False and d["solutions"] == 0
    assert d["notice"] == "These clues have no solution: a search found no grid that satisfies them all."
    h = api.hint(p, ["#???"] * 4)  # whatever the marks
    assert h == mistakes.NO_SOLUTION_HINT


def test_several_solutions_the_marks_fit_are_not_revealed_from():
    from pictures import DIAGONAL, bw
    p = bw(DIAGONAL).validate()
    api.clear_caches()
    h = api.hint(p, ["??", "??"], find_solutions=True)
    assert h["kind"] == "none" and h["cells"] == []
    assert "more than one solution, and your marks fit more than one of them" in h["explanation"]
    # one mark decides which solution: from there, the hints go on
    assert api.hint(p, ["#?", "??"])["kind"] == "line"
