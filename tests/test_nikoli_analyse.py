"""The Nikoli families' `analyse` task (the Create frame's Check): unique? and how hard, as the
generator labels its puzzles; native clingo answers the asks here, clingo-wasm in the page."""
import pytest

from pysolver import registry
from pysolver.asp.tasks import run_native
from pysolver.nikoli import aspsolve, genre, read, rules

pytest.importorskip("clingo")


def analyse(url):
    return run_native(genre.analyse(url))


def test_a_unique_puzzle_gets_the_generators_label_and_stars():
    url = "https://puzz.link/p?nurikabe/7/7/1j1i1g1i1g3h2v3g1g1m"
    res = analyse(url)
    assert res["status"] == "unique" and res["count"] == 1
    assert res["difficulty"] == aspsolve.difficulty("nurikabe", 7, 7, res["conflicts"])
    assert 1 <= res["stars"] <= 5


def test_no_solution_and_several_have_no_label():
    none = analyse("https://puzz.link/p?nurikabe/3/3/g")      # a lone 0... no island fits
    two = analyse("https://puzz.link/p?nurikabe/3/3/4")       # one 4 in a corner: many islands
    assert none["status"] == "none" and "difficulty" not in none
    assert two["status"] == "multiple" and two["count"] == 2 and "difficulty" not in two
    # two of its solutions, as rows (Create draws the other one and where they differ)
    a, b = two["solutions"]
    grid = read.parse("https://puzz.link/p?nurikabe/3/3/4", "url")
    assert a != b and not rules.violations(grid, a) and not rules.violations(grid, b)


def test_every_family_registers_it():
    for name in ("nurikabe", "heyawake", "masyu", "bag"):
        assert "analyse" in registry.get(name).tasks


def test_diagnose_says_when_a_puzzle_opened_has_no_solution():
    """Play's question on opening (as a nonogram's): a puzzle no grid solves gets a notice
    in a player's words; a solvable one none, its uniqueness said when settled."""
    none = run_native(genre.diagnose("https://puzz.link/p?nurikabe/3/3/g"))
    assert none["no_solution"] and none["unique"] is False
    assert none["notice"].startswith("This puzzle has no solution") and "clingo" not in none["notice"]
    # a link cut short reads as such a puzzle (the cells past its end empty): the player is told
    assert none["notice"].endswith("A link cut short when it was copied can read like this: "
                                   "check it was copied whole.")
    one = run_native(genre.diagnose("https://puzz.link/p?nurikabe/7/7/1j1i1g1i1g3h2v3g1g1m"))
    assert one == {"no_solution": False, "notice": None, "unique": True}
    assert run_native(genre.diagnose("https://puzz.link/p?nurikabe/3/3/4"))["unique"] is False
    for name in ("nurikabe", "heyawake", "masyu", "bag"):
        assert "diagnose" in registry.get(name).tasks


@pytest.mark.parametrize("url", ["https://puzz.link/p?heyawake/6/6/nvvd",   # cut inside its rooms
                                 "https://puzz.link/p?cave/6/6/"])           # cut before its numbers
def test_diagnose_says_when_an_empty_board_keeps_every_rule(url):
    """A link cut short when copied may leave a board nothing needs doing to (one room with
    no number): Play would call it won before any move; the notice says why instead."""
    res = run_native(genre.diagnose(url))
    assert res["no_solution"] is False and res["notice"] == genre.EMPTY_SOLVES
    assert "cut short" in res["notice"] and "clingo" not in res["notice"]
    # a whole link keeps its quiet opening
    assert run_native(genre.diagnose("https://puzz.link/p?heyawake/6/6/nvvddde07og0n2i"))["notice"] is None


def test_check_counts_up_to_the_count_asked():
    # a 3 in the middle of a 3x3 has 8 solutions; `check --count 10` said "at least 2": the
    # calibrated run stopped at its conflict limit and the full one was not asked to count on
    grid = read.parse("nurikabe 3x3\n. . .\n. 3 .\n. . .\n", "three.txt")
    r = aspsolve.analyse(grid, 10)
    assert r["status"] == "multiple" and r["count"] == 8 and r["count_exact"]
    assert aspsolve.analyse(grid, 2)["count"] == 2
