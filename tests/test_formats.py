"""Readers, writers and format detection (pysolver.nonogram.formats, pysolver.nonogram.formats.image)."""
import time

import pytest

from pysolver import api
from pysolver.nonogram import formats
from pysolver.nonogram.formats import image
from pysolver.nonogram.formats import jsonfmt
from pysolver.errors import PuzzleError
from pysolver.nonogram.puzzle import BACKGROUND, BLACK, Color, Puzzle, puzzle_from_grid

import pictures

DANCER_ROWS = [(2,), (2, 1), (1, 1), (3,), (1, 1), (1, 1), (2,), (1, 1), (1, 2), (2,)]
DANCER_COLS = [(2, 1), (2, 1, 3), (7,), (1, 3), (2, 1)]
DANCER_GOAL = pictures.DANCER


def bw(clues):
    return [tuple((n, 1) for n in c) for c in clues]


def dancer():
    return Puzzle(rows=bw(DANCER_ROWS), cols=bw(DANCER_COLS), goal=list(DANCER_GOAL),
                  title='Demo "Dancer"', author="Jan Wolter", copyright="© 2004 Jan Wolter",
                  license="CC-BY-3.0", description="A stick <figure> & friends",
                  source="webpbn.com #1").validate()


def colour():
    colors = pictures.COLOURS3
    grid = [[1, 1, 2, 0], [0, 2, 2, 1], [1, 0, 0, 1]]
    return puzzle_from_grid(grid, colors, title="tiny colour").validate()


def same(p, q, names=True):
    assert q.rows == p.rows and q.cols == p.cols and q.goal == p.goal
    assert [(c.char, c.rgb) for c in q.colors] == [(c.char, c.rgb) for c in p.colors]
    if names:
        assert [c.name for c in q.colors] == [c.name for c in p.colors]
    for key in ("title", "author", "copyright", "license", "description", "source"):
        assert getattr(q, key) == getattr(p, key), key


XML_DANCER = """<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
<puzzleset><source>webpbn.com</source>
<puzzle type="grid" defaultcolor="black">
<title>Dancer &quot;one&quot; &eacute;t&apos;e</title><author>Jan</author>
<id>#1</id>
<color name="white" char=".">FFFFFF</color><color name="black" char="X">000000</color>
<clues type="columns">""" + "".join(
    "<line>" + "".join(f"<count>{n}</count>" for n in c) + "</line>" for c in DANCER_COLS) + """
</clues><clues type="rows">""" + "".join(
    "<line>" + "".join(f"<count>{n}</count>" for n in c) + "</line>" for c in DANCER_ROWS) + """
</clues>
<solution type="goal"><image>
""" + "\n".join("|" + r.replace("#", "X") + "|" for r in DANCER_GOAL) + """
</image></solution></puzzle></puzzleset>
"""


def test_xml_black_and_white_normalised():
    (p,) = formats.parse(XML_DANCER, "dancer.xml")
    assert formats.detect(XML_DANCER) == "xml"
    assert p.colors == [BACKGROUND, BLACK]
    assert p.rows == bw(DANCER_ROWS) and p.cols == bw(DANCER_COLS)
    assert p.goal == DANCER_GOAL  # 'X' became '#'
    assert p.title == 'Dancer "one" ét\'e' and p.source == "webpbn.com #1"


def test_xml_description_keeps_its_lines():
    """A description of several lines keeps its line breaks (and one blank line between
    paragraphs); the file's indentation and runs of spaces are closed up, as in a title."""
    text = XML_DANCER.replace("<author>Jan</author>", """<author>Jan</author>
    <description>
        A stick figure,   dancing.
        Drawn in 2004.


        Second paragraph.
    </description>""")
    p = formats.parse_one(text, "d.xml")
    assert p.description == "A stick figure, dancing.\nDrawn in 2004.\n\nSecond paragraph."
    assert p.title == 'Dancer "one" ét\'e'  # one line as before
    for fmt in ("xml", "json", "non"):
        assert formats.parse_one(formats.dump(p, fmt)).description == p.description, fmt


def test_xml_goal_only_gives_clues():
    text = ('<puzzleset><puzzle><color name="black" char="#">000000</color>'
            '<solution><image>\n|##.|\n|.#.|\n</image></solution></puzzle></puzzleset>')
    (p,) = formats.parse(text)
    assert p.rows == [((2, 1),), ((1, 1),)] and p.cols == [((1, 1),), ((2, 1),), ()]


def test_xml_colour_counts_and_background():
    text = """<puzzleset><puzzle defaultcolor="red" backgroundcolor="sky">
<color name="sky" char="s">AACCFF</color><color name="red" char="r">FF0000</color>
<color name="green" char="g">00FF00</color>
<clues type="rows"><line><count>2</count><count color="green">1</count></line><line/></clues>
<clues type="columns"><line><count>1</count></line><line><count>1</count></line>
<line><count color="green">1</count></line></clues></puzzle></puzzleset>"""
    (p,) = formats.parse(text)
    assert [c.name for c in p.colors] == ["sky", "red", "green"]
    assert p.colors[0].char == "." and p.colors[0].rgb == "AACCFF"
    assert p.rows == [((2, 1), (1, 2)), ()] and p.cols == [((1, 1),), ((1, 1),), ((1, 2),)]


def test_xml_goal_must_match_clues():
    bad = XML_DANCER.replace("|.XX..|", "|.XXX.|", 1)
    with pytest.raises(PuzzleError, match="goal image does not match the clue of row 1"):
        formats.parse(bad)


@pytest.mark.parametrize("text, message", [
    ("<puzzleset><puzzle><clues type='rows'><line><count>x</count></line></clues>"
     "<clues type='columns'/></puzzle></puzzleset>", "line 1: 'x' is not a number"),
    ("<puzzleset><puzzle>\n<clues type='rows'><line><count color='pink'>1</count></line>"
     "</clues><clues type='columns'><line/></clues></puzzle></puzzleset>",
     "line 2: unknown colour 'pink'"),
    ("<puzzleset>\n<puzzle><clues type='rows'>", "line 2: XML is not well-formed"),
    ("<puzzleset></puzzleset>", "has no <puzzle>"),
    ("<puzzleset><puzzle><clues type='diagonal'/></puzzle></puzzleset>", "rows or columns"),
    ("<puzzleset><puzzle><title>&nosuch;</title></puzzle></puzzleset>", "nosuch"),
    # a part given twice: one of them silently won
    ("<puzzle><color name='red' char='r'>f00</color>\n<color name='red' char='q'>0f0</color>"
     "</puzzle>", "line 2: colour 'red' is defined twice \\(first on line 1\\)"),
    ("<puzzle><clues type='rows'><line/></clues>\n<clues type='rows'><line/></clues></puzzle>",
     'line 2: a second <clues type="rows">'),
    ("<puzzle><solution><image>|X|</image></solution>\n<solution type='goal'><image>|.|"
     "</image></solution></puzzle>", "line 2: a second goal <solution>"),
])
def test_xml_errors(text, message):
    with pytest.raises(PuzzleError, match=message):
        formats.parse(text, "x.xml")


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<puzzleset><puzzle><title>&lol9;</title></puzzle></puzzleset>"""


def test_xml_billion_laughs_refused_quickly():
    t = time.process_time()  # CPU, not the clock: expanding the entities would take far more
    with pytest.raises(PuzzleError, match="internal subset"):
        formats.parse(BILLION_LAUGHS)
    assert time.process_time() - t < 1


@pytest.mark.parametrize("text", [
    '<!DOCTYPE p [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
    "<puzzleset><puzzle><title>&xxe;</title></puzzle></puzzleset>",
    '<!DOCTYPE p [<!ENTITY % dtd SYSTEM "http://127.0.0.1:9/evil.dtd"> %dtd;]>'
    "<puzzleset><puzzle/></puzzleset>",
    '<?xml version="1.0"?><!DOCTYPE p PUBLIC "x" "http://127.0.0.1:9/x.dtd">'
    "<puzzleset><puzzle><title>&xxe;</title></puzzle></puzzleset>",
])
def test_xml_external_entities_refused(text):
    with pytest.raises(PuzzleError) as e:
        formats.parse(text)
    assert "root:" not in str(e.value)  # nothing from /etc/passwd leaked into a message


NON_DANCER = """catalogue "webpbn.com #1"
title "Demo &quot;Dancer&quot;"
by "Jan Wolter"
copyright "&copy; 2004 Jan Wolter"
license CC-BY-3.0
width 5
height 10
unknownkey whatever

rows
""" + "\n".join(",".join(map(str, c)) for c in DANCER_ROWS) + """

columns
""" + "\n".join(",".join(map(str, c)) for c in DANCER_COLS) + """
goal "01100011010010101110101001010000110010100101111000"
"""


def test_non_black_and_white_with_goal():
    assert formats.detect(NON_DANCER) == "non"
    (p,) = formats.parse(NON_DANCER)
    assert p.rows == bw(DANCER_ROWS) and p.goal == DANCER_GOAL
    assert p.title == 'Demo "Dancer"' and p.copyright == "© 2004 Jan Wolter"
    assert p.license == "CC-BY-3.0" and p.author == "Jan Wolter"


def test_non_blank_lines_and_multiline_goal():
    text = "width 3\nheight 2\nrows\n2\n\ncolumns\n1\n1\n0\ngoal\n110\n000\n"
    (p,) = formats.parse(text)
    assert p.rows == [((2, 1),), ()] and p.goal == ["##.", "..."]


def test_non_colour_extension_and_bundle():
    text = ("color a #ff0000\ncolor b #0000ff\nwidth 3\nheight 1\nrows\n2a,1b\n"
            "columns\n1a\n1a\n1b\ngoal \"aab\"\n====\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n")
    p, q = formats.parse(text)
    assert [(c.char, c.rgb) for c in p.colors] == [(".", "FFFFFF"), ("a", "FF0000"), ("b", "0000FF")]
    assert p.rows == [((2, 1), (1, 2))] and p.goal == ["aab"]
    assert q.rows == [((1, 1),)]


def test_colours_given_only_by_rgb_get_players_names_apart():
    # the generator's palette saved as .non: its letters and RGB, no names
    from pysolver.nonogram.generate import PALETTE
    for c in PALETTE[1:]:
        text = f"color {c.char} #{c.rgb}\nwidth 2\nheight 1\nrows\n1{c.char},1\ncolumns\n1{c.char}\n1\n"
        (p,) = formats.parse(text, "saved.non")
        assert [x.name for x in p.colors] == ["white", "black", c.name], c
    # two reds: "red" and "dark red"; three blues: numbered from light to dark
    text = ("color a #e53935\ncolor b #c62828\ncolor c #1e4fd0\ncolor d #2060d0\ncolor e #3a70e0\n"
            "width 5\nheight 1\nrows\n1a,1b,1c,1d,1e\ncolumns\n1a\n1b\n1c\n1d\n1e\n")
    (p,) = formats.parse(text, "five.non")
    assert [x.name for x in p.colors[1:]] == ["red", "dark red", "blue 3", "blue 2", "blue"]
    # JSON colours without a name
    (p,) = formats.parse('{"format": "pysolver", "width": 2, "height": 1, "colors": [{"char": ".", "rgb": "FFFFFF"},'
                         ' {"char": "o", "rgb": "F08A24"}, {"char": "g", "rgb": "2F8F3A"}], "rows": [[[1, "o"], [1, "g"]]], "columns": [[[1, "o"]], [[1, "g"]]],'
                         ' "goal": null}', "p.json")
    assert [x.name for x in p.colors[1:]] == ["orange", "green"]
    # pure shades by their plain words (CIELAB's nearest alone made pure blue "dark blue")
    from pysolver.nonogram.formats.common import colour_name
    assert [colour_name(rgb) for rgb in ("0000FF", "00E000", "FF69B4")] == ["blue", "green", "pink"]


@pytest.mark.parametrize("text, message", [
    ("width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n", "line 6: 'columns' needs 2 clue lines, the file ends after 1"),
    ("width 2\nheight 2\nrows\n1\ncolumns\n1\n1\n", "line 5: 'rows' needs 2 clue lines but only 1 come before 'columns'"),
    ("width 2\nheight 1\nrows\n1,x\ncolumns\n1\n0\n", "line 4: 'x' is not a clue number|'1,x'|x"),
    ("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal \"101\"\n", "goal has 3 cells"),
    ("height 1\nrows\n1\n", "before 'height'|before 'width'|no width"),
    ("width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n", "row 1: clue 3 needs 3 cells but the line has 2"),
    # a key given twice: the second one silently won
    ("width 2\nwidth 3\nheight 1\nrows\n1\n", "line 2: 'width' is given twice \\(first on line 1\\)"),
    ("width 1\ncolumns 1\nheight 1\n", "line 2: 'width' is given twice \\(first on line 1\\)"),
    ("width 1\nheight 1\nrows\n1\nrows\n1\ncolumns\n1\n", "line 5: 'rows' is given twice"),
    ("width 1\nheight 1\ngoal 1\ngoal 0\n", "line 4: 'goal' is given twice \\(first on line 3\\)"),
    # a clue line too many was dropped without a word (a 2x2 checked as another puzzle)
    ("width 2\nheight 2\n\nrows\n1\n1\n1\n\ncolumns\n1\n1\n",
     "line 7: clue numbers '1' outside the 'rows' and 'columns' sections, which take one line a row and column \\(height 2, width 2\\)"),
    ("width 2\nheight 1\nrows\n2\ncolumns\n1\n1\n1 1a\n", "line 8: clue numbers '1 1a' outside"),
])
def test_non_errors(text, message):
    with pytest.raises(PuzzleError, match=message):
        formats.parse(text, "bad.non")


def test_nin_and_errors():
    text = "3 2\n2\n0\n1\n1\n0\n"
    assert formats.detect(text) == "nin"
    (p,) = formats.parse(text)
    assert p.rows == [((2, 1),), ()] and p.cols == [((1, 1),), ((1, 1),), ()]
    with pytest.raises(PuzzleError, match="expected 2 row and 3 column clue lines"):
        formats.parse("3 2\n2\n0\n1\n")
    with pytest.raises(PuzzleError, match="line 3: 0 may only stand alone"):
        formats.parse("2 1\n1\n1 0\n1\n")


TAAI = "$1\n2\n1\n1\n2\n$2\n2\n0\n1\n1\n"


def test_taai_many_puzzles_and_solutions():
    assert formats.detect(TAAI) == "taai"
    a, b = formats.parse(TAAI)
    assert a.cols == [((2, 1),), ((1, 1),)] and a.rows == [((1, 1),), ((2, 1),)]
    assert (a.width, a.height) == (2, 2) and a.title == "Puzzle 1"
    assert b.cols == [((2, 1),), ()] and b.rows == [((1, 1),), ((1, 1),)]
    (s,) = formats.parse("$7\n1\t0\n1\t1\n")  # a solution block: a picture
    assert s.goal == ["#.", "##"] and s.rows == [((1, 1),), ((2, 1),)]
    with pytest.raises(PuzzleError, match=r"puzzle \$3 \(line 1\): expected 2n clue lines"):
        formats.parse("$3\n1\n1\n1\n")
    with pytest.raises(PuzzleError, match=r"line 3: 'x' is not a number"):
        formats.parse("$1\n1\nx\n1\n1\n")


def test_taai_block_past_the_size_limit_is_not_kept():
    """Each block is read as it ends and keeps at most 2 x MAX_SIDE lines: a 10 MB block of
    5 million lines was held whole (1.4 GB) before its size was refused."""
    import tracemalloc
    text = "$1\n" + "2\n" * 50_000 + "$2\n1\n1\n"
    tracemalloc.start()
    try:
        items = formats.parse_each(text, "f")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert str(items[0]) == ("f: puzzle $1 (line 1): 50000 lines: larger than 2000x2000, "
                             "the size limit") and isinstance(items[1], Puzzle)
    assert peak < 4_000_000  # bytes: the split text and 4000 kept lines (all kept: 13 MB)


def test_picross_text():
    text = "# comment\nGRID tiny  # name\nROWS\n[ 1 ]\n[ ]\nCOLUMNS\n[1]\n[ ]\n\nGRID two\nROWS\n[ 2 ]\nCOLUMNS\n[ 1 ]\n[ 1 ]\n"
    assert formats.detect(text) == "picross"
    a, b = formats.parse(text)
    assert a.title == "tiny" and a.rows == [((1, 1),), ()] and b.rows == [((2, 1),)]
    items = formats.parse_each(text + "GRILL x\nGRID three\nROWS\n[ 1 ]\nCOLUMNS\n[ 1 ]\n")
    assert [type(x).__name__ for x in items] == ["Puzzle", "Puzzle", "PuzzleError", "Puzzle"]
    assert "line 16: syntax error: 'GRILL x'" in str(items[2])


G_BW = """This is the task "tiny" -- free text before the colon.
: rows
1 1

3
: columns
1
2
1 1
: end
"""

G_COLOUR = """colour example
#d
   m:%  blue   modra
   0:   white  background
   1:*  black  default
   r:r  #ff0000
: rows
1 1m
2r
: columns
1
1m 1r
1r
:
"""


def test_olsak_g():
    assert formats.detect(G_BW) == "g"
    (p,) = formats.parse(G_BW)
    assert p.rows == [((1, 1), (1, 1)), (), ((3, 1),)] and p.cols == [((1, 1),), ((2, 1),), ((1, 1), (1, 1))]
    (q,) = formats.parse(G_COLOUR)
    names = [c.name for c in q.colors]
    assert names[0] == "white" and set(names[1:]) == {"blue", "black", "red"}
    ix = {c.name: i for i, c in enumerate(q.colors)}
    assert q.rows == [((1, ix["black"]), (1, ix["blue"])), ((2, ix["red"]),)]
    with pytest.raises(PuzzleError, match="line 8: unknown colour 'q' in '1q'"):
        formats.parse(G_COLOUR.replace("1 1m", "1 1q"))
    with pytest.raises(PuzzleError, match="triddlers"):
        formats.parse("#t\n:\n1\n:\n1\n")


def test_json_form_and_errors():
    p = colour()
    text = formats.dump(p, "json")
    assert formats.detect(text) == "json"
    (q,) = formats.parse(text)
    same(p, q)
    d = jsonfmt.to_dict(p)
    d["rows"][0][0] = [1, "z"]
    with pytest.raises(PuzzleError, match=r"rows\[0\]\[0\]: unknown colour 'z'"):
        jsonfmt.from_dict(d)
    with pytest.raises(PuzzleError, match="^line 1, column 11: not valid JSON: a value is missing"):
        formats.parse('{"rows": [}')
    with pytest.raises(PuzzleError, match="'width' is 9"):
        formats.parse('{"rows": [[1]], "columns": [[1]], "width": 9}')
    (g,) = formats.parse('{"goal": ["#.", "##"]}')
    assert g.rows == [((1, 1),), ((2, 1),)]
    # a JSON file of another kind (a catalogue, a generator's log) is not called an empty puzzle
    assert [str(x) for x in formats.parse_each('{"puzzles": [], "made": [{"puzzle": {}}]}', "i.json")] \
        == ["i.json: this JSON is not a puzzle: it has no 'rows' and 'columns', nor a 'goal'"]


def test_json_key_given_twice():
    """json keeps the last of a key given twice, unsaid; .non and XML refuse theirs too."""
    for text, key in (('{"rows": [[1]], "rows": [[]], "columns": [[1]]}', "rows"),
                      ('[{"rows": [[1]], "columns": [[1]], "title": "a", "title": "b"}]', "title")):
        with pytest.raises(PuzzleError) as e:
            formats.parse(text, "f.json")
        assert str(e.value) == f"f.json: the key {key!r} is given twice in one object"


def test_pictures_text_and_pbm():
    (p,) = formats.parse("|#.|\n|##|\n")
    assert formats.detect("#.\n##\n") == "grid"
    assert p.goal == ["#.", "##"] and p.cols == [((2, 1),), ((1, 1),)]
    (q,) = image.parse_pbm(b"P1\n# comment\n2 2\n1 0\n1 1\n")
    assert q.goal == ["#.", "##"]
    (r,) = image.parse_pbm(b"P4\n2 2\n" + bytes([0b10000000, 0b11000000]))
    assert r.goal == ["#.", "##"]
    (s,) = formats.parse("P1\n2 2\n1 0\n1 1\n")
    assert s.goal == p.goal
    (e,) = image.parse_pbm(b"P4\n9 2\n\x00")
    assert isinstance(e, PuzzleError) and "needs 4" in str(e)
    with pytest.raises(PuzzleError, match="picture row 2 has 1 cells"):
        formats.parse("#.\n#\n", fmt="grid")


@pytest.mark.parametrize("text, message", [
    ('{"rows": [[1]] "columns": [[1]]}', "line 1, column 16: not valid JSON: expected ',' "
     "between two items, or the closing bracket"),
    ('{\n "rows": [[1],],', "line 2, column 15: not valid JSON: a value is missing (a number, "
     'a "string", a list [...] or an object {...})'),
    ('{"title": "a\tb"}', "line 1, column 13: not valid JSON: a line break or tab inside a "
     "string (write \\n or \\t)"),
    ('{"rows": [[1]], }', 'line 1, column 17: not valid JSON: expected a "key" in double quotes '
     "(or the end of the object, with no ',' before it)"),
    ('{"rows": [[1]]} x', "line 1, column 17: not valid JSON: more text after the end of the "
     "JSON value"),
])
def test_json_that_does_not_read_is_told_in_a_persons_words(text, message):
    """It was told in the json module's words ("Expecting value", "Expecting ',' delimiter")
    without the column; the API's puzzle text ("the puzzle is not valid JSON (Expecting
    value: line 1 column 2 (char 1))") and the catalogue likewise."""
    assert [str(x) for x in formats.parse_each(text, "p.json")] == [f"p.json: {message}"]
    with pytest.raises(PuzzleError) as e:
        api.solve(text)
    assert str(e.value) == f"the puzzle's text, {message}"


@pytest.mark.parametrize("data, message", [
    ("P1\n3 3\n1 0 1\nl 1 0\n0 1 1\n",
     "p.pbm: PBM: the pixel at row 2, column 1 is 'l'; P1 pixels are 0 or 1"),
    (b"P1\n2 2\n1 0\n1\t\x02\n", "p.pbm: PBM: the pixel at row 2, column 2 is the byte 0x02; "
     "P1 pixels are 0 or 1"),
    (b"P1\n3 2\n1 0 1\n1 1 \x80\n",
     "p.pbm: line 4: '\u20ac' is not PBM text (a PBM file holds only ASCII text or bytes)"),
])
def test_a_bad_pbm_pixel_is_named_by_where_it_is(data, message):
    """A P1 picture with a stray character said only "P1 pixels must be 0 or 1" (and
    one not ASCII "a PBM file holds only ASCII text or bytes"): which, and where, untold."""
    assert [str(x) for x in formats.parse_each(data, "p.pbm")] == [message]


def test_a_picture_with_a_short_row_names_the_row():
    # it was "unknown puzzle format": the detector wanted every row as long as the first
    with pytest.raises(PuzzleError) as e:
        formats.parse("#.#\n##\n#.#\n", "drawn.txt")
    assert str(e.value) == "drawn.txt: picture row 2 has 2 cells, the first has 3"


@pytest.mark.parametrize("fmt", ["non", "xml", "json"])
@pytest.mark.parametrize("make", [dancer, colour])
def test_round_trip(fmt, make):
    p = make()
    (q,) = formats.parse(formats.dump(p, fmt), f"x.{fmt}")
    same(p, q, names=fmt != "non")  # .non stores colours by letter and RGB only


def test_round_trip_without_goal_and_empty_lines():
    p = Puzzle(rows=[(), ((2, 1),), ()], cols=[((1, 1),), ((1, 1),), ()], title="blank lines").validate()
    for fmt in ("non", "xml", "json", "nin"):
        (q,) = formats.parse(formats.dump(p, fmt))
        if fmt != "nin":  # .nin has no metadata
            same(p, q)
        assert q.rows == p.rows and q.cols == p.cols and q.goal is None


def test_round_trip_corpus_samples(puzzles_dir):
    files = sorted((puzzles_dir / "webpbn").glob("*.xml")) + sorted(
        (puzzles_dir / "nonogram-db").rglob("*.non"))[:8]
    assert files
    for f in files:
        p = formats.parse_one(f.read_text(), f.name)
        for fmt in ("non", "xml", "json"):
            (q,) = formats.parse(formats.dump(p, fmt), f"{f.name}.{fmt}")
            same(p, q, names=fmt != "non")


def test_detection_ignores_the_file_name():
    (p,) = formats.parse(NON_DANCER, "misleading.xml")
    assert p.width == 5
    with pytest.raises(PuzzleError, match="^odd.txt: unknown puzzle format") as e:
        formats.parse("hello world", "odd.txt")
    assert "webpbn XML" in str(e.value) and "Masyu or Bag puzz.link URL" in str(e.value)  # every genre's
    # a picture only as the text reader takes one: a PNG is refused with words of its own
    assert "picture drawn in text or PBM" in str(e.value)
    with pytest.raises(PuzzleError, match="empty"):
        formats.parse("  \n", "blank.non")
    # content no reader recognises, in a file named for a format: that reader says what is wrong
    with pytest.raises(PuzzleError, match="^bad.nin: line 3: 'x' is not a number"):
        formats.parse("2 2\n1\nx\n1\n1\n", "bad.nin")
    with pytest.raises(PuzzleError, match="^notes.json: line 1, column 1: not valid JSON"):
        formats.parse("hello world", "notes.json")
    with pytest.raises(PuzzleError, match="^deep.json: the JSON is nested too deeply"):
        formats.parse("[" * 100_000 + "]" * 100_000, "deep.json")
    # and the format reported is the one it was read as
    from pysolver.nonogram import service
    assert service.parse("width 1\nheight 1\nrows\n1\ncolumns\n1\n", "a.non")["format"] == "non"
    assert formats.detect("garbled", "a.nonpack") == "non" and formats.detect("garbled", "a.txt") is None
    # a paste has no name: its first line decides (.nin's "W H", JSON's "[" or "{")
    with pytest.raises(PuzzleError, match="^pasted: line 3: 'x' is not a number"):
        formats.parse("2 2\n1\nx\n1\n1\n", "pasted")
    with pytest.raises(PuzzleError, match=r"a puzzle must be a JSON object \{...\}, not a list \[...\]"):
        formats.parse("[" * 300 + "]" * 300, "pasted")


@pytest.mark.parametrize("data, verdict", [
    (b"\xff\xfe" + "width 1\nheight 1\nrows\n1\ncolumns\n1\n".encode("utf-16-le"), 1),   # Windows tools write it
    (b"\xfe\xff" + "width 1\nheight 1\nrows\n1\ncolumns\n1\n".encode("utf-16-be"), 1),
    (b"\xff\xfe\x00", "not UTF-16 text (byte 2)"),                                         # cut short
    ("title Café\nwidth 1\nheight 1\nrows\n1\ncolumns\n1\n".encode("cp1252"), 1),    # an old Latin-1 file
    (b"width 1\n\x00\x01\x02", "this is not a puzzle file (it holds binary data, not text)"),
    (b"\x89PNG\r\n\x1a\nbroken", "this is an image, not a puzzle file (to make a puzzle of a picture, "
                                  "use the site's Create, then Import an image; pysolver clues reads a PBM)"),
])
def test_bytes_are_read_as_the_page_reads_them(data, verdict):
    """UTF-16 by its mark, UTF-8, else windows-1252; an image or binary data named as such."""
    items = formats.parse_each(data, "u.non")
    if verdict == 1:
        assert len(items) == 1 and items[0].width == 1
        assert items[0].title == ("Café" if b"Caf" in data else "")
    else:
        assert str(items[0]) == f"u.non: {verdict}"
    with pytest.raises(PuzzleError, match="cannot write format 'pdf'"):
        formats.dump(dancer(), "pdf")


def test_non_strings_stay_readable_and_round_trip():
    # .non has no escapes: only '"' and an '&' that would read as an entity are encoded
    from pysolver.nonogram.formats.simpson import dump

    p = dancer()
    titles = ['Tom & Jerry <3', 'a "quoted" title', 'A &amp; B', "R&D &#39; &copy", "Café & co &"]
    for t in titles:
        p.title = t
        text = dump(p)
        if t == "Tom & Jerry <3":
            assert 'title "Tom & Jerry <3"' in text
        q = formats.parse(text, "x.non")[0]
        assert q.title == t


XML_TWO = ('<puzzle><color name="red" char="&#x7f;">f00</color><color name="blue" char="b">00f'
           '</color><clues type="rows"><line><count color="red">1</count><count color="blue">1'
           '</count></line></clues><clues type="columns"><line><count color="red">1</count>'
           '</line><line><count color="blue">1</count></line></clues></puzzle>')


@pytest.mark.parametrize("text, message", [
    ('{"colors": [{"name": "white", "char": ".", "rgb": "FFFFFF"}, {"name": "red", '
     '"char": "\\u0010", "rgb": "FF0000"}], "rows": [[[1, "\\u0010"]]], '
     '"columns": [[[1, "\\u0010"]]]}', "colors[1]: 'char' '\\x10' is not a printable character"),
    ('width 2\nheight 1\ngoal "\x10\x7f"\n', "line 3: the goal's '\\x10' cannot name a colour"),
    ("x\n#d\n 1:\x10 black\n: rows\n1\n: columns\n1\n:\n",
     "line 3: '\\x10' cannot be a colour's character (not printable)"),
    ('width 2\nheight 1\ngoal "12"\n', "line 3: the goal's '2' cannot name a colour"),
    ('width 2\nheight 1\ngoal "1\u0663"\n', "line 3: the goal's '\u0663' cannot name a colour"),
    ('width 2\nheight 1\ngoal "?1"\n', "line 3: the goal's '?' cannot name a colour"),
], ids=["json", "non", "g", "non-digit", "non-arabic-digit", "non-question"])
def test_colour_characters_must_be_printable(text, message):
    """A control character naming a colour was read, then written into XML (which
    cannot hold it) and state text (where it cannot be seen). A .non goal's digit other
    than 0 and 1, or its '?', was read as an undeclared colour (a typo made a two-colour
    puzzle), which its color line refuses."""
    with pytest.raises(PuzzleError) as e:
        formats.parse_one(text, "f")
    assert str(e.value) == f"f: {message}"
    bad = Puzzle(rows=[((1, 1),)], cols=[((1, 1),)], colors=[BACKGROUND, Color("x", "\x1b", "000")])
    with pytest.raises(PuzzleError, match="colour 'x' has an unusable character '.x1b'"):
        bad.validate()  # every reader's puzzle, and the API's


def test_xml_unprintable_colour_character_gets_a_spare_one():
    p = formats.parse_one(XML_TWO, "f")
    assert [c.char for c in p.colors] == [".", "a", "b"]
    again = formats.parse_one(formats.dump(p, "xml"), "again")
    assert (again.rows, again.cols) == (p.rows, p.cols)


def test_losses_name_what_a_format_drops_and_never_raise():
    (p,) = formats.parse("#.\n.#\n")
    p.title = "two"
    assert formats.losses([p], formats.dump(p, "xml"), "xml") is None
    assert formats.losses([p], formats.dump(p, "nin"), "nin") == \
        "the .nin output leaves out the title and the goal image"
    # an output its own reader refuses is said so, not a traceback after the output
    assert formats.losses([p], "width 3\n", "non") == \
        "the .non output cannot be read back (the file gives no width and height)"
