"""The command line for Nikoli puzzle files (pysolver.app.cli hands them over here).

  solve FILE [--max-solutions N] [--timeout S] [--engine clingo|auto] [--json]
  check FILE [--count N] [--timeout S] [--json]
  hint FILE --state STATEFILE [--timeout S] [--json]
  convert FILE --to url|text
  generate FAMILY --size WxH [--seed N] [--no-minimize] [--to url|text] [--json]
  generate nonogram --size WxH [--colours K] [--level L] [--seed N] [--json]
    (pysolver.nonogram.generate: no clingo; prints the .non text, or with
    --json the puzzle JSON with its goal and a "generated" object: level,
    hint walk, stars)

A FILE holds a puzz.link / pzv.jp URL or the family's text format (model.py);
- reads it from standard input. ``--timeout`` covers reading, grounding and solving.
Only clingo solves these families, so --engine pysolver is refused.
"""
from __future__ import annotations

import json
import sys
import time

from .. import api
from ..errors import PuzzleError
from ..nikoli import model, read
from ..nikoli.aspsolve import analyse, solve
from ..nikoli.generate import generate
from ..nikoli.hints import hint
from ..nikoli.url import write_url
from ..asp.tasks import OutOfTime
from ..nonogram.formats import dump
from .common import Parser, read_text, seconds, whole

COMMANDS = ("solve", "check", "hint", "convert", "generate")


# options that take a value (of this parser and the nonogram one): the word after
# them is not the file
VALUED = ("--max-solutions", "--timeout", "--engine", "--count", "--state", "--to",
          "--jobs", "--mode", "--max-suggestions", "--size", "--seed")


def claims(argv) -> bool:
    """True when argv is a command on a Nikoli file, or ``generate``."""
    if not argv or argv[0] not in COMMANDS:
        return False
    if argv[0] == "generate":
        return True
    files, words = [], iter(argv[1:])
    for word in words:
        if word in VALUED:
            next(words, None)
        elif word == "-" or not word.startswith("-"):
            files.append(word)
    if not files:
        return False
    try:
        return read.looks_like(read_text(files[0]))
    except PuzzleError:
        return False


def load(path: str) -> model.Grid:
    return read.parse(read_text(path), path)


def _left(timeout, start):
    """What is left of --timeout after reading (it covers reading too)."""
    return None if timeout is None else max(1e-3, timeout - (time.perf_counter() - start))


def _engine(name):
    if name == "pysolver":
        raise PuzzleError("the pysolver engine solves nonograms only; "
                          "these puzzles take --engine clingo or auto")
    if not api.clingo_available():
        raise PuzzleError("Nikoli puzzles need the clingo Python module (pip install clingo)")


def cmd_solve(args):
    if args.max_solutions < 1:
        raise PuzzleError("--max-solutions must be at least 1")
    _engine(args.engine)
    start = time.perf_counter()
    grid = load(args.file)
    r = solve(grid, args.max_solutions, _left(args.timeout, start))
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
    if args.count < 2:
        raise PuzzleError("--count must be at least 2")
    _engine("clingo")
    start = time.perf_counter()
    grid = load(args.file)
    r = analyse(grid, args.count, _left(args.timeout, start))
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
        return 0
    unique = {True: "unique", False: "not unique", None: "undecided"}[r["unique"]]
    if r["status"] == "none":
        unique = "no solution"
    if r["count"] >= 2:
        unique += f" ({'' if r['count_exact'] else 'at least '}{r['count']} solutions)"
    diff = "" if r["difficulty"] is None else f", difficulty {r['difficulty']}"
    print(f"{args.file}: {grid.family} {grid.width}x{grid.height}, {unique}{diff} "
          f"({r['time_s']:.3f} s)")
    return 0


def cmd_hint(args):
    _engine("clingo")
    start = time.perf_counter()
    grid = load(args.file)
    state = read_text(args.state).split()
    try:
        r = hint(grid, state, _left(args.timeout, start))
    except PuzzleError as e:
        raise PuzzleError(f"{args.state}: {e}") from None
    except OutOfTime:
        r = {"kind": "timeout", "explanation": f"no hint within {args.timeout:g} s "
             "(--timeout)", "cells": []}
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
    else:
        print(r["explanation"])
        for c in r["cells"]:
            print(f"row {c['row']} column {c['column']}: {c['value']}")
    return 0


def cmd_convert(args):
    grid = load(args.file)
    sys.stdout.write(write_url(grid) + "\n" if args.to == "url" else model.to_text(grid))
    return 0


def cmd_generate(args):
    w, h = model.read_size(args.size, "--size: ")
    if args.family.lower() == "nonogram":
        return _generate_nonogram(args, w, h)
    if args.colours is not None or args.level is not None:
        raise PuzzleError("--colours and --level are for nonograms; the Nikoli generator "
                          "takes --size and --seed")
    fam = model.family_name(args.family)
    model.check_size(w, h, "--size: ")
    _engine("clingo")
    grid, info = generate(fam, w, h, args.seed, minimal=not args.no_minimize)
    if args.json:
        print(json.dumps(dict(info, url=write_url(grid), text=model.to_text(grid))))
    else:
        sys.stdout.write(write_url(grid) + "\n" if args.to == "url" else model.to_text(grid))
    return 0


def _generate_nonogram(args, w, h):
    if args.no_minimize or args.to != "url":
        raise PuzzleError("--no-minimize and --to are for the Nikoli generator; "
                          "a nonogram prints its .non text, or JSON with --json")
    r = api.generate("nonogram", w, h, colours=1 if args.colours is None else args.colours,
                     level=args.level or "easy", seed=args.seed)
    if args.json:
        print(json.dumps(dict(r["puzzle"], generated={k: v for k, v in r.items() if k != "puzzle"}),
                         ensure_ascii=False))
        return 0
    sys.stdout.write(dump(api.to_puzzle(r["puzzle"]), "non"))
    steps = ", ".join(f"{v} {k}" for k, v in r["walk"]["steps"].items() if v)
    print(f"{r['level']} {w}x{h}, {r['stars']} star{'s' if r['stars'] > 1 else ''}; "
          f"hint walk: {steps}", file=sys.stderr)
    return 0


def build_parser():
    parser = Parser(prog="pysolver", description="Nikoli puzzles: solve, check, hint, "
                    "convert, generate.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    file_help = ("a Nikoli puzzle: a puzz.link / pzv.jp URL or the family's text "
                 "format, in a file or on standard input (-)")
    json_help = "print the result as JSON"
    s = sub.add_parser("solve", help="solve a Nikoli puzzle with clingo")
    s.add_argument("file", metavar="FILE", help=file_help)
    s.add_argument("--max-solutions", type=whole, default=2, metavar="N",
                   help="stop after N solutions; 2 decides uniqueness (default)")
    s.add_argument("--timeout", type=seconds, metavar="S",
                   help="seconds (reading, grounding and solving) before the answer is "
                        "'timeout'")
    s.add_argument("--engine", choices=("pysolver", "clingo", "auto"), default="auto",
                   help="clingo or auto (the same here: only clingo solves these)")
    s.add_argument("--json", action="store_true", help=json_help)
    s.set_defaults(run=cmd_solve)
    c = sub.add_parser("check", help="uniqueness, a solution count and the difficulty")
    c.add_argument("file", metavar="FILE", help=file_help)
    c.add_argument("--count", type=whole, default=2, metavar="N",
                   help="count solutions up to N (default 2: uniqueness only)")
    c.add_argument("--timeout", type=seconds, metavar="S",
                   help="seconds before the answer is 'undecided'")
    c.add_argument("--json", action="store_true", help=json_help)
    c.set_defaults(run=cmd_check)
    h = sub.add_parser("hint", help="the next hint for a partly solved grid")
    h.add_argument("file", metavar="FILE", help=file_help)
    h.add_argument("--state", required=True, metavar="STATEFILE",
                   help="the grid so far, one row per line, in the solve output's "
                        "characters with ? for unknown")
    h.add_argument("--timeout", type=seconds, metavar="S",
                   help="seconds to look for a hint (default: no limit)")
    h.add_argument("--json", action="store_true", help=json_help)
    h.set_defaults(run=cmd_hint)
    v = sub.add_parser("convert", help="write the puzzle as a URL or as text")
    v.add_argument("file", metavar="FILE", help=file_help)
    v.add_argument("--to", required=True, choices=("url", "text"),
                   help="url: a puzz.link URL; text: the family's text format")
    v.set_defaults(run=cmd_convert)
    add_generate(sub)
    return parser


def add_generate(sub):
    """The ``generate`` subcommand (also listed by the nonogram parser's --help)."""
    g = sub.add_parser("generate", help="a uniquely solvable Nikoli puzzle or nonogram")
    g.add_argument("family", metavar="FAMILY",
                   help=f"one of {', '.join(model.FAMILIES)}, or nonogram")
    g.add_argument("--colours", "--colors", type=whole, metavar="K",
                   help="nonogram: colours besides the background (1 black and white .. 4)")
    g.add_argument("--level", choices=("easy", "medium", "hard", "expert"),
                   help="nonogram: the reasoning its hint walk needs")
    g.add_argument("--size", required=True, metavar="WxH", help="the grid's size, e.g. 10x10")
    g.add_argument("--seed", type=whole, default=1, metavar="N",
                   help="the random seed (the same seed gives the same puzzle)")
    g.add_argument("--to", choices=("url", "text"), default="url",
                   help="url (default) or text")
    g.add_argument("--no-minimize", action="store_true",
                   help="keep clues the puzzle does not need (quicker; benchmarks)")
    g.add_argument("--json", action="store_true", help="print the puzzle, its URL and text as JSON")
    g.set_defaults(run=cmd_generate)


def main(argv) -> int:
    args = build_parser().parse_args(argv)
    return args.run(args)
