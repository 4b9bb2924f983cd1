"""ASP hints for the Nikoli families are sound: checked against every solution."""
import random
import re
from pathlib import Path

import pytest

pytest.importorskip("clingo")

from pysolver.asp import tasks as asprun  # noqa: E402
from pysolver.nikoli import aspsolve, genre, hint_words, hints, read, url  # noqa: E402
from pysolver.asp.tasks import Ask  # noqa: E402
from pysolver.errors import PuzzleError  # noqa: E402
from test_nikoli_formats import EXAMPLES  # noqa: E402
from test_nikoli_solve import small_instances  # noqa: E402


def unit_of(grid, cell):
    if grid.family == "masyu":
        unit = (cell["column"] - 1, cell["row"] - 1, cell["to_column"] - 1, cell["to_row"] - 1)
        return unit, cell["value"] == "line"
    on = "." if grid.family == "bag" else "#"
    return (cell["column"] - 1, cell["row"] - 1), cell["value"] == on


def partial(grid, solution, rng, share):
    """The solution with some cells forgotten ('?')."""
    return ["".join(ch if rng.random() < share else "?" for ch in row) for row in solution]


def agreeing(grid, marks, solutions):
    return [s for s in solutions
            if all(hints._marks(grid, s).get(u) == v for u, v in marks.items())]


def cases():
    for family in ("nurikabe", "heyawake", "masyu", "bag"):
        yield from ((family, g) for g in small_instances(family, 3))
        yield family, url.read_url(EXAMPLES[family])


@pytest.mark.parametrize("family, grid", list(cases()))
def test_hints_sound(family, grid):
    rng = random.Random(url.write_url(grid))
    solutions = aspsolve.solve(grid, 0)["solutions"]
    if not solutions:
        r = hints.hint(grid, ["?" * grid.width] * grid.height)
        assert r["kind"] == "no-solution"
        return
    for share in (0.0, 0.5):
        state = partial(grid, rng.choice(solutions), rng, share)
        r = hints.hint(grid, state)
        marks = hints._marks(grid, state)
        agree = agreeing(grid, marks, solutions)
        assert agree  # the state came from a solution
        if r["kind"] == "deduction":
            unit, value = unit_of(grid, r["cells"][0])
            assert unit not in marks
            assert all(hints._marks(grid, s)[unit] == value for s in agree), r
            assert r["rules"] and all(n[0] == family[0].upper() for n in r["rules"])
        else:
            assert r["kind"] in ("none",), r


FLIP = {"#": ".", ".": "#", "─": ".", "│": ".", "┌": ".", "┐": ".", "└": ".", "┘": "."}


def flipped_states(grid, solution, rng, count=4):
    """(state, (x, y)): part of the solution known, one non-clue cell flipped (Masyu:
    its neighbours unknown, so no neighbour's line says otherwise)."""
    spots = [(x, y) for y in range(grid.height) for x in range(grid.width)
             if (x, y) not in grid.clues]
    for x, y in rng.sample(spots, min(count, len(spots))):
        rows = [list(r) for r in partial(grid, solution, rng, 0.6)]
        rows[y][x] = "─" if grid.family == "masyu" and solution[y][x] == "." \
            else FLIP[solution[y][x]]
        if grid.family == "masyu":
            for u, v in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= u < grid.width and 0 <= v < grid.height:
                    rows[v][u] = "?"
        yield ["".join(r) for r in rows], (x, y)


@pytest.mark.parametrize("family", sorted(EXAMPLES))
def test_the_mistake_named_is_the_flipped_mark(family):
    grid = url.read_url(EXAMPLES[family])
    (solution,) = aspsolve.solve(grid, 2)["solutions"]
    for state, (x, y) in flipped_states(grid, solution, random.Random(family)):
        r = hints.hint(grid, state)
        assert r["kind"] == "mistake", (state, r)
        # what the Check panel says of the same marks (the rule checker), the hint says too:
        # the rule they break, or that none is broken yet (the Check said "No rule is broken
        # so far" and the hint then listed every rule: a player read a contradiction)
        broken = {v["rule"] for v in genre.check(url.write_url(grid), state)["violations"]}
        if broken:
            assert len(r["rules"]) == 1 and r["rules"][0] in broken, (state, r)
            assert re.search(f"(it breaks|they break) the rule: {hint_words.WORDS[r['rules'][0]]}\\.$",
                             r["explanation"]), r
        else:
            assert re.search("(it breaks|they break) no rule yet, but ", r["explanation"]), r
            assert len(r["rules"]) < len(hints.RULES[family]), r   # a short what-if's, or none
        # the rules in How to play's words, never as codes ("B3" means nothing to a player)
        assert not re.search(r"\b[NHMB]\d\b", r["explanation"]), r
        if family == "masyu":  # joins of the flipped cell
            assert r["cells"] and all((y + 1, x + 1) in ((c["row"], c["column"]),
                                                         (c["to_row"], c["to_column"]))
                                      for c in r["cells"]), (state, r)
        else:
            assert [(c["row"], c["column"]) for c in r["cells"]] == [(y + 1, x + 1)], r


def limited(solve, hit):
    """The driver ``solve``, noting in ``hit`` an answer its conflict limit cut short
    (there the drivers may differ: a reused grounding learns, a fresh one starts over)."""
    def run(ask):
        ans = solve(ask)
        hit.append(ans["sat"] is None)
        return ans
    return run


def solve_like_wasm(ask):
    """A driver that behaves as clingo-wasm (web/js/genres/nikoli/asp.js) does: every ask
    grounded afresh, assumptions as constraints at the end of the program, no cores."""
    text = ask.program + "\n" + "".join(f":- {'not ' if v else ''}{a}.\n" for a, v in ask.assume)
    asprun._controls.clear()
    return asprun.solve_native(Ask(text, ask.args, (), ask.mode, ask.models, ask.limit, False))


def walk_cases():
    library = Path(__file__).resolve().parent.parent / "web" / "puzzles" / "nikoli"
    for family in sorted(EXAMPLES):
        yield family, EXAMPLES[family]
        yield family, (library / f"{family}-7x7-1.txt").read_text(encoding="utf-8")


def both(text, state, crosses=()):
    """(native hint, wasm-like hint, whether either hit a conflict limit). The native
    one may reuse the consequences of the walk's earlier marks; the wasm-like one
    starts with none remembered."""
    hit = []
    mine = asprun.drive(hints.hint_task(text, state, crosses), limited(asprun.solve_native, hit))
    hints._consequences.clear()
    wasm = asprun.drive(hints.hint_task(text, state, crosses), limited(solve_like_wasm, hit))
    return mine, wasm, any(hit)


@pytest.mark.parametrize("family, text", list(walk_cases()))
def test_a_wasm_like_driver_gives_the_same_hints(family, text):
    """Along a whole hint walk, and for a mistake; hints where a conflict limit cut an
    answer short may differ (not many may)."""
    grid = read.parse(text)
    (solution,) = aspsolve.solve(grid, 2)["solutions"]
    state, crosses, seen, compared = ["?" * grid.width] * grid.height, [], 0, 0
    while True:
        mine, wasm, cut = both(text, state, crosses)
        if not cut:
            assert wasm == mine
            compared += 1
        if mine["kind"] != "deduction":
            break
        seen += 1
        if mine["cells"][0]["value"] == "no line":  # Masyu: rows cannot always say it
            crosses.append(mine["cells"][0])
        state = hints.played(grid, state, mine, crosses)
    assert mine["explanation"] == "The grid is complete." and seen > 3, (mine, state)
    given = grid.clues if family in ("nurikabe", "bag") else {}  # clue cells are never hinted
    assert all(a == b or (x, y) in given for y, (r, s) in enumerate(zip(state, solution))
               for x, (a, b) in enumerate(zip(r, s))), state
    # most hints are compared (the built-in Nurikabe 7x7 of 2026-11-24: 31 of 41; the
    # others hit a conflict limit, where fresh groundings may name one rule more)
    assert compared >= 0.7 * (seen + 1), (compared, seen)
    wrong = next(flipped_states(grid, solution, random.Random(text), 1))[0]
    mine, wasm, cut = both(text, wrong)
    assert mine["kind"] == "mistake" and (cut or wasm == mine)


def test_masyu_crosses_count_as_marks():
    grid = url.read_url(EXAMPLES["masyu"])
    (solution,) = aspsolve.solve(grid, 2)["solutions"]
    state = [row[:2] + "?" * (grid.width - 2) for row in solution]
    told, truth = hints._marks(grid, state), hints._marks(grid, solution)
    cross = lambda x, y, u, v: {"row": y + 1, "column": x + 1, "to_row": v + 1, "to_column": u + 1}  # noqa: E731
    crosses = [cross(*u) for u in hints.units(grid) if truth[u] is False and u not in told]
    assert hints.hint(grid, state)["kind"] == "deduction"
    r = hints.run_native(hints.hint_task(grid, state, crosses))
    assert r["kind"] == "deduction" and r["cells"][0]["value"] == "line", r  # gaps all known
    line = next(u for u in hints.units(grid) if truth[u])
    r = hints.run_native(hints.hint_task(grid, ["?" * grid.width] * grid.height, [cross(*line)]))
    assert r["kind"] == "mistake" and r["cells"] == [{**cross(*line), "value": "no line"}]
    for bad, message in (([{"row": 1}], "cross 1: expected row, column, to_row, to_column"),
                         ([cross(0, 0, 1, 1)], "cross 1: row 1 column 1 to row 2 column 2 "
                                               "is not a join")):
        with pytest.raises(PuzzleError, match=message):
            hints.run_native(hints.hint_task(grid, state, bad))
    with pytest.raises(PuzzleError, match="crosses are for Masyu only"):
        hints.run_native(hints.hint_task(url.read_url(EXAMPLES["bag"]), ["?" * 6] * 6,
                                         [cross(*line)]))


def test_a_masyu_mistake_names_the_lines_drawn_not_the_sides_a_turn_leaves_empty():
    """A straight line of the solution drawn turning instead ('─' as '┐'): its wrong line is
    the mistake; the side the turn leaves empty (the rows say no line there) is no mark of
    the player's, which a hint outlined and counted ("The 16 wrong marks" for 7 lines)."""
    grid = url.read_url(EXAMPLES["masyu"])
    (solution,) = aspsolve.solve(grid, 2)["solutions"]
    x, y = next((x, y) for y, row in enumerate(solution[:-1]) for x, ch in enumerate(row) if ch == "─")
    rows = ["?" * grid.width for _ in range(grid.height)]
    rows[y] = rows[y][:x] + "┐" + rows[y][x + 1:]
    r = hints.hint(grid, rows)
    assert r["kind"] == "mistake", r
    assert r["cells"] == [{"row": y + 1, "column": x + 1, "to_row": y + 2, "to_column": x + 1, "value": "line"}], r
    assert r["explanation"].startswith(f"Your mark between row {y + 1} column {x + 1} and row {y + 2}"), r


@pytest.mark.parametrize("family", sorted(EXAMPLES))
def test_clingo_explanations_name_a_refuting_set(family, monkeypatch):
    """With the trials off, every hint is explained by clingo: its opposite value,
    the marks it shows and the rules it names leave no answer set (checked without a
    work limit), Nurikabe's and Bag's numbered cells taken unshaded / inside as the
    hints take them."""
    monkeypatch.setattr(hints.trial, "explain", lambda *a: None)
    grid = url.read_url(EXAMPLES[family])
    state, crosses, seen = ["?" * grid.width] * grid.height, [], 0
    text = hints.program(grid)
    while seen < 12:
        r = asprun.drive(hints.hint_task(grid, state, crosses), solve_like_wasm)
        if r["kind"] != "deduction":
            break
        unit, value = unit_of(grid, r["cells"][0])
        because = [(hints.atom(grid, u), v) for u, v in map(lambda c: unit_of(grid, c), r["because"])]
        named = [(f"active({n.lower()})", True) for n in r["rules"]]
        given = [(hints.atom(grid, c), family == "bag") for c in hints._given(grid)]
        ask = Ask(text, hints.ARGS, [(hints.atom(grid, unit), not value)] + because + named + given)
        assert asprun.solve_native(ask)["sat"] is False, r
        if r["rules"]:  # said in words, never as codes
            assert "would break the rule" in r["explanation"], r
            assert not re.search(r"\b[NHMB]\d\b", r["explanation"]), r
        seen += 1
        if r["cells"][0]["value"] == "no line":
            crosses.append(r["cells"][0])
        state = hints.played(grid, state, r, crosses)
    assert seen >= 5


def counting(solve, asks):
    """The driver ``solve``, keeping (ask, answer) of every call in ``asks``."""
    def run(ask):
        ans = solve(ask)
        asks.append((ask, ans))
        return ans
    return run


def bounded_hint(family, monkeypatch, cautious=1, no_trial=False):
    """The first hint on the smallest built-in of ``family`` whose cautious run is cut
    after ``cautious`` conflicts (as on a puzzle whose proof of uniqueness is long),
    its asks, and the puzzle's solution."""
    library = Path(__file__).resolve().parent.parent / "web" / "puzzles" / "nikoli"
    monkeypatch.setattr(hints, "CAUTIOUS_CONFLICTS", cautious)
    if no_trial:
        monkeypatch.setattr(hints.trial, "explain", lambda *a: None)
    for size in ("10x10-1", "10x10-2", "15x15-1", "20x20-1"):
        grid = read.parse((library / f"{family}-{size}.txt").read_text(encoding="utf-8"))
        hints._consequences.clear()
        asprun._controls.clear()
        asks = []
        r = asprun.drive(hints.hint_task(grid, ["?" * grid.width] * grid.height),
                         counting(asprun.solve_native, asks))
        if asks[0][0].mode == "cautious" and not asks[0][1]["exhausted"]:
            (solution,) = aspsolve.solve(grid, 2)["solutions"]
            return grid, r, asks, solution
    raise AssertionError(f"no built-in {family} needs more than {cautious} conflicts")


def hint_agrees(grid, r, solution):
    marks = hints._marks(grid, solution)
    for cell in r["cells"]:
        unit, value = unit_of(grid, cell)
        assert marks.get(unit, False) == value, (r, solution)


@pytest.mark.parametrize("family", ["bag", "heyawake", "masyu", "nurikabe"])
def test_a_hint_past_the_cautious_work_is_proved_and_bounded(family, monkeypatch):
    """Issue 30: the cautious run (every forced unit) is cut at CAUTIOUS_CONFLICTS; the
    hint is then a candidate the checker's trials prove, within counted work."""
    grid, r, asks, solution = bounded_hint(family, monkeypatch)
    assert r["kind"] == "deduction" and r["rules"] and len(r["cells"]) == 1, r
    hint_agrees(grid, r, solution)
    assert sum(a["conflicts"] for _, a in asks) <= \
        1 + hints.PROOF_CANDIDATES * hints.PROOF_CONFLICTS, asks


@pytest.mark.parametrize("family", ["heyawake", "nurikabe"])
def test_without_a_short_trial_the_hint_is_a_proved_reveal(family, monkeypatch):
    grid, r, asks, solution = bounded_hint(family, monkeypatch, no_trial=True)
    assert r["kind"] == "reveal" and len(r["cells"]) == 1, r
    assert "too long to show" in r["explanation"]
    hint_agrees(grid, r, solution)
    assert len(asks) <= 1 + hints.PROOF_CANDIDATES
    assert all(a.limit is not None for a, _ in asks)  # every ask's work is bounded


def test_with_no_proof_within_the_work_no_hint_is_claimed(monkeypatch):
    monkeypatch.setattr(hints, "PROOF_CONFLICTS", 1)
    grid, r, asks, solution = bounded_hint("nurikabe", monkeypatch, no_trial=True)
    if r["kind"] == "reveal":  # a proof within one conflict is a proof
        hint_agrees(grid, r, solution)
    else:
        assert r["kind"] == "none" and not r["cells"] and "within the work" in r["explanation"]
    assert len(asks) <= 1 + hints.PROOF_CANDIDATES


@pytest.mark.parametrize("family", ["nurikabe", "bag"])
def test_numbered_cells_sent_unshaded_are_not_the_players_marks(family):
    # the page sends Nurikabe's and Bag's numbered cells as '.' (given unshaded): a hint on
    # an otherwise empty grid must not credit the player with marks they never made
    grid = url.read_url(EXAMPLES[family])
    state = [["?"] * grid.width for _ in range(grid.height)]
    for x, y in grid.clues:
        state[y][x] = "."
    r = hints.hint(grid, ["".join(row) for row in state])
    assert r["kind"] == "deduction", r
    assert "your" not in r["explanation"] and r["because"] == [], r


def test_a_deduction_names_the_players_marks_it_stands_on():
    # it said "(with your 1 mark shown)": beside a numbered cell, a mark "1"
    grid = read.parse("https://puzz.link/p?heyawake/10/10/dsrpnin5e4ophrjn3eo70k7go7vvs03v1ku8l1n11l0i2k", "url")
    state = [["?"] * 10 for _ in range(10)]
    state[4][7] = "#"                                   # row 5, column 8 shaded: its neighbour is not
    r = hints.hint(grid, ["".join(row) for row in state])
    assert r["kind"] == "deduction" and r["because"] == [{"row": 5, "column": 8, "value": "#"}], r
    assert r["explanation"].endswith(" (given your mark at row 5 column 8)."), r["explanation"]


@pytest.mark.parametrize("bounded", [False, True])
def test_a_masyu_deduction_rests_on_the_lines_drawn_not_the_sides_they_leave_empty(bounded, monkeypatch):
    """A 40x40 Masyu with lines of its solution drawn: a deduction's reasons ("given your
    marks ...", outlined) named the empty sides of cells holding two lines, which the player
    never marked, as the player's marks; now the lines that leave them empty. ``bounded``:
    the hint search cut short at once, as on boards too big for it (_bounded: the checker's
    trials alone)."""
    if bounded:
        monkeypatch.setattr(hints, "CAUTIOUS_CONFLICTS", 1)
    bench = Path(__file__).parents[1] / "bench/nikoli-instances/noqx-set.txt"
    grid = url.read_url(next(ln for ln in bench.read_text().splitlines() if "mashu/40/40" in ln).split()[0])
    (solution,) = aspsolve.solve(grid, 2)["solutions"]
    rng, seen = random.Random(5), 0
    for _ in range(10):
        rows = [["?"] * grid.width for _ in range(grid.height)]
        for _ in range(rng.randint(20, 300)):
            x, y = rng.randrange(grid.width), rng.randrange(grid.height)
            rows[y][x] = solution[y][x] if solution[y][x] != "." else "?"
        state = ["".join(r) for r in rows]
        r = hints.hint(grid, state)
        assert r["kind"] == "deduction", r
        drawn = hints._marks(grid, state)
        for c in r["because"]:
            assert c["value"] == "line" and drawn.get(unit_of(grid, c)[0]) is True, (state, r)
        seen += bool(r["because"])
    assert seen >= 2
