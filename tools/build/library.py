"""The library's verdicts on the built-in nonograms: ``status``, ``difficulty``,
``stars`` and ``minutes`` of each entry of web/puzzles/catalogue.json, computed once
for a puzzle and an engine, not on every build.

An entry records under ``checked`` the key its four fields were computed with: a
hash of the puzzle's clues (``batch_db.clue_hash``, so a format or title edit keeps
it) and of the engine modules that decide them (the import closure of the check and
of the stars' hint walk, see ``DECIDERS``; comments and blank lines left out). The
build takes the recorded fields of an entry whose key is the current one and
computes the others (``pysolver batch`` into build/cache, then ``pysolver report
--catalogue``'s hint walk), so a changed puzzle or engine never ships old verdicts.
``python3 -m tools.build.library`` writes the current ones into the catalogue (after
an engine change, beside scripts/regen-golden). What checks the recorded values:
tests/test_golden.py (the engine's status and difficulty of every shipped puzzle
within its work budget, against tests/golden/check.json, which
tests/test_build_library.py holds the catalogue's equal to) and tests/test_stars_nikoli.py (the stars of the
small built-ins, walked again)."""
from __future__ import annotations

import ast
import hashlib
import io
import json
import os
import sys
import tokenize
from pathlib import Path

from .common import CACHE, ROOT, WEB, BuildError, log

FIELDS = ("status", "difficulty", "stars", "minutes")
# the modules whose code decides the four fields: the check (batch's api.analyse is
# service.analyse), the hint walk and the stars; their imports are followed
DECIDERS = ("pysolver.nonogram.service", "pysolver.nonogram.walk", "pysolver.stars")
# and the two steps that run them (their own code only: they import the whole app)
RUNNERS = ("pysolver.app.batch", "pysolver.app.report")
TIMEOUT_S = 10  # per built-in puzzle; Knotty (several solutions, hard) uses it all
# the record's: a loaded machine must not record webpbn-6574 (about 5 s) as a timeout
RECORD_TIMEOUT_S = 60


def _module_file(name: str) -> Path | None:
    path = ROOT.joinpath(*name.split("."))
    for f in (path / "__init__.py", path.with_suffix(".py")):
        if f.is_file():
            return f
    return None


def deciders() -> dict[str, Path]:
    """DECIDERS and every pysolver module they import (also inside functions), with
    their packages' __init__ files: {module name: file}."""
    found, todo = {}, list(DECIDERS)
    while todo:
        name = todo.pop()
        f = _module_file(name)
        if f is None or name in found or not name.startswith("pysolver"):
            continue
        found[name] = f
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]
        package = parts if f.name == "__init__.py" else parts[:-1]
        for node in ast.walk(ast.parse(f.read_bytes())):
            if isinstance(node, ast.Import):
                todo += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package[:len(package) - node.level + 1] if node.level else []
                module = ".".join(base + ([node.module] if node.module else []))
                todo += [module] + [f"{module}.{a.name}" for a in node.names]
    found.update((name, _module_file(name)) for name in RUNNERS)
    return dict(sorted(found.items()))


def _code(path: Path) -> bytes:
    """A module's tokens without comments and blank lines: what a comment edit keeps."""
    skip = (tokenize.COMMENT, tokenize.NL)
    with path.open("rb") as fh:
        toks = [t.string for t in tokenize.tokenize(fh.readline) if t.type not in skip]
    return "\0".join(toks).encode()


def engine_hash() -> str:
    h = hashlib.sha256()
    for name, path in deciders().items():
        h.update(name.encode() + b"\0" + hashlib.sha256(_code(path)).digest())
    return h.hexdigest()[:16]


def entry_keys(catalogue: Path) -> tuple[dict, dict, str]:
    """(the catalogue's JSON, {entry id: its current key}, the engine's hash)."""
    sys.path.insert(0, str(ROOT))
    from pysolver.app.batch_db import clue_hash
    from pysolver.errors import PuzzleError
    from pysolver.nonogram import formats

    data = json.loads(catalogue.read_text(encoding="utf-8"))
    engine, keys = engine_hash(), {}
    for entry in data["puzzles"]:
        path = catalogue.parent / entry["file"]
        try:
            puzzle = formats.parse_one(path.read_bytes().decode("utf-8-sig"), str(path))
        except (OSError, UnicodeDecodeError, PuzzleError) as e:
            raise BuildError(f"{catalogue}: {entry['id']}: cannot read {path} ({e})") from None
        keys[entry["id"]] = hashlib.sha256(f"{clue_hash(puzzle)} {engine}".encode()).hexdigest()[:16]
    return data, keys, engine


def compute(data: dict, folder: Path, ids: list[str], engine: str, timeout: float) -> dict:
    """{id: the four fields} of the entries ``ids``, by `pysolver batch` (cached in
    build/cache by clues, one database per engine) and `report --catalogue`."""
    from pysolver.app import batch, report
    from pysolver.errors import PuzzleError

    entries = [e for e in data["puzzles"] if e["id"] in ids]
    CACHE.mkdir(parents=True, exist_ok=True)
    db = CACHE / f"library-{engine}.sqlite"
    subset = CACHE / "library-todo.json"
    subset.write_text(json.dumps({"puzzles": [{"id": e["id"], "file": str(folder / e["file"])}
                                              for e in entries]}))
    try:
        batch.run([str(folder / e["file"]) for e in entries], str(db), timeout=timeout,
                  jobs=min(2, os.cpu_count() or 1, len(entries)))
        report.annotate_catalogue(str(db), str(subset))
    except PuzzleError as e:
        raise BuildError(str(e)) from None
    done = json.loads(subset.read_text())["puzzles"]
    subset.unlink()
    return {e["id"]: {k: e[k] for k in FIELDS} for e in done}


def annotate(catalogue: Path, keep_keys: bool = False) -> tuple[int, int]:
    """Give every entry of ``catalogue`` its four fields: the recorded ones under the
    current key, the others computed (and remembered in build/cache under their key);
    ``checked`` kept only when ``keep_keys`` (the record), dropped from the site's copy.
    (recorded, computed)."""
    data, keys, engine = entry_keys(catalogue)
    known_file = CACHE / f"library-{engine}.json"
    known = json.loads(known_file.read_text()) if known_file.is_file() else {}
    if keep_keys:  # the record decides what the build's short limit left open
        known = {k: v for k, v in known.items() if v["status"] != "timeout"}
    for entry in data["puzzles"]:
        key = keys[entry["id"]]
        if entry.get("checked") == key and all(k in entry for k in FIELDS):
            known[key] = {k: entry[k] for k in FIELDS}
    todo = [e["id"] for e in data["puzzles"] if keys[e["id"]] not in known]
    if todo:
        for ident, fields in compute(data, catalogue.parent, todo, engine,
                                    RECORD_TIMEOUT_S if keep_keys else TIMEOUT_S).items():
            known[keys[ident]] = fields
        known_file.write_text(json.dumps(known, indent=1) + "\n")
    recorded = sum(e.get("checked") == keys[e["id"]] for e in data["puzzles"])
    for entry in data["puzzles"]:
        entry.update(known[keys[entry["id"]]])
        entry.pop("checked", None)
        if keep_keys:
            entry["checked"] = keys[entry["id"]]
    catalogue.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return recorded, len(data["puzzles"]) - recorded


def verify_catalogue(puzzles: Path) -> None:
    """The site's catalogue (puzzles/catalogue.json in the site being built) with the
    engine's verdicts; says when recorded ones were out of date."""
    recorded, computed = annotate(puzzles / "catalogue.json")
    if computed:
        log(f"library: {computed} of {recorded + computed} built-in puzzles' verdicts are not "
            "recorded for this engine and puzzle: computed (cached in build/cache); "
            "`python3 -m tools.build.library` records them in web/puzzles/catalogue.json")


if __name__ == "__main__":
    r, c = annotate(WEB / "puzzles" / "catalogue.json", keep_keys=True)
    print(f"web/puzzles/catalogue.json: {r} entries' verdicts were recorded for this engine, "
          f"{c} recorded now")
