"""The SQLite store of a batch check: which puzzle each file holds, and its verdict.

Three tables. ``puzzles``: one row per distinct puzzle, keyed by a hash of its
clues (:func:`clue_hash`), with its size, palette and puzzle JSON (what workers
are sent). ``entries``: one row per puzzle of a file as given (``file``,
``idx`` 0-based within the file), with the puzzle's key or the parse error.
``verdicts``: one row per key once checked. Every verdict is committed on its
own, so a stopped run keeps everything it finished; the same puzzle in several
files is checked once.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
import time

from ..errors import PuzzleError

SCHEMA_VERSION = "1"
DECIDED = ("unique", "multiple", "none", "error")  # never checked again
STATUSES = ("unique", "multiple", "none", "timeout", "error")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS puzzles (
    key TEXT PRIMARY KEY, width INTEGER NOT NULL, height INTEGER NOT NULL,
    colors TEXT NOT NULL,  -- JSON [[char, rgb], ...], background first
    puzzle TEXT NOT NULL   -- the puzzle JSON (ARCHITECTURE.md)
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
    error TEXT, decided_at TEXT NOT NULL
);
"""


def clue_hash(puzzle) -> str:
    """A stable key for a puzzle's clues and colour characters (Puzzle.clue_key)."""
    return hashlib.sha256(repr(puzzle.clue_key()).encode()).hexdigest()[:32]


class Store:
    """One batch database. ``path`` is created when missing."""

    def __init__(self, path: str):
        self.path = path
        try:
            self.db = sqlite3.connect(path)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.executescript(_SCHEMA)
            row = self.db.execute("SELECT value FROM meta WHERE name='schema'").fetchone()
            if row is None:
                self.db.execute("INSERT INTO meta VALUES ('schema', ?)", (SCHEMA_VERSION,))
                self.db.commit()
            elif row[0] != SCHEMA_VERSION:
                raise PuzzleError(f"{path}: batch database schema {row[0]}, expected {SCHEMA_VERSION}")
        except sqlite3.DatabaseError as e:
            raise PuzzleError(f"{path}: not a batch database ({e})") from None

    def close(self):
        self.db.close()

    # -- a run ----------------------------------------------------------------

    def file_entries(self, file: str, stamp) -> list | None:
        """The keys (None for a parse error) ``file`` held when it was last read with
        ``stamp`` (size, mtime_ns); None when it has not been read so."""
        row = self.db.execute("SELECT size, mtime_ns FROM files WHERE file=?", (file,)).fetchone()
        if row is None or tuple(row) != tuple(stamp):
            return None
        return [k for (k,) in self.db.execute("SELECT key FROM entries WHERE file=? ORDER BY idx",
                                              (file,))]

    def record_file(self, file: str, items, stamp=None) -> list:
        """Replace what ``file`` holds (items: Puzzle or PuzzleError, in file order);
        its keys (None for an error). ``stamp``: (size, mtime_ns) of what was read."""
        from ..nonogram.formats import jsonfmt
        self.db.execute("DELETE FROM entries WHERE file=?", (file,))
        self.db.execute("DELETE FROM files WHERE file=?", (file,))
        if stamp is not None:
            self.db.execute("INSERT INTO files VALUES (?, ?, ?)", (file, *stamp))
        keys = []
        for idx, item in enumerate(items):
            if isinstance(item, PuzzleError):
                self.db.execute("INSERT INTO entries (file, idx, error) VALUES (?, ?, ?)",
                                (file, idx, str(item)))
                keys.append(None)
                continue
            key = clue_hash(item)
            keys.append(key)
            self.db.execute("INSERT INTO entries (file, idx, title, key) VALUES (?, ?, ?, ?)",
                            (file, idx, item.title or "", key))
            if self.db.execute("SELECT 1 FROM puzzles WHERE key=?", (key,)).fetchone() is None:
                colors = [[c.char, c.rgb] for c in item.colors]
                self.db.execute("INSERT INTO puzzles VALUES (?, ?, ?, ?, ?)",
                                (key, item.width, item.height, json.dumps(colors),
                                 json.dumps(jsonfmt.to_dict(item), ensure_ascii=False)))
        return keys

    def commit(self):
        self.db.commit()

    def todo(self, keys, timeout, retry_timeouts) -> list:
        """The keys among ``keys`` still to check: never checked, or timed out and
        asked again (``retry_timeouts``, or a larger ``timeout`` than last time; None = no limit)."""
        out = []
        for key in dict.fromkeys(keys):
            row = self.db.execute("SELECT status, timeout_s FROM verdicts WHERE key=?", (key,)).fetchone()
            if row is None:
                out.append(key)
            elif row[0] not in DECIDED and (retry_timeouts or row[0] != "timeout" or _larger(timeout, row[1])):
                out.append(key)
        return out

    def puzzle_json(self, key: str) -> str:
        return self.db.execute("SELECT puzzle FROM puzzles WHERE key=?", (key,)).fetchone()[0]

    def save(self, key: str, verdict: dict, timeout):
        """Store one verdict (api.check's dict, or {"status": "error", "error"}) and commit it."""
        self.db.execute(
            "INSERT OR REPLACE INTO verdicts VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (key, verdict["status"], verdict.get("classification"), verdict.get("difficulty"),
             verdict.get("time_s"), verdict.get("engine"), timeout, verdict.get("nodes"),
             json.dumps(verdict.get("solutions", [])[:2]), verdict.get("error"),
             time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())))
        self.db.commit()

    # -- reading --------------------------------------------------------------

    def rows(self) -> list:
        """Every entry with its verdict, as dicts; ``status`` is "error" for a parse
        error and None for a puzzle not checked yet."""
        cur = self.db.execute(
            "SELECT e.file, e.idx, e.title, e.key, e.error, v.status, v.classification,"
            " v.difficulty, v.time_s, v.engine, v.timeout_s, v.nodes, v.solutions, v.error,"
            " v.decided_at, p.width, p.height, p.colors"
            " FROM entries e LEFT JOIN verdicts v ON v.key = e.key"
            " LEFT JOIN puzzles p ON p.key = e.key ORDER BY e.file, e.idx")
        out = []
        for (file, idx, title, key, parse_error, status, cls, diff, time_s, engine, timeout_s,
             nodes, sols, error, decided_at, width, height, colors) in cur:
            out.append({
                "file": file, "index": idx, "title": title, "key": key,
                "status": "error" if parse_error else status, "classification": cls,
                "difficulty": diff, "time_s": time_s, "engine": engine, "timeout_s": timeout_s,
                "nodes": nodes, "error": parse_error or error, "decided_at": decided_at,
                "width": width, "height": height,
                "colors": json.loads(colors) if colors else None,
                "solutions": json.loads(sols) if sols else []})
        return out

    def verdict_for(self, key: str) -> dict | None:
        row = self.db.execute("SELECT status, difficulty, classification FROM verdicts WHERE key=?",
                              (key,)).fetchone()
        return None if row is None else {"status": row[0], "difficulty": row[1], "classification": row[2]}


def _larger(new, old) -> bool:
    """True when time limit ``new`` allows more than ``old`` (None = no limit)."""
    if old is None:
        return False
    return new is None or new > old


def open_existing(path: str) -> Store:
    """A Store for reading; PuzzleError when the file is missing."""
    import os
    if not os.path.isfile(path):
        raise PuzzleError(f"{path}: no such batch database")
    return Store(path)
