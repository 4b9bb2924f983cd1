"""Nikoli families: puzz.link URLs and the text format (pysolver.nikoli.url, .model)."""
import random

import pytest

from pysolver import limits
from pysolver.nikoli import model, read, url
from pysolver.nikoli.model import UNKNOWN, Grid, NikoliError

# pzprjs's own example puzzles (its test/script/*.js), as puzz.link writes them
EXAMPLES = {
    "nurikabe": "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g",
    "heyawake": "https://puzz.link/p?heyawake/6/6/lll155007rs12222j",
    "masyu": "https://puzz.link/p?mashu/6/6/1063000i3000",
    "bag": "https://puzz.link/p?cave/6/6/g3q2h3jbj3i3i2g",
}


@pytest.mark.parametrize("family", sorted(EXAMPLES))
def test_examples_round_trip(family):
    g = url.read_url(EXAMPLES[family])
    assert g.family == family
    assert url.write_url(g) == EXAMPLES[family]
    assert url.write_url(model.parse_text(model.to_text(g))) == EXAMPLES[family]


def test_examples_decode_as_pzprjs_boards():
    g = url.read_url(EXAMPLES["nurikabe"])
    assert g.clues == {(1, 0): 5, (2, 1): 2, (2, 3): 1, (3, 4): 3}
    h = url.read_url(EXAMPLES["heyawake"])  # pzprjs: rooms 0 1 1 2 2 3 / ... / 5 5 5 6 6 7
    assert h.rooms[:6] == [0, 1, 1, 2, 2, 3] and h.rooms[-6:] == [5, 5, 5, 6, 6, 7]
    assert h.room_numbers() == {0: 2, 1: 2, 2: 2, 3: 2}
    m = url.read_url(EXAMPLES["masyu"])
    assert m.clues == {(2, 0): 1, (1, 1): 2, (4, 1): 1, (3, 3): 2, (1, 4): 1}
    b = url.read_url(EXAMPLES["bag"])
    assert b.clues[(3, 3)] == 11 and len(b.clues) == 7


@pytest.mark.parametrize("host", ["http://pzv.jp/p.html?", "https://puzz.link/p?",
                                  "http://puzz.link/p?type=editor&"])
@pytest.mark.parametrize("pid", ["cave", "bag", "cave_edit"])
def test_hosts_and_aliases(host, pid):
    g = url.read_url(f"{host}{pid}/6/6/g3q2h3jbj3i3i2g")
    assert url.write_url(g) == EXAMPLES["bag"]
    assert url.read_url("https://puzz.link/p?masyu/6/6/1063000i3000").family == "masyu"


def _random_grid(rng, family):
    w, h = rng.randint(1, 25), rng.randint(1, 25)
    g = Grid(family, w, h)
    for c in g.cells():
        if rng.random() < 0.3:
            if family == "masyu":
                g.clues[c] = rng.choice((1, 2))
            else:
                g.clues[c] = rng.choice((UNKNOWN, rng.randint(0, 15), rng.randint(16, 300),
                                         rng.randint(0, 90000)))
    if family == "heyawake":
        labels = [rng.randint(0, 3) for _ in range(w * h)]
        g.rooms = model.relabel_rooms(labels, w)
        clues = {}
        for r, c in model.top_cells(g).items():
            if rng.random() < 0.5:
                clues[c] = rng.choice((UNKNOWN, rng.randint(0, 20)))
        g.clues = clues
    return g


@pytest.mark.parametrize("family", model.FAMILIES)
def test_random_round_trips(family, monkeypatch):
    # the grids are random (clues to 90,000, many "?"): the grounding cap is not tested here
    monkeypatch.setattr(limits, "MAX_NURIKABE_WORK", 10 ** 9)
    rng = random.Random(family)
    for _ in range(60):
        g = _random_grid(rng, family)
        back = url.read_url(url.write_url(g))
        assert (back.width, back.height, back.clues, back.rooms) == \
            (g.width, g.height, g.clues, g.rooms)
        again = model.parse_text(model.to_text(g))
        assert (again.clues, again.rooms) == (g.clues, g.rooms)


@pytest.mark.parametrize("text, words", [
    ("https://puzz.link/p?nurikabe/5/x/g5", "WIDTH/HEIGHT"),
    ("https://puzz.link/p?sudoku/5/5/g5", "unknown puzzle family"),
    ("https://puzz.link/p?nurikabe/5/5/g5!", "unexpected character '!'"),
    ("https://puzz.link/p?nurikabe/5/5/-1", "bad number"),
    ("https://puzz.link/p?heyawake/6/6/ll!", "unexpected character '!' in the room borders"),
    ("https://puzz.link/p?mashu/f/6/6/1063000i3000", "option 'f' is not supported"),
    ("https://puzz.link/p?nurikabe/0/5/", "out of range"),
    ("https://puzz.link/p?nurikabe/-7/7/g5", "the width -7 is not a size (at least 1)"),   # not "option '-7'"
    ("https://puzz.link/p?nurikabe/7/-7/g5", "the height -7 is not a size"),
    ("nurikabe 2x2\n. 1\n", "expected 2 rows"),
    ("nurikabe 2x2\n. 1\n. x\n", "row 2 column 2"),
    ("heyawake 2x1\na:1 a:2\n", "already has a number"),
    ("kakuro 2x2\n. .\n. .\n", "unknown puzzle family"),
    # a mistyped family is told the one it surely meant (a pasted link said only which there are)
    ("https://puzz.link/p?nurikabee/7/7/g5", "unknown puzzle family 'nurikabee' (did you mean 'nurikabe'? choose one of "),
    ("https://puzz.link/p?mashuu/7/7/g5", "(did you mean 'mashu'? "),
    ("https://puzz.link/p?sudoku/5/5/g5", "unknown puzzle family 'sudoku' (choose one of "),
    # a mangled link's family is quoted, not pages of it
    ("https://puzz.link/p?" + "A" * 5000 + "/5/5/g5", "unknown puzzle family 'AAAAAAAAAAAAAAAAAAAA…' ("),
    ("bag 2by2\n", "expected 'FAMILY WxH'"), ("bag 2xb\n", "not a size"),
])
def test_bad_input_one_line_error(text, words):
    with pytest.raises(NikoliError) as e:
        read.parse(text, "f.txt")
    assert words in str(e.value) and "\n" not in str(e.value)
    assert str(e.value).startswith("f.txt")


def test_looks_like():
    assert read.looks_like(EXAMPLES["bag"] + "\n")
    assert read.looks_like("# comment\nMasyu 3x3\n. . .\n. . .\n. . .\n")
    assert not read.looks_like("width 5\nheight 5\n")


def test_builtins_read_and_index():
    import json
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "web" / "puzzles" / "nikoli"
    index = json.loads((folder / "index.json").read_text())
    assert "generated by the pysolver project" in index["attribution"]
    for entry in index["puzzles"]:
        text = (folder / entry["file"]).read_text()
        g = read.parse(text, entry["file"])
        assert url.write_url(g) == entry["url"] and g.family == entry["family"]
        assert 7 <= g.width <= 20 and entry["difficulty"]
        assert entry["board"] == {"clues": model.clue_list(g), "rooms": g.rooms}  # thumbnails
        body = "\n".join(ln[2:] for ln in text.splitlines()[3:])  # the text copy
        assert url.write_url(model.parse_text(body)) == entry["url"]


@pytest.mark.parametrize("text", ["nurikabe 3x2\n0 . 2\n. . .\n", "bag 2x2\n0 .\n. 3\n",
                                  "heyawake 3x2\na:0 a   b:0\nc   c   b\n"])
def test_zero_clues_round_trip(text):
    g = model.parse_text(text)
    assert 0 in g.clues.values()
    assert model.to_text(g) == text
    back = url.read_url(url.write_url(g))
    assert (back.clues, back.rooms) == (g.clues, g.rooms)


def test_size_policy_is_the_projects():
    from pysolver import limits

    side = limits.MAX_SIDE
    big = url.read_url(f"https://puzz.link/p?nurikabe/{side}/1/")  # past the old cap of 100
    assert big.width == side
    for bad, words in ((f"nurikabe/{side + 1}/1/", f"limit is {side} cells a side"),
                       ("mashu/3/0/", "out of range")):
        with pytest.raises(model.NikoliError, match=words):
            url.read_url("https://puzz.link/p?" + bad)
    with pytest.raises(model.NikoliError, match=f"t.txt:1: .*limit is {side} cells a side"):
        model.parse_text(f"bag {side + 1}x1\n", "t.txt")


def test_a_text_of_many_lines_is_read_line_by_line():
    """The family's text and the first-line test read lines one at a time, the rows past
    the height counted, not kept: a 16 MB text took 900 MB (split whole, twice)."""
    import tracemalloc
    from pysolver.errors import PuzzleError
    from pysolver.nikoli import model, read
    text = "# c\n\nnurikabe 2x2\n. .\n. .\n" + "x\n" * 300_000
    tracemalloc.start()
    try:
        with pytest.raises(PuzzleError) as e:
            read.parse(text, "g")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert str(e.value) == "g: expected 2 rows after the header, found 300002"
    assert peak < 2_000_000  # bytes (split whole: 40 MB)
    from pysolver.decode import lines
    for t in ("a\x0c \x85\n\x85\r\n\x0ca\x1c\n\n", "\r\r\n\n", "x", "", "a\u2028b\rc"):
        assert list(model.text_lines(t)) == lines(t)  # broken at \n, \r\n and \r only
    with pytest.raises(PuzzleError, match="larger than the limit of 16 MB"):
        model.parse_text("nurikabe 2x2\n" + " " * (16 << 20), "big")


@pytest.mark.parametrize("tail, words", [
    ("nurikabe/5/5/zzz3", r"the clues run past the end of the grid \(character 2\): is the size"),
    ("heyawake/2/2/00zz1", "the clues run past the end of the grid"),
    ("nurikabe/3/3/g3q2h3jbj3i3i2g", "the clues run past the end of the grid"),
    ("mashu/3/3/1063000i3000", "9 characters left over after the clues of a 3x3 grid"),
    ("nurikabe/2/1/12345", "3 characters left over after the clues of a 2x1 grid")])
def test_a_link_made_for_another_size_is_refused(tail, words):
    """Such a link opened as an empty or cut board (pzprjs drops what is past the grid);
    the encoder never writes it, so it is a size typed wrong or a link cut and joined."""
    with pytest.raises(model.NikoliError, match=words):
        url.read_url("https://puzz.link/p?" + tail)
    assert url.read_url("https://puzz.link/p?nurikabe/2/1/12/").clues == {(0, 0): 1, (1, 0): 2}


def test_a_file_of_urls_holds_one_puzzle_a_line(tmp_path, capsys):
    """A collection of puzz.link URLs, one a line: every one is read (before, the lines after
    the first were dropped without a word); a line that is not a URL is named."""
    from pysolver import api
    from pysolver.app import cli
    from pysolver.errors import PuzzleError

    first = "https://puzz.link/p?nurikabe/5/5/g5k2o1k3g"
    text = f"# two of them\n{first}\n\n{EXAMPLES['nurikabe'].replace('g5k', 'g4k')}\n"
    grids = read.parse_all(text, "two.txt")
    assert [g.family for g in grids] == ["nurikabe", "nurikabe"] and grids[0] != grids[1]
    assert len(api.read(text, "two.txt")["puzzles"]) == 2
    # a line of something else: that line's error, the others still read
    items = read.parse_all(text + "nurikabe 2x2\n", "two.txt")
    assert len(items) == 3 and str(items[2]).startswith("two.txt, line 5: not a puzz.link URL")
    with pytest.raises(NikoliError, match="line 5: not a puzz.link URL"):
        api.read(text + "nurikabe 2x2\n", "two.txt")
    # families mixed in one file: each puzzle of its own (a player's list of links)
    mixed = api.read(f"{first}\n{EXAMPLES['masyu']}\n{EXAMPLES['heyawake']}\n", "mixed.txt")
    assert [d["family"] for d in mixed["puzzles"]] == ["nurikabe", "masyu", "heyawake"]
    # a broken line among them is named by its line
    with pytest.raises(NikoliError, match="mixed.txt, line 2: "):
        api.read(f"{first}\nhttps://puzz.link/p?masyu/\n{EXAMPLES['heyawake']}\n", "mixed.txt")
    # one puzzle of another family, read by a genre that is not its own: refused by name
    with pytest.raises(PuzzleError, match="one.txt: a masyu puzzle, not nurikabe"):
        api.read(EXAMPLES["masyu"], "one.txt", ["nurikabe"])
    # one URL with a comment after it: one puzzle, as before
    assert len(read.parse_all(f"{first}\n# the same as text\n", "one.txt")) == 1
    # the commands that take one puzzle say how to check them all
    path = tmp_path / "two.txt"
    path.write_text(text)
    assert cli.main(["check", str(path)]) == 2
    assert "holds 2 puzzles (one URL a line); this takes one (pysolver batch checks them all)" in capsys.readouterr().err


@pytest.mark.parametrize("to", ["url", "text"])
def test_a_title_and_author_travel_as_comments(to):
    """puzz.link's URLs carry no title: a file does, as `# title:` and `# by:` comments before
    its puzzle (other readers skip comments), written by convert and read back by the reader
    into the puzzle dict; one line each, within a length."""
    from pysolver import api
    from pysolver.nikoli import genre

    dict_ = api.read(EXAMPLES["heyawake"], "x.txt")["puzzles"][0]
    assert "title" not in dict_ and "author" not in dict_
    hostile = "<img src=x onerror=alert(1)>\n# by: someone else " + "x" * 300
    text = genre.convert({**dict_, "title": hostile, "author": "Ann  Lee"}, to)["text"]
    lines = text.splitlines()
    assert lines[0].startswith("# title: <img src=x onerror=alert(1)> # by: someone else xxx")
    assert len(lines[0]) == len("# title: ") + read.MAX_META and lines[1] == "# by: Ann Lee"
    back = api.read(text, "back.txt")["puzzles"][0]
    assert back["title"] == lines[0][len("# title: "):] and back["author"] == "Ann Lee"
    assert back["url"] == dict_["url"]
    # untitled: no comment, as before
    assert genre.convert(dict_, to)["text"] == (dict_["url"] + "\n" if to == "url" else model.to_text(read.parse(EXAMPLES["heyawake"])))


def test_a_title_has_no_control_characters():
    grid = read.parse(f"# title: red\x1b[31m alert\x07\ud800\n{EXAMPLES['bag']}\n")
    assert grid.title == "red [31m alert \ufffd"


def test_titles_in_a_file_of_urls_name_the_url_after_them():
    text = (f"# title: First\n{EXAMPLES['nurikabe']}\n# the same as text: not a title\n"
            f"{EXAMPLES['masyu']}\n# by: Bo\n# TITLE : Third\n{EXAMPLES['bag']}\n")
    grids = read.parse_all(text, "three.txt")
    assert [(g.title, g.author) for g in grids] == [("First", ""), ("", ""), ("Third", "Bo")]
