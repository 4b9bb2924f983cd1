"""The worker's Nikoli reading and rule-check requests (web/py/bridge.py): the shapes the
play screen draws from, one-line errors for bad input, and the checker's verdict."""
import json
import sys
from pathlib import Path

import pytest

from pysolver.nikoli import aspsolve, read

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "py"))
import bridge  # noqa: E402

HEYAWAKE = "https://puzz.link/p?heyawake/7/7/73irtten807vs0vo00l0g0i2g11g"


def call(kind, payload):
    return json.loads(bridge.call(kind, json.dumps(payload)))


def test_parse_url_and_text_give_the_same_puzzle():
    url = call("nikoli_parse", {"text": HEYAWAKE, "filename": "u"})["result"]
    text = (Path(__file__).resolve().parents[1] / "web/puzzles/nikoli/heyawake-7x7-1.txt").read_text()
    from_text = call("nikoli_parse", {"text": "\n".join(ln[2:] for ln in text.splitlines()[3:]), "filename": "t"})["result"]
    assert url == from_text
    assert url["family"] == "heyawake" and url["url"] == HEYAWAKE
    assert len(url["rooms"]) == 49 and [4, 4, 2] in url["clues"]
    masyu = call("nikoli_parse", {"text": "masyu 3x2\nw . b\n. . .\n", "filename": "m"})["result"]
    assert masyu["clues"] == [[0, 0, 1], [2, 0, 2]] and masyu["rooms"] is None


def test_bad_input_is_one_line_naming_where():
    for text in ("https://puzz.link/p?nurikabe/7/x/h4", "nurikabe 2x2\n1 .\n", "bag 2x2\n1 z\n. .\n"):
        err = call("nikoli_parse", {"text": text, "filename": "f.txt"})["error"]
        assert err["kind"] == "puzzle" and "\n" not in err["message"] and err["message"].startswith("f.txt")


def test_check_names_broken_rules_and_passes_a_solution():
    bad = call("nikoli_check", {"url": HEYAWAKE, "rows": ["##?????"] + ["?" * 7] * 6})["result"]
    assert [v["rule"] for v in bad["violations"]] == ["H1"] and bad["violations"][0]["cells"] == [[1, 1], [1, 2]]
    pytest.importorskip("clingo")
    rows = aspsolve.solve(read.parse(HEYAWAKE), 1)["solutions"][0]
    assert call("nikoli_check", {"url": HEYAWAKE, "rows": rows})["result"] == {"violations": []}


def test_read_among_genres_is_what_the_page_sends_for_each_reader():
    # the Nikoli reader: read among the grid genres is nikoli_parse (same dict, same errors)
    nikoli = ["nurikabe", "heyawake", "masyu", "bag"]
    out = call("read", {"text": HEYAWAKE, "filename": "u", "genres": nikoli})["result"]
    assert out["genre"] == "heyawake"
    assert dict(out["puzzles"][0], format=out["format"]) == call("nikoli_parse", {"text": HEYAWAKE, "filename": "u"})["result"]
    for text in ("https://puzz.link/p?nurikabe/7/x/h4", "bag 2x2\n1 z\n. .\n", "10 10\n1 2\n"):
        got = call("read", {"text": text, "filename": "f.txt", "genres": nikoli})
        assert got == call("nikoli_parse", {"text": text, "filename": "f.txt"}), text
    # the nonogram reader: read among ["nonogram"] is parse, even for a Nikoli link
    for text in ("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\n", HEYAWAKE):
        got = call("read", {"text": text, "filename": "f.non", "genres": ["nonogram"]})
        old = call("parse", {"text": text, "filename": "f.non"})
        assert ("error" in got) == ("error" in old) and got.get("error") == old.get("error"), text
        if "result" in got:
            assert got["result"]["puzzles"] == old["result"]["puzzles"] and got["result"]["genre"] == "nonogram"
    for bad in ([], "nonogram", [1], ["sudoku"]):
        err = call("read", {"text": HEYAWAKE, "genres": bad})["error"]
        assert err["kind"] == "puzzle" and "genre" in err["message"]
