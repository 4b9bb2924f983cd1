"""What both command lines (cli.py, nikoli_cli.py) share: the argument parser whose
errors are one line, and reading a puzzle file (a regular file or standard input,
never past limits.MAX_FILE_BYTES)."""
from __future__ import annotations

import argparse
import os
import stat
import sys

from .. import limits
from ..errors import PuzzleError
from ..nonogram.formats.common import CONTROL

SPECIAL = ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
           (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


class UsageError(Exception):
    pass


class Parser(argparse.ArgumentParser):
    def error(self, message):  # one line, exit 2 (argparse prints usage too)
        raise UsageError(f"{self.prog}: {message}")


def printable(text: str) -> str:
    """A file name or title fit for the terminal: control characters as '?'."""
    return CONTROL.sub("?", text)


def _regular(mode: int, path: str) -> None:
    if stat.S_ISDIR(mode):
        raise PuzzleError(f"{path}: is a directory, not a puzzle file")
    for test, kind in SPECIAL:
        if test(mode):
            raise PuzzleError(f"{path}: is {kind}, not a regular file (give a file, or - "
                              "for standard input)")


def _read_capped(fh, path: str) -> bytes:
    """At most limits.MAX_FILE_BYTES, read in pieces: /dev/zero on stdin stops at the cap."""
    chunks, total = [], 0
    while chunk := fh.read(1 << 20):
        total += len(chunk)
        limits.check_text_size(total, f"{path}: ")
        chunks.append(chunk)
    return b"".join(chunks)


def read_bytes(path: str) -> bytes:
    """A puzzle file's bytes: standard input (-) or a regular file, never past the size cap."""
    path_label = printable(path)
    try:
        if path == "-":
            return _read_capped(sys.stdin.buffer, "standard input")
        st = os.stat(path)
        _regular(st.st_mode, path_label)  # before opening: a FIFO with no writer would block
        limits.check_text_size(st.st_size, f"{path_label}: ")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            _regular(os.fstat(fh.fileno()).st_mode, path_label)  # replaced since the stat
            return _read_capped(fh, path_label)
    except OSError as e:
        raise PuzzleError(f"{path_label}: cannot read ({e.strerror or e})") from None


def read_text(path: str) -> str:
    data = read_bytes(path)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise PuzzleError(f"{printable(path)}: not UTF-8 text (byte {e.start})") from None
