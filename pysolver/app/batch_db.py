"""The SQLite store of a batch check: which puzzle each file holds, and its verdict.

Three tables. ``puzzles``: one row per distinct puzzle, keyed by a hash of its
clues (:func:`clue_hash`), with its size, palette and puzzle JSON (what workers
are sent). ``entries``: one row per puzzle of a file as given (``file``,
``idx`` 0-based within the file), with the puzzle's key or the parse error.
``verdicts``: one row per key once checked, with a unique puzzle's difficulty
stars (pysolver.stars: ``stars``, ``minutes``, ``stars_at_least``). Every verdict
is committed on its own, so a stopped run keeps everything it finished; the same
puzzle in several files is checked once. A database of schema 1 (before the stars)
gets their columns when a run opens it, and is read as it is by ``report``.
"""
from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from urllib.parse import quote

from ..errors import PuzzleError
from ..nikoli.url import write_url
from ..nonogram.formats import jsonfmt
from ..nonogram.puzzle import Puzzle

SCHEMA_VERSION = "2"
OLDER = ("1",)  # schemas a run brings up to this one (schema 1: no stars)
# how files are read: a database whose files were read otherwise (before solution files
# and reports were passed over) has each read again by its next run, not taken as recorded
READING = "2"
RATING = ("stars", "minutes", "stars_at_least")  # a unique puzzle's difficulty, every genre
_RATING_COLUMNS = {"stars": "INTEGER", "minutes": "REAL", "stars_at_least": "INTEGER"}
NIKOLI_PREFIX = "nikoli:"  # puzzles.puzzle of a Nikoli puzzle: this, then its URL
DECIDED = ("unique", "multiple", "none", "error")  # never checked again, but two errors
# that are not the puzzle's: a run (or Dask worker) without clingo, and an engine's bug
CLINGO_MISSING = "Nikoli puzzles need the clingo Python module (pip install clingo)"
INTERNAL = "internal error: "  # how an engine's bug starts; a newer pysolver may not have it
STATUSES = ("unique", "multiple", "none", "timeout", "error")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS puzzles (
    key TEXT PRIMARY KEY, width INTEGER NOT NULL, height INTEGER NOT NULL,
    colors TEXT NOT NULL,  -- JSON [[char, rgb], ...], background first ([] for Nikoli)
    puzzle TEXT NOT NULL   -- the puzzle JSON (ARCHITECTURE.md), or 'nikoli:' and its URL
);
CREATE TABLE IF NOT EXISTS files (  -- what was read: unchanged files are not parsed again
    file TEXT PRIMARY KEY, size INTEGER NOT NULL, mtime_ns INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS entries (
    file TEXT NOT NULL, idx INTEGER NOT NULL, title TEXT NOT NULL DEFAULT '',
    key TEXT, error TEXT, PRIMARY KEY (file, idx)
);
CREATE TABLE IF NOT EXISTS verdicts (
    key TEXT PRIMARY KEY, status TEXT NOT NULL, classification TEXT, difficulty REAL,
    time_s REAL, engine TEXT, timeout_s REAL, nodes INTEGER,
    solutions TEXT NOT NULL DEFAULT '[]',  -- JSON: the first two solutions, row strings
    error TEXT, decided_at TEXT NOT NULL,
    stars INTEGER, minutes REAL, stars_at_least INTEGER  -- pysolver.stars; schema 2
);
"""


def clue_hash(puzzle) -> str:
    """A stable key for a puzzle's clues and colour characters (Puzzle.clue_key), and the
    cells it shows at the start when it has any (they may make it unique)."""
    key = puzzle.clue_key() if not puzzle.givens else (puzzle.clue_key(), repr(puzzle.givens))
    return hashlib.sha256(repr(key).encode()).hexdigest()[:32]


LOCK_WAIT_S = 5  # how long a second run waits for the one writing the database


def storable(text: str) -> str:
    """Text SQLite can hold: a file name's bytes that are not UTF-8 (os.fsdecode's lone
    surrogates, in the name and in errors naming it) written as \\xNN."""
    try:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a lone surrogate that is no undecodable byte
        return text.encode("utf-8", "backslashreplace").decode("utf-8")


class Store:
    """One batch database. ``path`` is created when missing; ``readonly`` opens an
    existing one for reading only (``report``: a file that is not ours is refused
    without a byte changed)."""

    def __init__(self, path: str, readonly: bool = False):
        self.path = path
        check_path(path, readonly)
        try:
            if os.path.exists(path) and os.path.getsize(path):
                _ours(path)  # before anything is written: a foreign file stays as it was
            if readonly:  # ours (checked above): read as it is, nothing written
                self.db = _read_only(path)
                return
            self.db = sqlite3.connect(path, timeout=LOCK_WAIT_S)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(_SCHEMA)
            row = self.db.execute("SELECT value FROM meta WHERE name='schema'").fetchone()
            if row is None or row[0] != SCHEMA_VERSION:  # new, or of an older schema (_ours)
                have = _columns(self.db, "verdicts")
                for name, kind in _RATING_COLUMNS.items():
                    if name not in have:
                        self.db.execute(f"ALTER TABLE verdicts ADD COLUMN {name} {kind}")
                self.db.execute("INSERT OR REPLACE INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
                self.db.commit()
            row = self.db.execute("SELECT value FROM meta WHERE name='reading'").fetchone()
            if row is None or row[0] != READING:  # files read before: each read again, once
                self.db.execute("DELETE FROM files")
                self.db.execute("INSERT OR REPLACE INTO meta VALUES ('reading', ?)", (READING,))
                self.db.commit()
        except sqlite3.Error as e:
            raise database_error(path, e) from None

    def close(self):
        self.db.close()

    # -- a run ----------------------------------------------------------------

    def file_entries(self, file: str, stamp) -> list | None:
        """The keys (None for a parse error) ``file`` held when it was last read with
        ``stamp`` (size, mtime_ns); None when it has not been read so."""
        file = storable(file)
        row = self.db.execute("SELECT size, mtime_ns FROM files WHERE file=?", (file,)).fetchone()
        if row is None or tuple(row) != tuple(stamp):
            return None
        return [k for (k,) in self.db.execute("SELECT key FROM entries WHERE file=? ORDER BY idx",
                                              (file,))]

    def record_file(self, file: str, items, stamp=None) -> list:
        """Replace what ``file`` holds (items: Puzzle or PuzzleError, in file order);
        its keys (None for an error). ``stamp``: (size, mtime_ns) of what was read."""
        file = storable(file)
        self.db.execute("DELETE FROM entries WHERE file=?", (file,))
        self.db.execute("DELETE FROM files WHERE file=?", (file,))
        if stamp is not None:
            self.db.execute("INSERT INTO files VALUES (?, ?, ?)", (file, *stamp))
        keys = []
        for idx, item in enumerate(items):
            if isinstance(item, PuzzleError):
                self.db.execute("INSERT INTO entries (file, idx, error) VALUES (?, ?, ?)",
                                (file, idx, storable(str(item))))
                keys.append(None)
                continue
            if isinstance(item, Puzzle):
                key = clue_hash(item)
                colors = [[c.char, c.rgb] for c in item.colors]
                text = json.dumps(jsonfmt.to_dict(item, shown=True), ensure_ascii=False)
            else:  # a Nikoli grid: kept as its URL, which says all of it
                text = NIKOLI_PREFIX + write_url(item)
                key, colors = hashlib.sha256(text.encode()).hexdigest()[:32], []
            keys.append(key)
            self.db.execute("INSERT INTO entries (file, idx, title, key) VALUES (?, ?, ?, ?)",
                            (file, idx, item.title or "", key))
            if self.db.execute("SELECT 1 FROM puzzles WHERE key=?", (key,)).fetchone() is None:
                self.db.execute("INSERT INTO puzzles VALUES (?, ?, ?, ?, ?)",
                                (key, item.width, item.height, json.dumps(colors), text))
        return keys

    def recorded_entries(self) -> list:
        """(file, key, (size, mtime_ns) or None) of every entry recorded, files as stored
        (key None: an error; no stamp: the file could not be read)."""
        return [(file, key, (size, mtime) if size is not None else None) for file, key, size, mtime
                in self.db.execute("SELECT e.file, e.key, f.size, f.mtime_ns FROM entries e"
                                   " LEFT JOIN files f ON f.file = e.file")]

    def forget_files(self, files) -> None:
        """Drop what ``files`` held (their entries: gone from the reports); the verdicts
        stay, keyed by clues, so the same puzzles found elsewhere are not checked again."""
        for file in files:
            self.db.execute("DELETE FROM entries WHERE file=?", (file,))
            self.db.execute("DELETE FROM files WHERE file=?", (file,))
        self.db.commit()

    def commit(self):
        self.db.commit()

    def todo(self, keys, timeout, retry_timeouts) -> list:
        """The keys among ``keys`` still to check: never checked, unique without stars
        (checked before the stars were), an error not the puzzle's (clingo missing, an
        engine's bug), or timed out and asked again (``retry_timeouts``, or a larger
        ``timeout`` than last time; None = no limit)."""
        out = []
        for key in dict.fromkeys(keys):
            row = self.db.execute("SELECT status, timeout_s, stars, error FROM verdicts WHERE key=?",
                                  (key,)).fetchone()
            if (row is None or (row[0] == "unique" and row[2] is None)
                    or row[3] == CLINGO_MISSING or (row[3] or "").startswith(INTERNAL)):
                out.append(key)
            elif row[0] not in DECIDED and (retry_timeouts or row[0] != "timeout" or _larger(timeout, row[1])):
                out.append(key)
        return out

    def nikoli(self, keys) -> set:
        """The Nikoli puzzles among ``keys``."""
        out = {k for (k,) in self.db.execute("SELECT key FROM puzzles WHERE substr(puzzle, 1, ?) = ?",
                                             (len(NIKOLI_PREFIX), NIKOLI_PREFIX))}
        return out.intersection(keys)

    def timed_out(self, keys) -> int:
        """How many of ``keys`` (distinct) have a time-out as their verdict (one query, not
        one a key: a collection's re-run may skip tens of thousands)."""
        out = {k for (k,) in self.db.execute("SELECT key FROM verdicts WHERE status='timeout'")}
        return len(out.intersection(keys))

    def failed(self, keys) -> int:
        """How many of ``keys`` (distinct) could not be checked: an error is their verdict
        (the engine failed on them, or they need what this run does not have)."""
        out = {k for (k,) in self.db.execute("SELECT key FROM verdicts WHERE status='error'")}
        return len(out.intersection(keys))

    def puzzle_json(self, key: str) -> str:
        return self.db.execute("SELECT puzzle FROM puzzles WHERE key=?", (key,)).fetchone()[0]

    def save(self, key: str, verdict: dict, timeout):
        """Store one verdict (batch.check_one's dict, or {"status": "error", "error"}) and commit it."""
        self.db.execute(
            "INSERT OR REPLACE INTO verdicts (key, status, classification, difficulty, time_s, engine,"
            " timeout_s, nodes, solutions, error, decided_at, stars, minutes, stars_at_least)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (key, verdict["status"], verdict.get("classification"), verdict.get("difficulty"),
             verdict.get("time_s"), verdict.get("engine"), timeout, verdict.get("nodes"),
             json.dumps(verdict.get("solutions", [])[:2]), verdict.get("error"),
             time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
             *(verdict.get(k) for k in RATING)))
        self.db.commit()

    # -- reading --------------------------------------------------------------

    def rows(self) -> list:
        """Every entry with its verdict, as dicts; ``status`` is "error" for a parse
        error and None for a puzzle not checked yet. A schema 1 database (read as it is,
        by ``report``) has no stars: None."""
        have = _columns(self.db, "verdicts")
        rating = ", ".join(f"v.{k}" if k in have else "NULL" for k in RATING)
        cur = self.db.execute(
            "SELECT e.file, e.idx, e.title, e.key, e.error, v.status, v.classification,"
            " v.difficulty, v.time_s, v.engine, v.timeout_s, v.nodes, v.solutions, v.error,"
            f" v.decided_at, p.width, p.height, p.colors, {rating}"
            " FROM entries e LEFT JOIN verdicts v ON v.key = e.key"
            " LEFT JOIN puzzles p ON p.key = e.key ORDER BY e.file, e.idx")
        out = []
        for (file, idx, title, key, parse_error, status, cls, diff, time_s, engine, timeout_s,
             nodes, sols, error, decided_at, width, height, colors, *rated) in cur:
            colors, bad_colors = _stored(colors, None, lambda c: isinstance(c, list) and all(
                isinstance(x, list) and len(x) == 2 and all(isinstance(v, str) for v in x)
                for x in c))
            sols, bad_sols = _stored(sols, [], lambda v: isinstance(v, list) and all(
                isinstance(x, list) and all(isinstance(r, str) for r in x) for x in v))
            damaged = [what for what, bad in (("colours", bad_colors), ("solutions", bad_sols)) if bad]
            if damaged:  # shown in the row, as a damaged number is: the other rows still report
                error = "; ".join(filter(None, [error, f"its stored {' and '.join(damaged)} "
                                                       "could not be read (damaged)"]))
            out.append({
                "file": file, "index": idx, "title": title, "key": key,
                "status": "error" if parse_error else status, "classification": cls,
                "difficulty": diff, "time_s": time_s, "engine": engine, "timeout_s": timeout_s,
                "nodes": nodes, "error": parse_error or error, "decided_at": decided_at,
                "width": width, "height": height, "colors": colors, "solutions": sols,
                **dict(zip(RATING, rated))})
            if isinstance(out[-1]["stars_at_least"], int):  # SQLite's 0 / 1
                out[-1]["stars_at_least"] = bool(out[-1]["stars_at_least"])
        return out

    def verdict_for(self, key: str) -> dict | None:
        """The verdict's status, difficulty, classification and stars (None before schema 2)."""
        have = _columns(self.db, "verdicts")
        rating = ", ".join(k if k in have else "NULL" for k in RATING)
        row = self.db.execute(f"SELECT status, difficulty, classification, {rating} FROM verdicts"
                              " WHERE key=?", (key,)).fetchone()
        if row is None:
            return None
        return dict(zip(("status", "difficulty", "classification", *RATING), row))


def _columns(db, table: str) -> set:
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})")}


def _stored(text, empty, fits) -> tuple:
    """(value, damaged) of a JSON field as stored: ``empty`` when there is none, or when it
    does not read or have its shape (``fits``): written by another program, or the disk's."""
    if not text:
        return empty, False
    try:
        value = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return empty, True
    return (value, False) if fits(value) else (empty, True)


def _larger(new, old) -> bool:
    """True when time limit ``new`` allows more than ``old`` (None = no limit)."""
    if old is None:
        return False
    return new is None or new > old


def open_existing(path: str) -> Store:
    """A Store for reading only; PuzzleError when the file is missing or not ours."""
    check_path(path, True)
    if not os.path.isfile(path):
        raise PuzzleError(f"{path}: no such batch database")
    return Store(path, readonly=True)


def check_path(path: str, existing: bool = False) -> None:
    """A database path must name a regular file (or, to create, a new one)."""
    if not path or not path.strip():
        raise PuzzleError("the database needs a file name (--db RESULTS.sqlite)")
    if os.path.exists(path) and not os.path.isfile(path):
        raise PuzzleError(f"{path}: is not a regular file; a batch database is one")


def _uri(path: str) -> str:
    return "file:" + quote(os.path.abspath(path))


def _read_only(path: str):
    """A connection that only reads. A WAL database (ours are) with no -shm file
    beside it, in a folder this user cannot write, cannot be opened read-only the
    usual way: then it is read as immutable (no writer is at work on it: a writer
    keeps a -shm file)."""
    db = sqlite3.connect(f"{_uri(path)}?mode=ro", uri=True, timeout=LOCK_WAIT_S)
    try:
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return db
    except sqlite3.OperationalError:
        db.close()
        shm = path + "-shm"
        if os.path.exists(shm) or os.access(os.path.dirname(os.path.abspath(path)), os.W_OK):
            raise
    return sqlite3.connect(f"{_uri(path)}?immutable=1", uri=True)


def _ours(path: str) -> None:
    """Refuse (PuzzleError) an existing file that is not a batch database of this
    version, reading it only."""
    try:
        db = _read_only(path)
        try:
            tables = {n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            row = (db.execute("SELECT value FROM meta WHERE name='schema'").fetchone()
                   if "meta" in tables else None)
        finally:
            db.close()
    except sqlite3.Error as e:
        raise database_error(path, e) from None
    if row is None or not {"puzzles", "entries", "verdicts", "files"} <= tables:
        raise PuzzleError(f"{path}: not a batch database (an SQLite file of other tables); "
                          "give a new file name")
    if row[0] != SCHEMA_VERSION and row[0] not in OLDER:
        raise PuzzleError(f"{path}: batch database schema {row[0]}, expected {SCHEMA_VERSION}")


def database_error(path: str, e: Exception) -> PuzzleError:
    """One line for an SQLite failure: what it means for the user."""
    text = str(e)
    if "locked" in text or "busy" in text:
        why = (f"in use by another run (still locked after {LOCK_WAIT_S} s); "
               "try again when it ends")
    elif ("readonly" in text or "read-only" in text) and os.access(path, os.W_OK) and not \
            os.access(os.path.dirname(os.path.abspath(path)), os.W_OK):
        why = ("cannot be written: its folder is read-only, and a run keeps its journal there "
               "(the -wal and -shm files); give a database in a folder you may write")
    elif "readonly" in text or "read-only" in text:
        why = "cannot be written (read-only); give a database you may write, or a new file name"
    elif "unable to open" in text:
        why = ("cannot be opened or created (does its folder exist, and may this user "
               "write there?)")
    elif "disk is full" in text or "disk I/O" in text:
        why = f"cannot be written ({text}); free some space and run again"
    elif "not a database" in text or "malformed" in text or "corrupt" in text:
        why = f"not a batch database or damaged ({text})"
    else:
        why = f"database error ({text})"
    return PuzzleError(f"{path}: {why}")
