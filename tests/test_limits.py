"""The size policy (pysolver.limits) and the hostile inputs of issue 15: each refused
with one line naming the file and the limit, exit 2, small inputs, no big allocation."""
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pysolver.app import cli
from pysolver.nonogram import formats
from pysolver import limits
from pysolver.errors import PuzzleError

ROOT = Path(__file__).resolve().parent.parent
BIG = "9" * 5000  # past CPython's 4300-digit int() limit


def refused(capsys, argv, *needles):
    code = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    assert code == 2 and err.count("\n") == 1 and err.startswith("pysolver"), (code, err)
    assert "internal error" not in err and "Traceback" not in err
    for n in needles:
        assert n in err, err
    return err


def colours(k):
    """A 1 x k puzzle, each cell another of k colours."""
    chars = [chr(0x4e00 + i) for i in range(k)]
    return json.dumps({"colors": [{"name": "white", "char": ".", "rgb": "FFFFFF"}] + [
        {"name": f"c{i}", "char": ch, "rgb": "000000"} for i, ch in enumerate(chars)],
        "rows": [[[1, ch] for ch in chars]], "columns": [[[1, ch]] for ch in chars]})


@pytest.mark.parametrize("name, text, needle", [
    ("empty10k.nin", "10000 10000\n" + "0\n" * 20000, "size 10000 is out of range (1..2000"),
    ("wide.non", "width 2001\nheight 1\nrows\n0\ncolumns\n" + "0\n" * 2001, "size 2001"),
    ("e30k.json", json.dumps({"rows": [[]] * 30000, "columns": [[]] * 30000}),
     "'rows' holds 30000 clues; the limit is 2000"),
    ("cells.json", json.dumps({"rows": [[]] * 2000, "columns": [[]] * 2001}),
     "the limit is 2000 cells a side"),
    ("goal.json", json.dumps({"goal": ["." * 2001]}), "the limit is 2000 cells a side"),
    ("digits.nin", f"3 1\n{BIG}\n1\n1\n1\n", "5000 digits"),
    ("digits.non", f"width {BIG}\nheight 1\nrows\n0\n", "5000 digits"),
    ("digits.json", '{"rows": [[' + BIG + ']], "columns": [[1]]}', "5000 digits"),
    ("digits.xml", f'<puzzleset><puzzle><clues type="rows"><line><count>{BIG}</count></line>'
                   '</clues></puzzle></puzzleset>', "5000 digits"),
    ("digits.txt", f"$1\n{BIG}\n1\n", "5000 digits"),
    ("digits.pbm", f"P1\n{BIG} 1\n1\n", "5000 digits"),
    ("taai.txt", "$1\n" + "1\n" * 4002, "larger than 2000x2000"),
    ("grid.txt", ("." * 2001 + "\n") * 2, "picture: the puzzle is 2001x2"),
    ("nested.xml", "<puzzleset>" + "<a>" * 70 + "</a>" * 70 + "</puzzleset>", "nested more than 64"),
    # empty clues count no clue number: 4 million of them were kept (10 s, 1 GB) first
    ("rows.txt", "GRID a\nROWS\n" + "[ ]\n" * 2001 + "COLUMNS\n[ ]\n",
     "GRID a: line 2003: more than 2000 clues in ROWS, the size limit"),
    ("rows.g", "x\n: rows\n" + "0\n" * 2001 + ": columns\n0\n:\n",
     "line 2003: more than 2000 row clues, the size limit"),
    ("blank.g", "x\n: rows\n" + "0\n" * 2000 + "\n\n: columns\n0\n:\n",
     "line 2005: more than 2000 row clues, the size limit"),
    # one line's update grows with the square of the colours, uninterrupted by timeouts
    ("colours.json", colours(65), "the puzzle has 65 colours besides the background; the limit is 64"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 20 else "")
def test_caps_while_reading(tmp_path, capsys, name, text, needle):
    path = tmp_path / name
    path.write_text(text)
    refused(capsys, ["solve", path], name, needle)


def test_clue_numbers_are_counted_as_they_are_read(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(limits, "MAX_CLUES", 30)
    path = tmp_path / "many.nin"
    path.write_text("20 20\n" + "1 1\n" * 40)
    refused(capsys, ["solve", path], "line 17: more than 30 clue numbers in the file (the limit)")
    path = tmp_path / "many.non"
    path.write_text("width 3\nheight 1\nrows\n1\ncolumns\n1\n0\n0\n====\n" * 40)
    refused(capsys, ["solve", path], "more than 30 clue numbers")


@pytest.mark.parametrize("text, where", [
    ("$1\n1\n1\n" * 40, "line 47: "),
    ("width 1\nheight 1\nrows\n1\ncolumns\n1\n====\n" * 40, "line 109: "),
    ("GRID a\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n" * 40, "line 78: "),
    ("[" + ",".join(['{"rows": [[1]], "columns": [[1]]}'] * 40) + "]", "puzzle 16: rows[0]: "),
], ids=["taai", "non", "picross", "json"])
def test_the_clue_cap_ends_the_whole_file(monkeypatch, text, where):
    """Past the cap the file is refused as a whole: the readers that report each puzzle's
    error and go on stopped only that puzzle, and went on through the file (a 16 MB TAAI
    file of 1x1 puzzles: 1.4 million puzzles and errors, 27 s and 1.7 GB)."""
    monkeypatch.setattr(limits, "MAX_CLUES", 30)
    items = formats.parse_each(text, "f")
    assert [str(x) for x in items] == [
        f"f: {where}more than 30 clue numbers in the file (the limit)"]


XML_ONE = ('<puzzle><clues type="rows"><line><count>1</count></line></clues>'
           '<clues type="columns"><line><count>1</count></line></clues></puzzle>\n')


@pytest.mark.parametrize("text, where", [
    ("$1\n1\n1\n" * 5, "line 10: "),
    ("width 1\nheight 1\nrows\n1\ncolumns\n1\n====\n" * 5, "line 22: "),
    ("GRID a\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n" * 5, "line 16: "),
    ("[" + ",".join(['{"rows": [[1]], "columns": [[1]]}'] * 5) + "]", "puzzle 4: "),
    ("<puzzleset>\n" + XML_ONE * 5 + "</puzzleset>", "line 5: "),
    ("$1\nx\n" * 5, "line 7: "),  # errors count as puzzles: each would be an item
], ids=["taai", "non", "picross", "json", "xml", "errors"])
def test_puzzles_in_a_file_are_capped(monkeypatch, text, where):
    """A file of many tiny puzzles (16 MB of 1x1 TAAI puzzles: 1.4 million, 30 s and
    1.5 GB to read) is refused at the puzzle past the cap, as a whole."""
    monkeypatch.setattr(limits, "MAX_PUZZLES", 3)
    items = formats.parse_each(text, "f")
    assert [str(x) for x in items] == [f"f: {where}more than 3 puzzles in the file (the limit)"]
    monkeypatch.setattr(limits, "MAX_PUZZLES", 5)
    assert len(formats.parse_each(text, "f")) == 5


def test_xml_elements_counted_while_parsing(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(limits, "MAX_XML_ELEMENTS", 1000)
    path = tmp_path / "wide.xml"
    path.write_text("<puzzleset><puzzle>" + "<b/>\n" * 5000 + "</puzzle></puzzleset>")
    # named at the element that crossed the cap, not after the whole tree was built
    refused(capsys, ["solve", path], "line 999: more than 1000 elements (the limit)")


def test_byte_cap_on_files_and_stdin(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(limits, "MAX_FILE_BYTES", 1000)
    path = tmp_path / "big.non"
    path.write_text("title x\n" * 200)
    refused(capsys, ["solve", path], "big.non: the file is larger than the limit")

    class Endless:  # /dev/zero on stdin: reading must stop at the cap
        reads = 0

        def read(self, n):
            self.reads += 1
            return b"\0" * n

    endless = Endless()
    monkeypatch.setattr(sys, "stdin", type("S", (), {"buffer": endless})())
    refused(capsys, ["solve", "-"], "standard input: the file is larger than the limit")
    assert endless.reads == 1


def test_dev_zero_and_directories_are_refused_without_reading(capsys, tmp_path):
    refused(capsys, ["solve", "/dev/zero"], "/dev/zero: is a character device")
    refused(capsys, ["solve", tmp_path], "is a directory")


def test_fifo_with_no_writer_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.non"
    os.mkfifo(fifo)
    proc = subprocess.run([sys.executable, "-m", "pysolver", "solve", str(fifo)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2 and "pipe.non: is a FIFO, not a regular file" in proc.stderr


def test_metadata_is_cleaned_of_escapes_and_surrogates(tmp_path, capsys):
    path = tmp_path / "t.json"
    path.write_text('{"title": "\\ud800\\u001b[31mred\\u009b2J\\u0007", "author": "a\\nb",'
                    ' "description": "one\\ntwo\\u001b", "goal": ["#."]}')
    for argv in (["solve", path, path], ["solve", path, "--json"], ["convert", path, "--to", "non"]):
        assert cli.main([str(a) for a in argv]) == 0
        out, err = capsys.readouterr()
        assert not any(ch in out for ch in "\x1b\x9b\x07\ud800"), out
    (p,) = formats.parse(path.read_text())
    assert p.title == "\ufffd [31mred 2J" and p.author == "a b" and p.description == "one\ntwo"
    non = tmp_path / "t.non"
    non.write_text("title \"x\x1b]0;pwned\x07\"\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n")
    assert formats.parse(non.read_text())[0].title == "x ]0;pwned"


def test_file_names_with_escapes_are_printed_harmlessly(tmp_path, capsys):
    path = tmp_path / "a\x1b[2Jb.non"
    path.write_text("width 1\nheight 1\nrows\n9\ncolumns\n1\n")
    err = refused(capsys, ["solve", path], "a?[2Jb.non")
    assert "\x1b" not in err


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0", "1e999", "-inf"])
def test_timeout_must_be_finite_and_positive(tmp_path, capsys, value):
    refused(capsys, ["solve", "x.non", f"--timeout={value}"], "--timeout", "seconds above 0")
    refused(capsys, ["check", "x.non", f"--timeout={value}"], "seconds above 0")


def test_huge_integer_options_are_refused(capsys):
    refused(capsys, ["solve", "x.non", "--max-solutions", BIG], "over the limit of 9 digits")


def test_jobs_capped_at_the_cores(tmp_path, capsys, monkeypatch):
    from pysolver.app import pool
    monkeypatch.setattr(pool, "cores", lambda: 1)
    path = tmp_path / "one.non"
    path.write_text("width 1\nheight 1\nrows\n1\ncolumns\n1\n")
    assert cli.main(["solve", str(path), "--jobs", "200"]) == 0
    out, err = capsys.readouterr()
    assert err == "pysolver: --jobs 200 capped at 1, this machine's cores\n" and "unique" in out


def test_api_parse_refuses_the_same(capsys):
    from pysolver import api
    with pytest.raises(PuzzleError, match="size 10000 is out of range"):
        api.parse("10000 10000\n" + "0\n" * 20000, "x.nin")
    with pytest.raises(PuzzleError, match="'columns' holds 3000 clues"):
        api.to_puzzle({"rows": [[]], "columns": [[]] * 3000})


def test_sixty_four_colours_are_read_and_checked():
    from pysolver import api
    assert api.analyse(colours(64), timeout=30)["status"] == "unique"


def test_limits_fit_real_puzzles():
    # a random 1000x1000 at density 0.5 (the densest in clue numbers) fits every cap
    assert 1000 <= limits.MAX_SIDE and 1000 * 1000 <= limits.MAX_CELLS
    assert 2 * 1000 * 1000 * 0.5 * 0.5 < limits.MAX_CLUES
    assert set(limits.as_dict()) >= {"max_side", "max_cells", "max_clues", "max_file_bytes"}


def test_clues_on_a_huge_text_grid_is_refused_by_the_same_caps(tmp_path, capsys):
    path = tmp_path / "pic.txt"
    path.write_text(("#." * 1001 + "\n") * 3)
    refused(capsys, ["clues", path], "pic.txt: picture: the puzzle is 2002x3; the limit is 2000")
