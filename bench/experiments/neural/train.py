"""Train the cell predictor of :mod:`.model` on puzzles generated here.

Usage (repository root, needs numpy):
  python3 -m bench.experiments.neural.train [--seed 1] [--puzzles 240] [--out PATH]

Boards: random ones at densities 0.3-0.7 (like TAAI's random puzzles) and
picture-like ones (box-blurred noise cut at a density), 15x15 to 30x30, all
from ``random.Random(seed)``. Samples: the search with
the shares value order (the one before issue 20) runs on each (a budget
of line solves, so the same on every machine) and at every branching cell the
inputs are recorded with the cell's value in the generating board. The MLP is
trained full-batch (Adam, numpy seeded) and written as JSON (``export`` then
copies it into pysolver/nonogram/solver/value_model.py); the validation
accuracy is printed next to the shares order's (row share x column share).
No NonoDataset or other stored corpus board is used.
"""
from __future__ import annotations

import argparse
import json
import random
import sys

from pysolver.nonogram.solver import search
from pysolver.nonogram.solver.line import undecided
from pysolver.nonogram.puzzle import puzzle_from_grid

from . import model as _model
from .order import _SHARES, patched

HIDDEN = 12
WORK = 20000  # line solves per generated puzzle


def random_board(rng, size, density):
    return [[1 if rng.random() < density else 0 for _ in range(size)] for _ in range(size)]


def picture_board(rng, size, density):
    """Blurred noise cut at its ``density`` quantile: blobs and edges like a drawing."""
    g = [[rng.random() for _ in range(size)] for _ in range(size)]
    for _ in range(rng.randint(1, 3)):
        g = [[sum(g[j][i] for j in range(max(0, y - 1), min(size, y + 2))
                  for i in range(max(0, x - 1), min(size, x + 2)))
              for x in range(size)] for y in range(size)]
    cut = sorted(v for row in g for v in row)[int((1 - density) * (size * size - 1))]
    return [[1 if v > cut else 0 for v in row] for row in g]


def boards(seed, count):
    rng = random.Random(seed)
    for i in range(count):
        size = rng.choice((15, 20, 25, 30))
        density = rng.uniform(0.35, 0.65)
        make = random_board if i % 2 == 0 else picture_board
        grid = make(rng, size, density)
        if all(any(row) for row in grid):
            yield grid


def line_cells(eng, rows, cols, y, x):
    """The undecided cells of the branching cell's row and column (it first)."""
    out = [(y, x)]
    ur, uc = undecided(rows[y]), undecided(cols[x])
    out += [(y, i) for i in range(eng.w) if i != x and ur >> i & 1]
    out += [(j, x) for j in range(eng.h) if j != y and uc >> j & 1]
    return out


def collect(seed, count):
    """(X, y) lists: inputs at the branching cells of the shares-order search, goal values."""
    xs, ys = [], []
    for grid in boards(seed, count):
        def recorder(eng, rows, cols, cell, branches, rng=None, likely=True, *, grid=grid):
            if len(branches) == 2:
                y, x = cell
                for yy, xx in line_cells(eng, rows, cols, y, x):
                    f = _model.features(eng, rows, cols, yy, xx)
                    if f is not None:
                        xs.append(f)
                        ys.append(grid[yy][xx])
            return _SHARES(eng, rows, cols, cell, branches, rng, likely)
        with patched(recorder):
            search.solve(puzzle_from_grid(grid), max_solutions=2, work=WORK)
    return xs, ys


def fit(X, Y, seed, hidden=HIDDEN, epochs=1500, lr=0.01):
    """Full-batch Adam on the logistic loss; returns the weights as lists."""
    import numpy as np
    rs = np.random.default_rng(seed)
    X = np.asarray(X, dtype=np.float64)
    Y = np.asarray(Y, dtype=np.float64)[:, None]
    params = [rs.normal(0, 0.5, (X.shape[1], hidden)), np.zeros(hidden),
              rs.normal(0, 0.5, (hidden, 1)), np.zeros(1)]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    for t in range(1, epochs + 1):
        w1, b1, w2, b2 = params
        a = np.tanh(X @ w1 + b1)
        p = 1 / (1 + np.exp(-(a @ w2 + b2)))
        d = (p - Y) / len(X)
        da = (d @ w2.T) * (1 - a * a)
        grads = [X.T @ da, da.sum(0), a.T @ d, d.sum(0)]
        for i, g in enumerate(grads):
            m[i] = 0.9 * m[i] + 0.1 * g
            v[i] = 0.999 * v[i] + 0.001 * g * g
            params[i] -= lr * (m[i] / (1 - 0.9 ** t)) / (np.sqrt(v[i] / (1 - 0.999 ** t)) + 1e-8)
    w1, b1, w2, b2 = params
    return {"w1": w1.tolist(), "b1": b1.tolist(), "w2": w2[:, 0].tolist(), "b2": float(b2[0])}


def accuracy(weights, X, Y):
    """(learned, today's) share of cells whose likelier value is the goal's."""
    ok = today = 0
    for f, y in zip(X, Y):
        ok += (_model.predict(weights, f) >= 0.5) == y
        r, c = f[0], f[1]
        today += (r * c >= (1 - r) * (1 - c)) == y
    return ok / len(Y), today / len(Y)


def train(seed=1, count=300):
    """Weights, (train size, validation accuracies) from ``seed``."""
    X, Y = collect(seed, count)
    cut = len(X) * 4 // 5
    weights = fit(X[:cut], Y[:cut], seed)
    return weights, (cut, len(X) - cut) + accuracy(weights, X[cut:], Y[cut:])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--puzzles", type=int, default=300)
    ap.add_argument("--out", default=str(_model.WEIGHTS))
    a = ap.parse_args(argv)
    weights, (ntrain, nval, acc, today) = train(a.seed, a.puzzles)
    with open(a.out, "w") as fh:
        json.dump(weights, fh)
    print(f"samples: {ntrain} train, {nval} validation; validation accuracy "
          f"learned {acc:.4f}, today's order {today:.4f}; wrote {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
