"""The fuzzer's inputs (tests/fuzzing.py runs them): real files and hand-made texts of
every format, their mutations, a systematic sweep of each format's smallest file, and
the tasks' and the API's JSON arguments. Everything is made from a seed: the same
arguments give the same inputs."""
from __future__ import annotations

import inspect
import json
import os
import random
import re
from pathlib import Path

from pysolver import api, registry

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("PYSOLVER_SHARED", ROOT.parent / "shared")) / "puzzles"  # as conftest

HAND = [
    b"$1\n2\n1\n1\n2\n$2\n1\t0\n1\t1\n",  # TAAI
    b"# c\nGRID a\nROWS\n[ 1 ]\n[ ]\nCOLUMNS\n[ 1 ]\n[ ]\n",  # picross-solver
    b"text\n#d\n 1:* black\n m:% blue\n: rows\n1 1m\n\n: columns\n1\n1m\n:\n",  # Olsak .g
    b"|#.#|\n|##.|\n",  # text grid
    b"P1\n3 3\n1 0 1\n1 1 0\n0 1 1\n",  # plain PBM
    b"P4\n8 2\n\xa5\x5a",  # raw PBM
    b'{"title": "t", "rows": [[1], [2]], "columns": [[2], [1]], "goal": ["#.", "##"]}',
    b'{"format": "pysolver", "colors": [{"name": "white", "char": ".", "rgb": "FFFFFF"}, '
    b'{"name": "red", "char": "r", "rgb": "FF0000"}], "rows": [[[1, "r"]]], '
    b'"columns": [[[1, "r"]]]}',
    b"https://puzz.link/p?nurikabe/3/3/g5h\n",
    b"http://pzv.jp/p.html?heyawake/4/4/0g0g0012\n",
    b"https://puzz.link/p?mashu/4/4/0390i0\n",
    b"https://puzz.link/p?cave/3/3/1g2h3\n",
    b"nurikabe 3x3\n. 2 .\n. . .\n1 . .\n",
    b"masyu 3x3\nw . b\n. . .\n. w .\n",
    b"heyawake 2x2\na:1 a\nb b:?\n",
    b"bag 3x3\n2 . .\n. . .\n. . 3\n",
    b"#.\n##\n",  # a state of HAND[6] (and a picture)
    b"??\n?X\n",
]

BIGGEST = 17 << 20  # a little past the size cap (pysolver.limits.MAX_FILE_BYTES)
# pieces put in at a random place or in place of a number
ODD = [b"0", b"-1", b"-7", b"1000000000", b"999999999", b"9" * 40, b"00000001", b"1e9",
       b"0x10", b"+3", b"3.5", b"\xd9\xa3", b"\xc2\xb2", b"NaN", b"Infinity", b"null", b"[]",
       b"{}", b'""', b"true"]
JUNK = [b"\x00", b"\xff", b"\xc3", b"\x80", b"\xed\xa0\x80", b"\xef\xbb\xbf", b"\r", b"\r\n",
        b"\x1b[2J", b"\t", "\u2028".encode(), b"<", b">", b"&",
        b"&amp;", b"&#0;", b"&#x110000;", b"]]>", b"<!--", b'"', b"'", b",", b":", b"[", b"]",
        b"{", b"}", b"#", b"=cmd|' /C calc'!A0", b"<script>alert(1)</script>", b"%", b"%00",
        b"%zz", b"?", b"/", b"$", b"=====\n", b"\n\n", b" ", b"\x7f"]
XML_HEAD = (b'<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY a "aaaaaaaaaa">'
            b'<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">'
            b'<!ENTITY ext SYSTEM "file:///etc/passwd">]>\n')


def seeds(limit_per_folder: int | None = None) -> list[tuple[str, bytes]]:
    """(name, bytes) of the real files and the hand-made ones, smallest first per folder."""
    out = [(f"hand{i}", b) for i, b in enumerate(HAND)]
    folders = [SHARED / d for d in ("webpbn", "jwilk", "nonogram-db", "taai", "nonodataset",
                                    "invalid")]
    folders += [ROOT / "web" / "puzzles" / d for d in ("webpbn", "jwilk", "nonogram-db",
                                                       "qnonograms", "nikoli")]
    for folder in folders:
        if not folder.is_dir():
            continue
        files = sorted((p for p in folder.rglob("*") if p.is_file() and p.suffix not in (
            ".md", ".tsv") and "LICENSE" not in p.name), key=lambda p: (p.stat().st_size, p.name))
        files = [p for p in files if p.stat().st_size < 200_000]
        if limit_per_folder:
            files = files[:: max(1, len(files) // limit_per_folder)][:limit_per_folder]
        out += [(str(p.relative_to(p.parents[2])), p.read_bytes()) for p in files]
    for p in sorted((ROOT / "web" / "puzzles").glob("*.json")):
        if p.name != "catalogue.json":
            out.append((p.name, p.read_bytes()))
    return out


# -- mutations ----------------------------------------------------------------------

def _lines(data):
    return data.splitlines(keepends=True) or [data]


def mutate(data: bytes, rng: random.Random) -> bytes:
    """One to three random edits of data."""
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        data = rng.choice(MUTATIONS)(data, rng)[:BIGGEST]
    return data


def _pos(data, rng):
    return rng.randrange(len(data) + 1)


def truncate(data, rng):
    return data[:_pos(data, rng)]


def flip(data, rng):
    if not data:
        return data
    i = rng.randrange(len(data))
    return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1:]


def put_byte(data, rng):
    i = _pos(data, rng)
    return data[:i] + rng.choice(JUNK) + data[i + rng.choice((0, 1)):]


def bom(data, rng):
    return rng.choice((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff", b"\xef\xbb\xbf" * 2)) + data


def line_endings(data, rng):
    return b"".join(ln.rstrip(b"\r\n") + rng.choice((b"\n", b"\r\n", b"\r", b"\n\r", b""))
                    for ln in _lines(data))


def number(data, rng):
    spans = [m.span() for m in re.finditer(rb"\d+", data)]
    if not spans:
        return put_byte(data, rng)
    a, b = rng.choice(spans)
    return data[:a] + rng.choice(ODD) + data[b:]


def many_numbers(data, rng):
    """Every number the same odd one (all clues 0, all sizes huge...)."""
    odd = rng.choice((b"0", b"1", b"2000", b"2001", b"1000000000", b"-1"))
    return re.sub(rb"\d+", lambda m: odd, data)


def delete_line(data, rng):
    lines = _lines(data)
    del lines[rng.randrange(len(lines))]
    return b"".join(lines)


def duplicate_lines(data, rng):
    lines = _lines(data)
    i = rng.randrange(len(lines))
    j = min(len(lines), i + rng.choice((1, 1, 3, 10, 1000)))
    times = rng.choice((2, 2, 3, 100, 5000))
    times = min(times, BIGGEST // max(1, sum(map(len, lines[i:j]))) + 1)  # the fuzzer's memory
    return b"".join(lines[:i] + lines[i:j] * times + lines[j:])


def swap_lines(data, rng):
    lines = _lines(data)
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[i], lines[j] = lines[j], lines[i]
    return b"".join(lines)


def splice(data, rng):
    """A piece of another seed's text (sections of one format inside another)."""
    other = rng.choice(HAND)
    i, a = _pos(data, rng), rng.randrange(len(other))
    return data[:i] + other[a:a + rng.randrange(1, 80)] + data[i:]


def nest(data, rng):
    depth = rng.choice((70, 1000, 100_000))
    i = _pos(data, rng)
    opener, closer = rng.choice(((b"[", b"]"), (b"{\"a\":", b"}"), (b"<a>", b"</a>"),
                                 (b"<puzzle>", b"</puzzle>")))
    return data[:i] + opener * depth + closer * rng.choice((0, depth)) + data[i:]


def xml_head(data, rng):
    body = re.sub(rb"^\s*<\?xml[^>]*>\s*(<!DOCTYPE[^>]*>)?", b"", data)
    body = body.replace(b"<title>", b"<title>&c;&ext;", 1)
    return XML_HEAD + body


def colours(data, rng):
    """A colour definition dropped or doubled (XML <color>, .non/.g colour lines, JSON)."""
    pats = [rb"<color[^>]*>[^<]*</color>\s*", rb"(?m)^color\w*\s.*\n", rb"(?m)^ *\w:\S+ .*\n",
            rb'\{"name": [^}]*\}, ?']
    spans = [m.span() for p in pats for m in re.finditer(p, data)]
    if not spans:
        return duplicate_lines(data, rng)
    a, b = rng.choice(spans)
    return data[:a] + data[a:b] * rng.choice((0, 2)) + data[b:]


def url_part(data, rng):
    """A puzzle link's size, body or query changed."""
    text = data.split(b"\n", 1)[0]
    if b"?" not in text:
        return number(data, rng)
    edit = rng.randrange(5)
    if edit == 0:
        return text + rng.choice((b"&x=1", b"#frag", b"/extra/parts", b"?again", b"%2F"))
    if edit == 1:
        return re.sub(rb"/\d+/\d+/", rng.choice((b"/0/0/", b"/1/1/", b"/2000/2000/",
                                                    b"/999999999/2/", b"/-3/4/", b"/201/201/",
                                                    b"/%33/3/")), text, count=1)
    if edit == 2:
        return text.replace(b"p?", rng.choice((b"p?sudoku/", b"p?%6Eurikabe/", b"p?",
                                                  b"p?nurikabe/nurikabe/")), 1)
    if edit == 3:
        return text + bytes(rng.choice(b"0123456789abcdefghijklmnopqrstuvwxyz.-+=%@*$")
                            for _ in range(rng.choice((1, 5, 500))))
    return text.replace(b"/", b"%2F", rng.choice((1, 3)))


MUTATIONS = [truncate, truncate, flip, flip, put_byte, put_byte, bom, line_endings, number,
             number, number, many_numbers, delete_line, duplicate_lines, swap_lines, splice,
             nest, xml_head, colours, colours, url_part]


# -- the tasks' JSON arguments (the page's worker and the API take them from anyone) ------

URL = "https://puzz.link/p?nurikabe/3/3/g5h"
VALUES = [None, True, False, 0, 1, 2, 3, 10, -1, 10 ** 30, 2 ** 63, 1.5, 10.0, 1e-300, -1e300,
          float("nan"), float("inf"), "", "x", "?", "2", [], {}, [[]], [0, 0], [1, 0], [2, 1],
          [-1, 2], ["#.", "##"], ["??", "??"], ["?"], ["#.", "#"], ["??", 5], [[1, 1]], "#.\n##",
          [["#", "."], ["#", "#"]], {"rows": 1}, {"url": 5}, {"url": URL}, "lines", "solution",
          "runs", "off", "json", "non", "nin", "url", "text", "asp", "easy", "expert",
          "nonogram:5x5:1:easy:1", "nonogram:5x5:9:easy:1", "nurikabe 3x3\n. 2 .\n. . .\n1 . .\n",
          [{"row": 1, "column": 1, "to_row": 1, "to_column": 2}], [{"row": 1}],
          [{"row": "a", "column": None, "to_row": 1.5, "to_column": -1}],
          [{"row": 10 ** 20, "column": 1, "to_row": 1, "to_column": 2}]]


# values that fit, so that tasks get past their first check often enough
GOOD = {"state": [["??", "??"], ["???"] * 3, ["#.", "##"], ["?", "?"]], "max_solutions": [2, 0],
        "count_cap": [2, 20], "mode": ["lines", "runs", "solution", "off"],
        "to": ["json", "url", "text", "non", "xml", "nin"], "givens": [[[0, 0]], [[1, 1, 1]]],
        "crosses": [[]], "timeout": [5], "work": [1000]}


def task_inputs(count: int, seed: int):
    """count (genre, task, args) or (None, api method, args): each argument of the
    signature often there (a method's required ones always), from VALUES or GOOD or,
    for ``puzzle``, mostly a valid puzzle of some genre."""
    puzzles = [json.loads(HAND[6]), json.loads(HAND[7]), HAND[6].decode(), URL,
               HAND[12].decode(), HAND[9].decode()]
    rng = random.Random(seed)
    genres = sorted(registry.GENRES)
    for _ in range(count):
        if rng.random() < 0.3:
            genre, name = None, rng.choice(sorted(api.METHODS))
            fn = api.METHODS[name]
        else:
            genre = registry.get(rng.choice(genres))
            name = rng.choice(sorted(genre.tasks))
            fn = genre.tasks[name]
        params = {k: p.default is p.empty for k, p in inspect.signature(fn).parameters.items()
                  if k not in ("progress", "should_stop")}
        args = {p: (rng.choice(puzzles) if p == "puzzle" and rng.random() < 0.7
                    else rng.choice(GOOD[p]) if p in GOOD and rng.random() < 0.5
                    else rng.choice(VALUES)) for p, needed in params.items()
                if rng.random() < 0.8 or needed and genre is None}
        if genre is None:
            yield None, name, args
            continue
        if name == "generate" and genre.name == "nonogram":
            args.pop("width", None)  # a valid size could make a slow expert: the recipe's
            args.pop("height", None)  # size is fuzzed by t_recipe
            args.setdefault("recipe", rng.choice(VALUES))
        if rng.random() < 0.05:
            args[rng.choice(("unknown", "progress"))] = 1
        yield genre.name, name, args


def sweep(data: bytes, stride: int):
    """Systematic edits: cut after every ``stride`` bytes; at every ``stride``-th byte
    (offset so the strides differ) the byte deleted, a NUL, 0xFF, a lone UTF-8 lead
    byte, a huge number, a minus."""
    for i in range(0, len(data) + 1, stride):
        yield data[:i]
    for i in range(stride // 2, len(data), stride):
        for junk in (b"", b"\x00", b"\xff", b"\xc3", b"9" * 12, b"-"):
            yield data[:i] + junk + data[i + 1:]


def inputs(count: int, seed: int, per_folder: int | None = None):
    """count (seed name, mutated bytes), the same for the same arguments."""
    rng = random.Random(seed)
    pool = seeds(per_folder)
    for _ in range(count):
        name, data = rng.choice(pool)
        yield name, mutate(data, rng)


SWEPT = ["hand0", "hand1", "hand2", "hand3", "hand4", "hand5", "hand6", "hand7", "hand8",
         "hand9", "hand10", "hand12", "hand13", "hand14", "hand15"]


def swept(stride: int):
    """(seed name, edited bytes) of sweep() over the hand-made texts and the smallest real
    file of each corpus folder (one per format)."""
    pool = seeds()
    chosen = [(n, d) for n, d in pool if n in SWEPT]
    folders = {}
    for name, data in pool:
        folders.setdefault(name.rsplit("/", 1)[0], (name, data))
    chosen += [v for k, v in folders.items() if "/" in v[0]]
    for name, data in chosen:
        for edited in sweep(data, stride):
            yield name, edited
