"""`python3 build.py [build|serve] [--port N] [--isolate]`."""
from __future__ import annotations

import argparse
import sys

from .assemble import build
from .common import BuildError
from .serve import serve


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Build (and serve) the nonogram site.")
    ap.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--isolate", action="store_true",
                    help="send COOP/COEP headers (the service worker adds them anyway)")
    args = ap.parse_args(argv)
    try:
        build()
        if args.command == "serve":
            serve(args.port, args.isolate)
    except BuildError as e:
        print(f"build: error: {e}", file=sys.stderr)
        return 2
    return 0
