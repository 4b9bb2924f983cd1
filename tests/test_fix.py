"""The fix assistant: every suggestion, applied independently, leaves exactly one solution."""
import pytest

from pysolver.nonogram.player import fix
from pysolver.nonogram.solver import search
from pysolver.errors import PuzzleError
from pysolver.nonogram.puzzle import Puzzle

from pictures import CHECKER, TWO_CHECKERS, UNIQUE, apply_suggestion, bw, colour, masks
from test_crosscheck import brute_count


def brute_solutions(puzzle, fixed=None, cap=3):
    """Independent enumeration (tests/test_crosscheck.py), up to ``cap`` solutions."""
    return brute_count(puzzle, cap, fixed)


def assert_unique_after(puzzle, sugg, brute=True):
    assert sugg["verified"] is True
    assert sugg["kind"] in ("given", "toggle")
    assert sugg["description"]
    assert sugg["classification"] in ("line", "probe", "search")
    fixed_puzzle, fixed, goal = apply_suggestion(puzzle, sugg)
    res = search.solve(fixed_puzzle, max_solutions=2, cells=masks(fixed_puzzle, fixed) if fixed else None)
    assert res.status == "unique", sugg
    assert res.solutions == [goal]
    if brute:
        assert brute_solutions(fixed_puzzle, fixed) == [goal]


def test_checker_has_two_solutions_independently():
    assert len(brute_solutions(bw(CHECKER))) == 2
    assert len(brute_solutions(bw(TWO_CHECKERS), cap=5)) == 4
    assert len(brute_solutions(bw(UNIQUE))) == 1


def test_checker_gets_one_cell_fixes_of_both_kinds():
    p = bw(CHECKER)
    out = fix.suggest(p)
    assert 1 <= len(out) <= 3
    assert {s["kind"] for s in out} == {"given", "toggle"}
    for s in out:
        assert len(s["cells"]) == 1
        # the fix touches the ambiguous 2x2 block (rows 3-4, columns 3-4)
        c = s["cells"][0]
        assert c["row"] in (3, 4) and c["column"] in (3, 4)
        assert_unique_after(p, s)


def test_two_checkers_need_two_changes():
    p = bw(TWO_CHECKERS)
    out = fix.suggest(p, max_suggestions=4)
    assert out
    for s in out:
        assert len(s["cells"]) >= 2 if s["kind"] == "given" else True
        assert_unique_after(p, s)
    # fewest changes first
    assert [len(s["cells"]) for s in out] == sorted(len(s["cells"]) for s in out)


def test_colour_checker():
    rows = ["rrrrrrr",
            "r.....r",
            "r.b...r",
            "r..b..r",
            "r.....r",
            "rrrrrrr"]
    p = colour(rows)
    assert len(brute_solutions(p)) == 2
    out = fix.suggest(p)
    assert out
    for s in out:
        assert all(c["value"] in ".rb" for c in s["cells"])
        assert_unique_after(p, s)


def test_unique_goal_needs_no_fix():
    assert fix.suggest(bw(UNIQUE)) == []


def test_max_suggestions_is_respected():
    out = fix.suggest(bw(CHECKER), max_suggestions=1)
    assert len(out) == 1


def test_missing_or_wrong_goal_is_a_clear_error():
    p = bw(CHECKER)
    no_goal = Puzzle(rows=p.rows, cols=p.cols)
    with pytest.raises(PuzzleError, match="no goal"):
        fix.suggest(no_goal)
    wrong = Puzzle(rows=p.rows, cols=p.cols, goal=UNIQUE + ["#######"])
    with pytest.raises(PuzzleError, match="does not match"):
        fix.suggest(wrong)


def test_cancel_and_progress():
    assert fix.suggest(bw(CHECKER), should_stop=lambda: True) == []
    seen = []
    out = fix.suggest(bw(TWO_CHECKERS), progress=seen.append)
    assert out and seen
    assert all({"phase", "tried", "found"} <= set(d) for d in seen)
    assert [d["tried"] for d in seen] == sorted(d["tried"] for d in seen)


def test_cancel_midway_stops_early():
    calls = []

    def stop():
        calls.append(1)
        return len(calls) > 3

    out = fix.suggest(bw(TWO_CHECKERS), should_stop=stop)
    for s in out:
        assert_unique_after(bw(TWO_CHECKERS), s)


def _corpus_multi(puzzles_dir, size, limit):
    from pysolver.nonogram.formats import parse
    names = []
    for line in (puzzles_dir / "MANIFEST.tsv").read_text().splitlines()[1:]:
        cols = line.split("\t")
        if cols[1:2] and "nonodataset" in cols[0] and f"{size}x{size}" in cols[0] \
                and "multiple solutions" in cols[-1]:
            names.append(cols[0])
    out = []
    for name in names[:limit]:
        path = puzzles_dir / name
        out.append((name, parse(path.read_text(), path.name)[0]))
    return out


@pytest.mark.parametrize("size,limit", [(10, 6), (15, 2)])
def test_nonodataset_multi_boards(puzzles_dir, size, limit):
    boards = _corpus_multi(puzzles_dir, size, limit)
    if not boards:
        pytest.skip("no multi-solution nonodataset boards listed")
    fixed = 0
    for name, p in boards:
        assert search.solve(p, max_solutions=2).status == "multiple", name
        out = fix.suggest(p, timeout=30)
        fixed += bool(out)
        for s in out:
            assert_unique_after(p, s, brute=False)
    assert fixed >= len(boards) - 1


def test_cells_already_shown_count():
    # one checker already settled by a shown cell: nothing to fix
    assert fix.suggest(bw(CHECKER), givens=[(2, 2)]) == []
    # two checkers, one settled: a single further cell (or toggle) is enough
    p = bw(TWO_CHECKERS)
    out = fix.suggest(p, givens=[(2, 2)])
    assert out and min(len(s["cells"]) for s in out) == 1
    for s in out:
        _, fixed, goal = apply_suggestion(p, s)
        fixed[(2, 2)] = goal[2][2]
        base = apply_suggestion(p, s)[0]
        assert brute_solutions(base, fixed) == [goal]
    with pytest.raises(PuzzleError, match="outside"):
        fix.suggest(p, givens=[(6, 0)])
