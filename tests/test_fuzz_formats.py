"""Fuzzing the readers: malformed files give PuzzleError, never another exception or a hang.

Inputs are random text, and valid files of every format (webpbn XML, .non,
.nin, TAAI, picross text, Olšák .g, JSON, text and PBM pictures) mutated by
deleting, inserting, duplicating and swapping pieces and by swapping numbers
for odd ones. Each parse must finish within 2 s of this process's CPU (a hang would
grow it past that; a busy machine does not, where a wall-clock deadline would fail);
whatever it returns must be valid puzzles.
"""
import os
import time

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pysolver.nonogram import formats
from pysolver.nonogram.formats import image
from pysolver.errors import PuzzleError
from pysolver.nonogram.puzzle import BACKGROUND, Color, Puzzle, puzzle_from_grid

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", 300)), deadline=None,
                derandomize=not os.environ.get("FUZZ_EXAMPLES"),
                suppress_health_check=[HealthCheck.too_slow])


def _samples():
    colors = [BACKGROUND, Color("red", "r", "FF0000"), Color("blue", "b", "0000FF")]
    colour = puzzle_from_grid([[1, 1, 2, 0], [0, 2, 2, 1], [1, 0, 0, 1]], colors, title="c &")
    bw = puzzle_from_grid([[1, 0, 1], [1, 1, 0], [0, 1, 1]], title='say "hi"')
    texts = [formats.dump(p, f) for p in (colour, bw) for f in ("non", "xml", "json")]
    texts += [
        formats.dump(bw, "nin"),
        "$1\n2\n1\n1\n2\n$2\n1\t0\n1\t1\n",
        "# c\nGRID a\nROWS\n[ 1 ]\n[ ]\nCOLUMNS\n[ 1 ]\n[ ]\nGRID b\nROWS\n[ 2 ]\nCOLUMNS\n[1]\n[1]\n",
        "text\n#d\n 1:* black\n m:% blue\n: rows\n1 1m\n\n: columns\n1\n1m\n:\n",
        "|#.#|\n|##.|\n",
        "P1\n3 3\n1 0 1\n1 1 0\n0 1 1\n",  # bw's goal as a plain PBM
        '<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd"><puzzleset><puzzle>'
        "<title>&eacute;</title><solution><image>|X.|\n|XX|</image></solution></puzzle></puzzleset>",
    ]
    return texts


SAMPLES = _samples()
ODD_NUMBERS = ["0", "-1", "99999999999999999999", "1e3", "٣", "00", "3x", ""]


def check(text):
    t = time.process_time()
    try:
        items = formats.parse_each(text, "fuzz.txt")
    except PuzzleError:  # parse_each reports errors as items, never raises
        raise AssertionError("parse_each raised instead of returning the error")
    assert items, "no result and no error"
    for x in items:
        if isinstance(x, Puzzle):
            x.validate()
        else:
            assert isinstance(x, PuzzleError) and str(x).startswith("fuzz.txt: ")
    assert time.process_time() - t < 2, f"{time.process_time() - t:.2f} CPU s for one parse"


@FUZZ
@given(st.text(max_size=400))
def test_random_text(text):
    check(text)


@FUZZ
@given(st.sampled_from(SAMPLES), st.lists(st.tuples(
    st.sampled_from(["delete", "insert", "duplicate", "swap", "number"]),
    st.integers(0, 10_000), st.integers(0, 10_000), st.text(max_size=8),
    st.sampled_from(ODD_NUMBERS)), min_size=1, max_size=4))
def test_mutated_files(text, edits):
    for kind, a, b, junk, odd in edits:
        if not text:
            break
        a, b = sorted((a % len(text), b % len(text)))
        if kind == "delete":
            text = text[:a] + text[b:]
        elif kind == "insert":
            text = text[:a] + junk + text[a:]
        elif kind == "duplicate":
            lines = text.splitlines(True)
            i = a % len(lines)
            text = "".join(lines[:i + 1] + lines[i:])
        elif kind == "swap":
            lines = text.splitlines(True)
            i, j = a % len(lines), b % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
            text = "".join(lines)
        else:
            digits = [k for k, ch in enumerate(text) if ch.isdigit()]
            if digits:
                k = digits[a % len(digits)]
                text = text[:k] + odd + text[k + 1:]
    check(text)


@FUZZ
@given(st.sampled_from([b"P1\n", b"P4\n", b"P4 3 2\n", b"P1 2 2 "]), st.binary(max_size=64))
def test_random_pbm_bytes(head, tail):
    for x in image.parse_pbm(head + tail):
        assert isinstance(x, (Puzzle, PuzzleError))


@FUZZ
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                        st.sampled_from(["rows", "columns", "colors", "goal", "width", "name",
                                         "char", "rgb", "format", "version", "title"]),
                        inner, max_size=5), max_leaves=20))
def test_random_json_values(value):
    import json
    check(json.dumps({"rows": value, "columns": value}))
    check(json.dumps(value))
