"""The Nikoli rule checker (pysolver.nikoli.rules): valid grids pass, each rule's break is named."""
import pytest

from pysolver.nikoli import rules, url
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
