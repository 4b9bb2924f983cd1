"""Finding and reading a batch's puzzles: the files of the paths given (folders
walked), each file's puzzles (or parse errors) recorded in the store, unchanged files
not read again, files gone since forgotten. The rest of a run is pysolver.app.batch's.
"""
from __future__ import annotations

import collections
import errno
import json
import os
import re
import stat

from .. import limits
from ..decode import NotText, text_of
from ..errors import PuzzleError
from ..nonogram import formats
from ..nonogram.formats import taai
from ..nikoli import read as nikoli_read
from .batch_db import Store, storable
from .common import SPECIAL, _read_capped, printable
from .report import is_report

SUFFIXES = (".xml", ".non", ".nin", ".txt", ".g", ".json", ".pbm", ".nonpack", ".cwd")


def discover(paths, problems=None, others=None) -> list:
    """The files to read: files as given, folders walked (sorted, hidden names skipped,
    linked folders followed, each real folder once),
    each path made absolute with its folders resolved (``bt/x`` and ``./bt/x`` are one
    folder). Folders that cannot be listed are reported in ``problems``
    (a list of messages) and skipped; what is not a regular file is refused per file
    by :func:`scan`. Files in folders whose names end in no puzzle suffix are left
    unread, listed in ``others``."""
    files = []
    problems = [] if problems is None else problems
    others = [] if others is None else others

    def unlisted(error):
        name = printable(str(error.filename))  # a terminal escape in a name stays inert
        problems.append(f"{name}: cannot list the folder ({error.strerror or error})")

    walked = set()  # real folders: a linked folder is walked once, a link loop ends
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, names in os.walk(_real(path), onerror=unlisted, followlinks=True):
                if os.path.realpath(root) in walked:
                    dirs[:] = []
                    continue
                walked.add(os.path.realpath(root))
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for n in sorted(n for n in names if not n.startswith(".")):
                    found = files if n.lower().endswith(SUFFIXES) else others
                    found.append(os.path.join(root, n))
        elif os.path.lexists(path):
            files.append(path)
        else:
            raise PuzzleError(f"{path}: no such file or folder")
    return list(dict.fromkeys(_real(f) for f in files))


def _real(path: str) -> str:
    """The path with its folders resolved, its own name kept (a link stays a link,
    reported under its name)."""
    folder, name = os.path.split(os.path.abspath(path))
    return os.path.join(os.path.realpath(folder), name)


class PassedOver(str):
    """What a file is that holds no puzzles to check, though named like a puzzle file
    (read_file's items in place of a list): its words in the run's summary."""


REPORT = PassedOver("report")
ANSWERS = PassedOver("TAAI solution file")
NOTES = PassedOver("licence or readme file")
LISTING = PassedOver("puzzle list")
# a collection's notes kept as text (LICENSE-GPL-3.0.txt beside the TAAI files)
_NOTES = re.compile(r"(licen[cs]e|copying|readme|notice|authors|changelog|changes)\b", re.I)


def passed_over(data: bytes, file: str) -> PassedOver | None:
    """Why a file's bytes are no puzzles to check (None when they may be): a report of
    ``pysolver report`` (its JSON rows would be read as a bundle of broken puzzles), a
    TAAI solution file (its answers' clues are its question file's puzzles: each would be
    counted twice), a licence or readme (by its name, and text no reader knows), or a
    JSON list of puzzle files (the site's catalogue and indexes)."""
    if is_report(data[:4096]):
        return REPORT
    try:
        text = text_of(data)
    except NotText:
        return None
    if taai.answers_only(text):
        return ANSWERS
    if listing(text):
        return LISTING
    if (_NOTES.match(os.path.basename(file)) and formats.detect(text) is None
            and not nikoli_read.looks_like(text)):
        return NOTES
    return None


def listing(text: str) -> bool:
    """Whether a text is a JSON list of puzzle files, no puzzle: the site's catalogue
    (web/puzzles/catalogue.json) or an index (``"puzzles"`` or ``"kinds"``: objects
    naming their ``"file"``)."""
    if text.lstrip("\ufeff \t\r\n")[:1] != "{":
        return False
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    if not isinstance(data, dict) or {"rows", "columns", "goal"} & data.keys():
        return False
    entries = data.get("puzzles", data.get("kinds"))
    return (isinstance(entries, list) and bool(entries)
            and all(isinstance(e, dict) and isinstance(e.get("file"), str) for e in entries))


def read_file(file: str) -> tuple:
    """(stamp, items) of one file: items a list of puzzles (Puzzle or nikoli Grid) or
    PuzzleErrors, or why the file holds none to check (a PassedOver); stamp (size,
    mtime_ns), or None when the error may pass (cannot
    read: permissions, I/O), so the next run tries again. Never opens what is not a
    regular file (a FIFO would block, a device never end) nor reads past the cap."""
    try:
        st = os.stat(file)
    except OSError as e:
        if e.errno == errno.ENOENT and os.path.islink(file):  # ls lists it: not "no such file"
            return None, [PuzzleError(f"{file}: a link to {printable(os.readlink(file))}, "
                                      "which does not exist")]
        return None, [PuzzleError(f"{file}: cannot read ({e.strerror or e})")]
    stamp = (st.st_size, st.st_mtime_ns)
    kind = next((k for test, k in SPECIAL if test(st.st_mode)), None)
    if kind or not stat.S_ISREG(st.st_mode):
        return stamp, [PuzzleError(f"{file}: is {kind or 'not a regular file'}, not a puzzle "
                                   "file")]
    try:
        limits.check_text_size(st.st_size, f"{file}: ")
        fd = os.open(file, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):  # replaced since the stat
                return None, [PuzzleError(f"{file}: is not a regular file any more")]
            data = _read_capped(fh, file)
    except PuzzleError as e:
        return stamp, [e]
    except OSError as e:
        return None, [PuzzleError(f"{file}: cannot read ({e.strerror or e})")]
    return stamp, passed_over(data, file) or parse_items(data, file)


def parse_items(data: bytes, file: str) -> list:
    """The puzzles of a file's bytes: a Nikoli puzzle (URL or text) or nonograms."""
    try:
        text = text_of(data)
    except NotText:
        text = None
    if text is not None and nikoli_read.looks_like(text):
        try:
            return nikoli_read.parse_all(text, file)
        except PuzzleError as e:
            return [e]
    return formats.parse_each(data, file)


def gone(store: Store, paths, files, keys) -> list:
    """Files recorded earlier that are not there any more, known to be gone: under a
    folder of ``paths`` (whose walk found ``files``), or found elsewhere by this run (the
    file moved, or its folder was renamed): one of ``files`` has its size and time, or
    ``keys`` hold all its puzzles. Others not there (a drive not mounted now) are kept."""
    roots = [os.path.join(_real(p), "") for p in paths if os.path.isdir(p)]  # one trailing /
    found, keys = {storable(f) for f in files}, set(keys)
    held, stamps = {}, {}
    for file, key, stamp in store.recorded_entries():
        held.setdefault(file, []).append(key)
        stamps[file] = stamp
    moved = {stamps[f] for f in found if stamps.get(f)}
    return [f for f, held_keys in held.items() if f not in found and not os.path.lexists(f)
            and (any(f.startswith(r) for r in roots) or stamps[f] in moved
                 or keys.issuperset(held_keys))]


Scan = collections.namedtuple("Scan", "keys errors passed")
Scan.__doc__ = """What :func:`scan` found: ``keys`` of the puzzles read (in file order),
``errors``, the file of each parse error (a file holding several is named once for each),
and ``passed``, a Counter of the files passed over by what they are (PassedOver)."""


def scan(store: Store, files) -> Scan:
    """Record every file's puzzles (or parse errors) in the store. A file whose size and
    modification time are those recorded is not read again.
    Each file is committed on its own: the database is never locked while a file is
    read, so a run at work on it can still save its verdicts (it waits 5 s at most)."""
    keys, errors, passed = [], [], collections.Counter()
    for file in files:
        try:
            st = os.stat(file)
            stamp = (st.st_size, st.st_mtime_ns)
        except OSError:
            stamp = None
        known = store.file_entries(file, stamp) if stamp else None
        if known is None:
            stamp, items = read_file(file)
            if isinstance(items, PassedOver):  # not recorded: read again (and passed) next time
                passed[items] += 1
                items, stamp = [], None  # what it held when read as puzzles leaves the results
            known = store.record_file(file, items, stamp)
            store.commit()
        keys.extend(k for k in known if k is not None)
        errors.extend(file for k in known if k is None)
    return Scan(keys, errors, passed)
