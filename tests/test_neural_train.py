"""Training the learned value order's model (bench/experiments/neural/train.py)
is reproducible from its seed; the boards are generated here, not read."""
import pytest

pytest.importorskip("numpy")

from bench.experiments.neural import train  # noqa: E402
from bench.experiments.neural.model import NFEAT  # noqa: E402


def test_same_seed_same_weights():
    a, (ntrain, nval, acc, today) = train.train(seed=5, count=16)
    b, info = train.train(seed=5, count=16)
    assert a == b and info == (ntrain, nval, acc, today)
    assert ntrain > 100 and nval > 0  # the search branched and left samples
    assert len(a["w1"]) == NFEAT and len(a["b1"]) == len(a["w2"]) == train.HIDDEN
    c, _ = train.train(seed=6, count=16)
    assert c != a


def test_boards_from_seed():
    first = list(train.boards(3, 6))
    assert first == list(train.boards(3, 6))
    assert first != list(train.boards(4, 6))
    assert {len(g) for g in first} <= {15, 20, 25, 30}
