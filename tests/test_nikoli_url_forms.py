"""puzz.link links as players paste them (pysolver.nikoli.url): every form puzz.link's
page (pzprjs) opens opens here as the same puzzle, and what it reads as another puzzle
or as nothing is refused in one sentence naming what is wrong."""
import pytest

from pysolver.app import cli
from pysolver.nikoli import read, url
from pysolver.nikoli.model import NikoliError

EXAMPLES = {  # as puzz.link writes them (tests/test_nikoli_formats.py)
    "nurikabe": "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    "heyawake": "https://puzz.link/p?heyawake/6/6/lll155007rs12222j",
    "masyu": "https://puzz.link/p?mashu/6/6/1063000i3000",
    "bag": "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g",
}


def board(text):
    g = read.parse(text, "link")
    return g.family, g.width, g.height, g.clues, g.rooms


@pytest.mark.parametrize("family, link", [
    # served from a folder: pzprjs reads what follows the "?" on any page
    ("nurikabe", "http://indi.s58.xrea.com/pzpr/v3/p.html?nurikabe/5/5/g5k2o1k3g"),
    ("masyu", "localhost:8000/dist/p.html?mashu/6/6/1063000i3000"),
    # a #fragment is never sent to the page; a site's tracking parameter after the body
    ("nurikabe", "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g#top"),
    ("bag", "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g&fbclid=IwAR0x_Yz-1"),
    ("heyawake", "https://puzz.link/p?type=player&heyawake/6/6/lll155007rs12222j&utm_source=x"),
    # a flag before the size that pzprjs reads nothing from for these families
    ("nurikabe", "https://puzz.link/p?nurikabe/x/5/5/g5k2o1k3g"),
    ("heyawake", "https://puzz.link/p?heyawake/b/6/6/lll155007rs12222j"),
    ("bag", "https://puzz.link/p?bag/c/6/6/g3q2h3jbj3i3i2g"),
    ("masyu", "https://puzz.link/p?pearl/x/6/6/1063000i3000"),
    ("nurikabe", "https://puzz.link/p?nurikabe/\u00b2/5/5/g5k2o1k3g"),  # not a number to JavaScript
])
def test_forms_puzz_link_opens_read_as_its_puzzle(family, link):
    assert board(link) == board(EXAMPLES[family])


@pytest.mark.parametrize("short, full", [
    # a body that stops short (its end cut off, or a "/" after it, as puzz.link ends one
    # whose last character is not a letter or digit): the cells past it empty
    ("nurikabe/5/5/g1h2i3k/", "nurikabe/5/5/g1h2i3k"),
    ("cave/6/6/g3q2h3j//", "cave/6/6/g3q2h3j"),
    ("mashu/6/6/1063/", "mashu/6/6/1063"),
    # Heyawake's room borders likewise: the borders past the body are none, no numbers
    ("heyawake/6/6/lll1550", "heyawake/6/6/lll155000000"),
    ("heyawake/6/6/lll1550/", "heyawake/6/6/lll155000000"),
    ("heyawake/6/6/", "heyawake/6/6/000000000000"),
    ("heyawake/6/6", "heyawake/6/6/000000000000"),
])
def test_a_short_body_reads_as_puzz_link_reads_it(short, full):
    assert board("https://puzz.link/p?" + short) == board("https://puzz.link/p?" + full)


def test_a_heyawake_link_without_a_body_is_one_room():
    assert read.parse("https://puzz.link/p?heyawake/2/2", "link").rooms == [0, 0, 0, 0]


@pytest.mark.parametrize("tail, words", [
    ("ayeheya/6/6/lll155007rs12222j", "'ayeheya' is puzz.link's Ayeheya, a different puzzle "
                                      "from Heyawake; this solver does not play it"),
    ("sumiwake/6/6/lll155007rs12222j", "'sumiwake' is puzz.link's Sumiwake, a different"),
    ("kurodoko/6/6/g3q2h3jbj3i3i2g", "Kurodoko, a different puzzle from Bag"),
    ("nuribou/5/5/g5k2o1k3g", "Nuribou, a different puzzle from Nurikabe"),
    ("pzprv3/nurikabe/3/3/1%20.%20.%20/", "a link to a whole saved board (pzprv3/..., as "
                                          "puzz.link's Duplicate writes it) is not read"),
    ("type=editor&pzprv3.1/mashu/3/3/", "a link to a whole saved board (pzprv3.1/..."),
    # Masyu's flag f: a loop through every cell, another rule
    ("mashu/f/6/6/1063000i3000", "option 'f' is not supported for masyu (its loop must pass "
                                 "through every cell)"),
    ("pearl/xf/6/6/1063000i3000", "option 'xf' is not supported for masyu"),
    # a number JavaScript reads that is no size written in digits
    ("nurikabe/0x5/5/", "the width '0x5' is not written in digits"),
    ("nurikabe/5/1e1/", "the height '1e1' is not written in digits"),
    ("nurikabe/x/5/", "expected nurikabe/WIDTH/HEIGHT/... after '?'"),
    # cut short before its size, as a link half copied: said so
    ("nurikabe", "expected nurikabe/WIDTH/HEIGHT/... after '?' (the link ends before its size: was it copied whole?)"),
    ("masyu/6", "(the link ends before its size: was it copied whole?)"),
    ("heyawake/6/", "(the link ends before its size: was it copied whole?)"),
    ("heyawake/6/6/l!", "unexpected character '!' in the room borders (character 2)"),
])
def test_what_is_not_the_puzzle_is_named(tail, words):
    with pytest.raises(NikoliError) as e:
        read.parse("https://puzz.link/p?" + tail, "link")
    assert words in str(e.value) and "\n" not in str(e.value), str(e.value)


def test_a_link_without_https_is_read_on_the_command_line(tmp_path, capsys, monkeypatch):
    """The address as copied from a browser's bar often lacks its scheme: it said
    "cannot read (No such file or directory)"; a file of that name is still read first."""
    for link in ("puzz.link/p?nurikabe/2/2/1", "pzv.jp/p.html?nurikabe/2/2/1/"):
        assert cli.main(["solve", link]) == 0
        out, err = capsys.readouterr()
        assert out.splitlines()[0].startswith(f"{link}: nurikabe, unique") and not err
    monkeypatch.chdir(tmp_path)
    (tmp_path / "puzz.link").mkdir()
    (tmp_path / "puzz.link" / "p?nurikabe").write_text("nurikabe 2x1\n1 .\n")
    assert cli.main(["solve", "puzz.link/p?nurikabe"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == ".#"
