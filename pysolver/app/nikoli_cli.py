"""The command line for Nikoli puzzle files (pysolver.app.cli hands them over here).

  solve FILE [--max-solutions N] [--timeout S] [--engine clingo|auto] [--json]
  check FILE [--count N] [--timeout S] [--json]
  hint FILE --state STATEFILE [--json]
  convert FILE --to url|text
  generate FAMILY --size WxH [--seed N] [--no-minimize] [--to url|text] [--json]

A FILE holds a puzz.link / pzv.jp URL or the family's text format (model.py).
Only clingo solves these families, so --engine pysolver is refused.
"""
from __future__ import annotations

import json
import sys

from ..errors import PuzzleError
from ..nikoli import model

COMMANDS = ("solve", "check", "hint", "convert", "generate")


def claims(argv) -> bool:
    """True when argv is a command on a Nikoli file, or ``generate``."""
    if not argv or argv[0] not in COMMANDS:
        return False
    if argv[0] == "generate":
        return True
    from .cli import read_text

    files = [a for a in argv[1:] if not a.startswith("-")]
    if not files:
        return False
    try:
        return model.looks_like(read_text(files[0]))
    except PuzzleError:
        return False


def load(path: str) -> model.Grid:
    from .cli import read_text

    return model.parse(read_text(path), path)


def _engine(name):
    if name == "pysolver":
        raise PuzzleError("the pysolver engine solves nonograms only; "
                          "these puzzles take --engine clingo or auto")
    from .. import api

    if not api.clingo_available():
        raise PuzzleError("Nikoli puzzles need the clingo Python module (pip install clingo)")


def cmd_solve(args):
    from ..nikoli.aspsolve import solve

    if args.max_solutions < 1:
        raise PuzzleError("--max-solutions must be at least 1")
    _engine(args.engine)
    grid = load(args.file)
    r = solve(grid, args.max_solutions, args.timeout)
    r["family"] = grid.family
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
        return 0
    n = len(r["solutions"])
    print(f"{args.file}: {grid.family}, {r['status']}, {n} solution{'s' if n != 1 else ''} "
          f"in {r['time_s']:.3f} s (clingo)")
    for k, sol in enumerate(r["solutions"], 1):
        if n > 1:
            print(f"solution {k}:")
        print("\n".join(sol))
    return 0


def cmd_check(args):
    from ..nikoli.aspsolve import check

    if args.count < 2:
        raise PuzzleError("--count must be at least 2")
    _engine("clingo")
    grid = load(args.file)
    r = check(grid, args.count, args.timeout)
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
        return 0
    unique = {True: "unique", False: "not unique", None: "undecided"}[r["unique"]]
    if r["count"] >= 2:
        unique += f" ({'' if r['count_exact'] else 'at least '}{r['count']} solutions)"
    diff = "" if r["difficulty"] is None else f", difficulty {r['difficulty']}"
    print(f"{args.file}: {grid.family} {grid.width}x{grid.height}, {unique}{diff} "
          f"({r['time_s']:.3f} s)")
    return 0


def cmd_hint(args):
    from .cli import read_text
    from ..nikoli.hints import hint

    _engine("clingo")
    grid = load(args.file)
    state = read_text(args.state).split()
    try:
        r = hint(grid, state)
    except PuzzleError as e:
        raise PuzzleError(f"{args.state}: {e}") from None
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
    else:
        print(r["explanation"])
        for c in r["cells"]:
            print(f"row {c['row']} column {c['column']}: {c['value']}")
    return 0


def cmd_convert(args):
    from ..nikoli.url import write_url

    grid = load(args.file)
    sys.stdout.write(write_url(grid) + "\n" if args.to == "url" else model.to_text(grid))
    return 0


def cmd_generate(args):
    from ..nikoli.generate import generate
    from ..nikoli.url import write_url

    fam = model.family_name(args.family)
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise PuzzleError(f"--size {args.size!r} is not WxH") from None
    model.check_size(w, h, "--size: ")
    _engine("clingo")
    grid, info = generate(fam, w, h, args.seed, minimal=not args.no_minimize)
    if args.json:
        print(json.dumps(dict(info, url=write_url(grid), text=model.to_text(grid))))
    else:
        sys.stdout.write(write_url(grid) + "\n" if args.to == "url" else model.to_text(grid))
    return 0


def build_parser():
    from .cli import Parser

    parser = Parser(prog="pysolver", description="Nikoli puzzles: solve, check, hint, convert.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    s = sub.add_parser("solve")
    s.add_argument("file", metavar="FILE")
    s.add_argument("--max-solutions", type=int, default=2)
    s.add_argument("--timeout", type=float)
    s.add_argument("--engine", choices=("pysolver", "clingo", "auto"), default="auto")
    s.add_argument("--json", action="store_true")
    s.set_defaults(run=cmd_solve)
    c = sub.add_parser("check")
    c.add_argument("file", metavar="FILE")
    c.add_argument("--count", type=int, default=2, metavar="N")
    c.add_argument("--timeout", type=float)
    c.add_argument("--json", action="store_true")
    c.set_defaults(run=cmd_check)
    h = sub.add_parser("hint")
    h.add_argument("file", metavar="FILE")
    h.add_argument("--state", required=True, metavar="STATEFILE")
    h.add_argument("--json", action="store_true")
    h.set_defaults(run=cmd_hint)
    v = sub.add_parser("convert")
    v.add_argument("file", metavar="FILE")
    v.add_argument("--to", required=True, choices=("url", "text"))
    v.set_defaults(run=cmd_convert)
    g = sub.add_parser("generate", help="a uniquely solvable Nikoli puzzle")
    g.add_argument("family", metavar="FAMILY")
    g.add_argument("--size", required=True, metavar="WxH")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--to", choices=("url", "text"), default="url")
    g.add_argument("--no-minimize", action="store_true",
                   help="keep clues the puzzle does not need (quicker; benchmarks)")
    g.add_argument("--json", action="store_true")
    g.set_defaults(run=cmd_generate)
    return parser


def main(argv) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "timeout", None) is not None and args.timeout <= 0:
        raise PuzzleError("--timeout must be more than 0")
    return args.run(args)
