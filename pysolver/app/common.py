"""What the command line's genre fronts (nonogram_cli.py, nikoli_cli.py) share with
its parser (cli.py): the argument parser whose errors are one line, reading a
puzzle file (a regular file or standard input, never past limits.MAX_FILE_BYTES),
the option types and the answer when --timeout passes first."""
from __future__ import annotations

import argparse
import math
import os
import re
import stat
import sys
import time

from .. import limits
from ..decode import SPACE, NotText, text_of, unlike_ascii
from ..errors import PuzzleError
from ..nikoli.url import is_url as nikoli_url
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


def _regular(mode: int, path: str, what: str = "puzzle file") -> None:
    if stat.S_ISDIR(mode):
        raise PuzzleError(f"{path}: is a directory, not a {what}")
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


_stdin = []  # standard input's bytes (or why they were refused), once read; main clears it


_LINK = re.compile(r"https?://\S+\Z")


def read_bytes(path: str, what: str = "puzzle file") -> bytes:
    """A puzzle file's bytes: standard input (-), a link (puzz.link or the site's share
    link, given in place of a file) or a regular file, never past the size cap; a refusal
    says what the file was read as (``what``: a state file too)."""
    path_label = printable(path)
    # a puzz.link URL is copied without its https:// as often as with it
    if (_LINK.match(path) or nikoli_url(path)) and not os.path.exists(path):
        limits.check_text_size(len(path), "the link: ")
        return path.encode("utf-8")  # a puzzle link given as the argument: its text is the puzzle
    try:
        if path == "-":  # read once: deciding the family reads it before the command
            if not _stdin:
                try:
                    _stdin.append(_read_capped(sys.stdin.buffer, "standard input"))
                except PuzzleError as e:
                    _stdin.append(e)
            if isinstance(_stdin[0], PuzzleError):
                raise _stdin[0]
            return _stdin[0]
        st = os.stat(path)
        _regular(st.st_mode, path_label, what)  # before opening: a FIFO with no writer would block
        limits.check_text_size(st.st_size, f"{path_label}: ")
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            _regular(os.fstat(fh.fileno()).st_mode, path_label, what)  # replaced since the stat
            return _read_capped(fh, path_label)
    except OSError as e:
        raise PuzzleError(f"{path_label}: cannot read ({e.strerror or e})") from None


def read_text(path: str, what: str = "puzzle file") -> str:
    data = read_bytes(path, what)
    try:
        return text_of(data, what)
    except NotText as e:
        raise PuzzleError(f"{printable(path)}: {e}") from None


def show_solutions(head: str, r: dict) -> None:
    """A solve result as text: ``head``, how many solutions in what time by which
    engine, then each solution's rows."""
    n = len(r["solutions"])
    print(f"{head}, {n} solution{'s' if n != 1 else ''} in {r['time_s']:.3f} s ({r['engine']})")
    for k, sol in enumerate(r["solutions"], 1):
        if n > 1:
            print(f"solution {k}:")
        print("\n".join(sol))


def stars_words(r: dict) -> str:
    """A check's difficulty stars (pysolver.stars, from the hint walk), as every genre's check
    says them: ", 3 stars (about 12 minutes by hints)"; a walk cut by --timeout gives a lower
    bound ("at least"); "" when there are none (not unique, or not decided)."""
    if not r.get("stars"):
        return ""
    least = "at least " if r["stars_at_least"] else ""
    return (f", {least}{r['stars']} star{'' if r['stars'] == 1 else 's'} "
            f"({least or 'about '}{r['minutes']:g} minutes by hints)")


def timed_out(timeout) -> dict:
    """The hint when ``hint --timeout`` passed first (every genre's): a plain answer."""
    return {"kind": "timeout", "explanation": f"no hint within {timeout:g} s (--timeout)",
            "cells": []}


def left(timeout, start):
    """What is left of --timeout since ``start`` (time.perf_counter; it covers reading too)."""
    return None if timeout is None else max(1e-3, timeout - (time.perf_counter() - start))


def seconds(text, zero=False):
    """A --timeout: a finite number of seconds above 0 (not nan, inf or negative; ``zero``:
    0 too, no limit), in the digits 0-9 (float() reads others too, and 1_0 as 10)."""
    try:
        if not text.isascii() or "_" in text:
            raise ValueError
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number{unlike_ascii(text)}") from None
    if not math.isfinite(v) or v < 0 or v == 0 and not zero:
        raise argparse.ArgumentTypeError(f"{text[:20]!r}: give " + "0 (no limit) or " * zero
                                         + "a number of seconds above 0")
    return v


def whole(text):
    """An integer option, refused before conversion when it has too many digits."""
    try:
        return limits.number(text.strip(SPACE), "the option", "whole number")
    except PuzzleError as e:
        raise argparse.ArgumentTypeError(str(e).removeprefix("the option: ")) from None
