"""Search: statuses, solution counts, starting cells, cancel, timeout, progress."""
import pytest

from pysolver.nonogram.puzzle import Puzzle, puzzle_from_grid, satisfies
from pysolver.nonogram.solver.search import solve


def diagonal(n):
    return Puzzle(rows=[((1, 1),)] * n, cols=[((1, 1),)] * n)


def test_unique():
    grid = [[1, 1, 0, 1], [0, 1, 1, 1], [1, 0, 0, 0], [1, 1, 1, 1]]
    r = solve(puzzle_from_grid(grid))
    assert r.status == "unique" and r.solutions == [grid] and r.count_exact


def test_permutation_counts():
    # n x n with one cell per row and column: n! solutions
    r = solve(diagonal(4), max_solutions=100)
    assert r.status == "multiple" and len(r.solutions) == 24 and r.count_exact
    r = solve(diagonal(4), max_solutions=5)
    assert r.status == "multiple" and len(r.solutions) == 5 and not r.count_exact
    assert all(satisfies(diagonal(4), s) for s in r.solutions)
    r = solve(diagonal(4), max_solutions=1)
    assert r.status == "solved" and len(r.solutions) == 1


def test_none():
    p = Puzzle(rows=[((1, 1),), ()], cols=[((1, 1),), ()])
    p.cols = [(), ()]
    r = solve(p)
    assert r.status == "none" and r.solutions == [] and r.count_exact


def test_none_needing_search():
    # totals agree but no grid fits: rows 2,0,1,1 / cols 1,1,1,1 pattern
    p = Puzzle(rows=[((1, 1), (1, 1)), ((1, 1), (1, 1)), ()],
               cols=[((2, 1),), ((1, 1),), ((1, 1),)])
    r = solve(p)
    assert r.status == "none"


def test_starting_cells_narrow_the_search():
    p = diagonal(3)
    cells = [3] * 9
    cells[0] = 2  # top-left filled
    r = solve(p, max_solutions=10, cells=cells)
    assert len(r.solutions) == 2 and all(s[0][0] == 1 for s in r.solutions)


def test_cancel_and_progress():
    calls = []
    r = solve(diagonal(9), max_solutions=10**6, should_stop=lambda: True)
    assert r.status == "cancelled"
    import pysolver.nonogram.solver.search as s
    old = s.PROGRESS_INTERVAL
    s.PROGRESS_INTERVAL = 0.0
    try:
        r = solve(diagonal(6), max_solutions=30, progress=calls.append)
    finally:
        s.PROGRESS_INTERVAL = old
    assert calls and {"known", "total", "nodes"} <= set(calls[-1])
    assert calls[-1]["total"] == 36


def test_timeout():
    # CPU time, so that a loaded machine cannot starve the search of its first solutions
    import time
    r = solve(diagonal(10), max_solutions=10**9, timeout=0.5, clock=time.process_time)
    assert r.status == "timeout" and r.solutions and 0.5 <= r.time_s < 1.5


def test_classify_matches_its_definitions():
    import random

    from pysolver.nonogram.solver.classify import classify
    from pysolver.nonogram.solver.probe import reduce
    from pysolver.nonogram.solver.propagate import propagate
    rng = random.Random(5)
    seen = set()
    for _ in range(150):
        w, h = rng.randint(4, 8), rng.randint(4, 8)
        grid = [[int(rng.random() < 0.5) for _ in range(w)] for _ in range(h)]
        p = puzzle_from_grid(grid)
        c = classify(p)
        seen.add(c["classification"])
        line_done = all(m in (1, 2) for m in propagate(p).cells)
        probe_done = reduce(p)["status"] == "solved"
        count = len(solve(p, max_solutions=2).solutions)
        if c["classification"] == "line":
            assert line_done and 1 <= c["difficulty"] <= 2
        elif c["classification"] == "probe":
            assert probe_done and not line_done and 2 <= c["difficulty"] <= 3
        elif c["classification"] == "search":
            assert count == 1 and not probe_done and c["difficulty"] >= 3
        else:
            assert c["classification"] == "multiple" and count == 2 and c["difficulty"] >= 3
    assert {"line", "multiple"} <= seen
    unsolvable = Puzzle(rows=[((1, 1), (1, 1)), ((1, 1), (1, 1)), ()],
                        cols=[((2, 1),), ((1, 1),), ((1, 1),)])
    assert classify(unsolvable)["classification"] == "none"


@pytest.mark.parametrize("value_order", ["learned", "shares"])
def test_branch_order_tries_the_likeliest_value_first(value_order):
    import random

    from pysolver.nonogram.solver import value_model
    from pysolver.nonogram.solver.propagate import Engine
    from pysolver.nonogram.solver.search import _order

    # one filled cell per row and column of 3: a cell is filled in 1 of the
    # row's 3 arrangements and 1 of the column's 3, so by the shares empty is
    # 4x likelier; the learned order (the default) takes the model's P(filled)
    eng = Engine(diagonal(3))
    rows, cols = eng.initial()
    assert eng.run_all(rows, cols) >= 0
    if value_order == "shares":
        p_empty = 4 / 5
    else:
        p_empty = 1 - value_model.predict(value_model.WEIGHTS,
                                          value_model.features(eng, rows, cols, 0, 0))
        assert 0.6 < p_empty < 0.8  # the model also finds empty likelier here
    branches = [(5, None, None, 0, 0, 0), (1, None, None, 0, 0, 1)]  # (decided, ..., colour)
    if value_order == "shares":  # the order before issue 20, kept by the experiment
        from bench.experiments.neural.order import _SHARES as _order
    _order(eng, rows, cols, (0, 0), branches)
    assert [b[5] for b in branches] == [1, 0]  # the last is explored first: empty
    rng = random.Random(3)
    first_empty = 0
    for _ in range(2000):
        drawn = list(branches)
        _order(eng, rows, cols, (0, 0), drawn, rng)
        first_empty += drawn[-1][5] == 0
    assert abs(first_empty / 2000 - p_empty) < 0.04  # drawn with probability p_empty


def test_open_value_order_tries_the_value_deciding_fewest_cells_first():
    from pysolver.nonogram.solver.propagate import Engine
    from pysolver.nonogram.solver.search import _order

    eng = Engine(diagonal(3))
    rows, cols = eng.initial()
    assert eng.run_all(rows, cols) >= 0
    branches = [(5, None, None, 0, 0, 0), (1, None, None, 0, 0, 1)]  # (decided, ..., colour)
    _order(eng, rows, cols, (0, 0), branches, None, "open")
    assert [b[5] for b in branches] == [0, 1]  # filled decides 1 cell: explored first
    with pytest.raises(ValueError):
        solve(diagonal(3), values="unlikely")


def test_branch_order_draws_three_colours_by_likelihood():
    import random

    from pysolver.nonogram.solver.propagate import Engine
    from pysolver.nonogram.puzzle import BACKGROUND, BLACK, Color
    from pysolver.nonogram.solver.search import _order

    # every line of 4 holds a black then a red 1-block (they may touch): cell
    # (1, 1) is background in 3 of a line's 6 arrangements, black in 2, red in
    # 1, so row x column gives 9 : 4 : 1 (_order reads only those two lines,
    # here all unknown; the puzzle as a whole has no solution)
    clue = ((1, 1), (1, 2))
    colours = [BACKGROUND, BLACK, Color("red", "r", "FF0000")]
    eng = Engine(Puzzle(rows=[clue] * 4, cols=[clue] * 4, colors=colours))
    rows, cols = eng.initial()
    branches = [(0, None, None, 0, 0, c) for c in range(3)]
    _order(eng, rows, cols, (1, 1), branches)
    assert [b[5] for b in branches] == [2, 1, 0]
    rng = random.Random(4)
    first = [0, 0, 0]
    red_last = 0
    runs = 6000
    for _ in range(runs):
        drawn = list(branches)
        _order(eng, rows, cols, (1, 1), drawn, rng)
        first[drawn[-1][5]] += 1
        red_last += drawn[0][5] == 2
    assert abs(first[0] / runs - 9 / 14) < 0.03
    assert abs(first[1] / runs - 4 / 14) < 0.03
    assert abs(first[2] / runs - 1 / 14) < 0.02
    # without replacement: red explored last in 9/14 * 4/5 + 4/14 * 9/10 of draws
    assert abs(red_last / runs - (9 / 14 * 4 / 5 + 4 / 14 * 9 / 10)) < 0.03


def test_every_probed_node_is_a_probing_fixpoint():
    # The probe memo skips cells whose trials taught nothing. Whatever the
    # memo skipped (restarts included), the state a node branches from must
    # be one where no cell's trials fail or agree on anything new.
    import random

    import pysolver.nonogram.solver.probe as probe

    orig = probe.Prober.fixpoint
    missed = []

    def checked(self, rows, cols, memo=None):
        out = orig(self, rows, cols, memo)
        if out is not None:
            r, c, _ = out
            for y in range(self.eng.h):
                for x in range(self.eng.w):
                    if (r[y][0] & r[y][1]) >> x & 1:
                        t = self.trials(r, c, y, x)
                        if len(t) < 2 or any(probe._union(r, c, [z[:5] for z in t])[2:]):
                            missed.append((y, x))
        return out

    probe.Prober.fixpoint = checked
    try:
        for seed in range(12):
            rng = random.Random(seed)
            grid = [[int(rng.random() < 0.5) for _ in range(10)] for _ in range(10)]
            solve(puzzle_from_grid(grid), max_solutions=50, restart_unit=1)
    finally:
        probe.Prober.fixpoint = orig
    assert not missed
