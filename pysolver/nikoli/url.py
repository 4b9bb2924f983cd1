"""puzz.link / pzv.jp URLs, read and written as pzprjs encodes them.

``?nurikabe/W/H/BODY`` and ``?cave/W/H/BODY``: numbers by pzprjs's Number16
(hex digits, '-xx', '+xxx', '=xxx', '@xxx' or '%xxx', '*xxxx', '$xxxxx', '.' for
"?", 'g'..'z' skip 1..20 cells). ``?heyawake/W/H/BORDERS ROOMNUMBERS``: room
borders five to a base-32 digit (the (W-1)*H vertical ones row by row, then the
W*(H-1) horizontal ones), then one Number16 entry per room in order of its first
cell. ``?mashu/W/H/BODY``: three cells per base-27 digit (0 none, 1 white,
2 black). Written URLs use puzz.link's host and the canonical pids.

Read as puzz.link's page (pzprjs) opens them: from any host or folder, with or without
the scheme; not the #fragment nor a site's &fbclid=... after the body; a flag before
the size that pzprjs reads nothing from is passed over (Masyu's 'f', another rule, is
refused); a body cut short is empty cells, no room borders past it. Clues that run
past the grid or characters left over are refused naming the size (pzprjs drops them).
"""
from __future__ import annotations

import re

from .. import limits
from ..decode import unlike_ascii
from ..errors import PuzzleError
from . import families
from .model import (UNKNOWN, Grid, NikoliError, check_size, check_work, family_name,
                    relabel_rooms, top_cells)

PIDS = {f.name: f.pid for f in families.FAMILIES.values()}
HOST = "https://puzz.link/p?"
# any host (a port, a folder: pzprjs reads what follows the "?" wherever the page is served)
_URL = re.compile(r"^(?:https?://)?(?:www\.)?(?:puzz\.link/p|pzv\.jp/p(?:\.html)?|"
                  r"pzprxs\.vercel\.app/p|[\w.-]+(?::\d{1,5})?(?:/[\w.~%-]+)*/p(?:\.html)?)\?(.*)$")
_DIGITS36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def is_url(text: str) -> bool:
    return bool(_URL.match(text.strip()))


def _radix(n: int, base: int) -> str:
    if n == 0:
        return "0"
    out = ""
    while n:
        n, d = divmod(n, base)
        out = _DIGITS36[d] + out
    return out


def _digit(ch: str, base: int, what: str, k: int, where: str) -> int:
    """The value of a body's character ``ch`` (its k-th) in ``base``: an ASCII digit or letter
    only (int() reads '١' as 1, where puzz.link reads no number)."""
    if ch.isascii():
        try:
            return int(ch, base)
        except ValueError:
            pass
    raise NikoliError(f"{where}unexpected character {ch!r} in the {what} (character {k + 1})"
                      f"{unlike_ascii(ch)}")


# -- Number16 --------------------------------------------------------------------

_WIDE = {"-": (2, 0), "+": (3, 0), "=": (3, 4096), "%": (3, 8192), "@": (3, 8192),
         "*": (4, 12240), "$": (5, 77776)}


def decode_number16(body: str, count: int, where: str):
    """([value or None] * count, rest of the body)."""
    vals, i, c = [None] * count, 0, 0
    while i < len(body) and c < count:
        ch = body[i]
        if ch in "0123456789abcdef":
            vals[c], i, c = int(ch, 16), i + 1, c + 1
        elif ch == ".":
            vals[c], i, c = UNKNOWN, i + 1, c + 1
        elif ch in _WIDE:
            n, base = _WIDE[ch]
            digits = body[i + 1:i + 1 + n]
            if len(digits) != n or not all(d in "0123456789abcdef" for d in digits):
                raise NikoliError(f"{where}bad number {body[i:i + 1 + n]!r} at character {i + 1}")
            vals[c], i, c = int(digits, 16) + base, i + 1 + n, c + 1
        elif "g" <= ch <= "z":
            c, i = c + int(ch, 36) - 15, i + 1
            if c > count:  # pzprjs never skips past the last cell: a URL for another size
                raise NikoliError(f"{where}the clues run past the end of the grid "
                                  f"(character {i}): is the size right?")
        else:
            raise NikoliError(f"{where}unexpected character {ch!r} at character {i + 1}")
    return vals, body[i:]


def _write16(v) -> str:
    if v == UNKNOWN:
        return "."
    if 0 <= v < 16:
        return format(v, "x")
    if v < 256:
        return "-" + format(v, "x")
    if v < 4096:
        return "+" + format(v, "x")
    if v < 8192:
        return "=" + format(v - 4096, "03x")
    if v < 12240:
        return "@" + format(v - 8192, "03x")
    if v < 77776:
        return "*" + format(v - 12240, "04x")
    return "$" + format(v - 77776, "05x")


def encode_number16(vals) -> str:
    out, count = [], 0
    for v in vals:
        if v is None:
            count += 1
            if count == 20:
                out.append(_radix(15 + count, 36))
                count = 0
            continue
        if count:
            out.append(_radix(15 + count, 36))
            count = 0
        out.append(_write16(v))
    if count:
        out.append(_radix(15 + count, 36))
    return "".join(out)


# -- borders (Heyawake) -----------------------------------------------------------

def decode_borders(body: str, w: int, h: int, where: str):
    """(room index per cell, rest of the body). Borders the body stops short of are
    none, as puzz.link reads them (as a short cell body is empty cells)."""
    nv, nh = (w - 1) * h, w * (h - 1)
    n1, n2 = (nv + 4) // 5, (nh + 4) // 5
    bits = []
    for k, ch in enumerate(body[:n1 + n2].ljust(n1 + n2, "0")):
        v = _digit(ch, 32, "room borders", k, where)
        bits.extend((v >> (4 - b)) & 1 for b in range(5))
    vert, horiz = bits[:nv], bits[n1 * 5:n1 * 5 + nh]
    # cells joined when no border separates them: label by union-find on the grid
    parent = list(range(w * h))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for y in range(h):
        for x in range(w - 1):
            if not vert[y * (w - 1) + x]:
                parent[find(y * w + x)] = find(y * w + x + 1)
    for y in range(h - 1):
        for x in range(w):
            if not horiz[y * w + x]:
                parent[find(y * w + x)] = find((y + 1) * w + x)
    labels = [find(i) for i in range(w * h)]
    return relabel_rooms(labels, w), body[n1 + n2:]


def encode_borders(rooms: list, w: int, h: int) -> str:
    bits = [int(rooms[y * w + x] != rooms[y * w + x + 1]) for y in range(h) for x in range(w - 1)]
    hbits = [int(rooms[y * w + x] != rooms[(y + 1) * w + x]) for y in range(h - 1) for x in range(w)]
    out = []
    for part in (bits, hbits):
        for k in range(0, len(part), 5):
            chunk = part[k:k + 5] + [0] * (5 - len(part[k:k + 5]))
            out.append(_radix(sum(b << (4 - i) for i, b in enumerate(chunk)), 32))
    return "".join(out)


# -- circles (Masyu) ----------------------------------------------------------------

def decode_circles(body: str, count: int, where: str):
    """([0 none, 1 white, 2 black] * count, rest of the body)."""
    n = (count + 2) // 3
    vals = []
    for k, ch in enumerate(body[:n]):
        v = _digit(ch, 27, "pearls", k, where)
        vals.extend((v // 9 % 3, v // 3 % 3, v % 3))
    vals += [0] * (count - len(vals))
    return vals[:count], body[n:]


def encode_circles(vals: list) -> str:
    out = []
    for k in range(0, len(vals), 3):
        chunk = vals[k:k + 3] + [0] * (3 - len(vals[k:k + 3]))
        out.append(_radix(chunk[0] * 9 + chunk[1] * 3 + chunk[2], 27))
    return "".join(out)


# -- whole URLs -------------------------------------------------------------------

# puzz.link's puzzles read by these families' pzprjs scripts that are other puzzles: named
# when a link gives one (not "unknown"), with the family they look like
_OTHERS = {
    "ayeheya": ("Ayeheya", "heyawake"), "akichi": ("Akichiwake", "heyawake"),
    "sumiwake": ("Sumiwake", "heyawake"), "oneroom": ("One Room One Door", "heyawake"),
    "nuribou": ("Nuribou", "nurikabe"), "mochikoro": ("Mochikoro", "nurikabe"),
    "mochinyoro": ("Mochinyoro", "nurikabe"), "canal": ("Canal View", "nurikabe"),
    "norinuri": ("Norinuri", "nurikabe"), "cornerch": ("Corner Chain", "nurikabe"),
    "hasunomura": ("Hasu no Mura", "nurikabe"), "kurodoko": ("Kurodoko", "bag"),
    "nurimisaki": ("Nurimisaki", "bag"), "teri": ("Territory", "bag"),
    "cityspace": ("City Space", "bag"),
}
# JavaScript's Number(): pzprjs takes a segment that is not a number for a flag
_JS_NUMBER = re.compile(r"[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|Infinity)|"
                        r"0[xX][\da-fA-F]+|0[oO][0-7]+|0[bB][01]+|", re.ASCII)


def _parts(url: str, name: str) -> tuple:
    """(pid, the rest of the query split at "/") of a URL: what puzz.link's page reads of it
    (not the #fragment, which a browser never sends; not the parameters a site adds at the
    end, as &fbclid=..., which a body never holds)."""
    m = _URL.match(url.strip())
    if not m:
        raise NikoliError(f"{name}: not a puzz.link or pzv.jp URL")
    query = m.group(1).split("#", 1)[0]
    while re.match(r"\w+=\w+&", query):  # type=editor&pid...
        query = query.split("&", 1)[1]
    pid, slash, rest = query.partition("/")
    parts = [pid] + re.split(r"[&?]\w+=", rest, maxsplit=1)[0].split("/") if slash else [pid]
    return re.sub(r"_(edit|play)$", "", parts[0]), parts[1:]


def _family(pid: str, where: str) -> str:
    if pid in _OTHERS:
        other, like = _OTHERS[pid]
        raise NikoliError(f"{where}{pid!r} is puzz.link's {other}, a different puzzle from "
                          f"{families.of(like).title}; this solver does not play it")
    if re.fullmatch(r"pzprv[\d.]*", pid):
        raise NikoliError(f"{where}a link to a whole saved board ({pid}/..., as puzz.link's "
                          "Duplicate writes it) is not read: copy the puzzle's own link "
                          "(?FAMILY/WIDTH/HEIGHT/...)")
    return family_name(pid, where)


def url_family(url: str, name: str = "url") -> str:
    """The family a URL names; NikoliError for one we do not play."""
    return _family(_parts(url, name)[0], f"{name}: ")


def _size(rest: list, pid: str, fam: str, where: str) -> tuple:
    """(width, height, body) after the pid: an empty variant ``v:`` and a flag before the
    size, as pzprjs takes them (a flag is what is not a number; these families' pzprjs
    reads none but Masyu's 'f', which changes the rules)."""
    if rest and rest[0] == "v:":  # puzz.link's "variant rules" box, no name: read (issue 29)
        rest = rest[1:]
    if rest and rest[0].startswith("v:"):
        raise NikoliError(f"{where}the variant {rest[0][2:22]!r} of {fam} is not supported")
    if rest and rest[0] and not _JS_NUMBER.fullmatch(rest[0].strip()):
        if fam == "masyu" and "f" in rest[0]:  # pzprjs: the loop must pass every cell
            raise NikoliError(f"{where}option {rest[0][:20]!r} is not supported for masyu "
                              "(its loop must pass through every cell)")
        rest = rest[1:]  # pzprjs reads no other flag of these families: the same puzzle
    for what, v in zip(("width", "height"), rest[:2]):
        if v[:1] == "-" and v[1:].isascii() and v[1:].isdigit():
            raise NikoliError(f"{where}the {what} {v[:20]} is not a size (at least 1)")
        if v and not (v.isascii() and v.isdigit()) and _JS_NUMBER.fullmatch(v.strip()):
            raise NikoliError(f"{where}the {what} {v[:20]!r} is not written in digits")
    if len(rest) < 2 or not all(v.isascii() and v.isdigit() for v in rest[:2]):
        # ending before its size, a link was most likely cut short when copied: said so
        size = [v for v in rest[:2] if v]
        cut = " (the link ends before its size: was it copied whole?)" if len(size) < 2 and all(
            v.isascii() and v.isdigit() for v in size) else ""
        other = next((unlike_ascii(v) for v in rest[:2] if unlike_ascii(v)), "")  # '١': not 1
        raise NikoliError(f"{where}expected {pid}/WIDTH/HEIGHT/... after '?'{cut}{other}")
    try:
        w, h = (limits.number(v, where.rstrip(": "), "size") for v in rest[:2])
    except PuzzleError as e:
        raise NikoliError(str(e)) from None
    # pzprjs drops a last empty part ("/" ends a body that ends in "." or such); a
    # decoder reads no "/" of these families
    return w, h, "/".join(rest[2:]).rstrip("/")


def read_url(url: str, name: str = "url", cells=None) -> Grid:
    """The grid of a URL; ``cells``: the file's limits.NikoliCells, counted before the
    body is decoded (a file of short URLs of large empty grids)."""
    pid, rest = _parts(url, name)
    where = f"{name}: "
    fam = _family(pid, where)
    w, h, body = _size(rest, pid, fam, where)
    check_size(w, h, where)
    if cells is not None:
        cells.add(w * h, name)
    grid = Grid(fam, w, h)
    clues = families.of(fam).clues
    if clues == "numbers":
        vals, rest = decode_number16(body, w * h, where)
        grid.clues = {(i % w, i // w): v for i, v in enumerate(vals) if v is not None}
    elif clues == "pearls":
        vals, rest = decode_circles(body, w * h, where)
        grid.clues = {(i % w, i // w): v for i, v in enumerate(vals) if v}
    else:
        grid.rooms, body = decode_borders(body, w, h, where)
        tops = top_cells(grid)
        vals, rest = decode_number16(body, len(tops), where)
        grid.clues = {tops[r]: v for r, v in enumerate(vals) if v is not None}
    if rest:  # pzprjs would drop it: likely a size typed wrong, so say so
        raise NikoliError(f"{where}{len(rest)} characters left over after the "
                          f"clues of a {w}x{h} grid: is the size right?")
    check_work(grid, where)
    return grid


def write_url(grid: Grid) -> str:
    w, h = grid.width, grid.height
    head = f"{HOST}{PIDS[grid.family]}/{w}/{h}/"
    cells = [grid.clues.get((i % w, i // w)) for i in range(w * h)]
    clues = families.of(grid.family).clues
    if clues == "numbers":
        return head + encode_number16(cells)
    if clues == "pearls":
        return head + encode_circles([v or 0 for v in cells])
    tops = top_cells(grid)
    return (head + encode_borders(grid.rooms, w, h)
            + encode_number16([grid.clues.get(tops[r]) for r in range(len(tops))]))
