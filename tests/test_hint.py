"""Hints: every hinted cell is really forced, contradictions are found, walks end solved.

Line hints are checked by enumerating every arrangement of the line's clue
that fits the marks (an enumeration written here, independent of line.py):
each hinted cell must take the hinted value in all of them. Probe hints are
checked with the solver: the puzzle from the player's marks with the hinted cell
set to any other value has no solution. Walks apply hint after hint from an
empty grid and must end with kind "solved" on the goal.
"""
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysolver.nonogram import formats
from pysolver.nonogram.player import hint
from pysolver import api, memo
from pysolver.nonogram.solver import search
from pysolver.errors import PuzzleError
from pysolver.nonogram.puzzle import Puzzle, cells_from_state, clue_of, puzzle_from_grid, satisfies

from pictures import COLOURS3, DIAGONAL, bw


def arrangements(clue, n):
    """Every full line (colour indices) whose clue is `clue`, by placing blocks."""
    out = []

    def place(j, pos, line, prev):
        if j == len(clue):
            out.append(tuple(line + [0] * (n - len(line))))
            return
        length, c = clue[j]
        start = pos + (1 if prev == c else 0)
        for s in range(start, n - length + 1):
            place(j + 1, s + length, line + [0] * (s - len(line)) + [c] * length, c)

    place(0, 0, [], 0)
    return out


def line_cells(puzzle, cells, axis, i):
    w = puzzle.width
    return cells[i * w:(i + 1) * w] if axis == "row" else cells[i::w]


def assert_line_hint_forced(puzzle, state, h):
    cells = cells_from_state(puzzle, state)
    axis, i = h["line"]["axis"], h["line"]["index"] - 1
    clue = puzzle.rows[i] if axis == "row" else puzzle.cols[i]
    line = line_cells(puzzle, cells, axis, i)
    fits = [a for a in arrangements(clue, len(line)) if all(line[k] >> a[k] & 1 for k in range(len(line)))]
    assert fits, "a line hint on a line with no arrangement"
    index = puzzle.char_index()
    assert h["cells"]
    for c in h["cells"]:
        k = c["column"] - 1 if axis == "row" else c["row"] - 1
        value = index[c["value"]]
        assert line[k] != 1 << value, "the cell was already known"
        assert all(a[k] == value for a in fits), (h["explanation"], c)
    assert h["leftmost"] in {"".join(puzzle.colors[v].char for v in a) for a in fits}
    assert h["rightmost"] in {"".join(puzzle.colors[v].char for v in a) for a in fits}


def assert_probe_hint_forced(puzzle, state, h):
    cells = cells_from_state(puzzle, state)
    (c,) = h["cells"]
    k = (c["row"] - 1) * puzzle.width + c["column"] - 1
    value = puzzle.char_index()[c["value"]]
    for other in range(len(puzzle.colors)):
        if other != value and cells[k] >> other & 1:
            trial = list(cells)
            trial[k] = 1 << other
            assert search.solve(puzzle, 1, cells=trial, timeout=30).status == "none", h


def apply(state, h):
    rows = [list(r) for r in state]
    for c in h["cells"]:
        rows[c["row"] - 1][c["column"] - 1] = c["value"]
    return ["".join(r) for r in rows]


def walk(puzzle, state=None, check=True, limit=10_000):
    """Apply hints until none applies; returns (final state, kinds seen)."""
    state = state or ["?" * puzzle.width] * puzzle.height
    kinds = []
    for _ in range(limit):
        h = hint.hint(puzzle, state)
        kinds.append(h["kind"])
        if h["kind"] not in ("line", "probe", "deep"):
            return state, kinds, h
        if check:
            (assert_line_hint_forced if h["kind"] == "line" else assert_probe_hint_forced)(
                puzzle, state, h)
        state = apply(state, h)
    raise AssertionError("the walk did not end")


def random_puzzle(rng, w, h, ncol, density):
    grid = [[rng.randrange(1, ncol) if rng.random() < density else 0 for _ in range(w)]
            for _ in range(h)]
    colors = COLOURS3[:ncol] if ncol > 2 else None
    return puzzle_from_grid(grid, colors).validate()


def test_random_small_puzzles_every_hint_forced():
    rng = random.Random(7)
    kinds = set()
    for k in range(150):
        ncol = 2 if k % 3 else 3
        p = random_puzzle(rng, rng.randint(2, 7), rng.randint(2, 7), ncol, rng.uniform(0.3, 0.7))
        # Start from a few correct marks as a player might have, or from nothing.
        state = ["".join(ch if rng.random() < 0.15 else "?" for ch in row) for row in p.goal]
        final, seen, last = walk(p, state)
        kinds.update(seen)
        if last["kind"] == "solved":
            assert all("?" not in r for r in final)
            solved = [[p.char_index()[ch] for ch in r] for r in final]
            assert [clue_of(r) for r in solved] == [tuple(c) for c in p.rows]
        else:
            assert last["kind"] == "none"
            res = search.solve(p, 2, cells=cells_from_state(p, final), timeout=30)
            assert res.status in ("multiple", "unique")  # stuck, but not wrong
    assert {"line", "probe", "solved"} <= kinds


def test_walks_on_corpus_puzzles(puzzles_dir):
    for name in ("1.xml", "6.xml", "21.xml", "47.xml", "27.xml"):
        p = formats.parse_one((puzzles_dir / "webpbn" / name).read_text(), name)
        final, kinds, last = walk(p, check=max(p.width, p.height) <= 20)
        assert last["kind"] == "solved" and final == p.goal, name


def test_solved_and_contradictions():
    p = puzzle_from_grid([[1, 1, 0], [0, 1, 0], [1, 1, 1]]).validate()
    assert hint.hint(p, p.goal)["kind"] == "solved"
    wrong = ["##.", ".##", "###"]  # row 2 has one cell too many
    h = hint.hint(p, wrong)
    assert h["kind"] == "contradiction" and h["line"] == {"axis": "row", "index": 2}
    assert "2 cells are marked filled but the clue has only 1" in h["explanation"]
    h = hint.hint(p, ["###", "???", "???"])
    assert h["kind"] == "contradiction" and h["line"] == {"axis": "row", "index": 1}
    h = hint.hint(p, ["?#?", "?.?", "???"])  # rows fit; column 2 (clue 3) does not
    assert h["kind"] == "contradiction" and h["line"] == {"axis": "column", "index": 2}
    assert "the clue needs 3 filled cells but only 2 are still open" in h["explanation"]
    q = puzzle_from_grid([[1, 0], [1, 0]]).validate()
    h = hint.hint(q, ["?#", "??"])
    assert h["kind"] == "contradiction" and h["line"] == {"axis": "column", "index": 2}
    assert "1 cell is marked filled but the clue has none." in h["explanation"]


def test_counts_in_contradictions_agree_in_number():
    p = puzzle_from_grid([[1, 0, 0], [0, 0, 0], [1, 1, 0]]).validate()  # rows 1 / 0 / 2
    cases = [(["#.#", "???", "???"], "2 cells are marked filled but the clue has only 1."),
             (["???", ".#.", "???"], "1 cell is marked filled but the clue has none."),
             (["...", "???", "???"], "the clue needs 1 filled cell but none is still open."),
             (["???", "???", ".#."], "the clue needs 2 filled cells but only 1 is still open."),
             (["???", "???", "..."], "the clue needs 2 filled cells but none is still open.")]
    for state, words in cases:
        h = hint.hint(p, state)
        assert h["kind"] == "contradiction" and "1 cells" not in h["explanation"]
        assert words in h["explanation"], (state, h["explanation"])


def test_contradiction_found_for_every_flipped_goal_cell():
    rng = random.Random(3)
    p = random_puzzle(rng, 6, 5, 2, 0.5)
    for y in range(p.height):
        for x in range(p.width):
            rows = [list(r) for r in p.goal]
            rows[y][x] = "." if rows[y][x] == "#" else "#"
            h = hint.hint(p, ["".join(r) for r in rows])
            assert h["kind"] == "contradiction" and h["line"] == {"axis": "row", "index": y + 1}


def test_walks_from_a_mistake_end_in_a_contradiction():
    """One wrong mark in a unique puzzle: hints stay sound given the marks, and the
    walk ends by naming a contradiction, never by calling the grid solved."""
    rng = random.Random(11)
    contradictions = done = 0
    while done < 40:
        p = random_puzzle(rng, rng.randint(4, 7), rng.randint(4, 7), 2, 0.55)
        if search.solve(p, 2).status != "unique":
            continue
        done += 1
        y, x = rng.randrange(p.height), rng.randrange(p.width)
        state = [["?"] * p.width for _ in range(p.height)]
        state[y][x] = "." if p.goal[y][x] == "#" else "#"
        final, kinds, last = walk(p, ["".join(r) for r in state])
        assert last["kind"] in ("contradiction", "none"), kinds
        contradictions += last["kind"] == "contradiction"
    assert contradictions >= 30


# Clues no grid satisfies, though every line alone fits (validation passes):
# rows 2 / 0, columns 0 / 2. Line logic on the empty grid fails at column 1.
NO_SOLUTION = Puzzle(rows=[((2, 1),), ()], cols=[(), ((2, 1),)])


def test_clues_that_contradict_are_blamed_not_the_marks():
    p = NO_SOLUTION.validate()
    assert search.solve(p, 1).status == "none"
    # following the first hint (row 1 is full) makes column 1 contradict its clue
    h = hint.hint(p, ["##", "??"])
    assert h["kind"] == "contradiction" and h["line"] == {"axis": "column", "index": 1}
    assert h["explanation"].startswith("Column 1, clue 0 (empty): this puzzle has no solution.")
    assert "the marks in this" not in h["explanation"]
    # the same for marks that are wrong in their own right (row 1 is short)
    h = hint.hint(p, ["#.", "??"])
    assert "this puzzle has no solution" in h["explanation"]
    # a solvable puzzle still names the marks
    q = puzzle_from_grid([[1, 0], [1, 0]]).validate()
    h = hint.hint(q, ["?#", "??"])
    assert "the marks in this column cannot be completed" in h["explanation"]


def test_clues_that_only_a_cell_test_refutes_are_blamed_not_the_marks():
    # rows 1 1 / 1 / 1 / 1 1, columns 2 / 1 1 / 1 / 1: line logic on the empty grid
    # finds nothing; row 1, column 1 fails either way (a probe), without any marks
    p = Puzzle(rows=[((1, 1), (1, 1)), ((1, 1),), ((1, 1),), ((1, 1), (1, 1))],
               cols=[((2, 1),), ((1, 1), (1, 1)), ((1, 1),), ((1, 1),)]).validate()
    assert search.solve(p, 1).status == "none"
    h = hint.hint(p, ["????"] * 4)
    assert h["kind"] == "contradiction"
    assert "this puzzle has no solution" in h["explanation"]
    assert "row 1, column 1 can be neither empty (that breaks" in h["explanation"]
    assert "some marks already contradict" not in h["explanation"]


def test_no_solution_is_found_cheaply_and_remembered():
    memo.clear_all()
    # line logic from the empty grid fails (column 1)
    h = hint.no_solution(NO_SOLUTION.validate())
    assert h["kind"] == "contradiction" and h["line"] == {"axis": "column", "index": 1}
    assert h["notice"] == ("These clues have no solution: column 1 cannot be completed with its "
                           "clue 0 (empty), working line by line from the empty grid.")
    # only a cell test refutes these clues; every line is named in the notice
    p = Puzzle(rows=[((1, 1), (1, 1)), ((1, 1),), ((1, 1),), ((1, 1), (1, 1))],
               cols=[((2, 1),), ((1, 1), (1, 1)), ((1, 1),), ((1, 1),)]).validate()
    assert hint.no_solution(p, budget=0) is None         # no work for cell tests: not found
    memo.clear_all()                                     # api.clear_caches() and reset do this
    h = hint.no_solution(p)
    assert h["notice"] == ("These clues have no solution: row 1, column 1 can be neither empty "
                           "(that breaks column 2) nor filled (that breaks row 2), working line "
                           "by line from the empty grid.")
    assert hint.no_solution(p) is h                      # remembered by clues
    # solvable clues, and clues with several solutions, are not flagged
    assert hint.no_solution(bw(DIAGONAL).validate()) is None
    assert hint.no_solution(puzzle_from_grid([[1, 0], [1, 1]]).validate()) is None


def test_api_hint_says_no_solution_before_any_mark():
    from pysolver import api
    api.clear_caches()
    # from the empty grid a line hint (row 1 is full) exists, but the clues have no solution
    assert hint.hint(NO_SOLUTION.validate(), ["??", "??"])["kind"] == "line"
    h = api.hint(NO_SOLUTION.validate(), ["??", "??"])
    assert h["kind"] == "contradiction" and h["cells"] == []
    assert h["explanation"].startswith("Column 1, clue 0 (empty): this puzzle has no solution.")
    assert api.diagnose(NO_SOLUTION)["no_solution"] is True
    # clues only a cell test refutes (the 4x4 above, plus a full column 6 that
    # gives line hints): hints stay fast (no cell tests) until a diagnosis (Play
    # asks for one on opening) has found it
    one = (1, 1)
    p = Puzzle(rows=[(one, one, one), (one, one), (one, one), (one, one, one)],
               cols=[((2, 1),), (one, one), (one,), (one,), (), ((4, 1),)]).validate()
    assert api.hint(p, ["??????"] * 4)["kind"] == "line"
    assert api.diagnose(p)["no_solution"] is True
    h = api.hint(p, ["??????"] * 4)
    assert h["kind"] == "contradiction" and h["cells"] == [] and "no solution" in h["explanation"]
    q = puzzle_from_grid([[1, 0], [1, 1]]).validate()
    assert api.hint(q, ["??", "??"])["kind"] == "line"
    assert api.diagnose(q) == {"no_solution": False, "line": None, "notice": None, "explanation": None,
                               "solutions": 1, "unique": True}


def test_multiple_solutions_give_none():
    p = bw(DIAGONAL).validate()
    h = hint.hint(p, ["??", "??"])
    assert h["kind"] == "none" and h["cells"] == []


def test_overlap_explanation_and_extremes():
    # Row 1 is the only line with a deduction at the start: clue 7 in 10 cells.
    others = [[1 if x == (3 * y) % 10 else 0 for x in range(10)] for y in range(1, 12)]
    p = puzzle_from_grid([[0, 1, 1, 1, 1, 1, 1, 1, 0, 0]] + others).validate()
    h = hint.hint(p, ["?" * 10] * 12)
    assert h["kind"] == "line" and h["line"] == {"axis": "row", "index": 1}
    assert h["leftmost"] == "#######..." and h["rightmost"] == "...#######"
    assert "Row 1, clue 7: the block of 7 covers columns 4–7" in h["explanation"]
    assert [c["column"] for c in h["cells"]] == [4, 5, 6, 7]


def test_bad_states_are_rejected():
    p = bw(DIAGONAL).validate()
    with pytest.raises(PuzzleError, match="the state has 1 row; the puzzle has 2"):
        hint.hint(p, ["??"])
    with pytest.raises(PuzzleError, match="state row 2 has 3 cells"):
        hint.hint(p, ["??", "???"])
    with pytest.raises(PuzzleError, match="row 1, column 2: unknown character 'z'"):
        hint.hint(p, ["?z", "??"])
    # the characters the state may use are named: a colour's is the one its file gives it
    colour = formats.parse_one(json.dumps({"goal": ["ab"], "colors": [
        {"name": "white", "char": ".", "rgb": "FFFFFF"}, {"name": "sky", "char": "a", "rgb": "87CEEB"},
        {"name": "red", "char": "b", "rgb": "FF0000"}]}), "c.json")
    with pytest.raises(PuzzleError) as e:
        hint.hint(colour, ["?1"])
    assert str(e.value) == "state row 1, column 2: unknown character '1' (this puzzle's are . a b ?)"
    with pytest.raises(PuzzleError, match=r"unknown character 'z' \(this puzzle's are \. # X \?\)"):
        hint.hint(p, ["z?", "??"])
    # cells written apart, as by hand ("? #"): read as the row they spell (was "has 3 cells")
    assert hint.hint(p, ["? ?", "?  ?"]) == hint.hint(p, ["??", "??"])
    # the player's marks compared with the solution as they spell it too (a wrong mark in
    # column 1 of the heart, not the spaces taken for marks)
    heart = formats.parse_one((Path(__file__).parents[1] / "web/puzzles/welcome-heart.json").read_text(),
                              "welcome-heart.json")
    api.diagnose(heart)
    rows = ["#" + "?" * 9] + ["?" * 10] * 9
    apart = api.hint(heart, "\n".join(" ".join(r) for r in rows))
    assert apart == api.hint(heart, "\n".join(rows)) and apart["kind"] == "mistake", apart
    with pytest.raises(PuzzleError, match="state row 2 has 3 cells"):
        hint.hint(p, ["? ?", "? ? ?"])


@pytest.mark.parametrize("task", ["hint", "check", "solve", "asp"])
@pytest.mark.parametrize("state, message", [
    (2, "the state must be text or a list of rows, not int"),
    ({"rows": 1}, "the state must be text or a list of rows, not dict"),
    (["??", 5], "state row 2 is not text but int"),
    ([[], "??"], "state row 1 is not text but list"),
])
def test_states_that_are_not_text_are_refused_by_every_task(task, state, message):
    """A JSON state from the page or the API that is not row strings: the same one line."""
    from pysolver import api
    p = formats.dump(bw(DIAGONAL), "json")
    with pytest.raises(PuzzleError) as e:
        api.run("nonogram", task, {"puzzle": p, "state": state})
    assert str(e.value) == message


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.integers(0, 2**36 - 1), st.integers(2, 6), st.integers(2, 6), st.booleans(),
       st.lists(st.integers(0, 4), min_size=36, max_size=36))
def test_any_state_gets_a_sound_answer(seed, w, h, colour, marks):
    """Arbitrary marks (often inconsistent): the answer is well-formed and never wrong."""
    rng = random.Random(seed)
    p = random_puzzle(rng, w, h, 3 if colour else 2, 0.5)
    chars = "??.rb" if colour else "??.##"
    state = ["".join(chars[marks[y * w + x]] for x in range(w)) for y in range(h)]
    r = hint.hint(p, state)
    assert r["kind"] in ("line", "probe", "contradiction", "solved", "none")
    assert isinstance(r["explanation"], str) and r["explanation"]
    if r["kind"] == "line":
        assert_line_hint_forced(p, state, r)
    elif r["kind"] == "probe":
        assert_probe_hint_forced(p, state, r)
    elif r["kind"] == "contradiction":
        axis, i = r["line"]["axis"], r["line"]["index"] - 1
        cells = cells_from_state(p, state)
        clue = p.rows[i] if axis == "row" else p.cols[i]
        line = line_cells(p, cells, axis, i)
        fits = [a for a in arrangements(clue, len(line))
                if all(line[k] >> a[k] & 1 for k in range(len(line)))]
        assert not fits or "can be neither" in r["explanation"]
        if "can be neither" in r["explanation"]:  # a probe found the marks inconsistent
            assert search.solve(p, 1, cells=cells).status == "none"
    elif r["kind"] == "solved":
        index = p.char_index()
        assert satisfies(p, [[index[ch] for ch in row] for row in state])
    if r["kind"] != "solved" and "?" not in "".join(state):
        index = p.char_index()
        assert not satisfies(p, [[index[ch] for ch in row] for row in state])


def test_a_hint_where_lines_and_one_cell_tests_end_spends_counted_work(monkeypatch):
    """Issue 30: where no line and no one-cell test gives a cell and no solution is
    known (Play's search on opening did not find one), the deeper what-ifs and the
    search for a solution to reveal from are bounded by counted search work
    (whatif.DEEP_WORK per test on whatif.DEEP_CELLS cells, mistakes.STUCK_WORK), so
    the hint comes within the same work on every machine, and is a step or says none."""
    from pysolver import api
    from pysolver.nonogram import service
    from pysolver.nonogram.player import mistakes, whatif
    rng = random.Random(1)
    p = puzzle_from_grid([[int(rng.random() < 0.5) for _ in range(20)] for _ in range(20)])
    api.clear_caches()
    state = ["?" * 20] * 20
    for _ in range(400):
        h = service.hint(p, state)
        if h["kind"] not in ("line", "probe"):
            break
        rows = [list(r) for r in state]
        for c in h["cells"]:
            rows[c["row"] - 1][c["column"] - 1] = c["value"]
        state = ["".join(r) for r in rows]
    assert h["kind"] in ("deep", "reveal", "none"), h
    spent = []
    real = mistakes.work_budget

    def counted(limit):
        stop, used = real(limit)
        spent.append(used)
        return stop, used
    monkeypatch.setattr(mistakes, "work_budget", counted)
    monkeypatch.setattr(whatif, "work_budget", counted)
    api.clear_caches()
    again = service.hint(p, state)
    assert again == h
    bound = whatif.DEEP_CELLS * 2 * whatif.DEEP_WORK + mistakes.STUCK_WORK + mistakes.MARKS_WORK
    assert spent and sum(u[0] for u in spent) <= bound + len(spent), (len(spent), bound)
    if h["kind"] == "none":
        assert h["explanation"] and not h["cells"]
