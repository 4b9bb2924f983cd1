"""Reports from a batch database: ``pysolver report RESULTS.sqlite --csv F --json F --html F``.

One row per puzzle of each file (``index`` counts from 1 within its file),
status ``unique|multiple|none|timeout|error``; puzzles a stopped run has not
checked yet are left out (and counted on stderr). The HTML page is one static
file: everything inline and escaped, thumbnails as PNG data, filters in a few
lines of inline script, slowest puzzles first. ``--catalogue`` writes each
catalogue puzzle's verified status and difficulty into the site's library.
"""
from __future__ import annotations

import base64
import csv
import hashlib
import html
import io
import json
import os
import sqlite3
import struct
import sys
import zlib

from .. import stars
from ..nonogram.walk import walk
from ..errors import PuzzleError
from ..nonogram import formats, service
from .common import read_bytes, read_text
from .batch_db import STATUSES, clue_hash, database_error, open_existing

COLUMNS = ("file", "index", "title", "status", "classification", "difficulty", "time_s",
           "engine", "nodes", "width", "height", "key", "error", "solution_1", "solution_2")


def load(db: str) -> tuple:
    """(report rows, how many puzzles are not checked yet)."""
    store = open_existing(db)
    try:
        rows = store.rows()
        out = [dict(r, index=r["index"] + 1) for r in rows if r["status"] is not None]
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
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    for r in rows:
        sols = ["|".join(map(str, s)) for s in r["solutions"]] + ["", ""]
        w.writerow(map(cell, [r["file"], r["index"], r["title"], r["status"], r["classification"] or "",
                    "" if r["difficulty"] is None else r["difficulty"],
                    "" if r["time_s"] is None else r["time_s"], r["engine"] or "",
                    "" if r["nodes"] is None else r["nodes"], r["width"] or "", r["height"] or "",
                    r["key"] or "", r["error"] or "", sols[0], sols[1]]))
    return buf.getvalue()


def to_json(rows) -> str:
    keep = COLUMNS[:-2] + ("solutions",)
    return json.dumps([{k: r[k] for k in keep} for r in rows], ensure_ascii=False, indent=1,
                      default=repr) + "\n"  # repr: what a damaged database holds (bytes)


# -- HTML -------------------------------------------------------------------------

# where two solutions differ: red where this one fills the cell, pale red where it leaves it empty
DIFF_FILLED, DIFF_EMPTY = "D62728", "FFB3B3"


def png(rows, colors, scale=1, other=None) -> bytes:
    """An indexed-colour PNG of a solution (row strings over ``colors``' chars); with
    ``other`` (another solution) the cells where they differ in DIFF_FILLED / DIFF_EMPTY."""
    index = {char: k for k, (char, _) in enumerate(colors)}
    n = len(colors)

    def value(y, x, ch):
        if other is None or other[y][x] == ch:
            return index.get(ch, 0)
        return n + (index.get(ch, 0) == 0)
    raw = b"".join(b"\0" + bytes(value(y, x, ch) for x, ch in enumerate(row) for _ in range(scale))
                   for y, row in enumerate(rows) for _ in range(scale))
    if other is not None:
        colors = [*colors, ("", DIFF_FILLED), ("", DIFF_EMPTY)]
    width, height = len(rows[0]) * scale, len(rows) * scale

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    palette = b"".join(bytes.fromhex(rgb) for _, rgb in colors)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0))
            + chunk(b"PLTE", palette) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def _thumb(rows, colors, other=None, alt="solution") -> str:
    data = base64.b64encode(png(rows, colors, other=other)).decode()
    size = 96 / max(len(rows), len(rows[0]))
    return (f'<img alt="{alt}" title="{alt}" width="{round(len(rows[0]) * size)}" '
            f'height="{round(len(rows) * size)}" src="data:image/png;base64,{data}">')


_STYLE = """
body{font:14px system-ui,sans-serif;margin:1rem;color:#222}
table{border-collapse:collapse}td,th{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
img{image-rendering:pixelated;border:1px solid #999;margin-right:4px}
fieldset{display:inline-block;margin:0 1rem .5rem 0}input[type=number]{width:5em}
.s-unique{color:#060}.s-multiple{color:#a50}.s-none{color:#b00}.s-timeout{color:#555}.s-error{color:#b00}
td.err{max-width:30em;white-space:pre-wrap}
pre.grid{display:inline-block;margin:0 4px 0 0;font:11px/1 monospace;border:1px solid #999}
.wrap{overflow-x:auto}td.f{overflow-wrap:anywhere;min-width:12em}
"""

_SCRIPT = """
const form = document.getElementById('filters');
function apply() {
  const on = new Set([...form.querySelectorAll('input[name=status]:checked')].map(i => i.value));
  const lo = form.min.value === '' ? null : Number(form.min.value);
  const hi = form.max.value === '' ? null : Number(form.max.value);
  let shown = 0;
  for (const tr of document.querySelectorAll('#results tbody tr')) {
    const d = tr.dataset.difficulty === '' ? null : Number(tr.dataset.difficulty);
    const inRange = (lo === null || (d !== null && d >= lo)) && (hi === null || (d !== null && d <= hi));
    const show = on.has(tr.dataset.status) && inRange;
    tr.hidden = !show;
    shown += show;
  }
  document.getElementById('shown').textContent = shown + ' shown';
}
form.addEventListener('input', apply);
apply();
"""


# the page's one script, allowed by its hash (the CSP forbids inline script otherwise)
SCRIPT_HASH = base64.b64encode(hashlib.sha256(_SCRIPT.encode()).digest()).decode()


def _text(value, spec="") -> str:
    """A field as escaped HTML text: numbers formatted by ``spec``, anything else as
    its text (a damaged database may hold anything anywhere)."""
    if value is None:
        return ""
    if spec and isinstance(value, (int, float)) and not isinstance(value, bool):
        return html.escape(format(value, spec))
    return html.escape(str(value))


def _grids(sols) -> str:
    """A Nikoli puzzle's solutions (no palette: rows of the solve output's characters,
    loops drawn in box characters) as small text grids, escaped."""
    return "".join(f'<pre class="grid" title="solution {k + 1}">'
                   + html.escape("\n".join(map(str, s))) + "</pre>"
                   for k, s in enumerate(sols) if isinstance(s, list) and s)


def _thumbs(r) -> str:
    """The solutions' pictures; two of them with the cells where they differ in red."""
    try:
        if r["colors"] == [] and isinstance(r["solutions"], list):  # a Nikoli puzzle
            return _grids(r["solutions"][:2])
        sols = [s for s in r["solutions"] if s] if r["colors"] else []
        if len(sols) != 2 or len(sols[0]) != len(sols[1]) or any(
                len(a) != len(b) for a, b in zip(*sols)):
            return "".join(_thumb(s, r["colors"]) for s in sols)
        n = sum(a != b for ra, rb in zip(*sols) for a, b in zip(ra, rb))
        alt = f"solution {{}} of 2: the {n} cells where they differ in red"
        return "".join(_thumb(s, r["colors"], o, alt.format(k + 1))
                       for k, (s, o) in enumerate(zip(sols, sols[::-1])))
    except (ValueError, KeyError, TypeError, IndexError, zlib.error):  # damaged: no pictures
        return ""


def to_html(rows, db_name="") -> str:
    e = html.escape
    rows = sorted(rows, key=lambda r: -r["time_s"] if isinstance(r["time_s"], (int, float))
                  else 0)
    counts = {s: sum(r["status"] == s for r in rows) for s in STATUSES}
    out = ['<!doctype html><html lang="en"><head><meta charset="utf-8">',
           '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
           f'style-src \'unsafe-inline\'; script-src \'sha256-{SCRIPT_HASH}\'; img-src data:">',
           '<meta name="viewport" content="width=device-width,initial-scale=1">',
           f"<title>Batch report: {len(rows)} puzzles</title><style>{_STYLE}</style></head><body>",
           f"<h1>Batch report: {len(rows)} puzzles</h1>",
           f"<p>From {e(db_name)}: " + ", ".join(f"{n} {s}" for s, n in counts.items()) +
           ". Slowest first." + (" Two solutions of a puzzle show the cells where they differ in "
                                 "red (filled) and pale red (empty)." if counts["multiple"] else "")
           + "</p>",
           '<form id="filters"><fieldset><legend>Status</legend>']
    for s in STATUSES:
        out.append(f'<label><input type="checkbox" name="status" value="{s}" checked> '
                   f'{s} ({counts[s]})</label> ')
    out.append('</fieldset><fieldset><legend>Difficulty</legend>'
               '<label>from <input type="number" name="min" step="any"></label> '
               '<label>to <input type="number" name="max" step="any"></label></fieldset>'
               '<output id="shown"></output></form>')
    out.append('<div class="wrap"><table id="results"><thead><tr><th>time (s)</th><th>status</th><th>file</th>'
               '<th>#</th><th>title</th><th>class</th><th>difficulty</th><th>size</th>'
               '<th>solutions</th></tr></thead><tbody>')
    for r in rows:  # every field escaped: a database is data, whoever wrote it
        diff = _text(r["difficulty"], "g")
        number = diff if isinstance(r["difficulty"], (int, float)) else ""  # the filter's
        size = e(f"{r['width']}x{r['height']}") if r["width"] else ""
        detail = (f'<td class="err">{e(str(r["error"]))}</td>' if r["error"]
                  else f"<td>{_thumbs(r)}</td>")
        out.append(f'<tr data-status="{_text(r["status"])}" data-difficulty="{number}">'
                   f'<td>{_text(r["time_s"], ".3f")}</td>'
                   f'<td class="s-{_text(r["status"])}">{_text(r["status"])}</td>'
                   f'<td class="f">{_text(r["file"])}</td><td>{_text(r["index"])}</td>'
                   f'<td>{_text(r["title"])}</td><td>{_text(r["classification"])}</td>'
                   f'<td>{diff}</td><td>{size}</td>{detail}</tr>')
    out.append(f"</tbody></table></div><script>{_SCRIPT}</script></body></html>\n")
    return "\n".join(out)


# -- the site's library ----------------------------------------------------------------

def annotate_catalogue(db: str, catalogue: str, out: str | None = None) -> int:
    """Write each catalogue puzzle's verified ``status`` and ``difficulty`` (the
    engine's number, None unless decided) from batch database ``db``, and its
    ``stars`` (1-5, pysolver.stars from a hint walk played here) and ``minutes``
    (the same walk's, which the library sorts equal stars by) into the
    catalogue JSON (in place, or to ``out``); the number of entries. A puzzle the
    database has not checked is an error naming the entry."""
    text = read_text(catalogue)  # a regular file, up to the size cap
    try:
        data = json.loads(text)
    except ValueError as e:
        raise PuzzleError(f"{catalogue}: cannot read the catalogue ({e})") from None
    entries = data.get("puzzles", []) if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise PuzzleError(f"{catalogue}: not a catalogue (a JSON object whose 'puzzles' is a list)")
    store = open_existing(db)
    base = os.path.dirname(catalogue)
    try:
        for k, entry in enumerate(entries):
            if not isinstance(entry, dict):
                raise PuzzleError(f"{catalogue}: puzzle {k + 1} is not an object but "
                                  f"{type(entry).__name__}")
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


def cmd_report(args) -> int:
    if not (args.csv or args.json or args.html or args.catalogue):
        raise PuzzleError("report: say what to write: --csv, --json, --html or --catalogue")
    rows, unchecked = load(args.db)
    if unchecked:
        print(f"pysolver: {unchecked} puzzles in {args.db} are not checked yet (left out)",
              file=sys.stderr)
    if args.csv:
        _write(args.csv, to_csv(rows))
    if args.json:
        _write(args.json, to_json(rows))
    if args.html:
        _write(args.html, to_html(rows, os.path.basename(args.db)))
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
