"""The learned value order's inputs (bench/experiments/neural/model.py) against
hand-counted arrangements of small lines."""
import math

import pytest

from bench.experiments.neural.model import NFEAT, features, predict
from pysolver.nonogram.solver.propagate import Engine
from pysolver.nonogram.puzzle import puzzle_from_grid

GRID = [[1, 1, 1, 0, 0]] + [[0] * 5 for _ in range(4)]  # row 0: clue 3; columns 0-2: clue 1
U, W, B = 0b11, 0b01, 0b10  # cell masks: unknown, white, black


def logit(p):
    return math.log(p / (1 - p))


def state(cells=None):
    eng = Engine(puzzle_from_grid(GRID))
    rows, cols = eng.initial(cells)
    return eng, rows, cols


def test_blank_state():
    eng, rows, cols = state()
    # a 3 in 5 cells starts at 0, 1 or 2: cell 0 black in 1 of 3, cell 1 in 2, cell 2 in all;
    # a 1 in 5 cells: each cell black in 1 of 5
    f = features(eng, rows, cols, 0, 0)
    assert f == pytest.approx([1 / 3, 1 / 5, logit(1 / 3) / 7, logit(1 / 5) / 7,
                               (logit(1 / 3) + logit(1 / 5)) / 14,
                               3 / 5, 1 / 5, 1 / 5, 1 / 5, 1.0, 1.0])
    assert len(f) == NFEAT
    assert features(eng, rows, cols, 0, 1)[0] == pytest.approx(2 / 3)
    assert features(eng, rows, cols, 0, 2)[0] == pytest.approx(1.0)
    # an empty column (clue 0): black nowhere; the logit is clipped, not infinite
    f = features(eng, rows, cols, 0, 3)
    assert f[1] == 0 and f[3] == pytest.approx(logit(1e-3) / 7)


def test_partial_state():
    # cell (0, 1) white: the 3 must sit in cells 2-4; cell (1, 0) black: column 0's 1 is there
    cells = [U] * 25
    cells[1] = W
    cells[5] = B
    eng, rows, cols = state(cells)
    assert [features(eng, rows, cols, 0, x)[0] for x in (0, 2, 3, 4)] == [0, 1, 1, 1]
    f = features(eng, rows, cols, 0, 0)
    assert f[1] == 0  # column 0's block is at row 1
    assert f[9] == pytest.approx(4 / 5) and f[10] == pytest.approx(4 / 5)  # undecided shares


def test_no_arrangement_gives_none():
    cells = [U] * 25
    cells[2] = W  # the 3 of row 0 fits nowhere with cell 2 white
    eng, rows, cols = state(cells)
    assert features(eng, rows, cols, 0, 0) is None


def test_predict_is_a_probability():
    model = {"w1": [[0.5, -0.5]] * NFEAT, "b1": [0.1, 0.2], "w2": [1.0, -2.0], "b2": 0.3}
    f = [0.2] * NFEAT
    a = [math.tanh(0.1 + 0.5 * 0.2 * NFEAT), math.tanh(0.2 - 0.5 * 0.2 * NFEAT)]
    z = 0.3 + a[0] - 2 * a[1]
    assert predict(model, f) == pytest.approx(1 / (1 + math.exp(-z)))


def test_package_weights_are_the_trained_ones():
    """pysolver/nonogram/solver/value_model.py ships weights.json as a literal (written by
    bench/experiments/neural/export.py): the two must not drift apart."""
    from bench.experiments.neural import export
    from bench.experiments.neural.model import load
    from pysolver.nonogram.solver.value_model import WEIGHTS

    assert WEIGHTS == load()
    assert export.main(["--check"]) == 0
    assert len(WEIGHTS["w1"]) == NFEAT
