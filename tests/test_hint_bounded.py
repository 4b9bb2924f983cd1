"""Issue 30: a nonogram hint's searches are bounded by the puzzle's size, in counted
work (never seconds): where no deduction is left on a big grid the hint still comes
after the same work, scaled down from the budgets set on a 25x25, and says what it is."""
import random

from pysolver import api
from pysolver.nonogram import service
from pysolver.nonogram.player import mistakes, whatif
from pysolver.nonogram.puzzle import puzzle_from_grid


def random_picture(size, density, seed):
    """bench/value_order.py's random family (random40-d0.4-s1 and so on)."""
    rng = random.Random(f"{size}-{density}-{seed}")
    return puzzle_from_grid([[1 if rng.random() < density else 0 for _ in range(size)]
                             for _ in range(size)])


def counted_budgets(monkeypatch):
    """[(limit, [units spent])] of every search budget the code under test makes."""
    spent, real = [], mistakes.work_budget

    def counted(limit):
        stop, used = real(limit)
        spent.append((limit, used))
        return stop, used
    monkeypatch.setattr(mistakes, "work_budget", counted)
    monkeypatch.setattr(whatif, "work_budget", counted)
    return spent


def test_budgets_shrink_in_proportion_to_the_cells_above_25x25():
    assert mistakes.scaled(1_000, puzzle_from_grid([[1, 0], [0, 1]])) == 1_000
    assert mistakes.scaled(1_000, random_picture(25, 0.5, 1)) == 1_000
    assert mistakes.scaled(1_000, random_picture(40, 0.4, 1)) == 1_000 * 625 // 1_600
    assert mistakes.scaled(150, puzzle_from_grid([[1] * 400] * 400)) == 1  # never nothing


def test_the_stuck_hint_on_a_big_random_picture_spends_work_by_its_size(monkeypatch):
    """random40-d0.4-s1 from the empty grid, after Play's opening: no line, no one-cell
    and no deeper what-if gives a cell, and the search for a solution to reveal from
    finds none (it has several solutions). The hint says so, after the deeper what-ifs
    and that search spent at most their budgets scaled to 40x40: in units times cells,
    no more than the 25x25 budgets allow a 25x25."""
    p = random_picture(40, 0.4, 1)
    api.clear_caches()
    service.diagnose(p)
    spent = counted_budgets(monkeypatch)
    h = service.hint(p, ["?" * 40] * 40)
    assert h["kind"] == "none" and not h["cells"] and "longer search" in h["explanation"]
    limits = [limit for limit, _ in spent]
    assert mistakes.scaled(mistakes.STUCK_WORK, p) in limits  # the search to reveal from ran
    assert set(limits) <= {mistakes.scaled(mistakes.STUCK_WORK, p),
                           mistakes.scaled(whatif.DEEP_WORK, p)}
    assert all(used[0] <= limit + 1 for limit, used in spent)  # a stop is polled once more
    at_25 = whatif.DEEP_CELLS * 2 * whatif.DEEP_WORK + mistakes.STUCK_WORK
    assert sum(limits) * p.width * p.height <= at_25 * mistakes.REF_CELLS



def test_a_deeper_what_ifs_budget_counts_the_same_whatever_the_line_caches_hold(monkeypatch):
    """The deeper what-if's searches count their budget in the search's own checks, the
    same from cold and warm line caches: propagation's checks come with the caches'
    misses, and counting those made a search at its limit (a hint, a generated
    puzzle's level) depend on what the process had solved before."""
    from pysolver.nonogram import walk
    from pysolver.nonogram.solver.propagate import Engine
    p = random_picture(30, 0.5, 1)  # a deeper what-if found after ~200 checks
    api.clear_caches()
    runs = []
    for _ in range(2):  # cold, then warm with what the first run cached
        spent = counted_budgets(monkeypatch)
        eng = Engine(p)
        rows, cols = eng.initial()
        walk.settle(eng, rows, cols, set(range(eng.h)), set(range(eng.w)))
        h = whatif.deep_hint(p, eng, rows, cols)
        runs.append((h and h["cells"], [used[0] for _, used in spent]))
    assert runs[0] == runs[1] and sum(runs[0][1]) > 100, runs
