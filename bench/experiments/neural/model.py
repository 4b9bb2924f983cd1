"""A learned guess of a black-and-white cell's value, for the search's value order.

Inputs (:func:`features`) come from the search's state at a node: the share
of the row's and of the column's consistent arrangements that make the cell
black (:func:`pysolver.density.shares`, as the current order uses them), their
logits and the logit sum, how full and how fragmented each clue is, and how
much of each line is still undecided. The model is a one-hidden-layer MLP
(tanh) with a sigmoid output: P(cell is black in the solution). Inference is
pure Python (the weights are a few hundred floats), so the search needs no numpy.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

from pysolver.density import shares
from pysolver.line import undecided

WEIGHTS = Path(__file__).with_name("weights.json")
EPS = 1e-3
NFEAT = 11


def _logit(p):
    p = min(1 - EPS, max(EPS, p))
    return math.log(p / (1 - p))


def features(eng, rows, cols, y, x, rs=None, cs=None):
    """The inputs for cell (y, x) of a black-and-white puzzle's state, or None
    when a line has no arrangement. ``rs``/``cs``: the row's and column's
    shares when the caller has them already."""
    w, h = eng.w, eng.h
    if rs is None:
        rs = shares(eng.row_clues[y], w, rows[y])
    if cs is None:
        cs = shares(eng.col_clues[x], h, cols[x])
    if rs is None or cs is None:
        return None
    r, c = rs[1][x], cs[1][y]
    lr, lc = _logit(r), _logit(c)
    rc, cc = eng.row_clues[y], eng.col_clues[x]
    return [r, c, lr / 7, lc / 7, (lr + lc) / 14,
            sum(b[0] for b in rc) / w, sum(b[0] for b in cc) / h,
            len(rc) / w, len(cc) / h,
            undecided(rows[y]).bit_count() / w, undecided(cols[x]).bit_count() / h]


def load(path=WEIGHTS):
    """The weights as nested lists: {"w1": [[..] * hidden] * NFEAT, "b1", "w2", "b2"}."""
    return json.loads(Path(path).read_text())


def predict(model, f):
    """P(black) for one feature vector (pure Python)."""
    w1, b1, w2 = model["w1"], model["b1"], model["w2"]
    z = model["b2"]
    for j in range(len(b1)):
        a = b1[j]
        for i, v in enumerate(f):
            a += v * w1[i][j]
        z += w2[j] * math.tanh(a)
    if z < -30:
        return 0.0
    return 1 / (1 + math.exp(-z))
