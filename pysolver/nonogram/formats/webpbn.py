"""webpbn / pbnsolve XML (https://webpbn.com/pbn_fmt.html): read and write.

A ``<puzzleset>`` holds one or more ``<puzzle>``s (a bare ``<puzzle>`` root is
accepted too). Colours are ``<color name char>RRGGBB</color>``; white ('.') and
black ('X') exist implicitly. A ``<count>`` without ``color`` has the puzzle's
``defaultcolor`` (black). The background is the puzzle's ``backgroundcolor``
attribute, by default the colour named "white" (pbn's convention). When the
puzzle has no clues they come from its ``<solution type="goal">`` image. A ``<givens>``
element holds the cells the puzzle shows at the start (givens.py).
"""
from __future__ import annotations

import re

from ... import limits
from ...decode import SPACE, lines as text_lines
from ...errors import PuzzleError
from ..puzzle import Color, Puzzle
from . import givens, jsonfmt
from .common import finish, positive, rgb_value
from .xmltree import parse_xml

NAME = "xml"
XML_SPACE = " \t\r\n"  # white space to XML (a no-break space is a character)


# Not xml.sax.saxutils: importing it pulls in urllib and http.client, about
# 0.3 s of the engine's start in the browser, for two replace chains.
def escape(text):
    """Text content with &, < and > escaped."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def quoteattr(text):
    """An attribute value, double-quoted, with everything XML needs escaped."""
    text = escape(text).replace('"', "&quot;")
    return '"' + text.replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;") + '"'


def detect(text: str) -> bool:
    head = text.lstrip("\ufeff \t\r\n")[:2000]
    return head.startswith("<") and ("<puzzle" in head or head.startswith("<?xml"))


def parse(text: str) -> list:
    root = parse_xml(text)
    if root.tag == "puzzleset":
        puzzles = root.findall("puzzle")
        if not puzzles:
            raise PuzzleError(f"line {root.line}: <puzzleset> has no <puzzle>")
        if len(puzzles) > limits.MAX_PUZZLES:
            limits.check_puzzles(len(puzzles), f"line {puzzles[limits.MAX_PUZZLES].line}")
        set_meta = _meta(root)
    elif root.tag == "puzzle":
        puzzles, set_meta = [root], {}
    else:
        raise PuzzleError(f"line {root.line}: expected <puzzleset> or <puzzle>, found <{root.tag}>")
    out = []
    for i, el in enumerate(puzzles):
        try:
            out.append(_puzzle(el, set_meta))
        except PuzzleError as e:
            if len(puzzles) > 1:
                e = PuzzleError(f"puzzle {i + 1}: {e}")
            out.append(e)
    return out


def _meta(el) -> dict:
    meta = {}
    for key in ("title", "author", "copyright", "description", "source"):
        child = el.find(key)
        if child is not None and child.text.strip():
            meta[key] = _paragraphs(child.text) if key == "description" else " ".join(
                child.text.split())
    return meta


def _paragraphs(text: str) -> str:
    """A description's lines as its author broke them: each line's spaces (the file's
    indentation) closed up, blank lines at either end dropped, a run of them kept as one."""
    lines = [" ".join(line.split()) for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip("\n")


def _puzzle(el, set_meta) -> Puzzle:
    where = f"line {el.line}"
    ptype = el.get("type", "grid")
    if ptype != "grid":
        raise PuzzleError(f"{where}: puzzle type {ptype!r} is not supported (only grid)")
    meta = dict(set_meta)
    meta.update(_meta(el))
    ident = el.find("id")
    if ident is not None and ident.text.strip():
        meta["source"] = " ".join(f"{meta.get('source', '')} {ident.text.strip()}".split())
    lic = el.find("license")
    if lic is not None and lic.text.strip():
        meta["license"] = lic.text.strip()

    # Colours by name, starting from pbn's implicit white and black.
    named = {"white": Color("white", ".", "FFFFFF"), "black": Color("black", "X", "000000")}
    order, defined = [], {}
    for c in el.findall("color"):
        name = c.get("name")
        if not name:
            raise PuzzleError(f"line {c.line}: <color> has no name")
        if name in defined:  # which one would count?
            raise PuzzleError(f"line {c.line}: colour {name!r} is defined twice (first on "
                              f"line {defined[name]})")
        defined[name] = c.line
        rgb = rgb_value(c.text.strip() or name, f"line {c.line}")
        default_char = named[name].char if name in named else name[0]
        char = c.get("char", default_char)
        if len(char) != 1:
            raise PuzzleError(f"line {c.line}: colour {name!r} char {char!r} is not one character")
        named[name] = Color(name, char, rgb)
        if name not in order:
            order.append(name)
    background = el.get("backgroundcolor", "white")
    if background not in named:
        raise PuzzleError(f"{where}: background colour {background!r} is not defined")
    default = el.get("defaultcolor", "black")
    names = [background] + [n for n in ["black", "white"] + order if n != background]
    names = list(dict.fromkeys(names))
    colors = [named[n] for n in names]
    index = {n: i for i, n in enumerate(names)}

    rows = cols = None
    where_lines = {}
    for clues in el.findall("clues"):
        kind = clues.get("type")
        if kind not in ("rows", "columns"):
            raise PuzzleError(f"line {clues.line}: <clues type> must be rows or columns, not {kind!r}")
        if (rows if kind == "rows" else cols) is not None:
            raise PuzzleError(f"line {clues.line}: a second <clues type=\"{kind}\">")
        lines = []
        for line in clues.findall("line"):
            where_lines["row" if kind == "rows" else "column", len(lines)] = line.line
            clue = []
            for count in line.findall("count"):
                cname = count.get("color", default)
                if cname not in index:
                    raise PuzzleError(f"line {count.line}: unknown colour {cname!r}")
                if index[cname] == 0:
                    raise PuzzleError(f"line {count.line}: a block cannot have the background colour")
                clue.append((positive(count.text.strip(XML_SPACE), f"line {count.line}"), index[cname]))
            lines.append(tuple(clue))
        if kind == "rows":
            rows = lines
        else:
            cols = lines

    goal = None
    for sol in el.findall("solution"):
        if sol.get("type", "goal") != "goal":
            continue
        if goal is not None:
            raise PuzzleError(f"line {sol.line}: a second goal <solution>")
        image = sol.find("image")
        if image is None:
            raise PuzzleError(f"line {sol.line}: <solution> has no <image>")
        goal = _image(image, colors)
    if (rows is None) != (cols is None):
        raise PuzzleError(f"{where}: the puzzle has {'row' if rows is not None else 'column'} "
                          "clues but no clues for the other direction")
    p = finish(rows, cols, colors, goal, lines=where_lines, **meta)
    shown = el.findall("givens")
    if len(shown) > 1:
        raise PuzzleError(f"line {shown[1].line}: a second <givens> (first on line {shown[0].line})")
    if shown:
        label = f"line {shown[0].line}: givens"
        p.givens = givens.check(p, jsonfmt.value(shown[0].text, label), label)
    return p


def _image(image, colors) -> list:
    rows = []
    chars = {c.char for c in colors}
    for k, raw in enumerate(text_lines(image.text)):
        line = raw.strip(SPACE)
        if not line:
            continue
        if line.startswith("|") and line.endswith("|") and len(line) >= 2:
            line = line[1:-1]
        if "[" in line:
            raise PuzzleError(f"line {image.line + k}: the goal image has an undecided cell")
        if not chars.issuperset(line):
            ch = next(ch for ch in line if ch not in chars)
            raise PuzzleError(f"line {image.line + k}: unknown colour character {ch!r} in the image")
        rows.append(line)
    if not rows:
        raise PuzzleError(f"line {image.line}: the goal image is empty")
    return rows


def dump(p: Puzzle) -> str:
    return dump_set([p])


def dump_set(puzzles) -> str:
    """One <puzzleset> holding every puzzle."""
    out = ['<?xml version="1.0"?>', "<puzzleset>"]
    for p in puzzles:
        out += _puzzle_xml(p)
    out += ["</puzzleset>", ""]
    return "\n".join(out)


def _puzzle_xml(p: Puzzle) -> list:
    colors = _unique_names(p.colors)
    out = ['<puzzle type="grid" defaultcolor=' + quoteattr(colors[1].name)
           + " backgroundcolor=" + quoteattr(colors[0].name) + ">"]
    for key in ("title", "author", "copyright", "description"):
        value = getattr(p, key)
        if value:
            out.append(f"<{key}>{escape(value)}</{key}>")
    if p.source:
        out.append(f"<id>{escape(p.source)}</id>")
    if p.license:
        out.append(f"<license>{escape(p.license)}</license>")
    for c in colors:
        out.append(f"<color name={quoteattr(c.name)} char={quoteattr(c.char)}>{c.rgb}</color>")
    for kind, lines in (("columns", p.cols), ("rows", p.rows)):
        out.append(f'<clues type="{kind}">')
        for clue in lines:
            counts = "".join(
                f"<count>{n}</count>" if c == 1 else
                f"<count color={quoteattr(colors[c].name)}>{n}</count>" for n, c in clue)
            out.append(f"<line>{counts}</line>")
        out.append("</clues>")
    if p.goal:
        out.append('<solution type="goal">')
        out.append("<image>")
        out.extend(f"|{escape(row)}|" for row in p.goal)
        out.append("</image>")
        out.append("</solution>")
    out.append("</puzzle>")
    return out


def _unique_names(colors) -> list:
    """Colours are referred to by name in XML, so names must differ."""
    seen, out = set(), []
    for c in colors:
        name, k = c.name or "colour", 2
        while name in seen:
            name, k = f"{c.name or 'colour'} {k}", k + 1
        seen.add(name)
        out.append(Color(name, c.char, c.rgb))
    return out
