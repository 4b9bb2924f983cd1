"""Bytecode for Pyodide's CPython, made by that Pyodide under Node (run-in-pyodide.mjs),
so the browser does not compile micropip, pysolver and ~200 standard-library
modules on every cold start, and a standard library of only the modules the engine
imports. Every step here is optional: when Node or Pyodide
fails, the build warns and the site works with a slower cold start."""
from __future__ import annotations

import ast
import base64
import hashlib
import json
import shutil
import subprocess
from pathlib import Path

from .common import CACHE, HERE, NODE, ROOT, WEB, log, sha256
from .common import node as common_node

RUNNER = HERE / "run-in-pyodide.mjs"
PYCOMPILE = HERE / "in_pyodide" / "pycompile.py"
STDLIB_ZIP = HERE / "in_pyodide" / "stdlib_zip.py"


def run_pyodide(jobs: list[tuple[Path, dict, dict | None]]) -> tuple[list | None, str]:
    """Run each (script, globals, install) of `jobs` in the site's Pyodide under Node,
    one Pyodide start for all (about 3 CPU s each start): (their JSON results, "") or
    (None, why it failed) when Node is missing or fails."""
    pyodide = NODE / "pyodide"
    req = {"moduleURL": (pyodide / "pyodide.mjs").as_uri(), "indexURL": f"{pyodide}/",
           "jobs": [{"script": str(script), "globals": g, "install": install}
                    for script, g, install in jobs]}
    node = common_node()
    r = subprocess.run([node, str(RUNNER)], input=json.dumps(req),
                       capture_output=True, text=True) if node else None
    if r is None or r.returncode:
        lines = [] if r is None else r.stderr.strip().splitlines()
        # Node ends its report with its version: name the error line instead
        why = "node not found" if r is None else next((x.strip() for x in reversed(lines) if "Error" in x),
                                                       lines[-1] if lines else f"exit {r.returncode}")
        return None, why
    return json.loads(r.stdout), ""


def _tools_hash() -> hashlib._Hash:
    """Hash of Pyodide's version and of the programs that make the bytecode."""
    h = hashlib.sha256((NODE / "pyodide" / "package.json").read_bytes())
    for path in (RUNNER, PYCOMPILE, STDLIB_ZIP):
        h.update(path.read_bytes())
    return h


def _pycache_entries(out: dict) -> dict[str, bytes]:
    pycs = {}
    for name, b64 in out["pycs"].items():
        folder, _, base = name.rpartition("/")
        pycs[f"{folder}/__pycache__/{base[:-3]}.{out['tag']}.pyc"] = base64.b64decode(b64)
    return pycs


def make_bytecode(sets: list[dict[str, bytes]], stdlib: Path, micropip: Path,
                  wheel_name: str, wheel: bytes) -> list[dict[str, bytes]]:
    """The build's Pyodide work, what is not cached of it in one Pyodide start: the
    `__pycache__` entries for the .py files of each of `sets` (archive name -> bytes;
    cached by content; {} for a set when compiling fails), and `stdlib`
    (python_stdlib.zip) replaced by compile_stdlib's archive, for which micropip
    installs `wheel` (named `wheel_name`) as the worker does. The compile jobs run
    first, in a Pyodide as it starts, whether the others run or not."""
    CACHE.mkdir(parents=True, exist_ok=True)
    jobs, outs, todo = [], [None] * len(sets), []
    for i, files in enumerate(sets):
        sources = {n: d.decode("utf-8") for n, d in files.items() if n.endswith(".py")}
        h = _tools_hash()
        for name in sorted(sources):
            h.update(name.encode() + b"\0" + sources[name].encode() + b"\0")
        cached = CACHE / f"pyc-{h.hexdigest()[:24]}.json"
        if cached.is_file():
            outs[i] = json.loads(cached.read_text())
        else:
            jobs.append((PYCOMPILE, {"files": sources}, None))
            todo.append((i, cached))
    imports, zipped = stdlib_job(micropip)
    if not zipped.is_file():
        jobs.append((STDLIB_ZIP, {"imports": imports}, {
            "micropip": str(micropip), "wheelName": wheel_name,
            "wheel": base64.b64encode(wheel).decode(), "bridge": (WEB / "py" / "bridge.py").read_text()}))
    results, why = run_pyodide(jobs) if jobs else ([], "")
    if results is None:
        if todo:
            log(f"warning: no precompiled bytecode ({why}); the cold start compiles it")
        if not zipped.is_file():
            log(f"warning: python_stdlib.zip left as source ({why}); the cold start compiles it")
        return [_pycache_entries(out) if out else {} for out in outs]
    for (i, cached), out in zip(todo, results):
        cached.write_text(json.dumps(out))
        outs[i] = out
    if not zipped.is_file():
        out = results[-1]
        zipped.write_bytes(base64.b64decode(out["zip"]))
        log(f"python_stdlib.zip: the {out['compiled']} modules the engine imports, as bytecode "
            f"({out['left_out']} files left out; cached in {zipped.name})")
    shutil.copyfile(zipped, stdlib)
    return [_pycache_entries(out) for out in outs]


# pysolver modules only the command line runs (the worker never imports them):
# their imports (argparse, sqlite3, multiprocessing) stay source in the site
COMMAND_LINE_ONLY = {"__main__.py", "app/cli.py", "app/common.py", "app/nikoli_cli.py",
                     "app/nonogram_cli.py", "app/pool.py", "app/batch.py", "app/batch_dask.py",
                     "app/batch_db.py", "app/batch_files.py", "app/report.py", "app/report_page.py"}


def stdlib_imports() -> list[str]:
    """Top-level modules the engine modules and the bridge import (anywhere in them,
    also inside functions), besides pysolver itself; the CLI's are left out."""
    names, modules = set(), []
    for path in sorted((ROOT / "pysolver").rglob("*.py")) + [WEB / "py" / "bridge.py"]:
        if path.parent.name != "py" and path.relative_to(ROOT / "pysolver").as_posix() in COMMAND_LINE_ONLY:
            continue
        if path.parent.name != "py":
            rel = path.relative_to(ROOT).with_suffix("").parts
            modules.append(".".join(rel[:-1] if rel[-1] == "__init__" else rel))
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                names.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(n for n in names if n.split(".")[0] not in ("pysolver", "__future__")) + modules


def stdlib_job(micropip: Path) -> tuple[list[str], Path]:
    """What python_stdlib.zip is made of (in_pyodide/stdlib_zip.py): only the modules
    the engine imports (its start, the bridge, every import in its modules), as
    bytecode; and where that archive is cached: by Pyodide's version, the micropip
    wheel and the engine's imports, not by the engine's code (a new import in the
    engine makes a new archive). When making it fails, Pyodide's whole archive is shipped."""
    imports = stdlib_imports()
    h = _tools_hash()
    h.update(sha256(micropip.read_bytes()).encode() + "\n".join(imports).encode())
    return imports, CACHE / f"stdlib-{h.hexdigest()[:24]}.zip"
