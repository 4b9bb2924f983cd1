"""A file's bytes as the readers' text, as the page decodes them (web/js/shell/open-files.js
decodeText, readFile): UTF-16 when a byte-order mark says so (Windows tools write it), UTF-8
(a byte-order mark dropped) when the bytes are valid UTF-8, else windows-1252 (older .non
files are Latin-1: "Café"). Bytes that are no text (an image, a program) are refused in a
person's words."""
from __future__ import annotations

import re

# windows-1252 as browsers decode it: its five unassigned bytes are the C1 controls
_CP1252 = [bytes([b]).decode("cp1252", "ignore") or chr(b) for b in range(256)]
# the first bytes of the images a player may take for "a picture" (the formats' pictures
# are text grids and PBM): PNG, JPEG, GIF, WebP (RIFF), BMP
_IMAGES = (b"\x89PNG", b"\xff\xd8\xff", b"GIF8", b"RIFF", b"BM")


def binary(what: str = "puzzle file") -> str:
    """What is said of bytes that are no text, read as ``what`` (a puzzle file, a state file)."""
    return f"this is not a {what} (it holds binary data, not text)"


BINARY = binary()


class NotText(ValueError):
    """Bytes that are no puzzle text; the message is a person's ("not UTF-16 text (byte 2)")."""


def text_of(data: bytes, what: str = "puzzle file") -> str:
    """The text of ``data``; NotText when it is none (see the module doc), saying what it
    was read as (``what``)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        try:
            text = data.decode("utf-16")  # the mark says which order, and is dropped
        except UnicodeDecodeError as e:
            raise NotText(f"not UTF-16 text (byte {e.start})") from None
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = "".join(map(_CP1252.__getitem__, data))
    image = data.startswith(_IMAGES)
    # a PNG or JPEG cut short may hold no NUL, yet its first byte is never a text's
    if image and ("\0" in text or data[0] >= 0x80):
        raise NotText(f"this is an image, not a {what}" + (
            " (to make a puzzle of a picture, use the site's Create, then Import an image; "
            "pysolver clues reads a PBM)" if what == "puzzle file" else ""))
    if "\0" in text:
        raise NotText(binary(what))
    return text


# The readers' lines and words, as a person counts them in an editor. str.splitlines also
# breaks lines at \v, \f, \x1c-\x1e, \x85, U+2028 and U+2029, and str.split() and a regular
# expression's \s part words at any Unicode space (a no-break space, an ideographic one): a
# file holding them was read in another shape than the one its author sees, and a line
# number said of it named another line. Such a character stays inside its word, where the
# reader names it (``unlike_ascii``).
SPACE = " \t"


def lines(text: str) -> list:
    """The text's lines, broken at "\\n", "\\r\\n" and "\\r" only (a last empty one dropped)."""
    out = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if out[-1] == "":
        out.pop()
    return out


def words(line: str) -> list:
    """The line's words, parted by spaces and tabs only."""
    return [w for w in line.replace("\t", " ").split(" ") if w]


_NOT_ASCII = re.compile("[^\x00-\x7f]")


def unlike_ascii(token: str) -> str:
    """What in a token that should be a number or a word of plain ASCII is not:
    ": U+0661 is a digit other than 0-9 ...", or "" when nothing is."""
    m = None if token.isascii() else _NOT_ASCII.search(token)  # not a loop: a token may be 16 MB
    if m is None:
        return ""
    ch = m.group()
    if ch.isdigit():
        return f": U+{ord(ch):04X} is a digit other than 0-9 (write numbers with 0-9)"
    if ch.isspace():
        return (f": U+{ord(ch):04X} is not a plain space, tab or line break (only those part "
                "numbers, words and lines)")
    return ""
