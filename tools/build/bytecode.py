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


def run_pyodide(script: Path, globals_: dict, failing: str, install: dict | None = None) -> dict | None:
    """Run `script` in the site's Pyodide under Node with `globals_` set, and return
    its JSON result. None (with the warning "`failing` (why); the cold start
    compiles it") when Node is missing or fails."""
    pyodide = NODE / "pyodide"
    req = {"moduleURL": (pyodide / "pyodide.mjs").as_uri(), "indexURL": f"{pyodide}/",
           "script": str(script), "globals": globals_, "install": install}
    node = common_node()
    r = subprocess.run([node, str(RUNNER)], input=json.dumps(req),
                       capture_output=True, text=True) if node else None
    if r is None or r.returncode:
        lines = [] if r is None else r.stderr.strip().splitlines()
        # Node ends its report with its version: name the error line instead
        why = "node not found" if r is None else next((x.strip() for x in reversed(lines) if "Error" in x),
                                                       lines[-1] if lines else f"exit {r.returncode}")
        log(f"warning: {failing} ({why}); the cold start compiles it")
        return None
    return json.loads(r.stdout)


def _tools_hash() -> hashlib._Hash:
    """Hash of Pyodide's version and of the programs that make the bytecode."""
    h = hashlib.sha256((NODE / "pyodide" / "package.json").read_bytes())
    for path in (RUNNER, PYCOMPILE, STDLIB_ZIP):
        h.update(path.read_bytes())
    return h


def precompile(files: dict[str, bytes]) -> dict[str, bytes]:
    """`__pycache__` entries for the .py files among files (archive name -> bytes);
    cached by content. Empty when compiling fails."""
    sources = {n: d.decode("utf-8") for n, d in files.items() if n.endswith(".py")}
    h = _tools_hash()
    for name in sorted(sources):
        h.update(name.encode() + b"\0" + sources[name].encode() + b"\0")
    cached = CACHE / f"pyc-{h.hexdigest()[:24]}.json"
    if cached.is_file():
        out = json.loads(cached.read_text())
    else:
        out = run_pyodide(PYCOMPILE, {"files": sources}, "no precompiled bytecode")
        if out is None:
            return {}
        CACHE.mkdir(parents=True, exist_ok=True)
        cached.write_text(json.dumps(out))
    pycs = {}
    for name, b64 in out["pycs"].items():
        folder, _, base = name.rpartition("/")
        pycs[f"{folder}/__pycache__/{base[:-3]}.{out['tag']}.pyc"] = base64.b64decode(b64)
    return pycs


# pysolver modules only the command line runs (the worker never imports them):
# their imports (argparse, sqlite3, multiprocessing) stay source in the site
COMMAND_LINE_ONLY = {"__main__.py", "app/cli.py", "app/common.py", "app/nikoli_cli.py",
                     "app/nonogram_cli.py", "app/pool.py", "app/batch.py", "app/batch_dask.py", "app/batch_db.py", "app/report.py"}


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


def compile_stdlib(dest: Path, micropip: Path, wheel: Path) -> bool:
    """Replace dest (python_stdlib.zip) with one holding only the modules the engine
    imports (its start, the bridge, every import in its modules), as bytecode
    (in_pyodide/stdlib_zip.py). Cached by Pyodide's version, the micropip wheel and
    the engine's imports, not by the engine's code: a new import in the engine makes
    a new archive. False when that fails (Pyodide's whole archive is then shipped)."""
    imports = stdlib_imports()
    h = _tools_hash()
    h.update(sha256(micropip.read_bytes()).encode() + "\n".join(imports).encode())
    cached = CACHE / f"stdlib-{h.hexdigest()[:24]}.zip"
    if not cached.is_file():
        install = {"micropip": str(micropip), "wheelName": wheel.name,
                   "wheel": base64.b64encode(wheel.read_bytes()).decode(),
                   "bridge": (WEB / "py" / "bridge.py").read_text()}
        out = run_pyodide(STDLIB_ZIP, {"imports": imports}, "python_stdlib.zip left as source", install)
        if out is None:
            return False
        CACHE.mkdir(parents=True, exist_ok=True)
        cached.write_bytes(base64.b64decode(out["zip"]))
        log(f"python_stdlib.zip: the {out['compiled']} modules the engine imports, as bytecode "
            f"({out['left_out']} files left out; cached in {cached.name})")
    shutil.copyfile(cached, dest)
    return True
