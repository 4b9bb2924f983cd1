"""The command line: ``python -m pysolver`` or ``pysolver``.

  solve FILE... [--max-solutions N] [--timeout S] [--engine E] [--jobs N] [--json]
  check FILE... [--count N] [--timeout S] [--jobs N] [--json]
  hint FILE --state STATEFILE [--json]
  convert FILE --to non|xml|json|nin|asp
  clues GOALFILE [--to non|xml|json]
  fix GOALFILE [--max-suggestions N] [--timeout S] [--json]

Several files, or a file with many puzzles (TAAI), are a batch; ``--jobs N``
spreads it over N processes (the engine itself never starts any). Bad input
prints one line on stderr and exits with status 2.
"""
from __future__ import annotations

import argparse
import json
import os
import sys

from . import api, formats
from .formats import jsonfmt
from .puzzle import PuzzleError


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2 (argparse prints usage too)
        raise UsageError(f"{self.prog}: {message}")


def read_bytes(path: str) -> bytes:
    try:
        if path == "-":
            return sys.stdin.buffer.read()
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as e:
        raise PuzzleError(f"{path}: cannot read ({e.strerror or e})") from None


def read_text(path: str) -> str:
    data = read_bytes(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise PuzzleError(f"{path}: not UTF-8 text (byte {e.start})") from None


def load(paths) -> list:
    """[(label, Puzzle)] for every puzzle of every file."""
    items = []
    for path in paths:
        puzzles = formats.parse(read_text(path), path)
        for k, p in enumerate(puzzles):
            label = path if len(puzzles) == 1 else f"{path} [{p.title or k + 1}]"
            items.append((label, p))
    return items


def load_one(path):
    items = load([path])
    if len(items) != 1:
        raise PuzzleError(f"{path}: holds {len(items)} puzzles; this command takes one")
    return items[0][1]


# -- batch work (module level so that process pools can pickle it) -----------

def _job(job):
    """One api call on one puzzle of a batch: (label, puzzle, method, keyword arguments)."""
    label, puzzle, method, kwargs = job
    try:
        out = api.METHODS[method](puzzle, **kwargs)
    except PuzzleError as e:
        out = {"status": "error", "error": str(e), "solutions": []}
    return dict(file=label, title=puzzle.title, **out)


def run_batch(method, items, kwargs, jobs):
    """api.<method>(puzzle, **kwargs) for every (label, puzzle), in order, over `jobs` processes."""
    work = [(label, p, method, kwargs) for label, p in items]
    if jobs > 1 and len(work) > 1:
        import multiprocessing
        with multiprocessing.get_context("spawn").Pool(min(jobs, len(work))) as pool:
            yield from pool.imap(_job, work)
    else:
        for job in work:
            yield _job(job)


# -- output -------------------------------------------------------------------

def emit_json(results, many):
    if many:
        print(json.dumps(results, ensure_ascii=False))
    else:
        print(json.dumps(results[0], ensure_ascii=False))


def show_solve(r):
    cls = f", {r['classification']}" if r.get("classification") else ""
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
    print(f"{r['file']}: {r['classification']}, {unique}{diff} ({r['time_s']:.3f} s)")
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

def cmd_solve(args):
    if args.max_solutions < 1:
        raise PuzzleError("--max-solutions must be at least 1")
    items = load(args.files)
    opts = {"max_solutions": args.max_solutions, "timeout": args.timeout, "engine": args.engine}
    if args.engine == "clingo" and not api.clingo_available():
        raise PuzzleError("the clingo engine needs the clingo Python module (pip install clingo)")
    return report(run_batch("solve", items, opts, args.jobs), args, show_solve, len(items))


def report(stream, args, show, count):
    """Print each result as it arrives (text) or all at the end (--json); exit code 0."""
    results = []
    for r in stream:
        results.append(r)
        if not args.json:
            show(r)
    if args.json:
        emit_json(results, count > 1)
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
    opts = {"timeout": args.timeout, "count_cap": args.count}
    return report(run_batch("check", items, opts, args.jobs),
                  args, show_check, len(items))


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


def cmd_convert(args):
    text = read_text(args.file)
    sys.stdout.write(api.convert(text, args.to, args.file))
    return 0


def cmd_clues(args):
    from . import image
    data = read_bytes(args.file)
    if image.is_pbm(data):
        (p,) = [x for x in image.parse_pbm(data)]
        if isinstance(p, PuzzleError):
            raise PuzzleError(f"{args.file}: {p}")
    else:
        p = load_one(args.file)
        if p.goal is None:
            raise PuzzleError(f"{args.file}: the file has no goal image to take clues from")
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
    r = api.fix(p, max_suggestions=args.max_suggestions, timeout=args.timeout)
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
        return 0
    if not r["suggestions"]:
        print(f"{args.file}: no change needed or none found (the goal may already be unique)")
    for k, s in enumerate(r["suggestions"], 1):
        cells = ", ".join(f"row {c['row']} column {c['column']} = {c['value']}" for c in s["cells"])
        print(f"{k}. {s.get('description') or s['kind']}: {cells}")
    return 0


def build_parser():
    parser = Parser(prog="pysolver", description="Nonogram solver, checker, hints and converter.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)

    def positive_float(text):
        try:
            v = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if v <= 0:
            raise argparse.ArgumentTypeError("must be more than 0")
        return v

    s = sub.add_parser("solve", help="solve puzzles")
    s.add_argument("files", nargs="+", metavar="FILE")
    s.add_argument("--max-solutions", type=int, default=2, help="2 decides uniqueness (default)")
    s.add_argument("--timeout", type=positive_float, help="seconds per puzzle")
    s.add_argument("--engine", choices=api.ENGINES, default="pysolver")
    s.add_argument("--jobs", type=int, default=1, help="processes for a batch")
    s.add_argument("--json", action="store_true")
    s.set_defaults(run=cmd_solve)

    c = sub.add_parser("check", help="classification, uniqueness, difficulty")
    c.add_argument("files", nargs="+", metavar="FILE")
    c.add_argument("--count", type=int, default=2, metavar="N",
                   help="count solutions up to N (default 2: uniqueness only)")
    c.add_argument("--timeout", type=positive_float)
    c.add_argument("--jobs", type=int, default=1)
    c.add_argument("--json", action="store_true")
    c.set_defaults(run=cmd_check)

    h = sub.add_parser("hint", help="the next deduction for a partly solved grid")
    h.add_argument("file", metavar="FILE")
    h.add_argument("--state", required=True, metavar="STATEFILE",
                   help="one row per line: ? unknown, . empty, # or a colour char filled")
    h.add_argument("--json", action="store_true")
    h.set_defaults(run=cmd_hint)

    v = sub.add_parser("convert", help="write a puzzle file in another format")
    v.add_argument("file", metavar="FILE")
    v.add_argument("--to", required=True, choices=api.WRITE_FORMATS)
    v.set_defaults(run=cmd_convert)

    k = sub.add_parser("clues", help="a puzzle from a solved picture (.non goal, text grid, PBM)")
    k.add_argument("file", metavar="GOALFILE")
    k.add_argument("--to", choices=("non", "xml", "json"), default="non")
    k.add_argument("--json", action="store_true")
    k.set_defaults(run=cmd_clues)

    f = sub.add_parser("fix", help="edits that make a multi-solution picture unique")
    f.add_argument("file", metavar="GOALFILE")
    f.add_argument("--max-suggestions", type=int, default=3)
    f.add_argument("--timeout", type=positive_float)
    f.add_argument("--json", action="store_true")
    f.set_defaults(run=cmd_fix)
    return parser


def main(argv=None) -> int:
    try:
        args = build_parser().parse_args(argv)
        if getattr(args, "jobs", 1) < 1:
            raise PuzzleError("--jobs must be at least 1")
        return args.run(args)
    except (PuzzleError, UsageError) as e:
        print(f"pysolver: {e}" if isinstance(e, PuzzleError) else str(e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pysolver: interrupted", file=sys.stderr)
        return 130
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
