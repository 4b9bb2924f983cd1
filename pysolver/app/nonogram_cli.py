"""The nonogram's commands (pysolver.app.cli parses, the registry picks the genre):
solve and check take many files and batch them (pysolver.app.pool), racing one
puzzle over processes (pysolver.app.race); hint, mark, convert, clues, fix and
generate take one. Bad input raises PuzzleError (one line, exit 2)."""
from __future__ import annotations

import contextlib
import json
import sys
import time

from .. import api
from ..errors import PuzzleError
from ..nonogram import formats, genre, generate as gen
from ..nonogram.formats import jsonfmt
from . import lanes, pool, race
from .common import left, printable, read_bytes, read_text, show_solutions, stars_words, timed_out

GENRES = ("nonogram",)


def load(paths) -> list:
    """[(label, Puzzle)] for every puzzle of every file."""
    items = []
    for path in paths:
        name = printable(path)
        puzzles = formats.parse(read_bytes(path), name)  # bytes: a raw PBM is read too
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
    show_solutions(f"{r['file']}: {r['status']}{cls}", r)


def show_check(r):
    if r["status"] == "error":
        print(f"{r['file']}: error: {r['error']}")
        return
    unique = {True: "unique", False: "not unique", None: "undecided"}[r["unique"]]
    if r["count"] >= 2:
        unique += f" ({'' if r['count_exact'] else 'at least '}{r['count']} solutions)"
    diff = "" if r["difficulty"] is None else f", difficulty {r['difficulty']}"
    diff += stars_words(r)
    engine = f", {r['engine']}" if "engine" in r else ""  # --engine auto: who answered
    print(f"{r['file']}: {r['classification']}, {unique}{diff} ({r['time_s']:.3f} s{engine})")
    if r["goal_unique"] is False and r["unique"]:
        print("the goal image is not the puzzle's solution")
    if r["alternative"]:
        marks = {(d["row"] - 1, d["column"] - 1) for d in r["differences"]}
        if r["goal_unique"] is None:  # no goal: show what the alternative differs from
            print("a solution:")
            print("\n".join(r["solutions"][0]))
        # the solution itself on the left (a colour's cells cannot be told from a *), marks right
        print(f"another solution ({len(marks)} cells differ, marked with * on the right):")
        for y, row in enumerate(r["alternative"]):
            print(row, "".join("*" if (y, x) in marks else ch for x, ch in enumerate(row)))


# -- commands -----------------------------------------------------------------

def batch_timeout(args, count):
    """--timeout, or pool.BATCH_TIMEOUT_S per puzzle for a batch without one."""
    return args.timeout if args.timeout is not None or count <= 1 else pool.BATCH_TIMEOUT_S


def cmd_solve(args):
    if args.max_solutions < 1:
        raise PuzzleError("--max-solutions must be at least 1")
    args.engine = args.engine or "pysolver"
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
    shown = {label: len(p.givens) for label, p in items if p.givens}
    with contextlib.closing(pool.run(method, items, opts, args.jobs)) as stream:
        for r in stream:
            results.append(r)
            progress.clear()
            if not args.json:
                if r["file"] in shown:  # a maker's puzzle may be unique with them only
                    n = shown[r["file"]]
                    print(f"{r['file']} shows {n} cell{'s' * (n != 1)} at the start: "
                          f"{'they count' if n != 1 else 'it counts'} as known")
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
    args.engine = args.engine or "pysolver"
    if args.engine not in ("pysolver", "auto"):
        raise PuzzleError(f"check takes --engine pysolver or auto, not {args.engine} "
                          "(clingo's count cannot classify)")
    items = load(args.files)
    if args.engine == "auto" and not api.clingo_available():
        print("pysolver: clingo is not installed: pysolver alone", file=sys.stderr)
    opts = {"timeout": batch_timeout(args, len(items)), "count_cap": args.count,
            "engine": args.engine, "rate": True}  # stars, as the batch rates a unique puzzle
    return report("analyse", items, opts, args, show_check)


def _hint(p, state) -> dict:
    try:
        return api.hint(p, state, find_solutions=True)
    except PuzzleError as e:
        return {"error": str(e)}


def cmd_hint(args):
    start = time.perf_counter()
    p = load_one(args.file)
    state = read_text(args.state, "state file").splitlines()
    if args.timeout is None:
        r = _hint(p, state)
    else:  # in a child process, ended at the limit whatever the hint engine is doing
        r = race.call(lambda: _hint(p, state), left(args.timeout, start)) or timed_out(args.timeout)
    if "error" in r:
        raise PuzzleError(f"{printable(args.state)}: {r['error']}")
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
    state = read_text(args.state, "state file").splitlines()
    try:
        r = api.check_marks(p, state, args.mode, timeout=args.timeout)
    except PuzzleError as e:
        raise PuzzleError(f"{args.state}: {e}") from None
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
        return 0
    if r["message"]:
        print(r["message"])
    if r.get("detail"):  # the limit a search stopped at, as the page's Details shows it
        print(f"details: {r['detail']}")
    for item in r["lines"]:
        print(f"{item['axis']} {item['index']}")
    for c in r["cells"]:
        print(f"row {c['row']} column {c['column']}")
    return 0


def cmd_convert(args):
    if args.to not in api.WRITE_FORMATS:
        raise PuzzleError(f"{printable(args.file)}: a nonogram converts --to "
                          f"{', '.join(api.WRITE_FORMATS)}, not {args.to}")
    data, name = read_bytes(args.file), printable(args.file)
    text = api.convert(data, args.to, name)
    sys.stdout.write(text)
    note_losses(formats.parse(data, name), text, args.to)
    return 0


def note_losses(puzzles, text, fmt):
    """A format that cannot hold something says so on stderr (the puzzle itself kept)."""
    note = formats.losses(puzzles, text, fmt)
    if note:
        print(f"pysolver: note: {note}", file=sys.stderr)


def cmd_clues(args):
    name = printable(args.file)
    p = formats.parse_one(read_bytes(args.file), name)
    if p.goal is None:
        raise PuzzleError(f"{name}: the file has no goal image to take clues from")
    d = jsonfmt.to_dict(p)
    d.pop("rows"), d.pop("columns")  # clues come from the picture
    shown, p = p.givens, jsonfmt.from_dict(d)
    p.givens = shown  # cells of the same picture shown at the start: the puzzle may need them
    if args.json:
        print(json.dumps(jsonfmt.to_dict(p, shown=True), ensure_ascii=False))
    else:
        text = formats.dump(p, args.to)
        sys.stdout.write(text)
        note_losses([p], text, args.to)
    return 0


def cmd_fix(args):
    if args.max_suggestions < 1:
        raise PuzzleError("--max-suggestions must be at least 1")
    start = time.perf_counter()
    p = load_one(args.file)
    try:
        r = api.fix(p, max_suggestions=args.max_suggestions, timeout=args.timeout)
    except PuzzleError as e:
        raise PuzzleError(f"{printable(args.file)}: {e}") from None
    if args.json:
        print(json.dumps(r, ensure_ascii=False))
        return 0
    if not r["suggestions"]:  # which of the two it was: the check says (a unique one at once)
        unique = api.analyse(p, timeout=left(args.timeout, start))["unique"]
        why = {True: "no change needed: the goal is already the puzzle's only solution",
               False: "the goal is not unique, and no edit was verified"
                      + (" within --timeout" if args.timeout else ""),
               None: "no edit found, and uniqueness was not decided within --timeout"}[unique]
        print(f"{printable(args.file)}: {why}")
    for k, s in enumerate(r["suggestions"], 1):
        cells = ", ".join(f"row {c['row']} column {c['column']} = {c['value']}" for c in s["cells"])
        print(f"{k}. {s.get('description') or s['kind']}")
        print(f"   cells: {cells}")
    return 0


def generate(args, w, h):
    """``generate nonogram``: pysolver.nonogram.generate (no clingo): the .non text, or
    with --json the puzzle JSON with its goal and a "generated" object (level, hint
    walk, stars). ``--jobs``: expert's lanes over that many processes (the same
    puzzle: pysolver.app.lanes)."""
    if args.no_minimize or args.to != "url":
        raise PuzzleError("--no-minimize and --to are for the Nikoli generator; "
                          "a nonogram prints its .non text, or JSON with --json")
    colours, level = 1 if args.colours is None else args.colours, args.level or "easy"
    gen.check_args(w, h, colours, level)
    r = genre.made(*lanes.generate(w, h, colours, level, args.seed, args.jobs))
    if args.json:
        print(json.dumps(dict(r["puzzle"], generated={k: v for k, v in r.items() if k != "puzzle"}),
                         ensure_ascii=False))
        return 0
    sys.stdout.write(formats.dump(api.to_puzzle(r["puzzle"]), "non"))
    steps = ", ".join(f"{v} {k}" for k, v in r["walk"]["steps"].items() if v)
    print(f"{r['level']} {w}x{h}, {r['stars']} star{'s' if r['stars'] > 1 else ''}; "
          f"hint walk: {steps}", file=sys.stderr)
    return 0


COMMANDS = {"solve": cmd_solve, "check": cmd_check, "hint": cmd_hint, "mark": cmd_mark,
            "convert": cmd_convert, "clues": cmd_clues, "fix": cmd_fix}
