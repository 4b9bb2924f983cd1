"""Paths, the build's error type and logging, shared by every build step."""
from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
SITE = ROOT / "site"
WEB = ROOT / "web"
NODE = ROOT / "node_modules"
CACHE = Path(os.environ.get("PYSOLVER_BUILD_CACHE", ROOT / "build" / "cache"))
FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # reproducible wheel bytes -> stable cache version


def node() -> str | None:
    """The Node the build runs: scripts/setup's own in .venv/ (a system whose Node is
    older than 20, as Debian 12's), else the one on PATH."""
    own = ROOT / ".venv" / "bin" / "node"
    return str(own) if own.exists() else shutil.which("node")


class BuildError(Exception):
    pass


def log(msg: str) -> None:
    print(f"build: {msg}", flush=True)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()
