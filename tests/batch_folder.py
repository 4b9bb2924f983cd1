"""A small collection for the batch tests: valid and invalid files, unique,
multiple and no-solution puzzles, a two-puzzle bundle and a duplicate."""
import json
import random
from pathlib import Path

from pysolver import api

UNIQUE = ["#.", "##"]  # rows 1 / 2, columns 2 / 1: one picture
DIAGONAL = ["#.", ".#"]  # rows 1 / 1, columns 1 / 1: two pictures


def _write(path: Path, text: str):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def mixed(root: Path) -> dict:
    """Write the collection under ``root``; {(path relative to root, index from 1): status}."""
    unique = json.dumps(api.clues_from_grid(UNIQUE, title="Corner"))
    _write(root / "unique.json", unique)
    _write(root / "sub" / "again.json", unique)  # the same clues: checked once
    _write(root / "multiple.json", json.dumps(api.clues_from_grid(DIAGONAL, title="Diagonal")))
    # the clue sums agree (so the file is valid), but row 1 = ## leaves column 2 no room
    _write(root / "none.json", json.dumps({"format": "pysolver", "version": 1, "title": "Stuck",
                                           "rows": [[2], []], "columns": [[2], []]}))
    _write(root / "notes.txt", "just some words, not a puzzle\n")
    _write(root / "sums.non", "width 2\nheight 2\nrows\n2\n2\ncolumns\n1\n1\n")
    bundle = api.convert(json.dumps(api.clues_from_grid(["##.", "..#", "###"])), "non")
    _write(root / "bundle.non", bundle + "====\nwidth 2\nheight 1\nrows\n3\ncolumns\n1\n1\n")
    _write(root / "README.md", "not read: only puzzle file suffixes are\n")
    return {("unique.json", 1): "unique", ("sub/again.json", 1): "unique",
            ("multiple.json", 1): "multiple", ("none.json", 1): "none",
            ("notes.txt", 1): "error", ("sums.non", 1): "error",
            ("bundle.non", 1): "unique", ("bundle.non", 2): "error"}


def readable(root: Path):
    """The collection of :func:`mixed` without its files that cannot be read: every file
    read and every puzzle checked."""
    mixed(root)
    for bad in ("notes.txt", "sums.non", "bundle.non"):
        (root / bad).unlink()


def random_pictures(root: Path, count: int, size: int, seed: int = 7):
    """``count`` random ``size`` x ``size`` pictures' clues, one JSON file each."""
    rng = random.Random(seed)
    for k in range(count):
        rows = ["".join("#" if rng.random() < 0.5 else "." for _ in range(size)) for _ in range(size)]
        _write(root / f"r{k:03d}.json", json.dumps(api.clues_from_grid(rows, title=f"random {k}")))
