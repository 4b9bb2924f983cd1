"""The batch report's HTML page (``pysolver report --html``): one static file, everything
inline and escaped, thumbnails as PNG data, filters (status, stars) in a few lines of inline
script allowed by its hash, slowest puzzles first; a narrow screen shows each row as a card
(CSS only). Rows are pysolver.app.report.load's."""
from __future__ import annotations

import base64
import hashlib
import html
import math
import os
import struct
import zlib

from ..nonogram.formats.common import CONTROL
from .batch_db import STATUSES

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
fieldset{display:inline-block;margin:0 1rem .5rem 0}label{white-space:nowrap}
td.d{white-space:nowrap}.stars{color:#b07800;letter-spacing:1px}small{color:#555}
.s-unique{color:#060}.s-multiple{color:#a50}.s-none{color:#b00}.s-timeout{color:#555}.s-error{color:#b00}
td.err{max-width:30em;white-space:pre-wrap}
pre.grid{display:inline-block;margin:0 4px 0 0;font:11px/1 monospace;border:1px solid #999}
.wrap{overflow-x:auto}td.f{overflow-wrap:anywhere;min-width:12em}
@media (max-width:600px){
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
table,tbody,td{display:block}tr{display:grid;grid-template-columns:1fr 1fr;gap:0 .5rem}tr[hidden]{display:none}
tr{border:1px solid #ccc;border-radius:6px;margin:0 0 .6rem;padding:4px 8px}
td{border:0;padding:2px 0 2px 5.2rem;position:relative;min-width:0;overflow-wrap:anywhere}td:empty{display:none}
td::before{content:attr(data-label);position:absolute;left:0;width:5rem;color:#555}
td.t{padding-left:0;font-weight:600}td.t::before{content:none}td.f{min-width:0}td.err{max-width:none}td.err::before{content:"error"}
td.t,td.f,td.d,td:last-child{grid-column:1/-1}td.t{order:-3}td.f{order:-2}td[class^=s-]{order:-1}
td.d,td:last-child{order:1}pre.grid{max-width:100%;overflow-x:auto}
}
"""

_SCRIPT = """
const form = document.getElementById('filters');
const on = (name) => new Set([...form.querySelectorAll(`input[name=${name}]:checked`)].map(i => i.value));
function apply() {
  const status = on('status'), stars = on('stars');
  let shown = 0;
  for (const tr of document.querySelectorAll('#results tbody tr')) {
    const show = status.has(tr.dataset.status) && stars.has(tr.dataset.stars);
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


def _name(value) -> str:
    """A file name as escaped HTML text, its control characters written as escapes
    (``\\n``, ``\\t``): a page would show a newline in a name as a space, a name no one could
    then find."""
    return html.escape(CONTROL.sub(lambda m: repr(m.group())[1:-1], str(value or "")))


def files_under(rows) -> tuple:
    """Every report's one rule for file names: (the name of the folder all the rows' files
    are under, the rows with each file named from there). A shared report then shows no
    one's home folder, and still names the files when the collection moves; the page names
    that folder once, a column a phone can show. Files under no folder but the root (or a
    damaged database's names, no paths) are named as stored: ("", rows)."""
    names = [r["file"] for r in rows if isinstance(r["file"], str)]
    if not names or len(names) < len(rows) or not all(os.path.isabs(n) for n in names):
        return "", rows  # a damaged database's names are shown as they are
    folder = os.path.commonpath([os.path.dirname(n) for n in names])
    if folder == os.path.dirname(folder):  # the root: no folder to name
        return "", rows
    return os.path.basename(folder), [_from(r, folder) for r in rows]


def _from(r, folder) -> dict:
    """A row with its file named from ``folder``, in its error too (a parse error names it)."""
    name = os.path.relpath(r["file"], folder)
    error = r["error"].replace(r["file"], name) if isinstance(r["error"], str) else r["error"]
    return dict(r, file=name, error=error)


def _limits(rows) -> str:
    """The time limits the time-outs ran out of, in words ("" without time-outs): 737
    time-outs say little without the seconds each puzzle had."""
    seconds = sorted({r["timeout_s"] for r in rows if r["status"] == "timeout"
                      and isinstance(r["timeout_s"], (int, float)) and math.isfinite(r["timeout_s"])})
    if not seconds:
        return ""
    return (" Each time-out had " + " or ".join(f"{v:g} s" for v in seconds)
            + " (a batch run with a larger --timeout checks it again).")


def _stars(r) -> str:
    """A row's stars (every genre alike), "" when not rated (valid ones only: a damaged
    database may hold anything)."""
    n = r.get("stars")
    return str(n) if isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 5 else ""


def _difficulty(r) -> str:
    """The difficulty cell: the stars and their minutes, the engine's own measure (a
    nonogram's score, a Nikoli puzzle's label) in its title; escaped."""
    n = _stars(r)
    raw = _text(r["difficulty"], "g")
    if not n:
        return ('<td class="d"' + (f' title="engine: {raw}"' if raw else "")
                + '><small>not rated</small></td>')
    minutes = r.get("minutes")
    least = bool(r.get("stars_at_least"))  # the walk stopped at the time limit: more effort
    words = ""
    if isinstance(minutes, (int, float)) and not isinstance(minutes, bool) and math.isfinite(minutes):
        whole = max(1, round(minutes))
        span = (f"{round(minutes / 60)} hours" if whole >= 120  # 5 stars' long ones: hours
                else f"{whole} minute{'s' if whole > 1 else ''}")
        words = f"{'at least' if least else 'about'} {span}"
    title = "; ".join(w for w in (words, raw and f"engine: {raw}") if w)
    glyphs = "★" * int(n) + "☆" * (5 - int(n))
    return (f'<td class="d" title="{title}"><span class="stars" role="img" '
            f'aria-label="{"at least " if least else ""}{n} of 5 stars">{glyphs}</span>'
            + (f"<br><small>{words}</small>" if words else "") + "</td>")


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


def unrated(rows) -> int:
    """Unique puzzles without stars: checked before the batch rated them (schema 1)."""
    return sum(r["status"] == "unique" and not _stars(r) for r in rows)


def unrated_words(rows) -> str:
    return (f"{unrated(rows)} unique puzzles were checked before the stars were given: "
            "run pysolver batch on them again to rate them.")


# the columns: their heads, and the words before each value where a narrow screen (a phone)
# shows a row as a card of its own, one value a line, with no sideways scrolling
_HEADS = (("time (s)", "time (s)"), ("status", "status"), ("file", "file"), ("#", "in file"),
          ("title", "title"), ("class", "class"), ("difficulty", "difficulty"), ("size", "size"),
          ("solutions, or what is wrong", "solutions"))


def _labelled(cells) -> str:
    """A row's cells (each a ``<td>``, in the order of _HEADS) with their card labels."""
    assert len(cells) == len(_HEADS)
    return "".join(c.replace("<td", f'<td data-label="{label}"', 1) for (_, label), c in zip(_HEADS, cells))


def to_html(rows, db_name="", unchecked=0) -> str:
    """The page; ``unchecked``: puzzles of the database left out (a stopped run's rest),
    said at the top: a published page of part of a collection says it is part."""
    e = html.escape
    rows = sorted(rows, key=lambda r: -r["time_s"] if isinstance(r["time_s"], (int, float))
                  else 0)
    counts = {s: sum(r["status"] == s for r in rows) for s in STATUSES}
    folder, rows = files_under(rows)
    out = ['<!doctype html><html lang="en"><head><meta charset="utf-8">',
           '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
           f'style-src \'unsafe-inline\'; script-src \'sha256-{SCRIPT_HASH}\'; img-src data:">',
           '<meta name="viewport" content="width=device-width,initial-scale=1">',
           f"<title>Batch report: {len(rows)} puzzles</title><style>{_STYLE}</style></head><body>",
           f"<h1>Batch report: {len(rows)} puzzles</h1>",
           f"<p>From {e(db_name)}: " + ", ".join(f"{n} {s}" for s, n in counts.items()) + "."
           + (f" <strong>Not shown: {unchecked} puzzle{'s' if unchecked > 1 else ''} not checked "
              "yet</strong> (the batch was stopped, or is still at work: a run checks them)."
              if unchecked else "")
           + _limits(rows)
           + (f" Files under {_name(folder)}/." if folder else "")
           + " Slowest first." + (" Two solutions of a puzzle show the cells where they differ in "
                                 "red (filled) and pale red (empty)." if counts["multiple"] else "")
           + " Difficulty in stars, the same for every genre: 1 star up to 5 minutes of a "
           "player's effort, 2 up to 15, 3 up to 40, 4 up to 100, 5 more; a puzzle is rated "
           "when it has one solution." + (f" {e(unrated_words(rows))}" if unrated(rows) else "")
           + "</p>",
           '<form id="filters"><fieldset><legend>Status</legend>']
    for s in STATUSES:
        out.append(f'<label><input type="checkbox" name="status" value="{s}" checked> '
                   f'{s} ({counts[s]})</label> ')
    # the stars of every genre (a row without: several or no solutions, a time-out, an error)
    tiers = [_stars(r) for r in rows]
    out.append('</fieldset><fieldset><legend>Difficulty</legend>')
    for n, name in [*((str(k), f"{k} star{'s' if k > 1 else ''}") for k in range(1, 6)), ("", "not rated")]:
        out.append(f'<label><input type="checkbox" name="stars" value="{n}" checked> '
                   f'{name} ({tiers.count(n)})</label> ')
    out.append('</fieldset><output id="shown"></output></form>')
    out.append('<div class="wrap"><table id="results"><thead><tr>'
               + "".join(f"<th>{head}</th>" for head, _ in _HEADS) + '</tr></thead><tbody>')
    for r in rows:  # every field escaped: a database is data, whoever wrote it
        size = e(f"{r['width']}x{r['height']}") if r["width"] else ""
        detail = (f'<td class="err">{e(str(r["error"]))}</td>' if r["error"]
                  else f"<td>{_thumbs(r)}</td>")
        cells = [f'<td>{_text(r["time_s"], ".3f")}</td>',
                 f'<td class="s-{_text(r["status"])}">{_text(r["status"])}</td>',
                 f'<td class="f">{_name(r["file"])}</td>',
                 f'<td>{_text(r["index"])}</td>',
                 f'<td class="t">{_text(r["title"])}</td>', f'<td>{_text(r["classification"])}</td>',
                 _difficulty(r), f'<td>{size}</td>', detail]
        out.append(f'<tr data-status="{_text(r["status"])}" data-stars="{_stars(r)}">{_labelled(cells)}</tr>')
    out.append(f"</tbody></table></div><script>{_SCRIPT}</script></body></html>\n")
    return "\n".join(out)


# -- the site's library ----------------------------------------------------------------
