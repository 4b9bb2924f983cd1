"""Hostile input at every reader, judged by what a person is told: tests/fuzzing.py asks only
"PuzzleError or a result, within 5 CPU s"; this harness also flags a message that does not
say where (the file's name, and a line, row, element, ... of a file of several lines) or says
it in a program's words ("invalid literal", "NoneType", "internal error"), more than a second
of CPU on a small input, and more than MEMORY_MB of Python allocation (tracemalloc's peak)
on one: a huge declared size must be refused before anything is allocated for it.

Inputs: tests/fuzz_inputs.py's seeds (the shared corpus, the site's puzzles, hand-made texts
of every format) and mutations, plus this file's: non-ASCII and full-width digits, lookalike
letters and signs, declared sizes 0x0 / 1x100000 / 100000x1, a clue line made too long, a
line made very long, a share recipe's and a puzzle link's parts cut or swapped. Every input
comes from --seed; the same arguments give the same inputs and the same report.

    nice -n 19 .venv/bin/python bench/experiments/fuzz_readers.py --inputs 1000 --seed 3 \\
        [--sweep 23] [--cli 40] [--show 3]

Prints, per target, the inputs tried and the findings by kind (one example each).
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import io
import json
import random
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests"), str(ROOT / "web" / "py")]

import bridge  # noqa: E402
import fuzz_inputs  # noqa: E402
from fuzz_inputs import HAND  # noqa: E402
from pysolver import api  # noqa: E402
from pysolver.errors import PuzzleError  # noqa: E402
from pysolver.nikoli import read as nikoli_read  # noqa: E402
from pysolver.nonogram import formats, generate  # noqa: E402
from pysolver.nonogram.puzzle import cells_from_state  # noqa: E402

LABEL = "in.txt"
SMALL = 64 * 1024  # bytes: an input this small must be read or refused within CPU_S
CPU_S = 1.0
MEMORY_MB = 64  # Python allocations while one small input is read (a 2000x2000 grid is ~32 MB)

# a program's words, never a player's
PROGRAM = re.compile(
    r"internal error|Traceback|invalid literal|out of range for|index out of range|"
    r"NoneType|has no attribute|not subscriptable|unhashable|unpack|KeyError|TypeError|"
    r"ValueError|AttributeError|IndexError|object is not|unsupported operand|"
    r"positional argument|codec can't|Expecting (value|property)|<class |\\x[0-9a-f]{2}.*\\x")
# words that say where in the input (a line, a row, an element, a part of a link, ...)
WHERE = re.compile(
    r"\bline\b|\blines\b|\brow\b|\bcolumn\b|\brows\b|\bcolumns\b|<\w+|element|\bpuzzle \d|"
    r"\bclue|\bcolou?r|\bsize\b|\bheader\b|\bURL\b|\blink\b|\bgrid\b|\bcell|\broom|"
    r"\bposition\b|\bcharacter\b|\bbyte\b|\bfile\b|\bkey\b|\bblock\b|\bwidth\b|\bheight\b|"
    r"\bsection\b|\bpicture\b|\bimage\b|\bvalue\b|\bnumber\b|\bstate\b|\bentry\b|"
    r"\bfamily\b",
    re.I)


def judge(msg: str, label: str | None, multiline: bool) -> str | None:
    """What is wrong with an error message (None: it is specific and a person's)."""
    if not msg.strip():
        return "empty message"
    if "\n" in msg.strip():
        return "message of several lines"
    m = PROGRAM.search(msg)
    if m:
        return f"program's words {m.group(0)!r}"
    if label and not re.match(re.escape(label) + r"(: |, |:\d+: )", msg):
        return "does not name the file"
    rest = re.sub(r"^[^:]*:(\d+:)? ", "", msg) if label else msg
    if multiline and not re.match(r"[^:]*:\d+: ", msg) and not WHERE.search(rest):
        return "does not say where"
    return None


# -- more mutations (tests/fuzz_inputs.py's MUTATIONS are used as well) ---------------------

DIGITS = ["\u0663", "\uff13", "\u00b2", "\u2463", "\u09ea", "\U0001d7d1"]  # ٣ ３ ² ④ ৪ 𝟑
LOOKALIKE = {b"x": ["\u0445", "\u00d7", "\uff58"], b"#": ["\uff03", "\u266f"],
             b".": ["\u00b7", "\u3002", "\uff0e"], b"-": ["\u2212", "\u2013"],
             b"?": ["\uff1f"], b" ": ["\u00a0", "\u3000", "\u2003"], b"/": ["\u2215"],
             b":": ["\uff1a"], b"=": ["\uff1d"], b"1": ["\u0031\u0301", "l", "I"]}


def odd_digit(data, rng):
    spans = [m.span() for m in re.finditer(rb"\d", data)]
    if not spans:
        return data + rng.choice(DIGITS).encode()
    a, b = rng.choice(spans)
    return data[:a] + rng.choice(DIGITS).encode() + data[b:]


def lookalike(data, rng):
    spans = [(m.span(), m.group(0)) for m in re.finditer(rb"[x#.\-? /:=1]", data)]
    if not spans:
        return data
    (a, b), ch = rng.choice(spans)
    return data[:a] + rng.choice(LOOKALIKE[ch]).encode() + data[b:]


def declared_size(data, rng, size=None):
    """Every size the file declares (WxH, width/height keys and lines, URL parts) made odd."""
    w, h = size or rng.choice(((0, 0), (1, 100000), (100000, 1), (2000, 2000), (2001, 1),
                               (0, 5), (65536, 65536), (200, 200), (201, 199)))
    out = re.sub(rb"\b(\d+)\s*[xX]\s*(\d+)\b", b"%dx%d" % (w, h), data, count=1)
    out = re.sub(rb'"width":\s*\d+', b'"width": %d' % w, out)
    out = re.sub(rb'"height":\s*\d+', b'"height": %d' % h, out)
    out = re.sub(rb"(?m)^(width|height)\s+\d+", lambda m: m.group(1) + b" %d" % (
        w if m.group(1) == b"width" else h), out)
    out = re.sub(rb"(p\?\w+/)\d+/\d+/", lambda m: m.group(1) + b"%d/%d/" % (w, h), out, count=1)
    out = re.sub(rb"(?m)^(P[14]\s+)\d+\s+\d+", lambda m: m.group(1) + b"%d %d" % (w, h), out)
    return out if out != data else fuzz_inputs.many_numbers(data, rng)


def many_large(data, rng):
    """The largest size a reader takes (a Nikoli grid's 200x200), on every line repeated:
    small files that declare much."""
    out = declared_size(data, rng, (200, 200))
    return b"".join(out.splitlines(keepends=True)[:3]) * rng.choice((20, 500, 2000))


def long_clue(data, rng):
    """A line of numbers made to need more cells than any line has (sums past the size)."""
    lines = data.splitlines(keepends=True)
    spots = [i for i, ln in enumerate(lines) if re.fullmatch(rb"[\d ,\t]+\r?\n?", ln)]
    if not spots:
        return fuzz_inputs.number(data, rng)
    i = rng.choice(spots)
    lines[i] = b" ".join([b"9"] * rng.choice((50, 300))) + b"\n"
    return b"".join(lines)


def long_line(data, rng):
    i = fuzz_inputs._pos(data, rng)
    return data[:i] + rng.choice((b"1 ", b"#", b"?", b"a", b"\xd9\xa3")) * rng.choice(
        (5000, 200_000)) + data[i:]


def recipe_parts(data, rng):
    """A share recipe (#g=) or link made of a seed's numbers, cut or with parts swapped."""
    nums = re.findall(rb"\d+", data)[:5] or [b"15"]
    genre = rng.choice((b"nonogram", b"nurikabe", b"nono", b"", b"NONOGRAM", b"n\xd0\xbenogram"))
    parts = [genre, b"%sx%s" % (rng.choice(nums), rng.choice(nums)), rng.choice(nums),
             rng.choice((b"easy", b"expert", b"EXPERT", b"", b"impossible")), rng.choice(nums)]
    text = b":".join(parts)
    return text[:rng.randrange(len(text) + 1)] if rng.random() < 0.3 else text


MORE = [odd_digit, odd_digit, lookalike, lookalike, declared_size, declared_size, many_large,
        long_clue, long_line, recipe_parts]


def mutate(data: bytes, rng: random.Random) -> bytes:
    for _ in range(rng.choice((1, 1, 2))):
        edit = rng.choice(MORE) if rng.random() < 0.5 else rng.choice(fuzz_inputs.MUTATIONS)
        data = edit(data, rng)[:fuzz_inputs.BIGGEST]
    return data


# -- targets: each returns [(message, label, multiline)] of the errors it met ---------------

def _lines_of(data) -> bool:
    return len(data.strip().splitlines()) > 1


def t_formats(data):
    return [(str(x), LABEL, _lines_of(data)) for x in formats.parse_each(data, LABEL)
            if isinstance(x, PuzzleError)]


def t_read(data):
    try:
        api.read(data.decode("utf-8-sig", "replace"), LABEL)
    except PuzzleError as e:
        return [(str(e), LABEL, _lines_of(data))]
    return []


def t_nikoli(data):
    """The Nikoli reader on its own (a file of one URL a line reports each line's error)."""
    text = data.decode("utf-8", "replace")
    if not nikoli_read.looks_like(text):
        return []
    try:
        items = nikoli_read.parse_all(text, LABEL)
    except PuzzleError as e:
        return [(str(e), LABEL, _lines_of(data))]
    return [(str(x), LABEL, _lines_of(data)) for x in items if isinstance(x, PuzzleError)]


def t_state(data):
    """A nonogram state file's rows against a small puzzle (the CLI prefixes the file)."""
    p = formats.parse_one(HAND[6].decode(), "p.json")
    try:
        cells_from_state(p, data.decode("utf-8", "replace"))
    except PuzzleError as e:
        return [(str(e), None, True)]
    return []


NIKOLI_PUZZLES = {"nurikabe": HAND[12], "masyu": HAND[13], "heyawake": HAND[14], "bag": HAND[15]}


def t_nikoli_state(data):
    """The player's marks of a Nikoli puzzle (the check task, as the page sends them)."""
    out = []
    rows = data.decode("utf-8", "replace").splitlines()
    for genre, puzzle in NIKOLI_PUZZLES.items():
        try:
            api.run(genre, "check", {"puzzle": puzzle.decode(), "state": rows})
        except PuzzleError as e:
            out.append((str(e), None, True))
    return out


def t_recipe(data):
    text = data.decode("utf-8", "replace").strip()
    out = []
    for t in (text, text.split("\n")[0][:40]):
        try:
            generate.recipe_args(t)
        except PuzzleError as e:
            out.append((str(e), None, False))
    return out


def t_bridge(data):
    """The worker's read and parse, as a dropped or pasted file reaches them."""
    out = []
    text = data.decode("utf-8", "replace")
    for kind in ("read", "parse", "nikoli_parse"):
        answer = json.loads(bridge.call(kind, json.dumps({"text": text, "filename": LABEL})))
        if "error" in answer:
            err = answer["error"]
            msg = err["message"] if err["kind"] == "puzzle" else f"internal error: {err}"
            out.append((msg, LABEL if kind != "nikoli_parse" or "nikoli" in msg else None,
                        _lines_of(data)))
    return out


def t_cli(data):
    """The command line on the file as a puzzle, and as the state of a small puzzle: one
    line naming the file, exit status 2 (never 1: internal error)."""
    from pysolver.app import cli
    out = []
    with tempfile.TemporaryDirectory() as d:
        path, small = Path(d) / "in.txt", Path(d) / "small.json"
        path.write_bytes(data)
        small.write_bytes(HAND[6])
        for argv, label in ((["convert", "--to", "json", str(path)], str(path)),
                            (["hint", "--state", str(path), str(small)], str(path))):
            err = io.StringIO()
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                code = cli.main(argv)
            text = err.getvalue().strip()
            if code == 1 or "internal error" in text:
                out.append((f"internal error (exit {code}): {text[:200]}", None, False))
            elif code == 2:
                out.append((text.removeprefix("pysolver: "), label, _lines_of(data)))
    return out


CATALOGUE = (b'{"version": 1, "puzzles": [{"id": "a", "file": "a.json", "title": "A", "width": 2,'
             b' "height": 2, "colors": 1, "status": "unique", "stars": 1}, {"id": "b", "file": '
             b'"b.non"}]}')
_db = {}


def _catalogue_db():
    """A folder with two small puzzles and a batch database that has checked them (once)."""
    if not _db:
        from pysolver.app import cli
        d = Path(tempfile.mkdtemp(prefix="fuzz-cat-"))
        (d / "a.json").write_bytes(HAND[6])
        (d / "b.non").write_text(formats.dump(formats.parse_one(HAND[3].decode(), "b"), "non"))
        with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
            assert cli.main(["batch", str(d / "a.json"), str(d / "b.non"), "--db",
                             str(d / "r.sqlite"), "--jobs", "1"]) == 0
        _db["dir"] = d
    return _db["dir"]


def t_catalogue(data):
    """report --catalogue: the site's catalogue JSON, mutated (in a copy)."""
    from pysolver.app import report
    d = _catalogue_db()
    cat = d / "cat.json"
    cat.write_bytes(data)
    try:
        report.annotate_catalogue(str(d / "r.sqlite"), str(cat), str(d / "out.json"))
    except PuzzleError as e:
        return [(str(e), str(cat), True)]
    return []


TARGETS = {"formats": t_formats, "read": t_read, "nikoli": t_nikoli, "state": t_state,
           "nikoli-state": t_nikoli_state, "recipe": t_recipe, "bridge": t_bridge,
           "catalogue": t_catalogue, "cli": t_cli}


# -- running -------------------------------------------------------------------------------

class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def run_one(target, data: bytes, cpu: float) -> list[str]:
    """The findings of one input at one target: uncaught exceptions, hangs, memory, words."""
    old = signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, cpu)
    tracemalloc.reset_peak()
    base = tracemalloc.get_traced_memory()[0]
    t = time.process_time()
    found = []
    try:
        errors = target(data)
    except Hang:
        return [f"over {cpu:g} CPU s"]
    except (Exception, RecursionError) as e:  # noqa: BLE001 - what a fuzzer is for
        where = [f for f in traceback.extract_tb(e.__traceback__)
                 if "pysolver" in f.filename or "bridge" in f.filename][-1:]
        at = f" at {Path(where[0].filename).name}:{where[0].lineno}" if where else ""
        return [f"uncaught {type(e).__name__}: {str(e)[:120]}{at}"]
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
    used = time.process_time() - t
    peak = (tracemalloc.get_traced_memory()[1] - base) / 2**20
    if len(data) <= SMALL and used > CPU_S:
        found.append(f"{used:.1f} CPU s on a small input")
    if len(data) <= SMALL and peak > MEMORY_MB:
        found.append(f"{peak:.0f} MB allocated for a small input")
    for msg, label, multiline in errors:
        why = judge(msg, label, multiline)
        if why:
            found.append(f"{why}: {msg[:160]}")
    return found


def kind_of(finding: str) -> str:
    """Findings of one cause share a kind: numbers, quoted parts and the file name dropped."""
    text = finding.replace(LABEL, "F")
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", text)
    return re.sub(r"\d+(\.\d+)?", "N", text)[:110]


def jobs(count, seed, stride):
    rng = random.Random(seed)
    pool = fuzz_inputs.seeds()
    pool += [("catalogue", CATALOGUE)] * max(1, len(pool) // 20)  # 1 input in 20
    for _ in range(count):
        name, data = rng.choice(pool)
        yield name, mutate(data, rng)
    if stride:
        yield from fuzz_inputs.swept(stride)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--inputs", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sweep", type=int, default=0, metavar="STRIDE",
                    help="also each format's smallest file cut and edited every STRIDE bytes")
    ap.add_argument("--cli", type=int, default=40, help="inputs also run through the CLI")
    ap.add_argument("--targets", default=",".join(t for t in TARGETS if t != "cli"))
    ap.add_argument("--show", type=int, default=1, help="examples shown per kind")
    args = ap.parse_args(argv)
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
    tracemalloc.start()
    names = args.targets.split(",")
    tried = collections.Counter()
    kinds = {name: collections.defaultdict(list) for name in TARGETS}
    start = time.process_time()
    for i, (seed_name, data) in enumerate(jobs(args.inputs, args.seed, args.sweep)):
        chosen = [n for n in names if (n == "catalogue") == (seed_name == "catalogue")]
        chosen += ["cli"] if i < args.cli else []
        for name in chosen:
            tried[name] += 1
            for finding in run_one(TARGETS[name], data, CPU_S * 2):  # 2 s: a finding already
                kinds[name][kind_of(finding)].append((seed_name, finding, data))
    for name in TARGETS:
        if not tried[name]:
            continue
        total = sum(len(v) for v in kinds[name].values())
        print(f"{name}: {tried[name]} inputs, {total} findings in {len(kinds[name])} kinds")
        for kind, seen in sorted(kinds[name].items(), key=lambda kv: -len(kv[1])):
            print(f"  {len(seen):5d}  {kind}")
            for seed_name, finding, data in seen[:args.show]:
                print(f"         {seed_name}: {finding[:200]}\n           input {data[:150]!r}")
    print(f"{time.process_time() - start:.0f} CPU s")
    if _db:
        shutil.rmtree(_db["dir"])
    return 1 if any(kinds[n] for n in names) else 0


if __name__ == "__main__":
    sys.exit(main())
