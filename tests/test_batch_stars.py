"""A batch rates every genre's unique puzzles in stars (pysolver.stars), the one scale its
reports show and filter by; a database made before the stars is read, then rated by a re-run."""
import csv
import io
import json
import shutil
import sqlite3
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from pysolver import api, stars
from pysolver.app import cli, report, report_page
from pysolver.nonogram.walk import walk

ROOT = Path(__file__).resolve().parent.parent
NIKOLI = ROOT / "web" / "puzzles" / "nikoli" / "nurikabe-7x7-1.txt"
PICTURE = ["#####", "#...#", "#.#.#", "#...#", "#####"]  # one solution, line by line


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main([str(a) for a in argv])
    return code, out.getvalue(), err.getvalue()


def mixed(folder: Path) -> Path:
    """A nonogram and a Nikoli puzzle with one solution each, and a nonogram with two."""
    folder.mkdir()
    (folder / "frame.json").write_text(json.dumps(api.clues_from_grid(PICTURE, title="Frame")))
    (folder / "two.json").write_text(json.dumps(api.clues_from_grid(["#.", ".#"], title="Two")))
    shutil.copy(NIKOLI, folder / NIKOLI.name)
    return folder


def table(db) -> dict:
    code, text, _ = run_cli("report", db, "--csv", "-")
    assert code == 0
    return {Path(r["file"]).name: r for r in csv.DictReader(io.StringIO(text))}


def test_a_mixed_batch_rates_both_genres_in_stars(tmp_path):
    pytest.importorskip("clingo")
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", mixed(tmp_path / "c"), "--db", db, "--jobs", "1")[0] == 0
    rows = table(db)
    frame, nikoli, two = rows["frame.json"], rows[NIKOLI.name], rows["two.json"]
    # each genre's own measure stays: a nonogram's score, a Nikoli puzzle's word
    assert float(frame["difficulty"]) < 2 and nikoli["difficulty"] in stars.LEVELS
    for row in (frame, nikoli):
        assert row["status"] == "unique" and row["stars"] in "12345" and row["stars"]
        assert float(row["minutes"]) > 0 and row["stars_at_least"] == "False"
    assert int(frame["stars"]) == 1  # a 5x5 line puzzle
    assert two["status"] == "multiple" and two["stars"] == two["minutes"] == ""
    entries = {Path(e["file"]).name: e for e in json.loads(run_cli("report", db, "--json", "-")[1])["puzzles"]}
    assert entries[NIKOLI.name]["stars"] == int(nikoli["stars"]) and entries["two.json"]["stars"] is None
    # the page: each row's stars for its filter, the engine's measure in the cell's title
    page = report_page.to_html(report.load(str(db))[0])
    assert f'data-stars="{nikoli["stars"]}"' in page and 'data-stars="1"' in page
    assert f'engine: {nikoli["difficulty"]}' in page
    assert 'name="min"' not in page  # no numeric range that only a nonogram's score could meet


def test_a_database_from_before_the_stars_is_read_then_rated_by_a_rerun(tmp_path):
    folder = tmp_path / "c"
    folder.mkdir()
    (folder / "frame.json").write_text(json.dumps(api.clues_from_grid(PICTURE, title="Frame")))
    db = tmp_path / "r.sqlite"
    assert run_cli("batch", folder, "--db", db, "--jobs", "1")[0] == 0
    con = sqlite3.connect(db)  # as schema 1 wrote it: no stars
    for column in ("stars", "minutes", "stars_at_least"):
        con.execute(f"ALTER TABLE verdicts DROP COLUMN {column}")
    con.execute("UPDATE meta SET value='1' WHERE name='schema'")
    con.commit()
    con.close()
    code, text, err = run_cli("report", db, "--csv", "-", "--html", tmp_path / "r.html")
    assert code == 0 and "1 unique puzzles were checked before the stars" in err
    assert next(csv.DictReader(io.StringIO(text)))["stars"] == ""
    assert "run pysolver batch on them again" in (tmp_path / "r.html").read_text()
    code, out, _ = run_cli("batch", folder, "--db", db, "--jobs", "1")
    assert code == 0 and "checked 1 now (1 unique)" in out
    assert table(db)["frame.json"]["stars"] == "1"
    assert "checked 0 now" in run_cli("batch", folder, "--db", db, "--jobs", "1")[1]  # rated once


def test_a_nonogram_walk_stopped_by_its_caller_gives_a_lower_bound():
    p = api.to_puzzle(api.clues_from_grid(PICTURE))
    full = walk(p)
    cut = walk(p, stop=lambda: True)
    assert full["end"] == "solved" and cut["end"] == "stopped" and not cut["finished"]
    assert stars.at_least(cut) and not stars.at_least(full)
    assert stars.nonogram(5, 5, cut) <= stars.nonogram(5, 5, full)  # counted, not "needs a guess"


def test_the_difficulty_cell_says_a_lower_bound_and_long_efforts_in_hours():
    cell = report_page._difficulty({"stars": 3, "minutes": 26.1, "stars_at_least": True, "difficulty": "hard"})
    assert 'aria-label="at least 3 of 5 stars"' in cell and "<small>at least 26 minutes</small>" in cell
    assert 'title="at least 26 minutes; engine: hard"' in cell
    assert "about 12 hours" in report_page._difficulty({"stars": 5, "minutes": 745.0, "stars_at_least": False,
                                                   "difficulty": 3.5})
    unrated = report_page._difficulty({"stars": None, "difficulty": "<b>"})
    assert "not rated" in unrated and "&lt;b&gt;" in unrated and "<b>" not in unrated
