"""`npm ci` of the pinned browser runtimes (pyodide, clingo-wasm), only when needed."""
from __future__ import annotations

import shutil
import subprocess

from .common import NODE, ROOT, BuildError, log, sha256

NPM_STAMP = NODE / ".pysolver-lock-sha256"


def npm_ci() -> None:
    """Run `npm ci` when node_modules is missing or package-lock.json changed."""
    lock = ROOT / "package-lock.json"
    want = sha256(lock.read_bytes())
    if NPM_STAMP.is_file() and NPM_STAMP.read_text().strip() == want:
        return
    npm = shutil.which("npm")
    if not npm:
        raise BuildError("npm is not installed (needed once to fetch pyodide and clingo-wasm)")
    log("npm ci (node_modules missing or package-lock.json changed)")
    r = subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=ROOT)
    if r.returncode:
        raise BuildError("npm ci failed")
    NPM_STAMP.write_text(want + "\n")
