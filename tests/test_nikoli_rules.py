"""The Nikoli rule checker (pysolver.nikoli.rules): valid grids pass, each rule's break is named."""
import re

import pytest

from pysolver.nikoli import families, rules, url
from test_nikoli_formats import EXAMPLES

# the solutions of pzprjs's examples (its test/script/*.js, "null" failchecks)
SOLVED = {
    "nurikabe": ["..###", ".#..#", ".####", ".#.#.", "###.."],
    "heyawake": ["#.#..#", "...#..", "#.#.#.", "......", ".#.#.#", "..#..."],
    "bag": ["#...##", "###.##", "#.#..#", "......", ".#..##", ".##..#"],
    "masyu": ["┌──┐┌┐", "│┌─┘││", "││┌─┘│", "│└┘┌─┘", "└─┐│..", "..└┘.."],
}

# one hand-made invalid grid per rule: (family, rows, rule); most are pzprjs's failchecks
BROKEN = [
    ("nurikabe", [".####", ".#..#", ".####", ".#.#.", "###.."], "N1"),
    ("nurikabe", ["#.###", ".#..#", ".####", ".#.#.", "###.."], "N2"),
    ("nurikabe", [".....", ".....", "##...", "##...", "....."], "N8"),
    ("nurikabe", ["..###", ".#..#", ".####", "...#.", "..#.."], "N6"),
    ("nurikabe", ["..###", ".#..#", ".####", ".###.", ".##.."], "N4"),
    ("nurikabe", ["..###", ".#..#", "..###", "...#.", "#...."], "N7"),
    ("heyawake", ["......", "......", "......", "......", ".#....", ".#...."], "H1"),
    ("heyawake", ["#.#...", "...#..", "#.#...", ".#....", "......", "......"], "H2"),
    ("heyawake", ["#.....", "...#..", "#.#.#.", ".#....", "......", "......"], "H3"),
    ("heyawake", ["#.#..#", "...#..", "#.#.#.", "......", "#.#.#.", "......"], "H5"),
    ("bag", ["#...##", "##..##", "#.#..#", "......", ".#..##", ".##..#"], "B1"),
    ("bag", ["#...#.", "###.##", "#.#..#", "......", ".#..##", ".##..#"], "B1"),
    ("bag", ["##..##", "###.##", "#.#..#", "......", ".#..##", ".##..#"], "B2"),
    ("bag", ["#....#", "###.##", "#.#..#", "......", ".#..##", ".##..#"], "B3"),
    ("masyu", ["┌──┐┌┐", "│┌─┘││", "││┌─┘│", "│└┘┌─┘", "└─┐│..", "..└╴.."], "M1"),
    ("masyu", ["┌──┐┌┐", "│┌─┘││", "││┌─┘│", "│└┘┌─┘", "└─┐│┌┐", "..└┘└┘"], "M1"),
    ("masyu", ["┌─┐┌┐.", "│┌┘││.", "││┌┘└┐", "│└┘┌─┘", "└─┐│..", "..└┘.."], "M2"),
    ("masyu", ["┌──┐┌┐", "└┐┌┘││", "┌┘│┌┘│", "│┌┘│┌┘", "└┘.└┘.", "......"], "M3"),
]


@pytest.mark.parametrize("family", sorted(SOLVED))
def test_solutions_pass(family):
    g = url.read_url(EXAMPLES[family])
    assert rules.violations(g, SOLVED[family]) == []
    assert rules.violations(g, ["?" * g.width] * g.height) == []


@pytest.mark.parametrize("family, rows, rule", BROKEN)
def test_each_rule_named(family, rows, rule):
    g = url.read_url(EXAMPLES[family])
    found = rules.violations(g, rows)
    assert rule in {v["rule"] for v in found}, found
    v = next(v for v in found if v["rule"] == rule)
    assert v["message"] and all(1 <= r <= g.height and 1 <= c <= g.width for r, c in v["cells"])


def test_partial_grid_reports_only_certain_breaks():
    g = url.read_url(EXAMPLES["nurikabe"])
    assert rules.violations(g, ["?????", "?????", "##???", "##???", "?????"])[0]["rule"] == "N8"
    assert rules.violations(g, ["?.???", "?????", "?????", "?????", "?????"]) == []


def test_bad_grid_text():
    g = url.read_url(EXAMPLES["bag"])
    with pytest.raises(rules.NikoliError, match="row 2 has 5 cells"):
        rules.violations(g, ["......", ".....", "......", "......", "......", "......"])


@pytest.mark.parametrize("family", sorted(SOLVED))
def test_partial_solutions_break_no_rule(family):
    """Sound on partial grids: a grid that some solution completes breaks nothing
    (every solution of small instances, cells forgotten at random)."""
    import random
    pytest.importorskip("clingo")
    from pysolver.nikoli import aspsolve
    from test_nikoli_solve import small_instances
    rng = random.Random(family)
    for g in list(small_instances(family, 8)) + [url.read_url(EXAMPLES[family])]:
        for sol in aspsolve.solve(g, 0)["solutions"]:
            for share in (0.2, 0.5, 0.8):
                rows = ["".join(ch if rng.random() < share else "?" for ch in r) for r in sol]
                assert rules.violations(g, rows) == [], (url.write_url(g), rows)


def test_bag_partial_cuts_and_holes():
    """B1 on a partial grid: inside cells that no way through undecided cells joins,
    and an outside cell that no way through them takes to the edge (clues of the
    example at x, y: (1, 0), (1, 2), (4, 2), (3, 3), (2, 4), (0, 5), (4, 5))."""
    g = url.read_url(EXAMPLES["bag"])
    assert rules.violations(g, ["?????#", "??#??#", "??????", "???.??", "??????", "??????"]) == []
    split = ["?.#???", "?#????", "#?????", "???.??", "??????", "??????"]
    (v,) = [b for b in rules.violations(g, split) if b["rule"] == "B1"]
    assert sorted(v["cells"]) == [[1, 2], [1, 3], [2, 2], [3, 1], [4, 4]], v  # inside + the cut
    hole = ["??????", "?...??", "?.#.??", "?...??", "??????", "??????"]
    (v,) = [b for b in rules.violations(g, hole) if b["rule"] == "B1"]
    assert [3, 3] in v["cells"] and [2, 3] in v["cells"] and [1, 1] not in v["cells"], v


URL = "https://puzz.link/p?nurikabe/3/3/g5h"


@pytest.mark.parametrize("task, state, message", [
    ("check", 0, "the state must be a list of rows, not int"),
    ("check", "...\n...\n...", "the state must be a list of rows, not str"),
    ("check", [".?.", None, "..."], "row 2 of the state is not text but NoneType"),
    ("hint", [".?.", None, "..."], "row 2 of the state is not text but NoneType"),
    ("hint", 0, "the state has no rows, expected 3"),
])
def test_states_that_are_not_row_strings_are_refused(task, state, message):
    """A JSON state from the page or the API: one line, before any clingo call."""
    from pysolver import api
    from pysolver.errors import PuzzleError
    with pytest.raises(PuzzleError) as e:
        api.task("nurikabe", task, {"puzzle": URL, "state": state})
    assert str(e.value) == message


@pytest.mark.parametrize("cap, message", [
    ("ten", "not str"), ([2], "not list"), (True, "not True"), (-1, "not -1"),
    (10 ** 30, "not 1" + "0" * 19), (float("nan"), "not nan"), (float("inf"), "not inf")])
def test_solve_cap_must_be_a_whole_number(cap, message):
    from pysolver import api
    from pysolver.errors import PuzzleError
    with pytest.raises(PuzzleError) as e:
        api.task("nurikabe", "solve", {"puzzle": URL, "max_solutions": cap})
    assert str(e.value) == ("max_solutions must be a whole number from 0 (every solution) "
                            f"to 999999999, {message}")
    assert "ask" in api.task("nurikabe", "solve", {"puzzle": URL, "max_solutions": 10.0})


def test_a_line_still_growing_from_a_black_pearl_breaks_no_rule():
    """The page sends a cell with one line as a half line (its other sides may still come):
    the black pearl's line after a hint's first step (the pearl and its neighbour's half
    line) was called "not turned on with straight lines after it"."""
    g = url.read_url(EXAMPLES["masyu"])                  # a black pearl at row 2, column 2
    growing = ["??????", "?┌╴???", "?╵????", "??????", "??????", "??????"]
    assert rules.violations(g, growing) == []
    turned = ["??????", "?┌┘???", "?╵????", "??????", "??????", "??????"]   # turned right after it
    assert [v["rule"] for v in rules.violations(g, turned)] == ["M3"]
    # a whole grid still judges a half line as an end
    whole = [r.replace("?", ".") for r in growing]
    assert "M3" in {v["rule"] for v in rules.violations(g, whole)}


@pytest.mark.parametrize("name", sorted(families.FAMILIES))
def test_the_players_words_are_the_rules_own(name):
    """What Check and Hint say of a broken rule speaks as the rules shown to the player do:
    "unshaded", not "white cells"; "2×2", not "2x2"."""
    fam = families.FAMILIES[name]
    said = [*fam.messages.values(), *fam.words.values()]
    rules_text = " ".join(fam.rules)
    for text in said:
        assert not re.search(r"\dx\d", text), (name, text)
        for word in ("white cell", "black cell"):
            assert word not in text or word in rules_text, (name, text)
