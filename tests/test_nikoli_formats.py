"""Nikoli families: puzz.link URLs and the text format (pysolver.nikoli.url, .model)."""
import random

import pytest

from pysolver.nikoli import model, url
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
def test_random_round_trips(family):
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
    ("https://puzz.link/p?heyawake/6/6/ll", "room borders need"),
    ("https://puzz.link/p?mashu/f/6/6/1063000i3000", "option 'f' is not supported"),
    ("https://puzz.link/p?nurikabe/0/5/", "out of range"),
    ("nurikabe 2x2\n. 1\n", "expected 2 rows"),
    ("nurikabe 2x2\n. 1\n. x\n", "row 2 column 2"),
    ("heyawake 2x1\na:1 a:2\n", "already has a number"),
    ("kakuro 2x2\n. .\n. .\n", "unknown puzzle family"),
    ("bag 2by2\n", "expected 'FAMILY WxH'"), ("bag 2xb\n", "not a size"),
])
def test_bad_input_one_line_error(text, words):
    with pytest.raises(NikoliError) as e:
        model.parse(text, "f.txt")
    assert words in str(e.value) and "\n" not in str(e.value)
    assert str(e.value).startswith("f.txt")


def test_looks_like():
    assert model.looks_like(EXAMPLES["bag"] + "\n")
    assert model.looks_like("# comment\nMasyu 3x3\n. . .\n. . .\n. . .\n")
    assert not model.looks_like("width 5\nheight 5\n")
