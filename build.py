#!/usr/bin/env python3
"""Build the static site into site/, and optionally serve it.

    python3 build.py                 build site/ and exit
    python3 build.py serve [--port N] [--isolate]
                                     build, then serve site/ on 127.0.0.1

The steps live in tools/build/ (one module per job; see its __init__).
"""
import sys

from tools.build.cli import main

if __name__ == "__main__":
    sys.exit(main())
