"""Issue 29: fuzzing the Nikoli readers (puzz.link URLs and the text format): random
bodies, sizes, digits and Unicode give a grid within the size policy, or a
PuzzleError (one line on the command line), never another exception; small grids
read go on to a verdict. The work is bounded by the caps (checked before a grid is
built), not by the clock: hypothesis's deadline is only a safety net for a hang."""
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysolver import limits
from pysolver.nikoli import aspsolve, model, read, url
from pysolver.errors import PuzzleError

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 300)), deadline=20000,
                derandomize=not os.environ.get("FUZZ_EXAMPLES"),
                suppress_health_check=[HealthCheck.too_slow])
PIDS = ("nurikabe", "cave", "bag", "mashu", "masyu", "heyawake", "heyawacky", "sudoku", "")
HOSTS = ("https://puzz.link/p?", "http://pzv.jp/p.html?", "http://localhost:8080/p.html?",
         "puzz.link/p?", "https://x.example/p?")
NUMBER = st.one_of(st.integers(0, 60).map(str), st.integers(0, 10 ** 12).map(str),
                   st.sampled_from(["", "0", "00007", "9" * 5000, "\u00b2", "\u0663", "-1",
                                    "v:", "v:x", "1e3", " 5"]))
BODY_CHARS = "0123456789abcdefghijklmnopqrstuvwxyz.-+=%@*$/?_ABCZ\u00b2\u00e9\u4e00\x00"


def within_caps(grid):
    assert 1 <= grid.width and 1 <= grid.height
    assert grid.width * grid.height <= limits.MAX_NIKOLI_CELLS
    assert all(n <= limits.MAX_NIKOLI_CLUE for n in grid.clues.values())
    assert all(0 <= x < grid.width and 0 <= y < grid.height for x, y in grid.clues)


def verdict(grid):
    """Small grids are solved: a status, never an exception."""
    if grid.width * grid.height <= 36:
        assert aspsolve.solve(grid, 2, timeout=30)["status"] in (
            "unique", "multiple", "none", "timeout")


def reading(text):
    try:
        grid = read.parse(text, "fuzz")
    except PuzzleError as e:
        assert str(e) and "\n" not in str(e)
        return None
    within_caps(grid)
    return grid


@FUZZ
@given(st.sampled_from(HOSTS), st.sampled_from(PIDS), NUMBER, NUMBER,
       st.text(BODY_CHARS, max_size=80))
def test_random_urls(host, pid, w, h, body):
    grid = reading(f"{host}{pid}/{w}/{h}/{body}")
    if grid is not None:
        assert url.read_url(url.write_url(grid)).clues == grid.clues  # its own export reads
        pytest.importorskip("clingo")
        verdict(grid)


@FUZZ
@given(st.sampled_from(["nurikabe", "bag", "masyu", "heyawake", "cave", "x"]), NUMBER, NUMBER,
       st.lists(st.lists(st.one_of(st.sampled_from([".", "?", "w", "b", "a", "a:1", "b:?", ":",
                                                    "\u00b2", "a:\u0663", "9" * 30]),
                                   st.integers(0, 10 ** 7).map(str), st.text(max_size=4)),
                         max_size=7), max_size=7))
def test_random_text(family, w, h, rows):
    text = f"{family} {w}x{h}\n" + "\n".join(" ".join(r) for r in rows) + "\n"
    grid = reading(text)
    if grid is not None:
        assert model.parse_text(model.to_text(grid)).clues == grid.clues
        pytest.importorskip("clingo")
        verdict(grid)


@FUZZ
@given(st.text(max_size=200))
def test_random_text_anything(text):
    reading(text)
    reading("https://puzz.link/p?" + text)
