"""Assemble site/: web/, the Pyodide core, clingo-wasm's browser files, both wheels,
the encodings and the built-in puzzles, then build.json and sw.js. Built in
build/site.tmp and renamed into place, so a failed build leaves site/ as it was.
Every URL in the site is relative, so it works under any sub-path."""
from __future__ import annotations

import hashlib
import io
import json
import shutil
import sys
from pathlib import Path

from .bytecode import make_bytecode
from .common import NODE, ROOT, SITE, WEB, BuildError, log
from .learn import write_learn
from .library import verify_catalogue
from .npm import npm_ci
from .preload import write_preloads
from .service_worker import write_service_worker
from .wheels import add_pycs, micropip_wheel, wheel_entries, wheel_files, write_wheel

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                 "python_stdlib.zip", "pyodide-lock.json"]
# clingo-wasm's browser build: the entry module, its imports, its worker and both wasm builds
CLINGO_SKIP = (".d.ts", ".node.js", "run.worker.node.js")
# optional page components; shell/plugins.js calls their install(app) (genres: app/genres.js)
PLUGINS = ["js/engine/clingo-client.js", "js/create/editor.js", "js/endless/endless.js"]
ENGINE_FILES = ["py/bridge.py", "js/engine/worker.js", "js/engine/snapshot.js"]


def copy_tree(src: Path, dest: Path, skip=()) -> None:
    for path in sorted(src.rglob("*")):
        rel = path.relative_to(src)
        if path.is_dir() or any(part.startswith(".") for part in rel.parts):
            continue
        if any(str(rel).endswith(s) for s in skip) or "__pycache__" in rel.parts:
            continue
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)


def trim_lock_file(path: Path) -> None:
    """Pyodide's lock file lists ~300 packages of its CDN distribution, none of which
    the site ships (both wheels are loaded by URL): keep only its "info" (checked at
    start-up), so the worker neither fetches and indexes 120 kB nor has micropip
    convert every entry to Python when it is imported."""
    lock = json.loads(path.read_text())
    path.write_text(json.dumps({"info": lock["info"], "packages": {}}, indent=1) + "\n")


def convert_catalogue(puzzles: Path) -> int:
    """Check every built-in puzzle parses, and add a pysolver JSON copy of each, so
    the page can show built-in puzzles at once (and by hand without the engine)."""
    sys.path.insert(0, str(ROOT))
    from pysolver.nonogram.formats import jsonfmt, parse
    from pysolver.errors import PuzzleError

    path = puzzles / "catalogue.json"
    cat = json.loads(path.read_text())
    (puzzles / "json").mkdir(exist_ok=True)
    for entry in cat["puzzles"]:
        src = puzzles / entry["file"]
        if not src.is_file():
            raise BuildError(f"web/puzzles/catalogue.json: {entry['id']} names a missing file "
                             f"{entry['file']}")
        try:
            found = parse(src.read_text(encoding="utf-8"), f"web/puzzles/{entry['file']}")
        except PuzzleError as e:
            raise BuildError(str(e)) from None
        if len(found) != 1:
            raise BuildError(f"web/puzzles/{entry['file']}: holds {len(found)} puzzles, not one")
        entry["json"] = f"json/{entry['id']}.json"
        d = jsonfmt.to_dict(found[0])
        for key in ("title", "author"):  # a format without them (.nin): the catalogue's, never "Untitled"
            if not d.get(key) and entry.get(key):
                d[key] = entry[key]
        (puzzles / entry["json"]).write_text(json.dumps(d, ensure_ascii=False, separators=(",", ":")) + "\n")
    path.write_text(json.dumps(cat, ensure_ascii=False, indent=1) + "\n")
    return len(cat["puzzles"])


def write_limits(site: Path) -> None:
    """site/limits.json: pysolver.limits' caps, which share.js checks before it unpacks a link."""
    sys.path.insert(0, str(ROOT))
    from pysolver import limits
    (site / "limits.json").write_text(json.dumps(limits.as_dict(), indent=1) + "\n")


def write_colour_words(site: Path) -> None:
    """site/colour-words.json: the everyday colour words and their typical shades (the engine's
    COLOUR_WORDS), by which Create names a colour as the engine names a file's: one table."""
    sys.path.insert(0, str(ROOT))
    from pysolver.nonogram.formats.common import COLOUR_WORDS
    (site / "colour-words.json").write_text(json.dumps(COLOUR_WORDS, indent=1) + "\n")


def engine_hash(site: Path, wheels: list[Path]) -> str:
    """What a saved engine memory snapshot depends on (web/js/engine/snapshot.js):
    a snapshot made with other files is never restored."""
    parts = [site / "pyodide" / n for n in PYODIDE_FILES] + wheels + [
        site / p for p in ENGINE_FILES]
    h = hashlib.sha256()
    for path in parts:
        h.update(path.name.encode() + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return h.hexdigest()[:16]


def build() -> str:
    """Build site/; return its cache version."""
    npm_ci()
    mp = micropip_wheel()
    tmp = ROOT / "build" / "site.tmp"  # build/ is git-ignored; renamed into place at the end
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    copy_tree(WEB, tmp, skip=("sw.js", "README.md"))
    for name in PYODIDE_FILES:
        src = NODE / "pyodide" / name
        if not src.is_file():
            raise BuildError(f"{src} is missing: run `npm ci`")
        (tmp / "pyodide").mkdir(exist_ok=True)
        shutil.copyfile(src, tmp / "pyodide" / name)
    trim_lock_file(tmp / "pyodide" / "pyodide-lock.json")
    clingo = NODE / "clingo-wasm" / "dist"
    if not (clingo / "clingo.wasm").is_file():
        raise BuildError(f"{clingo}/clingo.wasm is missing: run `npm ci`")
    copy_tree(clingo, tmp / "clingo", skip=CLINGO_SKIP)
    wheels = tmp / "wheels"
    wheels.mkdir()
    # the bytecode of both wheels and the standard library the engine imports, in one
    # Pyodide start (the archive's job installs the wheel, its bytecode not needed there)
    name, ours = wheel_files()
    theirs = wheel_entries(mp)
    source_wheel = io.BytesIO()
    write_wheel(name, ours, source_wheel)
    our_pycs, their_pycs = make_bytecode([ours, {i.filename: d for i, d in theirs}],
                                         tmp / "pyodide" / "python_stdlib.zip", mp, name,
                                         source_wheel.getvalue())
    wheel = wheels / name
    write_wheel(name, {**ours, **our_pycs}, wheel)
    mp_wheel = add_pycs(theirs, their_pycs, wheels / mp.name)
    if (ROOT / "encodings").is_dir():
        copy_tree(ROOT / "encodings", tmp / "encodings")
    count = convert_catalogue(tmp / "puzzles")
    verify_catalogue(tmp / "puzzles")
    write_limits(tmp)
    write_colour_words(tmp)
    write_learn(tmp)  # the rules and the guided first puzzle (web/js/learn/)
    write_preloads(tmp)  # index.html: the start's modules, fetched at once
    (tmp / "build.json").write_text(json.dumps({
        "wheel": f"wheels/{wheel.name}", "micropip": f"wheels/{mp.name}",
        "engine": engine_hash(tmp, [wheel, mp_wheel]),
        # what a normal engine start downloads, for its progress (web/js/engine/worker.js)
        "sizes": {p: (tmp / p).stat().st_size for p in (
            "pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", f"wheels/{wheel.name}",
            f"wheels/{mp_wheel.name}")},
        "plugins": [p for p in PLUGINS if (tmp / p).is_file()],
    }, indent=1) + "\n")
    version = write_service_worker(tmp)
    if SITE.exists():
        shutil.rmtree(SITE)
    tmp.rename(SITE)
    log(f"site/ built: {count} built-in puzzles, wheel {wheel.name}, cache version {version}")
    return version
