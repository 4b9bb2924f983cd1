"""Cells a puzzle shows at the start ("givens"), as the site's files carry them: read by
every format the site writes them into, written back by convert, and honoured by check,
solve, the editor's rating and the batch (a maker's puzzle unique with them is unique)."""
import csv
import io
import json
from contextlib import redirect_stdout

import pytest

from pysolver import api
from pysolver.app import cli
from pysolver.nonogram import formats
from pysolver.nonogram.formats import givens, jsonfmt

# a 10x10 with at least 20 solutions; the Fix panel's advice: show these two cells
GOAL = ["..........", ".##....##.", ".##....##.", "..........", "....##....",
        "....##....", ".#......#.", "..#....#..", "...####...", ".........."]
SHOWN = [{"row": 8, "column": 3}, {"row": 8, "column": 8}]


def smile(shown=SHOWN):
    p = jsonfmt.from_dict({"goal": GOAL, "title": "Smile"})
    p.givens = list(shown)
    return p


def cli_run(*argv):
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main([str(a) for a in argv])
    return code, out.getvalue()


@pytest.mark.parametrize("fmt", ["json", "non", "xml"])
def test_givens_are_written_and_read_in_every_format_the_site_writes(fmt):
    text = formats.dump(smile(), fmt)
    (p,) = formats.parse(text, f"smile.{fmt}")
    assert p.givens == SHOWN and p.rows == smile().rows
    assert formats.dump(jsonfmt.from_dict({"goal": GOAL}), fmt).count("givens") == 0


def test_the_readers_take_what_the_page_takes():
    # as readGivens: well-formed entries only, a one-character value kept, the first of a bundle
    text = 'width 1\nheight 1\nrows\n1\ncolumns\n1\ngivens [{"row":1,"column":1,"value":"#"},' \
           '{"row":"x","column":1},7,{"row":2,"column":2,"value":"ab"}]\n'
    assert givens.read(text) == [{"row": 1, "column": 1, "value": "#"}, {"row": 2, "column": 2}]
    assert givens.read("width 1\n====\ngivens [{\"row\":1,\"column\":1}]\n") == []
    assert givens.read('<puzzleset><puzzle><givens>[{&quot;row&quot;:1,&quot;column&quot;:2}]'
                       '</givens></puzzle></puzzleset>') == [{"row": 1, "column": 2}]
    assert givens.read('[{"givens": [{"row": 1, "column": 1}]}]') == []  # a list: none
    assert givens.read("givens not json") == []
    # a cell outside the grid, or with no value and no goal, is skipped
    p = smile([{"row": 99, "column": 1}, {"row": 1, "column": 1}])
    assert givens.state(p, p.givens)[0] == "." + "?" * 9
    bare = jsonfmt.from_dict({"rows": [[1]], "columns": [[1]]})
    assert givens.state(bare, [{"row": 1, "column": 1}]) is None
    assert givens.state(bare, [{"row": 1, "column": 1, "value": "x"}]) == ["#"]


def test_check_solve_and_fix_count_the_shown_cells(tmp_path):
    path = tmp_path / "smile.non"
    path.write_text(formats.dump(smile(), "non"))
    code, out = cli_run("check", path)
    assert code == 0 and out.splitlines()[0] == f"{path} shows 2 cells at the start: they count as known"
    assert ": line, unique," in out.splitlines()[1]
    code, out = cli_run("solve", path, "--json")
    assert code == 0 and json.loads(out)["status"] == "unique"
    bare = tmp_path / "bare.non"
    bare.write_text(formats.dump(smile([]), "non"))
    code, out = cli_run("check", bare)
    assert code == 0 and "not unique" in out and "shows" not in out
    code, out = cli_run("convert", path, "--to", "json")
    assert json.loads(out)["givens"] == SHOWN


def test_the_editors_rating_walks_from_the_shown_cells():
    """It walked from the empty grid, where the puzzle is not unique: 4 stars, 39 minutes."""
    d = jsonfmt.to_dict(smile([]))
    r = api.task("nonogram", "analyse", {"puzzle": d, "givens": SHOWN, "rate": True})["result"]
    assert r["status"] == "unique" and r["classification"] == "line"
    assert r["stars"] <= 2 and r["minutes"] < 15


def test_a_batch_checks_a_puzzle_with_its_shown_cells(tmp_path):
    folder = tmp_path / "f"
    folder.mkdir()
    (folder / "shown.json").write_text(formats.dump(smile(), "json"))
    (folder / "bare.json").write_text(formats.dump(smile([]), "json"))
    db = tmp_path / "r.sqlite"
    code, text = cli_run("batch", folder, "--db", db)
    assert code == 0 and "2 distinct" in text
    code, text = cli_run("report", db, "--csv", "-")
    got = {r["file"].rsplit("/", 1)[-1]: r["status"] for r in csv.DictReader(io.StringIO(text))}
    assert got == {"shown.json": "unique", "bare.json": "multiple"}


def test_convert_keeps_the_shown_cells_or_refuses(tmp_path, capsys):
    # .nin and the clingo facts dropped them: the unique puzzle came out with 20 solutions
    path = tmp_path / "smile.non"
    path.write_text(formats.dump(smile(), "non"))
    code, out = cli_run("convert", path, "--to", "nin")
    assert code == 2 and out == ""
    assert capsys.readouterr().err == (
        f"pysolver: {path}: a .nin file cannot hold the 2 cells this puzzle shows at the start, "
        "and without them it may have other solutions (non, xml and json hold them)\n")
    code, out = cli_run("convert", path, "--to", "asp")
    # row 8, columns 3 and 8 are filled: colour 0 (empty) is ruled out there
    assert code == 0 and "no(2,7,0)." in out and "no(7,7,0)." in out
    bare = tmp_path / "bare.non"
    bare.write_text(formats.dump(smile([]), "non"))
    assert cli_run("convert", bare, "--to", "nin")[0] == 0
    assert "no(" not in cli_run("convert", bare, "--to", "asp")[1]


@pytest.mark.parametrize("flag", [["--to", "non"], ["--to", "xml"], ["--json"]])
def test_clues_keep_the_shown_cells(tmp_path, flag):
    # the clues of a maker's picture came out without its shown cells: 20 solutions
    path = tmp_path / "smile.json"
    path.write_text(formats.dump(smile(), "json"))
    code, out = cli_run("clues", path, *flag)
    (p,) = formats.parse(out)
    assert code == 0 and p.givens == SHOWN and p.rows == smile().rows
