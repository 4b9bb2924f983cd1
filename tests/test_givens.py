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
from pysolver.errors import PuzzleError
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


# a 2x2 goal "#." / ".#" as .non, JSON and XML, each showing ``listed`` at the start
def non(listed):
    return f'width 2\nheight 2\ngoal "1001"\ngivens {listed}\n'


def as_json(listed):
    return f'{{"goal": ["#.", ".#"], "givens": {listed}}}'


def xml(listed):
    esc = listed.replace("&", "&amp;").replace("<", "&lt;")
    return (f'<puzzleset><puzzle><solution><image>|X.|\n|.X|</image></solution>\n'
            f'<givens>{esc}</givens></puzzle></puzzleset>')


BAD = [  # the givens, and what the error says after its file and line (XML, .non) or key (JSON)
    ('[{"row": 1, "column": 1}', "givens is not valid JSON at character 25: expected ',' between"),
    ('{"row": 1, "column": 1}', "givens must be a list of {row, column} objects"),
    ('[{"row": 1, "column": "1"}]', "givens[0] must be an object with whole-number row and column"),
    ('[7]', "givens[0] must be an object with whole-number row and column"),
    ('[{"row": 1, "column": 1, "colour": "#"}]', "givens[0]: unknown key 'colour' (a given has row, "
     "column and value)"),
    ('[{"row": 1, "column": 3}]', "givens[0]: row 1, column 3 is outside the 2x2 grid"),
    ('[{"row": 0, "column": 1}]', "givens[0]: row 0, column 1 is outside the 2x2 grid"),
    ('[{"row": 1, "column": 1, "value": "r"}]', "givens[0]: row 1, column 1: value 'r' is not one of "
     "this puzzle's (. # X)"),
    ('[{"row": 1, "column": 1, "value": "##"}]', "value '##' is not one of this puzzle's"),
    ('[{"row": 1, "column": 1, "value": "?"}]', "value '?' is not one of this puzzle's"),
    ('[{"row": 1, "column": 1, "value": "."}]', "givens[0]: row 1, column 1 shows '.' but the goal "
     "image has '#' there"),
    ('[{"row": 2, "column": 1}, {"row": 2, "column": 1, "value": "#"}]',
     "givens[1]: row 2, column 1 shows '#' but the goal image has '.' there"),
]


@pytest.mark.parametrize("listed, says", BAD)
def test_malformed_givens_refuse_the_file_saying_where_and_what(listed, says):
    """They were dropped without a word: the puzzle opened without its shown cells (another
    puzzle, perhaps with other solutions) or with only some of them."""
    for text, where in ((non(listed), "p.non: line 4: "), (as_json(listed), "p.json: "),
                        (xml(listed), "p.xml: line 3: ")):
        if where == "p.json: " and "not valid JSON" in says:  # the whole file's JSON, said as such
            where, says = "p.json: line 1, column 58: not valid JSON", "expected ',' between"
        with pytest.raises(PuzzleError) as e:
            formats.parse(text, where.split(":")[0])
        assert str(e.value).startswith(where) and says in str(e.value)


def test_givens_that_disagree_with_each_other_or_have_no_value_to_show_are_refused():
    two_ways = 'width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngivens {}\n'  # no goal
    with pytest.raises(PuzzleError, match=r"^p.non: line 8: givens\[1\]: row 1, column 1 is shown as "
                       r"'\.', but givens\[0\] shows it as '#'$"):
        formats.parse(two_ways.format('[{"row":1,"column":1,"value":"X"},{"row":1,"column":1,"value":"."}]'),
                      "p.non")
    with pytest.raises(PuzzleError, match=r"givens\[0\]: row 1, column 2 has no value, and the puzzle has "
                       "no goal image to take it from"):
        formats.parse(two_ways.format('[{"row":1,"column":2}]'), "p.non")
    with pytest.raises(PuzzleError, match=r"^p.non: line 9: 'givens' is given twice \(first on line 8\)"):
        formats.parse(two_ways.format("[]") + "givens []\n", "p.non")
    with pytest.raises(PuzzleError, match=r"^p.xml: line 4: a second <givens> \(first on line 3\)"):
        formats.parse(xml("[]").replace("</puzzle>", "\n<givens>[]</givens></puzzle>"), "p.xml")
    # agreeing ones are what they say: one cell shown, "X" as filled in black and white
    (p,) = formats.parse(two_ways.format('[{"row":1,"column":1,"value":"X"},{"row":1,"column":1,"value":"#"}]'))
    assert givens.state(p, p.givens) == ["#?"]


def test_each_puzzle_of_a_file_shows_its_own_cells():
    # a bundle's later puzzles lost theirs, and an XML set gave the first puzzle a later one's
    bundle = non('[{"row":1,"column":1}]') + "====\n" + non('[{"row":2,"column":1}]')
    assert [p.givens for p in formats.parse(bundle)] == [[{"row": 1, "column": 1}], [{"row": 2, "column": 1}]]
    one = '<puzzle><solution><image>|X.|\n|.X|</image></solution>{}</puzzle>'
    xml_set = ("<puzzleset>" + one.format("") + one.format('<givens>[{"row":2,"column":2}]</givens>')
               + "</puzzleset>")
    assert [p.givens for p in formats.parse(xml_set)] == [[], [{"row": 2, "column": 2}]]
    json_list = "[" + as_json("[]") + ", " + as_json('[{"row": 2, "column": 2}]') + "]"
    assert [p.givens for p in formats.parse(json_list)] == [[], [{"row": 2, "column": 2}]]
    # a bundle's bad givens name their puzzle
    with pytest.raises(PuzzleError, match=r"^b.non: puzzle 2: line 9: givens\[0\]: row 3, column 1 is outside"):
        formats.parse(bundle.replace('"row":2', '"row":3'), "b.non")


def test_the_page_gets_the_givens_from_the_engines_read():
    out = api.read(as_json('[{"row": 2, "column": 2, "value": "#"}]'), "p.json")
    assert out["puzzles"][0]["givens"] == [{"row": 2, "column": 2, "value": "#"}]
    assert "givens" not in api.read(as_json("[]"), "p.json")["puzzles"][0]


def test_the_cli_names_a_malformed_given(tmp_path, capsys):
    path = tmp_path / "p.non"
    path.write_text(non('[{"row": 9, "column": 1}]'))
    code, out = cli_run("check", path)
    assert code == 2 and out == ""
    assert capsys.readouterr().err == (f"pysolver: {path}: line 4: givens[0]: row 9, column 1 is outside "
                                       "the 2x2 grid\n")


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
