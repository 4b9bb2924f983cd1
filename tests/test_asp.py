"""The answer-set route against pysolver and against exhaustive enumeration.

Native clingo runs both encodings (encodings/nonogram.lp and the seed-style
baseline); verdicts, solution sets and counts must match the
brute force of test_crosscheck on small random puzzles (black-and-white and
colour, with several solutions or none), and pysolver's search on larger random
puzzles and on the corpus. Tests that need clingo skip when it is not installed.
"""
import random
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from pysolver.nonogram import asp
from pysolver.asp.run import ClingoMissing
from pysolver.nonogram.formats import parse
from pysolver.nonogram.solver.arrangements import extremes
from pysolver.nonogram.puzzle import Puzzle, clues_from_grid, grid_from_rows, satisfies
from pysolver.nonogram.solver.search import solve
from test_crosscheck import COLOURS, brute_count, random_puzzles

ROOT = Path(__file__).resolve().parent.parent
CAP = 4

try:
    import clingo  # noqa: F401
    HAVE_CLINGO = True
except ImportError:
    HAVE_CLINGO = False
needs_clingo = pytest.mark.skipif(not HAVE_CLINGO, reason="the clingo module is not installed")


def verdict(n):
    return "none" if n == 0 else "unique" if n == 1 else "multiple"


def grids(puzzle, res):
    out = [grid_from_rows(puzzle, rows) for rows in res["solutions"]]
    for g in out:
        assert satisfies(puzzle, g), res
    return out


# --- facts and encodings (no clingo needed) ---

def test_clue_ranges_are_the_unconstrained_extremes():
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(1, 12)
        line = [rng.choice([0, 0, 1, 2, 3]) for _ in range(n)]
        clue = clues_from_grid([line])[0][0]
        left, right = extremes(clue, (15,) * n)
        assert asp.clue_ranges(clue, n) == list(zip(left, right)), (clue, n)


def test_facts_name_every_block_and_known_cell():
    p = Puzzle(rows=[((2, 1),), ()], cols=[((1, 1),), ((1, 1),), ()])
    text = asp.facts(p)
    assert "clue(r(0),1,2,1). range(r(0),1,0,1)." in text
    assert "clue(c(2)" not in text and "no(" not in text
    known = [3, 3, 1, 3, 3, 3]  # cell (2, 0) known empty
    text = asp.facts(p, known)
    assert "no(2,0,1)." in text and "range(r(0),1,0,0)." in text
    with pytest.raises(asp.PuzzleError, match="expected 6 masks"):
        asp.facts(p, [3])


def test_program_is_encoding_plus_facts():
    p = Puzzle(rows=[((1, 1),)], cols=[((1, 1),)])
    prog = asp.program(p)
    assert prog.startswith(asp.encoding("nonogram")) and prog.endswith(asp.facts(p))
    with pytest.raises(asp.PuzzleError, match="unknown ASP encoding"):
        asp.encoding("nope")


def test_decode_reads_symbols_or_text():
    p = Puzzle(rows=[((1, 1),), ((1, 2),)], cols=[((1, 1), (1, 2))], colors=COLOURS[:3])
    assert asp.decode(["paint(0,0,1)", "paint(0, 1, 2)", "other(1)"], p) == [[1], [2]]


def test_missing_clingo_gives_a_clear_error(monkeypatch):
    monkeypatch.setitem(sys.modules, "clingo", None)
    p = Puzzle(rows=[((1, 1),)], cols=[((1, 1),)])
    with pytest.raises(ClingoMissing, match=r"pip install 'pysolver\[asp\]'"):
        asp.solve_native(p)


@pytest.mark.slow
def test_wheel_contains_the_encodings(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w",
                    str(tmp_path), str(ROOT)], check=True, capture_output=True)
    wheel = next(tmp_path.glob("pysolver-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    for name in asp.ENCODINGS:
        assert f"pysolver/encodings/{name}.lp" in names


# --- clingo against enumeration and search ---

@needs_clingo
@pytest.mark.parametrize("enc", asp.ENCODINGS)
@pytest.mark.parametrize("chunk", range(2))
def test_counts_match_enumeration(enc, chunk):
    kinds = {0: 0, 1: 0, "many": 0}
    for p in random_puzzles(4000 + chunk, 60):
        truth = brute_count(p, CAP)
        res = asp.solve_native(p, CAP, encoding_name=enc)
        got = grids(p, res)
        if len(truth) < CAP:
            assert sorted(map(str, got)) == sorted(map(str, truth)), p
            assert res["stats"]["exhausted"]
        else:
            assert len(set(map(str, got))) == CAP
        two = asp.solve_native(p, 2, encoding_name=enc)
        assert two["status"] == verdict(len(truth)), p
        kinds[len(truth) if len(truth) < 2 else "many"] += 1
    assert all(kinds.values()), kinds


@needs_clingo
def test_known_cells_restrict_the_solutions():
    # a 2x2 with two solutions (the diagonals): fixing one cell leaves one
    p = Puzzle(rows=[((1, 1),), ((1, 1),)], cols=[((1, 1),), ((1, 1),)])
    assert asp.solve_native(p)["status"] == "multiple"
    res = asp.solve_native(p, known=[2, 3, 3, 3])
    assert res["status"] == "unique" and res["solutions"] == [["#.", ".#"]]
    assert asp.solve_native(p, known=[2, 2, 3, 3])["status"] == "none"


def larger_random(seed, count):
    rng = random.Random(seed)
    for i in range(count):
        w, h = rng.randint(8, 14), rng.randint(8, 14)
        ncol = rng.choice([2, 2, 3, 4])
        dens = rng.choice([0.35, 0.5, 0.65])
        grid = [[rng.randint(1, ncol - 1) if rng.random() < dens else 0 for _ in range(w)]
                for _ in range(h)]
        rows, cols = clues_from_grid(grid)
        yield Puzzle(rows=list(rows), cols=list(cols), colors=COLOURS[:ncol])


@needs_clingo
def test_larger_random_puzzles_agree_with_search():
    seen = set()
    for p in larger_random(4200, 40):
        ref = solve(p, 2, timeout=20)
        if ref.status == "timeout":
            continue
        res = asp.solve_native(p, 2, 20)
        assert res["status"] == ref.status, p
        assert len(grids(p, res)) == len(ref.solutions)
        seen.add(ref.status)
    assert seen == {"unique", "multiple"}


@needs_clingo
def test_timeout_is_reported():
    # 30x30 random, low density: many solutions and hard to enumerate fully
    rng = random.Random(5)
    grid = [[int(rng.random() < 0.3) for _ in range(30)] for _ in range(30)]
    rows, cols = clues_from_grid(grid)
    p = Puzzle(rows=list(rows), cols=list(cols))
    res = asp.solve_native(p, 0, timeout=0.3)
    assert res["status"] in ("timeout", "multiple") and not res["stats"]["exhausted"]
    assert res["time_s"] < 5


# --- the corpus ---

def corpus(puzzles_dir, pattern, step=1, limit=None):
    files = sorted(puzzles_dir.glob(pattern))[::step]
    out = []
    for f in files:
        for p in parse(f.read_text(encoding="utf-8"), f.name):
            out.append((f.name, p))
    return out[:limit] if limit else out


# (pattern, every k-th file, first n puzzles). By default test_corpus.py::test_solve_sample
# compares clingo with pysolver on its sample (all of webpbn and nonogram-db, every 3rd
# jwilk, every 10th NonoDataset board), each puzzle solved once by each engine; the
# slow tests add the wider sample, all of jwilk and every 3rd NonoDataset board
CORPUS = [pytest.param("jwilk/*.nin", 1, None, id="jwilk-all", marks=pytest.mark.slow),
          pytest.param("nonodataset/*/*.non", 3, None, id="nonodataset", marks=pytest.mark.slow),
          pytest.param("taai/taai2011-question.txt", 1, 10, id="taai")]


@needs_clingo
@pytest.mark.parametrize("pattern,step,limit", CORPUS)
def test_corpus_agrees_with_search(puzzles_dir, pattern, step, limit):
    checked = 0
    for name, p in corpus(puzzles_dir, pattern, step, limit):
        res = asp.solve_native(p, 2, timeout=4)
        if res["status"] == "timeout":  # e.g. Knotty: neither engine settles it here
            continue
        ref = solve(p, 2, timeout=8)
        if ref.status == "timeout":
            continue
        assert res["status"] == ref.status, name
        got = grids(p, res)
        if p.goal is not None and res["status"] == "unique":
            assert got == [grid_from_rows(p, p.goal)], name
        checked += 1
    assert checked > 0


def test_titles_cannot_inject_rules():
    p = Puzzle(rows=[((1, 1),)], cols=[((1, 1),)], title="x\n:- clue(_,_,_,_).\n")
    lines = asp.facts(p).splitlines()
    assert lines[0].startswith("% x :- clue") and all(not ln.startswith(":-") for ln in lines)
