"""The learned value order's model: inference lives in :mod:`pysolver.nonogram.solver.value_model`
(the search's default value order on black-and-white puzzles); this module adds
what training and experiments need on top, the trained weights' file.

``weights.json`` is what ``train`` writes; ``export`` copies it into the package.
"""
from __future__ import annotations

import json
from pathlib import Path

from pysolver.nonogram.solver.value_model import NFEAT, features, predict  # noqa: F401  (re-exported)

WEIGHTS = Path(__file__).with_name("weights.json")


def load(path=WEIGHTS):
    """The weights as nested lists: {"w1": [[..] * hidden] * NFEAT, "b1", "w2", "b2"}."""
    return json.loads(Path(path).read_text())
