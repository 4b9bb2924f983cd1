"""Write the trained weights (weights.json) into pysolver/nonogram/solver/value_model.py as a
Python literal, so the package ships them without file I/O.

Usage (repository root): python3 -m bench.experiments.neural.export [--check]
``--check``: exit 1 when the package's literal differs from weights.json.
"""
from __future__ import annotations

import argparse
import pprint
import re
import sys
from pathlib import Path

from .model import load

TARGET = Path(__file__).resolve().parents[3] / "pysolver" / "nonogram" / "solver" / "value_model.py"
BLOCK = re.compile(r"(# --- weights: .*? ---\n).*?(# --- end of weights ---\n)", re.S)


def literal(weights):
    return "WEIGHTS = " + pprint.pformat(weights, width=96, compact=True) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    a = ap.parse_args(argv)
    text = TARGET.read_text()
    new = BLOCK.sub(lambda m: m[1] + literal(load()) + m[2], text, count=1)
    if a.check:
        return int(new != text)
    TARGET.write_text(new)
    print(f"wrote the weights into {TARGET}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
