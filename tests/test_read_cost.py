"""A large picture is read a row at a time, in every format that holds one: a 2000x2000
picture took 2.2-2.9 CPU s and 400 MB to read, as every reader, the clues derived from it,
their check and the dicts the page gets went a cell (or a block) at a time in Python and
made a tuple per block. Measured without a clock: the Python calls made while it is read
(generators resumed included) grow with its rows, not with its cells."""
import json
import random
import sys

import pytest

from pysolver import api
from pysolver.nonogram import formats

N = 300  # 90,000 cells: a call a cell (or a block) is far past the bound below


def picture(seed):
    rng = random.Random(seed)
    return ["".join(rng.choice("#.") for _ in range(N)) for _ in range(N)]


def texts(rows):
    bits = [r.replace("#", "1").replace(".", "0") for r in rows]
    stride = (N + 7) // 8
    p4 = b"P4\n%d %d\n" % (N, N) + b"".join(
        int(b.ljust(stride * 8, "0"), 2).to_bytes(stride, "big") for b in bits)
    return {
        "grid": "\n".join(rows) + "\n",
        "pbm": f"P1\n{N} {N}\n" + "\n".join(bits) + "\n",
        "pbm-raw": p4,
        "non": f'width {N}\nheight {N}\ngoal "{"".join(bits)}"\n',
        "non-lines": f"width {N}\nheight {N}\ngoal\n" + "\n".join(bits) + "\n",
        "xml": "<puzzle><solution type='goal'><image>\n"
               + "\n".join(f"|{r.replace('#', 'X')}|" for r in rows) + "\n</image></solution></puzzle>",
        "json": json.dumps({"width": N, "height": N, "goal": rows}),
    }


def calls(read, text):
    count = [0]

    def profile(frame, event, arg):
        if event == "call":
            count[0] += 1

    sys.setprofile(profile)
    try:
        out = read(text)
    finally:
        sys.setprofile(None)
    return count[0], out


@pytest.mark.parametrize("fmt", list(texts(picture(0))))
def test_a_large_picture_is_read_a_row_at_a_time(fmt):
    warm = texts(picture(1))[fmt]  # imports and first-use caches: not the reading
    rows = picture(2)
    text = texts(rows)[fmt]
    if isinstance(text, bytes):  # a raw PBM: bytes, as the command line reads a file
        formats.parse(warm, "warm")
        n, (p,) = calls(lambda t: formats.parse(t, "p.pbm"), text)
        assert p.goal == rows
    else:
        api.read(warm, "warm")
        n, got = calls(lambda t: api.read(t, "p.txt"), text)  # the page's and the API's read
        (d,) = got["puzzles"]
        assert d["goal"] == rows and len(d["rows"]) == N
    assert n < 30 * N, f"{n} Python calls to read a {N}x{N} picture"


def test_a_large_picture_keeps_no_tuple_per_block():
    """Its clues share one (length, colour) pair per length: a tuple for each of a 2000x2000
    picture's two million blocks held 128 MB. Counted as objects, not as memory traced: what
    a process's caches hold depends on the tests it ran before."""
    (p,) = formats.parse(texts(picture(3))["grid"], "p.txt")
    blocks = [b for line in [*p.rows, *p.cols] for b in line]
    objects = len({id(b) for b in blocks})
    assert len(blocks) > 40_000 and objects == len(set(blocks)), \
        f"{objects} block objects for {len(set(blocks))} (length, colour) pairs"


def test_a_state_of_too_many_rows_is_refused_before_it_is_copied():
    """Five million short rows (16 MB) were split, then each row written again without its
    spaces (600 MB) before their count was found wrong: now it is found first."""
    import tracemalloc
    from pysolver.errors import PuzzleError
    from pysolver.nonogram.puzzle import cells_from_state
    p = formats.parse_one("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\n")
    text = "1 1\n" * 1_000_000  # not two cells a row: each was joined up again
    tracemalloc.start()
    try:
        with pytest.raises(PuzzleError, match="the state has 1000000 rows; the puzzle has 1"):
            cells_from_state(p, text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100 * 1_000_000, f"{peak} bytes"  # the split rows alone: about 68


def test_a_long_token_is_refused_without_a_loop_over_it():
    """The character named in a refused number (decode.unlike_ascii) is found in one pass:
    a 16 MB token was looked at a character at a time, a second before its message.
    Counted in the lines of Python run (a loop runs one a character)."""
    from pysolver import limits
    from pysolver.errors import PuzzleError
    token = "x" * 100_000 + "\u0661"
    count = [0]

    def trace(frame, event, arg):
        count[0] += event == "line"
        return trace

    sys.settrace(trace)
    try:
        with pytest.raises(PuzzleError) as e:
            limits.number(token, "line 2")
    finally:
        sys.settrace(None)
    assert "U+0661 is a digit other than 0-9" in str(e.value)
    assert count[0] < 1000, f"{count[0]} lines of Python run"  # a loop: 100,000
