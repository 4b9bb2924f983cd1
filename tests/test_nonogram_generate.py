"""The nonogram generator (pysolver.nonogram.generate, api.generate, the command line).

Every generated puzzle must be unique (pysolver's search and clingo both say
so), finished from the empty grid by the Hint engine alone (no reveal, no
guess: a walk written here, independent of pysolver.nonogram.walk), at the
level its walk shows, and the same for the same arguments. Small sizes run by
default; the sizes and levels of the issue are marked slow.
"""
import itertools
import json

import pytest

from pysolver import api, stars
from pysolver.app import cli
from pysolver.errors import PuzzleError
from pysolver.nonogram import climb, edit, generate as gen, walk
from pysolver.nonogram.picture import picture
from pysolver.nonogram.player import hint
from pysolver.nonogram.puzzle import puzzle_from_grid, satisfies
from pysolver.nonogram.solver import search

try:
    import clingo  # noqa: F401
    from pysolver.nonogram import asp
    HAVE_CLINGO = True
except ImportError:
    HAVE_CLINGO = False


def hint_walk(p):
    """Kinds of the hints that finish ``p`` from the empty grid, and the final grid."""
    state = ["?" * p.width] * p.height
    kinds = {"line": 0, "probe": 0, "deep": 0}
    for _ in range(p.width * p.height + 1):
        h = hint.hint(p, state)
        if h["kind"] == "solved":
            return kinds, state
        assert h["kind"] in kinds, h  # never a reveal, never stuck
        kinds[h["kind"]] += 1
        if h["kind"] == "deep":  # the Hint's words for it: what-ifs, never guesses
            assert "guess" not in h["explanation"] and " deep), " in h["explanation"], h
        rows = [list(r) for r in state]
        for c in h["cells"]:
            assert rows[c["row"] - 1][c["column"] - 1] == "?"
            rows[c["row"] - 1][c["column"] - 1] = c["value"]
        state = ["".join(r) for r in rows]
    raise AssertionError("the walk did not end")


def expected_level(kinds, longest, w, h):
    if kinds["deep"]:
        return "expert"
    if kinds["probe"] > walk.few(w, h) or longest > walk.LONG_CHAIN:
        return "hard"
    return "medium" if kinds["probe"] else "easy"


def check_generated(w, h, colours, level, seed):
    r = api.generate("nonogram", w, h, colours, level, seed)
    p = api.to_puzzle(r["puzzle"])
    assert (p.width, p.height, len(p.colors)) == (w, h, colours + 1)
    goal = [[p.char_index()[ch] for ch in row] for row in p.goal]
    assert satisfies(p, goal)
    assert search.solve(p, max_solutions=2).status == "unique"
    if HAVE_CLINGO:
        res = asp.solve_native(p, max_solutions=2)
        assert res["status"] == "unique" and res["solutions"] == [p.goal]
    kinds, final = hint_walk(p)
    assert final == p.goal
    assert kinds == r["walk"]["steps"] and r["walk"]["finished"]
    assert r["level"] == level == expected_level(kinds, r["walk"]["longest_chain"], w, h)
    assert r["stars"] == stars.nonogram(w, h, r["walk"])
    return r


@pytest.mark.parametrize("w,h,colours,level,seed", [
    (5, 5, 1, "easy", 1), (7, 5, 1, "easy", 2), (6, 8, 2, "easy", 3), (8, 8, 4, "easy", 4),
    (10, 10, 1, "medium", 1), (10, 10, 1, "medium", 2), (10, 10, 1, "hard", 3),
    (10, 8, 2, "medium", 5)])
def test_generated_puzzles_unique_and_finished_by_hints(w, h, colours, level, seed):
    check_generated(w, h, colours, level, seed)


@pytest.mark.slow
@pytest.mark.parametrize("size", [15, 25, 30])
@pytest.mark.parametrize("colours", [1, 3])
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_generated_puzzles_big(size, colours, level):
    for seed in (1, 2):
        check_generated(size, size, colours, level, seed)


def test_expert_is_reachable():
    # a deeper what-if, unique (pysolver and clingo), finished by hints: under 1 s of CPU
    r = check_generated(15, 15, 1, "expert", 1)
    assert r["walk"]["steps"]["deep"] >= 1


@pytest.mark.slow
@pytest.mark.parametrize("size,seeds", [(10, (1, 2)), (15, range(2, 9)), (20, (1, 2))])
def test_expert_every_seed(size, seeds):
    # the climb (climb.start, climb.climb) makes one for every seed tried
    for seed in seeds:
        assert check_generated(size, size, 1, "expert", seed)["walk"]["steps"]["deep"] >= 1


def test_same_arguments_same_puzzle_other_seed_other_puzzle():
    a = api.generate("nonogram", 10, 10, 1, "medium", 7)
    assert api.generate("nonogram", 10, 10, 1, "medium", 7) == a
    assert api.generate("nonogram", 10, 10, 1, "medium", 8)["puzzle"]["goal"] != a["puzzle"]["goal"]
    assert a["recipe"] == "nonogram:10x10:1:medium:7"


def test_pictures_are_not_noise():
    """Most filled cells of a picture have filled neighbours (shapes, not specks)."""
    import random
    for seed in range(20):
        grid, _, _ = picture(random.Random(seed), 20, 15, 0.5, 1, grain=0.5)
        filled = [(y, x) for y in range(15) for x in range(20) if grid[y][x]]
        lone = [(y, x) for y, x in filled
                if not any(0 <= yy < 15 and 0 <= xx < 20 and grid[yy][xx]
                           for yy, xx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)))]
        assert filled and not lone


@pytest.mark.parametrize("args,message", [
    ((4, 10, 1, "easy", 1), "width must be a whole number from 5 to 60, not 4"),
    ((10, 61, 1, "easy", 1), "height must be a whole number from 5 to 60, not 61"),
    ((10, 10, 5, "easy", 1), "colours must be a whole number from 1"),
    ((10, 10, 1, "tricky", 1), "level must be one of easy, medium, hard, expert, not 'tricky'"),
    ((10, 10, 1, "easy", "x"), "seed must be a whole number"),
])
def test_bad_arguments(args, message):
    with pytest.raises(PuzzleError, match=message):
        api.generate("nonogram", *args)


def test_unreachable_level_is_a_clear_error():
    # a 5x5 leaves no room for a deeper what-if: every attempt is rejected, with reasons,
    # and the advice is a larger size (another seed would not help)
    with pytest.raises(PuzzleError, match=r"no expert 5x5 puzzle .* in 40 attempts \(.*\); "
                                          r"try a larger size or another level: a board smaller "
                                          r"than 8x8 almost never"):
        api.generate("nonogram", 5, 5, 1, "expert", 1)
    with pytest.raises(PuzzleError, match=r"no medium 5x5 .*; try another seed, size or level"):
        raise gen.NoPuzzle(5, 5, 1, "medium", 1, 40, {"too easy": 40})  # the words of other levels


def test_a_picture_that_lost_a_colour_is_rejected(monkeypatch):
    """Asked for 3 colours, a puzzle shows 3: an attempt whose edits painted one out (the
    climb did, at 15x15, 3 colours, expert, seeds 46 and 50) is rejected, the next tried."""
    real, calls = edit.adjust, []

    def adjust(rng, grid, colors, level, symmetry):
        calls.append(level)
        if len(calls) == 1:  # the first attempt's picture without its third colour
            two = [[min(v, 2) for v in row] for row in grid]
            return (puzzle_from_grid(two, colors), None), None, 0
        return real(rng, grid, colors, level, symmetry)

    monkeypatch.setattr(edit, "adjust", adjust)
    p, info = gen.generate(8, 8, 3, "easy", 1)
    assert info["rejected"].get("a colour painted out") == 1 and len(calls) >= 2
    shown = {ch for row in p.goal for ch in row}
    assert len(p.colors) == 4 and {c.char for c in p.colors[1:]} <= shown


def test_other_families_are_refused():
    with pytest.raises(PuzzleError, match="Nikoli generator"):
        api.generate("nurikabe", 7, 7)


def test_command_line(capsys):
    assert cli.main(["generate", "nonogram", "--size", "10x8", "--level", "medium",
                     "--seed", "3", "--json"]) == 0
    out = capsys.readouterr().out
    d = json.loads(out)
    assert d["generated"]["level"] == "medium" and d["goal"]
    assert d["generated"]["walk"]["steps"]["probe"] >= 1
    p = api.to_puzzle(api.parse(out)["puzzles"][0])  # the JSON loads as a puzzle
    assert (p.width, p.height) == (10, 8)
    assert cli.main(["generate", "nonogram", "--size", "6x5", "--colours", "2"]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("catalogue") and "rows" in out and "easy 6x5" in err
    code = cli.main(["generate", "nonogram", "--size", "6x5", "--level", "hard", "--to", "text"])
    out, err = capsys.readouterr()
    assert code == 2 and "--to are for the Nikoli generator" in err and "Traceback" not in err


def test_stars_grow_with_size_and_reasoning():
    line = {"finished": True, "steps": {"line": 0, "probe": 0, "deep": 0}, "chain_steps": 0}
    small, big = dict(line), dict(line)
    small["steps"] = {"line": 12, "probe": 0, "deep": 0}
    big["steps"] = {"line": 400, "probe": 0, "deep": 0}
    assert stars.nonogram(5, 5, small) == 1
    assert stars.nonogram(60, 60, big) == 5
    probes = dict(small, steps={"line": 40, "probe": 12, "deep": 0}, chain_steps=60)
    assert stars.nonogram(15, 15, probes) > stars.nonogram(15, 15, dict(small, steps={
        "line": 40, "probe": 0, "deep": 0}))
    stuck = dict(small, finished=False)
    assert stars.nonogram(5, 5, stuck) >= 4
    # the Nikoli genres' stars, from their hint walk: tests/test_stars_nikoli.py


def test_recipe_gives_the_same_puzzle_through_the_genre_task():
    """The page's way in (the genre-neutral task, as the worker's bridge calls it)."""
    seen = []
    r = api.task("nonogram", "generate", {"recipe": "nonogram:10x10:1:medium:7"}, seen.append)["result"]
    assert r == api.generate("nonogram", 10, 10, 1, "medium", 7)
    assert seen and seen[0] == {"attempt": 1, "attempts": gen.ATTEMPTS, "walks": 0,
                                "floor": None, "best": None, "lanes": 1}
    by_args = api.task("nonogram", "generate", {"width": 10, "height": 10, "level": "medium", "seed": 7})
    assert by_args["result"] == r


@pytest.mark.parametrize("recipe,message", [
    ("nonogram:99x10:1:easy:1", "width must be a whole number from 5 to 60, not 99"),
    ("nonogram:10x10:9:easy:1", "colours must be a whole number from 1"),
    ("nonogram:10x10:1:tricky:1", "level must be one of easy, medium, hard, expert, not 'tricky'"),
    ("nonogram:10x10:1:easy:1234567890", "is not a puzzle recipe"),
    ("nonogram:10x10:1:easy:-1", "is not a puzzle recipe"),
    # other scripts' digits read as the ASCII recipe's: a link that opens the same puzzle under
    # another name, missing the ready-made pool (an expert one then made live, for minutes)
    ("nonogram:10x10:1:easy:\u0667", "is not a puzzle recipe"),
    ("nonogram:\uff11\uff10x10:1:easy:1", "is not a puzzle recipe"),
    ("<img src=x>", "is not a puzzle recipe"),
    ("n" * 5000, "is not a puzzle recipe"),
    (7, "a puzzle recipe is text"),
])
def test_bad_recipes_say_what_is_wrong(recipe, message):
    with pytest.raises(PuzzleError, match=message):
        api.task("nonogram", "generate", {"recipe": recipe})


@pytest.mark.parametrize("w,h,colours,level,seed", [
    (10, 10, 1, "hard", 3), (12, 12, 1, "hard", 5), (10, 8, 2, "medium", 5), (12, 12, 3, "hard", 2)])
def test_what_ifs_are_the_walks_own(w, h, colours, level, seed):
    """The generator's cheap measurement (walk.what_ifs: the what-ifs from where
    line logic ends) gives what the full hint walk gives, step for step."""
    p = api.to_puzzle(api.generate("nonogram", w, h, colours, level, seed)["puzzle"])
    full, quick = walk.walk(p, keep_states=True), walk.what_ifs(p, keep_states=True)
    assert quick["steps"]["line"] is None
    assert {k: v for k, v in quick["steps"].items() if k != "line"} == {
        k: v for k, v in full["steps"].items() if k != "line"}
    for key in ("finished", "longest_chain", "chain_steps", "deepest", "end", "state", "before"):
        assert quick[key] == full[key], key
    assert full["steps"]["probe"] >= 1


def _settled(p):
    from pysolver.nonogram.solver.propagate import Engine
    eng = Engine(p)
    rows, cols = eng.initial()
    walk.settle(eng, rows, cols, set(range(p.height)), set(range(p.width)))
    return eng, rows, cols


@pytest.mark.parametrize("w,h,colours,level,seed", [
    (10, 10, 1, "hard", 3), (12, 12, 3, "hard", 2), (10, 10, 1, "expert", 1)])
def test_stuck_ends_where_the_walks_what_ifs_end(w, h, colours, level, seed):
    """walk.stuck (the expert climb's test: the walk's line steps and one-cell
    what-ifs to their end, the solution known) ends where the walk first needs
    more than a one-cell what-if: solved for a walk with none deeper, else the
    grid the walk had before its first deeper what-if."""
    p = api.to_puzzle(api.generate("nonogram", w, h, colours, level, seed)["puzzle"])
    full = walk.what_ifs(p, keep_states=True)
    eng, rows, cols = _settled(p)
    rows, cols, trials = walk.stuck(eng, rows, cols, edit.grid_of(p, p.colors))
    deep = [state for kind, state in full["before"] if kind == "deep"]
    if deep:
        assert eng.state(rows) == deep[0] and not eng.complete(rows)
    else:
        assert eng.complete(rows) and (trials > 0) == (full["steps"]["probe"] > 0)


def test_a_swap_is_a_second_solution():
    """climb.swap names four open cells whose values swap across a rectangle
    with every clue unchanged: a second solution, told apart without a search."""
    from pysolver.nonogram.puzzle import BACKGROUND, puzzle_from_grid
    g = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]  # the diagonal and its swaps
    p = puzzle_from_grid(g, [BACKGROUND] + gen.PALETTE[:1])
    eng, rows, cols = _settled(p)
    corners = climb.swap(eng, rows, g)
    assert corners and len(corners) == 4
    other = [r[:] for r in g]
    (y1, x1), (_, x2), (y2, _), _ = corners
    other[y1][x1], other[y1][x2], other[y2][x1], other[y2][x2] = g[y1][x2], g[y1][x1], g[y2][x2], g[y2][x1]
    assert other != g and satisfies(p, other)
    assert search.solve(p, max_solutions=2).status == "multiple"
    solo = [[1, 1, 1], [1, 0, 0], [1, 0, 0]]
    q = puzzle_from_grid(solo, [BACKGROUND] + gen.PALETTE[:1])
    eng, rows, cols = _settled(q)
    assert climb.swap(eng, rows, solo) is None  # line logic decides every cell


def _runs_of(line):
    return [(v, len(list(g))) for v, g in itertools.groupby(line) if v]


def _first_swap(rows_open, g):
    """climb.swap by its definition: the first rectangle (row pairs, then column pairs, in
    order) of open cells whose values swap with all four lines' whole clues unchanged."""
    def keeps(line, i, j):
        other = list(line)
        other[i], other[j] = other[j], other[i]
        return _runs_of(line) == _runs_of(other)
    h, w = len(g), len(g[0])
    for y1 in range(h):
        for y2 in range(y1 + 1, h):
            for x1 in range(w):
                for x2 in range(x1 + 1, w):
                    cells = [(y1, x1), (y1, x2), (y2, x1), (y2, x2)]
                    if not all((y, x) in rows_open for y, x in cells):
                        continue
                    a, b, c, d = (g[y][x] for y, x in cells)
                    if a == b or a == c or a != d or b != c:
                        continue
                    col1, col2 = [r[x1] for r in g], [r[x2] for r in g]
                    if (keeps(g[y1], x1, x2) and keeps(g[y2], x1, x2)
                            and keeps(col1, y1, y2) and keeps(col2, y1, y2)):
                        return cells
    return None


def test_swap_finds_the_first_rectangle_its_definition_finds():
    """climb.swap reads only the cells around each swap, once per line: on random
    grids, colours and line states it names the same four cells as the whole-line
    definition, or none where it finds none."""
    import random
    from pysolver.nonogram.puzzle import BACKGROUND
    from pysolver.nonogram.solver.line import positions, undecided
    rng = random.Random(7)
    found = none = 0
    for _ in range(150):
        w, h, k = rng.randint(3, 12), rng.randint(3, 12), rng.choice([2, 2, 3, 4])
        g = [[rng.randrange(1, k) if rng.random() < rng.choice([0.3, 0.5, 0.7]) else 0
              for _ in range(w)] for _ in range(h)]
        p = puzzle_from_grid(g, [BACKGROUND] + gen.PALETTE[:k - 1])
        eng, rows, cols = _settled(p)
        opened = {(y, x) for y in range(h) for x in positions(undecided(rows[y]))}
        want = _first_swap(opened, g)
        assert climb.swap(eng, rows, g) == want, g
        found += want is not None
        none += want is None
    assert found > 20 and none > 20  # both kinds of grid were met
