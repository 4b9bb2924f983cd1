"""A puzzle of one colour that is not black (a red picture) keeps its colour: every reader
that can name a colour read it as black, so the page drew it black and convert wrote it
black. Its state text stays '#' (it plays as black and white)."""
import pytest

from pysolver.nonogram import formats
from pysolver.nonogram.formats import jsonfmt

RED = {  # the same red 2x2 in every format that can name its colour
    "non": 'color r #ff0000\nwidth 2\nheight 2\nrows\n1r\n1r\ncolumns\n1r\n1r\ngoal "r00r"\n',
    "json": '{"colors": [{"name": "white", "char": ".", "rgb": "FFFFFF"},'
            ' {"name": "red", "char": "r", "rgb": "FF0000"}], "goal": ["r.", ".r"]}',
    "xml": '<puzzle defaultcolor="red"><color name="red" char="r">FF0000</color>'
           '<solution><image>|r.|\n|.r|</image></solution></puzzle>',
    "g": "#d\n0:. white\n1:r #ff0000\n:\n1\n1\n:\n1\n1\n:\n",
}


@pytest.mark.parametrize("fmt", sorted(RED))
def test_a_one_colour_puzzle_keeps_its_colour(fmt):
    (p,) = formats.parse(RED[fmt], f"red.{fmt}")
    assert [(c.char, c.rgb) for c in p.colors] == [(".", "FFFFFF"), ("#", "FF0000")]
    assert p.colors[1].name == "red" and not p.is_color
    if fmt != "g":
        assert p.goal == ["#.", ".#"]


@pytest.mark.parametrize("to", ["non", "xml", "json"])
def test_convert_keeps_the_colour_where_the_format_can_say_it(to):
    (p,) = formats.parse(RED["non"])
    text = formats.dump(p, to)
    (q,) = formats.parse(text)
    assert q.colors == p.colors and q.colors[1].rgb == "FF0000" and q.goal == p.goal and q.rows == p.rows
    assert formats.losses([p], text, to) is None


def test_a_format_that_cannot_say_it_says_so():
    (p,) = formats.parse(RED["non"])
    assert formats.losses([p], formats.dump(p, "nin"), "nin") == (
        "the .nin output leaves out the goal image and changes the colours")


def test_black_stays_black_and_is_written_as_before():
    (p,) = formats.parse("#.\n.#\n")
    assert formats.dump(p, "non").count("color") == 0 and "1001" in formats.dump(p, "non")
    assert jsonfmt.to_dict(p)["colors"][1] == {"name": "black", "char": "#", "rgb": "000000"}
