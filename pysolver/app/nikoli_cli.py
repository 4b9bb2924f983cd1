"""The Nikoli genres' commands (pysolver.app.cli parses, the registry picks the genre):
solve, check, hint and convert of one puzzle, and generate FAMILY, with native clingo.

A FILE holds a puzz.link / pzv.jp URL or the family's text format (model.py); a
file of several URLs, one a line, is batch's (these commands say so);
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
from ..nikoli.generate import generate as generate_grid
from ..nikoli.hints import hint
from ..nikoli.url import write_url
from ..asp.tasks import OutOfTime
from .common import left, printable, read_text, show_solutions, stars_words, timed_out

GENRES = tuple(model.FAMILIES)  # the genres (pysolver.registry) served here


def load(path: str) -> model.Grid:
    return read.parse(read_text(path), path)


def _engine(name):
    if name == "pysolver":
        raise PuzzleError("the pysolver engine solves nonograms only; "
                          "these puzzles take --engine clingo or auto")
    if not api.clingo_available():
        raise PuzzleError("Nikoli puzzles need the clingo Python module (pip install clingo)")


def cmd_solve(args):
    if args.max_solutions < 1:
        raise PuzzleError("--max-solutions must be at least 1")
    _engine(args.engine or "auto")
    start = time.perf_counter()
    grid = load(args.file)
    r = solve(grid, args.max_solutions, left(args.timeout, start))
    r["family"] = grid.family
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
        return 0
    show_solutions(f"{args.file}: {grid.family}, {r['status']}", dict(r, engine="clingo"))
    return 0


def cmd_check(args):
    if args.count < 2:
        raise PuzzleError("--count must be at least 2")
    _engine(args.engine or "auto")
    start = time.perf_counter()
    grid = load(args.file)
    r = analyse(grid, args.count, left(args.timeout, start))
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
        return 0
    unique = {True: "unique", False: "not unique", None: "undecided"}[r["unique"]]
    if r["status"] == "none":
        unique = "no solution"
    if r["count"] >= 2:
        unique += f" ({'' if r['count_exact'] else 'at least '}{r['count']} solutions)"
    diff = "" if r["difficulty"] is None else f", difficulty {r['difficulty']}"
    diff += stars_words(r)
    print(f"{args.file}: {grid.family} {grid.width}x{grid.height}, {unique}{diff} "
          f"({r['time_s']:.3f} s)")
    return 0


def cmd_hint(args):
    _engine("clingo")
    start = time.perf_counter()
    grid = load(args.file)
    # one row a line, blank lines skipped; cells may be written apart ("? # ."), as the
    # puzzle's text format writes them (no cell is a space)
    state = ["".join(line.split()) for line in read_text(args.state, "state file").splitlines() if line.strip()]
    try:
        r = hint(grid, state, left(args.timeout, start))
    except PuzzleError as e:
        raise PuzzleError(f"{args.state}: {e}") from None
    except OutOfTime:
        r = timed_out(args.timeout)
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
    else:
        print(r["explanation"])
        for c in r["cells"]:  # a Masyu hint is about the edge between two cells
            end = f" to row {c['to_row']} column {c['to_column']}" if "to_row" in c else ""
            print(f"row {c['row']} column {c['column']}{end}: {c['value']}")
    return 0


def cmd_convert(args):
    if args.to not in ("url", "text"):
        raise PuzzleError(f"{printable(args.file)}: a Nikoli puzzle converts --to url or text, "
                          f"not {args.to}")
    sys.stdout.write(read.write(load(args.file), args.to))  # with the file's title and author
    return 0


def generate(args, w, h):
    """``generate FAMILY``: a uniquely solvable puzzle of the family with clingo."""
    if args.colours is not None:
        raise PuzzleError("--colours is for nonograms; the Nikoli generator takes --size, "
                          "--level and --seed")
    fam = model.family_name(args.family)
    model.check_size(w, h, "--size: ")
    _engine("clingo")
    if args.level is not None and args.no_minimize:
        raise PuzzleError("--level puts back clues the puzzle does not need where it needs "
                          "them; it cannot be used with --no-minimize")
    grid, info = generate_grid(fam, w, h, args.seed, minimal=not args.no_minimize,
                               level=args.level)
    if args.json:
        print(json.dumps(dict(info, url=write_url(grid), text=model.to_text(grid))))
    else:
        sys.stdout.write(write_url(grid) + "\n" if args.to == "url" else model.to_text(grid))
        # what the nonogram generator says too: the level and stars of its hint walk
        print(f"{info['level']} {w}x{h}{stars_words({'stars_at_least': False, **info})}",
              file=sys.stderr)
    return 0


COMMANDS = {"solve": cmd_solve, "check": cmd_check, "hint": cmd_hint, "convert": cmd_convert}
