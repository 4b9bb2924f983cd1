"""The command line: ``python -m pysolver`` or ``pysolver``.

  solve FILE... [--max-solutions N] [--timeout S] [--engine E] [--jobs N] [--json]
      (one puzzle with --engine auto or --jobs N > 1: processes race on it, pysolver.app.race)
  check FILE... [--count N] [--timeout S] [--engine pysolver|auto] [--jobs N] [--json]
  hint FILE --state STATEFILE [--json]
  convert FILE --to non|xml|json|nin|asp
  clues GOALFILE [--to non|xml|json]
  fix GOALFILE [--max-suggestions N] [--timeout S] [--json]

Several files, or a file with many puzzles (TAAI), are a batch (pysolver.app.pool):
each puzzle gets ``pool.BATCH_TIMEOUT_S`` unless ``--timeout`` says otherwise,
``--jobs N`` spreads it over N processes (at most the machine's cores). Files are
read as pysolver.limits allows. Bad input prints one line on stderr and exits
with status 2.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import stat
import sys

from .. import api, limits
from ..nonogram import formats
from . import pool
from ..nonogram.formats import jsonfmt
from ..nonogram.formats.common import CONTROL
from ..errors import PuzzleError

FILE_HELP = ("a puzzle file: webpbn XML, Simpson .non, Wilk .nin, TAAI text, Olšák .g, "
             "picross-solver text, pysolver JSON, a text grid or PBM picture (the content "
             "decides), or - for standard input")
SPECIAL = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
           (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2 (argparse prints usage too)
        raise UsageError(f"{self.prog}: {message}")


def printable(text: str) -> str:
    """A file name or title fit for the terminal: control characters as '?'."""
    return CONTROL.sub("?", text)


def _regular(mode: int, path: str) -> None:
    if stat.S_ISDIR(mode):
        raise PuzzleError(f"{path}: is a directory, not a puzzle file")
    for test, kind in SPECIAL:
        if test(mode):
            raise PuzzleError(f"{path}: is {kind}, not a regular file (give a file, or - "
                              "for standard input)")


def _read_capped(fh, path: str) -> bytes:
    """At most limits.MAX_FILE_BYTES, read in pieces: /dev/zero on stdin stops at the cap."""
    chunks, total = [], 0
    while chunk := fh.read(1 << 20):
        total += len(chunk)
        limits.check_text_size(total, f"{path}: ")
        chunks.append(chunk)
    return b"".join(chunks)


def read_bytes(path: str) -> bytes:
    """A puzzle file's bytes: standard input (-) or a regular file, never past the size cap."""
    path_label = printable(path)
    try:
        if path == "-":
            return _read_capped(sys.stdin.buffer, "standard input")
        st = os.stat(path)
        _regular(st.st_mode, path_label)  # before opening: a FIFO with no writer would block
        limits.check_text_size(st.st_size, f"{path_label}: ")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            _regular(os.fstat(fh.fileno()).st_mode, path_label)  # replaced since the stat
            return _read_capped(fh, path_label)
    except OSError as e:
        raise PuzzleError(f"{path_label}: cannot read ({e.strerror or e})") from None


def read_text(path: str) -> str:
    data = read_bytes(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise PuzzleError(f"{printable(path)}: not UTF-8 text (byte {e.start})") from None


def load(paths) -> list:
    """[(label, Puzzle)] for every puzzle of every file."""
    items = []
    for path in paths:
        name = printable(path)
        puzzles = formats.parse(read_text(path), name)
        for k, p in enumerate(puzzles):
            label = name if len(puzzles) == 1 else f"{name} [{p.title or k + 1}]"
            items.append((label, p))
    return items


def load_one(path):
    items = load([path])
    if len(items) != 1:
        raise PuzzleError(f"{path}: holds {len(items)} puzzles; this command takes one")
    return items[0][1]


# -- output -------------------------------------------------------------------

def emit_json(results, many):
    if many:
        print(json.dumps(results, ensure_ascii=False))
    else:
        print(json.dumps(results[0], ensure_ascii=False))


def show_solve(r):
    cls = r.get("classification")
    cls = f", {cls}" if cls and cls != r["status"] else ""  # not "multiple, multiple"
    if r["status"] == "error":
        print(f"{r['file']}: error: {r['error']}")
        return
    n = len(r["solutions"])
    print(f"{r['file']}: {r['status']}{cls}, {n} solution{'s' if n != 1 else ''} "
          f"in {r['time_s']:.3f} s ({r['engine']})")
    for k, sol in enumerate(r["solutions"], 1):
        if n > 1:
            print(f"solution {k}:")
        print("\n".join(sol))


def show_check(r):
    if r["status"] == "error":
        print(f"{r['file']}: error: {r['error']}")
        return
    unique = {True: "unique", False: "not unique", None: "undecided"}[r["unique"]]
    if r["count"] >= 2:
        unique += f" ({'' if r['count_exact'] else 'at least '}{r['count']} solutions)"
    diff = "" if r["difficulty"] is None else f", difficulty {r['difficulty']}"
    engine = f", {r['engine']}" if "engine" in r else ""  # --engine auto: who answered
    print(f"{r['file']}: {r['classification']}, {unique}{diff} ({r['time_s']:.3f} s{engine})")
    if r["goal_unique"] is False and r["unique"]:
        print("the goal image is not the puzzle's solution")
    if r["alternative"]:
        marks = {(d["row"] - 1, d["column"] - 1) for d in r["differences"]}
        if r["goal_unique"] is None:  # no goal: show what the alternative differs from
            print("a solution:")
            print("\n".join(r["solutions"][0]))
        print(f"another solution ({len(marks)} cells differ, marked with *):")
        for y, row in enumerate(r["alternative"]):
            print("".join("*" if (y, x) in marks else ch for x, ch in enumerate(row)))


# -- commands -----------------------------------------------------------------

def batch_timeout(args, count):
    """--timeout, or pool.BATCH_TIMEOUT_S per puzzle for a batch without one."""
    return args.timeout if args.timeout is not None or count <= 1 else pool.BATCH_TIMEOUT_S


def cmd_solve(args):
    if args.max_solutions < 1:
        raise PuzzleError("--max-solutions must be at least 1")
    if args.engine == "clingo" and not api.clingo_available():
        raise PuzzleError("the clingo engine needs the clingo Python module: "
                          'pip install -e ".[asp]" (or pip install clingo)')
    items = load(args.files)
    opts = {"max_solutions": args.max_solutions, "engine": args.engine,
            "timeout": batch_timeout(args, len(items))}
    if len(items) == 1:  # one puzzle: the processes race on it (pysolver.app.race)
        opts["jobs"] = args.jobs
    return report("solve", items, opts, args, show_solve)


def report(method, items, opts, args, show):
    """Run the batch; print each result as it arrives (text) or all at the end (--json)."""
    results, progress = [], pool.Progress(len(items))
    with contextlib.closing(pool.run(method, items, opts, args.jobs)) as stream:
        for r in stream:
            results.append(r)
            progress.clear()
            if not args.json:
                show(r)
            progress.add(r["status"])
    progress.clear()
    if args.json:
        emit_json(results, len(items) > 1)
    elif len(results) > 1:
        summary(results)
    return 0


def summary(results):
    """One closing line for a batch: how many of each verdict, and the total time."""
    counts = {}
    for r in results:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    total = sum(r.get("time_s") or 0 for r in results)
    parts = ", ".join(f"{n} {status}" for status, n in sorted(counts.items()))
    print(f"{len(results)} puzzles: {parts}; {total:.2f} s in the solver")


def cmd_check(args):
    if args.count < 2:
        raise PuzzleError("--count must be at least 2")
    items = load(args.files)
    if args.engine == "auto" and not api.clingo_available():
        print("pysolver: clingo is not installed: pysolver alone", file=sys.stderr)
    opts = {"timeout": batch_timeout(args, len(items)), "count_cap": args.count,
            "engine": args.engine}
    return report("check", items, opts, args, show_check)


def cmd_hint(args):
    p = load_one(args.file)
    state = read_text(args.state).splitlines()
    try:
        r = api.hint(p, state, find_solutions=True)
    except PuzzleError as e:
        raise PuzzleError(f"{args.state}: {e}") from None
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
        return 0
    print(r["explanation"])
    if r["kind"] == "mistake":
        print("wrong marks: " + ", ".join(f"row {c['row']} column {c['column']} (should be {c['value']})"
                                          for c in r["cells"]))
    elif r["cells"]:
        print("cells: " + ", ".join(f"row {c['row']} column {c['column']} = {c['value']}"
                                    for c in r["cells"]))
    if r.get("leftmost"):
        print(f"leftmost:  {r['leftmost']}")
        print(f"rightmost: {r['rightmost']}")
    return 0


def cmd_mark(args):
    p = load_one(args.file)
    state = read_text(args.state).splitlines()
    try:
        r = api.mark(p, state, args.mode, timeout=args.timeout)
    except PuzzleError as e:
        raise PuzzleError(f"{args.state}: {e}") from None
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
        return 0
    if r["message"]:
        print(r["message"])
    for item in r["lines"]:
        print(f"{item['axis']} {item['index']}")
    for c in r["cells"]:
        print(f"row {c['row']} column {c['column']}")
    return 0


def cmd_convert(args):
    text = read_text(args.file)
    sys.stdout.write(api.convert(text, args.to, printable(args.file)))
    return 0


def cmd_clues(args):
    from ..nonogram import image
    data, name = read_bytes(args.file), printable(args.file)
    if image.is_pbm(data):
        (p,) = [x for x in image.parse_pbm(data)]
        if isinstance(p, PuzzleError):
            raise PuzzleError(f"{name}: {p}")
    else:
        p = formats.parse_one(data, name)
        if p.goal is None:
            raise PuzzleError(f"{name}: the file has no goal image to take clues from")
    d = jsonfmt.to_dict(p)
    d.pop("rows"), d.pop("columns")  # clues come from the picture
    p = jsonfmt.from_dict(d)
    if args.json:
        print(json.dumps(jsonfmt.to_dict(p), ensure_ascii=False))
    else:
        sys.stdout.write(formats.dump(p, args.to))
    return 0


def cmd_fix(args):
    p = load_one(args.file)
    try:
        r = api.fix(p, max_suggestions=args.max_suggestions, timeout=args.timeout)
    except PuzzleError as e:
        raise PuzzleError(f"{printable(args.file)}: {e}") from None
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
        return 0
    if not r["suggestions"]:
        print(f"{printable(args.file)}: no change needed or none found "
              "(the goal may already be unique)")
    for k, s in enumerate(r["suggestions"], 1):
        cells = ", ".join(f"row {c['row']} column {c['column']} = {c['value']}" for c in s["cells"])
        print(f"{k}. {s.get('description') or s['kind']}")
        print(f"   cells: {cells}")
    return 0


def seconds(text):
    """A --timeout: a finite number of seconds above 0 (not nan, inf or negative)."""
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number") from None
    if not math.isfinite(v) or v <= 0:
        raise argparse.ArgumentTypeError(f"{text[:20]!r}: give a number of seconds above 0")
    return v


def whole(text):
    """An integer option, refused before conversion when it has too many digits."""
    try:
        return limits.number(text.strip(), "the option", "whole number")
    except PuzzleError as e:
        raise argparse.ArgumentTypeError(str(e).removeprefix("the option: ")) from None


def build_parser():
    parser = Parser(prog="pysolver", description="Nonogram solver, checker, hints and converter. "
                    "Bad input prints one line naming the file and exits with status 2.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    engine_help = ("pysolver: the pure-Python engine (default); clingo: native clingo "
                   '(pip install -e ".[asp]"); auto: pysolver and clingo side by side, '
                   "the first answer wins")
    jobs_help = (f"processes (at most this machine's {pool.cores()} cores; default 1): a batch "
                 "shares them out; one puzzle is raced by that many differently configured "
                 "searches, the first answer wins")
    batch_help = (f"; a batch (several puzzles) gives each puzzle {pool.BATCH_TIMEOUT_S:g} s "
                  "unless this is set")

    s = sub.add_parser("solve", help="solve puzzles")
    s.add_argument("files", nargs="+", metavar="FILE", help=FILE_HELP)
    s.add_argument("--max-solutions", type=whole, default=2, metavar="N",
                   help="stop after N solutions; 2 decides uniqueness (default)")
    s.add_argument("--timeout", type=seconds, metavar="S",
                   help="seconds per puzzle before the answer is 'timeout'" + batch_help)
    s.add_argument("--engine", choices=api.ENGINES, default="pysolver", help=engine_help)
    s.add_argument("--jobs", type=whole, default=1, metavar="N", help=jobs_help)
    s.add_argument("--json", action="store_true",
                   help="print the result as JSON (a list for a batch; see ARCHITECTURE.md)")
    s.set_defaults(run=cmd_solve)

    c = sub.add_parser("check", help="classification, uniqueness, difficulty")
    c.add_argument("files", nargs="+", metavar="FILE", help=FILE_HELP)
    c.add_argument("--count", type=whole, default=2, metavar="N",
                   help="count solutions up to N (default 2: uniqueness only)")
    c.add_argument("--timeout", type=seconds, metavar="S",
                   help="seconds per puzzle; past it the answer is 'undecided'" + batch_help)
    c.add_argument("--engine", choices=("pysolver", "auto"), default="pysolver",
                   help="pysolver (default), or auto: native clingo counting races the "
                        "check, the first answer wins (clingo's cannot classify)")
    c.add_argument("--jobs", type=whole, default=1, metavar="N", help=jobs_help)
    c.add_argument("--json", action="store_true",
                   help="print the check result as JSON (a list for a batch)")
    c.set_defaults(run=cmd_check)

    h = sub.add_parser("hint", help="the next hint for a partly solved grid: the player's mistakes (wrong marks, with their right values), else the next deduction")
    h.add_argument("file", metavar="FILE", help=FILE_HELP)
    h.add_argument("--state", required=True, metavar="STATEFILE",
                   help="the grid so far, one row per line: ? unknown, . empty, # (or a "
                        "colour's char) filled")
    h.add_argument("--json", action="store_true", help="print the hint as JSON")
    h.set_defaults(run=cmd_hint)

    m = sub.add_parser("mark", help="check a partly solved grid as the play view does")
    m.add_argument("file", metavar="FILE", help=FILE_HELP)
    m.add_argument("--state", required=True, metavar="STATEFILE",
                   help="the grid so far, one row per line: ? unknown, . empty, # (or a "
                        "colour's char) filled")
    m.add_argument("--mode", choices=("off", "runs", "lines", "solution"), default="lines",
                   help="lines: lines whose marks contradict the clue; runs: the same for closed "
                        "runs only; solution: cells differing from the goal (or a solution found)")
    m.add_argument("--timeout", type=seconds, metavar="S",
                   help="seconds the solution mode may search when the file has no goal")
    m.add_argument("--json", action="store_true", help="print the result as JSON")
    m.set_defaults(run=cmd_mark)

    v = sub.add_parser("convert", help="write a puzzle file in another format")
    v.add_argument("file", metavar="FILE", help=FILE_HELP)
    v.add_argument("--to", required=True, choices=api.WRITE_FORMATS,
                   help="non: Simpson .non (a ==== bundle for several); xml: webpbn XML; "
                        "json: pysolver JSON; nin: Wilk .nin (black and white only); "
                        "asp: clingo facts")
    v.set_defaults(run=cmd_convert)

    k = sub.add_parser("clues", help="a puzzle from a solved picture (.non goal, text grid, PBM)")
    k.add_argument("file", metavar="GOALFILE",
                   help="a picture: text grid (# X 1 filled, . - 0 empty), PBM, or a puzzle "
                        "file with a goal image")
    k.add_argument("--to", choices=("non", "xml", "json"), default="non",
                   help="the format to write (default non)")
    k.add_argument("--json", action="store_true", help="same as --to json, on one line")
    k.set_defaults(run=cmd_clues)

    f = sub.add_parser("fix", help="edits that make a multi-solution picture unique")
    f.add_argument("file", metavar="GOALFILE", help="a puzzle file with a goal image")
    f.add_argument("--max-suggestions", type=whole, default=3, metavar="N",
                   help="stop after N verified suggestions (default 3)")
    f.add_argument("--timeout", type=seconds, metavar="S",
                   help="seconds to search for suggestions (default: no limit)")
    f.add_argument("--json", action="store_true", help="print the suggestions as JSON")
    f.set_defaults(run=cmd_fix)

    from . import batch, report  # collections: each module adds its own subcommand
    batch.register(sub)
    report.register(sub)
    return parser


def cap_jobs(args) -> None:
    """--jobs at least 1 and at most the machine's cores (saying so when capping)."""
    jobs = getattr(args, "jobs", 1)
    if jobs < 1:
        raise PuzzleError("--jobs must be at least 1")
    if jobs > pool.cores():
        print(f"pysolver: --jobs {jobs} capped at {pool.cores()}, this machine's cores",
              file=sys.stderr)
        args.jobs = pool.cores()


def main(argv=None) -> int:
    try:
        for stream in (sys.stdout, sys.stderr):  # a file name's stray bytes never crash output
            if hasattr(stream, "reconfigure"):
                stream.reconfigure(errors="backslashreplace")
        from . import nikoli_cli as nikoli_cli  # Nikoli puzzle files and `generate`

        if nikoli_cli.claims(sys.argv[1:] if argv is None else argv):
            return nikoli_cli.main(sys.argv[1:] if argv is None else argv)
        args = build_parser().parse_args(argv)
        cap_jobs(args)
        return args.run(args)
    except (PuzzleError, UsageError) as e:
        print(f"pysolver: {e}" if isinstance(e, PuzzleError) else str(e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pysolver: interrupted", file=sys.stderr)
        return 130
    except pool.Terminated:
        print("pysolver: terminated", file=sys.stderr)
        return 143
    except BrokenPipeError:  # e.g. piped into head
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as e:  # a bug, not bad input: still one line (PYSOLVER_DEBUG=1 shows it all)
        if os.environ.get("PYSOLVER_DEBUG"):
            raise
        print(f"pysolver: internal error: {type(e).__name__}: {e} "
              "(set PYSOLVER_DEBUG=1 for the traceback)", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
