"""Numbers, spaces and line breaks are read in ASCII only, by every reader: Python's int()
and float() read other digits ('١' is 1, '１' too), str.split() and a regular expression's
\\s part words at any Unicode space, str.splitlines() breaks lines at U+2028 and \\x85. A
file holding them was read as another puzzle than the one its author sees (a TAAI header
'$١' was taken), or refused in words that did not say why ("'١' is not a number"). Each is
refused naming the file, the line and the character."""
import pytest

from pysolver import api
from pysolver.app import cli
from pysolver.errors import PuzzleError
from pysolver.nikoli import read as nikoli_read
from pysolver.nonogram import formats

DIGIT = "U+0661 is a digit other than 0-9"
WIDE = "U+FF11 is a digit other than 0-9"
NBSP = "U+00A0 is not a plain space, tab or line break"


@pytest.mark.parametrize("text, where, why", [
    # TAAI: a header in other digits was read as puzzle "١"
    ("$\u0661\n1\n1\n1\n1\n", "line 1: '$١' is not a '$N' header", DIGIT),
    ("$1\n1\n\u0661\n1\n1\n", "line 3: '١' is not a number", DIGIT),
    ("$1\xa0\n1\n1\n", "line 1: '$1\\xa0' is not a '$N' header", NBSP),  # was no format at all
    ("$1\n1\xa01\n1\n1\n1\n", "line 2: '1\\xa01' is not a number", NBSP),
    # .nin
    ("\uff11 1\n1\n1\n", "line 1: '１' is not a size", WIDE),
    ("2 1\n1\xa00\n1\n1\n0\n", "line 2: '1\\xa00' is not a number", NBSP),
    ("2\u30001\n1\n1\n1\n", "line 1: expected 'width height'", "U+3000 is not a plain space"),
    # .non
    ("width \u0661\nheight 1\nrows\n1\ncolumns\n1\n", "line 1: '١' is not a size", DIGIT),
    ("width 2\nheight 1\nrows\n1\xa01\ncolumns\n1\n0\n", "line 4: '1\\xa01' is not a clue number", NBSP),
    ("width\xa01\nheight 1\nrows\n1\ncolumns\n1\n", "line 1: 'width\\xa01' is not 'width <value>'", NBSP),
    ("width 1\nheight 1\nrows\n1\u2028columns\n1\n", "line 4: '1\\u2028columns' is not a clue number",
     "U+2028 is not a plain space, tab or line break"),
    # Olšák .g
    (":\n\u0661\n:\n1\n:\n", "line 2: '١' is not a block like 3 or 3a", DIGIT),
    (":\n1\xa01\n:\n1\n1\n:\n", "line 2: '1\\xa01' is not a block like 3 or 3a", NBSP),
    # picross-solver text
    ("GRID a\nROWS\n[ \u0661 ]\nCOLUMNS\n[ 1 ]\n", "line 3: '١' is not a number", DIGIT),
    ("GRID a\nROWS\n[\xa01\xa0]\nCOLUMNS\n[ 1 ]\n", "line 3: '\\xa01\\xa0' is not a number", NBSP),
    ("GRID\xa0a\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n", "line 1: expected 'GRID <name>'", NBSP),
    # webpbn XML (white space to XML is ASCII)
    ("<puzzle><clues type='rows'><line><count>\u0661</count></line></clues><clues type='columns'>"
     "<line><count>1</count></line></clues></puzzle>", "line 1: '١' is not a number", DIGIT),
    ("<puzzle><clues type='rows'><line><count>1\xa0</count></line></clues><clues type='columns'>"
     "<line><count>1</count></line></clues></puzzle>", "line 1: '1\\xa0' is not a number", NBSP),
    # a picture drawn in text
    ("#.\xa0\n.#.\n", "picture row 1, column 3: '\\xa0' is neither filled", ""),
])
def test_nonogram_readers_refuse_other_digits_and_spaces(text, where, why):
    with pytest.raises(PuzzleError) as e:
        formats.parse(text, "p.txt")
    msg = str(e.value)
    assert msg.startswith("p.txt: ") and where in msg and why in msg, msg
    with pytest.raises(PuzzleError) as again:  # the page's and the API's reader: the same words
        api.read(text, "p.txt")
    assert str(again.value) == msg


@pytest.mark.parametrize("text, where, why", [
    ("nurikabe \u0661x1\n.\n", "p.txt:1: '١' is not a size", DIGIT),
    ("nurikabe 1x1\n\u0661\n", "p.txt:2: row 1 column 1: '١' is not a clue", DIGIT),
    ("nurikabe 2x1\n1\xa0.\n", "p.txt:2: row 1 has 1 cells, expected 2", NBSP),
    ("nurikabe\xa02x1\n1 .\n", "p.txt:1: expected 'FAMILY WxH'", NBSP),
    # a link: a size in other digits (before it, one is a flag, as puzz.link reads it)
    ("https://puzz.link/p?nurikabe/5/\u0661/1", "p.txt: expected nurikabe/WIDTH/HEIGHT", DIGIT),
    # a link's body: int() read '١' as a pearl and a room border
    ("https://puzz.link/p?mashu/2/2/\u0661", "p.txt: unexpected character '١' in the pearls", DIGIT),
    ("https://puzz.link/p?heyawake/2/2/\u0661\u0661", "p.txt: unexpected character '١' in the room "
     "borders", DIGIT),
])
def test_nikoli_readers_refuse_other_digits_and_spaces(text, where, why):
    with pytest.raises(PuzzleError) as e:
        nikoli_read.parse(text, "p.txt")
    msg = str(e.value)
    assert msg.startswith(where) and why in msg, msg
    with pytest.raises(PuzzleError) as again:
        api.read(text, "p.txt")
    assert str(again.value) == msg


@pytest.mark.parametrize("argv, why", [
    (["solve", "x.non", "--timeout", "\u0661"], "'١' is not a number: " + DIGIT),
    (["solve", "x.non", "--timeout", "1_0"], "'1_0' is not a number"),
    (["solve", "x.non", "--max-solutions", "\u0661"], "'١' is not a whole number: " + DIGIT),
    (["batch", "x", "--db", "x.sqlite", "--timeout", "\uff11"], "'１' is not a number: " + WIDE),
])
def test_command_line_numbers_are_read_in_ascii(capsys, argv, why):
    code = cli.main(argv)
    err = capsys.readouterr().err
    assert code == 2
    assert why in err and err.count("\n") == 1, err


def test_lines_break_where_an_editor_breaks_them():
    """A line number names the line an editor shows: \\x85, \\x0c or U+2028 in a line is in
    that line (str.splitlines broke it there, and every later line was misnumbered)."""
    text = "$1\n1\x0c\n1\n1\n1\n"
    with pytest.raises(PuzzleError, match=r"^p.txt: puzzle \$1 \(line 1\): line 2: '1\\x0c' is not"):
        formats.parse(text, "p.txt")


def test_a_picture_given_as_text_is_read_as_the_readers_read_it():
    """The API's picture (api.clues_from_grid) breaks lines and strips as the readers do."""
    assert len(api.clues_from_grid("#.\n.#\n")["rows"]) == 2
    with pytest.raises(PuzzleError) as e:
        api.clues_from_grid("#.\u2028.#\n.#.\n")
    assert "row 1, column 3: '\\u2028' is neither filled" in str(e.value)


@pytest.mark.parametrize("text", ["\x85", "\xa0\n", "\u2028", "\u3000\n#\n"])
def test_a_text_of_other_spaces_only_is_said_to_be_no_puzzle(text):
    with pytest.raises(PuzzleError, match="^p.txt: "):
        formats.parse(text, "p.txt")
    with pytest.raises(PuzzleError, match="^p.txt"):
        api.read(text, "p.txt")
