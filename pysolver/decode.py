"""A file's bytes as the readers' text: UTF-8 (a byte-order mark dropped), or UTF-16 when
a byte-order mark says so (Windows tools write it). The page decodes alike
(web/js/shell/open-files.js decodeText), and also reads windows-1252 there."""
from __future__ import annotations


def text_of(data: bytes) -> str:
    """The text of ``data``; UnicodeDecodeError when it is none of those (with the byte)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16")  # the mark says which order, and is dropped
    return data.decode("utf-8-sig")


def not_text(e: UnicodeDecodeError) -> str:
    """What text_of's error says to a person: "not UTF-8 text (byte 7)"."""
    return f"not {'UTF-16' if e.encoding.startswith('utf-16') else 'UTF-8'} text (byte {e.start})"
