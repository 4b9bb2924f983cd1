"""Reports from a batch database: ``pysolver report RESULTS.sqlite --csv F --json F --html F``.

One row per puzzle of each file (``index`` counts from 1 within its file),
status ``unique|multiple|none|timeout|error``; puzzles a stopped run has not
checked yet are left out (and counted on stderr). A unique puzzle's difficulty is
its stars (pysolver.stars, 1-5, the same scale for every genre) and the minutes
they stand for; ``difficulty`` keeps the engine's own measure (a nonogram's score,
a Nikoli puzzle's clingo label). The HTML page: pysolver.app.report_page.
``--catalogue`` writes each
catalogue puzzle's verified status and difficulty into the site's library.
"""
from __future__ import annotations

import csv
import io
import json
import os
import re
import sqlite3
import sys

from .. import stars
from ..nonogram.walk import walk
from ..errors import PuzzleError
from ..nonogram import formats, service
from ..nonogram.formats import jsonfmt
from .common import read_bytes, read_text
from .report_page import files_under, to_html, unrated, unrated_words
from .batch_db import clue_hash, database_error, open_existing

COLUMNS = ("file", "index", "title", "status", "classification", "stars", "stars_at_least",
           "minutes", "difficulty", "time_s", "engine", "nodes", "width", "height", "key", "error",
           "solution_1", "solution_2")


JSON_REPORT = "pysolver batch report"  # the JSON report's first field, telling what it is
# to_json's, and before it had its fields its list of rows
_JSON_ROWS = re.compile(rb'\A\s*(\{\s*"report":\s*"' + JSON_REPORT.encode() + rb'"|\[\s*\{\s*"file":)')


def is_report(head: bytes) -> bool:
    """Whether a file starting with ``head`` (its first kilobytes) is a report of this
    module: the CSV table, the JSON rows or the HTML page. A batch run over the folder it
    was written in passes it over: its rows are no puzzles."""
    head = head.lstrip(b"\xef\xbb\xbf")
    return (head.startswith(",".join(COLUMNS[:4]).encode() + b",") or bool(_JSON_ROWS.match(head))
            or (head[:15].lower() == b"<!doctype html>" and b"<title>Batch report: " in head))


def load(db: str) -> tuple:
    """(report rows, how many puzzles are not checked yet)."""
    store = open_existing(db)
    try:
        rows = store.rows()
        out = [dict(r, index=r["index"] + 1 if isinstance(r["index"], int) else r["index"])
               for r in rows if r["status"] is not None]  # a damaged index shown as it is
    except (sqlite3.Error, ValueError, TypeError) as e:  # a damaged or clashing database
        raise database_error(db, e) from None
    finally:
        store.close()
    return out, len(rows) - len(out)


def cell(value):
    """A CSV cell no spreadsheet reads as a formula: text starting with = + - @ or a
    tab gets a leading apostrophe (numbers stay numbers); a carriage return a space."""
    if not isinstance(value, str):
        return value
    value = value.replace("\r", " ")  # unquoted by the writer: it would split the row
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t") else value


def to_csv(rows) -> str:
    """The CSV table, files named from the folder they are all under (files_under)."""
    _, rows = files_under(rows)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    for r in rows:
        sols = ["|".join(map(str, s)) for s in r["solutions"]] + ["", ""]
        w.writerow(map(cell, [r["file"], r["index"], r["title"], r["status"], r["classification"] or "",
                    *("" if r[k] is None else r[k] for k in ("stars", "stars_at_least", "minutes")),
                    "" if r["difficulty"] is None else r["difficulty"],
                    "" if r["time_s"] is None else r["time_s"], r["engine"] or "",
                    "" if r["nodes"] is None else r["nodes"], r["width"] or "", r["height"] or "",
                    r["key"] or "", r["error"] or "", sols[0], sols[1]]))
    return buf.getvalue()


def to_json(rows) -> str:
    """The JSON report: ``report`` (what it is), ``files_under`` (the name of the folder
    every file is named from, or None: files_under) and ``puzzles``, a row each."""
    keep = COLUMNS[:-2] + ("solutions",)
    folder, rows = files_under(rows)
    return json.dumps({"report": JSON_REPORT, "files_under": folder or None,
                       "puzzles": [{k: r[k] for k in keep} for r in rows]},
                      ensure_ascii=False, indent=1,
                      default=repr) + "\n"  # repr: what a damaged database holds (bytes)



def annotate_catalogue(db: str, catalogue: str, out: str | None = None) -> int:
    """Write each catalogue puzzle's verified ``status`` and ``difficulty`` (the
    engine's number, None unless decided) from batch database ``db``, and its
    ``stars`` (1-5, pysolver.stars: the batch's when it rated the puzzle within its
    time limit, else from a hint walk played here) and ``minutes``
    (the same walk's, which the library sorts equal stars by) into the
    catalogue JSON (in place, or to ``out``); the number of entries. A puzzle the
    database has not checked is an error naming the entry."""
    text = read_text(catalogue)  # a regular file, up to the size cap
    try:
        data = json.loads(text)
    except ValueError as e:
        raise PuzzleError(f"{catalogue}: {jsonfmt.problem(e)}") from None
    entries = data.get("puzzles", []) if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise PuzzleError(f"{catalogue}: not a catalogue (a JSON object whose 'puzzles' is a list)")
    store = open_existing(db)
    base = os.path.dirname(catalogue)
    try:
        for k, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise PuzzleError(f"{catalogue}: puzzle {k + 1} is not an object {{...}} but "
                                  f"{jsonfmt.kind(entry)}")
            name = f"{catalogue}: puzzle {k + 1} ({entry.get('id', '?')})"
            path = os.path.join(base, str(entry.get("file", "")))
            try:  # a regular file, read up to the size cap (not /dev/zero, nor a FIFO)
                text = read_bytes(path)
            except PuzzleError as e:
                raise PuzzleError(f"{name}: {e}") from None
            puzzle = formats.parse_one(text, path)
            verdict = store.verdict_for(clue_hash(puzzle))
            if verdict is None:
                raise PuzzleError(f"{name}: {path} is not checked in {db} (run pysolver batch on it)")
            entry["status"] = verdict["status"]
            entry["difficulty"] = verdict["difficulty"]
            if verdict["stars"] and not verdict["stars_at_least"]:  # the batch's own walk
                entry["stars"], entry["minutes"] = verdict["stars"], verdict["minutes"]
                continue
            played = walk(puzzle, cells=service.shown_cells(puzzle, None))
            entry["stars"] = stars.nonogram(puzzle.width, puzzle.height, played)
            entry["minutes"] = round(stars.nonogram_minutes(puzzle.width, puzzle.height, played), 1)
    finally:
        store.close()
    _write(out or catalogue, json.dumps(data, ensure_ascii=False, indent=1) + "\n")
    return len(entries)


# -- the command -------------------------------------------------------------------------

def _write(path: str, text: str):
    if path == "-":
        sys.stdout.write(text)
        return
    try:
        with open(path, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
    except OSError as e:
        raise PuzzleError(f"{path}: cannot write ({e.strerror or e})") from None


def _check_outputs(db: str, outputs) -> None:
    """Refuse, before anything is written, a report file that is the database or one of
    its companions (-wal, -shm): writing it would destroy every result; and one file
    given to two reports: the second would replace the first."""
    ours = [db + end for end in ("", "-wal", "-shm", "-journal")]
    given = [path for path in outputs if path]
    for k, path in enumerate(given):
        if path != "-" and any(_same_file(path, f) for f in ours):
            raise PuzzleError(f"{path}: is the batch database {db} (or part of it); writing the "
                              "report there would destroy its results; give another file name")
        if any(path == other or (path != "-" != other and _same_file(path, other))
               for other in given[:k]):
            raise PuzzleError(f"{path}: given for two reports; give each its own file")


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist (yet): compare their resolved names
        return os.path.realpath(a) == os.path.realpath(b)


def cmd_report(args) -> int:
    if not (args.csv or args.json or args.html or args.catalogue):
        raise PuzzleError("report: say what to write: --csv, --json, --html or --catalogue")
    _check_outputs(args.db, (args.csv, args.json, args.html, args.catalogue))
    rows, unchecked = load(args.db)
    if unchecked:
        many = unchecked > 1
        print(f"pysolver: {unchecked} puzzle{'s' if many else ''} in {args.db} "
              f"{'are' if many else 'is'} not checked yet (left out)", file=sys.stderr)
    if unrated(rows):
        print(f"pysolver: {args.db}: {unrated_words(rows)}", file=sys.stderr)
    if args.csv:
        _write(args.csv, to_csv(rows))
    if args.json:
        _write(args.json, to_json(rows))
    if args.html:
        _write(args.html, to_html(rows, os.path.basename(args.db), unchecked))
    if args.catalogue:
        n = annotate_catalogue(args.db, args.catalogue)
        print(f"{args.catalogue}: status and difficulty of {n} puzzles from {args.db}", file=sys.stderr)
    return 0


def register(sub):
    """Add the ``report`` subcommand to the CLI's subparsers."""
    r = sub.add_parser("report", help="CSV, JSON or HTML report of a batch database")
    r.add_argument("db", metavar="RESULTS.sqlite", help="a database written by pysolver batch")
    r.add_argument("--csv", metavar="FILE", help="one row per puzzle ('-': standard output)")
    r.add_argument("--json", metavar="FILE", help="every puzzle's verdict as JSON ('-': "
                   "standard output)")
    r.add_argument("--html", metavar="FILE", help="a static page: thumbnails, filters, slowest first")
    r.add_argument("--catalogue", metavar="CATALOGUE.json",
                   help="write verified status and difficulty into the site's catalogue (in place)")
    r.set_defaults(run=cmd_report)
