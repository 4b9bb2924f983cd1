"""`python3 build.py [build|serve] [--port N] [--isolate]`."""
from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys

from . import npm
from .assemble import build
from .common import ROOT, BuildError, log, node
from .serve import serve
from .wheels import cached_micropip


def node_major() -> int:
    exe = node()
    if not exe:
        return 0
    r = subprocess.run([exe, "-p", "process.versions.node.split('.')[0]"], capture_output=True, text=True)
    return int(r.stdout.strip() or 0) if r.returncode == 0 else 0


def setup_if_missing(argv: list[str]) -> None:
    """On a stock system (no npm, a python3 without pip) run scripts/setup, which
    installs Node and makes .venv/, then run this build again with .venv's Python.
    A set-up machine, or a build already in .venv, goes on at once."""
    missing = [what for what, gone in (
        ("npm", not npm.up_to_date() and not shutil.which("npm")),
        ("pip", not cached_micropip() and importlib.util.find_spec("pip") is None),
        ("Node >= 20", node_major() < 20),
        ("clingo", importlib.util.find_spec("clingo") is None)) if gone]  # the rules' examples
    venv = ROOT / ".venv"
    if not missing or os.path.realpath(sys.prefix) == os.path.realpath(venv):
        return
    log(f"{' and '.join(missing)} missing: running scripts/setup")
    r = subprocess.run(["bash", str(ROOT / "scripts" / "setup")], stdout=subprocess.PIPE, text=True)
    if r.returncode:
        raise BuildError("scripts/setup failed (see above)")
    python = r.stdout.strip().splitlines()[-1]
    os.execv(python, [python, str(ROOT / "build.py"), *argv])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Build (and serve) the nonogram site.")
    ap.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--isolate", action="store_true",
                    help="send COOP/COEP headers (the service worker adds them anyway)")
    args = ap.parse_args(argv)
    try:
        setup_if_missing(sys.argv[1:] if argv is None else argv)
        build()
        if args.command == "serve":
            serve(args.port, args.isolate)
    except BuildError as e:
        print(f"build: error: {e}", file=sys.stderr)
        return 2
    return 0
