"""A small, safe XML reader on top of expat: no DTD, no entity expansion.

Documents with an internal DTD subset or any entity declaration are refused
(that closes billion-laughs and external-entity attacks); an external DTD named
by ``<!DOCTYPE ... SYSTEM "...">`` is never fetched. References to entities that
XML itself does not define (e.g. ``&eacute;`` under webpbn's DTD) are replaced by
the HTML character they name, or refused when unknown. Each element remembers
its line for error messages.
"""
from __future__ import annotations

import html
from xml.parsers import expat

from ... import limits
from ...errors import PuzzleError


class Element:
    __slots__ = ("tag", "attrib", "children", "parts", "line")

    def __init__(self, tag, attrib, line):
        # no lists until needed: most elements (<count>) have no children, and a
        # million empty lists would be a third of a large document's memory
        self.tag, self.attrib, self.line = tag, attrib, line
        self.children, self.parts = (), ()

    @property
    def text(self) -> str:
        return "".join(self.parts)

    def add_child(self, el) -> None:
        if not self.children:
            self.children = []
        self.children.append(el)

    def add_text(self, data: str) -> None:
        if not self.parts:
            self.parts = []
        self.parts.append(data)

    def find(self, tag):
        return next((c for c in self.children if c.tag == tag), None)

    def findall(self, tag):
        return [c for c in self.children if c.tag == tag]

    def get(self, key, default=None):
        return self.attrib.get(key, default)


def parse_xml(text: str) -> Element:
    """The root Element; PuzzleError naming the line on anything malformed or unsafe."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    # As if a DTD existed (never read): unknown entities reach `skipped` below
    # instead of failing, so webpbn's HTML names like &eacute; work with or
    # without a DOCTYPE line.
    parser.UseForeignDTD(True)
    stack: list[Element] = []
    root: list[Element] = []
    count = [0]

    def fail(msg):
        raise PuzzleError(f"line {parser.CurrentLineNumber}: {msg}")

    def doctype(name, sysid, pubid, has_internal_subset):
        if has_internal_subset:
            fail("a DOCTYPE with an internal subset is not accepted")

    def entity_decl(name, *args):
        fail(f"entity declarations are not accepted (found {name!r})")

    def external_ref(context, base, sysid, pubid):
        fail("external entities are not accepted")

    def skipped(name, is_param):
        value = html.unescape(f"&{name};")
        if is_param or value == f"&{name};":
            fail(f"unknown entity &{name};")
        chars(value)

    def start(tag, attrs):
        count[0] += 1
        if count[0] > limits.MAX_XML_ELEMENTS:
            fail(f"more than {limits.MAX_XML_ELEMENTS} elements (the limit)")
        if len(stack) >= limits.MAX_XML_DEPTH:
            fail(f"elements nested more than {limits.MAX_XML_DEPTH} deep (the limit)")
        el = Element(tag, attrs, parser.CurrentLineNumber)
        if stack:
            stack[-1].add_child(el)
        elif root:
            fail("more than one root element")
        else:
            root.append(el)
        stack.append(el)

    def end(tag):
        stack.pop()

    def chars(data):
        if stack:
            stack[-1].add_text(data)

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity_decl
    parser.UnparsedEntityDeclHandler = entity_decl
    parser.ExternalEntityRefHandler = external_ref
    parser.SkippedEntityHandler = skipped
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        parser.Parse(text, True)
    except expat.ExpatError as e:
        raise PuzzleError(f"line {e.lineno}: XML is not well-formed ({expat.ErrorString(e.code)})") from None
    except RecursionError:
        raise PuzzleError("the XML is nested too deeply") from None
    if not root:
        raise PuzzleError("the XML has no root element")
    return root[0]
