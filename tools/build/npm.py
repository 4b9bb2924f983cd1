"""`npm ci` of the pinned browser runtimes (pyodide, clingo-wasm), only when needed."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from .common import NODE, ROOT, BuildError, log, node, sha256

NPM_STAMP = NODE / ".pysolver-lock-sha256"


def _lock_hash() -> str:
    return sha256((ROOT / "package-lock.json").read_bytes())


def up_to_date() -> bool:
    """node_modules holds what package-lock.json pins."""
    return NPM_STAMP.is_file() and NPM_STAMP.read_text().strip() == _lock_hash()


def npm_ci() -> None:
    """Run `npm ci` when node_modules is missing or package-lock.json changed."""
    if up_to_date():
        return
    want = _lock_hash()
    npm = shutil.which("npm")
    if not npm:
        raise BuildError("npm is not installed (needed once to fetch pyodide and clingo-wasm)")
    # npm runs under the build's Node (scripts/setup's own in .venv/ when the system's
    # is too old, as Debian 12's 18), not whichever `node` its #! line finds first
    exe = node()
    env = dict(os.environ)
    if exe:
        env["PATH"] = str(Path(exe).parent) + os.pathsep + env.get("PATH", "")
    log(f"npm ci (node_modules missing or package-lock.json changed), under {exe or 'node'}")
    r = subprocess.run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=ROOT, env=env)
    if r.returncode:
        raise BuildError("npm ci failed")
    NPM_STAMP.write_text(want + "\n")
