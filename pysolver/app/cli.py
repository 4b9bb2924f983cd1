"""The command line: ``python -m pysolver`` or ``pysolver``; one parser for every genre.

  solve FILE... [--max-solutions N] [--timeout S] [--engine E] [--jobs N] [--json]
  check FILE... [--count N] [--timeout S] [--engine pysolver|auto] [--jobs N] [--json]
  hint FILE --state STATEFILE [--timeout S] [--json]
  convert FILE --to non|xml|json|nin|asp (nonograms) | url|text (Nikoli)
  generate GENRE --size WxH [--seed N] [...]
  mark, clues, fix (nonograms); batch, report (collections)

solve, check, hint and convert read their (first) FILE and hand the command to the
front of the genre that recognises it (pysolver.registry.recognise): FRONTS maps
each registered genre to the module that runs its commands (nonogram_cli: batches
of many files, races, engines; nikoli_cli: one puzzle with native clingo).
``--timeout`` covers reading, solving and, for hint, the whole hint (a child
process ended at the limit). Bad input prints one line on stderr and exits with
status 2.
"""
from __future__ import annotations

import os
import sys

from .. import api, registry
from ..asp import run as asp
from ..decode import NotText, text_of
from ..errors import PuzzleError
from ..nikoli import model
from . import batch, nikoli_cli, nonogram_cli, pool, race
from . import report as reports
from . import common
from .common import Parser, UsageError, printable, read_bytes, seconds, whole

FRONTS = {name: front for front in (nonogram_cli, nikoli_cli) for name in front.GENRES}
FILE_HELP = ("a puzzle file: webpbn XML, Simpson .non, Wilk .nin, TAAI text, Olšák .g, "
             "picross-solver text, pysolver JSON, a text grid or PBM picture, a Nikoli "
             "puzzle (a puzz.link / pzv.jp URL or the family's text format: the content "
             "decides), or - for standard input")
STATE_HELP = ("the grid so far, one row per line: ? unknown, . empty, # (or a colour's char) "
              "filled; Nikoli grids in the solve output's characters")


def front_of(path):
    """The command-line front of the genre whose puzzle the file holds."""
    try:
        text = text_of(read_bytes(path))
    except NotText:  # not text: a raw PBM picture (clues), else the reader says so
        return nonogram_cli
    genre = registry.recognise(text, printable(path))
    front = FRONTS.get(genre.name)
    if front is None:
        raise PuzzleError(f"{printable(path)}: {genre.title} puzzles have no command line yet")
    return front


def by_genre(args):
    """Every command on a file: the file's genre runs it (or says it cannot)."""
    files = getattr(args, "files", None) or [args.file]
    front = front_of(files[0])
    if args.command not in front.COMMANDS:
        raise PuzzleError(f"{printable(files[0])}: {args.command} is for nonograms")
    if front is not nonogram_cli:  # one puzzle per command
        if len(files) > 1:
            raise PuzzleError(f"{printable(files[1])}: {args.command} takes one Nikoli "
                              "puzzle at a time (batch checks many)")
        args.file = files[0]
    return front.COMMANDS[args.command](args)


def cmd_generate(args):
    w, h = model.read_size(args.size, "--size: ")
    try:
        genre = registry.get(args.family)
    except PuzzleError:
        raise PuzzleError(f"unknown puzzle family {args.family!r} (choose one of "
                          f"{', '.join(registry.GENRES)})") from None
    front = FRONTS[genre.name]
    return front.generate(args, w, h)


def build_parser():
    parser = Parser(prog="pysolver", description="Nonogram and Nikoli puzzle solver, checker, "
                    "hints, converter and generator. Bad input prints one line naming the file "
                    "and exits with status 2.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
    engine_help = ("pysolver: the pure-Python engine (nonograms' default); clingo: native "
                   'clingo (pip install -e ".[asp]"); auto: pysolver and clingo side by side, '
                   "the first answer wins (Nikoli puzzles: clingo, the default)")
    jobs_help = (f"processes (at most this machine's {pool.cores()} cores; default 1): a batch "
                 "shares them out; one nonogram is raced by that many differently configured "
                 "searches, the first answer wins")
    batch_help = (f"; a batch (several puzzles) gives each puzzle {pool.BATCH_TIMEOUT_S:g} s "
                  "unless this is set")
    json_help = "print the result as JSON (a list for a batch; see ARCHITECTURE.md)"

    s = sub.add_parser("solve", help="solve puzzles")
    s.add_argument("files", nargs="+", metavar="FILE", help=FILE_HELP)
    s.add_argument("--max-solutions", type=whole, default=2, metavar="N",
                   help="stop after N solutions; 2 decides uniqueness (default)")
    s.add_argument("--timeout", type=seconds, metavar="S",
                   help="seconds per puzzle (reading included) before the answer is 'timeout'"
                        + batch_help)
    s.add_argument("--engine", choices=race.ENGINES, help=engine_help)
    s.add_argument("--jobs", type=whole, default=1, metavar="N", help=jobs_help)
    s.add_argument("--json", action="store_true", help=json_help)

    c = sub.add_parser("check", help="classification, uniqueness, difficulty")
    c.add_argument("files", nargs="+", metavar="FILE", help=FILE_HELP)
    c.add_argument("--count", type=whole, default=2, metavar="N",
                   help="count solutions up to N (default 2: uniqueness only)")
    c.add_argument("--timeout", type=seconds, metavar="S",
                   help="seconds per puzzle; past it the answer is 'undecided'" + batch_help)
    c.add_argument("--engine", choices=("pysolver", "auto"),
                   help="nonograms: pysolver (default), or auto: native clingo counting races "
                        "the check, the first answer wins (clingo's cannot classify)")
    c.add_argument("--jobs", type=whole, default=1, metavar="N", help=jobs_help)
    c.add_argument("--json", action="store_true", help=json_help)

    h = sub.add_parser("hint", help="the next hint for a partly solved grid: the player's "
                       "mistakes (wrong marks, with their right values), else the next deduction")
    h.add_argument("file", metavar="FILE", help=FILE_HELP)
    h.add_argument("--state", required=True, metavar="STATEFILE", help=STATE_HELP)
    h.add_argument("--timeout", type=seconds, metavar="S",
                   help="seconds to look for a hint; past it the answer is 'no hint within S s' "
                        "(default: no limit)")
    h.add_argument("--json", action="store_true", help="print the hint as JSON")

    m = sub.add_parser("mark", help="check a partly solved nonogram as the play view does")
    m.add_argument("file", metavar="FILE", help=FILE_HELP)
    m.add_argument("--state", required=True, metavar="STATEFILE", help=STATE_HELP)
    m.add_argument("--mode", choices=("off", "runs", "lines", "solution"), default="lines",
                   help="lines: lines whose marks contradict the clue; runs: the same for closed "
                        "runs only; solution: cells differing from the goal (or a solution found)")
    m.add_argument("--timeout", type=seconds, metavar="S",
                   help="seconds the solution mode may search when the file has no goal")
    m.add_argument("--json", action="store_true", help="print the result as JSON")
    m.set_defaults(run=by_genre)  # a Nikoli file: said so

    v = sub.add_parser("convert", help="write a puzzle file in another format")
    v.add_argument("file", metavar="FILE", help=FILE_HELP)
    v.add_argument("--to", required=True, choices=(*api.WRITE_FORMATS, "url", "text"),
                   help="nonograms: non: Simpson .non (a ==== bundle for several); xml: webpbn "
                        "XML; json: pysolver JSON; nin: Wilk .nin (black and white only); asp: "
                        "clingo facts. Nikoli puzzles: url: a puzz.link URL; text: the "
                        "family's text format")
    for p in (s, c, h, v):
        p.set_defaults(run=by_genre)

    k = sub.add_parser("clues", help="a puzzle from a solved picture (.non goal, text grid, PBM)")
    k.add_argument("file", metavar="GOALFILE",
                   help="a picture: text grid (# X 1 filled, . - 0 empty), PBM, or a puzzle "
                        "file with a goal image")
    k.add_argument("--to", choices=("non", "xml", "json"), default="non",
                   help="the format to write (default non)")
    k.add_argument("--json", action="store_true", help="same as --to json, on one line")
    k.set_defaults(run=by_genre)  # a Nikoli file: said so

    f = sub.add_parser("fix", help="edits that make a multi-solution picture unique")
    f.add_argument("file", metavar="GOALFILE", help="a puzzle file with a goal image")
    f.add_argument("--max-suggestions", type=whole, default=3, metavar="N",
                   help="stop after N verified suggestions (default 3)")
    f.add_argument("--timeout", type=seconds, metavar="S",
                   help="seconds to search for suggestions (default: no limit)")
    f.add_argument("--json", action="store_true", help="print the suggestions as JSON")
    f.set_defaults(run=by_genre)  # a Nikoli file: said so

    g = sub.add_parser("generate", help="a uniquely solvable Nikoli puzzle or nonogram")
    g.add_argument("family", metavar="GENRE", help=f"one of {', '.join(registry.GENRES)}")
    g.add_argument("--colours", "--colors", type=whole, metavar="K",
                   help="nonogram: colours besides the background (1 black and white .. 4)")
    g.add_argument("--level", choices=("easy", "medium", "hard", "expert"),
                   help="the reasoning its hint walk needs (nonogram: default easy; a Nikoli "
                        "puzzle: default whatever it comes out at, with as few clues as it can)")
    g.add_argument("--size", required=True, metavar="WxH", help="the grid's size, e.g. 10x10")
    g.add_argument("--seed", type=whole, default=1, metavar="N",
                   help="the random seed (the same seed gives the same puzzle)")
    g.add_argument("--jobs", type=whole, default=pool.cores(), metavar="N",
                   help=f"nonogram, expert level: processes (default: this machine's "
                        f"{pool.cores()} cores) sharing its search: the same puzzle for any N, "
                        "the slow ones sooner")
    g.add_argument("--to", choices=("url", "text"), default="url",
                   help="Nikoli puzzles: url (default) or text")
    g.add_argument("--no-minimize", action="store_true",
                   help="Nikoli puzzles: keep clues the puzzle does not need (quicker; benchmarks)")
    g.add_argument("--json", action="store_true",
                   help="print the puzzle as JSON (Nikoli: with its URL and text; nonogram: "
                        "with its goal and how it was generated)")
    g.set_defaults(run=cmd_generate)

    batch.register(sub)  # collections: each module adds its own subcommand
    reports.register(sub)
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


def run() -> None:
    """The program's entry point (``pysolver``, ``python -m pysolver``): main, then exit."""
    code = main()
    # clingo's grounding left behind (a deadline), or Ctrl-C (clingo's threads may be
    # anywhere): the interpreter's shutdown could crash under them, and is skipped
    if asp.abandoned() or (code == 130 and asp.grounded_here()):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)  # the interpreter's shutdown would crash under the grounder
    sys.exit(code)


def main(argv=None) -> int:
    common._stdin.clear()  # each run reads its own standard input
    try:
        for stream in (sys.stdout, sys.stderr):  # a file name's stray bytes never crash output
            if hasattr(stream, "reconfigure"):
                stream.reconfigure(errors="backslashreplace")
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
    run()
