"""Byte-level fuzzing of every reader, from real files: the seeds are the shared corpus,
the site's puzzles and a few hand-made texts of each format; each input is a seed
mutated (truncated, bytes flipped, NULs, BOMs, invalid UTF-8, line endings mixed,
numbers swapped for huge, negative or zero ones, lines and sections duplicated or
repeated many times, deep nesting, colours dropped or doubled) and given to each
target. A target may return or raise PuzzleError; anything else, or more than
``cpu`` seconds of this process's CPU (a hang, or a blow-up that allocates for
ever), is a failure. The inputs come from tests/fuzz_inputs.py;
tests/test_fuzz_corpus.py runs a fixed sample; by hand:

    nice -n 19 .venv/bin/python tests/fuzzing.py --inputs 20000 --seed 1 \\
        [--sweep 3] [--tasks 20000] [--out DIR]

(a 2 GB address-space cap there turns a memory blow-up into a failure too, and so does
the input that first raises the process's peak memory past --rss MB: a peak of the whole
run, so measure a flagged input alone before believing it).
"""
from __future__ import annotations

import argparse
import contextlib
import functools
import io
import re
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))

from pysolver import api  # noqa: E402
from pysolver.errors import PuzzleError  # noqa: E402
from pysolver.nikoli import read as nikoli_read  # noqa: E402
from pysolver.nonogram import formats, generate  # noqa: E402
from pysolver.nonogram.puzzle import Puzzle, cells_from_state  # noqa: E402
from fuzz_inputs import HAND, inputs, swept, task_inputs  # noqa: E402

# -- targets: each must return or raise PuzzleError ------------------------------------

def _check_items(items, name):
    assert items, "no puzzle and no error"
    for x in items:
        if isinstance(x, Puzzle):
            x.validate()
        else:
            assert isinstance(x, PuzzleError), type(x)
            msg = str(x)
            assert msg.startswith(f"{name}: "), msg
            assert "internal error" not in msg and "Traceback" not in msg, msg


def _round_trip(items):
    for p in items:
        if isinstance(p, Puzzle) and p.width * p.height <= 2500:
            for out in ("non", "xml", "json") + (("nin",) if not p.is_color else ()):
                again = formats.parse_one(formats.dump(p, out), "again")
                assert (again.rows, again.cols) == (p.rows, p.cols), out


def t_formats(data: bytes):
    """The nonogram readers as the command line uses them: bytes, format detected;
    what they read is written in every format and read back the same."""
    items = formats.parse_each(data, "f.txt")
    _check_items(items, "f.txt")
    _round_trip(items)


def t_forced(fmt, data: bytes):
    """One reader on whatever text it is given (the format named, not detected)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return
    items = formats.parse_each(text, "f.txt", fmt)
    _check_items(items, "f.txt")
    _round_trip(items)


def t_read(data: bytes):
    """The genres' reader (nonograms, Nikoli files and links), as the page and API read."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return
    try:
        api.read(text, "f.txt")
    except PuzzleError as e:
        assert str(e) and "\n" not in str(e).strip(), str(e)


def t_nikoli(data: bytes):
    text = data.decode("utf-8", "replace")
    try:
        grid = nikoli_read.parse(text, "f.txt")
    except PuzzleError as e:
        assert str(e), "empty message"
        return
    from pysolver.nikoli import model, url
    model.parse_text(model.to_text(grid))
    url.read_url(url.write_url(grid))


def t_state(data: bytes):
    """A puzzle's state file (hint, mark): mutated rows against a small puzzle."""
    p = formats.parse_one(HAND[6].decode(), "p.json")
    text = data.decode("utf-8", "replace")
    try:
        cells_from_state(p, text)
    except PuzzleError:
        pass


def t_recipe(data: bytes):
    text = data.decode("utf-8", "replace")
    for t in (text, "nonogram:" + text, text[:40]):
        with contextlib.suppress(PuzzleError):
            generate.recipe_args(t)


def t_cli(data: bytes):
    """The command line on the file (as a puzzle, and as the state of a small one): one
    line and status 2 for bad input, never 1."""
    from pysolver.app import cli
    with tempfile.TemporaryDirectory() as d:
        path, small = Path(d) / "in.txt", Path(d) / "small.json"
        path.write_bytes(data)
        small.write_bytes(HAND[6])
        for argv in (["convert", "--to", "json", str(path)], ["clues", str(path)],
                     ["mark", "--state", str(path), "--mode", "lines", str(small)],
                     ["hint", "--state", str(path), str(small)]):
            err = io.StringIO()
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
                code = cli.main(argv)
            assert code in (0, 2), (argv[0], code, err.getvalue())
            if code == 2:
                assert err.getvalue().count("\n") == 1, err.getvalue()


def t_task(job):
    genre, name, args = job
    with contextlib.suppress(PuzzleError):
        if genre is None:
            api.METHODS[name](**args)
        else:
            api.run(genre, name, args)


TARGETS = {"formats": t_formats, **{f"as-{fmt}": functools.partial(t_forced, fmt)
                                     for fmt in formats.READ_FORMATS},
           "read": t_read, "nikoli": t_nikoli, "state": t_state, "recipe": t_recipe,
           "cli": t_cli}
READERS = ["formats"] + [f"as-{fmt}" for fmt in formats.READ_FORMATS]


# -- running -------------------------------------------------------------------------

class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def run_one(target, data: bytes, cpu: float) -> str | None:
    """None, or what went wrong (the exception and where), within ``cpu`` CPU seconds."""
    old = signal.signal(signal.SIGPROF, _alarm)
    signal.setitimer(signal.ITIMER_PROF, cpu)
    t = time.process_time()
    try:
        target(data)
    except Hang:
        return f"over {cpu} CPU s"
    except (Exception, RecursionError) as e:  # noqa: BLE001 - the point of a fuzzer
        tb = traceback.extract_tb(e.__traceback__)[-1]
        return f"{type(e).__name__}: {str(e)[:200]} at {Path(tb.filename).name}:{tb.lineno}"
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
    if time.process_time() - t > cpu:
        return f"over {cpu} CPU s"
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--inputs", type=int, default=2000, help="mutated seeds (0: none)")
    ap.add_argument("--sweep", type=int, default=0, metavar="STRIDE",
                    help="also sweep() each format's seed with this stride")
    ap.add_argument("--tasks", type=int, default=0, help="also this many task argument sets")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cpu", type=float, default=5.0, help="CPU seconds per input and target")
    ap.add_argument("--targets", default=",".join(TARGETS))
    ap.add_argument("--out", type=Path, help="write each failing input here")
    ap.add_argument("--rss", type=int, default=600,
                    help="MB of peak memory past which the input that raised it is a failure")
    args = ap.parse_args(argv)
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
    targets = [(n, TARGETS[n]) for n in args.targets.split(",")]
    import itertools
    jobs = itertools.chain(  # made as they are run: the inputs may be 17 MB each
        (((name, data), targets) for name, data in inputs(args.inputs, args.seed)),
        (((name, data), targets) for name, data in (swept(args.sweep) if args.sweep else ())),
        ((("task", job), [("task", t_task)]) for job in task_inputs(args.tasks, args.seed)))
    seen, failures, start, i = {}, 0, time.process_time(), -1
    for i, ((name, data), ts) in enumerate(jobs):
        made = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024  # MB (Linux)
        args.rss = max(args.rss, made)  # a peak of the mutation itself blames no target
        for tname, target in ts:
            why = run_one(target, data, args.cpu)
            peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024  # MB (Linux)
            if why is None and peak > args.rss:
                why, args.rss = f"peak memory {peak} MB", peak  # the next one must pass this
            if why is None:
                continue
            failures += 1
            key = (tname, re.sub(r"\d+", "N", why.split(" at ")[-1] + why.split(":")[0]))
            if key not in seen:
                seen[key] = why
                shown = name if tname != "task" else repr(data)[:300]
                print(f"[{i}] {tname} {shown}: {why}", flush=True)
                if args.out and isinstance(data, bytes):
                    args.out.mkdir(parents=True, exist_ok=True)
                    (args.out / f"{i}-{tname}.bin").write_bytes(data)
    print(f"{i + 1} inputs, {failures} failures ({len(seen)} kinds), "
          f"{time.process_time() - start:.0f} CPU s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
